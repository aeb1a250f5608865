"""Copying a game folder (a sweep's variants are edited copies): links are copied as links, each
pointing at the same file inside the copy; a link leading out of the folder, or round in a loop,
is refused, and so is a folder too large to copy once per variant."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from ..errors import PnpError

MAX_COPY_BYTES = 256 * 1024 * 1024  # far beyond a game's data and art; a system folder is not
MAX_COPY_ENTRIES = 20_000  # files, folders and links


def copy_game(source: Path, target: Path) -> None:
    """Copy the game folder `source` to `target` (which must not exist)."""
    root = _real(source, source)
    plan: list[tuple[Path, Path | None]] = []  # (relative path, link target relative to root)
    size = 0

    def unreadable(exc: OSError) -> None:
        raise PnpError(f"cannot copy the game folder: {exc.filename}: "
                       f"{exc.strerror or exc}")

    for folder, dirs, files in os.walk(root, onerror=unreadable):  # links are not followed
        for name in sorted(dirs) + sorted(files):
            path = Path(folder) / name
            shown = source / path.relative_to(root)
            if path.is_symlink():
                real = _real(path, shown)
                if real != root and root not in real.parents:
                    raise PnpError(f"{shown} is a link to {real}, outside the game folder; pnp "
                                   "copies the game folder for a sweep and never follows a "
                                   "link out of it (copy the file in instead)")
                plan.append((path.relative_to(root), real.relative_to(root)))
            elif path.is_dir() or path.is_file():  # (a device or pipe is no game data)
                size += 0 if path.is_dir() else path.stat().st_size
                plan.append((path.relative_to(root), None))
            if len(plan) > MAX_COPY_ENTRIES or size > MAX_COPY_BYTES:
                raise PnpError(f"the game folder {source} holds more than "
                               f"{MAX_COPY_ENTRIES:,} files or {MAX_COPY_BYTES >> 20} MB; a "
                               "sweep copies it once per variant (move what the game does "
                               "not read, such as built PDFs, out of it)")
    target.mkdir(parents=True)
    for rel, link in plan:
        dest = target / rel
        if link is not None:
            dest.symlink_to(os.path.relpath(target / link, dest.parent))
        elif (root / rel).is_dir():
            dest.mkdir()
        else:
            shutil.copy2(root / rel, dest)


def _real(path: Path, shown: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # RuntimeError: Python before 3.13 on a loop
        raise PnpError(f"{shown}: its links lead round in a loop; remove the link") from None
