"""A canvas stand-in that forwards every call to a reportlab canvas and watches the few that
checks need: the fill colour (through saveState/restoreState), and each run of text with its box.
Subclasses decide what to do with them (ink-saver contrast, print-on-demand preflight)."""

from __future__ import annotations

from reportlab.lib.colors import Color, black, toColor


class TrackingCanvas:
    def __init__(self, canvas):
        self._c = canvas
        self._fill: Color = black
        self._stack: list[Color] = []

    def __getattr__(self, name):
        return getattr(self._c, name)

    def saveState(self):
        self._stack.append(self._fill)
        self._c.saveState()

    def restoreState(self):
        self._fill = self._stack.pop() if self._stack else black
        self._c.restoreState()

    def setFillColor(self, colour, alpha=None):
        self._fill = toColor(colour)
        self._c.setFillColor(colour, alpha)

    def setFillColorRGB(self, r, g, b, alpha=None):
        self.setFillColor(Color(r, g, b), alpha)

    def setFillGray(self, gray, alpha=None):
        self._fill = Color(gray, gray, gray)
        self._c.setFillGray(gray, alpha)

    def _device(self, x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = self._c._currentMatrix
        return a * x + c * y + e, b * x + d * y + f

    def drawString(self, x, y, text, *args, **kw):
        self._text(self._c.drawString, 0.0, x, y, text, args, kw)

    def drawCentredString(self, x, y, text, *args, **kw):
        self._text(self._c.drawCentredString, 0.5, x, y, text, args, kw)

    def drawRightString(self, x, y, text, *args, **kw):
        self._text(self._c.drawRightString, 1.0, x, y, text, args, kw)

    def _text(self, draw, anchor: float, x, y, text, args, kw) -> None:
        size = self._c._fontsize
        width = self._c.stringWidth(text, self._c._fontname, size)
        self.on_text(text, x - anchor * width, y, width, size)
        draw(x, y, text, *args, **kw)

    def on_text(self, text: str, left: float, y: float, width: float, size: float) -> None:
        """Called before a run of text is drawn (left end of its baseline, in user space)."""
