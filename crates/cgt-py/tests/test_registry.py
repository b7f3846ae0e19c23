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
