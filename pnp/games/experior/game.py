"""Experior as pnp knows it: one registered GameSpec (see pnp/games/registry.py)."""

from ..registry import register, shipped

SPEC = register(shipped(__name__, "Experior", (2, 2), agents={"greedy": "agents:GreedyAgent"},
                        # the side deal, then at most 1000 turns (E9) of two face-down choices
                        max_actions=1 + 1000 * 2))
