"""The rule booklet: text from a Jinja2 template in a small Markdown subset, laid out as pages.

Supported: `#`, `##`, `###` headings; paragraphs; `- ` bullets; `1. ` numbered items; tables
(`| a | b |` rows, the first row is the header, a `|---|` line is ignored); `**bold**` and
`*italic*`; `[[figure NAME]]` places a figure the game provides (a drawing made from the data);
`---` starts a new page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from reportlab.lib.colors import Color, HexColor, black, white
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, Paragraph, Spacer, Table, TableStyle

from ..errors import DataError
from ..units import MM
from .fonts import Fonts
from .text import draw_line, xml_escape

MARGIN = 20 * MM
TABLE_BLOCK = 40  # body rows per table block

# A figure: (width, height, draw(canvas, fonts, width, height))
Figure = tuple[float, float, Callable[[Canvas, Fonts, float, float], None]]


def faces_figure(drawers, w: float, h: float, outline: Color, scale: float = 0.55,
                 gap: float = 4 * MM) -> Figure:
    """A booklet figure showing piece faces side by side, scaled down, each outlined: the real
    card drawings, so the booklet's pictures cannot drift from the printed cards."""
    from .surface import Surface

    width = len(drawers) * w * scale + (len(drawers) - 1) * gap

    def draw(c: Canvas, fonts: Fonts, fw: float, fh: float) -> None:
        for i, drawer in enumerate(drawers):
            c.saveState()
            c.translate(i * (w * scale + gap), 0)
            c.scale(scale, scale)
            clip = c.beginPath()
            clip.rect(0, 0, w, h)
            c.clipPath(clip, stroke=0, fill=0)
            drawer(Surface(c, fonts, w, h, 0, "figure"))
            c.restoreState()
            c.setStrokeColor(outline)
            c.setLineWidth(0.4)
            c.rect(i * (w * scale + gap), 0, w * scale, h * scale, stroke=1, fill=0)

    return (width, h * scale, draw)


class _FigureFlowable(Flowable):
    def __init__(self, figure: Figure, fonts: Fonts):
        super().__init__()
        self.fig_w, self.fig_h, self.draw_fn = figure
        self.fonts = fonts

    def wrap(self, avail_w, avail_h):
        self.avail_w = avail_w
        return avail_w, self.fig_h + 7 * MM

    def draw(self):
        self.canv.saveState()
        self.canv.translate((self.avail_w - self.fig_w) / 2, 4 * MM)
        self.draw_fn(self.canv, self.fonts, self.fig_w, self.fig_h)
        self.canv.restoreState()


class _PageBreak(Flowable):
    def wrap(self, w, h):
        return 0, 0

    def draw(self):
        pass


_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")


@dataclass
class Booklet:
    title: str
    text: str  # the rendered template (Markdown subset)
    figures: dict[str, Figure] = field(default_factory=dict)
    accent: Color = HexColor("#333333")
    source: str = "booklet"
    _layouts: dict = field(default_factory=dict, repr=False, compare=False)

    # ---- text to flowables ----------------------------------------------------------------
    def _inline(self, fonts: Fonts, text: str) -> str:
        """Escape, apply bold/italic, and wrap characters the body font lacks in a font that
        has them (CJK, symbols)."""
        out = []
        for font, piece in fonts.runs(text, "regular"):
            piece = xml_escape(piece)
            if font != fonts["regular"]:
                piece = f'<font name="{font}">{piece}</font>'
            out.append(piece)
        html = "".join(out)
        html = _BOLD.sub(r"<b>\1</b>", html)
        return _ITALIC.sub(r"<i>\1</i>", html)

    def _styles(self, fonts: Fonts) -> dict[str, ParagraphStyle]:
        from reportlab.lib.fonts import addMapping

        reg, bold = fonts["regular"], fonts["bold"]
        ital = fonts["italic"] if "*" in self.text else reg  # parse the font only if used
        addMapping(reg, 0, 0, reg)
        addMapping(reg, 1, 0, bold)
        addMapping(reg, 0, 1, ital)
        addMapping(reg, 1, 1, bold)
        body = ParagraphStyle("body", fontName=reg, fontSize=10, leading=13.5, spaceAfter=5,
                              alignment=TA_LEFT)
        return {
            "body": body,
            "h1": ParagraphStyle("h1", body, fontName=bold, fontSize=22, leading=27,
                                 spaceAfter=8, textColor=self.accent),
            "h2": ParagraphStyle("h2", body, fontName=bold, fontSize=14, leading=18,
                                 spaceBefore=10, spaceAfter=4, textColor=self.accent),
            "h3": ParagraphStyle("h3", body, fontName=bold, fontSize=11, leading=14,
                                 spaceBefore=6, spaceAfter=2),
            "bullet": ParagraphStyle("bullet", body, leftIndent=14, bulletIndent=4,
                                     spaceAfter=3, bulletFontName=reg),
            "cell": ParagraphStyle("cell", body, fontSize=9, leading=11.5, spaceAfter=0),
            "head": ParagraphStyle("head", body, fontName=bold, fontSize=9, leading=11.5,
                                   spaceAfter=0, textColor=white),
        }

    def flowables(self, fonts: Fonts, width: float) -> list[Flowable]:
        st = self._styles(fonts)
        story: list[Flowable] = []
        para: list[str] = []
        table: list[list[str]] = []

        def flush_para():
            if para:
                story.append(Paragraph(self._inline(fonts, " ".join(para)), st["body"]))
                para.clear()

        def flush_table():
            if not table:
                return
            ncols = max(len(r) for r in table)
            rows = [[Paragraph(self._inline(fonts, cell), st["head" if i == 0 else "cell"])
                     for cell in r + [""] * (ncols - len(r))] for i, r in enumerate(table)]
            # a table is cut into blocks of TABLE_BLOCK rows, each with the header: splitting
            # one long platypus table across pages costs time that grows faster than its rows
            for first in range(1, max(len(rows), 2), TABLE_BLOCK):
                story.append(table_block([rows[0]] + rows[first:first + TABLE_BLOCK]))
            story.append(Spacer(1, 6))
            table.clear()

        def table_block(rows):
            ncols = len(rows[0])
            t = Table(rows, colWidths=[width / ncols] * ncols, repeatRows=1)
            t.setStyle(TableStyle([
                ("FONT", (0, 0), (-1, -1), fonts["regular"], 9),  # else reportlab picks Helvetica
                ("BACKGROUND", (0, 0), (-1, 0), self.accent),
                ("GRID", (0, 0), (-1, -1), 0.4, Color(0.6, 0.6, 0.6)),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [white, Color(0.95, 0.95, 0.95)]),
            ]))
            return t

        for number, raw in enumerate(self.text.splitlines(), 1):
            line = raw.strip()
            if not line.startswith("|"):
                flush_table()
            if not line:
                flush_para()
                continue
            if line.startswith("|"):
                flush_para()
                cells = [c.strip() for c in line.strip("|").split("|")]
                if not all(re.fullmatch(r":?-{2,}:?", c) for c in cells):
                    table.append(cells)
                continue
            m = re.fullmatch(r"(#{1,3})\s+(.*)", line)
            if m:
                flush_para()
                story.append(Paragraph(self._inline(fonts, m.group(2)), st[f"h{len(m.group(1))}"]))
                continue
            m = re.fullmatch(r"\[\[figure\s+([\w-]+)\]\]", line)
            if m:
                flush_para()
                if m.group(1) not in self.figures:
                    raise DataError(f"unknown figure {m.group(1)!r}; this game has: "
                                    f"{', '.join(sorted(self.figures)) or 'none'}",
                                    self.source, number)
                story.append(_FigureFlowable(self.figures[m.group(1)], fonts))
                continue
            if line == "---":
                flush_para()
                story.append(_PageBreak())
                continue
            m = re.fullmatch(r"(-|\d+\.)\s+(.*)", line)
            if m:
                flush_para()
                bullet = "\u2022" if m.group(1) == "-" else m.group(1)
                story.append(Paragraph(self._inline(fonts, m.group(2)), st["bullet"],
                                       bulletText=bullet))
                continue
            para.append(line)
        flush_para()
        flush_table()
        return story

    # ---- pages ------------------------------------------------------------------------------
    def layout(self, fonts: Fonts, page_w: float, page_h: float) -> list[list["_Placed"]]:
        """The booklet split into pages, each a list of flowables with their positions. Laid
        out once per page size and kept: the print guide counts the pages before they are
        drawn, and a second layout cost up to a third of a rebuild."""
        key = (page_w, page_h, tuple(sorted(fonts.paths.items())))
        cached = self._layouts.get(key)
        if cached is None:
            cached = self._layouts[key] = self._lay_out(fonts, page_w, page_h)
        return cached

    def _lay_out(self, fonts: Fonts, page_w: float, page_h: float) -> list[list["_Placed"]]:
        import io

        scratch = Canvas(io.BytesIO(), pagesize=(page_w, page_h))
        margin = _margin(page_w)
        width = page_w - 2 * margin
        story: list[Flowable] = [f if isinstance(f, _PageBreak) else _Placed(f)
                                 for f in self.flowables(fonts, width)]
        story.reverse()  # popped from the end: a long story is consumed in linear time
        pages: list[list[_Placed]] = []
        while story:
            frame = Frame(margin, margin, width, page_h - 2 * margin - 6 * MM,
                          leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
            page: list[_Placed] = []
            while story:
                f = story[-1]
                if isinstance(f, _PageBreak):
                    story.pop()
                    if page:
                        break
                    continue
                if (_is_heading(f) and len(story) > 1 and page
                        and not _room_for(frame, f, story[-2], scratch)):
                    break
                if frame.add(f, scratch):
                    page.append(story.pop())
                    continue
                parts = frame.split(f, scratch)
                if parts and len(parts) > 1:
                    story[-1:] = reversed(parts)
                    if frame.add(story[-1], scratch):
                        page.append(story.pop())
                    continue
                if not page:
                    raise DataError("an element of the rule booklet is taller than a page",
                                    self.source)
                break
            if page:
                pages.append(page)
        return pages

    def _pages(self, c: Canvas, fonts: Fonts, page_w: float, page_h: float,
               forms: str | None = None) -> int:
        """Draw the laid-out pages. With `forms`, each page becomes a Form XObject named
        forms + number instead of a PDF page, so it can be imposed anywhere later."""
        pages = self.layout(fonts, page_w, page_h)
        for number, page in enumerate(pages, 1):
            if forms:
                c.beginForm(f"{forms}{number}", 0, 0, page_w, page_h)
            for placed in page:
                placed.draw_at(c)
            self._furniture(c, fonts, page_w, page_h, number)
            if forms:
                c.endForm()
            else:
                c.showPage()
        return len(pages)

    def _furniture(self, c: Canvas, fonts: Fonts, page_w: float, page_h: float, n: int) -> None:
        margin = _margin(page_w)
        c.setFillColor(Color(0.45, 0.45, 0.45))
        c.setStrokeColor(self.accent)
        c.setLineWidth(0.6)
        c.line(margin, page_h - margin + 2 * MM, page_w - margin, page_h - margin + 2 * MM)
        draw_line(c, fonts, f"{self.title} \u00b7 Rules", margin, page_h - margin + 4 * MM, 8)
        draw_line(c, fonts, f"{n}", page_w / 2, margin * 0.45, 9, align="centre")
        c.setFillColor(black)

    def count_pages(self, page_w: float, page_h: float, fonts: Fonts) -> int:
        return len(self.layout(fonts, page_w, page_h))

    def draw(self, c: Canvas, fonts: Fonts, page_w: float, page_h: float) -> int:
        return self._pages(c, fonts, page_w, page_h)

    def draw_forms(self, c: Canvas, fonts: Fonts, page_w: float, page_h: float,
                   prefix: str = "bk") -> int:
        return self._pages(c, fonts, page_w, page_h, forms=prefix)


class _Placed(Flowable):
    """Stands in for a flowable while the frame lays the page out and records where it was
    put instead of drawing it; `draw_at` later draws the real one there."""

    def __init__(self, inner: Flowable):
        super().__init__()
        self.inner = inner
        self.at: tuple[float, float, float] = (0.0, 0.0, 0.0)

    def wrap(self, avail_w, avail_h):
        return self.inner.wrap(avail_w, avail_h)

    def split(self, avail_w, avail_h):
        return [_Placed(part) for part in self.inner.split(avail_w, avail_h)]

    def getSpaceBefore(self):
        return self.inner.getSpaceBefore()

    def getSpaceAfter(self):
        return self.inner.getSpaceAfter()

    def drawOn(self, canvas, x, y, _sW=0):
        self.at = (x, y, _sW)

    def draw_at(self, c: Canvas) -> None:
        x, y, spare = self.at
        self.inner.drawOn(c, x, y, _sW=spare)


def _margin(page_w: float) -> float:
    """20 mm on A4 and Letter, in proportion on smaller pages (14 mm on A5)."""
    return min(MARGIN, page_w * 0.095)


def _is_heading(f: Flowable) -> bool:
    f = getattr(f, "inner", f)
    return isinstance(f, Paragraph) and f.style.name in ("h1", "h2", "h3")


def _room_for(frame: Frame, heading: Flowable, following: Flowable, c: Canvas) -> bool:
    """Keep a heading with at least the start of what follows it."""
    avail = frame._y - frame._y1p
    _, hh = heading.wrap(frame._aW, avail)
    _, fh = following.wrap(frame._aW, avail)
    return hh + min(fh, 40) + 12 <= avail
