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
"""

from ._cgt import answer, commands

__all__ = ["answer", "commands"]
