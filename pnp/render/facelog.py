"""One drawing of each face, three uses: the build's PDF draws every face once on a canvas
that notes its calls (displaylist.PrintingCanvas); the digest of each face's calls is kept here
for the print record (printrun/record.py), and what each of its elements showed goes, as it is
drawn, to the meaning checks (shown.FaceChecks), which keep nothing of a face once read. Neither
draws the face again; a face the PDF did not draw (backs left out, another bleed) is drawn by
them on a scratch canvas."""

from __future__ import annotations

from typing import Any

from ..kit import Piece
from ..printrun.digest import Digester
from .fonts import Fonts
from .surface import Surface


class FaceLog:
    def __init__(self, fonts: Fonts, ink_saver: bool = False, checks: Any = None):
        """`checks`: a shown.FaceChecks, handed each layout face as it is drawn."""
        self._digester = Digester(fonts, ink_saver)  # its forms: the PDF's, as drawn
        # (w, h, bleed, shape) -> id(drawer) -> digest: a whole build keeps one a face, its
        # text shared with the record (a tuple key a face was 72 bytes more)
        self._digests: dict[tuple, dict[int, str]] = {}
        self.checks = checks

    def add(self, piece: Piece, drawer: Any, w: float, h: float, bleed: float, shape: str,
            ops: list, surface: Surface) -> None:
        """A face just drawn: its calls (ops) and the surface it was drawn on."""
        kept = self._digests.setdefault((w, h, bleed, shape), {})
        if id(drawer) not in kept:  # (a face drawn twice, on a folded sheet, draws alike)
            kept[id(drawer)] = self._digester.drawn(ops, bleed)
        if self.checks is not None and getattr(drawer, "layout", None) is not None:
            failed = any(f.level == "error" for f in surface.findings)
            self.checks.drawn(piece, drawer, surface.elements if surface.boxes else surface.shown,
                              failed)

    def reused(self, piece: Piece, drawer: Any) -> None:
        """A shared face placed again as the form its first drawing made (render/pieces.py)."""
        if self.checks is not None and getattr(drawer, "layout", None) is not None:
            self.checks.reused(piece, drawer)

    def digest(self, drawer: Any, w: float, h: float, bleed: float, shape: str) -> str | None:
        """The digest of the face as the PDF drew it at this size and bleed, if it did."""
        return self._digests.get((w, h, bleed, shape), {}).get(id(drawer))
