"""`pnp watch` and `pnp serve`: rebuild whenever the game's data, templates or fonts change, told by
the operating system's change events (watchfiles: inotify, FSEvents, ReadDirectoryChanges), not by
listing and stat-ing the folder. Each real folder of the game is watched on its own, so a link in
it is never followed out (a link to / would watch the whole disk; one to the output folder would
rebuild for ever). Findings are reported and watching goes on; a failed rebuild leaves the last
good output in place."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Callable, Iterator

from .errors import PnpError
from .resources import shipped

STEP_MS = 50  # a batch closes once no event came for this long (an editor's save is one batch)
WAKE_MS = 500  # how often the watcher looks whether the folders to watch have changed
MAX_FOLDERS = 2_000  # folders watched, one OS watch each: a game has a handful


def game_folders(game_dir: Path) -> list[Path]:
    """What a game's build reads, looked up again on each change: the engine (and with it the
    shipped templates to watch) may change while watching."""
    from .data.game import GameFolder

    try:
        engine = GameFolder.open(game_dir).get("game", "engine")
    except PnpError:
        engine = ""
    return [game_dir, shipped("templates") / engine, shipped("fonts")]


def changes(folders: Callable[[], list[Path]], stop: threading.Event,
            ignore: Callable[[Path], bool] = lambda path: False) -> Iterator[set[Path]]:
    """Sets of changed files. The first set after the watch is armed may be empty: it says
    "watching now", so a caller that builds then misses no edit. Hidden files (an editor's
    swap file, an atomic write's temporary) and `ignore`d ones (our own output) never count,
    so writing the output inside the watched folder does not trigger another build."""
    from watchfiles import Change, DefaultFilter
    from watchfiles import watch as os_events

    base = DefaultFilter()
    watched: set[Path] = set()
    moved: list[bool] = [False]  # a folder came or went: watch the new set of folders

    def keep(change, path: str) -> bool:  # is_dir() is False for a file that vanished: kept
        p = Path(path)
        if (p in watched and not p.exists()) or (p.is_dir() and not p.is_symlink()):
            if not p.name.startswith("."):
                moved[0] = True
            return False
        return (base(change, path) and not p.name.startswith(".") and not ignore(p)
                and not _hidden(p, roots))

    announce = True  # the first batch once armed says "watching now", even if empty
    while not stop.is_set():
        roots = [f for f in folders() if f.is_dir()]
        if not roots:  # the game folder is gone (renamed by hand?): wait for it to return
            stop.wait(WAKE_MS / 1000)
            continue
        armed, moved[0] = False, False
        before, watched = watched, set(real_folders(roots))
        for batch in os_events(*watched, watch_filter=keep, stop_event=stop, step=STEP_MS,
                               rust_timeout=WAKE_MS, yield_on_timeout=True, force_polling=False,
                               raise_interrupt=True, ignore_permission_denied=True,
                               recursive=False):
            paths = {Path(p) for _, p in batch}
            if not armed and not announce:  # watched anew for a new folder: what came in it
                paths |= {f for d in watched - before for f in d.iterdir()
                          if f.is_file() and keep(Change.added, str(f))}
            if paths or (not armed and announce):
                yield paths
            armed = True
            if moved[0]:
                announce = False
                break
            if [f for f in folders() if f.is_dir()] != roots:
                announce = True
                break  # e.g. the engine changed, and with it the shipped templates to watch


def _hidden(p: Path, roots: list[Path]) -> bool:
    """In a hidden folder of the game's (.git) or pnp's cache entry (a hit touches its file:
    a cache kept in the game folder would rebuild for ever)."""
    from .cache import is_entry

    try:
        if is_entry(p):
            return True
        real = p.resolve()
        root = next((r for r in map(Path.resolve, roots) if r in real.parents), None)
    except (OSError, RuntimeError):  # a link loop (RuntimeError before Python 3.13)
        return True  # leads nowhere: nothing a build reads
    return root is not None and any(part.startswith(".")
                                    for part in real.relative_to(root).parts[:-1])


def real_folders(roots: list[Path]) -> list[Path]:
    """The roots and every folder in them, links not followed, hidden folders (.git) left out."""
    found = []
    for root in roots:
        for folder, subfolders, _ in os.walk(root):  # (os.walk does not enter linked folders)
            subfolders[:] = [d for d in subfolders if not d.startswith(".")]
            found.append(Path(folder))
            if len(found) > MAX_FOLDERS:
                raise PnpError(f"{root} holds more than {MAX_FOLDERS:,} folders; pnp watch "
                               "watches a game folder, not a disk")
    return found


def watch(rebuild: Callable[[], str], folders: Callable[[], list[Path]], *,
          echo: Callable[[str], None] = print, stop: threading.Event | None = None,
          max_builds: int | None = None,
          ignore: Callable[[Path], bool] = lambda path: False) -> int:
    """Build once, then again after every change; returns the number of builds."""
    stop = stop or threading.Event()
    builds = 0
    for _ in changes(folders, stop, ignore):
        builds += 1
        start = time.perf_counter()
        try:
            echo(f"{rebuild()} (rebuilt in {time.perf_counter() - start:.2f} s)")
        except PnpError as exc:
            for f in getattr(exc, "findings", []):
                echo(str(f))
            echo(f"Error: {exc} -- still watching")
        except Exception as exc:  # a bug must not end the designer's session; say what it was
            echo(f"Error: unexpected {exc.__class__.__name__}: {exc} -- still watching")
        if max_builds is not None and builds >= max_builds:
            break
    return builds
