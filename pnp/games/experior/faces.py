"""Experior's printed pieces: attack cards and their backs, role and player aid cards, the
wound and experience markers, the board and the booklet's figures. Every name, colour and number
comes from the model (the card data); the rules' facts come from the engine."""

from __future__ import annotations

from reportlab.lib.colors import Color

from ...errors import Source
from ...kit import Board, Kit, Piece, Sheet, shared
from ...render.booklet import Booklet, faces_figure
from ...render.colours import ink_on, mix
from ...render.icons import (arrow, bow_icon, disc, drop_icon, leaf_icon, magic_icon,
                             shield_icon, sword_icon, toward)
from ...render.parts import back_frame, bleed_ink, saving
from ...render.repeat import repeat
from ...render.surface import Surface
from ...render.text import LEADING, wrap
from ...units import MM
from ..base import booklet_text
from . import engine
from .example import ended_before, worked_example
from .geometry import MARGIN, STRIP, board_layout, track_cells
from .model import Card, Marker, Model, enforced_rulings



# ---- icons -------------------------------------------------------------------------------------
# (icons are paths in colours: drawn again in the same place, repeated as written)
def attack_icon(c, type_: str, cx: float, cy: float, size: float, fill: Color) -> None:
    def draw() -> None:
        if type_ == "sword":
            sword_icon(c, cx, cy, size, fill, angle=-45)
        elif type_ == "bow":
            bow_icon(c, cx, cy, size * 0.95, fill)
        else:
            magic_icon(c, cx, cy, size, fill)

    repeat(c, attack_icon, (type_, cx, cy, size, fill), draw)


def emblem(c, side: str, cx: float, cy: float, size: float, fill: Color, mark: Color) -> None:
    """The fighter's emblem: the Human's shield, the Elf's leaf."""
    def draw() -> None:
        if side == "human":
            shield_icon(c, cx, cy, size, fill, mark)
        else:
            leaf_icon(c, cx, cy, size, fill, mark, angle=-30)

    repeat(c, emblem, (side, cx, cy, size, fill, mark), draw)


def attack_badge(c, model: Model, type_: str, cx: float, cy: float, r: float,
                 ring: Color | None = None) -> None:
    """The attack type's icon, white in a disc of its colour."""
    a = model.attacks[type_]

    def draw() -> None:
        disc(c, cx, cy, r, a.colour, ring, max(0.5, r / 10))
        attack_icon(c, type_, cx, cy, r * 1.3, ink_on(a.colour))

    repeat(c, attack_badge, (type_, a.colour, cx, cy, r, ring), draw)


def order_chain(s: Surface, model: Model, cx: float, cy: float, r: float, ink: Color,
                highlight: str | None = None) -> float:
    """The winning order as icons: sword > bow > magic > sword. Returns the chain's width."""
    chain = [engine.TYPES[0]]
    while len(chain) <= len(engine.TYPES):
        chain.append(engine.BEATS[chain[-1]])
    step = r * 3.7
    width = step * (len(chain) - 1) + 2 * r
    x = cx - width / 2 + r
    for i, t in enumerate(chain):
        ring = ink if t == highlight else None
        attack_badge(s.c, model, t, x, cy, r * (1.18 if t == highlight else 1.0), ring)
        if i < len(chain) - 1:
            s.c.setFillColor(ink)
            s.line(">", x + step / 2, cy - r * 0.4, r * 1.15, "bold", "centre")
        x += step
    return width


def order_text(model: Model) -> str:
    chain = [engine.TYPES[0]]
    while len(chain) <= len(engine.TYPES):
        chain.append(engine.BEATS[chain[-1]])
    return " > ".join(model.attacks[t].name for t in chain)


def quick_beats_strong(model: Model) -> str:
    q, st = model.modalities["quick"].name, model.modalities["strong"].name
    return f"Same type: {q} beats {st}"


# ---- attack cards ------------------------------------------------------------------------------
def attack_card(model: Model, card: Card):
    def draw(s: Surface) -> None:
        _attack_ground(s, model, card)
        _attack_corners(s, model, card)
        _attack_centre(s, model, card)

    return draw


def _attack_ground(s: Surface, model: Model, card: Card) -> None:
    """The type's colour to the bleed, a paper panel, and for strong cards a heavy inner frame
    (strong cards read different even without colour)."""
    c, w, h = s.c, s.w, s.h
    a = model.attacks[card.type]
    s.fill_bleed(a.colour)
    if not saving(s):
        c.setFillColor(model.common.palette["paper"])
        c.roundRect(3 * MM, 3 * MM, w - 6 * MM, h - 6 * MM, 2.5 * MM, stroke=0, fill=1)
    if card.modality == "strong":
        c.setStrokeColor(a.colour)
        c.setLineWidth(2.2)
        c.roundRect(4.6 * MM, 4.6 * MM, w - 9.2 * MM, h - 9.2 * MM, 1.8 * MM, stroke=1,
                    fill=0)


def _attack_corners(s: Surface, model: Model, card: Card) -> None:
    """The multiplier, big, top left (visible in a fanned hand); the owner top right, so a
    face-up locked card still shows whose it is."""
    c, w, h = s.c, s.w, s.h
    a, mod, owner = model.attacks[card.type], model.modalities[card.modality], model.side(card.side)
    ink = model.common.palette["ink"]
    c.setFillColor(a.colour)
    s.line(f"\u00d7{card.multiplier}", 7 * MM, h - 16 * MM, 30, "bold", "left",
           field="multiplier")
    c.setFillColor(ink)
    s.line(mod.name.upper(), 7.2 * MM, h - 21.5 * MM, 10, "bold", "left", max_width=22 * MM,
           field="name", source=mod.source)
    disc(c, w - 11 * MM, h - 11 * MM, 5.2 * MM, owner.colour, ink, 0.8)
    emblem(c, owner.id, w - 11 * MM, h - 11 * MM, 6.4 * MM, owner.ink, owner.colour)
    c.setFillColor(ink)
    s.line(owner.name, w - 11 * MM, h - 20 * MM, 7.5, "bold", "centre", max_width=16 * MM,
           field="name", source=owner.source)


def _attack_centre(s: Surface, model: Model, card: Card) -> None:
    """The attack type's icon and name, what it deals, and the winning order."""
    c, w = s.c, s.w
    a = model.attacks[card.type]
    paper, ink = model.common.palette["paper"], model.common.palette["ink"]
    cy = 47.5 * MM
    disc(c, w / 2, cy, 13.5 * MM, a.colour, ink, 1.0)
    attack_icon(c, a.id, w / 2, cy, 18 * MM, ink_on(a.colour))
    c.setFillColor(ink)
    s.line(a.name.upper(), w / 2, 27.6 * MM, 17, "bold", "centre", max_width=w - 12 * MM,
           field="name", source=a.source)
    c.setFillColor(mix(ink, paper, 0.2))
    s.line(f"{a.colour_name} \u00b7 deals {a.name} experience \u00d7 {card.multiplier}",
           w / 2, 22.8 * MM, 7, "italic", "centre", max_width=w - 11 * MM, field="name",
           source=a.source)
    c.setStrokeColor(mix(ink, paper, 0.6))
    c.setLineWidth(0.5)
    c.line(8 * MM, 20.6 * MM, w - 8 * MM, 20.6 * MM)
    order_chain(s, model, w / 2, 14.6 * MM, 2.6 * MM, ink, highlight=a.id)
    c.setFillColor(ink)
    s.line(quick_beats_strong(model), w / 2, 7.4 * MM, 7, "regular", "centre",
           max_width=w - 12 * MM)


def side_back(model: Model, sid: str):
    side = model.side(sid)
    title = model.common.title

    @shared
    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        ink = bleed_ink(s, side.ink, model.common.palette["ink"])
        back_frame(s, side.colour, ink)
        emblem(c, sid, w / 2, h / 2 + 6 * MM, 32 * MM, ink, side.colour)
        c.setFillColor(ink)
        s.line(side.name.upper(), w / 2, h / 2 - 19 * MM, 20, "bold", "centre",
               max_width=w - 16 * MM, field="name", source=side.source)
        s.line(title, w / 2, 11 * MM, 9, "regular", "centre", max_width=w - 16 * MM)

    return draw


# ---- role and player aid cards -------------------------------------------------------------------
def role_card(model: Model, sid: str):
    side = model.side(sid)
    pal = model.common.palette
    paper, ink = pal["paper"], pal["ink"]

    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        s.fill_bleed(side.colour)
        side_ink = bleed_ink(s, side.ink, ink)
        c.setFillColor(side_ink)
        s.line("You are the", w / 2, h - 9.5 * MM, 8, "italic", "centre")
        s.line(side.name.upper(), w / 2, h - 17 * MM, 20, "bold", "centre",
               max_width=w - 12 * MM, field="name")
        emblem(c, sid, w / 2, h - 27 * MM, 12 * MM, side_ink, side.colour)
        # starting experience on a paper panel
        top, bottom = h - 35.5 * MM, 12.5 * MM
        c.setFillColor(paper)
        c.setStrokeColor(ink)
        c.setLineWidth(0.6)
        c.roundRect(5 * MM, bottom, w - 10 * MM, top - bottom, 2 * MM, stroke=int(saving(s)),
                    fill=int(not saving(s)))
        c.setFillColor(ink)
        s.line("Starting experience", w / 2, top - 5 * MM, 8.5, "bold", "centre")
        row_h = 7.2 * MM
        y = top - 11 * MM
        for t in engine.TYPES:
            attack_badge(c, model, t, 13 * MM, y, 3.3 * MM)
            c.setFillColor(ink)
            s.line(model.attacks[t].name, 19 * MM, y - 1.3 * MM, 10, "bold", "left",
                   max_width=22 * MM, field="name", source=model.attacks[t].source)
            s.line(str(side.start[t]), w - 12 * MM, y - 2.4 * MM, 20, "bold", "centre",
                   field=t)
            y -= row_h
        c.setStrokeColor(mix(ink, paper, 0.6))
        c.setLineWidth(0.5)
        c.line(8 * MM, y + row_h / 2, w - 8 * MM, y + row_h / 2)
        y -= 0.8 * MM
        drop_icon(c, 13 * MM, y, 5.5 * MM, pal["limit"])
        c.setFillColor(ink)
        s.line("Wounds", 19 * MM, y - 1.3 * MM, 10, "bold", "left")
        s.line("0", w - 12 * MM, y - 2.4 * MM, 20, "bold", "centre")
        c.setFillColor(side_ink)
        s.paragraph("Put your markers on these cells of your half of the board.", 6 * MM,
                    3.8 * MM, w - 12 * MM, 8 * MM, size=7.5, min_size=7, align="centre",
                    valign="middle")

    return draw


def role_back(model: Model):
    pal = model.common.palette

    @shared
    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        s.fill_bleed(pal["paper"])
        c.setStrokeColor(pal["ink"])
        c.setLineWidth(1.2)
        c.roundRect(4 * MM, 4 * MM, w - 8 * MM, h - 8 * MM, 3 * MM, stroke=1, fill=0)
        half = len(engine.SIDES) // 2
        for i, sid in enumerate(engine.SIDES):
            side = model.side(sid)
            cx = w / 2 + (i - half + 0.5) * 23 * MM
            disc(c, cx, h / 2 + 10 * MM, 10 * MM, side.colour, pal["ink"], 1)
            emblem(c, sid, cx, h / 2 + 10 * MM, 13 * MM, side.ink, side.colour)
        c.setFillColor(pal["ink"])
        s.line(model.common.title, w / 2, h / 2 - 10 * MM, 16, "bold", "centre",
               max_width=w - 12 * MM)
        s.line("role card", w / 2, h / 2 - 16 * MM, 9, "italic", "centre")
        s.paragraph("Shuffle both role cards face down; each player draws one.", 8 * MM,
                    10 * MM, w - 16 * MM, 10 * MM, size=8, min_size=7, align="centre")

    return draw


def _aid_frame(s: Surface, model: Model, title: str) -> float:
    """Paper card with an ink title band; returns the y under the band."""
    pal = model.common.palette
    c, w, h = s.c, s.w, s.h
    s.fill_bleed(pal["paper"])
    if saving(s):
        c.setStrokeColor(pal["ink"])
        c.setLineWidth(0.8)
        c.line(5 * MM, h - 15 * MM, w - 5 * MM, h - 15 * MM)
        c.setFillColor(pal["ink"])
    else:
        c.setFillColor(pal["ink"])
        c.rect(-s.bleed, h - 15 * MM, w + 2 * s.bleed, 15 * MM + s.bleed, stroke=0, fill=1)
        c.setFillColor(pal["paper"])
    s.line(title, w / 2, h - 10.5 * MM, 13, "bold", "centre", max_width=w - 10 * MM)
    return h - 17 * MM


def _steps(s: Surface, steps: list[str], x: float, top: float, w: float, bottom: float,
           size: float = 9.5, min_size: float = 7.0) -> None:
    """Numbered steps with a hanging indent, at the largest size (down to min_size) where they
    all fit between top and bottom; reported when they do not."""
    indent = 4 * MM
    while size >= min_size - 1e-9:
        gap = size * 0.45
        wrapped = [wrap(s.fonts, text, size, w - indent) for text in steps]
        fitted = [lines for lines in wrapped if lines]
        if len(fitted) == len(wrapped):
            height = sum(len(lines) for lines in fitted) * size * LEADING + gap * (len(steps) - 1)
            if height <= top - bottom:
                y = top - size * 0.95
                for n, lines in enumerate(fitted, 1):
                    s.line(f"{n}.", x, y, size, "bold")
                    for line in lines:
                        s.line(line, x + indent, y, size)
                        y -= size * LEADING
                    y -= gap
                return
        size -= 0.25
    s.report(f"the steps do not fit even at {min_size:g} pt")


def aid_turn(model: Model):
    q, st = model.modalities["quick"], model.modalities["strong"]
    steps = [
        "Each fighter lays one attack card face down: not the locked one.",
        "Reveal. " + order_text(model) + ". " + quick_beats_strong(model) + ".",
        f"The winner deals wounds: their experience in that type \u00d7{q.multiplier} "
        f"({q.name}) or \u00d7{st.multiplier} ({st.name}); then gains +1 experience in it.",
        "Same card: no wounds; the fighter with less experience in that type gains +1 "
        "(nobody if equal).",
        "Your card goes to your locked slot, face up; the one there returns to your hand.",
    ]

    @shared
    def draw(s: Surface) -> None:
        top = _aid_frame(s, model, "A TURN")
        s.c.setFillColor(model.common.palette["ink"])
        _steps(s, steps, 5 * MM, top - 1 * MM, s.w - 10 * MM, 5 * MM)

    return draw


def aid_end(model: Model):
    limit = model.wound_limit
    text = "\n".join([
        f"The game ends after the turn in which a fighter reaches {limit} wounds.",
        "Bonus attack: each fighter takes their highest experience minus their lowest. The "
        f"greater difference deals {model.bonus_multiplier} \u00d7 their highest experience to "
        "the other; on equal differences the fighter with fewer wounds attacks (equal wounds "
        "too: no bonus attack).",
        "Then the fighter with fewer wounds wins; equal wounds is a draw.",
    ])

    @shared
    def draw(s: Surface) -> None:
        top = _aid_frame(s, model, "END OF THE GAME")
        c, w = s.c, s.w
        c.setFillColor(model.common.palette["ink"])
        s.paragraph(text, 5 * MM, 20 * MM, w - 10 * MM, top - 20.5 * MM, size=9.5, min_size=7)
        order_chain(s, model, w / 2, 12.5 * MM, 3 * MM, model.common.palette["ink"])
        c.setFillColor(model.common.palette["ink"])
        s.line(quick_beats_strong(model), w / 2, 5.5 * MM, 7.5, "regular", "centre",
               max_width=w - 10 * MM)

    return draw


# ---- markers -----------------------------------------------------------------------------------
def marker_face(model: Model, marker: Marker, flipped: bool):
    side = model.side(marker.side)
    pal = model.common.palette
    plus = model.wound_cells_beyond if marker.kind == "wound" else model.experience_flip

    @shared
    def draw(s: Surface) -> None:
        c, r = s.c, s.w / 2
        s.fill_bleed(side.colour)
        ink = bleed_ink(s, side.ink, pal["ink"])
        if marker.kind == "wound":
            back = pal["paper"]
            icon = lambda x, y, size: drop_icon(c, x, y, size, pal["limit"])  # noqa: E731
        else:
            a = model.attacks[marker.type]
            back = a.colour
            icon = lambda x, y, size: attack_icon(c, a.id, x, y, size, ink_on(a.colour))  # noqa
        # A marker is small enough to sit in one track cell: the front shows what it counts
        # (the type's icon on its colour, or the wound drop), the back only its + value. Whose
        # it is shows by its colour and by the half of the board it stays on.
        if flipped:
            c.setFillColor(ink)
            size = 7.5
            s.line(f"+{plus}", r, r - size * 0.29, size, "condensed-bold", "centre",
                   max_width=2 * r - 2.4 * MM)
        else:
            disc(c, r, r, r - 1.1 * MM, back, ink, 0.5)
            icon(r, r, (r - 1.1 * MM) * 1.4)

    return draw


# ---- board -------------------------------------------------------------------------------------


def _board_half(s: Surface, model: Model, sid: str, W: float, H: float) -> None:
    """One fighter's half, upright for that fighter (who sits at the bottom edge)."""
    c = s.c
    side = model.side(sid)
    geo = board_layout(model)
    c.setFillColor(mix(side.colour, model.common.palette["paper"], 0.85))
    c.rect(0, 0, W, H, stroke=0, fill=1)
    cells = track_cells(model, geo)
    _wound_track(s, model, geo, cells["wound"])
    _experience_tracks(s, model, side, geo, cells)
    _locked_slot(s, model, sid, geo, W, H)


def _wound_track(s: Surface, model: Model, geo: dict, cells: list) -> None:
    """Numbered cells, ten per row, from 0 to past the limit; the start and the limit outlined
    thickly."""
    c = s.c
    pal = model.common.palette
    paper, ink, limit_c = pal["paper"], pal["ink"], pal["limit"]
    track = model.wound_track
    top, cell_h, cell_w = geo["top"], geo["cell_h"], geo["cell_w"]
    x0 = MARGIN
    c.setFillColor(ink)
    drop_icon(c, x0 + 2.2 * MM, top + 4.6 * MM, 4.4 * MM, limit_c)
    s.line("WOUNDS", x0 + 5.5 * MM, top + 3 * MM, 11, "bold")
    s.line(f"limit {model.wound_limit}: the game ends", x0 + 10 * cell_w, top + 3 * MM, 7.5,
           "italic", "right", max_width=10 * cell_w - 27 * MM)
    number_size = min(9.0, cell_h * 0.45, cell_w * 0.38)
    for v, x, y in cells:
        if v == model.wound_limit:
            fill, text = limit_c, ink_on(limit_c)
        elif v > model.wound_limit:
            fill, text = mix(limit_c, paper, 0.78), ink
        else:
            fill, text = paper, ink
        c.setFillColor(fill)
        c.setStrokeColor(mix(ink, paper, 0.45))
        c.setLineWidth(0.4)
        c.rect(x, y, cell_w, cell_h, stroke=1, fill=1)
        c.setFillColor(text)
        role = "bold" if v % 10 == 0 or v == model.wound_limit else "regular"
        s.line(str(v), x + cell_w / 2, y + cell_h / 2 - number_size * 0.35, number_size, role,
               "centre")
    c.setLineWidth(1.4)
    c.setStrokeColor(ink)
    c.rect(x0, top - cell_h, cell_w, cell_h, stroke=1, fill=0)
    if model.wound_limit in track:
        row, col = divmod(model.wound_limit - track.start, 10)
        c.setStrokeColor(ink)
        c.rect(x0 + col * cell_w, top - (row + 1) * cell_h, cell_w, cell_h, stroke=1, fill=0)


def _experience_tracks(s: Surface, model: Model, side, geo: dict, cells: dict) -> None:
    """One column per attack type, values rising upwards, the side's start cell outlined and
    the type's badge on top."""
    c = s.c
    pal = model.common.palette
    paper, ink = pal["paper"], pal["ink"]
    gap, col_gap, cell_w = geo["gap"], geo["col_gap"], geo["cell_w"]
    top = e_top = geo["top"]
    ex0 = MARGIN + 10 * cell_w + gap
    exp = model.experience_track
    e_h = geo["exp_h"]
    c.setFillColor(ink)
    s.line("EXPERIENCE", ex0 + (3 * cell_w + 2 * col_gap) / 2, top + 7.6 * MM, 7, "bold",
           "centre", max_width=3 * cell_w + 2 * col_gap + gap)
    for t in engine.TYPES:
        a = model.attacks[t]
        x = cells[t][0][1]
        tint = mix(a.colour, paper, 0.82)
        for v, _, y in cells[t]:
            start = v == side.start[t]
            c.setFillColor(a.colour if start else tint)
            c.setStrokeColor(a.colour)
            c.setLineWidth(0.5)
            c.rect(x, y, cell_w, e_h, stroke=1, fill=1)
            c.setFillColor(ink_on(a.colour) if start else ink)
            size = min(9.0, e_h * 0.45)
            s.line(str(v), x + cell_w / 2, y + e_h / 2 - size * 0.35, size,
                   "bold" if start else "regular", "centre")
        if side.start[t] in exp:
            y_start = e_top - (len(exp) - (side.start[t] - exp.start)) * e_h
            c.setStrokeColor(ink)
            c.setLineWidth(1.4)
            c.rect(x, y_start, cell_w, e_h, stroke=1, fill=0)
        attack_badge(c, model, t, x + cell_w / 2, top + 3.4 * MM, 3 * MM)


def _locked_slot(s: Surface, model: Model, sid: str, geo: dict, W: float, H: float) -> None:
    """The locked-card slot in the corner and the fighter's name band under it."""
    c = s.c
    pal = model.common.palette
    paper, ink = pal["paper"], pal["ink"]
    side = model.side(sid)
    slot_w, slot_h = geo["slot"]
    sx = W - MARGIN - slot_w
    sy = H - MARGIN - slot_h
    c.setFillColor(paper)
    c.setStrokeColor(ink)
    c.setLineWidth(0.9)
    c.setDash(4, 3)
    c.roundRect(sx, sy, slot_w, slot_h, 3 * MM, stroke=1, fill=1)
    c.setDash()
    c.setFillColor(mix(ink, paper, 0.3))
    s.line("LOCKED CARD", sx + slot_w / 2, sy + slot_h * 0.62, 12, "bold", "centre",
           max_width=slot_w - 8 * MM)
    s.paragraph("The card you played last turn lies here, face up. You cannot play it this "
                "turn; after the next reveal it returns to your hand.", sx + 7 * MM,
                sy + slot_h * 0.25, slot_w - 14 * MM, slot_h * 0.3, size=8, min_size=7,
                align="centre")
    band_top = sy - 2.5 * MM
    band_bottom = MARGIN
    c.setFillColor(side.colour)
    c.roundRect(sx, band_bottom, slot_w, band_top - band_bottom, 2 * MM, stroke=0, fill=1)
    emblem(c, sid, sx + 8 * MM, band_top - 8.5 * MM, 11 * MM, side.ink, side.colour)
    c.setFillColor(side.ink)
    s.line(side.name.upper(), sx + 15 * MM, band_top - 11 * MM, 18, "bold", "left",
           max_width=slot_w - 18 * MM, field="name", source=side.source)
    s.paragraph(f"Beyond {model.wound_track[-1]}: turn the wound marker to "
                f"+{model.wound_cells_beyond}. Beyond {model.experience_track[-1]}: turn the "
                f"experience marker to +{model.experience_flip}.",
                sx + 3 * MM, band_bottom + 1.5 * MM, slot_w - 6 * MM,
                band_top - band_bottom - 17 * MM, size=7.5, min_size=7)


def board(model: Model):
    pal = model.common.palette
    W, H = model.board_size
    half_h = (H - STRIP) / 2
    lower, upper = engine.SIDES  # the Human sits at the bottom edge, the Elf across

    def draw(s: Surface) -> None:
        c = s.c
        for message, field in board_layout(model)["problems"]:
            s.report(message, field)
        c.setFillColor(pal["paper"])
        c.rect(0, 0, W, H, stroke=0, fill=1)
        c.saveState()
        _board_half(s, model, lower, W, half_h)
        c.restoreState()
        c.saveState()
        c.translate(W, H)
        c.rotate(180)
        _board_half(s, model, upper, W, half_h)
        c.restoreState()
        # the centre band: the winning order, readable from both sides
        ink = pal["ink"]
        c.setFillColor(ink)
        c.rect(0, half_h, W, STRIP, stroke=0, fill=1)
        for flip in (False, True):
            c.saveState()
            if flip:
                c.translate(W, H)
                c.rotate(180)
            y = half_h + STRIP * 0.27
            c.setFillColor(pal["paper"])
            s.line(model.common.title.upper(), MARGIN + 2 * MM, y - 1.2 * MM, 10, "bold")
            s.line(f"{order_text(model)} \u00b7 {quick_beats_strong(model)}", W - MARGIN - 2 * MM,
                   y - 1.2 * MM, 8, "regular", "right", max_width=W - 45 * MM)
            c.restoreState()
        c.setStrokeColor(ink)
        c.setLineWidth(0.8)
        c.rect(0, 0, W, H, stroke=1, fill=0)

    places = tuple(kind for _ in engine.SIDES
                   for kind in ["wound track", "locked-card slot"]
                   + ["experience track"] * len(engine.TYPES))
    return Board("Board: wound and experience tracks", W, H, draw, places)


# ---- booklet -----------------------------------------------------------------------------------
def _order_figure(model: Model):
    pal = model.common.palette

    def fig(c, fonts, w, h):
        s = Surface(c, fonts, w, h, 0, "figure: winning order", cut=False)
        cx, cy, R, r = w / 2, h / 2 - 3 * MM, 25 * MM, 8 * MM
        from math import cos, pi, sin

        pos = {t: (cx + R * cos(pi / 2 + 2 * pi * i / 3), cy + R * sin(pi / 2 + 2 * pi * i / 3))
               for i, t in enumerate(engine.TYPES)}
        for a, b in engine.BEATS.items():
            x1, y1, x2, y2 = toward(*pos[a], *pos[b], r + 2, r + 3)
            arrow(c, x1, y1, x2, y2, pal["ink"], width=1.8, head=7)
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            ox, oy = mx - cx, my - cy
            d = max(1e-6, (ox * ox + oy * oy) ** 0.5)
            c.setFillColor(pal["ink"])
            s.line("beats", mx + ox / d * 4 * MM, my + oy / d * 4 * MM - 3, 8.5, "italic",
                   "centre")
        for t, (x, y) in pos.items():
            attack_badge(c, model, t, x, y, r, pal["ink"])
            c.setFillColor(pal["ink"])
            below = y < cy
            s.line(f"{model.attacks[t].name} ({model.attacks[t].colour_name})", x,
                   y - r - 4.5 * MM if below else y + r + 2 * MM, 9, "bold", "centre")

    return fig


def _cards_figure(model: Model, scale: float = 0.6):
    w, h = model.card_size
    order = {s: i for i, s in enumerate(engine.SIDES)}
    picks = []
    for sid in engine.SIDES:
        m = "quick" if sid == engine.SIDES[0] else "strong"
        card = next((cd for cd in model.cards if cd.side == sid and cd.modality == m), None)
        if card is not None:
            picks.append(attack_card(model, card))
    picks += [side_back(model, sid) for sid in sorted(model.sides, key=lambda sid: order[sid])]
    return faces_figure(picks, w, h, model.common.palette["ink"], scale, gap=5 * MM)


def _position_text(model: Model) -> dict | None:
    """The second example's start, in the booklet's words (names from the data)."""
    p = model.end_position
    if p is None:
        return None
    return {"turn": p.turn, "wounds": p.wounds,
            "exp": {s: {model.attacks[t].name: v for t, v in p.exp[s].items()} for s in p.exp},
            "locked": {s: model.card_name(Card(s, c[0], c[1], 0, p.source)) if c else None
                       for s, c in p.locked.items()}}


def booklet(model: Model) -> Booklet:
    pal = model.common.palette
    sides = [{"id": s.id, "name": s.name,
              "start": {model.attacks[t].name: s.start[t] for t in engine.TYPES}}
             for s in (model.sides[i] for i in engine.SIDES)]
    attacks = [{"id": a.id, "name": a.name, "colour": a.colour_name,
                "beats": model.attacks[a.beats].name}
               for a in (model.attacks[t] for t in engine.TYPES)]
    modalities = [{"id": m.id, "name": m.name, "multiplier": m.multiplier}
                  for m in (model.modalities[i] for i in engine.MODALITIES)]
    track, exp = model.wound_track, model.experience_track
    context = {
        "sides": sides,
        "attacks": attacks,
        "modalities": modalities,
        "quick": modalities[0], "strong": modalities[1],
        "order": order_text(model),
        "wound_limit": model.wound_limit,
        "bonus_multiplier": model.bonus_multiplier,
        "cards_per_side": engine.NUM_CARDS,
        "aid_cards": model.aid_cards,
        "track": {"first": track[0], "last": track[-1], "beyond": model.wound_cells_beyond,
                  "exp_first": exp[0], "exp_last": exp[-1], "exp_flip": model.experience_flip},
        "example": worked_example(model),
        "end_example": (worked_example(model, end=True)
                        if model.end_position and not ended_before(model) else []),
        "end_position": _position_text(model),
    }
    text = booklet_text(model.common, context, enforced_rulings(model))
    figures = {"order": (100 * MM, 74 * MM, _order_figure(model)),
               "cards": _cards_figure(model)}
    return Booklet(model.common.title, text, figures, accent=pal["ink"],
                   source=str(model.common.folder.path / "booklet"))


# ---- the kit -------------------------------------------------------------------------------------
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
    turn, end = aid_turn(model), aid_end(model)
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
