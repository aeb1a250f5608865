"""Where pnp keeps what it may forget: parsed fonts and the subsets a PDF embeds, compiled
templates, parsed TOML files, laid-out rule booklets and compressed page streams, reused
between runs so a cold build does not redo them. `PNP_CACHE_DIR` moves the cache; set to ""
it is off."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


# what is kept, each in its own folder of the cache
KINDS = frozenset({"fonts", "digests", "subsets", "templates", "texts", "booklets", "layouts",
                   "toml", "streams"})


def cache_dir(kind: str) -> Path | None:
    if kind not in KINDS:
        raise ValueError(f"no cache kind {kind!r}; add it to pnp.cache.KINDS")
    root = cache_root()
    return None if root is None else root / kind


def is_entry(path: Path) -> bool:
    """Is this file one of the cache's (in a kind's folder of it)? A watcher must not take a
    cache hit for an edit, wherever the cache is, even in or around the game folder."""
    root = cache_root()
    if root is None:
        return False
    try:
        kind, _ = path.resolve().relative_to(root.resolve()).parts
    except ValueError:  # not below the cache's root, or not right inside a kind's folder
        return False
    # (a cache kept in the game folder shares fonts/ and layouts/ with the game's own files)
    return kind in KINDS and (path.suffix in ENTRY_SUFFIXES or kind == "subsets")


ENTRY_SUFFIXES = (".pickle", ".marshal", ".cache", ".part")


def cache_root() -> Path | None:
    chosen = os.environ.get("PNP_CACHE_DIR")
    if chosen == "":
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "pnp"


def stamp(path: Path) -> tuple[int, int, int, int]:
    """A file known by its size and times, as fontconfig knows fonts, without reading it. The
    change time too: the system sets it at every write, so a file rewritten with its size and
    time of change kept (`touch -r`, an archive unpacked) is not taken for the old one."""
    stat = path.stat()
    return stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino


def _check(data: bytes) -> bytes:
    from hashlib import blake2b

    return blake2b(data, digest_size=CHECK_BYTES).digest()


CHECK_BYTES = 16  # each entry starts with its data's digest: a damaged entry is never used


def read_entry(path: Path) -> bytes:
    """An entry's data, as write_entry wrote it; OSError when there is none, ValueError when it
    is damaged (a flipped byte that still unpickles would print wrong until the cache went)."""
    kept = path.read_bytes()
    data = kept[CHECK_BYTES:]
    if _check(data) != kept[:CHECK_BYTES]:
        raise ValueError(f"{path}: a damaged cache entry")
    return data


def read_table(path: Path | None) -> dict:
    """A marshalled dict kept by write_entry, or an empty one when there is none or it is
    damaged (a table's worth of entries in one file: parsed TOML, font digests, streams)."""
    import marshal

    try:
        kept = marshal.loads(read_entry(path)) if path is not None else {}
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return kept if isinstance(kept, dict) else {}


def write_entry(path: Path, data: bytes) -> None:
    """Write a cache entry whole or not at all (two builds may write it at once), with the
    digest read_entry checks."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".part")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(_check(data))
            f.write(data)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def prune(folder: Path, keep: int, pattern: str = "*.pickle") -> None:
    """Keep the `keep` most recently used entries (a hit touches its file)."""
    entries = sorted(folder.glob(pattern), key=lambda p: p.stat().st_mtime_ns)
    for old in entries[:-keep]:
        old.unlink(missing_ok=True)
