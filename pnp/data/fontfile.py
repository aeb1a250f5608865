"""The font files a game names in game.toml, checked as data: is each a TrueType font that the
PDF can embed, or an OpenType (CFF) font pnp turns into one (otf.py)? Read from its table
directory without reportlab, so loading a game's data does
not import the drawing library or register fonts (that happens when the kit is drawn)."""

from __future__ import annotations

import struct
from pathlib import Path

from ..errors import DataError

# Font roles and the bundled file of each.
ROLES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
    "bold-italic": "DejaVuSans-BoldOblique.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
    "condensed-bold": "DejaVuSansCondensed-Bold.ttf",
    "cjk": "PnPCJKSubset.ttf",
    "symbols": "DejaVuSans.ttf",  # a game's own symbols or emoji: after cjk, for what a role lacks
}
MAX_FONT_BYTES = 64 * 1024 * 1024  # a full CJK font is some 20 MB; far beyond is not a font
# Tables every TrueType-outline font has (reportlab reads all of them to embed a subset).
REQUIRED_TABLES = {b"head", b"hhea", b"hmtx", b"maxp", b"cmap", b"name", b"loca", b"glyf"}


def font_problem(data: bytes) -> str | None:
    """Why `data` is not an embeddable font, or None when it is one: a TrueType font, or an
    OpenType font with CFF outlines (turned into TrueType ones when registered, otf.py)."""
    if data[:4] == b"ttcf":
        return None    # a collection: reportlab reads the chosen member's tables itself
    cff = data[:4] == b"OTTO"
    if len(data) < 12 or not cff and data[:4] not in (b"\x00\x01\x00\x00", b"true"):
        return "not a TrueType file"
    (count,) = struct.unpack(">H", data[4:6])
    if 12 + 16 * count > len(data):
        return "its table directory runs past the end of the file"
    tables, end = set(), 0
    for i in range(count):
        tag, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        tables.add(tag)
        end = max(end, offset + length)
    if end > len(data):
        return f"cut short: its tables need {end:,} bytes, the file has {len(data):,}"
    if cff and b"CFF " not in tables:
        return "an OpenType font without CFF outlines (CFF2 variable fonts are not supported)"
    missing = (REQUIRED_TABLES - {b"loca", b"glyf"} if cff else REQUIRED_TABLES) - tables
    if b"glyf" in missing and tables & {b"CBDT", b"sbix"}:
        return ("a colour emoji font of pictures (CBDT or sbix), which a PDF cannot embed as a "
                "font: use a black-and-white one, such as Noto Emoji")
    if missing:
        return f"it has no {', '.join(sorted(t.decode('latin-1') for t in missing))} table"
    return None


def check_font(path: Path) -> None:
    """A DataError naming the file when it is not an embeddable TrueType font."""
    try:
        size = path.stat().st_size
        if size > MAX_FONT_BYTES:
            raise DataError(f"font file is {size // 1024 // 1024} MB; fonts over "
                            f"{MAX_FONT_BYTES // 1024 // 1024} MB are refused", path)
        problem = font_problem(path.read_bytes())
    except OSError as exc:
        raise DataError(f"cannot read font: {exc.strerror or exc}", path) from None
    if problem:
        raise DataError(f"not a usable TrueType font ({problem})", path)
