"""Game trees, m,n,k-games and Connect-Four. Each function returns the document
``cgt … --json`` prints (docs/json.md) as a dict.

>>> from cgt import minimax
>>> minimax.tree("(max (min 3 5) (min 2 9))")["value"]
3
>>> minimax.mnk(3, 3, 3)["value"]                # tic-tac-toe is a draw
0
>>> minimax.connect4("4444433335555")["score"]   # the side to move loses
-14
"""

from ._cgt import connect4, mnk, tree

__all__ = ["connect4", "mnk", "tree"]
