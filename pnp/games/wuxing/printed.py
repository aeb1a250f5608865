"""What each Wuxing Duel face prints, as the row its layout file draws from: the data's cells
(cards.csv, elements.csv, players.csv, tokens.csv, islands.csv) and what the rules say of them.
The layouts themselves are data, in the game folder (layouts/*.toml, chosen under [layouts] in
game.toml); their figures are figures.py. Nothing here draws."""

from __future__ import annotations

from typing import Any

from ...data.colours import hex_colour
from ...data.game import GameFolder
from ...data.layouts.compiled import Layout
from ...errors import Source
from .. import base
from ..base import Common, borrowed_from, layout_constants
from . import engine
from .model import CARD_FACES, Card, Element, Model, Player, Token

ELEMENT_FIELDS = ("name", "glyph", "colour")  # an element's columns as a face prints them
PLAYER_COLUMNS = ("owner", "player", "player_colour", "player_ink", "symbol")
# the player's columns a face shows, with the field of players.csv each comes from
PLAYER_FIELDS = {"player": "name", "player_colour": "colour", "player_ink": "ink",
                 "symbol": "symbol"}
SIDES = ("yang", "yin")  # the board prints both players' sides (the rules' seats)

# the names each face's row offers its layout (its columns, for checking the layout files)
COLUMNS: dict[str, tuple[str, ...]] = {
    "element": PLAYER_COLUMNS + ("element",) + ELEMENT_FIELDS + tuple(
        f"{face}{suffix}" for face in CARD_FACES
        for suffix in ("", *(f"_{f}" for f in ELEMENT_FIELDS))),
    "element_back": PLAYER_COLUMNS,
    "reference": ("winner",),
    "reference_back": (),
    "pawn": PLAYER_COLUMNS + ("path",),
    "pawn_back": PLAYER_COLUMNS + ("path",),
    "token": ("token", "name", "count", "colour", "label"),
    "board": ("islands", "island_diameter", "paths") + tuple(
        f"{side}_{column}" for side in SIDES for column in PLAYER_COLUMNS[1:]),
    "cycles": (),  # the booklet's figure of both cycles
}


def cycle_table(elements: dict[str, Element]) -> dict[str, Any]:
    """The cycles as the `wuxing.cycle` figure draws them: the engine's tables (generating order
    round the pentagon, both kinds of link) and the data's name, glyph and colour of each."""
    order = [engine.ELEMENTS[0]]
    while len(order) < len(engine.ELEMENTS):
        order.append(engine.GENERATES[order[-1]])
    return {"order": order,
            "generates": [[a, b] for a, b in engine.GENERATES.items()],
            "destroys": [[a, b] for a, b in engine.DESTROYS.items()],
            # (each element's row, to name a problem with its name or glyph in elements.csv)
            "elements": {e.id: {**element_row(e), "source": e.source}
                         for e in elements.values()}}


def constants(common: Common, cycle: dict[str, Any]) -> dict[str, Any]:
    """What every Wuxing layout may name besides its row: the palette, `game` and `cycle`."""
    return {**layout_constants(common), "cycle": cycle}


def load_layouts(folder: GameFolder, common: Common, cycle: dict[str, Any]) -> dict[str, Layout]:
    return base.load_layouts(folder, common, COLUMNS, constants(common, cycle))


def element_row(e: Element, prefix: str = "") -> dict[str, Any]:
    return {f"{prefix}name": e.name, f"{prefix}glyph": e.glyph,
            f"{prefix}colour": hex_colour(e.colour)}


def player_row(p: Player) -> dict[str, Any]:
    return {"owner": p.id, "player": p.name, "player_colour": hex_colour(p.colour),
            "player_ink": hex_colour(p.ink), "symbol": p.symbol}


def card_row(model: Model, card: Card) -> dict[str, Any]:
    """An element card: its owner, its element, and the element at each end of its four
    arrows (`destroys`, `destroys_name`, `destroys_glyph`, `destroys_colour`...)."""
    row = {**player_row(model.player(card.owner)), "element": card.element,
           **element_row(model.elements[card.element])}
    for face in CARD_FACES:
        eid = getattr(card, face)
        row[face] = eid
        row.update(element_row(model.elements[eid], f"{face}_"))
    return row


def card_borrowed(model: Model, card: Card) -> dict[str, tuple[Source, str]]:
    """The card's columns that come from another file's row (the player's from players.csv, each
    element's from elements.csv), with that row and field: a problem is named there."""
    out = player_borrowed(model.player(card.owner))
    for prefix, eid in [("", card.element)] + [(f"{f}_", getattr(card, f)) for f in CARD_FACES]:
        out.update(borrowed_from(model.elements[eid].source,
                                 {f"{prefix}{f}": f for f in ELEMENT_FIELDS}))
    return out


def player_borrowed(p: Player) -> dict[str, tuple[Source, str]]:
    return borrowed_from(p.source, PLAYER_FIELDS)


def winner_text(model: Model) -> str:
    """Who wins a duel between two elements, as the reference card says it (option W6)."""
    if model.generated_wins:
        return "Blue arrow: its start wins the duel. Red arrow: its end wins."
    return "The element an arrow starts from wins the duel."


def token_row(t: Token) -> dict[str, Any]:
    return {"token": t.id, "name": t.name, "count": t.count, "colour": hex_colour(t.colour),
            "label": t.label}


def _element_of(model: Model, eid: str) -> dict[str, Any]:
    """An element's printed columns; none for one elements.csv lacks (a problem noted when the
    data was read, so nothing is drawn from it)."""
    e = model.elements.get(eid)
    return {**element_row(e), "source": e.source} if e is not None else {}


def board_row(model: Model) -> dict[str, Any]:
    """The board: every island (path, position and its element's name, glyph and colour), the
    islands' diameter (game.toml [board]) and both players' sides."""
    row: dict[str, Any] = {
        "islands": [{"path": i.path, "position": i.position, "element": i.element,
                     **_element_of(model, i.element)} for i in model.islands],
        "island_diameter": f"{model.island_diameter:g}pt",
        "paths": len({i.path for i in model.islands})}
    for side in SIDES:
        player = next((p for p in model.players if p.id == side), None)
        if player is not None:
            row.update({f"{side}_{k}": v for k, v in player_row(player).items() if k != "owner"})
    return row
