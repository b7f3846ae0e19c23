"""Combinatorial game theory in Python, computed by the cgt Rust libraries.

>>> import cgt
>>> cgt.Game("^ + ^ + *")
Game("^^*")
>>> cgt.Game.domineering("2x3").thermograph().temperature
Fraction(5, 4)

- ``Game``: short partizan games in canonical form (``Game("{1|*}")``,
  ``Game.domineering("4x4")``, ``Game.toads_frogs("TT..FF")``, ``Game.clobber("xo/ox")``, ``Game.col("...")``, ``Game.snort("...")``, ``Game.toppling_dominoes("LRG")``, ``Game.amazons("x.../...o")``, ``Game.konane("xo.o.")``, ``Game.ski_jumps("L../..R")``, ``Game.fission("./x/.")``), with
  ``+``, ``-``, comparisons, ``fuzzy``, stops, mean, temperature and ``thermograph()``.
- ``Nim`` and ``HeapGame`` (octal and subtraction games, Grundy's game): outcomes, Grundy
  values, typed winning moves, nim-sequences as buffers and certified periods.
- ``ImpartialGame``: a game of your own, given by a Python function ``options(position)``,
  solved by the Rust solver (normal and misère play).
- ``Script``: a game written in Rhai, as ``cgt script`` reads it.
- ``Domineering``, ``Clobber``, ``Col``, ``Snort``, ``TopplingDominoes``, ``Amazons``,
  ``Konane``, ``SkiJumps``, ``Fission``, ``ToadsFrogs``, ``Hackenbush``: positions drawn as boards, with
  their options and values (``cgt.partizan``); ``Connect4`` and ``Mnk`` (``cgt.minimax``);
  ``ChessPosition`` (``cgt.retro``).
- ``Ruleset(name, position)``: a position of any partizan ruleset the ``cgt`` command knows
  (``cgt.partizan.rulesets()`` lists them), with its options, value and report.
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
    Amazons,
    ChessPosition,
    Clobber,
    Col,
    Connect4,
    Domineering,
    Fission,
    Game,
    Hackenbush,
    HeapGame,
    HeapMoveSplit,
    ImpartialGame,
    Konane,
    LeftDeadEnd,
    LoopyGame,
    MisereQuotient,
    Mnk,
    Nim,
    NimMove,
    Ruleset,
    Script,
    SkiJumps,
    Snort,
    Svg,
    Thermograph,
    ToadsFrogs,
    TopplingDominoes,
    Wythoff,
    WythoffMove,
)
from .errors import Error, IllegalMoveError, InputError, LimitError, ParseError
from . import impartial, minimax, partizan, play, requests, retro  # noqa: E402  (the submodules, loaded)

__all__ = [
    "DEFAULT_MEMORY_LIMIT",
    "Amazons",
    "ChessPosition",
    "Clobber",
    "Col",
    "Connect4",
    "Domineering",
    "Error",
    "Fission",
    "Game",
    "Hackenbush",
    "HeapGame",
    "HeapMoveSplit",
    "IllegalMoveError",
    "ImpartialGame",
    "Konane",
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
    "SkiJumps",
    "Snort",
    "Svg",
    "Thermograph",
    "ToadsFrogs",
    "TopplingDominoes",
    "Wythoff",
    "WythoffMove",
    "errors",
    "impartial",
    "minimax",
    "partizan",
    "play",
    "requests",
    "retro",
]
