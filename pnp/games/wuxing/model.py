"""Wuxing Duel's card data as loaded from the game folder: elements.csv, players.csv,
cards.csv, islands.csv, tokens.csv, pawns.csv and game.toml's sizes and options. Every problem
is noted in folder.problems (bad cells, unknown names, rows the rules need that are missing).
Nothing here draws."""

from __future__ import annotations

from dataclasses import dataclass

from ...data.colours import Colour
from ...data.files import Column, Record
from ...data.game import GameFolder
from ...errors import DataError, Source
from ...units import MM
from ..base import (GameModel, keyed_rows, known as _known, load_common, missing_colours,
                    note_missing, note_unknown_options, setting)
from . import engine

# the keys of game.toml's [options] the rules read
OPTIONS = ("set_aside", "pawns_turn", "generated_wins", "reference_cards", "max_rounds")
CARD_FACES = ("destroyed_by", "generated_by", "destroys", "generates")


@dataclass(frozen=True)
class Element:
    """A row of elements.csv: an element's name, glyph and colour."""

    id: str
    name: str
    glyph: str
    colour: Colour
    source: Source


@dataclass(frozen=True)
class Player:
    """A row of players.csv: a seat's player and colours."""

    seat: int
    id: str
    name: str
    colour: Colour
    ink: Colour
    symbol: str
    source: Source


@dataclass(frozen=True)
class Card:
    """A row of cards.csv: a player's element card and the cycle it prints."""

    owner: str
    element: str
    destroyed_by: str
    generated_by: str
    destroys: str
    generates: str
    source: Source


@dataclass(frozen=True)
class Island:
    """A row of islands.csv: the element island at a place on a path."""

    path: int
    position: int
    element: str
    source: Source


@dataclass(frozen=True)
class Token:
    """A row of tokens.csv: a kind of link token, its count and colour."""

    id: str
    name: str
    count: int
    colour: Colour
    label: str
    source: Source


@dataclass(frozen=True)
class Pawn:
    """A row of pawns.csv: a player's pawn and the path it starts on."""

    owner: str
    path: int
    source: Source


@dataclass(frozen=True, kw_only=True)
class Model(GameModel):
    """Wuxing's card data, as loaded from the game folder (with what every game's has)."""

    elements: dict[str, Element]
    players: tuple[Player, ...]
    cards: tuple[Card, ...]
    islands: tuple[Island, ...]
    tokens: tuple[Token, ...]
    pawns: tuple[Pawn, ...]
    token_diameter: float
    island_diameter: float
    set_aside: bool
    pawns_turn: bool
    generated_wins: bool
    reference_cards: int
    max_rounds: int

    def player(self, pid: str) -> Player:
        return next(p for p in self.players if p.id == pid)

    def paths(self) -> list[list[str]]:
        """Elements of each path from the Yang side, as the engine takes them."""
        numbers = sorted({i.path for i in self.islands})
        return [[i.element for i in sorted(self.islands, key=lambda i: i.position)
                 if i.path == n] for n in numbers]


def load(folder: GameFolder) -> Model:
    """The data, with every problem noted in folder.problems (bad cells, unknown names, rows
    the rules need that are missing); what is left is complete enough to draw from only when
    no problem was noted."""
    common = load_common(folder)
    col = common.cell_colour  # a cell that names a colour
    ids = engine.ELEMENTS

    elements = keyed_rows(folder, "elements.csv", [Column("element"), Column("name"),
                                                   Column("glyph"), Column("colour")],
                          "element", ids, "element",
                          lambda k, r: Element(k, r["name"], r["glyph"], col(r, "colour"),
                                               r.source))
    players = _players(folder, col)
    player_ids = engine.SIDES  # the rules' players: a bad players.csv row is no bad owner

    def card(r: Record) -> Card:
        owner = _known(r, "owner", player_ids, "player")
        faces = {f: _known(r, f, ids, "element") for f in ("element",) + CARD_FACES}
        return Card(owner=owner, source=r.source, **faces)

    cards = folder.each("cards.csv", [Column("owner"), Column("element")]
                        + [Column(f) for f in CARD_FACES], card)
    islands = folder.each("islands.csv", [Column("path", "int", min=1, max=9),
                                          Column("position", "int", min=1, max=9),
                                          Column("element")],
                          lambda r: Island(r["path"], r["position"],
                                           _known(r, "element", ids, "element"), r.source))
    tokens = _tokens(folder, col)
    pawns = folder.each("pawns.csv", [Column("owner"), Column("path", "int", min=1, max=9)],
                        lambda r: Pawn(_known(r, "owner", player_ids, "player"), r["path"],
                                       r.source))
    for problem in missing_colours(folder, common, ("generating", "destroying", "yang", "yin",
                                                    "gold", "sea", "sand", "ink")):
        folder.note(problem)
    opt, keep = "options", folder.keep
    note_unknown_options(folder, common, "wuxing", OPTIONS)
    from .printed import constants, cycle_table, load_layouts

    cycle = cycle_table(elements)
    return Model(
        common=common, elements=elements, players=players, cards=tuple(cards),
        islands=tuple(islands), tokens=tuple(tokens), pawns=tuple(pawns),
        card_size=keep(folder.card_size) or (63 * MM, 88 * MM),
        token_diameter=keep(folder.length, "tokens", "diameter") or 24 * MM,
        board_size=(keep(folder.length, "board", "width") or 260 * MM,
                    keep(folder.length, "board", "height") or 190 * MM),
        island_diameter=keep(folder.length, "board", "island_diameter") or 30 * MM,
        set_aside=_option(folder, "set_aside", True),
        pawns_turn=_option(folder, "pawns_turn", True),
        generated_wins=_option(folder, "generated_wins", False),
        reference_cards=setting(folder, opt, "reference_cards", 0, 10, 2, fallback=0),
        max_rounds=setting(folder, opt, "max_rounds", 1, 1000, engine.DEFAULT_MAX_ROUNDS),
        # a layout's mistake noted with the rest (a palette colour it names may be the cause)
        layouts=keep(load_layouts, folder, common, cycle) or {},
        layout_names=constants(common, cycle),
    )


def _players(folder: GameFolder, col) -> tuple[Player, ...]:
    """players.csv: the rules' two sides, one row each, each in its seat (yang first)."""
    def one(pid: str, r) -> Player:
        seat = engine.SIDES.index(pid) + 1
        if r["seat"] != seat:
            raise DataError(f"the rules seat the player {pid!r} in seat {seat} "
                            f"({engine.SEAT_NAMES[seat - 1]}), not {r['seat']}",
                            r.source.path, r.source.row, "seat")
        return Player(r["seat"], pid, r["name"], col(r, "colour"), col(r, "ink"), r["symbol"],
                      r.source)

    players = keyed_rows(
        folder, "players.csv", [Column("seat", "int", min=1, max=2), Column("player"),
                                Column("name"), Column("colour"), Column("ink"),
                                Column("symbol")], "player", engine.SIDES, "player", one)
    return tuple(sorted(players.values(), key=lambda p: p.seat))


def _tokens(folder: GameFolder, col) -> list[Token]:
    """tokens.csv: the link tokens of each colour and the first-player token."""
    kinds = ("generating", "destroying", "first")
    tokens = folder.each("tokens.csv", [Column("token", choices=kinds), Column("name"),
                                        Column("count", "int", min=0, max=50),
                                        Column("colour"), Column("label")],
                         lambda r: Token(r["token"], r["name"], r["count"], col(r, "colour"),
                                         r["label"], r.source))
    note_missing(folder, "tokens.csv", "token", "token", kinds, {t.id for t in tokens})
    return tokens


def _option(folder: GameFolder, key: str, default: bool) -> bool:
    value = folder.keep(folder.get, "options", key, bool, default)
    return default if value is None else value
