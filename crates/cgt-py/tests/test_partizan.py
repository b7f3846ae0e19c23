"""`cgt.Game`: agreement with `cgt game/domineering/toads-frogs/clobber --json`, algebraic laws
by hypothesis, and errors."""

from fractions import Fraction
import itertools

import pytest
from hypothesis import given, settings, strategies as st

import cgt
from cgt import Game

EXPRESSIONS = [
    "0", "1", "-2", "1/2", "-3/8", "*", "*2", "*7", "^", "v", "^*", "{1|0}", "{2|-1/2}",
    "{0|^}", "{1|*}", "{3||2|1}", "{1,*|-1}", "{0,*|0,*}", "^ + ^ + *", "{1|0} - 1/2",
    "{5|-5} + {3|-3}", "{{2|1}|{0|-1}}", "*3 + *5", "{0||0|-2}", "{|}", "{0|}", "{|0}",
]

BOARDS = {
    "domineering": ["2x2", "2x3", "3x3", "1x4", "2x4", "3x4", "..#/.../#..", "4x4"],
    "toads_frogs": ["T.F", "TT.F", "T..F", "TT..F", "T.TF.F", "TTT..FF", "T.F.T.F"],
    "clobber": ["xo", "xoo", "xox/oxo", "xo/ox", "xoxo", "xx/oo", "xoxox"],
    "col": ["...", "..../x..o", "x.#/..o", "l.r/...", "...../.#.#."],
    "snort": ["...", "..../x..o", "x.#/..o", "l.r/...", "...../.#.#."],
    "toppling_dominoes": ["LR", "LLR", "LRGL", "LLR GRG", "GGGG", "RLRLGG", "LRRLGRLLRG"],
    "amazons": ["x..", "x.o", "x.../...o", "x.#/.#./..o", "x..#o..", "xo/../.."],
    "konane": ["xo.", ".xo.", "xo.o.", "xox/o.o/xox", "xo../.ox./..o."],
    "ski_jumps": ["L..R", "L.R/..L", "L..../....R/.....", ".L.../.R.../.....", "R.l.L/..r.."],
    "fission": ["./x/.", ".x.", "..x./..../..x./....", ".x.x/..x./..../..x.", "..../.x#./..../...."],
}
COMMANDS = {
    "domineering": "domineering",
    "toads_frogs": "toads-frogs",
    "clobber": "clobber",
    "col": "col",
    "snort": "snort",
    "toppling_dominoes": "toppling-dominoes",
    "amazons": "amazons",
    "konane": "konane",
    "ski_jumps": "ski-jumps",
    "fission": "fission",
}


def fraction(text):
    return Fraction(text)


def check_against(doc, g):
    assert g.canonical_form == doc["value"]
    assert g.outcome == doc["outcome"]
    assert g.left_stop == fraction(doc["left_stop"])
    assert g.right_stop == fraction(doc["right_stop"])
    assert g.mean == fraction(doc["mean"])
    assert g.temperature == fraction(doc["temperature"])
    assert g.birthday == doc["birthday"]
    assert (g.number is not None) == doc["is_number"]
    t = g.thermograph()
    assert t.mast == fraction(doc["thermograph"]["mast"])
    assert t.left_wall == [tuple(map(fraction, c)) for c in doc["thermograph"]["left_wall"]]
    assert t.right_wall == [tuple(map(fraction, c)) for c in doc["thermograph"]["right_wall"]]


@pytest.mark.parametrize("expr", EXPRESSIONS)
def test_expressions_agree_with_the_command_line(cli, expr):
    check_against(cli("game", expr), Game(expr))


@pytest.mark.parametrize(
    "ruleset,board", [(r, b) for r, boards in BOARDS.items() for b in boards]
)
def test_rulesets_agree_with_the_command_line(cli, ruleset, board):
    check_against(cli(COMMANDS[ruleset], board), getattr(Game, ruleset)(board))


def test_comparisons_agree_with_the_command_line(cli):
    for a, b in itertools.product(EXPRESSIONS[:14], repeat=2):
        doc = cli("game", a, "--compare", b)
        relation = doc["comparison"]["relation"] if "comparison" in doc else None
        ga, gb = Game(a), Game(b)
        if relation is None:
            continue
        expected = {">": (False, True), "<": (True, False), "=": (True, True), "||": (False, False)}
        assert (ga <= gb, ga >= gb) == expected[relation], (a, b)
        assert ga.fuzzy(gb) == (relation == "||")


def test_games_mix_with_ints_and_strings():
    assert Game("1/2") + Game("1/2") == 1
    assert 2 - Game("1") == Game("1")
    assert Game("*") + "*" == 0
    assert Game("^") > 0 and not Game("*") > 0 and not Game("*") < 0
    assert hash(Game("^ + *")) == hash(Game("^*"))
    assert len({Game("1/2 + 1/2"), Game("1"), Game("{0|}")}) == 1
    assert Game("{2|-1/2}").left_options == [Game("2")]
    assert repr(Game("^^*")) == 'Game("^^*")'


def test_thermograph_draws_itself():
    t = Game.domineering("2x3").thermograph()
    svg = t._repr_svg_()
    assert svg.startswith("<svg") and "thermograph of {2|-1/2}" in svg
    assert t.temperature == Fraction(5, 4)


def test_cooling_heating_and_ordinal_sums_agree_with_the_command_line(cli):
    for expr in ["{3|-1}", "{2|-1/2}", "^", "{1|*}", "*3 + {5|-5}"]:
        for t in ["0", "1/2", "1", "2", "3"]:
            doc = cli("game", expr, "--cool", t, "--heat", t)
            assert Game(expr).cool(Fraction(t)).canonical_form == doc["derived"][0]["value"]
            assert Game(expr).heat(t).canonical_form == doc["derived"][1]["value"]
        for other in ["1", "-1", "*2", "^"]:
            doc = cli("game", expr, "--ordinal", other)
            assert Game(expr).ordinal_sum(other).canonical_form == doc["derived"][0]["value"]
    # {3 | -1}: mean 1, temperature 2 (Winning Ways ch. 6); blue then red is 1/2.
    assert Game("{3|-1}").cool(2) == Game("1*")
    assert Game("{3|-1}").cool(Game("3")) == 1
    assert Game("1").ordinal_sum(-1) == Game("1/2")
    with pytest.raises(cgt.Error):
        Game("*").cool(-1)
    with pytest.raises(cgt.Error):
        Game("*").heat("^")
    with pytest.raises(cgt.Error):
        Game("*").cool(Fraction(1, 3))


def test_col_and_snort_on_graphs_agree_with_the_command_line_and_the_boards(cli):
    for graph in ["path:4", "cycle:5", "star:3", "caterpillar:1,0,2", "a-b-c a=x", "a b=l c=r"]:
        for rule in ["col", "snort"]:
            doc = cli(rule, "--graph", graph)
            ours = getattr(Game, rule + "_graph")(graph)
            assert ours.canonical_form == doc["value"]
    # A path of squares is a row of the board.
    assert Game.snort_graph("path:4") == Game.snort("....")
    assert Game.col_graph("path:5") == Game.col(".....")
    with pytest.raises(cgt.ParseError):
        Game.snort_graph("a-")
    with pytest.raises(cgt.Error):
        Game.col_graph(" ".join(f"v{i}" for i in range(65)))


def test_atomic_weights_reduced_forms_and_norton_products_agree_with_the_command_line(cli):
    for expr in ["^^* + {0|v*}", "{^^|vv}", "{0|v*}", "^3*2", "{^|v*}"]:
        doc = cli("game", expr, "--atomic-weight", "--reduced")
        assert Game(expr).is_all_small
        assert Game(expr).atomic_weight.canonical_form == doc["derived"][0]["value"]
        assert Game(expr).reduced.canonical_form == doc["derived"][1]["value"]
    for expr in ["{3|-1}", "1/2", "{1|^}", "*2", "3"]:
        for u in ["1", "^", "1*", "{2|1/2}"]:
            doc = cli("game", expr, "--norton", u)
            assert Game(expr).norton(u).canonical_form == doc["derived"][0]["value"]
    for t in ["0", "3", "4"]:
        doc = cli("game", "{4,{9|1}|-5}", "--orthodox", t)
        g = Game("{4,{9|1}|-5}")
        left = ", ".join(x.canonical_form for x in g.orthodox_options("left", t))
        right = ", ".join(x.canonical_form for x in g.orthodox_options("right", Fraction(t)))
        assert doc["derived"][0]["value"] == f"Left {left}; Right {right}"
    with pytest.raises(cgt.Error):
        Game("{1|-1}").orthodox_options("up", 0)
    # Winning Ways ch. 8: ⇑* weighs 2; ↑² = {0 | ↓*} nothing.
    assert Game("^^*").atomic_weight == 2
    assert Game("{0|v*}").atomic_weight == 0
    assert Game("{1|^}").reduced == Game("{1|0}")
    assert Game("^*").is_infinitesimal and not Game("{1|-1}").is_infinitesimal
    half = Game("1/2").norton("^")
    assert half + half == Game("^")
    assert not Game("+-1").is_all_small
    with pytest.raises(cgt.Error):
        Game("+-1").atomic_weight
    with pytest.raises(cgt.Error):
        Game("1/2").norton("*")


@pytest.mark.parametrize(
    "call,error",
    [
        (lambda: Game("{1|"), cgt.ParseError),
        (lambda: Game("*x"), cgt.ParseError),
        (lambda: Game.domineering("3x"), cgt.ParseError),
        (lambda: Game.toads_frogs("TQ"), cgt.ParseError),
        (lambda: Game.clobber("xo/o"), cgt.Error),
        (lambda: Game.domineering("6x6", memory_limit=1 << 16), cgt.LimitError),
        (lambda: Game("1") + 1.5, TypeError),
    ],
)
def test_bad_input_raises_the_right_exception(call, error):
    with pytest.raises(error):
        call()


def test_exceptions_are_the_builtins_they_stand_for():
    with pytest.raises(ValueError):
        Game("{|")
    with pytest.raises(MemoryError):
        Game.domineering("6x6", memory_limit=1 << 16)


# --- Algebraic laws on random games ---------------------------------------------------------

ATOMS = ["0", "1", "-1", "1/2", "*", "*2", "^", "v", "{1|0}", "{0|-1}", "{2|-1}", "{1|*}"]


def games():
    atom = st.sampled_from(ATOMS).map(Game)
    return st.recursive(
        atom,
        lambda inner: st.one_of(
            st.tuples(inner, inner).map(lambda p: p[0] + p[1]),
            st.tuples(st.lists(inner, max_size=2), st.lists(inner, max_size=2)).map(
                lambda lr: Game(
                    "{" + ",".join(g.canonical_form for g in lr[0]) + "|"
                    + ",".join(g.canonical_form for g in lr[1]) + "}"
                )
            ),
        ),
        max_leaves=4,
    )


@settings(max_examples=150, deadline=None)
@given(games())
def test_a_game_minus_itself_is_zero(g):
    assert g + (-g) == 0
    assert g - g == Game("0")
    assert -(-g) == g


@settings(max_examples=150, deadline=None)
@given(games(), games())
def test_sums_commute_and_order_is_consistent(g, h):
    assert g + h == h + g
    assert (g <= h and h <= g) == (g == h)
    assert g.fuzzy(h) == (not g <= h and not h <= g)
    assert (g <= h) == (g - h <= 0)


@settings(max_examples=100, deadline=None)
@given(games(), games(), games())
def test_order_is_transitive_and_sums_associate(f, g, h):
    if f <= g and g <= h:
        assert f <= h
    assert (f + g) + h == f + (g + h)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 63), st.integers(0, 63))
def test_nimbers_add_by_xor(a, b):
    assert Game(f"*{a}") + Game(f"*{b}") == Game(f"*{a ^ b}")
    assert (Game(f"*{a}") == 0) == (a == 0)
