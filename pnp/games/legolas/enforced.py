"""The rulings the Legolas engine enforces, bound to the numbers it plays from a kit's data
(rulings.toml states every number as a placeholder; see pnp/games/rulings.py)."""

from __future__ import annotations

from ..rulings import Enforced
from .engine import LegolasGame
from .model import Model


def enforced_rulings(model: Model) -> Enforced:
    """The engine's rulings with the numbers it plays from this data (the shipped data's when
    this data builds no engine: validation has said why) and the score track's (L37)."""
    c = model.cards
    try:
        values = LegolasGame(LegolasGame.max_players, c.monsters, c.treasures, c.characters,
                             c.missions).ruling_values()
    except ValueError:
        values = LegolasGame().ruling_values()
    values.update(vp_min=-model.vp_below, vp_max=model.vp_loop - 1, vp_loop=model.vp_loop,
                  vp_twice=2 * model.vp_loop)
    return Enforced(LegolasGame.RULINGS, values)
