"""Drawings repeated as the PDF operators reportlab wrote for them the first time.

A deck draws the same icon in the same place card after card (a suit's symbol, an element's
badge, a row of coins); reportlab turns each into operators anew, though they come out the
same. For a drawing that only fills and strokes paths in colours (no text, whose characters a
font subset must learn; no images or transparency, which add resources to the PDF), the
operators written once can be written again (they are in the face's own coordinates, so the
card's place on the page does not matter), and the canvas is left with the colours and line
style the drawing set (the next page's preamble and later drawing read them). Only on
reportlab's own canvas: a canvas that watches the calls (ink-saver contrast, preflight) sees
every one.
"""

from __future__ import annotations

import weakref
from typing import Any, Callable, Hashable

from reportlab.pdfgen.canvas import Canvas

MAX_KEPT = 4096  # drawings kept per kind and PDF: a huge deck of distinct ones stops keeping
# what drawing paths may set: the state the next page's preamble and later drawing read
GRAPHICS = ("_fillColorObj", "_strokeColorObj", "_lineWidth", "_lineCap", "_lineJoin",
            "_lineDash", "_mitreLimit", "_fillMode")
# the rest, which such a drawing leaves as it found it (or it is not repeated)
OTHER = tuple(a for a in Canvas.STATE_ATTRIBUTES if a not in GRAPHICS)

# canvas -> kind -> key -> (the state it was drawn from, the state it set, its operators)
_WRITTEN: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def repeat(c: Any, kind: Hashable, key: Hashable, draw: Callable[[], Any]) -> None:
    """draw(), or what it wrote on this canvas when `kind` was drawn with the same `key` (which
    must hold everything the drawing depends on: place, size, colours). A state it did not set
    must be as it was then (a line width the drawing strokes with but leaves unset)."""
    if type(c) is not Canvas:
        draw()
        return
    try:
        written = _WRITTEN.setdefault(c, {}).setdefault(kind, {})
        hit = written.get(key)
    except TypeError:  # a key that cannot be hashed (a list among the args): drawn anew
        draw()
        return
    if hit is not None:
        kept, set_, code = hit
        if all(getattr(c, a) == v for a, v in kept):
            c._code.extend(code)
            for a, v in set_:
                setattr(c, a, v)
            return
    before = [getattr(c, a) for a in GRAPHICS]
    other = [getattr(c, a) for a in OTHER]
    at = len(c._code)
    draw()
    if len(written) < MAX_KEPT and all(getattr(c, a) == v for a, v in zip(OTHER, other)):
        after = [getattr(c, a) for a in GRAPHICS]
        written[key] = (
            tuple((a, b) for a, b, v in zip(GRAPHICS, before, after) if v == b),
            tuple((a, v) for a, b, v in zip(GRAPHICS, before, after) if v != b),
            c._code[at:])
