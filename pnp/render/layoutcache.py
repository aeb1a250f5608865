"""Rule booklets laid out once and kept between runs (pnp/cache.py), as parsed fonts are.

Laying a booklet out (its paragraphs broken into lines, its pages filled, platypus imported to
do it) is the largest single step of a build: some 0.15 s of a Legolas build. A build whose
booklet text, figures' sizes, fonts (by content), page size, pnp and reportlab are those of an
earlier build reads its pages back instead: each page as the calls that draw it
(displaylist.py), which need no platypus; the figures are drawn anew, only their sizes kept.
"""

from __future__ import annotations

import pickle
from typing import TYPE_CHECKING, Callable

from ..cache import memo
from .fonts import Fonts

if TYPE_CHECKING:
    from .booklet import Booklet


def cached_layout(booklet: Booklet, fonts: Fonts, page_w: float, page_h: float,
                  lay_out: Callable[[], list]) -> list:
    """The pages `lay_out()` gives, from the cache when it holds them."""
    try:
        key = _key(booklet, fonts, page_w, page_h)
    except OSError:  # a font file gone: laying out says so
        return lay_out()

    def make() -> tuple[list[str], list]:
        pages = lay_out()
        # the roles whose fonts the pages name: registered again when the pages are read back
        named = {arg for page in pages for op in page for arg in op[2] if type(arg) is str}
        return [r for r in fonts.registered_roles() if fonts[r] in named], pages

    roles, pages = memo("booklets", key, make, dump=_dump)
    for role in roles:
        fonts[role]  # noqa: B018  (registers the font under the name the pages use)
    return pages


def _key(booklet: Booklet, fonts: Fonts, page_w: float, page_h: float) -> tuple:
    """Everything the layout is made from; fonts by their contents."""
    return (page_w, page_h, booklet.title, booklet.text, booklet.accent.hexval(),
            booklet.source, sorted((name, fig[0], fig[1]) for name, fig in booklet.figures.items()),
            sorted((role, fonts.digest(role)) for role in fonts.paths))


def _dump(entry: tuple[list[str], list]) -> bytes:
    return pickle.dumps(entry, pickle.HIGHEST_PROTOCOL)
