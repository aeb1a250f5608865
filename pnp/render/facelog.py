"""One drawing of each face, three uses: the build's PDF draws every face once on a canvas
that notes its calls (displaylist.PrintingCanvas), and what each face drew is kept here: the
digest of its calls for the print record (printrun/record.py) and, for the meaning checks
(shown.py, distinct.py), what each of its elements showed (its box too only in a proof, which
outlines them). Neither draws the face again; a face the PDF did not draw (backs left out,
another bleed) is drawn by them on a scratch canvas."""

from __future__ import annotations

from typing import Any

from ..printrun.digest import Digester
from .fonts import Fonts
from .surface import Element, Shown, Surface


class FaceLog:
    def __init__(self, fonts: Fonts, ink_saver: bool = False):
        self._digester = Digester(fonts, ink_saver)  # its forms: the PDF's, as drawn
        self._digests: dict[tuple, str] = {}  # (id(drawer), w, h, bleed, shape) -> digest
        # id(drawer) -> (elements, whether drawing it found an error); layout faces only
        self._elements: dict[int, tuple[list[Element | Shown], bool]] = {}
        # id(drawer) -> (element, size asked, size fitted, family) of each text: siblings.py
        self._sizes: dict[int, list[tuple[str, float, float, str]]] = {}
        # one of each alike: most elements show the same on many faces (a background, a band
        # in one of a few colours), and a whole build keeps every face's
        self._alike: dict[Element | Shown, Element | Shown] = {}

    def add(self, drawer: Any, w: float, h: float, bleed: float, shape: str, ops: list,
            surface: Surface) -> None:
        """A face just drawn: its calls (ops) and the surface it was drawn on."""
        key = (id(drawer), w, h, bleed, shape)
        if key not in self._digests:  # (a face drawn twice, on a folded sheet, draws alike)
            self._digests[key] = self._digester.drawn(ops, bleed)
        if getattr(drawer, "layout", None) is not None and id(drawer) not in self._elements:
            failed = any(f.level == "error" for f in surface.findings)
            alike = self._alike
            drawn = surface.elements if surface.boxes else surface.shown
            self._elements[id(drawer)] = ([alike.setdefault(e, e) for e in drawn], failed)
            self._sizes[id(drawer)] = surface.text_sizes

    def digest(self, drawer: Any, w: float, h: float, bleed: float, shape: str) -> str | None:
        """The digest of the face as the PDF drew it at this size and bleed, if it did."""
        return self._digests.get((id(drawer), w, h, bleed, shape))

    def elements(self, drawer: Any) -> tuple[list[Element | Shown], bool] | None:
        """The boxes a layout face recorded as the PDF drew it, and whether it failed."""
        return self._elements.get(id(drawer))

    def text_sizes(self, drawer: Any) -> list[tuple[str, float, float, str]] | None:
        """The sizes a layout face's texts were fitted at as the PDF drew it, if it did."""
        return self._sizes.get(id(drawer))
