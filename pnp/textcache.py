"""Booklet texts rendered once and kept between runs, as their laid-out pages are.

Rendering a booklet template means importing Jinja2 (about 20 ms of a cold `pnp build`) and
running it. What a template gives depends only on the template files it reads and the data it
is given (the sandbox offers no clock, no randomness and no other files), so an entry is keyed
by the data, the template's name and folders, and pnp's and Jinja2's code, and holds the text
with every template file the render read (its name, the file it resolved to and a digest of its
content). It is used only while each of those names still resolves to the same file with the
same content; anything else, or an entry that cannot be read, means rendering again.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import pickle
from pathlib import Path
from typing import Any

from . import __version__
from .cache import cache_dir, prune, read_entry, write_entry

KEEP = 40  # entries: every edit of a booklet or its data makes a new one, the oldest go


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _code() -> list[tuple[str, int, int]]:
    """pnp's template code and Jinja2's, known by file, size and time of change."""
    here = Path(__file__).parent
    files = [here / "templating.py", here / "sandbox.py", here / "textcache.py"]
    spec = importlib.util.find_spec("jinja2")  # found, not imported
    if spec is not None and spec.origin:
        files.append(Path(spec.origin).parent / "environment.py")
    return [(str(f), f.stat().st_size, f.stat().st_mtime_ns) for f in files]


def _path(folders: list[Path], name: str, data: Any) -> Path | None:
    folder = cache_dir("texts")
    if folder is None:
        return None
    h = hashlib.sha256(repr((__version__, _code(), [str(f.resolve()) for f in folders],
                             name)).encode())
    h.update(pickle.dumps(data, pickle.HIGHEST_PROTOCOL))
    return folder / f"{h.hexdigest()}.pickle"


def resolve(folders: list[Path], template: str) -> Path | None:
    """The file a template name loads, as the loader looks: the first folder that has it."""
    parts = [p for p in template.split("/") if p and p != "."]
    for folder in folders:
        path = Path(folder, *parts)
        if path.is_file():
            return path
    return None


def get(folders: list[Path], name: str, data: Any) -> tuple[str, str] | None:
    """(text, the template's file name) of an earlier render of the same, or None."""
    try:
        path = _path(folders, name, data)
        if path is None:
            return None
        text, filename, read = pickle.loads(read_entry(path))
        for template, file, digest in read:  # each as it was: the same file, or still none
            found = resolve(folders, template)
            if (str(found) if found else "") != file or (found and _digest(found) != digest):
                return None
        os.utime(path)  # recently used: kept when older entries go
        return text, filename
    except Exception:  # no entry, or one that cannot be read back: render
        return None


def put(folders: list[Path], name: str, data: Any, text: str, filename: str,
        read: list[str]) -> None:
    """Keep a render: `read` names every template it looked for."""
    try:
        path = _path(folders, name, data)
        if path is None:
            return
        files = [(t, resolve(folders, t)) for t in dict.fromkeys(read)]
        entry = (str(text), filename,
                 [(t, str(f) if f else "", _digest(f) if f else "") for t, f in files])
        write_entry(path, pickle.dumps(entry, pickle.HIGHEST_PROTOCOL))
        prune(path.parent, KEEP)
    except (OSError, pickle.PicklingError, TypeError, ValueError, RecursionError):
        pass  # a cache that cannot be written only costs the next render
