"""Lengths: the one place where "63mm", "2.5in" or "12pt" become points."""

from __future__ import annotations

import re

from .errors import DataError

MM = 72 / 25.4
UNITS = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0}
PAPERS = {"a4": (210 * MM, 297 * MM), "letter": (8.5 * 72, 11 * 72)}
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
    if isinstance(text, bool):
        raise DataError(f"expected a length such as 63mm, got {text!r}", path, row, field)
    if isinstance(text, (int, float)):
        return float(text) * MM
    m = _LENGTH.match(str(text))
    if not m:
        try:
            return float(str(text)) * MM
        except ValueError:
            raise DataError(f"expected a length such as 63mm or 2.5in, got {text!r}",
                            path, row, field) from None
    return float(m.group(1)) * UNITS[m.group(2)]


def mm(points: float) -> float:
    return points / MM
