"""What each Experior face prints, as the row its layout file draws from. The layouts themselves
are data, in the game folder (layouts/*.toml, chosen under [layouts] in game.toml); their
drawings no box expresses are figures.py. Nothing here draws.

A face's row is its data file's row as the rules engine reads it (cards.csv, sides.csv,
markers.csv: the same columns), plus the cells of the other files it shows, prefixed by what
they are (a card's `attack_name` is its type's name in attacks.csv). Every layout may also name
the game's tables (`attacks`, `modalities`, `sides`, by their key column), `options` and `board`
(game.toml's, as the engine and the board use them), the tracks' ranges, `order` (the winning
order in the data's names), `geo` (where the board's geometry puts a half's tracks and
locked-card slot) and the palette's colours and `game`."""

from __future__ import annotations

from typing import Any

from ...data.colours import hex_colour
from ...data.game import GameFolder
from ...data.layouts.compiled import Layout
from ...errors import Source
from ...units import MM
from .. import base
from ..base import Common, layout_constants
from . import engine
from .geometry import MARGIN, STRIP, board_layout
from .model import Card, Marker, Model

SIDE = ("side", "name", "colour", "ink", *engine.TYPES)          # sides.csv
ATTACK = ("side", "type", "modality", "multiplier",               # cards.csv
          "attack_name", "attack_colour", "colour_name", "modality_name", "side_name",
          "side_colour", "side_ink")
MARKER = ("side", "marker", "type",                               # markers.csv
          "side_name", "side_colour", "side_ink", "attack_name", "attack_colour")
ROLE = (*SIDE, "start_wounds", *(f"{t}_name" for t in engine.TYPES))  # a role card
COLUMNS: dict[str, tuple[str, ...]] = {
    "attack": ATTACK, "attack_back": SIDE, "role": ROLE, "role_back": (),
    "aid_turn": (), "aid_end": (), "marker": MARKER, "marker_back": MARKER,
    "board": (),  # (it places board-half.toml with each side's row of sides.csv)
    "order": (),  # the booklet's figure of the winning order
}


def chain() -> list[str]:
    """The winning order from the engine, back to where it started: sword, bow, magic, sword."""
    types = [engine.TYPES[0]]
    while len(types) <= len(engine.TYPES):
        types.append(engine.BEATS[types[-1]])
    return types


def load_layouts(folder: GameFolder, common: Common, names: dict[str, Any]) -> dict[str, Layout]:
    """Each face's layout file, checked against its row's columns (base.load_layouts)."""
    return base.load_layouts(folder, common, COLUMNS, names)


def layout_names(model: Model) -> dict[str, Any]:
    """What every Experior layout may name besides its row (see the module's docstring)."""
    # a row the rules need but the data lacks has been noted when loading (nothing is drawn
    # from such data): a blank row stands in, so the layouts can still be checked
    blank = {"name": "", "colour": "#000000", "ink": "#ffffff", "colour_name": "", "beats": "",
             "multiplier": 0, **{t: 0 for t in engine.TYPES}}
    attacks = {t: {**blank, "type": t} for t in engine.TYPES}
    attacks.update({t: {"type": a.id, "name": a.name, "colour": hex_colour(a.colour),
                        "colour_name": a.colour_name, "beats": a.beats}
                    for t, a in model.attacks.items()})
    modalities = {m: {**blank, "modality": m} for m in engine.MODALITIES}
    modalities.update({m: {"modality": mod.id, "name": mod.name, "multiplier": mod.multiplier}
                       for m, mod in model.modalities.items()})
    sides = {s: {**blank, "side": s} for s in engine.SIDES}
    sides.update({s: side_row(model, s) for s in model.sides})
    wound, exp = model.wound_track, model.experience_track
    return {
        **layout_constants(model.common),
        "attacks": attacks, "modalities": modalities,
        "sides": sides,
        "options": {"wound_limit": model.wound_limit, "bonus_multiplier": model.bonus_multiplier,
                    "max_turns": model.max_turns, "aid_cards": model.aid_cards},
        "board": {"width": model.board_size[0] / MM, "height": model.board_size[1] / MM,
                  "wound_cells_beyond": model.wound_cells_beyond,
                  "experience_cells": model.experience_cells,
                  "experience_flip": model.experience_flip},
        "wound_track": {"first": wound[0] if wound else 0, "last": wound[-1] if wound else 0},
        "experience_track": {"first": exp[0], "last": exp[-1]},
        "order": " > ".join(model.attacks[t].name for t in chain()
                            if t in model.attacks),
        "geo": half_geometry(model),
    }


def side_row(model: Model, sid: str) -> dict[str, Any]:
    """A row of sides.csv."""
    s = model.sides[sid]
    return {"side": s.id, "name": s.name, "colour": hex_colour(s.colour),
            "ink": hex_colour(s.ink), **{t: s.start[t] for t in engine.TYPES}}


def role_row(model: Model, sid: str, start_wounds: int) -> dict[str, Any]:
    """A row of sides.csv, with the wounds a fighter starts with and each attack type's name."""
    return {**side_row(model, sid), "start_wounds": start_wounds,
            **{f"{t}_name": model.attacks[t].name for t in engine.TYPES}}


def role_borrowed(model: Model) -> dict[str, tuple[Source, str]]:
    return {f"{t}_name": (model.attacks[t].source, "name") for t in engine.TYPES}


def attack_row(model: Model, card: Card) -> dict[str, Any]:
    """A row of cards.csv, with its type's row of attacks.csv, its modality's name and its
    side's name and colours."""
    a, side = model.attacks[card.type], model.sides[card.side]
    return {"side": card.side, "type": card.type, "modality": card.modality,
            "multiplier": card.multiplier, "attack_name": a.name,
            "attack_colour": hex_colour(a.colour), "colour_name": a.colour_name,
            "modality_name": model.modalities[card.modality].name, "side_name": side.name,
            "side_colour": hex_colour(side.colour), "side_ink": hex_colour(side.ink)}


def attack_borrowed(model: Model, card: Card) -> dict[str, tuple[Source, str]]:
    """The attack card's columns that come from another file's row, with that row and field: a
    name too long for its box is named there, as the data's own mistake."""
    a, side = model.attacks[card.type], model.sides[card.side]
    return {"attack_name": (a.source, "name"), "colour_name": (a.source, "colour_name"),
            "modality_name": (model.modalities[card.modality].source, "name"),
            "side_name": (side.source, "name")}


def marker_row(model: Model, marker: Marker) -> dict[str, Any]:
    """A row of markers.csv, with its side's name and colours and its type's name and colour
    (empty for a wound marker)."""
    side = model.sides[marker.side]
    a = model.attacks.get(marker.type)
    return {"side": marker.side, "marker": marker.kind, "type": marker.type,
            "side_name": side.name, "side_colour": hex_colour(side.colour),
            "side_ink": hex_colour(side.ink), "attack_name": a.name if a else "",
            "attack_colour": hex_colour(a.colour) if a else ""}


def half_geometry(model: Model) -> dict[str, Any]:
    """Where the board's geometry (geometry.py) puts a half's tracks and locked-card slot, in
    mm, measured in the half from its top-left corner as layouts are (the fighter sits at the
    bottom edge); `half_h` and `strip` are the half's height and the band's between them."""
    g = board_layout(model)
    top = g["half_h"] - g["top"]  # the tracks' top edge, from the half's top
    xs = {t: (MARGIN + 10 * g["cell_w"] + g["gap"] + k * (g["cell_w"] + g["col_gap"])) / MM
          for k, t in enumerate(engine.TYPES)}
    slot_w, slot_h = g["slot"]
    return {"margin": MARGIN / MM, "top": top / MM, "cell_w": g["cell_w"] / MM,
            "wound_w": 10 * g["cell_w"] / MM, "wound_h": g["rows"] * g["cell_h"] / MM,
            "exp_x": xs, "exp_w": g["cell_w"] / MM,
            "exp_h": len(model.experience_track) * g["exp_h"] / MM,
            "exp_span": (len(engine.TYPES) * g["cell_w"]
                         + (len(engine.TYPES) - 1) * g["col_gap"]) / MM,
            "gap": g["gap"] / MM, "slot_w": slot_w / MM, "slot_h": slot_h / MM,
            "half_h": g["half_h"] / MM, "strip": STRIP / MM}
