"""`cgt.ImpartialGame`: games defined in Python, checked against closed forms, the built-in
Kayles, and `cgt script` on the same game; limits, cycles, exceptions and Ctrl-C."""

import _thread
import threading
import time

import pytest

import cgt
from cgt import HeapGame, ImpartialGame


def take_1_2_3(n):
    return [n - k for k in (1, 2, 3) if k <= n]


def kayles(rows):
    """Knock down one pin or two neighbours from a row, which may split it in two."""
    out = []
    for i, n in enumerate(rows):
        rest = rows[:i] + rows[i + 1:]
        for take in (1, 2):
            for left in range(0, n - take + 1):
                right = n - take - left
                out.append(tuple(sorted(rest + tuple(h for h in (left, right) if h > 0))))
    return out


def test_subtraction_values_follow_the_closed_form():
    g = ImpartialGame(take_1_2_3)
    assert [g.value(n) for n in range(40)] == [n % 4 for n in range(40)]
    assert g.winning_moves(10) == [8]
    assert g.winning_moves(12) == []
    assert g.moves_to_value(10, 1) == [9]
    assert [g.misere_outcome(n) for n in range(9)] == ["N", "P", "N", "N", "N", "P", "N", "N", "N"]
    assert g.misere_winning_moves(4) == [1]


def test_kayles_in_python_agrees_with_the_library_and_the_script(cli):
    g = ImpartialGame(kayles)
    builtin = HeapGame("kayles")
    for rows in [(1,), (3,), (5, 6), (3, 7), (1, 2, 3), (4, 4), (10,), (2, 9)]:
        assert g.value(tuple(sorted(rows))) == builtin.value(list(rows)), rows
    from conftest import ROOT

    doc = cli("script", str(ROOT / "examples" / "scripts" / "kayles.rhai"), "--position", "[3, 7]")
    assert g.value((3, 7)) == doc["value"]
    assert g.outcome((3, 7)) == doc["outcome"]


def test_an_object_with_an_options_method_is_a_game():
    class Chomp1D:
        def options(self, n):
            return range(n)

    assert ImpartialGame(Chomp1D()).value(7) == 7


def test_limits_cycles_and_bad_positions_raise():
    with pytest.raises(cgt.LimitError):
        ImpartialGame(lambda n: [n - 1] if n > 0 else [], max_positions=100).value(1000)
    with pytest.raises(cgt.InputError, match="cycle"):
        ImpartialGame(lambda n: [(n + 1) % 5]).value(0)
    with pytest.raises(TypeError):
        ImpartialGame(lambda n: [1.5]).value(0)
    with pytest.raises(TypeError):
        ImpartialGame(42)


def test_the_games_own_exception_passes_through_and_the_game_stays_usable():
    calls = {"fail": True}

    def options(n):
        if n == 3 and calls["fail"]:
            raise ZeroDivisionError("n == 3")
        return take_1_2_3(n)

    g = ImpartialGame(options)
    with pytest.raises(ZeroDivisionError):
        g.value(10)
    calls["fail"] = False
    assert g.value(10) == 2


def test_ctrl_c_stops_a_long_search_within_a_second():
    g = ImpartialGame(lambda n: [n - 1] if n > 0 else [])
    timer = threading.Timer(0.3, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            g.value(9_000_000)  # several seconds of Python calls when left alone
    finally:
        timer.cancel()
    assert time.monotonic() - started < 1.5
    assert g.value(20) == 0


# --- Partizan games of your own -------------------------------------------------------------


def cut_across(p):
    (w, h), = p
    return [((a, h), (w - a, h)) for a in range(1, w)]


def cut_along(p):
    (w, h), = p
    return [((w, a), (w, h - a)) for a in range(1, h)]


def pieces(p):
    return [(r,) for r in p]


@pytest.mark.parametrize("w,h", [(1, 1), (3, 4), (2, 5), (4, 1), (5, 3), (4, 4)])
def test_cutcake_in_python_agrees_with_the_command_line(cli, w, h):
    doc = cli("cutcake", f"{w}x{h}")
    g = cgt.Game.from_rules(((w, h),), left=cut_across, right=cut_along, components=pieces)
    assert g.canonical_form == doc["value"]


def test_partizan_rules_pass_their_exceptions_and_cannot_make_games():
    def broken(p):
        raise KeyError("no such move")

    with pytest.raises(KeyError):
        cgt.Game.from_rules(3, left=broken, right=lambda p: [])

    def sneaky(p):
        cgt.Game("1")
        return []

    with pytest.raises(cgt.InputError, match="cannot make cgt games"):
        cgt.Game.from_rules(3, left=sneaky, right=lambda p: [])
    assert cgt.Game("1") + cgt.Game("-1") == 0  # the arena is free again


def domineering_rules(rows, cols):
    """Domineering on a rows x cols board written in Python: a position is the bit mask of
    the empty squares."""

    def moves(p, step, fits):
        return [
            p & ~(1 << i) & ~(1 << (i + step))
            for i in range(rows * cols)
            if fits(i) and p >> i & 1 and p >> (i + step) & 1
        ]

    left = lambda p: moves(p, cols, lambda i: i + cols < rows * cols)  # vertical
    right = lambda p: moves(p, 1, lambda i: i % cols + 1 < cols)  # horizontal
    return (1 << rows * cols) - 1, left, right


def test_partizan_rules_report_their_progress(cli):
    start, left, right = domineering_rules(4, 5)
    calls = []
    g = cgt.Game.from_rules(
        start, left=left, right=right, progress=lambda done, total: calls.append((done, total))
    )
    assert g.canonical_form == cli("domineering", "4x5")["value"]
    # Some reports along the way (the search takes a good part of a second in Python), then
    # the whole count; never going back, and no total (0).
    assert len(calls) >= 2
    dones = [d for d, _ in calls]
    assert dones == sorted(dones) and dones[-1] > 1000 and all(t == 0 for _, t in calls)


def test_an_exception_in_a_rules_progress_callback_stops_the_search():
    start, left, right = domineering_rules(4, 5)

    def fail(done, total):
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        cgt.Game.from_rules(start, left=left, right=right, progress=fail)
    assert cgt.Game("1") + cgt.Game("-1") == 0  # the arena is free again


def test_a_loopy_partizan_game_is_refused():
    with pytest.raises(cgt.InputError):
        cgt.Game.from_rules(0, left=lambda n: [(n + 1) % 3], right=lambda n: [])


@pytest.mark.parametrize(
    "script,position",
    [("nim.rhai", None), ("kayles.rhai", "[3, 7]"), ("cutcake.rhai", None), ("kayles.rhai", "[4, 4]")],
)
def test_rhai_scripts_agree_with_the_command_line(cli, script, position):
    from conftest import ROOT

    path = str(ROOT / "examples" / "scripts" / script)
    s = cgt.Script(path)
    args = ["script", path] + (["--position", position] if position else [])
    assert s.analyse(position) == cli(*args)
    if s.kind == "impartial":
        assert s.analyse(position, misere=True) == cli(*args, "--misere")
    if script == "kayles.rhai":  # defines position(n), so it tabulates
        assert s.table(12) == cli("script", path, "--upto", "12")


def test_bad_scripts_raise():
    with pytest.raises(cgt.ParseError):
        cgt.Script("fn start( { 1 }")
    with pytest.raises(cgt.InputError):
        cgt.Script("fn start() { 1 } fn options(n) { [n + 1] }").analyse()


def test_deeply_nested_positions_are_refused_not_a_crash():
    deep = 0
    for _ in range(100_000):
        deep = (deep,)
    with pytest.raises(cgt.InputError, match="nest"):
        ImpartialGame(lambda p: []).value(deep)
    with pytest.raises(cgt.InputError, match="nest"):
        cgt.Game.from_rules(deep, left=lambda p: [], right=lambda p: [])
    shallow = 0
    for _ in range(200):
        shallow = [shallow]
    assert ImpartialGame(lambda p: []).outcome(shallow) == "P"
