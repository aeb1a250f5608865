"""Drawings repeated as the PDF operators reportlab wrote for them the first time.

A deck draws the same icon in the same place card after card (a suit's symbol, an element's
badge, a row of coins); reportlab turns each into operators anew, though they come out the
same. For a drawing that only fills and strokes paths in colours (no text, whose characters a
font subset must learn; no images or transparency, which add resources to the PDF), the
operators written once can be written again. Only on reportlab's own canvas: a canvas that
watches the calls (ink-saver contrast, preflight) sees every one.
"""

from __future__ import annotations

import weakref
from typing import Any, Callable, Hashable

from reportlab.pdfgen.canvas import Canvas

MAX_KEPT = 4096  # drawings kept per kind and PDF: a huge deck of distinct ones stops keeping

# canvas -> kind -> key -> the operators written
_WRITTEN: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def repeat(c: Any, kind: Hashable, key: Hashable, draw: Callable[[], Any]) -> None:
    """draw(), or what it wrote on this canvas when `kind` was drawn with the same `key` (which
    must hold everything the drawing depends on: place, size, colours)."""
    if type(c) is not Canvas:
        draw()
        return
    try:
        written = _WRITTEN.setdefault(c, {}).setdefault(kind, {})
        code = written.get(key)
    except TypeError:  # a key that cannot be hashed (a list among the args): drawn anew
        draw()
        return
    if code is not None:
        c._code.extend(code)
        return
    at = len(c._code)
    draw()
    if len(written) < MAX_KEPT:
        written[key] = c._code[at:]
