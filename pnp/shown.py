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
`[[check]]` rules name for a component, and, its rules being data, the card columns they read
that its faces print. check_faces() takes any mapping of piece kind to
fields, so rules kept as data can add theirs."""

from __future__ import annotations

import io
import re
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterable, Mapping, NamedTuple, Sequence

from .errors import DataError, Finding, did_you_mean, error
from .kit import Kit, Piece

SECTION = "shown"
DECLARED = f"game.toml [{SECTION}]"  # what asks a face to show a field, unless told otherwise
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


def check_kinds(table: Mapping[str, Any], kinds: Iterable[str], path: Path) -> None:
    """Each kind [shown] names is one of the kit's: a misspelt one would check nothing."""
    kinds = sorted(set(kinds))
    for kind in table:
        if kind not in kinds:
            raise DataError(f"no piece of the kit is of kind {kind!r}"
                            f"{did_you_mean(kind, kinds)}; its kinds: {', '.join(kinds)}", path,
                            field=f"{SECTION}.{kind}")


def forms(value: Any) -> tuple[str, ...]:
    """The ways a face may print a value: 0.5 as 0.5 or ½, 2 as 2 or two, a name in any case."""
    if isinstance(value, bool):
        return ()
    if isinstance(value, (int, float)):
        written = getattr(value, "written", None)  # a cell "2.50" prints as written
        out = [str(int(value)) if isinstance(value, int) else f"{float(value):g}"]
        if isinstance(written, str) and written not in out:
            out.insert(0, written)
        if "e" in out[-1]:  # a number %g writes with an exponent (1234567.5): as written too
            out.append(repr(float(value)))
        whole, part = divmod(Fraction(value).limit_denominator(8), 1)
        if part in FRACTIONS:
            out.append(f"{whole or ''}{FRACTIONS[part]}")
        if part == 0 and 0 <= whole < len(WORDS):
            out.append(WORDS[int(whole)])
        return tuple(dict.fromkeys(out))
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


class FaceChecks:
    """The meaning checks of the faces of some kinds of piece, read as each face is drawn
    (render/facelog.py hands over what each drew): a piece is checked once its front and any
    back drawn from its row are drawn, and nothing of it is kept but what it found, so a whole
    build keeps no face's elements. `findings()` draws on a scratch canvas what no drawing
    handed over (backs left out, a board's tiles) and returns what the checks found, as if
    every face had been read in the kit's order: the required fields of each kind
    (`required`), and each drawn colour group (`colours`: distinct.DrawnColours)."""

    def __init__(self, kit: Kit, required: Mapping[str, Sequence[str]],
                 colours: Sequence[Any] = (), root: Path | None = None,
                 why: Mapping[tuple[str, str], str] | None = None):
        """`why`: by (kind, field), what asks for it ("game.toml [shown]", the default)."""
        self.kit, self.root, self.why = kit, root, why or {}
        self.required = {kind: tuple(fields) for kind, fields in required.items()}
        self.colours = list(colours)
        self.kinds = {k for k, f in self.required.items() if f} | {c.kind for c in self.colours}
        self._all_words: dict[tuple[str, str], set[str]] = {}  # on any row of the kind
        checked = bytearray()  # by place among all the kit's pieces: one of those checked
        for piece, row in self._every():
            checked.append(row is not None)
            if row is not None:
                for f in self.required.get(piece.kind, ()):
                    self._all_words.setdefault((piece.kind, f), set()).update(_words(row, f))
        self._ahead = self._in_order(checked)  # the pieces not yet met, in the kit's order
        # the pieces met in the kit's order before they were drawn, and those with a side
        # drawn and another to come, by id: (place in the kit's order, sheet, piece[, sides])
        self._skipped: dict[int, tuple] = {}
        self._pending: dict[int, tuple] = {}
        self._words: dict[tuple[str, str], set[str]] = {}  # on the rows checked
        self._shared: dict[int, list | None] = {}  # a shared face's elements, by id(drawer)
        self._found: list[tuple[int, int, str, Any]] = []  # (order, seq, kind, finding)

    def _every(self):
        """(piece, its row if it is a piece of the kinds checked) of every piece."""
        for sheet in self.kit.face_sheets():  # (a grid board's cells and tiles too)
            for piece in sheet.pieces:
                yield piece, (_row(piece.front) if piece.kind in self.kinds else None)

    def _in_order(self, checked: bytearray):
        place, at = 0, 0
        for sheet in self.kit.face_sheets():
            for piece in sheet.pieces:
                if checked[place]:
                    yield at, sheet, piece
                    at += 1
                place += 1

    def drawn(self, piece: Piece, drawer, elements: list, failed: bool,
              context: dict | None = None) -> None:
        """A face of `piece` just drawn by `drawer`, with the elements its Surface kept, and the
        context it was drawn from (so the row need not be made again to check it)."""
        recorded = _recorded(drawer, elements, failed)
        if getattr(drawer, "shared", False):  # the same on every piece: drawn once, a form
            self._shared[id(drawer)] = recorded
        self._side(piece, drawer, recorded,
                   _row_of(context) if context is not None and drawer is piece.front else None)

    def reused(self, piece: Piece, drawer) -> None:
        """A face every piece shares, placed again as the form its first drawing made."""
        if id(drawer) in self._shared:
            self._side(piece, drawer, self._shared[id(drawer)])

    def _side(self, piece: Piece, drawer, recorded: list | None,
              row: dict | None = None) -> None:
        if piece.kind not in self.kinds:
            return
        sides = _sides(piece)
        if not any(d is drawer for d in sides):
            return
        met = self._pending.pop(id(piece), None) or self._met(piece)
        if met is None:  # checked already, or no piece whose row is checked
            return
        at, sheet, _, got = met if len(met) == 4 else (*met, {})
        for i, d in enumerate(sides):
            if d is drawer:
                got[i] = recorded
        if len(got) < len(sides):
            self._pending[id(piece)] = (at, sheet, piece, got)
            return
        self._face(at, piece, [got[i] for i in range(len(sides))], row)

    def _met(self, piece: Piece) -> tuple | None:
        """(place, sheet, piece) of a piece not yet drawn: the pieces drawn in the kit's
        order are met next and keep nothing; one drawn early leaves those before it kept."""
        hit = self._skipped.pop(id(piece), None)
        if hit is not None:
            return hit
        for at, sheet, p in self._ahead:
            if p is piece:
                return at, sheet, p
            self._skipped[id(p)] = (at, sheet, p)
        return None

    def _face(self, at: int, piece: Piece, sides: list, row: dict | None = None) -> None:
        """`row`: the front's, if its drawing handed it over."""
        if any(side is None for side in sides):
            return  # a face that could not be drawn is reported as such
        elements = [el for side in sides for el in side]
        if row is None:
            row = _row(piece.front)
        assert row is not None
        fields = self.required.get(piece.kind, ())
        for f in fields:
            self._words.setdefault((piece.kind, f), set()).update(_words(row, f))
        seq = 0
        for found in _piece_findings(piece, row, fields, elements, self.root,
                                     self._all_words, self.why):
            self._found.append((at, seq, piece.kind, found))
            seq += 1
        for group in self.colours:
            if group.kind == piece.kind:
                group.face(at, piece, row, elements)

    def findings(self, fonts) -> list[Finding]:
        """What the checks found on the required fields, every face read; the colour groups
        are then complete too (distinct.check reads them)."""
        canvas = None
        drawn: dict[int, list | None] = {}
        left = [(*met, {}) for met in (*self._skipped.values(), *self._ahead)]
        left += self._pending.values()
        self._skipped, self._pending = {}, {}
        for at, sheet, piece, got in sorted(left, key=lambda met: met[0]):
            sides = []
            for i, drawer in enumerate(_sides(piece)):
                if i not in got and id(drawer) not in drawn:
                    if canvas is None:
                        canvas = scratch_canvas(fonts)
                    drawn[id(drawer)] = _draw(canvas, fonts, drawer, sheet, piece)
                sides.append(got[i] if i in got else drawn[id(drawer)])
            self._face(at, piece, sides)
        out: list[Finding] = []
        self._found.sort(key=lambda item: item[:2])
        for kind, fields in self.required.items():
            if not fields:
                continue
            words = {f: self._words.get((kind, f), set()) for f in fields}
            resolved = [_resolved(found, words) for _, _, k, found in self._found if k == kind]
            out += _grouped([f for f in resolved if f is not None])
        return list(dict.fromkeys(out))


def _sides(piece: Piece) -> list:
    """The drawers of a piece's faces that show its row: its front, and a back drawn from the
    row (a back every card shares shows nothing of it)."""
    return [d for d in (piece.front, piece.back)
            if d is not None and (d is piece.front or _row(d))]


def _words(row: dict, f: str) -> set[str]:
    """The word a required field takes on a row (a suit, an element), if it is one."""
    value = str(row.get(f, "")).strip()
    # three or more ASCII letters (what [A-Za-z]{3,} matches, told without a pattern: this is
    # asked of every face)
    return {value.lower()} if len(value) >= 3 and value.isascii() and value.isalpha() else set()


def draw_faces(kit: Kit, fonts, kinds: Iterable[str]) -> dict[str, list[Face]]:
    """Every piece of these kinds drawn from a layout file (front and back), on a scratch
    canvas, with its row and the elements its drawing recorded. Faces drawn by Python code
    rather than a layout file are the engine's own and are left out."""
    faces: dict[str, list[Face]] = {}
    kinds = set(kinds)
    canvas = None
    drawn: dict[int, list | None] = {}
    for sheet in kit.face_sheets():
        for piece in sheet.pieces:
            row = _row(piece.front)
            if piece.kind not in kinds or row is None:
                continue
            elements: list | None = []
            for drawer in _sides(piece):
                if id(drawer) not in drawn:
                    if canvas is None:
                        canvas = scratch_canvas(fonts)
                    drawn[id(drawer)] = _draw(canvas, fonts, drawer, sheet, piece)
                got = drawn[id(drawer)]
                elements = None if got is None or elements is None else elements + got
            if elements is not None:
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
    return _row_of(context)


def _row_of(context: dict) -> dict[str, Any] | None:
    row = context.get("row", context)
    return row if isinstance(row, dict) else None


def scratch_draw(canvas, fonts, drawer, sheet, piece: Piece):
    """A face drawn on a scratch canvas: its Surface, with what the drawing recorded."""
    from .render.surface import Surface

    canvas.saveState()
    s = Surface(canvas, fonts, sheet.width, sheet.height, 0.0, piece.name, piece.source,
                untitled=piece.untitled, shape=sheet.shape, scratch=True)
    drawer(s)
    canvas.restoreState()
    return s


def _draw(canvas, fonts, drawer, sheet, piece: Piece) -> list | None:
    """The face's recorded elements, drawn on a scratch canvas, or None when drawing it went
    wrong."""
    s = scratch_draw(canvas, fonts, drawer, sheet, piece)
    return _recorded(drawer, s.elements, s.failed())


def _recorded(drawer, elements: list, failed: bool) -> list | None:
    """A drawn face's elements, each with the layout file that set it; None when drawing it
    went wrong (an expression that fails on the row, a text that does not fit: the render
    names it)."""
    if failed:
        return None
    layout = drawer.layout
    origins = layout.by_name
    return [(el, origins[el.name].origin if el.name in origins else layout.path)
            for el in elements]


def where(origin: Path, name: str, root: Path | None) -> str:
    try:
        shown = Path(origin).relative_to(root).as_posix() if root else Path(origin).name
    except ValueError:
        shown = Path(origin).name
    return f"{shown}:{name}"


def _check_kind(fields: Sequence[str], pieces, root: Path | None) -> list[Finding]:
    # the words a required field takes on this kind's rows (suits, elements): printed on a
    # row of another value, they contradict it
    words = {f: set().union(*(_words(r, f) for _, r, _ in pieces)) for f in fields}
    known = {(piece.kind, f): words[f] for piece, _, _ in pieces[:1] for f in fields}
    found = [_resolved(item, words) for piece, row, elements in pieces
             for item in _piece_findings(piece, row, fields, elements, root, known)]
    return _grouped([f for f in found if f is not None])


def _piece_findings(piece: Piece, row: dict, fields: Sequence[str], elements, root,
                    words: Mapping[tuple[str, str], set[str]],
                    why: Mapping[tuple[str, str], str] | None = None):
    """What one piece's faces get wrong about its row: findings, and _Contradiction
    candidates (another row's word printed), judged once every row's words are known."""
    for f in fields:
        asks = (why or {}).get((piece.kind, f), DECLARED)
        if f not in row and not row:  # a face drawn from no column (a layout of literals)
            yield error(f"{_files(piece, elements, root)}: no element shows the row's {f}, "
                        f"which a player needs ({asks})", piece.source, f)
            continue
        if f not in row:
            yield error(f"a face must show {f!r} ({asks}), which is not a field of a "
                        f"{piece.kind}'s row (its fields: {', '.join(row)})", piece.source, f)
            continue
        yield from _field(piece, row, f, elements, root, asks)
        yield from _contradicting(piece, row, f, words.get((piece.kind, f), set()), elements,
                                  root, fields)


class _Contradiction(NamedTuple):
    """An element printing words of the field's other rows (`others`, sorted): a finding if
    one of them is the word of a row whose face was checked."""

    piece: Piece
    field: str
    at: str
    own: str
    others: tuple[str, ...]


def _resolved(item, words: Mapping[str, set[str]]) -> Finding | None:
    if not isinstance(item, _Contradiction):
        return item
    other = [w for w in item.others if w in words[item.field]]
    if not other:
        return None
    return error(f"{item.at} prints {other[0]!r}, but the row's {item.field} is {item.own!r}",
                 item.piece.source, item.field)


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


def _field(piece: Piece, row: dict, f: str, elements, root, asks: str = "") -> list[Finding]:
    value = row[f]
    out = []
    readers = [(el, o) for el, o in elements if f in el.reads]
    empty = blank(value)
    showing = False  # whether an element drawn from the field shows its value
    for el, origin in readers:  # each such element must
        if empty:
            continue
        if shows(el.shows, value):
            showing = True
        elif not _a_word_of(value, el.shows):
            out.append(error(f"{where(origin, el.name, root)} prints {el.shows!r}, not the "
                             f"row's {_said(f, value)}", piece.source, f))
    for el, origin in elements:  # an element named for the field shows that field
        if el.name == f and f not in el.reads and el.shows.strip():
            what = (f"the literal {el.shows!r}" if not el.reads else
                    f"{el.shows!r} from {', '.join(el.reads)}")
            out.append(error(f"{where(origin, el.name, root)} prints {what} where the row's "
                             f"{_said(f, value)} is required: show it from its field, as "
                             "{{ " + f + " }}", piece.source, f))
    if empty or out or showing:
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
                      f"{_said(f, value)} is required: show it from its field, as {{{{ {f} }}}}",
                      piece.source, f)]
    return [error(f"{_files(piece, elements, root)}: no element shows the row's "
                  f"{_said(f, value)}, which a player needs ({asks or DECLARED})", piece.source,
                  f)]


def _files(piece: Piece, elements, root) -> str:
    """The layout files of a face: those its elements came from and the face's own (one
    that drew nothing, an empty file, is the one to look at, not only the other side)."""
    layouts = [getattr(d, "layout", None) for d in (piece.front, piece.back)]
    origins = {o for _, o in elements} | {lay.path for lay in layouts if lay is not None}
    return ", ".join(sorted({where(o, "", root).rstrip(":") for o in origins})) or "its layout"


def _a_word_of(value: Any, text: str) -> bool:
    """Whether a text drawn from a number prints no number at all, but a word it chose
    (`point{{ 's' if points != 1 }}`): no other value than the row's."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) \
        and not re.search(r"[\d½¼¾]", text)


def _contradicting(piece: Piece, row: dict, f: str, words: set[str], elements, root,
                   fields: Sequence[str]) -> list[_Contradiction]:
    own = str(row[f]).strip().lower()
    if not words - {own}:
        return []  # no other row's word to print (titles, numbers)
    out = []
    for el, origin in elements:
        if el.reads or (el.name in fields and el.name != f) or shows(el.shows, own):
            continue  # a text drawn from the data, or one naming this row's value too (a
            # legend: "quick beats strong"), may name others; one named for another field
            # is judged by that field
        other = tuple(sorted(w for w in words - {own} if shows(el.shows, w)))
        if other:
            out.append(_Contradiction(piece, f, where(origin, el.name, root), own, other))
    return out


def _said(f: str, value: Any) -> str:
    """The field and its value as a finding names them (worded only for a finding)."""
    shown = forms(value)
    return f"{f} ({shown[0] if shown else repr(value)})"


def deck_required(checks: Iterable) -> dict[str, tuple[str, ...]]:
    """A designer's game: the columns its [[check]] rules name, per component."""
    out: dict[str, list[str]] = {}
    for c in checks:
        if c.component and c.column not in out.setdefault(c.component, []):
            out[c.component].append(c.column)
    return {k: tuple(v) for k, v in out.items()}


def played_required(model) -> dict[str, tuple[str, ...]]:
    """A game whose rules are data: the card columns its rules read (the played ones) that
    its card faces print, each then printed as its value (not `rank * 2`). A played column no
    face prints is warned of by the rules' own checks."""
    rules = getattr(model, "rules", None)
    if rules is None:
        return {}
    component = next((c for c in model.components if c.name == rules.card_component), None)
    if component is None:
        return {}
    layouts = [component.front, *[b for b in component.backs.values() if b is not None]]
    printed = {n for layout in layouts for el in layout.elements for n in el.reads}
    return {component.name: tuple(sorted(rules.card_columns & printed))}


def merged(*tables: Mapping[str, Sequence[str]]) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for table in tables:
        for kind, fields in table.items():
            have = out.setdefault(kind, [])
            have += [f for f in fields if f not in have]
    return {k: tuple(v) for k, v in out.items()}
