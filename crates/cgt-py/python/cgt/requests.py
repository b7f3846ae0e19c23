"""Any question of the ``cgt`` command by its name, answered as the command's ``--json``
document (a dict): ``answer("nim", heaps=[3, 4, 5])``. The keyword arguments are the
command's arguments by name (``heaps``, ``misere``, ``explain``, ``board`` for a ruleset, …),
the same fields the web API's ``/api/COMMAND`` reads; ``commands()`` lists the names.

>>> from cgt.requests import answer, commands
>>> answer("nim", heaps=[1, 1, 2], misere=True)["outcome"]
'N'
>>> answer("mex", values=[0, 1, 3])["mex"]
2
>>> "partizan-subtraction" in commands()
True

``text(COMMAND, lang=…, …)`` is what the command prints, worded in English, Russian,
Bulgarian or Chinese (``lang="en"``, ``"ru"``, ``"bg"``, ``"zh"``) — the derivations of the
lessons' games as a teacher would write them:

>>> from cgt.requests import text
>>> print(text("nim", lang="bg", heaps=[3, 4, 5]).splitlines()[0])
Позиция от ним (3, 4, 5): печеливша позиция (N): играчът на ход печели
"""

from ._cgt import answer, commands, text

__all__ = ["answer", "commands", "text"]
