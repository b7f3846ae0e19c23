"""The examples in the docstrings run and print what they show, and every public name has a
docstring."""

import doctest
import inspect

import cgt


def test_docstring_examples_hold():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    attempted = 0
    for obj in [cgt, cgt.Game, cgt.Nim, cgt.HeapGame]:
        for test in finder.find(obj, obj.__name__, globs={"cgt": cgt}):
            result = runner.run(test)
            assert result.failed == 0, test.name
            attempted += result.attempted
    assert attempted >= 12


def test_every_public_name_is_documented():
    for name in cgt.__all__:
        obj = getattr(cgt, name)
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

    stub = pathlib.Path(cgt.__file__).with_name("_cgt.pyi")
    tree = ast.parse(stub.read_text())
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    for name, node in classes.items():
        runtime = getattr(cgt, name)
        stubbed = {f.name for f in node.body if isinstance(f, ast.FunctionDef)}
        public = {a for a in vars(runtime) if not a.startswith("_")}
        assert public <= stubbed, (name, public - stubbed)
        for attr in stubbed:
            assert hasattr(runtime, attr), f"{name}.{attr} is stubbed but missing"
    exported = {n for n in cgt.__all__ if n not in ("errors", "Error", "ParseError", "InputError", "LimitError")}
    assert exported - {"DEFAULT_MEMORY_LIMIT"} == set(classes)
