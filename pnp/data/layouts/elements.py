"""The element types a layout may use and the properties each takes, with their converters and
defaults. One table, so a typo in a layout file is named with the properties it could have been."""

from __future__ import annotations

from typing import Any, Callable

from ...units import MM
from .track import PATHS
from .values import ValueProblem, choice, to_bool, to_dash, to_length, to_number, to_text

# justify: all lines but a paragraph's last; the middle is called either way, in either spelling
ALIGN = choice("left", "centre", "right", "justify",
               same={"center": "centre", "centered": "centre", "middle": "centre"})
VALIGN = choice("top", "middle", "bottom",
                same={"center": "middle", "centre": "middle", "centered": "middle"})
# the elements that, filled, paint over what is under them (faces/covered.py)
SHAPES = ("rect", "ellipse", "polygon")
FROM = choice("trim", "safe", "bleed")
FIT = choice("contain", "cover", "stretch")
FAMILY = choice("even", "free")  # may a text's fitted size differ across rows (pnp/siblings.py)
TRACK_PATH = choice(*PATHS)


def within(low: float, high: float, whole: bool = False, units: tuple[str, ...] = ()
           ) -> Callable[[Any], float]:
    """A number in [low, high]: a font size of 0 or a track of a million cells is a typo.
    `units`: what it may be written with, as other properties are ("12pt", "90deg"): names
    of the one measure it is in (the number is taken as it is written)."""
    def convert(raw: Any) -> float:
        if units and isinstance(raw, str):
            bare = raw.strip()
            unit = next((u for u in units if bare.lower().endswith(u)), "")
            try:
                value = to_number(bare[:len(bare) - len(unit)])
            except ValueProblem:
                raise ValueProblem(f"expected a number, or one in {units[0]} "
                                   f"(\"10{units[0]}\"), got {raw!r}") from None
        else:
            value = to_number(raw)
        if whole and value != int(value):
            raise ValueProblem(f"expected a whole number, got {raw!r}")
        if not low <= value <= high:
            raise ValueProblem(f"{value:g} is out of range ({low:g} to {high:g})")
        return int(value) if whole else value
    return convert


def to_step(raw: Any) -> float:
    """A track's step from cell to cell: any number but 0 (which numbers every cell alike; a
    negative step counts down, from a start of 40 to 1)."""
    value = within(-1e6, 1e6)(raw)
    if value == 0:
        raise ValueProblem("a step of 0 gives every cell the same number; use 1 to count up "
                           "or -1 to count down")
    return value


MAX_STROKE_MM = 20  # a line wider than this is a unit typo ("8cm" for "0.8mm"), not a design


def to_stroke_width(raw: Any):
    """A line's width: a length of 0 or more (reportlab draws a negative one as if positive),
    at most MAX_STROKE_MM."""
    width = to_length(raw)
    if width.of(1) < 0:
        raise ValueProblem(f"a stroke width is 0 or more (0 draws no line), got {raw!r}")
    if width.of(1) > MAX_STROKE_MM * MM:
        raise ValueProblem(f"a stroke width is at most {MAX_STROKE_MM}mm, got {raw!r}")
    return width


def same(raw: Any) -> Any:
    return raw


COLOUR = "colour"  # converted with the game's palette (see face.py)

GEOMETRY: dict[str, tuple[Callable | str, Any]] = {
    "x": (to_length, "0mm"), "y": (to_length, "0mm"),
    "width": (to_length, "100%"), "height": (to_length, "100%"),
    "from": (FROM, "trim"), "rotate": (within(-3600, 3600, units=("deg", "°")), 0),
    "opacity": (within(0, 1), 1),
    "when": (to_bool, True),
}
SHAPE = {"fill": (COLOUR, "none"), "stroke": (COLOUR, "none"),
         "stroke_width": (to_stroke_width, "0.5pt")}
SIZE = within(1, 500, units=("pt",))  # points
TEXT_STYLE = {"font": (to_text, "regular"), "size": (SIZE, 10),
              "colour": (COLOUR, "#000000")}

TYPES: dict[str, dict[str, tuple[Any, Any]]] = {
    "text": {"text": (to_text, ""), **TEXT_STYLE, "min_size": (SIZE, None),
             "align": (ALIGN, "left"), "valign": (VALIGN, "top"), "leading": (within(0.5, 5), 1.2),
             # inline icons: side and raise in ems of the text's size (pnp/faces/richtext.py)
             "icon_size": (within(0.3, 4), 1.2), "icon_dy": (within(-2, 2), 0),
             "family": (FAMILY, "even")},
    "rect": {**SHAPE, "radius": (to_length, "0mm"), "dash": (to_dash, "0mm")},
    "ellipse": dict(SHAPE),
    "line": {"stroke": (COLOUR, "#000000"), "stroke_width": (to_stroke_width, "0.5pt"),
             "dash": (to_dash, "0mm")},
    "polygon": {**SHAPE, "sides": (within(3, 64, whole=True), None), "points": (same, None)},
    "image": {"src": (to_text, None), "fit": (FIT, "contain")},
    "icon": {"icon": (to_text, None), "colour": (COLOUR, "#000000"),
             "detail": (COLOUR, "none")},  # the second colour of a two-tone icon
    "figure": {"figure": (to_text, None), "args": (same, None)},
    "track": {"cells": (within(1, 1000, whole=True), None), "path": (TRACK_PATH, "loop"),
              # a label past a million loses digits to floating point (1e28 printed
              # 9999999999999999583119736832): no track counts that far
              "start": (within(-1e6, 1e6), 1), "step": (to_step, 1),
              "labels": (same, None),
              "highlight": (same, None),
              **SHAPE, "highlight_fill": (COLOUR, "none"), **TEXT_STYLE},
    # another layout file drawn in the box (a board's half, turned for the player across):
    # `row` names a table the layouts may name (sides.elf) as its row, else it has the face's
    "layout": {"layout": (to_text, None), "row": (to_text, None)},
}
for props in TYPES.values():
    props.update(GEOMETRY)
TYPE_NAMES = tuple(TYPES)
# whole tables or lists, not single values: their items are values
NESTED = {"args", "points", "labels", "highlight"}
