"""Experior: its card data, the checks against the rules engine, and the kit to print.

The engine is built from the data (wound limit, start experience, multipliers, bonus multiplier),
the cards, role cards, board and booklet print the same data, and validation checks that data
against the engine's fixed facts (types, winning order, colours, the rulings' defaults). The
booklet's worked example is played by the engine, so its numbers cannot drift.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ...data.colours import Colour, looks
from ...data.files import Column, Record
from ...data.game import GameFolder, finding
from ...engine.core import IllegalAction
from ...errors import DataError, Finding, Source, error, warning
from ...units import MM
from ...layout.places import Place, Track
from ..base import Common, load_common, palette_colour
from ..facts import Side as FactSide
from ..rulings import Enforced
from . import engine

MARKER_KINDS = ("wound", "experience")


@dataclass
class Attack:
    """A row of attacks.csv: an attack type, its colour and the type it beats."""

    id: str
    name: str
    colour: Colour
    colour_name: str
    beats: str
    source: Source


@dataclass
class Modality:
    """A row of modalities.csv: a modality and its multiplier."""

    id: str
    name: str
    multiplier: int
    source: Source


@dataclass
class Side:
    """A row of sides.csv: a fighter, its colours and starting experience."""

    id: str
    name: str
    colour: Colour
    ink: Colour
    start: dict[str, int]  # starting experience by attack type
    source: Source


@dataclass
class Card:
    """A row of cards.csv: one side's card of an attack type and modality."""

    side: str
    type: str
    modality: str
    multiplier: int  # as printed on the card
    source: Source


@dataclass
class Marker:
    """A row of markers.csv: a wound or experience marker of one side."""

    side: str
    kind: str  # "wound" or "experience"
    type: str  # attack type of an experience marker, "" for a wound marker
    source: Source


@dataclass
class ExampleTurn:
    """A row of the worked example: the card each side plays that turn."""

    cards: dict[str, tuple[str, str]]  # side -> (type, modality)
    source: Source


@dataclass
class Position:
    """Where the booklet's second example starts: a turn late in a game, each fighter's wounds,
    experience and locked card (None in turn 1)."""

    turn: int
    wounds: dict[str, int]
    exp: dict[str, dict[str, int]]
    locked: dict[str, tuple[str, str] | None]  # side -> (type, modality)
    source: Source


@dataclass
class Model:
    """Experior's card data, as loaded from the game folder."""

    common: Common
    attacks: dict[str, Attack]
    modalities: dict[str, Modality]
    sides: dict[str, Side]
    cards: tuple[Card, ...]
    markers: tuple[Marker, ...]
    example: tuple[ExampleTurn, ...]
    end_position: Position | None  # the second example: [example_end] and example_end.csv
    end_example: tuple[ExampleTurn, ...]
    card_size: tuple[float, float]
    marker_diameter: float
    board_size: tuple[float, float]
    wound_limit: int
    bonus_multiplier: int
    max_turns: int  # E9: a game with no end (the same cards again and again) stops here
    aid_cards: int
    wound_cells_beyond: int
    experience_cells: int
    experience_flip: int

    def side(self, sid: str) -> Side:
        return self.sides[sid]

    def card_name(self, card: Card) -> str:
        return f"{self.modalities[card.modality].name} {self.attacks[card.type].name}"

    @property
    def multipliers(self) -> dict[str, int]:
        return {m: self.modalities[m].multiplier for m in engine.MODALITIES
                if m in self.modalities}

    @property
    def start(self) -> dict[str, dict[str, int]]:
        return {s: dict(side.start) for s, side in self.sides.items()}

    # ---- the board's tracks ---------------------------------------------------------------
    @property
    def wound_track(self) -> range:
        """Cells of each fighter's wound track: 0 up to past the wound limit."""
        return range(0, self.wound_limit + self.wound_cells_beyond)

    @property
    def experience_track(self) -> range:
        """Cells of each experience track: from the lowest start value up."""
        low = min((v for side in self.sides.values() for v in side.start.values()), default=0)
        return range(low, low + self.experience_cells)


def _known(record: Record, field: str, allowed, what: str) -> str:
    value = record[field]
    if value not in allowed:
        raise DataError(f"unknown {what} {value!r}; use one of: {', '.join(allowed)}",
                        record.source.path, record.source.row, field)
    return value


def _once(seen: dict, key, record: Record, field: str, what: str) -> None:
    if key in seen:
        raise DataError(f"{what} {key!r} is listed twice (first in row {seen[key].source.row})",
                        record.source.path, record.source.row, field)


def load(folder: GameFolder) -> Model:
    """The data, with every problem noted in folder.problems (bad cells, unknown names, rows
    the rules need that are missing); the kit is only drawn when none was noted."""
    common = load_common(folder)

    def col(rec: Record, field: str) -> Colour:
        return palette_colour(common, rec[field], rec.source, field)

    attacks: dict[str, Attack] = {}

    def attack(r: Record) -> Attack:
        tid = _known(r, "type", engine.TYPES, "attack type")
        _once(attacks, tid, r, "type", "attack type")
        attacks[tid] = Attack(tid, r["name"], col(r, "colour"), r["colour_name"],
                              _known(r, "beats", engine.TYPES, "attack type"), r.source)
        return attacks[tid]

    folder.each("attacks.csv", [Column("type"), Column("name"), Column("colour"),
                                Column("colour_name"), Column("beats")], attack)
    modalities: dict[str, Modality] = {}

    def modality(r: Record) -> Modality:
        mid = _known(r, "modality", engine.MODALITIES, "modality")
        _once(modalities, mid, r, "modality", "modality")
        modalities[mid] = Modality(mid, r["name"], r["multiplier"], r.source)
        return modalities[mid]

    folder.each("modalities.csv", [Column("modality"), Column("name"),
                                   Column("multiplier", "int", min=0, max=99)], modality)
    sides: dict[str, Side] = {}

    def side(r: Record) -> Side:
        sid = _known(r, "side", engine.SIDES, "side")
        _once(sides, sid, r, "side", "side")
        sides[sid] = Side(sid, r["name"], col(r, "colour"), col(r, "ink"),
                          {t: r[t] for t in engine.TYPES}, r.source)
        return sides[sid]

    folder.each("sides.csv", [Column("side"), Column("name"), Column("colour"), Column("ink")]
                + [Column(t, "int", min=0, max=99) for t in engine.TYPES], side)
    for what, have, ids, name in (("attack type", attacks, engine.TYPES, "attacks.csv"),
                                  ("modality", modalities, engine.MODALITIES, "modalities.csv"),
                                  ("side", sides, engine.SIDES, "sides.csv")):
        field = {"attack type": "type"}.get(what, what)
        for key in ids:
            if key not in have:
                folder.note(DataError(f"the rules need a row for the {what} {key!r}",
                                      folder.path / name, None, field))
    cards = tuple(folder.each(
        "cards.csv", [Column("side"), Column("type"), Column("modality"),
                      Column("multiplier", "int", min=0, max=99)],
        lambda r: Card(_known(r, "side", engine.SIDES, "side"),
                       _known(r, "type", engine.TYPES, "attack type"),
                       _known(r, "modality", engine.MODALITIES, "modality"), r["multiplier"],
                       r.source)))

    def marker(r: Record) -> Marker:
        kind = _known(r, "marker", MARKER_KINDS, "marker")
        type_ = r["type"]
        if kind == "experience":
            type_ = _known(r, "type", engine.TYPES, "attack type")
        elif type_:
            raise DataError("a wound marker has no attack type; leave the cell empty",
                            r.source.path, r.source.row, "type")
        return Marker(_known(r, "side", engine.SIDES, "side"), kind, type_, r.source)

    markers = folder.each("markers.csv", [Column("side"), Column("marker"),
                                          Column("type", default="")], marker)
    example_cols = [Column(f"{s}_{k}") for s in engine.SIDES for k in ("type", "modality")]

    def example_turn(r: Record) -> ExampleTurn:
        return ExampleTurn({s: (_known(r, f"{s}_type", engine.TYPES, "attack type"),
                                _known(r, f"{s}_modality", engine.MODALITIES, "modality"))
                            for s in engine.SIDES}, r.source)

    example = folder.each("example.csv", example_cols, example_turn)
    end_position = folder.keep(_position, folder)
    end_example = (folder.each("example_end.csv", example_cols, example_turn)
                   if end_position is not None else [])
    for needed in ("paper", "ink", "limit"):
        if needed not in common.palette:
            folder.note(DataError(f"[palette] needs a colour {needed!r}", folder.toml_path,
                                  field=f"palette.{needed}"))

    def number(section: str, key: str, low: int, high: int, default=...) -> int:
        value = folder.get(section, key, int, default=default)
        if not low <= value <= high:
            raise DataError(f"[{section}] {key} must be {low} to {high}, got {value}",
                            folder.toml_path, field=f"{section}.{key}")
        return value

    def kept(value, fallback):
        return fallback if value is None else value

    keep = folder.keep
    return Model(
        common=common, attacks=attacks, modalities=modalities, sides=sides, cards=cards,
        markers=tuple(markers), example=tuple(example), end_position=end_position,
        end_example=tuple(end_example),
        card_size=kept(keep(folder.card_size), (63 * MM, 88 * MM)),
        marker_diameter=kept(keep(folder.length, "markers", "diameter"), 10 * MM),
        board_size=(kept(keep(folder.length, "board", "width"), 190 * MM),
                    kept(keep(folder.length, "board", "height"), 270 * MM)),
        wound_limit=kept(keep(number, "options", "wound_limit", 1, 9999), 100),
        bonus_multiplier=kept(keep(number, "options", "bonus_multiplier", 0, 99), 3),
        max_turns=kept(keep(number, "options", "max_turns", 1, 100_000,
                            engine.DEFAULT_MAX_TURNS), engine.DEFAULT_MAX_TURNS),
        aid_cards=kept(keep(number, "options", "aid_cards", 0, 10, 2), 2),
        wound_cells_beyond=kept(keep(number, "board", "wound_cells_beyond", 0, 500, 50), 50),
        experience_cells=kept(keep(number, "board", "experience_cells", 2, 60, 15), 15),
        experience_flip=kept(keep(number, "board", "experience_flip", 1, 59, 10), 10),
    )


def _position(folder: GameFolder) -> Position | None:
    """[example_end] of game.toml: turn = 21, and per side wounds, experience by type and the
    locked card ("quick bow"); None when the game has no second example."""
    table = folder.section("example_end", required=False)
    if not table:
        return None
    where = folder.toml_path

    def number(value, field: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9999:
            raise DataError(f"expected a whole number from 0 to 9999, got {value!r}", where,
                            field=field)
        return value

    turn = number(table.get("turn"), "example_end.turn")
    if turn < 1:
        raise DataError("the turn starts at 1", where, field="example_end.turn")
    wounds: dict[str, int] = {}
    exp: dict[str, dict[str, int]] = {}
    locked: dict[str, tuple[str, str] | None] = {}
    for side in engine.SIDES:
        entry = table.get(side)
        if not isinstance(entry, dict):
            raise DataError(f"needs a table like {side} = {{ wounds = 80, sword = 5, bow = 4, "
                            "magic = 4, locked = \"quick bow\" }", where,
                            field=f"example_end.{side}")
        wounds[side] = number(entry.get("wounds"), f"example_end.{side}.wounds")
        exp[side] = {t: number(entry.get(t), f"example_end.{side}.{t}") for t in engine.TYPES}
        card = entry.get("locked")
        locked[side] = None
        if card is not None:
            parts = str(card).split()
            if len(parts) != 2 or (parts[1], parts[0]) not in engine.CARDS:
                raise DataError(f"locked card {card!r} is not a card like \"quick bow\"", where,
                                field=f"example_end.{side}.locked")
            locked[side] = (parts[1], parts[0])
    return Position(turn, wounds, exp, locked, Source(where))


# ---- validation -----------------------------------------------------------------------------
def complete(model: Model) -> bool:
    """Every attack type, modality and side the rules need has its row."""
    return (set(model.attacks) == set(engine.TYPES) and set(model.sides) == set(engine.SIDES)
            and set(model.modalities) == set(engine.MODALITIES))


def validate(model: Model) -> list[Finding]:
    findings: list[Finding] = []
    folder = model.common.folder.path

    def file(name: str) -> Source:
        return Source(folder / name)

    # attack types: the engine's winning order and its colours (a design may rename them, but
    # the engine plays sword > bow > magic > sword, and the text's UNO colours carry meaning)
    for t in engine.TYPES:
        a = model.attacks.get(t)
        if a is None:
            continue  # noted when loading
        if a.beats != engine.BEATS[t]:
            findings.append(error(f"{a.name} beats {engine.BEATS[t]} by the rules, the data says "
                                  f"{a.beats}", a.source, "beats"))
        if a.colour_name != engine.COLOURS[t]:
            findings.append(error(f"{a.name} is {engine.COLOURS[t]} by the rules (the UNO "
                                  f"option), the data says {a.colour_name!r}", a.source,
                                  "colour_name"))
        elif not looks(a.colour, a.colour_name):  # "red" printed in blue by a typo
            findings.append(error(f"{a.name}'s printed colour #{a.colour.hexval()[2:]} is not "
                                  f"{a.colour_name}", a.source, "colour"))
    # multipliers, starting experience and the bonus attack are design numbers: the engine is
    # built from them and the cards and rulings print them, so any value is played as printed
    # cards: one per side, type and modality, each printing the data's multiplier
    seen: dict[tuple[str, str, str], Card] = {}
    for card in model.cards:
        key = (card.side, card.type, card.modality)
        name = f"{card.modality} {card.type}"
        if key in seen:
            findings.append(error(f"the {card.side} has a second {name} card (first in row "
                                  f"{seen[key].source.row})", card.source, "type"))
        else:
            seen[key] = card
        mod = model.modalities.get(card.modality)
        if mod is not None and card.multiplier != mod.multiplier:
            findings.append(error(f"the {name} card prints x{card.multiplier} but {mod.name} "
                                  f"multiplies by {mod.multiplier}", card.source, "multiplier"))
    for s in engine.SIDES:
        for t, m in engine.CARDS:
            if (s, t, m) not in seen:
                findings.append(error(f"the {s} has no {m} {t} card", file("cards.csv"), "type"))
    # markers: one wound marker and one experience marker per type, per side
    for s in engine.SIDES:
        theirs = Counter((mk.kind, mk.type) for mk in model.markers if mk.side == s)
        for marker in [("wound", "")] + [("experience", t) for t in engine.TYPES]:
            if theirs[marker] != 1:
                what = "wound marker" if marker[0] == "wound" else f"{marker[1]} experience marker"
                findings.append(error(f"the {s} needs exactly one {what}, has {theirs[marker]}",
                                      file("markers.csv"), "marker"))
    # the tracks long enough
    toml = Source(model.common.folder.toml_path)
    findings += _validate_tracks(model, toml)
    # the engine is built from this data and agrees with it
    if not complete(model):
        return findings  # noted when loading: no engine or example can be built from it
    try:
        game = new_game(model)
    except ValueError as exc:
        findings.append(error(f"the rules engine refuses the data: {exc}", toml))
        return findings
    if (game.wound_limit, game.start, game.multipliers, game.bonus_multiplier) != (
            model.wound_limit, model.start, model.multipliers, model.bonus_multiplier):
        findings.append(error("the rules engine was not built with the data's numbers", toml))
    findings += _validate_example(model, game)
    return findings


def _validate_tracks(model: Model, toml: Source) -> list[Finding]:
    findings = []
    track = model.wound_track
    if model.wound_limit not in track:
        findings.append(error(f"the wound track ends at {track[-1] if track else 0}, before the "
                              f"wound limit {model.wound_limit}; set wound_cells_beyond to at "
                              "least 1", toml, "board.wound_cells_beyond"))
    else:
        # the bonus attack alone pushes wounds past the limit by bonus x (experience, which
        # grows by about 5 in a game): players should rarely need the marker's + side
        top = max((v for s in model.sides.values() for v in s.start.values()), default=0)
        reach = model.bonus_multiplier * (top + 5)
        if model.wound_cells_beyond < reach:
            findings.append(warning(f"the wound track ends {model.wound_cells_beyond} wounds past "
                                    f"the limit; a bonus attack alone adds about {reach}: "
                                    "players will often turn the marker to its + side", toml,
                                    "board.wound_cells_beyond"))
    for message, field in board_layout(model)["problems"]:
        findings.append(error(message, toml, field))
    if not model.experience_flip < model.experience_cells:
        findings.append(error(f"the experience marker's +{model.experience_flip} side needs a "
                              f"track longer than {model.experience_flip} cells, it has "
                              f"{model.experience_cells}", toml, "board.experience_flip"))
    return findings


def ended_before(model: Model) -> tuple[str, int] | None:
    """(side, wounds) of a fighter who starts the second example at or past the wound limit: that
    game ended before the example's first turn, so the booklet cannot tell it."""
    p = model.end_position
    if p is None:
        return None
    return next(((sid, w) for sid, w in p.wounds.items() if w >= model.wound_limit), None)


def _validate_example(model: Model, game: engine.ExperiorGame) -> list[Finding]:
    findings = []
    over = ended_before(model)
    for end, played in ((False, model.example), (True, model.end_example)):
        if end and (model.end_position is None or over):
            continue
        try:
            turns = worked_example(model, game, end)
        except DataError as exc:
            findings.append(finding(exc))
            continue
        name = "example_end.csv" if end else "example.csv"
        if len(turns) < len(played):
            stop = turns[-1]["end"]
            first = played[len(turns)].source
            last = played[-1].source.row
            rows = (f"row {first.row} of {name} is" if first.row == last
                    else f"rows {first.row} to {last} of {name} are")
            findings.append(warning(
                f"the example game ends after turn {turns[-1]['turn']} ({stop['why']}): "
                f"{rows} not played and not shown in the booklet; delete them, or raise "
                "options.wound_limit in game.toml", first))
        elif end and model.end_position and not (turns and turns[-1]["end"]):
            findings.append(error(
                f"the second example must show the end of a game, but after its {len(turns)} "
                f"turn(s) nobody has reached the wound limit ({game.wound_limit}); add turns to "
                "example_end.csv or start [example_end] with more wounds",
                model.end_position.source, "example_end"))
    if over:
        sid, wounds = over
        p = model.end_position
        assert p is not None
        findings.append(warning(
            f"the second example starts in turn {p.turn} with the {model.sides[sid].name} at "
            f"{wounds} wounds, already at or past the wound limit ({model.wound_limit}): that "
            "game was over, so the booklet leaves the example out; start it below the limit",
            p.source, f"example_end.{sid}"))
    return findings


# ---- the worked example, played by the engine ---------------------------------------------
def worked_example(model: Model, game: engine.ExperiorGame | None = None,
                   end: bool = False) -> list[dict]:
    """Play example.csv's turns with the engine from the start position (Human in seat 0) and
    describe each turn with the engine's numbers: who won, the wounds dealt (experience x
    multiplier), the experience gained, and the totals after the turn. With `end`, play the
    second example instead: example_end.csv from the position [example_end] of game.toml.

    When the game ends (a fighter reaches the wound limit) the example stops there: the last
    row's "end" describes the bonus attack and the result, and the turns after it are not
    played (validation warns about them). Every other row has "end" None. A row the engine
    refuses is a DataError naming the CSV file, the row and the field."""
    game = game or new_game(model)
    seat = {"human": 0, "elf": 1}
    if end:
        p = model.end_position
        assert p is not None      # a second example is only played when the data has one
        state = game.state_at(human_seat=0, turn=p.turn, exp=p.exp, wounds=p.wounds,
                              locked={s: engine.card_id(*c) for s, c in p.locked.items() if c})
        first, played = p.turn, model.end_example
    else:
        state = game.state_at(human_seat=0)
        first, played = 1, model.example
    turns = []
    for number, turn in enumerate(played, first):
        if state.is_terminal():
            break
        before_w, before_x = state.wounds, state.exp
        locked = state.locked
        ids = {}
        for s in engine.SIDES:
            t, m = turn.cards[s]
            ids[s] = engine.card_id(t, m)
        for s in sorted(engine.SIDES, key=lambda side: seat[side]):
            try:
                state.apply_action(ids[s])
            except IllegalAction as exc:
                if ids[s] == locked[seat[s]]:
                    why = "it was played the turn before and is locked (E3)"
                else:
                    why = f"the rules engine refuses it ({exc})"
                raise DataError(f"turn {number}: the {s} cannot play {turn.cards[s][1]} "
                                f"{turn.cards[s][0]}: {why}", turn.source.path,
                                turn.source.row, f"{s}_type") from None
        after_w, after_x = state.wounds, state.exp
        ending = None
        if state.is_terminal():
            # the engine has already made the bonus attack: take it out of the turn's wounds
            stats = state.stats()
            ending = _example_end(model, game, stats)
            bonus_to = {"human": "elf", "elf": "human"}.get(stats["bonus_attacker"])
            if bonus_to is not None:
                after_w = tuple(w - stats["bonus_damage"] if i == seat[bonus_to] else w
                                for i, w in enumerate(after_w))
        winner = engine.resolve(ids["human"], ids["elf"])
        row = {
            "turn": number,
            "cards": {s: _card_text(model, *turn.cards[s]) for s in engine.SIDES},
            "outcome": "win" if winner is not None else "same",
            "winner": None, "loser": None, "damage": 0, "exp_before": 0, "multiplier": 0,
            "exp_after": 0, "gainer": None, "type": None, "levels": {},
            "wounds": {s: after_w[seat[s]] for s in engine.SIDES},
            "exp": {s: {t: after_x[seat[s] * 3 + i] for i, t in enumerate(engine.TYPES)}
                    for s in engine.SIDES},
            "reason": "", "end": ending,
        }
        if winner is not None:
            w = engine.SIDES[0] if winner == 0 else engine.SIDES[1]
            lo = next(s for s in engine.SIDES if s != w)
            t, m = turn.cards[w]
            i = seat[w] * 3 + engine.TYPES.index(t)
            damage = after_w[seat[lo]] - before_w[seat[lo]]
            exp_before = before_x[i]
            mult = model.modalities[m].multiplier
            if damage != exp_before * mult or after_x[i] != exp_before + 1:
                # not expected with any data: the engine is not built from the data's numbers
                raise DataError(f"turn {number}: the rules engine dealt {damage} wounds, the "
                                f"example expects {exp_before} x {mult}; the engine was not "
                                "built with the data's numbers", turn.source.path,
                                turn.source.row, f"{w}_modality")
            lt = turn.cards[lo][0]
            reason = (f"{model.attacks[t].name} beats {model.attacks[lt].name}" if t != lt else
                      f"Same type: {model.modalities['quick'].name} beats "
                      f"{model.modalities['strong'].name}")
            row.update(winner=model.sides[w].name, loser=model.sides[lo].name, damage=damage,
                       exp_before=exp_before, multiplier=mult, type=model.attacks[t].name,
                       gainer=model.sides[w].name, exp_after=after_x[i], reason=reason)
        else:
            t = turn.cards["human"][0]
            k = engine.TYPES.index(t)
            gained = [s for s in engine.SIDES
                      if after_x[seat[s] * 3 + k] > before_x[seat[s] * 3 + k]]
            row.update(type=model.attacks[t].name, reason="same card",
                       levels={model.sides[s].name: before_x[seat[s] * 3 + k]
                               for s in engine.SIDES})
            if gained:
                g = gained[0]
                row.update(gainer=model.sides[g].name,
                           exp_after=after_x[seat[g] * 3 + k])
        turns.append(row)
    return turns


def _example_end(model: Model, game: engine.ExperiorGame, stats: dict) -> dict:
    """The end of the example game, from the engine's figures: why it ended, the bonus
    attack (E6, E8) and the result (E7)."""
    name = {s: model.sides[s].name for s in engine.SIDES}
    exp = stats["experience"]
    high = {s: max(exp[s].values()) for s in engine.SIDES}
    diff = {name[s]: high[s] - min(exp[s].values()) for s in engine.SIDES}
    final = stats["wounds"]
    attacker = stats["bonus_attacker"]
    before = {s: final[s] - (stats["bonus_damage"] if attacker and s != attacker else 0)
              for s in engine.SIDES}
    if stats["ended_by"] == "wounds":
        reached = [name[s] for s in engine.SIDES if before[s] >= game.wound_limit]
        why = f"the {' and the '.join(reached)} reached the wound limit, {game.wound_limit}"
    else:
        why = f"the turn limit, {game.max_turns} turns, was reached"
    winner = stats["winner_side"]
    return {
        "why": why,
        "limit": game.wound_limit,
        "diffs": diff,
        "bonus_attacker": name[attacker] if attacker else None,
        "bonus_defender": (name[next(s for s in engine.SIDES if s != attacker)]
                           if attacker else None),
        "bonus_highest": high[attacker] if attacker else 0,
        "bonus_multiplier": game.bonus_multiplier,
        "bonus_damage": stats["bonus_damage"],
        "wounds": {s: final[s] for s in engine.SIDES},
        "winner": name[winner] if winner else None,
        "winner_before": (name[stats["winner_before_bonus"]] if stats["winner_before_bonus"]
                          else None),
    }


def _card_text(model: Model, type_: str, modality: str) -> str:
    return f"{model.modalities[modality].name} {model.attacks[type_].name}"


# ---- the board's geometry (pure numbers, in points; faces.py draws it) ---------------------
STRIP = 14 * MM  # the band between the two halves
MARGIN = 3.5 * MM
MIN_CELL = 5 * MM      # a track cell smaller than this is too small for a marker's aim
NAME_BAND = 22 * MM    # under the locked-card slot: the fighter's name and the + notes


def board_layout(model: Model) -> dict:
    """The geometry of one half of the board (in points), and what does not fit, as
    (message, game.toml field) pairs for validation."""
    W, H = model.board_size
    half_h = (H - STRIP) / 2
    cw_card, ch_card = model.card_size
    slot_w, slot_h = cw_card + 2 * MM, ch_card + 2 * MM
    gap, col_gap, head_h = 3.5 * MM, 1.2 * MM, 11.5 * MM
    cell_w = (W - 2 * MARGIN - 2 * gap - slot_w - 2 * col_gap) / (10 + len(engine.TYPES))
    top = half_h - MARGIN - head_h
    rows = -(-len(model.wound_track) // 10)
    cell_h = min(11 * MM, (top - MARGIN) / max(rows, 1))
    exp_h = min(11 * MM, (top - MARGIN) / max(1, len(model.experience_track)))
    problems = []
    if cell_w < MIN_CELL:
        problems.append((f"the board is {W / MM:.0f} mm wide: with the locked-card slot its "
                         f"track cells would be {cell_w / MM:.1f} mm wide; make it wider",
                         "board.width"))
    if cell_h < MIN_CELL:
        problems.append((f"the wound track needs {rows} rows of 10 (0 to "
                         f"{model.wound_track[-1]}): on this board its cells would be "
                         f"{cell_h / MM:.1f} mm high; lower wound_limit or wound_cells_beyond, "
                         "or make the board taller", "options.wound_limit"))
    if exp_h < MIN_CELL:
        problems.append((f"the experience tracks' {model.experience_cells} cells would be "
                         f"{exp_h / MM:.1f} mm high; use fewer cells or a taller board",
                         "board.experience_cells"))
    if slot_h + NAME_BAND > half_h - 2 * MARGIN:
        problems.append((f"the locked-card slot ({slot_h / MM:.0f} mm high) does not fit a half "
                         f"of the board ({half_h / MM:.0f} mm); make the board taller",
                         "board.height"))
    return {"half_h": half_h, "slot": (slot_w, slot_h), "gap": gap, "col_gap": col_gap,
            "head_h": head_h, "cell_w": cell_w, "cell_h": cell_h, "exp_h": exp_h, "top": top,
            "rows": rows, "problems": problems}


def track_cells(model: Model, geo: dict | None = None) -> dict[str, list[tuple[int, float, float]]]:
    """Every cell of one half's tracks as (value, x, y of its lower-left corner), in the half's
    own coordinates (its fighter at the bottom edge): "wound", then one list per attack type.
    The board draws these cells and validation puts the markers on them."""
    geo = geo or board_layout(model)
    cell_w, cell_h, exp_h, top = geo["cell_w"], geo["cell_h"], geo["exp_h"], geo["top"]
    track = model.wound_track
    cells = {"wound": [(v, MARGIN + (v - track.start) % 10 * cell_w,
                        top - ((v - track.start) // 10 + 1) * cell_h) for v in track]}
    exp = model.experience_track
    ex0 = MARGIN + 10 * cell_w + geo["gap"]
    for k, t in enumerate(engine.TYPES):
        x = ex0 + k * (cell_w + geo["col_gap"])
        cells[t] = [(v, x, top - (len(exp) - j) * exp_h) for j, v in enumerate(exp)]
    return cells


def tracks(model: Model) -> list[Track]:
    """The markers on their tracks, both halves in board coordinates (the Elf's half is the
    Human's turned half a turn about the board's centre)."""
    if not complete(model):
        return []
    geo = board_layout(model)
    W, H = model.board_size
    sizes = {"wound": (geo["cell_w"], geo["cell_h"])}
    sizes.update({t: (geo["cell_w"], geo["exp_h"]) for t in engine.TYPES})
    out = []
    for s, turned in zip(engine.SIDES, (False, True)):
        for key, cells in track_cells(model, geo).items():
            w, h = sizes[key]
            places = tuple(Place(W - x - w / 2, H - y - h / 2, w, h) if turned
                           else Place(x + w / 2, y + h / 2, w, h) for _, x, y in cells)
            what = "wound" if key == "wound" else f"{model.attacks[key].name} experience"
            out.append(Track(f"the {model.sides[s].name}'s {what} track", f"{what} marker"
                             if key == "wound" else "experience marker", model.marker_diameter,
                             places, field="markers.diameter"))
    return out


# ---- the protocol -----------------------------------------------------------------------------
def required_kit(model: Model) -> Counter:
    """What the rules need printed, from the engine's facts."""
    sides = len(engine.SIDES)
    return Counter({
        "attack card": sides * engine.NUM_CARDS,
        "role card": sides,
        "player aid card": model.aid_cards,
        "wound marker": sides,
        "experience marker": sides * len(engine.TYPES),
        "wound track": sides,
        "experience track": sides * len(engine.TYPES),
        "locked-card slot": sides,
    })


def engine_class(model: Model) -> type[engine.ExperiorGame]:
    return engine.ExperiorGame


def sides(model: Model) -> list[FactSide]:
    return [FactSide(s.id, s.name, s.source) for s in model.sides.values()]


def enforced_rulings(model: Model) -> Enforced:
    """The engine's rulings with the numbers it is built with from this data, and E12's flip
    values, which the board and markers print."""
    values = dict(engine.ruling_values(model.wound_limit, _start(model), _multipliers(model),
                                       model.bonus_multiplier, model.max_turns))
    values.update(wound_flip=model.wound_cells_beyond, exp_flip=model.experience_flip)
    params = {**engine.ExperiorGame.RULINGS, "E12": ("wound_flip", "exp_flip")}
    return Enforced(params, values)


def _start(model: Model) -> dict[str, dict[str, int]]:
    """Start experience by side, the engine's default standing in for a side the data lacks
    (loading has noted it; nothing is drawn or played from such data)."""
    return {s: dict(model.sides[s].start) if s in model.sides else dict(engine.DEFAULT_START[s])
            for s in engine.SIDES}


def _multipliers(model: Model) -> dict[str, int]:
    return {m: model.modalities[m].multiplier if m in model.modalities
            else engine.DEFAULT_MULTIPLIERS[m] for m in engine.MODALITIES}


def new_game(model: Model, num_players: int | None = None) -> engine.ExperiorGame:
    return engine.ExperiorGame(num_players, wound_limit=model.wound_limit, start=model.start,
                               multipliers=model.multipliers,
                               bonus_multiplier=model.bonus_multiplier,
                               max_turns=model.max_turns)
