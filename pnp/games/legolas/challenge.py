"""Challenging a horde (rulings L9, L22, L24-L27, L30): monsters from the bottom up each deal
their damage; a monster is defeated while the damage stays within the defence. The Wizard may
ignore monsters of the elements named, the Minion can save one monster, a whole horde defeated
closes its gate, the Ring pays for bosses and the Net steals after another player's challenge."""

from __future__ import annotations


from .actions import A_IGNORE, A_MINION, A_NET, A_NET_DECLINE, PH_MINION, PH_NET, PH_WIZ_CHOICE
from .actions import level_of
from .facts import TREASURE_IDS
from .caches import StateCaches

T_MINION, T_NET, T_RING = (TREASURE_IDS.index(t) for t in ("minion", "net", "ring_of_legend"))


class ChallengeRules(StateCaches):
    # caches the state keeps (None when stale); typed here for every mixin of LegolasState

    # ---- defence and damage (L24)
    def defence(self, seat: int) -> int:
        """Character defence at the current level plus armour."""
        d = self.g.char_defence[self.chars[seat]][self.level[seat]]
        holder = self.holder
        for t, bonus in self.g.armour:
            if holder[t] == seat:
                d += bonus
        return d

    def damage_masks(self, seat: int) -> tuple[int, int]:
        """(suits dealing no damage to seat, elements dealing extra damage to seat)."""
        immune, extra = self._protection(seat)
        barrier = 0
        for e, x in enumerate(extra):
            if x:
                barrier |= 1 << e
        return immune, barrier

    def _protection(self, seat: int) -> tuple[int, tuple[int, ...]]:
        """(immune suits bitmask, extra damage per element from the neighbours' barriers)."""
        holder = self.holder
        g = self.g
        immune = 0
        for t, s in g.immunities:
            if holder[t] == seat:
                immune |= 1 << s
        n = self.n
        left, right = (seat + 1) % n, (seat - 1) % n
        extra = [0, 0, 0, 0]
        for t, e, amount in g.barriers:
            hd = holder[t]
            if hd >= 0 and hd != seat and (hd == left or hd == right):
                extra[e] += amount
        return immune, tuple(extra)

    def _fight(self, seat: int) -> tuple:
        """(defence, immune suits, extra damage per element, whether its Wizard names elements)
        of seat, kept until a level or a treasure changes."""
        f = self._c_fight[seat]
        if f is None:
            wizard = self.g.wiz_count[self.chars[seat]][self.level[seat]] > 0
            f = self._c_fight[seat] = (self.defence(seat), *self._protection(seat), wizard)
        return f

    def damage(self, seat: int, card: int) -> int:
        immune, extra = self._protection(seat)
        g = self.g
        if immune >> g.suit[card] & 1:
            return 0
        return g.value[card] + extra[g.element[card]]

    # ---- the challenge, monster by monster (L9)
    def _start_challenge(self, hidx: int) -> None:
        seat = self.active
        rv = self.revealed
        for c in self.hordes[hidx].cards:
            rv[c] = 1
        self._c_hordes = None
        self.ch_h = hidx
        fight = self._c_fight[seat] or self._fight(seat)        # the usual case: no call
        self.ch_def, self.ch_immune, self.ch_extra, wizard = fight
        self.ch_wiz = self.wiz[seat] if wizard else 0
        self.challenges[seat] += 1
        self._run_challenge(0, 0)        # ch_won and ch_kept are empty between challenges

    def _run_challenge(self, pos: int, dmg: int) -> None:
        """Monsters from `pos` up, `dmg` dealt so far; stops at a Wizard's or a Minion's
        question. Only the damage is added card by card: the monsters defeated in one go are
        one slice of the horde, taken when the run stops."""
        cards = self.hordes[self.ch_h].cards
        g = self.g
        elem, suit, value = g.element, g.suit, g.value
        wiz, immune, extra, limit = self.ch_wiz, self.ch_immune, self.ch_extra, self.ch_def
        start, end = pos, len(cards)
        while pos < end:
            c = cards[pos]
            if wiz and wiz >> elem[c] & 1:
                self.ch_won += cards[start:pos]
                self.ch_pos, self.ch_dmg = pos, dmg
                self.phase = PH_WIZ_CHOICE              # L30
                self.cur = self.active
                return
            if not immune >> suit[c] & 1:
                dmg += value[c] + extra[elem[c]]
            if dmg > limit:
                self.ch_won += cards[start:pos]
                self._over_defence(pos, dmg)
                return
            pos += 1
        self.ch_won += cards[start:]
        self._finish_challenge()

    def _over_defence(self, pos: int, dmg: int) -> None:
        """The monster at `pos` took the damage (`dmg`) over the defence: ask about the Minion,
        or send it and those above it back."""
        seat = self.active
        if self.holder[T_MINION] == seat and max(0, dmg - self.g.minion_reduction) <= self.ch_def:
            self.ch_pos, self.ch_dmg = pos, dmg
            self.phase = PH_MINION                       # L25
            self.cur = seat
            return
        self.ch_kept += self.hordes[self.ch_h].cards[pos:]
        self._finish_challenge()

    def _apply_wizard_choice(self, a: int) -> None:
        pos, dmg = self.ch_pos, self.ch_dmg
        c = self.hordes[self.ch_h].cards[pos]
        if a == A_IGNORE:
            self.ch_kept.append(c)
            self._run_challenge(pos + 1, dmg)
            return
        g = self.g                                       # defeat it: it deals its damage
        if not self.ch_immune >> g.suit[c] & 1:
            dmg += g.value[c] + self.ch_extra[g.element[c]]
        if dmg <= self.ch_def:
            self.ch_won.append(c)
            self._run_challenge(pos + 1, dmg)
        else:
            self._over_defence(pos, dmg)

    def _apply_minion(self, a: int) -> None:
        h = self.hordes[self.ch_h]
        pos = self.ch_pos
        if a == A_MINION:
            self.holder[T_MINION] = -2
            self.minions_used += 1
            self._seats_changed()
            self.ch_won.append(h.cards[pos])
            self._run_challenge(pos + 1, max(0, self.ch_dmg - self.g.minion_reduction))
        else:
            self.ch_kept += h.cards[pos:]
            self._finish_challenge()

    def _finish_challenge(self) -> None:
        seat = self.active
        g = self.g
        h = self.hordes[self.ch_h]
        won = self.ch_won
        h.cards = self.ch_kept                           # every card is won or kept
        val, boss = g.value, g.boss
        total, bosses = h.total, 0
        for c in won:
            total -= val[c]
            bosses += boss[c]
        h.total = total
        self.ch_kept: list[int] = []                     # empty between challenges
        self.defeated[seat].extend(won)
        self._c_hordes = self._c_rows = None
        if not h.cards:                                  # L22: the gate closes
            h.open = False
            self.open.remove(h)
            self.closed[seat].append(h.gate)
        ring = self.holder[T_RING]
        if bosses and ring >= 0 and (ring == seat or g.ring_any):   # L27
            gain = 2 * g.ring_vp * bosses
            self.vp2[ring] += gain
            self.ring_vp2[ring] += gain
            self._vp_changed(ring, level_of(self.vp2[ring]))
        self.ch_won: list[int] = []
        self.ch_h = -1
        net = self.holder[T_NET]
        if net >= 0 and net != seat and self.defeated[seat]:   # L26
            self.phase = PH_NET
            self.cur = net
            self.net_victim = seat
            return
        self._end_turn()

    # ---- the Net (L26)
    def _legal_net(self) -> list[int]:
        return [A_NET_DECLINE] + [A_NET + c for c in self.defeated[self.net_victim]]

    def _apply_net(self, a: int) -> None:
        if a != A_NET_DECLINE:
            c = a - A_NET
            self.defeated[self.net_victim].remove(c)
            self.defeated[self.cur].append(c)
            self.net_steals += 1
            self._c_rows = None
        self.net_victim = -1
        self._end_turn()
