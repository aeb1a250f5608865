"""Legolas vs. Gimli's kit model, built first: the four card lists the rules engine plays
(data.py), the player colours, the suit descriptors and the sizes from game.toml. The drawings
take this model; nothing here draws."""

from __future__ import annotations

from dataclasses import dataclass

from ...data.colours import Colour as Color
from ...data.files import Column
from ...data.game import GameFolder
from ...errors import DataError, Source
from ...render.icons import PLAYER_SHAPES
from ..base import (GameModel, layout_constants, load_common, missing_colours,
                    note_unknown_options)
from .data import Cards, load_cards
from .printed import load_layouts
from .facts import ELEMENTS, SUITS

OPTIONS = ("aid_cards",)  # the keys of [options] it reads
PALETTE = ("gold", "trap", "boss", "parchment", "treasure", "character", "back", "ink", "paper")


@dataclass(frozen=True)
class Player:
    """A seat's player: name, colours and symbol."""

    seat: int
    name: str
    colour: Color
    ink: Color
    symbol: str
    source: Source


@dataclass(frozen=True, kw_only=True)
class Model(GameModel):
    """Legolas's data as loaded from the game folder: cards, players and sizes (with what every
    game's has)."""

    cards: Cards                              # the engine's card lists, in file order
    players: tuple[Player, ...]
    suits: dict[str, str]                     # suit -> descriptor ("physical, subtle")
    token_diameter: float
    vp_loop: int
    vp_below: int
    aid_cards: int

    def file(self, name: str) -> Source:
        """A whole data file, for findings that belong to no single row."""
        folder = self.common.folder
        return Source(folder.toml_path if name == "game.toml" else folder.path / folder.read_as(name))


def load(folder: GameFolder) -> Model:
    common = load_common(folder)
    col = common.cell_colour  # a cell that names a colour
    cards = load_cards(folder.path, folder.note)

    players = tuple(folder.each("players.csv", [
        Column("seat", "int", min=1, max=9), Column("name"), Column("colour"), Column("ink"),
        Column("symbol", lambda t: t.strip().lower(), choices=PLAYER_SHAPES)],
        lambda r: Player(r["seat"], r["name"], col(r, "colour"), col(r, "ink"), r["symbol"],
                         r.source)))
    for problem in missing_colours(folder, common, SUITS + ELEMENTS + PALETTE):
        raise problem
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
    note_unknown_options(folder, common, "legolas", OPTIONS)
    aids = folder.get("options", "aid_cards", int, default=3)
    if not 0 <= aids <= 10:
        raise DataError("aid_cards must be 0 to 10", folder.toml_path, field="options.aid_cards")
    return Model(
        common=common, cards=cards, players=tuple(sorted(players, key=lambda p: p.seat)),
        suits=descriptors, card_size=folder.card_size(),
        token_diameter=folder.length("tokens", "diameter"),
        board_size=(folder.length("board", "width"), folder.length("board", "height")),
        vp_loop=loop, vp_below=below, aid_cards=aids, layouts=load_layouts(folder, common),
        layout_names=layout_constants(common),
    )
