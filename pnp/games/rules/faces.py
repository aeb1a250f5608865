"""The print of a game whose rules are data: a plain deck's faces, and its booklet given the
rules in plain sentences ({{ how_to_play }}, see pnp/rules/booklet.py)."""

from __future__ import annotations

from ...kit import Kit
from ...rules.booklet import how_to_play
from ..deck import faces as deck
from .kit import Model


def build_kit(model: Model, fonts) -> Kit:
    if model.printed is not None:       # [print] like = "experior": that game's kit
        from .. import registry

        return registry.get(model.printed_like).build_kit(model.printed, fonts)
    extra = {"how_to_play": how_to_play(model.rules) if model.rules is not None else "",
             "options": dict(model.rules.options) if model.rules is not None else {}}
    return deck.build_kit(model, fonts, extra)
