"""Impartial games: Nim, Wythoff, heap games and their nim-sequences, graphs, Green
Hackenbush, sums of any of them, games of your own. `graph`, `hackenbush` and `sum` return
typed reports: each field of the document `cgt … --json` prints is an attribute (and a key, so
a report compares equal to that document), and ``str(report)`` is the text `cgt` prints.

>>> from cgt import impartial
>>> r = impartial.graph("a b\nb c\na c\nc d", ["a", "b"])
>>> r.value, r.outcome
(2, 'N')
>>> r.winning_moves[0].text
'move token 1 from a to b'
>>> r["value"] == r.value
True

Every name here is also available as ``cgt.<name>``.
"""

from typing import Any, List, Optional, Sequence

from ._cgt import _graph, _hackenbush, _sum
from ._cgt import (
    HeapGame,
    HeapMoveSplit,
    ImpartialGame,
    MisereQuotient,
    Nim,
    NimMove,
    Wythoff,
    WythoffMove,
)


class Fields(dict):
    """A document's object: its fields as keys and as attributes."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def _fields(value: Any, kind: Optional[type] = None) -> Any:
    """`value` with its objects as `Fields` (those in a list of winning moves as `Move`s)."""
    if isinstance(value, dict):
        return (kind or Fields)({k: _fields(v, Move if k == "winning_moves" else None) for k, v in value.items()})
    if isinstance(value, list):
        return [_fields(v, kind) for v in value]
    return value


class Report(Fields):
    """The answer to a question about a position: the fields of `cgt … --json`'s document,
    and ``str(report)``, the text `cgt` prints."""

    def __init__(self, document: dict, text: str) -> None:
        super().__init__(_fields(document))
        self._text = text

    def __getattr__(self, name: str) -> Any:
        if name == "_text":
            raise AttributeError(name)
        return super().__getattr__(name)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict.__repr__(self)})"


class Move(Fields):
    """A winning move: ``text`` in words, with the fields of its kind (``token``, ``from``,
    ``to`` on a graph; ``edge`` in Hackenbush; ``component`` in a sum)."""

    text: str


class GraphReport(Report):
    """Tokens on a graph: ``outcome`` (``"P"``, ``"N"``, or with ``loopy=True`` a draw),
    ``value`` (the Grundy value, or a loopy value), ``winning_moves``."""

    game: str
    position: List[str]
    outcome: str
    value: Any
    winning_moves: List[Move]


class HackenbushReport(Report):
    """A Green Hackenbush picture: ``value`` (its nimber), ``outcome``, ``winning_moves`` (the
    cuts that win)."""

    game: str
    outcome: str
    value: int
    winning_moves: List[Move]


class SumReport(Report):
    """A sum of games: ``component_values``, ``value`` (their nim-sum), ``outcome`` and every
    ``winning_moves`` (the component and the move in it)."""

    game: str
    position: List[str]
    outcome: str
    value: int
    component_values: List[Any]
    winning_moves: List[Move]


def graph(
    source: str,
    tokens: Sequence[str] = (),
    loopy: bool = False,
    misere: bool = False,
    memory_limit: Optional[int] = None,
) -> GraphReport:
    """Tokens on a graph (an edge list or JSON, as text or a file name): outcome, value and
    winning moves, with ``loopy=True`` for graphs with cycles (draws) and ``misere=True`` for
    misère play — `cgt graph`."""
    return GraphReport(*_graph(source, list(tokens), loopy, misere, memory_limit))


def hackenbush(source: str, ground: str = "ground") -> HackenbushReport:
    """A Green Hackenbush picture (edges ``u v``, one per line, as text or a file name;
    ``ground`` names the ground vertex): value and winning cuts — `cgt hackenbush`."""
    return HackenbushReport(*_hackenbush(source, ground))


def sum(components: Sequence[str], memory_limit: Optional[int] = None) -> SumReport:  # noqa: A001
    """The sum of components written as words (``["nim 3 4", "kayles 5 6", "wythoff 1 3",
    "graph dag.txt a b", …]``, as `cgt sum` reads them): each component's value, the total,
    the outcome and every winning move — `cgt sum`."""
    return SumReport(*_sum(list(components), memory_limit))


def misere_census(
    codes: Sequence[str] = (),
    upto: int = 20,
    positions: int = 1_000_000,
    shard: Optional[str] = None,
) -> dict:
    """The census of misère quotients: for every octal game with at most three code digits
    (or only ``codes``), the quotient of its heaps up to ``upto`` or as far as ``positions``
    searched sums a game reach — the document of ``cgt misere-census --json``: ``entries``,
    each with ``code``, ``same_as`` (an earlier code with the same options on every heap up to
    the bound) or ``quotient`` (``reached``, ``order``, ``orders``, ``same_from``, ``stable``,
    ``presentation``, ``stopped``). ``shard="2/4"`` computes one of four parts.

    >>> [e["quotient"]["order"] for e in misere_census(["0.75", "0.07"], upto=12)["entries"]]
    [8, 12]
    """
    from .requests import answer

    return answer(
        "misere-census", codes=list(codes), upto=upto, positions=positions, shard=shard
    )


__all__ = [
    "HeapGame",
    "HeapMoveSplit",
    "ImpartialGame",
    "MisereQuotient",
    "Nim",
    "misere_census",
    "NimMove",
    "Wythoff",
    "WythoffMove",
    "GraphReport",
    "HackenbushReport",
    "Move",
    "Report",
    "SumReport",
    "graph",
    "hackenbush",
    "sum",
]
