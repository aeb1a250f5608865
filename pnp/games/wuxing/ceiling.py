"""Wuxing Duel as one tight loop of ints and lists: the ceiling `pnp bench` sets the engine's
speed against. Written from the rules (the published text and rulings W1-W20), sharing no code
with engine.py; it plays exactly the games `core.play` plays with two random agents from the
same seeds (a test checks it game by game), so the two do the same work."""

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
    # W6: the element an arrow starts from wins; red (0) when generating, blue (1) destroying
    beats = [[(b - a) % 5 in (1, 2) for b in range(5)] for a in range(5)]
    colour = [[0 if (b - a) % 5 in (1, 4) else 1 for b in range(5)] for a in range(5)]
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
        pos = [[0, 0, 0], [4, 4, 4]]             # W12: [seat][path] island
        yy = [0, 0, 0]                           # per path: 0 none, 1 Yang's pawn, 2 Yin's shows Yin-Yang
        open_paths = [0, 1, 2]
        won = [0, 0]
        held = [[0, 0], [0, 0]]                  # [seat][red, blue]
        last = [31, 31]
        winner, end, rnd = -1, "draw", 1
        while True:
            second = 1 - first
            opts = aside[last[first]]
            sa_first = opts[rb(len(opts))]
            opts = aside[last[second]]
            sa_second = opts[rb(len(opts))]
            k = len(open_paths)
            opts = assign[k][sa_first]
            put_first = opts[rb(len(opts))]
            opts = assign[k][sa_second]
            put_second = opts[rb(len(opts))]
            if first == 0:
                put, put_yin = put_first, put_second
            else:
                put, put_yin = put_second, put_first
            cards = ([-1, -1, -1], [-1, -1, -1])
            for i, path in enumerate(open_paths):
                cards[0][path] = put[i]
                cards[1][path] = put_yin[i]
            hidden = open_paths[:]
            while hidden:
                path = hidden.pop(rb(len(hidden)) if len(hidden) > 1 else 0)
                c0, c1 = cards[0][path], cards[1][path]
                isles = paths[path]
                a0, a1 = pos[0][path], pos[1][path]
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
                    w = 0 if beats[c0][c1] else 1
                    col = colour[c0][c1]
                if isles[(a0, a1)[w]] == (c0, c1)[w]:  # W8, W15: judged before advancing
                    yy[path] = 1 + w
                step = 1 - 2 * w                 # W9, W16
                ahead = pos[w][path] + step
                if ahead == pos[1 - w][path]:
                    if 0 <= ahead + step < 5:
                        pos[1 - w][path] = ahead + step
                        pos[w][path] = ahead
                        won_path = False
                    else:
                        won_path = True
                else:
                    pos[w][path] = ahead
                    won_path = False
                if won_path:
                    open_paths.remove(path)
                    won[w] += 1
                if col >= 0 and held[w][col] < tokens:  # W10: from the pool, else the opponent
                    if held[0][col] + held[1][col] >= tokens:
                        held[1 - w][col] -= 1
                    held[w][col] += 1
                    all_tokens = held[w][0] + held[w][1] == everything
                else:
                    all_tokens = False
                if won_path and won[w] == 2 or all_tokens:  # W11, W17: paths before tokens
                    winner, end = w, "paths" if won_path and won[w] == 2 else "tokens"
                    break
            if winner >= 0:
                break
            # W20: the cards put on paths this round are the ones "played last round"
            last = [sum(1 << c for c in put), sum(1 << c for c in put_yin)]
            if rnd >= max_rounds:                # W14
                break
            rnd += 1
            first = second
        yang_wins += winner == 0
        if record is not None:
            record.append((winner, end, rnd))
    return yang_wins
