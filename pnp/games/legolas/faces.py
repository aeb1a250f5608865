"""Legolas vs. Gimli's printed pieces, assembled into the kit: every name, number and colour
comes from the model (the card data) or from the rules' facts. Imports go one way: the model,
then the drawings of each kind of piece, then this assembly."""

from __future__ import annotations

from ...errors import Source
from ...kit import Kit, Piece, Sheet
from . import facts
from .model import Model
from .printed import title_case
from .cardfaces import (aid, back as common_back, board, character_card, marker, mission_back,
                        mission_card, monster_card, token, treasure_card)
from .booklet import booklet


# ---- the kit -------------------------------------------------------------------------------------
def build(model: Model, fonts) -> Kit:
    w, h = model.card_size
    order = {s: i for i, s in enumerate(facts.SUITS)}
    mback = common_back(model, "monster")
    monsters = sorted(zip(model.monsters, model.monster_sources),
                      key=lambda ms: (order.get(ms[0].suit, 9), ms[1].row or 0))
    pieces = [Piece("monster card", f"{title_case(m.suit)} {m.value} {m.element}"
                    + (f" {m.kind}" if m.kind else "") + " monster card",
                    monster_card(model, m), mback, src) for m, src in monsters]
    kit = Kit(model.common.title)
    kit.sheets.append(Sheet("Monster cards", w, h, tuple(pieces), note="one common back"))
    tback, cback = common_back(model, "treasure"), common_back(model, "character")
    pieces = [Piece("treasure card", f"{t.name} treasure card", treasure_card(model, t), tback,
                    src) for t, src in model.treasure_rows()]
    for ch, src in model.character_rows():
        face = character_card(model, ch)
        pieces += [Piece("character card", f"{ch.name} character card", face, cback, src)
                   for _ in range(ch.copies)]
    turn, scoring = aid(model, "aid"), aid(model, "aid_back")
    toml = Source(model.common.folder.toml_path)  # counts and texts set in game.toml
    pieces += [Piece("player aid card", "player aid card", turn, scoring, toml,
                       two_sided=True)
               for _ in range(model.aid_cards)]
    kit.sheets.append(Sheet("Treasure, character and player aid cards", w, h, tuple(pieces),
                            note="player aid: scoring on the back"))
    pieces = []
    for p in model.players:
        back = mission_back(model, p)
        pieces += [Piece("mission card", f"{p.name} {m.name} mission card",
                         mission_card(model, m, p), back, src) for m, src in model.mission_rows()]
    kit.sheets.append(Sheet("Mission cards", w, h, tuple(pieces),
                            note=f"{len(model.missions)} per player colour"))
    d = model.token_diameter
    tokens = [Piece("player marker", f"{p.name} player marker", marker(model, p, "marker"),
                    marker(model, p, "marker_back"), p.source) for p in model.players]
    rm, fm = token(model, "round_marker"), token(model, "first_marker")
    tokens.append(Piece("round marker", "round marker", rm, rm, toml))
    tokens.append(Piece("first-player marker", "first-player marker", fm, fm, toml))
    kit.sheets.append(Sheet("Markers", d, d, tuple(tokens), shape="circle",
                            note=f"player markers: +{model.vp_loop} on the back", two_sided=True))
    kit.boards.append(board(model))
    kit.booklet = booklet(model)
    return kit
