"""Legolas vs. Gimli as pnp knows it: one registered GameSpec (see pnp/games/registry.py).
Its kit module draws (it prints only the rows that passed their checks)."""

from ..registry import register, shipped

# 5 rounds; a round deals 48 cards, plays each at most once, and each play is followed by at most
# a challenge and a few steps per monster: 400 actions a round is a wide margin (random games of
# 2-5 players take at most about 870 in all)
SPEC = register(shipped(__name__, "Legolas vs. Gimli", (2, 5), faces=False,
                        agents={"greedy": "agents:GreedyAgent"}, max_actions=5 * 400))
