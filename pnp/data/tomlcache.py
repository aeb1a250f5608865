"""Parsed TOML kept between runs. Python's TOML parser is pure Python: a game's game.toml,
rulings.toml and layout files take it some 5 ms a build, and they rarely change between builds.
An entry is found by the text's digest, so an edited file is parsed anew; what is kept is
Python's own marshal format, read back as new objects every time (callers may change what they
get). Like the other caches (pnp/cache.py) it is only a saving: a cache that cannot be read or
written costs the parse, and text with dates (which marshal cannot keep) is simply not kept."""

from __future__ import annotations

import hashlib
import marshal
import sys
from typing import Any, Callable

_entries: dict[bytes, bytes] | None = None
_used: set[bytes] = set()  # the entries this run read or added: the last to go
# read whole every run: past this many bytes (a few hundred files; edits make new entries),
# entries go, oldest first; a file whose parse alone is a quarter of that is not kept
MAX_BYTES = 1_000_000


def _path():
    from ..cache import cache_dir

    folder = cache_dir("toml")
    return None if folder is None else folder / f"parsed-{sys.version_info[0]}{sys.version_info[1]}.marshal"


def _load() -> dict[bytes, bytes]:
    from ..cache import read_table

    global _entries
    if _entries is None:
        _entries = read_table(_path())
    return _entries


def parsed(text: str, parse: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """parse(text), from the cache when an earlier run parsed the same text."""
    key = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
    entries = _load()
    kept = entries.get(key)
    if kept is not None:
        try:
            data = marshal.loads(kept)
            if isinstance(data, dict):
                _used.add(key)
                return data
        except (ValueError, EOFError, TypeError):
            pass
    data = parse(text)
    try:
        kept = marshal.dumps(data)
    except ValueError:  # a date or time: parsed every time
        return data
    if len(kept) > MAX_BYTES // 4:
        return data
    entries[key] = kept
    _used.add(key)
    size = sum(map(len, entries.values()))
    # oldest first (a dict keeps the order they came in), what this run uses last
    for old in sorted(entries, key=lambda k: k in _used):
        if size <= MAX_BYTES:
            break
        size -= len(entries.pop(old))
    _save(entries)
    return data


def _save(entries: dict[bytes, bytes]) -> None:
    from ..cache import write_entry

    path = _path()
    if path is None:
        return
    try:
        write_entry(path, marshal.dumps(entries))
    except (OSError, ValueError):
        pass
