"""A layout compiled for one kind of piece, and the drawer it gives each card. Values are
checked and expressions compiled once here; per card only the row's values are looked up.

Geometry: x and y are measured from the top-left corner of the element's frame (`from = trim`,
`safe` (3 mm inside the trim unless the component says otherwise) or `bleed`), rightwards and
downwards, as designers measure a card; width and height default to the whole frame; `%` is of
the frame. The drawing itself is in PDF points, y up, trim box at (0, 0)."""

from __future__ import annotations

from dataclasses import dataclass, field
from math import cos, pi, sin
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color

from ..data.files import inside
from ..errors import DataError, Source
from ..render.fonts import ROLES, register_font
from ..render.surface import MIN_TEXT, Surface
from ..render.text import LEADING, Fitted as PlainFitted, draw_fitted, fit as plain_fit
from . import richtext
from .art import MIN_DPI, ArtError, IconFinder, draw_picture, effective_dpi, picture, placement
from .elements import COLOUR, NESTED, TYPE_NAMES, TYPES
from .figures import FIGURES, Figure
from .spec import LayoutSpec
from .track import cells as track_cells
from .values import Scope, Value, ValueProblem, colour_in, to_length, to_number, to_text

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
# fitted texts remembered: copies of a card are drawn one after another, so a short memory
# serves them, and a long one only holds every card of a big deck (memory, and slower GC)
FIT_CACHE = 512


@dataclass
class Env:
    """What every face of a game shares while drawing: its folder, palette, icons, fonts given
    by file, the text measurer and a cache of fitted texts."""

    root: Path
    palette: dict[str, Color]
    safe: float
    lang: str = "en_US"
    icons: IconFinder = field(init=False)
    font_files: dict[str, Path] = field(default_factory=dict)
    _fits: dict[tuple, Any] = field(default_factory=dict)
    _measures: dict[int, richtext.Measure] = field(default_factory=dict)
    _said: set = field(default_factory=set)

    def __post_init__(self) -> None:
        self.icons = IconFinder(self.root)

    def measure(self, fonts) -> richtext.Measure:
        m = self._measures.get(id(fonts))
        if m is None:
            m = self._measures[id(fonts)] = richtext.Measure(fonts)
        return m

    def once(self, key) -> bool:
        """True the first time a key is seen: one finding per problem, not one per copy."""
        if key in self._said:
            return False
        self._said.add(key)
        return True


class Element:
    """One element of a layout: its type, name and a Value per property."""

    def __init__(self, name: str, table: dict[str, Any], scope: Scope, env: Env):
        self.name = name
        kind = table.get("type")
        if kind not in TYPES:
            raise DataError(f"element [{name}] has type {kind!r}; use one of "
                            f"{', '.join(TYPE_NAMES)}", scope.path, field=f"{name}.type")
        self.type = kind
        props = TYPES[kind]
        unknown = [k for k in table if k not in props and k not in ("type", "remove")]
        if unknown:
            raise DataError(f"element [{name}] ({kind}) has no property {unknown[0]!r}; it takes: "
                            f"{', '.join(sorted(props))}", scope.path, field=f"{name}.{unknown[0]}")
        self.values: dict[str, Any] = {}
        palette_colour = colour_in(scope.palette)
        for prop, (convert, default) in props.items():
            raw = table.get(prop, default)
            if convert == COLOUR:
                convert = palette_colour
            where = f"{name}.{prop}"
            if raw is None:
                self.values[prop] = None
            elif prop in NESTED:
                self.values[prop] = _nested(raw, scope, where)
            else:
                self.values[prop] = Value(raw, convert, scope, where)
        self.static = all(_static(v) for v in self.values.values())
        # per card only the values that depend on the row are worked out
        self._fixed = {k: _value(v, {}) for k, v in self.values.items() if _static(v)}
        self._varying = [(k, v) for k, v in self.values.items() if not _static(v)]
        self._when = self.values["when"]
        self._check(scope, env)

    def _check(self, scope: Scope, env: Env) -> None:
        """Constant mistakes found once, when the layout is read."""
        need = {"image": "src", "icon": "icon", "figure": "figure", "track": "cells"}.get(self.type)
        if need and self.values[need] is None:
            raise DataError(f"element [{self.name}] ({self.type}) needs {need!r}", scope.path,
                            field=f"{self.name}.{need}")
        figure = self.values.get("figure")
        if figure is not None and figure.static and figure.const not in FIGURES:
            raise DataError(f"no figure {figure.const!r}; known figures: "
                            f"{', '.join(sorted(FIGURES))}", scope.path,
                            field=f"{self.name}.figure")
        font = self.values.get("font")
        if font is not None and font.static:
            try:
                font_role(font.const, env)
            except ValueProblem as exc:
                raise DataError(str(exc), scope.path, field=f"{self.name}.font") from None
        if self.type == "polygon" and self.values["sides"].static:
            sides, points = self.values["sides"].const, self.values["points"]
            if points is None and sides < 3:
                raise DataError(f"polygon [{self.name}] needs sides (3 or more) or points",
                                scope.path, field=f"{self.name}.sides")

    def shown(self, ctx: dict[str, Any]) -> bool:
        return self._when.get(ctx)

    def get(self, ctx: dict[str, Any]) -> dict[str, Any]:
        values = dict(self._fixed)
        for k, v in self._varying:
            values[k] = _value(v, ctx)
        return values


def _nested(raw: Any, scope: Scope, where: str):
    if isinstance(raw, dict):
        return {k: Value(v, _same, scope, f"{where}.{k}") for k, v in raw.items()}
    if isinstance(raw, list):
        return [Value(v, _same, scope, f"{where}[{i}]") for i, v in enumerate(raw)]
    return Value(raw, _same, scope, where)


def _same(raw: Any) -> Any:
    return raw


def _static(v) -> bool:
    if v is None:
        return True
    if isinstance(v, dict):
        return all(x.static for x in v.values())
    if isinstance(v, list):
        return all(x.static for x in v)
    return v.static


def _value(v, ctx):
    if v is None:
        return None
    if isinstance(v, dict):
        return {k: x.get(ctx) for k, x in v.items()}
    if isinstance(v, list):
        return [x.get(ctx) for x in v]
    return v.get(ctx)


def font_role(font: str, env: Env) -> str:
    """A font role name, or a TrueType file in the game folder registered as its own role."""
    if font in ROLES:
        return font
    if font.lower().endswith(".ttf"):
        role = f"file:{font}"
        if role not in env.font_files:
            try:
                path = inside(env.root, font)
            except DataError as exc:
                raise ValueProblem(exc.message) from None
            if not path.is_file():
                raise ValueProblem(f"font file {font!r} not found in the game folder")
            try:
                register_font(path)  # a broken font is named now, not halfway through a build
            except DataError as exc:
                raise ValueProblem(f"{font}: {exc.message}") from None
            env.font_files[role] = path
        return role
    raise ValueProblem(f"font {font!r} is neither a role ({', '.join(ROLES)}) nor a .ttf file "
                       "in the game folder")


class Layout:
    """A compiled layout: its elements in drawing order."""

    def __init__(self, spec: LayoutSpec, scope_for, env: Env):
        self.path = spec.path
        self.env = env
        self.elements = []
        for name, table in spec.elements.items():
            scope = scope_for(spec.origins.get(name, spec.path))
            merged = {k: v for k, v in spec.defaults.items() if k in TYPES.get(table["type"], {})}
            merged.update(table)
            self.elements.append(Element(name, merged, scope, env))
        self.static = all(e.static for e in self.elements)

    # ---- geometry -----------------------------------------------------------------------
    def _frame(self, where: str, w: float, h: float, bleed: float):
        if where == "safe":
            m = self.env.safe
            return m, m, w - 2 * m, h - 2 * m
        if where == "bleed":
            return -bleed, -bleed, w + 2 * bleed, h + 2 * bleed
        return 0.0, 0.0, w, h

    def box(self, v: dict[str, Any], w: float, h: float, bleed: float):
        fx, fy, fw, fh = self._frame(v["from"], w, h, bleed)
        bw, bh = v["width"].of(fw), v["height"].of(fh)
        x = fx + v["x"].of(fw)
        top = fy + fh - v["y"].of(fh)
        return x, top - bh, bw, bh

    def boxes(self, ctx: dict[str, Any], w: float, h: float, bleed: float = 0.0) -> list[dict]:
        """Each shown element's box in points (trim box at 0, 0; y up), for proof overlays."""
        out = []
        for e in self.elements:
            try:
                v = e.get(ctx) if e.shown(ctx) else None
            except (ValueProblem, KeyError):
                continue
            if v is not None:
                x, y, bw, bh = self.box(v, w, h, bleed)
                out.append({"name": e.name, "type": e.type, "x": x, "y": y, "width": bw,
                            "height": bh, "rotate": v["rotate"]})
        return out

    # ---- drawing ------------------------------------------------------------------------
    def draw(self, s: Surface, ctx: dict[str, Any]) -> None:
        c = s.c
        for e in self.elements:
            try:
                if not e.shown(ctx):
                    continue
                v = e.get(ctx)
            except ValueProblem as exc:
                s.report(f'element "{e.name}" ({self.path.name}): {exc}', e.name)
                continue
            except KeyError as exc:
                s.report(f'element "{e.name}" ({self.path.name}): the row has no {exc}', e.name)
                continue
            x, y, bw, bh = self.box(v, s.w, s.h, s.bleed)
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
            s.element(e.name, x, y, bw, bh)  # the box proofs outline (turned with the element)
            try:
                DRAW[e.type](self, s, e, v, x, y, bw, bh)
            except ValueProblem as exc:
                s.report(f'element "{e.name}" ({self.path.name}): {exc}', e.name)
            if own:
                c.restoreState()

    def _problem(self, s: Surface, e: Element, message: str, level: str = "error") -> None:
        s.report(f'element "{e.name}" ({self.path.name}): {message}', e.name, level=level)


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
        if r > 0:
            s.c.roundRect(x, y, w, h, r, stroke=stroke, fill=fill)
        else:
            s.c.rect(x, y, w, h, stroke=stroke, fill=fill)


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
    dash = v["dash"].of(1)
    if dash > 0:
        c.setDash(dash, dash)
    c.line(x, y + h, x + w, y)
    if dash > 0:
        c.setDash()


def _polygon(L: Layout, s, e, v, x, y, w, h) -> None:
    """`points` as "x,y" pairs inside the box (lengths or %, from its top left), or a regular
    polygon of `sides` inscribed in the box (flat at the bottom; 6 sides: a flat-top hex)."""
    c = s.c
    if v["points"] is not None:
        pts = []
        for item in (v["points"] if isinstance(v["points"], list) else [v["points"]]):
            px, _, py = str(item).partition(",")
            if not py:
                raise ValueProblem(f"polygon point {item!r} is not \"x,y\"")
            pts.append((x + to_length(px).of(w), y + h - to_length(py).of(h)))
    else:
        n = int(v["sides"])
        if n < 3:
            raise ValueProblem(f"a polygon needs 3 or more sides, got {n}")
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
        raise ValueProblem(f"image {src!r}: {exc}") from None
    if w <= 0 or h <= 0:
        return
    fit = v["fit"]
    if not pic.vector:
        _, _, dw, dh = placement(pic, x, y, w, h, fit)
        dpi = effective_dpi(pic, dw, dh)
        if dpi < MIN_DPI and L.env.once(("dpi", e.name, src, round(dw), round(dh))):
            L._problem(s, e, f"image {src!r} prints at {dpi:.0f} dpi (under {MIN_DPI}); it will "
                       f"look blurred: use one of at least {round(pic.width * MIN_DPI / dpi)} x "
                       f"{round(pic.height * MIN_DPI / dpi)} pixels", "warning")
    draw_picture(s.c, pic, x, y, w, h, fit)


def layout_picture(L: Layout, src: str):
    """A picture file named by a layout or a row, checked once per file."""
    from ..data.images import checked_image

    if not src.lower().endswith(IMAGE_SUFFIXES):
        raise ValueProblem("use a .png, .jpg or .svg file")
    try:
        if src.lower().endswith(".svg"):
            path = inside(L.env.root, src)
            if not path.is_file():
                raise ValueProblem("not found in the game folder")
        else:
            path = checked_image(L.env.root, src, Source(L.path), "src")
        return picture(path)
    except DataError as exc:
        raise ValueProblem(exc.message) from None
    except ArtError as exc:
        raise ValueProblem(str(exc)) from None


def _icon(L: Layout, s, e, v, x, y, w, h) -> None:
    name = v["icon"].strip().strip(":")
    colour = v["colour"] or Color(0, 0, 0)
    if not L.env.icons.draw(s.c, name, x + w / 2, y + h / 2, min(w, h), colour):
        raise ValueProblem(f"no icon {name!r} (looked in icons/ and pnp's built-in icons)")


def _figure(L: Layout, s, e, v, x, y, w, h) -> None:
    fn = FIGURES.get(v["figure"])
    if fn is None:
        raise ValueProblem(f"no figure {v['figure']!r}; known: {', '.join(sorted(FIGURES))}")
    s.c.saveState()  # a figure is Python of its own: whatever state it sets stays inside
    try:
        fn(Figure(s.c, s, L.env.palette), x, y, w, h, v["args"] or {})
    except (ValueError, TypeError, KeyError) as exc:
        raise ValueProblem(f"figure {v['figure']!r}: {exc}") from None
    finally:
        s.c.restoreState()


def _text(L: Layout, s, e, v, x, y, w, h) -> None:
    text = v["text"]
    if not text.strip():
        return
    size = v["size"]
    min_size = v["min_size"] if v["min_size"] is not None else min(size, MIN_TEXT)
    if min_size > size:
        raise ValueProblem(f"min_size {min_size:g} is larger than size {size:g}")
    fonts = s.fonts
    role = _role(L, fonts, v["font"])
    for problem in _problems(L, fonts, text, role):
        L._problem(s, e, problem)
    m = L.env.measure(fonts)
    key = (text, role, round(w, 2), round(h, 2), size, min_size, v["leading"])
    fits = L.env._fits
    fitted = fits.get(key, False)
    if fitted is False:
        fitted = None
        if v["leading"] == LEADING and not richtext.has_markup(text):
            # plain text: the renderer's own fitting, words as plain strings (the common case,
            # and twice as fast); hyphenation below only when that does not fit
            fitted = plain_fit(fonts, text, w, h, size, min_size, role)
        if fitted is None:
            fitted = richtext.fit(fonts, m, text, role, w, h, size, min_size, v["leading"],
                                  L.env.lang)
        if len(fits) > FIT_CACHE:
            fits.clear()
        fits[key] = fitted
    if fitted is None:
        L._problem(s, e, f"text does not fit its box even at {min_size:g} pt: {text[:60]!r}")
        return
    top = y + h
    if v["valign"] == "middle":
        top = y + (h + fitted.height()) / 2
    elif v["valign"] == "bottom":
        top = y + fitted.height()
    colour = v["colour"] or Color(0, 0, 0)
    s.c.setFillColor(colour)
    if isinstance(fitted, PlainFitted):
        draw_fitted(s.c, fonts, fitted, x, top, w, role, v["align"])
        return

    def icon(name: str, ix: float, baseline: float, size: float) -> None:
        side = size * 0.9
        L.env.icons.draw(s.c, name, ix + size / 2, baseline + side / 2 - size * 0.08, side,
                         colour)
        s.c.setFillColor(colour)

    richtext.draw(s.c, fonts, m, fitted, x, top, w, v["align"], icon)


def _role(L: Layout, fonts, font: str) -> str:
    role = font_role(font, L.env)
    if role not in fonts.paths:
        fonts.paths[role] = L.env.font_files[role]
    return role


def _problems(L: Layout, fonts, text: str, role: str) -> list[str]:
    """Characters no font has and icons nobody drew, once per text and font."""
    key = ("problems", text, role)
    hit = L.env._fits.get(key)
    if hit is not None:
        return hit
    if not richtext.has_markup(text):
        gone = fonts.missing(text, role)
        out = [] if not gone else [
            f"no font has the character(s) {gone!r} in {text[:40]!r}; they would print as "
            "blanks (add a font with them under [fonts] in game.toml)"]
        L.env._fits[key] = out
        return out
    out = []
    paragraphs = richtext.parse(text, role)
    by_role: dict[str, list[str]] = {}
    for p in paragraphs:
        for word in p:
            for bit in word:
                if not bit.icon:
                    by_role.setdefault(bit.role, []).append(bit.text)
    for r, pieces in by_role.items():
        gone = fonts.missing("".join(pieces), r)
        if gone:
            out.append(f"no font has the character(s) {gone!r} in {text[:40]!r}; they "
                       "would print as blanks (add a font with them under [fonts] in "
                       "game.toml)")
    for name in richtext.icons_in(paragraphs):
        if L.env.icons.find(name) is None:
            out.append(f"no icon {name!r} for {text[:40]!r} (looked in icons/ and pnp's "
                       "built-in icons)")
    L.env._fits[key] = out
    return out


def _track(L: Layout, s, e, v, x, y, w, h) -> None:
    c = s.c
    n = v["cells"]
    try:
        cells = track_cells(n, v["path"], x, y, w, h)
    except ValueError as exc:
        raise ValueProblem(str(exc)) from None
    labels = _list(v["labels"])
    marked = {int(to_number(i)) for i in _list(v["highlight"])}
    start, step = v["start"], v["step"]
    role = _role(L, s.fonts, v["font"])
    for cell in cells:
        number = start + cell.index * step
        number_text = to_text(int(number) if float(number).is_integer() else number)
        label = labels[cell.index] if cell.index < len(labels) else number_text
        hot = (int(number) in marked) if float(number).is_integer() else False
        fill = v["highlight_fill"] if hot and v["highlight_fill"] is not None else v["fill"]
        stroke = 1 if v["stroke"] is not None else 0
        if fill is not None:
            c.setFillColor(fill)
        if stroke:
            c.setStrokeColor(v["stroke"])
            c.setLineWidth(v["stroke_width"].of(1))
        if stroke or fill is not None:
            c.rect(cell.x, cell.y, cell.w, cell.h, stroke=stroke, fill=int(fill is not None))
        c.setFillColor(v["colour"] or Color(0, 0, 0))
        size = min(v["size"], cell.h * 0.6, cell.w * 0.6)
        s.line(str(label), cell.x + cell.w / 2, cell.y + cell.h / 2 - size * 0.35, size,
               role if not hot else "bold", "centre", max_width=cell.w * 0.9, field=e.name)


def _list(value) -> list:
    if value is None:
        return []
    if isinstance(value, list):
        return [str(x).strip() for x in value]
    return [p.strip() for p in str(value).split(",") if p.strip()]


DRAW = {"text": _text, "rect": _rect, "ellipse": _ellipse, "line": _line, "polygon": _polygon,
        "image": _image, "icon": _icon, "figure": _figure, "track": _track}
assert set(DRAW) == set(TYPES)  # every element type has its drawer
