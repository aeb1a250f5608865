"""The faces of a game made from data: its components' pieces (pnp/faces/rows.py) and the
booklet."""

from __future__ import annotations

from ...faces.rows import label, place_components
from ...kit import Kit
from ...render.booklet import Booklet
from ..base import booklet_text
from .kit import Model


def build_kit(model: Model, fonts, extra: dict | None = None) -> Kit:
    """The kit; `extra` adds names to the booklet's context (a rules game's how_to_play)."""
    kit = Kit(model.common.title)
    place_components(kit, model.components)
    cards = next((c for c in model.components if c.on_sheets), None)
    rows = [] if cards is None else [
        {"title": label(cards, i), "count": cards.counts[i],
         "text": str(cards.table.rows[i].get("text", ""))} for i in range(len(cards.counts))]
    listing = [{"name": c.name, "title": c.title, "count": sum(c.counts)}
               for c in model.components]
    # the numbers a designer's rules state, named in game.toml's [options] ({{ options.hand }})
    options = model.common.folder.section("options", required=False)
    text = booklet_text(model.common, {"cards": rows, "components": listing,
                                       "options": options, **(extra or {})})
    kit.booklet = Booklet(model.common.title, text, {}, source=str(model.common.folder.path))
    return kit
