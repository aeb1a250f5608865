"""Where pnp keeps what it may forget: parsed fonts and compiled templates, reused between runs
so a cold build does not redo them. `PNP_CACHE_DIR` moves the cache; set to "" it is off."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir(kind: str) -> Path | None:
    chosen = os.environ.get("PNP_CACHE_DIR")
    if chosen == "":
        return None
    if chosen:
        return Path(chosen) / kind
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "pnp" / kind
