"""Impartial games: Nim, heap games and their nim-sequences, games of your own.

Every name here is also available as ``cgt.<name>``.
"""

from ._cgt import HeapGame, HeapMoveSplit, ImpartialGame, Nim, NimMove, Wythoff, WythoffMove

__all__ = ["HeapGame", "HeapMoveSplit", "ImpartialGame", "Nim", "NimMove", "Wythoff", "WythoffMove"]
