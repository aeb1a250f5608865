"""Cells of an .xlsx sheet that hold no usable value: an error (#DIV/0!, #REF!...) or a formula
the spreadsheet never calculated (a file written by a script, not saved by a spreadsheet
program). calamine reads both as blank cells, which would print as an empty field without a
word; this reads the sheet's XML to find them."""

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
                    found.append((int(m[2]), column_index(m[1]),
                                  f"shows {shown}; fix its formula in the spreadsheet"))
                elif m and formula is not None and formula.text and value is None:
                    found.append((int(m[2]), column_index(m[1]),
                                  f"has the formula ={formula.text} but no calculated value; "
                                  "open and save the file in a spreadsheet program, which "
                                  "stores the result"))
                el.clear()
    except (OSError, KeyError, zipfile.BadZipFile, SyntaxError):
        return []  # calamine read the file; what it could not tell us stays unknown
    return found
