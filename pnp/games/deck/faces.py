"""The faces of a game made from data: each component's pieces (sheets of cards, tokens and
tiles; boards and mats) with a drawer per row from its layout files, and the booklet."""

from __future__ import annotations

from ...faces.draw import LayoutFace
from ...kit import Board, Kit, Piece, Sheet
from ...render.booklet import Booklet
from ..base import booklet_text
from .components import Component
from .kit import Model


class RowFace(LayoutFace):
    """A face of row i: its context is made when the face is drawn, so a big deck holds one
    at a time rather than one a card."""

    __slots__ = ("component", "index")

    def __init__(self, layout, component: Component, index: int):
        super().__init__(layout, {})
        self.component, self.index = component, index

    @property
    def context(self) -> dict:
        return self.component.context(self.index)


def _label(c: Component, i: int) -> str:
    row = c.table.rows[i]
    for key in ("title", "name", "label"):
        if key in c.table.columns and str(row[key]).strip():
            return str(row[key]).strip()
    return f"{c.name} {i + 1}"


def faces(c: Component):
    """(front, back) drawers per row; a layout with no expressions gets one shared drawer."""
    shared = {}

    def face(layout, i):
        if layout is None:
            return None
        if layout.static:
            if id(layout) not in shared:
                shared[id(layout)] = LayoutFace(layout, {})
            return shared[id(layout)]
        return RowFace(layout, c, i)

    return [(face(c.front, i), face(c.back_for(i), i)) for i in range(len(c.counts))]


def build_kit(model: Model, fonts, extra: dict | None = None) -> Kit:
    """The kit; `extra` adds names to the booklet's context (a rules game's how_to_play)."""
    kit = Kit(model.common.title)
    labels = {c.name: [_label(c, i) for i in range(len(c.counts))] for c in model.components}
    for c in model.components:
        drawers = faces(c)
        if not c.on_sheets:
            for i, (front, back) in enumerate(drawers):
                for _ in range(c.counts[i]):
                    kit.boards.append(Board(f"{c.title}: {_label(c, i)}" if len(drawers) > 1
                                            else c.title, c.width, c.height, front, (c.name,),
                                            c.table.rows[i].source))
                    if back is not None:
                        kit.boards.append(Board(f"{c.title}: {_label(c, i)} (back)", c.width,
                                                c.height, back, (), c.table.rows[i].source))
            continue
        pieces = tuple(Piece(c.name, labels[c.name][i], front, back, c.table.rows[i].source)
                       for i, (front, back) in enumerate(drawers) for _ in range(c.counts[i]))
        kit.sheets.append(Sheet(c.title, c.width, c.height, pieces, shape=c.shape, gap=c.gap,
                                two_sided=c.two_sided))
    cards = next((c for c in model.components if c.on_sheets), None)
    rows = [] if cards is None else [
        {"title": labels[cards.name][i], "count": cards.counts[i],
         "text": str(cards.table.rows[i].get("text", ""))} for i in range(len(cards.counts))]
    listing = [{"name": c.name, "title": c.title, "count": sum(c.counts)}
               for c in model.components]
    # the numbers a designer's rules state, named in game.toml's [options] ({{ options.hand }})
    options = model.common.folder.section("options", required=False)
    text = booklet_text(model.common, {"cards": rows, "components": listing,
                                       "options": options, **(extra or {})})
    kit.booklet = Booklet(model.common.title, text, {}, source=str(model.common.folder.path))
    return kit
