"""The rule booklet's text laid out by platypus: its blocks (bookmarkup.py) made into
paragraphs, tables, figures and pictures, filled into pages by a BaseDocTemplate with one
frame a page. The document is built on a scratch canvas that keeps, for each page, which
flowables went where; booklet.py draws those flowables on the kit's own canvas.

Typography is platypus's own: headings keep with what follows (keepWithNext, and a
CondPageBreak asking for the heading and the start of what follows it), no paragraph leaves one
line alone at a page's foot or head (allowOrphans, allowWidows), and a table starts only where
its header and first two rows fit."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from reportlab.lib.colors import Color, white
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas

from ..errors import DataError, opening
from ..units import MM
from .bookmarkup import ICON, Block, read, unescaped
from .colours import as_color
from .emphasis import emphasis
from .fonts import Fonts
from .platypus import (BaseDocTemplate, CondPageBreak, Flowable, Frame, LayoutError,
                       PageBreakIfNotEmpty, PageTemplate, Paragraph, Spacer, Table, TableStyle)
from .text import SHY, xml_escape

if TYPE_CHECKING:
    from .booklet import Booklet

# body rows per table block: one platypus table split across pages takes time growing faster
# than its rows (4,000 rows: 4.1 s, against 2.5 s in blocks), so a table is set in blocks, each
# with its header, and so big that a rule booklet's tables are one block: a header shows mid-page
# only where a block of hundreds of rows ends
TABLE_BLOCK = 300
MIN_COLUMN = 36.0  # points: a table column's 6 pt paddings each side and a short word at 9 pt
KEPT_LINES = 2  # lines of a paragraph kept on the page of the heading above it
HEAD_ROWS = 2  # body rows a table starts with, under its header, on the page it starts
CELL_PADDING = 6  # points: platypus's table cells' padding at each side (3 above and below)
# letters of a word with soft hyphens: platypus breaks such a word in time that grows with the
# cube of its length (8,000 parts: 45 s), and no word in a rule booklet is near this long
MAX_SOFT_WORD = 200
# characters of one paragraph: splitting a paragraph at a page's foot breaks all its text left
# into lines again, so one paragraph of many pages takes time quadratic in its pages; a rule
# booklet's longest paragraphs are a few hundred characters
MAX_PARAGRAPH = 20_000
SHOWN_START = 60  # characters of a paragraph a message quotes
HEADINGS = tuple(f"h{n}" for n in range(1, 7))
# an inline icon as on cards (faces/richtext.py): its side and the room beside it in ems, its
# middle a capital's middle
ICON_SIZE, ICON_PAD, ICON_MIDDLE = 1.2, 0.1, 0.37


class Placed(NamedTuple):
    flowable: Flowable
    x: float
    y: float


def lay_out(booklet: Booklet, fonts: Fonts, page_w: float, page_h: float) -> list[list[Placed]]:
    """The booklet split into pages, each a list of flowables with their positions."""
    margin = booklet_margin(page_w)
    width, height = page_w - 2 * margin, page_h - 2 * margin - 6 * MM
    story = _breaks_between_pages(flowables(booklet, fonts, width, height))
    if not story:
        return []
    keep_headings(story, width, height)
    doc = _Document(booklet.source, (page_w, page_h), margin, width, height)
    scratch: list[_Scratch] = []

    def canvas(*args: Any, **kwargs: Any) -> _Scratch:
        scratch.append(_Scratch(*args, **kwargs))
        return scratch[0]

    doc.build(story, canvasmaker=canvas)
    pages = scratch[0].pages
    while pages and not pages[-1]:
        pages.pop()
    return pages


def _breaks_between_pages(story: list[Flowable]) -> list[Flowable]:
    """The page breaks that stand between two flowables, one for each place (platypus skips
    a break at a page's head itself, but fails on a story that has nothing else)."""
    kept: list[Flowable] = []
    for f in story:
        if isinstance(f, PageBreakIfNotEmpty) and (not kept or isinstance(kept[-1],
                                                                          PageBreakIfNotEmpty)):
            continue
        kept.append(f)
    while kept and isinstance(kept[-1], PageBreakIfNotEmpty):
        kept.pop()
    return kept


def booklet_margin(page_w: float) -> float:
    """20 mm on A4 and Letter, in proportion on smaller pages (14 mm on A5)."""
    return min(20 * MM, page_w * 0.095)


class _Scratch(Canvas):
    """The canvas the document is built on: it draws nothing, and keeps each page's flowables
    with where the frame put them (the flowables of this module note themselves)."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(io.BytesIO(), *args[1:], **kwargs)
        self.pages: list[list[Placed]] = [[]]

    def note(self, flowable: Flowable, x: float, y: float) -> None:
        self.pages[-1].append(Placed(flowable, x, y))

    def showPage(self) -> None:
        self.pages.append([])
        super().showPage()


class _Noted:
    """A flowable that, on the scratch canvas, notes where it goes instead of drawing."""

    def drawOn(self, canvas: Canvas, x: float, y: float, _sW: float = 0) -> None:
        if isinstance(canvas, _Scratch):
            canvas.note(self, x, y)
        else:
            super().drawOn(canvas, x, y, _sW)  # type: ignore[misc]


class _Document(BaseDocTemplate):
    """One frame a page; a flowable no page holds is an error naming the template."""

    def __init__(self, source: str, size: tuple[float, float], margin: float, width: float,
                 height: float):
        super().__init__(io.BytesIO(), pagesize=size, invariant=1)
        self.source = source
        frame = Frame(margin, margin, width, height, leftPadding=0, rightPadding=0,
                      topPadding=0, bottomPadding=0, id="text")
        self.addPageTemplates([PageTemplate("page", [frame])])

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        first = flowables[0]
        try:
            super().handle_flowable(flowables)
        except LayoutError:
            raise DataError(f"{_describe(first)} is taller than a booklet page; split it",
                            self.source) from None


class _Paragraph(_Noted, Paragraph):
    """A paragraph that keeps its lines when wrapped again at the width of its last wrap: a
    table wraps each cell when it measures it, when it lays it out and when it draws it (and a
    table's start and keep_headings measure before the frame does). Its lines depend only on
    its text, style and width: breaking them again would give the same lines."""

    wrapped_width: float | None = None

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        # (platypus drops the lines of a paragraph it cannot split where asked: wrapped anew)
        if availWidth == self.wrapped_width and getattr(self, "blPara", None) is not None:
            return self.width, self.height
        size = super().wrap(availWidth, availHeight)
        # (a width too narrow for any text is not remembered: platypus sets no lines then)
        self.wrapped_width = availWidth if size == (self.width, self.height) else None
        return size


class _Table(_Noted, Table):
    """A table block (the parts a page split makes are of this class too)."""

    def __init__(self, data: list, *args: Any, **kwargs: Any):
        super().__init__(data, *args, **kwargs)
        self.rows = len(data)  # the header among them


class _Figure(_Noted, Flowable):
    """A drawing of the given size, centred in the column, shrunk to its width if wider;
    `draw(canvas, width, height)` draws it from (0, 0)."""

    def __init__(self, what: str, w: float, h: float, draw: Callable[[Canvas, float, float], None],
                 below: float = 7 * MM, lift: float = 4 * MM):
        super().__init__()
        self.what, self.fig_w, self.fig_h, self.draw_figure = what, w, h, draw
        self.below, self.lift = below, lift  # room under it (a caption), and its place in it

    def wrap(self, avail_w, avail_h):
        self.avail_w = avail_w
        # a figure wider than the column (three cards on an A5 page) shrinks to fit it
        self.scale = min(1.0, avail_w / self.fig_w)
        return avail_w, self.fig_h * self.scale + self.below

    def draw(self):
        self.canv.saveState()
        self.canv.translate((self.avail_w - self.fig_w * self.scale) / 2, self.lift)
        self.canv.scale(self.scale, self.scale)
        self.draw_figure(self.canv, self.fig_w, self.fig_h)
        self.canv.restoreState()


def _inline(fonts: Fonts, text: str, icon: Callable[[str], str]) -> str:
    """Paragraph markup: escaped text, bold/italic runs, characters the body font lacks
    wrapped in a font that has them (CJK, symbols), and each icon as `icon(name)` makes it.
    Every tag closes inside its run."""
    out = []
    for piece, bold, italic in emphasis(text):
        parts = ICON.split(piece)  # text, an icon's name, text...
        html = "".join(icon(part) if i % 2 else _words(fonts, part)
                       for i, part in enumerate(parts))
        if italic:
            html = f"<i>{html}</i>"
        if bold:
            html = f"<b>{html}</b>"
        out.append(html)
    return "".join(out)


def _words(fonts: Fonts, text: str) -> str:
    return "".join(xml_escape(t) if f == fonts["regular"]
                   else f'<font name="{f}">{xml_escape(t)}</font>'
                   for f, t in fonts.runs(unescaped(text), "regular"))


def _styles(booklet: Booklet, fonts: Fonts) -> dict[str, ParagraphStyle]:
    from reportlab.lib.fonts import addMapping

    reg, bold = fonts["regular"], fonts["bold"]
    starred = "*" in booklet.text  # parse the italic fonts only if used (5 ms a face)
    ital = fonts["italic"] if starred or "#####" in booklet.text else reg
    # bold and italic at once: ***both***, or *italic* in a heading or a table's head row
    # (set in bold); only then is the bold italic face parsed
    both = starred and any((b or line.lstrip()[:1] in ("#", "|")) and i
                           for line in booklet.text.splitlines() for _, b, i in emphasis(line))
    addMapping(reg, 0, 0, reg)
    addMapping(reg, 1, 0, bold)
    addMapping(reg, 0, 1, ital)
    addMapping(reg, 1, 1, fonts["bold-italic"] if both else bold)
    # no line of a paragraph alone at a page's foot (an orphan) or head (a widow)
    body = ParagraphStyle("body", fontName=reg, fontSize=10, leading=13.5, spaceAfter=5,
                          alignment=TA_LEFT, allowOrphans=0, allowWidows=0)
    accent = as_color(booklet.accent)
    grey = Color(0.3, 0.3, 0.3)
    return {
        "body": body,
        "h1": ParagraphStyle("h1", body, fontName=bold, fontSize=22, leading=27,
                             spaceAfter=8, textColor=accent),
        "h2": ParagraphStyle("h2", body, fontName=bold, fontSize=14, leading=18,
                             spaceBefore=10, spaceAfter=4, textColor=accent),
        "h3": ParagraphStyle("h3", body, fontName=bold, fontSize=11, leading=14,
                             spaceBefore=6, spaceAfter=2),
        "h4": ParagraphStyle("h4", body, fontName=bold, fontSize=10, leading=13.5,
                             spaceBefore=5, spaceAfter=1, textColor=accent),
        "h5": ParagraphStyle("h5", body, fontName=fonts["italic"] if ital != reg else bold,
                             fontSize=10, leading=13.5, spaceBefore=4, spaceAfter=1),
        "h6": ParagraphStyle("h6", body, fontName=bold, fontSize=9, leading=12,
                             spaceBefore=4, spaceAfter=1, textColor=grey),
        "bullet": ParagraphStyle("bullet", body, leftIndent=14, bulletIndent=4,
                                 spaceAfter=3, bulletFontName=reg),
        "cell": ParagraphStyle("cell", body, fontSize=9, leading=11.5, spaceAfter=0),
        "head": ParagraphStyle("head", body, fontName=bold, fontSize=9, leading=11.5,
                               spaceAfter=0, textColor=white),
        "caption": ParagraphStyle("caption", body, fontName=ital, fontSize=8.5, leading=11,
                                  textColor=grey),
    }


def flowables(booklet: Booklet, fonts: Fonts, width: float,
              height: float = 700.0) -> list[Flowable]:
    """The booklet's blocks as platypus flowables, in order, for a column of this size."""
    import tempfile

    # the icons' pictures: a paragraph reads each file as it is made (a data: URL would need
    # reportlab's trustedHosts opened for the whole process)
    with tempfile.TemporaryDirectory(prefix="pnp-icons-") as icons:
        story = _Story(booklet, fonts, width, height, Path(icons))
        blocks, _ = read(booklet.text)
        for block in blocks:
            story.add(block)
    return story.flowables


def keep_headings(story: list[Flowable], width: float, height: float) -> None:
    """Keep each run of headings with what follows it: a CondPageBreak before the run asks
    for room for the headings and the start of what follows (two lines of a paragraph, all
    of a figure, which cannot be split, the header and first rows of a table), and
    keepWithNext binds the headings to each other and to a follower too short to split. A
    run taller than a page is left to fill pages as it comes."""
    at = 0
    while at < len(story):
        if not _is_heading(story[at]):
            at += 1
            continue
        end = at
        if at:  # the space under the flowable before and the space above overlap (the
            # CondPageBreak between them would end the overlap)
            first = story[at]
            first.spaceBefore = max(0.0, first.getSpaceBefore() - story[at - 1].getSpaceAfter())
        need = story[at].getSpaceBefore()
        while end < len(story) and _is_heading(story[end]):
            f = story[end]
            need += f.wrap(width, height)[1] + f.getSpaceAfter()
            end += 1
        follower = story[end] if end < len(story) else None
        whole = False
        if isinstance(follower, CondPageBreak):  # a table's own: its start
            need += follower.height
        elif isinstance(follower, Paragraph):
            fh = follower.wrap(width, height)[1]
            leading = follower.style.leading
            # three lines or fewer cannot split without leaving one alone
            whole = fh <= (KEPT_LINES + 1) * leading + 0.1
            need += fh if whole else KEPT_LINES * leading
        elif isinstance(follower, _Figure):
            whole = True
            need += follower.wrap(width, height)[1]
        if need <= height:
            for f in story[at:end - 1]:
                f.keepWithNext = 1
            story[end - 1].keepWithNext = int(whole)
            story.insert(at, CondPageBreak(need))
            end += 1
        at = end


class _Story:
    """Blocks made into flowables: text into paragraphs in their styles, tables into blocks
    of rows each under the header, figures and pictures into figures."""

    def __init__(self, booklet: Booklet, fonts: Fonts, width: float, height: float,
                 icons: Path):
        self.booklet, self.fonts, self.width, self.height = booklet, fonts, width, height
        self.icons = icons  # where each icon's picture is written, once a booklet
        self.st = _styles(booklet, fonts)
        self.flowables: list[Flowable] = []
        self.icon_files: dict[tuple[str, str], str | None] = {}

    def _icon(self, name: str, style: ParagraphStyle) -> str:
        """An icon in the text's colour, as a picture in the line; an unknown one (a forced
        build: the check names it) as typed."""
        from .bookimages import icon_png

        colour = style.textColor
        key = (name, colour.hexval())
        if key not in self.icon_files:
            png = icon_png(self.booklet.icons, name, colour, self.fonts["regular"],
                           ICON_PAD / ICON_SIZE)
            path = self.icons / f"{len(self.icon_files)}.png"
            if png is not None:
                path.write_bytes(png)
            self.icon_files[key] = str(path) if png is not None else None
        src = self.icon_files[key]
        if src is None:
            return xml_escape(f":{name}:")  # (as typed: a forced build, the check names it)
        size = ICON_SIZE * style.fontSize  # (valign: its foot's height above the baseline)
        width = (ICON_SIZE + ICON_PAD) * style.fontSize
        return (f'<img src="{xml_escape(src)}" width="{width:.2f}" height="{size:.2f}" '
                f'valign="{ICON_MIDDLE * style.fontSize - size / 2:.2f}"/>')

    def _text(self, text: str, style: str, **kw: Any) -> Paragraph:
        if SHY in text:
            _check_soft_words(text, self.booklet.source)
        if len(text) > MAX_PARAGRAPH:
            # its first words, cut short: one long word quoted whole was counted again
            shown = " ".join(text.split()[:6])[:SHOWN_START]
            raise DataError(f"the paragraph {shown + '...'!r} has {len(text):,} characters; a "
                            f"booklet paragraph holds at most {MAX_PARAGRAPH:,} (split it with "
                            "a blank line; a data cell the template prints counts too)",
                            self.booklet.source)
        st = self.st[style]
        markup = _inline(self.fonts, text, lambda name: self._icon(name, st))
        if re.match(r"(?:<[bi]>)*<img", markup):
            # platypus breaks no line between pictures before a paragraph's first word: a row
            # of icons ran off the page. A word joiner (U+2060, of no width) is that word (a
            # zero-width space is read as a space)
            markup = _words(self.fonts, "\u2060") + markup
        return _Paragraph(markup, st, **kw)

    def add(self, block: Block) -> None:
        kind = block.kind
        if kind == "heading":
            self.flowables.append(self._text(block.text, f"h{block.level}"))
        elif kind == "para":
            self.flowables.append(self._text(block.text, "body"))
        elif kind == "bullet":
            self.flowables.append(self._text(block.text, "bullet", bulletText=block.bullet))
        elif kind == "table":
            self._table(block.rows)
        elif kind == "figure":
            self.flowables.append(self._figure(block.text, block.line))
        elif kind == "image":
            self.flowables.extend(self._image(block))
        elif kind == "break":
            self.flowables.append(PageBreakIfNotEmpty())

    def _figure(self, name: str, line: int = 0) -> Flowable:
        figures = self.booklet.figures
        if name not in figures:  # at its line, as a picture not found is
            at = f"{self.booklet.place(line)}: " if line else ""
            raise DataError(f"{at}[[figure {name}]]: unknown figure; this game has: "
                            f"{', '.join(sorted(figures)) or 'none'}", self.booklet.source)
        w, h, draw = figures[name]
        fonts = self.fonts
        return _Figure(f"the figure {name!r}", w, h, lambda c, fw, fh: draw(c, fonts, fw, fh))

    def _image(self, block: Block) -> list[Flowable]:
        """A picture of the game folder, as wide as its pixels at 150 dpi (an SVG: its own
        size), shrunk to the column and to half a page's height; its caption under it."""
        from .bookimages import booklet_picture, draw_booklet_picture

        pic = booklet_picture(self.booklet, block.src, block.line)
        w, h = pic.size
        most = self.height / 2
        if h > most:
            w, h = w * most / h, most
        font = self.fonts["regular"]
        out: list[Flowable] = [_Figure(f"the picture {block.src!r}", w, h,
                                       lambda c, fw, fh: draw_booklet_picture(c, pic, fw, fh,
                                                                              font),
                                       below=(2 if block.text else 5) * MM, lift=MM)]
        if block.text:
            caption = self._text(block.text, "caption")
            caption.style = ParagraphStyle("caption-centred", caption.style, alignment=1)
            out[0].keepWithNext = 1
            out.append(caption)
        return out

    def _table(self, table: list[list[str]]) -> None:
        ncols = max(len(r) for r in table)
        most = int(self.width // MIN_COLUMN)
        if ncols > most:  # checked before a cell is made: platypus fails on a negative width
            head = " | ".join(table[0])
            raise DataError(f"the table {opening(head)} has "
                            f"{ncols} columns; a booklet page {self.width / MM:.0f} mm wide (its "
                            f"paper's width less the margins) holds at most {most} (split it, "
                            "or print on wider paper)",
                            self.booklet.source)
        rows = [[self._text(cell, "head" if i == 0 else "cell")
                 for cell in r + [""] * (ncols - len(r))] for i, r in enumerate(table)]
        self._check_row_heights(table, rows)
        # the table starts where its header and first rows fit: never a header alone, or one
        # row, at a page's foot
        start = self._table_block(rows[:1 + HEAD_ROWS]).wrap(self.width, 1e9)[1]
        self.flowables.append(CondPageBreak(start))
        for first in range(1, max(len(rows), 2), TABLE_BLOCK):
            self.flowables.append(self._table_block([rows[0]] + rows[first:first + TABLE_BLOCK]))
        self.flowables.append(Spacer(1, 6))

    def _check_row_heights(self, table: list[list[str]], rows: list) -> None:
        """A row taller than a page under the header cannot be set (platypus splits a table
        only between rows): named by its first cell, before the layout fails on it."""
        cell_w = self.width / len(rows[0]) - 2 * CELL_PADDING

        def height(row) -> float:
            return max(cell.wrap(cell_w, 1e9)[1] for cell in row) + CELL_PADDING

        room = self.height - height(rows[0])
        for words, row in zip(table[1:], rows[1:]):
            if height(row) > room:
                first = " ".join(" ".join(words).split())
                raise DataError(f"the table row {opening(first)} is taller than a booklet page under "
                                "the table's header; shorten its cells or split the row",
                                self.booklet.source)

    def _table_block(self, rows: list) -> Table:
        ncols = len(rows[0])
        t = _Table(rows, colWidths=[self.width / ncols] * ncols, repeatRows=1)
        t.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), self.fonts["regular"], 9),  # else reportlab: Helvetica
            ("BACKGROUND", (0, 0), (-1, 0), as_color(self.booklet.accent)),
            ("GRID", (0, 0), (-1, -1), 0.4, Color(0.6, 0.6, 0.6)),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [white, Color(0.95, 0.95, 0.95)]),
        ]))
        return t


def _describe(f: Flowable) -> str:
    """How a designer finds a flowable in the template: its first words."""
    if isinstance(f, Paragraph):
        text = " ".join(f.getPlainText().split())
        return f"the paragraph {opening(text)}"
    if isinstance(f, Table):
        return "a table"
    return f.what if isinstance(f, _Figure) else "an element"


def _check_soft_words(text: str, source: str | Path) -> None:
    """Refuse a word with soft hyphens too long for platypus to break in reasonable time."""
    for word in text.split():
        if SHY in word and len(word) > MAX_SOFT_WORD:
            shown = word.replace(SHY, "")[:30]
            raise DataError(f"a word of {len(word):,} characters with soft hyphens "
                            f"({shown!r}...); at most {MAX_SOFT_WORD} (put spaces in it)",
                            source)


def _is_heading(f: Flowable) -> bool:
    return isinstance(f, Paragraph) and f.style.name in HEADINGS
