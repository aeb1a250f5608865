"""A layout file compiled for one kind of piece: its elements, each property a constant or an
expression compiled once (values.py). Pure data: the drawing is pnp/faces/draw.py.

Geometry: x and y are measured from the top-left corner of the element's frame (`from = trim`,
`safe` (3 mm inside the trim unless the component says otherwise) or `bleed`), rightwards and
downwards, as designers measure a card; width and height default to the whole frame; `%` is of
the frame; an element `below` another has its top where that one ends on the face (worked out
when drawn: pnp/faces/draw.py). Boxes come out in PDF points, y up, trim box at (0, 0)."""

from __future__ import annotations


from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..colours import Colour
from ..files import inside
from ..fontfile import ROLES, check_font
from ..otf import find_installed, not_installed_hint, searched_folders
from ...errors import DataError, DataErrors, did_you_mean
from .elements import COLOUR, NESTED, SHAPES, TYPE_NAMES, TYPES
from .spec import LayoutSpec
from .relations import below_of, inherit, placing_order
from .values import FALSE, Length, Scope, Value, ValueProblem, colour_in, literal

PLACING = ("type", "remove", "below", "gap")  # keys of a table that are no property

BOOL_WORDS = FALSE | {"true", "yes", "1", "on", "y"}  # a `when` written as a plain constant

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")


@dataclass
class Env:
    """What every layout of a game shares: its folder, palette, safe margin, language, the font
    files its layouts name, and a place for the drawing side's caches."""

    root: Path
    palette: dict[str, Colour]
    safe: float
    lang: str = "en_US"
    font_files: dict[str, Path] = field(default_factory=dict)
    caches: dict[str, Any] = field(default_factory=dict)
    # compiles a layout file a `layout` element places (the game's compiler sets it: nested.py)
    compile: Callable[..., "Layout"] | None = None
    # the pictures found missing or unreadable when the game opened (an error said then), by
    # the name a row or a layout gives: a forced build draws a box there, said no more
    pictures_said: set[str] = field(default_factory=set)


class Element:
    """One element of a layout: its type, name and a Value per property."""

    def __init__(self, name: str, table: dict[str, Any], scope: Scope, env: Env,
                 below: tuple[str, Length] | None = None,
                 defaulted: dict[str, Path] | None = None):
        """`below`: the element this one sits under and the gap between (relations.py);
        `defaulted`: its properties from [defaults], by the file that gave each."""
        self.name = name
        self.below = below
        self.origin: Path = scope.path  # the layout file that set it last (a base, maybe)
        self.defaulted = defaulted or {}
        kind = table.get("type")
        if kind not in TYPES:
            near = did_you_mean(kind, TYPES) if isinstance(kind, str) else ""
            raise DataError(f"element [{name}] has type {kind!r}{near}; use one of "
                            f"{', '.join(TYPE_NAMES)}", scope.path, field=f"{name}.type")
        self.type = kind
        props = TYPES[kind]
        wrong = [DataError(f"element [{name}] ({kind}) has no property {k!r}"
                           f"{did_you_mean(k, props)}; it takes: {', '.join(sorted(props))}",
                           scope.path, field=f"{name}.{k}")
                 for k in table if k not in props and k not in PLACING]
        wrong += self._read_values(name, table, props, scope)
        if wrong:  # each bad property said, not only the first
            raise DataErrors(wrong)
        # per card only the values that depend on the row are worked out
        self._fixed = {}
        self._varying = []
        for k, v in self.values.items():
            if _static(v):
                self._fixed[k] = _value(v, {})
            else:
                self._varying.append((k, v))
        self.static = not self._varying
        self._when = self.values["when"]
        # the names its content and its `when` read (row columns among them: pnp/shown.py)
        self.reads = tuple(sorted({n for p in CONTENT if p in self.values
                                   for n in _names(self.values[p])}))
        self.when_reads = _names(self._when)
        self.text_column = _text_column(self.values.get("text"), scope.columns)
        self.paints = tuple(sorted({n for p, (convert, _) in props.items() if convert == COLOUR
                                    for n in _names(self.values.get(p))}))
        self.fixed_box = below is None and all(_static(self.values.get(k))
                                               for k in ("x", "y", "width", "height", "from"))
        self.box_memo: tuple | None = None
        when = table.get("when")
        if isinstance(when, str) and "{" not in when and when.strip().lower() not in BOOL_WORDS:
            raise DataError(f"element [{name}] has when = {when!r}, which is always true; an "
                            f"expression goes in braces: when = \"{{{{ {when.strip()} }}}}\"",
                            scope.path, field=f"{name}.when")
        self._check(scope, env)
        self.placed = None  # a layout element's layout and row (nested.py)
        if kind == "layout":
            from .nested import placed

            self.placed = placed(name, self.values, scope, env)
            self.static = self.static and self.placed.static

    def _read_values(self, name: str, table: dict[str, Any], props: dict,
                     scope: Scope) -> list[DataError]:
        """A Value (or a constant) per property, and the columns its colours come from; the
        mistakes of those that do not compile."""
        wrong = []
        self.values: dict[str, Any] = {}
        self.colour_columns: list[str] = []  # columns used as colours: checked on every row
        palette_colour = colour_in(scope.palette)
        for prop, (convert, default) in props.items():
            raw = table.get(prop, default)
            if convert == COLOUR:
                convert = palette_colour
                column = _column(raw) if isinstance(raw, str) else None
                if column:
                    self.colour_columns.append(column)
            where = f"{name}.{prop}"
            try:
                if raw is None:
                    self.values[prop] = None
                elif prop in NESTED:
                    self.values[prop] = _nested(raw, scope, where)
                else:
                    self.values[prop] = _constant(raw, convert, scope, where) or Value(
                        raw, convert, scope, where)
            except DataError as exc:
                wrong += exc.each()
        return wrong

    def _check(self, scope: Scope, env: Env) -> None:
        """Constant mistakes found once, when the layout is read."""
        need = {"image": "src", "icon": "icon", "figure": "figure", "track": "cells",
                "layout": "layout"}.get(self.type)
        if need and self.values[need] is None:
            raise DataError(f"element [{self.name}] ({self.type}) needs {need!r}", scope.path,
                            field=f"{self.name}.{need}")
        font = self.values.get("font")
        if font is not None and font.static:
            try:
                font_role(font.const, env)
            except ValueProblem as exc:
                raise DataError(str(exc), scope.path, field=f"{self.name}.font") from None
        size, min_size = self.values.get("size"), self.values.get("min_size")
        if (size is not None and min_size is not None and size.static and min_size.static
                and min_size.const > size.const):  # (once here, not on every card it draws)
            path, field = self.set_at("min_size")
            raise DataError(f"element [{self.name}]: min_size {min_size.const:g} is larger than "
                            f"size {size.const:g}", path, field=field)
        if self.type == "polygon" and self.values["sides"] is None \
                and self.values["points"] is None:
            raise DataError(f"polygon [{self.name}] needs sides (3 or more) or points",
                            scope.path, field=f"{self.name}.sides")

    def set_at(self, prop: str) -> tuple[Path, str]:
        """The layout file and field that gave a property its value: the element's own, or
        its layout's [defaults]."""
        if prop in self.defaulted:
            return self.defaulted[prop], f"defaults.{prop}"
        return self.origin, f"{self.name}.{prop}"

    def constant(self, *props: str) -> bool:
        """Whether these properties are the same on every piece (no expression reads the
        row): a problem of theirs is the layout file's, said once."""
        return all(p in self._fixed for p in props)

    def shown(self, ctx: dict[str, Any]) -> bool:
        try:
            return self._when.get(ctx)
        except (ValueProblem, KeyError) as exc:
            exc.prop = "when"  # type: ignore[union-attr]  # the finding names the property
            raise

    def get(self, ctx: dict[str, Any]) -> dict[str, Any]:
        values = dict(self._fixed)
        for k, v in self._varying:
            try:
                values[k] = _value(v, ctx)
            except (ValueProblem, KeyError) as exc:
                exc.prop = k  # type: ignore[union-attr]  # the finding names the property
                raise
        return values


# Constant values already converted, by converter and text: most properties of most elements
# are the defaults ("0mm", "100%", "trim", "none"...), the same in every element of every layout.
_CONSTANTS: dict[tuple, Value] = {}


def _constant(raw: Any, convert, scope: Scope, where: str) -> Value | None:
    """The Value of a constant converted before (it is never changed once made), or None."""
    if isinstance(raw, str) and ("{{" in raw or "{%" in raw):
        return None
    key = (convert, type(raw), raw)  # (1, 1.0 and True are equal keys, but not the same text)
    try:
        hit = _CONSTANTS.get(key)
    except TypeError:  # a list: made each time
        return None
    if hit is None:
        hit = Value(raw, convert, scope, where)  # a wrong one is named here, as it was
        if len(_CONSTANTS) > 4096:
            _CONSTANTS.clear()
        _CONSTANTS[key] = hit
    return hit


def _column(raw: str) -> str | None:
    from .values import _PLAIN

    m = _PLAIN.match(raw)
    return m.group(1) if m else None


def _nested(raw: Any, scope: Scope, where: str):
    if isinstance(raw, dict):
        return {k: Value(v, _same, scope, f"{where}.{k}") for k, v in raw.items()}
    if isinstance(raw, list):
        return [Value(v, _same, scope, f"{where}[{i}]") for i, v in enumerate(raw, 1)]
    return Value(raw, _same, scope, where)


# the properties that say what an element shows a player (the rest place and paint it)
CONTENT = ("text", "icon", "src", "figure", "args", "cells", "labels", "highlight")


def _names(v) -> tuple[str, ...]:
    """The names a value (or a nested table or list of values) reads."""
    if v is None:
        return ()
    if isinstance(v, dict):
        return tuple(n for x in v.values() for n in _names(x))
    if isinstance(v, list):
        return tuple(n for x in v for n in _names(x))
    if v.static:
        return ()
    return (v.column,) if v.column else tuple(v.names)


def _text_column(v, columns) -> str | None:
    """The one column a text is drawn from (`{{ text }}`, `{{ text | upper }}`), which a
    problem with what it prints is named by: the spreadsheet has that column, not the
    element; None for a text made of several columns or words of the layout's own."""
    if not isinstance(v, Value) or v.static:
        return None
    if v.column is not None:
        return v.column if v.column in columns else None
    names = set(v.names)
    if len(names) != 1 or not names <= set(columns) or literal(v.raw).strip():
        return None
    return names.pop()


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


def _reads(v, name: str) -> bool:
    """Whether a property's value (or any item of a nested one) reads `name`."""
    if isinstance(v, dict):
        return any(_reads(x, name) for x in v.values())
    if isinstance(v, list):
        return any(_reads(x, name) for x in v)
    return v is not None and not v.static and (v.column == name
                                               or name in getattr(v, "names", ()))


def _value(v, ctx):
    if v is None:
        return None
    if isinstance(v, dict):
        return {k: x.get(ctx) for k, x in v.items()}
    if isinstance(v, list):
        return [x.get(ctx) for x in v]
    return v.get(ctx)


def font_role(font: str, env: Env) -> str:
    """A font role name, or a TrueType or OpenType file in the game folder or a font installed
    on this computer (by family or full name, as [fonts] takes them), registered as its own
    role."""
    if font in ROLES:
        return font
    if font.lower().endswith((".ttf", ".otf")):
        role = f"file:{font}"
        if role not in env.font_files:
            try:
                path = inside(env.root, font)
            except DataError as exc:
                raise ValueProblem(exc.message) from None
            if not path.is_file():
                raise ValueProblem(f"font file {font!r} not found in the game folder")
            try:
                check_font(path)  # a broken font is named now, not halfway through a build
            except DataError as exc:
                raise ValueProblem(f"{font}: {exc.message}") from None
            env.font_files[role] = path
        return role
    role = f"installed:{font.strip().lower()}"
    if role not in env.font_files:  # a font installed on this computer, by family or full name
        # looked for once a name: a per-row font expression naming a font nobody installed
        # must not walk the font folders again on every row
        missing = env.caches.setdefault("fonts not installed", set())
        found = None if role in missing else find_installed(font)
        if found is None:
            missing.add(role)
            raise ValueProblem(not_installed_hint(font) or (
                f"font {font!r}{did_you_mean(font, ROLES)} is neither a role "
                f"({', '.join(ROLES)}), a .ttf or .otf file in "
                f"the game folder nor a font installed on this computer (looked in "
                f"{searched_folders()}): install it, or copy its font file into the game folder "
                "and give the file's name here"))
        try:
            check_font(found)
        except DataError as exc:
            raise ValueProblem(f"{font} ({found}): {exc.message}") from None
        env.font_files[role] = found
    return role


def _element(spec: LayoutSpec, name: str, table: dict[str, Any], scope_for, env: Env,
             below: dict[str, str]) -> Element:
    """The element `name` of the layout, compiled; `below` notes the one it sits under."""
    scope = scope_for(spec.origins.get(name, spec.path))
    merged = {k: v for k, v in spec.defaults.items() if k in TYPES.get(table["type"], {})}
    merged.update(table)
    under = below_of(name, table, spec)
    if under is not None:
        below[name] = under[0]
    return Element(name, merged, scope, env, under,
                   {k: spec.defaults_from[k] for k in merged.keys() - table.keys()})


class Layout:
    """A compiled layout: its elements in drawing order."""

    def __init__(self, spec: LayoutSpec, scope_for, env: Env):
        self.path = spec.path
        self.env = env
        self.elements = []
        # the mistakes of the elements left out (one bad element does not hide the others':
        # the compiler says them all, and a game with any is not drawn)
        self.problems: list[DataError] = []
        below: dict[str, str] = {}
        for name, table in inherit(spec).items():
            try:
                self.elements.append(_element(spec, name, table, scope_for, env, below))
            except DataError as exc:
                self.problems += exc.each()
        self.by_name = {e.name: e for e in self.elements}
        # the elements others sit below, in the order to measure them (each after the one it
        # sits under); empty when no element sits below another
        self.placing = [self.by_name[n] for n in placing_order(below, spec) if n in self.by_name]
        self.static = all(e.static for e in self.elements)
        self.reads_ink_saver = any(_reads(v, "ink_saver") for e in self.elements
                                   for v in e.values.values())
        # a shape listed after a text may paint over it (faces/covered.py looks, per face,
        # only in such a layout: most draw their shapes first)
        texts = [i for i, e in enumerate(self.elements) if e.type == "text"]
        self.shapes_over_text = bool(texts) and any(
            e.type in SHAPES for e in self.elements[texts[0] + 1:])

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
        return self._place(v, fx, fy, fw, fh)

    def element_box(self, e: "Element", v: dict[str, Any], w: float, h: float, bleed: float,
                    ends: dict[str, tuple[float, bool]] | None = None):
        """box(), remembered for an element whose geometry is the same on every row; an
        element placed below another has its top where that one ends (`ends`: by name, the
        height it ends at and whether it printed anything; nothing printed: it takes no room,
        and no gap either)."""
        if e.below is not None:
            x, y, bw, bh = self.box(v, w, h, bleed)
            end = (ends or {}).get(e.below[0])
            if end is None:  # its values failed (reported where it is drawn)
                return x, y, bw, bh
            top = end[0] - (e.below[1].of(self._frame(v["from"], w, h, bleed)[3])
                            if end[1] else 0.0)
            return x, top - bh, bw, bh
        if not e.fixed_box:
            return self.box(v, w, h, bleed)
        key = (w, h, bleed)
        if e.box_memo is None or e.box_memo[0] != key:
            e.box_memo = (key, self.box(v, w, h, bleed))
        return e.box_memo[1]

    @staticmethod
    def _place(v: dict[str, Any], fx: float, fy: float, fw: float, fh: float):
        bw, bh = v["width"].of(fw), v["height"].of(fh)
        x = fx + v["x"].of(fw)
        top = fy + fh - v["y"].of(fh)
        return x, top - bh, bw, bh

    def boxes(self, ctx: dict[str, Any], w: float, h: float, bleed: float = 0.0) -> list[dict]:
        """Each shown element's box in points (trim box at 0, 0; y up), for proof overlays."""
        if self.reads_ink_saver and "ink_saver" not in ctx:
            ctx = {**ctx, "ink_saver": False}
        out = []
        ends: dict[str, tuple[float, bool]] = {}  # (boxes, not text: an element below a text
        for e in self.placing:                  # sits under its box here)
            try:
                placed, shown = e.get(ctx), e.shown(ctx)
            except (ValueProblem, KeyError):
                continue
            x, y, bw, bh = self.element_box(e, placed, w, h, bleed, ends)
            ends[e.name] = (y, True) if shown else (y + bh, False)
        for e in self.elements:
            try:
                v = e.get(ctx) if e.shown(ctx) else None
            except (ValueProblem, KeyError):
                continue
            if v is not None:
                x, y, bw, bh = self.element_box(e, v, w, h, bleed, ends)
                out.append({"name": e.name, "type": e.type, "x": x, "y": y, "width": bw,
                            "height": bh, "rotate": v["rotate"]})
        return out

