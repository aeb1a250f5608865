"""Legolas vs. Gimli's figures: the drawings its layout files (card_data/legolas/layouts) place
but no box can express. Each is named `legolas.*`; a layout gives it a box and args from the row.

- hazard: a band of diagonal stripes clipped to a rounded rectangle (the trap band);
- coins: a row of `coins` coins, the last one half for ½ (a count of icons set by a number);
- badge: an element's medallion (a disc in the element's colour, its glyph in two tones that
  follow that colour);
- emblem, treasure, character, mission: the cards' pictures, several icons composed per effect
  or id (a data-only game would name an SVG file in a column instead);
- score_loop: the score board's VP spaces round its edge, tinted by level, and those below 0."""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import Color, white

from ...data.layouts.values import colour_in, signed
from ...faces.figures import Figure, figure, number_arg, repeated
from ...render.colours import ink_on, mix
from ...render.icons import (arrow, axe_icon, bow_icon, cards_icon, coin_icon, dagger_icon, disc,
                             element_icon, eye_icon, hat_icon, net_icon, person_icon, ring_icon,
                             shield_icon, spikes_icon, suit_icon, sword_icon, wall_icon)
from ...units import MM
from ..figargs import colour_arg
from . import facts


@figure("legolas.hazard")
@repeated
def hazard(s: Figure, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
    """Stripes of `stripe` on `fill`, leaning right, in a band with rounded corners."""
    c = s.c
    p = c.beginPath()
    p.roundRect(x, y, w, h, min(1.2 * MM, h / 2))
    c.clipPath(p, stroke=0, fill=0)
    c.setFillColor(colour_arg(s, args, "fill", "trap"))
    c.rect(x, y, w, h, stroke=0, fill=1)
    c.setFillColor(colour_arg(s, args, "stripe", "ink"))
    step = 3.2 * MM
    k = x - h
    while k < x + w:
        q = c.beginPath()
        q.moveTo(k, y)
        q.lineTo(k + step / 2, y)
        q.lineTo(k + step / 2 + h, y + h)
        q.lineTo(k + h, y + h)
        q.close()
        c.drawPath(q, stroke=0, fill=1)
        k += step


@figure("legolas.coins")
@repeated
def coins(s: Figure, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
    """`coins` coins from the box's left edge, as tall as the box, the last a half for ½."""
    n = number_arg(args, "coins", 0, 0, 100)  # the row of coins leaves the box long before
    gold, ink = colour_arg(s, args, "fill", "gold"), colour_arg(s, args, "ink", "ink")
    r = h / 2
    step = 2 * r + 1.2 * MM
    cx, cy = x + r, y + r
    whole = int(n)
    for _ in range(whole):
        coin_icon(s.c, cx, cy, r, gold, ink)
        cx += step
    if n != whole:
        coin_icon(s.c, cx, cy, r, gold, ink, half=True)


def badge(c, palette, element: str, cx: float, cy: float, r: float,
          ring: Color | None = None) -> None:
    col = palette[element]
    disc(c, cx, cy, r, col, ring, max(0.6, r / 10))
    element_icon(c, element, cx, cy, r * 1.25, ink_on(col),
                 palette["gold"] if element == "fire" else mix(col, white, 0.75))


@figure("legolas.badge")
@repeated
def badge_figure(s: Figure, x: float, y: float, w: float, h: float,
                 args: dict[str, Any]) -> None:
    """The medallion of `element`, a disc filling the box, ringed in `ring` if given."""
    ring = colour_in(s.palette)(args["ring"]) if args.get("ring") else None
    badge(s.c, s.palette, str(args["element"]), x + w / 2, y + h / 2, min(w, h) / 2, ring)


@figure("legolas.emblem")
@repeated
def emblem(s: Figure, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
    """The game's emblem: Legolas's bow crossed with Gimli's axe."""
    cx, cy, size, fill = x + w / 2, y + h / 2, min(w, h), colour_arg(s, args, "fill", "gold")
    bow_icon(s.c, cx - size * 0.2, cy, size * 0.55, fill)
    axe_icon(s.c, cx + size * 0.27, cy, size * 0.6, fill, angle=0)


@figure("legolas.treasure")
@repeated
def treasure(s: Figure, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
    """A treasure's picture, by its `effect` (and `target`: an element or a suit)."""
    c, pal = s.c, s.palette
    size, cx, cy = min(w, h), x + w / 2, y + h / 2
    effect, target = args.get("effect", ""), args.get("target", "")
    ink, gold = pal["ink"], pal["gold"]
    if effect == "defence":
        shield_icon(c, cx, cy, size, pal["treasure"])
    elif effect == "barrier":
        wall_icon(c, cx, cy - size * 0.1, size * 0.95, pal["brute"], pal["parchment"])
        badge(c, pal, target, cx + size * 0.32, cy + size * 0.3, size * 0.24, pal["parchment"])
    elif effect == "immunity":
        shield_icon(c, cx, cy, size, pal["treasure"])
        suit_icon(c, target, cx, cy + size * 0.08, size * 0.5, pal["parchment"])
    elif effect == "minion":
        person_icon(c, cx, cy, size * 0.85, pal["character"])
    elif effect == "net":
        net_icon(c, cx, cy, size * 0.95, ink)
    elif effect == "boss_vp":
        ring_icon(c, cx, cy, size * 0.9, gold, pal["boss"])
    elif effect == "plays":
        cards_icon(c, cx, cy, size * 0.9, ink, pal["paper"])
    elif effect == "coin_bonus":
        dagger_icon(c, cx - size * 0.15, cy, size * 0.95, ink, angle=-30)
        coin_icon(c, cx + size * 0.3, cy - size * 0.22, size * 0.18, gold, ink)
    else:
        coin_icon(c, cx, cy, size * 0.4, gold, ink)


@figure("legolas.character")
@repeated
def character(s: Figure, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
    """A character's picture by its `id`, in `fill` with details in `detail`."""
    c = s.c
    size, cx, cy = min(w, h), x + w / 2, y + h / 2
    fill, detail = colour_arg(s, args, "fill", "gold"), colour_arg(s, args, "detail", "character")
    cid = args.get("id", "")
    if cid == "fighter":
        sword_icon(c, cx - size * 0.12, cy, size, fill, angle=-20)
        shield_icon(c, cx + size * 0.18, cy - size * 0.08, size * 0.62, fill, detail)
    elif cid == "wizard":
        hat_icon(c, cx, cy, size, fill, detail)
    elif cid == "rogue":
        dagger_icon(c, cx, cy, size, fill, angle=-25)
    elif cid == "psychic":
        eye_icon(c, cx, cy, size, fill, detail)
    else:
        person_icon(c, cx, cy, size, fill)


@figure("legolas.mission")
@repeated
def mission(s: Figure, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
    """A mission's picture by its `id`: its suit, spikes (escapist), coins (gambler), a shield."""
    c, pal = s.c, s.palette
    size, cx, cy = min(w, h), x + w / 2, y + h / 2
    mid = args.get("id", "")
    if mid in facts.SUITS:
        suit_icon(c, mid, cx, cy, size, pal[mid])
    elif mid == "escapist":
        spikes_icon(c, cx, cy, size * 0.9, pal["ink"])
    elif mid == "gambler":
        for dx, dy in ((-0.22, -0.12), (0.22, -0.12), (0, 0.2)):
            coin_icon(c, cx + dx * size, cy + dy * size, size * 0.24, pal["gold"], pal["ink"])
    else:
        shield_icon(c, cx, cy, size, pal["character"], pal["parchment"])


# ---- the score board's loop -----------------------------------------------------------------------
def loop_layout(n: int, W: float, H: float) -> tuple[int, int]:
    """Columns and rows of a loop of n spaces round a W x H board, spaces as square as can be."""
    best = None
    for cols in range(3, n):
        rows = n // 2 + 2 - cols
        if rows < 3:
            break
        score = abs(W / cols - H / rows)
        if best is None or score < best[0]:
            best = (score, cols, rows)
    if best is None:
        raise ValueError(f"a loop of {n} spaces needs at least 8")
    return best[1], best[2]


def loop_cells(n: int, W: float, H: float) -> list[tuple[float, float, float, float]]:
    """(x, y, w, h) of spaces 0..n-1: 0 in the bottom-left corner, then up the left edge, along
    the top, down the right edge and back along the bottom."""
    cols, rows = loop_layout(n, W, H)
    cw, ch = W / cols, H / rows
    cells: list[tuple[float, float]] = []
    for r in range(rows):                       # up the left edge
        cells.append((0, r * ch))
    for k in range(1, cols):                    # along the top
        cells.append((k * cw, (rows - 1) * ch))
    for r in range(rows - 2, -1, -1):           # down the right edge
        cells.append(((cols - 1) * cw, r * ch))
    for k in range(cols - 2, 0, -1):            # back along the bottom
        cells.append((k * cw, 0))
    return [(x, y, cw, ch) for x, y in cells]


def _space(s: Figure, x, y, cw, ch, v: int, fill: Color, ink: Color) -> None:
    c = s.c
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(0.6)
    c.rect(x, y, cw, ch, stroke=1, fill=1)
    c.setFillColor(ink)
    big = v % 5 == 0
    s.surface.line(signed(v) if v < 0 else str(v), x + cw / 2, y + ch / 2 - (4.2 if big else 3.2),
                   15 if big else 11, "bold" if big else "regular", "centre")


@figure("legolas.score_loop")
def score_loop(s: Figure, x: float, y: float, w: float, h: float, args: dict[str, Any]) -> None:
    """The VP spaces 0 to `cells` - 1 round the box's edge, tinted by level (`level2` and
    `level3`: the VP each starts at, marked by a bar in `bar` and its name), the +`cells` flip
    disc after the last; inside the bottom edge the spaces -1 to -`below`, with an arrow from
    0. The tints: `paper` for level 1 mixed toward `level2_tint` and `level3_tint`, and toward
    `below_tint` for the spaces below 0."""
    n, below = int(float(args.get("cells", 50))), int(float(args.get("below", 0)))
    if not 12 <= n <= 120 or n % 2 or not 0 <= below <= 12:  # as [board] vp_loop, vp_below
        raise ValueError(f"cells must be an even number from 12 to 120 and below 0 to 12, got "
                         f"{n} and {below}")
    levels = ((int(float(args.get("level2", 5))), "LEVEL 2"),
              (int(float(args.get("level3", 10))), "LEVEL 3"))
    paper, ink = colour_arg(s, args, "paper", "parchment"), colour_arg(s, args, "ink", "ink")
    bar, gold = colour_arg(s, args, "bar", "boss"), colour_arg(s, args, "flip", "gold")
    tint = {1: paper, 2: mix(paper, colour_arg(s, args, "level2_tint", "wind"), 0.3),
            3: mix(paper, colour_arg(s, args, "level3_tint", "gold"), 0.55)}
    c, line = s.c, s.surface.line
    c.translate(x, y)  # (the figure's own state: drawn inside saveState)
    cells = loop_cells(n, w, h)
    for v, (cx, cy, cw, ch) in enumerate(cells):
        level = 3 if v >= levels[1][0] else 2 if v >= levels[0][0] else 1
        _space(s, cx, cy, cw, ch, v, tint[level], ink)
    for v, name in levels:
        if v < n:
            cx, cy, cw, ch = cells[v]
            c.setStrokeColor(bar)
            c.setLineWidth(3)
            if cx == 0:
                c.line(cx, cy, cx + cw, cy)
            else:
                c.line(cx, cy, cx, cy + ch)
            c.setFillColor(bar)
            line(name, cx + cw / 2, cy + ch - 4.2 * MM, 7, "bold", "centre", max_width=cw - 2 * MM)
    cx, cy, cw, ch = cells[-1]
    disc(c, cx, cy + ch * 0.22, 3.6 * MM, gold, ink, 0.8)
    c.setFillColor(ink)
    line(f"+{n}", cx, cy + ch * 0.22 - 0.9 * MM, 7, "bold", "centre")
    # the spaces below 0, inside the bottom edge, with an arrow from 0
    cw, ch = cells[0][2], cells[0][3]
    x0, y0 = cw + 5 * MM, ch + 5 * MM
    bw = min(cw, (w - 2 * cw - 10 * MM) / max(1, below))
    negative = mix(paper, colour_arg(s, args, "below_tint", "brute"), 0.22)
    for k in range(1, below + 1):
        _space(s, x0 + (k - 1) * bw, y0, bw, ch, -k, negative, ink)
    if below:
        arrow(c, cw * 0.8, ch * 0.97, x0 - 0.8 * MM, y0 + ch * 0.35, ink, width=1.2, head=5)
        c.setFillColor(ink)
        line(f"below 0: {signed(-1)} to {signed(-below)} VP", x0, y0 + ch + 1.8 * MM, 8.5,
             "bold")
