"""Cells of an .xlsx or .ods sheet that hold no usable value: an error (#DIV/0!, #REF!...) or a
formula the spreadsheet never calculated (a file written by a script, not saved by a spreadsheet
program). calamine reads both as blank cells (or 0), which would print without a word; this reads
the sheet's XML to find them."""

from __future__ import annotations

import posixpath
import re
import zipfile
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


def column_index(letters: str) -> int:
    """0-based index of a column named like "A", "Z", "AB"."""
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n - 1


def _sheet_part(book: zipfile.ZipFile, sheet: str) -> str | None:
    """The zip member holding the sheet named `sheet`."""
    rid = None
    for _, el in iterparse(book.open("xl/workbook.xml")):
        if el.tag == f"{MAIN}sheet" and el.get("name") == sheet:
            rid = el.get(f"{REL}id")
    if rid is None:
        return None
    for _, el in iterparse(book.open("xl/_rels/workbook.xml.rels")):
        if el.tag == f"{PACKAGE_REL}Relationship" and el.get("Id") == rid:
            target = el.get("Target", "")
            return target.lstrip("/") if target.startswith("/") else \
                posixpath.normpath(posixpath.join("xl", target))
    return None


def unusable_cells(path: Path, sheet: str) -> list[tuple[int, int, str]]:
    """(row, 0-based column, what is wrong) for each error or uncalculated formula cell."""
    if path.suffix.lower() == ".ods":
        return _ods_cells(path, sheet)
    found: list[tuple[int, int, str]] = []
    try:
        with zipfile.ZipFile(path) as book:
            part = _sheet_part(book, sheet)
            if part is None:
                return []
            for _, el in iterparse(book.open(part)):
                if el.tag != f"{MAIN}c":
                    continue
                m = CELL.match(el.get("r", ""))
                formula, value = el.find(f"{MAIN}f"), el.find(f"{MAIN}v")
                if m and el.get("t") == "e":
                    shown = value.text if value is not None else "an error"
                    found.append((int(m[2]), column_index(m[1]), f"shows {shown}; {ERROR_HINT}"))
                elif m and formula is not None and formula.text and value is None:
                    found.append((int(m[2]), column_index(m[1]),
                                  f"has the formula ={formula.text} but no calculated value; "
                                  f"{UNCALCULATED_HINT}"))
                el.clear()
    except (OSError, KeyError, zipfile.BadZipFile, SyntaxError):
        return []  # calamine read the file; what it could not tell us stays unknown
    return found


def _ods_cells(path: Path, sheet: str) -> list[tuple[int, int, str]]:
    """The same for an OpenDocument sheet: rows and cells may stand for many (repeated)."""
    found: list[tuple[int, int, str]] = []
    try:
        with zipfile.ZipFile(path) as book:
            inside, row = False, 0
            for event, el in iterparse(book.open("content.xml"), events=("start", "end")):
                if el.tag == f"{ODS_TABLE}table":
                    inside = event == "start" and el.get(f"{ODS_TABLE}name") == sheet
                    if event == "end" and found:
                        break
                elif inside and event == "end" and el.tag == f"{ODS_TABLE}table-row":
                    column = 0
                    for cell in el:
                        found += _ods_problem(cell, row + 1, column)
                        column += int(cell.get(f"{ODS_TABLE}number-columns-repeated", 1))
                    row += int(el.get(f"{ODS_TABLE}number-rows-repeated", 1))
                    el.clear()
    except (OSError, KeyError, ValueError, zipfile.BadZipFile, SyntaxError):
        return []
    return found


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
