"""Components on the page: a drawer per row from its layout files (front and back), and the
sheets and boards of a kit made from them."""

from __future__ import annotations

from ..kit import Board, Kit, Piece, Sheet
from .components import Component
from .draw import LayoutFace


_MADE_WHEN_DRAWN: dict = {}  # every RowFace's own context: never read (one a card was 64 bytes)


class RowFace(LayoutFace):
    """A face of row i: its context is made when the face is drawn, so a big deck holds one
    at a time rather than one a card."""

    __slots__ = ("component", "index")

    def __init__(self, layout, component: Component, index: int):
        super().__init__(layout, _MADE_WHEN_DRAWN)
        self.component, self.index = component, index

    @property
    def context(self) -> dict:
        return self.component.context(self.index)


def label(c: Component, i: int) -> str:
    """Row i's piece's name: its own (untitled() says when it has none), else its kind and
    place ("token 4"), as exports and the kit's lists name it."""
    return _own_name(c, i) or f"{c.name} {i + 1}"


def untitled(c: Component, i: int) -> bool:
    """Whether row i has no name of its own: a message names its piece by its row alone (the
    4th token is row 5 of tokens.csv, which the message names: "token 4" beside it misled)."""
    return _own_name(c, i) is None


def _own_name(c: Component, i: int) -> str | None:
    row = c.table.rows[i]
    # a piece is named by its title, name or label, however the sheet capitalises it (Squib's
    # and many spreadsheets' "Name")
    by_lower = {col.lower(): col for col in reversed(c.table.columns)}
    for key in ("title", "name", "label"):
        col = key if key in c.table.columns else by_lower.get(key)
        if col is not None and str(row[col]).strip():
            return str(row[col]).strip()
    if c.grid is not None and i in c.grid.label_of:  # a grid's cell: "island 0304"
        return f"{c.name} {c.grid.label_of[i]}"
    return None


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


def grouped(c: Component) -> list[int]:
    """The rows in the order their pieces go on the sheet: by `group` (each side's counters
    together, the sides in the order they first appear, each side's rows in data order),
    else the data's order."""
    order = list(range(len(c.counts)))
    column = c.group
    if column is None:
        return order
    first: dict[str, int] = {}
    for i in order:
        first.setdefault(str(c.table.rows[i].get(column, "")).strip(), i)
    return sorted(order, key=lambda i: first[str(c.table.rows[i].get(column, "")).strip()])


def place_components(kit: Kit, components) -> None:
    """Each component's pieces into the kit: cards, tokens and tiles on sheets, boards and
    mats one a page (with its back after it)."""
    for c in components:
        drawers = faces(c)
        if c.grid is not None or c.tessellate:
            from .tessellate import place_grid

            place_grid(kit, c, drawers, [label(c, i) for i in range(len(drawers))])
            continue
        if not c.on_sheets:
            for i, (front, back) in enumerate(drawers):
                for _ in range(c.counts[i]):
                    kit.boards.append(Board(f"{c.title}: {label(c, i)}" if len(drawers) > 1
                                            else c.title, c.width, c.height, front, (c.name,),
                                            c.table.rows[i].source))
                    if back is not None:
                        kit.boards.append(Board(f"{c.title}: {label(c, i)} (back)", c.width,
                                                c.height, back, (), c.table.rows[i].source))
            continue
        pieces = tuple(Piece(c.name, label(c, i), drawers[i][0], drawers[i][1],
                             c.table.rows[i].source, untitled=untitled(c, i))
                       for i in grouped(c) for _ in range(c.counts[i]))
        kit.sheets.append(Sheet(c.title, c.width, c.height, pieces, shape=c.shape, gap=c.gap,
                                two_sided=c.two_sided))
