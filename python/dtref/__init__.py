"""dtref: the Doomtrooper engine as a library (docs/library.md).

`Game` plays, observes, clones and determinizes games; `dtref.bot` runs a
policy as a refereed stdio bot; `dtref.env` is a multi-agent RL environment.
"""
from ._engine import Game, deck_names, feature_size, new_game

__all__ = ["Game", "new_game", "deck_names", "feature_size"]
