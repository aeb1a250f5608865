"""What a workbook's sheets hold, read from their XML before calamine reads them: how far each
sheet's values reach (calamine builds the whole rectangle in memory at once, and an .ods file's
every sheet when it is opened, so the extent is bounded first: one far cell would ask for
terabytes), and the cells that hold no usable value: an error (#DIV/0!, #REF!...) or a formula the
spreadsheet never calculated (a file written by a script, not saved by a spreadsheet program),
which calamine reads as blank cells (or 0) that would print without a word."""

from __future__ import annotations

import posixpath
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import iterparse

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
PACKAGE_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"
CELL = re.compile(r"^([A-Z]+)(\d+)$")
ODS_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
ODS_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
ODS_CALCEXT = "{urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0}"
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


def column_index(letters: str) -> int:
    """0-based index of a column named like "A", "Z", "AB"."""
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n - 1


def _sheet_parts(book: zipfile.ZipFile) -> dict[str, str]:
    """The zip member holding each sheet, by sheet name."""
    ids = {el.get(f"{REL}id"): el.get("name", "")
           for _, el in iterparse(book.open("xl/workbook.xml")) if el.tag == f"{MAIN}sheet"}
    parts = {}
    for _, el in iterparse(book.open("xl/_rels/workbook.xml.rels")):
        if el.tag == f"{PACKAGE_REL}Relationship" and el.get("Id") in ids:
            target = el.get("Target", "")
            parts[ids[el.get("Id")]] = target.lstrip("/") if target.startswith("/") else \
                posixpath.normpath(posixpath.join("xl", target))
    return parts


def scan_book(path: Path) -> dict[str, Scan]:
    """Every sheet of an .xlsx or .ods workbook, by name. BookError if it cannot be read."""
    try:
        with zipfile.ZipFile(path) as book:
            if sum(info.file_size for info in book.infolist()) > MAX_UNPACKED:
                raise BookError(f"it unpacks to over {MAX_UNPACKED >> 20} MB")
            if path.suffix.lower() == ".ods":
                return _ods_scans(book)
            return {name: _xlsx_scan(book, part) for name, part in _sheet_parts(book).items()}
    except (OSError, KeyError, ValueError, zipfile.BadZipFile, SyntaxError) as exc:
        if isinstance(exc, BookError):
            raise
        raise BookError(f"its sheets cannot be read ({exc.__class__.__name__})") from None


def _xlsx_scan(book: zipfile.ZipFile, part: str) -> Scan:
    found = Scan()
    row = column = 0
    for event, el in iterparse(book.open(part), events=("start", "end")):
        if el.tag == f"{MAIN}row" and event == "start":
            row, column = int(el.get("r") or row + 1), 0
        if el.tag != f"{MAIN}c" or event != "end":
            continue
        m = CELL.match(el.get("r", ""))
        if m:
            row, column = int(m[2]), column_index(m[1]) + 1
        else:
            column += 1
        formula, value = el.find(f"{MAIN}f"), el.find(f"{MAIN}v")
        if len(el):  # a value, an inline string or a formula: calamine gives the cell a place
            found.holds(row, column)
        if el.get("t") == "e":
            shown = value.text if value is not None else "an error"
            found.unusable.append((row, column - 1, f"shows {shown}; {ERROR_HINT}"))
        elif formula is not None and formula.text and value is None:
            found.unusable.append((row, column - 1, f"has the formula ={formula.text} but no "
                                                    f"calculated value; {UNCALCULATED_HINT}"))
        el.clear()
    return found


def _ods_scans(book: zipfile.ZipFile) -> dict[str, Scan]:
    """The same for OpenDocument: rows and cells may stand for many (repeated)."""
    scans: dict[str, Scan] = {}
    found, row = Scan(), 0
    for event, el in iterparse(book.open("content.xml"), events=("start", "end")):
        if el.tag == f"{ODS_TABLE}table" and event == "start":
            found, row = scans.setdefault(el.get(f"{ODS_TABLE}name", ""), Scan()), 0
        elif event == "end" and el.tag == f"{ODS_TABLE}table-row":
            rows = int(el.get(f"{ODS_TABLE}number-rows-repeated", 1))
            column = 0
            for cell in el:
                repeated = int(cell.get(f"{ODS_TABLE}number-columns-repeated", 1))
                if len(cell) or cell.get(f"{ODS_OFFICE}value-type") is not None:
                    found.holds(row + rows, column + repeated)
                found.unusable += _ods_problem(cell, row + 1, column)
                column += repeated
            row += rows
            el.clear()
    return scans


def _ods_problem(cell, row: int, column: int) -> list[tuple[int, int, str]]:
    formula = cell.get(f"{ODS_TABLE}formula")
    if formula is None:
        return []
    if cell.get(f"{ODS_CALCEXT}value-type") == "error":
        shown = "".join(cell.itertext()).strip() or "an error"
        return [(row, column, f"shows {shown}; {ERROR_HINT}")]
    if cell.get(f"{ODS_OFFICE}value-type") is None:
        return [(row, column, f"has the formula {formula.split(':', 1)[-1]} but no calculated "
                              f"value; {UNCALCULATED_HINT}")]
    return []
