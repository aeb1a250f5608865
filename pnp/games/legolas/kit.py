"""Legolas vs. Gimli: its card data, the checks against the rules engine, and the kit to print.

The four card lists (monsters, treasures, characters, missions) are the ones the rules engine
plays; they are read here with the project's loader, so a bad cell is named by file, row and
field, and turned into the engine's own dataclasses. players.csv (the five player colours of
the mission cards and markers) and game.toml belong to the kit only.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from ...data.colours import Colour as Color

from ...data.files import Column, Record
from ...data.game import GameFolder
from ...errors import DataError, Finding, Source, error, warning
from ...render.icons import PLAYER_SHAPES
from ..base import Common, load_common, palette_colour
from . import engine

FILES = ("monsters.csv", "treasures.csv", "characters.csv", "missions.csv", "players.csv")
PALETTE = ("gold", "trap", "boss", "parchment", "treasure", "character", "back", "ink", "paper")
# The monsters.csv fields, as engine.check_data names them (boss_vp first: its message also
# mentions the kind).
MONSTER_FIELDS = ("boss_vp", "suit", "element", "kind", "value", "coins")


@dataclass(frozen=True)
class Mission:
    id: str
    name: str
    text: str
    source: Source


@dataclass(frozen=True)
class Player:
    seat: int
    name: str
    colour: Color
    ink: Color
    symbol: str
    source: Source


@dataclass(frozen=True)
class Model:
    common: Common
    monsters: tuple[engine.Monster, ...]      # in the order of monsters.csv (the engine's ids)
    monster_sources: tuple[Source, ...]
    treasures: tuple[engine.Treasure, ...]
    treasure_sources: tuple[Source, ...]
    characters: tuple[engine.Character, ...]
    character_sources: tuple[Source, ...]
    missions: tuple[Mission, ...]
    players: tuple[Player, ...]
    suits: dict[str, str]                     # suit -> descriptor ("physical, subtle")
    card_size: tuple[float, float]
    token_diameter: float
    board_size: tuple[float, float]
    vp_loop: int
    vp_below: int
    aid_cards: int

    def file(self, name: str) -> Source:
        """A whole data file, for findings that belong to no single row."""
        folder = self.common.folder
        return Source(folder.toml_path if name == "game.toml" else folder.path / name)

    def monster_rows(self):
        return zip(self.monsters, self.monster_sources)

    def treasure_rows(self):
        return zip(self.treasures, self.treasure_sources)

    def character_rows(self):
        return zip(self.characters, self.character_sources)

    def treasure(self, tid: str) -> engine.Treasure | None:
        return next((t for t in self.treasures if t.id == tid), None)

    def character(self, cid: str) -> engine.Character | None:
        return next((c for c in self.characters if c.id == cid), None)

    def colour(self, name: str) -> Color:
        return self.common.palette[name]


def _word(allowed: tuple[str, ...], aliases: dict[str, str] | None = None):
    """A converter for a name column: trimmed, lower case, aliases applied (the choices
    are then checked by the loader, naming file, row and field)."""
    def convert(text: str) -> str:
        value = text.strip().lower()
        return (aliases or {}).get(value, value)

    convert.__name__ = "name"
    return convert


# L1: "air" and "wind" are one element.
ELEMENT_ALIASES = {"air": "wind"}


def load(folder: GameFolder) -> Model:
    common = load_common(folder)
    suits, elements = tuple(engine.SUITS), tuple(engine.ELEMENTS)
    kinds = tuple(k for k in engine.KINDS if k)
    monsters, msrc = [], []
    for r in folder.csv("monsters.csv", [
            Column("suit", _word(suits), choices=suits),
            Column("value", "int", min=1, max=9),
            Column("element", _word(elements, ELEMENT_ALIASES), choices=elements),
            Column("kind", _word(kinds), default="", choices=kinds),
            Column("coins", "float", default=0.0, min=0, max=9),
            Column("boss_vp", "int", default=0, min=0, max=20)]):
        monsters.append(engine.Monster(r["suit"], r["value"], r["element"], r["kind"],
                                       float(r["coins"]), r["boss_vp"]))
        msrc.append(r.source)
    treasures, tsrc = [], []
    for r in folder.csv("treasures.csv", [Column("id"), Column("name"), Column("effect")]):
        treasures.append(engine.Treasure(r["id"], r["name"], r["effect"]))
        tsrc.append(r.source)
    characters, csrc = [], []
    for r in folder.csv("characters.csv", [
            Column("id"), Column("name"), Column("threshold", "int", min=1, max=99),
            Column("element", _word(elements, ELEMENT_ALIASES), choices=elements),
            Column("defence", "int", min=0, max=99), Column("level2"), Column("level3"),
            Column("copies", "int", required=False, default=2, min=0, max=10)]):
        characters.append(engine.Character(r["id"], r["name"], r["threshold"], r["element"],
                                           r["defence"], r["level2"], r["level3"],
                                           r["copies"]))
        csrc.append(r.source)
    missions = tuple(Mission(r["id"], r["name"], r["text"], r.source)
                     for r in folder.csv("missions.csv", [Column("id"), Column("name"),
                                                          Column("text")]))

    def col(rec: Record, field: str) -> Color:
        return palette_colour(common, rec[field], rec.source, field)

    players = tuple(
        Player(r["seat"], r["name"], col(r, "colour"), col(r, "ink"), r["symbol"], r.source)
        for r in folder.csv("players.csv", [
            Column("seat", "int", min=1, max=9), Column("name"), Column("colour"),
            Column("ink"), Column("symbol", _word(PLAYER_SHAPES), choices=PLAYER_SHAPES)]))
    for needed in suits + elements + PALETTE:
        if needed not in common.palette:
            raise DataError(f"[palette] needs a colour {needed!r}", folder.toml_path,
                            field=f"palette.{needed}")
    descriptors = {}
    for key, value in folder.section("suits", required=False).items():
        if not isinstance(value, str):
            raise DataError(f"[suits] {key} must be a text like \"physical, subtle\"",
                            folder.toml_path, field=f"suits.{key}")
        descriptors[key.lower()] = value.strip()
    loop = folder.get("board", "vp_loop", int, default=50)
    below = folder.get("board", "vp_below", int, default=10)
    if not 12 <= loop <= 120 or loop % 2:
        raise DataError("vp_loop must be an even number from 12 to 120 (the spaces go round "
                        "the board's edge)", folder.toml_path, field="board.vp_loop")
    if not 0 <= below <= 12:
        raise DataError("vp_below must be 0 to 12", folder.toml_path, field="board.vp_below")
    aids = folder.get("options", "aid_cards", int, default=3)
    if not 0 <= aids <= 10:
        raise DataError("aid_cards must be 0 to 10", folder.toml_path, field="options.aid_cards")
    return Model(
        common=common, monsters=tuple(monsters), monster_sources=tuple(msrc),
        treasures=tuple(treasures), treasure_sources=tuple(tsrc),
        characters=tuple(characters), character_sources=tuple(csrc), missions=missions,
        players=tuple(sorted(players, key=lambda p: p.seat)), suits=descriptors,
        card_size=folder.card_size(), token_diameter=folder.length("tokens", "diameter"),
        board_size=(folder.length("board", "width"), folder.length("board", "height")),
        vp_loop=loop, vp_below=below, aid_cards=aids,
    )


# ---- validation ---------------------------------------------------------------------------------
def _engine_findings(model: Model, handled: set[str]) -> list[Finding]:
    """engine.check_data's messages, placed at the file, row and field they are about.
    `handled`: kinds of message ("treasure ids", "character ids") this module already
    reported row by row."""
    findings = []
    problems = engine.check_data(model.monsters, model.treasures, model.characters)
    for msg in problems:
        m = re.match(r"monster (\d+): (.*)", msg)
        if m:
            i = int(m.group(1)) - 1
            src = model.monster_sources[i] if 0 <= i < len(model.monster_sources) else \
                model.file("monsters.csv")
            field = next((f for f in MONSTER_FIELDS if f in m.group(2)), None)
            findings.append(error(f"rules engine: {m.group(2)}", src, field))
            continue
        m = re.match(r"character (\w+): (.*)", msg)
        if m:
            found = [s for c, s in model.character_rows() if c.id == m.group(1)]
            field = "copies" if "cop" in m.group(2) else "element" if "element" in m.group(2) \
                else None
            findings.append(error(f"rules engine: {m.group(2)}",
                                  found[0] if found else model.file("characters.csv"), field))
            continue
        if msg.startswith("the monster deck has"):
            findings.append(error(f"rules engine: {msg}", model.file("monsters.csv")))
            continue
        kind = next((k for k in ("treasure ids", "character ids") if msg.startswith(k)), None)
        if kind in handled:
            continue
        if kind:
            name = "treasures.csv" if kind == "treasure ids" else "characters.csv"
            findings.append(error(f"rules engine: {msg}", model.file(name), "id"))
        else:
            findings.append(error(f"rules engine: {msg}"))
    return findings


def _ids(rows, known: tuple[str, ...], what: str, file: Source) -> list[Finding]:
    """Each row's id is one the engine knows, once; every id the engine knows is there."""
    findings = []
    seen: dict[str, Source] = {}
    for rid, name, src in rows:
        if rid not in known:
            findings.append(error(f"unknown {what} {rid!r} ({name}); the rules engine knows: "
                                  f"{', '.join(known)}", src, "id"))
        elif rid in seen:
            findings.append(error(f"{what} {rid!r} is listed twice (first at row "
                                  f"{seen[rid].row})", src, "id"))
        else:
            seen[rid] = src
    for rid in known:
        if rid not in seen:
            findings.append(error(f"{what} {rid!r} is missing; the rules need all "
                                  f"{len(known)}", file, "id"))
    return findings


def _validate_monsters(model: Model) -> list[Finding]:
    findings = []
    per_suit = engine.DECK_SIZE // len(engine.SUITS)
    counts = Counter(m.suit for m in model.monsters)
    for suit in engine.SUITS:
        if counts[suit] != per_suit:
            findings.append(error(f"the {suit} suit has {counts[suit]} monster cards; the rules "
                                  f"need {per_suit} of each of the {len(engine.SUITS)} suits",
                                  model.file("monsters.csv"), "suit"))
    halves = [s for m, s in model.monster_rows() if m.coins != int(m.coins)]
    if len(halves) != 1 and not any(f.field == "coins" for f in findings):
        findings.append(warning(f"the deck has {len(halves)} card(s) with a half coin; the "
                                "listed deck has exactly one (ruling L2)",
                                halves[1] if len(halves) > 1 else model.file("monsters.csv"),
                                "coins"))
    for suit in engine.SUITS:
        if not model.suits.get(suit):
            findings.append(error(f"the {suit} suit has no descriptor (such as \"physical, "
                                  "subtle\") to print on its cards", model.file("game.toml"),
                                  f"suits.{suit}"))
    for key in model.suits:
        if key not in engine.SUITS:
            findings.append(error(f"[suits] names {key!r}, which is not a suit the rules "
                                  f"engine knows ({', '.join(engine.SUITS)})",
                                  model.file("game.toml"), f"suits.{key}"))
    return findings


def _validate_treasures(model: Model) -> list[Finding]:
    """The printed effects say what the engine does: armour bonuses, the Minion's reduction,
    each barrier's element and each protection's suit."""
    findings = []
    texts = {t.id: (t, s) for t, s in model.treasure_rows()}
    ids = engine.TREASURE_IDS
    for index, bonus in getattr(engine, "ARMOR", ()):
        t, src = texts.get(ids[index], (None, None))
        if t is not None and not re.search(rf"Defen[cs]e\s*\+\s*{bonus}\b", t.effect, re.I):
            findings.append(error(f"{t.name}: the rules engine gives Defense +{bonus}; the "
                                  "effect must say so", src, "effect"))
    reduction = getattr(engine, "MINION_REDUCTION", None)
    t, src = texts.get("minion", (None, None))
    if t is not None and reduction is not None and not re.search(rf"\b{reduction}\b", t.effect):
        findings.append(error(f"{t.name}: the rules engine reduces the damage by {reduction}; "
                              "the effect must say so", src, "effect"))
    for table, names, what in ((getattr(engine, "BARRIER_OF_ELEMENT", ()), engine.ELEMENTS,
                                "element"),
                               (getattr(engine, "IMMUNITY_OF_SUIT", ()), engine.SUITS, "suit")):
        for k, index in enumerate(table):
            t, src = texts.get(ids[index], (None, None))
            if t is not None and names[k] not in t.effect.lower():
                findings.append(error(f"{t.name}: the rules engine applies it to the {names[k]} "
                                      f"{what}; the effect must name it", src, "effect"))
    return findings


def _probe_game(model: Model):
    """The engine built from this data (None when the data stops it)."""
    try:
        return engine.LegolasGame(engine.LegolasGame.min_players, model.monsters,
                                  model.treasures, model.characters)
    except (ValueError, KeyError, IndexError):
        return None


def _validate_characters(model: Model, game) -> list[Finding]:
    findings = []
    top = max((m.value for m in model.monsters), default=0)
    for c, src in model.character_rows():
        if c.threshold <= top:
            findings.append(warning(f"{c.name} must challenge a horde of {c.threshold}: a "
                                    f"single {top} already forces a challenge", src,
                                    "threshold"))
        for field, text in (("level2", c.level2), ("level3", c.level3)):
            if len(text.split()) < 2:
                findings.append(error(f"{c.name}: the {field[:5]} {field[5]} ability "
                                      f"{text!r} is not a rule text", src, field))
    if game is not None:
        for k, cid in enumerate(engine.CHARACTER_IDS):
            c = model.character(cid)
            if c is None:
                continue
            src = model.character_sources[model.characters.index(c)]
            if game.threshold[k] != c.threshold:
                findings.append(error(f"{c.name}: the card prints a threshold of {c.threshold}, "
                                      f"the engine plays {game.threshold[k]}", src, "threshold"))
            levels = game.char_defence[k]
            if levels[0] != c.defence:
                findings.append(error(f"{c.name}: the card prints defence {c.defence}, the "
                                      f"engine plays {levels[0]}", src, "defence"))
            for lv, field in ((1, "level2"), (2, "level3")):
                text = getattr(c, field)
                if levels[lv] != levels[0] and not re.search(
                        rf"Defen[cs]e\s*\+?\s*{levels[lv]}\b", text, re.I):
                    findings.append(error(f"{c.name}: at level {lv + 1} the engine plays defence "
                                          f"{levels[lv]}, but the card says {text!r}", src,
                                          field))
    total = sum(c.copies for c in model.characters if c.id in engine.CHARACTER_IDS)
    most = engine.LegolasGame.max_players
    if total < most:
        findings.append(error(f"{total} character cards cannot deal one to each of "
                              f"{most} players", model.file("characters.csv"), "copies"))
    return findings


def _validate_missions(model: Model) -> list[Finding]:
    findings = _ids(((m.id, m.name, m.source) for m in model.missions), tuple(engine.MISSIONS),
                    "mission", model.file("missions.csv"))
    for m in model.missions:
        if m.id in engine.SUITS and m.id not in m.text.lower():
            findings.append(error(f"the {m.name} mission scores {m.id} monsters; its text must "
                                  "name the suit", m.source, "text"))
    if len(engine.MISSIONS) < engine.ROUNDS:
        findings.append(error(f"{len(engine.MISSIONS)} missions cannot last {engine.ROUNDS} "
                              "rounds", model.file("missions.csv")))
    return findings


def _validate_players(model: Model) -> list[Finding]:
    findings = []
    most = engine.LegolasGame.max_players
    file = model.file("players.csv")
    if len(model.players) != most:
        findings.append(error(f"players.csv lists {len(model.players)} player colours; the kit "
                              f"prints mission cards and markers for {most} players", file))
    if sorted(p.seat for p in model.players) != list(range(1, len(model.players) + 1)):
        findings.append(error("the seats must be numbered 1, 2, 3... once each", file, "seat"))
    for field in ("symbol", "name"):
        seen: dict[str, Player] = {}
        for p in model.players:
            key = getattr(p, field).lower()
            if key in seen:
                findings.append(error(f"player {p.seat} has the same {field} as player "
                                      f"{seen[key].seat}; players must differ by more than "
                                      "colour", p.source, field))
            seen[key] = p
    return findings


def _validate_dealing(model: Model) -> list[Finding]:
    """Every supported player count can be dealt from this deck, and the character cards go
    round."""
    findings = []
    deck = len(model.monsters)
    for n in range(engine.LegolasGame.min_players, engine.LegolasGame.max_players + 1):
        sizes = engine.hand_sizes(n, deck)
        if sum(sizes) > deck or min(sizes) < 1:
            findings.append(error(f"with {n} players the deal ({sizes}) does not fit a deck of "
                                  f"{deck}", model.file("monsters.csv")))
    want = f"{engine.LegolasGame.min_players}-{engine.LegolasGame.max_players}"
    if model.common.players and model.common.players.replace("\u2013", "-") != want:
        findings.append(warning(f"the rules engine plays {want} players, game.toml says "
                                f"{model.common.players!r}", model.file("game.toml"),
                                "game.players"))
    if model.vp_loop <= engine.LEVEL_3_VP:
        findings.append(error(f"the score loop must pass {engine.LEVEL_3_VP} VP (level 3)",
                              model.file("game.toml"), "board.vp_loop"))
    return findings


def validate(model: Model) -> list[Finding]:
    findings = _ids(((t.id, t.name, s) for t, s in model.treasure_rows()),
                    tuple(engine.TREASURE_IDS), "treasure", model.file("treasures.csv"))
    findings += _ids(((c.id, c.name, s) for c, s in model.character_rows()),
                     tuple(engine.CHARACTER_IDS), "character", model.file("characters.csv"))
    handled = {"treasure ids", "character ids"}
    findings = _engine_findings(model, handled) + findings
    findings += _validate_monsters(model)
    findings += _validate_treasures(model)
    game = _probe_game(model) if not [f for f in findings if f.level == "error"] else None
    findings += _validate_characters(model, game)
    findings += _validate_missions(model)
    findings += _validate_players(model)
    findings += _validate_dealing(model)
    return list(dict.fromkeys(findings))


# ---- what the rules need, and the engine --------------------------------------------------------
def required_kit(model: Model) -> Counter:
    """What the rules need printed, from the engine's facts."""
    players = engine.LegolasGame.max_players
    return Counter({
        "monster card": engine.DECK_SIZE,
        "treasure card": len(engine.TREASURE_IDS),
        "character card": sum(c.copies for c in model.characters
                              if c.id in engine.CHARACTER_IDS),
        "mission card": len(engine.MISSIONS) * players,
        "player aid card": model.aid_cards,
        "player marker": players,
        "round marker": 1,
        "first-player marker": 1,
        "score track": 1,
        "round track": 1,
    })


def new_game(model: Model, num_players: int | None = None) -> engine.LegolasGame:
    return engine.LegolasGame(num_players or 4, model.monsters, model.treasures,
                              model.characters)


def build_kit(model: Model, fonts):
    from .faces import build

    return build(model, fonts)
