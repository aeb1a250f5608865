"""Experior's printed pieces, assembled into the kit: the attack cards and their backs, the role
and player aid cards, the markers, the board and the booklet. Each face is a layout file in the
game folder with the row rows.py gives it (the board's places each fighter's half itself).
Imports go one way: the model, then the faces, then the booklet that shows some of them."""

from __future__ import annotations

from ...errors import Source
from ...faces.draw import LayoutFace
from ...kit import Board, Kit, Piece, Sheet
from ..pieces import layout_face as face
from . import engine
from . import figures  # noqa: F401  (registers the layouts' experior.* figures)
from .model import Card, Model, new_game
from .rows import attack_borrowed, attack_row, marker_row, role_borrowed, role_row, side_row


def attack_card(model: Model, card: Card) -> LayoutFace:
    return face(model, "attack", attack_row(model, card), borrowed=attack_borrowed(model, card))


def side_back(model: Model, sid: str) -> LayoutFace:
    """The back of a side's attack cards."""
    return face(model, "attack_back", side_row(model, sid), copies=True)


def _role_card(model: Model, sid: str) -> LayoutFace:
    # the wounds a fighter starts with are the rules engine's
    start = new_game(model).state_at(human_seat=0).wounds[0]
    return face(model, "role", role_row(model, sid, start), borrowed=role_borrowed(model))


def board(model: Model) -> Board:
    """The board (layouts/board.toml), with the places it gives the kit: each fighter's tracks
    and locked-card slot."""
    W, H = model.board_size
    places = tuple(kind for _ in engine.SIDES
                   for kind in ["wound track", "locked-card slot"]
                   + ["experience track"] * len(engine.TYPES))
    return Board("Board: wound and experience tracks", W, H, face(model, "board", {}), places,
                 printed_on=True)


def build_kit(model: Model, fonts) -> Kit:
    from .booklet import booklet  # (it shows faces made here)

    w, h = model.card_size
    order = {s: i for i, s in enumerate(engine.SIDES)}
    backs = {sid: side_back(model, sid) for sid in model.sides}
    cards = sorted(model.cards, key=lambda cd: (order[cd.side], engine.card_id(cd.type,
                                                                                cd.modality)))
    pieces = [Piece("attack card", f"{model.sides[cd.side].name} {model.card_name(cd)} card",
                    attack_card(model, cd), backs[cd.side], cd.source) for cd in cards]
    rb = face(model, "role_back", {}, copies=True)
    pieces += [Piece("role card", f"{model.sides[sid].name} role card", _role_card(model, sid), rb,
                     model.sides[sid].source) for sid in sorted(model.sides, key=lambda sid: order[sid])]
    turn, end = face(model, "aid_turn", {}, True), face(model, "aid_end", {}, True)
    toml = Source(model.common.folder.toml_path)  # the count is set in game.toml
    pieces += [Piece("player aid card", "player aid card", turn, end, toml, two_sided=True)
               for _ in range(model.aid_cards)]
    d = model.marker_diameter
    kinds = {"wound": "wound marker", "experience": "experience marker"}
    faces: dict[tuple, tuple] = {}
    markers = []
    for mk in sorted(model.markers, key=lambda m: (order[m.side], m.kind != "wound",
                                                    engine.TYPES.index(m.type) if m.type else 0)):
        key = (mk.side, mk.kind, mk.type)
        if key not in faces:  # a marker's front (what it counts) and back (its + value)
            row = marker_row(model, mk)
            faces[key] = (face(model, "marker", row, True), face(model, "marker_back", row, True))
        front, back = faces[key]
        what = "wound" if mk.kind == "wound" else f"{model.attacks[mk.type].name} experience"
        markers.append(Piece(kinds[mk.kind], f"{model.sides[mk.side].name} {what} marker", front,
                             back, mk.source))
    kit = Kit(model.common.title)
    kit.sheets.append(Sheet("Attack, role and aid cards", w, h, tuple(pieces)))
    kit.sheets.append(Sheet("Markers", d, d, tuple(markers), shape="circle",
                            note=f"+{model.wound_cells_beyond} / +{model.experience_flip} on the "
                                 "back", two_sided=True))
    kit.boards.append(board(model))
    kit.booklet = booklet(model)
    return kit
