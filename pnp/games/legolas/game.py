"""Legolas vs. Gimli as pnp knows it: one registered GameSpec (see pnp/games/registry.py)."""

from ..registry import GameSpec, register

SPEC = register(GameSpec(
    name="legolas",
    title="Legolas vs. Gimli",
    players=(2, 5),
    kit="pnp.games.legolas.kit",
    lab="pnp.games.legolas.lab",
    agents={"greedy": "pnp.games.legolas.agents:GreedyAgent"},
    # 5 rounds; a round deals 48 cards, plays each at most once, and each play is followed by
    # at most a challenge and a few steps per monster: 400 actions a round is a wide margin
    # (random games of 2-5 players take at most about 870 in all)
    max_actions=5 * 400,
))
