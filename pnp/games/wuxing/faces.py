"""Wuxing Duel's printed pieces, assembled into the kit: each face is its layout file
(card_data/wuxing/layouts, compiled in model.layouts) with the row printed.py gives it, and the
booklet with its cycles figure (layouts/cycles.toml too). Nothing here places a box."""

from __future__ import annotations

from ...errors import Source
from ...kit import Board, Kit, Piece, Sheet
from ...render.booklet import Booklet
from ...render.surface import Surface
from ...units import MM
from ..pieces import game_booklet, layout_face as face
from . import engine, figures  # noqa: F401  (registers the wuxing.* figures the layouts place)
from .kit import VARIANT_AGES, enforced_rulings, tokens_per_colour
from .model import Model
from .printed import (board_row, card_borrowed, card_row, player_borrowed, player_row, token_row,
                      winner_text)


def board(model: Model) -> Board:
    W, H = model.board_size
    places = tuple("island" for _ in model.islands)
    return Board("Board: 3 paths of 5 islands", W, H, face(model, "board", board_row(model)),
                 places, printed_on=True)


# ---- booklet -----------------------------------------------------------------------------------
def booklet(model: Model) -> Booklet:
    pal = model.common.palette
    drawer = face(model, "cycles", {})  # its layout file, layouts/cycles.toml

    def cycles(c, fonts, w, h):
        drawer(Surface(c, fonts, w, h, 0, "figure", cut=False))

    context = {
        "elements": [{"id": e.id, "name": e.name, "glyph": e.glyph}
                     for e in (model.elements[i] for i in engine.ELEMENTS)],
        "generates": [[model.elements[a].name, model.elements[b].name]
                      for a, b in engine.GENERATES.items()],
        "destroys": [[model.elements[a].name, model.elements[b].name]
                     for a, b in engine.DESTROYS.items()],
        "players": [{"name": p.name, "symbol": p.symbol} for p in model.players],
        "paths": len({i.path for i in model.islands}),
        "islands_per_path": max(i.position for i in model.islands),
        "pawns_per_player": len(model.pawns) // max(1, len(model.players)),
        "tokens": [{"name": t.name, "count": t.count, "label": t.label} for t in model.tokens],
        "reference_cards": model.reference_cards,
        "options": {"set_aside": model.set_aside, "pawns_turn": model.pawns_turn,
                    "generated_wins": model.generated_wins},
        "tokens_per_colour": tokens_per_colour(model),
        "paths_to_win": engine.PATHS_TO_WIN,
        "max_rounds": model.max_rounds,
        "variant_ages": VARIANT_AGES,
    }
    return game_booklet(model, context, enforced_rulings(model),
                        {"cycles": (90 * MM, 90 * MM, cycles)}, pal["ink"])


def build_kit(model: Model, fonts) -> Kit:
    w, h = model.card_size
    backs = {p.id: face(model, "element_back", player_row(p), True, player_borrowed(p))
             for p in model.players}
    order = {p.id: i for i, p in enumerate(model.players)}
    cards = sorted(model.cards, key=lambda cd: (order[cd.owner], engine.ELEMENTS.index(cd.element)))
    pieces = [Piece("element card", f"{model.player(cd.owner).name} {cd.element} card",
                    face(model, "element", card_row(model, cd), borrowed=card_borrowed(model, cd)),
                    backs[cd.owner], cd.source)
              for cd in cards]
    ref_back = face(model, "reference_back", {}, True)
    ref = face(model, "reference", {"winner": winner_text(model)}, True)
    toml = Source(model.common.folder.toml_path)  # the count is set in game.toml
    pieces += [Piece("reference card", "reference card", ref, ref_back, toml)
               for _ in range(model.reference_cards)]
    d = model.token_diameter
    tokens = []
    for pawn in sorted(model.pawns, key=lambda p: (order[p.owner], p.path)):
        owner = model.player(pawn.owner)
        row = {**player_row(owner), "path": pawn.path}
        tokens.append(Piece("pawn", f"{owner.name} pawn, path {pawn.path}",
                            face(model, "pawn", row, True, player_borrowed(owner)),
                            face(model, "pawn_back", row, True, player_borrowed(owner)),
                            pawn.source))
    kinds = {"generating": "red link token", "destroying": "blue link token",
             "first": "first-player token"}
    for token in model.tokens:
        both = face(model, "token", token_row(token), True)
        tokens += [Piece(kinds[token.id], token.name, both, both, token.source)
                   for _ in range(token.count)]
    kit = Kit(model.common.title)
    kit.sheets.append(Sheet("Element and reference cards", w, h, tuple(pieces)))
    kit.sheets.append(Sheet("Pawns and tokens", d, d, tuple(tokens), shape="circle",
                            note="pawns: Yin-Yang on the back", two_sided=True))
    kit.boards.append(board(model))
    kit.booklet = booklet(model)
    return kit
