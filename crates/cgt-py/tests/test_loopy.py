"""`cgt.LoopyGame`: loopy partizan games against `cgt loopy --json`, published values, and
errors."""

import json
import os
import subprocess

import pytest

import cgt
from cgt import LoopyGame

GAMES = [
    "on", "off", "over", "under", "upon", "downon", "dud", "tis", "tisn", "on + *",
    "upon + *", "upon + upon", "over + 1", "tis + tisn", "{pass|0, *}", "a = {b|0}; b = {1|a}",
    "{1|0} + {0|-1}", "over + tis",
]


def cli(*args: str) -> dict:
    binary = os.environ.get("CGT_BIN", "cgt")
    out = subprocess.run([binary, *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize("text", GAMES)
def test_agrees_with_the_command_line(text: str) -> None:
    doc = cli("loopy", text)
    g = LoopyGame(text)
    assert g.is_stopper == doc["stopper"]
    assert g.positions == doc["positions"]
    assert g.outcome == (doc["first"][0]["ending"], doc["first"][1]["ending"])
    assert g.best_moves("left") == doc["first"][0]["best"]
    assert g.length("right") == doc["first"][1]["length"]
    if g.is_stopper:
        assert str(g.simplest()) == doc["simplest"]
    elif doc["sides"] is not None:
        assert [str(s) for s in g.sides()] == doc["sides"]
    else:
        with pytest.raises(cgt.InputError, match="did not settle"):
            g.sides()


def test_published_values() -> None:
    # Winning Ways, chapter 11: upon* = {0, upon*|0}; dud = on & off; tis = 1 & 0.
    assert str((LoopyGame("upon") + "*").simplest()) == "{0, pass|0}"
    assert [str(s) for s in LoopyGame("dud").sides()] == ["on", "off"]
    assert [str(s) for s in LoopyGame("tis").sides()] == ["1", "0"]
    assert LoopyGame("dud").outcome_class == "D"
    assert LoopyGame("tis").outcome_class is None
    assert LoopyGame("upon + *").outcome_class == "N"
    # CGSuite's tests: Backsliding Toads and Frogs TTT..FFF = {on||0|-1/2} & {1/2|0||off}.
    on, off = LoopyGame.backsliding_toads("TTT..FFF").sides()
    assert on.compare("{on||0|-1/2}") == "=" and off.compare("{1/2|0||off}") == "="
    assert str(LoopyGame("{{pass|}|0||0}").simplest()) == "{on|0||0}"


def test_order_sums_and_negation() -> None:
    upon = LoopyGame("upon")
    assert upon.compare("^") == ">"
    assert upon.compare("^^") == "<"
    assert upon.compare("*") == "||"
    assert (upon + -upon).outcome_class == "D"  # upon + downon: nobody is ever stuck
    assert str(-upon) == "downon"
    assert LoopyGame("tis").compare(1) == "<"
    assert (1 + LoopyGame("over")).compare("over + 1") == "="


def test_from_positions() -> None:
    g = LoopyGame.from_positions({"a": (["b"], []), "b": ([], ["a"])})
    assert str(g) == "tis"
    h = LoopyGame.from_positions({"s": (["0"], ["0"]), "u": (["u"], ["s"])}, start="u")
    assert str(h) == "upon"
    with pytest.raises(cgt.ParseError, match="not a position name"):
        LoopyGame.from_positions({"a b": ([], [])})
    with pytest.raises(cgt.InputError, match="expected"):
        LoopyGame.from_positions({"a": "b"})


def test_errors_are_typed_and_one_line() -> None:
    for bad in ["{pass|", "pass", "a = {b|}", "{pass + *|}", ""]:
        with pytest.raises(cgt.ParseError) as e:
            LoopyGame(bad)
        assert "\n" not in str(e.value)
    with pytest.raises(cgt.InputError, match="not a stopper"):
        LoopyGame("dud").simplest()
    with pytest.raises(cgt.InputError, match="not a player"):
        LoopyGame("on").best_moves("middle")
    with pytest.raises(TypeError):
        LoopyGame("on").compare(1.5)
    with pytest.raises(cgt.LimitError):
        LoopyGame("upon + upon + upon + upon + upon + upon + upon").simplest(memory_limit=1000)


def test_backsliding_toads_and_frogs() -> None:
    for row in ["T.F", "T..F", "TT.F", ".T.F."]:
        doc = cli("loopy", "--backsliding", row)
        g = LoopyGame.backsliding_toads(row)
        assert g.positions == doc["positions"]
        assert g.outcome == (doc["first"][0]["ending"], doc["first"][1]["ending"])
    assert [str(s) for s in LoopyGame.backsliding_toads("T..F").sides()] == ["*", "*"]
    with pytest.raises(cgt.ParseError):
        LoopyGame.backsliding_toads("TxF")
