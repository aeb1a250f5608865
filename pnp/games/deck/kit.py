"""A plain deck with no rules engine: the starting point `pnp new` gives a designer. Each row of
cards.csv is a card (title, text, colour, count); game.toml sets the size and the back."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color

from ...data.files import Column
from ...data.game import GameFolder
from ...data.images import checked_image
from ...errors import Finding, Source, warning
from ...kit import Kit, Piece, Sheet, shared
from ...render.booklet import Booklet
from ...render.colours import ink_on, mix
from ...render.surface import Surface
from ...units import MM
from ..base import Common, booklet_text, load_common, palette_colour

MAX_COPIES = 1000


@dataclass(frozen=True)
class Card:
    title: str
    text: str
    colour: Color
    count: int
    source: Source
    image: Path | None = None


@dataclass(frozen=True)
class Model:
    common: Common
    cards: tuple[Card, ...]
    card_size: tuple[float, float]
    back_colour: Color
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
                 back or Color(0.2, 0.2, 0.2), folder.get("back", "text", default=common.title))


def validate(model: Model) -> list[Finding]:
    if not model.cards and not model.common.folder.problems:  # (not when rows were refused)
        return [warning("the deck has no cards", Source(model.common.folder.path / "cards.csv"))]
    return []


def required_kit(model: Model) -> Counter:
    return Counter({"card": sum(c.count for c in model.cards)})


def front(card: Card):
    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        s.fill_bleed(mix(card.colour, Color(1, 1, 1), 0.85))
        c.setFillColor(card.colour)
        b = s.bleed
        c.rect(-b, h - 16 * MM, w + 2 * b, 16 * MM + b, stroke=0, fill=1)
        c.setFillColor(ink_on(card.colour))
        s.line(card.title, w / 2, h - 10.5 * MM, 13, "bold", "centre", max_width=w - 8 * MM,
               field="title")
        c.setFillColor(Color(0.1, 0.1, 0.1))
        text_top = h - 20 * MM
        if card.image is not None:
            # art in the upper half, kept in proportion; drawImage embeds each file once
            box_h = (h - 26 * MM) * (0.55 if card.text else 1.0)
            c.drawImage(str(card.image), 5 * MM, text_top - box_h, w - 10 * MM, box_h,
                        preserveAspectRatio=True, anchor="c", mask="auto")
            text_top -= box_h + 2 * MM
        if card.text:
            s.paragraph(card.text, 5 * MM, 5 * MM, w - 10 * MM, text_top - 5 * MM, size=11,
                        min_size=7, field="text")
    return draw


def back(model: Model):
    @shared
    def draw(s: Surface) -> None:
        s.fill_bleed(model.back_colour)
        s.c.setStrokeColor(ink_on(model.back_colour))
        s.c.setLineWidth(1.2)
        s.c.roundRect(4 * MM, 4 * MM, s.w - 8 * MM, s.h - 8 * MM, 3 * MM)
        s.c.setFillColor(ink_on(model.back_colour))
        s.line(model.back_text, s.w / 2, s.h / 2, 14, "bold", "centre", max_width=s.w - 12 * MM)
    return draw


def build_kit(model: Model, fonts) -> Kit:
    w, h = model.card_size
    b = back(model)
    pieces = tuple(Piece("card", card.title, front(card), b, card.source)
                   for card in model.cards for _ in range(card.count))
    kit = Kit(model.common.title)
    kit.sheets.append(Sheet("Cards", w, h, pieces))
    counts = [{"title": c.title, "count": c.count, "text": c.text} for c in model.cards]
    text = booklet_text(model.common, {"cards": counts})
    kit.booklet = Booklet(model.common.title, text, {}, source=str(model.common.folder.path))
    return kit
