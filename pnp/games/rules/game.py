"""A game whose rules are data (rules.toml, or [rules] in game.toml): one registered GameSpec
(see pnp/games/registry.py). Its cards and faces are a plain deck's (components)."""

from ..registry import GameSpec, register

SPEC = register(GameSpec(
    name="rules",
    title="Rules as data",
    players=(1, 12),
    kit="pnp.games.rules.kit",
    faces="pnp.games.rules.faces",
    lab="pnp.games.rules.lab",
    max_actions=200_000,
))
