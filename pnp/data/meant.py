"""The file a path in the game was meant to name, when it names none: for the message that
says so (a name differing in case, a close one, a Windows path)."""

from __future__ import annotations

import re
from pathlib import Path

from .files import is_file, nearest_file


NOT_PLAIN = "is not a plain file (a pipe or a device?): pnp reads files alone"


def not_there(root: Path, path: Path, relative: str) -> str:
    """Why no file is at `path` (not a folder: the callers word that): not found, with the one
    meant; or something there that is not a file (a pipe, a device) that pnp does not read."""
    try:
        there = path.exists()
    except (OSError, ValueError):
        there = False
    if there:
        return NOT_PLAIN
    return "not found in the game folder" + meant(root, path, relative)


def meant(root: Path, path: Path, relative: str) -> str:
    """" (did you mean 'img/Photo.PNG'?)": a file beside where the path points whose name
    (or a folder's on the way) differs in case alone (found on a Mac or Windows, not on Linux:
    a kit that breaks when shared) or is close; a Windows path's \\ named; else ""."""
    if "\\" in relative:
        return _windows_path(root, relative.replace("\\", "/"))
    cased = _cased(root, relative)
    if cased is not None:
        return f" (its name differs in case from {cased!r}, which a Mac or Windows " \
               "would find and Linux would not: write the name as the file has it)"
    near = nearest_file(path.parent, root, path.name, _kin(path.name))
    if near is not None:
        return f" (did you mean {relative[:len(relative) - len(path.name)] + near!r}?)"
    moved = _one_down(root, path)
    return f" (did you mean {moved!r}?)" if moved else ""


def _one_down(root: Path, path: Path) -> str | None:
    """The file of that name in a folder of the one it was looked for in (data/units.csv for
    units.csv), as the game folder names it (a link by its own name); of the first 1,000
    names there, no more."""
    try:
        names = sorted(p.name for p in path.parent.iterdir())[:1000]
        found = next((path.parent / n / path.name for n in names
                      if is_file(path.parent / n / path.name)), None)
        if found is None or not found.resolve().is_relative_to(root.resolve()):
            return None     # (a link out of the game folder is no suggestion)
        return found.relative_to(root.resolve()).as_posix()
    except (OSError, ValueError):
        return None


def _kin(name: str) -> tuple[str, ...]:
    """The kinds of file a name may have meant: a table for a table (cards.xlsx for
    cards.csv), a picture for a picture, a font for a font; else its own suffix (never
    unit.png offered for units.csv)."""
    from .layouts.compiled import IMAGE_SUFFIXES
    from .sheets import TEXT_TABLES, WORKBOOKS

    suffix = Path(name).suffix.lower()
    kinds = (TEXT_TABLES + WORKBOOKS, IMAGE_SUFFIXES, (".ttf", ".otf"))
    return next((kind for kind in kinds if suffix in kind), (suffix,) if suffix else ())


def _windows_path(root: Path, forward: str) -> str:
    """A path written with Windows' \\: the one to write, as the disk has it, if there is one."""
    if re.match(r"[A-Za-z]:/", forward):
        return " (a Windows path from the drive: give the file's path inside the game folder)"
    if not (root / forward).resolve().is_relative_to(root.resolve()):  # (not looked for)
        return " (write / between folders, and a path inside the game folder)"
    found = forward if is_file(root / forward) else _cased(root, forward)
    to_write = f", as {found!r}" if found else ""
    return f" (write / between folders{to_write}: a \\ works on Windows alone)"


def _cased(root: Path, relative: str) -> str | None:
    """The file `relative` names, each folder and the file found whatever their case ("Art/
    Bard.JPG" for art/bard.jpg), if there is one in the game folder: as written on disk."""
    at, parts = root, []
    for part in Path(relative).parts:
        on_disk = part if (at / part).exists() else next(
            (n for n in _names(at) if n.lower() == part.lower()), None)
        if on_disk is None:
            return None
        parts.append(on_disk)
        at = at / on_disk
    written = "/".join(parts)
    inside_root = at.resolve().is_relative_to(root.resolve())
    return written if written != relative and is_file(at) and inside_root else None


def _names(folder: Path) -> list[str]:
    """The names in `folder` (its first 1,000: for a message); none if it cannot be listed."""
    try:
        return sorted(p.name for p in folder.iterdir())[:1000] if folder.is_dir() else []
    except OSError:
        return []
