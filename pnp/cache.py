"""Where pnp keeps what it may forget: parsed fonts and the subsets a PDF embeds, compiled
templates, parsed TOML files, laid-out rule booklets, dataclasses' compiled methods and
compressed page streams, reused between runs so a cold build does not redo them.
`PNP_CACHE_DIR` moves the cache; set to "" it is off."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def cache_dir(kind: str) -> Path | None:
    root = cache_root()
    return None if root is None else root / kind


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


def write_entry(path: Path, data: bytes) -> None:
    """Write a cache entry whole or not at all: two builds may write it at once."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".part")
    try:
        with os.fdopen(fd, "wb") as f:
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
