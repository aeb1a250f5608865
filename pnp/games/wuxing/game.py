"""Wuxing Duel as pnp knows it: one registered GameSpec (see pnp/games/registry.py)."""

from ..registry import GameSpec, register

SPEC = register(GameSpec(
    name="wuxing",
    title="Wuxing Duel",
    players=(2, 2),
    kit="pnp.games.wuxing.kit",
    faces="pnp.games.wuxing.faces",
    lab="pnp.games.wuxing.lab",
    agents={"greedy": "pnp.games.wuxing.agents:GreedyAgent"},
    # the first-player chance action, then at most 30 rounds (W14) of 2 set-asides,
    # 2 assignments and 3 reveals
    max_actions=1 + 30 * 7,
))
