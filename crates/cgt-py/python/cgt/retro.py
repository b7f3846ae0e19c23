"""Chess endgame tables by retrograde analysis: build one in memory, write it, probe it (or a
table file in place) by FEN. Probes return the document ``cgt retro probe --json`` prints.
"""

from ._cgt import Table as EndgameTable
from ._cgt import probe

__all__ = ["EndgameTable", "probe"]
