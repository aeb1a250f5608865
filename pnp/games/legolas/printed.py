"""What each Legolas card prints, as the row its layout file draws from: the fields the engine
plays (facts.py), the texts rendered from them (texts.py) and the ruling notes that apply. The
layouts themselves are data, in the game folder (layouts/*.toml, chosen under [layouts] in
game.toml); their figures are figures.py. Nothing here draws."""

from __future__ import annotations

from typing import Any

from ...data.game import GameFolder
from ...data.layouts.compiled import Env, Layout
from ...data.layouts.values import HALF
from ...errors import DataError, Source
from ...units import MM
from ..base import Common, layout_constants
from ...faces.components import Compiler
from . import facts
from .texts import level_texts, mission_lines, treasure_text

# Which ruling explains each kind of treasure effect (printed only if the ruling exists).
EFFECT_RULINGS = {"minion": "L25", "net": "L26", "boss_vp": "L27", "plays": "L28",
                  "coin_bonus": "L31", "defence": "L24", "barrier": "L24", "immunity": "L24"}
# The note under a mission's lines, by what it scores per: (ruling, text).
MISSION_NOTES = {"trap": ("L33", "Traps of any suit count."),
                 "coin": ("L2", f"The {HALF} coin scores {HALF} VP."),
                 "round": ("L11", "Your VP can go below 0.")}

# the names each kind's row offers its layouts (its columns, for checking the layout files)
COLUMNS = {
    "monster": ("suit", "value", "element", "kind", "coins", "boss_vp", "descriptor"),
    "treasure": ("id", "name", "effect", "amount", "target", "text", "note"),
    "character": ("id", "name", "threshold", "element", "defence", "element_vp", "level2_text",
                  "level3_text", "level2_vp", "level3_vp"),
    "mission": ("id", "name", "gain_vp", "gain_text", "loss_vp", "loss_text", "note", "seat",
                "player", "player_colour", "player_ink", "symbol"),
}
FACES = tuple(f"{kind}{side}" for kind in COLUMNS for side in ("", "_back"))


def title_case(text: str) -> str:
    return text[:1].upper() + text[1:]


def load_layouts(folder: GameFolder, common: Common) -> dict[str, Layout]:
    """Each face's layout file, read and checked against its kind's row once: a mistake in one
    is a data error naming the layout file and the element's property. (Their expressions may
    also name the palette's colours and `game`: base.layout_constants.)"""
    chosen = folder.section("layouts", required=False)
    for key in chosen:
        if key not in FACES:
            raise DataError(f"[layouts] has no face {key!r}; it takes: {', '.join(FACES)}",
                            folder.toml_path, field=f"layouts.{key}")
    env = Env(folder.path, common.palette, 3 * MM)
    compiler = Compiler(folder, env, common.palette)
    constants = layout_constants(common)
    layouts = {}
    for face in FACES:
        ref = chosen.get(face, f"layouts/{face.replace('_', '-')}.toml")
        if not isinstance(ref, str):
            raise DataError("a layout is a file name such as \"layouts/monster.toml\"",
                            folder.toml_path, field=f"layouts.{face}")
        columns = COLUMNS[face.removesuffix("_back")]
        layouts[face] = compiler.layout(ref, columns, constants, Source(folder.toml_path),
                                        f"layouts.{face}")
    return layouts


def monster_row(m: facts.Monster, descriptor: str) -> dict[str, Any]:
    return {"suit": m.suit, "value": m.value, "element": m.element, "kind": m.kind,
            "coins": m.coins, "boss_vp": m.boss_vp, "descriptor": descriptor}


def treasure_row(t: facts.Treasure, rulings: set[str]) -> dict[str, Any]:
    note = EFFECT_RULINGS.get(t.effect, "")
    return {"id": t.id, "name": t.name, "effect": t.effect, "amount": t.amount,
            "target": t.target, "text": treasure_text(t),
            "note": note if note in rulings else ""}


def character_row(ch: facts.Character) -> dict[str, Any]:
    level2, level3 = level_texts(ch)
    return {"id": ch.id, "name": ch.name, "threshold": ch.threshold, "element": ch.element,
            "defence": ch.defence, "element_vp": ch.element_vp, "level2_text": level2,
            "level3_text": level3, "level2_vp": facts.LEVEL_2_VP, "level3_vp": facts.LEVEL_3_VP}


def mission_note(mission: facts.Mission) -> tuple[str, str] | None:
    return next((MISSION_NOTES[p] for p in (mission.gain_per, mission.loss_per)
                 if p in MISSION_NOTES), None)


def mission_row(m: facts.Mission, rulings: set[str]) -> dict[str, Any]:
    lines = mission_lines(m)
    note = mission_note(m)
    return {"id": m.id, "name": m.name, "gain_vp": m.gain_vp,
            "gain_text": title_case(lines[0][1]), "loss_vp": m.loss_vp,
            "loss_text": title_case(lines[1][1]) if len(lines) > 1 else "",
            "note": f"{note[1]} (ruling {note[0]})" if note and note[0] in rulings else ""}


# a mission's columns from players.csv, with the field each comes from there
PLAYER_FIELDS = {"seat": "seat", "player": "name", "player_colour": "colour", "player_ink": "ink",
                 "symbol": "symbol"}


def player_row(p) -> dict[str, Any]:
    return {"seat": p.seat, "player": p.name, "player_colour": "#" + p.colour.hexval()[2:],
            "player_ink": "#" + p.ink.hexval()[2:], "symbol": p.symbol}
