"""Agents for Legolas vs. Gimli. They see only the observation (LegolasObservation).

GreedyAgent: picks the mission that fits its hand and character, values every monster by what it
would score for it this round (mission, character element, boss VP, a little for coins), plays the
card that leaves it the best challenge this turn (or that does least harm), challenges a horde
when the expected score of the monsters it would defeat is positive (or takes the best of the
hordes it must challenge), and shops with all its coins.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from pnp.engine.core import RandomAgent, best
from pnp.games.legolas.engine import (
    A_CHALLENGE, A_DEFEAT, A_ELEMENTS, A_GATE, A_IGNORE, A_KEEP, A_MINION, A_MISSION, A_NET,
    A_NET_DECLINE, A_NO_MINION, A_PASS, A_PLAY, A_STOP, CHARACTER_IDS, DECK_SIZE,
    ELEMENTS, HIDDEN_TOKEN_BASE, MISSIONS, SUITS, TREASURE_IDS, LegolasObservation,
)

__all__ = ["GreedyAgent", "RandomAgent"]

_TRAP, _BOSS = "trap", "boss"
_KEEP_ORDER = {
    "fighter": ("hard_plate_armor", "chain_mail_armor", "ring_of_legend", "leather_armor", "lure",
                "net", "minion", "farsight_helm", "dragon_hide", "jewels_of_osiris",
                "silver_chains", "subtle_blade"),
    "wizard": ("hard_plate_armor", "chain_mail_armor", "ring_of_legend", "net", "lure", "minion",
               "leather_armor", "farsight_helm", "dragon_hide", "jewels_of_osiris",
               "silver_chains", "subtle_blade"),
    "rogue": ("ring_of_legend", "hard_plate_armor", "subtle_blade", "chain_mail_armor", "net",
              "lure", "minion", "leather_armor", "farsight_helm", "dragon_hide",
              "jewels_of_osiris", "silver_chains"),
    "psychic": ("ring_of_legend", "hard_plate_armor", "net", "chain_mail_armor", "lure", "minion",
                "leather_armor", "farsight_helm", "dragon_hide", "jewels_of_osiris",
                "silver_chains", "subtle_blade"),
}


class _Tables:
    """Per-deck lookup tables (built once per monster list)."""

    def __init__(self, monsters: Sequence[Any]):
        self.suit = tuple(SUITS.index(m.suit) for m in monsters)
        self.value = tuple(m.value for m in monsters)
        self.element = tuple(ELEMENTS.index(m.element) for m in monsters)
        self.trap = tuple(m.kind == _TRAP for m in monsters)
        self.boss = tuple(m.kind == _BOSS for m in monsters)
        self.coins = tuple(float(m.coins) for m in monsters)
        self.boss_vp = tuple(m.boss_vp for m in monsters)
        cands: dict[int, list[int]] = {}
        for c in range(len(monsters)):
            cands.setdefault(HIDDEN_TOKEN_BASE + 10 * self.suit[c] + self.value[c], []).append(c)
        self.candidates = {k: tuple(v) for k, v in cands.items()}


class _Ctx:
    """What the agent works out once per decision."""

    __slots__ = ("t", "obs", "val", "mission", "defence", "immune", "barrier", "threshold",
                 "minion", "tokval", "tokdmg")

    def __init__(self, t: _Tables, obs: LegolasObservation):
        self.t = t
        self.obs = obs
        me = obs.player
        m = obs.missions[me]
        self.mission = m
        char = obs.characters[me]
        elem = obs.character_elements[me]
        level = obs.levels[me]
        mult = level if CHARACTER_IDS[char] == "rogue" else 1
        blade = TREASURE_IDS.index("subtle_blade") in obs.treasures[me]
        coin_w = 0.0 if obs.round + 1 >= obs.rounds else 0.3 * mult
        val = []
        for c in range(len(t.suit)):
            v = 0.0
            if 0 <= m < 4:
                v += (t.suit[c] == m) - t.trap[c]
            elif m == 4:
                v += t.trap[c] - t.boss[c]
            elif m == 5:
                v += t.coins[c] - (1 if t.coins[c] == 0 else 0)
            elif m == 6:
                v -= 1
            v += (t.element[c] == elem) + t.boss_vp[c]
            v += coin_w * (t.coins[c] + (1 if blade else 0))
            val.append(v)
        self.val = val
        self.defence = obs.defence
        self.immune = obs.immune_suits
        self.barrier = obs.barrier_elements
        self.threshold = obs.thresholds[me]
        self.minion = TREASURE_IDS.index("minion") in obs.treasures[me]
        hand = set(obs.hand)
        tokval: dict[int, float] = {}
        tokdmg: dict[int, float] = {}
        for tok, cs in t.candidates.items():
            rest = [c for c in cs if c not in hand] or list(cs)
            tokval[tok] = sum(val[c] for c in rest) / len(rest)
            tokdmg[tok] = sum(self.dmg(c) for c in rest) / len(rest)
        self.tokval = tokval
        self.tokdmg = tokdmg

    def dmg(self, c: int) -> int:
        t = self.t
        if self.immune >> t.suit[c] & 1:
            return 0
        return t.value[c] + (self.barrier >> t.element[c] & 1)

    def challenge_ev(self, tokens: Sequence[int]) -> float:
        """Expected score of the monsters defeated when challenging a horde with these tokens."""
        limit = self.defence + (3 if self.minion else 0)
        dmg = 0.0
        ev = 0.0
        for tok in tokens:
            d: float
            if tok < HIDDEN_TOKEN_BASE:
                d = self.dmg(tok)
                v = self.val[tok]
            else:
                d = self.tokdmg[tok]
                v = self.tokval[tok]
            dmg += d
            if dmg > limit:
                break
            ev += v
        return ev


class GreedyAgent:
    """One-step greedy player that uses only its observation."""

    name = "greedy"

    def __init__(self) -> None:
        self._tables: dict[int, _Tables] = {}

    def _t(self, obs: LegolasObservation) -> _Tables:
        key = id(obs.monsters)
        t = self._tables.get(key)
        if t is None:
            t = self._tables[key] = _Tables(obs.monsters)
        return t

    def choose(self, obs: LegolasObservation, legal: Sequence[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        ph = obs.phase
        t = self._t(obs)
        if ph == "mission":
            return self._mission(t, obs, legal, rng)
        if ph == "wizard_elements":
            fire = 1 << ELEMENTS.index("fire")
            good = [a for a in legal if not (a - A_ELEMENTS) & fire]
            return rng.choice(good or list(legal))
        if ph == "shop_spend":
            return max(legal)
        if ph == "shop_keep":
            order = _KEEP_ORDER[CHARACTER_IDS[obs.characters[obs.player]]]
            drawn = [a - A_KEEP for a in legal]
            return A_KEEP + min(drawn, key=lambda x: order.index(TREASURE_IDS[x])
                                if TREASURE_IDS[x] in order else 99)
        ctx = _Ctx(t, obs)
        if ph == "first_gate":
            return best(legal, lambda a: -ctx.val[a - A_GATE], rng)
        if ph == "play":
            return self._play(ctx, obs, legal, rng)
        if ph == "challenge":
            hordes = {h[0]: h for h in obs.hordes}
            return best(legal, lambda a: 0.0 if a == A_PASS else
                        ctx.challenge_ev(hordes[a - A_CHALLENGE][4]), rng)
        if ph == "wizard_ignore":
            assert obs.challenge is not None    # a challenge is under way in this phase
            seat, hidx, cards, pos, dmg, defence, won = obs.challenge
            c = cards[pos]
            if ctx.val[c] < 0 or dmg + ctx.dmg(c) > defence:
                return A_IGNORE
            return A_DEFEAT
        if ph == "minion":
            assert obs.challenge is not None
            seat, hidx, cards, pos, dmg, defence, won = obs.challenge
            return A_MINION if ctx.val[cards[pos]] > 0 else A_NO_MINION
        if ph == "net":
            cands = [a for a in legal if a != A_NET_DECLINE]
            steal = best(cands, lambda a: ctx.val[a - A_NET], rng)
            return steal if ctx.val[steal - A_NET] > 0 else A_NET_DECLINE
        return legal[rng.randrange(len(legal))]

    def _mission(self, t: _Tables, obs: LegolasObservation, legal: Sequence[int],
                 rng: random.Random) -> int:
        """Suit missions by the cards of that suit in hand; Untouchable when defence is low
        (few monsters will be defeated); the Gambler as a steady choice."""
        hand = obs.hand
        defence = obs.defence

        def value(a: int) -> float:
            m = a - A_MISSION
            if m < 4:
                return 0.35 * sum(1 for c in hand if t.suit[c] == m)
            if MISSIONS[m] == "untouchable":
                return 4.5 - 0.5 * defence
            if MISSIONS[m] == "gambler":
                return 3.0
            return 0.5 + 0.3 * sum(t.trap[c] for c in hand)
        return best(legal, value, rng)

    def _play(self, ctx: _Ctx, obs: LegolasObservation, legal: Sequence[int],
              rng: random.Random) -> int:
        if A_GATE <= legal[0] < A_GATE + DECK_SIZE:
            # a forced new gate: give away the card worth least to us
            return best(legal, lambda a: -ctx.val[a - A_GATE], rng)
        hordes = obs.hordes
        evs = {h[0]: ctx.challenge_ev(h[4]) for h in hordes}
        totals = {h[0]: h[2] for h in hordes}
        thr = ctx.threshold

        def outlook(changed: int, ev_new: float, total_new: int) -> float:
            must = []
            free = 0.0
            for hidx, ev in evs.items():
                if hidx == changed:
                    ev, tot = ev_new, total_new
                else:
                    tot = totals[hidx]
                if tot >= thr:
                    must.append(ev)
                elif tot > 0:
                    free = max(free, ev)
            return max(must) if must else free

        def value(a: int) -> float:
            if a == A_STOP:
                return outlook(-1, 0.0, 0)
            hidx, card = divmod(a - A_PLAY, DECK_SIZE)
            tokens = next(h[4] for h in hordes if h[0] == hidx) + (card,)
            v = outlook(hidx, ctx.challenge_ev(tokens), totals[hidx] + ctx.t.value[card])
            return v - 0.1 * ctx.val[card]       # rather keep cards that are good for us
        return best(legal, value, rng)
