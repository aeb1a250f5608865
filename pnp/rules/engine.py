"""The Game and State that play a rules file (spec.Rules), like the Python engines: chance is a
player (roles dealt, cards drawn from a hidden zone), every move is an int, a state clones and
determinizes.

A turn is the file's phases in order; in a phase each seat ("each", from the turn's first
player) or the active player acts up to `limit` times (or passes), then the phase's effects
run. After each turn the [[end]] conditions are checked, then the round's end; a stalemate
(rules/stalemate.py: a whole round of turns with no move and no change) and the turn limit end
every game. Then the finish effects run and [score] names the winners (ties share).

Actions are numbered: a card action k with card c is k * cards + c; an action without a card
comes after them, then pass."""

from __future__ import annotations

import random
from typing import Any, Sequence

from ..engine.core import CHANCE, TERMINAL, Game, IllegalAction, State
from .expr import PERSONAL, RulesRuntimeError
from .plan import MAX_STARTS, Plan
from .spec import Action, Rules
from .stalemate import ENDED_BY as STALEMATE

NOBODY = -3          # between a move and the next decision (never seen outside apply_action)
# stages of the turn machine (PHASE_ACT: the seats of the turn's phase `_phase` act, in
# `_order`; a phase over, its effects run and the next one starts at once)
SETUP, ROUND_START, TURN_START, PHASE_ACT, TURN_END, ROUND_END, FINISH, DONE = range(8)


class RulesGame(Game):
    """A game whose rules are a data file."""

    name = "rules"

    def __init__(self, rules: Rules, num_players: int | None = None, title: str = "rules"):
        self.name = title
        self.min_players, self.max_players = rules.players
        super().__init__(num_players)
        self.rules = rules
        self.plan = Plan(rules, self.num_players)

    def new_initial_state(self) -> "RulesState":
        """A copy of the plan's first state (every game starts alike: built once), marked
        fresh: its first chance move may be taken from the plan's starts."""
        plan = self.plan
        if plan.starts is None:
            return RulesState(plan)
        first = plan.starts.get(None)
        if first is None:
            first = plan.starts[None] = RulesState(plan)
        state = first.clone()
        state._fresh = True
        return state

    def __getstate__(self) -> dict:
        """Pickled without its plan (closures do not pickle), which is made again where the
        game is unpickled (a worker process, a Dask worker)."""
        state = dict(self.__dict__)
        del state["plan"]
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self.plan = Plan(self.rules, self.num_players)


class RulesState(State):
    __slots__ = ("_p", "_cur", "views", "shared", "_z", "_owner", "_by", "_seats", "_vals",
                 "_stage", "turn", "round", "_phase", "_order", "_pos", "_acted", "_first",
                 "_lead", "_round_over", "_stack", "_wait", "_jobs", "ended_by", "_returns",
                 "_log", "_ctx", "_now", "_steps", "_hold", "_fresh", "_mark", "_chose",
                 "_still", "_sig")

    def __init__(self, plan: Plan):
        self._p = plan
        n = plan.n
        self._cur = CHANCE
        self.views: list[dict] = []
        for seat in range(n):
            view: dict[str, Any] = {k: c.start for k, c in plan.per_player_counters.items()}
            view.update({z.name: 0 for z in plan.size_zones if z.per_player})
            view["seat"] = seat + 1
            view["role"] = {}
            self.views.append(view)
        self.shared = {k: c.start for k, c in plan.shared_counters.items()}
        self.shared.update({z.name: 0 for z in plan.size_zones if not z.per_player})
        self._z: list[list[int]] = [[] for _ in plan.slot_zone]
        self._z[plan.box] = list(range(plan.nc))
        if plan.sized[plan.box]:
            self.shared["box"] = plan.nc
        self._owner = [-1] * plan.nc
        self._by = [-1] * plan.nc          # who last played each card (a trick's winner)
        self._seats: dict[str, int] = {}   # winner, loser, picked names -> seat
        self._vals: dict[str, Any] = {"tie": False}    # card, tie, lead, cards
        self._stage = SETUP
        self.turn = 0
        self.round = 0
        self._phase = 0
        self._order: tuple[int, ...] = ()
        self._pos = 0
        self._acted = 0
        self._first = 0
        self._lead = -1
        self._round_over = False
        self._stack: list[list] = []       # effects still to run: [effects, next index, actor]
        self._wait: Any = None             # what chance is to decide
        self._jobs: list = []
        self.ended_by: str | None = None
        self._returns: list[float] | None = None
        self._log: list[tuple] = []   # the moves made, cards compared, counters changed
        self._now: list[int] = []          # the legal actions of the seat to move
        self._steps = 0                    # moves made (chance's too): bounded by max_moves
        self._ctx: dict[str, Any] = {}
        self._fresh = False
        # the stalemate's watch (_stalled): the log's length at the last turn's end, a seat
        # passing that could have moved, the turns in a row of no move and no change, and the
        # state they left
        self._mark = 0
        self._chose = False
        self._still = 0
        self._sig: tuple = ()
        self._context()
        self._push(plan.setup, 0)
        self._advance()

    # -- the protocol ------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self._p.n

    @property
    def cards(self) -> list[dict]:
        return self._p.cards

    def current_player(self) -> int:
        return self._cur

    def is_terminal(self) -> bool:
        return self._cur == TERMINAL

    def returns(self) -> list[float]:
        return list(self._returns) if self._returns is not None else [0.0] * self._p.n

    def legal_actions(self) -> list[int]:
        c = self._cur
        if c >= 0:
            return list(self._now)
        if c == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return []

    def chance_outcomes(self):
        if self._cur != CHANCE:
            raise ValueError("not a chance node")
        if self._wait[0] == "roles":
            deals = self._wait[1]
            return [(i, 1.0 / len(deals)) for i in range(len(deals))]
        cards = sorted(self._z[self._jobs[0][0]])
        return [(c, 1.0 / len(cards)) for c in cards]

    def apply_action(self, action: int) -> None:
        c = self._cur
        if self._fresh:             # a game's first move: the state it leads to may be kept
            self._fresh = False
            if c == CHANCE:
                self._first_chance(action)
                return
        if c == CHANCE:
            self._apply_chance(action)
        elif c >= 0:
            self._apply_move(c, action)
        else:
            raise IllegalAction("the game is over")
        self._advance()

    def _first_chance(self, action: int) -> None:
        """The first chance move of a game: the state it leads to copied from the plan's
        starts, or worked out and kept there (a state is a function of its moves)."""
        starts = self._p.starts
        after = starts.get(action) if starts is not None else None
        if after is not None:
            after._copy_into(self)
            return
        self._apply_chance(action)
        self._advance()
        if starts is not None and len(starts) <= MAX_STARTS:
            starts[action] = self.clone()

    def _place(self, card: int, seat: int, src: int, dst: int) -> None:
        """A card action: `card` from zone slot `src` to `dst`, played by `seat`."""
        self.move_card(card, src, dst)
        self._by[card] = seat
        self._vals["card"] = self._ctx["card"] = self._p.cards[card]
        self._count_act()

    def _count_act(self) -> None:
        """One more action in this phase; at its limit the next seat's turn in it."""
        self._acted += 1
        if self._acted >= self._p.limits[self._phase]:
            self._pos += 1
            self._acted = 0

    def run_blind(self, chooses, rng, out, limit) -> int:
        """core.State.run_blind, giving an agent marked picks_from_legal the engine's own
        list of legal moves (it only reads it) and applying its pick unchecked; the plain
        phases' moves in the plan's generated loop when every seat's agent is so marked."""
        done = 0
        self._fresh = False         # (a seat's first move: no start to keep)
        trusted = [getattr(c, "picks_from_legal", False) for c in chooses]
        p = self._p
        blind = p.blind if all(t for t, c in zip(trusted, chooses) if c is not None) else None
        while done < limit:
            if blind is not None:
                done += blind(self, chooses, rng, out, limit - done)
                if done >= limit:
                    break
            player = self._cur
            if player < 0 or chooses[player] is None:
                break
            choose = chooses[player]
            if trusted[player]:
                action = choose(None, self._now, rng)
                out.append(action)
                self._move(player, action)
                self._advance()
            else:
                action = choose(None, self.legal_actions(), rng)
                out.append(action)
                self.apply_action(action)
            done += 1
        return done

    # -- moves -------------------------------------------------------------------------------
    def _phase_now(self):
        return self._p.rules.phases[self._phase]

    def _legal(self, seat: int) -> list[int]:
        p = self._p
        plain = p.plain[self._phase]
        if plain is not None:
            return sorted(self._z[plain[seat]])
        phase = self._phase_now()
        out: list[int] = []
        for action in phase.actions:
            if action.source is None:
                if action.condition is None or self.eval(action.condition, seat):
                    out.append(p.na * p.nc + action.index)
                continue
            base = action.index * p.nc
            cards = self._z[p.slot(action.source, seat)]
            if action.condition is None and action.follow is None:
                out.extend(sorted(cards) if not base else sorted(base + c for c in cards))
                continue
            allowed = [c for c in cards if action.condition is None or
                       self.eval(action.condition, seat, card=c)]
            if action.follow is not None:
                allowed = self._following(action, seat, allowed)
            out.extend(sorted(base + c for c in allowed))
        if phase.can_pass:
            out.append(p.pass_id)
        return out

    def _following(self, action: Action, seat: int, allowed: list[int]) -> list[int]:
        """Cards whose `follow` field is the first card's of the zone played to, if any."""
        led = self._z[self._p.slot(action.dest, seat)]
        if not led:
            return allowed
        want = self._p.cards[led[0]].get(action.follow)
        same = [c for c in allowed if self._p.cards[c].get(action.follow) == want]
        return same or allowed

    def _apply_move(self, seat: int, action: int) -> None:
        if action not in self._now:
            raise IllegalAction(f"seat {seat + 1}: {self._describe(action)} is not allowed now"
                                f"{self._why(seat, action)}")
        self._move(seat, action)

    def _move(self, seat: int, action: int) -> None:
        """A legal move of `seat`: its card moved, its effects queued."""
        p = self._p
        self._steps += 1
        if self._steps > p.max_moves:
            self._endless()
        self._log.append((seat, action))
        if action == p.pass_id:
            if len(self._now) > 1:      # a pass by choice: the game is not stuck
                self._chose = True
            self._pos += 1
            self._acted = 0
            self._cur = NOBODY
            return
        nc = p.nc
        if action >= p.na * nc:
            k = action - p.na * nc
            self._count_act()
        else:       # a card action: its card from the action's zone to its destination
            k = action // nc
            card = action - k * nc
            self._place(card, seat, *p.card_moves[k][seat])
        self._cur = NOBODY      # until _advance finds who is next
        effects = p.action_effects[k]
        if effects:
            self._push(effects, seat)

    def _why(self, seat: int, action: int) -> str:
        p = self._p
        if not isinstance(action, int) or action < 0 or action > p.pass_id:
            return f" (actions are 0 to {p.pass_id})"
        phase = self._phase_now()
        if action < p.na * p.nc:        # a card action: which card, and where it is not
            act = p.actions[action // p.nc]
            card = action % p.nc
            if act in phase.actions and act.source is not None and \
                    card not in self._z[p.slot(act.source, seat)]:
                whose = f" of seat {seat + 1}" if act.source.per_player else ""
                return f" (that card, card {card + 1} of the rules' cards, is not in the " \
                       f"{act.source.name}{whose})"
        names = ", ".join(a.name for a in phase.actions)
        return f" (phase {phase.name}: {names})"

    def _describe(self, action: int) -> str:
        try:
            return repr(self.action_to_string(action))
        except (IndexError, TypeError, ValueError):
            return repr(action)

    def _endless(self) -> None:
        """A game past the moves no game of these rules needs: stopped, naming the rule that
        bounds it, not left to run (or hang in a caller's loop)."""
        rules = self._p.rules
        ends = ", ".join(repr(e.name) for e in rules.ends) or "none"
        per_turn = self._p.max_moves / max(self.turn, 1)
        longest = max(rules.phases, key=lambda p: p.limit, default=None)
        if per_turn > 100 and longest is not None and longest.limit > 1:
            # few turns, each of thousands of moves: the phase's limit, not the turn limit
            raise RulesRuntimeError(
                f"a game of {self._p.n} players made {self._p.max_moves:,} moves without "
                f"ending, some {per_turn:,.0f} a turn (turn {self.turn:,}): [phases."
                f"{longest.name}] limit = {longest.limit} lets each seat act that many times "
                "a turn; lower it, or make its actions change something", rules.path,
                field=f"{rules.prefix}phases.{longest.name}.limit")
        raise RulesRuntimeError(
            f"a game of {self._p.n} players made {self._p.max_moves:,} moves without ending "
            f"(turn {self.turn:,} of at most {rules.turn_limit:,}; [[end]]: {ends}): no end "
            "held; lower [turn] limit or check the [[end]] conditions", rules.path,
            field=rules.prefix + "turn.limit")

    def _apply_chance(self, action: int) -> None:
        self._steps += 1
        if self._steps > self._p.max_moves:
            self._endless()
        if self._wait[0] == "roles":
            deals = self._wait[1]
            if not 0 <= action < len(deals):
                raise IllegalAction(f"chance: no deal of roles {action!r}")
            roles = self._p.rules.roles or []
            for seat, r in enumerate(deals[action]):
                self.views[seat]["role"] = roles[r]
            self._wait = None
            return
        src, dst, left = self._jobs[0]
        if action not in self._z[src]:
            raise IllegalAction(f"chance: card {action!r} is not there to draw")
        self.move_card(action, src, dst)
        left -= 1
        if left and self._z[src]:
            self._jobs[0] = (src, dst, left)
        else:
            self._jobs.pop(0)
        while self._jobs and not self._z[self._jobs[0][0]]:
            self._jobs.pop(0)       # an empty pile: nothing more to draw from it
        if not self._jobs:
            self._wait = None

    def wait_for(self, what, jobs) -> bool:
        """Chance decides next (the roles, or the cards of `jobs`: (from, to, count))."""
        jobs = [j for j in jobs if self._z[j[0]]]
        if what[0] == "draw" and not jobs:
            return False
        self._wait, self._jobs = what, list(jobs)
        return True

    # -- the turn machine --------------------------------------------------------------------
    def _push(self, effects, actor: int) -> None:
        if effects:
            if effects.waits or self._stack:
                self._stack.append([effects, 0, actor])
            else:           # none waits for chance, and nothing runs before them
                for run in effects:
                    run(self, actor)

    def _run(self) -> bool:
        """Run pending effects; True when chance must decide first."""
        stack = self._stack
        while stack:
            frame = stack[-1]
            effects, i, actor = frame
            if i >= len(effects):
                stack.pop()
                continue
            frame[1] = i + 1
            if effects[i](self, actor):
                self._cur = CHANCE
                return True
        return False

    def _advance(self) -> None:
        """The turn machine, to the next decision (a seat's or chance's) or the end. Its
        stages are tried most frequent first: a seat acting, a phase starting or ending."""
        while True:
            if self._wait is not None:
                self._cur = CHANCE
                return
            if self._stack and self._run():
                return
            stage = self._stage
            if stage == PHASE_ACT:
                if self._act():
                    return
            elif stage == TURN_END:
                self._end_turn()
            elif stage == TURN_START:
                self._start_turn()
            elif stage == ROUND_START:
                self._start_round()
            elif stage == SETUP:
                self._stage = ROUND_START
            elif stage == ROUND_END:
                self._end_round()
            elif stage == FINISH:
                self._score()
                self._stage = DONE
            else:
                self._cur = TERMINAL
                return

    def _act(self) -> bool:
        """The phase's next seat with a move to make (True), or the phase's end: its
        generated tail (True when it stopped at a seat's decision), or its effects and the
        next phase (or the turn's end)."""
        plan = self._p
        order = self._order
        plain = plan.plain[self._phase]
        while self._pos < len(order):
            seat = order[self._pos]
            now = sorted(self._z[plain[seat]]) if plain is not None else self._legal(seat)
            if now:
                self._now = now
                self._cur = seat
                return True
            self._pos += 1      # nothing to do: the seat passes
            self._acted = 0
        if plan.tails is not None:
            return plan.tails[self._phase](self)
        effects = plan.phase_effects[self._phase]
        self._phase += 1
        if self._phase < len(plan.rules.phases):
            self._order = plan.order[self._phase][self._first]
            self._pos = self._acted = 0
        else:
            self._stage = TURN_END
        self._push(effects, self._first)
        return False

    def _end_turn(self) -> None:
        """A turn over: an [[end]] that holds, the round's end, a stalemate, the turn limit,
        or the next turn."""
        plan, rules = self._p, self._p.rules
        if plan.turn_ends and self._check_turn_ends():
            return
        if plan.has_rounds and (self._round_over or rules.round_end is not None
                                and self.holds_for_any(rules.round_end)):
            self._stage = ROUND_END
            self._push(plan.round_effects, self._first)
            return
        if plan.stalls and self._stalled():
            self._finish(STALEMATE)
            return
        if self.turn >= rules.turn_limit:
            self._finish("turn limit")
            return
        self._next_first()
        self._start_turn()

    def _start_round(self) -> None:
        self.round += 1
        self._ctx["round"] = self.round
        self._round_over = False
        self._stage = TURN_START
        self._push(self._p.round_setup, self._first)

    def _end_round(self) -> None:
        """A round over: an [[end]] that holds (any of them), the round or turn limit, or
        the next round."""
        rules = self._p.rules
        if self._check_ends("round"):
            return
        if self.round >= rules.round_limit:
            self._finish("round limit")
            return
        if self.turn >= rules.turn_limit:
            self._finish("turn limit")
            return
        self._next_first()
        self._stage = ROUND_START

    def _start_turn(self) -> None:
        """The next turn, at its first phase."""
        self.turn += 1
        self._ctx["turn"] = self.turn
        self._phase = 0
        self._order = self._p.order[0][self._first]
        self._pos = self._acted = 0
        self._stage = PHASE_ACT

    def _next_first(self) -> None:
        if self._lead >= 0:
            self._first, self._lead = self._lead, -1
        elif self._p.rules.rotate:
            self._first = (self._first + 1) % self._p.n

    def _stalled(self) -> bool:
        """The stalemate ruling (rules/stalemate.py), at a turn's end: True once a whole round
        of turns (one a seat) went by in which no seat could move (it had no move, or only
        pass) and nothing changed (the cards where they were, every counter as it was)."""
        log, mark, pass_id = self._log, self._mark, self._p.pass_id
        self._mark = len(log)
        # (a move is logged as (seat, action); a change or a comparison as a longer tuple)
        last = log[-1] if len(log) > mark else None     # (most turns: a move, at once)
        quiet = not self._chose and (last is None or len(last) == 2 and last[1] == pass_id and
                                     all(len(e) == 2 and e[1] == pass_id for e in log[mark:]))
        self._chose = False
        if not quiet:
            self._still = 0
            return False
        keys = self._p.per_player_counters
        sig = (tuple(map(tuple, self._z)), tuple(tuple(v[k] for k in keys) for v in self.views),
               tuple(self.shared.items()), tuple(self._seats.items()), self._round_over)
        if self._still and sig == self._sig:
            self._still += 1
        else:
            self._sig, self._still = sig, 1
        return self._still > self._p.n     # (the first quiet turn's own change not counted)

    def _check_turn_ends(self) -> bool:
        """_check_ends("turn"), an expression that reads no player of the moment called
        at once."""
        ctx = self._ctx
        for name, cond in self._p.turn_ends:
            if cond(ctx) if cond.free else self.holds_for_any(cond):
                self._finish(name)
                return True
        return False

    def _check_ends(self, after: str) -> bool:
        """The first [[end]] that holds ends the game (after a round, every one is checked)."""
        for end in self._p.rules.ends:
            if (after == "round" or end.at == "turn") and self.holds_for_any(end.condition):
                self._finish(end.name)
                return True
        return False

    def holds_for_any(self, cond) -> bool:
        """An [[end]] (or the [round] end) holds when it holds for any player: `me.points >=
        5` is every player's "a player's points" of the booklet, not only the turn's first
        player's (who = "each": seat 1 reached 5 in seat 2's turn and the game went on). Each
        seat is `me` in turn, from the turn's first player."""
        first, n = self._first, self._p.n
        if not cond.names & PERSONAL:
            return bool(self.eval(cond, first))
        return any(self.eval(cond, (first + k) % n) for k in range(n))

    def _finish(self, how: str) -> None:
        self.ended_by = how
        self._stage = FINISH
        if self._p.finishing is not None and not self._stack:
            self._p.finishing(self)
        else:
            self._push(self._p.finish, self._first)

    def _score(self) -> None:
        if self._p.scoring is not None:
            return self._p.scoring(self)
        n = self._p.n
        rules = self._p.rules
        if rules.teams and rules.score:
            best = self.best(rules.score, list(range(len(rules.teams))), self._first,
                             teams=rules.teams)
            winners = [s for t in best for s in rules.teams[t]]
        else:
            winners = self.best(rules.score, list(range(n)), self._first) \
                if rules.score else list(range(n))
        self._returns = [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]

    # -- what the effects use ----------------------------------------------------------------
    def targets(self, who: str, actor: int) -> Sequence[int]:
        fixed = self._p.fixed.get(who)
        if fixed is not None:
            return fixed[actor]
        seat = self._seats.get(who, -1)
        return (seat,) if seat >= 0 else ()

    def seat_of(self, name: str, actor: int) -> int:
        found = self.targets(name, actor)
        return found[0] if found else -1

    def slot(self, zone, seat: int) -> int:
        return self._p.slots[zone.index][seat]

    def zone_cards(self, slot: int) -> list[int]:
        return self._z[slot]

    def move_card(self, card: int, src: int, dst: int) -> None:
        z, hold, names, sized = self._z, self._hold, self._p.slot_name, self._p.sized
        z[src].remove(card)
        z[dst].append(card)
        if sized[src]:
            hold[src][names[src]] = len(z[src])
        if sized[dst]:
            hold[dst][names[dst]] = len(z[dst])

    def move_tops(self, moves, n: int | None) -> None:
        """move_top(src, dst, n) for each (src, dst) of `moves`, in one call."""
        if n is not None and n < 1:
            return
        z, hold, names, sized = self._z, self._hold, self._p.slot_name, self._p.sized
        for src, dst in moves:
            cards = z[src]
            if not cards or src == dst:     # (onto itself: as it was)
                continue
            to = z[dst]
            if n is None or n >= len(cards):    # all of them (the frequent case)
                to += cards
                cards.clear()
            else:
                to += cards[-n:]
                del cards[-n:]
            if sized[src]:
                hold[src][names[src]] = len(cards)
            if sized[dst]:
                hold[dst][names[dst]] = len(to)

    def move_all(self, moves) -> None:
        """move_tops(moves, None), for (from, to) slots that are never the same."""
        z, hold, names, sized = self._z, self._hold, self._p.slot_name, self._p.sized
        for src, dst in moves:
            cards = z[src]
            if cards:
                to = z[dst]
                to += cards
                cards.clear()
                if sized[src]:
                    hold[src][names[src]] = 0
                if sized[dst]:
                    hold[dst][names[dst]] = len(to)

    def move_cards(self, cards: list[int], src: int, dst: int, owner: int) -> None:
        """Some cards of a zone, in their order there, onto another; `owner` their owner."""
        if not cards:
            return
        z = self._z
        moved = set(cards)
        z[src] = [c for c in z[src] if c not in moved]
        z[dst].extend(cards)
        for c in cards:
            self._owner[c] = owner
        hold, names, sized = self._hold, self._p.slot_name, self._p.sized
        if sized[src]:
            hold[src][names[src]] = len(z[src])
        if sized[dst]:
            hold[dst][names[dst]] = len(z[dst])

    def select(self, expr, actor: int, target: int, cards: list[int]) -> list[int]:
        """The cards for which `expr` (of `card`) holds, all for None: one context for all."""
        if expr is None:
            return list(cards)
        if expr.aggregate or expr.zonal:    # given most, least or a zone's card: one at a time
            return [c for c in cards if self.eval(expr, actor, target, card=c)]
        views, ctx, rows = self.views, self._ctx, self._p.cards
        ctx["me"] = views[actor]
        ctx["opponent"] = views[self._p.next_seat[actor]]
        ctx["target"] = views[target]
        kept = ctx.get("card")
        fn = expr.fn
        try:
            out = []
            for c in cards:
                ctx["card"] = rows[c]
                if fn(ctx):
                    out.append(c)
            return out
        except RulesRuntimeError:
            raise
        except Exception as exc:
            raise expr.failure(exc) from None
        finally:
            ctx["card"] = kept

    def move_top(self, src: int, dst: int, n: int | None) -> None:
        """The top `n` cards of a zone (all for None), in their order, onto another."""
        self.move_tops(((src, dst),), n)

    def counter_name(self, value: Any, where: str) -> str:
        if value not in self._p.per_player_counters:
            raise RulesRuntimeError(f"{value!r} is not a counter of the rules",
                                    self._p.rules.path, field=where)
        return value

    def compared(self, zone, who: str, actor: int) -> list[tuple[int, int]]:
        p = self._p
        if not zone.per_player:
            return [(c, self._by[c]) for c in self._z[p.slot(zone, -1)]]
        seats = self.targets(who, actor) if who != "each" else range(p.n)
        return [(c, s) for s in seats for c in self._z[p.slot(zone, s)]]

    def bind_compare(self, winner: int, loser: int, card: int, tie: bool, played) -> None:
        vals, cards, ctx, seats, views = self._vals, self._p.cards, self._ctx, self._seats, \
            self.views
        self._log.append(("compare", tuple(played), winner))
        seats["winner"], seats["loser"] = winner, loser              # (bind_seat's work)
        if winner >= 0:
            ctx["winner"] = views[winner]
        else:
            ctx.pop("winner", None)
        if loser >= 0:
            ctx["loser"] = views[loser]
        else:
            ctx.pop("loser", None)
        ctx["card"] = vals["card"] = cards[card]
        ctx["tie"] = vals["tie"] = tie
        if self._p.binds_lead:          # (only when some expression reads them)
            ctx["lead"] = vals["lead"] = cards[played[0][0]]
        if self._p.binds_cards:
            ctx["cards"] = vals["cards"] = [cards[c] for c, _ in played]

    def unbind_compare(self) -> None:
        self.bind_seat("winner", -1)
        self.bind_seat("loser", -1)
        self._vals["tie"] = self._ctx["tie"] = False

    def bind_seat(self, name: str, seat: int) -> None:
        self._seats[name] = seat
        if seat >= 0:
            self._ctx[name] = self.views[seat]
        else:
            self._ctx.pop(name, None)

    def _context(self) -> None:
        """The names expressions see that last beyond one evaluation (eval sets me, target
        and opponent): built again for a clone, whose views are its own."""
        ctx = self._ctx = dict(self._vals)
        for name, seat in self._seats.items():
            if seat >= 0:
                ctx[name] = self.views[seat]
        ctx["turn"], ctx["round"], ctx["shared"] = self.turn, self.round, self.shared
        ctx["seats"] = self._p.n
        ctx["players"] = self.views       # (most.wounds is worked out over it)
        # the dict each zone slot's size is kept in (its seat's view, or shared), by slot
        views, shared = self.views, self.shared
        self._hold = [views[seat] if seat >= 0 else shared for _, seat in self._p.slot_zone]

    def set_lead(self, seat: int) -> None:
        self._lead = seat

    def end_round(self) -> None:
        self._round_over = True

    def best(self, by, seats, actor: int, teams=None) -> list[int]:
        """The seats (or teams: their seats' values added) best by the first criterion, ties
        broken by the next ones."""
        left = list(seats)
        for how, expr in by:
            if len(left) <= 1:
                break
            values = [self.eval(expr, actor, s) for s in left] if teams is None else \
                [sum(self.eval(expr, actor, s) for s in teams[t]) for t in left]
            top = max(values) if how == "most" else min(values)
            left = [s for s, v in zip(left, values) if v == top]
        return left

    def eval(self, expr, actor: int, target: int | None = None, card: int | dict | None = None,
             lead: dict | None = None) -> Any:
        """An expression with the names of this moment: me (the actor), target, opponent,
        the bound winner/loser/picks, card, tie, lead, most/least, turn, round, shared."""
        views = self.views
        ctx = self._ctx
        if not expr.free:
            ctx["me"] = views[actor]
            ctx["opponent"] = views[self._p.next_seat[actor]]
            ctx["target"] = views[actor] if target is None else views[target]
        if expr.aggregate:     # (Jinja2's: given most and least as dicts)
            names = expr.names
            if "most" in names:
                ctx["most"] = {k: max([v[k] for v in views]) for k in self._p.aggregates(expr)}
            if "least" in names:
                ctx["least"] = {k: min([v[k] for v in views]) for k in self._p.aggregates(expr)}
        if expr.zonal:
            self._lay_out(expr, actor if target is None else target)
        if card is None and lead is None:
            return expr(ctx)
        kept = ctx.get("card"), ctx.get("lead")
        if card is not None:
            ctx["card"] = self._p.cards[card] if type(card) is int else card
        if lead is not None:
            ctx["lead"] = lead
        try:
            return expr(ctx)
        finally:
            ctx["card"], ctx["lead"] = kept

    def _lay_out(self, expr, seat: int) -> None:
        """ctx top and bottom: the card rows an expression reads from zones (none for an
        empty zone), a zone of each player's being `seat`'s."""
        p, z, rows, ctx = self._p, self._z, self._p.cards, self._ctx
        laid: dict[str, dict] = {"top": {}, "bottom": {}}
        for which, zone, end in p.zonal(expr):
            cards = z[p.slots[zone][seat]]
            laid[which][p.zones[zone].name] = rows[cards[end]] if cards else None
        ctx["top"], ctx["bottom"] = laid["top"], laid["bottom"]

    # -- views -------------------------------------------------------------------------------
    def card_name(self, card: int) -> str:
        rules = self._p.rules
        row = self._p.cards[card]
        if rules.card_label is not None:
            return str(rules.card_label({"card": row}))
        for key in ("name", "title"):
            if row.get(key):
                return str(row[key])
        return f"card {card + 1}"

    def action_to_string(self, action: int) -> str:
        p = self._p
        if self._cur == CHANCE and self._wait is not None:
            if self._wait[0] == "roles":
                roles = p.rules.roles or []
                deal = self._wait[1][action]
                return ", ".join(f"seat {s + 1}: {roles[r][p.rules.role_key]}"
                                 for s, r in enumerate(deal))
            return f"draw {self.card_name(action)}"
        if action == p.pass_id:
            return "pass"
        if action >= p.na * p.nc:          # an action without a card
            act = p.actions[action - p.na * p.nc]
            return act.name if act.label is None else \
                str(self.eval(act.label, max(self._cur, 0)))
        act = p.actions[action // p.nc]
        card = action % p.nc
        if act.source is None:     # (a number `pnp play`'s '#N' tried: no move of the rules)
            return f"action {action}, a card for {act.name}, which takes none"
        if act.label is not None:
            return str(self.eval(act.label, max(self._cur, 0), card=card))
        return f"{act.name} {self.card_name(card)}" if p.na > 1 else self.card_name(card)

    def observation(self, player: int) -> dict:
        p = self._p
        if not 0 <= player < p.n:
            raise ValueError(f"no seat {player!r}")
        zones: dict[str, Any] = {}
        names: dict[int, str] = {}
        for s, (name, seat) in enumerate(p.slot_zone):
            zone = p.rules.zones[name]
            cards = self._z[s]
            seen = zone.visible == "public" or (zone.visible == "owner" and seat == player)
            key = name if seat < 0 else f"{name}[{seat + 1}]"
            if seen:
                zones[key] = tuple(cards) if zone.ordered else tuple(sorted(cards))
                names.update((c, self.card_name(c)) for c in cards)
            else:   # the backs: how many, and whose
                zones[key] = ("hidden", tuple(sorted(self._owner[c] for c in cards)))
        counters = [{k: v for k, v in view.items() if k in p.per_player_counters}
                    for view in self.views]
        roles = [view["role"].get(p.rules.role_key) if view["role"] else None
                 for view in self.views]
        phase = p.rules.phases[self._phase].name if self._phase < len(p.rules.phases) else ""
        return {"seat": player + 1, "turn": self.turn, "round": self.round, "phase": phase,
                "to_move": self._cur + 1 if self._cur >= 0 else None, "roles": roles,
                "counters": counters, "shared": {k: self.shared[k] for k in p.shared_counters},
                "zones": zones, "card_names": dict(sorted(names.items()))}

    def stats(self) -> dict[str, Any]:
        p = self._p
        r = self._returns or []
        top = max(r) if r else 0
        out: dict[str, Any] = {
            "turns": self.turn, "rounds": self.round, "ended_by": self.ended_by,
            "winners": [s + 1 for s, v in enumerate(r) if v == top and v > 0],
            "counters": [{k: view[k] for k in p.per_player_counters} for view in self.views],
            "roles": [view["role"].get(p.rules.role_key) if view["role"] else None
                      for view in self.views]}
        # a counter with no max written held at the default one: what it gained past it was
        # lost, which the lab says (games/rules/lab.py)
        capped = [k for k, high in p.default_max if any(view[k] == high for view in self.views)]
        if capped:
            out["at_default_max"] = capped
        return out

    def _seen(self, zone, owner: int, viewer: int) -> bool:
        return zone.visible == "public" or (zone.visible == "owner" and owner == viewer)

    def unseen_move(self, viewer: int, action: int) -> bool:
        """A card moved between zones `viewer` cannot see (a face-down choice)."""
        p = self._p
        mover = self._cur
        if mover < 0 or action >= p.na * p.nc or action < 0:
            return False
        act = p.actions[action // p.nc]
        return act.dest is not None and not self._seen(act.source, mover, viewer) and \
            not self._seen(act.dest, mover, viewer)

    def unseen_draw(self, viewer: int) -> bool:
        """Chance is to draw a card from a zone `viewer` cannot see."""
        if self._cur != CHANCE or self._wait is None or self._wait[0] != "draw":
            return False
        name, seat = self._p.slot_zone[self._jobs[0][0]]
        return not self._seen(self._p.rules.zones[name], seat, viewer)

    @property
    def num_cards(self) -> int:
        return self._p.nc

    def hidden_from(self, viewer: int, card: int) -> bool:
        """The card lies where `viewer` cannot see it."""
        for slot, (name, seat) in enumerate(self._p.slot_zone):
            if card in self._z[slot]:
                return not self._seen(self._p.rules.zones[name], seat, viewer)
        return False

    def public_log(self) -> list[str]:
        """What everyone saw happen: the moves (a face-down card unnamed), the cards compared
        and who won, every counter that changed."""
        out = []
        for entry in self._log:
            if entry[0] == "compare":
                _, played, winner = entry
                shown = ", ".join(self.card_name(c) + (f" (seat {s + 1})" if s >= 0 else "")
                                  for c, s in played)     # s < 0: a card no seat played
                if len(played) == 1 and played[0][1] < 0:   # a card read, not a contest:
                    out.append(f"  drawn: {shown}")          # the rules put it there
                    continue
                out.append(f"  {shown}: " + (f"seat {winner + 1} wins" if winner >= 0
                                             else "nobody wins"))
            elif entry[0] == "change":
                _, seat, name, old, new = entry
                who = f"seat {seat + 1}" if seat >= 0 else "the table"
                out.append(f"  {who}: {name} {old} -> {new}")
            else:
                seat, action = entry
                out.append(f"seat {seat + 1}: {self.public_move(seat, action)}")
        return out

    def public_move(self, seat: int, action: int) -> str:
        """How a move made earlier reads to everyone (a card played face down is not named)."""
        p = self._p
        if 0 <= action < p.na * p.nc:
            act = p.actions[action // p.nc]
            if act.dest is not None and act.dest.visible != "public":
                return f"{act.name}: a card to {act.dest.name}, face down"
            return f"{act.name}: {self.card_name(action % p.nc)}"
        if action == p.pass_id:
            return "pass"
        return p.actions[action - p.na * p.nc].name if action > 0 else str(action)

    def card_events(self, player: int, action: int) -> list[tuple]:
        """(seat, file, row index, "held" | "played"): the cards of the player's own zones and
        of the zones its moves take from (a market), and the card a card action plays (for
        the per-card statistics: a card held but not played is one the seat could have
        played)."""
        p = self._p
        rows = p.rules.card_rows
        slots = {slot for slot, (_, seat) in enumerate(p.slot_zone) if seat == player}
        if self._phase < len(p.rules.phases):
            slots |= {p.slot(a.source, player) for a in self._phase_now().actions
                      if a.source is not None}
        out = [(player, *rows[c], "held") for slot in sorted(slots) for c in self._z[slot]]
        if 0 <= action < p.na * p.nc:
            c = action % p.nc
            out += [(player, *rows[c], "held"), (player, *rows[c], "played")]
        return out

    # -- copies ------------------------------------------------------------------------------
    def clone(self) -> "RulesState":
        s = RulesState.__new__(RulesState)
        self._copy_into(s)
        return s

    def _copy_into(self, s: "RulesState") -> None:
        """`s` made a copy of this state (sharing nothing it changes)."""
        s._p = self._p
        s._fresh = False
        s._cur = self._cur
        s.views = [dict(v) for v in self.views]
        s.shared = dict(self.shared)
        s._z = [list(z) for z in self._z]
        s._owner = list(self._owner)
        s._by = list(self._by)
        s._seats = dict(self._seats)
        s._vals = dict(self._vals)
        s._stage, s.turn, s.round, s._phase = self._stage, self.turn, self.round, self._phase
        s._order, s._pos, s._acted, s._first = self._order, self._pos, self._acted, self._first
        s._lead, s._round_over = self._lead, self._round_over
        s._stack = [list(f) for f in self._stack]
        s._wait, s._jobs = self._wait, list(self._jobs)
        s.ended_by, s._returns = self.ended_by, self._returns
        s._log = list(self._log)
        s._now = self._now
        s._steps = self._steps
        s._mark, s._chose, s._still, s._sig = self._mark, self._chose, self._still, self._sig
        s._context()

    def determinize(self, player: int, rng: random.Random) -> "RulesState":
        """The cards `player` cannot see (other seats' own zones, hidden zones) dealt again at
        random; each keeps the back it shows (whose card it is), each zone its size."""
        p = self._p
        s = self.clone()
        hidden = []
        for slot, (name, seat) in enumerate(p.slot_zone):
            zone = p.rules.zones[name]
            if zone.visible == "hidden" or (zone.visible == "owner" and seat != player):
                hidden.append(slot)
        pools: dict[int, list[int]] = {}
        for slot in hidden:
            for c in self._z[slot]:
                pools.setdefault(self._owner[c], []).append(c)
        for pool in pools.values():
            pool.sort()
            rng.shuffle(pool)
        for slot in hidden:
            backs = sorted(self._owner[c] for c in self._z[slot])
            s._z[slot] = sorted(pools[b].pop() for b in backs)
        if s._cur >= 0:      # the seat to move may hold other cards now
            s._now = s._legal(s._cur)
        return s

    def __repr__(self) -> str:
        return f"RulesState(turn={self.turn}, to_move={self._cur}, counters={self.views})"

