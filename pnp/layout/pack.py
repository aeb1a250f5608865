"""Which piece goes in which cell of a grid, so that no card can be told from its back.

On a sheet whose neighbours share cut lines, a duplex shift or a slightly-off cut leaves a sliver
of the neighbour's back on a card; if the neighbour's back differs, the card is marked. So pieces
are taken back design by back design, and a piece never goes beside (left, right, above, below) a
piece with another back: that cell stays empty, and the edge facing it gets the full bleed.
"""

from __future__ import annotations

from typing import Hashable, Mapping, Sequence

Page = list[tuple[int, int]]  # (cell index, piece index)


def grouped(keys: Sequence[Hashable]) -> list[int]:
    """Piece indices, back design by back design (in order of first appearance), each design's
    pieces in their own order."""
    first: dict[Hashable, int] = {}
    for i, key in enumerate(keys):
        first.setdefault(key, i)
    return sorted(range(len(keys)), key=lambda i: (first[keys[i]], i))


def pack(keys: Sequence[Hashable], cols: int, rows: int, separate: bool = True) -> list[Page]:
    """Pages of (cell, piece) in reading order. With `separate` (the grid's neighbours share cut
    lines), no two pieces with different keys are neighbours."""
    order = grouped(keys) if separate else list(range(len(keys)))
    pages: list[Page] = []
    at = 0
    while at < len(order):
        taken: dict[int, Hashable] = {}
        page: Page = []
        for cell in range(cols * rows):
            if at == len(order):
                break
            key = keys[order[at]]
            col = cell % cols
            near = ([cell - 1] if col else []) + ([cell - cols] if cell >= cols else [])
            if separate and any(n in taken and taken[n] != key for n in near):
                continue
            taken[cell] = key
            page.append((cell, order[at]))
            at += 1
        pages.append(page)
    return pages


def free_slots(grid, filled, w: float, h: float, gap: float) -> list:
    """Where pieces of w x h, `gap` apart, fit in a page's free cells (tokens lodged on a card
    sheet's last page): each cell shrunk by the bleed its neighbours' art may reach into it and
    half a gap for the pieces' own, the pieces centred in what is left."""
    from math import floor

    from .grid import EPS, Rect

    margin = grid.outer_bleed + gap / 2
    slots = []
    for cell in range(grid.per_page):
        if cell in filled:
            continue
        t = grid.trim(cell)
        cols = floor((t.w - 2 * margin + gap + EPS) / (w + gap))
        rows = floor((t.h - 2 * margin + gap + EPS) / (h + gap))
        if cols < 1 or rows < 1:
            continue
        x0 = t.x + (t.w - cols * w - (cols - 1) * gap) / 2
        top = t.top - (t.h - rows * h - (rows - 1) * gap) / 2
        slots += [Rect(x0 + c * (w + gap), top - h - r * (h + gap), w, h)
                  for r in range(rows) for c in range(cols)]
    return slots


def fit_into(taken: Mapping[int, Hashable], keys: Sequence[Hashable], cols: int, rows: int,
             separate: bool = True) -> list[int] | None:
    """Free cells of a page (`taken`: cell -> back key) for pieces with these back keys, in
    reading order; with `separate`, none beside (left, right, above, below) a piece with
    another key. None when they do not all fit."""
    taken = dict(taken)  # a copy: the pieces placed so far count as neighbours too
    cells = []
    for key in keys:
        for cell in range(cols * rows):
            if cell in taken:
                continue
            col = cell % cols
            near = ([cell - 1] if col else []) + ([cell + 1] if col < cols - 1 else []) + \
                ([cell - cols] if cell >= cols else []) + \
                ([cell + cols] if cell + cols < cols * rows else [])
            if separate and any(n in taken and taken[n] != key for n in near):
                continue
            taken[cell] = key
            cells.append(cell)
            break
        else:
            return None
    return cells
