"""Which rows of the card data a Legolas vs. Gimli action deals or plays (per-card statistics).

``card_events(state, player, action)`` is called before each action is applied and returns
(seat, file, row, "held" | "played") tuples; a row is a 0-based data row index (monsters.csv,
whose order is the engine's card ids) or the (column, value) pairs that pick it out.

Held: a monster dealt to the seat, its character card and its seven missions, a treasure kept.
Played: a monster laid on a horde or as a gate, the mission chosen for a round.
"""

from __future__ import annotations

from pnp.engine.core import CHANCE

from .engine import (A_CHARACTER, A_GATE, A_KEEP, A_MISSION, A_PLAY, A_TREASURE,
                     CHARACTER_IDS, DECK_SIZE, MISSIONS, PH_CHARACTERS, PH_DEAL, PH_FIRST_GATE,
                     PH_MISSION, PH_PLAY, PH_SHOP_DRAW, PH_SHOP_KEEP, TREASURE_IDS)


def card_events(state, player: int, action: int):
    ph = state.phase
    if player == CHANCE:
        if ph == PH_DEAL:
            seat = (state.first + state.g.deal_offsets[state.deal_pos]) % state.n
            return [(seat, "monsters.csv", action, "held")]
        if ph == PH_CHARACTERS:
            seat = state.chars.index(-1)
            return [(seat, "characters.csv", (("id", CHARACTER_IDS[action - A_CHARACTER]),),
                     "held")] + [(seat, "missions.csv", (("id", m),), "held") for m in MISSIONS]
        if ph == PH_SHOP_DRAW and state.shop_need == 1 and not state.shop_drawn:
            # a single treasure drawn is kept at once
            seat = state.order[state.order_pos]
            return [(seat, "treasures.csv", (("id", TREASURE_IDS[action - A_TREASURE]),),
                     "held")]
        return ()
    if ph == PH_PLAY or ph == PH_FIRST_GATE:
        if action >= A_PLAY:
            card = (action - A_PLAY) % DECK_SIZE
        elif A_GATE <= action < A_GATE + DECK_SIZE:
            card = action - A_GATE
        else:
            return ()
        return [(state.active, "monsters.csv", card, "played")]
    if ph == PH_MISSION:
        return [(player, "missions.csv", (("id", MISSIONS[action - A_MISSION]),), "played")]
    if ph == PH_SHOP_KEEP:
        return [(player, "treasures.csv", (("id", TREASURE_IDS[action - A_KEEP]),), "held")]
    return ()
