"""`pnp new`: a new game folder that builds at once, from templates/new/<template>/."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from .errors import PnpError
from .resources import shipped

NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,40}$")


TEMPLATES = ("deck", "tokens-and-board", "hex-tiles", "hex-board", "trick-taking", "market")


def new_game(name: str, parent: Path, template: str = "deck") -> Path:
    if not NAME.match(name):
        raise PnpError(f"game name {name!r}: use lower-case letters, digits, - and _ "
                       "(it becomes the folder and the PDF name)")
    target = parent / name
    if target.exists():
        raise PnpError(f"{target} already exists; choose another name")
    title = name.replace("-", " ").replace("_", " ").title()
    if template not in TEMPLATES:
        raise PnpError(f"unknown template {template!r}; use one of {', '.join(TEMPLATES)}")
    source = shipped("templates") / "new" / template
    try:
        parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(source, target)
        toml = target / "game.toml"
        toml.write_text(toml.read_text(encoding="utf-8").replace("{{title}}", title)
                        .replace("{{slug}}", name), encoding="utf-8")
    except (OSError, shutil.Error) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        shutil.rmtree(target, ignore_errors=True)  # it did not exist before: leave no half game
        raise PnpError(f"cannot create {target}: {reason}") from None
    return target
