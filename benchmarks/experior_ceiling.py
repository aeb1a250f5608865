"""Experior as one tight loop of ints and lists: the ceiling benchmarks/internals.py sets the
engine's speed against. It plays exactly the games `core.play` plays with two random agents
from the same seeds (a test checks it), so the two do the same work."""

from __future__ import annotations

import random


def tight_loop(games: int, seed: int = 0, wound_limit: int = 100,
                  max_turns: int = 1000) -> int:
    """Experior's published rules for two random players, as plain ints: a new random
    generator per game and a random legal card for each seat each turn, as `pnp simulate`
    plays. Returns how many games the Human won (so the work cannot be skipped)."""
    beats = (1, 2, 0)  # sword beats bow, bow beats magic, magic beats sword (type indices)
    mult = (1, 3)      # quick, strong
    start = ((3, 2, 2, 2, 3, 2), (2, 3, 2, 3, 2, 2))  # by the Human's seat: both seats' exp
    legal = [tuple(c for c in range(6) if c != lock) for lock in range(6)] + [tuple(range(6))]
    human_wins = 0
    for g in range(games):
        rng = random.Random(seed + g)
        hs = 0 if rng.random() < 0.5 else 1
        ex = list(start[hs])
        w0 = w1 = 0
        l0 = l1 = -1
        turn = 1
        while True:
            opts = legal[l0]
            a = opts[rng._randbelow(len(opts))]  # type: ignore[attr-defined]
            opts = legal[l1]
            b = opts[rng._randbelow(len(opts))]  # type: ignore[attr-defined]
            ta, tb = a >> 1, b >> 1
            if ta != tb:
                if beats[ta] == tb:
                    w1 += ex[ta] * mult[a & 1]
                    ex[ta] += 1
                else:
                    w0 += ex[3 + tb] * mult[b & 1]
                    ex[3 + tb] += 1
            elif (a & 1) != (b & 1):  # same type: quick beats strong
                if (a & 1) == 0:
                    w1 += ex[ta] * mult[0]
                    ex[ta] += 1
                else:
                    w0 += ex[3 + tb] * mult[0]
                    ex[3 + tb] += 1
            elif ex[ta] < ex[3 + ta]:  # same card: the less experienced learns
                ex[ta] += 1
            elif ex[3 + ta] < ex[ta]:
                ex[3 + ta] += 1
            l0, l1 = a, b
            if w0 >= wound_limit or w1 >= wound_limit or turn >= max_turns:
                break
            turn += 1
        h0, h1 = max(ex[:3]), max(ex[3:])
        d0, d1 = h0 - min(ex[:3]), h1 - min(ex[3:])
        att = 0 if d0 > d1 else 1 if d1 > d0 else 0 if w0 < w1 else 1 if w1 < w0 else -1
        if att == 0:
            w1 += 3 * h0
        elif att == 1:
            w0 += 3 * h1
        human_wins += (0 if w0 < w1 else 1 if w1 < w0 else 2) == hs
    return human_wins
