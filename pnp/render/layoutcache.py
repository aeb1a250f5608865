"""Rule booklets laid out once and kept on disk between runs, as parsed fonts are.

Laying a booklet out (its paragraphs parsed and broken into lines, its pages filled) is the
largest single step of a cold `pnp build`: 40 ms of Wuxing Duel's 0.3 s, more for longer
booklets, and importing platypus to do it another 15-25 ms. A build whose booklet text,
figures' sizes, fonts, page size, pnp and reportlab are those of an earlier build reads that
build's pages back instead (a few ms): each page as the calls that draw it (displaylist.py),
which need no platypus; the figures are drawn anew, only their sizes are kept. Anything wrong
with an entry means the booklet is laid out again; a cache that cannot be written is no error
(pnp/cache.py says where it lives, and `PNP_CACHE_DIR=""` turns it off).
"""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from reportlab import Version

from .. import __version__
from ..cache import cache_dir, prune, read_entry, stamp, write_entry
from .fonts import Fonts

if TYPE_CHECKING:
    from .booklet import Booklet

# entries kept (each 0.1-0.3 MB): every edit of a booklet makes a new one, the oldest go
KEEP = 40


def cached_layout(booklet: Booklet, fonts: Fonts, page_w: float, page_h: float,
                  lay_out: Callable[[], list]) -> list:
    """The pages `lay_out()` gives, from the cache when it holds them."""
    folder = cache_dir("booklets")
    if folder is None:
        return lay_out()
    try:
        path = folder / f"{_key(booklet, fonts, page_w, page_h)}.pickle"
    except OSError:  # a font file gone: laying out says so
        return lay_out()
    try:
        names, pages = pickle.loads(read_entry(path))
        if not all(len(op) == 4 for page in pages for op in page):  # not a display list
            raise ValueError(path)
        # the fonts its text is set in, registered as laying out did, under the names the
        # pages use: a font file changed with its size and time kept is named anew (by its
        # contents), and such an entry is laid out again
        if any(fonts[role] != name for role, name in names):
            raise ValueError(path)
        os.utime(path)  # recently used: kept when older entries go
        return pages
    except Exception:  # no entry yet, or one that cannot be read back: lay out
        pass
    pages = lay_out()
    try:
        _store(path, fonts, pages)
        prune(folder, KEEP)
    except (OSError, pickle.PicklingError, TypeError, AttributeError, RecursionError):
        pass
    return pages


# the modules that make a layout from the booklet's text, known (like the fonts) by file, size
# and time of change, so a pnp being worked on lays out again when they change
_CODE = ("booklet.py", "booklayout.py", "displaylist.py", "emphasis.py", "platypus.py", "fonts.py",
         "text.py", "colours.py", "layoutcache.py")


def _key(booklet: Booklet, fonts: Fonts, page_w: float, page_h: float) -> str:
    """Everything the layout is made from. Fonts are known by file, size and times
    (cache.stamp), as fontconfig knows them."""
    h = hashlib.sha256()
    parts: list[Any] = [__version__, Version, page_w, page_h, booklet.title, booklet.text,
                        booklet.accent.hexval(), booklet.source,
                        sorted((name, fig[0], fig[1]) for name, fig in booklet.figures.items())]
    here = Path(__file__).parent
    for role, path in sorted(fonts.paths.items()) + [("code", here / f) for f in _CODE]:
        parts.append((role, str(path), *stamp(path)))
    h.update(repr(parts).encode())
    return h.hexdigest()


def _store(path: Path, fonts: Fonts, pages: list) -> None:
    # the roles whose fonts the pages name (set a text in): a face that laying out registered
    # and the text never used (italic for a booklet with only **bold**) is not parsed again
    named = {arg for page in pages for op in page for arg in op[2] if type(arg) is str}
    names = [(role, fonts[role]) for role in fonts.registered_roles() if fonts[role] in named]
    write_entry(path, pickle.dumps((names, pages), pickle.HIGHEST_PROTOCOL))


