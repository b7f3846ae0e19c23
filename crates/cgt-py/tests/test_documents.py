"""Game trees, m,n,k, Connect-Four and endgame tables return exactly the documents of
`cgt … --json`."""

import pytest

import cgt
from cgt import minimax, retro


@pytest.mark.parametrize(
    "text,window",
    [("(max (min 3 5) (min 2 9))", None), ("(max (min 3 5) (min 2 9))", (4, 6)), ("(min 1 (max 2 3))", None)],
)
def test_trees_are_the_command_lines(cli, text, window):
    args = ["tree", text, "--stats", "--thresholds"] + (["--window", *map(str, window)] if window else [])
    assert minimax.tree(text, window=window) == cli(*args)


@pytest.mark.parametrize("text", ["(max (chance 1/2 0 1/2 10) 4)", "(max 6 (chance 1/2 0 1/2 10))", "(min (chance 1/3 9 2/3 (max 0 3)) 5)"])
def test_chance_trees_are_the_command_lines(cli, text):
    assert minimax.chance(text) == cli("chance", text)


def test_pig_is_the_command_line_and_exact(cli):
    doc = minimax.pig(20, state=(10, 15, 8))
    assert doc == cli("pig", "20", "--state", "10", "15", "8")
    from fractions import Fraction

    assert abs(float(Fraction(doc["exact"])) - doc["probability"]) < 1e-10
    with pytest.raises(cgt.InputError, match="between 1 and 150"):
        minimax.pig(0)
    with pytest.raises(cgt.InputError, match="add up to"):
        minimax.chance("(chance 1/2 1 1/3 0)")


@pytest.mark.parametrize("mnk,moves", [((3, 3, 3), []), ((3, 3, 3), [5, 1]), ((3, 4, 3), [2]), ((4, 4, 4), [1, 6, 11, 16])])
def test_mnk_values_are_the_command_lines(cli, mnk, moves):
    doc = cli("mnk", *map(str, mnk), *(["--moves", *map(str, moves)] if moves else []))
    mine = minimax.mnk(*mnk, moves=moves)
    for key in ("value", "best_moves", "to_move", "moves"):
        assert mine[key] == doc[key]


@pytest.mark.parametrize("moves", ["4444433335555", "44444333355552", "12345671234567"])
def test_connect4_scores_are_the_command_lines(cli, moves):
    doc = cli("connect4", moves, "--all")
    mine = minimax.connect4(moves, all=True)
    for key in ("score", "best_moves", "scores", "to_move"):
        assert mine.get(key) == doc.get(key)


def test_endgame_tables_probe_as_the_command_line(cli, tmp_path):
    table = retro.EndgameTable("krk")
    path = tmp_path / "krk.cgtb"
    assert table.write(str(path)) == path.stat().st_size
    fen = "8/8/8/4k3/8/8/8/KR6 w - - 0 1"
    doc = cli("retro", "probe", str(path), fen)
    assert table.probe(fen) == doc
    assert retro.probe(str(path), fen) == doc
    assert table.stats() == cli("retro", "stats", str(path))


@pytest.mark.parametrize(
    "call,error",
    [
        (lambda: minimax.tree("(max 1"), cgt.InputError),
        (lambda: minimax.mnk(3, 3, 3, moves=[10]), cgt.InputError),
        (lambda: minimax.connect4("8"), cgt.InputError),
        (lambda: retro.EndgameTable("kzk"), cgt.InputError),
        (lambda: retro.EndgameTable("krk").probe("8/8/8/8/8/8/8/8 w - - 0 1"), cgt.InputError),
        (lambda: retro.probe("/nonexistent.cgtb", "8/8/8/8/8/8/8/8 w - - 0 1"), cgt.InputError),
    ],
)
def test_bad_input_raises(call, error):
    with pytest.raises(error):
        call()
