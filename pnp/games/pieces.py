"""A shipped game's face: its compiled layout (model.layouts) with the row it prints and the
names every layout of the game may use (model.layout_names). Each game's faces module asks
here; nothing in a game package places a box."""

from __future__ import annotations

from typing import Any

from ..errors import DataError, Source
from ..faces.draw import LayoutFace
from ..kit import Kit, shared
from ..render.booklet import Booklet
from .base import booklet_text
from .rulings import Enforced


def layout_face(model: Any, face: str, row: dict[str, Any], copies: bool = False,
                borrowed: dict[str, tuple[Source, str]] | None = None) -> LayoutFace:
    """The face's layout with its row; `copies`: one drawing many pieces share (the renderer
    draws it once as a form); `borrowed`: the columns another file's row gives (LayoutFace)."""
    drawer = LayoutFace(model.layouts[face], {**model.layout_names, **row, "row": row}, borrowed)
    if copies:
        shared(drawer)
    return drawer


def made_pictures(kit: Kit, root: Any) -> list[DataError]:
    """The pictures the image elements of the kit's faces make of their rows (`art/{{ suit
    }}.png`), checked before anything is drawn, as a deck's rows are when it opens: each
    missing or broken one a data error at the piece's row (another file's, for a column
    borrowed from it), else the layout file, and the element's src. A deck's row faces
    (RowFace) were checked when the game opened."""
    from ..faces.components import made_picture, made_src, templated_pictures
    from ..faces.rows import RowFace

    problems: list[DataError] = []
    good: set = set()
    seen: set[int] = set()
    made: dict[int, list] = {}  # the layout's templated image elements, by id

    def check(face: Any, source: Source | None) -> None:
        if not isinstance(face, LayoutFace) or isinstance(face, RowFace) or id(face) in seen:
            return
        seen.add(id(face))
        layout = face.layout
        elements = made.setdefault(id(layout), templated_pictures([layout]))
        if not elements:
            return
        ctx = face.context
        for e in elements:
            try:
                made_picture(e, ctx, _named_at(e, source, face.borrowed), root, good)
            except DataError as exc:  # (art not made yet: --force draws a box, said no more)
                problems.append(exc)
                layout.env.pictures_said.add(made_src(e, ctx))

    for sheet in kit.face_sheets():
        for piece in sheet.pieces:
            check(piece.front, piece.source)
            check(piece.back, piece.source)
    for board in kit.boards:
        check(board.draw, board.source)
    return problems


def _named_at(e: Any, source: Source | None,
              borrowed: dict[str, tuple[Source, str]] | None) -> Source:
    """Where a picture element `e` makes is named: at the row of the file its src reads alone
    (a player's column on a mission card: players.csv), else the piece's own row, else (a
    piece with no data row) the layout file that sets the src."""
    src = e.values["src"]
    names = {src.column} if src.column else set(src.names)
    rows = {borrowed[n][0] for n in names if n in borrowed} if borrowed else set()
    if names and borrowed and names <= borrowed.keys() and len(rows) == 1:
        return rows.pop()
    if source is not None and source.row is not None:
        return source
    return Source(e.set_at("src")[0])


def game_booklet(model: Any, context: dict[str, Any], enforced: Enforced,
                 figures: dict[str, Any], accent: Any) -> Booklet:
    """The game's rule booklet: its template (the game folder's, else pnp's) rendered with
    `context` and the rulings bound to the engine's numbers (`enforced`), with its `figures`."""
    common = model.common
    return Booklet(common.title, booklet_text(common, context, enforced), figures, accent=accent,
                   source=str(common.folder.path / "booklet"), root=common.folder.path)
