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
    def __init__(self, fonts: Fonts, ink_saver: bool = False, checks: Any = None,
                 sizes: bool = False):
        """`checks`: a shown.FaceChecks, handed each layout face as it is drawn; `sizes`: keep
        the sizes each layout face's texts were fitted at (validate's siblings.py reads them;
        a build keeps none, for a big deck's memory)."""
        self._digester = Digester(fonts, ink_saver)  # its forms: the PDF's, as drawn
        # (w, h, bleed, shape) -> id(drawer) -> digest: a whole build keeps one a face, its
        # text shared with the record (a tuple key a face was 72 bytes more)
        self._digests: dict[tuple, dict[int, str]] = {}
        self.checks = checks
        # id(drawer) -> (element, size asked, size fitted, family) of each text, when kept
        self._sizes: dict[int, list[tuple[str, float, float, str]]] | None = {} if sizes else None

    def add(self, piece: Piece, drawer: Any, w: float, h: float, bleed: float, shape: str,
            ops: list, surface: Surface) -> None:
        """A face just drawn: its calls (ops) and the surface it was drawn on."""
        kept = self._digests.setdefault((w, h, bleed, shape), {})
        if id(drawer) not in kept:  # (a face drawn twice, on a folded sheet, draws alike)
            kept[id(drawer)] = self._digester.drawn(ops, bleed)
        if self._sizes is not None and getattr(drawer, "layout", None) is not None:
            self._sizes.setdefault(id(drawer), surface.text_sizes)
        if self.checks is not None and getattr(drawer, "layout", None) is not None:
            failed = surface.failed()
            self.checks.drawn(piece, drawer, surface.elements if surface.boxes else surface.shown,
                              failed, surface.context)

    @property
    def reads_faces(self) -> bool:
        """Whether what a face's elements showed is read here (so its drawing records it)."""
        return self.checks is not None or self._sizes is not None

    def reused(self, piece: Piece, drawer: Any) -> None:
        """A shared face placed again as the form its first drawing made (render/pieces.py)."""
        if self.checks is not None and getattr(drawer, "layout", None) is not None:
            self.checks.reused(piece, drawer)

    def digest(self, drawer: Any, w: float, h: float, bleed: float, shape: str) -> str | None:
        """The digest of the face as the PDF drew it at this size and bleed, if it did."""
        return self._digests.get((w, h, bleed, shape), {}).get(id(drawer))

    def text_sizes(self, drawer: Any) -> list[tuple[str, float, float, str]] | None:
        """The sizes a layout face's texts were fitted at as the PDF drew it, if kept."""
        return None if self._sizes is None else self._sizes.get(id(drawer))
