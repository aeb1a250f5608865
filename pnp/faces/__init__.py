"""Faces as data: layout files (spec.py) compiled into elements (face.py) that draw a row of game
data onto a piece, with rich text (richtext.py), pictures and icons (art.py), named figures
(figures.py) and generated tracks (track.py)."""

from __future__ import annotations

from typing import Any

from .face import Env, Layout


class LayoutFace:
    """The drawer of one face: a compiled layout and the row it shows. A layout with no
    expressions looks the same on every piece, so one shared instance serves them all and the
    renderer draws it once as a form."""

    def __init__(self, layout: Layout, context: dict[str, Any]):
        self.layout, self.context = layout, context
        if layout.static:
            self.shared = True

    def __call__(self, surface) -> None:
        self.layout.draw(surface, self.context)

    def boxes(self, w: float, h: float, bleed: float = 0.0) -> list[dict]:
        """Element boxes (name, type, x, y, width, height in points; trim at 0, 0; y up)."""
        return self.layout.boxes(self.context, w, h, bleed)


__all__ = ["Env", "Layout", "LayoutFace"]
