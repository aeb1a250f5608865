"""Rich text in a box: `**bold**`, `*italic*`, line breaks (a new line or `<br>`), inline
icons `:name:` and runs of another colour or size: `{red|Trash 1 Clay}`, `{#cc0000|...}`,
`{8pt|...}` or `{80%|...}` of the text's size, `{red 120%|...}` both (runs nest; a backslash
before a brace prints the brace). The text is wrapped and shrunk from its size to its minimum
size, its runs with it; a line is as tall as its largest run. Words too long for a line are
hyphenated (pyphen) where that lets them fit. What still does not fit is returned as None for
the caller to report, never cut."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterator, NamedTuple

from ..errors import opening
from ..render.emphasis import emphasis, unclosed_bold, unclosed_said
from ..render.fonts import Fonts
from ..render.text import (BREAKING, NO_BREAK, SHY, cjk_cuts, first_overlap, has_cjk, room_for,
                           words_of)

ICON = re.compile(r":([A-Za-z][A-Za-z0-9_-]*):")
# a word's characters run up to markup or a space a line may break at (a no-break space is
# part of the word)
_TOKENS = re.compile(r"\\[*:{}]|\*\*|\*|:[A-Za-z][A-Za-z0-9_-]*:|<br\s*/?>|\n|[ \t]+|"
                     r"\{[^{}|\n]*\||\}|"
                     f"[^*:\\\\<{{}}{BREAKING}]+|.", re.S)
# what a run's opening brace may say: sizes and colours, separated by spaces
_SIZE = re.compile(r"(\d+(?:\.\d+)?)(pt|%)")
# (checked against the palette when drawn; rgb() and hsl() as CSS writes them, without spaces)
_COLOUR = re.compile(r"#\w+|(?:rgb|hsl)a?\([\d.,%]*\)|[A-Za-z][A-Za-z0-9_-]*")
SCALES = (0.25, 4.0)  # a run from a quarter to four times the text's size
# what pyphen may hyphenate: a run of letters (an apostrophe inside: "couldn't"), never the
# digits, symbols or markup around it
_LETTERS = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)*")
_JOINED = re.compile(f"[{NO_BREAK}\u2060]")
_MARKUP = re.compile(r"[*:\\<{]")
_STAR = "\ue000"  # stands in for an escaped star while emphasis is worked out
ICON_SIZE = 1.2  # an inline icon's default side in ems: about a line tall, as Squib's
ICON_PAD = 0.1  # ems of room beside an icon
ICON_MIDDLE = 0.37  # ems above the baseline an inline icon's centre sits (a capital's middle)
LONGEST_WORD = 100  # letters pyphen hyphenates in one run: no language's word is longer
ASCENT = 0.95  # the first baseline sits this many sizes below the top (as render/text.py)


class Bit(NamedTuple):
    """A run of one style inside a word, or an icon (text is then the icon's name). A named
    tuple: made, hashed and compared in C, thousands of times a deck."""

    text: str
    role: str
    icon: bool = False
    colour: str | None = None  # a run's colour as written ("red", "#cc0000"); None: the text's
    scale: float = 1.0  # of the text's size


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


def run_style(spec: str, size: float) -> tuple[str | None, float, bool] | None:
    """A run's opening `{red 8pt|` as (colour as written or None, scale of `size`, whether
    the scale is of the run around it: a % or none), or None when it is no run (then its
    brace prints as it is). A size out of SCALES is kept within them here; run_problems()
    names it."""
    colour, scale, relative = None, 1.0, True
    parts = spec.split()
    if not parts:
        return None
    for part in parts:
        m = _SIZE.fullmatch(part)
        if m:
            n = float(m.group(1))
            scale = n / 100 if m.group(2) == "%" else n / size
            relative = m.group(2) == "%"
        elif _COLOUR.fullmatch(part) and colour is None:
            colour = part
        else:
            return None
    return colour, min(max(scale, SCALES[0]), SCALES[1]), relative


_BRACES = re.compile(r"\\[{}]|\{([^{}|\n]*)\||\}")


def _closed_runs(text: str, size: float) -> list[bool]:
    """For each run opened in the text, in order, whether it is closed: one never closed
    prints its brace as it is (as an unclosed star does)."""
    closed: list[bool] = []
    stack: list[int] = []
    for m in _BRACES.finditer(text):
        if m.group(0) == "}":
            if stack:
                closed[stack.pop()] = True
        elif m.group(1) is not None and run_style(m.group(1), size) is not None:
            stack.append(len(closed))
            closed.append(False)
    return closed


def run_problems(text: str, size: float) -> list[str]:
    """Runs whose size is out of SCALES (a typo: `{80pt|...}` in 8 pt text), and a brace
    before a bar that opens none (`{Dark Green|...}`: it would print as written)."""
    out = []
    for m in re.finditer(r"(?<!\\)\{([^{}|\n]*)\|", text):
        style = run_style(m.group(1), size)
        if style is None and m.group(1).strip():
            out.append(f"{m.group(0)!r} opens no run, so it prints as written (a run opens "
                       "with a colour written without spaces, such as darkgreen, #006400, "
                       "rgb(0,100,0) or a [palette] name, and/or a size, 8pt or 80%; \\{ prints "
                       "a brace)")
        for part in m.group(1).split() if style else ():
            sm = _SIZE.fullmatch(part)
            if sm:
                n = float(sm.group(1))
                scale = n / 100 if sm.group(2) == "%" else n / size
                if not SCALES[0] <= scale <= SCALES[1]:
                    out.append(f"run {m.group(0)!r} is {scale:.0%} of the text's {size:g} pt; a "
                               f"run is {SCALES[0]:.0%} to {SCALES[1]:.0%} of it")
    return out


# tags other tools read in a text (Squib's Pango markup, HTML): pnp prints them as written
_FOREIGN_TAG = re.compile(r"</?(?:b|i|u|s|em|strong|span|font|sup|sub|big|small|tt|p|"
                          r"color|colour)\b[^<>\n]{0,200}>", re.I)


def star_problems(text: str) -> list[str]:
    """A `**` that opens bold and never closes (it prints its stars): said once per text."""
    stars = unclosed_bold(text) if "**" in text else None
    return [] if stars is None else [f"{opening(text)}: {unclosed_said(stars)}"]


def tag_problems(text: str) -> list[str]:
    """A tag of Pango or HTML markup (`<b>`, `<span fgcolor="red">`), which would print as
    written: said once per text, with pnp's own markup for it."""
    m = _FOREIGN_TAG.search(text)
    if m is None:
        return []
    return [f"{m.group(0)!r} in {text[:40]!r} is markup of another tool and would print as "
            "written: write **bold**, *italic* and runs such as {#ff0000|red} or {8pt|small} "
            "instead (a new line or <br> breaks a line)"]


class _Words:
    """The paragraphs of words read so far: the bits of the word being read, the text of its
    last bit (joined when the bit ends: linear) and the runs open around it, innermost last."""

    def __init__(self, base: str):
        self.paragraphs: list[tuple[Word, ...]] = []
        self.words: list[Word] = []
        self.word: list[Bit] = []
        self.run: list[str] = []
        self.run_role = base
        self.run_style: tuple[str | None, float] = (None, 1.0)  # of the bit being joined
        self.styles: list[tuple[str | None, float]] = []

    def style(self) -> tuple[str | None, float]:
        return self.styles[-1] if self.styles else (None, 1.0)

    def add(self, text: str, role: str) -> None:
        if self.run and (self.run_role != role or self.run_style != self.style()):
            self.end_run()
        self.run_role = role
        self.run_style = self.style()
        self.run.append(text)

    def icon(self, name: str, role: str) -> None:
        self.end_run()
        self.word.append(Bit(name, role, True, *self.style()))

    def open_run(self, opened: tuple[str | None, float, bool]) -> None:
        outer = self.style()  # a run inside a run: its colour, else the outer's
        self.styles.append((opened[0] or outer[0],
                            opened[1] * outer[1] if opened[2] else opened[1]))

    def end_run(self) -> None:
        if self.run:
            self.word.append(Bit("".join(self.run), self.run_role, False, *self.run_style))
            self.run.clear()

    def end_word(self) -> None:
        self.end_run()
        if self.word:
            self.words.append(tuple(self.word))
            self.word.clear()

    def end_paragraph(self) -> None:
        self.end_word()
        self.paragraphs.append(tuple(self.words))
        self.words.clear()


@lru_cache(maxsize=4096)
def parse(text: str, base: str, size: float = 10.0) -> tuple[tuple[Word, ...], ...]:
    """Paragraphs of words; each word a tuple of styled bits (`size`: what a run's size in pt
    is a part of)."""
    if not _MARKUP.search(text):  # plain text: words split by spaces, lines by newlines
        return tuple(tuple((Bit(w, base),) for w in words_of(line)) for line in text.split("\n"))
    roles = styled_roles(base)
    read = _Words(base)
    closed = _closed_runs(text, size) if "{" in text else []
    opened_at = 0
    # bold and italic follow the booklet's rules (emphasis()): a star between letters (2*3),
    # an unclosed or crossing one prints as a star, so a card and its booklet agree
    for piece, bold, italic in emphasis(text.replace("\\*", _STAR)):
        role = roles[bold, italic]
        for token in _TOKENS.findall(piece):
            if token == "\n" or token.startswith("<br"):
                read.end_paragraph()
            elif token.isspace() and token[0] not in NO_BREAK:
                read.end_word()
            elif len(token) == 2 and token[0] == "\\":  # an escaped : or brace
                read.add(token[1], role)
            elif len(token) > 2 and token[0] == ":" and token[-1] == ":":
                read.icon(token[1:-1], role)
            elif token[0] == "{" and token[-1] == "|" and (
                    opened := run_style(token[1:-1], size)) is not None:
                opened_at += 1
                if closed[opened_at - 1]:
                    read.open_run(opened)
                else:  # never closed: its brace prints
                    read.add(token, role)
            elif token == "}" and read.styles:
                read.styles.pop()
            else:
                read.add(token.replace(_STAR, "*"), role)
    read.end_paragraph()
    return tuple(read.paragraphs)


def plain_text(paragraphs) -> str:
    return "\n".join(" ".join("".join(b.text for b in w if not b.icon) for w in p)
                     for p in paragraphs)


def icons_in(paragraphs) -> list[str]:
    return [b.text for p in paragraphs for w in p for b in w if b.icon]


def colours_in(paragraphs) -> list[str]:
    return list(dict.fromkeys(b.colour for p in paragraphs for w in p for b in w if b.colour))


@dataclass(frozen=True)
class Line:
    words: tuple[Word, ...]
    width: float  # at size 1
    scale: float = 1.0  # its largest run's: the line is that much taller
    last: bool = True  # it ends its paragraph (a justified text leaves it ragged)


@dataclass(frozen=True)
class Fitted:
    size: float
    lines: tuple[Line, ...]
    leading: float

    def height(self) -> float:
        return sum(self.size * self.leading * line.scale for line in self.lines)

    def baselines(self, top: float) -> list[float]:
        """Each line's baseline from the block's top: a line as tall as its largest run."""
        out = []
        for line in self.lines:
            out.append(top - self.size * ASCENT * line.scale)
            top -= self.size * self.leading * line.scale
        return out

    def smallest(self) -> float:
        """The size of its smallest printed run (a small run is small print too)."""
        return self.size * min((b.scale for line in self.lines for w in line.words for b in w
                                if not b.icon), default=1.0)


class Measure:
    """Widths at size 1 (text width scales with size, so one measure serves every size);
    `icon_size`: an inline icon's side in ems (it takes ICON_PAD more of the line)."""

    def __init__(self, fonts: Fonts, icon_size: float = ICON_SIZE):
        self.fonts = fonts
        self.icon = icon_size + ICON_PAD
        self._words: dict[Word, float] = {}

    def word(self, word: Word) -> float:
        w = self._words.get(word)
        if w is None:
            w = sum((self.icon if b.icon else self.fonts.word_width(b.text.replace(SHY, ""),
                                                                    b.role)) * b.scale
                    for b in word)
            self._words[word] = w
        return w

    def space(self, bit: Bit) -> float:
        return self.fonts.word_width(" ", bit.role) * bit.scale


@lru_cache(maxsize=8)
def _hyphenator(lang: str):
    import pyphen

    return pyphen.Pyphen(lang=lang)


def _split(word: Word, room: float, m: Measure, lang: str,
           hyphenate: bool = True) -> tuple[Word, Word] | None:
    """Break a one-style word at its last cut whose first part and a hyphen fit `room` (not
    `hyphenate`: only at soft hyphens and between CJK characters). A head
    widens with its cut, so the cuts are tried from the first until one is too wide: the heads
    measured are no longer than a line (from the last, a word of thousands of letters took half
    a minute)."""
    if len(word) != 1 or word[0].icon:
        return None
    bit = word[0]
    cjk = set(cjk_cuts(bit.text)) if SHY not in bit.text and has_cjk(bit.text) else set()
    if len(bit.text) < (2 if cjk else 5):
        return None
    best = None
    for cut in _cuts(bit.text, lang):
        if not hyphenate and cut not in cjk and SHY not in bit.text:
            continue
        mark = "" if cut in cjk else "-"  # (between CJK characters a line breaks unmarked)
        head = (bit._replace(text=bit.text[:cut].replace(SHY, "") + mark),)
        if m.word(head) > room + 1e-9:
            break
        best = head, (bit._replace(text=bit.text[cut:]),)
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
        cuts = set(cjk_cuts(text)) if has_cjk(text) else set()  # (between CJK characters)
        for run in _LETTERS.finditer(text):
            if len(run.group()) <= LONGEST_WORD:
                cuts.update(run.start() + len(left)
                            for left, _ in _hyphenator(lang).iterate(run.group()))
        yield from sorted(cuts)


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
            gap = m.space(word[0]) if line else 0.0
            if used + gap + w <= width + 1e-9:
                line.append(word)
                used += gap + w
                continue
            room = width - used - gap
            # hyphenate where it helps: a word wider than a line, a line left a third empty, or
            # at a soft hyphen (the designer's break)
            text = word[0].text
            if SHY in text or has_cjk(text) or hyphenate and (w > width + 1e-9
                                                               or room > width / 3):
                parts = _split(word, room, m, lang, hyphenate)
                if parts:
                    line.append(parts[0])
                    used += gap + m.word(parts[0])
                    queue.append(parts[1])
                    lines.append(_line(line, used, soft, last=False))
                    line, used = [], 0.0
                    continue
            if not line:
                return None  # a word wider than the box that no hyphen can break
            lines.append(_line(line, used, soft, last=False))
            line, used = [], 0.0
            queue.append(word)
        lines.append(_line(line, used, soft))
    return lines


def _line(words: list[Word], used: float, soft: bool, last: bool = True) -> Line:
    """A wrapped line; soft hyphens left inside its words print nothing (a break at one is
    already its word's hyphen)."""
    if soft:
        words = [tuple(b._replace(text=b.text.replace(SHY, "")) if not b.icon else b for b in w)
                 for w in words]
    scale = max((b.scale for w in words for b in w), default=1.0)
    return Line(tuple(words), used, scale, last)


def fit(fonts: Fonts, m: Measure, text: str, base: str, width: float, height: float,
        size: float, min_size: float, leading: float, lang: str) -> Fitted | None:
    """The largest size (steps of 0.25 pt, from size down to min_size) at which the text
    wraps into the box: whole words first (as plain text is set: "The Military / Strategy",
    not "Strate- / gy"), hyphenated only when no size lets the whole words fit."""
    paragraphs = parse(text, base, size)
    soft = SHY in text
    ink = sum(m.word(w) for words in paragraphs for w in words)
    # the quick bounds hold for lines of one size; runs of others are measured line by line
    even = all(b.scale == 1.0 for words in paragraphs for w in words for b in w)
    for hyphenate in (False, True):
        s = size
        while s >= min_size - 1e-9:
            if not even or (len(paragraphs) * s * leading <= height + 1e-6
                            and room_for(ink, width, height, s, leading)):
                lines = wrap(paragraphs, width / s, m, lang, soft, hyphenate)
                if lines is not None and Fitted(s, tuple(lines), leading).height() \
                        <= height + 1e-6:
                    return Fitted(s, tuple(lines), leading)
            s -= 0.25
    return None


def line_ink(line: Line, fonts: Fonts) -> tuple[float, float]:
    """How far the line's letters reach above and below its baseline, in ems of the text's
    size (Fonts.text_ink of each run, at its run's size); icons are not ink here."""
    up = down = 0.0
    for word in line.words:
        for bit in word:
            if not bit.icon:
                top, depth = fonts.text_ink(bit.text, bit.role)
                up, down = max(up, top * bit.scale), max(down, depth * bit.scale)
    return up, down


def inked(fitted: Fitted, top: float, fonts: Fonts) -> list[tuple[float, float]]:
    """Each line's ink (bottom, top) when the block's top is at `top` (line_ink)."""
    out = []
    for line, b in zip(fitted.lines, fitted.baselines(top)):
        up, down = line_ink(line, fonts)
        out.append((b - down * fitted.size, b + up * fitted.size))
    return out


def overlapping_lines(fitted: Fitted, top: float, fonts: Fonts) -> tuple[int, float] | None:
    """The first line (from 1) whose ink overlaps the next line's, and by how much (a line
    of a larger run, or of letters taller than the font's ascenders, under a tight leading),
    or None (render.text.first_overlap)."""
    return first_overlap(inked(fitted, top, fonts))


def icon_clash(fitted: Fitted, top: float, box: tuple[float, float], fonts: Fonts,
               icon_size: float, icon_dy: float) -> tuple[str, str, float] | None:
    """The worst overlap of an inline icon that reaches out of its line's room (a band as
    tall as the line's leading, centred where an icon sits: an icon larger than the leading,
    or moved by icon_dy) into the ink of the line above or below, or out of the element's box
    (`box`: its bottom and top): (the icon, where, by how much); else None. A default icon
    (1.2 em on lines 1.2 em apart) fills its room and is never one."""
    bands = inked(fitted, top, fonts)
    worst = None
    for i, (line, b) in enumerate(zip(fitted.lines, fitted.baselines(top))):
        room = fitted.size * fitted.leading * line.scale / 2
        up = ("into the line above", bands[i - 1][0]) if i else ("above the element's box", box[1])
        down = ("into the line below", bands[i + 1][1]) if i + 1 < len(bands) else (
            "below the element's box", box[0])
        for bit in (bit for word in line.words for bit in word if bit.icon):
            at = fitted.size * bit.scale
            middle = b + at * ICON_MIDDLE
            low = middle + at * (icon_dy - icon_size / 2)
            high = middle + at * (icon_dy + icon_size / 2)
            if middle - room - 1e-6 <= low and high <= middle + room + 1e-6:
                continue
            for where, by in ((up[0], high - up[1]), (down[0], down[1] - low)):
                if by > 1e-6 and (worst is None or by > worst[2]):
                    worst = bit.text, where, by
    return worst


IconDrawer = Callable[[str, float, float, float, "str | None", str], None]
# (name, x, baseline, size, the run's colour, the run's font: an SVG icon's text starts in
# it); Paint sets the fill for a run's colour (None: the text's own)
Paint = Callable[["str | None"], None]


def segments(line: Line) -> list[Bit]:
    """A line as runs to draw: neighbouring words of one style become one string (spaces
    included), so the PDF's text reads and copies as words, not letters."""
    words = line.words
    first = words[0][0] if words else None
    if first is not None and all(len(w) == 1 and not w[0].icon and w[0].role == first.role
                                 and w[0].colour == first.colour and w[0].scale == first.scale
                                 for w in words):
        return [first._replace(text=" ".join(w[0].text for w in words))]
    out: list[Bit] = []
    for i, word in enumerate(words):
        for j, bit in enumerate(word):
            text = (" " if i and j == 0 else "") + bit.text
            if bit.icon:
                if text.startswith(" "):
                    out.append(bit._replace(text=" ", icon=False))
                out.append(bit)
            elif out and not out[-1].icon and out[-1][1:] == bit[1:]:
                out[-1] = bit._replace(text=out[-1].text + text)
            else:
                out.append(bit._replace(text=text))
    return out


def draw(c, fonts: Fonts, m: Measure, fitted: Fitted, x: float, top: float, width: float,
         align: str, icon: IconDrawer, paint: Paint | None = None) -> None:
    """Draw fitted lines from `top` down inside a box starting at x of the given width."""
    size = fitted.size
    painted: list[str | None] = [None]  # the run colour set last

    def run(bits: list[Bit], cx: float, y: float) -> float:
        """Draw runs from cx on baseline y; where they end."""
        for bit in bits:
            at = size * bit.scale
            if bit.icon:
                icon(bit.text, cx, y, at, bit.colour, fonts[bit.role])  # (an SVG's text: its run's font)
                painted[0] = None  # (the icon drawer leaves the text's own colour set)
                cx += m.icon * at
                continue
            if paint is not None and bit.colour != painted[0]:
                paint(bit.colour)
                painted[0] = bit.colour
            for font, piece in fonts.runs(bit.text, bit.role):
                c.setFont(font, at)
                c.drawString(cx, y, piece)
                cx += c.stringWidth(piece, font, at)
        return cx

    for line, y in zip(fitted.lines, fitted.baselines(top)):
        lw = line.width * size
        if align == "justify" and not line.last and len(line.words) > 1:
            # the room left shared between the gaps: each word drawn where it falls
            extra = (width - lw) / (len(line.words) - 1)
            cx = x
            for i, word in enumerate(line.words):
                if i:
                    cx += m.space(word[0]) * size + extra
                cx = run(segments(Line((word,), m.word(word))), cx, y)
            continue
        cx = x + {"centre": (width - lw) / 2, "right": width - lw}.get(align, 0.0)
        run(segments(line), cx, y)
