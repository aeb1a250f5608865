"""Rich text in a box: `**bold**`, `*italic*`, line breaks (a new line or `<br>`) and inline
icons `:name:` drawn at the text size on the baseline. The text is wrapped and shrunk from its
size to its minimum size; words too long for a line are hyphenated (pyphen) where that lets
them fit. What still does not fit is returned as None for the caller to report, never cut."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterator, NamedTuple

from ..render.emphasis import emphasis
from ..render.fonts import Fonts
from ..render.text import BREAKING, NO_BREAK, SHY, room_for, words_of

ICON = re.compile(r":([A-Za-z][A-Za-z0-9_-]*):")
# a word's characters run up to markup or a space a line may break at (a no-break space is
# part of the word)
_TOKENS = re.compile(r"\\[*:]|\*\*|\*|:[A-Za-z][A-Za-z0-9_-]*:|<br\s*/?>|\n|[ \t]+|"
                     f"[^*:\\\\<{BREAKING}]+|.", re.S)
# what pyphen may hyphenate: a run of letters (an apostrophe inside: "couldn't"), never the
# digits, symbols or markup around it
_LETTERS = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)*")
_JOINED = re.compile(f"[{NO_BREAK}\u2060]")
_MARKUP = re.compile(r"[*:\\<]")
_STAR = "\ue000"  # stands in for an escaped star while emphasis is worked out
ICON_EM = 1.0  # an inline icon takes one em of the line, drawn at 0.9 em
LONGEST_WORD = 100  # letters pyphen hyphenates in one run: no language's word is longer
ASCENT = 0.95  # the first baseline sits this many sizes below the top (as render/text.py)


class Bit(NamedTuple):
    """A run of one style inside a word, or an icon (text is then the icon's name). A named
    tuple: made, hashed and compared in C, thousands of times a deck."""

    text: str
    role: str
    icon: bool = False


Word = tuple[Bit, ...]


def styled_roles(base: str) -> dict[tuple[bool, bool], str]:
    """The role of each (bold, italic) run in text whose own role is `base`: the bold of a
    bold text stays bold, and bold italic is the font set's bold italic (the condensed set has
    none: its bold)."""
    if base.startswith("condensed"):
        return {(False, False): base, (True, False): "condensed-bold", (False, True): "italic",
                (True, True): "condensed-bold"}
    had = (base in ("bold", "bold-italic"), base in ("italic", "bold-italic"))
    names = {(False, False): base, (True, False): "bold", (False, True): "italic",
             (True, True): "bold-italic"}
    return {(b, i): names[b or had[0], i or had[1]] for b in (False, True) for i in (False, True)}


def has_markup(text: str) -> bool:
    return _MARKUP.search(text) is not None


@lru_cache(maxsize=4096)
def parse(text: str, base: str) -> tuple[tuple[Word, ...], ...]:
    """Paragraphs of words; each word a tuple of styled bits."""
    if not _MARKUP.search(text):  # plain text: words split by spaces, lines by newlines
        return tuple(tuple((Bit(w, base),) for w in words_of(line)) for line in text.split("\n"))
    roles = styled_roles(base)
    paragraphs: list[tuple[Word, ...]] = []
    words: list[Word] = []
    word: list[Bit] = []
    run: list[str] = []  # the text of the word's last bit, joined when it ends: linear
    run_role = [base]

    def add(text: str, role: str) -> None:
        if run and run_role[0] != role:
            end_run()
        run_role[0] = role
        run.append(text)

    def end_run() -> None:
        if run:
            word.append(Bit("".join(run), run_role[0]))
            run.clear()

    def end_word() -> None:
        end_run()
        if word:
            words.append(tuple(word))
            word.clear()

    # bold and italic follow the booklet's rules (emphasis()): a star between letters (2*3),
    # an unclosed or crossing one prints as a star, so a card and its booklet agree
    for piece, bold, italic in emphasis(text.replace("\\*", _STAR)):
        for token in _TOKENS.findall(piece):
            if token == "\n" or token.startswith("<br"):
                end_word()
                paragraphs.append(tuple(words))
                words.clear()
            elif token.isspace() and token[0] not in NO_BREAK:
                end_word()
            elif len(token) == 2 and token[0] == "\\":  # an escaped :
                add(token[1], roles[bold, italic])
            elif len(token) > 2 and token[0] == ":" and token[-1] == ":":
                end_run()
                word.append(Bit(token[1:-1], roles[bold, italic], icon=True))
            else:
                add(token.replace(_STAR, "*"), roles[bold, italic])
    end_word()
    paragraphs.append(tuple(words))
    return tuple(paragraphs)


def plain_text(paragraphs) -> str:
    return "\n".join(" ".join("".join(b.text for b in w if not b.icon) for w in p)
                     for p in paragraphs)


def icons_in(paragraphs) -> list[str]:
    return [b.text for p in paragraphs for w in p for b in w if b.icon]


@dataclass(frozen=True)
class Line:
    words: tuple[Word, ...]
    width: float  # at size 1


@dataclass(frozen=True)
class Fitted:
    size: float
    lines: tuple[Line, ...]
    leading: float

    def height(self) -> float:
        return len(self.lines) * self.size * self.leading


class Measure:
    """Widths at size 1 (text width scales with size, so one measure serves every size)."""

    def __init__(self, fonts: Fonts):
        self.fonts = fonts
        self._words: dict[Word, float] = {}

    def word(self, word: Word) -> float:
        w = self._words.get(word)
        if w is None:
            w = sum(ICON_EM if b.icon else self.fonts.word_width(b.text.replace(SHY, ""), b.role)
                    for b in word)
            self._words[word] = w
        return w

    def space(self, role: str) -> float:
        return self.fonts.word_width(" ", role)


@lru_cache(maxsize=8)
def _hyphenator(lang: str):
    import pyphen

    return pyphen.Pyphen(lang=lang)


def _split(word: Word, room: float, m: Measure, lang: str) -> tuple[Word, Word] | None:
    """Break a one-style word at its last cut whose first part and a hyphen fit `room`. A head
    widens with its cut, so the cuts are tried from the first until one is too wide: the heads
    measured are no longer than a line (from the last, a word of thousands of letters took half
    a minute)."""
    if len(word) != 1 or word[0].icon or len(word[0].text) < 5:
        return None
    bit = word[0]
    best = None
    for cut in _cuts(bit.text, lang):
        head = (Bit(bit.text[:cut].replace(SHY, "") + "-", bit.role),)
        if m.word(head) > room + 1e-9:
            break
        best = head, (Bit(bit.text[cut:], bit.role),)
    return best


def _cuts(text: str, lang: str) -> Iterator[int]:
    """Where a word may be hyphenated, the first first: at its soft hyphens if it has any (the
    designer's choice), else where pyphen hyphenates its runs of letters (of up to
    LONGEST_WORD: it costs a pass over the run each time the run is broken); words joined by
    no-break spaces or word joiners stay whole."""
    if SHY in text:
        first = len(text) - len(text.lstrip(SHY))  # a soft hyphen at either end breaks nothing
        last = len(text.rstrip(SHY))
        at = text.find(SHY, first)
        while 0 <= at < last:
            yield at
            at = text.find(SHY, at + 1)
    elif not _JOINED.search(text):
        for run in _LETTERS.finditer(text):
            if len(run.group()) <= LONGEST_WORD:
                yield from sorted(run.start() + len(left)
                                  for left, _ in _hyphenator(lang).iterate(run.group()))


def wrap(paragraphs, width: float, m: Measure, lang: str, soft: bool = False,
         hyphenate: bool = True) -> list[Line] | None:
    """Greedy wrap at size 1 into `width` (the box width divided by the size); `soft`: the
    text has soft hyphens, which are taken out of the lines (they print nothing);
    `hyphenate`: pyphen may break words (else only at the designer's soft hyphens)."""
    lines: list[Line] = []
    for words in paragraphs:
        line: list[Word] = []
        used = 0.0
        queue = list(reversed(words))  # popped from the end: the next word is queue[-1]
        while queue:
            word = queue.pop()
            w = m.word(word)
            gap = m.space(word[0].role) if line else 0.0
            if used + gap + w <= width + 1e-9:
                line.append(word)
                used += gap + w
                continue
            room = width - used - gap
            # hyphenate where it helps: a word wider than a line, a line left a third empty, or
            # at a soft hyphen (the designer's break)
            if SHY in word[0].text or hyphenate and (w > width + 1e-9 or room > width / 3):
                parts = _split(word, room, m, lang)
                if parts:
                    line.append(parts[0])
                    used += gap + m.word(parts[0])
                    queue.append(parts[1])
                    lines.append(_line(line, used, soft))
                    line, used = [], 0.0
                    continue
            if not line:
                return None  # a word wider than the box that no hyphen can break
            lines.append(_line(line, used, soft))
            line, used = [], 0.0
            queue.append(word)
        lines.append(_line(line, used, soft))
    return lines


def _line(words: list[Word], used: float, soft: bool) -> Line:
    """A wrapped line; soft hyphens left inside its words print nothing (a break at one is
    already its word's hyphen)."""
    if soft:
        words = [tuple(b._replace(text=b.text.replace(SHY, "")) if not b.icon else b for b in w)
                 for w in words]
    return Line(tuple(words), used)


def fit(fonts: Fonts, m: Measure, text: str, base: str, width: float, height: float,
        size: float, min_size: float, leading: float, lang: str) -> Fitted | None:
    """The largest size (steps of 0.25 pt, from size down to min_size) at which the text
    wraps into the box: whole words first (as plain text is set: "The Military / Strategy",
    not "Strate- / gy"), hyphenated only when no size lets the whole words fit."""
    paragraphs = parse(text, base)
    soft = SHY in text
    ink = sum(m.word(w) for words in paragraphs for w in words)
    for hyphenate in (False, True):
        s = size
        while s >= min_size - 1e-9:
            if len(paragraphs) * s * leading <= height + 1e-6 and room_for(ink, width, height,
                                                                            s, leading):
                lines = wrap(paragraphs, width / s, m, lang, soft, hyphenate)
                if lines is not None and len(lines) * s * leading <= height + 1e-6:
                    return Fitted(s, tuple(lines), leading)
            s -= 0.25
    return None


IconDrawer = Callable[[str, float, float, float], None]  # name, x, baseline, size


def segments(line: Line) -> list[Bit]:
    """A line as runs to draw: neighbouring words of one style become one string (spaces
    included), so the PDF's text reads and copies as words, not letters."""
    words = line.words
    if all(len(w) == 1 and not w[0].icon and w[0].role == words[0][0].role for w in words):
        return [Bit(" ".join(w[0].text for w in words), words[0][0].role)] if words else []
    out: list[Bit] = []
    for i, word in enumerate(words):
        for j, bit in enumerate(word):
            text = (" " if i and j == 0 else "") + bit.text
            if bit.icon:
                if text.startswith(" "):
                    out.append(Bit(" ", bit.role))
                out.append(bit)
            elif out and not out[-1].icon and out[-1].role == bit.role:
                out[-1] = Bit(out[-1].text + text, bit.role)
            else:
                out.append(Bit(text, bit.role))
    return out


def draw(c, fonts: Fonts, m: Measure, fitted: Fitted, x: float, top: float, width: float,
         align: str, icon: IconDrawer) -> None:
    """Draw fitted lines from `top` down inside a box starting at x of the given width."""
    size = fitted.size
    y = top - size * ASCENT
    for line in fitted.lines:
        lw = line.width * size
        cx = x + {"left": 0.0, "centre": (width - lw) / 2, "right": width - lw}[align]
        for bit in segments(line):
            if bit.icon:
                icon(bit.text, cx, y, size)
                cx += ICON_EM * size
                continue
            for font, piece in fonts.runs(bit.text, bit.role):
                c.setFont(font, size)
                c.drawString(cx, y, piece)
                cx += c.stringWidth(piece, font, size)
        y -= size * fitted.leading
