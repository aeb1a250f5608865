"""The rule booklet: text from a Jinja2 template in a small Markdown subset (bookmarkup.py
says which), laid out as pages.

This module holds the booklet, checks its text and draws its pages; laying them out is
booklayout.py's (platypus), done once per build.
"""

from __future__ import annotations

import os
import re

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Callable

from reportlab.lib.colors import Color, HexColor, black
from reportlab.pdfgen.canvas import Canvas

from ..errors import Finding, Source, error, opening, warning
from ..units import MM
from .colours import as_color
from .fonts import Fonts
from .text import draw_line

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
            drawer(Surface(c, fonts, w, h, 0, "figure", cut=False))
            c.restoreState()
            c.setStrokeColor(outline)
            c.setLineWidth(0.4)
            c.rect(i * (w * scale + gap), 0, w * scale, h * scale, stroke=1, fill=0)

    return (width, h * scale, draw)


@dataclass
class Booklet:
    title: str
    text: str  # the rendered template (Markdown subset)
    figures: dict[str, Figure] = field(default_factory=dict)
    accent: Color = HexColor("#333333")
    source: str = "booklet"
    root: Path | None = None  # the game folder, where its pictures are (None: no pictures)
    placeholder: bool = False  # pnp's stand-in for a booklet the game lacks: said so
    _layouts: dict = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        # errors in the layout name the template the text came from (pnp.templating)
        self.source = getattr(self.text, "template", "") or self.source

    # ---- pages ------------------------------------------------------------------------------
    def layout(self, fonts: Fonts, page_w: float, page_h: float) -> list:
        """The booklet's pages, each a list of flowables with where they go (booklayout.py).
        Laid out once per page size and fonts, and kept: the print guide counts the pages
        before they are drawn."""
        key = (page_w, page_h, tuple(sorted(fonts.paths.items())))
        pages = self._layouts.get(key)
        if pages is None:
            from .booklayout import lay_out  # platypus: only for a kit with a booklet

            pages = self._layouts[key] = lay_out(self, fonts, page_w, page_h)
        return pages

    def _pages(self, c: Canvas, fonts: Fonts, page_w: float, page_h: float,
               forms: str | None = None, begin: Callable[[], None] | None = None) -> int:
        """Draw the laid-out pages, each PDF page started by `begin()` if given. With
        `forms`, each page becomes a Form XObject named forms + number instead of a PDF page,
        so it can be imposed anywhere later."""
        pages = self.layout(fonts, page_w, page_h)
        for number, page in enumerate(pages, 1):
            if forms:
                c.beginForm(f"{forms}{number}", 0, 0, page_w, page_h)
            elif begin is not None:
                begin()
            for placed in page:
                placed.flowable.drawOn(c, placed.x, placed.y)
            self._furniture(c, fonts, page_w, page_h, number)
            if forms:
                c.endForm()
            else:
                c.showPage()
        return len(pages)

    def _furniture(self, c: Canvas, fonts: Fonts, page_w: float, page_h: float, n: int) -> None:
        margin = _margin(page_w)
        c.setFillColor(Color(0.45, 0.45, 0.45))
        c.setStrokeColor(as_color(self.accent))
        c.setLineWidth(0.6)
        c.line(margin, page_h - margin + 2 * MM, page_w - margin, page_h - margin + 2 * MM)
        draw_line(c, fonts, f"{self.title} \u00b7 Rules", margin, page_h - margin + 4 * MM, 8)
        draw_line(c, fonts, f"{n}", page_w / 2, margin * 0.45, 9, align="centre")
        c.setFillColor(black)

    def findings(self, fonts: Fonts) -> list[Finding]:
        """Characters of the text that no font has (they would print as empty boxes, as on a
        card): one error naming the template and them all. Checked on the text, so a booklet
        whose pages come from the cache is checked too."""
        from .surface import UNPRINTABLE, backwards, right_to_left

        found = []
        for n, line in enumerate(self.text.splitlines(), 1):  # each, where it is
            rtl = right_to_left(line)
            if rtl:
                found.append(error(f"{self.place(n)}: {backwards(_around(line, rtl))}",
                                   Source(Path(self.source))))
        gone = fonts.missing(self.text)
        if gone:  # told at the line of the first, as the other booklet errors are
            at = min(i for i in map(self.text.find, gone) if i >= 0)
            found.append(error(f"{self.place(self.text.count(chr(10), 0, at) + 1)}: no font "
                               f"has the character(s) {gone!r} (first in "
                               f"{_around(self.text, gone)!r}); {UNPRINTABLE}",
                               Source(Path(self.source))))
        for role, (chars, run) in self._unstyled(fonts).items():
            found.append(error(f"the {role} font has no {chars!r}, which the text sets in it "
                               f"(first in {_around(run, chars)!r}); {UNPRINTABLE}",
                               Source(Path(self.source))))
        if not self.placeholder and not self.text.strip():  # (it was left out, in silence)
            found.append(warning("the booklet template prints nothing, so the kit has no rule "
                                 "booklet: write the rules in it, or set [booklet] template = "
                                 "\"\" in game.toml for none", Source(Path(self.source))))
        if self.placeholder:
            found.append(warning("the game folder has no booklet.md.j2: the booklet printed is "
                                 "pnp's placeholder (the components and a note); write your "
                                 "rules in booklet.md.j2, or set [booklet] template = \"\" "
                                 "in game.toml for no booklet", Source(Path(self.source))))
        return found + self._unknown_markup() + self._unknown_icons()

    @cached_property
    def icons(self):
        """The icons its text may name: the game's icons/ and pnp's own (with no game folder,
        pnp's only: a folder that holds no icons/)."""
        from ..faces.art import IconFinder

        return IconFinder(Path(self.root if self.root is not None else os.devnull))

    def _unknown_icons(self) -> list[Finding]:
        """Each icon nobody has, or that pnp will not read, named at its line as on a card."""
        from ..faces.art import ArtError, Picture, unknown_icon
        from .bookmarkup import icons

        found = []
        noted: set[str] = set()
        for line, name in icons(self.text):
            try:
                hit = self.icons.find(name)
                message = None if hit else unknown_icon(name, self.icons.root)
            except ArtError as exc:
                hit, message = None, f"icon {name!r}: {exc}"
            if message:
                found.append(error(f"{self.place(line)}: {message}", Source(Path(self.source))))
            if isinstance(hit, Picture) and hit.notes and name not in noted:
                noted.add(name)  # what of its SVG cannot print, once, as on a card
                found.extend(warning(f"{self.place(line)}: {note}", Source(Path(self.source)))
                             for note in hit.notes)
        return found

    def _unstyled(self, fonts: Fonts) -> dict[str, tuple[str, str]]:
        """Characters the regular font has but a bold or italic run's face lacks (a heading is
        bold; the run prints them in that face, as boxes), by face, with the first such run."""
        from .emphasis import emphasis

        lost: dict[str, tuple[set[str], str]] = {}
        for line in self.text.splitlines():
            if line.isascii():  # every face has ASCII: most lines need no look
                continue
            heading = line.lstrip().startswith("#")
            for piece, bold, italic in emphasis(line):
                bold = bold or heading
                if not (bold or italic) or piece.isascii():
                    continue
                role = "bold-italic" if bold and italic else "bold" if bold else "italic"
                chars = {ch for ch in fonts.lacking(role, piece) - fonts.lacking("regular", piece)
                         if not ch.isspace()}
                if chars:
                    lost.setdefault(role, (set(), piece))[0].update(chars)
        return {role: ("".join(sorted(chars)), run) for role, (chars, run) in lost.items()}

    def _unknown_markup(self) -> list[Finding]:
        """Markdown the booklet does not print (a link, a block quote...), each an error
        naming the template and the line (of the template where the line is found in it)."""
        from .bookmarkup import read
        from .emphasis import unclosed_bold, unclosed_said

        blocks, unknown = read(self.text)
        found = []
        for u in unknown:
            place = self.place(u.line)
            tail = "; the booklet does not print that Markdown" if u.markdown else ""
            found.append(error(f"{place}: {opening(u.shown)} is {u.what}{tail}",
                               Source(Path(self.source))))
        for block in blocks:  # (a paragraph's bold may close on a line after it opens)
            stars = unclosed_bold(block.text) if "**" in block.text else None
            if stars:
                found.append(error(f"{self.place(block.line)}: {opening(block.text)}: "
                                   f"{unclosed_said(stars)}", Source(Path(self.source))))
        return found

    def place(self, line: int) -> str:
        """Where line `line` of the text is: its line in the template, where the rendering
        saw output begin on it (in a loop too: TemplateText.lines), else found there as written
        (a line inside the template's own text), else the line of the rendered booklet."""
        template = getattr(self.text, "source", None)
        if template is None:
            return f"line {line}"
        lines = getattr(self.text, "lines", ())
        at = lines[line - 1] if line <= len(lines) else None
        rendered = self.text.splitlines()
        text = rendered[line - 1].strip() if line <= len(rendered) else ""
        written = template.text.splitlines()
        if at is None:
            at = next((i for i, w in enumerate(written, 1) if w.strip() == text), None)
        else:  # a loop's output is told at its tag's line: the line in it that writes this
            at = next((i for i in range(at, min(at + 20, len(written)) + 1)
                       if _writes(written[i - 1], text)), at)
        return f"line {at}" if at else f"line {line} of the rendered booklet"

    def count_pages(self, page_w: float, page_h: float, fonts: Fonts) -> int:
        return len(self.layout(fonts, page_w, page_h))

    def draw(self, c: Canvas, fonts: Fonts, page_w: float, page_h: float,
             begin: Callable[[], None] | None = None) -> int:
        return self._pages(c, fonts, page_w, page_h, begin=begin)

    def draw_forms(self, c: Canvas, fonts: Fonts, page_w: float, page_h: float,
                   prefix: str = "bk") -> int:
        return self._pages(c, fonts, page_w, page_h, forms=prefix)


def _writes(written: str, rendered: str) -> bool:
    """Whether a template line could have made the rendered line: it writes something ({{ }}
    or text) and its own text, around its {{ }} and {% %}, is all in the rendered line."""
    pieces = re.split(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", written.strip())
    if "{{" not in written and not "".join(pieces).strip():
        return False
    at = 0
    for piece in filter(None, (p.strip() for p in pieces)):
        at = rendered.find(piece, at)
        if at < 0:
            return False
        at += len(piece)
    return True


def _around(text: str, chars: str, reach: int = 20) -> str:
    """Where the first of the characters is in the text: up to `reach` characters of its line
    either side, so the designer can find it in the template."""
    at = min(i for i in map(text.find, chars) if i >= 0)
    start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
    end = len(text) if end < 0 else end
    left, right = max(start, at - reach), min(end, at + reach + 1)
    return (("..." if left > start else "") + text[left:right].strip()
            + ("..." if right < end else ""))


def _margin(page_w: float) -> float:
    from .booklayout import booklet_margin

    return booklet_margin(page_w)
