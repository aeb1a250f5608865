"""The faces of a game made from data: its components' pieces (pnp/faces/rows.py) and the
booklet."""

from __future__ import annotations

from ...errors import DataError
from ...faces.rows import label, place_components
from ...kit import Kit
from ...render.booklet import Booklet
from ..base import booklet_text
from .kit import Model


def build_kit(model: Model, fonts, extra: dict | None = None) -> Kit:
    """The kit; `extra` adds names to the booklet's context (a rules game's how_to_play)."""
    kit = Kit(model.common.title)
    place_components(kit, model.components)
    folder = model.common.folder
    template = folder.get("booklet", "template", default="booklet.md.j2")
    if template == "":  # [booklet] template = "": a game without a booklet
        return kit
    cards = next((c for c in model.components if c.on_sheets), None)
    named = _card_list_column(folder, cards)
    rows = [] if cards is None else [
        {"title": str(cards.table.rows[i][named]).strip() or label(cards, i) if named
         else label(cards, i), "count": cards.counts[i],
         "text": str(cards.table.rows[i].get("text", ""))} for i in range(len(cards.counts))]
    # a grid printed as one board is one piece, its rows its cells (a hex map: 1, not 19)
    listing = [{"name": c.name, "title": c.title,
                "count": 1 if c.grid is not None and not c.on_sheets else sum(c.counts)}
               for c in model.components]
    # the numbers a designer's rules state, named in game.toml's [options] ({{ options.hand }})
    options = folder.section("options", required=False)
    text = booklet_text(model.common, {"cards": rows, "components": listing,
                                       "options": options, **(extra or {})})
    # no booklet of the game's own: pnp's, a list of the components and a note; said so
    placeholder = not (folder.path / template).is_file() and extra is None
    kit.booklet = Booklet(model.common.title, text, {}, source=str(folder.path),
                          root=folder.path, placeholder=placeholder)
    return kit


def _card_list_column(folder, cards) -> str | None:
    """The column that names each card in the booklet's card list, `[booklet] card_list_column`
    (else the first of title, name and label that the data has)."""
    named = folder.get("booklet", "card_list_column", default=None)
    if named is None or cards is None:
        return None
    if named not in cards.table.columns:
        raise DataError(f"no column {named!r} in {cards.name}'s data to name the cards in the "
                        f"booklet; it has: {', '.join(cards.table.columns)}", folder.toml_path,
                        field="booklet.card_list_column")
    return named
