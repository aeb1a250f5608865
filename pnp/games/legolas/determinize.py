"""What one seat cannot see in Legolas vs. Gimli, drawn again (State.determinize).

Hidden from a seat: the other players' hands (their sizes are public), the cards in hordes that
no challenge has revealed (their suit and value, the token, are public), the cards set aside
this round, the cards still to be dealt, the cards thrown away at the end of a round (shuffled
back in, so only their number matters), the gates others laid (face down, ruling L6: only their
suit is announced) and the missions others have chosen this round until all are revealed. Every
hidden card is drawn again from the pool of the cards the seat has not seen: a horde card among
the unseen cards with its token, a gate among those of its suit; the pool is sorted before it is
shuffled, so the result depends on the seat's view and the rng only.

The draw is uniform over what the seat sees now: it does not infer from earlier plays that a
player holds no card of a suit.
"""

from __future__ import annotations

import random

from .engine import MISSIONS, PH_MISSION


def determinize(state, player: int, rng: random.Random):
    s = state.clone()
    tok = s.g.token
    rv = s.revealed
    others = [p for p in range(s.n) if p != player]
    pool = [c for p in others for c in s.hands[p]] + s.setaside + s.discard + s.deck
    slots = []                                      # (horde, position) of hidden horde cards
    for h in s.open:
        for i, c in enumerate(h.cards):
            if not rv[c]:
                slots.append((h, i))
                pool.append(c)
    gates = [h for h in s.open if h.layer != player]      # the seat knows the gates it laid
    pool += [h.gate for h in gates]
    pool.sort()
    rng.shuffle(pool)
    by_token: dict[int, list[int]] = {}
    for c in pool:
        by_token.setdefault(tok[c], []).append(c)
    for h, i in slots:
        same = by_token[tok[h.cards[i]]]
        h.cards[i] = same.pop()
    taken = {h.cards[i] for h, i in slots}
    by_suit: dict[int, list[int]] = {}
    for c in pool:
        if c not in taken:
            by_suit.setdefault(s.g.suit[c], []).append(c)
    for h in gates:
        h.gate = by_suit[h.suit].pop()
        taken.add(h.gate)
    rest = [c for c in pool if c not in taken]
    at = 0
    for p in others:
        k = len(s.hands[p])
        s.hands[p] = sorted(rest[at:at + k])
        at += k
    for name in ("setaside", "discard", "deck"):    # the deck: cards still to deal
        k = len(getattr(s, name))
        setattr(s, name, sorted(rest[at:at + k]))
        at += k
    if s.phase == PH_MISSION:
        for p in others:
            if s.mission[p] >= 0:                   # chosen face down
                free = [m for m in range(len(MISSIONS)) if not s.used[p] >> m & 1]
                s.mission[p] = free[rng.randrange(len(free))]
    s._invalidate()
    s._legal = None
    return s

