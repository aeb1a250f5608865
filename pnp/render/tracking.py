"""A canvas stand-in that forwards every call to a reportlab canvas and watches the few that
checks need: the fill colour and the font (through saveState/restoreState), and each run of
text with its box. Subclasses decide what to do with them (ink-saver contrast, print-on-demand
preflight). The font is kept here, as reportlab offers no public way to ask a canvas for it."""

from __future__ import annotations

from reportlab import rl_config
from reportlab.lib.colors import Color, black, toColor

from .surface import current_matrix

DEFAULT_SIZE = 12.0  # a reportlab canvas's initial font size


class TrackingCanvas:
    def __init__(self, canvas, font: str | None = None, size: float = DEFAULT_SIZE):
        """`font`, `size`: the canvas's font as the face begins (by default a new canvas's)."""
        self._c = canvas
        self._fill: Color = black
        self.font_name: str = font or rl_config.canvas_basefontname
        self.font_size: float = size
        self._stack: list[tuple[Color, str, float]] = []

    def __getattr__(self, name):
        return getattr(self._c, name)

    def saveState(self):
        self._stack.append((self._fill, self.font_name, self.font_size))
        self._c.saveState()

    def restoreState(self):
        if self._stack:
            self._fill, self.font_name, self.font_size = self._stack.pop()
        else:
            self._fill = black
        self._c.restoreState()

    def setFont(self, psfontname, size, leading=None):
        self.font_name, self.font_size = psfontname, size
        self._c.setFont(psfontname, size, leading)

    def setFontSize(self, size=None, leading=None):
        self.setFont(self.font_name, self.font_size if size is None else size, leading)

    def setFillColor(self, colour, alpha=None):
        self._fill = toColor(colour)
        self._c.setFillColor(colour, alpha)

    def setFillColorRGB(self, r, g, b, alpha=None):
        self.setFillColor(Color(r, g, b), alpha)

    def setFillGray(self, gray, alpha=None):
        self._fill = Color(gray, gray, gray)
        self._c.setFillGray(gray, alpha)

    def _device(self, x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = current_matrix(self._c)
        return a * x + c * y + e, b * x + d * y + f

    def drawString(self, x, y, text, *args, **kw):
        self._text(self._c.drawString, 0.0, x, y, text, args, kw)

    def drawCentredString(self, x, y, text, *args, **kw):
        self._text(self._c.drawCentredString, 0.5, x, y, text, args, kw)

    def drawRightString(self, x, y, text, *args, **kw):
        self._text(self._c.drawRightString, 1.0, x, y, text, args, kw)

    def _text(self, draw, anchor: float, x, y, text, args, kw) -> None:
        size = self.font_size
        width = self._c.stringWidth(text)  # in the canvas's own font and size
        self.on_text(text, x - anchor * width, y, width, size)
        draw(x, y, text, *args, **kw)

    def on_text(self, text: str, left: float, y: float, width: float, size: float) -> None:
        """Called before a run of text is drawn (left end of its baseline, in user space)."""
