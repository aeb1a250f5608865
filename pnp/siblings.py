"""Siblings print alike: one text element of one layout file, drawn on every row of a kind of
piece, shrinks to fit each row's text (down to its `min_size`); when that leaves one card's
box at 10 pt and another's at 7.5 pt, the deck looks uneven. This is a check over the sizes the
fitting chose (pnp/faces/draw.py records them), not a second fitting: `pnp validate` warns
when the smallest size of a family is under FAMILY_RATIO of its largest, naming both rows.

A layout element that means to vary (a name that shrinks for a long name) says so:

    [title]
    type = "text"
    family = "free"       # sizes may differ from row to row; no warning

The fix is the designer's: shorten the longest text, give the box more room, or set `size`
to what the longest text needs, so every row prints at one size.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from .errors import Finding, Source, warning
from .kit import Kit
from .shown import scratch_canvas, scratch_draw, where

FAMILY_RATIO = 0.85  # 10 pt beside 8.5 pt still reads as one family; 10 beside 8 does not
FREE = "free"


@dataclass(frozen=True)
class Fitted:
    """One row's text of a family, at the size fitting gave it."""

    size: float
    piece: str
    source: Source | None


def families(kit: Kit, fonts, log=None) -> dict[tuple[Path, str, float], list[Fitted]]:
    """Every text element of a layout file, across the faces it draws (a grid board's cells
    and tiles too): (file, element) -> the size fitted on each face (a back shared by every
    card counts once), as the build's PDF drew it when `log` (render/facelog.py) kept it,
    else drawn on a scratch canvas. Rows whose `size` differs (an expression of the row) are
    families of their own: only shrinking to fit makes siblings differ."""
    out: dict[tuple[Path, str, float], list[Fitted]] = {}
    canvas = None
    seen: set[int] = set()
    for sheet in kit.face_sheets():
        for piece in sheet.pieces:
            for drawer in (piece.front, piece.back):
                layout = getattr(drawer, "layout", None)  # a layout file's drawer carries it
                if drawer is None or layout is None or id(drawer) in seen:
                    continue
                seen.add(id(drawer))
                sizes = log.text_sizes(drawer) if log is not None else None
                if sizes is None:
                    if canvas is None:
                        canvas = scratch_canvas(fonts)
                    sizes = scratch_draw(canvas, fonts, drawer, sheet, piece).text_sizes
                origins = {e.name: Path(e.origin) for e in layout.elements}
                for name, asked, fitted, family in sizes:
                    if family != FREE:  # rows asking for other sizes are meant to differ
                        key = (origins.get(name, Path(layout.path)), name, asked)
                        out.setdefault(key, []).append(Fitted(fitted, piece.name, piece.source))
    return out


def _row(f: Fitted) -> str:
    if f.source is None or f.source.path is None:
        return f.piece
    where = Path(f.source.path).name + (f", row {f.source.row}" if f.source.row else "")
    return f"{f.piece} ({where})"


def uneven(found: dict[tuple[Path, str, float], list[Fitted]], root: Path | None = None,
           ratio: float = FAMILY_RATIO) -> list[Finding]:
    """A warning per family whose smallest fitted size is under `ratio` of its largest."""
    out = []
    for (origin, name, _), sizes in found.items():
        if len(sizes) < 2:
            continue
        big = max(sizes, key=lambda f: f.size)
        small = min(sizes, key=lambda f: f.size)
        if small.size >= ratio * big.size - 1e-6:
            continue
        under = sum(1 for f in sizes if f.size < ratio * big.size - 1e-6)
        out.append(warning(
            f"{where(origin, name, root)} prints at {big.size:g} pt on {_row(big)} but "
            f"shrinks to {small.size:g} pt on {_row(small)} ({under} of {len(sizes)} rows "
            f"under {ratio:.0%} of the largest): the same box on sibling cards should look "
            "alike; shorten the long texts, give the box room, or set its size to what the "
            "longest needs (family = \"free\" if it is meant to vary)",
            small.source, name))
    return out


def check(kit: Kit, fonts, root: Path | None = None, log=None) -> list[Finding]:
    return uneven(families(kit, fonts, log), root)
