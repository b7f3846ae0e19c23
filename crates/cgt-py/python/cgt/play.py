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

from ._cgt import Session, Turn, rulesets
from ._cgt import play_bridgit as bridgit
from ._cgt import play_chess as chess
from ._cgt import play_connect4 as connect4
from ._cgt import play_cycle as cycle
from ._cgt import play_divisor as divisor
from ._cgt import play_hackenbush as hackenbush
from ._cgt import play_heap_game as heap_game
from ._cgt import play_mnk as mnk
from ._cgt import play_nim as nim
from ._cgt import play_pig as pig
from ._cgt import play_poker as poker
from ._cgt import play_ruleset as ruleset
from ._cgt import play_staircase as staircase
from ._cgt import play_wythoff as wythoff


def _ruleset_play(name):
    def start(position, side="left", memory_limit=None):
        return ruleset(name, position, side, memory_limit)

    start.__name__ = name.replace("-", "_")
    start.__doc__ = (
        f"Plays {name!r} from ``position``; ``side`` (``\"left\"`` or ``\"right\"``) is yours. "
        f"Same as ``ruleset({name!r}, position, side, memory_limit)``."
    )
    return start


#: The functions named after the partizan rulesets (``play.cram(...)``), one per ruleset.
RULESETS = [name.replace("-", "_") for name, _ in rulesets()]
for _name, _ in rulesets():
    globals()[_name.replace("-", "_")] = _ruleset_play(_name)

__all__ = [
    "Session",
    "Turn",
    "bridgit",
    "chess",
    "connect4",
    "cycle",
    "divisor",
    "hackenbush",
    "heap_game",
    "mnk",
    "nim",
    "pig",
    "poker",
    "ruleset",
    "staircase",
    "wythoff",
    *RULESETS,
]
