"""Chess endgame tables by retrograde analysis: build one in memory, write it, probe it (or a
table file in place) by FEN. Probes return the document ``cgt retro probe --json`` prints;
``ChessPosition`` draws a FEN on a board in a notebook. Play against a table with
``cgt.play.chess``.
"""

from ._cgt import ChessPosition
from ._cgt import Table as EndgameTable
from ._cgt import probe

__all__ = ["ChessPosition", "EndgameTable", "probe"]
