"""Compressed page streams kept between builds, as the font subsets are (fontcache.py).

Compressing a PDF's page and form streams with zlib is a third of writing it: 7 ms of a 41-page
kit, the same bytes build after build for every page that did not change (a rebuild after
editing one card changes one sheet). While a build's PDF is written, each stream's compressed
bytes are looked up by the SHA-1 of its contents (a twentieth of the cost of compressing) and
compressed only when missing. The streams a build wrote are kept for the next, before those of
earlier builds (other kits), up to KEEP_BYTES in one file with its digest (pnp/cache.py says
where). The bytes are
zlib's own at reportlab's level, so the PDF is the same byte for byte; a cache file written by
another zlib, or damaged, is not read.
"""

from __future__ import annotations

import hashlib
import marshal
import zlib
from contextlib import contextmanager
from typing import Iterator

from reportlab.pdfbase import pdfdoc

from ..cache import cache_dir, read_table, write_entry

KEEP_BYTES = 4_000_000  # compressed bytes kept: a few kits' pages; a huge deck keeps its first
SMALLEST = 1024  # shorter streams are compressed at once: looking them up would save nothing


@contextmanager
def kept_deflates() -> Iterator[None]:
    """While writing a PDF (canvas.save()), its streams are compressed through the cache."""
    folder = cache_dir("streams")
    zlib_filter = pdfdoc.PDFZCompress  # the filter reportlab gives every compressed stream
    if folder is None or "encode" in vars(zlib_filter):  # off, or already (another build)
        yield
        return
    path = folder / f"deflated-zlib{zlib.ZLIB_RUNTIME_VERSION}.marshal"
    kept: dict[bytes, bytes] = read_table(path)
    used: dict[bytes, bytes] = {}
    size = 0

    def encode(text):
        nonlocal size
        if isinstance(text, str):
            text = text.encode("utf8")  # as reportlab's filter does
        if len(text) < SMALLEST or size > KEEP_BYTES:
            return zlib.compress(text)
        key = hashlib.sha1(text).digest()
        deflated = used.get(key) or kept.get(key)
        if deflated is None:
            deflated = zlib.compress(text)
        used[key] = deflated
        size += len(deflated)
        return deflated

    zlib_filter.encode = encode  # this object's own, for this save only
    try:
        yield
    finally:
        del zlib_filter.encode
    if used.keys() - kept.keys():  # something new: kept first, then the older ones that fit
        for key, deflated in kept.items():
            if size + len(deflated) > KEEP_BYTES:
                break
            if key not in used:
                used[key] = deflated
                size += len(deflated)
        try:
            write_entry(path, marshal.dumps(used))
        except OSError:  # a cache that cannot be written is no error
            pass
