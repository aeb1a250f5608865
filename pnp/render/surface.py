"""The drawing context a piece's front or back receives: a canvas translated so the trim box is
(0, 0, w, h), the fonts, the bleed to paint to, and a way to report text that does not fit."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from reportlab.lib.colors import black, white
from reportlab.pdfgen.canvas import Canvas

from ..errors import BadFile, Finding, Source, opening
from ..layout.grid import Rect
from .colours import luminance
from .fonts import Fonts
from .text import draw_line, unbroken

# what a character no font has becomes on paper (the font's .notdef glyph)
UNPRINTABLE = ("they would print as empty boxes (add a font that has them to game.toml's "
               "[fonts]: symbols = \"FILE.ttf\" for symbols and emoji, cjk = \"FILE.ttf\" for "
               "Chinese, Japanese or Korean)")
MIN_TEXT = 7.0  # pt: below this a rule text is unreadable at arm's length
CUT_CLEARANCE = 1 * 72 / 25.4  # text keeps 1 mm from every cut line (a cut wanders that much)
ASCENT, DESCENT = 0.80, 0.22  # of the size: the box a line of text covers around its baseline


def backwards(shown: str) -> str:
    """The problem of a text in a right-to-left script (`shown`: the text, or its part
    shown)."""
    return (f"the text {shown!r} is in a right-to-left script; pnp sets text left to right, "
            "letter by letter, so it would print backwards (and Arabic unjoined): put such "
            "text in an image")


def right_to_left(text: str) -> str:
    """The letters of a right-to-left script (Hebrew, Arabic) in the text, each once."""
    if text.isascii():
        return ""
    from unicodedata import bidirectional

    return "".join(dict.fromkeys(ch for ch in text if bidirectional(ch) in ("R", "AL")))


@dataclass(frozen=True, slots=True)
class Element:
    """A named box a face drew into (a text field, a layout element), in the face's own frame:
    points, origin at the trim box's lower left. Proofs outline these with their names.
    (Slots: a build keeps every face's boxes for the printed = played check.)"""

    name: str
    rect: Rect
    shows: str = ""  # what it drew that a player reads: its text, icon name or figure's values
    reads: tuple[str, ...] = ()  # the row's fields that content was drawn from
    when: tuple[str, ...] = ()  # the row's fields that decided it is drawn at all
    paints: tuple[str, ...] = ()  # the row's fields its colours come from (a suit's frame)
    colours: tuple = ()  # the colours it was drawn in (fill, stroke, text), as (r, g, b)


class Shown(NamedTuple):
    """What the meaning checks (pnp/shown.py, pnp/distinct.py) read of an element a face drew:
    an Element without its box, kept for every face of a whole build."""

    name: str
    shows: str = ""
    reads: tuple[str, ...] = ()
    when: tuple[str, ...] = ()
    paints: tuple[str, ...] = ()
    colours: tuple = ()


def current_matrix(c) -> tuple:
    """The canvas's current transform (a, b, c, d, e, f), read through reportlab's public
    absolutePosition(): where the origin and the two unit points land in default space."""
    e, f = c.absolutePosition(0, 0)
    a, b = c.absolutePosition(1, 0)
    x, y = c.absolutePosition(0, 1)
    return a - e, b - f, x - e, y - f, e, f


def _apply(m: tuple, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _relative(origin: tuple, now: tuple) -> tuple:
    """The matrix from the canvas's current frame to the face's frame (origin^-1 * now)."""
    a, b, c, d, e, f = origin
    det = a * d - b * c
    inv = (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)
    p, q, r, s, t, u = now
    return (p * inv[0] + q * inv[2], p * inv[1] + q * inv[3], r * inv[0] + s * inv[2],
            r * inv[1] + s * inv[3], t * inv[0] + u * inv[2] + inv[4],
            t * inv[1] + u * inv[3] + inv[5])


@dataclass
class Surface:
    """A face being drawn: the canvas, fonts and size of the piece, and what the drawing found."""

    c: Canvas
    fonts: Fonts
    w: float
    h: float
    bleed: float
    name: str = ""
    source: Source | None = None
    untitled: bool = False  # `name` is made from its kind and place (kit.Piece.untitled)
    findings: list[Finding] = field(default_factory=list)
    ink_saver: bool = False
    shape: str = "rect"
    elements: list[Element] = field(default_factory=list)
    cut: bool = True  # the trim is a cut line (False for a booklet figure's frame)
    record: bool = True  # keep element boxes (proofs, previews); a plain build does not
    # with `record`: work out where each element lands (proofs outline it); without, keep in
    # `shown` only what each showed, all the meaning checks read
    boxes: bool = True
    shown: list[Shown] = field(default_factory=list)
    # with `record`: (element, size asked, size fitted, its `family`) of each layout text, for
    # pnp/siblings.py
    text_sizes: list[tuple[str, float, float, str]] = field(default_factory=list)
    # with `record`: the context a layout face was drawn from (the checks read its row)
    context: dict | None = None
    # an error of its layout file met here, said once on the first face it was on: this face
    # failed too (its checks would only repeat the error's effect, "no element shows ...")
    faulted: bool = False
    # drawn only for the meaning checks, its findings dropped: a problem said once a kit is
    # not used up here (else the render that follows, an export's, would not say it)
    scratch: bool = False
    # the text elements drawn so far in the face's own frame, unturned (faces/covered.py: a
    # later shape hiding one)
    texts: list = field(default_factory=list)

    def __post_init__(self) -> None:
        # element boxes and text measured against the cut line are kept relative to this frame
        self._origin = current_matrix(self.c)

    def failed(self) -> bool:
        """Whether drawing it met an error (its own, or its layout file's)."""
        return self.faulted or any(f.level == "error" for f in self.findings)

    def element(self, name: str, x: float, y: float, w: float, h: float, shows: str = "",
                reads: tuple[str, ...] = (), when: tuple[str, ...] = (),
                paints: tuple[str, ...] = (), colours: tuple = ()) -> None:
        """Record a named box drawn in the canvas's current frame (a drawer that translates or
        rotates still reports it where it lands on the face), with what it shows and the
        fields it shows (pnp/shown.py checks faces against their rows with these)."""
        if not self.record:
            return
        if not self.boxes:
            self.shown.append(Shown(name, shows, reads, when, paints, colours))
            return
        m = _relative(self._origin, current_matrix(self.c))
        corners = [_apply(m, px, py) for px in (x, x + w) for py in (y, y + h)]
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        self.elements.append(Element(name, Rect(min(xs), min(ys), max(xs) - min(xs),
                                                max(ys) - min(ys)), shows, reads, when,
                                     paints, colours))

    def report(self, message: str, field: str | None = None, level: str = "error",
               source: Source | None = None, own: bool = False) -> None:
        """A finding about this piece; `source` names the data row the text came from when it
        is not the piece's own row (an element's name printed on many cards); `own`: a mistake
        of that file's own (a layout's size that no row sets), bad data where it stops a
        command, as the layout's mistakes found when it is read are."""
        subject = None if source else self.name  # a shared row: said once, not per piece
        untitled = self.untitled and subject is not None
        level = level if level in ("note", "error") else "warning"
        # a note is said in validate and stops nothing (a small print a layout chose)
        kind = BadFile if own and level == "error" else Finding
        self.findings.append(kind(level, message, source or self.source, field, subject,
                                  untitled))

    def fill_bleed(self, fill) -> None:
        """Paint the whole piece including its bleed; in ink-saver mode only outline the trim
        (in the colour, so pieces stay told apart) and leave the paper white."""
        b = self.bleed
        if self.ink_saver:
            self.c.setFillColor(white)
            self.c.rect(-b, -b, self.w + 2 * b, self.h + 2 * b, stroke=0, fill=1)
            self.c.setStrokeColor(fill if luminance(fill) < 0.9 else black)
            self.c.setLineWidth(1.2)
            if self.shape == "circle":
                r = min(self.w, self.h) / 2
                self.c.circle(self.w / 2, self.h / 2, r - 0.6, stroke=1, fill=0)
            else:
                self.c.rect(0.6, 0.6, self.w - 1.2, self.h - 1.2, stroke=1, fill=0)
            self.c.setFillColor(black)
            return
        self.c.setFillColor(fill)
        self.c.rect(-b, -b, self.w + 2 * b, self.h + 2 * b, stroke=0, fill=1)

    def line(self, text: str, x: float, y: float, size: float, role: str = "regular",
             align: str = "left", max_width: float | None = None, field: str | None = None,
             source: Source | None = None, own_box: bool = True) -> None:
        """One line of text, shrunk to max_width if given (not below 70 %), else reported;
        recorded as the element `field` unless not `own_box` (a track's cell label: its track
        records what it shows)."""
        text = unbroken(text)
        self._check_glyphs(text, role, field, source)
        if max_width is not None:
            width = self.fonts.width(text, size, role)
            if width > max_width:
                smaller = size * max_width / width
                if smaller < max(size * 0.7, MIN_TEXT):
                    self.report(f"text {text!r} is too wide for its space", field, source=source)
                size = max(smaller, MIN_TEXT)
        if field and own_box:
            width = max_width or self.fonts.width(text, size, role)
            left = {"centre": x - width / 2, "right": x - width}.get(align, x)
            self.element(field, left, y - 0.25 * size, width, 1.1 * size, text)
        self._check_size(size, text, field, source)
        draw_line(self.c, self.fonts, text, x, y, size, role, align)
        width = self.fonts.width(text, size, role)
        left = x - {"centre": width / 2, "right": width}.get(align, 0.0)
        self._check_cut(text, left, y - DESCENT * size, left + width, y + ASCENT * size, field,
                        source)

    def check_placed(self, text: str, size: float, x0: float, y0: float, x1: float, y1: float,
                     field: str | None = None, smallest: float = MIN_TEXT) -> None:
        """Text drawn elsewhere (a layout's text element): at least MIN_TEXT (or the
        `smallest` its layout chose, which it reports itself) and inside the cut by
        CUT_CLEARANCE, like every line this surface draws itself."""
        if size < smallest - 1e-6 or smallest >= MIN_TEXT:  # (a run under the chosen one)
            self._check_size(size, text, field, None)
        self._check_cut(text, x0, y0, x1, y1, field, None)

    def _check_size(self, size: float, text: str, field: str | None,
                    source: Source | None) -> None:
        if self.cut and size < MIN_TEXT - 1e-6:
            self.report(f"text {opening(text)} is {size:.1f} pt; printed text needs at least "
                        f"{MIN_TEXT:g} pt to be read across a table", field, source=source)

    def _check_cut(self, text: str, x0: float, y0: float, x1: float, y1: float,
                   field: str | None, source: Source | None) -> None:
        """Text must keep CUT_CLEARANCE from the piece's cut line (its trim rectangle, or the
        circle of a round token): a cut a little off must not slice a letter."""
        if not self.cut:
            return
        now = current_matrix(self.c)
        if now == self._origin and self.shape != "circle":
            # nothing turned or moved since the face began: the box's nearest side to the trim
            room = min(x0, x1, self.w - x0, self.w - x1, y0, y1, self.h - y0, self.h - y1)
        else:
            room = self._room([(px, py) for px in (x0, x1) for py in (y0, y1)], now)
        if room < CUT_CLEARANCE - 0.01:
            where = "crosses" if room < 0 else f"is {room / CUT_CLEARANCE:.2f} mm from"
            self.report(f"text {opening(text)} {where} the cut line; keep it at least 1 mm inside",
                        field, source=source)

    def _room(self, corners: list[tuple[float, float]], now: tuple) -> float:
        """How far inside the cut line the corners (drawn in the canvas frame `now`) all lie."""
        if now != self._origin:
            m = _relative(self._origin, now)
            corners = [_apply(m, px, py) for px, py in corners]
        if self.shape == "circle":
            r = min(self.w, self.h) / 2
            cx, cy = self.w / 2, self.h / 2
            return r - max(((px - cx) ** 2 + (py - cy) ** 2) ** 0.5 for px, py in corners)
        return min(min(px, self.w - px, py, self.h - py) for px, py in corners)

    def _check_glyphs(self, text: str, role: str, field: str | None,
                      source: Source | None) -> None:
        missing = self.fonts.missing(text, role)
        if missing:
            self.report(f"no font has the character(s) {missing!r}; {UNPRINTABLE}", field,
                        source=source)
        if right_to_left(text):
            self.report(backwards(text[:40]), field, source=source)
