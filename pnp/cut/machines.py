"""What each cutting machine's print-then-cut expects of a printed sheet.

Silhouette (CAMEO, Portrait, Curio: Silhouette Studio's registration mark "Type 1"): three
marks on the page, their outer corners on a rectangle `inset` in from every paper edge: a
filled 5 mm square at the top left, and at the top right and bottom left an L of two 20 mm
arms along the rectangle's edges. Studio's smallest inset is 10 mm. The geometry is the one
fablabnbg/inkscape-silhouette draws for the same machines (render_silhouette_regmarks.py:
REG_SQUARE_MM = 5, REG_LINE_MM = 20, lines 0.3 mm wide, which its authors found the marks
register best at); the machine scans a white square around each mark, so nothing is printed
within `clear` of the marks' 20 mm corner squares.

Cricut (Design Space's Print Then Cut): Design Space prints its own registration frame around
an image it is given, at most 6.75 x 9.25 in; pnp prints no marks for it and lays the pieces
out within that area, as the image to upload.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..layout.grid import Rect
from ..units import MM

INCH = 72.0


@dataclass(frozen=True)
class Machine:
    name: str
    marks: bool  # pnp prints the machine's marks (Silhouette); else the machine's app does
    inset: float = 10 * MM  # paper edge to the marks' outer corners (points)
    square: float = 5 * MM  # the filled top-left mark's side
    arm: float = 20 * MM  # each arm of an L mark
    stroke: float = 0.3 * MM  # the L marks' line width
    clear: float = 1 * MM  # kept white around the marks' corner squares
    area: tuple[float, float] | None = None  # the largest print-then-cut image (Cricut)

    @property
    def uses_paper(self) -> bool:
        """Whether pnp lays the sheets out on the paper (--paper) or on the machine's own
        print-then-cut image, whatever the paper."""
        return self.area is None

    def page(self, paper: tuple[float, float]) -> tuple[float, float]:
        """The sheet pnp lays out: the paper (Silhouette), or the print-then-cut image that
        the machine's app frames with its own marks (Cricut)."""
        return self.area or paper

    def field(self, page_w: float, page_h: float) -> Rect:
        """Where pieces may go on the sheet: inside the marks' rectangle (Silhouette), or all
        of the image (Cricut)."""
        if not self.marks:
            return Rect(0.0, 0.0, page_w, page_h)
        i = self.inset
        return Rect(i, i, page_w - 2 * i, page_h - 2 * i)

    def keep_out(self, page_w: float, page_h: float) -> list[Rect]:
        """The corner squares the marks occupy, with their white margin: top left, top right,
        bottom left (no mark at the bottom right)."""
        if not self.marks:
            return []
        f, side = self.field(page_w, page_h), self.arm + self.clear
        return [Rect(f.x, f.top - side, side, side), Rect(f.right - side, f.top - side, side, side),
                Rect(f.x, f.y, side, side)]

    def studio_settings(self) -> str:
        """The registration mark settings to enter in the machine's app so it looks for the
        marks where they are printed."""
        return (f"Registration marks: Type 1, length {self.arm / MM:g} mm, thickness "
                f"{self.stroke / MM:g} mm, inset {self.inset / MM:g} mm")


SILHOUETTE = Machine("Silhouette", marks=True)
CRICUT = Machine("Cricut", marks=False, area=(6.75 * INCH, 9.25 * INCH))
MACHINES = {"silhouette": SILHOUETTE, "cricut": CRICUT}


@dataclass(frozen=True)
class MarkShape:
    """A mark as drawn: a filled rectangle, or a line of the machine's stroke width (points,
    PDF coordinates: y up)."""

    kind: str  # "square" or "line"
    x1: float
    y1: float
    x2: float
    y2: float


def mark_shapes(machine: Machine, page_w: float, page_h: float) -> list[MarkShape]:
    if not machine.marks:
        return []
    f, a = machine.field(page_w, page_h), machine.arm
    return [MarkShape("square", f.x, f.top - machine.square, f.x + machine.square, f.top),
            MarkShape("line", f.right - a, f.top, f.right, f.top),  # top right: along the top
            MarkShape("line", f.right, f.top, f.right, f.top - a),  # and down the right edge
            MarkShape("line", f.x, f.y, f.x + a, f.y),  # bottom left: along the bottom
            MarkShape("line", f.x, f.y, f.x, f.y + a)]  # and up the left edge
