"""Legolas vs. Gimli's faces drawn from their layout files: each is the face's compiled layout
(model.layouts) with the row printed.py gives it: the cards, the player aid, the markers and
the score board."""

from __future__ import annotations

from typing import Any

from ...faces.draw import LayoutFace
from ...kit import Board, shared
from . import facts, figures  # noqa: F401  (figures: registers the layouts' legolas.* figures)
from .model import Model, Player
from .printed import (PLAYER_FIELDS, aid_row, board_row, character_row, marker_row, mission_row,
                      monster_row, player_row, signed, treasure_row)


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


def aid(model: Model, side: str) -> LayoutFace:
    """The player aid's front (`aid`: a turn) or back (`aid_back`: the end of a round)."""
    return _face(model, side, aid_row(model.missions, model.characters), copies=True)


def marker(model: Model, player: Player, side: str) -> LayoutFace:
    """A player's marker, `marker` (its seat) or `marker_back` (past the loop's end)."""
    return _face(model, side, marker_row(player, model.vp_loop), copies=True, player=player)


def token(model: Model, face: str) -> LayoutFace:
    """The round marker or the first-player marker (both sides alike)."""
    return _face(model, face, {}, copies=True)


def board(model: Model) -> Board:
    W, H = model.board_size
    n, below = model.vp_loop, model.vp_below
    return Board(f"Score board: {signed(-below)} to {n - 1} VP and the round track", W, H,
                 _face(model, "board", board_row(n, below)), ("score track", "round track"))
