"""Rounds, dealing and missions (rulings L5, L16-L18, L30): the characters and the first player
are drawn once, then every round the whole deck is dealt again, each player picks a mission face
down, and Wizards of level 2 or more name their elements."""

from __future__ import annotations

from typing import Any

from .actions import (A_CHARACTER, A_ELEMENTS, A_FIRST, A_MISSION, CHANCE, MASKS_BY_SIZE,
                      PH_DEAL, PH_FIRST, PH_FIRST_GATE, PH_MISSION, PH_WIZARD)
from .facts import MISSIONS
from .caches import StateCaches


# The missions a seat may still choose, by the bitmask of those it used (L3).
_MISSION_CHOICES = tuple(tuple(A_MISSION + m for m in range(len(MISSIONS)) if not used >> m & 1)
                         for used in range(1 << len(MISSIONS)))


class DealingRules(StateCaches):
    # caches the state keeps (None when stale); typed here for every mixin of LegolasState

    # ---- characters and the first player (chance, once a game)
    def _apply_character(self, a: int) -> None:
        k = a - A_CHARACTER
        seat = self.chars.index(-1)
        self.chars[seat] = k
        self.char_pool[k] -= 1
        self._invalidate()
        if -1 not in self.chars:
            self._after_characters()

    def _after_characters(self) -> None:
        self._invalidate()
        if self.g.first_player is None:
            self.phase = PH_FIRST
            self.cur = CHANCE
        else:
            self.first = self.g.first_player
            self._start_round()

    def _apply_first(self, a: int) -> None:
        self.first = a - A_FIRST
        self._start_round()

    # ---- the deal (L5): all 48 cards, shuffled and dealt again every round
    def _start_round(self) -> None:
        deck = self.deck
        deck.extend(self.discard)
        deck.extend(self.setaside)
        deck.sort()
        self.discard: list[int] = []
        self.setaside: list[int] = []
        self.revealed = bytearray(len(self.g.monsters))
        self.hordes: list[Any] = []
        self.open: list[Any] = []
        self._invalidate()
        self.mission = [-1] * self.n
        self.wiz = [0] * self.n
        self.deal_pos = 0
        self._deal_seats = self.g.deal_seats[self.first]
        self.active = self.first
        self.phase = PH_DEAL
        self.cur = CHANCE
        self._legal = None

    def _deal(self, card: int) -> None:
        """The next card of the deal to its seat (State.run_chance deals a round in one loop)."""
        self.deck.remove(card)
        pos = self.deal_pos
        self.hands[self._deal_seats[pos]].append(card)
        self.deal_pos = pos = pos + 1
        if pos == len(self._deal_seats):
            self._dealt()

    def _dealt(self) -> None:
        """The last card is dealt: the rest is set aside."""
        self.setaside = self.deck
        self.deck: list[int] = []
        self._start_missions()

    # ---- missions (L18): chosen face down from the first player on, revealed together
    def _start_missions(self) -> None:
        n = self.n
        self.order = [(self.first + i) % n for i in range(n)]
        self.order_pos = 0
        self.phase = PH_MISSION
        self.cur = self.order[0]

    def _legal_mission(self) -> list[int]:
        return list(_MISSION_CHOICES[self.used[self.cur]])

    def _apply_mission(self, a: int) -> None:
        self.mission[self.cur] = a - A_MISSION
        self.order_pos += 1
        if self.order_pos < self.n:
            self.cur = self.order[self.order_pos]
            return
        for s in range(self.n):                     # all revealed together
            self.used[s] |= 1 << self.mission[s]
            self.mission_hist[s].append(self.mission[s])
        wiz = self.g.wiz_count
        self.order = [s for s in self.order if wiz[self.chars[s]][self.level[s]]]
        self.order_pos = 0
        self._next_wizard()

    # ---- Wizards name their elements openly (L30)
    def _legal_wizard(self) -> list[int]:
        s = self.cur
        k = self.g.wiz_count[self.chars[s]][self.level[s]]
        return [A_ELEMENTS + m for m in MASKS_BY_SIZE[k]]

    def _apply_wizard(self, a: int) -> None:
        self.wiz[self.cur] = a - A_ELEMENTS
        self.order_pos += 1
        self._next_wizard()

    def _next_wizard(self) -> None:
        if self.order_pos < len(self.order):
            self.phase = PH_WIZARD
            self.cur = self.order[self.order_pos]
            return
        self.phase = PH_FIRST_GATE
        self.active = self.first
        self.cur = self.first
        self.turns += 1



