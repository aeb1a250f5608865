"""Experior's figures: the drawings its layout files (card_data/experior/layouts) place but no box
can express. Each is named `experior.*`; a layout gives it a box and args from the row.

- attack: an attack type's icon (sword, bow or magic) filling the box;
- emblem: a fighter's emblem (the Human's shield, the Elf's leaf) with its mark;
- badge: an attack type's icon in a disc of its colour, ringed if `ring` is given;
- order: the winning order as a chain of badges, sword > bow > magic > sword (the rules'
  order, from the engine), one of them larger and ringed;
- triangle: the winning order as a triangle of badges, an arrow from each to the type it beats
  (the booklet's figure, layouts/order.toml);
- steps: numbered steps with a hanging indent, all at the largest size that fits the box;
- wound_track: the wound track's numbered cells, ten a row, the start and the limit outlined;
- experience_track: one type's experience cells rising upwards, the start cell filled."""

from __future__ import annotations

from math import cos, floor, pi, sin
from typing import Any

from reportlab.lib.colors import Color

from ...faces.figures import Figure, figure
from ...render.colours import ink_on, mix
from ...render.surface import MIN_TEXT
from ...render.icons import (arrow, bow_icon, disc, leaf_icon, magic_icon, shield_icon,
                             sword_icon, toward)
from ...render.text import LEADING, wrap
from ...units import MM
from ..figargs import colour_arg, int_arg, length_arg
from . import engine
from .geometry import MIN_CELL
from .rows import chain

ICON = 1.3  # a badge's icon across, to its disc's radius


def _type(args: dict[str, Any]) -> str:
    t = str(args.get("type", ""))
    if t not in engine.TYPES:
        raise ValueError(f"type {t!r} is not an attack type ({', '.join(engine.TYPES)})")
    return t


def attack_icon(c, type_: str, cx: float, cy: float, size: float, fill: Color) -> None:
    if type_ == "sword":
        sword_icon(c, cx, cy, size, fill, angle=-45)
    elif type_ == "bow":
        bow_icon(c, cx, cy, size * 0.95, fill)
    else:
        magic_icon(c, cx, cy, size, fill)


def badge(c, type_: str, colour: Color, cx: float, cy: float, r: float,
          ring: Color | None = None) -> None:
    """The attack type's icon, in black or white, in a disc of its colour."""
    disc(c, cx, cy, r, colour, ring, max(0.5, r / 10))
    attack_icon(c, type_, cx, cy, r * ICON, ink_on(colour))


def emblem(c, side: str, cx: float, cy: float, size: float, fill: Color, mark: Color) -> None:
    if side == "human":
        shield_icon(c, cx, cy, size, fill, mark)
    else:
        leaf_icon(c, cx, cy, size, fill, mark, angle=-30)


@figure("experior.attack")
def attack_figure(s: Figure, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
    """The icon of attack `type` in `fill`."""
    attack_icon(s.c, _type(args), x + w / 2, y + h / 2, min(w, h), colour_arg(s, args, "fill"))


@figure("experior.emblem")
def emblem_figure(s: Figure, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
    """The emblem of `side` (human: a shield, elf: a leaf) in `fill`, its mark in `mark`."""
    side = str(args.get("side", ""))
    if side not in engine.SIDES:
        raise ValueError(f"side {side!r} is not a side ({', '.join(engine.SIDES)})")
    emblem(s.c, side, x + w / 2, y + h / 2, min(w, h), colour_arg(s, args, "fill"),
           colour_arg(s, args, "mark", "paper"))


@figure("experior.badge")
def badge_figure(s: Figure, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
    """Attack `type`'s badge: a disc of `colour` filling the box, ringed in `ring` if given."""
    ring = colour_arg(s, args, "ring") if args.get("ring") else None
    badge(s.c, _type(args), colour_arg(s, args, "colour"), x + w / 2, y + h / 2, min(w, h) / 2,
          ring)


@figure("experior.order")
def order_figure(s: Figure, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
    """The winning order as badges joined by ">", as tall as the box and centred in it; each
    type's disc in its colour (args sword, bow, magic), `highlight` larger and ringed in `ink`."""
    ink = colour_arg(s, args, "ink")
    highlight = args.get("highlight")
    types = chain()
    r = h / 2
    step = r * 3.7
    cx, cy = x + w / 2, y + h / 2
    bx = cx - (step * (len(types) - 1) + 2 * r) / 2 + r
    for i, t in enumerate(types):
        hot = t == highlight
        badge(s.c, t, colour_arg(s, args, t, t), bx, cy, r * (1.18 if hot else 1.0),
              ink if hot else None)
        if i < len(types) - 1:
            s.c.setFillColor(ink)
            s.surface.line(">", bx + step / 2, cy - r * 0.4, r * 1.15, "bold", "centre")
        bx += step


@figure("experior.triangle")
def triangle_figure(s: Figure, x: float, y: float, w: float, h: float,
                    args: dict[str, Any]) -> None:
    """The winning order as a triangle: each type's badge (`badge` its radius; args sword, bow,
    magic its colour; ringed in `ring` if given) on the circle the box's height across, the
    first at the top, and an arrow in `ink` from each to the type it beats (the engine's),
    marked `word` ("beats") outside."""
    ink = colour_arg(s, args, "ink")
    r, word = length_arg(args, "badge", "8mm"), str(args.get("word", "beats"))
    cx, cy, R = x + w / 2, y + h / 2, h / 2
    pos = {t: (cx + R * cos(pi / 2 + 2 * pi * i / 3), cy + R * sin(pi / 2 + 2 * pi * i / 3))
           for i, t in enumerate(engine.TYPES)}
    for a, b in engine.BEATS.items():
        x1, y1, x2, y2 = toward(*pos[a], *pos[b], r + 2, r + 3)
        arrow(s.c, x1, y1, x2, y2, ink, width=1.8, head=7)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        ox, oy = mx - cx, my - cy
        d = max(1e-6, (ox * ox + oy * oy) ** 0.5)
        s.c.setFillColor(ink)
        s.surface.line(word, mx + ox / d * 4 * MM, my + oy / d * 4 * MM - 3, 8.5, "italic",
                       "centre")
    ring = colour_arg(s, args, "ring") if args.get("ring") else None
    for t, (bx, by) in pos.items():
        badge(s.c, t, colour_arg(s, args, t, t), bx, by, r, ring)


@figure("experior.steps")
def steps_figure(s: Figure, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
    """`steps` (a text, one step a line) numbered 1, 2, ... with a hanging indent of `indent`
    mm, in `colour`, at the largest size from `size` down to `min_size` (pt) at which all fit
    the box; reported when they do not."""
    steps = [t.strip() for t in str(args.get("steps", "")).splitlines() if t.strip()]
    size, least = float(args.get("size", 9.5)), float(args.get("min_size", 7))
    indent = float(args.get("indent", 4)) * MM
    surface = s.surface
    s.c.setFillColor(colour_arg(s, args, "colour"))
    while size >= least - 1e-9:
        gap = size * 0.45
        wrapped = [wrap(surface.fonts, text, size, w - indent) for text in steps]
        fitted = [lines for lines in wrapped if lines]  # a word wider than the box: None
        if len(fitted) == len(steps):
            height = sum(len(lines) for lines in fitted) * size * LEADING + gap * (len(steps) - 1)
            if height <= h:
                top = y + h - size * 0.95
                for n, lines in enumerate(fitted, 1):
                    surface.line(f"{n}.", x, top, size, "bold")
                    for line in lines:
                        surface.line(line, x + indent, top, size)
                        top -= size * LEADING
                    top -= gap
                return
        size -= 0.25
    surface.report(f"the steps do not fit even at {least:g} pt")


def _numbered_or_said(s: Figure, track: str, cells: int, cw: float, ch: float,
                      size: float) -> bool:
    """Whether a track's cells print their numbers: not when the numbers would be too small to
    read on a cut piece. Then the track is one finding, not one a cell (a track of 5,000 cells
    would bury the reason under 5,000 lines), and none when its cells are under MIN_CELL: the
    board's geometry refuses those already, naming the setting to change (checks.py)."""
    if size >= MIN_TEXT - 1e-6 or not s.surface.cut:
        return True
    if min(cw, ch) >= MIN_CELL:
        s.surface.report(f"the {track} track's {cells} cells are {cw / MM:.1f} x {ch / MM:.1f} "
                         f"mm: their numbers would be {floor(size * 10) / 10:.1f} pt, and "
                         f"printed text needs at least {MIN_TEXT:g} pt to be read across a "
                         "table; give the track fewer cells or more room")
    return False


@figure("experior.wound_track")
def wound_track(s: Figure, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
    """Cells `first` to `last`, `columns` a row from the top left, each numbered; `limit`'s cell
    in the colour `limit`, the cells past it a tint of it; the first and the limit outlined."""
    c = s.c
    first, last, limit = int_arg(args, "first"), int_arg(args, "last"), int_arg(args, "limit")
    columns = int_arg(args, "columns")
    paper, ink = colour_arg(s, args, "paper", "paper"), colour_arg(s, args, "ink")
    hot = colour_arg(s, args, "colour", "limit")
    rows = max(1, -(-(last - first + 1) // columns))
    cw, ch = w / columns, h / rows
    size = min(9.0, ch * 0.45, cw * 0.38)
    numbered = _numbered_or_said(s, "wound", last - first + 1, cw, ch, size)

    def corner(v: int) -> tuple[float, float]:
        row, col = divmod(v - first, columns)
        return x + col * cw, y + h - (row + 1) * ch

    for v in range(first, last + 1):
        cx, cy = corner(v)
        if v == limit:
            fill, text = hot, ink_on(hot)
        elif v > limit:
            fill, text = mix(hot, paper, 0.78), ink
        else:
            fill, text = paper, ink
        c.setFillColor(fill)
        c.setStrokeColor(mix(ink, paper, 0.45))
        c.setLineWidth(0.4)
        c.rect(cx, cy, cw, ch, stroke=1, fill=1)
        if numbered:
            c.setFillColor(text)
            role = "bold" if v % 10 == 0 or v == limit else "regular"
            s.surface.line(str(v), cx + cw / 2, cy + ch / 2 - size * 0.35, size, role, "centre")
    c.setLineWidth(1.4)
    c.setStrokeColor(ink)
    for v in (first, limit) if first <= limit <= last else (first,):
        cx, cy = corner(v)
        c.rect(cx, cy, cw, ch, stroke=1, fill=0)


@figure("experior.experience_track")
def experience_track(s: Figure, x: float, y: float, w: float, h: float,
                     args: dict[str, Any]) -> None:
    """Cells `first` to `last` in a column, rising upwards, in `tint` (else a light tint of
    `colour`); the cell `start` filled with `colour` and outlined in `ink`. A track beside
    others of another type takes its tint from the palette, where [distinct] checks it."""
    c = s.c
    first, last, start = int_arg(args, "first"), int_arg(args, "last"), int_arg(args, "start")
    colour, ink = colour_arg(s, args, "colour"), colour_arg(s, args, "ink")
    paper = colour_arg(s, args, "paper", "paper")
    tint = colour_arg(s, args, "tint") if args.get("tint") else mix(colour, paper, 0.82)
    ch = h / max(1, last - first + 1)
    size = min(9.0, ch * 0.45)
    numbered = _numbered_or_said(s, "experience", last - first + 1, w, ch, size)
    for v in range(first, last + 1):
        cy = y + (v - first) * ch
        on = v == start
        c.setFillColor(colour if on else tint)
        c.setStrokeColor(colour)
        c.setLineWidth(0.5)
        c.rect(x, cy, w, ch, stroke=1, fill=1)
        if numbered:
            c.setFillColor(ink_on(colour) if on else ink)
            s.surface.line(str(v), x + w / 2, cy + ch / 2 - size * 0.35, size,
                           "bold" if on else "regular", "centre")
    if first <= start <= last:
        c.setStrokeColor(ink)
        c.setLineWidth(1.4)
        c.rect(x, y + (start - first) * ch, w, ch, stroke=1, fill=0)
