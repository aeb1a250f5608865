"""The checks a print shop runs on upload, run before an export instead: each face is drawn once
on a scratch canvas that watches it, and every problem names the card by file and row.

- text reaching into the margin the service may trim (outside its safe zone),
- images below 300 dpi at the size they are printed,
- fonts that would not be embedded (PDF standard fonts),
- RGB colours where the service wants CMYK (and the export was not asked for --cmyk).
"""

from __future__ import annotations

import io
from math import hypot
from typing import Callable

from reportlab.lib.colors import toColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from ..errors import Finding, error, warning
from ..kit import Kit, Sheet
from ..render.fonts import Fonts
from ..render.surface import Surface, current_matrix
from ..render.tracking import TrackingCanvas
from ..units import MM

MIN_DPI = 300
EPS = 0.05  # pt


class PreflightCanvas(TrackingCanvas):
    def __init__(self, canvas, w: float, h: float, safe: float, dpi: float = MIN_DPI):
        super().__init__(canvas)
        self.w, self.h, self.safe, self.dpi = w, h, safe, dpi  # dpi: the least images need
        self.unsafe: list[tuple[str, float]] = []  # (text, how near the trim it comes, pt)
        self.low_dpi: list[tuple[float, str]] = []  # (dpi, which image in which element)
        self.surface: Surface | None = None  # the face being drawn: names the element
        self.unembedded: set[str] = set()
        self.rgb = False

    def _colour(self, colour) -> None:
        c = toColor(colour)
        if type(c).__name__ == "Color" and not c.red == c.green == c.blue:
            self.rgb = True

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
            self.unembedded.add(self.font_name)
        corners = [self._device(x, yy) for x in (left, left + width)
                   for yy in (y - 0.22 * size, y + 0.75 * size)]
        near = min(min(x for x, _ in corners), min(y for _, y in corners),
                   self.w - max(x for x, _ in corners), self.h - max(y for _, y in corners))
        if near < self.safe - EPS:
            self.unsafe.append((text, near))

    def drawImage(self, image, x, y, width=None, height=None, *args, **kw):
        from reportlab.lib.utils import ImageReader

        px_w, px_h = ImageReader(image).getSize()
        a, b, c, d, _, _ = current_matrix(self._c)
        drawn_w = (width or px_w) * hypot(a, b) / 72  # inches on paper
        drawn_h = (height or px_h) * hypot(c, d) / 72
        dpi = min(px_w / drawn_w, px_h / drawn_h)
        if dpi < self.dpi - 0.5:
            self.low_dpi.append((dpi, self._which(image)))
        return self._c.drawImage(image, x, y, width, height, *args, **kw)


    def _which(self, image) -> str:
        from pathlib import Path

        file = image if isinstance(image, (str, Path)) else getattr(image, "path", None)
        name = f"image {Path(file).name!r}" if isinstance(file, (str, Path)) else \
            "an embedded image"  # (a photo EXIF turns is drawn from its pixels: by its file)
        boxes = self.surface.elements if self.surface is not None else []
        return name + (f' in element "{boxes[-1].name}"' if boxes else "")


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
                watch = PreflightCanvas(scratch, w, h, safe, dpi)
                scratch.saveState()
                watch.surface = Surface(watch, fonts, w, h, bleed, card.piece.name,
                                        card.piece.source, untitled=card.piece.untitled)
                drawer(watch.surface)
                scratch.restoreState()
                findings += _report(watch, service, cmyk, f"{card.piece.name} ({side})",
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
