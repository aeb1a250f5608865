"""Wuxing Duel as one tight loop of ints and lists: the ceiling benchmarks/internals.py sets the
engine's speed against. Written from the rules (the published text and rulings W1-W20),
sharing no code with engine.py; it plays exactly the games `core.play` plays with two random
agents from the same seeds (a test checks it game by game), so the two do the same work."""

from __future__ import annotations

import random
from itertools import permutations

# Elements 0..4: wood, fire, earth, metal, water. W1: wood generates fire (i -> i + 1) and
# destroys earth (i -> i + 2), and so on round both cycles.
# The islands of card_data/wuxing/islands.csv, index 0 nearest Yang.
PATHS = ((2, 4, 1, 0, 3), (3, 0, 4, 2, 1), (4, 1, 0, 3, 2))


def tight_loop(games: int, seed: int = 0, paths=PATHS, max_rounds: int = 30, tokens: int = 3,
               record: list | None = None) -> int:
    """The rules for two random players, as `pnp simulate` plays them: a new random generator
    per game; in each round the first player, then the other, sets aside a card played last
    round (W3, W18), then each puts one card on every unfinished path (W4), then the first
    player reveals the paths one by one in random order (W5, W19). Returns how many games Yang
    won (so the work cannot be skipped); `record` gets (winner or -1, end, rounds) a game."""
    # the set-aside choices of a "played last round" mask, and the assignments of k cards
    # without the set-aside card, in the engine's order of legal actions
    aside = [[e for e in range(5) if m >> e & 1] for m in range(32)]
    assign = [[[p for p in permutations(range(5), k) if s not in p] for s in range(5)]
              for k in range(4)]
    everything = 2 * tokens
    yang_wins = 0
    for g in range(games):
        rng = random.Random(seed + g)
        rb = rng._randbelow  # type: ignore[attr-defined]
        first = 0 if rng.random() < 0.5 else 1  # W13
        yang = [0, 0, 0]                         # W12: each path's Yang pawn, its Yin pawn
        yin = [4, 4, 4]
        yy = [0, 0, 0]                           # per path: 0 none, 1 Yang's pawn, 2 Yin's shows Yin-Yang
        open_paths = [0, 1, 2]
        won = [0, 0]
        held = [0, 0, 0, 0]                      # Yang's red, blue, Yin's red, blue
        last0 = last1 = 31
        winner, end, rnd = -1, "draw", 1
        while True:
            if first == 0:
                opts = aside[last0]
                sa0 = opts[rb(len(opts))]
                opts = aside[last1]
                sa1 = opts[rb(len(opts))]
            else:
                opts = aside[last1]
                sa1 = opts[rb(len(opts))]
                opts = aside[last0]
                sa0 = opts[rb(len(opts))]
            k = len(open_paths)
            if first == 0:
                opts = assign[k][sa0]
                put0 = opts[rb(len(opts))]
                opts = assign[k][sa1]
                put1 = opts[rb(len(opts))]
            else:
                opts = assign[k][sa1]
                put1 = opts[rb(len(opts))]
                opts = assign[k][sa0]
                put0 = opts[rb(len(opts))]
            on = tuple(open_paths)               # put0[i], put1[i] lie on path on[i]
            hidden = list(range(k))
            while hidden:
                i = hidden.pop(rb(len(hidden)) if len(hidden) > 1 else 0)
                path, c0, c1 = on[i], put0[i], put1[i]
                isles = paths[path]
                a0, a1 = yang[path], yin[path]
                if c0 == c1:                     # W7
                    if isles[a0] == c0:
                        w = 0
                    elif isles[a1] == c0:
                        w = 1
                    elif yy[path]:
                        w = yy[path] - 1
                    else:
                        continue                 # a tie: nothing moves, no token
                    col = -1
                else:
                    # W1, W6: c0 generates (d = 1) or destroys (d = 2) c1 and wins, or loses;
                    # red (0) for a generating link, blue (1) for a destroying one
                    d = (c1 - c0) % 5
                    w = 0 if d <= 2 else 1
                    col = 0 if d == 1 or d == 4 else 1
                won_path = False                 # W8, W15: turning judged before advancing;
                if w == 0:                       # W9, W16: advance, push or win the path
                    if isles[a0] == c0:
                        yy[path] = 1
                    if a0 + 1 < a1:
                        yang[path] = a0 + 1
                    elif a1 < 4:
                        yang[path], yin[path] = a1, a1 + 1
                    else:
                        won_path = True
                else:
                    if isles[a1] == c1:
                        yy[path] = 2
                    if a1 - 1 > a0:
                        yin[path] = a1 - 1
                    elif a0 > 0:
                        yin[path], yang[path] = a0, a0 - 1
                    else:
                        won_path = True
                all_tokens = False
                if col >= 0 and held[2 * w + col] < tokens:  # W10: from the pool, else the opponent
                    if held[col] + held[2 + col] >= tokens:
                        held[2 - 2 * w + col] -= 1
                    held[2 * w + col] += 1
                    all_tokens = held[2 * w] + held[2 * w + 1] == everything
                if won_path:
                    open_paths.remove(path)
                    won[w] += 1
                    if won[w] == 2:              # W11, W17: two paths, before the tokens
                        winner, end = w, "paths"
                        break
                if all_tokens:
                    winner, end = w, "tokens"
                    break
            if winner >= 0:
                break
            # W20: the cards put on paths this round are the ones "played last round"
            last0 = sum(1 << c for c in put0)
            last1 = sum(1 << c for c in put1)
            if rnd >= max_rounds:                # W14
                break
            rnd += 1
            first = 1 - first
        yang_wins += winner == 0
        if record is not None:
            record.append((winner, end, rnd))
    return yang_wins
