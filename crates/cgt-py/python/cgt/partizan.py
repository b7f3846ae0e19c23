"""Short partizan games in canonical form, their rulesets as boards, and thermographs.

``Game`` is a value (``Game("{1|*}")``, ``Game.domineering("4x4")``). Every ruleset the
``cgt`` command knows (``rulesets()`` lists them) is a class named after it —
``Domineering``, ``ToadsFrogs``, ``Cram``, ``PartizanSubtraction``, … — whose positions are
drawn as boards in a notebook, with their options for either player, ``value()`` (a ``Game``),
``misere_outcome()`` and ``report()``, the document ``cgt NAME … --json`` prints; each such
class is ``Ruleset(name, position)`` with the name filled in, and ``Game.NAME(position)``
(``-`` written ``_``) is its value. ``Hackenbush`` is a picture of edges. ``LoopyGame`` is a
game whose positions may repeat (``LoopyGame("upon + *")``): outcomes with draws, stoppers'
simplest forms, sides.

>>> from cgt.partizan import Domineering
>>> Domineering("..#/...").value()
Game("+-1")
>>> Domineering("..#/...").options("right")[0]
Domineering("###/...")

Every name here is also available as ``cgt.<name>``.
"""

from ._cgt import Game, Hackenbush, LoopyGame, Ruleset, Thermograph, _ruleset_help, rulesets


def class_name(name):
    """The class named after ruleset ``name``: ``"toads-frogs"`` → ``"ToadsFrogs"``."""
    return "".join(part.capitalize() for part in name.split("-"))


def _named_class(name, rules, notation, example):
    def __new__(cls, position):
        return Ruleset.__new__(cls, name, position)

    doc = (
        f"{rules} {notation}\n\nA position of ruleset {name!r}: "
        f"``{class_name(name)}(position)`` is ``Ruleset({name!r}, position)``, "
        f"for instance ``{class_name(name)}({example!r})``."
    )
    return type(
        class_name(name),
        (Ruleset,),
        {"__new__": __new__, "__doc__": doc, "__module__": __name__, "__slots__": ()},
    )


def _value_of(name):
    def value(position, memory_limit=None, progress=None):
        return Game.ruleset(name, position, memory_limit, progress)

    value.__name__ = name.replace("-", "_")
    value.__doc__ = f"The value of a position of {name!r}: ``Game.ruleset({name!r}, position)``."
    return staticmethod(value)


#: The classes named after the rulesets, in the order ``rulesets()`` lists them.
NAMED = []
for _name, _rules, _notation, _example in _ruleset_help():
    _class = _named_class(_name, _rules, _notation, _example)
    globals()[_class.__name__] = _class
    NAMED.append(_class.__name__)
    setattr(Game, _name.replace("-", "_"), _value_of(_name))

__all__ = [
    "Game",
    "Hackenbush",
    "LoopyGame",
    "Ruleset",
    "Thermograph",
    "NAMED",
    "class_name",
    "rulesets",
    *NAMED,
]
