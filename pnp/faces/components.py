"""The components of a game made from data alone: each `[[component]]` in game.toml names its
rows (a CSV file, a workbook sheet or a published sheet link), its size and shape, and the
layout files of its faces.

    [[component]]
    name = "card"                 # what the print guide and the manifest count
    type = "card"                 # card, token, tile, board or mat
    data = "cards.xlsx#Monsters"  # optional for a board drawn once
    size = "poker"                # or width/height; tokens: diameter; hex tiles: size
    front = "layouts/front.toml"  # or a starter shipped with pnp: "starter:card"
    back = "layouts/back.toml"    # optional
    back_column = "back"          # optional: a column naming each row's back layout
    count = "count"               # the column of copies (default: "count" when there is one)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from math import sqrt
from pathlib import Path
from typing import Any, Callable

from ..data.files import (MAX_COPIES, MAX_PIECES, Column, Record, WrittenFloat, WrittenInt,
                          cell_number, convert_cell, inside, unread_copies)
from ..data.game import GameFolder, finding, rect_size
from ..data.tables import COMPONENT_KEYS as KEYS, check_entry
from ..data.sheets import Table, read_table
from ..errors import DataError, Source, entry_field, error, warning
from ..data.layouts.compiled import Env, Layout
from ..data.layouts.spec import load_spec, resolve
from ..data.layouts.values import Scope, ValueProblem
from ..units import MM, length, size as size_of

TYPES = ("card", "token", "tile", "board", "mat")
LAYOUT_MISTAKES_SHOWN = 30  # listed in one run; the rest are counted in one line
SHAPES = ("rect", "circle", "hex")


@dataclass
class Component:
    """One [[component]]: its rows, size, shape and the layouts of its faces."""

    name: str
    type: str
    title: str
    shape: str
    width: float
    height: float
    table: Table
    front: Layout
    backs: dict[str, Layout | None]  # by layout reference; "" is the component's own back
    back_column: str | None
    counts: list[int]
    base: dict[str, Any]  # what every row's context holds: palette, game, the vars
    two_sided: bool
    gap: float
    source: Source
    grid: Any = None  # a faces.grid.Grid: the rows are its cells ([component.grid])
    tessellate: bool = False  # tiles packed edge to edge, one cut per shared side
    sheet_area: tuple[float, float] | None = None  # what a page of such tiles covers on the
    # game's own paper (a build on other paper packs them again: tessellate.for_paper)
    group: str | None = None  # the column whose values' pieces print together (a side's counters)
    count_column: str | None = None  # the column of copies, if the rows have one

    @property
    def on_sheets(self) -> bool:
        return self.type not in ("board", "mat")

    def back_for(self, i: int) -> Layout | None:
        if self.back_column:
            ref = str(self.table.rows[i][self.back_column]).strip()
            if ref:
                return self.backs[ref]
        return self.backs[""]

    def context(self, i: int) -> dict[str, Any]:
        """Row i as its layouts' expressions see it (made when drawn, not kept); a grid's
        cell label stays text."""
        if self.grid is not None and self.grid.label_column:
            return context(self.table.rows[i], self.base,
                           {self.grid.label_column: self.grid.label_of.get(i, "")})
        return context(self.table.rows[i], self.base)


@dataclass
class Compiler:
    """Compiles each layout file once per component: expressions are checked against the
    component's own columns, and those that use only its constants are worked out once."""

    folder: GameFolder
    env: Env
    palette: dict
    _done: dict = field(default_factory=dict)
    _chosen: list[Layout] = field(default_factory=list)  # the chosen game's, as compiled
    _said: set = field(default_factory=set)  # the layout mistakes noted, each once
    _unsaid: dict = field(default_factory=dict)  # those past LAYOUT_MISTAKES_SHOWN, by file
    _summary: int | None = None  # where in folder.problems the line counting them is

    def __post_init__(self) -> None:
        self.env.compile = self.layout  # a `layout` element's file, compiled as a face's is

    def _variant(self, spec, variant=None) -> None:
        """A variant's properties (default: the chosen one's) for the elements of this layout
        file."""
        from ..data.variants import override_elements

        variant = variant or self.folder.variant
        if variant is None:
            return
        for named in self._changes(variant, spec.path):
            override_elements(spec, variant.elements[named], self.folder.toml_path,
                              f"variants.{variant.name}.elements.{named}")

    def _changes(self, variant, path: Path) -> list[str]:
        """The layout files under the variant's [elements] that are the one at `path`."""
        folder = self.folder
        return [named for named in variant.elements
                if inside(folder.path, named, Source(folder.toml_path),
                          f"variants.{variant.name}.elements.{named}").resolve() == path.resolve()]

    def _compiled(self, spec, columns, constants: dict[str, Any]) -> Layout:
        scopes: dict[Path, Scope] = {}

        def scope_for(path: Path) -> Scope:
            if path not in scopes:
                scopes[path] = Scope(path, columns, self.palette, constants)
            return scopes[path]

        return Layout(spec, scope_for, self.env)

    def layout(self, ref: str, columns, constants: dict[str, Any], where: Source,
               field_name: str) -> Layout:
        key = (ref, tuple(columns), id(constants))
        hit = self._done.get(key)
        if hit is None:
            spec = load_spec(self.folder.path, ref, where, field_name)
            self._variant(spec)
            if not spec.elements:  # (a face to leave blank names no layout at all)
                self.folder.problems.append(warning(
                    "the layout has no elements: every face drawn from it prints blank",
                    Source(spec.path)))
            hit = self._done[key] = self._compiled(spec, columns, constants)
            self._chosen.append(hit)
            self.note(*hit.problems)
        return hit

    def note(self, *problems: DataError, said: str = "") -> None:
        """Note mistakes found in layout files (`said`: the variant's words before each), so
        one run names them all; past LAYOUT_MISTAKES_SHOWN they are counted in one line (a
        generated folder of 10,000 broken elements is not 10,000 lines)."""
        for exc in problems:
            found = finding(exc if not said else DataError(said + exc.message, exc.path,
                                                            exc.row, exc.field))
            if found in self._said:  # (a file compiled for two components)
                continue
            self._said.add(found)
            if len(self._said) <= LAYOUT_MISTAKES_SHOWN:
                self.folder.problems.append(found)
            else:
                file = found.source.at() if found.source else "?"
                self._unsaid[file] = self._unsaid.get(file, 0) + 1
                self._count_unsaid()

    def _count_unsaid(self) -> None:
        """The line that says how many layout mistakes were not listed, and in which files."""
        files = list(self._unsaid)
        n = sum(self._unsaid.values())
        line = error(f"{n:,} more {'mistake' if n == 1 else 'mistakes'} in layout files, not "
                     f"listed (in {', '.join(files[:5])}{', ...' if len(files) > 5 else ''}): "
                     "fix those above and run again")
        problems = self.folder.problems
        if self._summary is None:
            self._summary = len(problems)
            problems.append(line)
        else:
            problems[self._summary] = line

    def in_variants(self, ref: str | None, columns,
                    theirs: Callable[[dict[str, Any], Any], tuple[Any, str, dict]]) -> None:
        """The layout file of this face in each variant not chosen, compiled as the face's
        `ref` is when it is another file or the variant changes its elements (nothing is drawn):
        a mistake in a layout only a variant uses is said whichever is built, naming the
        variant. `theirs(config, variant)`: the variant's file (None: none of the variant's to
        check), the field of game.toml naming it and the names its expressions may read."""
        folder = self.folder
        for name, (config, variant) in folder.others.items():
            other, named_at, constants = theirs(config, variant)
            if other is None or (other == ref and not variant.elements):
                continue
            key = (name, other, tuple(columns), id(constants))
            if key in self._done:
                continue
            said = f"{named_at} = {other!r}"
            try:
                if not isinstance(other, str) or not other.strip():
                    raise DataError("a layout is a file name such as \"layouts/card.toml\"",
                                    folder.toml_path, field=named_at)
                where = Source(folder.toml_path)
                if other == ref:  # (the same file: only what the variant changes of it)
                    changed = self._changes(variant, resolve(folder.path, other, where,
                                                             named_at))
                    if not changed:
                        continue
                    said = named_at = f"variants.{name}.elements.{changed[0]}"
                spec = load_spec(folder.path, other, where, named_at)
                self._variant(spec, variant)
                self._done[key] = self._compiled(spec, columns, constants)
                self.note(*self._done[key].problems, said=f"variant {name!r} ({said}): ")
                self._unchosen(self._done[key], name, said, config)
            except DataError as exc:
                if exc.path == folder.toml_path and exc.field == named_at:
                    raise  # (said at the variant's own field already)
                raise DataError(f"variant {name!r} ({said}): {exc.message}",
                                exc.path, exc.row, exc.field) from None

    def _unchosen(self, layout: Layout, name: str, said: str, config: dict[str, Any]) -> None:
        """Kept for what only the drawing side can check, with the fonts (a leading under
        their letters: draw.unchosen_leadings); a variant with fonts of its own is left to its
        own build (its [fonts] are read when it is chosen)."""
        if config.get("fonts") == self.folder.config.get("fonts"):
            self.folder.unchosen.append(Unchosen(layout, name, said, self._chosen))


@dataclass
class Unchosen:
    """A layout only a variant not chosen uses, compiled and not drawn: the variant's name,
    how game.toml names the layout, and the chosen game's layouts (all of them once loaded)."""

    layout: Layout
    variant: str
    said: str
    chosen: list[Layout]


def _size(folder: GameFolder, table: dict, kind: str, shape: str, where: str) -> tuple[float, float]:
    path = folder.toml_path
    if "diameter" in table and shape != "circle":  # (a 25 mm square card was printed)
        raise DataError(f"diameter is a round piece's size (a token, or shape = \"circle\"); a "
                        f"{shape} {kind}'s is size, or width and height", path,
                        field=f"{where}.diameter")
    if shape == "circle":
        also = [k for k in ("size", "width", "height") if k in table]
        if "diameter" in table and also:  # (one of them was silently left unused)
            raise DataError(f"give diameter, not also {' and '.join(also)} (a round token's "
                            "size is its diameter)", path, field=f"{where}.diameter")
        given = "diameter" if "diameter" in table else "size"  # (the key written is named)
        d = size_of(table.get(given, ""), path, field=f"{where}.{given}")
        return d, d
    if shape == "hex":
        also = [k for k in ("width", "height") if k in table]
        if "size" in table and also:  # (a hex is sized corner to corner: `size` alone)
            raise DataError(f"give size, not also {' and '.join(also)} (a hex is as wide as its "
                            "size, corner to corner)", path, field=f"{where}.size")
        w = size_of(table.get("size", table.get("width", "")), path, field=f"{where}.size")
        return w, w * sqrt(3) / 2  # flat-top: corner to corner across, flat to flat up
    return rect_size(table, path, where, kind)


def _text(table: dict, key: str, path: Path, where: str, default: Any = None) -> Any:
    value = table.get(key, default)
    if value is not None and not isinstance(value, str):
        raise DataError(f"{key} must be a text, got {value!r}", path, field=f"{where}.{key}")
    return value


def auto(value: Any) -> Any:
    """A cell as an expression sees it: numbers as numbers (so `cost > 3` works), else text; a
    number printed as its cell is written (a card "007" is not "7", a price "2.50" not "2.5")."""
    if isinstance(value, str):
        text = value.strip()
        number = cell_number(text)  # (the rule every reader of a cell keeps: ASCII digits)
        if number is None:
            return value
        whole_float = isinstance(number, float) and number.is_integer()
        if str(number) == text and not whole_float:  # ("1.0" is not: pnp prints 1.0 as 1)
            return number
        if isinstance(number, int):
            return WrittenInt(number, text)
        return WrittenFloat(number, text)
    return value


def context(row: Record, base: dict[str, Any], text: dict[str, str] | None = None
            ) -> dict[str, Any]:
    """`text`: columns given as they are to be seen, not read as numbers."""
    values = {k: auto(v) for k, v in row.items()}
    values.update(text or {})
    return {**base, **values, "row": values}


def read_component(folder: GameFolder, table: dict, index: int, compiler: Compiler,
                   base: dict[str, Any], legacy: bool = False) -> Component:
    path = folder.toml_path
    where = f"component[{index}]"
    check_entry(table, "component", KEYS, path, where)
    name = _text(table, "name", path, where)
    if not name:
        raise DataError("each [[component]] needs a name (what the kit counts, e.g. \"card\")",
                        path, field=f"{where}.name")
    # [[component]] "card", field "width"; a legacy deck's keys are its [card] table's
    where = name if legacy else entry_field("component", name)
    kind = _text(table, "type", path, where, "card")
    if kind not in TYPES:
        raise DataError(f"type {kind!r} is not one of: {', '.join(TYPES)}", path,
                        field=f"{where}.type")
    shape = _shape(table, kind, path, where)
    # a grid's cells give the size (read with the grid below, once its rows are)
    w, h = (0.0, 0.0) if "grid" in table else _size(folder, table, kind, shape, where)
    origin = Source(path)
    rows, count_col = _rows(folder, table, origin, where)
    front, backs, back_column, own, rows = _faces(table, rows, compiler, base, origin, name,
                                                  where)
    rows, counts = _good_rows(folder, rows, count_col, [front, *backs.values()], compiler, own)
    gap = length(table.get("gap", 0), path, field=f"{where}.gap")
    if not 0 <= gap <= 20 * MM:
        raise DataError("gap must be between 0 and 20mm", path, field=f"{where}.gap")
    two_sided = _flag(table, "two_sided", path, where)
    tessellate = _flag(table, "tessellate", path, where)
    grid = None
    if "grid" in table:
        from .grid import read_grid

        grid = read_grid(folder, table["grid"], where, rows, compiler.palette, kind)
        if kind in ("board", "mat"):
            w, h = grid.width, grid.height
        else:  # each cell's row a tile of the grid's cell, cut edge to edge
            w, h = grid.lattice.cell_w, grid.lattice.cell_h
            tessellate = True
    elif tessellate and (kind != "tile" or shape != "hex"):
        raise DataError("tessellate packs hex tiles edge to edge (type = \"tile\", shape = "
                        "\"hex\"); cards and square tiles with gap = 0 share cut lines "
                        "already", path, field=f"{where}.tessellate")
    plural = "" if kind in ("board", "mat") or name.endswith("s") else "s"
    title = _text(table, "title", path, where, name.replace("-", " ").replace("_", " ")
                  .capitalize() + plural)
    area = None
    if tessellate:
        from ..layout.paper import game_paper
        from .tessellate import AREA, sheet_area

        paper = game_paper(folder.config, path)  # a build on other paper packs them again
        area = sheet_area(*paper.size) if paper else AREA
    group = _group(table, kind, rows, path, where)
    return Component(name, kind, title, shape, w, h, rows, front, backs, back_column, counts,
                     own, two_sided, gap, origin, grid, tessellate, area, group, count_col)


def _shape(table: dict, kind: str, path: Path, where: str) -> str:
    shape = _text(table, "shape", path, where,
                  "circle" if kind == "token" and "diameter" in table else "rect")
    if shape not in SHAPES:
        raise DataError(f"shape {shape!r} is not one of: {', '.join(SHAPES)}", path,
                        field=f"{where}.shape")
    if "grid" in table:  # the grid's cells have the last word (pnp/faces/grid.py)
        from .grid import shape_of

        return shape_of(table["grid"], kind, path, where)
    return shape


def _copies(column: str) -> Column:
    """The column of a row's copies: a whole number from 0, one when empty."""
    return Column(column, "int", default=1, min=0, max=MAX_COPIES)


def _rows(folder: GameFolder, table: dict, origin: Source, where: str
          ) -> tuple[Table, str | None]:
    """The component's rows with their defaults (without data, one empty row: a board), and
    their column of copies: `count`, else a column named count, else none (one a row)."""
    path = origin.path
    data = _text(table, "data", path, where)
    if data is not None and not data.strip():
        raise DataError("data names the file of the rows (data = \"cards.csv\"); leave it out "
                        "for a component without rows (a board)", path, field=f"{where}.data")
    data = folder.read_as(data) if data else None  # a variant may read another
    if data:
        rows = read_table(folder.path, data, origin, f"{where}.data",
                          _text(table, "cache", path, where))
    else:
        rows = Table("game.toml", (), [Record({}, origin)])
    rows = with_defaults(rows, table.get("defaults", {}), path, f"{where}.defaults")
    count_col = _text(table, "count", path, where, "count" if "count" in rows.columns else None)
    if count_col and count_col not in rows.columns:
        raise DataError(f"count column {count_col!r} is not in {rows.name} (its columns: "
                        f"{rows.columns_said()})", path, field=f"{where}.count")
    if count_col in rows.defaulted:  # a bad default is game.toml's, not each row's
        try:
            convert_cell(str(table["defaults"][count_col]), _copies(count_col), origin)
        except DataError as exc:
            raise DataError(exc.message, path, field=f"{where}.defaults.{count_col}") from None
    said = None if "count" in table else unread_copies(rows.name, rows.columns, count_col,
                                                         "game.toml")
    if said:
        folder.problems.append(warning(said, Source(folder.toml_path), f"{where}.count"))
    return rows, count_col


def _faces(table: dict, rows: Table, compiler: Compiler, base: dict[str, Any], origin: Source,
           name: str, where: str
           ) -> tuple[Layout, dict[str, Layout | None], str | None, dict, Table]:
    """(front, backs by reference, back_column, what the layouts read besides the row, the
    rows whose back layout is one)."""
    path = origin.path
    front_ref = _text(table, "front", path, where)
    if not front_ref:
        raise DataError(f"{name} needs a front layout: front = \"layouts/{name}.toml\" or a "
                        "starter such as \"starter:card\"", path, field=f"{where}.front")
    vars_ = table.get("vars", {})
    if not isinstance(vars_, dict):
        raise DataError("vars must be a table", path, field=f"{where}.vars")
    own = {**base, **vars_}
    front = compiler.layout(front_ref, rows.columns, own, origin, f"{where}.front")
    backs: dict[str, Layout | None] = {"": None}
    back_ref = _text(table, "back", path, where)
    if back_ref:
        backs[""] = compiler.layout(back_ref, rows.columns, own, origin, f"{where}.back")
    for key, ref in (("front", front_ref), ("back", back_ref)):
        compiler.in_variants(ref, rows.columns, _in_variant(compiler.folder, table, base, name,
                                                             key, own))
    back_column = _text(table, "back_column", path, where)
    if back_column:
        if back_column not in rows.columns:
            raise DataError(f"back_column {back_column!r} is not in {rows.name}", path,
                            field=f"{where}.back_column")
        rows = _rows_with_backs(rows, back_column, backs, compiler, own)
    return front, backs, back_column, own, rows


def _rows_with_backs(rows: Table, column: str, backs: dict[str, Layout | None],
                     compiler: Compiler, own: dict[str, Any]) -> Table:
    """The rows whose back_column cell names a layout (compiled into `backs`); a cell naming
    none (no such file, a data file, game.toml) is noted at its row and the row left out, so
    one run names every such row. A mistake inside a layout file is that file's: raised."""
    kept, wrong = [], {}
    for r in rows.rows:
        ref = str(r[column]).strip()
        if ref and ref not in backs and ref not in wrong:
            try:
                backs[ref] = compiler.layout(ref, rows.columns, own, r.source, column)
            except DataError as exc:
                if (exc.path, exc.row) != (r.source.path, r.source.row):
                    raise
                wrong[ref] = exc.message
        if ref in wrong:
            compiler.folder.note(DataError(wrong[ref], r.source.path, r.source.row, column))
            continue
        kept.append(r)
    return rows if len(kept) == len(rows.rows) else replace(rows, rows=kept)


def _in_variant(folder: GameFolder, table: dict, base: dict[str, Any], name: str, key: str,
                own: dict[str, Any]) -> Callable[[dict[str, Any], Any], tuple[Any, str, dict]]:
    """What Compiler.in_variants checks of the component's `key` layout (front, back) in a
    variant not chosen: its file, where game.toml names it and the names it reads (its vars).
    A variant reading the rows from elsewhere (another data file, other defaults) is left to
    its own build: their columns are known once they are read."""
    def rows_of(component: dict, files: dict) -> tuple:
        data = str(component.get("data") or "").split("#")[0]
        return component.get("data"), files.get(data), component.get("defaults")

    chosen = folder.variant.files if folder.variant else {}

    def theirs(config: dict[str, Any], variant) -> tuple[Any, str, dict]:
        component = next((c for c in config.get("component") or []
                          if isinstance(c, dict) and c.get("name") == name), None)
        if component is None or rows_of(component, variant.files) != rows_of(table, chosen):
            return None, "", own
        written = next((c for c in folder.written.get("component") or []
                        if isinstance(c, dict) and c.get("name") == name), {})
        field_name = f"{entry_field('component', name)}.{key}" \
            if component.get(key) == written.get(key) else \
            f"variants.{variant.name}.component.{name}.{key}"
        vars_ = component.get("vars", {})
        return component.get(key), field_name, {**base, **vars_} if isinstance(vars_, dict) \
            else own

    return theirs


def _good_rows(folder: GameFolder, rows: Table, count_col: str | None,
               faces: list[Layout | None], compiler: Compiler,
               base: dict[str, Any]) -> tuple[Table, list[int]]:
    """The rows whose cells read (count, pictures, colours) and each one's copies. A bad cell
    is noted and its row left out, so one run names every bad row."""
    layouts = list({id(x): x for x in faces if x is not None}.values())
    for layout in layouts:
        note_fixed_images(layout, compiler)
    copies = _copies(count_col or "count")
    kept, counts = [], []
    images, colours = picture_columns(layouts), colour_columns(layouts)
    made = templated_pictures(layouts)
    good: set = set()  # cells already found good: a deck repeats its colours and pictures
    blank: list[int] = []  # rows whose count is left empty: one copy, said once a file
    for r in rows.rows:
        if count_col and not str(r[count_col]).strip():
            blank.append(r.source.row or 0)
        try:
            n = convert_cell(str(r[count_col]), copies, r.source) if count_col else 1
            check_row_colours(colours, r, compiler.palette, good)
        except DataError as exc:
            folder.note(exc)
            continue
        # an error, but the row is kept: --force prints a box where the picture goes
        for name, missing in row_picture_problems(images, made, r, base, compiler.env.root,
                                                  good):
            folder.note(missing, row_kept=True)
            compiler.env.pictures_said.add(name)
        kept.append(r)
        counts.append(n)
    if blank:
        folder.problems.append(_blank_counts(blank, rows.rows[0].source.path, count_col))
    rows = replace(rows, rows=kept)
    if sum(counts) > MAX_PIECES:
        raise DataError(f"the counts add up to {sum(counts):,} pieces; a kit holds at most "
                        f"{MAX_PIECES:,}", rows.rows[0].source.path, field=count_col)
    return rows, counts


def _blank_counts(rows: list[int], path: Path, column: str | None):
    """A warning: an empty count prints one copy, which a designer who blanked it to leave a
    card out for now (as in nanDECK) would not expect."""
    shown = ", ".join(map(str, rows[:8])) + (f" and {len(rows) - 8} more" if len(rows) > 8 else "")
    return warning(f"{'row' if len(rows) == 1 else 'rows'} {shown}: the count is empty, so one "
                   "copy prints (write 1, or 0 to leave the row out)", Source(path), column)


def _flag(table: dict, key: str, path: Path, where: str) -> bool:
    value = table.get(key, False)
    if not isinstance(value, bool):
        raise DataError(f"{key} must be true or false", path, field=f"{where}.{key}")
    return value


def _group(table: dict, kind: str, rows: Table, path: Path, where: str) -> str | None:
    """The column whose pieces print together on the sheet: `group = "side"`, or for counters
    (tokens) a `side` column by itself (a wargame's sides on their own stretch of the sheet);
    `group = ""` keeps the rows' order."""
    if "group" not in table:
        return "side" if kind == "token" and "side" in rows.columns else None
    value = table["group"]
    if not isinstance(value, str):
        raise DataError("group names a column: group = \"side\"", path, field=f"{where}.group")
    if value and value not in rows.columns:
        raise DataError(f"group column {value!r} is not in {rows.name} (its columns: "
                        f"{rows.columns_said()})", path, field=f"{where}.group")
    return value or None


def read_components(folder: GameFolder, palette: dict, constants: dict[str, Any]
                    ) -> tuple[Component, ...]:
    """Every [[component]] of game.toml (or the legacy deck's one), its layouts compiled once.
    `constants`: what every expression may name besides its row (palette colours, `game`)."""
    items = folder.config.get("component")
    legacy = items is None
    if items is None:
        items = [legacy_component(folder)]
    elif not isinstance(items, list):
        raise DataError("components are [[component]] tables", folder.toml_path,
                        field="component")
    safe = length(folder.get("layout", "safe", (str, int, float), default="3mm"),
                  folder.toml_path, field="layout.safe")
    lang = folder.get("layout", "language", default="en_US")
    compiler = Compiler(folder, Env(folder.path, palette, safe, lang), palette)
    components = tuple(read_component(folder, item, i, compiler, constants, legacy)
                       for i, item in enumerate(items, 1))
    seen: dict[str, int] = {}
    for i, c in enumerate(components, 1):  # names are how checks and the guide call them
        first = seen.setdefault(c.name.casefold(), i)
        if first != i:
            raise DataError(f"component {i} is named {c.name!r}, as component {first} is; give "
                            "each [[component]] its own name", folder.toml_path,
                            field=f"component[{i}].name")
    return components


def with_defaults(rows: Table, defaults: Any, path: Path, where: str) -> Table:
    """Optional columns: a column the data lacks takes its default on every row."""
    if not isinstance(defaults, dict):
        raise DataError("defaults must be a table of column = value", path, field=where)
    missing = {k: v for k, v in defaults.items() if k not in rows.columns}
    if not missing:
        return rows
    records = [Record({**missing, **dict(r)}, r.source) for r in rows.rows]
    return replace(rows, columns=rows.columns + tuple(missing), rows=records,
                   defaulted=rows.defaulted + tuple(missing))


def picture_columns(layouts: list[Layout]) -> list[str]:
    """The columns whose cells name a picture an image element draws."""
    found = [e.values["src"].column for layout in layouts for e in layout.elements
             if e.type == "image" and e.values.get("src") is not None]
    return list(dict.fromkeys(c for c in found if c is not None))


def colour_columns(layouts: list[Layout]) -> list[str]:
    """The columns the layouts paint with."""
    return list(dict.fromkeys(c for layout in layouts for e in layout.elements
                              for c in e.colour_columns))


def templated_pictures(layouts: list[Layout]) -> list:
    """The image elements whose picture an expression makes of the row (`{{ name }}.png`)."""
    return [e for layout in layouts for e in layout.elements
            if e.type == "image" and e.values.get("src") is not None
            and not e.values["src"].static and e.values["src"].column is None]


def row_picture_problems(columns: list[str], made: list, row: Record, base: dict[str, Any],
                         root: Path, good: set) -> list[tuple[str, DataError]]:
    """Every picture the row names that is missing or broken, with its data error naming the
    file, row and column (or the element's src, for one templated_pictures() make of the row),
    checked when the game opens (not a finding at print time). `good`: the files already found
    good, not checked again."""
    names = [(str(row[column]).strip(), column) for column in columns]
    if made:
        ctx = context(row, base)
        names += [(made_src(e, ctx), f"{e.name}.src") for e in made]
    out = []
    for name, field_name in names:
        try:
            _row_picture(name, row.source, root, good, field_name)
        except DataError as exc:
            out.append((name, exc))
    return out


def made_src(e, ctx: dict[str, Any]) -> str:
    """The picture image element `e` makes of the context `ctx` (a face's row); "" for one
    whose expression fails, or hidden on the row: left to its drawing."""
    try:
        return str(e.values["src"].get(ctx)).strip() if e.shown(ctx) else ""
    except (ValueProblem, KeyError):
        return ""


def made_picture(e, ctx: dict[str, Any], source: Source, root: Path, good: set) -> None:
    """made_src's picture, checked as a column's is and named at `source` and the element's
    src (a DataError)."""
    _row_picture(made_src(e, ctx), source, root, good, f"{e.name}.src")


def _row_picture(name: str, source: Source, root: Path, good: set, field_name: str) -> None:
    """A picture a row names: a missing or broken file is a DataError at the row and field.
    `good`: the files already found good, not checked again."""
    if not name or ("image", name) in good:
        return
    _picture(root, name, source, field_name)
    good.add(("image", name))  # a bad one raised above: each of its rows is named


def check_row_colours(columns: list[str], row: Record, palette, good: set) -> None:
    """A column a layout paints with must hold colours: a bad one is named by row and column
    when the game opens. `good`: the cells already found good, not parsed again."""
    for column in columns:
        if column not in row:  # a palette colour or a component's var, not a column
            continue
        cell = str(row[column]).strip()
        if (cell and cell.lower() not in ("none", "transparent")
                and ("colour", cell) not in good):
            from ..data.colours import parse_colour

            parse_colour(cell, palette, row.source.path, row.source.row, column)
            good.add(("colour", cell))


def note_fixed_images(layout: Layout, compiler: Compiler) -> None:
    """The pictures the layout names itself, checked once: a file of another kind is a mistake
    of the layout (said with its others); a missing or unreadable one an error whose faces are
    drawn all the same (art not made yet: --force prints a box where it goes)."""
    from ..data.images import as_typed
    from ..data.layouts.compiled import IMAGE_SUFFIXES

    for element in layout.elements:
        src = element.values.get("src") if element.type == "image" else None
        name = str(src.const).strip() if src is not None and src.static else ""
        if not name:
            continue
        where = f"{element.name}.src"
        if not name.lower().endswith(IMAGE_SUFFIXES):
            compiler.note(DataError(f"image {as_typed(name)}: use a .png, .jpg or .svg file",
                                    layout.path, field=where))
            continue
        try:
            _picture(layout.env.root, name, Source(layout.path), where)
        except DataError as exc:
            compiler.folder.note(exc, row_kept=True)
            layout.env.pictures_said.add(name)


def _picture(root: Path, name: str, source: Source, field_name: str) -> None:
    """A picture a row or a layout names, checked: an SVG is there (read when drawn), a PNG or
    JPEG is there and whole; else a DataError at `source` and the field, naming the file as
    typed with the hints at the one meant (case, a close name, a Windows path)."""
    from ..data.images import checked_image, present_image

    if name.lower().endswith(".svg"):
        _readable_svg(present_image(root, name, source, field_name), root, name, source,
                      field_name)
    else:
        checked_image(root, name, source, field_name)


def _readable_svg(path: Path, root: Path, name: str, source: Source, field_name: str) -> None:
    """An SVG is read when the game opens, as a PNG is: one pnp cannot read (no size, broken
    XML, an entity bomb, a link out of the folder) is an error of the row and the field that
    names it, the file named as typed (svg.py names the file it reads by its name alone)."""
    from ..data.images import as_typed
    from .art import ArtError, picture

    try:
        picture(path, root)  # (read once: the faces draw what this read)
    except ArtError as exc:
        said, own = str(exc), f"SVG {path.name!r}"
        said = said[len(own):] if said.startswith(own) else f": {said}"
        raise DataError(f"image {as_typed(name)}{said}", source.path, source.row,
                        field_name) from None


def legacy_component(folder: GameFolder) -> dict[str, Any]:
    """A game.toml without [[component]] (what `pnp new` made before layouts): one deck of
    cards.csv with [card] size and [back] colour and text, drawn by the deck starters."""
    table: dict[str, Any] = {"name": "card", "type": "card", "data": "cards.csv",
                             "front": "starter:deck-front", "back": "starter:deck-back",
                             "title": "Cards"}
    if "card" not in folder.config:
        raise DataError("the game has no [[component]]: add one for each kind of piece "
                        "([[component]] name = \"card\" data = \"cards.csv\" ...)",
                        folder.toml_path, field="component")
    w, h = folder.card_size()
    table["width"], table["height"] = f"{w}pt", f"{h}pt"
    title = folder.get("game", "title")
    table["defaults"] = {"text": "", "image": "", "count": 1}
    table["vars"] = {"back_colour": folder.get("back", "colour", default="#333333"),
                     "back_text": folder.get("back", "text", default=title)}
    return table
