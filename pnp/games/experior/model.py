"""Experior's card data as loaded from the game folder (data.py fills it), and the rules
engine built from it: the wound limit, start experience, multipliers and bonus multiplier are
design numbers the engine is made with, so the printed numbers are the played ones. Nothing
here reads files or draws."""

from __future__ import annotations

from dataclasses import dataclass

from ...data.colours import Colour
from ...errors import Source
from ..base import GameModel
from ..rulings import Enforced
from . import engine

MARKER_KINDS = ("wound", "experience")


@dataclass(frozen=True)
class Attack:
    """A row of attacks.csv: an attack type, its colour and the type it beats."""

    id: str
    name: str
    colour: Colour
    colour_name: str
    beats: str
    source: Source


@dataclass(frozen=True)
class Modality:
    """A row of modalities.csv: a modality and its multiplier."""

    id: str
    name: str
    multiplier: int
    source: Source


@dataclass(frozen=True)
class Side:
    """A row of sides.csv: a fighter, its colours and starting experience."""

    id: str
    name: str
    colour: Colour
    ink: Colour
    start: dict[str, int]  # starting experience by attack type
    source: Source


@dataclass(frozen=True)
class Card:
    """A row of cards.csv: one side's card of an attack type and modality."""

    side: str
    type: str
    modality: str
    multiplier: int  # as printed on the card
    source: Source


@dataclass(frozen=True)
class Marker:
    """A row of markers.csv: a wound or experience marker of one side."""

    side: str
    kind: str  # "wound" or "experience"
    type: str  # attack type of an experience marker, "" for a wound marker
    source: Source


@dataclass(frozen=True)
class ExampleTurn:
    """A row of the worked example: the card each side plays that turn."""

    cards: dict[str, tuple[str, str]]  # side -> (type, modality)
    source: Source


@dataclass(frozen=True)
class Position:
    """Where the booklet's second example starts: a turn late in a game, each fighter's wounds,
    experience and locked card (None in turn 1)."""

    turn: int
    wounds: dict[str, int]
    exp: dict[str, dict[str, int]]
    locked: dict[str, tuple[str, str] | None]  # side -> (type, modality)
    source: Source


@dataclass(frozen=True, kw_only=True)
class Model(GameModel):
    """Experior's card data, as loaded from the game folder (with what every game's has)."""

    attacks: dict[str, Attack]
    modalities: dict[str, Modality]
    sides: dict[str, Side]
    cards: tuple[Card, ...]
    markers: tuple[Marker, ...]
    example: tuple[ExampleTurn, ...]
    end_position: Position | None  # the second example: [example_end] and example_end.csv
    end_example: tuple[ExampleTurn, ...]
    marker_diameter: float
    wound_limit: int
    bonus_multiplier: int
    max_turns: int  # E9: a game with no end (the same cards again and again) stops here
    aid_cards: int
    wound_cells_beyond: int
    experience_cells: int
    experience_flip: int

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


# ---- validation -----------------------------------------------------------------------------
def complete(model: Model) -> bool:
    """Every attack type, modality and side the rules need has its row."""
    return (set(model.attacks) == set(engine.TYPES) and set(model.sides) == set(engine.SIDES)
            and set(model.modalities) == set(engine.MODALITIES))


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
