"""`pnp watch`: rebuild whenever the game's data, templates or fonts change. Findings are
reported and watching goes on; a failed rebuild leaves the last good PDF in place."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Callable

from .errors import PnpError
from .resources import shipped


def _snapshot(folders: list[Path]) -> dict[Path, tuple[int, int]]:
    state = {}
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in folder.rglob("*"):
            if path.is_file() and not path.name.startswith("."):
                st = path.stat()
                state[path] = (st.st_mtime_ns, st.st_size)
    return state


def watched_folders(game_dir: Path, engine: str) -> list[Path]:
    return [game_dir, shipped("templates") / engine, shipped("fonts")]


def watch(rebuild: Callable[[], str], folders: Callable[[], list[Path]], *,
          echo: Callable[[str], None] = print, interval: float = 0.4,
          stop: threading.Event | None = None, max_builds: int | None = None) -> int:
    """Build once, then again after every change; returns the number of builds."""
    stop = stop or threading.Event()
    builds = 0

    def once() -> None:
        nonlocal builds
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

    once()
    seen = _snapshot(folders())
    while not stop.is_set() and (max_builds is None or builds < max_builds):
        stop.wait(interval)
        now = _snapshot(folders())
        if now != seen:
            time.sleep(interval / 2)  # let an editor finish writing
            seen = _snapshot(folders())
            once()
    return builds
