"""Faces show what the rules need: each game declares in game.toml, per kind of piece, the
fields of its row a player must see (`[shown]`), and every face is checked as drawn, from the
recording its Surface keeps (the boxes proofs outline, each with what it showed and the fields
it read). A required value must be drawn by an element that reads its own field; an element
that reads a field must show that field's value (not `value + 1`); and no element may print
another row's word for a required field (every suit printed as STEALTH). Findings name the
row, the field, the layout file and the element.

    [shown]
    "monster card" = ["value", "suit", "element", "coins", "kind", "boss_vp"]

A designer's own game (`pnp new`) requires, beyond its [shown] table, every column its
`[[check]]` rules name for a component. check_faces() takes any mapping of piece kind to
fields, so rules kept as data can add theirs."""

from __future__ import annotations

import io
import re
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from .errors import DataError, Finding, error
from .kit import Kit, Piece

SECTION = "shown"
WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve")
FRACTIONS = {Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾"}


def declared(folder) -> dict[str, tuple[str, ...]]:
    """game.toml's [shown]: piece kind -> the fields its faces must show."""
    table = folder.config.get(SECTION, {})
    if not isinstance(table, dict):
        raise DataError(f"[{SECTION}] maps a kind of piece to the fields its faces must show",
                        folder.toml_path, field=SECTION)
    out = {}
    for kind, fields in table.items():
        if not isinstance(fields, list) or not all(isinstance(f, str) for f in fields):
            raise DataError("a list of the row's fields a player must see, as [\"value\", "
                            "\"suit\"]", folder.toml_path, field=f"{SECTION}.{kind}")
        out[kind] = tuple(fields)
    return out


def forms(value: Any) -> tuple[str, ...]:
    """The ways a face may print a value: 0.5 as 0.5 or ½, 2 as 2 or two, a name in any case."""
    if isinstance(value, bool):
        return ()
    if isinstance(value, (int, float)):
        out = [f"{value:g}"]
        whole, part = divmod(Fraction(value).limit_denominator(8), 1)
        if part in FRACTIONS:
            out.append(f"{whole or ''}{FRACTIONS[part]}")
        if part == 0 and 0 <= whole < len(WORDS):
            out.append(WORDS[int(whole)])
        return tuple(out)
    text = str(value).strip()
    return (text, text.replace("_", " ")) if text else ()


def _pattern(form: str) -> re.Pattern:
    if form[:1].isdigit() or form[:1] in "½¼¾-":  # a number: not part of a longer one
        return re.compile(rf"(?<![\d.,]){re.escape(form)}(?![\d½¼¾]|[.,]\d)")
    return re.compile(rf"(?<!\w){re.escape(form)}(?!\w)", re.IGNORECASE)


def shows(text: str, value: Any) -> bool:
    """Whether a drawn text prints the value (in one of its forms)."""
    options = forms(value)
    if text in options:  # the whole text is the value (most elements): no pattern to compile
        return True
    if text.isascii():  # (ASCII letters match ignoring case exactly when lower() does)
        lower = text.lower()
        options = tuple(f for f in options if not f.isascii() or f.lower() in lower)
    return any(_pattern(f).search(text) for f in options)


def blank(value: Any) -> bool:
    """A value nothing needs to show: empty, or zero (no coins, no boss VP)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value == 0
    return not str(value or "").strip()


Face = tuple  # (piece, its row, [(recorded Element, the layout file that set it)])


def draw_faces(kit: Kit, fonts, kinds: Iterable[str], log=None) -> dict[str, list[Face]]:
    """Every piece of these kinds drawn from a layout file (front and back), with its row and
    the elements its drawing recorded: as the build's PDF drew it when `log` (a
    render/facelog.py FaceLog) kept it, else on a scratch canvas. Faces drawn by Python code
    rather than a layout file are the engine's own and are left out."""
    kinds = set(kinds)
    faces: dict[str, list[Face]] = {}
    if not kinds:
        return faces
    canvas = None
    drawn: dict[int, list | None] = {}
    for sheet in kit.face_sheets():  # (a grid board's cells and tiles too)
        for piece in sheet.pieces:
            row = _row(piece.front)
            if piece.kind not in kinds or row is None:
                continue
            elements: list | None = []
            for drawer in (piece.front, piece.back):
                if drawer is None or (drawer is piece.back and not _row(drawer)):
                    continue  # a back every card shares shows nothing of the row
                if id(drawer) not in drawn:
                    kept = log.elements(drawer) if log is not None else None
                    if kept is not None:
                        drawn[id(drawer)] = _recorded(drawer, *kept)
                    else:
                        if canvas is None:
                            canvas = scratch_canvas(fonts)
                        s = scratch_draw(canvas, fonts, drawer, sheet, piece)
                        drawn[id(drawer)] = _recorded(
                            drawer, s.elements, any(f.level == "error" for f in s.findings))
                got = drawn[id(drawer)]
                elements = None if got is None or elements is None else elements + got
            if elements is not None:  # (a face that could not be drawn is reported as such)
                faces.setdefault(piece.kind, []).append((piece, row, elements))
    return faces


def check_faces(faces: Mapping[str, list[Face]], required: Mapping[str, Sequence[str]],
                root: Path | None = None) -> list[Finding]:
    """Each drawn face against its row, for the fields `required` names for its kind."""
    out: list[Finding] = []
    for kind, fields in required.items():
        if fields and faces.get(kind):
            out += _check_kind(fields, faces[kind], root)
    return list(dict.fromkeys(out))


def scratch_canvas(fonts):
    """A canvas to draw faces the build's PDF did not draw on, for what they record."""
    from reportlab.pdfgen.canvas import Canvas

    return Canvas(io.BytesIO(), initialFontName=fonts["regular"])


def _row(drawer) -> dict[str, Any] | None:
    context = getattr(drawer, "context", None)
    if getattr(drawer, "layout", None) is None or not isinstance(context, dict):
        return None
    row = context.get("row", context)
    return row if isinstance(row, dict) else None


def scratch_draw(canvas, fonts, drawer, sheet, piece: Piece):
    """A face drawn on a scratch canvas: its Surface, with what the drawing recorded."""
    from .render.surface import Surface

    canvas.saveState()
    s = Surface(canvas, fonts, sheet.width, sheet.height, 0.0, piece.name, piece.source,
                shape=sheet.shape)
    drawer(s)
    canvas.restoreState()
    return s


def _recorded(drawer, elements: list, failed: bool) -> list | None:
    """A drawn face's elements, each with the layout file that set it; None when drawing it
    went wrong (an expression that fails on the row, a text that does not fit: the render
    names it)."""
    if failed:
        return None
    origins = {e.name: e.origin for e in drawer.layout.elements}
    return [(el, origins.get(el.name, drawer.layout.path)) for el in elements]


def where(origin: Path, name: str, root: Path | None) -> str:
    try:
        shown = Path(origin).relative_to(root).as_posix() if root else Path(origin).name
    except ValueError:
        shown = Path(origin).name
    return f"{shown}:{name}"


def _check_kind(fields: Sequence[str], pieces, root: Path | None) -> list[Finding]:
    # the words a required field takes on this kind's rows (suits, elements): printed on a
    # row of another value, they contradict it
    vocab = {f: {str(r[f]).strip().lower() for _, r, _ in pieces
                 if re.fullmatch(r"[A-Za-z]{3,}", str(r.get(f, "")).strip())} for f in fields}
    found: list[Finding] = []
    for piece, row, elements in pieces:
        for f in fields:
            if f not in row:
                found.append(error(f"[{SECTION}] requires {f!r}, which is not a field of a "
                                   f"{piece.kind}'s row (its fields: {', '.join(row)})",
                                   piece.source, f))
                continue
            found += _field(piece, row, f, elements, root)
            found += _contradicting(piece, row, f, vocab[f], elements, root, fields)
    return _grouped(found)


def _grouped(found: list[Finding]) -> list[Finding]:
    """One finding per layout element and field: the first row it fails on, and how many
    others (a broken element fails on every card of its kind)."""
    groups: dict[tuple, list[Finding]] = {}
    for f in found:
        groups.setdefault((f.message.split(" ", 1)[0], f.field, f.level), []).append(f)
    out = []
    for same in groups.values():
        first = same[0]
        rows = {f.source for f in same}
        more = f" (and on {len(rows) - 1} other row{'s' if len(rows) > 2 else ''})" \
            if len(rows) > 1 else ""
        out.append(error(first.message + more, first.source, first.field))
    return out


def _field(piece: Piece, row: dict, f: str, elements, root) -> list[Finding]:
    value = row[f]
    said = f"{f} ({_said(value)})"
    out = []
    readers = [(el, o) for el, o in elements if f in el.reads]
    for el, origin in readers:  # an element drawn from the field shows its value
        if not blank(value) and not shows(el.shows, value):
            out.append(error(f"{where(origin, el.name, root)} prints {el.shows!r}, not the "
                             f"row's {said}", piece.source, f))
    for el, origin in elements:  # an element named for the field shows that field
        if el.name == f and f not in el.reads and el.shows.strip():
            what = (f"the literal {el.shows!r}" if not el.reads else
                    f"{el.shows!r} from {', '.join(el.reads)}")
            out.append(error(f"{where(origin, el.name, root)} prints {what} where the row's "
                             f"{said} is required: show it from its field, as "
                             "{{ " + f + " }}", piece.source, f))
    if blank(value) or out or any(shows(el.shows, value) for el, _ in readers):
        return out
    if isinstance(value, str) and any(f in el.when and shows(el.shows, value)
                                      for el, _ in elements):
        return out  # a band shown for the value that names it ("TRAP" for a trap)
    if any(f in el.paints for el, _ in elements):
        return out  # a colour that stands for it (the terrain of a tile); distinct.py checks it
    named = [(el, o) for el, o in elements if el.name.startswith(f) and el.shows]
    if named:
        el, origin = named[0]
        return [error(f"{where(origin, el.name, root)} prints {el.shows!r} where the row's "
                      f"{said} is required: show it from its field, as {{{{ {f} }}}}",
                      piece.source, f)]
    files = sorted({where(o, "", root).rstrip(":") for _, o in elements}) or ["its layout"]
    return [error(f"{', '.join(files)}: no element shows the row's {said}, which a player "
                  f"needs (game.toml [{SECTION}])", piece.source, f)]


def _contradicting(piece: Piece, row: dict, f: str, words: set[str], elements, root,
                   fields: Sequence[str]) -> list[Finding]:
    own = str(row[f]).strip().lower()
    out = []
    for el, origin in elements:
        if el.reads or (el.name in fields and el.name != f) or shows(el.shows, own):
            continue  # a text drawn from the data, or one naming this row's value too (a
            # legend: "quick beats strong"), may name others; one named for another field
            # is judged by that field
        other = sorted(w for w in words - {own} if shows(el.shows, w))
        if other:
            out.append(error(f"{where(origin, el.name, root)} prints {other[0]!r}, but the "
                             f"row's {f} is {own!r}", piece.source, f))
    return out


def _said(value: Any) -> str:
    return forms(value)[0] if forms(value) else repr(value)


def deck_required(checks: Iterable) -> dict[str, tuple[str, ...]]:
    """A designer's game: the columns its [[check]] rules name, per component."""
    out: dict[str, list[str]] = {}
    for c in checks:
        if c.component and c.column not in out.setdefault(c.component, []):
            out[c.component].append(c.column)
    return {k: tuple(v) for k, v in out.items()}


def merged(*tables: Mapping[str, Sequence[str]]) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for table in tables:
        for kind, fields in table.items():
            have = out.setdefault(kind, [])
            have += [f for f in fields if f not in have]
    return {k: tuple(v) for k, v in out.items()}
