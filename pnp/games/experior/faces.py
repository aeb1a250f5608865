"""Experior's printed pieces, assembled into the kit: the attack cards and their backs, the role
and player aid cards, the markers, the board and the booklet. Each face is a layout file in the
game folder (cardfaces.py, board.py); what they print is the data's (rows.py). Imports go one
way: the model, then the faces of each kind of piece, then this assembly."""

from __future__ import annotations

from ...errors import Source
from ...kit import Kit, Piece, Sheet
from . import engine
from .board import board
from .booklet import booklet
from .cardfaces import aid, attack_card, marker_face, role_back, role_card, side_back
from .model import Model


def build_kit(model: Model, fonts) -> Kit:
    w, h = model.card_size
    order = {s: i for i, s in enumerate(engine.SIDES)}
    backs = {sid: side_back(model, sid) for sid in model.sides}
    cards = sorted(model.cards, key=lambda cd: (order[cd.side], engine.card_id(cd.type,
                                                                                cd.modality)))
    pieces = [Piece("attack card", f"{model.side(cd.side).name} {model.card_name(cd)} card",
                    attack_card(model, cd), backs[cd.side], cd.source) for cd in cards]
    rb = role_back(model)
    pieces += [Piece("role card", f"{model.side(sid).name} role card", role_card(model, sid), rb,
                     model.side(sid).source) for sid in sorted(model.sides, key=lambda sid: order[sid])]
    turn, end = aid(model, "aid_turn"), aid(model, "aid_end")
    toml = Source(model.common.folder.toml_path)  # the count is set in game.toml
    pieces += [Piece("player aid card", "player aid card", turn, end, toml,
                       two_sided=True)
               for _ in range(model.aid_cards)]
    d = model.marker_diameter
    kinds = {"wound": "wound marker", "experience": "experience marker"}
    faces: dict[tuple, tuple] = {}
    markers = []
    for mk in sorted(model.markers, key=lambda m: (order[m.side], m.kind != "wound",
                                                    engine.TYPES.index(m.type) if m.type else 0)):
        key = (mk.side, mk.kind, mk.type)
        if key not in faces:
            faces[key] = (marker_face(model, mk, False), marker_face(model, mk, True))
        front, back = faces[key]
        what = "wound" if mk.kind == "wound" else f"{model.attacks[mk.type].name} experience"
        markers.append(Piece(kinds[mk.kind], f"{model.side(mk.side).name} {what} marker", front,
                             back, mk.source))
    kit = Kit(model.common.title)
    kit.sheets.append(Sheet("Attack, role and aid cards", w, h, tuple(pieces)))
    kit.sheets.append(Sheet("Markers", d, d, tuple(markers), shape="circle",
                            note=f"+{model.wound_cells_beyond} / +{model.experience_flip} on the "
                                 "back", two_sided=True))
    kit.boards.append(board(model))
    kit.booklet = booklet(model)
    return kit
