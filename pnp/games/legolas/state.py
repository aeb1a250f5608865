"""One position of a Legolas vs. Gimli game. The rules live in one module per part of the game
(dealing, turns, challenge, scoring, shopping, views, position); this class holds the state
they share and answers the engine protocol, sending each action to its phase's rule."""

from __future__ import annotations

import random
from typing import Any
from bisect import bisect_right
from operator import attrgetter

from ...engine.core import IllegalAction, State, as_action, draw
from .actions import (A_CHARACTER, A_DEFEAT, A_FIRST, A_IGNORE, A_MINION, A_NO_MINION,
                      A_TREASURE, CHANCE, PH_CHALLENGE, PH_CHARACTERS, PH_DEAL, PH_END, PH_FIRST,
                      PH_FIRST_GATE, PH_MINION, PH_MISSION, PH_NET, PH_PLAY, PH_SHOP_DRAW,
                      PH_SHOP_KEEP, PH_SHOP_SPEND, PH_WIZ_CHOICE, PH_WIZARD,
                      PHASE_NAMES)
from .challenge import ChallengeRules
from .dealing import DealingRules
from .position import Positions
from .scoring import ScoringRules
from .shopping import ShoppingRules
from .turns import TurnRules
from .views import ObservationViews


def _cumulative(n: int) -> tuple[float, ...]:
    """The running sums core.draw forms for n equally likely outcomes, added in the
    same order, so a bisection finds the very outcome its loop would. The last is 2.0: the loop
    gives the last outcome when the sums stop short of the draw (rounding), and so does the
    bisection then."""
    p = 1.0 / n
    acc, out = 0.0, []
    for _ in range(n - 1):
        acc += p
        out.append(acc)
    return tuple(out) + (2.0,)


_UNIFORM = ((),) + tuple(_cumulative(n) for n in range(1, 65))     # indexed by n


# Every field of a state, as slots: with some sixty fields a plain instance dict is a third slower
# to read and write than slots, and the rules touch a few dozen fields an action.
_SHARED = ("g", "n", "round", "first", "active", "cur", "phase", "deal_pos", "_deal_seats",
           "order_pos", "shop_need", "plays_made", "plays_allowed", "ch_h", "ch_pos", "ch_dmg",
           "ch_def", "ch_immune", "ch_extra", "ch_wiz", "net_victim", "turns", "net_steals",
           "minions_used", "rounds_done", "_legal", "_pending", "_c_seats", "_c_static",
           "_c_hordes", "_c_rows", "_c_fight")     # numbers, tuples and caches: shared by clones
_LISTS = ("chars", "char_pool", "deck", "setaside", "discard", "vp2", "level", "mission", "used",
          "wiz", "order", "holder", "tdeck", "ch_won", "ch_kept", "shop_coins2", "shop_drawn",
          "bought", "challenges", "ring_vp2", "end_reasons")     # lists of numbers: copied
_NESTED = ("hands", "defeated", "closed", "mission_hist", "mission_vp2", "round_vp2")
_get_shared = attrgetter(*_SHARED)
_get_lists = attrgetter(*_LISTS)
_get_nested = attrgetter(*_NESTED)


class LegolasState(DealingRules, TurnRules, ChallengeRules, ScoringRules, ShoppingRules,
                   ObservationViews, Positions, State):
    __slots__ = _SHARED + _LISTS + _NESTED + ("hordes", "open", "revealed")

    def __init__(self, game):
        g = game
        n = g.num_players
        self.g = g
        self.n = n
        self.round = 0
        self.first = 0
        self.active = 0
        self.cur = CHANCE
        self.phase = PH_CHARACTERS
        self.chars = [-1] * n
        self.char_pool = list(g.character_copies)
        self._init_cards()
        self._init_seats()
        self._init_turn()
        self._init_stats()
        self._legal: list[int] | None = None
        self._pending = None                # weak reference to the last observation handed out
        self._c_seats = self._c_static = self._c_hordes = self._c_rows = None
        self._c_fight: list[Any] = [None] * n
        if g.character_assignment is not None:
            self.chars = list(g.character_assignment)
            for c in self.chars:
                self.char_pool[c] -= 1
            self._after_characters()

    def _init_cards(self) -> None:
        """Where the monster cards are."""
        n, cards = self.n, len(self.g.monsters)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[int] = list(range(cards))
        self.deal_pos = 0
        self._deal_seats: tuple[int, ...] = ()
        self.setaside: list[int] = []
        self.discard: list[int] = []
        self.hordes: list = []
        self.open: list = []
        self.defeated: list[list[int]] = [[] for _ in range(n)]
        self.closed: list[list[int]] = [[] for _ in range(n)]
        self.revealed = bytearray(cards)

    def _init_seats(self) -> None:
        """Scores, missions, treasures: what each seat has."""
        n = self.n
        self.vp2 = [0] * n
        self.level = [1] * n
        self.mission = [-1] * n
        self.mission_hist: list[list[int]] = [[] for _ in range(n)]
        self.used = [0] * n
        self.wiz = [0] * n
        self.order: list[int] = []          # mission / wizard / shopping order
        self.order_pos = 0
        self.holder = [-1] * 16            # seat, -1 in the treasure deck, -2 gone (used Minion)
        self.tdeck: list[int] = list(range(16))
        self.shop_coins2 = [0] * n
        self.shop_need = 0
        self.shop_drawn: list[int] = []

    def _init_turn(self) -> None:
        """The turn and the challenge under way."""
        self.plays_made = 0
        self.plays_allowed = 1
        self.ch_h = -1
        self.ch_pos = 0
        self.ch_dmg = 0
        self.ch_def = 0
        self.ch_immune = 0
        self.ch_extra = (0, 0, 0, 0)
        self.ch_wiz = 0
        self.ch_won: list[int] = []
        self.ch_kept: list[int] = []
        self.net_victim = -1

    def _init_stats(self) -> None:
        """Figures for the balance report (stats())."""
        n = self.n
        self.turns = 0
        self.mission_vp2: list[list[int]] = [[] for _ in range(n)]
        self.round_vp2: list[list[int]] = [[] for _ in range(n)]
        self.bought = [0] * 16
        self.challenges = [0] * n
        self.ring_vp2 = [0] * n
        self.net_steals = 0
        self.minions_used = 0
        self.end_reasons = [0, 0]           # no card, too many gates
        self.rounds_done = 0

    # ---- protocol
    def current_player(self) -> int:
        return self.cur

    def is_terminal(self) -> bool:
        return self.phase == PH_END

    def chance_outcomes(self) -> list[tuple[int, float]]:
        ph = self.phase
        if ph == PH_DEAL:
            d = self.deck
            p = 1.0 / len(d)
            return [(c, p) for c in d]
        if ph == PH_SHOP_DRAW:
            d = self.tdeck
            p = 1.0 / len(d)
            return [(A_TREASURE + t, p) for t in d]
        if ph == PH_CHARACTERS:
            tot = sum(self.char_pool)
            return [(A_CHARACTER + k, c / tot) for k, c in enumerate(self.char_pool) if c]
        if ph == PH_FIRST:
            p = 1.0 / self.n
            return [(A_FIRST + s, p) for s in range(self.n)]
        raise IllegalAction("not a chance node")

    def sample_chance(self, rng: random.Random) -> int:
        """The outcome core.draw would draw, without listing the outcomes: the deal and the
        treasure draws are uniform over the cards left."""
        ph = self.phase
        if ph == PH_DEAL:
            d, base = self.deck, 0
        elif ph == PH_SHOP_DRAW:
            d, base = self.tdeck, A_TREASURE
        else:
            return draw(self.chance_outcomes(), rng)
        n = len(d)
        if n == 1:
            return base + d[0]
        return base + d[bisect_right(_UNIFORM[n], rng.random())]

    def run_chance(self, rng: random.Random, out: list[int], limit: int) -> None:
        """Each deal of a round in one loop (240 chance moves a game): the cards sample_chance
        and apply_action would deal one at a time, drawn from the same numbers. A drawn outcome
        is legal, so it is applied without apply_action's check."""
        stop = len(out) + limit
        while self.cur == CHANCE and len(out) < stop:
            if self._pending is not None:
                self._settle_observation()
            self._legal = None
            if self.phase == PH_DEAL:
                self._deal_run(rng.random, out, stop - len(out))
            else:
                action = self.sample_chance(rng)
                out.append(action)
                _APPLY[self.phase](self, action)

    def run_blind(self, chooses, rng: random.Random, out: list[int], limit: int) -> int:
        """State.run_blind's loop with the protocol's calls made inline. An agent whose choose()
        picks from the list it is given and leaves it alone (core.picks_from_legal: the random
        agent's) is given the state's own list, and its pick needs no check; any other
        agent's move is checked against a copy it was given (_blind_move)."""
        if self._pending is not None:          # blind agents take no observation of their own
            self._settle_observation()
        picks = [c if getattr(c, "picks_from_legal", False) else None for c in chooses]
        record, legal_of, apply_of = out.append, _LEGAL, _APPLY
        start = len(out)
        for _ in range(limit):
            player = self.cur
            if player < 0:
                break
            pick = picks[player]
            if pick is None:
                if chooses[player] is None:
                    break
                self._blind_move(chooses[player], rng, record)
                continue
            legal = self._legal or legal_of[self.phase](self)   # never empty: a seat is to move
            action = pick(None, legal, rng)
            record(action)
            self._legal = None
            apply_of[self.phase](self, action)
        return len(out) - start

    def _blind_move(self, choose, rng: random.Random, record) -> None:
        """One move of a blind agent that may pick anything: checked as apply_action checks."""
        legal = self._legal
        if legal is None:
            legal = _LEGAL[self.phase](self)
        action = choose(None, legal[:], rng)
        record(action)
        if type(action) is int and action in legal:
            self._legal = None
            _APPLY[self.phase](self, action)
        else:                                       # refused as apply_action refuses it
            self._legal = legal
            self.apply_action(action)

    def _deal_run(self, random01, out: list[int], limit: int) -> None:
        deck = self.deck
        pos = self.deal_pos
        seats = self._deal_seats[pos:pos + limit]
        record, to_hand, uniform = out.append, [hand.append for hand in self.hands], _UNIFORM
        n = len(deck)
        for seat in seats:
            card = deck.pop(bisect_right(uniform[n], random01()) if n > 1 else 0)
            record(card)
            to_hand[seat](card)
            n -= 1
        self.deal_pos = pos = pos + len(seats)
        if pos == len(self._deal_seats):
            self._dealt()

    def legal_actions(self) -> list[int]:
        """A new list each call: the caller may change it."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _LEGAL[self.phase](self)
        return legal[:]

    def apply_action(self, action: int) -> None:
        if type(action) is not int:
            action = as_action(action)              # 1.0 or True refused, numpy ints taken
        if self._pending is not None:
            self._settle_observation()
        legal = self._legal
        if legal is not None and action in legal:   # the usual case: legal_actions() listed it
            self._legal = None
            _APPLY[self.phase](self, action)
        else:
            self._apply_unlisted(action)

    # The type test above is core.as_action's, inline: no wrapper call on every action.
    apply_action.checks_action_type = True  # type: ignore[attr-defined]

    def _apply_unlisted(self, action: int) -> None:
        """An action the last legal_actions() did not list: a chance draw (checked without
        listing the outcomes), one checked against a new list, or a refusal."""
        ph = self.phase
        if ph == PH_DEAL:
            if action not in self.deck:
                raise IllegalAction(f"card {action!r} is not in the deck being dealt")
        elif ph == PH_SHOP_DRAW:
            if action - A_TREASURE not in self.tdeck:
                raise IllegalAction(self._refusal(action))
        elif self._legal is not None or action not in _LEGAL[ph](self):
            raise IllegalAction(self._refusal(action))
        self._legal = None
        _APPLY[ph](self, action)

    def _refusal(self, action: int) -> str:
        if self.phase == PH_END:
            return "the game is over"
        return self._why_illegal(action)

    def _legal_chance(self) -> list[int]:
        return [a for a, _ in self.chance_outcomes()]

    def _legal_none(self) -> list[int]:
        return []

    def determinize(self, player: int, rng: random.Random) -> "LegolasState":
        """Other hands, unrevealed horde cards and hidden missions drawn again (determinize.py)."""
        from .determinize import determinize
        return determinize(self, player, rng)

    def clone(self) -> "LegolasState":
        s = LegolasState.__new__(LegolasState)
        for k, v in zip(_SHARED, _get_shared(self)):
            setattr(s, k, v)
        for k, v in zip(_LISTS, _get_lists(self)):
            setattr(s, k, v[:])
        for k, v in zip(_NESTED, _get_nested(self)):
            setattr(s, k, [x[:] for x in v])
        s.hordes = hordes = [h.copy() for h in self.hordes]
        s.open = [hordes[h.idx] for h in self.open]
        s.revealed = bytearray(self.revealed)
        s._legal = s._pending = None
        s._c_fight = [None] * self.n
        extra = getattr(self, "__dict__", None)     # fields a test or a subclass added
        if extra:
            s.__dict__.update(extra)
        return s


# What each phase allows, and the rule that applies an action in it (tuples indexed by phase).
_LEGAL_BY = {
    PH_CHARACTERS: LegolasState._legal_chance, PH_FIRST: LegolasState._legal_chance,
    PH_DEAL: LegolasState._legal_chance,
    PH_SHOP_DRAW: lambda st: [A_TREASURE + t for t in st.tdeck],
    PH_MISSION: LegolasState._legal_mission, PH_WIZARD: LegolasState._legal_wizard,
    PH_FIRST_GATE: LegolasState._legal_first_gate, PH_PLAY: LegolasState._legal_play,
    PH_CHALLENGE: LegolasState._legal_challenge,
    PH_WIZ_CHOICE: lambda st: [A_DEFEAT, A_IGNORE], PH_MINION: lambda st: [A_MINION, A_NO_MINION],
    PH_NET: LegolasState._legal_net, PH_SHOP_SPEND: LegolasState._legal_spend,
    PH_SHOP_KEEP: LegolasState._legal_keep, PH_END: LegolasState._legal_none,
}
_APPLY_BY = {
    PH_CHARACTERS: LegolasState._apply_character, PH_DEAL: LegolasState._deal,
    PH_FIRST: LegolasState._apply_first,
    PH_SHOP_DRAW: LegolasState._draw_treasure, PH_MISSION: LegolasState._apply_mission,
    PH_WIZARD: LegolasState._apply_wizard, PH_FIRST_GATE: LegolasState._apply_first_gate,
    PH_PLAY: LegolasState._apply_play, PH_CHALLENGE: LegolasState._apply_challenge,
    PH_WIZ_CHOICE: LegolasState._apply_wizard_choice, PH_MINION: LegolasState._apply_minion,
    PH_NET: LegolasState._apply_net, PH_SHOP_SPEND: LegolasState._apply_spend,
    PH_SHOP_KEEP: LegolasState._apply_keep,
}
_LEGAL: tuple[Any, ...] = tuple(_LEGAL_BY[ph] for ph in range(len(PHASE_NAMES)))
_APPLY: tuple[Any, ...] = tuple(_APPLY_BY.get(ph) for ph in range(len(PHASE_NAMES)))
