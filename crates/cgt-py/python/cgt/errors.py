"""The exceptions cgt raises, each carrying the library's one-line message.

Every one is a ``cgt.Error``; each is also the built-in exception it stands for, so code that
catches ``ValueError`` or ``MemoryError`` keeps working.
"""


class Error(Exception):
    """Any failure reported by cgt."""


class ParseError(Error, ValueError):
    """Text that does not parse: a game's notation, a board, a heap game's code."""


class InputError(Error, ValueError):
    """A well-formed input the library refuses: out of range, not a move, not finite."""


class IllegalMoveError(InputError):
    """A move a play session cannot make (not legal, or not understood); nothing changes."""


class LimitError(Error, MemoryError):
    """Work that would pass its memory or size limit (refused up front, or stopped)."""


__all__ = ["Error", "ParseError", "InputError", "IllegalMoveError", "LimitError"]
