"""Pieces laid out for a cutting machine: each sheet of the kit on pages of the machine's
field, one cell per piece with room between for the bleed (the blade cuts each outline on its
own, so neighbours share no cut), and no cell in the white the marks need."""

from __future__ import annotations

from dataclasses import dataclass

from ..kit import Kit, Piece, Sheet
from ..layout.grid import NoRoom, Rect
from ..units import MM, mm
from .machines import Machine

MIN_GAP = 1 * MM  # between two pieces' art when there is no bleed: the blade's tolerance


@dataclass(frozen=True)
class Placed:
    """A piece on a cut page: its trim in page coordinates (points, y up); `turned`: drawn a
    quarter turn round to fit more on the page."""

    piece: Piece
    trim: Rect
    turned: bool


@dataclass
class CutPage:
    sheet: Sheet
    number: int  # of the sheet's pages, from 1
    pages: int
    placed: list[Placed]

    @property
    def has_backs(self) -> bool:
        return self.sheet.duplex and any(p.piece.back is not None for p in self.placed)


def cells(machine: Machine, page: tuple[float, float], w: float, h: float,
          bleed: float) -> list[Rect]:
    """The trims of w x h pieces in rows across the machine's field, each with `bleed` of art
    around it inside the field: a row that passes the marks' corners holds what fits between
    them, centred there."""
    field = machine.field(*page)
    gap = max(2 * bleed, MIN_GAP)
    rows = int((field.h - 2 * bleed + gap) // (h + gap))
    if rows < 1:
        return []
    y0 = field.y + (field.h - rows * h - (rows - 1) * gap) / 2
    keep_out = machine.keep_out(*page)
    middle = field.x + field.w / 2
    out = []
    for r in range(rows - 1, -1, -1):  # top row first: the order a person reads the sheet
        y = y0 + r * (h + gap)
        band = Rect(field.x, y - bleed, field.w, h + 2 * bleed)
        left, right = field.x, field.right
        for k in keep_out:
            if band.overlaps(k):
                if k.x + k.w / 2 < middle:
                    left = max(left, k.right)
                else:
                    right = min(right, k.x)
        cols = int((right - left - 2 * bleed + gap) // (w + gap))
        x0 = left + (right - left - cols * w - (cols - 1) * gap) / 2
        out += [Rect(x0 + c * (w + gap), y, w, h) for c in range(max(cols, 0))]
    return out


def lay_out(kit: Kit, machine: Machine, page: tuple[float, float],
            bleed: float) -> list[CutPage]:
    """Every sheet of pieces on as few cut pages as its grid allows (upright or turned a
    quarter, whichever holds more); boards are not for a cutting machine's mat."""
    pages: list[CutPage] = []
    for sheet in kit.sheets:
        upright = cells(machine, page, sheet.width, sheet.height, bleed)
        turned = cells(machine, page, sheet.height, sheet.width, bleed)
        slots, is_turned = (turned, True) if len(turned) > len(upright) else (upright, False)
        if not slots:
            f = machine.field(*page)
            raise NoRoom(f"{sheet.title}: a {mm(sheet.width):.0f} x {mm(sheet.height):.0f} mm "
                         f"piece does not fit the {machine.name} cut area of "
                         f"{mm(f.w):.0f} x {mm(f.h):.0f} mm with {mm(bleed):g} mm bleed")
        chunks = [sheet.pieces[i:i + len(slots)] for i in range(0, len(sheet.pieces), len(slots))]
        for number, chunk in enumerate(chunks, 1):
            pages.append(CutPage(sheet, number, len(chunks),
                                 [Placed(p, t, is_turned) for p, t in zip(chunk, slots)]))
    return pages
