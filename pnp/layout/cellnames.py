"""A grid's cell labels in the format its designer prints them: "0304" by default, or a
format of placeholders, `{col}{row_letter}` ("3D"), `{col_letter}{row}` ("C4"),
`{col:02}{row:02}` ("0304"). Only these placeholders exist: a format is a designer's text,
never Python's str.format (which would reach attributes and pad without bound)."""

from __future__ import annotations

import re
from dataclasses import replace

from .lattice import Cell

PLACEHOLDER = re.compile(r"\{(col|row)(_letter)?(?::0([1-4]))?\}")
MAX_FORMAT = 40  # characters: a label printed in a hex's top sixth


def letters(n: int) -> str:
    """1 -> A, 26 -> Z, 27 -> AA: as spreadsheet columns and wargame maps letter them."""
    out = ""
    while n > 0:
        n, rest = divmod(n - 1, 26)
        out = chr(ord("A") + rest) + out
    return out


def check(fmt: str) -> str:
    """The problem with a format, or "" when it names both a column and a row and nothing
    else in braces."""
    if len(fmt) > MAX_FORMAT:
        return f"a label format is at most {MAX_FORMAT} characters"
    found = PLACEHOLDER.findall(fmt)
    rest = PLACEHOLDER.sub("", fmt)
    if "{" in rest or "}" in rest:
        bad = re.search(r"\{[^}]*\}?", rest)
        return (f"{bad.group(0) if bad else '{'!r} is not a placeholder; use {{col}}, {{row}}, "
                "{col_letter}, {row_letter}, or a number padded, {col:02}")
    axes = {axis for axis, _, _ in found}
    if axes != {"col", "row"}:
        missing = sorted({"col", "row"} - axes)[0]
        return f"a label format names the {missing}, e.g. \"{{col}}{{row_letter}}\""
    return ""


def formatted(fmt: str, col: int, row: int) -> str:
    """A cell's label (col and row from 0) in a format `check` passed."""
    def one(m: re.Match) -> str:
        n = (col if m.group(1) == "col" else row) + 1
        if m.group(2):
            return letters(n)
        return f"{n:0{int(m.group(3))}d}" if m.group(3) else str(n)
    return PLACEHOLDER.sub(one, fmt)


def relabelled(cells: list[Cell], fmt: str) -> tuple[list[Cell], str]:
    """The cells labelled in the format, and the problem when two cells would share a label
    ("{col}{row}" makes 1,11 and 11,1 both "111")."""
    out = [replace(c, label=formatted(fmt, c.col, c.row)) for c in cells]
    seen: dict[str, Cell] = {}
    for old, new in zip(cells, out):
        if new.label in seen:
            first = seen[new.label]
            return out, (f"cells {first.col + 1},{first.row + 1} and {old.col + 1},{old.row + 1} "
                         f"(column, row) would both be labelled {new.label!r}: pad the numbers "
                         "({col:02}) or put a letter between them")
        seen[new.label] = old
    return out, ""
