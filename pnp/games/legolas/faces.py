"""Legolas vs. Gimli's printed pieces, assembled into the kit: each face is its layout file
(model.layouts) with the row printed.py gives it, every name, number and colour from the model
(the card data) or from the rules' facts. The booklet shows some of these faces."""

from __future__ import annotations

from ...errors import Source
from ...faces.draw import LayoutFace
from ...kit import Board, Kit, Piece, Sheet
from ..base import borrowed_from
from ..pieces import layout_face as face
from . import facts, figures  # noqa: F401  (figures: registers the layouts' legolas.* figures)
from .model import Model, Player
from .printed import (PLAYER_FIELDS, aid_row, board_row, character_row, marker_row, mission_row,
                      monster_row, player_row, signed, title_case, treasure_row)


def _rulings(model: Model) -> set[str]:
    return {r.id for r in model.common.rulings}


def monster_card(model: Model, m: facts.Monster) -> LayoutFace:
    return face(model, "monster", monster_row(m, model.suits.get(m.suit, "")))


def treasure_card(model: Model, t: facts.Treasure) -> LayoutFace:
    return face(model, "treasure", treasure_row(t, _rulings(model)))


def character_card(model: Model, ch: facts.Character) -> LayoutFace:
    return face(model, "character", character_row(ch), copies=True)  # its copies share it


def mission_card(model: Model, mission: facts.Mission, player: Player) -> LayoutFace:
    # a player's columns come from players.csv: a problem with them is named there
    return face(model, "mission", {**mission_row(mission, _rulings(model)), **player_row(player)},
                borrowed=borrowed_from(player.source, PLAYER_FIELDS))


def back(model: Model, kind: str) -> LayoutFace:
    """The common back of monster, treasure or character cards."""
    return face(model, f"{kind}_back", {}, copies=True)


def _player_face(model: Model, side: str, row: dict, player: Player) -> LayoutFace:
    return face(model, side, row, True, borrowed_from(player.source, PLAYER_FIELDS))


def board(model: Model) -> Board:
    W, H = model.board_size
    n, below = model.vp_loop, model.vp_below
    return Board(f"Score board: {signed(-below)} to {n - 1} VP and the round track", W, H,
                 face(model, "board", board_row(n, below)), ("score track", "round track"),
                 printed_on=True)


def build(model: Model, fonts) -> Kit:
    from .booklet import booklet  # (it shows faces made here)

    w, h = model.card_size
    order = {s: i for i, s in enumerate(facts.SUITS)}
    mback = back(model, "monster")
    cards = model.cards
    monsters = sorted(zip(cards.monsters, cards.monster_sources),
                      key=lambda ms: (order.get(ms[0].suit, 9), ms[1].row or 0))
    pieces = [Piece("monster card", f"{title_case(m.suit)} {m.value} {m.element}"
                    + (f" {m.kind}" if m.kind else "") + " monster card",
                    monster_card(model, m), mback, src) for m, src in monsters]
    kit = Kit(model.common.title)
    kit.sheets.append(Sheet("Monster cards", w, h, tuple(pieces), note="one common back"))
    tback, cback = back(model, "treasure"), back(model, "character")
    pieces = [Piece("treasure card", f"{t.name} treasure card", treasure_card(model, t), tback,
                    src) for t, src in zip(cards.treasures, cards.treasure_sources)]
    for ch, src in zip(cards.characters, cards.character_sources):
        card = character_card(model, ch)
        pieces += [Piece("character card", f"{ch.name} character card", card, cback, src)
                   for _ in range(ch.copies)]
    # the player aid: a turn on the front, the end of a round on the back
    aid = aid_row(model.cards.missions, model.cards.characters)
    turn, scoring = face(model, "aid", aid, True), face(model, "aid_back", aid, True)
    toml = Source(model.common.folder.toml_path)  # counts and texts set in game.toml
    pieces += [Piece("player aid card", "player aid card", turn, scoring, toml, two_sided=True)
               for _ in range(model.aid_cards)]
    kit.sheets.append(Sheet("Treasure, character and player aid cards", w, h, tuple(pieces),
                            note="player aid: scoring on the back"))
    pieces = []
    for p in model.players:
        mb = _player_face(model, "mission_back", player_row(p), p)
        pieces += [Piece("mission card", f"{p.name} {m.name} mission card",
                         mission_card(model, m, p), mb, src)
                   for m, src in zip(cards.missions, cards.mission_sources)]
    kit.sheets.append(Sheet("Mission cards", w, h, tuple(pieces),
                            note=f"{len(model.cards.missions)} per player colour"))
    d = model.token_diameter
    # a player's marker shows its seat, and past the loop's end its back
    tokens = [Piece("player marker", f"{p.name} player marker",
                    _player_face(model, "marker", marker_row(p, model.vp_loop), p),
                    _player_face(model, "marker_back", marker_row(p, model.vp_loop), p),
                    p.source) for p in model.players]
    rm, fm = face(model, "round_marker", {}, True), face(model, "first_marker", {}, True)
    tokens.append(Piece("round marker", "round marker", rm, rm, toml))
    tokens.append(Piece("first-player marker", "first-player marker", fm, fm, toml))
    kit.sheets.append(Sheet("Markers", d, d, tuple(tokens), shape="circle",
                            note=f"player markers: +{model.vp_loop} on the back", two_sided=True))
    kit.boards.append(board(model))
    kit.booklet = booklet(model)
    return kit
