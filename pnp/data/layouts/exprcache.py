"""Layout expressions parsed and compiled once, and kept between runs: a game's layouts hold the
same few dozen expressions every time, and Jinja's lexer, parser and compiler cost a cold build
some 50 ms. Kept per expression text: the names it uses and its compiled code. Like the booklet
templates' cache (templating.py) it lives under pnp's cache folder, and a cache it cannot read
or write only costs the compile."""

from __future__ import annotations

import marshal
import sys
from pathlib import Path
from typing import Any

from ...cache import read_table, write_entry

_entries: dict[str, tuple[tuple[str, ...], Any]] | None = None
_dirty = False


def _path() -> Path | None:
    import jinja2

    from ...cache import cache_dir
    from ...sandbox import COMPILED_CHECKS

    folder = cache_dir("layouts")
    if folder is None:
        return None
    # code objects are Python's own format, and they carry the sandbox's compiled-in checks
    tag = f"{sys.version_info[0]}{sys.version_info[1]}-j{jinja2.__version__}-c{COMPILED_CHECKS}"
    return folder / f"expressions-{tag}.marshal"


def _load() -> dict[str, tuple[tuple[str, ...], Any]]:
    global _entries
    if _entries is None:
        _entries = read_table(_path())
    return _entries


def get(raw: str) -> tuple[tuple[str, ...], Any] | None:
    """(names, code) of an expression compiled before, or None."""
    return _load().get(raw)


def put(raw: str, names: tuple[str, ...], code: Any) -> None:
    global _dirty
    entries = _load()
    if len(entries) > 20_000:  # many games over a long time: start again
        entries.clear()
    entries[raw] = (names, code)
    _dirty = True


def save() -> None:
    """Write what was added (once a game's layouts are compiled)."""
    global _dirty
    if not _dirty:  # nothing compiled (a deck of simple expressions never loads Jinja2)
        return
    path = _path()
    if path is None:
        return
    _dirty = False
    try:
        write_entry(path, marshal.dumps(_load()))  # whole or not at all, even two builds at once
    except (OSError, ValueError):
        pass
