"""Play against the perfect player: one ``Session`` per game, the same sessions the command
line's ``--play`` option runs. Start one with the function named after the game, show it with
``print(session)``, move with ``session.play(...)`` (the text you would type at the prompt)
or ``session.play_index(i)`` (move ``i`` of ``session.legal_moves``), ask ``session.hint()``, take back with
``session.undo()``.

>>> from cgt import play
>>> s = play.wythoff(3, 5)
>>> s.value                        # (3, 5) is a P-position, lost in 4 plies with best play
'loss in 4 plies'
>>> s.play("1 1").reply             # the program answers back into a P-position
'take 4 from heap 2'
>>> s.value
'loss in 2 plies'

An illegal move raises ``cgt.IllegalMoveError`` and changes nothing:

>>> s.play("take a lot")
Traceback (most recent call last):
...
cgt.errors.IllegalMoveError: ...
"""

from ._cgt import Session, Turn
from ._cgt import play_bridgit as bridgit
from ._cgt import play_chess as chess
from ._cgt import play_connect4 as connect4
from ._cgt import play_divisor as divisor
from ._cgt import play_hackenbush as hackenbush
from ._cgt import play_heap_game as heap_game
from ._cgt import play_mnk as mnk
from ._cgt import play_nim as nim
from ._cgt import play_ruleset as ruleset
from ._cgt import play_staircase as staircase
from ._cgt import play_wythoff as wythoff


def domineering(board, side="left", memory_limit=None):
    """Domineering on ``board`` (``"4x4"`` or rows ``"../.."``); ``side`` ``"left"`` plays the
    vertical dominoes, ``"right"`` the horizontal ones.
    Same as ``ruleset("domineering", board, side, memory_limit)``."""
    return ruleset("domineering", board, side, memory_limit)


def toads_frogs(row, side="left", memory_limit=None):
    """Toads and Frogs on ``row`` (``"TT..FF"``); ``side`` ``"left"`` plays the toads.
    Same as ``ruleset("toads-frogs", row, side, memory_limit)``."""
    return ruleset("toads-frogs", row, side, memory_limit)


def clobber(rows, side="left", memory_limit=None):
    """Clobber on ``rows`` (``"xoxo/oxox"``); ``side`` ``"left"`` plays the ``x`` stones.
    Same as ``ruleset("clobber", rows, side, memory_limit)``."""
    return ruleset("clobber", rows, side, memory_limit)


def col(rows, side="left", memory_limit=None):
    """Col on ``rows`` (``"..../x..o"``); ``side`` ``"left"`` colours blue.
    Same as ``ruleset("col", rows, side, memory_limit)``."""
    return ruleset("col", rows, side, memory_limit)


def snort(rows, side="left", memory_limit=None):
    """Snort on ``rows`` (``"..../x..o"``); ``side`` ``"left"`` colours blue.
    Same as ``ruleset("snort", rows, side, memory_limit)``."""
    return ruleset("snort", rows, side, memory_limit)


def toppling_dominoes(rows, side="left", memory_limit=None):
    """Toppling Dominoes on ``rows`` (``"LRGLRR GLRG"``); ``side`` ``"left"`` topples blue.
    Same as ``ruleset("toppling-dominoes", rows, side, memory_limit)``."""
    return ruleset("toppling-dominoes", rows, side, memory_limit)


def amazons(rows, side="left", memory_limit=None):
    """Amazons on ``rows`` (``"x..#/...o"``); ``side`` ``"left"`` moves the ``x`` amazons.
    Same as ``ruleset("amazons", rows, side, memory_limit)``."""
    return ruleset("amazons", rows, side, memory_limit)


def konane(rows, side="left", memory_limit=None):
    """Konane on ``rows`` (``"xo.o./o.x.x"``); ``side`` ``"left"`` jumps with the ``x`` stones.
    Same as ``ruleset("konane", rows, side, memory_limit)``."""
    return ruleset("konane", rows, side, memory_limit)


def ski_jumps(rows, side="left", memory_limit=None):
    """Ski Jumps on ``rows`` (``"L..../..R.."``); ``side`` ``"left"`` moves the ``L`` skiers.
    Same as ``ruleset("ski-jumps", rows, side, memory_limit)``."""
    return ruleset("ski-jumps", rows, side, memory_limit)


def fission(rows, side="left", memory_limit=None):
    """Fission on ``rows`` (``"..../.x../..x./...."``); ``side`` ``"left"`` splits vertically.
    Same as ``ruleset("fission", rows, side, memory_limit)``."""
    return ruleset("fission", rows, side, memory_limit)


__all__ = [
    "Session",
    "Turn",
    "amazons",
    "bridgit",
    "chess",
    "clobber",
    "col",
    "connect4",
    "divisor",
    "domineering",
    "fission",
    "hackenbush",
    "heap_game",
    "konane",
    "mnk",
    "nim",
    "ruleset",
    "ski_jumps",
    "snort",
    "staircase",
    "toads_frogs",
    "toppling_dominoes",
    "wythoff",
]
