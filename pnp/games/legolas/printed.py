"""What each Legolas card prints, as the row its layout file draws from: the fields the engine
plays (facts.py), the texts rendered from them (texts.py) and the ruling notes that apply. The
layouts themselves are data, in the game folder (layouts/*.toml, chosen under [layouts] in
game.toml); their figures are figures.py. Nothing here draws."""

from __future__ import annotations

from typing import Any

from ...data.game import GameFolder
from ...data.layouts.compiled import Layout
from ...data.layouts.values import HALF, signed
from .. import base
from ..base import Common, layout_constants
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
CARD_FACES = tuple(f"{kind}{side}" for kind in COLUMNS for side in ("", "_back"))
# the other pieces' faces and their rows: the player aid (turn on the front, scoring on the
# back), the markers and the score board
AID = ("deal", "missions", "element_vp", "level2_vp", "level3_vp")
PIECES: dict[str, tuple[str, ...]] = {
    "aid": AID, "aid_back": AID,
    "marker": ("seat", "player", "player_colour", "player_ink", "symbol", "vp_loop"),
    "round_marker": (), "first_marker": (),
    "board": ("vp_loop", "vp_below", "level2_vp", "level3_vp", "rounds", "deal"),
}
PIECES["marker_back"] = PIECES["marker"]
FACES = CARD_FACES + tuple(PIECES)


def title_case(text: str) -> str:
    return text[:1].upper() + text[1:]


def load_layouts(folder: GameFolder, common: Common) -> dict[str, Layout]:
    """Each face's layout file, checked against its row's columns (base.load_layouts)."""
    faces = {**{face: COLUMNS[face.removesuffix("_back")] for face in CARD_FACES}, **PIECES}
    return base.load_layouts(folder, common, faces, layout_constants(common))


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


# ---- the player aid, the markers and the board -----------------------------------------------
def deal_text(sep: str = " \u00b7 ") -> str:
    """Cards dealt each round by player count: "2p: 13 · 3p: 13 · ... · 5p: 10/10/10/9/9"."""
    parts = []
    for n in range(facts.MIN_PLAYERS, facts.MAX_PLAYERS + 1):
        sizes = facts.hand_sizes(n)
        each = str(sizes[0]) if len(set(sizes)) == 1 else "/".join(map(str, sizes))
        parts.append(f"{n}p: {each}")
    return sep.join(parts)


def mission_summary(missions) -> list[str]:
    """One line per mission; the suit missions, worded alike, share one line."""
    groups: dict[str, list[str]] = {}
    for m in missions:
        text = " ".join(f"{signed(vp)} VP {what}" for vp, what in mission_lines(m))
        if m.gain_per in facts.SUITS and m.gain_per == m.id:
            text = text.replace(facts.per_phrase(m.gain_per), "monster of that suit")
        groups.setdefault(text, []).append(m.name)
    return [f"{'/'.join(names)}: {text}" for text, names in groups.items()]


def aid_row(missions, characters) -> dict[str, Any]:
    """What the player aid prints: the deal, each mission's scoring, the characters' element
    bonus ("+1", or "+1/+2" when they differ) and the levels' thresholds."""
    element_vp = "/".join(dict.fromkeys(signed(c.element_vp) for c in characters)) or "+0"
    return {"deal": deal_text(), "missions": "\n".join(mission_summary(missions)),
            "element_vp": element_vp, "level2_vp": facts.LEVEL_2_VP,
            "level3_vp": facts.LEVEL_3_VP}


def marker_row(p, vp_loop: int) -> dict[str, Any]:
    return {**player_row(p), "vp_loop": vp_loop}


def board_row(vp_loop: int, vp_below: int) -> dict[str, Any]:
    """The score board: the loop's spaces (0 to vp_loop - 1) and those below 0, the levels'
    thresholds, the rounds and the deal."""
    return {"vp_loop": vp_loop, "vp_below": vp_below, "level2_vp": facts.LEVEL_2_VP,
            "level3_vp": facts.LEVEL_3_VP, "rounds": facts.ROUNDS,
            "deal": deal_text("\u00a0\u00a0 ")}  # three spaces apart (two that never break)
