"""Experior's board drawn from its layout files: each fighter's half (layouts/board-half.toml,
with that side's row and the tracks' geometry) upright at the bottom for the Human and turned
half a turn for the Elf across the table, then the board's own elements over both (the centre
band, the outline: layouts/board.toml)."""

from __future__ import annotations

from dataclasses import replace

from ...faces.draw import draw
from ...kit import Board
from ...layout.grid import Rect
from ...render.surface import Element, Surface
from . import engine
from . import figures  # noqa: F401  (registers the layouts' experior.* figures)
from .geometry import board_layout
from .model import Model
from .rows import half_row


def board(model: Model) -> Board:
    W, H = model.board_size
    half_h = board_layout(model)["half_h"]
    lower, upper = engine.SIDES  # the Human sits at the bottom edge, the Elf across
    names = model.layout_names

    def draw_board(s: Surface) -> None:
        c = s.c
        for message, field in board_layout(model)["problems"]:
            s.report(message, field)
        for sid, turned in ((lower, False), (upper, True)):
            c.saveState()
            if turned:
                c.translate(W, H)
                c.rotate(180)
            row = half_row(model, sid)
            # the half as a face of its own: its findings and boxes go to the board's lists,
            # the boxes of the turned half turned back into the board's frame
            first = len(s.elements)
            draw(model.layouts["board_half"], replace(s, h=half_h), {**names, **row, "row": row})
            if turned:
                s.elements[first:] = [Element(e.name, Rect(W - e.rect.x - e.rect.w,
                                                           H - e.rect.y - e.rect.h, e.rect.w,
                                                           e.rect.h))
                                      for e in s.elements[first:]]
            c.restoreState()
        draw(model.layouts["board"], s, dict(names))

    places = tuple(kind for _ in engine.SIDES
                   for kind in ["wound track", "locked-card slot"]
                   + ["experience track"] * len(engine.TYPES))
    return Board("Board: wound and experience tracks", W, H, draw_board, places)
