"""Combinatorial game theory in Python, computed by the cgt Rust libraries.

>>> import cgt
>>> cgt.Game("^ + ^ + *")
Game("^^*")
>>> cgt.Game.domineering("2x3").thermograph().temperature
Fraction(5, 4)

- ``Game``: short partizan games in canonical form (``Game("{1|*}")``, a ruleset's position
  ``Game.domineering("4x4")``, ``Game.toads_frogs("TT..FF")``, for every ruleset), with
  ``+``, ``-``, comparisons, ``fuzzy``, stops, mean, temperature and ``thermograph()``.
- ``Nim`` and ``HeapGame`` (octal and subtraction games, Grundy's game): outcomes, Grundy
  values, typed winning moves, nim-sequences as buffers and certified periods.
- ``ImpartialGame``: a game of your own, given by a Python function ``options(position)``,
  solved by the Rust solver (normal and misère play).
- ``Script``: a game written in Rhai, as ``cgt script`` reads it.
- ``Ruleset(name, position)``: a position of any partizan ruleset the ``cgt`` command knows
  (``cgt.partizan.rulesets()`` lists them), drawn as a board, with its options, value and
  report; each ruleset is also a class named after it (``Domineering("4x4")``,
  ``ToadsFrogs("TT..FF")``, ``cgt.partizan``). ``Hackenbush`` pictures; ``Connect4`` and
  ``Mnk`` (``cgt.minimax``); ``ChessPosition`` (``cgt.retro``).
- ``cgt.play``: play any of the games against the perfect player, move by move.
- ``cgt.requests``: any question of the ``cgt`` command by name (``answer("pig", target=20)``),
  answered with the document its ``--json`` prints.
- ``cgt.errors``: the exceptions (``ParseError``, ``InputError``, ``IllegalMoveError``,
  ``LimitError``).
"""

import fractions  # noqa: F401  (exact values are Fractions: load the module with the package)

from . import errors
from ._cgt import (
    DEFAULT_MEMORY_LIMIT,
    ChessPosition,
    Connect4,
    Game,
    Hackenbush,
    HeapGame,
    HeapMoveSplit,
    ImpartialGame,
    LeftDeadEnd,
    LoopyGame,
    MisereQuotient,
    Mnk,
    Nim,
    NimMove,
    Ruleset,
    Script,
    Svg,
    Thermograph,
    Wythoff,
    WythoffMove,
)
from .errors import Error, IllegalMoveError, InputError, LimitError, ParseError
from . import impartial, minimax, partizan, play, requests, retro  # noqa: E402  (the submodules, loaded)
globals().update({name: getattr(partizan, name) for name in partizan.NAMED})  # each ruleset's class

__all__ = [
    "DEFAULT_MEMORY_LIMIT",
    "ChessPosition",
    "Connect4",
    "Error",
    "Game",
    "Hackenbush",
    "HeapGame",
    "HeapMoveSplit",
    "IllegalMoveError",
    "ImpartialGame",
    "InputError",
    "LeftDeadEnd",
    "LimitError",
    "LoopyGame",
    "MisereQuotient",
    "Mnk",
    "Nim",
    "NimMove",
    "ParseError",
    "Ruleset",
    "Script",
    "Svg",
    "Thermograph",
    "Wythoff",
    "WythoffMove",
    "errors",
    "impartial",
    "minimax",
    "partizan",
    "play",
    "requests",
    "retro",
    *partizan.NAMED,
]
