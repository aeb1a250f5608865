"""A shipped game's face: its compiled layout (model.layouts) with the row it prints and the
names every layout of the game may use (model.layout_names). Each game's faces module asks
here; nothing in a game package places a box."""

from __future__ import annotations

from typing import Any

from ..errors import Source
from ..faces.draw import LayoutFace
from ..kit import shared
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


def game_booklet(model: Any, context: dict[str, Any], enforced: Enforced,
                 figures: dict[str, Any], accent: Any) -> Booklet:
    """The game's rule booklet: its template (the game folder's, else pnp's) rendered with
    `context` and the rulings bound to the engine's numbers (`enforced`), with its `figures`."""
    common = model.common
    return Booklet(common.title, booklet_text(common, context, enforced), figures, accent=accent,
                   source=str(common.folder.path / "booklet"), root=common.folder.path)
