"""What a workbook's sheets hold, read from their XML before calamine reads them: how far each
sheet's values reach (calamine builds the whole rectangle in memory at once, and an .ods file's
every sheet when it is opened, so the extent is bounded first: one far cell would ask for
terabytes), and the cells that hold no usable value: an error (#DIV/0!, #REF!...) or a formula the
spreadsheet never calculated (a file written by a script, not saved by a spreadsheet program),
which calamine reads as blank cells (or 0) that would print without a word.

What calamine reads is found the widest way, so no spelling makes it read more than was
counted: elements and attributes by local name whatever their namespace (the Strict OOXML
namespace, or a `table:` prefix bound to another one, hid every cell), and every sheet part
the zip holds (calamine does not resolve `./` or `../` in the workbook's links, so a part of
that literal name could stand in for the one counted): a part no sheet leads to is refused."""

from __future__ import annotations

import posixpath
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import iterparse

CELL = re.compile(r"^([A-Z]+)(\d+)$")
ERROR_HINT = "fix its formula in the spreadsheet"
UNCALCULATED_HINT = ("open and save the file in a spreadsheet program, which stores the "
                     "result")
MAX_UNPACKED = 200 * 1024 * 1024  # the workbook's XML, unpacked: what calamine and we will read


class BookError(ValueError):
    """A workbook whose sheets cannot be scanned: not a zip, a part missing, a bad number."""


@dataclass
class Scan:
    """One sheet: the last row and column (1-based) holding a value, and the unusable cells as
    (row, 0-based column, what is wrong)."""

    rows: int = 0
    columns: int = 0
    unusable: list[tuple[int, int, str]] = field(default_factory=list)

    def holds(self, row: int, column: int) -> None:
        self.rows, self.columns = max(self.rows, row), max(self.columns, column)


def _local(name: str) -> str:
    """An element's or attribute's name without its namespace."""
    return name.rsplit("}", 1)[-1]


def _attr(el, name: str, prefix: str | None = None) -> str | None:
    """The attribute of that local name, in any namespace. With `prefix` (ODS: calamine reads
    `table:name`, whatever namespace `table` stands for), only a namespaced one."""
    found = [v for k, v in el.attrib.items() if _local(k) == name and (prefix is None or "}" in k)]
    return found[0] if found else None


def _count(el, name: str) -> int:
    """A repeat count (ODS), the largest if the attribute appears in several namespaces."""
    return max((int(v) for k, v in el.attrib.items() if _local(k) == name), default=1)


def _children(el, name: str) -> list:
    return [child for child in el if isinstance(child.tag, str) and _local(child.tag) == name]


def column_index(letters: str) -> int:
    """0-based index of a column named like "A", "Z", "AB"."""
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n - 1


def column_letters(index: int) -> str:
    """The name of the 0-based column `index`, as a spreadsheet shows it: "A", "Z", "AB"."""
    name, n = "", index + 1
    while n:
        n, r = divmod(n - 1, 26)
        name = chr(65 + r) + name
    return name


def _sheet_parts(book: zipfile.ZipFile) -> dict[str, str]:
    """The zip member holding each sheet, by sheet name (as pnp resolves the workbook's links;
    scan_book scans every sheet part besides)."""
    ids = {_attr(el, "id", "r"): el.get("name", "")
           for _, el in iterparse(book.open("xl/workbook.xml")) if _local(el.tag) == "sheet"}
    parts = {}
    for _, el in iterparse(book.open("xl/_rels/workbook.xml.rels")):
        if _local(el.tag) == "Relationship" and el.get("Id") in ids:
            target = el.get("Target", "")
            parts[ids[el.get("Id")]] = target.lstrip("/") if target.startswith("/") else \
                posixpath.normpath(posixpath.join("xl", target))
    return parts


def scan_book(path: Path) -> dict[str, Scan]:
    """Every sheet of an .xlsx or .ods workbook, by name. BookError if it cannot be read."""
    try:
        with zipfile.ZipFile(path) as book:
            members = book.infolist()  # (a name may be there twice: each copy is scanned)
            if sum(info.file_size for info in members) > MAX_UNPACKED:
                raise BookError(f"it unpacks to over {MAX_UNPACKED >> 20} MB")
            if path.suffix.lower() == ".ods":
                scans: dict[str, Scan] = {}
                for info in members:
                    if _root(book, info) is not None:
                        _ods_scans(book, info, scans)
                return scans
            parts = _sheet_parts(book)
            by_part: dict[str, Scan] = {}
            for info in members:
                if _root(book, info) == "worksheet":
                    _xlsx_scan(book, info, by_part.setdefault(info.filename, Scan()))
            named = {name: by_part.pop(part, Scan()) for name, part in parts.items()}
            if by_part:  # (no spreadsheet program writes one; calamine might read it instead)
                raise BookError(f"it holds a sheet part, {next(iter(by_part))[:80]}, that none "
                                "of its sheets names; save it again from a spreadsheet program")
            return named
    except (OSError, KeyError, ValueError, zipfile.BadZipFile, SyntaxError) as exc:
        if isinstance(exc, BookError):
            raise
        raise BookError(f"its sheets cannot be read ({exc.__class__.__name__})") from None


def _root(book: zipfile.ZipFile, info: zipfile.ZipInfo) -> str | None:
    """The local name of a member's root element; None for a member that is not XML."""
    if info.is_dir():
        return None
    try:
        for _, el in iterparse(book.open(info), events=("start",)):
            return _local(el.tag)
    except SyntaxError:  # (ElementTree's ParseError)
        return None
    return None


def _xlsx_scan(book: zipfile.ZipFile, info: zipfile.ZipInfo, found: Scan) -> None:
    row = column = 0
    for event, el in iterparse(book.open(info), events=("start", "end")):
        tag = _local(el.tag)
        if tag == "row" and event == "start":
            row, column = int(el.get("r") or row + 1), 0
        if tag != "c" or event != "end":
            continue
        m = CELL.match(el.get("r", ""))
        if m:
            row, column = int(m[2]), column_index(m[1]) + 1
        else:
            column += 1
        formula, value = _children(el, "f"), _children(el, "v")
        if len(el):  # a value, an inline string or a formula: calamine gives the cell a place
            found.holds(row, column)
        if el.get("t") == "e":
            shown = value[0].text if value else "an error"
            found.unusable.append((row, column - 1, f"shows {shown}; {ERROR_HINT}"))
        elif formula and not _cached(el, value):
            shown = f"the formula ={formula[0].text}" if formula[0].text else "a formula"
            found.unusable.append((row, column - 1, f"has {shown} but no calculated value; "
                                                    f"{UNCALCULATED_HINT}"))
        el.clear()


def _cached(cell, value: list) -> bool:
    """Does a formula cell hold the value last calculated? openpyxl writes an empty <v/>, which
    calamine reads as a blank: empty is a value only for a text result (t="str": ="")."""
    return bool(value) and (bool(value[0].text) or cell.get("t") == "str")


def _ods_scans(book: zipfile.ZipFile, info: zipfile.ZipInfo, scans: dict[str, Scan]) -> None:
    """The same for OpenDocument: rows and cells may stand for many (repeated)."""
    found, row = Scan(), 0
    for event, el in iterparse(book.open(info), events=("start", "end")):
        tag = _local(el.tag)
        if tag == "table" and event == "start":
            found, row = scans.setdefault(_attr(el, "name", "table") or "", Scan()), 0
        elif event == "end" and tag == "table-row":
            rows = _count(el, "number-rows-repeated")
            column = 0
            for cell in el:
                if not isinstance(cell.tag, str):
                    continue
                repeated = _count(cell, "number-columns-repeated")
                if len(cell) or _attr(cell, "value-type") is not None:
                    found.holds(row + rows, column + repeated)
                found.unusable += _ods_problem(cell, row + 1, column)
                column += repeated
            row += rows
            el.clear()


def _ods_problem(cell, row: int, column: int) -> list[tuple[int, int, str]]:
    formula = _attr(cell, "formula")
    if formula is None:
        return []
    types = [v for k, v in cell.attrib.items() if _local(k) == "value-type"]
    if "error" in types:
        shown = "".join(cell.itertext()).strip() or "an error"
        return [(row, column, f"shows {shown}; {ERROR_HINT}")]
    if not types:
        return [(row, column, f"has the formula {formula.split(':', 1)[-1]} but no calculated "
                              f"value; {UNCALCULATED_HINT}")]
    return []
