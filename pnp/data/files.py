"""Reading a game folder's files safely: paths stay inside the folder, text is decoded with a
clear message, TOML and CSV errors name the file, row and field."""

from __future__ import annotations

import csv
import io
import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from ..errors import DataError, Source, UnreadableFile

MAX_FILE_BYTES = 20 * 1024 * 1024  # a data file larger than this is a mistake, not a deck
MAX_ROWS = 60_000  # rows of one CSV file: far beyond any game (pnp bench builds 54,000)
MAX_COLUMNS = 1_000  # columns of one table: a game's rows have tens
MAX_CELLS = 2_000_000  # cells of one table (60,000 rows of 33 columns), read into memory at once
MAX_PIECES = 60_000  # pieces in one kit: some 6,700 pages of cards; more is a typo in a count
MAX_COPIES = 1000    # copies of one row (a component's count column, the rules' [cards] count)
# column names a sheet gives its copies under, besides "count": unbound, each row prints once
# (not "number" or "amount": a card's number, a gain's amount)
COUNT_LIKE = ("qty", "quantity", "copies", "count", "cnt")


def exact_whole(value: Any) -> bool:
    """A float that is a whole number a double holds exactly (|x| <= 2**53), which reads and
    prints as an int; a larger one stays a float (1.2345678901234568e+29), as its last digits
    are the double's noise, not the spreadsheet's."""
    return isinstance(value, float) and value.is_integer() and abs(value) <= 2 ** 53


class _Written:
    """A number cell Python would print otherwise ("007", "-05", "2.50", "1.0"): compared and
    counted as its number, printed as written (also in a list, or formatted without a number's
    type: `"{:>5}"`)."""

    written: str
    number: type  # int or float, what it is counted as

    def __new__(cls, number, written: str):
        made = super().__new__(cls, number)  # type: ignore[call-arg]  # (int's or float's)
        made.written = written
        return made

    def __str__(self) -> str:
        return self.written

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        if spec and spec[-1] in _NUMBER_TYPES:
            return format(self.number(self), spec)
        return format(self.written, spec)

    def __reduce__(self):
        return type(self), (self.number(self), self.written)


_NUMBER_TYPES = frozenset("bcdeEfFgGnoxX%")  # a format's type: the number formatted so


def cell_number(text: str) -> int | float | None:
    """The number a stripped cell is, or None: ASCII digits 0-9, an optional leading sign and at
    most one decimal point (7, -3, +2, 2.50, .5; a "+1" modifier prints as written). Not "1e3",
    "1_000", "inf", nor "٣" or "²" (str.isdigit takes any script's digits, int() and float()
    most of them): one rule for every reader of a cell, so what a layout counts as a number is
    what a count column reads."""
    digits = text[1:] if text[:1] in ("-", "+") else text
    if not digits.isascii():
        return None
    try:  # (int() refuses more than 4,300 digits; a float that long is inf: both stay texts)
        if digits.isdigit():
            return int(text)
        if digits.replace(".", "", 1).isdigit():
            number = float(text)
            return number if number not in (float("inf"), float("-inf")) else None
    except ValueError:
        return None
    return None


class WrittenInt(_Written, int):
    """A whole-number cell written otherwise ("007")."""

    number = int


class WrittenFloat(_Written, float):
    """A decimal cell written otherwise ("2.50", "1.0")."""

    number = float


def unread_copies(table: str, columns: Iterable[str], chosen: str | None, section: str
                  ) -> str | None:
    """The warning for columns that look like copies (Qty, Copies) but are not read: beside
    `chosen`, the column of copies read without being named (the rows then mean two things),
    or with none read (each row then prints once, unsaid). `section` is where the column is
    named (game.toml, [cards])."""
    unread = [c for c in columns if c != chosen and c.strip().casefold() in COUNT_LIKE]
    if not unread:
        return None
    listed = _and(unread)
    how = f'name it in {section}: count = "{unread[0]}"'
    if chosen is None:
        return (f"{table} has {'a column' if len(unread) == 1 else 'columns'} {listed} but "
                f"each row prints once: to print that many copies, {how}")
    return (f"{table} has {len(unread) + 1} columns of copies, {_and([chosen, *unread])}: each "
            f"row prints {chosen!r} copies and {listed} {'is' if len(unread) == 1 else 'are'} "
            f"not read; to read {unread[0]!r}, {how}")


def _and(names: list[str]) -> str:
    quoted = [repr(n) for n in names]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} and {quoted[-1]}"


def inside(root: Path, relative: str, source: Source | None = None, field: str | None = None) -> Path:
    """Resolve `relative` against the game folder, refusing anything that leaves it
    (absolute paths, `..`, symlinks pointing outside) or that no file system accepts."""
    path_for_error = source.path if source else root
    row = source.row if source else None
    text = str(relative).strip()
    if not text:
        raise DataError("empty path", path_for_error, row, field)
    shown = repr(text if len(text) <= 60 else text[:57] + "...")
    if "\x00" in text:
        raise DataError(f"path {shown} contains a NUL character", path_for_error, row, field)
    rel = Path(text)
    if rel.is_absolute() or rel.drive:
        raise DataError(f"absolute path {shown} not allowed; give a path inside the game "
                        "folder", path_for_error, row, field)
    limit = _name_max(root)
    if any(len(part.encode("utf-8", "surrogateescape")) > limit for part in rel.parts):
        raise DataError(f"path {shown}: a file name longer than {limit} bytes cannot exist",
                        path_for_error, row, field)
    try:
        root_real = root.resolve()
        target = (root / rel).resolve()
    except (OSError, RuntimeError, ValueError) as exc:  # a link loop, an unreadable folder
        raise DataError(f"path {shown} cannot be used: {exc}", path_for_error, row,
                        field) from None
    if target != root_real and root_real not in target.parents:
        link = _link_on_the_way(root, rel)
        how = "" if link is None else (" (it is a link to a file outside it)"
                                       if link == rel.as_posix() else
                                       f" (its folder {link!r} is a link out of it)")
        raise DataError(f"path {shown} leaves the game folder{how}", path_for_error, row, field)
    return target if text.isascii() else _as_stored(root, text, target)


def _link_on_the_way(root: Path, rel: Path) -> str | None:
    """The first symbolic link among the path's parts (a file or a folder) that leads out of
    the game folder, as written; None when it is a `..` that leaves (or a link inside)."""
    at, root_real = root, root.resolve()
    for i, part in enumerate(rel.parts):
        at = at / part
        if at.is_symlink() and not at.resolve().is_relative_to(root_real):
            return Path(*rel.parts[:i + 1]).as_posix()
    return None


def _as_stored(root: Path, text: str, target: Path) -> Path:
    """A file whose name is stored with its accents decomposed (a folder copied from a Mac to
    Linux, where a name is its bytes), named in the data composed (as pnp reads all text),
    or the other way round: the name the disk has."""
    if os.path.exists(target):  # (False for a path the system refuses, as for none)
        return target
    for form in ("NFD", "NFC"):
        other = unicodedata.normalize(form, text)
        if other != text and os.path.exists(again := inside(root, other)):
            return again
    return target


def _name_max(folder: Path) -> int:
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        return 255


def is_file(path: Path) -> bool:
    """Path.is_file, but a path the system refuses to look at (too long, no permission) is
    simply not a usable file."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


OWN_FILES = ("game.toml", "rules.toml")  # the game folder's settings: never a suggestion


def nearest_file(folder: Path, root: Path, name: str, suffixes: tuple[str, ...] = ()
                 ) -> str | None:
    """The name of the file in `folder` (inside the game folder `root`) nearest `name`: one
    differing in case alone first, else the closest by stem ("art/none.png" is not near
    "art/fake.png" for sharing ".png"); `suffixes`: of those kinds only. For a message: a
    folder past its first 1,000 files, or one pnp cannot list, offers nothing."""
    from difflib import get_close_matches  # (only to word an error)

    try:
        if not folder.is_dir() or not folder.resolve().is_relative_to(root.resolve()):
            return None
        names = sorted(p.name for p in folder.iterdir() if is_file(p) and p.name not in OWN_FILES
                       and (not suffixes or p.suffix.lower() in suffixes))[:1000]
    except OSError:
        return None
    same = [n for n in names if n.lower() == name.lower()]
    if same:
        return same[0]
    stems = {Path(n).stem.lower(): n for n in reversed(names)}
    close = get_close_matches(Path(name).stem.lower(), list(stems), n=1)
    return stems[close[0]] if close else None


def a_folder(root: Path, name: str, folder: Path, what: str, kind: str,
             suffixes: tuple[str, ...]) -> str:
    """`data = "layouts"`, a folder, said so ("not found" sends the reader after a typo), with
    a file of the kind in it to name, if it holds one."""
    try:
        files = sorted(p for p in folder.iterdir() if is_file(p) and p.name not in OWN_FILES
                       and p.suffix.lower() in suffixes)
        hint = f" such as {files[0].resolve().relative_to(root.resolve()).as_posix()!r}" \
            if files else ""
    except (OSError, ValueError):  # (a link out of the folder is no suggestion)
        hint = ""
    return f"{name!r} is a folder, not a {what}: name {kind} in it{hint}"


def read_text(path: Path) -> str:
    """UTF-8 (with or without BOM); anything else is named, with the line of the first bad byte."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise DataError(f"cannot read file: {exc.strerror or exc}", path) from None
    if size > MAX_FILE_BYTES:
        raise DataError(f"file is {size // 1024 // 1024} MB; data files over "
                        f"{MAX_FILE_BYTES // 1024 // 1024} MB are refused", path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DataError(f"cannot read file: {exc.strerror or exc}", path) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        _refuse_wide(raw, path)
        line = raw[: exc.start].count(b"\n") + 1
        hint = " (in a spreadsheet: 'CSV UTF-8')" if path.suffix.lower() == ".csv" else ""
        raise DataError(f"line {line} is not UTF-8 text (byte 0x{raw[exc.start]:02x}); save the "
                        f"file as UTF-8{hint}", path) from None
    if "\x00" in text:
        _refuse_wide(raw, path)   # (UTF-16 of ASCII text without a BOM decodes as UTF-8)
        # a CSV with NULs is most often a workbook renamed; a layout or game.toml is no table
        what = ("a spreadsheet (.xlsx) rather than CSV or text" if path.suffix.lower() == ".csv"
                else "a binary file (a picture, a spreadsheet, a program) rather than text")
        raise DataError(f"file contains NUL bytes; is it {what}?", path)
    return composed(text.replace("\r\n", "\n").replace("\r", "\n"))


def composed(text: str) -> str:
    """Text with its accents composed (NFC: é one character, not e and a combining accent):
    a PDF font draws a combining accent as a glyph of its own, beside or over the wrong letter,
    and a Mac's files and some editors keep text decomposed."""
    return text if text.isascii() else unicodedata.normalize("NFC", text)


WIDE_SAMPLE = 4096  # bytes looked at to tell UTF-16 or UTF-32 without a byte order mark


def _wide(raw: bytes) -> str | None:
    """"UTF-32" or "UTF-16": its byte order mark, or (without one) text mostly of ASCII, where
    all but one byte of each 4 (or 2) is NUL and that one is not (a zip or an image has no such
    pattern)."""
    if raw.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):  # (before UTF-16's)
        return "UTF-32"
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "UTF-16"
    sample = raw[:WIDE_SAMPLE]
    for width in (4, 2):
        lanes = [sample[i::width] for i in range(width)]
        if len(lanes[-1]) < 2:
            continue
        for chars in (lanes[0], lanes[-1]):   # little-endian, big-endian
            nuls = [b for lane in lanes if lane is not chars for b in lane]
            if nuls.count(0) >= 0.8 * len(nuls) and chars.count(0) <= 0.05 * len(chars):
                return f"UTF-{8 * width}"
    return None


def _refuse_wide(raw: bytes, path: Path) -> None:
    encoding = _wide(raw)
    if encoding is None:
        return
    table = path.suffix.lower() in (".csv", ".tsv", ".txt")
    said = " (what Excel saves as 'Unicode Text')" if table and encoding == "UTF-16" else ""
    how = "in a spreadsheet, 'CSV UTF-8'" if table else "a text editor's encoding"
    raise DataError(f"the file is {encoding} text{said}; save it as UTF-8 ({how})", path) \
        from None


def read_toml(path: Path) -> dict[str, Any]:
    import tomllib

    try:
        text = read_text(path)
    except DataError as exc:
        raise UnreadableFile(exc.message, exc.path, exc.row, exc.field) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UnreadableFile(f"not valid TOML: {exc}", path) from None
    except RecursionError:
        raise UnreadableFile("not valid TOML: arrays or tables nested too deeply",
                             path) from None


@dataclass(frozen=True)
class Column:
    """One CSV column: how to read it and what it may hold."""

    name: str
    kind: Callable[[str], Any] | str = "str"  # "str", "int", "float", "bool", or a converter
    required: bool = True  # column must exist
    default: Any = None  # value for an empty cell; None means the cell must not be empty
    choices: tuple[str, ...] | None = None
    min: float | None = None
    max: float | None = None
    pieces: bool = False  # the row's number of printed pieces: their total is kept sane


class Record(Mapping[str, Any]):
    """One CSV row as converted values, remembering its file and row."""

    __slots__ = ("_values", "source")

    def __init__(self, values: dict[str, Any], source: Source):
        self._values = values
        self.source = source

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __iter__(self):
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Record({self._values!r} @ {self.source.at()})"


def convert_cell(cell: str, col: Column, source: Source) -> Any:
    text = cell.strip()
    if text == "":
        if col.default is None:
            raise DataError("is empty", source.path, source.row, col.name)
        return col.default
    kind = col.kind
    try:
        if kind == "str":
            value: Any = text
        elif kind == "int":
            value = _whole(text)
        elif kind == "float":
            value = _decimal(text)
        elif kind == "bool":
            low = text.lower()
            if low not in ("yes", "no", "true", "false", "1", "0", "y", "n"):
                raise ValueError
            value = low in ("yes", "true", "1", "y")
        elif callable(kind):     # a converter given by the caller
            value = kind(text)
        else:
            raise TypeError(f"unknown column kind {kind!r}")
    except DataError:
        raise
    except (ValueError, TypeError):
        wanted = {"int": "a whole number", "float": "a number", "bool": "yes or no"}.get(
            kind if isinstance(kind, str) else "", "a valid value")
        script = ("; write it with the digits 0-9" if kind in ("int", "float")
                  and not text.isascii() and any(c.isdigit() for c in text) else "")  # "٣"
        raise DataError(f"expected {wanted}, got {text!r}{script}", source.path, source.row,
                        col.name) from None
    if col.choices is not None and value not in col.choices:
        raise DataError(f"{text!r} is not one of: {', '.join(col.choices)}", source.path,
                        source.row, col.name)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if value != value or value in (float("inf"), float("-inf")):
            raise DataError(f"expected a finite number, got {text!r}", source.path, source.row,
                            col.name)
        if col.min is not None and value < col.min:
            raise DataError(f"{text} is less than the minimum {_bound(col.min)}", source.path,
                            source.row, col.name)
        if col.max is not None and value > col.max:
            raise DataError(f"{text} is more than the maximum {_bound(col.max)}", source.path,
                            source.row, col.name)
    return value


def _whole(text: str) -> int:
    number = cell_number(text)
    if isinstance(number, float) and number.is_integer():
        return int(number)   # "2.0": a spreadsheet's export of 2
    if not isinstance(number, int):  # (as a layout reads it: "٣", "1e3" and "+2" are texts)
        raise ValueError(text)
    return number


def _decimal(text: str) -> float:
    """A decimal cell as cell_number reads it, also 2,5 (a decimal comma) and ½ (2½ is 2.5)."""
    number = cell_number("0.5" if text == "½" else text.replace("½", ".5").replace(",", "."))
    if number is None:
        raise ValueError(text)
    return float(number)


def _bound(v: float) -> str:
    """A column's bound as a message writes a number: 1,000 (not 1000, nor 1e+06 for 10**6)."""
    return f"{int(v):,}" if v == int(v) else f"{v:g}"


def read_csv(path: Path, columns: Iterable[Column], *, allow_extra: bool = True,
             errors: Callable[[DataError], None] | None = None) -> list[Record]:
    """Read a CSV file into Records (read_rows). With `errors`, what is raised is about the
    whole file (UnreadableFile): each bad row went to `errors`."""
    try:
        return read_rows(csv_rows(path), path, list(columns), allow_extra=allow_extra,
                         errors=errors)[1]
    except DataError as exc:
        if errors is None and exc.row is not None:
            raise   # a bad cell, raised at the first
        raise UnreadableFile(exc.message, exc.path, exc.row, exc.field) from None


def read_rows(grid: list[list[Any]], path: Path, columns: list[Column] | None = None, *,
              allow_extra: bool = True, errors: Callable[[DataError], None] | None = None,
              sheet: bool = False) -> tuple[list[str], list[Record]]:
    """(header, Records) of a table's rows, the header first: a CSV file's or (`sheet`) a
    sheet's, cells as the sheet holds them. Rows are numbered as a spreadsheet shows them
    (header = 1); blank rows are skipped; missing, duplicated or (optionally) unknown columns
    are errors, and so is a cell right of the header's last column. Without `columns`, every
    named column is kept as it is (text stripped, blank as ''). With `errors`, a bad row is
    passed to it (one call per bad cell) and left out, instead of raising at the first one."""
    if sheet:
        _refuse_long_cells(grid, path)
    header = _header(grid, path, sheet)
    keep = columns is None
    columns = [Column(name, default="") for name in header] if columns is None else columns
    _check_columns(header, columns, allow_extra, path)
    index = {name: i for i, name in enumerate(header)}
    records = []
    for number, row in enumerate(grid[1:], start=2):
        if not any(_filled(cell) for cell in row):
            continue
        source = Source(path, number)
        bad: list[DataError] = []
        if len(row) > len(header) and any(_filled(c) for c in row[len(header):]):
            bad.append(_beyond(row, len(header), path, number, sheet))
        if keep:
            values = {name: _kept(row[i]) if i < len(row) else "" for i, name in
                      enumerate(header)}
        else:
            values = _converted(row, columns, index, source, bad)
        if bad and errors is None:
            raise bad[0]
        for problem in bad:
            assert errors is not None
            errors(problem)
        if not bad:
            records.append(Record(values, source))
    for col in columns:
        total = sum(r[col.name] for r in records) if col.pieces else 0
        if total > MAX_PIECES:
            raise DataError(f"the counts add up to {total:,} pieces; a kit holds at most "
                            f"{MAX_PIECES:,}", path, field=col.name)
    return header, records


def _beyond(row: list[Any], width: int, path: Path, number: int, sheet: bool) -> DataError:
    """A row with a cell right of the header's last column: a CSV row's count of cells (an
    unquoted comma), a sheet's (every row as wide as the widest) first such cell's column."""
    if not sheet:
        sep = {",": "comma", ";": "semicolon", "\t": "tab", "|": "bar"}[delimiter(read_text(path))]
        return DataError(f"row has {len(row)} cells but the header has {width}; is there an "
                         f"unquoted {sep}?", path, number)
    first = next(i for i in range(width, len(row)) if _filled(row[i]))
    return outside_header(first, width, path, number)


def outside_header(column: int, width: int, path: Path, number: int) -> DataError:
    """A sheet's cell in the 0-based `column`, right of the header's `width` columns."""
    from .sheetcells import column_letters

    return DataError(f"the cell in column {column_letters(column)} is outside the header's "
                     f"columns (the header has {width}); name its column in row 1, or clear "
                     "the cell", path, number)


def _refuse_long_cells(grid: list[list[Any]], path: Path) -> None:
    """A sheet's cell longer than a CSV cell may be (which the csv module bounds as it reads)
    is refused the same way, before a 200,000-character title reaches a card or the booklet."""
    limit = csv.field_size_limit()
    for number, row in enumerate(grid, start=1):
        for column, cell in enumerate(row):
            if isinstance(cell, str) and len(cell) > limit:
                header = [str(h).strip() for h in grid[0]]
                raise long_cell(path, number, header, column)


def _filled(cell: Any) -> bool:
    return bool(cell.strip() if isinstance(cell, str) else str(cell).strip())


def _kept(cell: Any) -> Any:
    return cell.strip() if isinstance(cell, str) else cell


def _converted(row: list[str], columns: list[Column], index: dict[str, int], source: Source,
               bad: list[DataError]) -> dict[str, Any]:
    values = {}
    for col in columns:
        i = index.get(col.name)
        cell = row[i] if i is not None and i < len(row) else ""
        if col.kind == "str" and col.choices is None:
            text = cell.strip()
            if text:  # a filled text cell, as convert_cell reads it (most cells of a deck)
                values[col.name] = text
                continue
        try:
            values[col.name] = convert_cell(cell, col, source)
        except DataError as exc:
            bad.append(exc)
    return values


def delimiter(text: str) -> str:
    """What separates the header's cells most often outside quotes: "," -- or a tab (a
    spreadsheet's tab-separated text, saved as .csv or .tsv), or ";" (what Excel saves as CSV
    where the comma is the decimal mark), the comma winning a tie; or what a first line
    "sep=;" declares."""
    declared = declared_separator(text)
    if declared is not None:
        return declared
    header = re.sub(r'"(?:[^"]|"")*"', "", text.split("\n", 1)[0])  # ("Cost, gold" is a cell)
    return max((",", "\t", ";"), key=header.count)  # (max keeps the first of a tie)


# Excel's line, bare or quoted as some tools write it ("sep=;" as a CSV cell), after a BOM a
# text read without utf-8-sig keeps
_SEP_LINE = re.compile(r'\ufeff?(?:sep=([,;\t|])|"sep=([,;\t|])")\r?(?:\n|$)')


def declared_separator(text: str) -> str | None:
    """The separator an Excel first line "sep=;" declares, if the file opens with one: Excel
    reads that line as no row, so the header is row 1 and the rows are numbered as it shows
    them."""
    found = _SEP_LINE.match(text)
    return (found.group(1) or found.group(2)) if found else None


def csv_rows(path: Path) -> list[list[str]]:
    """Every row of a CSV file (the header first), within check_extent's limits."""
    text = read_text(path)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter(text), strict=True)
    rows: list[list[str]] = []
    cells = width = rows_end = 0
    if declared_separator(text) is not None:
        next(reader)  # the "sep=" line, which Excel reads as no row
        rows_end = reader.line_num
    try:
        for row in reader:
            rows.append(row)
            rows_end = reader.line_num
            cells, width = cells + len(row), max(width, len(row))
            if len(rows) > MAX_ROWS + 1 or cells > MAX_CELLS or width > MAX_COLUMNS:
                check_extent(len(rows) + sum(1 for _ in reader), width, cells, path, "file")
    except csv.Error as exc:
        begun = rows_end + 1   # the line the row that failed begins on
        if reader.line_num > begun and "end of data" in str(exc):   # read to the end in vain
            raise DataError(f"malformed CSV: the quote opened in the row at line {begun} is "
                            "never closed", path, len(rows) + 1) from None
        if "field larger than field limit" in str(exc):
            raise _too_long(text, begun, rows[0] if rows else [], path, len(rows) + 1) from None
        raise DataError(f"malformed CSV at line {reader.line_num}: {exc}", path,
                        len(rows) + 1) from None
    if not rows:
        raise DataError("file is empty; it needs a header row", path)
    return rows


def _too_long(text: str, line: int, header: list[str], path: Path, row: int) -> DataError:
    """A cell over the csv module's limit (which bounds the work), in the row beginning at
    `line`: its column is found by reading that row's cells as the reader does. A quote that
    swallowed the lines after it is the mistake to name, not the length it made."""
    limit = csv.field_size_limit()
    sep = delimiter(text)
    plain = re.compile(rf'[^{re.escape(sep)}"\n]*')
    pos = 0
    for _ in range(line - 1):
        pos = text.index("\n", pos) + 1
    column = 0
    while True:  # (each cell moves on by at least its separator)
        quoted = text.startswith('"', pos)
        found = QUOTED_CELL.match(text, pos) if quoted else plain.match(text, pos)
        name = header[column] if column < len(header) else None
        if found is None or (quoted and found.end() - pos > limit and "\n" in found[0]):
            return _swallowed(line, found, path, row, name)
        if found.end() - pos > limit:
            return long_cell(path, row, header, column)
        pos = found.end() + 1
        if text[found.end():pos] != sep:   # the row ended: no cell found
            return long_cell(path, row, header, None)
        column += 1


QUOTED_CELL = re.compile(r'"[^"]*(?:""[^"]*)*"')   # a quoted CSV cell, closed


def _swallowed(line: int, quoted: re.Match | None, path: Path, row: int,
               name: str | None) -> DataError:
    """The quote opened at `line` never closed, or closed only many lines on (`quoted`)."""
    if quoted is None:
        return DataError(f"malformed CSV: the quote opened in the row at line {line} is never "
                         "closed", path, row, name)
    return DataError(f"malformed CSV: the quote opened in the row at line {line} closes only "
                     f"at line {line + quoted[0].count(chr(10))}, making a cell longer than "
                     f"{csv.field_size_limit() // 1024} KB; is a closing quote missing?", path,
                     row, name)


def long_cell(path: Path, row: int, header: list[str], column: int | None) -> DataError:
    """A cell longer than a CSV cell may be (a sheet's too): a header's name, a count or text."""
    from .sheetcells import column_letters

    limit = csv.field_size_limit()
    size = f"longer than {limit // 1024} KB ({limit:,} characters)"
    if row == 1 and column is not None:
        return DataError(f"the name of the header's column {column + 1} "
                         f"({column_letters(column)}) is {size}; the header row names the "
                         "columns", path, 1)
    name = header[column] if column is not None and column < len(header) else None
    if name is not None and name.strip().casefold() in COUNT_LIKE:
        return DataError(f"expected a whole number, got a cell {size}", path, row, name)
    return DataError(f"a cell {size}; card text this long cannot print", path, row, name)


def check_extent(rows: int, columns: int, cells: int, path: Path, what: str) -> None:
    """The bounds of a table (the header row counted in `rows`), checked before it is all read:
    the same for a CSV file and a sheet."""
    if rows - 1 > MAX_ROWS:
        raise DataError(f"{rows - 1:,} rows; pnp reads at most {MAX_ROWS:,} rows from one "
                        f"{what}", path)
    if columns > MAX_COLUMNS:
        raise DataError(f"{columns:,} columns; pnp reads at most {MAX_COLUMNS:,} columns from "
                        f"one {what}", path)
    if cells > MAX_CELLS:
        raise DataError(f"over {MAX_CELLS:,} cells; pnp reads at most {MAX_CELLS:,} from one "
                        f"{what} (is a value far below or right of the table?)", path)


def _header(rows: list[list[Any]], path: Path, sheet: bool = False) -> list[str]:
    """The column names; each must be named once. A sheet's header ends at its last name (a
    cell right of it is its row's mistake, read_rows)."""
    header = [str(h).strip() for h in rows[0]]
    # spreadsheets often export empty columns at the end: ignore them if they hold nothing
    while header and not header[-1] and (sheet or not any(
            len(r) >= len(header) and _filled(r[len(header) - 1]) for r in rows[1:])):
        header.pop()
    if not header and any(_filled(c) for r in rows[1:] for c in r):
        raise DataError("the header row is empty; the first row names the columns", path, 1)
    check_header(header, path)
    return header


def check_header(header: list[str], path: Path) -> None:
    """Every column named, and once (a CSV's header row, a sheet's first row)."""
    seen: set[str] = set()
    for name in header:
        if not name:
            raise DataError("a column has no name in the header row", path, 1)
        if name in seen:
            raise DataError(f'column "{name}" appears twice in the header', path, 1)
        seen.add(name)


def _check_columns(header: list[str], columns: list[Column], allow_extra: bool,
                   path: Path) -> None:
    known = {c.name for c in columns}
    for col in columns:
        if col.required and col.name not in header:
            raise DataError(f'missing column "{col.name}" (the header has: '
                            f'{", ".join(h for h in header if h) or "nothing"})', path, 1)
    if not allow_extra:
        extra = [h for h in header if h and h not in known]
        if extra:
            raise DataError(f'unknown column "{extra[0]}"; expected: {", ".join(known)}', path, 1)
