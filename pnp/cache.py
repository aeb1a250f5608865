"""What pnp keeps between runs so a designer's next build is quicker: the parsed fonts,
nothing else (everything else is recomputed; the rule booklet is laid out anew, some 0.15 s).

One way in: `memo(kind, key_parts, make)`. An entry's key is a digest of its inputs' contents
(never a file's times: st_ctime is the creation time on Windows) with pnp's and reportlab's
versions; each entry carries a digest of its own bytes, so a damaged one is made again; it is
written whole or not at all (two builds may write at once); each kind keeps its most recently
used entries. A cache that cannot be read or written only costs the work. The cache lives in
the platform's cache folder (platformdirs); `PNP_CACHE_DIR` moves it, and set to "" it is off.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from pathlib import Path
from typing import Any, Callable, TypeVar

T = TypeVar("T")

# what is kept, and how many entries of each (most recently used first)
KEEP = {"fonts": 64}
SUFFIX = ".pickle"
CHECK_BYTES = 16  # each entry starts with its data's digest


def root() -> Path | None:
    chosen = os.environ.get("PNP_CACHE_DIR")
    if chosen == "":
        return None
    if chosen:
        return Path(chosen)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("pnp", appauthor=False))


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def memo(kind: str, key_parts: Any, make: Callable[[], T],
         dump: Callable[[T], bytes] = pickle.dumps,
         load: Callable[[bytes], T] = pickle.loads) -> T:
    """make(), or what it made before for the same kind and key_parts (whose repr must hold
    every input: contents or their digests, never paths or times). `dump` and `load` turn the
    value into bytes and back."""
    folder = _folder(kind)
    if folder is None:
        return make()
    from reportlab import Version

    from . import __version__

    key = digest(repr((kind, __version__, Version, key_parts)).encode())
    path = folder / f"{key}{SUFFIX}"
    try:
        value = load(_read(path))
        os.utime(path)  # recently used: kept when older entries go
        return value
    except Exception:  # no entry, or one that cannot be read back: make it
        pass
    value = make()
    try:
        _write(path, dump(value))
        _prune(folder, KEEP[kind])
    except Exception:  # (OSError, an unpicklable value): only the next run's saving is lost
        pass
    return value


def is_entry(path: Path) -> bool:
    """Is this file one of the cache's? A watcher must not take a cache write for an edit,
    wherever the cache is, even inside the game folder."""
    top = root()
    if top is None:
        return False
    try:
        kind, name = path.resolve().relative_to(top.resolve()).parts
    except ValueError:  # not below the cache, or not right inside a kind's folder
        return False
    return kind in KEEP and name.endswith((SUFFIX, ".part"))


def _folder(kind: str) -> Path | None:
    if kind not in KEEP:
        raise ValueError(f"no cache kind {kind!r}; add it to pnp.cache.KEEP")
    top = root()
    return None if top is None else top / kind


def _read(path: Path) -> bytes:
    kept = path.read_bytes()
    data = kept[CHECK_BYTES:]
    if hashlib.blake2b(data, digest_size=CHECK_BYTES).digest() != kept[:CHECK_BYTES]:
        raise ValueError(f"{path}: a damaged cache entry")
    return data


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".part")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(hashlib.blake2b(data, digest_size=CHECK_BYTES).digest())
            f.write(data)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _prune(folder: Path, keep: int) -> None:
    """Keep the `keep` most recently used entries (a hit touches its file)."""
    entries = sorted(folder.glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime_ns)
    for old in entries[:-keep]:
        old.unlink(missing_ok=True)
