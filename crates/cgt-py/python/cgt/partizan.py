"""Short partizan games in canonical form, their rulesets and thermographs.

Every name here is also available as ``cgt.<name>``.
"""

from ._cgt import Game, Thermograph

__all__ = ["Game", "Thermograph"]
