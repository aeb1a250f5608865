"""Wuxing Duel as pnp knows it: one registered GameSpec (see pnp/games/registry.py)."""

from ..registry import register, shipped

SPEC = register(shipped(__name__, "Wuxing Duel", (2, 2), agents={"greedy": "agents:GreedyAgent"},
                        # the first-player chance action, then at most 30 rounds (W14) of 2
                        # set-asides, 2 assignments and 3 reveals
                        max_actions=1 + 30 * 7))
