"""A plain deck with no rules engine: the starting point `pnp new` gives a designer. Each row of
cards.csv is a card (title, text, colour, count); game.toml sets the size and the back."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ...data.colours import Colour
from ...data.files import Column
from ...data.game import GameFolder
from ...data.images import checked_image
from ...errors import Finding, Source, warning
from ..base import Common, load_common, palette_colour

MAX_COPIES = 1000


@dataclass(frozen=True)
class Card:
    title: str
    text: str
    colour: Colour
    count: int
    source: Source
    image: Path | None = None


@dataclass(frozen=True)
class Model:
    common: Common
    cards: tuple[Card, ...]
    card_size: tuple[float, float]
    back_colour: Colour
    back_text: str


def load(folder: GameFolder) -> Model:
    common = load_common(folder)
    cards = []
    for r in folder.csv("cards.csv", [Column("title"), Column("text", default=""),
                                      Column("colour"),
                                      Column("count", "int", default=1, min=0, max=MAX_COPIES,
                                             pieces=True),
                                      Column("image", required=False, default="")]):
        image = (checked_image(folder.path, r["image"], r.source, "image") if r["image"]
                 else None)
        cards.append(Card(r["title"], r["text"], palette_colour(common, r["colour"], r.source,
                                                                "colour"), r["count"], r.source,
                          image))
    back = folder.get("back", "colour", default="#333333")
    return Model(common, tuple(cards), folder.card_size(),
                 palette_colour(common, back, Source(folder.toml_path), "back.colour"),
                 folder.get("back", "text", default=common.title))


def validate(model: Model) -> list[Finding]:
    if not model.cards:
        return [warning("the deck has no cards", Source(model.common.folder.path / "cards.csv"))]
    return []


def required_kit(model: Model) -> Counter:
    return Counter({"card": sum(c.count for c in model.cards)})
