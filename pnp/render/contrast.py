"""Ink-saver mode leaves the paper white where a face expected its full-bleed background, so text
the face draws in a light colour for that background would vanish. A canvas wrapper tracks the
filled shapes a face draws; where a run of text would have less than 4.5:1 contrast (WCAG AA)
with what is under it, it is drawn in black or white instead, whichever reads better there."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, black, white

from .surface import current_matrix
from .tracking import TrackingCanvas

MIN_CONTRAST = 4.5
PAPER = white


def relative_luminance(c: Color) -> float:
    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    rgb = c.rgb() if hasattr(c, "rgb") else (c.red, c.green, c.blue)
    r, g, b = (lin(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Color, b: Color) -> float:
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@dataclass(frozen=True)
class TextRun:
    text: str
    colour: Color  # as drawn
    under: tuple[Color, ...]  # what lies under its left, middle and right
    changed: bool  # the face's own colour would not have read

    @property
    def contrast(self) -> float:
        return min(contrast(self.colour, u) for u in self.under)


class _Fill:
    def __init__(self, box, colour, circle=None):
        self.box, self.colour, self.circle = box, colour, circle

    def covers(self, x: float, y: float) -> bool:
        if self.circle:
            cx, cy, r = self.circle
            return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
        x0, y0, x1, y1 = self.box
        return x0 <= x <= x1 and y0 <= y <= y1


class ContrastCanvas(TrackingCanvas):
    """Forwards everything to a reportlab canvas; watches fills and text (see the module)."""

    def __init__(self, canvas, runs: list[TextRun]):
        super().__init__(canvas)
        self._runs = runs
        self._fills: list[_Fill] = [_Fill((-1e9, -1e9, 1e9, 1e9), PAPER)]

    # ---- shapes ----
    def _add(self, points, circle=None):
        pts = [self._device(x, y) for x, y in points]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        self._fills.append(_Fill((min(xs), min(ys), max(xs), max(ys)), self._fill, circle))

    def rect(self, x, y, width, height, stroke=1, fill=0):
        if fill:
            self._add([(x, y), (x + width, y), (x, y + height), (x + width, y + height)])
        return self._c.rect(x, y, width, height, stroke, fill)

    def roundRect(self, x, y, width, height, radius, stroke=1, fill=0):
        if fill:
            self._add([(x, y), (x + width, y), (x, y + height), (x + width, y + height)])
        return self._c.roundRect(x, y, width, height, radius, stroke, fill)

    def circle(self, x_cen, y_cen, r, stroke=1, fill=0):
        if fill:
            a, b, c, d, _, _ = current_matrix(self._c)
            cx, cy = self._device(x_cen, y_cen)
            self._add([(x_cen - r, y_cen - r), (x_cen + r, y_cen + r)],
                      (cx, cy, r * abs(a * d - b * c) ** 0.5))
        return self._c.circle(x_cen, y_cen, r, stroke, fill)

    def ellipse(self, x1, y1, x2, y2, stroke=1, fill=0):
        if fill:
            self._add([(x1, y1), (x2, y2), (x1, y2), (x2, y1)])
        return self._c.ellipse(x1, y1, x2, y2, stroke, fill)

    def drawPath(self, path, stroke=1, fill=0, fillMode=None, **kw):
        if fill:
            points = []
            nums: list[float] = []
            for word in path.getCode().split():  # numbers, then the operator they are for
                if word[0].isalpha():
                    if word == "re":
                        x, y, w, h = nums
                        points += [(x, y), (x + w, y + h)]
                    else:
                        points += list(zip(nums[::2], nums[1::2]))
                    nums = []
                else:
                    nums.append(float(word))
            if points:
                self._add(points)
        return self._c.drawPath(path, stroke, fill, fillMode, **kw)

    # ---- text ----
    def on_text(self, text: str, left: float, y: float, width: float, size: float) -> None:
        """Swap a colour that would not read for black or white, whichever reads better."""
        under = tuple(self._under(*self._device(left + width * t, y + size * 0.35))
                      for t in (0.05, 0.5, 0.95))
        colour = self._fill
        if min(contrast(colour, u) for u in under) >= MIN_CONTRAST:
            self._runs.append(TextRun(text, colour, under, False))
            return
        best = max((black, white), key=lambda ink: min(contrast(ink, u) for u in under))
        self._runs.append(TextRun(text, best, under, True))
        self._c.setFillColor(best)  # the canvas only: restored after the run

    def _text(self, draw, anchor, x, y, text, args, kw) -> None:
        super()._text(draw, anchor, x, y, text, args, kw)
        self._c.setFillColor(self._fill)

    def _under(self, x: float, y: float) -> Color:
        for f in reversed(self._fills):
            if f.covers(x, y):
                return f.colour
        return PAPER
