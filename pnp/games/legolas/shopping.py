"""Shopping after a round (rulings L13, L23, L32): fewest coins first; spending N coins draws N
treasures, one is kept face up and the rest go back; then every defeated monster is discarded
and the next round begins with the next first player."""

from __future__ import annotations

from .actions import A_KEEP, A_SPEND, A_TREASURE, CHANCE, PH_SHOP_DRAW, PH_SHOP_KEEP, PH_SHOP_SPEND


class ShoppingRules:
    _legal: list[int] | None    # the state's cache of legal actions (see views.py)

    def _start_shopping(self) -> None:
        n = self.n
        coins = [self.coins2(s) for s in range(n)]
        self.shop_coins2 = coins
        first = self.first
        vp2 = self.vp2
        self.order = sorted(range(n), key=lambda s: (coins[s], vp2[s], (s - first) % n))
        self.order_pos = 0
        self._next_shopper()

    def _max_spend(self, seat: int) -> int:
        return min(self.shop_coins2[seat] // 2, len(self.tdeck))

    def _next_shopper(self) -> None:
        while self.order_pos < len(self.order):
            s = self.order[self.order_pos]
            if self._max_spend(s) >= 1:
                self.phase = PH_SHOP_SPEND
                self.cur = s
                self._legal = None
                return
            self.order_pos += 1
        self._clear_rows()
        self.round += 1
        self.first = (self.first + 1) % self.n             # L17
        self._start_round()

    def _legal_spend(self) -> list[int]:
        return list(range(A_SPEND, A_SPEND + self._max_spend(self.cur) + 1))

    def _apply_spend(self, a: int) -> None:
        k = a - A_SPEND
        if k == 0:
            self.order_pos += 1
            self._next_shopper()
        else:
            self.shop_need = k
            self.shop_drawn: list[int] = []
            self.phase = PH_SHOP_DRAW
            self.cur = CHANCE

    def _draw_treasure(self, a: int) -> None:
        t = a - A_TREASURE
        self.tdeck.remove(t)
        self.shop_drawn.append(t)
        self.shop_need -= 1
        if self.shop_need == 0:
            if len(self.shop_drawn) == 1:
                self._keep(self.shop_drawn[0])
            else:
                self.phase = PH_SHOP_KEEP
                self.cur = self.order[self.order_pos]

    def _legal_keep(self) -> list[int]:
        return [A_KEEP + t for t in self.shop_drawn]

    def _apply_keep(self, a: int) -> None:
        self._keep(a - A_KEEP)

    def _keep(self, t: int) -> None:
        seat = self.order[self.order_pos]
        self.holder[t] = seat
        self.bought[t] += 1
        self._seats_changed()
        for other in self.shop_drawn:
            if other != t:
                self.tdeck.append(other)
        self.tdeck.sort()
        self.shop_drawn = []
        self.order_pos += 1
        self._next_shopper()

    def _clear_rows(self) -> None:
        """L23: defeated monsters (spent or not) and closed gates are discarded after the round."""
        for s in range(self.n):
            self.discard.extend(self.defeated[s])
            self.defeated[s] = []
            self.discard.extend(self.closed[s])
            self.closed[s] = []
        self._c_rows = None
