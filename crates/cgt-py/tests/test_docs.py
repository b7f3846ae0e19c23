"""The examples in the docstrings run and print what they show, and every public name has a
docstring."""

import doctest
import inspect

import cgt


def test_docstring_examples_hold():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    attempted = 0
    import cgt.minimax
    import cgt.partizan
    import cgt.play
    import cgt.retro

    objects = [cgt, cgt.Game, cgt.Nim, cgt.HeapGame, cgt.ImpartialGame, cgt.minimax, cgt.retro.EndgameTable]
    objects += [cgt.partizan, cgt.Hackenbush, cgt.LoopyGame, cgt.LeftDeadEnd]
    objects += [cgt.Connect4, cgt.Mnk, cgt.ChessPosition, cgt.play, cgt.play.Session]
    objects += [cgt.Ruleset, cgt.requests, cgt.requests.answer]
    for obj in objects:
        for test in finder.find(obj, obj.__name__, globs={"cgt": cgt}):
            result = runner.run(test)
            assert result.failed == 0, test.name
            attempted += result.attempted
    assert attempted >= 40


def test_every_public_name_is_documented():
    import cgt.impartial
    import cgt.minimax
    import cgt.partizan
    import cgt.play
    import cgt.retro

    modules = [cgt, cgt.impartial, cgt.partizan, cgt.minimax, cgt.retro, cgt.play, cgt.requests]
    for module in modules:
        assert inspect.getdoc(module), module.__name__
    names = [(m, n) for m in modules for n in m.__all__]
    for module, name in names:
        obj = getattr(module, name)
        if isinstance(obj, int):
            continue
        assert inspect.getdoc(obj), name
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                if not attr.startswith("_"):
                    assert inspect.getdoc(member), f"{name}.{attr}"


def test_the_stubs_name_what_the_module_has():
    import ast
    import pathlib

    import cgt._cgt as native

    stub = pathlib.Path(cgt.__file__).with_name("_cgt.pyi")
    tree = ast.parse(stub.read_text())
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    for name, node in classes.items():
        runtime = getattr(native, name)
        stubbed = {f.name for f in node.body if isinstance(f, ast.FunctionDef)}
        public = {a for a in vars(runtime) if not a.startswith("_")}
        # `Game.konane` and its like are made from the registry by `cgt.partizan`.
        public -= {n.replace("-", "_") for n, _ in cgt.partizan.rulesets()}
        assert public <= stubbed, (name, public - stubbed)
        for attr in stubbed:
            assert hasattr(runtime, attr), f"{name}.{attr} is stubbed but missing"
    python_only = ("errors", "impartial", "minimax", "partizan", "play", "requests", "retro", "Error", "ParseError", "InputError", "IllegalMoveError", "LimitError")
    exported = {n for n in cgt.__all__ if n not in python_only and n not in cgt.partizan.NAMED}
    assert exported - {"DEFAULT_MEMORY_LIMIT"} <= set(classes)
    # Private functions (`_graph`, wrapped by `cgt.impartial.graph`) are stubbed too.
    functions = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    public = {n for n in dir(native) if not n.startswith("__") and n != "DEFAULT_MEMORY_LIMIT"}
    public |= {n for n in functions if n.startswith("_") and hasattr(native, n)}
    assert public == set(classes) | functions
