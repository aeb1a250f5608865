"""Wuxing Duel's printed pieces: element cards, reference cards, backs, pawns, tokens, the board
and the booklet's figures. Every name, colour and glyph comes from the model (the card data)."""

from __future__ import annotations

from math import cos, pi, sin

from reportlab.lib.colors import Color

from ...errors import Source
from ...kit import Board, Kit, Piece, Sheet, shared
from ...render.booklet import Booklet
from ...render.colours import ink_on
from ...render.icons import arrow, disc, taijitu, toward
from ...render.parts import back_frame, ringed_token
from ...render.surface import Surface
from ...units import MM
from ..base import booklet_text
from . import engine
from .kit import (VARIANT_AGES, Card, Model, enforced_rulings, island_centres,
                  tokens_per_colour)



def _badge(s: Surface, model: Model, eid: str, cx: float, cy: float, r: float, ring: Color,
           label: str | None = None, label_colour: Color | None = None) -> None:
    e = model.elements[eid]
    disc(s.c, cx, cy, r, e.colour, ring, max(0.8, r / 12))
    s.c.setFillColor(ink_on(e.colour))
    s.line(e.glyph, cx, cy - r * 0.36, r * 1.05, "cjk", "centre", field="glyph", source=e.source)
    if label:
        s.c.setFillColor(label_colour or ring)
        s.line(label, cx, cy - r - 9, 8, "bold", "centre", max_width=r * 2 + 6 * MM, field="name")


def element_card(model: Model, card: Card):
    owner = model.player(card.owner)
    pal = model.common.palette
    red, blue = pal["generating"], pal["destroying"]

    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        s.fill_bleed(owner.colour)
        ink = owner.ink
        halo = owner.colour
        e = model.elements[card.element]
        # frame in the element's colour, inside the safe zone
        c.setStrokeColor(e.colour)
        c.setLineWidth(2.2)
        c.roundRect(3 * MM, 3 * MM, w - 6 * MM, h - 6 * MM, 3 * MM, stroke=1, fill=0)
        # owner's symbol at the top
        disc(c, w / 2, h - 9.5 * MM, 4.2 * MM, owner.colour, ink, 1.2)
        c.setFillColor(ink)
        s.line(owner.symbol, w / 2, h - 11.2 * MM, 12, "cjk", "centre", field="symbol")
        # the element, large in the centre
        cx, cy, r = w / 2, h * 0.5, 13 * MM
        disc(c, cx, cy, r, e.colour, ink, 1.6)
        c.setFillColor(ink_on(e.colour))
        s.line(e.glyph, cx, cy - r * 0.37, r * 1.05, "cjk", "centre", field="glyph",
               source=e.source)
        c.setFillColor(ink)
        s.line(e.name.upper(), cx, cy - r - 6 * MM, 13, "bold", "centre", max_width=w - 30 * MM,
               field="name", source=e.source)
        # four relations: top = what beats me, bottom = what I beat
        br = 5.8 * MM
        top_y, bottom_y = h - 23 * MM, 19.5 * MM
        lx, rx = 12.5 * MM, w - 12.5 * MM
        relations = [
            (card.destroyed_by, lx, top_y, True, blue, True, "destroys it"),
            (card.generated_by, rx, top_y, True, red, False, "generates it"),
            (card.destroys, lx, bottom_y, False, blue, True, "it destroys"),
            (card.generates, rx, bottom_y, False, red, False, "it generates"),
        ]
        for eid, bx, by, incoming, colour, dashed, verb in relations:
            _badge(s, model, eid, bx, by, br, ink)
            c.setFillColor(ink)
            s.line(model.elements[eid].name, bx, by - br - 3.6 * MM, 8, "bold", "centre",
                   max_width=22 * MM, field="name", source=model.elements[eid].source)
            if incoming:
                x1, y1, x2, y2 = toward(bx, by, cx, cy, br + 1.5, r + 2.5)
            else:
                x1, y1, x2, y2 = toward(cx, cy, bx, by, r + 1.5, br + 2.5)
            arrow(c, x1, y1, x2, y2, colour, width=1.8, dashed=dashed, head=6.5, halo=halo)
            # the verb, so the arrow reads without colour
            vy = by + br + 1.6 * MM if incoming else by - br - 7.2 * MM
            c.setFillColor(colour if owner.colour == pal["yang"] else ink)
            s.line(verb, bx, vy, 7, "italic", "centre", max_width=25 * MM)

    return draw


def _cycle_diagram(s: Surface, model: Model, cx: float, cy: float, R: float, r: float,
                   ink: Color, halo: Color | None, outside: bool = True) -> None:
    """Both cycles: generating around the pentagon (red, solid), destroying across it (blue,
    dashed), drawn from the engine's tables."""
    c = s.c
    pal = model.common.palette
    order = [engine.ELEMENTS[0]]
    while len(order) < len(engine.ELEMENTS):
        order.append(engine.GENERATES[order[-1]])
    pos = {eid: (cx + R * cos(pi / 2 - 2 * pi * i / 5), cy + R * sin(pi / 2 - 2 * pi * i / 5))
           for i, eid in enumerate(order)}
    for table, colour, dashed in ((engine.GENERATES, pal["generating"], False),
                                  (engine.DESTROYS, pal["destroying"], True)):
        for a, b in table.items():
            x1, y1, x2, y2 = toward(*pos[a], *pos[b], r + 2, r + 3)
            arrow(c, x1, y1, x2, y2, colour, width=max(1.2, r / 9), dashed=dashed,
                  head=max(5.0, r / 2.2), halo=halo)
    for eid, (x, y) in pos.items():
        e = model.elements[eid]
        disc(c, x, y, r, e.colour, ink, max(0.8, r / 12))
        c.setFillColor(ink_on(e.colour))
        s.line(e.glyph, x, y - r * 0.36, r * 1.05, "cjk", "centre", field="glyph",
               source=e.source)
        # the top name sits above its node; side names outside when there is room, else below
        size = max(7, r * 0.45)
        ux = (x - cx) / R
        align, lx, ly = "centre", x, y - r - size * 1.1
        if y > cy + R * 0.9:
            ly = y + r + size * 0.35
        elif outside and abs(ux) > 0.5 and y > cy:
            align = "left" if ux > 0 else "right"
            lx, ly = x + (r + 2) * (1 if ux > 0 else -1), y - size * 0.35
        c.setFillColor(ink)
        s.line(e.name, lx, ly, size, "bold", align, field="name", source=e.source)


def _winner_text(model: Model) -> str:
    if model.generated_wins:
        return "Blue arrow: its start wins the duel. Red arrow: its end wins."
    return "The element an arrow starts from wins the duel."


def reference_card(model: Model):
    pal = model.common.palette

    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        s.fill_bleed(pal["sand"])
        ink = pal["ink"]
        c.setFillColor(ink)
        s.line("The two cycles", w / 2, h - 11 * MM, 12, "bold", "centre", max_width=w - 8 * MM)
        _cycle_diagram(s, model, w / 2, 48 * MM, 15.5 * MM, 4.8 * MM, ink, None,
                       outside=False)
        ly = 23.5 * MM
        arrow(c, 5 * MM, ly, 15 * MM, ly, pal["generating"], width=1.6, head=5.5)
        s.line("solid red: generates", 17 * MM, ly - 2.5, 7.5, align="left",
               max_width=w - 21 * MM)
        arrow(c, 5 * MM, ly - 4.5 * MM, 15 * MM, ly - 4.5 * MM, pal["destroying"], width=1.6,
              dashed=True, head=5.5)
        s.line("dashed blue: destroys", 17 * MM, ly - 4.5 * MM - 2.5, 7.5, align="left",
               max_width=w - 21 * MM)
        s.paragraph(_winner_text(model) + " Same element: the pawn on that element's island "
                    "wins, else the Yin-Yang pawn, else a tie.", 4.5 * MM, 3.5 * MM, w - 9 * MM,
                    12 * MM, size=7.5, min_size=7, align="centre")

    return draw


def player_back(model: Model, pid: str):
    owner = model.player(pid)
    title = model.common.title

    @shared
    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        back_frame(s, owner.colour, owner.ink)
        disc(c, w / 2, h / 2 + 4 * MM, 17 * MM, owner.colour, owner.ink, 2)
        c.setFillColor(owner.ink)
        s.line(owner.symbol, w / 2, h / 2 - 5 * MM, 26 * MM, "cjk", "centre")
        s.line(owner.name.upper(), w / 2, h / 2 - 22 * MM, 16, "bold", "centre",
               max_width=w - 16 * MM)
        s.line(title, w / 2, 12 * MM, 9, "regular", "centre", max_width=w - 16 * MM)

    return draw


def neutral_back(model: Model):
    pal = model.common.palette

    @shared
    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        s.fill_bleed(pal["sand"])
        taijitu(c, w / 2, h / 2 + 4 * MM, 16 * MM, pal["yang"], pal["yin"])
        c.setFillColor(pal["ink"])
        s.line(model.common.title, w / 2, h / 2 - 22 * MM, 13, "bold", "centre",
               max_width=w - 12 * MM)
        s.line("reference", w / 2, h / 2 - 28 * MM, 9, "italic", "centre")

    return draw


# ---- tokens ---------------------------------------------------------------------------------
def pawn_front(model: Model, pid: str):
    owner = model.player(pid)

    @shared
    def draw(s: Surface) -> None:
        c, r = s.c, s.w / 2
        ringed_token(s, owner.colour, owner.ink, inset=1.5 * MM, width=1)
        c.setFillColor(owner.ink)
        s.line(owner.symbol, r, r - 1.2 * MM, r * 0.95, "cjk", "centre")
        s.line(owner.name, r, 3.3 * MM, 7.5, "bold", "centre", max_width=r * 1.3)

    return draw


def pawn_back(model: Model, pid: str):
    owner = model.player(pid)
    pal = model.common.palette

    @shared
    def draw(s: Surface) -> None:
        r = s.w / 2
        s.fill_bleed(owner.colour)
        taijitu(s.c, r, r, r - 2 * MM, pal["yang"], pal["yin"], owner.ink)

    return draw


def link_token(model: Model, token):
    dashed = token.id == "destroying"

    @shared
    def draw(s: Surface) -> None:
        c, r = s.c, s.w / 2
        s.fill_bleed(token.colour)
        ink = ink_on(token.colour)
        c.setStrokeColor(ink)
        c.setLineWidth(0.8)
        c.circle(r, r, r - 1.3 * MM, stroke=1, fill=0)
        if token.id == "first":
            c.setFillColor(ink)
            s.line("1st", r, r - 1 * MM, 14, "bold", "centre")
            s.line(token.label, r, r - 6.5 * MM, 7, "regular", "centre", max_width=r * 1.5,
                   field="label")
            return
        arrow(c, r - 6.5 * MM, r + 1.5 * MM, r + 6.5 * MM, r + 1.5 * MM, ink, width=2.2,
              dashed=dashed, head=7)
        c.setFillColor(ink)
        s.line(token.label, r, r - 5 * MM, 7, "bold", "centre", max_width=r * 1.6, field="label")

    return draw


# ---- board ------------------------------------------------------------------------------------
def board(model: Model):
    pal = model.common.palette
    W, H = model.board_size
    d = model.island_diameter
    paths = sorted({i.path for i in model.islands})

    def draw(s: Surface) -> None:
        c = s.c
        c.setFillColor(pal["sea"])
        c.rect(0, 0, W, H, stroke=0, fill=1)
        c.setStrokeColor(pal["ink"])
        c.setLineWidth(0.8)
        c.rect(0, 0, W, H, stroke=1, fill=0)
        centres = island_centres(model)
        for p in paths:
            ends = [xy for (path, _), xy in sorted(centres.items()) if path == p]
            x = ends[0][0]
            c.setStrokeColor(pal["sand"])
            c.setLineWidth(5)
            c.setDash(6, 4)
            c.line(x, ends[0][1], x, ends[-1][1])
            c.setDash()
            c.setFillColor(pal["ink"])
            s.line(f"Path {p}", x + d / 2 + 2 * MM, H / 2 - 3, 9, "bold")
        for island in model.islands:
            x, y = centres[(island.path, island.position)]
            e = model.elements[island.element]
            disc(c, x, y, d / 2 + 1.5 * MM, pal["sand"], None)
            disc(c, x, y, d / 2, e.colour, pal["ink"], 1.2)
            c.setFillColor(ink_on(e.colour))
            s.line(e.glyph, x, y - d * 0.12, d * 0.5, "cjk", "centre", field="glyph",
                   source=e.source)
            s.line(e.name, x, y - d * 0.36, 8, "bold", "centre", max_width=d * 0.9, field="name",
                   source=e.source)
        # the players' sides: Yang at the bottom edge, Yin at the top (printed upside down)
        for pid, at_top in (("yang", False), ("yin", True)):
            owner = model.player(pid)
            c.saveState()
            if at_top:
                c.translate(W, H)
                c.rotate(180)
            disc(c, 17 * MM, 25 * MM, 9 * MM, owner.colour, owner.ink, 1.2)
            c.setFillColor(owner.ink)
            s.line(owner.symbol, 17 * MM, 21.8 * MM, 18, "cjk", "centre")
            c.setFillColor(pal["ink"])
            # two short lines under the disc, clear of the paths and the board's edge
            s.line(f"{owner.name} sits", 17 * MM, 10.5 * MM, 8, "bold", "centre")
            s.line("on this side", 17 * MM, 6.5 * MM, 8, "bold", "centre")
            c.restoreState()
        # the cycles in the board's free corner, for quick reference
        _cycle_diagram(s, model, W - 25 * MM, 30 * MM, 12 * MM, 4.2 * MM, pal["ink"], None,
                       outside=False)
        c.setFillColor(pal["ink"])
        s.line(model.common.title, 17.5 * MM, H / 2, 12, "bold", "centre")

    places = tuple("island" for _ in model.islands)
    return Board("Board: 3 paths of 5 islands", W, H, draw, places)


# ---- booklet -----------------------------------------------------------------------------------
def booklet(model: Model) -> Booklet:
    pal = model.common.palette

    def cycles(c, fonts, w, h):
        _cycle_diagram(Surface(c, fonts, w, h, 0, "figure", cut=False), model, w / 2,
                       h / 2 - 2 * MM, 30 * MM, 8 * MM, pal["ink"], None)

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
    text = booklet_text(model.common, context, enforced_rulings(model))
    return Booklet(model.common.title, text, {"cycles": (90 * MM, 90 * MM, cycles)},
                   accent=pal["ink"], source=str(model.common.folder.path / "booklet"))


def build_kit(model: Model, fonts) -> Kit:
    w, h = model.card_size
    backs = {p.id: player_back(model, p.id) for p in model.players}
    order = {p.id: i for i, p in enumerate(model.players)}
    cards = sorted(model.cards, key=lambda cd: (order[cd.owner], engine.ELEMENTS.index(cd.element)))
    pieces = [Piece("element card", f"{model.player(cd.owner).name} {cd.element} card",
                    element_card(model, cd), backs[cd.owner], cd.source) for cd in cards]
    ref_back = neutral_back(model)
    ref = reference_card(model)
    toml = Source(model.common.folder.toml_path)  # the count is set in game.toml
    pieces += [Piece("reference card", "reference card", ref, ref_back, toml)
               for _ in range(model.reference_cards)]
    d = model.token_diameter
    tokens = []
    for pawn in sorted(model.pawns, key=lambda p: (order[p.owner], p.path)):
        tokens.append(Piece("pawn", f"{model.player(pawn.owner).name} pawn, path {pawn.path}",
                            pawn_front(model, pawn.owner), pawn_back(model, pawn.owner),
                            pawn.source))
    kinds = {"generating": "red link token", "destroying": "blue link token",
             "first": "first-player token"}
    for token in model.tokens:
        face = link_token(model, token)
        tokens += [Piece(kinds[token.id], token.name, face, face, token.source)
                   for _ in range(token.count)]
    kit = Kit(model.common.title)
    kit.sheets.append(Sheet("Element and reference cards", w, h, tuple(pieces)))
    kit.sheets.append(Sheet("Pawns and tokens", d, d, tuple(tokens), shape="circle",
                            note="pawns: Yin-Yang on the back", two_sided=True))
    kit.boards.append(board(model))
    kit.booklet = booklet(model)
    return kit
