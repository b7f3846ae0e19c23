"""Play sessions: the program answers as the perfect player (checked against the solvers),
illegal moves change nothing, undo restores, and every game of the command line's `--play`
can be started from Python."""

import random

import pytest

import cgt
from cgt import Nim, Wythoff, play


def nim_sum(heaps):
    x = 0
    for h in heaps:
        x ^= h
    return x


def outcome(value):
    """'win' or 'loss' of a session's value, without the remoteness ('win in 7 plies')."""
    return value.split(" in ")[0]


def heaps_of(session):
    return [int(part.split(": ")[1]) for part in str(session).strip().split(", ")] if "heap" in str(session) else []


@pytest.mark.parametrize("seed", range(20))
def test_the_program_always_leaves_nim_sum_zero_when_it_can(seed):
    rng = random.Random(seed)
    heaps = [rng.randint(0, 6) for _ in range(rng.randint(1, 4))]
    s = play.nim(heaps)
    expected = "win" if nim_sum(heaps) else "loss"
    assert outcome(s.value) == expected
    while s.over is None:
        before = heaps_of(s)
        hint = s.hint()
        assert ("Winning moves" in hint) == (nim_sum(before) != 0)
        turn = s.play_index(rng.randrange(len(s.legal_moves)))
        if turn.reply is not None:
            # The program moves to a P-position whenever the person left an N-position.
            after_person = heaps_of_after(before, turn.played)
            if nim_sum(after_person) != 0:
                assert nim_sum(heaps_of(s)) == 0
        else:
            assert turn.over is not None


def heaps_of_after(heaps, played):
    # "take K from heap H"
    words = played.split()
    k, h = int(words[1]), int(words[4])
    after = list(heaps)
    after[h - 1] -= k
    return after


def test_valued_moves_agree_with_the_solver():
    heaps = [3, 4, 5]
    valued = play.nim(heaps).valued_moves()
    assert len(valued) == 3 + 4 + 5
    for move, value in valued:
        after = heaps_of_after(heaps, move)
        assert outcome(value) == ("win" if nim_sum(after) == 0 else "loss"), move
        # Small positions: each move with its remoteness, odd for a win, even for a loss.
        plies = int(value.split()[2])
        assert plies % 2 == (1 if nim_sum(after) == 0 else 0), (move, value)
    assert len([m for m, v in valued if outcome(v) == "win"]) == len(Nim(heaps).winning_moves)


def test_illegal_moves_raise_and_change_nothing_and_undo_restores():
    s = play.wythoff(4, 7)
    before = str(s)
    for bad in ["", "take", "1 9", "b 5", "3 1", "zz"]:
        with pytest.raises(cgt.IllegalMoveError):
            s.play(bad)
        assert str(s) == before
    with pytest.raises(cgt.IllegalMoveError):
        s.play_index(10**6)
    assert isinstance(cgt.IllegalMoveError("x"), cgt.InputError)
    s.play_index(0)
    assert str(s) != before
    assert s.undo() and str(s) == before
    assert not s.undo()


def test_wythoff_sessions_answer_into_p_positions():
    s = play.wythoff(3, 5)
    assert s.value == "loss in 4 plies"
    for i in range(len(s.legal_moves)):
        turn = s.play_index(i)
        # From a P-position every move gives the program a win, which it keeps.
        assert turn.over or outcome(s.value) == "loss", turn
        assert s.undo()
    s = play.wythoff(6, 9)
    assert outcome(s.value) == "win" == Wythoff(6, 9).outcome.replace("N", "win")


@pytest.mark.parametrize("code,heaps", [("kayles", [5, 3]), ("0.07", [9]), ("{1,3,4}", [7, 2]), ("grundy", [7])])
def test_heap_game_sessions_follow_the_grundy_values(code, heaps):
    s = play.heap_game(cgt.HeapGame(code), heaps)
    t = play.heap_game(code, heaps)
    assert outcome(s.value) == cgt.HeapGame(code).outcome(heaps).replace("N", "win").replace("P", "loss")
    assert s.value == t.value
    assert s.valued_moves() == t.valued_moves()


def test_misere_sessions_differ_from_normal_play():
    # (1, 1): two plies either way; the last mover wins in normal play and loses in misère.
    assert play.nim([1, 1]).value == "loss in 2 plies"
    assert play.nim([1, 1], misere=True).value == "win in 2 plies"
    s = play.heap_game("0.77", [4], misere=True)
    assert s.misere and outcome(s.value) == "loss"


def test_tic_tac_toe_against_the_program_never_loses(seed=7):
    rng = random.Random(seed)
    for _ in range(3):
        s = play.mnk(3, 3, 3)
        assert "Best moves" in s.hint() or "draw" in s.hint().lower()
        while s.over is None:
            turn = s.play_index(rng.randrange(len(s.legal_moves)))
            if turn.over:
                break
        end = turn.over or s.over
        assert "you win" not in end.lower(), end


def test_connect4_and_bridgit_and_hackenbush_sessions_start_and_move():
    s = play.connect4("4444433335555")
    assert len(s.legal_moves) == 7
    turn = s.play(3)
    assert turn.played and (turn.reply or turn.over)
    b = play.bridgit(3)
    assert b.play_index(0).reply
    h = play.hackenbush("ground a\na b\nground c\n")
    assert h.value == "win in 3 plies" and len(h.legal_moves) == 3
    with pytest.raises(cgt.InputError):
        play.connect4("4444444")
    with pytest.raises(cgt.ParseError):
        play.hackenbush("")


def test_chess_sessions_play_the_table(tmp_path):
    table = cgt.retro.EndgameTable("kqk")
    path = tmp_path / "kqk.cgtb"
    table.write(str(path))
    fen = "8/8/8/3k4/8/8/8/KQ6 w - - 0 1"
    s = play.chess(str(path), fen)
    assert s.value == "win in 17 plies"
    best = [m for m, v in s.valued_moves() if v == "win in 17 plies"]
    assert best
    turn = s.play(best[0])
    assert turn.reply
    assert s.value == "win in 15 plies"
    with pytest.raises(cgt.InputError):
        play.chess(str(tmp_path / "missing.cgtb"), fen)
    with pytest.raises(cgt.InputError):
        play.chess(str(path), "8/8/8/8/8/8/8/8 w - - 0 1")


@pytest.mark.parametrize("seed", range(4))
def test_partizan_sessions_keep_a_won_game_won(seed):
    # Domineering 2 x 3 is {2|-1/2}: whoever moves first wins; the program, second, must lose
    # whatever the person does only when the person plays the green moves.
    rng = random.Random(seed)
    s = play.domineering("2x3", side=rng.choice(["left", "right"]))
    assert s.describe() == "value {2|-1/2}"
    assert s.value == "win"
    while s.over is None:
        winning = [i for i, (_, v) in enumerate(s.valued_moves()) if v == "win"]
        assert winning, "a won position always has a winning move"
        s.play_index(rng.choice(winning))
    assert "you win" in s.over.lower() or "program cannot move" in s.over


def test_partizan_sessions_value_like_the_game_class():
    for row in ["TT..FF", "T.F", "TTF.F"]:
        for side in ["left", "right"]:
            s = play.toads_frogs(row, side=side)
            g = cgt.Game.toads_frogs(row)
            outcome = g.outcome
            wins = outcome == "N" or (outcome, side) in {("L", "left"), ("R", "right")}
            assert s.value == ("win" if wins else "loss"), (row, side, outcome)
    s = play.clobber("xo/ox")
    assert s.describe().startswith("value ")
    for rules, game in [(play.col, cgt.Game.col), (play.snort, cgt.Game.snort)]:
        for board in ["...", "..../x..o", "l.r"]:
            outcome = game(board).outcome
            for side in ["left", "right"]:
                wins = outcome == "N" or (outcome, side) in {("L", "left"), ("R", "right")}
                assert rules(board, side=side).value == ("win" if wins else "loss")
    for board in ["./x/.", ".x.", "..x./..../..x./...."]:
        outcome = cgt.Game.fission(board).outcome
        for side in ["left", "right"]:
            wins = outcome == "N" or (outcome, side) in {("L", "left"), ("R", "right")}
            assert play.fission(board, side=side).value == ("win" if wins else "loss")
    for board in ["L..R", "L.R/..L", "L/R/."]:
        outcome = cgt.Game.ski_jumps(board).outcome
        for side in ["left", "right"]:
            wins = outcome == "N" or (outcome, side) in {("L", "left"), ("R", "right")}
            assert play.ski_jumps(board, side=side).value == ("win" if wins else "loss")
    for board in ["xo.", ".xo.", "xo.o./o.x.x"]:
        outcome = cgt.Game.konane(board).outcome
        for side in ["left", "right"]:
            wins = outcome == "N" or (outcome, side) in {("L", "left"), ("R", "right")}
            assert play.konane(board, side=side).value == ("win" if wins else "loss")
    for board in ["x..", "x.o", "x.../...o"]:
        outcome = cgt.Game.amazons(board).outcome
        for side in ["left", "right"]:
            wins = outcome == "N" or (outcome, side) in {("L", "left"), ("R", "right")}
            assert play.amazons(board, side=side).value == ("win" if wins else "loss")
    for rows in ["LR", "LLR GRG", "RLG"]:
        outcome = cgt.Game.toppling_dominoes(rows).outcome
        for side in ["left", "right"]:
            wins = outcome == "N" or (outcome, side) in {("L", "left"), ("R", "right")}
            expected = "win" if wins else "loss"
            assert play.toppling_dominoes(rows, side=side).value == expected
    with pytest.raises(cgt.InputError):
        play.domineering("9x9")
    with pytest.raises(cgt.InputError):
        play.clobber("xo", side="up")


def test_the_cycle_game_plays_against_the_pairing():
    s = play.cycle(window=(4, 4))
    assert s.game == "cycle" and len(s.legal_moves) > 0
    turn = s.play_index(0)
    assert turn.played and turn.reply  # the pairing answers every segment
    with pytest.raises(cgt.InputError):
        play.cycle(["9,9r"], window=(4, 4))
    with pytest.raises(cgt.InputError, match="window"):
        play.cycle(window=(300, 4))


def test_pig_sessions_roll_a_seeded_die_and_hint_the_best_choice():
    s = play.pig(20, seed=5)
    assert s.legal_moves == ["roll"]
    with pytest.raises(cgt.IllegalMoveError):
        s.play("hold")
    assert s.hint().startswith("Roll")
    reply = s.play("roll").reply
    assert reply.startswith("the die shows")
    again = play.pig(20, seed=5)
    assert again.play("roll").reply == reply
    with pytest.raises(cgt.InputError):
        play.pig(0)


def test_matrix_games_are_solved_in_mixed_strategies():
    from fractions import Fraction

    from cgt.minimax import matrix

    doc = matrix([[1, -1], [-1, 1]])
    assert (doc["value"], doc["row_strategy"], doc["maximin"], doc["minimax"]) == ("0", ["1/2", "1/2"], "-1", "1")
    rows = [[3, 1, 4], [1, 5, 9], [2, 6, "-1/2"]]
    doc = matrix(rows)
    value = Fraction(doc["value"])
    x = [Fraction(p) for p in doc["row_strategy"]]
    y = [Fraction(p) for p in doc["column_strategy"]]
    a = [[Fraction(str(e)) for e in r] for r in rows]
    # Each strategy guarantees the value against every pure reply: both are optimal.
    assert all(sum(x[i] * a[i][j] for i in range(3)) >= value for j in range(3))
    assert all(sum(a[i][j] * y[j] for j in range(3)) <= value for i in range(3))
    with pytest.raises(cgt.InputError):
        matrix("1 2; 3")


def test_hidden_information_games_are_solved_with_certificates():
    from fractions import Fraction

    from cgt.minimax import hidden, kuhn, leduc

    doc = kuhn()
    assert (doc["value"], doc["exploitability"], doc["method"]) == ("-1/18", "0", "exact")
    first = {s["set"]: dict(s["actions"]) for s in doc["strategies"] if s["player"] == "first"}
    # Kuhn's family: the king bets three times as often as the jack, the queen never opens.
    alpha = Fraction(first["J"]["bet"])
    assert Fraction(first["K"]["bet"]) == 3 * alpha and first["Q"]["bet"] == "0"
    assert Fraction(first["Q kb"]["call"]) == alpha + Fraction(1, 3)
    assert doc["kuhn_alpha"] == str(alpha)
    # CFR+ on Leduc: the exploitability shrinks, and the bounds close in on the value.
    doc = leduc(1000)
    x = [c["exploitability"] for c in doc["checkpoints"]]
    assert [c["iterations"] for c in doc["checkpoints"]] == [1, 10, 100, 1000]
    assert x == sorted(x, reverse=True) and x[-1] < 1e-3
    assert doc["bounds"][0] <= -0.0856 <= doc["bounds"][1] + 1e-3
    # A tree of one's own; the same game by CFR+ stays within its bounds.
    pennies = "(first coin (heads (second guess (heads 1) (tails -1))) (tails (second guess (heads -1) (tails 1))))"
    exact = hidden(pennies)
    assert (exact["value"], exact["seen_value"]) == ("0", "-1")
    approx = hidden(pennies, cfr=100)
    assert approx["bounds"][0] <= 0 <= approx["bounds"][1]
    with pytest.raises(cgt.InputError):
        hidden("(first coin (heads 1)")
    with pytest.raises(cgt.InputError):
        hidden("kuhn", cfr=0)


def test_poker_hands_against_the_equilibrium_replay_from_their_seed():
    hand = play.poker("kuhn", seed=3)
    assert "you hold J" in str(hand) and set(hand.legal_moves) == {"check", "bet"}
    assert hand.hint().startswith("The equilibrium plays check")
    with pytest.raises(cgt.IllegalMoveError):
        hand.play("raise")
    turn = hand.play("bet")
    # The program holds the king and calls: the hand is over, lost.
    assert turn.reply == "call" and hand.legal_moves == []
    assert "betting: bet, call" in str(hand)
    again = play.poker("kuhn", seed=3)
    assert again.play("bet").reply == turn.reply
    second = play.poker("leduc", seed=5, second=True)
    assert "you play second" in str(second) and "betting: check" in str(second)
    with pytest.raises(cgt.InputError):
        play.poker("(first s (a 1) (b 2))")
