"""Drawing one piece face at the canvas origin: the one place a Surface is made for a drawer.
Faces that many pieces share (a card back) are drawn once as a Form XObject and reused."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..errors import Finding
from ..kit import Drawer, Piece
from .facelog import FaceLog
from .fonts import Fonts
from .surface import Element, Surface


class PieceDrawer:
    def __init__(self, c: Canvas, fonts: Fonts, findings: list[Finding], ink_saver: bool = False,
                 record: bool = True, log: FaceLog | None = None):
        self.c, self.fonts, self.findings, self.ink_saver = c, fonts, findings, ink_saver
        self.record = record  # element boxes wanted (proofs)
        self.log = log  # what each face drew, kept (c is then a PrintingCanvas)
        self.text_runs: list = []  # ink-saver mode: every run of text and what lies under it
        self._forms: dict[tuple, tuple[str, list[Element]]] = {}

    def draw(self, piece: Piece, drawer: Drawer, w: float, h: float, bleed: float,
             shape: str = "rect") -> list[Element]:
        """Draw a face with its trim box at (0, 0, w, h) and art out to `bleed`; returns the
        named boxes it drew (for proofs)."""
        if not getattr(drawer, "shared", False):
            return self._call(piece, drawer, w, h, bleed, shape)
        key = (id(drawer), round(w, 3), round(h, 3), round(bleed, 3), shape)
        if key not in self._forms:
            name = f"face{len(self._forms)}"
            self.c.beginForm(name, -bleed, -bleed, w + bleed, h + bleed)
            self._forms[key] = (name, self._call(piece, drawer, w, h, bleed, shape))
            self.c.endForm()
        elif self.log is not None:
            self.log.reused(piece, drawer)
        name, elements = self._forms[key]
        self.c.doForm(name)
        return elements

    def _call(self, piece: Piece, drawer: Drawer, w: float, h: float, bleed: float,
              shape: str) -> list[Element]:
        canvas = self.c
        log = self.log
        if log is not None:
            self.c.begin_face()
        if self.ink_saver:  # light text meant for a background ink saver leaves out
            from .contrast import ContrastCanvas

            canvas = ContrastCanvas(self.c, self.text_runs)
        surface = Surface(canvas, self.fonts, w, h, bleed, piece.name, piece.source,
                          untitled=piece.untitled, ink_saver=self.ink_saver, shape=shape,
                          record=self.record or (log is not None and log.reads_faces),
                          boxes=self.record)
        drawer(surface)
        if log is not None:
            log.add(piece, drawer, w, h, bleed, shape, self.c.end_face(), surface)
        self.findings.extend(surface.findings)
        return surface.elements
