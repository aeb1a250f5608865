"""The rule booklet's text laid out by platypus: its Markdown subset made into paragraphs,
tables and figures, filled into pages, and each page's drawing recorded as a display list
(displaylist.py) that booklet.py replays. Only a booklet that is not in the cache
(layoutcache.py) comes here, so only its build imports platypus."""

from __future__ import annotations

import io
import re
from typing import Any

from reportlab.lib.colors import Color, white
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas

from ..errors import DataError
from ..units import MM
from .booklet import Booklet, Figure, _margin
from .colours import as_color
from .displaylist import Op, RecordingCanvas
from .emphasis import emphasis
from .fonts import Fonts
from .platypus import Flowable, Frame, Paragraph, Spacer, Table, TableStyle
from .text import xml_escape

TABLE_BLOCK = 40  # body rows per table block
MIN_COLUMN = 36.0  # points: a table column's 6 pt paddings each side and a short word at 9 pt
CHUNK_LINES = 12  # lines per piece of a long paragraph (see _chunked)


def draw_pages(booklet: Booklet, fonts: Fonts, page_w: float, page_h: float) -> list[list[Op]]:
    """The booklet laid out, each page as the calls that draw it (furniture aside)."""
    pages = lay_out(booklet, fonts, page_w, page_h)
    rec = RecordingCanvas(page_w, page_h, fonts["regular"])
    drawn = []
    for page in pages:
        for placed in page:
            placed.draw_at(rec)
        drawn.append(rec.take_page())
    return drawn


def _inline(fonts: Fonts, text: str) -> str:
    """Paragraph markup: escaped text, bold/italic runs, and characters the body font lacks
    wrapped in a font that has them (CJK, symbols). Every tag closes inside its run."""
    out = []
    for piece, bold, italic in emphasis(text):
        html = "".join(xml_escape(t) if f == fonts["regular"]
                       else f'<font name="{f}">{xml_escape(t)}</font>'
                       for f, t in fonts.runs(piece, "regular"))
        if italic:
            html = f"<i>{html}</i>"
        if bold:
            html = f"<b>{html}</b>"
        out.append(html)
    return "".join(out)


def _styles(booklet: Booklet, fonts: Fonts) -> dict[str, ParagraphStyle]:
    from reportlab.lib.fonts import addMapping

    reg, bold = fonts["regular"], fonts["bold"]
    starred = "*" in booklet.text  # parse the italic fonts only if used (5 ms a face)
    ital = fonts["italic"] if starred else reg
    # bold and italic at once: ***both***, or *italic* in a heading or a table's head row
    # (set in bold); only then is the bold italic face parsed
    both = starred and any((b or line.lstrip()[:1] in ("#", "|")) and i
                           for line in booklet.text.splitlines() for _, b, i in emphasis(line))
    addMapping(reg, 0, 0, reg)
    addMapping(reg, 1, 0, bold)
    addMapping(reg, 0, 1, ital)
    addMapping(reg, 1, 1, fonts["bold-italic"] if both else bold)
    body = ParagraphStyle("body", fontName=reg, fontSize=10, leading=13.5, spaceAfter=5,
                          alignment=TA_LEFT)
    return {
        "body": body,
        "h1": ParagraphStyle("h1", body, fontName=bold, fontSize=22, leading=27,
                             spaceAfter=8, textColor=as_color(booklet.accent)),
        "h2": ParagraphStyle("h2", body, fontName=bold, fontSize=14, leading=18,
                             spaceBefore=10, spaceAfter=4, textColor=as_color(booklet.accent)),
        "h3": ParagraphStyle("h3", body, fontName=bold, fontSize=11, leading=14,
                             spaceBefore=6, spaceAfter=2),
        "bullet": ParagraphStyle("bullet", body, leftIndent=14, bulletIndent=4,
                                 spaceAfter=3, bulletFontName=reg),
        "cell": ParagraphStyle("cell", body, fontSize=9, leading=11.5, spaceAfter=0),
        "head": ParagraphStyle("head", body, fontName=bold, fontSize=9, leading=11.5,
                               spaceAfter=0, textColor=white),
    }


def flowables(booklet: Booklet, fonts: Fonts, width: float) -> list[Flowable]:
    story = _Story(booklet, fonts, width)
    for raw in booklet.text.splitlines():
        story.add(raw.strip())
    story.flush_para()
    story.flush_table()
    return story.flowables


def lay_out(booklet: Booklet, fonts: Fonts, page_w: float, page_h: float) -> list[list[_Placed]]:
    """The booklet split into pages, each a list of flowables with their positions."""
    scratch = Canvas(io.BytesIO(), pagesize=(page_w, page_h))
    margin = _margin(page_w)
    width = page_w - 2 * margin
    story: list[Flowable] = [f if isinstance(f, _PageBreak) else _Placed(f)
                             for f in flowables(booklet, fonts, width)]
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
            if _is_heading(f) and len(story) > 1 and page and not _room_for(frame, story):
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
                raise DataError(f"{_describe(f)} is taller than a booklet page; split it",
                                booklet.source)
            break
        if page:
            pages.append(page)
    return pages


class _FigureFlowable(Flowable):
    """A figure's place and size; what it draws is left to replay (the recording canvas notes
    it by name), so a booklet read back from the cache draws it anew with that run's fonts."""

    def __init__(self, name: str, figure: Figure):
        super().__init__()
        self.name = name
        self.fig_w, self.fig_h = figure[0], figure[1]

    def wrap(self, avail_w, avail_h):
        self.avail_w = avail_w
        # a figure wider than the column (three cards on an A5 page) shrinks to fit it
        self.scale = min(1.0, avail_w / self.fig_w)
        return avail_w, self.fig_h * self.scale + 7 * MM

    def draw(self):
        self.canv.saveState()
        self.canv.translate((self.avail_w - self.fig_w * self.scale) / 2, 4 * MM)
        self.canv.scale(self.scale, self.scale)
        self.canv.figure(self.name, self.fig_w, self.fig_h)
        self.canv.restoreState()


class _PageBreak(Flowable):
    def wrap(self, w, h):
        return 0, 0

    def draw(self):
        pass


class _Story:
    """The booklet's Markdown subset read line by line into platypus flowables: paragraphs
    gather their lines, table rows gather into tables, the other blocks stand alone."""

    def __init__(self, booklet: Booklet, fonts: Fonts, width: float):
        self.booklet, self.fonts, self.width = booklet, fonts, width
        self.st = _styles(booklet, fonts)
        self.flowables: list[Flowable] = []
        self.para: list[str] = []
        self.table: list[list[str]] = []

    def _text(self, text: str, style: str, **kw: Any) -> Paragraph:
        return _Paragraph(_inline(self.fonts, text), self.st[style], **kw)

    def add(self, line: str) -> None:
        if not line.startswith("|"):
            self.flush_table()
        if not line:
            self.flush_para()
        elif line.startswith("|"):
            self.flush_para()
            cells = [c.strip() for c in line.strip("|").split("|")]
            if not all(re.fullmatch(r":?-{2,}:?", c) for c in cells):
                self.table.append(cells)
        else:
            block = self._block(line)
            if block is None:
                self.para.append(line)
            else:
                self.flush_para()
                self.flowables.extend(block)

    def _block(self, line: str) -> list[Flowable] | None:
        """A heading, figure, page break or list item; None for a line of a paragraph."""
        m = re.fullmatch(r"(#{1,3})\s+(.*)", line)
        if m:
            return [self._text(m.group(2), f"h{len(m.group(1))}")]
        m = re.fullmatch(r"\[\[figure\s+([\w-]+)\]\]", line)
        if m:
            figures = self.booklet.figures
            if m.group(1) not in figures:
                raise DataError(f"[[figure {m.group(1)}]]: unknown figure; this game has: "
                                f"{', '.join(sorted(figures)) or 'none'}", self.booklet.source)
            return [_FigureFlowable(m.group(1), figures[m.group(1)])]
        if line == "---":
            return [_PageBreak()]
        m = re.fullmatch(r"(-|\d+\.)\s+(.*)", line)
        if m:
            bullet = "\u2022" if m.group(1) == "-" else m.group(1)
            return _chunked(self._text(m.group(2), "bullet", bulletText=bullet), self.width)
        return None

    def flush_para(self) -> None:
        if self.para:
            self.flowables.extend(_chunked(self._text(" ".join(self.para), "body"), self.width))
            self.para.clear()

    def flush_table(self) -> None:
        if not self.table:
            return
        ncols = max(len(r) for r in self.table)
        most = int(self.width // MIN_COLUMN)
        if ncols > most:  # checked before a cell is made: platypus fails on a negative width
            head = " | ".join(self.table[0])
            raise DataError(f"the table {head[:40] + '...' if len(head) > 40 else head!r} has "
                            f"{ncols} columns; a booklet page holds at most {most} (split it)",
                            self.booklet.source)
        rows = [[self._text(cell, "head" if i == 0 else "cell")
                 for cell in r + [""] * (ncols - len(r))] for i, r in enumerate(self.table)]
        # a table is cut into blocks of TABLE_BLOCK rows, each with the header: splitting one
        # long platypus table across pages costs time that grows faster than its rows
        for first in range(1, max(len(rows), 2), TABLE_BLOCK):
            self.flowables.append(self._table_block([rows[0]] + rows[first:first + TABLE_BLOCK]))
        self.flowables.append(Spacer(1, 6))
        self.table.clear()

    def _table_block(self, rows: list) -> Table:
        ncols = len(rows[0])
        t = Table(rows, colWidths=[self.width / ncols] * ncols, repeatRows=1)
        t.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), self.fonts["regular"], 9),  # else reportlab: Helvetica
            ("BACKGROUND", (0, 0), (-1, 0), as_color(self.booklet.accent)),
            ("GRID", (0, 0), (-1, -1), 0.4, Color(0.6, 0.6, 0.6)),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [white, Color(0.95, 0.95, 0.95)]),
        ]))
        return t


class _Paragraph(Paragraph):
    """A Paragraph broken into lines once per width. Laying out a page wraps a paragraph two
    or three times at the same width (keeping a heading with what follows it, adding it to
    the frame, splitting it at the page's foot), and breaking lines is most of the booklet's
    time; the lines only change with the width."""

    _wrapped: tuple[float, Any] | None = None  # (width, the lines broken at that width)

    def wrap(self, availWidth, availHeight):
        done = self._wrapped
        if done is not None and done[0] == availWidth and getattr(self, "blPara", None) is done[1]:
            return self.width, self.height
        size = super().wrap(availWidth, availHeight)
        self._wrapped = (availWidth, self.blPara)
        return size


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


def _chunked(p: Paragraph, width: float) -> list[Flowable]:
    """A long paragraph as consecutive paragraphs of CHUNK_LINES lines, its text broken into
    lines once. Splitting one long paragraph at each page break re-breaks all the text still
    to come, so one long paragraph took time quadratic in its pages (82 pages: 148 s); the
    pieces sit flush, so the page looks the same."""
    if len(p.frags) < 2 and sum(len(getattr(f, "text", "")) for f in p.frags) < 2000:
        return [p]
    p.wrap(width, 1e9)
    lines = len(p.blPara.lines)
    if lines <= 2 * CHUNK_LINES:
        return [p]
    split = p._get_split_blParaFunc()  # what reportlab's own Paragraph.split uses
    base = p.style
    first = ParagraphStyle(f"{base.name}-first", base, spaceAfter=0)
    middle = ParagraphStyle(f"{base.name}-cont", base, spaceBefore=0, spaceAfter=0,
                            firstLineIndent=0)
    last = ParagraphStyle(f"{base.name}-last", base, spaceBefore=0, firstLineIndent=0)
    pieces: list[Flowable] = []
    for start in range(0, lines, CHUNK_LINES):
        stop = min(lines, start + CHUNK_LINES)
        style = first if start == 0 else last if stop == lines else middle
        pieces.append(_Paragraph(None, style, bulletText=p.bulletText if start == 0 else None,
                                 frags=split(p.blPara, start, stop)))
    return pieces


def _describe(f: Flowable) -> str:
    """How a designer finds a flowable in the template: its first words."""
    f = getattr(f, "inner", f)  # unwrap a _Placed
    if isinstance(f, Paragraph):
        text = " ".join(f.getPlainText().split())
        return f"the paragraph {text[:40] + '...' if len(text) > 40 else text!r}"
    if isinstance(f, Table):
        return "a table"
    return "a figure" if isinstance(f, _FigureFlowable) else "an element"


def _is_heading(f: Flowable) -> bool:
    f = getattr(f, "inner", f)
    return isinstance(f, Paragraph) and f.style.name in ("h1", "h2", "h3")


def _room_for(frame: Frame, story: list[Flowable]) -> bool:
    """Keep the heading at the story's end (it is read from the end), and the headings right
    under it, with at least the start of what follows them: all of a figure, which cannot be
    split."""
    avail = frame._y - frame._y1p
    need, at = 12.0, len(story) - 1
    while at >= 0 and _is_heading(story[at]):
        need += story[at].wrap(frame._aW, avail)[1]
        at -= 1
    if at < len(story) - 2:  # headings under headings: the space around each counts too
        need += sum(f.getSpaceBefore() + f.getSpaceAfter() for f in story[at + 1:])
    if at < 0 or isinstance(story[at], _PageBreak):
        return need <= avail  # the story ends in headings, or a page break follows them
    following = story[at]
    _, fh = following.wrap(frame._aW, avail)
    whole = isinstance(getattr(following, "inner", following), _FigureFlowable)
    return need + (fh if whole else min(fh, 40)) <= avail
