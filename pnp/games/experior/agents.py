"""Agents for Experior. RandomAgent comes from pnp.engine.core."""

from __future__ import annotations

import random
from typing import Sequence

from pnp.engine.core import RandomAgent  # noqa: F401  (re-exported for convenience)

from .engine import LEGAL, NUM_CARDS, WINNER, ExperiorObservation

__all__ = ["GreedyAgent", "RandomAgent"]


class GreedyAgent:
    """One-turn lookahead using only the observation.

    For each playable card, the expected value against a uniformly random playable opponent card
    (every card but the opponent's locked one): wounds dealt minus wounds taken, plus
    ``exp_weight`` for each point of experience gained by itself and minus it for each point the
    opponent gains. Ties between equally good cards are broken with the rng.
    """

    name = "greedy"

    def __init__(self, exp_weight: float = 1.0):
        self.exp_weight = exp_weight

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
        best: list[int] = []
        best_v = None
        for c in legal:
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
            if best_v is None or v > best_v + 1e-9:
                best_v = v
                best = [c]
            elif v > best_v - 1e-9:
                best.append(c)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]
