"""The rules engine's lookup tables, built once per game from the card records: every number the
engine plays (a monster's value, a character's defence at each level, a treasure's amount, a
mission's VP) is read here from the data the cards are printed from."""

from __future__ import annotations

from typing import Sequence

from .actions import HIDDEN_TOKEN_BASE
from .facts import (CHARACTER_IDS, COUNTS, ELEMENTS, MISSIONS, SUITS, TREASURE_IDS, Character,
                    Mission, Monster, Treasure)

# How a mission counts, as codes: the suits (0..3) then these.
PER_CODES = {**{s: i for i, s in enumerate(SUITS)},
             **{k: len(SUITS) + i for i, k in enumerate(COUNTS)}}
P_TRAP, P_BOSS, P_COIN, P_COINLESS, P_MONSTER, P_ROUND = (PER_CODES[k] for k in COUNTS)
P_NONE = -1


class Tables:
    """Per-card and per-character facts as tuples indexed by card, character, level, treasure."""

    def __init__(self, monsters: Sequence[Monster], treasures: Sequence[Treasure],
                 characters: Sequence[Character], missions: Sequence[Mission]):
        ms = self.monsters = tuple(monsters)
        self.suit = tuple(SUITS.index(m.suit) for m in ms)
        self.value = tuple(m.value for m in ms)
        self.element = tuple(ELEMENTS.index(m.element) for m in ms)
        self.trap = tuple(1 if m.kind == "trap" else 0 for m in ms)
        self.boss = tuple(1 if m.kind == "boss" else 0 for m in ms)
        self.coins2 = tuple(int(round(m.coins * 2)) for m in ms)
        self.boss_vp = tuple(m.boss_vp for m in ms)
        self.token = tuple(HIDDEN_TOKEN_BASE + 10 * s + v for s, v in zip(self.suit, self.value))
        self.count2 = self._mission_counts()
        by_id = {t.id: t for t in treasures}
        self.treasures = tuple(by_id[t] for t in TREASURE_IDS)
        cby = {c.id: c for c in characters}
        self.characters = tuple(cby[c] for c in CHARACTER_IDS)
        mby = {m.id: m for m in missions}
        self.missions = tuple(mby[m] for m in MISSIONS)
        self._characters()
        self._treasures()
        self.mission_rules = tuple(
            (m.gain_vp, PER_CODES[m.gain_per], m.loss_vp,
             PER_CODES[m.loss_per] if m.loss_per else P_NONE) for m in self.missions)

    def _mission_counts(self) -> tuple[tuple[int, ...], ...]:
        """What each card adds to a mission's count, in halves (the ½ coin adds 1), by count
        code (PER_CODES) and card: scoring a row is then one sum. "round" counts no card."""
        per_card = {**{i: tuple(2 * (s == i) for s in self.suit) for i in range(len(SUITS))},
                    P_TRAP: tuple(2 * t for t in self.trap),
                    P_BOSS: tuple(2 * b for b in self.boss),
                    P_COIN: self.coins2,
                    P_COINLESS: tuple(2 * (c == 0) for c in self.coins2),
                    P_MONSTER: (2,) * len(self.suit),
                    P_ROUND: (0,) * len(self.suit)}
        return tuple(per_card[code] for code in range(len(PER_CODES)))

    def _characters(self) -> None:
        """Each character's abilities at levels 1, 2, 3 (index 0 unused). A level's power adds
        to those below it; one of the same kind replaces the lower level's."""
        ch = self.characters
        self.threshold = tuple(c.threshold for c in ch)
        self.char_element = tuple(ELEMENTS.index(c.element) for c in ch)
        self.element_vp = tuple(c.element_vp for c in ch)
        self.character_copies = tuple(c.copies for c in ch)
        defence, mult, wiz, anywhere, plays = [], [], [], [], []
        for c in ch:
            now = {"defence": c.defence, "coin_multiplier": 1, "ignore_elements": 0,
                   "play_anywhere": 0}
            levels = [dict(now), dict(now)]
            for p in (c.level2, c.level3):
                if p.kind != "none":
                    now[p.kind] = p.amount
                levels.append(dict(now))
            defence.append(tuple(lv["defence"] for lv in levels))
            mult.append(tuple(lv["coin_multiplier"] for lv in levels))
            wiz.append(tuple(lv["ignore_elements"] for lv in levels))
            anywhere.append(tuple(lv["play_anywhere"] > 0 for lv in levels))
            plays.append(tuple(max(1, lv["play_anywhere"]) for lv in levels))
        self.char_defence = tuple(defence)
        self.coin_mult = tuple(mult)
        self.wiz_count = tuple(wiz)
        self.anywhere = tuple(anywhere)
        self.char_plays = tuple(plays)

    def _treasures(self) -> None:
        ts = self.treasures
        idx = TREASURE_IDS.index
        self.armour = tuple((i, t.amount) for i, t in enumerate(ts) if t.effect == "defence")
        self.minion_reduction = ts[idx("minion")].amount
        self.ring_vp = ts[idx("ring_of_legend")].amount
        self.lure_extra = ts[idx("lure")].amount - 1
        self.blade_coins2 = 2 * ts[idx("subtle_blade")].amount
        self.barriers = tuple((i, ELEMENTS.index(t.target), t.amount)
                              for i, t in enumerate(ts) if t.effect == "barrier")
        self.immunities = tuple((i, SUITS.index(t.target))
                                for i, t in enumerate(ts) if t.effect == "immunity")
