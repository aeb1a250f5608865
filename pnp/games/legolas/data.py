"""Reading Legolas vs. Gimli's four card lists (monsters, treasures, characters, missions) into
the records of facts.py, each with the file and row it came from. The kit and the rules engine
read them through this one loader. Cells are checked for form here (a number is a number); what
the rules make of the values is checked in checks.py, as findings."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ...data.files import Column, Record, read_csv
from ...errors import DataError, Source
from ...resources import shipped
from .facts import ELEMENTS, KINDS, SUITS, Character, Mission, Monster, Power, Treasure

# L1: "air" and "wind" are one element.
ELEMENT_ALIASES = {"air": "wind"}


def _name(text: str) -> str:
    value = text.strip().lower()
    return ELEMENT_ALIASES.get(value, value)


_name.__name__ = "name"


@dataclass(frozen=True)
class Cards:
    """The four lists in file order, and the row each record came from."""

    monsters: tuple[Monster, ...]
    monster_sources: tuple[Source, ...]
    treasures: tuple[Treasure, ...]
    treasure_sources: tuple[Source, ...]
    characters: tuple[Character, ...]
    character_sources: tuple[Source, ...]
    missions: tuple[Mission, ...]
    mission_sources: tuple[Source, ...]


def _power(r, level: str) -> Power:
    return Power(r[f"{level}_power"], r[f"{level}_amount"], r[f"{level}_text"])


def _reader(folder: Path, note: Callable[[DataError], None] | None):
    """read(name, columns): the rows of a CSV. Without `note` the first bad cell raises
    DataError (file, row, field); with it every bad cell (or unreadable file) is noted and its
    row left out, so one validation names them all."""
    def read(name: str, columns: list[Column]) -> list[Record]:
        if note is None:
            return read_csv(folder / name, columns)
        try:
            if not (folder / name).is_file():
                raise DataError("file not found in the game folder", folder / name)
            return read_csv(folder / name, columns, errors=note)
        except DataError as exc:
            note(exc)
            return []
    return read


def load_cards(folder: Path, note: Callable[[DataError], None] | None = None) -> Cards:
    """The four lists of a game folder (see _reader for `note`)."""
    read = _reader(folder, note)
    kinds = tuple(k for k in KINDS if k)
    monsters = read("monsters.csv", [
        Column("suit", _name, choices=SUITS), Column("value", "int", min=1, max=9),
        Column("element", _name, choices=ELEMENTS),
        Column("kind", _name, default="", choices=kinds),
        Column("coins", "float", default=0.0, min=0, max=9),
        Column("boss_vp", "int", default=0, min=0, max=20)])
    treasures = read("treasures.csv", [
        Column("id"), Column("name"), Column("effect", _name),
        Column("amount", "int", default=0, min=0, max=99),
        Column("target", _name, default=""), Column("text")])
    levels = []
    for level in ("level2", "level3"):
        levels += [Column(f"{level}_power", _name), Column(f"{level}_amount", "int", default=0,
                                                           min=0, max=99),
                   Column(f"{level}_text", default="")]
    characters = read("characters.csv", [
        Column("id"), Column("name"), Column("threshold", "int", min=1, max=99),
        Column("element", _name, choices=ELEMENTS),
        Column("element_vp", "int", min=0, max=9),
        Column("defence", "int", min=0, max=99), *levels,
        Column("copies", "int", min=0, max=10)])
    missions = read("missions.csv", [
        Column("id"), Column("name"),
        Column("gain_vp", "int", min=0, max=20), Column("gain_per", _name),
        Column("gain_text", default=""),
        Column("loss_vp", "int", default=0, min=0, max=20),
        Column("loss_per", _name, default=""), Column("loss_text", default="")])
    return Cards(
        tuple(Monster(r["suit"], r["value"], r["element"], r["kind"], float(r["coins"]),
                      r["boss_vp"]) for r in monsters),
        tuple(r.source for r in monsters),
        tuple(Treasure(r["id"], r["name"], r["effect"], r["amount"], r["target"], r["text"])
              for r in treasures),
        tuple(r.source for r in treasures),
        tuple(Character(r["id"], r["name"], r["threshold"], r["element"], r["defence"],
                        r["element_vp"], _power(r, "level2"), _power(r, "level3"), r["copies"])
              for r in characters),
        tuple(r.source for r in characters),
        tuple(Mission(r["id"], r["name"], r["gain_vp"], r["gain_per"], r["gain_text"],
                      r["loss_vp"], r["loss_per"], r["loss_text"]) for r in missions),
        tuple(r.source for r in missions),
    )


def default_folder() -> Path:
    """card_data/legolas as shipped with pnp."""
    return shipped("card_data") / "legolas"
