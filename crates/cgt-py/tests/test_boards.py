"""Boards: each position's value agrees with the values of its options (the game they form),
with `Game`'s rulesets and with the command line; the pictures draw what the position holds."""

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import Game
from cgt.minimax import Connect4, Mnk
from cgt.partizan import (
    Amazons,
    Clobber,
    Col,
    Domineering,
    Fission,
    Hackenbush,
    Konane,
    SkiJumps,
    Snort,
    ToadsFrogs,
    TopplingDominoes,
)
from cgt.retro import ChessPosition

SVG = "{http://www.w3.org/2000/svg}"


def svg(position):
    return ET.fromstring(position._repr_svg_())


def with_class(tree, name):
    return [e for e in tree.iter() if (e.get("class") or "").split(" ")[0] == name]


def form(position):
    """The game {left options | right options} built from the options' own values."""
    left = ",".join(o.value().canonical_form for o in position.options("left"))
    right = ",".join(o.value().canonical_form for o in position.options("right"))
    return Game("{" + left + "|" + right + "}")


def grid(alphabet, max_rows, max_cols):
    return st.integers(1, max_rows).flatmap(
        lambda r: st.integers(1, max_cols).flatmap(
            lambda c: st.lists(st.text(alphabet, min_size=c, max_size=c), min_size=r, max_size=r)
        )
    ).map("/".join)


def misere_wins(position, mover, other):
    """Whether `mover` wins moving first when the player who cannot move wins (plain recursion
    over the options, apart from the library's search)."""
    options = position.options(mover)
    return not options or any(not misere_wins(o, other, mover) for o in options)


def misere_class(position):
    left = misere_wins(position, "left", "right")
    right = misere_wins(position, "right", "left")
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
        (left, right)
    ]


@pytest.mark.parametrize(
    "cls,command,text",
    [
        (Domineering, "domineering", "2x3"),
        (Domineering, "domineering", "..#/..."),
        (Clobber, "clobber", "xox/o.x"),
        (Col, "col", "..x/..."),
        (Snort, "snort", "o../..."),
        (TopplingDominoes, "toppling-dominoes", "LRG GL"),
        (Amazons, "amazons", "x../..o"),
        (Konane, "konane", "xo.ox/.x..."),
        (SkiJumps, "ski-jumps", "L../.R."),
        (Fission, "fission", "x../.x./..."),
        (ToadsFrogs, "toads-frogs", "TT..F.F"),
    ],
)
def test_misere_outcomes_agree_with_plain_recursion_and_the_command_line(cli, cls, command, text):
    board = cls(text)
    found = board.misere_outcome()
    assert found == misere_class(board)
    assert found == cli(command, text, "--misere")["misere"]["outcome"]


def test_misere_play_differs_from_normal_play():
    # Domineering 2 x 2 is ±1 (first player) in normal play, P in misère play.
    assert Domineering("2x2").value().outcome == "N"
    assert Domineering("2x2").misere_outcome() == "P"
    with pytest.raises(cgt.Error):
        Domineering("8x8").misere_outcome(memory_limit=1 << 16)


@settings(max_examples=60, deadline=None)
@given(grid(".#", 3, 4))
def test_a_domineering_value_is_the_form_of_its_options(text):
    board = Domineering(text)
    assert board.value() == form(board) == Game.domineering(text)
    assert str(board) == text and eval("cgt.partizan." + repr(board)) == board
    assert len(with_class(svg(board), "filled")) == text.count("#")


@settings(max_examples=60, deadline=None)
@given(grid(".xo", 2, 4))
def test_a_clobber_value_is_the_form_of_its_options(text):
    board = Clobber(text)
    assert board.value() == form(board) == Game.clobber(text)
    discs = with_class(svg(board), "disc")
    assert len(discs) == text.count("x") + text.count("o")


@settings(max_examples=60, deadline=None)
@given(grid("..xo#lr", 3, 3), st.sampled_from([(Col, Game.col), (Snort, Game.snort)]))
def test_a_col_or_snort_value_is_the_form_of_its_options(text, rules):
    board_class, game = rules
    board = board_class(text)
    assert board.value() == form(board) == game(text)
    assert eval("cgt.partizan." + repr(board)) == board
    # Every option colours one more square, blue for Left and red for Right.
    for player, mark in [("left", "x"), ("right", "o")]:
        for option in board.options(player):
            assert str(option).count(mark) == str(board).count(mark) + 1
    discs = with_class(svg(board), "disc")
    assert len(discs) == text.count("x") + text.count("o")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text("LRG", min_size=1, max_size=7), min_size=1, max_size=3).map(" ".join))
def test_a_toppling_dominoes_value_is_the_form_of_its_options(text):
    rows = TopplingDominoes(text)
    assert rows.value() == form(rows) == Game.toppling_dominoes(text)
    assert str(rows) == text and eval("cgt.partizan." + repr(rows)) == rows
    # A move takes away at least the toppled domino.
    for player in ["left", "right"]:
        for option in rows.options(player):
            assert len(str(option).replace(" ", "")) < len(text.replace(" ", "")) or str(
                option
            ) == "(no dominoes)"
    letters = [e.text for e in with_class(svg(rows), "mark")]
    assert sorted(letters) == sorted(text.replace(" ", ""))


@settings(max_examples=60, deadline=None)
@given(grid("..xo", 3, 3))
def test_a_konane_value_is_the_form_of_its_options(text):
    board = Konane(text)
    assert board.value() == form(board) == Game.konane(text)
    assert str(board) == text and eval("cgt.partizan." + repr(board)) == board
    # A move captures at least one enemy stone and keeps the mover's.
    for player, mine, theirs in [("left", "x", "o"), ("right", "o", "x")]:
        for option in board.options(player):
            assert str(option).count(mine) == text.count(mine)
            assert str(option).count(theirs) < text.count(theirs)


@settings(max_examples=60, deadline=None)
@given(grid("...LlRr", 3, 3))
def test_a_ski_jumps_value_is_the_form_of_its_options(text):
    slope = SkiJumps(text)
    assert slope.value() == form(slope) == Game.ski_jumps(text)
    assert str(slope) == text and eval("cgt.partizan." + repr(slope)) == slope
    # A move never adds a skier, and the other side's skiers stay on their squares.
    for player, theirs in [("left", "Rr"), ("right", "Ll")]:
        for option in slope.options(player):
            after = str(option)
            assert sum(after.count(c) for c in "LlRr") <= sum(text.count(c) for c in "LlRr")
            stood = [i for i, c in enumerate(text) if c in theirs]
            assert all(after[i] in theirs for i in stood)


@settings(max_examples=60, deadline=None)
@given(grid("...x#", 3, 4))
def test_a_fission_value_is_the_form_of_its_options(text):
    board = Fission(text)
    assert board.value() == form(board) == Game.fission(text)
    assert str(board) == text and eval("cgt.partizan." + repr(board)) == board
    # A split adds one stone and keeps the walls.
    for player in ["left", "right"]:
        for option in board.options(player):
            assert str(option).count("x") == text.count("x") + 1
            assert [i for i, c in enumerate(str(option)) if c == "#"] == [
                i for i, c in enumerate(text) if c == "#"
            ]


@settings(max_examples=40, deadline=None)
@given(grid("...#xo", 2, 3))
def test_an_amazons_value_is_the_form_of_its_options(text):
    board = Amazons(text)
    assert board.value() == form(board) == Game.amazons(text)
    assert str(board) == text and eval("cgt.partizan." + repr(board)) == board
    # Every move burns one more square and keeps the amazons.
    for player in ["left", "right"]:
        for option in board.options(player):
            assert str(option).count("#") == text.count("#") + 1
            pieces = str(option).replace("#", "").replace(".", "")
            assert sorted(pieces) == sorted(text.replace("#", "").replace(".", ""))
    assert len(with_class(svg(board), "filled")) == text.count("#")


@settings(max_examples=60, deadline=None)
@given(st.text("TF.", min_size=1, max_size=8))
def test_a_toads_and_frogs_value_is_the_form_of_its_options(text):
    row = ToadsFrogs(text)
    assert row.value() == form(row) == Game.toads_frogs(text)
    marks = [e.text for e in with_class(svg(row), "mark")]
    assert sorted(marks) == sorted(c for c in text if c != ".")
    assert svg(row).find(SVG + "title").text == f"Toads and Frogs {text}"


def test_equal_boards_hash_equal_and_options_are_legal_moves():
    assert Domineering("2x2") == Domineering("../..") and hash(Domineering("2x2")) == hash(Domineering("../.."))
    assert Domineering("2x2").options("left") == [Domineering("#./#."), Domineering(".#/.#")]
    assert Domineering("2x2").options("right") == [Domineering("##/.."), Domineering("../##")]
    assert ToadsFrogs("TF").options("left") == [] and ToadsFrogs("T.F").options("r") == [ToadsFrogs("TF.")]
    with pytest.raises(cgt.InputError):
        Domineering("2x2").options("up")


@pytest.mark.parametrize(
    "picture",
    ["ground a blue\na b red\n", "ground a\na b\nb ground\n", "ground a blue\na a red\nground b red\nb c green\n"],
)
def test_hackenbush_values_are_the_command_lines(cli, tmp_path, picture):
    path = tmp_path / "picture.txt"
    path.write_text(picture)
    doc = cli("hackenbush", str(path))
    h = Hackenbush(picture)
    value = doc["value"]
    # An all-green picture is impartial: the command line gives its nimber as an int.
    assert h.value() == (Game(f"*{value}") if isinstance(value, int) else Game(value))
    edges = with_class(svg(h), "edge")
    assert [e.get("class").split(" ")[1] for e in edges] == [c for _, _, c in h.edges]
    assert len(h.edges) == picture.count("\n")


def test_hackenbush_values_agree_with_the_command_line_value_field(cli, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("ground a blue\na b red\n")
    doc = cli("hackenbush", str(path))
    assert Game(doc["value"]) == Hackenbush("ground a blue\na b red\n").value() == Game("1/2")


def test_connect4_positions_move_and_solve_as_the_command_line(cli):
    p = Connect4("4444433335555")
    untimed = lambda doc: {k: v for k, v in doc.items() if k != "seconds"}
    assert untimed(p.solve(all=True)) == untimed(cgt.minimax.connect4("4444433335555", all=True))
    assert p.solve()["score"] == cli("connect4", "4444433335555")["score"]
    full = Connect4("444444")
    assert 4 not in full.legal_moves and len(full.legal_moves) == 6
    with pytest.raises(cgt.InputError):
        full.play(4)
    with pytest.raises(cgt.InputError):
        full.play(8)
    after = full.play(3)
    assert after.moves == "4444443" and full.moves == "444444"
    discs = with_class(svg(after), "disc")
    assert len(discs) == 7
    assert str(after).splitlines()[-2] == "..XX..."  # X moved first and again
    assert repr(Connect4("12", width=5, height=4)) == 'Connect4("12", width=5, height=4)'


def test_mnk_positions_solve_as_the_command_line(cli):
    p = Mnk(3, 3, 3, [5, 1])
    doc = cli("mnk", "3", "3", "3", "--moves", "5", "1")
    assert p.solve()["value"] == doc["value"] and p.solve()["best_moves"] == doc["best_moves"]
    assert [e.text for e in with_class(svg(p), "mark")] == ["O", "X"]
    with pytest.raises(cgt.InputError):
        Mnk(3, 3, 3, [0])
    with pytest.raises(cgt.InputError):
        Mnk(3, 3, 3, [5, 5])


def test_chess_positions_draw_their_pieces_and_refuse_bad_fens():
    p = ChessPosition("8/8/8/3k4/8/8/8/KQ6 w - - 0 1")
    pieces = [e.text for e in with_class(svg(p), "piece")]
    assert sorted(pieces) == sorted(["\u265a", "\u2654", "\u2655"])
    for bad in ["", "8/8/8", "8/8/8/8/8/8/8/9", "8/8/8/8/8/8/8/7Z w"]:
        with pytest.raises(cgt.ParseError):
            ChessPosition(bad)
