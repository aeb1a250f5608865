"""The faces of a plain deck: each card's front (title band, art, text) and the shared back."""

from __future__ import annotations

from reportlab.lib.colors import Color

from ...kit import Kit, Piece, Sheet, shared
from ...render.booklet import Booklet
from ...render.colours import ink_on, mix
from ...render.surface import Surface
from ...units import MM
from ..base import booklet_text
from .kit import Card, Model


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
