"""A shipped game's face: its compiled layout (model.layouts) with the row it prints and the
names every layout of the game may use (model.layout_names). Each game's faces module asks
here; nothing in a game package places a box."""

from __future__ import annotations

from typing import Any

from ..errors import Source
from ..faces.draw import LayoutFace
from ..kit import shared


def layout_face(model: Any, face: str, row: dict[str, Any], copies: bool = False,
                borrowed: dict[str, tuple[Source, str]] | None = None) -> LayoutFace:
    """The face's layout with its row; `copies`: one drawing many pieces share (the renderer
    draws it once as a form); `borrowed`: the columns another file's row gives (LayoutFace)."""
    drawer = LayoutFace(model.layouts[face], {**model.layout_names, **row, "row": row}, borrowed)
    if copies:
        shared(drawer)
    return drawer

