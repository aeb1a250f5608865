"""Writing outputs so that a failed or interrupted build never damages a good one, and an
output never replaces what the user did not ask to replace: a device or pipe, the game's own
data, a folder pnp did not make, the folder the user stands in, or anything a link leads to that
the game folder ships (or that leads out of the folder the output is named in)."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import unicodedata
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from .errors import PnpError

EXPORT_MARK = ".pnp-export"  # in every folder pnp export writes: only such folders are replaced

# letters NFKD does not take apart, as they are written in ASCII (after casefold: ß is ss)
_ASCII_FORMS = str.maketrans({"æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d",
                              "þ": "th", "ı": "i", "ħ": "h", "ŧ": "t", "ŋ": "ng"})


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _real(path: Path) -> Path:
    """The path with links followed (so a linked output is written where it points, and the
    link stays) and `.` spelled out."""
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError) as exc:  # a link loop
        raise PnpError(f"cannot use {path} as output: {exc}") from None


def _is_inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def slug(text: str, default: str) -> str:
    """A file name made from a title (the game's, a deck's, a card's): lower-case ASCII
    letters and digits between hyphens, so it travels (a Tabletop Simulator link, a print
    service's upload). Accented letters lose their accents, not themselves ("Dédale" ->
    "dedale", "Größe" -> "grosse"); a letter with no ASCII form (Greek, Chinese) parts words
    as a space does, and a title with nothing left is `default`."""
    # (decomposed before it is lower-cased: "™" is "TM", "㎒" "MHz")
    text = unicodedata.normalize("NFKD", str(text)).casefold().translate(_ASCII_FORMS)
    text = "".join(c for c in text if not unicodedata.combining(c)).translate(_ASCII_FORMS)
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-") or default


def default_output(name: str) -> Path:
    """output/NAME, where pnp puts what it makes unless told: never through an `output` that is
    a link (a downloaded project may ship `output -> ~`, and the user named no folder)."""
    folder = Path("output")
    if folder.is_symlink():
        raise PnpError(f"cannot write {folder / name}: output here is a link (to "
                       f"{os.readlink(folder)}); pnp writes its default output only into a real "
                       "folder (give --out)")
    return folder / name


def check_links(path: Path, game: Path | None = None) -> None:
    """Follow `path` one name at a time, as the system will when writing it: refuse a link on
    the way that lies in the game folder (a downloaded game may ship `output` -> ~), and an
    output that is itself a link leading out of the folder it is named in."""
    try:
        absolute = Path(path).absolute()
    except OSError as exc:  # the folder we stand in is gone
        raise PnpError(f"cannot use {path} as output: {_reason(exc)}") from None
    inside_game = _real(game) if game is not None else None
    here = Path(absolute.anchor)
    names = absolute.parts[1:]
    for number, name in enumerate(names, start=1):
        if name == "..":
            here = here.parent
            continue
        step = here / name
        if not step.is_symlink():
            here = step
            continue
        if inside_game is not None and _is_inside(here, inside_game):
            raise PnpError(f"cannot write {path}: {step} is a link inside the game folder; pnp "
                           "never writes through a link a game folder ships (give another "
                           "--out)")
        target = _real(step)
        if number == len(names) and not _is_inside(target, here):
            raise PnpError(f"cannot write {path}: it is a link to {target}, outside {here}; "
                           "pnp replaces a link's target only inside its own folder (give "
                           "another --out)")
        here = target


def check_file_target(path: Path, game: Path | None = None, what: str = "--out") -> Path:
    """The real path an output file may be written to; refuses a special file (a FIFO or a
    device: replacing it would break the system), the game's own files (inside the game
    folder only PDFs, which pnp never reads, may be replaced) and links (check_links).
    `what` names the file in an error: --out, or the print record kept beside it."""
    check_links(path, game)
    real = _real(path)
    fix = "give a file name" if what == "--out" else "move it away, or build with another --out"
    if real.exists() or real.is_symlink():
        if real.is_dir():
            raise PnpError(f"{what} {path} is a folder; {fix}")
        if not real.is_file():
            raise PnpError(f"{what} {path} is not a regular file (a device, pipe or socket); "
                           f"{fix}")
    if game is not None and _is_inside(real, _real(game)) and real.exists() \
            and real.suffix.lower() != ".pdf":
        raise PnpError(f"{what} {path} is one of the game's own files; pnp will not overwrite "
                       f"it ({'give a new file name' if what == '--out' else fix})")
    return real


@contextmanager
def atomic_output(path: Path, game: Path | None = None, what: str = "--out") -> Iterator[Path]:
    """Yield a temporary path beside `path`; on success it replaces `path` in one step, on any
    error (or Ctrl-C) it is removed and `path` stays as it was. `game` is the game folder
    whose files must never be overwritten."""
    shown = Path(path)
    real = check_file_target(shown, game, what)
    _make_folder(real.parent, shown.parent)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".part", dir=real.parent)
    except OSError as exc:
        raise PnpError(f"cannot write {shown}: {_reason(exc)}") from None
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        with open(tmp_path, "rb") as fh:
            os.fsync(fh.fileno())
        os.chmod(tmp_path, 0o644)
        try:
            os.replace(tmp_path, real)
        except OSError as exc:
            raise PnpError(f"cannot write {shown}: {_reason(exc)}") from None
    except BaseException:
        tmp_path.unlink(missing_ok=True)
        raise


def _make_folder(folder: Path, shown: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise PnpError(f"cannot create folder {shown}: a file has that name") from None
    except OSError as exc:
        raise PnpError(f"cannot create folder {shown}: {_reason(exc)}") from None


def check_folder_target(path: Path, game: Path | None = None) -> Path:
    """The real folder an export may replace: new, empty, or made by pnp export; never the
    game folder or a folder holding it, never through a link (check_links)."""
    check_links(path, game)
    real = _real(path)
    if game is not None and _is_inside(_real(game), real):
        raise PnpError(f"--out {path} holds the game folder; choose a new folder")
    if not real.exists():
        return real
    if not real.is_dir():
        raise PnpError(f"--out {path} is a file; --out for png and tts names a folder")
    if any(real.iterdir()) and not (real / EXPORT_MARK).is_file():
        raise PnpError(f"--out {path} already holds files that pnp did not make; choose a new "
                       "or empty folder (pnp replaces an export folder whole)")
    return real


@contextmanager
def atomic_folder(path: Path, game: Path | None = None) -> Iterator[Path]:
    """Yield an empty staging folder beside `path`; once the block completes, it takes the place
    of `path` (any previous export there is removed only then). On error `path` is untouched."""
    shown = Path(path)
    real = check_folder_target(shown, game)
    _make_folder(real.parent, shown.parent)
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{real.name}.", dir=real.parent))
        os.chmod(staging, 0o755)  # mkdtemp's private 0700 is not what an output folder wants
    except OSError as exc:
        raise PnpError(f"cannot write to {shown.parent}: {_reason(exc)}") from None
    try:
        yield staging
        (staging / EXPORT_MARK).write_text("made by pnp export; pnp replaces this folder "
                                           "whole\n")
        try:
            _swap_in(staging, real)
        except OSError as exc:
            raise PnpError(f"cannot replace {shown}: {_reason(exc)}") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _swap_in(staging: Path, real: Path) -> None:
    if not real.exists():
        os.rename(staging, real)
        return
    if _is_inside(_cwd(), real):
        # the user stands in the old export: keep that folder, replace what it holds
        for entry in real.iterdir():
            shutil.rmtree(entry) if entry.is_dir() and not entry.is_symlink() else entry.unlink()
        for entry in staging.iterdir():
            os.rename(entry, real / entry.name)
        return
    # every rename goes to a name that does not exist: Windows refuses a rename onto a folder,
    # even an empty one. The old export moves aside into a fresh folder, the new one in.
    aside = Path(tempfile.mkdtemp(prefix=f".{real.name}.old.", dir=real.parent))
    old = aside / real.name
    os.rename(real, old)
    try:
        os.rename(staging, real)
    except OSError:
        os.rename(old, real)
        raise
    shutil.rmtree(aside, ignore_errors=True)


def _cwd() -> Path:
    try:
        return Path.cwd().resolve()
    except OSError:  # the folder we stood in is gone
        return Path("/nonexistent")
