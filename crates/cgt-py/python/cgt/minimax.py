"""Game trees, m,n,k-games and Connect-Four. Each function returns the document
``cgt … --json`` prints (docs/json.md) as a dict; ``Connect4`` and ``Mnk`` are positions,
drawn as boards in a notebook, with ``solve()`` for the same documents.

>>> from cgt import minimax
>>> minimax.tree("(max (min 3 5) (min 2 9))")["value"]
3
>>> minimax.mnk(3, 3, 3)["value"]                # tic-tac-toe is a draw
0
>>> minimax.connect4("4444433335555")["score"]   # the side to move loses
-14
>>> minimax.Connect4("4444433335555").solve()["score"]
-14
"""

from ._cgt import Connect4, Mnk, connect4, mnk, tree

__all__ = ["Connect4", "Mnk", "connect4", "mnk", "tree"]
