"""A turn (rulings L7, L8, L10, L19-L21, L28, L29, L34): Step 1 adds one card (or more, with the
Lure or a Psychic's power) to a horde, or opens a new gate; Step 2 challenges a horde or passes.
A round ends when the player about to start a turn has no card or too many gates are open."""

from __future__ import annotations


from .actions import (A_CHALLENGE, A_GATE, A_PASS, A_PLAY, A_STOP, PH_CHALLENGE, PH_PLAY)
from .facts import DECK_SIZE, TREASURE_IDS
from .caches import StateCaches

T_LURE = TREASURE_IDS.index("lure")


class Horde:
    """One gate and the monsters on it (bottom first)."""

    __slots__ = ("idx", "suit", "gate", "layer", "cards", "total", "open")

    def __init__(self, idx: int, suit: int, gate: int, layer: int):
        self.idx = idx
        self.suit = suit
        self.gate = gate
        self.layer = layer
        self.cards: list[int] = []
        self.total = 0
        self.open = True

    def copy(self) -> "Horde":
        h = Horde.__new__(Horde)
        h.idx, h.suit, h.gate, h.layer = self.idx, self.suit, self.gate, self.layer
        h.cards = self.cards[:]
        h.total = self.total
        h.open = self.open
        return h


class TurnRules(StateCaches):
    # caches the state keeps (None when stale); typed here for every mixin of LegolasState

    # ---- Step 1: add a card to a horde (L7), or open a gate
    def _horde_plays(self, seat: int) -> list[int]:
        """Legal Step-1 card plays onto open hordes (L7, L29)."""
        # plain loops: on lists of a few cards they beat comprehensions (called 190 times a game);
        # one pass a horde, as three plays in four have a single open horde
        hand = self.hands[seat]
        out: list[int] = []
        if not hand:
            return out
        append = out.append
        g = self.g
        if g.anywhere[self.chars[seat]][self.level[seat]]:
            for h in self.open:
                base = A_PLAY + h.idx * DECK_SIZE
                for c in hand:
                    append(base + c)
            return out
        suit = g.suit
        val = g.value
        for h in self.open:
            base = A_PLAY + h.idx * DECK_SIZE
            hs = h.suit
            found = len(out)
            for c in hand:
                if suit[c] == hs:
                    append(base + c)
            if len(out) == found:                   # none of its suit: any card >= the top
                cards = h.cards
                top = val[cards[-1]] if cards else 0
                for c in hand:
                    if val[c] >= top:
                        append(base + c)
        return out

    def _legal_play(self) -> list[int]:
        seat = self.active
        plays = self._horde_plays(seat)
        if self.plays_made == 0:
            if plays:
                return plays
            return self._highest_gates(self.hands[seat])
        plays.append(A_STOP)
        return plays

    def _highest_gates(self, hand: list[int]) -> list[int]:
        """No legal play on a horde: lay one of the highest cards as a new gate (L7)."""
        val = self.g.value
        gates: list[int] = []
        top = -1
        for c in hand:                                  # one pass, in hand order
            v = val[c]
            if v > top:
                top = v
                gates = [A_GATE + c]
            elif v == top:
                gates.append(A_GATE + c)
        return gates

    def _apply_play(self, a: int) -> None:
        if a >= A_PLAY:
            hidx, card = divmod(a - A_PLAY, DECK_SIZE)
            hand = self.hands[self.active]
            hand.remove(card)
            h = self.hordes[hidx]
            h.cards.append(card)
            h.total += self.g.value[card]
            self._c_hordes = None
            if self.plays_allowed == 1 or not hand:     # the usual turn: on to Step 2
                self.plays_made += 1
                self.phase = PH_CHALLENGE               # a horde now holds a card
            else:
                self._after_play()
        elif a == A_STOP:
            self._step2()
        else:
            self._lay_gate(a - A_GATE)
            self._after_play()

    def _lay_gate(self, card: int) -> None:
        seat = self.active
        self.hands[seat].remove(card)
        h = Horde(len(self.hordes), self.g.suit[card], card, seat)
        self.hordes.append(h)
        self.open.append(h)
        self._c_hordes = None

    def _after_play(self) -> None:
        self.plays_made += 1
        if self.plays_made >= self.plays_allowed or not self.hands[self.active]:
            self._step2()
            return
        legal = self._horde_plays(self.active)     # L28: extra cards go onto hordes only
        if not legal:
            self._step2()
            return
        legal.append(A_STOP)
        self._legal = legal

    def _legal_first_gate(self) -> list[int]:
        return [A_GATE + c for c in self.hands[self.cur]]

    def _apply_first_gate(self, a: int) -> None:
        self._lay_gate(a - A_GATE)
        self._end_turn()          # L19: the first gate is the first player's whole turn

    # ---- Step 2: challenge or pass (L8, L34)
    def _step2(self) -> None:
        for h in self.open:
            if h.cards:
                self.phase = PH_CHALLENGE
                self.cur = self.active
                self._legal = None
                return
        self._end_turn()

    def _legal_challenge(self) -> list[int]:
        thr = self.g.threshold[self.chars[self.active]]
        must = []
        free = [A_PASS]
        for h in self.open:
            if h.total >= thr:
                must.append(A_CHALLENGE + h.idx)
            elif h.cards:
                free.append(A_CHALLENGE + h.idx)
        return must or free

    def _apply_challenge(self, a: int) -> None:
        if a == A_PASS:
            self._end_turn()
        else:
            self._start_challenge(a - A_CHALLENGE)

    # ---- the next turn, or the end of the round (L10, L21)
    def _end_turn(self) -> None:
        n = self.n
        self.active = seat = (self.active + 1) % n
        if not self.hands[seat]:
            self.end_reasons[0] += 1
            self._end_round()
            return
        if len(self.open) > n:
            self.end_reasons[1] += 1
            self._end_round()
            return
        self.turns += 1
        self.phase = PH_PLAY
        self.cur = seat
        self.plays_made = 0
        g = self.g
        allowed = g.char_plays[self.chars[seat]][self.level[seat]]       # L29
        if self.holder[T_LURE] == seat:
            allowed += g.lure_extra                                         # L28
        self.plays_allowed = allowed
        self._legal = None
