"""Impartial games: Nim, Wythoff, heap games and their nim-sequences, graphs, Green
Hackenbush, sums of any of them, games of your own. `graph`, `hackenbush` and `sum` return
the documents `cgt … --json` prints.

Every name here is also available as ``cgt.<name>``.
"""

from ._cgt import (
    HeapGame,
    HeapMoveSplit,
    ImpartialGame,
    MisereQuotient,
    Nim,
    NimMove,
    Wythoff,
    WythoffMove,
    graph,
    hackenbush,
    sum,
)

__all__ = [
    "HeapGame",
    "HeapMoveSplit",
    "ImpartialGame",
    "MisereQuotient",
    "Nim",
    "NimMove",
    "Wythoff",
    "WythoffMove",
    "graph",
    "hackenbush",
    "sum",
]
