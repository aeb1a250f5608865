"""Experior as pnp knows it: one registered GameSpec (see pnp/games/registry.py)."""

from ..registry import GameSpec, register

SPEC = register(GameSpec(
    name="experior",
    title="Experior",
    players=(2, 2),
    kit="pnp.games.experior.kit",
    faces="pnp.games.experior.faces",
    lab="pnp.games.experior.lab",
    agents={"greedy": "pnp.games.experior.agents:GreedyAgent"},
    # the side deal, then at most 1000 turns (E9) of two face-down choices
    max_actions=1 + 1000 * 2,
))
