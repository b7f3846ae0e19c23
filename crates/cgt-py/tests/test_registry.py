"""Every partizan ruleset of the registry reaches Python by name, and answers as the CLI does."""

import pytest

import cgt
from cgt.partizan import Game, Ruleset, rulesets


def test_rulesets_list_every_ruleset_once():
    names = [name for name, _ in rulesets()]
    assert len(names) == len(set(names)) >= 13
    assert "konane" in names and "cram" in names
    assert dict(rulesets())["toads-frogs"] == "Toads and Frogs"


# Small positions of each ruleset: the JSON report of `cgt NAME POSITION` and Python's agree.
POSITIONS = {
    "domineering": "2x3",
    "toads-frogs": "TT..F",
    "clobber": "xo/ox",
    "col": "...",
    "snort": "...",
    "toppling-dominoes": "LRG",
    "amazons": "x.o",
    "konane": "xo.o.",
    "ski-jumps": "L../..R",
    "fission": "./x/.",
    "cutcake": "3x2",
    "cram": "2x3",
    "partizan-subtraction": "1,2|1,3: 7",
}


@pytest.mark.parametrize("name", [name for name, _ in rulesets()])
def test_each_ruleset_answers_as_the_command_line(cli, name):
    position = POSITIONS[name]  # a new ruleset needs a position here: the test says so
    doc = cli(name, position, "--explain")
    r = Ruleset(name, position)
    assert r.report(explain=True) == doc
    assert r.value() == Game(doc["value"])
    assert r.name == name and r.title
    for player in ("left", "right"):
        for option in r.options(player):
            assert option.name == name
            # Each option is a position of the same ruleset, written as the ruleset writes it.
            assert Ruleset(name, option.position) == option


def test_named_classes_and_the_generic_one_agree():
    assert Ruleset("konane", "xo.o.").value() == cgt.Konane("xo.o.").value()
    assert [str(o) for o in Ruleset("domineering", "2x3").options("left")] == [
        str(o) for o in cgt.Domineering("2x3").options("left")
    ]
    assert repr(Ruleset("clobber", "xo")) == 'Ruleset("clobber", "xo")'


def test_bad_names_and_positions_are_typed_errors():
    with pytest.raises(cgt.InputError, match='no ruleset "chess"; the rulesets are domineering'):
        Ruleset("chess", "x")
    with pytest.raises(cgt.ParseError):
        Ruleset("konane", "xq")
    with pytest.raises(cgt.InputError, match="'left' or 'right'"):
        Ruleset("konane", "xo.").options("up")


def test_misere_report():
    doc = Ruleset("domineering", "2x2").report(misere=True)
    assert doc["misere"]["outcome"] in {"L", "R", "P", "N"}


# Every typed request answers in Python as `cgt … --json` prints it: one call, by name.
REQUESTS = [
    ("mex", {"values": [0, 1, 3]}, ["mex", "0", "1", "3"]),
    ("nimsum", {"values": "3 4 5"}, ["nimsum", "3", "4", "5"]),
    ("nimmul", {"values": [2, 3]}, ["nimmul", "2", "3"]),
    ("niminv", {"value": 2}, ["niminv", "2"]),
    ("nim", {"heaps": [1, 1, 2], "misere": True, "explain": True}, ["nim", "1", "1", "2", "--misere", "--explain"]),
    ("staircase", {"coins": [0, 3, 1]}, ["staircase", "0", "3", "1"]),
    ("moore", {"k": 2, "heaps": [1, 2, 3], "grundy": True}, ["moore", "-k", "2", "1", "2", "3", "--grundy"]),
    ("divisor", {"n": 12, "explain": True}, ["divisor", "12", "--explain"]),
    ("stones", {"piles": [5, 9, 13]}, ["stones", "5", "9", "13"]),
    ("game", {"expr": "{3|-1}", "cool": ["1"], "heat": "1", "reduced": True, "compare": "1"}, ["game", "{3|-1}", "--cool", "1", "--heat", "1", "--reduced", "--compare", "1"]),
    ("dead-end", {"expr": "-2 + -2", "limit": 1}, ["dead-end", "-2 + -2", "--limit", "1"]),
    ("chance", {"tree": "(max (chance 1/2 0 1/2 10) 4)", "window": [0, 5]}, ["chance", "(max (chance 1/2 0 1/2 10) 4)", "--window", "0", "5"]),
    ("pig", {"target": 20, "state": (5, 3, 2)}, ["pig", "20", "--state", "5", "3", "2"]),
    ("matrix", {"matrix": "3 1 4; 1 5 9; 2 6 -1/2"}, ["matrix", "3 1 4; 1 5 9; 2 6 -1/2"]),
    ("hidden", {"game": "kuhn"}, ["hidden", "kuhn"]),
    ("hidden", {"game": "leduc", "cfr": 30}, ["hidden", "leduc", "--cfr", "30"]),
    ("andor", {"height": 4, "leaves": "0110100110010110"}, ["andor", "--height", "4", "--leaves", "0110100110010110"]),
    ("cram", {"board": "2x3", "explain": True}, ["cram", "2x3", "--explain"]),
    ("col", {"board": "path:4", "graph": True}, ["col", "path:4", "--graph"]),
    ("wythoff", {"position": [4, 9], "explain": True}, ["wythoff", "4", "9", "--explain"]),
    ("loopy", {"expr": "upon + *", "compare": "^"}, ["loopy", "upon + *", "--compare", "^"]),
    ("tree", {"tree": "(max 3 (min 2 9))", "window": [0, 4], "stats": True}, ["tree", "(max 3 (min 2 9))", "--window", "0", "4", "--stats"]),
    ("mnk", {"m": 3, "n": 3, "k": 3, "moves": [5, 1], "threads": 1}, ["mnk", "3", "3", "3", "--moves", "5", "1", "--threads", "1"]),
    ("bridgit", {"n": 2, "moves": ["1", "2"], "strategy": "pairing"}, ["bridgit", "2", "--moves", "1", "2", "--strategy", "pairing"]),
    ("cycle", {"window": [4, 4], "moves": ["1,1r"]}, ["cycle", "--window", "4", "4", "--moves", "1,1r"]),
    ("heaps", {"rules": "kayles", "heaps": [5, 6], "explain": True}, ["octal", "kayles", "--heaps", "5", "6", "--explain"]),
    ("heaps", {"rules": "{1,3,4}", "upto": 30, "values": True}, ["subtraction", "1,3,4", "--upto", "30", "--values"]),
    ("heaps", {"rules": "0.75", "upto": 12, "misere_quotient": True}, ["octal", "0.75", "--upto", "12", "--misere-quotient"]),
    ("misere-census", {"codes": "0.07 0.071 0.75", "upto": 9, "shard": "1/1"}, ["misere-census", "0.07", "0.071", "0.75", "--upto", "9", "--shard", "1/1"]),
]


@pytest.mark.parametrize("command,fields,args", REQUESTS, ids=[r[0] for r in REQUESTS])
def test_every_request_answers_as_the_command_line(cli, command, fields, args):
    from cgt.requests import answer

    got, want = answer(command, **fields), cli(*args)
    for doc in (got, want):
        doc.pop("searched", None)  # positions searched depend on the cache
    assert got == want


FILE_REQUESTS = [
    ("graph", "graph", "a b\nb c\na c\n", {"tokens": ["a", "a"]}, ["--tokens", "a", "a"]),
    ("hackenbush", "picture", "ground a\na b\nground c\n", {"explain": True}, ["--explain"]),
    ("hackenbush", "picture", "ground a blue\na b red\n", {}, []),
    (
        "script",
        "script",
        "fn start() { 7 } fn options(n) { let o = []; for k in 1..=2 { if k <= n { o.push(n - k); } } o }",
        {"explain": True},
        ["--explain"],
    ),
]


@pytest.mark.parametrize("command,field,text,fields,flags", FILE_REQUESTS)
def test_a_request_of_text_answers_as_the_command_line_of_its_file(
    cli, tmp_path, command, field, text, fields, flags
):
    from cgt.requests import answer

    path = tmp_path / "input.txt"
    path.write_text(text)
    got, want = answer(command, **{field: text}, **fields), cli(command, str(path), *flags)
    for doc in (got, want):
        doc.pop("searched", None)
        for key in ("given", "position"):  # the file's name, or "<text>"
            doc.pop(key, None)
    assert got == want


def test_a_sum_answers_as_the_command_line(cli, tmp_path):
    from cgt.impartial import sum as summed

    path = tmp_path / "g.txt"
    path.write_text("a b\nb c\n")
    components = ["nim 3 4", "wythoff 1 2", f"graph {path} a"]
    got = summed(components)
    assert dict(got) == cli("sum", *components)
    with pytest.raises(cgt.InputError, match="files are not read here"):
        from cgt.requests import answer

        answer("sum", components=components)


def test_requests_cover_every_command_of_answer():
    from cgt.requests import commands

    covered = {c for c, _, _ in REQUESTS} | {name for name, _ in rulesets()}
    covered |= {c for c, *_ in FILE_REQUESTS} | {"sum"}
    assert set(commands()) <= covered


def test_bad_requests_are_typed_errors():
    from cgt.requests import answer

    with pytest.raises(cgt.InputError, match="no command \"chess\""):
        answer("chess")
    with pytest.raises(cgt.InputError, match="nim: missing field `heaps`"):
        answer("nim")
    with pytest.raises(cgt.InputError, match="heaps: \"x\" is not a whole number"):
        answer("nim", heaps="3 x")
    with pytest.raises(cgt.InputError, match="state: three numbers"):
        answer("pig", target=20, state=[1, 2])


@pytest.mark.parametrize("name", [name for name, _ in rulesets()])
def test_each_ruleset_plays_from_its_position_with_the_value_of_its_form(name):
    from cgt import play

    position = POSITIONS[name]
    value = Ruleset(name, position).value()
    for side in ("left", "right"):
        s = play.ruleset(name, position, side=side)
        assert s.game == name
        # The person moves first: a win exactly when the canonical form says so.
        wins = value.outcome in (("L", "N") if side == "left" else ("R", "N"))
        assert s.value == ("win" if wins else "loss"), (name, side, str(value))
        if s.legal_moves:
            assert s.play_index(0).played is not None


def test_playing_an_unknown_ruleset_is_an_input_error():
    from cgt import play

    with pytest.raises(cgt.InputError, match='no ruleset "go"'):
        play.ruleset("go")
    with pytest.raises(cgt.InputError):
        play.ruleset("cram", "3y4")
    assert play.ruleset("cram").legal_moves  # the example position, 3x4


def test_every_ruleset_is_a_class_a_value_function_and_a_play_function():
    from cgt import partizan, play

    for name, _rules, _notation, example in cgt._cgt._ruleset_help():
        cls = getattr(cgt, partizan.class_name(name))
        position = cls(example)
        assert isinstance(position, Ruleset) and position == Ruleset(name, example)
        assert repr(position).startswith(partizan.class_name(name) + "(")
        for option in position.options("left") + position.options("right"):
            assert type(option) is cls
        alias = getattr(cgt.Game, name.replace("-", "_"))
        assert alias(example) == cgt.Game.ruleset(name, example) == position.value()
        assert position.misere_outcome() in ("L", "R", "P", "N")
        session = getattr(play, name.replace("-", "_"))(example)
        assert session.value in ("win", "loss") or "plies" in session.value
