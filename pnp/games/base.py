"""What every game shares: its metadata, palette, rulings and booklet, read from game.toml and
rulings.toml. (What a game's own kit module provides is described in pnp/games/registry.py.)
Loading stays free of the drawing library: colours are plain values and font files are only
checked here; reportlab registers them when the kit is drawn."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..data.colours import Colour, parse_colour
from ..data.files import inside
from ..data.fontfile import ROLES, check_font
from ..data.game import GameFolder
from ..errors import DataError, Source
from ..resources import shipped


@dataclass(frozen=True)
class Ruling:
    id: str
    title: str
    text: str
    source: str
    origin: Source


@dataclass(frozen=True)
class Common:
    folder: GameFolder
    title: str
    engine: str
    designer: str
    players: str
    ages: str
    duration: str
    version: str
    credits: str
    palette: dict[str, Colour]
    rulings: tuple[Ruling, ...]
    fonts: dict[str, Path]

    def colour(self, name: str) -> Colour:
        return self.palette[name]


def load_rulings(folder: GameFolder) -> tuple[Ruling, ...]:
    path = folder.path / "rulings.toml"
    if not path.is_file():
        return ()
    data = folder.toml("rulings.toml")
    items = data.get("ruling", [])
    if not isinstance(items, list):
        raise DataError("expected [[ruling]] entries", path)
    rulings = []
    seen = set()
    for i, item in enumerate(items, 1):
        where = Source(path, i)
        for key in ("id", "title", "text"):
            if not isinstance(item.get(key), str) or not item[key].strip():
                raise DataError(f"ruling {i} needs a text {key!r}", path, i, key)
        if item["id"] in seen:
            raise DataError(f"ruling id {item['id']!r} appears twice", path, i, "id")
        seen.add(item["id"])
        rulings.append(Ruling(item["id"], item["title"].strip(), " ".join(item["text"].split()),
                              str(item.get("source", "pnp")), where))
    return tuple(rulings)


def load_common(folder: GameFolder) -> Common:
    palette = {}
    for key, value in folder.section("palette", required=False).items():
        if not isinstance(value, str):
            raise DataError(f"[palette] {key} must be a colour text like \"#aa3311\"",
                            folder.toml_path, field=f"palette.{key}")
        palette[key.lower()] = parse_colour(value, None, folder.toml_path, field=f"palette.{key}")
    fonts = {}
    for role, rel in folder.section("fonts", required=False).items():
        if role not in ROLES:
            raise DataError(f"unknown font role {role!r}; use one of {', '.join(ROLES)}",
                            folder.toml_path, field=f"fonts.{role}")
        fonts[role] = folder.file(str(rel), field=f"fonts.{role}")
        try:
            check_font(fonts[role])
        except DataError as exc:
            raise DataError(f"{rel}: {exc.message}", folder.toml_path,
                            field=f"fonts.{role}") from None
    g = "game"
    return Common(
        folder=folder,
        title=folder.get(g, "title"),
        engine=folder.get(g, "engine"),
        designer=folder.get(g, "designer", default=""),
        players=str(folder.get(g, "players", (str, int), default="")),
        ages=str(folder.get(g, "ages", (str, int), default="")),
        duration=folder.get(g, "duration", default=""),
        version=str(folder.get(g, "version", (str, int, float), default="")),
        credits=folder.get(g, "credits", default=""),
        palette=palette,
        rulings=load_rulings(folder),
        fonts=fonts,
    )


def palette_colour(common: Common, value: str, source: Source, field: str) -> Colour:
    return parse_colour(value, common.palette, source.path, source.row, field)


def booklet_text(common: Common, context: dict[str, Any]) -> str:
    """Render the game's booklet template: the game folder's own first, then the shipped one."""
    from ..templating import render_template

    folder = common.folder
    name = folder.get("booklet", "template", default="booklet.md.j2")
    inside(folder.path, name, Source(folder.toml_path), "booklet.template")
    search = [folder.path, shipped("templates") / common.engine]
    game = {k: getattr(common, k) for k in ("title", "designer", "players", "ages", "duration",
                                             "version", "credits")}
    rulings = [{"id": r.id, "title": r.title, "text": r.text, "source": r.source}
               for r in common.rulings]
    base = {"game": game, "rulings": rulings}
    return render_template(search, name, {**base, **context})
