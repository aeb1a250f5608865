"""Drawing a compiled layout (pnp/data/layouts) onto a piece's Surface, element by element:
shapes, pictures, icons, figures, tracks and rich text fitted to its box. What cannot be drawn
(text that does not fit, lines or inline icons that would print over each other, an unknown
icon, a low-resolution image) is a finding naming the row and the element."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from pathlib import Path
from math import ceil, cos, pi, sin
from typing import Any, NamedTuple

from ..data.colours import Colour
from ..data.game import GAME_FILE
from ..data.layouts.compiled import IMAGE_SUFFIXES, Layout, font_role
from ..data.layouts.elements import TYPES
from ..data.layouts.track import cells as track_cells
from ..data.layouts.values import (Value, ValueProblem, colour_in, literal, to_length,
                                   to_number, to_text)
from ..errors import DataError, Finding, Source, error, in_game, opening
from ..render.surface import (ASCENT, DESCENT, MIN_TEXT, UNPRINTABLE, Surface, backwards,
                              right_to_left)
from ..units import MM
from ..render.text import LEADING, Fitted as PlainFitted, draw_fitted, fit as plain_fit
from ..render.text import overlapping_lines as plain_overlapping
from . import covered, richtext
from .art import (MIN_DPI, ArtError, IconFinder, Picture, draw_picture, effective_dpi, picture,
                  placement, unknown_icon)
from .figures import FIGURES, Figure

_GAME_KEY = re.compile(r"\bgame\s*(?:\.|\[\s*['\"])\s*(\w+)")  # game.title, game['title']
# fitted texts remembered: copies of a card are drawn one after another, so a short memory
# serves them, and a long one only holds every card of a big deck (memory, and slower GC)
FIT_CACHE = 512


class Frame(NamedTuple):
    """What a layout's elements are placed in: the piece's trim box (and bleed), or the box of
    a `layout` element that places it (`nested`: no bleed, no piece background of its own)."""

    w: float
    h: float
    bleed: float
    nested: bool = False


class Caches:
    """The drawing side's memory for one game: icons found, text measures, fitted texts, and
    the problems already reported (one finding per problem, not one per copy)."""

    def __init__(self, root):
        self.icons = IconFinder(root)
        self.fits: dict[tuple, Any] = {}
        self.measures: dict[tuple, richtext.Measure] = {}
        self.said: set = set()

    def measure(self, fonts, icon_size: float = richtext.ICON_SIZE) -> richtext.Measure:
        m = self.measures.get((id(fonts), icon_size))
        if m is None:
            m = self.measures[id(fonts), icon_size] = richtext.Measure(fonts, icon_size)
        return m

    def once(self, key) -> bool:
        if key in self.said:
            return False
        self.said.add(key)
        return True


def caches(layout: Layout) -> Caches:
    hit = layout.env.caches.get("draw")
    if hit is None:
        hit = layout.env.caches["draw"] = Caches(layout.env.root)
    return hit


class LayoutFace:
    """The drawer of one face: a compiled layout and the row it shows. A layout with no
    expressions looks the same on every piece, so one shared instance serves them all and the
    renderer draws it once as a form."""

    __slots__ = ("layout", "_context", "shared", "borrowed")

    def __init__(self, layout: Layout, context: dict[str, Any],
                 borrowed: dict[str, tuple[Source, str]] | None = None):
        """`borrowed`: the columns the row takes from another file's row, with that row and
        field (a mission card shows its player's name from players.csv): a problem with an
        element that reads only those is named there."""
        self.layout, self._context, self.borrowed = layout, context, borrowed
        self.shared = layout.static

    @property
    def context(self) -> dict[str, Any]:
        return self._context

    def __call__(self, surface) -> None:
        draw(self.layout, surface, self.context, self.borrowed)

    def boxes(self, w: float, h: float, bleed: float = 0.0) -> list[dict]:
        """Element boxes (name, type, x, y, width, height in points; trim at 0, 0; y up)."""
        return self.layout.boxes(self.context, w, h, bleed)


def draw(L: Layout, s: Surface, ctx: dict[str, Any],
         borrowed: dict[str, tuple[Source, str]] | None = None,
         frame: Frame | None = None) -> None:
    """Every shown element of the layout, in order, for the row `ctx` (`borrowed`: see
    LayoutFace), placed in `frame` (default: the piece's); a layout that asks whether this is
    an ink-saver print is told."""
    if s.record and frame is None:  # the face's own row, not a placed layout's (the checks)
        s.context = ctx
    if L.reads_ink_saver:
        ctx = {**ctx, "ink_saver": s.ink_saver}
    frame = frame or Frame(s.w, s.h, s.bleed)
    ends = placed_ends(L, s, ctx, frame) if L.placing else None
    for e in L.elements:
        found = len(s.findings)
        _element(L, s, e, ctx, ends, frame, borrowed)
        if borrowed and len(s.findings) > found:
            _lend(s, found, e, borrowed)
        if frame.nested and len(s.findings) > found:
            _in_placed_file(s, found, e)


def _in_placed_file(s: Surface, found: int, e) -> None:
    """A finding from an element of a placed layout named by the file and element it comes
    from: on a piece with no data row of its own (a board's half) the piece's name alone, and on
    a card drawn with its own row that row (`cards.csv, row 2, field "label"`, no column of
    it), did not say which file's element to fix. The piece stays named (its subject); a
    finding lent to another file's row (_lend) keeps that row. A text's column is no field of
    the layout file: there the element is."""
    named = f'element "{e.name}" ({in_game(e.origin)}): '  # (the place says the file now)
    s.findings[found:] = [replace(f, source=Source(e.origin), field=(
                              e.name if f.field in (None, e.text_column) else f.field),
                              message=f.message.replace(named, f'element "{e.name}": ', 1))
                          if f.source is None or f.source == s.source else f
                          for f in s.findings[found:]]


def _lend(s: Surface, found: int, e, borrowed: dict[str, tuple[Source, str]]) -> None:
    """Name the findings from `found` on at the other file's row when what the element prints
    (its text, icon or picture; else all it reads) comes from columns borrowed from that one
    row; the field is what it reads there."""
    shows = [e.values[p] for p in ("text", "icon", "src") if e.values.get(p) is not None]
    if shows and all(isinstance(v, Value) and v.static for v in shows):
        return  # it prints the same on every piece: nothing of the row's
    read: dict[str, set[str]] = {}
    for prop, v in e.values.items():
        if not isinstance(v, Value):
            if v is None:
                continue
            return  # a nested value (a track's cells): what it reads is not said here
        if not v.static:
            read[prop] = {v.column} if v.column else set(v.names)
    content = next((read[p] for p in ("text", "icon", "src") if read.get(p)), None)
    # what it prints decides (a text from elements.csv in its player's ink is elements.csv's to
    # fix); an element that prints nothing read, by everything it reads
    names = content or set().union(*read.values())
    if not names or not names <= borrowed.keys() or len({borrowed[n][0] for n in names}) != 1:
        return
    row = borrowed[next(iter(names))][0]
    field = ", ".join(sorted(borrowed[n][1] for n in names))
    s.findings[found:] = [replace(f, source=row, field=field, subject=None)
                          if f.source is None or f.source == s.source else f
                          for f in s.findings[found:]]


def placed_ends(L: Layout, s: Surface, ctx: dict[str, Any],
                frame: Frame) -> dict[str, tuple[float, bool]]:
    """Where each element that others sit `below` ends on this face (in the order they depend
    on each other): a text under its last line, anything else at its box's bottom; one that
    prints nothing (hidden, an empty text) at its top, taking no room."""
    ends: dict[str, tuple[float, bool]] = {}
    for e in L.placing:
        try:
            shown, v = e.shown(ctx), e.get(ctx)
        except (ValueProblem, KeyError):
            continue  # reported when it is drawn; what sits below it keeps its own place
        x, y, bw, bh = L.element_box(e, v, frame.w, frame.h, frame.bleed, ends)
        if not shown or (e.type == "text" and not v["text"].strip()):
            ends[e.name] = (y + bh, False)
            continue
        if e.type != "text":
            ends[e.name] = (y, True)
            continue
        try:
            fitted = _fitted(L, s, v, bw, bh)
        except ValueProblem:
            fitted = None
        ends[e.name] = (y, True) if fitted is None else (
            _text_top(v, y, bh, fitted) - fitted.height(), True)
    return ends


def _element(L: Layout, s: Surface, e, ctx: dict[str, Any],
             ends: dict[str, tuple[float, bool]] | None, frame: Frame,
             borrowed: dict[str, tuple[Source, str]] | None = None) -> None:
    c = s.c
    v = _values(L, s, e, ctx)
    if v is None:
        return
    x, y, bw, bh = L.element_box(e, v, frame.w, frame.h, frame.bleed, ends)
    if frame.nested:  # its `bleed` is the placing box: no piece background to leave out
        v = {**v, "from": "trim"}
    if e.placed is not None:
        x, y, bw, bh = _unturned(x, y, bw, bh, v["rotate"])
    empty = (bw <= 0 or bh <= 0) and e.type != "line"  # (a line of height 0 is a rule)
    off = None if empty else _off_the_face(x, y, bw, bh, v["rotate"], frame)
    if frame.nested and off is not None:  # (drawn: it may still land on the piece)
        _outside_its_box(L, s, e, (x, y, bw, bh), frame, off)
    elif empty or off is not None:
        _unprintable(L, s, e, (x, y, bw, bh), frame, off)
        return
    # every drawer sets the colours it uses, so only a turn or a fade needs its own state
    own = bool(v["rotate"]) or v["opacity"] < 1
    if own:
        c.saveState()
        if v["rotate"]:
            c.translate(x + bw / 2, y + bh / 2)
            c.rotate(-v["rotate"])  # clockwise, as designers (and CSS) turn things
            c.translate(-(x + bw / 2), -(y + bh / 2))
        if v["opacity"] < 1:
            c.setFillAlpha(max(0.0, v["opacity"]))
            c.setStrokeAlpha(max(0.0, v["opacity"]))
    # the box proofs outline (turned with the element), with what it shows from which fields
    if s.record:
        s.element(e.name, x, y, bw, bh, _shows(v), e.reads, e.when_reads, e.paints,
                  tuple([c for c in (v.get("fill"), v.get("stroke"), v.get("colour"))
                         if c is not None]))
    # a shape listed after a text, in the face's own frame (boxes as printed), may hide it
    over = L.shapes_over_text and not frame.nested
    if over and s.texts:
        for text in covered.hidden(s, e, v, x, y, bw, bh):
            _hidden_text(L, s, e, text)
    try:
        if e.placed is not None:
            _layout(s, e, ctx, borrowed, x, y, bw, bh)
        else:
            drawn = DRAW[e.type](L, s, e, v, x, y, bw, bh)
            if over and drawn is not None and not v["rotate"]:
                fitted, top, role = drawn
                s.texts.append(covered.Drawn(e, _text_field(e), v["text"], fitted, x, top, bw,
                                             v["align"], role, (x, y, x + bw, y + bh)))
    except ValueProblem as exc:
        _value_problem(L, s, e, exc)
    if own:
        c.restoreState()


def _values(L: Layout, s: Surface, e, ctx: dict[str, Any]) -> dict[str, Any] | None:
    """The element's values for the row, or None when it is not shown or one fails."""
    try:
        return e.get(ctx) if e.shown(ctx) else None
    except ValueProblem as exc:
        _value_problem(L, s, e, exc)
    except KeyError as exc:
        s.report(f'element "{e.name}" ({in_game(e.origin)}): the row has no {exc}', _field(e, exc))
    return None


def _value_problem(L: Layout, s: Surface, e, exc: ValueProblem) -> None:
    """A value the element cannot use: bad data; the layout file's own, said once, when no
    row sets the properties it comes from."""
    if exc.props and e.constant(*exc.props):
        _layout_problem(L, s, e, str(exc), exc.props)
    else:
        _problem(L, s, e, str(exc), field=_field(e, exc), own=True)


def _hidden_text(L: Layout, s: Surface, e, text: covered.Drawn) -> None:
    """A warning that shape `e` hides part of an earlier text: the piece's, or, when both are
    the same on every piece, the layout file's, once."""
    said = (f'element "{e.name}" is drawn over the text of element "{text.element.name}" '
            f"({opening(text.text)}) in {in_game(e.origin)}, hiding part of it: move one of "
            f'them, or list "{text.element.name}" after "{e.name}"')
    if not (e.static and text.element.static):
        s.report(said, text.field, level="warning")
    elif caches(L).once(("hidden", e.origin, e.name, text.element.name)):
        s.report(said, text.element.name, level="warning", source=Source(e.origin))


def _unprintable(L: Layout, s: Surface, e, box: tuple[float, float, float, float],
                 frame: Frame, off: str | None) -> None:
    """Say why the element's box prints nothing: no width or height, or (`off`: the property
    that puts it there) wholly off the face and its bleed."""
    _, _, bw, bh = box
    if off is None:
        said = f"its box is {bw / MM:.3g} x {bh / MM:.3g} mm; width and height must be more than 0"
        if frame.nested:  # (a group's size may differ from row to row: said a piece)
            _problem(L, s, e, said, own=True)
        else:  # the layout file's once, when no row sets its size
            _layout_problem(L, s, e, said, ("width" if bw <= 0 else "height",
                                            "height" if bw <= 0 else "width", "from"))
        return
    _layout_problem(L, s, e, f"{_box_said(box, frame)} face and its bleed, so nothing of it "
                    "prints; check its x, y, width and height", _placing(off))


def _outside_its_box(L: Layout, s: Surface, e, box: tuple[float, float, float, float],
                     frame: Frame, off: str) -> None:
    """A warning that an element of a placed layout lies wholly outside the box it is placed
    in: it prints over its neighbours' parts of the piece, or off the piece, not in its own."""
    _layout_problem(L, s, e, f"{_box_said(box, frame)} box this layout is placed in, so it "
                    "prints over what lies around that box, or off the piece; check its x, y, "
                    "width and height", _placing(off), level="warning", own=False)


def _box_said(box: tuple[float, float, float, float], frame: Frame) -> str:
    """"its box (x 70 mm, y 5 mm, 10 x 8 mm) lies wholly outside the 63 x 88 mm"."""
    x, y, bw, bh = box
    return (f"its box (x {x / MM:.4g} mm, y {(frame.h - y - bh) / MM:.4g} mm, {bw / MM:.4g} x "
            f"{bh / MM:.4g} mm) lies wholly outside the {frame.w / MM:.3g} x "
            f"{frame.h / MM:.3g} mm")


def _placing(off: str) -> tuple[str, ...]:
    """The properties that put a box where it is, `off` (x or y) first."""
    return (off, "y" if off == "x" else "x", "width", "height", "rotate", "from")


def _off_the_face(x: float, y: float, w: float, h: float, rotate: float,
                  frame: Frame) -> str | None:
    """Whether a box, turned about its centre, lies wholly outside the face and its bleed (an
    `x = "70mm"` on a 63 mm card: it would print nothing): the property that puts it there,
    x or y, else None."""
    if rotate:
        cx, cy, a = x + w / 2, y + h / 2, rotate * pi / 180
        half_w = (abs(w * cos(a)) + abs(h * sin(a))) / 2
        half_h = (abs(w * sin(a)) + abs(h * cos(a))) / 2
        x, y, w, h = cx - half_w, cy - half_h, 2 * half_w, 2 * half_h
    b = max(frame.bleed, 3 * MM) + 1e-6  # the default bleed: a build with --bleed 0 says the same
    if x >= frame.w + b or x + w <= -b:
        return "x"
    return "y" if y >= frame.h + b or y + h <= -b else None


def _unturned(x: float, y: float, w: float, h: float,
              rotate: float) -> tuple[float, float, float, float]:
    """The frame a `layout` element gives the layout it places, before it is turned about the
    box's centre: a quarter turn's is as wide as the box is high, so the turned layout fills
    the box (a half's tracks run along a board's long side whichever way it faces)."""
    if round(rotate) % 180 != 90:
        return x, y, w, h
    return x + (w - h) / 2, y + (h - w) / 2, h, w


def _layout(s: Surface, e, ctx: dict[str, Any], borrowed, x: float, y: float, w: float,
            h: float) -> None:
    """The layout a `layout` element places, in its frame (_unturned, turned by _element),
    with the face's row or the one the element names."""
    placed = e.placed
    s.c.saveState()
    s.c.translate(x, y)
    try:
        draw(placed.layout, s, placed.context(ctx), borrowed if placed.row is None else None,
             Frame(w, h, 0.0, nested=True))
    finally:
        s.c.restoreState()


def _shows(v: dict[str, Any]) -> str:
    """What of an element a player reads: its text, icon or picture, a figure's values."""
    parts = [to_text(v[p]) for p in ("text", "icon", "src", "figure") if v.get(p) is not None]
    if v.get("labels") is not None:  # a track's cell labels
        parts += _list(v["labels"])
    args = v.get("args")
    if isinstance(args, dict):
        parts += [_arg_text(a) for a in args.values()]
    return " ".join([p for p in parts if p])


def _arg_text(arg: Any) -> str:
    """A figure's argument as a player would read it: an arg rendered from a number column
    arrives as Jinja2 prints it ("1.0"), which a face shows as 1 (a row of one coin)."""
    text = to_text(arg)
    try:
        number = float(text)
    except ValueError:
        return text
    return to_text(number) if number.is_integer() else text


def _field(e, exc: Exception) -> str:
    """The element's property whose value failed (Element.get says which), as in layout files."""
    prop = getattr(exc, "prop", None)
    return f"{e.name}.{prop}" if prop else e.name


def _problem(L: Layout, s: Surface, e, message: str, level: str = "error",
             field: str | None = None, own: bool = False) -> None:
    """A problem of an element on this piece, naming its layout file; `own` as
    Surface.report."""
    s.report(f'element "{e.name}" ({in_game(e.origin)}): {message}', field or e.name,
             level=level, own=own)


def _text_field(e) -> str:
    """The field a problem with what a text prints names: the one column it is drawn from
    (cards.csv has a `text` column, not the layout's `text_below_picture`), else the element;
    the message names the element either way."""
    return e.text_column or e.name


def _layout_problem(L: Layout, s: Surface, e, message: str, props: tuple[str, ...],
                    field: str | None = None, level: str = "error", own: bool = True) -> None:
    """A problem of an element's properties `props`: when none reads the row it is the layout
    file's (at `field`, else the first property's), said once for every piece it is on; else
    the piece's, as _problem says it. `own`: a mistake of the file (bad data where it stops a
    command), not what its print makes of the kit (small or long labels: the kit's, as a
    text that does not fit is)."""
    if not e.constant(*props):
        _problem(L, s, e, message, level)
        return
    path, at = e.set_at(props[0])
    if field is not None:
        path, at = e.origin, field
    if level == "error":
        s.faulted = True
    if s.scratch or caches(L).once(("layout", path, at, message)):   # (said once a kit)
        of = "" if path == e.origin else f" ({in_game(e.origin)})"
        s.report(f'element "{e.name}"{of}: {message}', at, level=level, source=Source(path),
                 own=own)


def _report_problems(L: Layout, s: Surface, e, problems: list[str | Picture]) -> None:
    """_problems()' findings: an SVG icon's notes, and the text's own problems."""
    for problem in problems:
        if isinstance(problem, Picture):
            _art_notes(L, s, e, problem)
        else:
            _text_problem(L, s, e, problem)


def _text_problem(L: Layout, s: Surface, e, message: str) -> None:
    """A problem of a text's own characters or markup: named where the text is written, the
    row for a text read from it, once where it is the same on every piece (text_source)."""
    where = text_source(L, e, getattr(message, "chars", ""))
    own = isinstance(message, Miswritten)
    if where is None:
        _problem(L, s, e, message, field=_text_field(e), own=own)
    elif s.cut and caches(L).once(("text", where, message)):  # (not a booklet's figure's)
        s.report(f'element "{e.name}" ({in_game(e.origin)}): {message}', where[1],
                 source=Source(where[0]), own=own)


def text_source(L: Layout, e, chars: str = "") -> tuple[Path, str] | None:
    """Where the same text on every piece is written (its value static): game.toml's [game]
    key it reads (`{{ game.title }}`), else the layout file's field; None for a text read
    from the row. `chars`: the characters a problem is about; any written in the layout's own
    words around the key ("{{ game.title }} — 地図") are the layout file's to fix."""
    v = e.values["text"]
    if not v.static:
        return None
    read = _GAME_KEY.findall(v.raw) if "game" in getattr(v, "names", ()) else []
    if read and not any(c in literal(v.raw) for c in chars):
        return L.env.root / GAME_FILE, f"game.{read[0]}" if len(set(read)) == 1 else "game"
    return e.set_at("text")


def _paint(c, v: dict[str, Any]) -> tuple[int, int]:
    fill, stroke = v.get("fill"), v.get("stroke")
    if fill is not None:
        c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
        c.setLineWidth(v["stroke_width"].of(1))
    return int(stroke is not None), int(fill is not None)


def _ink_saver(s, v) -> bool:
    """--ink-saver: a fill out to the bleed (a background) becomes an outline of the trim, as
    the shipped games' backgrounds do; True when that replaced the element."""
    if s.ink_saver and v["from"] == "bleed" and v.get("fill") is not None:
        s.fill_bleed(v["fill"])
        return True
    return False


def _rect(L: Layout, s, e, v, x, y, w, h) -> None:
    if _ink_saver(s, v):
        return
    stroke, fill = _paint(s.c, v)
    if stroke or fill:
        r = v["radius"].of(min(w, h))
        dashed = _dash(s.c, v) if stroke else False
        if r > 0:
            s.c.roundRect(x, y, w, h, r, stroke=stroke, fill=fill)
        else:
            s.c.rect(x, y, w, h, stroke=stroke, fill=fill)
        if dashed:
            s.c.setDash()


def _dash(c, v) -> bool:
    """Set the element's `dash` (one length: dashes and gaps alike); True when it is dashed."""
    dash = [d.of(1) for d in v["dash"]]
    if sum(dash) <= 0:
        return False
    c.setDash(dash * 2 if len(dash) == 1 else dash)
    return True


def _ellipse(L: Layout, s, e, v, x, y, w, h) -> None:
    if _ink_saver(s, v):
        return
    stroke, fill = _paint(s.c, v)
    if stroke or fill:
        s.c.ellipse(x, y, x + w, y + h, stroke=stroke, fill=fill)


def _line(L: Layout, s, e, v, x, y, w, h) -> None:
    """From the box's top-left corner to its bottom-right (height 0: a horizontal rule)."""
    c = s.c
    if v["stroke"] is None:
        return
    c.setStrokeColor(v["stroke"])
    c.setLineWidth(v["stroke_width"].of(1))
    dashed = _dash(c, v)
    c.line(x, y + h, x + w, y)
    if dashed:
        c.setDash()


MAX_POINTS = 1_000  # of a polygon given by `points`


def _points(points: Any, x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    """A polygon's `points`, a list of three or more "x,y" (lengths or %, from the box's top
    left), on the page."""
    if not isinstance(points, list):
        raise ValueProblem(f"points is a list of \"x,y\", [\"50%,0%\", \"100%,100%\", "
                           f"\"0%,100%\"], not {opening(str(points))}", "points")
    if not 3 <= len(points) <= MAX_POINTS:  # (each parsed on every face: a million took minutes)
        raise ValueProblem(f"a polygon has 3 to {MAX_POINTS:,} points, got {len(points):,}",
                           "points")
    pts = []
    for item in points:
        px, _, py = str(item).partition(",")
        if not py:
            raise ValueProblem(f"polygon point {item!r} is not \"x,y\"", "points")
        try:
            pts.append((x + to_length(px).of(w), y + h - to_length(py).of(h)))
        except ValueProblem as exc:
            raise ValueProblem(f"polygon point {item!r}: {exc}", "points") from None
    return pts


def _polygon(L: Layout, s, e, v, x, y, w, h) -> None:
    """`points` as "x,y" pairs inside the box (lengths or %, from its top left), or a regular
    polygon of `sides` inscribed in the box (flat at the bottom; 6 sides: a flat-top hex)."""
    c = s.c
    if v["points"] is not None:
        pts = _points(v["points"], x, y, w, h)
    else:
        n = int(v["sides"])
        if n < 3:
            raise ValueProblem(f"a polygon needs 3 or more sides, got {n}", "sides")
        start = -pi / 2 - pi / n  # a flat bottom edge
        unit = [(cos(start + 2 * pi * k / n), sin(start + 2 * pi * k / n)) for k in range(n)]
        # stretched to touch all four sides of the box: a 6-gon in a w x 0.866 w box is regular
        x0, x1 = min(p[0] for p in unit), max(p[0] for p in unit)
        y0, y1 = min(p[1] for p in unit), max(p[1] for p in unit)
        pts = [(x + (ux - x0) / (x1 - x0) * w, y + (uy - y0) / (y1 - y0) * h) for ux, uy in unit]
    stroke, fill = _paint(c, v)
    if not (stroke or fill) or len(pts) < 2:
        return
    p = c.beginPath()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()
    c.drawPath(p, stroke=stroke, fill=fill)


def _image(L: Layout, s, e, v, x, y, w, h) -> None:
    src = v["src"].strip()
    if not src:
        return  # an empty cell: no picture on this card
    try:
        pic = layout_picture(L, src)
    except ValueProblem as exc:
        _placeholder(s, src, x, y, w, h)  # (a forced build or a preview shows where it goes)
        if src in L.env.pictures_said:
            return  # said when the game opened: an error there
        exc.prop = "src"  # type: ignore[attr-defined]  # the finding names the property
        raise
    if w <= 0 or h <= 0:
        return
    fit = v["fit"]
    if not pic.vector:
        _, _, dw, dh = placement(pic, x, y, w, h, fit)
        dpi = effective_dpi(pic, dw, dh)
        if dpi < MIN_DPI and caches(L).once(("dpi", e.name, src, round(dw), round(dh))):
            _problem(L, s, e, f"image {src!r} prints at {dpi:.0f} dpi (under {MIN_DPI}); it will "
                       f"look blurred: use one of at least {round(pic.width * MIN_DPI / dpi)} x "
                       f"{round(pic.height * MIN_DPI / dpi)} pixels", "warning")
    _art_notes(L, s, e, pic)
    draw_picture(s.c, pic, x, y, w, h, fit, s.fonts["regular"])


def _placeholder(s, src: str, x: float, y: float, w: float, h: float) -> None:
    """A picture that cannot be drawn, marked where it goes: a grey box crossed, its file's
    name in it where the name fits (art not made yet, as Squib and nanDECK leave a box)."""
    if w <= 0 or h <= 0:
        return
    c = s.c
    c.saveState()
    c.setStrokeColorRGB(0.55, 0.55, 0.55)
    c.setFillColorRGB(0.92, 0.92, 0.92)
    c.setLineWidth(0.5)
    c.rect(x, y, w, h, stroke=1, fill=1)
    c.line(x, y, x + w, y + h)
    c.line(x, y + h, x + w, y)
    font = s.fonts["regular"]
    file_alone = src.replace("\\", "/").rsplit("/", 1)[-1]  # (in a box too small for its path)
    for name in dict.fromkeys((src, file_alone)):
        size = min(8.0, 0.9 * w * 8 / max(c.stringWidth(name, font, 8), 1e-6))
        if size >= 4 and h > 2 * size:
            c.setFillColorRGB(0.3, 0.3, 0.3)
            c.setFont(font, size)
            c.drawCentredString(x + w / 2, y + h / 2 - size / 3, name)
            break
    c.restoreState()


def _art_notes(L: Layout, s, e, pic) -> None:
    """What of an SVG cannot be printed, a warning once per file."""
    if isinstance(pic, Picture) and pic.notes and caches(L).once(("art", pic.path)):
        for note in pic.notes:
            _problem(L, s, e, note, "warning")


def layout_picture(L: Layout, src: str):
    """A picture file named by a layout or a row, checked once per file; a problem names it."""
    from ..data.images import checked_image, present_image

    if not src.lower().endswith(IMAGE_SUFFIXES):
        raise ValueProblem(f"image {src!r}: use a .png, .jpg or .svg file")
    try:  # (as the game's opening checks a picture: the same hints at the one meant)
        check = present_image if src.lower().endswith(".svg") else checked_image
        path = check(L.env.root, src, Source(L.path), "src")
        return picture(path, L.env.root)
    except DataError as exc:
        raise ValueProblem(exc.message) from None
    except ArtError as exc:
        raise ValueProblem(f"image {src!r}: {exc}") from None


def _icon(L: Layout, s, e, v, x, y, w, h) -> None:
    name = v["icon"].strip().strip(":")
    colour = v["colour"] or Colour(0, 0, 0)
    try:
        _art_notes(L, s, e, caches(L).icons.find(name))
    except ArtError as exc:
        raise ValueProblem(str(exc)) from None
    if not caches(L).icons.draw(s.c, name, x + w / 2, y + h / 2, min(w, h), colour,
                                s.fonts["regular"], v["detail"]):
        raise ValueProblem(unknown_icon(name, L.env.root), "icon")


def _figure(L: Layout, s, e, v, x, y, w, h) -> None:
    fn = FIGURES.get(v["figure"])
    if fn is None:
        raise ValueProblem(f"no figure {v['figure']!r}; known: {', '.join(sorted(FIGURES))}",
                           "figure")
    s.c.saveState()  # a figure is Python of its own: whatever state it sets stays inside
    try:
        fn(Figure(s.c, s, L.env.palette), x, y, w, h, v["args"] or {})
    except KeyError as exc:  # (its text is the name alone: "'nosuch'")
        raise ValueProblem(f"figure {v['figure']!r}: unknown name {exc.args[0]!r}", "args",
                           "figure") from None
    except (ValueError, TypeError) as exc:
        raise ValueProblem(f"figure {v['figure']!r}: {exc}", "args", "figure") from None
    finally:
        s.c.restoreState()


def _min_size(v) -> float:
    size = v["size"]
    min_size = v["min_size"] if v["min_size"] is not None else min(size, MIN_TEXT)
    if min_size > size:
        raise ValueProblem(f"min_size {min_size:g} is larger than size {size:g}", "min_size",
                           "size")
    return min_size


def _text_top(v, y: float, h: float, fitted) -> float:
    """The top of the fitted block in its box, as `valign` puts it."""
    if v["valign"] == "middle":
        return y + (h + fitted.height()) / 2
    if v["valign"] == "bottom":
        return y + fitted.height()
    return y + h


def _fitted(L: Layout, s, v, w: float, h: float, plain: bool | None = None):
    """The text of `v` fitted to a w x h box (plain or rich), or None when it does not fit;
    remembered, so measuring it for `below` and drawing it fit it once. `plain`: whether the
    text has no markup, if the caller knows."""
    text, size, min_size = v["text"], v["size"], _min_size(v)
    fonts = s.fonts
    role = _role(L, fonts, v["font"])
    cache = caches(L)
    justify = v["align"] == "justify"  # (only rich lines know where their paragraph ends)
    key = (text, role, round(w, 2), round(h, 2), size, min_size, v["leading"], v["icon_size"],
           justify)
    fits = cache.fits
    fitted = fits.get(key, False)
    if fitted is False:
        fitted = None
        if plain is None:
            plain = not richtext.has_markup(text)
        if plain and v["leading"] == LEADING and not justify:
            # plain text: the renderer's own fitting, words as plain strings (the common case,
            # and twice as fast); hyphenation below only when that does not fit
            fitted = plain_fit(fonts, text, w, h, size, min_size, role)
        if fitted is None:
            fitted = richtext.fit(fonts, cache.measure(fonts, v["icon_size"]), text, role, w, h,
                                  size, min_size, v["leading"], L.env.lang)
        if len(fits) > FIT_CACHE:
            fits.clear()
        fits[key] = fitted
    return fitted


def _text(L: Layout, s, e, v, x, y, w, h) -> tuple[Any, float, str] | None:
    """The text drawn, fitted to its box: its fitting, top and font role, for covered.hidden
    (None when it drew nothing it fitted)."""
    text = v["text"]
    if not text.strip():
        return None
    min_size = _min_size(v)
    fonts = s.fonts
    role = _role(L, fonts, v["font"])
    plain = not richtext.has_markup(text)
    _report_problems(L, s, e, _problems(L, fonts, text, role, plain, v["size"]))
    fitted = _fitted(L, s, v, w, h, plain)
    if fitted is None:
        _problem(L, s, e, f"text does not fit its box even at {min_size:g} pt: {opening(text, 60)}",
                 field=_text_field(e))
        _overset(L, s, v, x, y, w, h)
        return None
    if _blank(fitted):
        return None  # nothing is drawn, so nothing of it is checked
    if s.record:
        s.text_sizes.append((e.name, v["size"], fitted.size, v["family"]))
    top = _text_top(v, y, h, fitted)
    colour = v["colour"] or Colour(0, 0, 0)
    s.c.setFillColor(colour)
    # a min_size under MIN_TEXT is the designer's choice: a note once per element, not an
    # error per card
    chosen = min_size if v["min_size"] is not None and min_size < MIN_TEXT else MIN_TEXT
    _check_placed(s, e, fonts, fitted, text, role, x, top, w, v["align"], chosen)
    _check_overlaps(L, s, e, v, fonts, role, fitted, top, (y, y + h))
    printed = fitted.size if isinstance(fitted, PlainFitted) else fitted.smallest()
    if chosen - 1e-6 <= printed < MIN_TEXT - 1e-6 and s.cut \
            and caches(L).once(("small", L.path, e.name)):
        s.report(f'element "{e.name}" prints at {printed:g} pt, under the {MIN_TEXT:g} pt '
                 f"most players read across a table, as its min_size = {min_size:g} allows",
                 f"{e.name}.min_size", level="note", source=Source(e.origin))
    _draw(L, s, v, fitted, x, top, w, colour)
    return fitted, top, role


def _overset(L: Layout, s, v, x, y, w, h) -> None:
    """Text too long for its box, drawn (in a preview or a --force build, its error said) as
    far as the box holds at min_size, with a red overset mark at its foot, as a layout program
    shows it: the designer sees which box overflows and by how much, not an empty box."""
    min_size = _min_size(v)
    fitted = richtext.fit(s.fonts, caches(L).measure(s.fonts, v["icon_size"]), v["text"],
                          _role(L, s.fonts, v["font"]), w, OVERSET_DEPTH, min_size, min_size,
                          v["leading"], L.env.lang)
    side = min(OVERSET_MARK, w, h)
    if fitted is not None:  # (None: a word wider than the box)
        # whole lines only, as far as the box holds above the mark (over it in a box of a
        # line or so, rather than none)
        kept = _lines_held(fitted, h - side) or _lines_held(fitted, h)
        held = replace(fitted, lines=fitted.lines[:kept])
        if not _blank(held):
            s.c.setFillColor(v["colour"] or Colour(0, 0, 0))
            _draw(L, s, v, held, x, y + h, w, v["colour"] or Colour(0, 0, 0))
    c = s.c
    c.saveState()
    c.setFillColorRGB(0.85, 0, 0)
    c.rect(x + w - side, y, side, side, stroke=0, fill=1)
    c.setStrokeColorRGB(1, 1, 1)
    c.setLineWidth(side / 8)
    c.line(x + w - side * 0.8, y + side / 2, x + w - side * 0.2, y + side / 2)
    c.line(x + w - side / 2, y + side * 0.2, x + w - side / 2, y + side * 0.8)
    c.restoreState()


def _lines_held(fitted, room: float) -> int:
    """How many of the fitted lines, from the first, a height of `room` holds."""
    kept = 0
    for line in fitted.lines:
        room -= fitted.size * fitted.leading * line.scale
        if room < -1e-6:
            break
        kept += 1
    return kept


OVERSET_DEPTH = 1e5  # points: room enough to set any cell's text whole, to draw what fits
OVERSET_MARK = 2.5 * MM


def _draw(L: Layout, s, v, fitted, x: float, top: float, w: float, colour: Colour) -> None:
    """Fitted text drawn from its top, plain or rich (runs coloured, icons inline)."""
    fonts = s.fonts
    if isinstance(fitted, PlainFitted):
        draw_fitted(s.c, fonts, fitted, x, top, w, _role(L, fonts, v["font"]), v["align"])
        return
    cache = caches(L)

    def paint(run: str | None) -> Colour:
        """A run's colour (one the palette lacks was reported by _problems: the text's)."""
        if run is None:
            return colour
        try:
            return colour_in(L.env.palette)(run) or colour
        except ValueProblem:
            return colour

    m = cache.measure(fonts, v["icon_size"])

    def icon(name: str, ix: float, baseline: float, size: float, run: str | None,
             font: str) -> None:
        # centred a capital's middle (0.37 em) above the baseline, raised by icon_dy
        cache.icons.draw(s.c, name, ix + m.icon * size / 2,
                         baseline + size * (richtext.ICON_MIDDLE + v["icon_dy"]),
                         size * v["icon_size"], paint(run), font)
        s.c.setFillColor(colour)

    richtext.draw(s.c, fonts, m, fitted, x, top, w, v["align"], icon,
                  lambda run: s.c.setFillColor(paint(run)))


def _blank(fitted) -> bool:
    """Whether fitted rich text prints nothing: markup around no words (`<br>`, `{red|}`)."""
    return isinstance(fitted, richtext.Fitted) and not any(line.words for line in fitted.lines)


def _check_overlaps(L: Layout, s, e, v, fonts, role: str, fitted, top: float,
                    box: tuple[float, float]) -> None:
    """Lines that would print over each other, said once (the first that applies): a leading
    under the font's ink (Fonts.ink), refused once for the layout file that sets it whatever
    its rows say; else, on this face, a line's own letters (an accented capital, a larger run)
    overlapping the next line's, or an inline icon out of its line's room in another line or
    out of the box (richtext.icon_clash). Plain lines too, at pnp's own leading: stacked
    accents (Ẫ) under a line of descenders overfill it."""
    if _leading_refused(L, s, e, v["leading"], fonts.ink(role)):
        return
    plain = isinstance(fitted, PlainFitted)
    lines = plain_overlapping(fonts, fitted, role) if plain else \
        richtext.overlapping_lines(fitted, top, fonts)
    if lines:
        _problem(L, s, e, _overlap(fitted, fonts, role, v["leading"], *lines))
    if lines or plain:  # (plain lines have no icons)
        return
    clash = richtext.icon_clash(fitted, top, box, fonts, v["icon_size"], v["icon_dy"])
    if clash:
        leading = v["leading"]
        why = (f"icon_size = {v['icon_size']:g} is over its line's leading = {leading:g}"
               if v["icon_size"] > leading else f"icon_dy = {v['icon_dy']:g} moves it out of "
               "its line")
        _problem(L, s, e, f"inline icon :{clash[0]}: reaches {clash[2] / MM:.1f} mm {clash[1]}: "
                 f"{why} (keep icon_size within the leading, or give the text room)")


def _leading_refused(L: Layout, s, e, leading: float, ink: tuple[float, float]) -> bool:
    """Whether the leading is under the font's ink (`ink`: Fonts.ink), reported once for the
    file and field that set it (the element's, or its layout's [defaults])."""
    said = _leading_said(e, leading, ink)
    if said is None:
        return False
    message, origin, field = said
    if s.cut and caches(L).once(("leading", origin, field, leading)):  # (as _text_problem)
        s.report(message, field, source=Source(origin))
    return True


def _leading_said(e, leading: float, ink: tuple[float, float]) -> tuple[str, Path, str] | None:
    """What a leading under the font's ink says, and the file and field that set it; None
    for one the letters fit in."""
    need = ink[0] + ink[1]
    if leading >= need - 1e-6:
        return None
    origin, field = e.set_at("leading")
    whose = f'element "{e.name}"' if field.startswith(f"{e.name}.") else \
        f'[defaults] (taken by element "{e.name}")'
    return (f"{whose}: leading = {leading:g} sets its lines {leading:g} em apart, but its "
            f"font's letters reach {ink[0]:.2f} em above the baseline and {ink[1]:.2f} em "
            "below: lines would print over each other (use leading = "
            f"{ceil(need * 100) / 100:g} or more)"), origin, field


def constant_leadings(L: Layout) -> dict[tuple[Path, str, float], Any]:
    """The text elements whose leading, font and `when` are the same on every piece (and
    shown), by the file and field that set the leading and its value."""
    out: dict[tuple[Path, str, float], Any] = {}
    for e in L.elements:
        if e.type == "text" and e.constant("leading", "font", "when") and e.shown({}):
            out.setdefault((*e.set_at("leading"), e.values["leading"].const), e)
    return out


def unchosen_leadings(unchosen: list, fonts) -> list[Finding]:
    """Each constant leading under its font's letters in the layouts only the variants not
    chosen use (GameFolder.unchosen: compiled, never drawn), refused as a drawn face's is and
    naming the variant as its other mistakes are (Compiler.in_variants); but those the chosen
    game's own layouts set too: its faces, drawn, say those as its own."""
    out = []
    own: dict[int, set] = {}  # by the chosen game's layouts (one list, shared by all)
    for u in unchosen:
        if id(u.chosen) not in own:
            own[id(u.chosen)] = {spot for L in u.chosen for spot in constant_leadings(L)}
        for spot, e in constant_leadings(u.layout).items():
            role = _role(u.layout, fonts, e.values["font"].const)
            said = None if spot in own[id(u.chosen)] else _leading_said(e, spot[2],
                                                                         fonts.ink(role))
            if said is not None:
                out.append(error(f"variant {u.variant!r} ({u.said}): {said[0]}",
                                 Source(said[1]), said[2]))
    return list(dict.fromkeys(out))


def _overlap(fitted, fonts, role: str, leading: float, n: int, by: float) -> str:
    """What prints lines `n` and `n + 1` (from 1) `by` points over each other: their own
    letters, at one size, or a larger run."""
    upper, lower = fitted.lines[n - 1], fitted.lines[n]
    said = f"lines {n} and {n + 1} print {by / MM:.1f} mm over each other: "
    if isinstance(fitted, PlainFitted):
        up, down = fonts.text_ink(lower, role)[0], fonts.text_ink(upper, role)[1]
    elif upper.scale != 1.0 or lower.scale != 1.0:
        return said + (f"a larger run needs more room than leading = {leading:g} gives it "
                       "(raise leading, or make the run smaller)")
    else:
        up, down = richtext.line_ink(lower, fonts)[0], richtext.line_ink(upper, fonts)[1]
    return said + (f"their letters reach {up:.2f} em above the baseline and {down:.2f} em "
                   f"below, more than leading = {leading:g} leaves room for (use leading = "
                   f"{ceil((up + down) * 100) / 100:g} or more)")


def _check_placed(s, e, fonts, fitted, text: str, role: str, x: float, top: float, w: float,
                  align: str, smallest: float) -> None:
    """The fitted block's ink (its widest line, from the first line's ascent to the last's
    descent) checked for size and distance from the cut, as every text of a piece is."""
    if not s.cut:
        return
    size = fitted.size
    if isinstance(fitted, PlainFitted):
        span = fitted.span if fitted.span is not None else max(
            (fonts.width(line, size, role) for line in fitted.lines), default=0.0)
        lead = LEADING
        left = x + (w - span) / 2 if align == "centre" else x + w - span if align == "right" \
            else x
        first = top - size * 0.95  # the first baseline, as draw_fitted puts it
        last = first - (len(fitted.lines) - 1) * size * lead
        s.check_placed(text, size, left, last - DESCENT * size, left + span,
                       first + ASCENT * size, e.name, smallest)
        return
    span = max((line.width * size for line in fitted.lines), default=0.0)
    if align == "justify" and any(not line.last for line in fitted.lines):
        span = max(span, w)  # its justified lines run to the box's right side
    left = x + (w - span) / 2 if align == "centre" else x + w - span if align == "right" else x
    lines, baselines = fitted.lines, fitted.baselines(top)
    # its smallest run is checked for size; the first line's ascent and the last's descent
    # at their own runs' sizes for the cut
    s.check_placed(text, fitted.smallest(), left,
                   baselines[-1] - DESCENT * size * lines[-1].scale, left + span,
                   baselines[0] + ASCENT * size * lines[0].scale, e.name, smallest)


def _role(L: Layout, fonts, font: str) -> str:
    role = font_role(font, L.env)
    if role not in fonts.paths:
        fonts.paths[role] = L.env.font_files[role]
    return role


class Unprintable(str):
    """The message that no font has some characters of a text, and which ones (where they
    were written is where to fix them: text_source)."""

    chars: str = ""


class Miswritten(str):
    """The message of a text's own mistake, bad data where it stops a command (an icon
    nobody has: `:nosuch:`, exit 2 as an icon element's), not what the print makes of it."""


def unprintable(gone: str, text: str) -> Unprintable:
    said = Unprintable(f"no font has the character(s) {gone!r} in {opening(text)}; "
                       + UNPRINTABLE)
    said.chars = gone
    return said


def _problems(L: Layout, fonts, text: str, role: str, plain: bool,
              size: float) -> list[str | Picture]:
    """Characters no font has, icons nobody drew, run colours the palette lacks and run sizes
    out of range (messages), and SVG icons with parts pnp cannot print (their Pictures);
    worked out once per text and font when it has markup."""
    out: list[str | Picture] = [backwards(text[:40])] if right_to_left(text) else []
    if plain:  # one set test: cheaper than remembering it
        gone = fonts.missing(text, role)
        if gone:
            out.insert(0, unprintable(gone, text))
        return out
    key = ("problems", text, role, size)
    hit = caches(L).fits.get(key)
    if hit is not None:
        return hit
    paragraphs = richtext.parse(text, role, size)
    out.extend(richtext.run_problems(text, size))
    out.extend(richtext.tag_problems(text))
    out.extend(richtext.star_problems(text))
    for name in richtext.colours_in(paragraphs):
        try:
            colour_in(L.env.palette)(name)
        except ValueProblem as exc:
            out.append(f"run colour in {text[:40]!r}: {exc}")
    by_role: dict[str, list[str]] = {}
    for p in paragraphs:
        for word in p:
            for bit in word:
                if not bit.icon:
                    by_role.setdefault(bit.role, []).append(bit.text)
    for r, pieces in by_role.items():
        gone = fonts.missing("".join(pieces), r)
        if gone:
            out.append(unprintable(gone, text))
    for name in richtext.icons_in(paragraphs):
        try:
            hit = caches(L).icons.find(name)
        except ArtError as exc:
            out.append(Miswritten(f"icon {name!r}: {exc}"))
            continue
        if isinstance(hit, Picture) and hit.notes:
            out.append(hit)  # reported as warnings, once per file
        if hit is None:
            out.append(Miswritten(unknown_icon(name, L.env.root, text)))
    caches(L).fits[key] = out
    return out


def _track(L: Layout, s, e, v, x, y, w, h) -> None:
    c = s.c
    n = v["cells"]
    try:
        cells = track_cells(n, v["path"], x, y, w, h)
    except ValueError as exc:  # (written once in the layout: its error, not every card's)
        if e.constant("cells", "path"):
            _layout_problem(L, s, e, str(exc), ("cells", "path"))
            return
        raise ValueProblem(str(exc)) from None
    labels = _list(v["labels"])
    # compared rounded, so 1 + 2 * 0.1 is the cell 1.2; a highlight names a cell exactly
    marked = {round(to_number(i), 9) for i in _list(v["highlight"])}
    start, step = v["start"], v["step"]
    numbers = {round(start + i * step, 9) for i in range(n)}
    missing = sorted(m for m in marked if m not in numbers)
    if missing:
        _layout_problem(L, s, e, f"highlight names cell {missing[0]:g}, which the track does "
                        f"not have (its cells run {start:g} to {start + (n - 1) * step:g} in "
                        f"steps of {step:g})", ("highlight", "cells", "start", "step"))
    if 0 < len(labels) < n:  # (more labels than cells: the track is shortened on purpose)
        _layout_problem(L, s, e, f"labels has {len(labels)} item(s) for {n} cells; cells "
                        f"{len(labels) + 1} to {n} are numbered instead",
                        ("labels", "cells"), level="warning")
    role = _role(L, s.fonts, v["font"])
    found = len(s.findings)
    for cell in cells:
        number = start + cell.index * step
        number_text = to_text(int(number) if float(number).is_integer() else number)
        label = labels[cell.index] if cell.index < len(labels) else number_text
        hot = round(number, 9) in marked
        fill = v["highlight_fill"] if hot and v["highlight_fill"] is not None else v["fill"]
        stroke = 1 if v["stroke"] is not None else 0
        if fill is not None:
            c.setFillColor(fill)
        if stroke:
            c.setStrokeColor(v["stroke"])
            c.setLineWidth(v["stroke_width"].of(1))
        if stroke or fill is not None:
            c.rect(cell.x, cell.y, cell.w, cell.h, stroke=stroke, fill=int(fill is not None))
        c.setFillColor(v["colour"] or Colour(0, 0, 0))
        size = min(v["size"], cell.h * 0.6, cell.w * 0.6)
        s.line(str(label), cell.x + cell.w / 2, cell.y + cell.h / 2 - size * 0.35, size,
               role if not hot else "bold", "centre", max_width=cell.w * 0.9, field=e.name,
               own_box=False)
    _labels_summed(L, s, e, found, n)


# a finding's particulars (a label's text, its size): what one label's problem differs by
_PARTICULARS = re.compile(r"""'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\d+(?:\.\d+)?""")


def _labels_summed(L: Layout, s, e, found: int, n: int) -> None:
    """The problems the surface found with a track's cell labels (too small, too wide, over
    the cut) from `found` on, one finding a kind saying how many labels it befell, named at the
    layout file's element: a track of 400 cells had 400 lines, each blamed on the piece's
    row (game.toml for a board)."""
    new = s.findings[found:]
    if not new:
        return
    del s.findings[found:]
    kinds: dict[tuple[str, str], list] = {}
    for f in new:
        kinds.setdefault((f.level, _PARTICULARS.sub("_", f.message)), []).append(f)
    for (level, _), alike in kinds.items():
        said = alike[0].message
        if len(alike) > 1:
            said = f"{len(alike)} of its {n} cell labels, the first: {said}"
        _layout_problem(L, s, e, said, ("cells", "start", "step", "labels", "size"),
                        field=e.name, level=level, own=False)


def _list(value) -> list[str]:
    """A track's labels or highlight: a TOML list, a list an expression made (Jinja2 prints it
    as a Python list, so `{{ ['Start, go'] + range(2, 41) | list }}` keeps its comma), or a
    text of items between commas (a CSV cell `Start, 2, 3`)."""
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return [str(x).strip() for x in value]
    text = str(value).strip()
    if text[:1] + text[-1:] in ("[]", "()"):
        try:
            items = ast.literal_eval(text)  # (a text the sandbox bounded; literals only)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            items = None
        if isinstance(items, (list, tuple)):
            return [str(x).strip() for x in items]
    return [p.strip() for p in text.split(",") if p.strip()]


DRAW = {"text": _text, "rect": _rect, "ellipse": _ellipse, "line": _line, "polygon": _polygon,
        "image": _image, "icon": _icon, "figure": _figure, "track": _track}
assert set(DRAW) | {"layout"} == set(TYPES)  # every element type has its drawer (_layout)
