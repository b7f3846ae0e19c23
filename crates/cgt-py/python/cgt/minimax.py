"""Game trees (with chance vertices too), Pig, m,n,k-games and Connect-Four. Each function returns the document
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
"""

from ._cgt import Connect4, Mnk, chance, connect4, mnk, pig, tree

__all__ = ["Connect4", "Mnk", "chance", "connect4", "mnk", "pig", "tree"]
