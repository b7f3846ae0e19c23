"""Short partizan games in canonical form, their rulesets as boards, and thermographs.

``Game`` is a value (``Game("{1|*}")``, ``Game.domineering("4x4")``); ``Amazons``, ``Domineering``,
``Clobber``, ``Col``, ``Snort``, ``TopplingDominoes``, ``Konane``, ``SkiJumps``, ``Fission``,
``ToadsFrogs`` and ``Hackenbush`` are positions — drawn as boards in a notebook —
with their options for either player and ``value()``, a ``Game``. ``Ruleset(name, position)``
is a position of any ruleset the ``cgt`` command knows, by its name (``rulesets()`` lists
them), with its options, ``value()`` and ``report()``, the document ``cgt NAME … --json``
prints. ``LoopyGame`` is a game whose
positions may repeat (``LoopyGame("upon + *")``): outcomes with draws, stoppers' simplest forms,
sides.

>>> from cgt.partizan import Domineering
>>> Domineering("..#/...").value()
Game("+-1")

Every name here is also available as ``cgt.<name>``.
"""

from ._cgt import (
    Amazons,
    Clobber,
    Col,
    Domineering,
    Fission,
    Game,
    Hackenbush,
    Konane,
    LoopyGame,
    Ruleset,
    SkiJumps,
    Snort,
    Thermograph,
    ToadsFrogs,
    TopplingDominoes,
    rulesets,
)

__all__ = [
    "Amazons",
    "Clobber",
    "Col",
    "Domineering",
    "Fission",
    "Game",
    "Hackenbush",
    "Konane",
    "LoopyGame",
    "Ruleset",
    "SkiJumps",
    "Snort",
    "Thermograph",
    "ToadsFrogs",
    "TopplingDominoes",
    "rulesets",
]
