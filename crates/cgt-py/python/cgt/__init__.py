"""Combinatorial game theory in Python, computed by the cgt Rust libraries.

>>> import cgt
>>> cgt.Game("^ + ^ + *")
Game("^^*")
>>> cgt.Game.domineering("2x3").thermograph().temperature
Fraction(5, 4)

- ``Game``: short partizan games in canonical form (``Game("{1|*}")``,
  ``Game.domineering("4x4")``, ``Game.toads_frogs("TT..FF")``, ``Game.clobber("xo/ox")``), with
  ``+``, ``-``, comparisons, ``fuzzy``, stops, mean, temperature and ``thermograph()``.
- ``Nim`` and ``HeapGame`` (octal and subtraction games, Grundy's game): outcomes, Grundy
  values, typed winning moves, nim-sequences as buffers and certified periods.
- ``ImpartialGame``: a game of your own, given by a Python function ``options(position)``,
  solved by the Rust solver (normal and misère play).
- ``Script``: a game written in Rhai, as ``cgt script`` reads it.
- ``cgt.errors``: the exceptions (``ParseError``, ``InputError``, ``LimitError``).
"""

import fractions  # noqa: F401  (exact values are Fractions: load the module with the package)

from . import errors
from ._cgt import (
    DEFAULT_MEMORY_LIMIT,
    Game,
    HeapGame,
    HeapMoveSplit,
    ImpartialGame,
    Nim,
    NimMove,
    Script,
    Svg,
    Thermograph,
    Wythoff,
    WythoffMove,
)
from .errors import Error, InputError, LimitError, ParseError

__all__ = [
    "DEFAULT_MEMORY_LIMIT",
    "Error",
    "Game",
    "HeapGame",
    "HeapMoveSplit",
    "ImpartialGame",
    "InputError",
    "LimitError",
    "Nim",
    "NimMove",
    "ParseError",
    "Svg",
    "Thermograph",
    "Wythoff",
    "WythoffMove",
    "errors",
]
