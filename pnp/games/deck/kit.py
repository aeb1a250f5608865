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
from ...units import MM
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
    """The deck, every bad cell noted in folder.problems (its row left out)."""
    common = load_common(folder)

    def card(r) -> Card:
        image = (checked_image(folder.path, r["image"], r.source, "image") if r["image"]
                 else None)
        return Card(r["title"], r["text"], palette_colour(common, r["colour"], r.source,
                                                          "colour"), r["count"], r.source, image)

    cards = folder.each("cards.csv", [Column("title"), Column("text", default=""),
                                      Column("colour"),
                                      Column("count", "int", default=1, min=0, max=MAX_COPIES,
                                             pieces=True),
                                      Column("image", required=False, default="")], card)
    where = Source(folder.toml_path)
    back = folder.keep(palette_colour, common, folder.get("back", "colour", default="#333333"),
                       where, "back.colour")
    size = folder.keep(folder.card_size)
    return Model(common, tuple(cards), size or (63 * MM, 88 * MM),
                 back or Colour(0.2, 0.2, 0.2), folder.get("back", "text", default=common.title))


def validate(model: Model) -> list[Finding]:
    if not model.cards and not model.common.folder.problems:  # (not when rows were refused)
        return [warning("the deck has no cards", Source(model.common.folder.path / "cards.csv"))]
    return []


def required_kit(model: Model) -> Counter:
    return Counter({"card": sum(c.count for c in model.cards)})
