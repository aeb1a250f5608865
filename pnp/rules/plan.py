"""A rules file laid out for one player count (Plan): the zones' slots, the seats' names, the
actions' numbers, the effects bound to their fast paths and the generated turn tails; made once
per game object and player count, shared by every state it plays."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .generate import Tails
from .spec import Rules
from .stalemate import can_stall
from .verbs import Move, moves_at_once, steady, when

if TYPE_CHECKING:
    from .engine import RulesState

MAX_MOVES = 50_000     # moves (chance's too) a game may make before it is stopped as endless
MAX_STARTS = 64        # first chance moves whose states a plan keeps (Plan.starts)


def move_bound(rules: Rules, n: int) -> int:
    """Moves no game of `n` players can exceed: every turn's phases at their limits, plus the
    draws (and never more than MAX_MOVES: a game that long is stopped, naming turn.limit)."""
    per_turn = sum(p.limit + 1 for p in rules.phases) * n
    turns = rules.turn_limit
    bound = turns * per_turn + (turns + rules.round_limit + 2) * (len(rules.cards) + 10) + 100
    return min(bound, MAX_MOVES)


class Plan:
    """A rules file ready to play for a number of players: zone slots, action numbers."""

    def __init__(self, rules: Rules, players: int, reference: bool = False):
        self.rules = rules
        # `reference`: every zone's size kept and no effect bound to a fast path of its own
        # (the general path, which tests hold the fast ones to)
        self.reference = reference
        self.n = players
        self.cards = rules.cards
        self.nc = len(rules.cards)
        self.zones = list(rules.zones.values())
        self._lay_slots(rules, players)
        self._name_seats(players)
        self.actions = rules.actions
        self.na = len(self.actions)
        self.pass_id = self.na * self.nc + self.na
        self.counters = rules.counters
        self.per_player_counters = {k: c for k, c in rules.counters.items() if c.per_player}
        self.shared_counters = {k: c for k, c in rules.counters.items() if not c.per_player}
        # a player's counters with no max written (a game ending at it lost gains unsaid)
        self.default_max = tuple((k, c.high) for k, c in self.per_player_counters.items()
                                 if not c.high_written)
        self._aggregates: dict[Any, tuple[str, ...]] = {}
        self._zonal: dict[Any, tuple[tuple[str, int, int], ...]] = {}
        self.max_moves = move_bound(rules, players)
        # the first state (key None) and the state each first chance move leads to from it
        # (the roles dealt, the setup run to the next decision): the same in every game, so
        # worked out once and copied; at most MAX_STARTS kept (None: none kept, every game
        # built from the rules, the reference the copies are tested against)
        self.starts: dict[int | None, RulesState] | None = {}
        self.limits = tuple(ph.limit for ph in rules.phases)   # a seat's moves in each phase
        self.has_rounds = rules.has_rounds
        # a compare binds lead and cards only for rules whose expressions read them
        self.binds_lead, self.binds_cards = "lead" in rules.reads, "cards" in rules.reads
        self.turn_ends = tuple((e.name, e.condition) for e in rules.ends if e.at == "turn")
        self.stalls = can_stall(rules)      # a turn's end asks whether the game is stuck
        self._bind_effects(rules)
        self._plan_phases(rules, players)
        self._generate(rules)

    def _lay_slots(self, rules: Rules, players: int) -> None:
        """Each zone's slots (one a seat for a zone of each player's), and whose sizes the
        players' dicts keep."""
        self.slot_of: dict[tuple[str, int], int] = {}
        self.slot_zone: list[tuple[str, int]] = []     # slot -> (zone name, seat or -1)
        for z in self.zones:
            for seat in (range(players) if z.per_player else (-1,)):
                self.slot_of[(z.name, seat)] = len(self.slot_zone)
                self.slot_zone.append((z.name, seat))
        self.slot_name = tuple(name for name, _ in self.slot_zone)
        # the zones whose sizes the players' dicts keep (me.hand): those an expression may
        # read (rules.sized; all of them for the reference), and whether each slot's is kept
        self.size_zones = tuple(z for z in self.zones if self.reference or rules.sized is None or
                                z.name in rules.sized)
        kept = {z.name for z in self.size_zones}
        self.sized = tuple(name in kept for name in self.slot_name)
        self.box = self.slot_of[("box", -1)]
        # slots[zone index][seat]: a shared zone's one slot for every seat
        self.slots = [[self.slot_of[(z.name, s if z.per_player else -1)] for s in range(players)]
                      for z in self.zones]

    def _name_seats(self, players: int) -> None:
        # the seats each fixed `who` names, by actor
        self.fixed: dict[str, list[tuple[int, ...]]] = {
            "me": [(a,) for a in range(players)],
            "opponent": [((a + 1) % players,) for a in range(players)],
            "next": [((a + 1) % players,) for a in range(players)],
            "previous": [((a - 1) % players,) for a in range(players)],
            "each": [tuple((a + k) % players for k in range(players)) for a in range(players)],
            "others": [tuple((a + k) % players for k in range(1, players))
                       for a in range(players)]}
        self.next_seat = tuple((a + 1) % players for a in range(players))

    def _bind_effects(self, rules: Rules) -> None:
        # the effects bound to this player count (each a function of the state and the actor:
        # its targets' zone slots worked out once, not on every run)
        self.setup = self.bind(rules.setup)
        self.round_setup = self.bind(rules.round_setup)
        self.round_effects = self.bind(rules.round_effects)
        self.finish = self.bind(rules.finish)
        self.phase_effects = tuple(self.bind(ph.effects) for ph in rules.phases)
        self.action_effects = tuple(self.bind(a.effects) for a in rules.actions)

    def _plan_phases(self, rules: Rules, players: int) -> None:
        """Each phase's card moves, whether its legal moves are a zone's cards, and the
        seats that act in it."""
        # a card action's (from, to) slots by seat (to the box when it names no zone)
        self.card_moves = tuple(
            tuple((self.slots[a.source.index][s], self.slots[a.dest.index][s]
                   if a.dest is not None else self.box) for s in range(players))
            if a.source is not None else () for a in rules.actions)
        # a phase whose one action takes any card of a zone, with no condition and no pass:
        # its legal moves are that zone's cards (the zone's slot by seat), else None
        self.plain = tuple(
            tuple(self.slots[ph.actions[0].source.index]) if len(ph.actions) == 1 and
            ph.actions[0].index == 0 and ph.actions[0].source is not None and
            ph.actions[0].condition is None and ph.actions[0].follow is None and
            not ph.can_pass else None for ph in rules.phases)
        # a plain phase whose action is card k = 0 with no effects: its (from, to) slots by
        # seat (run_blind moves its cards inline), else None
        self.quick = tuple(self.card_moves[0] if self.plain[i] is not None and
                           not self.action_effects[0] else None
                           for i in range(len(rules.phases)))
        # the seats that act in each phase, in order, by the turn's first player
        self.order = tuple(tuple(() if ph.who == "none" else (first,) if ph.who == "active"
                                 else tuple((first + k) % players for k in range(players))
                                 for first in range(players)) for ph in rules.phases)

    def _generate(self, rules: Rules) -> None:
        """Each phase's end to the next decision, the plain phases' moves, the finish and
        the score as generated source (rules/generate.py); none for the reference, which
        plays every turn on the general path."""
        self.tails = self.blind = self.finishing = self.scoring = None
        if not self.reference:
            self.tails, self.blind, finishing, scoring = Tails(self).build()
            # (the finish's effects, generated, when none waits for chance; the score
            # without teams)
            self.finishing = None if self.finish.waits else finishing
            self.scoring = None if rules.teams else scoring

    def bind(self, effects) -> "Bound":
        """The effects bound to this plan, consecutive plain moves of the same count made in
        one call (their slot pairs joined, in order)."""
        runs: list = []
        joined: tuple | None = None     # the last run's (pairs, count), when moves
        held: tuple | None = None       # the last run's (condition, applies), when `if`s
        for effect in effects:
            cond = effect.cond
            if cond is not None and steady(effect) and not self.reference:
                # consecutive effects under the same `if` no effect of theirs changes
                # ("tie"): tested once
                if held is not None and held[0].raw == cond.raw:
                    held[1].append(effect.bound(self))
                else:
                    held = (cond, [effect.bound(self)])
                    runs.append(None)
                runs[-1] = when(*held)
                joined = None
                continue
            held = None
            tops = effect.tops(self) if isinstance(effect, Move) else None
            if tops is not None and joined is not None and joined[1] == tops[1]:
                pairs = tuple(a + b for a, b in zip(joined[0], tops[0]))
                joined = (pairs, tops[1])
                runs[-1] = moves_at_once(*joined, self.reference)
                continue
            joined = tops
            runs.append(effect.bind(self))
        return Bound(runs)._waits(effects)

    def slot(self, zone, seat: int) -> int:
        return self.slots[zone.index][seat]

    def zonal(self, expr) -> tuple[tuple[str, int, int], ...]:
        """(name, zone index, 0 for bottom or -1 for top) of each zone card `top.x` and
        `bottom.x` read in an expression (every zone, for `top[...]`), from its parse."""
        found = self._zonal.get(expr.raw)
        if found is None:
            index = {z.name: i for i, z in enumerate(self.zones)}
            seen = [n for n, i in index.items() if self.zones[i].visible != "hidden"]
            pairs = {(w, name) for w, zone in expr.zone_reads
                     for name in (seen if zone is None else (zone,))}
            found = tuple((w, index[name], -1 if w == "top" else 0)
                          for w, name in sorted(pairs) if name in index)
            self._zonal[expr.raw] = found
        return found

    def aggregates(self, expr) -> tuple[str, ...]:
        """The keys `most.x` and `least.x` read in an expression (all, for `most[...]`)."""
        keys = self._aggregates.get(expr.raw)
        if keys is None:
            import re

            every = tuple(self.per_player_counters) + tuple(z.name for z in self.zones
                                                            if z.per_player)
            raw = str(expr.raw)
            if re.search(r"\b(?:most|least)\s*\[", raw):
                keys = every
            else:
                found = set(re.findall(r"\b(?:most|least)\.([A-Za-z_]\w*)", raw))
                keys = tuple(k for k in every if k in found)
            self._aggregates[expr.raw] = keys
        return keys


class Bound(tuple):
    """Effects bound to a plan; `waits`: one of them may wait for chance, so they run from
    the state's stack (where a draw can stop them until chance has drawn), else at once."""

    waits = False

    def _waits(self, effects) -> "Bound":
        self.waits = any(e.may_wait for e in effects)
        return self
