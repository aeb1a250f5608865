"""Legolas vs. Gimli's cards drawn from their layout files: each face is the kind's compiled
layout (model.layouts) with the card's printed row (printed.py)."""

from __future__ import annotations

from typing import Any

from ...faces.draw import LayoutFace
from ...kit import shared
from . import facts, figures  # noqa: F401  (figures: registers the layouts' legolas.* figures)
from .model import Model, Player
from .printed import (PLAYER_FIELDS, character_row, mission_row, monster_row, player_row,
                      treasure_row)


def _face(model: Model, face: str, row: dict[str, Any], copies: bool = False,
          player: Player | None = None) -> LayoutFace:
    # a player's columns come from players.csv: a problem with them is named there
    borrowed = {k: (player.source, f) for k, f in PLAYER_FIELDS.items()} if player else None
    drawer = LayoutFace(model.layouts[face], {**model.layout_names, **row, "row": row}, borrowed)
    if copies:
        shared(drawer)
    return drawer


def _rulings(model: Model) -> set[str]:
    return {r.id for r in model.common.rulings}


def monster_card(model: Model, m: facts.Monster) -> LayoutFace:
    return _face(model, "monster", monster_row(m, model.suits.get(m.suit, "")))


def treasure_card(model: Model, t: facts.Treasure) -> LayoutFace:
    return _face(model, "treasure", treasure_row(t, _rulings(model)))


def character_card(model: Model, ch: facts.Character) -> LayoutFace:
    return _face(model, "character", character_row(ch), copies=True)  # its copies share it


def mission_card(model: Model, mission: facts.Mission, player: Player) -> LayoutFace:
    return _face(model, "mission", {**mission_row(mission, _rulings(model)),
                                    **player_row(player)}, player=player)


def back(model: Model, kind: str) -> LayoutFace:
    """The common back of monster, treasure or character cards."""
    return _face(model, f"{kind}_back", {}, copies=True)


def mission_back(model: Model, player: Player) -> LayoutFace:
    return _face(model, "mission_back", player_row(player), copies=True, player=player)
