"""Parsed fonts kept on disk between runs, as fontconfig keeps its cache.

reportlab parses a TrueType font in pure Python: about 20 ms for a DejaVu face, and a cold build
uses three or four, a fifth of its time. The parsed face is stored once, keyed by the file's
content digest and reportlab's version, and loaded in about 2 ms afterwards. Anything wrong with
the cache (missing, unreadable, written by another reportlab) means the font is parsed again;
a cache that cannot be written is no error (pnp/cache.py says where it lives).
"""

from __future__ import annotations

import functools
import operator
import pickle
import weakref
from fnmatch import fnmatch
from pathlib import Path
from typing import Callable

from reportlab import Version, rl_config
from reportlab.pdfbase import ttfonts
from reportlab.pdfbase.ttfonts import TTEncoding, TTFont, TTFontFace

from ..cache import cache_dir, write_entry


def cached_font(name: str, digest: str, parse: Callable[[], TTFont]) -> TTFont:
    """The font `parse()` gives, from the cache when it holds it."""
    folder = cache_dir("fonts")
    if folder is None:
        return parse()
    path = folder / f"{digest}-reportlab-{Version}.pickle"
    try:
        return _font(name, _load_face(path.read_bytes()))
    except Exception:  # no cache yet, or one this reportlab cannot use: parse
        pass
    font = parse()
    try:
        _store(path, font.face)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass
    return font


class _CachedFace(TTFontFace):
    """A face read back from the cache. Its glyph -> characters table, which only shaping
    reads (pnp does not shape text), stays pickled until first asked for: reading it was a
    third of the time a face took to load."""

    @functools.cached_property
    def glyphToChar(self) -> dict[int, list[int]]:
        return pickle.loads(self._glyph_to_char)


def _store(path: Path, face: TTFontFace) -> None:
    state = dict(face.__dict__)
    state.pop("_pdfScale")  # a lambda; rebuilt from unitsPerEm on loading
    state["_glyph_to_char"] = pickle.dumps(state.pop("glyphToChar"), pickle.HIGHEST_PROTOCOL)
    write_entry(path, pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))


def _load_face(data: bytes) -> TTFontFace:
    state = pickle.loads(data)
    face = _CachedFace.__new__(_CachedFace)
    face.__dict__.update(state)
    units = face.unitsPerEm
    # what TTFontFile.extractInfo sets: the identity at 1000 units, else x * (1000 / units)
    face._pdfScale = _identity if units == 1000 else functools.partial(operator.mul,
                                                                        1000 / units)
    return face


def _identity(x):
    return x


def _font(name: str, face: TTFontFace) -> TTFont:
    """A TTFont around an already parsed face: what TTFont.__init__ sets, but the parse."""
    font = TTFont.__new__(TTFont)
    font.fontName = name
    font.face = face
    font.encoding = TTEncoding()
    font.state = weakref.WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = not any(fnmatch(name, glob) for glob in ttfonts.unShapedFontGlob)
    return font
