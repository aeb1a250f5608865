"""The checks a print shop runs on upload, run before an export instead: each face is drawn once
on a scratch canvas that watches it, and every problem names the card by file and row.

- text reaching into the margin the service may trim (outside its safe zone),
- images below 300 dpi at the size they are printed,
- fonts that would not be embedded (PDF standard fonts),
- RGB colours where the service wants CMYK (and the export was not asked for --cmyk).

Only an export runs it: a build is printed at home and cut at its crop marks, and the margin
and dpi that matter are a print shop's or the export's own.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from math import hypot
from typing import Callable

from reportlab.lib.colors import toColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from ..errors import Finding, cut_name, error, warning
from ..kit import Kit, Sheet
from ..render.fonts import Fonts
from ..render.surface import Surface, current_matrix
from ..render.tracking import TrackingCanvas
from ..units import MM

MIN_DPI = 300
EPS = 0.05  # pt
Point = tuple[float, float]


@dataclass
class FormMarks:
    """What a PDF form holds that preflight measures, in the form's own coordinates: reportlab
    draws a form from an identity matrix (an SVG picture in its own user units), so where it
    prints is known only where a face sets it down (doForm), in that frame; and a form is drawn
    once per document, so every later face that sets it down is measured from these marks."""

    texts: list[tuple[str, list[Point]]] = field(default_factory=list)  # (text, box corners)
    images: list[tuple[int, int, list[Point], str]] = field(default_factory=list)
    # (pixels across, up, [origin, end of its width, end of its height], the image's name)
    fonts: set[str] = field(default_factory=set)  # fonts not embedded
    rgb: bool = False


def _moved(m: tuple, points: list[Point]) -> list[Point]:
    a, b, c, d, e, f = m
    return [(a * x + c * y + e, b * x + d * y + f) for x, y in points]


class PreflightCanvas(TrackingCanvas):
    def __init__(self, canvas, w: float, h: float, safe: float, dpi: float = MIN_DPI,
                 forms: dict[str, FormMarks] | None = None):
        """`forms`: the marks of the forms drawn so far in `canvas`'s document, by name."""
        super().__init__(canvas)
        self.w, self.h, self.safe, self.dpi = w, h, safe, dpi  # dpi: the least images need
        self.forms: dict[str, FormMarks] = {} if forms is None else forms
        self._open: list[FormMarks] = []  # the forms being drawn, innermost last
        self.unsafe: list[tuple[str, float]] = []  # (text, how near the trim it comes, pt)
        self.low_dpi: list[tuple[float, str]] = []  # (dpi, which image in which element)
        self.surface: Surface | None = None  # the face being drawn: names the element
        self.unembedded: set[str] = set()
        self.rgb = False

    def _colour(self, colour) -> None:
        c = toColor(colour)
        if type(c).__name__ == "Color" and not c.red == c.green == c.blue:
            self._rgb()

    def _rgb(self) -> None:
        if self._open:
            self._open[-1].rgb = True
        else:
            self.rgb = True

    def beginForm(self, name, *args, **kw):
        self._open.append(self.forms.setdefault(name, FormMarks()))
        self._c.beginForm(name, *args, **kw)

    def endForm(self, **kw):
        if self._open:
            self._open.pop()
        self._c.endForm(**kw)

    def doForm(self, name):
        """The form's marks measured where it is set down (in the frame of the form being
        drawn, if one is)."""
        marks, m = self.forms.get(name, FormMarks()), current_matrix(self._c)
        for text, corners in marks.texts:
            self._text_at(text, _moved(m, corners))
        for px_w, px_h, frame, which in marks.images:
            self._image_at(px_w, px_h, _moved(m, frame), which)
        for font in marks.fonts:
            self._font(font)
        if marks.rgb:
            self._rgb()
        self._c.doForm(name)

    def _font(self, font: str) -> None:
        (self._open[-1].fonts if self._open else self.unembedded).add(font)

    def setFillColor(self, colour, alpha=None):
        self._colour(colour)
        super().setFillColor(colour, alpha)

    def setStrokeColor(self, colour, alpha=None):
        self._colour(colour)
        self._c.setStrokeColor(colour, alpha)

    def on_text(self, text, left, y, width, size):
        if not text.strip():
            return
        if not isinstance(pdfmetrics.getFont(self.font_name), TTFont):
            self._font(self.font_name)
        self._text_at(text, [self._device(x, yy) for x in (left, left + width)
                             for yy in (y - 0.22 * size, y + 0.75 * size)])

    def _text_at(self, text: str, corners: list[Point]) -> None:
        """A run of text with its box's corners in the face's frame (or a form's)."""
        if self._open:
            self._open[-1].texts.append((text, corners))
            return
        near = min(min(x for x, _ in corners), min(y for _, y in corners),
                   self.w - max(x for x, _ in corners), self.h - max(y for _, y in corners))
        if near < self.safe - EPS:
            self.unsafe.append((text, near))

    def drawImage(self, image, x, y, width=None, height=None, *args, **kw):
        from reportlab.lib.utils import ImageReader

        px_w, px_h = ImageReader(image).getSize()
        w, h = width or px_w, height or px_h
        frame = [self._device(x, y), self._device(x + w, y), self._device(x, y + h)]
        self._image_at(px_w, px_h, frame, self._named(image))
        return self._c.drawImage(image, x, y, width, height, *args, **kw)

    def _image_at(self, px_w: int, px_h: int, frame: list[Point], which: str) -> None:
        """An image drawn on the parallelogram `frame` (its origin and the ends of its sides)
        in the face's frame (or a form's)."""
        if self._open:
            self._open[-1].images.append((px_w, px_h, frame, which))
            return
        (x0, y0), (x1, y1), (x2, y2) = frame
        drawn_w, drawn_h = hypot(x1 - x0, y1 - y0) / 72, hypot(x2 - x0, y2 - y0) / 72  # in
        dpi = min(px_w / drawn_w, px_h / drawn_h) if drawn_w and drawn_h else float("inf")
        if dpi < self.dpi - 0.5:
            boxes = self.surface.elements if self.surface is not None else []
            self.low_dpi.append((dpi, which + (f' in element "{boxes[-1].name}"' if boxes
                                               else "")))


    @staticmethod
    def _named(image) -> str:
        from pathlib import Path

        file = image if isinstance(image, (str, Path)) else getattr(image, "path", None)
        return f"image {Path(file).name!r}" if isinstance(file, (str, Path)) else \
            "an embedded image"  # (a photo EXIF turns is drawn from its pixels: by its file)


def preflight(kit: Kit, fonts: Fonts, service, cmyk: bool,
              drawn_at: Callable[[Sheet], tuple[float, str]] | None = None) -> list[Finding]:
    """Findings for every face the service would print (each shared back checked once);
    `drawn_at`: the dpi an export draws a sheet's faces at, and what it is (the PNG export's
    --dpi, a Tabletop Simulator deck's), where that is not the service's MIN_DPI."""
    from .services import decks

    chosen, _ = decks(kit, service)
    scratch = Canvas(io.BytesIO())
    findings: list[Finding] = []
    seen: set[int] = set()
    forms: dict[str, FormMarks] = {}  # the forms drawn in `scratch` (each face's canvas sees)
    for sheet, product, cards in chosen:
        w, h = product.w_in * 72, product.h_in * 72
        if service.turned(sheet, product):  # the face is drawn landscape, then turned
            w, h = h, w
        bleed, safe = service.bleed_in * 72, service.safe_in * 72
        for card in cards:
            for side, drawer in (("front", card.piece.front), ("back", card.piece.back)):
                if drawer is None or id(drawer) in seen:
                    continue
                seen.add(id(drawer))
                dpi, where = drawn_at(sheet) if drawn_at else (MIN_DPI, f"{service.name} "
                                                                         "prints at")
                watch = PreflightCanvas(scratch, w, h, safe, dpi, forms)
                scratch.saveState()
                watch.surface = Surface(watch, fonts, w, h, bleed, card.piece.name,
                                        card.piece.source, untitled=card.piece.untitled,
                                        scratch=True)   # (its own findings are the export's)
                drawer(watch.surface)
                scratch.restoreState()
                findings += _report(watch, service, cmyk, f"{cut_name(card.piece.name)} ({side})",
                                    card.piece.source, where)
    return list(dict.fromkeys(findings))  # copies of a card drawn by their own closures


def _report(watch: PreflightCanvas, service, cmyk: bool, what: str, source,
            where: str) -> list[Finding]:
    """`where`: what draws the images at the watch's dpi ("a print shop prints at")."""
    out = []
    for text, near in watch.unsafe[:1] if watch.unsafe else []:
        more = f" (and {len(watch.unsafe) - 1} more)" if len(watch.unsafe) > 1 else ""
        out.append(warning(f"{what}: text {text!r} comes within {max(near, 0) / MM:.1f} mm of "
                           f"the trim, inside the {service.safe_in * 25.4:.1f} mm {service.name} "
                           f"may cut (keep text in the safe zone){more}", source))
    if watch.low_dpi:
        dpi, which = min(watch.low_dpi)
        out.append(warning(f"{what}: {which} prints at {dpi:.0f} dpi; {where} "
                           f"{watch.dpi:.0f} dpi, so it will look soft", source))
    for font in sorted(watch.unembedded):
        out.append(error(f"{what}: font {font} is not embedded; {service.name} needs every "
                         "font embedded (use a TrueType font under [fonts] in game.toml)", source))
    if watch.rgb and service.wants_cmyk and not cmyk:
        out.append(error(f"{what}: drawn in RGB colours; {service.name} wants CMYK: export with "
                         "--cmyk", source))
    return out
