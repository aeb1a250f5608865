"""Agents for Experior. RandomAgent comes from pnp.engine.core."""

from __future__ import annotations

import random
from typing import Sequence

from pnp.engine.core import RandomAgent, best  # noqa: F401  (RandomAgent re-exported)

from .engine import LEGAL, NUM_CARDS, WINNER, ExperiorObservation

__all__ = ["GreedyAgent", "RandomAgent"]

TOLERANCE = 1.0       # in expected wounds (plus experience) over the opponent's cards


class GreedyAgent:
    """One-turn lookahead using only the observation.

    For each playable card, the expected value against a uniformly random playable opponent card
    (every card but the opponent's locked one): wounds dealt minus wounds taken, plus
    ``exp_weight`` for each point of experience gained by itself and minus it for each point the
    opponent gains. Cards whose values lie within ``tolerance`` of the best tie (a one-turn
    estimate is not finer than that), and the rng picks among them: otherwise two greedy agents
    would play the same game every time (a pure strategy against a pure strategy).
    """

    name = "greedy"

    def __init__(self, exp_weight: float = 1.0, tolerance: float = TOLERANCE):
        self.exp_weight = exp_weight
        self.tolerance = tolerance

    def choose(self, observation: ExperiorObservation, legal: Sequence[int],
               rng: random.Random) -> int:
        obs = observation
        me = obs.seat
        mult = obs.rules.mult
        exp = obs.exp
        mine = me * 3
        theirs = (1 - me) * 3
        opp_cards = LEGAL[obs.locked[1 - me]]
        xw = self.exp_weight

        def value(c: int) -> float:
            tc = c >> 1
            v = 0.0
            for o in opp_cards:
                w = WINNER[c * NUM_CARDS + o] if me == 0 else WINNER[o * NUM_CARDS + c]
                if w is None:
                    a, b = exp[mine + tc], exp[theirs + tc]
                    if a < b:
                        v += xw
                    elif b < a:
                        v -= xw
                elif w == me:
                    v += exp[mine + tc] * mult[c] + xw
                else:
                    to = o >> 1
                    v -= exp[theirs + to] * mult[o] + xw
            return v / len(opp_cards)
        return best(legal, value, rng, self.tolerance)
