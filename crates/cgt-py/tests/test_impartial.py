"""`cgt.Nim` and `cgt.HeapGame`: agreement with `cgt nim/octal --json`, sequences as
buffers, and errors."""

import itertools

import pytest

import cgt
from cgt import HeapGame, Nim, impartial


@pytest.mark.parametrize(
    "heaps", [list(h) for h in itertools.product(range(0, 6), repeat=3)][::3]
)
def test_nim_agrees_with_the_command_line(cli, heaps):
    for misere in (False, True):
        args = ["nim", *map(str, heaps)] + (["--misere"] if misere else [])
        doc = cli(*args)
        p = Nim(heaps, misere=misere)
        assert p.outcome == doc["outcome"]
        if not misere:
            assert p.value == doc["value"]
        assert [str(m) for m in p.winning_moves] == [m["text"] for m in doc["winning_moves"]]
        for m in p.winning_moves:
            after = m.apply(heaps)
            assert Nim(after, misere=misere).outcome == "P"


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "4.07", "0.6", "grundy", "{1,3,4}"])
def test_sequences_agree_with_the_command_line(cli, code):
    command = ["subtraction", code.strip("{}")] if code.startswith("{") else ["octal", code]
    if code == "grundy":
        command = ["grundy-game"]
    doc = cli(*command, "--upto", "299", "--values")  # G(0) … G(299), as values(300)
    game = HeapGame(code)
    assert list(game.values(300)) == doc["values"]
    period = doc["period"]
    expected = (period["preperiod"], period["period"]) if period else None
    assert game.period(300) == expected


@pytest.mark.parametrize("heaps", [[5, 6], [1, 2, 3], [7], [4, 4], [10, 3, 8]])
def test_heap_sums_agree_with_the_command_line(cli, heaps):
    doc = cli("octal", "0.77", "--heaps", *map(str, heaps))
    kayles = HeapGame("kayles")
    assert kayles.outcome(heaps) == doc["outcome"]
    assert kayles.value(heaps) == doc["value"]
    assert [str(m) for m in kayles.winning_moves(heaps)] == [
        m["text"] for m in doc["winning_moves"]
    ]


def test_values_are_a_buffer_of_unsigned_ints():
    view = HeapGame("kayles").values(1000)
    assert isinstance(view, memoryview) and view.format == "I" and len(view) == 1000
    assert view[71] == view[71 + 12]


def test_numpy_reads_a_million_values_without_a_copy():
    numpy = pytest.importorskip("numpy")  # .ci/run installs numpy; a plain checkout may not
    view = HeapGame("{1,3,4}").values(10**6)
    array = numpy.frombuffer(view, dtype=numpy.uint32)
    assert array.shape == (10**6,) and array[:7].tolist() == [0, 1, 0, 1, 2, 3, 2]
    assert (array[7:] == array[:-7]).all()  # subtraction {1,3,4}: period 7 from the start
    # The array is a window on the view's memory, not a copy of it.
    assert numpy.shares_memory(array, numpy.asarray(view))
    assert not array.flags.owndata


@pytest.mark.parametrize(
    "call,error",
    [
        (lambda: HeapGame("1.7"), cgt.ParseError),
        (lambda: HeapGame("chess"), cgt.ParseError),
        (lambda: HeapGame("{1,0}"), cgt.InputError),
        (lambda: HeapGame("kayles").values(10**12, memory_limit=1 << 20), cgt.LimitError),
        (lambda: Nim([-1]), cgt.InputError),
        (lambda: Nim([3]).winning_moves[0].apply([4]), cgt.InputError),
    ],
)
def test_bad_input_raises_the_right_exception(call, error):
    with pytest.raises(error):
        call()


def test_progress_is_reported_until_the_end():
    seen = []
    # Grundy's game has no certified period to finish from: about half a second of work.
    HeapGame("grundy").values(200_000, progress=lambda done, total: seen.append((done, total)))
    assert len(seen) >= 2  # reported along the way and at the end
    assert seen[-1] == (200_000, 200_000)
    assert all(a[0] <= b[0] for a, b in zip(seen, seen[1:]))


def test_ctrl_c_stops_a_long_computation_within_a_second():
    import _thread
    import threading
    import time

    timer = threading.Timer(0.3, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            HeapGame("grundy").values(2 * 10**6)  # about six seconds when left alone
    finally:
        timer.cancel()
    assert time.monotonic() - started < 1.5


def test_an_exception_in_the_progress_callback_stops_the_computation():
    def fail(done, total):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        HeapGame("kayles").values(10**6, progress=fail)


@pytest.mark.parametrize("a,b", [(0, 0), (1, 2), (3, 5), (4, 7), (10, 10), (6, 9), (0, 7)])
def test_wythoff_agrees_with_the_command_line(cli, a, b):
    doc = cli("wythoff", str(a), str(b))
    w = cgt.Wythoff(a, b)
    assert w.outcome == doc["outcome"]
    assert w.value() == doc["value"]
    assert [str(m) for m in w.winning_moves] == [m["text"] for m in doc["winning_moves"]]
    for m in w.winning_moves:
        assert cgt.Wythoff(*m.after).outcome == "P"


def test_pictures_are_the_command_lines_files(tmp_path):
    import subprocess

    from conftest import ROOT
    import os

    binary = os.environ.get("CGT_BIN", str(ROOT / "target" / "debug" / "cgt"))
    path = tmp_path / "w.svg"
    subprocess.run([binary, "wythoff", "--grundy", "20", "--picture", str(path)], check=True, capture_output=True)
    assert str(cgt.Wythoff.table(20)) == path.read_text()
    path = tmp_path / "s.svg"
    subprocess.run([binary, "octal", "0.137", "--upto", "299", "--plot", str(path)], check=True, capture_output=True)
    plot = HeapGame("0.137").plot(300)
    assert plot._repr_svg_() == path.read_text()
    with pytest.raises(cgt.InputError):
        cgt.Wythoff.table(300)


def test_graphs_hackenbush_and_sums_are_the_command_lines(cli):
    from conftest import ROOT

    from cgt import impartial

    examples = ROOT / "examples"
    dag, loopy, triangle = (str(examples / f) for f in ("dag.txt", "loopy.txt", "triangle.txt"))
    assert impartial.graph(dag, ["a", "b"]) == cli("graph", dag, "--tokens", "a", "b")
    assert impartial.graph(dag, ["a"], misere=True) == cli("graph", dag, "--tokens", "a", "--misere")
    assert impartial.graph(loopy, ["b", "c"], loopy=True) == cli("graph", loopy, "--tokens", "b", "c", "--loopy")
    assert impartial.graph(dag) == cli("graph", dag)
    assert impartial.hackenbush(triangle) == cli("hackenbush", triangle)
    specs = ["nim 3 4", "kayles 5 6", f"graph {dag} a b", f"loopy {loopy} b c", f"script {examples / 'scripts' / 'kayles.rhai'} [3, 7]"]
    for chosen in (specs[:2], specs[:3], specs[2:4], specs[1:2] + specs[4:]):
        assert impartial.sum(chosen) == cli("sum", *chosen), chosen
    text = open(dag).read()
    assert impartial.graph(text, ["a"])["outcome"] == cli("graph", dag, "--tokens", "a")["outcome"]
    # Typed: the fields as attributes, the moves as Moves, str() the text `cgt` prints.
    import os
    import subprocess

    r = impartial.graph(dag, ["a", "b"])
    assert isinstance(r, impartial.GraphReport) and r.value == r["value"] and r.outcome in "PN"
    assert all(isinstance(m, impartial.Move) and m.text for m in r.winning_moves)
    binary = os.environ.get("CGT_BIN", str(ROOT / "target" / "debug" / "cgt"))
    printed = subprocess.run([binary, "graph", dag, "--tokens", "a", "b"], capture_output=True, text=True, check=True).stdout
    assert str(r) == printed
    s = impartial.sum(specs[:2])
    assert isinstance(s, impartial.SumReport) and s.value == s.component_values[0] ^ s.component_values[1]
    h = impartial.hackenbush(triangle)
    assert isinstance(h, impartial.HackenbushReport) and h.value == cli("hackenbush", triangle)["value"]
    with pytest.raises(AttributeError):
        r.no_such_field
    with pytest.raises(cgt.InputError):
        impartial.sum(["chess 3"])
    with pytest.raises(cgt.InputError):
        impartial.graph("a b\nb a", ["a"])  # a cycle without loopy=True


def test_misere_quotient_of_0_75_is_r8(cli):
    # Plambeck and Siegel (2008): 0.75 has the quotient R8 of order 8.
    q = HeapGame("0.75").misere_quotient(12)
    doc = cli("octal", "0.75", "--misere-quotient", "--upto", "12")
    assert (q.order, q.same_from, q.presentation) == (8, 5, doc["presentation"])
    assert q.elements == doc["elements"] and q.p_portion == ["a", "b²"]
    assert q.pretending == doc["pretending"] and q.orders == doc["orders"]
    assert q.generators == [("a", 1), ("b", 2), ("c", 5)]
    assert ("a²", "1") in q.relations
    for x in q.elements:
        assert q.multiply("1", x) == x
        for y in q.elements:
            assert q.multiply(x, y) == q.multiply(y, x)
    assert repr(q) == 'MisereQuotient("octal 0.75", upto=12, order=8)'
    assert q.stable is None and doc["stable"] is None
    # Every bound built from the smaller quotient, without search, as the command says.
    assert (q.extended, q.searched) == (doc["extended"], doc["searched"]) == (12, 0)
    # Period 2 from heap 8, proven by heaps up to 2*8 + 2*2 + 2 - 1 = 21.
    assert HeapGame("0.75").misere_quotient(24).stable == (8, 2, 21)


def test_misere_census_matches_the_command_and_the_quotients(cli):
    codes = ["0.75", "0.07", "0.137", "0.6"]
    doc = impartial.misere_census(codes, upto=10, positions=200_000)
    assert doc == cli("misere-census", "--upto", "10", "--positions", "200000", *codes)
    for entry in doc["entries"]:
        q = HeapGame(entry["code"]).misere_quotient(10)
        assert entry["quotient"]["orders"] == q.orders
        assert entry["quotient"]["presentation"] == q.presentation
    # Dawson's chess (0.137) is Dawson's Kayles (0.07) one heap later.
    orders = {e["code"]: e["quotient"]["orders"] for e in doc["entries"]}
    assert orders["0.137"][:-1] == orders["0.07"][1:]
    with pytest.raises(cgt.InputError):
        impartial.misere_census(["0.x"])
    with pytest.raises(cgt.InputError):
        impartial.misere_census(["0.07"], shard="0/2")


@pytest.mark.parametrize("heaps", [[3, 5, 7, 2], [1, 1, 1], [4, 4, 9, 10], [6, 2, 2], [12]])
def test_misere_quotient_answers_like_the_misere_search(cli, heaps):
    q = HeapGame("0.75").misere_quotient(12)
    doc = cli("octal", "0.75", "--misere", "--heaps", *map(str, heaps))
    assert q.outcome(heaps) == doc["outcome"]
    assert [str(m) for m in q.winning_moves(heaps)] == [m["text"] for m in doc["winning_moves"]]
    assert q.element(heaps) in q.elements


def test_misere_quotient_errors():
    q = HeapGame("0.75").misere_quotient(6)
    with pytest.raises(cgt.InputError, match="out of range"):
        q.outcome([7])
    with pytest.raises(cgt.InputError, match="not an element"):
        q.multiply("a", "z")
    with pytest.raises(cgt.InputError, match="at most 1024"):
        HeapGame("0.75").misere_quotient(5000)
    with pytest.raises(cgt.LimitError):
        HeapGame("0.354").misere_quotient(5, memory_limit=1 << 20)


@pytest.mark.parametrize(
    "call",
    [
        lambda: cgt.Nim([-1]),
        lambda: cgt.Nim([2**64]),
        lambda: cgt.Wythoff(-1, 2),
        lambda: cgt.HeapGame("0.07").values(-1),
        lambda: cgt.HeapGame("0.07").value([3, -2]),
        lambda: cgt.HeapGame("0.07").misere_quotient(-5),
    ],
)
def test_numbers_out_of_range_are_input_errors(call):
    # The package's own exception, with the number in the message, not OverflowError.
    with pytest.raises(cgt.InputError, match="out of range: a count is a whole number"):
        call()


def test_a_count_that_is_not_an_int_is_still_a_type_error():
    with pytest.raises(TypeError):
        cgt.Nim(["three"])
