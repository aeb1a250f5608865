"""Legolas vs. Gimli's score board: the VP loop, the levels and the round track."""

from __future__ import annotations

from reportlab.lib.colors import Color

from ...kit import Board
from ...render.colours import mix
from ...render.icons import arrow, disc
from ...render.surface import Surface
from ...units import MM
from . import facts
from .model import Model
from .drawing import signed
from .aids import deal_text


# ---- the score board -----------------------------------------------------------------------------
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
    assert best is not None
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


class _Style:
    """The board's colours: one tint per level, one for the spaces below 0."""

    def __init__(self, model: Model):
        pal = model.common.palette
        self.pal = pal
        self.ink, paper = pal["ink"], pal["parchment"]
        self.paper = paper
        self.tint = {1: paper, 2: mix(paper, pal["wind"], 0.3), 3: mix(paper, pal["gold"], 0.55)}
        self.negative = mix(paper, pal["brute"], 0.22)


def _level(v: int) -> int:
    return 3 if v >= facts.LEVEL_3_VP else 2 if v >= facts.LEVEL_2_VP else 1


def _cell(s: Surface, st: _Style, x, y, cw, ch, v: int, fill: Color) -> None:
    c = s.c
    c.setFillColor(fill)
    c.setStrokeColor(st.ink)
    c.setLineWidth(0.6)
    c.rect(x, y, cw, ch, stroke=1, fill=1)
    c.setFillColor(st.ink)
    big = v % 5 == 0
    s.line(signed(v) if v < 0 else str(v), x + cw / 2, y + ch / 2 - (4.2 if big else 3.2),
           15 if big else 11, "bold" if big else "regular", "centre")


def _loop(s: Surface, st: _Style, cells, n: int) -> None:
    """The VP spaces 0..n-1, the bars where levels start, and the +n flip after the last."""
    c, pal = s.c, st.pal
    for v, (x, y, w_, h_) in enumerate(cells):
        _cell(s, st, x, y, w_, h_, v, st.tint[_level(v)])
    for v, name in ((facts.LEVEL_2_VP, "LEVEL 2"), (facts.LEVEL_3_VP, "LEVEL 3")):
        if v < n:
            x, y, w_, h_ = cells[v]
            c.setStrokeColor(pal["boss"])
            c.setLineWidth(3)
            if x == 0:
                c.line(x, y, x + w_, y)
            else:
                c.line(x, y, x, y + h_)
            c.setFillColor(pal["boss"])
            s.line(name, x + w_ / 2, y + h_ - 4.2 * MM, 7, "bold", "centre",
                   max_width=w_ - 2 * MM)
    x, y, w_, h_ = cells[-1]
    disc(c, x, y + h_ * 0.22, 3.6 * MM, pal["gold"], st.ink, 0.8)
    c.setFillColor(st.ink)
    s.line(f"+{n}", x, y + h_ * 0.22 - 0.9 * MM, 7, "bold", "centre")


def _below_zero(s: Surface, st: _Style, W: float, cw: float, ch: float, below: int) -> None:
    """The spaces -1 to -below, inside the bottom edge, with an arrow from 0."""
    x0, y0 = cw + 5 * MM, ch + 5 * MM
    bw = min(cw, (W - 2 * cw - 10 * MM) / max(1, below))
    for k in range(1, below + 1):
        _cell(s, st, x0 + (k - 1) * bw, y0, bw, ch, -k, st.negative)
    if below:
        arrow(s.c, cw * 0.8, ch * 0.97, x0 - 0.8 * MM, y0 + ch * 0.35, st.ink, width=1.2,
              head=5)
        s.c.setFillColor(st.ink)
        s.line(f"below 0: {signed(-1)} to {signed(-below)} VP", x0, y0 + ch + 1.8 * MM, 8.5,
               "bold")


def _round_track(s: Surface, st: _Style, mid: float, ry: float, right: float) -> None:
    c, rounds = s.c, facts.ROUNDS
    rw, rh = 20 * MM, 15 * MM
    rx0 = mid - rounds * rw / 2
    s.line("ROUND", rx0 - 3 * MM, ry + rh / 2 - 1.5 * MM, 10, "bold", "right")
    for k in range(rounds):
        c.setFillColor(st.pal["paper"])
        c.setStrokeColor(st.ink)
        c.setLineWidth(0.8)
        c.rect(rx0 + k * rw, ry, rw, rh, stroke=1, fill=1)
        c.setFillColor(st.ink)
        s.line(str(k + 1), rx0 + k * rw + rw / 2, ry + rh / 2 - 4, 14, "bold", "centre")
    s.line(f"after round {rounds}: the most VP wins", rx0 + rounds * rw + 3 * MM,
           ry + rh / 2 - 1.5 * MM, 8, "italic", max_width=right - rx0 - rounds * rw - 3)


def _levels_legend(s: Surface, st: _Style, mid: float, ly: float) -> None:
    c = s.c
    l2, l3 = facts.LEVEL_2_VP, facts.LEVEL_3_VP
    lw = 46 * MM
    lx0 = mid - 1.5 * lw - 3 * MM
    legends = ((1, f"Level 1: below {l2} VP"), (2, f"Level 2: {l2} VP or more"),
               (3, f"Level 3: {l3} VP or more"))
    for k, (lv, text) in enumerate(legends):
        x = lx0 + k * (lw + 3 * MM)
        c.setFillColor(st.tint[lv])
        c.setStrokeColor(st.ink)
        c.setLineWidth(0.6)
        c.rect(x, ly, lw, 8 * MM, stroke=1, fill=1)
        c.setFillColor(st.ink)
        s.line(text, x + lw / 2, ly + 2.8 * MM, 9, "bold", "centre", max_width=lw - 3 * MM)


def _middle(s: Surface, st: _Style, model: Model, cw: float, ch: float) -> None:
    """Title, round track, levels, dealing and the end of a round."""
    W, H = model.board_size
    n = model.vp_loop
    inner_l, inner_r = cw + 8 * MM, W - cw - 8 * MM
    mid = (inner_l + inner_r) / 2
    top = H - ch - 12 * MM
    s.c.setFillColor(st.ink)
    s.line(model.common.title.upper(), mid, top, 22, "bold", "centre",
           max_width=inner_r - inner_l)
    s.line("Victory points", mid, top - 8 * MM, 11, "italic", "centre")
    ry = top - 30 * MM
    _round_track(s, st, mid, ry, inner_r)
    ly = ry - 16 * MM
    _levels_legend(s, st, mid, ly)
    s.c.setFillColor(st.ink)
    ty = ly - 9 * MM
    width = inner_r - inner_l
    s.line("Cards dealt to each player every round: " + deal_text("   "), mid, ty, 9,
           "regular", "centre", max_width=width)
    s.line("A round ends when the player to play has no card, or more gates are open than "
           "there are players.", mid, ty - 6 * MM, 9, "regular", "centre", max_width=width)
    s.line(f"Past {n - 1} VP: go on from 0 and flip your marker to its +{n} side.", mid,
           ty - 12 * MM, 9, "regular", "centre", max_width=width)


def board(model: Model) -> Board:
    st = _Style(model)
    W, H = model.board_size
    n, below = model.vp_loop, model.vp_below

    def draw(s: Surface) -> None:
        c = s.c
        c.setFillColor(mix(st.paper, st.pal["back"], 0.08))
        c.rect(0, 0, W, H, stroke=0, fill=1)
        cells = loop_cells(n, W, H)
        cw, ch = cells[0][2], cells[0][3]
        _loop(s, st, cells, n)
        _below_zero(s, st, W, cw, ch, below)
        _middle(s, st, model, cw, ch)
        c.setStrokeColor(st.ink)
        c.setLineWidth(0.8)
        c.rect(0, 0, W, H, stroke=1, fill=0)

    return Board(f"Score board: {signed(-below)} to {n - 1} VP and the round track", W, H, draw,
                 ("score track", "round track"))
