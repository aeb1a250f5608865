"""Experior's kit protocol (pnp/games/registry.py): the data (data.py, into model.py's Model),
its checks against the rules engine (checks.py), what the rules need printed, and the engine
built from the data. The faces are layout files in the game folder, assembled by faces.py."""

from __future__ import annotations

from collections import Counter

from ..facts import Side as FactSide
from . import engine
from .checks import validate
from .data import TABLES, load  # noqa: F401 (the game module's API)
from .geometry import tracks
from .model import Model, enforced_rulings, new_game

__all__ = ["TABLES", "load", "validate", "tracks", "enforced_rulings", "new_game", "required_kit",
           "engine_class", "sides"]


def required_kit(model: Model) -> Counter:
    """What the rules need printed, from the engine's facts."""
    sides = len(engine.SIDES)
    return Counter({
        "attack card": sides * engine.NUM_CARDS,
        "role card": sides,
        "player aid card": model.aid_cards,
        "wound marker": sides,
        "experience marker": sides * len(engine.TYPES),
        "wound track": sides,
        "experience track": sides * len(engine.TYPES),
        "locked-card slot": sides,
    })


def engine_class(model: Model) -> type[engine.ExperiorGame]:
    return engine.ExperiorGame


def sides(model: Model) -> list[FactSide]:
    return [FactSide(s.id, s.name, s.source) for s in model.sides.values()]

