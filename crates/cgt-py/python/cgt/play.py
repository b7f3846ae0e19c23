"""Play against the perfect player: one ``Session`` per game, the same sessions the command
line's ``--play`` option runs. Start one with the function named after the game, show it with
``print(session)``, move with ``session.play(...)`` (the text you would type at the prompt)
or ``session.play_index(i)`` (move ``i`` of ``session.legal_moves``), ask ``session.hint()``, take back with
``session.undo()``.

>>> from cgt import play
>>> s = play.wythoff(3, 5)
>>> s.value                        # (3, 5) is a P-position
'loss'
>>> s.play("1 1").reply is not None
True
>>> s.value
'loss'

An illegal move raises ``cgt.IllegalMoveError`` and changes nothing:

>>> s.play("take a lot")
Traceback (most recent call last):
...
cgt.errors.IllegalMoveError: ...
"""

from ._cgt import Session, Turn
from ._cgt import play_amazons as amazons
from ._cgt import play_bridgit as bridgit
from ._cgt import play_chess as chess
from ._cgt import play_clobber as clobber
from ._cgt import play_col as col
from ._cgt import play_connect4 as connect4
from ._cgt import play_divisor as divisor
from ._cgt import play_domineering as domineering
from ._cgt import play_fission as fission
from ._cgt import play_hackenbush as hackenbush
from ._cgt import play_heap_game as heap_game
from ._cgt import play_konane as konane
from ._cgt import play_mnk as mnk
from ._cgt import play_nim as nim
from ._cgt import play_ski_jumps as ski_jumps
from ._cgt import play_snort as snort
from ._cgt import play_staircase as staircase
from ._cgt import play_toads_frogs as toads_frogs
from ._cgt import play_toppling_dominoes as toppling_dominoes
from ._cgt import play_wythoff as wythoff

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
    "ski_jumps",
    "snort",
    "staircase",
    "toads_frogs",
    "toppling_dominoes",
    "wythoff",
]
