"""Ctrl-C stops long partizan searches, Connect-Four and m,n,k searches and table builds
within about a second, leaves the package usable, and table builds and partizan searches
report their progress."""

import _thread
import threading
import time

import pytest

import cgt
from cgt import Game
from cgt.retro import EndgameTable


def interrupted_within(seconds, call):
    timer = threading.Timer(0.3, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
    return time.monotonic() - started < seconds


def test_ctrl_c_stops_a_domineering_search_and_the_arena_stays_usable():
    # A 2 x 32 strip runs for minutes when left alone.
    assert interrupted_within(1.5, lambda: cgt.Domineering("2x32").value())
    assert Game("1") + Game("1") == Game("2")
    assert cgt.Domineering("2x3").value() == Game("{2|-1/2}")


def test_ctrl_c_stops_connect_four_and_mnk_searches():
    from cgt import minimax

    # The empty 7 x 6 board takes minutes; 5,5,4 about half a minute.
    assert interrupted_within(1.5, lambda: minimax.connect4(""))
    assert interrupted_within(1.5, lambda: minimax.connect4("", all=True, threads=2))
    assert interrupted_within(1.5, lambda: minimax.mnk(5, 5, 4, threads=2))
    assert minimax.connect4("4444433335555")["score"] == -14


def test_ctrl_c_stops_a_table_build():
    assert interrupted_within(1.5, lambda: EndgameTable("kqkr", raw=True))  # about 3 s alone


def test_table_builds_report_progress_up_to_the_legal_positions():
    calls = []
    table = EndgameTable("kqkr", progress=lambda done, total: calls.append((done, total)))
    assert len(calls) >= 2
    dones = [d for d, _ in calls]
    # (0, 0) until the positions are classified, then the same total throughout.
    assert dones == sorted(dones) and all(t in (0, calls[-1][1]) for _, t in calls)
    stats = table.stats()
    assert calls[-1][0] <= calls[-1][1] and calls[-1][1] > 2_000_000
    assert stats["endgame"].lower() == "kqkr"


def test_an_exception_in_a_table_progress_callback_stops_the_build():
    def fail(done, total):
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        EndgameTable("kqkr", raw=True, progress=fail)


def test_a_long_partizan_search_reports_its_positions(cli):
    calls = []
    value = cgt.Domineering("2x19").value(progress=lambda done, total: calls.append((done, total)))
    doc = cli("domineering", "2x19")
    assert str(value) == doc["value"]
    # About ten a second along the way (the search takes most of a second), then the count of
    # positions searched at the end; the total is not known in advance (0).
    assert len(calls) >= 2
    dones = [d for d, _ in calls]
    assert dones == sorted(dones) and all(t == 0 for _, t in calls)
    assert calls[-1] == (doc["searched"], 0)


def test_a_quick_partizan_search_reports_once_at_the_end():
    calls = []
    assert Game.domineering("2x3", progress=lambda *a: calls.append(a)) == Game("{2|-1/2}")
    assert calls == [(3, 0)]  # 2 x 3 is three positions


def test_an_exception_in_a_search_progress_callback_stops_the_search():
    def fail(done, total):
        raise RuntimeError("enough")

    started = time.monotonic()
    with pytest.raises(RuntimeError, match="enough"):
        cgt.Domineering("2x32").value(progress=fail)  # minutes when left alone
    assert time.monotonic() - started < 1.5
    assert cgt.Domineering("2x3").value() == Game("{2|-1/2}")


def test_memory_limits_still_raise_limit_errors():
    with pytest.raises(cgt.LimitError):
        cgt.Domineering("2x32").value(memory_limit=1 << 20)
    with pytest.raises(cgt.LimitError):
        EndgameTable("kqkr", memory_limit=1 << 20)


def test_ctrl_c_stops_a_loopy_comparison_and_loopy_games_stay_usable():
    from cgt import LoopyGame

    # Seven upons with on, off and a star against dud and six: a table of 4.4 million pairs
    # of positions, about 3 s and 540 MB when left alone.
    big = LoopyGame("on + off + " + " + ".join(["upon"] * 7) + " + *")
    other = LoopyGame("dud + " + " + ".join(["upon"] * 6))
    assert interrupted_within(1.5, lambda: big.compare(other))
    assert LoopyGame("upon").compare("^") == ">"
    assert [str(s) for s in LoopyGame("tis").sides()] == ["1", "0"]
