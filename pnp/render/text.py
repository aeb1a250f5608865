"""Text on a canvas: mixed-font runs (fallback for CJK and symbols), word wrapping, and fitting a
text into a box by shrinking it within limits. What still does not fit is reported, never cut."""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import accumulate

from reportlab.pdfgen.canvas import Canvas

from ..units import MM
from .displaylist import NotingCanvas
from .fonts import Fonts
from .textblock import LEADING, draw_block
# Where a line may break (a regular-expression class): the white space str.split() splits at,
# less the no-break spaces (U+00A0, figure space U+2007, narrow U+202F), which join words
# (the word joiner U+2060 is no space, so nothing splits at it). A soft hyphen (U+00AD) is a
# break that prints a hyphen only when the line breaks there, and nothing otherwise.
BREAKING = ("\t\n\x0b\x0c\r\x1c-\x1f \x85\u1680\u2000-\u2006\u2008-\u200a\u2028\u2029"
            "\u205f\u3000")
NO_BREAK = "\xa0\u2007\u202f"
SHY = "\xad"
_WORD = re.compile(f"[^{BREAKING}]+")
# Chinese, Japanese and Korean are written without spaces: a line may break between any two of
# their characters (kana, ideographs, Hangul, CJK punctuation and full-width forms), but not
# before a closing mark (。、」) or small kana, nor after an opening one (「)
_CJK = re.compile("[\u2e80-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe30-\ufe4f"
                  "\uff00-\uffef]")
NO_LINE_START = ("、。，．：；？！）」』】〕〉》〙〗〟・ーゝゞ々"
                 "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ!),.:;?]}")
NO_LINE_END = "（「『【〔〈《〘〖〝([{"


def xml_escape(text: str) -> str:
    """Text made safe inside reportlab's paragraph markup (xml.sax.saxutils.escape does the
    same, but importing it pulls in urllib and http.client: 15 ms of every cold build)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def draw_line(c: Canvas, fonts: Fonts, text: str, x: float, y: float, size: float,
              role: str = "regular", align: str = "left") -> None:
    """Draw one line with its baseline at y (fonts.width() measures it: most callers do not
    need its width, and measuring is a tenth of drawing a line)."""
    text = unbroken(text)
    runs = fonts.runs(text, role)
    if len(runs) == 1:  # one font: drawn in one go
        font = runs[0][0]
        c.setFont(font, size)
        if align == "centre":
            c.drawCentredString(x, y, text)
        elif align == "right":
            c.drawRightString(x, y, text)
        else:
            c.drawString(x, y, text)
        return
    if align != "left":
        width = fonts.width(text, size, role)
        x -= width / 2 if align == "centre" else width
    for font, piece in runs:
        c.setFont(font, size)
        c.drawString(x, y, piece)
        x += c.stringWidth(piece, font, size)


def unbroken(line: str) -> str:
    """A line as it prints: its soft hyphens, where it did not break, print nothing."""
    return line if line.isascii() else line.replace(SHY, "")


def wrap(fonts: Fonts, text: str, size: float, width: float, role: str = "regular") -> list[str] | None:
    """Greedy word wrap; None if a single word is wider than the box. Explicit newlines break.
    Widths are additive (no kerning), so each word is measured once (at 1 pt, then scaled)."""
    wrapped = _wrap(fonts, text, size, width, role)
    return None if wrapped is None else wrapped[0]


def words_of(paragraph: str) -> list[str]:
    """A paragraph's words: split at spaces, never at a no-break space (str.split() does, so
    it serves only text without them: most text, split four times faster)."""
    if paragraph.isascii() or ("\xa0" not in paragraph and "\u202f" not in paragraph
                               and "\u2007" not in paragraph):
        return paragraph.split()
    return _WORD.findall(paragraph)


def has_cjk(text: str) -> bool:
    return not text.isascii() and _CJK.search(text) is not None


def cjk_cuts(word: str) -> list[int]:
    """Where a word may break between characters of a script written without spaces (CJK):
    the offsets a line may end at, no hyphen printed."""
    return [i for i in range(1, len(word))
            if (_CJK.match(word[i - 1]) or _CJK.match(word[i]))
            and word[i] not in NO_LINE_START and word[i - 1] not in NO_LINE_END]


def _wrap(fonts: Fonts, text: str, size: float, width: float,
          role: str) -> tuple[list[str], float] | None:
    """wrap(), and the width of its widest line (measured on the way)."""
    space = fonts.word_width(" ", role) * size
    known = fonts.word_widths(role).get  # (a word's width looked up here: most are known)
    lines: list[str] = []
    widest = 0.0
    shy = not text.isascii() and SHY in text
    cjk = has_cjk(text)
    for paragraph in text.split("\n"):
        words = words_of(paragraph)
        line: list[str] = []
        used = 0.0
        for word in words:
            if shy and SHY in word or cjk and has_cjk(word):
                placed = _soft(fonts, word, size, width, role, space, lines, line, used)
                if placed is None:
                    return None
                line, used, w = placed
                widest = max(widest, w)
                continue
            remembered = known(word)
            w = (fonts.word_width(word, role) if remembered is None else remembered) * size
            if w > width + 1e-9:
                return None
            trial = used + (space if line else 0.0) + w
            if line and trial > width + 1e-9:
                lines.append(" ".join(line))
                widest = max(widest, used)
                line, used = [word], w
            else:
                line.append(word)
                used = trial
        lines.append(" ".join(line))
        widest = max(widest, used)
    return lines, widest


def _soft(fonts: Fonts, word: str, size: float, width: float, role: str, space: float,
          lines: list[str], line: list[str], used: float) -> tuple[list[str], float, float] | None:
    """A word with soft hyphens (or CJK characters) set onto the line being filled: whole if
    it fits, else broken at the last soft hyphen whose part and a hyphen fit (between CJK
    characters: no hyphen), each break ending a line. (the line, its width, the widest line
    it ended); None if a part is wider than the box. Each part is measured once and the break
    found by halving (widths add up): linear in the word, so a word of thousands of parts
    costs no more than as many words."""
    parts, mark = _parts(word)
    if not parts:
        return line, used, 0.0
    ends = list(accumulate(fonts.word_width(p, role) * size for p in parts))  # parts[:k]: k-1
    hyphen = fonts.word_width(mark, role) * size if mark else 0.0
    start, before = 0, 0.0  # the parts placed so far, and their width
    widest = 0.0
    while True:
        gap = space if line else 0.0
        if used + gap + ends[-1] - before <= width + 1e-9:
            line.append("".join(parts[start:]))
            return line, used + gap + ends[-1] - before, widest
        # the most parts (not all) that fit with a hyphen
        k = bisect_right(ends, width + 1e-9 - used - gap - hyphen + before, start,
                         len(parts) - 1)
        if k > start:
            line.append("".join(parts[start:k]) + mark)
            used += gap + ends[k - 1] - before + hyphen
            start, before = k, ends[k - 1]
        elif not line:
            return None  # not even its first part fits a line of its own
        lines.append(" ".join(line))
        widest = max(widest, used)
        line, used = [], 0.0


def _parts(word: str) -> tuple[list[str], str]:
    """The pieces a word may break between, and what a break there prints: at its soft
    hyphens a hyphen, else between its CJK characters nothing."""
    if SHY in word:
        return [p for p in word.split(SHY) if p], "-"  # (one at either end breaks nothing)
    cuts = [0, *cjk_cuts(word), len(word)]
    return [word[a:b] for a, b in zip(cuts, cuts[1:])], ""


def room_for(words_width: float, width: float, height: float, size: float,
             leading: float = LEADING) -> bool:
    """Whether words as wide as `words_width` (at 1 pt, all together) could fill no more than
    the box's lines at `size`: a cheap bound that spares wrapping a text far too long for its
    box at every size (hyphens only add width)."""
    lines = int((height + 1e-6) / (size * leading))
    return words_width * size <= lines * (width + 1e-9)


@dataclass(frozen=True)
class Fitted:
    size: float
    lines: tuple[str, ...]
    span: float | None = field(default=None, compare=False)  # the widest line, if measured

    def height(self) -> float:
        return len(self.lines) * self.size * LEADING


def fit(fonts: Fonts, text: str, width: float, height: float, max_size: float,
        min_size: float, role: str = "regular") -> Fitted | None:
    """The largest size (steps of 0.25 pt) at which the text wraps into the box; None if even
    min_size does not fit. Text width scales with size, so wrapping at size s into width w is
    wrapping at size 1 into w / s."""
    ink = None  # the words' width, measured only once the first size tried fails (most fit)
    size = max_size
    while size >= min_size - 1e-9:
        if ink is None and size < max_size:
            ink = sum(fonts.word_width(w.replace(SHY, ""), role) for w in words_of(text))
        if _lines_fit(text, height, size) and (ink is None
                                               or room_for(ink, width, height, size)):
            wrapped = _wrap(fonts, text, 1.0, width / size, role)
            if wrapped is not None and len(wrapped[0]) * size * LEADING <= height + 1e-6:
                return Fitted(size, tuple(wrapped[0]), wrapped[1] * size)
        size -= 0.25
    return None


# lines whose letters reach into each other's by less than this print apart (an overlap is
# said in tenths of a mm: Ở's hook under a g at leading 1.2, 0.0002 em, is none)
OVERLAP_SLACK = 0.05 * MM


def first_overlap(bands: list[tuple[float, float]]) -> tuple[int, float] | None:
    """The first line (from 1) whose ink (bottom, top: a band of `bands`, from the top line
    down) reaches into the next line's by more than OVERLAP_SLACK, and by how much."""
    for i in range(1, len(bands)):
        by = bands[i][1] - bands[i - 1][0]
        if by > OVERLAP_SLACK:
            return i, by
    return None


def overlapping_lines(fonts: Fonts, fitted: Fitted, role: str) -> tuple[int, float] | None:
    """richtext.overlapping_lines of plain lines (one size, LEADING apart): stacked accents
    (Ẫ: 1.06 em) under a line of descenders overfill pnp's own leading too. Cheap: a text
    whose letters all together reach no further than the leading leaves (Fonts.text_ink of
    all its lines at once, most texts) is not measured line by line."""
    lines, size = fitted.lines, fitted.size
    if len(lines) < 2:
        return None
    up, down = fonts.text_ink("\n".join(lines), role)
    if (up + down - LEADING) * size <= OVERLAP_SLACK:
        return None
    bands = []
    for i, line in enumerate(lines):
        up, down = fonts.text_ink(line, role)
        baseline = -i * size * LEADING
        bands.append((baseline - down * size, baseline + up * size))
    return first_overlap(bands)


def _lines_fit(text: str, height: float, size: float) -> bool:
    """Cheap pre-check: at least the explicit lines must fit the height."""
    return (text.count("\n") + 1) * size * LEADING <= height + 1e-6


def draw_fitted(c: Canvas, fonts: Fonts, fitted: Fitted, x: float, top: float, width: float,
                role: str = "regular", align: str = "left") -> None:
    """Draw fitted lines from `top` downwards inside a box starting at x of the given width."""
    ax = {"left": x, "centre": x + width / 2, "right": x + width}[align]
    y = top - fitted.size * 0.95
    # (a tracking canvas, ink saver or preflight, watches each line; a noting one notes the
    # block as one call)
    if type(c) is Canvas:
        if draw_block(c, fonts, fonts[role], fitted.size, fitted.lines, ax, y, align):
            return
    elif isinstance(c, NotingCanvas):
        if c.textBlock(fonts, fonts[role], fitted.size, fitted.lines, ax, y, align):
            return
    for line in fitted.lines:
        draw_line(c, fonts, line, ax, y, fitted.size, role, align)
        y -= fitted.size * LEADING
