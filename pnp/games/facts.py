"""What every game's data states about its engine, checked the same way for all games: the
rulings the engine enforces (rulings.py), the player count printed on the box and the sides.

A game module may provide, besides the protocol in registry.py:
    enforced_rulings(model) -> rulings.Enforced   the rulings its engine enforces
    sides(model) -> list[Side]                    the sides (seats) its data names
    engine_class(model) -> type[Game]             the engine, for its player range
    tracks(model) -> list[layout.places.Track]    which piece stands on which board cells
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import Finding, PnpError, Source, error
from . import rulings as rulings_mod

PLAYERS = re.compile(r"^\s*(\d+)\s*(?:(?:-|–|—|to)\s*(\d+))?\s*$")
OR_MORE = re.compile(r"^\s*(\d+)\s*\+\s*$")  # "3+": a box's "3 or more"


@dataclass(frozen=True)
class Side:
    """A side (seat) as the game's data names it."""

    id: str       # as the data writes it ("yang", "elf")
    name: str     # as it is printed ("Yang", "Elf")
    source: Source
    field: str = "side"  # the column holding the id


def check_facts(folder, spec, model) -> list[Finding]:
    """`spec` is the game's registry entry (games/registry.py); its kit module may provide the
    declarations above."""
    module = spec.kit_module()
    findings = []
    enforced = module.enforced_rulings(model) if hasattr(module, "enforced_rulings") else None
    findings += rulings_mod.check(model.common.rulings, enforced or rulings_mod.NONE,
                                  folder.path)
    if hasattr(module, "tracks"):
        from ..layout import places  # (only games with boards of places have tracks)

        for message, field in places.problems(module.tracks(model)):
            findings.append(error(message, Source(folder.toml_path), field or None))
    engine = _engine(spec, module, model)
    if engine is not None:
        findings += _players(folder, model.common.players, engine)
        if hasattr(module, "sides"):
            findings += _sides(module.sides(model), getattr(engine, "sides", ()))
    return findings


def _engine(spec, module, model):
    """The engine's class: declared by the kit module, or the class of the game it builds (None
    for a game without an engine, such as a plain deck, or when its data builds none)."""
    if hasattr(module, "engine_class"):
        return module.engine_class(model)
    if not spec.has_engine:
        return None
    try:
        return type(spec.new_game(model))
    except (PnpError, ValueError, KeyError):
        return None


def _players(folder, text: str, engine) -> list[Finding]:
    """game.toml's player count must be the engine's: a box that says 2-6 for an engine that
    plays 2-5 is a printed lie."""
    where, field = Source(folder.toml_path), "game.players"
    low, high = engine.min_players, engine.max_players
    says = f"{low}" if low == high else f"{low}-{high}"
    counts = box_counts(text)
    if counts is None:  # none written (a count that is none is refused as game.toml is read)
        return []
    a, b = counts
    if (a, b) != (low, high):
        # (rules written as data: the count may be theirs to change instead)
        theirs = " (or rules.toml's [players] count, if the box is right)" \
            if folder.config.get("game", {}).get("engine") == "rules" else ""
        return [error(f"the box says {_players_said(text)} but the rules engine plays {says}; "
                      f"write players = \"{says}\"{theirs}", where, field)]
    return []


def box_counts(text: str) -> tuple[int, int | None] | None:
    """The fewest and most players a box's count says ("2-5": 2 and 5, "3": 3 and 3, "3+": 3
    and None), or None when it is no count."""
    m = PLAYERS.match(text)
    if m:
        return int(m.group(1)), int(m.group(2) or m.group(1))
    more = OR_MORE.match(text)
    return (int(more.group(1)), None) if more else None


def _players_said(text: str) -> str:
    return f"{text.strip()} player{'' if text.strip() == '1' else 's'}"


def _sides(sides: list[Side], known: tuple[str, ...]) -> list[Finding]:
    """Each side is one the engine plays, listed once, under a name no other side has (a
    missing side is the game module's to report: its kit cannot be drawn without it)."""
    findings = []
    ids: dict[str, Side] = {}
    names: dict[str, Side] = {}
    for s in sides:
        if known and s.id not in known:
            findings.append(error(f"unknown side {s.id!r}; the rules engine plays "
                                  f"{', '.join(known)}", s.source, s.field))
        elif s.id in ids:
            findings.append(error(f"side {s.id!r} is listed twice (first in row "
                                  f"{ids[s.id].source.row})", s.source, s.field))
        else:
            ids[s.id] = s
        key = s.name.strip().casefold()
        if key in names and names[key].id != s.id:
            findings.append(error(f"two sides are named {s.name!r} (the other in row "
                                  f"{names[key].source.row}); players could not tell them apart",
                                  s.source, "name"))
        names.setdefault(key, s)
    return findings
