"""Which rows of the card data a Wuxing Duel action plays (for the per-card statistics).

``card_events(state, player, action)`` is called before each action is applied and returns
(seat, file, row, "held" | "played") tuples; a row is a 0-based data row index or the
(column, value) pairs that pick it out. Each player holds its five element cards (cards.csv,
owner yang for seat 1, yin for seat 2) all game; putting cards on the paths plays them.
"""

from __future__ import annotations

from pnp.engine.core import CHANCE

from .engine import ASSIGN_BASE, ELEMENTS, FIRST_BASE, PERMS

OWNERS = ("yang", "yin")


def _row(seat: int, element: int) -> tuple:
    return (("owner", OWNERS[seat]), ("element", ELEMENTS[element]))


def card_events(state, player: int, action: int):
    if player == CHANCE:
        if FIRST_BASE <= action < FIRST_BASE + 2:             # the game begins
            return [(s, "cards.csv", _row(s, e), "held") for s in (0, 1) for e in range(5)]
        return ()
    if state.phase == "assign":
        perm = PERMS[len(state._unfinished)][action - ASSIGN_BASE]
        return [(player, "cards.csv", _row(player, c), "played") for c in perm]
    return ()
