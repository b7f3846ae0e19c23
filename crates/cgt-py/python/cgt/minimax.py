"""Game trees (with chance vertices too), Pig, m,n,k-games, Connect-Four, Bridg-it and the cycle game. Each function returns the document
``cgt … --json`` prints (docs/json.md) as a dict; ``Connect4`` and ``Mnk`` are positions,
drawn as boards in a notebook, with ``solve()`` for the same documents.

>>> from cgt import minimax
>>> minimax.tree("(max (min 3 5) (min 2 9))")["value"]
3
>>> minimax.chance("(max (chance 1/2 0 1/2 10) 4)")["value"]
'5'
>>> minimax.pig(2)["exact"]                      # Pig to 2: the first player wins 6/7
'6/7'
>>> minimax.mnk(3, 3, 3)["value"]                # tic-tac-toe is a draw
0
>>> minimax.connect4("4444433335555")["score"]   # the side to move loses
-14
>>> minimax.Connect4("4444433335555").solve()["score"]
-14
>>> minimax.bridgit(2, moves=["1", "2"], strategy="pairing")["strategy_move"]
0
>>> minimax.cycle(["1,1r"], window=(4, 4))["replies"]
['1,1 u']
"""

from ._cgt import Connect4, Mnk, chance, connect4, mnk, pig, tree
from .requests import answer


def bridgit(n, moves=(), strategy=None, count_crossings=False):
    """Bridg-it on the board of size ``n`` after ``moves`` (slot numbers or lattice points
    ``"X,Y"``, Left first): the board, the exact value and winning moves on small boards,
    ``strategy``'s move (``"pairing"``, ``"shannon"``, ``"exact"``) — the document of
    ``cgt bridgit --json``."""
    return answer(
        "bridgit", n=n, moves=list(moves), strategy=strategy, count_crossings=count_crossings
    )


def cycle(moves=(), window=None):
    """The cycle game (Shen 11.2.10) after your segments ``moves`` (``"X,Yr"`` or ``"X,Yu"``)
    in a ``window`` of (across, up) points (default 6 × 6): the pairing's answer to each — the
    document of ``cgt cycle --json``."""
    return answer("cycle", moves=list(moves), window=list(window) if window else None)


def matrix(rows):
    """A two-player zero-sum matrix game, solved exactly in mixed strategies: ``rows`` is the
    row player's payoffs, a list of rows (numbers, fractions or strings like ``"-3/4"``) or
    one text (``"1 -1; -1 1"``). The value, an optimal strategy for each player (probabilities
    as exact fractions written as text), the pure-strategy bounds and the saddle points — the
    document of ``cgt matrix --json``.

    >>> cgt.minimax.matrix([[1, -1], [-1, 1]])["value"]  # matching pennies
    '0'
    """
    if not isinstance(rows, str):
        rows = "; ".join(" ".join(str(x) for x in row) for row in rows)
    return answer("matrix", matrix=rows)


def hidden(game, cfr=None, exact=False):
    """A game of hidden information, solved: ``game`` is ``"kuhn"`` (Kuhn poker),
    ``"leduc"`` (Leduc hold'em) or a tree with information sets, ``(first SET (ACTION GAME)
    …)``, ``(second SET …)``, ``(chance P GAME …)`` with the first player's payoffs at the
    leaves. Exactly by the sequence form (the default up to 1,000 sequences a player, which
    covers Leduc hold'em; or ``exact=True``), or
    by ``cfr`` iterations of CFR+; the document of ``cgt hidden --json``: ``value`` (exact, as
    text) or ``bounds``, ``exploitability``, ``checkpoints``, ``seen_value`` (the minimax value
    if everything were seen) and each information set's ``strategies``.

    >>> cgt.minimax.hidden("(first coin (heads (second guess (heads 1) (tails -1))) "
    ...                    "(tails (second guess (heads -1) (tails 1))))")["value"]
    '0'
    """
    return answer("hidden", game=game, cfr=cfr, exact=exact)


def kuhn():
    """Kuhn poker solved exactly: the document of ``cgt hidden kuhn --json``.

    >>> cgt.minimax.kuhn()["value"]
    '-1/18'
    """
    return hidden("kuhn")


def leduc(iterations=10_000):
    """Leduc hold'em by ``iterations`` of CFR+: the value's ``bounds`` and the exploitability
    after 1, 10, 100, … iterations (``checkpoints``).

    >>> doc = cgt.minimax.leduc(100)
    >>> doc["bounds"][0] < -0.07 and doc["checkpoints"][-1]["exploitability"] < 0.03
    True
    """
    return hidden("leduc", cfr=iterations)


__all__ = [
    "Connect4",
    "Mnk",
    "bridgit",
    "chance",
    "connect4",
    "cycle",
    "hidden",
    "kuhn",
    "leduc",
    "matrix",
    "mnk",
    "pig",
    "tree",
]
