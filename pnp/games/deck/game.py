"""A plain deck (what `pnp new` starts from): cards only, no rules engine."""

from ..registry import GameSpec, register

SPEC = register(GameSpec(
    name="deck",
    title="Plain deck",
    players=(1, 99),
    kit="pnp.games.deck.kit",
    faces="pnp.games.deck.faces",
))
