"""Wuxing Duel: its card data, the checks against the rules engine, and the kit to print."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ...data.colours import Colour
from ...data.files import Column, Record
from ...data.game import GameFolder
from ...errors import DataError, Finding, Source, error
from ..base import Common, load_common, palette_colour
from . import engine

CARD_FACES = ("destroyed_by", "generated_by", "destroys", "generates")


@dataclass(frozen=True)
class Element:
    id: str
    name: str
    glyph: str
    colour: Colour
    source: Source


@dataclass(frozen=True)
class Player:
    seat: int
    id: str
    name: str
    colour: Colour
    ink: Colour
    symbol: str
    source: Source


@dataclass(frozen=True)
class Card:
    owner: str
    element: str
    destroyed_by: str
    generated_by: str
    destroys: str
    generates: str
    source: Source


@dataclass(frozen=True)
class Island:
    path: int
    position: int
    element: str
    source: Source


@dataclass(frozen=True)
class Token:
    id: str
    name: str
    count: int
    colour: Colour
    label: str
    source: Source


@dataclass(frozen=True)
class Pawn:
    owner: str
    path: int
    source: Source


@dataclass(frozen=True)
class Model:
    common: Common
    elements: dict[str, Element]
    players: tuple[Player, ...]
    cards: tuple[Card, ...]
    islands: tuple[Island, ...]
    tokens: tuple[Token, ...]
    pawns: tuple[Pawn, ...]
    card_size: tuple[float, float]
    token_diameter: float
    board_size: tuple[float, float]
    island_diameter: float
    set_aside: bool
    pawns_turn: bool
    generated_wins: bool
    reference_cards: int

    def player(self, pid: str) -> Player:
        return next(p for p in self.players if p.id == pid)

    def paths(self) -> list[list[str]]:
        """Elements of each path from the Yang side, as the engine takes them."""
        numbers = sorted({i.path for i in self.islands})
        return [[i.element for i in sorted(self.islands, key=lambda i: i.position)
                 if i.path == n] for n in numbers]


def _known(record: Record, field: str, allowed, what: str) -> str:
    value = record[field]
    if value not in allowed:
        raise DataError(f"unknown {what} {value!r}; use one of: {', '.join(allowed)}",
                        record.source.path, record.source.row, field)
    return value


def load(folder: GameFolder) -> Model:
    common = load_common(folder)
    ids = engine.ELEMENTS

    def col(rec: Record, field: str) -> Colour:
        return palette_colour(common, rec[field], rec.source, field)

    elements = {}
    for r in folder.csv("elements.csv", [Column("element"), Column("name"), Column("glyph"),
                                         Column("colour")]):
        eid = _known(r, "element", ids, "element")
        if eid in elements:
            raise DataError(f"element {eid!r} is listed twice", r.source.path, r.source.row,
                            "element")
        elements[eid] = Element(eid, r["name"], r["glyph"], col(r, "colour"), r.source)
    players = tuple(
        Player(r["seat"], r["player"], r["name"], col(r, "colour"), col(r, "ink"), r["symbol"],
               r.source)
        for r in folder.csv("players.csv", [Column("seat", "int", min=1, max=2), Column("player"),
                                            Column("name"), Column("colour"), Column("ink"),
                                            Column("symbol")]))
    player_ids = tuple(p.id for p in players)
    cards = []
    for r in folder.csv("cards.csv", [Column("owner"), Column("element")]
                        + [Column(f) for f in CARD_FACES]):
        owner = _known(r, "owner", player_ids, "player")
        faces = {f: _known(r, f, ids, "element") for f in ("element",) + CARD_FACES}
        cards.append(Card(owner=owner, source=r.source, **faces))
    islands = []
    for r in folder.csv("islands.csv", [Column("path", "int", min=1, max=9),
                                        Column("position", "int", min=1, max=9),
                                        Column("element")]):
        islands.append(Island(r["path"], r["position"], _known(r, "element", ids, "element"),
                              r.source))
    tokens = []
    for r in folder.csv("tokens.csv", [Column("token", choices=("generating", "destroying",
                                                                 "first")),
                                       Column("name"), Column("count", "int", min=0, max=50),
                                       Column("colour"), Column("label")]):
        tokens.append(Token(r["token"], r["name"], r["count"], col(r, "colour"), r["label"],
                            r.source))
    pawns = []
    for r in folder.csv("pawns.csv", [Column("owner"), Column("path", "int", min=1, max=9)]):
        pawns.append(Pawn(_known(r, "owner", player_ids, "player"), r["path"], r.source))
    for needed in ("generating", "destroying", "yang", "yin", "gold", "sea", "sand", "ink"):
        if needed not in common.palette:
            raise DataError(f"[palette] needs a colour {needed!r}", folder.toml_path,
                            field=f"palette.{needed}")
    opt = "options"
    reference = folder.get(opt, "reference_cards", int, default=2)
    if not 0 <= reference <= 10:
        raise DataError("reference_cards must be 0 to 10", folder.toml_path,
                        field="options.reference_cards")
    return Model(
        common=common, elements=elements, players=players, cards=tuple(cards),
        islands=tuple(islands), tokens=tuple(tokens), pawns=tuple(pawns),
        card_size=folder.card_size(), token_diameter=folder.length("tokens", "diameter"),
        board_size=(folder.length("board", "width"), folder.length("board", "height")),
        island_diameter=folder.length("board", "island_diameter"),
        set_aside=folder.get(opt, "set_aside", bool, default=True),
        pawns_turn=folder.get(opt, "pawns_turn", bool, default=True),
        generated_wins=folder.get(opt, "generated_wins", bool, default=False),
        reference_cards=reference,
    )


def _expected_faces(element: str) -> dict[str, str]:
    """What the engine says each arrow on an element's card must show."""
    return {
        "destroyed_by": next(e for e, t in engine.DESTROYS.items() if t == element),
        "generated_by": next(e for e, t in engine.GENERATES.items() if t == element),
        "destroys": engine.DESTROYS[element],
        "generates": engine.GENERATES[element],
    }


def validate(model: Model) -> list[Finding]:
    findings = [error(f"rules engine: {p}") for p in engine.check_cycles()]
    folder = model.common.folder
    for eid in engine.ELEMENTS:
        if eid not in model.elements:
            findings.append(error(f"element {eid!r} is missing", Source(folder.path /
                                                                          "elements.csv")))
    # players: exactly the two seats of the engine
    if sorted(p.seat for p in model.players) != [1, 2]:
        findings.append(error("players.csv must list seat 1 (Yang) and seat 2 (Yin) once each",
                              Source(folder.path / "players.csv")))
    # cards: each element once per player, arrows as the engine's cycles
    cards_file = Source(folder.path / "cards.csv")
    for player in model.players:
        theirs = Counter(c.element for c in model.cards if c.owner == player.id)
        for eid in engine.ELEMENTS:
            if theirs[eid] != 1:
                findings.append(error(f"{player.name} must have exactly one {eid} card, has "
                                      f"{theirs[eid]}", cards_file, "element"))
    for card in model.cards:
        for face, want in _expected_faces(card.element).items():
            got = getattr(card, face)
            if got != want:
                findings.append(error(f"the {card.element} card shows {got} as "
                                      f"'{face.replace('_', ' ')}' but the cycles say {want}",
                                      card.source, face))
    findings += _validate_paths(model)
    # pawns: one per player per path
    paths = sorted({i.path for i in model.islands})
    for player in model.players:
        on = Counter(p.path for p in model.pawns if p.owner == player.id)
        for path in paths:
            if on[path] != 1:
                findings.append(error(f"{player.name} needs exactly one pawn on path {path}, "
                                      f"has {on[path]}", Source(folder.path / "pawns.csv"),
                                      "path"))
    # tokens: the engine's pool
    tokens = {t.id: t for t in model.tokens}
    want = {"generating": engine.TOKENS_PER_COLOUR, "destroying": engine.TOKENS_PER_COLOUR,
            "first": 1}
    for tid, n in want.items():
        t = tokens.get(tid)
        if t is None:
            findings.append(error(f"token {tid!r} is missing", Source(folder.path / "tokens.csv")))
        elif t.count != n:
            findings.append(error(f"{t.name}: the rules need {n}, the data prints {t.count}",
                                  t.source, "count"))
    return findings


def _validate_paths(model: Model) -> list[Finding]:
    findings = []
    src = Source(model.common.folder.path / "islands.csv")
    by_path: dict[int, list[Island]] = {}
    for island in model.islands:
        by_path.setdefault(island.path, []).append(island)
    if sorted(by_path) != list(range(1, engine.NUM_PATHS + 1)):
        findings.append(error(f"there must be paths 1 to {engine.NUM_PATHS}, found "
                              f"{sorted(by_path)}", src, "path"))
    for number, islands in sorted(by_path.items()):
        positions = sorted(i.position for i in islands)
        if positions != list(range(1, engine.PATH_LEN + 1)):
            findings.append(error(f"path {number} must have positions 1 to {engine.PATH_LEN} "
                                  f"once each, has {positions}", src, "position"))
        counts = Counter(i.element for i in islands)
        for eid in engine.ELEMENTS:
            if counts[eid] != 1:
                findings.append(error(f"path {number} must hold {eid} exactly once, holds it "
                                      f"{counts[eid]} time(s)", src, "element"))
    seen: dict[tuple[int, str], Island] = {}
    for island in sorted(model.islands, key=lambda i: (i.path, i.position)):
        key = (island.position, island.element)
        if key in seen:
            findings.append(error(f"{island.element} stands at position {island.position} on "
                                  f"path {seen[key].path} and on path {island.path}; no element "
                                  "may be at the same distance on two paths", island.source,
                                  "element"))
        else:
            seen[key] = island
    return findings


def required_kit(model: Model) -> Counter:
    """What the rules need printed, from the engine's facts."""
    players = 2
    return Counter({
        "element card": players * len(engine.ELEMENTS),
        "reference card": model.reference_cards,
        "island": engine.NUM_PATHS * engine.PATH_LEN,
        "pawn": players * engine.NUM_PATHS,
        "red link token": engine.TOKENS_PER_COLOUR,
        "blue link token": engine.TOKENS_PER_COLOUR,
        "first-player token": 1,
    })


def new_game(model: Model, num_players: int | None = None) -> engine.WuxingGame:
    return engine.WuxingGame(model.paths(), set_aside=model.set_aside,
                             pawns_turn=model.pawns_turn, generated_wins=model.generated_wins)
