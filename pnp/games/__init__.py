"""The registry: game.toml's `engine` key names one of these modules."""

from __future__ import annotations

import importlib

from ..errors import DataError

ENGINES = {
    "wuxing": "pnp.games.wuxing.kit",
    "experior": "pnp.games.experior.kit",
    "legolas": "pnp.games.legolas.kit",
    "deck": "pnp.games.deck.kit",  # a plain deck, no rules engine (what `pnp new` starts from)
}


def game_module(engine: str, where=None):
    """The module for an engine name; it provides load, validate, build_kit, required_kit,
    new_game (see pnp/games/base.py)."""
    if engine not in ENGINES:
        raise DataError(f"unknown engine {engine!r}; pnp knows: {', '.join(ENGINES)}", where,
                        field="game.engine")
    return importlib.import_module(ENGINES[engine])
