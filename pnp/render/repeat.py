"""A drawing repeated card after card (a suit's symbol, an element's badge, a row of coins)
drawn once into a PDF form (reportlab's beginForm/doForm) and placed again by name.

The key must hold everything the drawing depends on (its place in the face's frame, size,
colours): the form is drawn in the face's coordinates and set down in whatever frame the canvas
is in, so the card's place on the page does not matter. Only on reportlab's own canvas: a
canvas that watches the calls (ink-saver contrast, preflight) sees every one.
"""

from __future__ import annotations

import hashlib
from typing import Any, Callable, Hashable

from reportlab.pdfgen.canvas import Canvas

REACH = 14_400.0  # pt (200 in) each way: a form is clipped to its box, so the box is everything


def repeat(c: Any, kind: Callable, key: Hashable, draw: Callable[[], Any]) -> None:
    """draw(), as a form of this PDF named by `kind` and `key` (made the first time)."""
    if type(c) is not Canvas:
        draw()
        return
    name = "rep" + hashlib.sha1(repr((kind.__module__, kind.__qualname__, key)).encode()
                                ).hexdigest()[:16]
    if not c.hasForm(name):
        c.beginForm(name, -REACH, -REACH, REACH, REACH)
        draw()
        c.endForm()
    c.doForm(name)
