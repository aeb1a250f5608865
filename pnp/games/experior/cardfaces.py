"""Experior's cards and markers drawn from their layout files: each face is its compiled layout
(model.layouts) with the piece's row (rows.py). Nothing here places anything."""

from __future__ import annotations

from typing import Any

from ...errors import Source
from ...faces.draw import LayoutFace
from ...kit import shared
from . import figures  # noqa: F401  (registers the layouts' experior.* figures)
from .model import Card, Marker, Model, new_game
from .rows import attack_borrowed, attack_row, marker_row, role_borrowed, role_row, side_row


def _face(model: Model, face: str, row: dict[str, Any], copies: bool = False,
          borrowed: dict[str, tuple[Source, str]] | None = None) -> LayoutFace:
    drawer = LayoutFace(model.layouts[face], {**model.layout_names, **row, "row": row}, borrowed)
    if copies:
        shared(drawer)
    return drawer


def attack_card(model: Model, card: Card) -> LayoutFace:
    return _face(model, "attack", attack_row(model, card),
                 borrowed=attack_borrowed(model, card))


def side_back(model: Model, sid: str) -> LayoutFace:
    """The back of a side's attack cards."""
    return _face(model, "attack_back", side_row(model, sid), copies=True)


def role_card(model: Model, sid: str) -> LayoutFace:
    # the wounds a fighter starts with are the rules engine's
    start = new_game(model).state_at(human_seat=0).wounds[0]
    return _face(model, "role", role_row(model, sid, start), borrowed=role_borrowed(model))


def role_back(model: Model) -> LayoutFace:
    return _face(model, "role_back", {}, copies=True)


def aid(model: Model, face: str) -> LayoutFace:
    """A side of the player aid: "aid_turn" or "aid_end"."""
    return _face(model, face, {}, copies=True)


def marker_face(model: Model, marker: Marker, flipped: bool) -> LayoutFace:
    """A marker's front (what it counts) or, flipped, its back (its + value)."""
    return _face(model, "marker_back" if flipped else "marker", marker_row(model, marker),
                 copies=True)
