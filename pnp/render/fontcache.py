"""Parsed fonts kept on disk between runs, as fontconfig keeps its cache.

reportlab parses a TrueType font in pure Python: about 20 ms for a DejaVu face, and a cold build
uses three or four, a fifth of its time. The parsed face is stored once, keyed by the file's
content digest and reportlab's version, and loaded in about 2 ms afterwards. Anything wrong with
the cache (missing, unreadable, written by another reportlab) means the font is parsed again;
a cache that cannot be written is no error (pnp/cache.py says where it lives).
"""

from __future__ import annotations

import functools
import hashlib
import marshal
import operator
import os
import pickle
import weakref
import zlib
from fnmatch import fnmatch
from pathlib import Path
from typing import Callable

from reportlab import Version, rl_config
from reportlab.pdfbase import pdfdoc, ttfonts
from reportlab.pdfbase.ttfonts import TTEncoding, TTFont, TTFontFace

from ..cache import cache_dir, prune, read_entry, read_table, stamp, write_entry

# subsets kept (each 5-40 kB): a kit's fonts embed the same characters build after build
KEEP_SUBSETS = 200
# parsed faces kept (each 0.1-0.2 MB): a font being edited makes a new one each time
KEEP_FACES = 64


def cached_font(name: str, digest: str, file: Path, parse: Callable[[], TTFont]) -> TTFont:
    """The font `parse()` gives of `file`, from the cache when it holds it."""
    folder = cache_dir("fonts")
    if folder is None:
        return parse()
    key = f"{digest}-reportlab-{Version}"
    path = folder / f"{key}.pickle"
    try:
        face = _load_face(read_entry(path))
        face._key = key
        # the entry is known by the font's contents: another install, or a copy, may have
        # parsed it, and its file is read from here when a subset is made
        face.filename = str(file)
        os.utime(path)  # recently used: kept when older faces go
        return _font(name, face)
    except Exception:  # no cache yet, or one this reportlab cannot use: parse
        pass
    font = parse()
    try:
        _store(path, font.face)
        prune(folder, KEEP_FACES)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass
    return font


def file_digest(path: Path) -> str:
    """The SHA-1 of a font file, remembered by its path, size and times (cache.stamp): reading
    and hashing a DejaVu face took half a millisecond a build."""
    key = "|".join(map(str, (os.path.abspath(path), *stamp(path))))
    digests = _digests()
    digest = digests.get(key)
    if not isinstance(digest, str):
        digest = digests[key] = hashlib.sha1(path.read_bytes()).hexdigest()
        folder = cache_dir("digests")
        if folder is not None:
            if len(digests) > 1000:  # fonts come and go over a long time: start again
                digests.clear()
                digests[key] = digest
            try:
                write_entry(folder / "fonts.marshal", marshal.dumps(digests))
            except (OSError, ValueError):
                pass
    return digest


_DIGESTS: dict[str, str] | None = None


def _digests() -> dict[str, str]:
    global _DIGESTS
    if _DIGESTS is None:
        folder = cache_dir("digests")
        _DIGESTS = read_table(folder / "fonts.marshal" if folder else None)
    return _DIGESTS


class _CachedFace(TTFontFace):
    """A face read back from the cache. Its glyph -> characters table, which only shaping
    reads (pnp does not shape text), stays pickled until first asked for: reading it was a
    third of the time a face took to load. So do the glyphs' metrics and places, which only
    making a subset reads, and the font file's bytes are read only then; the subsets made are
    kept too (makeSubset)."""

    _key: str | None = None  # the cache entry it came from

    @functools.cached_property
    def glyphToChar(self) -> dict[int, list[int]]:
        return pickle.loads(self._glyph_to_char)

    @functools.cached_property
    def _ttf_data(self) -> bytes:
        """The font file itself, read only to make a subset the cache does not hold (it was
        three quarters of an entry to read back)."""
        data = Path(self.filename).read_bytes()
        if self._key is None or not self._key.startswith(hashlib.sha1(data).hexdigest()):
            from ..errors import PnpError

            raise PnpError(f"{self.filename}: the font file changed while pnp was building; "
                           "nothing was printed, build again")
        return data

    @functools.cached_property
    def _subsetting(self) -> tuple[list, list]:
        return pickle.loads(self._subset_tables)

    @functools.cached_property
    def hmetrics(self) -> list[tuple[int, int]]:
        return self._subsetting[0]

    @functools.cached_property
    def glyphPos(self) -> list[int]:
        return self._subsetting[1]

    def makeSubset(self, subset) -> bytes:
        """The font file embedded for these characters (code points, in the order the PDF
        numbers them), from the cache when this font made it before: the same kit embeds the
        same subsets every build. Kept with it, what zlib makes of it for the PDF
        (addSubsetObjects). A damaged entry is made again."""
        folder = cache_dir("subsets")
        if folder is None or self._key is None:
            return super().makeSubset(subset)
        chars = hashlib.sha1(repr(list(subset)).encode()).hexdigest()[:20]
        path = folder / f"{self._key}-zlib{zlib.ZLIB_RUNTIME_VERSION}-{chars}.ttf"
        try:
            data, deflated = marshal.loads(read_entry(path))
            os.utime(path)  # recently used: kept when older entries go
            self._deflated = _Deflated(data, deflated)
            return data
        except (OSError, ValueError, EOFError, TypeError):
            pass
        data = super().makeSubset(subset)
        self._deflated = _Deflated(data, zlib.compress(data))
        try:
            write_entry(path, marshal.dumps((data, self._deflated.deflated)))
            prune(folder, KEEP_SUBSETS, "*.ttf")
        except OSError:
            pass
        return data

    def addSubsetObjects(self, doc, fontname, subset):
        """reportlab's, with the subset's stream compressed as it was when it was kept."""
        ref = super().addSubsetObjects(doc, fontname, subset)
        deflated = self.__dict__.pop("_deflated", None)
        stream = doc.idToObject.get(f"fontFile:{self.filename}({fontname})")
        if deflated is not None and getattr(stream, "content", None) is deflated.data \
                and stream.filters == [pdfdoc.PDFZCompress]:
            stream.filters = [deflated]
        return ref


class _Deflated:
    """The FlateDecode filter of one stream whose compressed bytes are known already (zlib's
    own, at its default level, as reportlab's filter makes them)."""

    pdfname = "FlateDecode"

    def __init__(self, data: bytes, deflated: bytes):
        self.data, self.deflated = data, deflated

    def encode(self, text: bytes) -> bytes:
        return self.deflated if text is self.data else zlib.compress(text)


def _store(path: Path, face: TTFontFace) -> None:
    state = dict(face.__dict__)
    state.pop("_pdfScale")  # a lambda; rebuilt from unitsPerEm on loading
    state["_glyph_to_char"] = pickle.dumps(state.pop("glyphToChar"), pickle.HIGHEST_PROTOCOL)
    state["_subset_tables"] = pickle.dumps((state.pop("hmetrics"), state.pop("glyphPos")),
                                           pickle.HIGHEST_PROTOCOL)
    state.pop("_ttf_data")  # the font file: read from it when needed
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
