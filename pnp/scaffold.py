"""`pnp new`: a new game folder that builds at once, from templates/new/<template>/."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from .errors import OptionError, PnpError, opening
from .resources import shipped

MAX_NAME = 41
NAME = re.compile(rf"^[a-z0-9][a-z0-9_-]{{0,{MAX_NAME - 1}}}$")


TEMPLATES = ("deck", "tokens-and-board", "hex-tiles", "hex-board", "trick-taking", "market")


def new_game(name: str, parent: Path, template: str = "deck") -> Path:
    if not NAME.match(name):
        # the command line's NAME: a usage error (exit 2), as click says a value it refuses
        raise OptionError("NAME", _name_fault(name, parent))
    target = parent / name
    if target.exists():
        raise PnpError(f"{target} already exists; choose another name")
    if (shipped("card_data") / name / "game.toml").is_file() and \
            parent.resolve().name == "card_data":  # (--dir . inside card_data too)
        # ./card_data is looked in first: `--game wuxing` run beside it would build the new
        # deck (wherever pnp new itself was run)
        beside = "here" if parent.resolve() == (Path.cwd() / "card_data").resolve() else \
            f"in {parent.parent}"
        raise PnpError(f"{name!r} is a game pnp ships; a {target} would hide it from "
                       f"--game {name} run {beside} (a card_data folder is looked in first): "
                       "choose another name")
    title = name.replace("-", " ").replace("_", " ").title()
    if template not in TEMPLATES:
        raise PnpError(f"unknown template {template!r}; use one of {', '.join(TEMPLATES)}")
    source = shipped("templates") / "new" / template
    try:
        parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(source, target)
        toml = target / "game.toml"
        toml.write_text(toml.read_text(encoding="utf-8").replace("{{title}}", title)
                        .replace("{{game}}", game_argument(name, parent, anywhere=True)),
                        encoding="utf-8")
    except (OSError, shutil.Error) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        shutil.rmtree(target, ignore_errors=True)  # it did not exist before: leave no half game
        raise PnpError(f"cannot create {target}: {reason}") from None
    return target


def game_argument(name: str, parent: Path, anywhere: bool = False) -> str:
    """What `--game` takes for the new game: its name in ./card_data (where pnp looks for
    names), else its folder's path as --dir gave it (a game made elsewhere is no known name:
    `--game tb` was "unknown game"), quoted when it has a space. `anywhere`: a path that
    works from any folder (game.toml's comment is read later, elsewhere: "../x/tb" was not)."""
    if parent.resolve() == (Path.cwd() / "card_data").resolve():
        return name
    path = str((parent / name).resolve() if anywhere else parent / name)
    if path == name:  # (--dir .): said as a path, not a name pnp would look up in card_data
        path = f"./{name}"
    if not path.isprintable():  # (a newline would end game.toml's comment)
        return "PATH-TO-THE-GAME-FOLDER"
    return f'"{path}"' if any(c.isspace() for c in path) else path


def _name_fault(name: str, parent: Path) -> str:
    """What is wrong with a game name NAME refuses: a path is told apart, since `../x` or
    `games/x` would put the game outside `parent` or in a folder pnp does not look in."""
    rule = "use lower-case letters, digits, - and _ (it becomes the folder and the PDF name)"
    if not name:
        return f"the game name is empty: {rule}"
    if name in (".", "..") or "/" in name or "\\" in name:
        return (f"{name!r} is a path, not a game name: the game is made in {parent}/ "
                f"(--dir says where else); {rule}")
    if len(name) > MAX_NAME:
        return f"{opening(name)} is longer than {MAX_NAME} characters: {rule}"
    return f"game name {name!r}: {rule}"
