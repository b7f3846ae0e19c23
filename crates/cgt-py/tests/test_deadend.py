"""`cgt.LeftDeadEnd`: Left dead ends under misère play against `cgt dead-end --json`, the monoid
laws on small games, and errors."""

import pytest

import cgt
from cgt import LeftDeadEnd

GAMES = ["0", "-1", "-3", "{|0,-1}", "{|0,-2}", "-2 + {|0,-3}", "{|-1,{|0,-1}}", "{|-3,-4,-5,-6} + -2"]

TWO_WAYS = "{|{|0,-1},{|0,-2},{|{|0,{|0,-1}}}} + {|{|0,{|0,-1}},{|{|0,-1},{|0,-2},{|{|0,-1}}}}"


@pytest.mark.parametrize("text", GAMES)
def test_agrees_with_the_command_line(cli, text: str) -> None:
    doc = cli("dead-end", text)
    g = LeftDeadEnd(text)
    assert str(g) == doc["form"]
    assert (g.birthday, g.race, g.integer) == (doc["birthday"], doc["race"], doc["integer"])
    assert g.is_atom() == doc["atom"]
    assert [str(a) for a in g.divisors()] == doc["divisors"]
    assert [[str(a) for a in f] for f in g.factorisations()] == doc["factorisations"]
    assert g.factorisation_count() == doc["factorisation_count"]


def test_sums_order_and_quotients() -> None:
    games = [LeftDeadEnd(t) for t in GAMES[:6]]
    for a in games:
        for b in games:
            s = a + b
            assert s == b + a
            assert s.birthday == a.birthday + b.birthday and s.race == a.race + b.race
            assert s.quotient(a) == b and s.quotient(b) == a
            # Cancellative and ordered: a + b >= a + c exactly when b >= c.
            for c in games:
                assert (s >= a + c) == (b >= c)
    assert LeftDeadEnd("-2").compare("-3") == "||"
    assert LeftDeadEnd("{|0,-1}") < LeftDeadEnd("-1")
    assert 0 + LeftDeadEnd("-1") == "-1"
    assert LeftDeadEnd("-1").quotient("-2") is None
    assert [str(o) for o in LeftDeadEnd("{|0,-2}").options] == ["0", "-2"]
    assert len({LeftDeadEnd("{|-1} + -1"), LeftDeadEnd("-3")}) == 1


def test_factorisation_need_not_be_unique() -> None:
    g = LeftDeadEnd(TWO_WAYS)
    ways = g.factorisations()
    assert len(ways) == 2 == g.factorisation_count()
    for f in ways:
        assert all(a.is_atom() for a in f)
        total = LeftDeadEnd(0)
        for a in f:
            total = total + a
        assert total == g
    assert len(g.factorisations(limit=1)) == 1


def test_long_forms_stay_ids() -> None:
    # Ten copies of one atom: the written form runs to about 56 million characters, the arena
    # holds a few thousand games.
    h = LeftDeadEnd("{|0,{|0,-1},{|{|0,-1},-2}}")
    g = LeftDeadEnd(0)
    for _ in range(10):
        g = g + h
    assert g.form_length > 5 * 10**7
    assert str(g).endswith("…") and len(str(g)) < 2 * 2**20
    assert g.factorisation_count() == 1
    assert [str(a) for a in g.factorisations()[0]] == [str(h)] * 10
    assert g.quotient(h) == g.quotient(str(h))


def test_errors_are_typed() -> None:
    with pytest.raises(cgt.ParseError, match="not a Left dead end"):
        LeftDeadEnd("{0|}")
    with pytest.raises(cgt.ParseError):
        LeftDeadEnd("{|0,")
    with pytest.raises(cgt.LimitError):
        LeftDeadEnd("-5000")
    with pytest.raises(TypeError):
        LeftDeadEnd(1.5)
    with pytest.raises(cgt.ParseError):
        LeftDeadEnd("-1") + "1"
