"""Where every card is, and setting up a chosen position (for scenario tests and puzzles)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .actions import level_of
from .facts import TREASURE_IDS
from .turns import Horde


class Positions:
    def locations(self) -> dict[int, str]:
        """Where every monster card is: "hand<seat>", "horde<i>", "defeated<seat>",
        "closed<seat>", "setaside", "discard" or "deck". Raises if a card is in two places."""
        where: dict[int, str] = {}

        def put(cards, place):
            for c in cards:
                if c in where:
                    raise AssertionError(f"card {c} in {where[c]} and {place}")
                where[c] = place

        put(self.deck, "deck")
        put(self.setaside, "setaside")
        put(self.discard, "discard")
        for s in range(self.n):
            put(self.hands[s], f"hand{s}")
            put(self.defeated[s], f"defeated{s}")
            put(self.closed[s], f"closed{s}")
        for h in self.hordes:
            if h.open:
                put([h.gate], f"horde{h.idx}")
                put(h.cards, f"horde{h.idx}")
            elif h.cards:
                raise AssertionError(f"closed horde {h.idx} still holds cards")
        return where

    # ---------------------------------------------------------------- scenario set-up
    def set_position(self, *, hands: Sequence[Sequence[int]],
                     hordes: Sequence[tuple[int, Sequence[int]]] = (), active: int = 0,
                     missions: Sequence[int] | None = None, vp: Sequence[float] | None = None,
                     treasures: Mapping[str, int] | None = None,
                     defeated: Sequence[Sequence[int]] | None = None,
                     wizard_elements: Sequence[int] | None = None,
                     revealed: Sequence[int] = (), round_index: int | None = None) -> None:
        """Put the game in a chosen mid-round position (for scenario tests and puzzles).

        hands: cards per seat; hordes: (gate card, cards bottom-up); the turn of `active` begins
        (Step 1). missions: mission index per seat (marked used). vp: VP per seat (levels follow).
        treasures: {treasure id: seat}. Cards not placed anywhere are set aside.
        """
        if self.chars[0] < 0:
            raise ValueError("deal the characters first (or use character_assignment)")
        if self._pending is not None:
            self._settle_observation()
        if round_index is not None:
            self.round = round_index
        self._place_cards(hands, hordes, defeated, revealed)
        self._place_scores(missions, vp, treasures, wizard_elements)
        self._invalidate()
        self.locations()
        self.active = (active - 1) % self.n
        self._end_turn()

    def _place_cards(self, hands, hordes, defeated, revealed) -> None:
        """Hands, hordes and defeated rows as given; every other card set aside."""
        n = self.n
        self.hands = [list(h) for h in hands]
        self.hordes: list[Any] = []
        self.open = []
        self.revealed = bytearray(len(self.g.monsters))
        for c in revealed:
            self.revealed[c] = 1
        for gate, cards in hordes:
            h = Horde(len(self.hordes), self.g.suit[gate], gate, -1)
            h.cards = list(cards)
            h.total = sum(self.g.value[c] for c in cards)
            self.hordes.append(h)
            self.open.append(h)
        self.defeated = [list(d) for d in defeated] if defeated else [[] for _ in range(n)]
        self.closed: list[list[int]] = [[] for _ in range(n)]
        placed = set()
        for group in (*self.hands, *self.defeated):
            placed.update(group)
        for h in self.hordes:
            placed.add(h.gate)
            placed.update(h.cards)
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.setaside = [c for c in range(len(self.g.monsters)) if c not in placed]

    def _place_scores(self, missions, vp, treasures, wizard_elements) -> None:
        """Missions (marked used), VP (levels follow), treasures and Wizard elements."""
        if missions is not None:
            self.mission = list(missions)
            for s, m in enumerate(missions):
                if m >= 0:
                    self.used[s] |= 1 << m
        if vp is not None:
            self.vp2 = [int(round(2 * v)) for v in vp]
            self.level = [level_of(v) for v in self.vp2]
        if treasures is not None:
            self.holder = [-1] * 16
            for tid, seat in treasures.items():
                self.holder[TREASURE_IDS.index(tid)] = seat
            self.tdeck = [t for t in range(16) if self.holder[t] == -1]
        if wizard_elements is not None:
            self.wiz = list(wizard_elements)
