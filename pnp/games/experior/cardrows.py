"""Which rows of the card data an Experior action plays (for the per-card statistics).

``card_events(state, player, action)`` is called before each action is applied and returns
(seat, file, row, "held" | "played") tuples, a row being the (column, value) pairs of
cards.csv that pick it out. Each fighter holds its side's six attack cards all game.
"""

from __future__ import annotations

from pnp.engine.core import CHANCE

from .engine import CARDS


def _row(side: str, card: int) -> tuple:
    t, m = CARDS[card]
    return (("side", side), ("type", t), ("modality", m))


def card_events(state, player: int, action: int):
    if player == CHANCE:                                     # the side draw: action = Human seat
        sides = ("human", "elf") if action == 0 else ("elf", "human")
        return [(s, "cards.csv", _row(sides[s], c), "held") for s in (0, 1)
                for c in range(len(CARDS))]
    if player in (0, 1):
        return [(player, "cards.csv", _row(state.side_of(player), action), "played")]
    return ()
