"""Parsed fonts kept between runs (pnp/cache.py), as fontconfig keeps its cache.

reportlab parses a TrueType font in pure Python: about 20 ms for a DejaVu face, and a build
uses three or four. The parsed face is kept, keyed by the file's content digest, and read back
in a few ms. reportlab offers no public way to make a font from a parsed face, so this is the
one place that sets a font's and a face's own fields, as TTFont.__init__ and
TTFontFile.extractInfo set them: the scale function a face cannot pickle, and the file's bytes
(which subsets are cut from), taken from the bytes the digest was made of.
"""

from __future__ import annotations

import functools
import operator
import pickle
import weakref
from fnmatch import fnmatch
from pathlib import Path
from typing import Callable

from reportlab import rl_config
from reportlab.pdfbase import ttfonts
from reportlab.pdfbase.ttfonts import TTEncoding, TTFont, TTFontFace

from ..cache import memo

UNPICKLED = ("_pdfScale", "_ttf_data")  # a lambda, and the font file itself


def cached_font(name: str, path: Path, data: bytes, digest: str,
                parse: Callable[[], TTFont]) -> TTFont:
    """The font `parse()` gives of the file `path` whose bytes are `data` (their digest
    `digest`), named `name`; its face from the cache when an earlier run parsed the same bytes
    (in any file)."""
    face = memo("fonts", digest, lambda: parse().face, dump=_dump, load=pickle.loads)
    if "_ttf_data" not in vars(face):  # read back: what was not kept
        units = face.unitsPerEm
        face._pdfScale = _identity if units == 1000 else functools.partial(operator.mul,
                                                                            1000 / units)
        face._ttf_data = data
        face.filename = str(path)  # (the subset's name in the PDF)
    font = TTFont.__new__(TTFont)
    font.fontName = name
    font.face = face
    font.encoding = TTEncoding()
    font.state = weakref.WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = not any(fnmatch(name, glob) for glob in ttfonts.unShapedFontGlob)
    return font


def _dump(face: TTFontFace) -> bytes:
    copy = TTFontFace.__new__(TTFontFace)
    copy.__dict__.update({k: v for k, v in vars(face).items() if k not in UNPICKLED})
    return pickle.dumps(copy, pickle.HIGHEST_PROTOCOL)


def _identity(x):
    return x
