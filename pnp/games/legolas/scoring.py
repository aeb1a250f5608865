"""The end of a round and of the game (rulings L11, L12, L15, L23, L31, L33, L36): the missions,
the character's element and the bosses score the defeated row; levels follow the VP; after the
last round the most VP win, ties sharing the win."""

from __future__ import annotations

from typing import Any

from .actions import PH_END, TERMINAL, level_of
from .facts import CHARACTER_IDS, MISSIONS, TREASURE_IDS
from .tables import P_NONE, P_ROUND

T_BLADE = TREASURE_IDS.index("subtle_blade")
_half = (0.5).__mul__       # half points as VP: v * 0.5 is v / 2 exactly


def _count2(per: int, pile: list[int], g) -> int:
    """How many of `per` the row holds, in halves (the ½ coin counts ½)."""
    if per == P_ROUND:
        return 2
    if per == P_NONE:
        return 0
    adds = g.count2[per]
    total = 0
    for c in pile:          # plain loops: on rows of a few cards they beat sum() of a list
        total += adds[c]
    return total


class ScoringRules:
    _legal: list[int] | None    # the state's cache of legal actions (see views.py)

    def score_breakdown(self, seat: int) -> tuple[int, int, int]:
        """(mission, element bonus, boss VP) of seat's defeated row, in half points."""
        g = self.g
        pile = self.defeated[seat]
        m = self.mission[seat]
        mv = 0
        if m >= 0:
            gain, gain_per, loss, loss_per = g.mission_rules[m]
            mv = gain * _count2(gain_per, pile, g) - loss * _count2(loss_per, pile, g)
        k = self.chars[seat]
        ce = g.char_element[k]
        elem, boss_vp = g.element, g.boss_vp
        same = bosses = 0
        for c in pile:
            if elem[c] == ce:
                same += 1
            bosses += boss_vp[c]
        return mv, 2 * g.element_vp[k] * same, 2 * bosses

    def coins2(self, seat: int) -> int:
        """Spendable coins of seat's row, in half coins (L31): (printed + Blade) x the Rogue's
        multiplier."""
        g = self.g
        pile = self.defeated[seat]
        blade = g.blade_coins2 if self.holder[T_BLADE] == seat else 0
        c2 = g.coins2
        total = blade * len(pile)
        for c in pile:
            total += c2[c]
        return total * g.coin_mult[self.chars[seat]][self.level[seat]]

    def _end_round(self) -> None:
        n = self.n
        disc = self.discard
        for h in self.open:
            disc.append(h.gate)
            disc.extend(h.cards)
            h.cards = []
        self.open: list[Any] = []
        self.hordes: list[Any] = []
        self._invalidate()
        for hand in self.hands:
            disc.extend(hand)
            hand.clear()
        for s in range(n):
            mv, ev, bv = self.score_breakdown(s)
            self.vp2[s] += mv + ev + bv
            self.mission_vp2[s].append(mv)
            self.round_vp2[s].append(mv + ev + bv)
        for s in range(n):
            self.level[s] = level_of(self.vp2[s])
        self._seats_changed()
        self.rounds_done += 1
        if self.round + 1 >= self.g.rounds:               # L36: no shopping after the last
            self._clear_rows()
            self.phase = PH_END
            self.cur = TERMINAL
            self._legal = None
            return
        self._start_shopping()

    # ---- results
    def returns(self) -> list[float]:
        if self.phase != PH_END:
            return [0.0] * self.n
        winners = self.winners()
        share = 1.0 / len(winners)
        return [share if s in winners else 0.0 for s in range(self.n)]

    def winners(self) -> list[int]:
        best = max(self.vp2)
        return [s for s in range(self.n) if self.vp2[s] == best]

    def vp(self, seat: int) -> float:
        return self.vp2[seat] / 2

    def rounds_finished(self) -> int:
        return self.rounds_done

    def stats(self) -> dict[str, Any]:
        # map() rather than comprehensions: this runs once a game, 2 % of a random game's time
        n = self.n
        held: list[list[str]] = [[] for _ in range(n)]
        for t, seat in enumerate(self.holder):
            if seat >= 0:
                held[seat].append(TREASURE_IDS[t])
        return {
            "scores": list(map(_half, self.vp2)),
            "winners": self.winners() if self.phase == PH_END else [],
            "characters": [CHARACTER_IDS[c] if c >= 0 else None for c in self.chars],
            "missions": [list(map(MISSIONS.__getitem__, h)) for h in self.mission_hist],
            "mission_vp": [list(map(_half, v)) for v in self.mission_vp2],
            "round_vp": [list(map(_half, v)) for v in self.round_vp2],
            "treasures_bought": dict(zip(TREASURE_IDS, self.bought)),
            "treasures_held": held,
            "levels": list(self.level),
            "rounds": self.rounds_done,
            "turns": self.turns,
            "challenges": list(self.challenges),
            "ring_vp": list(map(_half, self.ring_vp2)),
            "net_steals": self.net_steals,
            "minions_used": self.minions_used,
            "round_end": {"no_cards": self.end_reasons[0], "gates": self.end_reasons[1]},
        }
