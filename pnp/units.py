"""Lengths: the one place where "63mm", "2.5in" or "12pt" become points."""

from __future__ import annotations

import math
import re

from .errors import DataError

MM = 72 / 25.4
UNITS = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0}
PAPERS = {  # portrait; pnp/layout/paper.py adds landscape sheets and sizes such as 300x200mm
    "a3": (297 * MM, 420 * MM), "a4": (210 * MM, 297 * MM), "a5": (148 * MM, 210 * MM),
    "letter": (8.5 * 72, 11 * 72), "legal": (8.5 * 72, 14 * 72), "tabloid": (11 * 72, 17 * 72),
}
CARD_PRESETS = {
    "poker": ("63mm", "88mm"),
    "bridge": ("57mm", "89mm"),
    "mini": ("44mm", "63mm"),
    "tarot": ("70mm", "120mm"),
    "square": ("70mm", "70mm"),
}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")


def length(text: str | int | float, path=None, row=None, field=None) -> float:
    """Parse a length into points. Bare numbers are millimetres (what designers measure in)."""
    def wrong() -> DataError:  # (made only when needed: layouts convert hundreds of lengths)
        return DataError(f"expected a length such as 63mm or 2.5in, got {text!r}", path, row,
                         field)

    if isinstance(text, bool):
        raise wrong()
    if isinstance(text, (int, float)):
        value = float(text) * MM
    else:
        m = _LENGTH.match(str(text))
        if m:
            value = float(m.group(1)) * UNITS[m.group(2)]
        else:
            try:
                value = float(str(text)) * MM
            except ValueError:
                raise wrong() from None
    if not math.isfinite(value):
        raise wrong()
    return value


_BY = re.compile(r"\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*",
                 re.I)


def width_by_height(text: str) -> tuple[str, str] | None:
    """The two sides of a size written width by height ("63x88mm", "2.5in x 3.5", "6cm × 90mm")
    as lengths: a side written without its unit takes the other's, both none mm; None for a
    text not written so. (A paper's size and a piece's are read by this one grammar.)"""
    m = _BY.fullmatch(text)
    if m is None:
        return None
    w, w_unit, h, h_unit = m.groups()
    return (w + (w_unit or h_unit or "mm").lower(), h + (h_unit or w_unit or "mm").lower())


MIN_PIECE_MM = 5  # smaller cannot be cut out by hand (and would ask for countless crop marks)
MAX_PIECE_MM = 1000


def size(text: str | int | float, path=None, row=None, field=None) -> float:
    """A length that can be cut out by hand: at least 5 mm and at most a metre (a piece or a
    board, not a typo)."""
    value = length(text, path, row, field)
    if not MIN_PIECE_MM * MM - 1e-9 <= value <= MAX_PIECE_MM * MM:
        raise DataError(f"{text!r} is not a usable size (from {MIN_PIECE_MM}mm to "
                        f"{MAX_PIECE_MM}mm)", path, row, field)
    return value


def mm(points: float) -> float:
    return points / MM
