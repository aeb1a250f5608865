"""The effect verbs of a rules file. Each effect is one inline table with one verb and its
modifiers, compiled once into an object; bound to a player count (bind(plan), plan.Plan) it
is a function of the state and the actor that changes the state (and returns True when it
waits for chance: a card drawn from a hidden zone, the roles dealt).

    roles = "random"                       deal one role row to each seat (chance)
    give = ZONE, where = expr              every card of `from` (default: the box) for which
                                           `where` holds goes to each target's ZONE
    move = ZONE, to = ZONE, count = expr   the top `count` cards (default: all) of ZONE
    draw = ZONE, to = ZONE, count = expr   cards drawn (from a hidden zone: at random)
    gain | lose | set = COUNTER, amount    a counter (a name, or "{{ card.type }}"), kept in
                                           its min..max
    compare = ZONE, by = [...]             the card that beats every other: binds winner,
                                           loser, card (the winning card), tie, lead, cards
    pick = NAME, by = [...]                the one player best by `by` (nobody on a tie)
    lead = WHO                             that player starts the next turn
    end_round = true                       the round ends after this turn

Modifiers: who (me, opponent, next, previous, each, others, winner, loser or a picked name:
the targets), if (skipped unless it holds), as (a picked name or winner/loser becomes `me`)."""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Any, Callable

from .expr import RulesRuntimeError
from .spec import WHO_FIXED, close

if TYPE_CHECKING:
    from .spec import Reader

VERBS = ("roles", "give", "move", "draw", "gain", "lose", "set", "compare", "pick", "lead",
         "end_round")
MODIFIERS = {"roles": (), "give": ("where", "from", "who"), "move": ("to", "count", "who"),
             "draw": ("to", "count", "who"), "gain": ("amount", "who"),
             "lose": ("amount", "who"), "set": ("amount", "who"), "compare": ("by", "who"),
             "pick": ("by", "among"), "lead": (), "end_round": ()}
COMMON = ("if", "as")
MAX_ROLE_DEALS = 5040


def compile_effect(reader: Reader, item: Any, where: str):
    if not isinstance(item, dict):
        raise reader.error(f"an effect is a table such as {{ draw = \"deck\", to = \"hand\" }}, "
                           f"not {item!r}", where)
    verbs = [k for k in item if k in VERBS]
    if len(verbs) != 1:
        unknown = [k for k in item if k not in VERBS and k not in COMMON and
                   all(k not in m for m in MODIFIERS.values())]
        if unknown:
            raise reader.error(f"no verb {unknown[0]!r}{close(unknown[0], VERBS)}",
                               f"{where}.{unknown[0]}")
        raise reader.error(f"an effect has one verb ({', '.join(VERBS)}); this one has "
                           f"{len(verbs)}: {', '.join(verbs) or 'none'}", where)
    verb = verbs[0]
    allowed = (verb,) + MODIFIERS[verb] + COMMON
    reader.keys(item, allowed, where)
    return CLASSES[verb](reader, item, where, verb)


class Effect:
    __slots__ = ("where", "cond", "as_", "who", "n")

    default_who = "me"
    may_wait = False         # may wait for chance (a card drawn at random, the roles dealt)

    def __init__(self, reader: Reader, item: dict, where: str, verb: str):
        self.where = where
        self.n = reader.rules.players[1]
        self.cond = reader.condition(item["if"], f"{where}.if") if "if" in item else None
        self.as_ = self._who(reader, item.get("as"), f"{where}.as") if "as" in item else None
        self.who = self._who(reader, item.get("who", self.default_who), f"{where}.who")

    @staticmethod
    def _who(reader: Reader, value: Any, where: str) -> str:
        known = list(WHO_FIXED) + sorted(reader.picks)
        if not isinstance(value, str) or value not in known:
            hint = close(value, known) if isinstance(value, str) else \
                f"; there are: {', '.join(known)}"
            raise reader.error(f"{value!r} is not a player{hint}", where)
        return value

    def bind(self, plan) -> Callable[[Any, int], bool]:
        """This effect for one player count (plan.Plan): a function of the state and the
        actor that runs it (True: it waits for chance)."""
        apply = self.bound(plan)
        if self.cond is None and self.as_ is None:
            return apply
        cond, as_ = self.cond, self.as_
        if as_ is None and cond is not None and cond.free:   # `if = "tie"`: no player to bind
            def checked(state, actor: int) -> bool:   # (of the engine's names of the moment)
                return apply(state, actor) if cond(state._ctx) else False
            return checked

        def run(state, actor: int) -> bool:
            if as_ is not None:
                actor = state.seat_of(as_, actor)
                if actor < 0:
                    return False
            if cond is not None and not state.eval(cond, actor):
                return False
            return apply(state, actor)
        return run

    def bound(self, plan) -> Callable[[Any, int], bool]:
        """apply, for the plan (an effect may work its targets' slots out once)."""
        return self.apply

    def apply(self, state, actor: int) -> bool:
        raise NotImplementedError


class Roles(Effect):
    __slots__ = ("deals",)

    def __init__(self, reader, item, where, verb):
        super().__init__(reader, item, where, verb)
        roles = reader.rules.roles
        if item["roles"] != "random":
            raise reader.error("roles = \"random\" (each seat is dealt a role at random)", where)
        if roles is None:
            raise reader.error("roles need [players] roles = \"file.csv\" (one row a role)",
                               f"{where}.roles")
        low, high = reader.rules.players
        if len(roles) < high:
            raise reader.error(f"{len(roles)} roles for up to {high} players: each seat needs "
                               "its own", f"{where}.roles")
        count = 1
        for k in range(high):
            count *= len(roles) - k
        if count > MAX_ROLE_DEALS:
            raise reader.error(f"{count} ways to deal the roles: at most {MAX_ROLE_DEALS}", where)
        self.deals = len(roles)

    may_wait = True

    def bound(self, plan):
        wait = ("roles", tuple(itertools.permutations(range(self.deals), plan.n)))

        def run(state, actor: int) -> bool:
            state.wait_for(wait, ())
            return True
        return run


class Give(Effect):
    __slots__ = ("zone", "source", "where_")
    default_who = "each"

    def __init__(self, reader, item, where, verb):
        super().__init__(reader, item, where, verb)
        self.zone = reader.zone(item["give"], f"{where}.give")
        self.source = reader.zone(item.get("from", "box"), f"{where}.from")
        self.where_ = reader.condition(item["where"], f"{where}.where") \
            if "where" in item else None

    def apply(self, state, actor):
        for target in state.targets(self.who, actor):
            src = state.slot(self.source, target)
            cards = state.select(self.where_, actor, target, state.zone_cards(src))
            state.move_cards(cards, src, state.slot(self.zone, target), owner=target)
        return False


class Move(Effect):
    __slots__ = ("source", "dest", "count")

    def __init__(self, reader, item, where, verb):
        super().__init__(reader, item, where, verb)
        self.source = reader.zone(item[verb], f"{where}.{verb}")
        if "to" not in item:
            raise reader.error(f"{verb} needs to = \"zone\"", f"{where}.to")
        self.dest = reader.zone(item["to"], f"{where}.to")
        self.count = reader.compiler.compile(item["count"], f"{where}.count") \
            if "count" in item else None
        if self.count is not None:
            reader.card_numbers.append(self.count)
            if self.count.constant:         # count = 2.5, "options.goal / 12": found now
                _whole(self.count.fn({}), self.count)

    def apply(self, state, actor):
        for target in state.targets(self.who, actor):
            n = None if self.count is None else _whole(state.eval(self.count, actor, target),
                                                       self.count)
            state.move_top(state.slot(self.source, target), state.slot(self.dest, target), n)
        return False

    def tops(self, plan) -> tuple[tuple, int | None] | None:
        """Fixed targets and count, no `if` or `as`: (the (from, to) slots of each actor's
        targets, the count), which consecutive moves share in one call (Plan.bind)."""
        fixed = plan.fixed.get(self.who)
        if type(self) is not Move or fixed is None or self.cond is not None or \
                self.as_ is not None or (self.count is not None and not self.count.constant):
            return None
        k = None if self.count is None else _whole(self.count.fn({}), self.count)
        return tuple(tuple((plan.slot(self.source, t), plan.slot(self.dest, t))
                           for t in fixed[a]) for a in range(plan.n)), k

    def bound(self, plan):
        found = self.tops(plan)
        return self.apply if found is None else moves_at_once(*found, plan.reference)


class Draw(Move):
    __slots__ = ()

    @property
    def may_wait(self) -> bool:    # type: ignore[override]
        return self.source.visible == "hidden"

    def apply(self, state, actor):
        jobs = []
        for target in state.targets(self.who, actor):
            n = 1 if self.count is None else _whole(state.eval(self.count, actor, target),
                                                    self.count)
            if n > 0:
                jobs.append((state.slot(self.source, target), state.slot(self.dest, target), n))
        if not jobs:
            return False
        if self.source.visible != "hidden":   # a face-up pile: its top cards
            for src, dst, n in jobs:
                cards = state.zone_cards(src)
                for c in cards[len(cards) - min(n, len(cards)):][::-1]:
                    state.move_card(c, src, dst)
            return False
        return state.wait_for(("draw",), jobs)


def moves_at_once(pairs: tuple, k: int | None, general: bool = False
                  ) -> Callable[[Any, int], bool]:
    """Moves of the top `k` cards (all: None) between each actor's (from, to) slots, in
    order, in one call (`general`: through move_tops, the reference plan's way)."""
    if k is None and not general:   # all of each zone (the frequent case); onto itself: nothing
        every = tuple(tuple((a, b) for a, b in moves if a != b) for moves in pairs)

        def run_all(state, actor: int) -> bool:
            state.move_all(every[actor])
            return False
        return run_all

    def run(state, actor: int) -> bool:
        state.move_tops(pairs[actor], k)
        return False
    return run


# the names only a compare and the turn machine change: an `if` of these alone holds for a
# run of effects with no compare among them as it held for the first
STEADY = frozenset({"tie", "turn", "round", "seats", "options"})


def steady(effect) -> bool:
    """An effect under an `if` of STEADY names only, with no `as`, that never waits and is no
    compare: Plan.bind tests one `if` for a run of them."""
    cond = effect.cond
    return cond is not None and cond.free and cond.names <= STEADY and effect.as_ is None \
        and not effect.may_wait and not isinstance(effect, Compare)


def when(cond, applies: list) -> Callable[[Any, int], bool]:
    """Effects (none of which waits) run when `cond`, of the engine's names of the moment
    alone, holds: tested once for all of them."""
    runs = tuple(applies)

    def run(state, actor: int) -> bool:
        if cond(state._ctx):
            for apply in runs:
                apply(state, actor)
        return False
    return run


def _whole(value: Any, expr, what: str = "a count") -> int:
    """The value of a count or an amount (`expr` the expression, which names its file and
    key): the counters and the piles count whole things, so 1.5 is refused, never cut to 1
    (a count below 0 moves no card)."""
    if type(value) is int:         # (10**400 too: no float is that large)
        return value
    if type(value) is not float or not math.isfinite(value) or value != int(value):
        raise RulesRuntimeError(f"{what} must be a whole number, not {value!r}", expr.path,
                                field=expr.where)
    return int(value)


class Change(Effect):
    """gain, lose, set: the counter may be named by a card's field ("{{ card.type }}")."""

    __slots__ = ("name", "named", "amount", "verb", "shared")

    def __init__(self, reader, item, where, verb):
        super().__init__(reader, item, where, verb)
        self.verb = verb
        raw = item[verb]
        counters = reader.rules.counters
        self.name, self.named = None, None
        if isinstance(raw, str) and "{{" in raw:
            self.named = reader.compiler.compile(raw, f"{where}.{verb}")
            reader.counter_fields.append((self.named, f"{where}.{verb}"))
            self.shared = False
        else:
            if not isinstance(raw, str) or raw not in counters:
                raise reader.error(f"no counter {raw!r}{close(str(raw), list(counters))}",
                                   f"{where}.{verb}")
            self.name = raw
            self.shared = not counters[raw].per_player
        self.amount = reader.compiler.compile(item.get("amount", 1), f"{where}.amount")
        reader.card_numbers.append(self.amount)
        if self.amount.constant:        # amount = 1.5, "options.goal / 4": found now
            _whole(self.amount.fn({}), self.amount, "an amount")

    def bound(self, plan):
        """The one place a counter changes: the targets of a fixed `who`, a constant amount
        and the counters' bounds worked out once; kept in min..max, logged after the setup."""
        fixed = plan.fixed.get(self.who)
        per_player = self.named is not None or plan.counters[self.name].per_player
        if not per_player:
            fixed = tuple((a,) for a in range(plan.n))
        amount = self.amount
        if fixed is not None or not per_player or not (amount.constant or amount.free) or \
                plan.reference:
            return self._each(plan, fixed, per_player)
        return self._one(plan)

    def _counter(self, plan) -> Callable[[Any, int, int], str]:
        """The counter's name for a target: its own, or the one ctx's card names ("{{
        card.type }}": looked up by the plan's own card rows, by identity; any other row
        evaluated, and an Error when it names no counter)."""
        own, named, counters = self.name, self.named, plan.per_player_counters
        if named is None:
            return lambda state, actor, target: str(own)
        by_row: dict[int, str] = {}
        if not named.names - {"card", "options"}:
            by_row = {id(row): named({"card": row}) for row in plan.cards}
            if any(name not in counters for name in by_row.values()):
                by_row = {}          # (load refuses such a card; evaluating names it)

        def counter(state, actor: int, target: int) -> str:
            name = by_row.get(id(state._ctx.get("card")))
            if name is None:
                name = _value_of(named, state, actor, target)
                if name not in counters:
                    state.counter_name(name, named.where)     # (its Error)
            return name
        return counter

    def _changer(self, plan, per_player: bool) -> Callable[[Any, int, str, Any], None]:
        """A counter of a target (a seat, or the table) changed by a value: checked, kept
        in its min..max, logged after the setup."""
        bounds = {k: (c.low, c.high) for k, c in plan.counters.items()}
        gain, lose = self.verb == "gain", self.verb == "lose"
        amount = self.amount
        path, where = plan.rules.path, amount.where
        from .engine import SETUP       # (a change in the setup is not logged)

        def change(state, target: int, name: str, v: Any) -> None:
            if type(v) is not int:
                if type(v) is not float or not math.isfinite(v):
                    raise RulesRuntimeError(f"the amount is {v!r}, not a number", path,
                                            field=where)
                v = _whole(v, amount, "an amount")
            low, high = bounds[name]
            holder = state.views[target] if per_player else state.shared
            old = holder[name]
            new = int(old + v if gain else old - v if lose else v)
            holder[name] = new = high if new > high else low if new < low else new
            if new != old and state._stage != SETUP:     # (state.changed's log)
                state._log.append(("change", target if per_player else -1, name, old, new))
        return change

    def _each(self, plan, fixed, per_player: bool) -> Callable[[Any, int], bool]:
        """The change for each target (a fixed `who`'s, or the one named seat's)."""
        who, amount = self.who, self.amount
        counter, change = self._counter(plan), self._changer(plan, per_player)

        def run(state, actor: int) -> bool:
            if fixed is not None:
                targets = fixed[actor]
            else:       # one named seat (winner, loser, a pick), or nobody (-1)
                seat = state._seats.get(who, -1)
                if seat < 0:
                    return False
                targets = (seat,)
            for target in targets:
                name = counter(state, actor, target)
                change(state, target, name, amount.fn(None) if amount.constant else
                       _value_of(amount, state, actor, target))
            return False
        return run

    def _one(self, plan) -> Callable[[Any, int], bool]:
        """run, for one named seat (winner, loser, a pick) and an amount that reads no
        player of the moment (the frequent case): no loop."""
        who, amount = self.who, self.amount
        counter, change = self._counter(plan), self._changer(plan, True)
        value = amount.fn(None) if amount.constant else None

        def one(state, actor: int) -> bool:
            seat = state._seats.get(who, -1)
            if seat < 0:
                return False
            name = counter(state, actor, seat)
            change(state, seat, name, value if amount.constant else
                   _value_of(amount, state, actor, seat))
            return False
        return one


def _value_of(expr, state, actor: int, target: int) -> Any:
    """An expression of the moment: one that reads no me/target called at once."""
    return expr(state._ctx) if expr.free else state.eval(expr, actor, target)


class Compare(Effect):
    __slots__ = ("zone", "by", "table")
    default_who = "each"

    def __init__(self, reader, item, where, verb):
        super().__init__(reader, item, where, verb)
        self.zone = reader.zone(item["compare"], f"{where}.compare")
        if "by" not in item:
            raise reader.error("compare needs by = [{ field = \"type\", relation = "
                               "\"attacks.csv\", beats = \"beats\" }, { highest = "
                               "\"card.rank\" }]", f"{where}.by")
        self.by = reader.criteria(item["by"], f"{where}.by")
        self.table: dict[tuple[int, int], int] | None = None
        if all(kind != "expr" for kind, *_ in self.by) and len(reader.rules.cards) <= 200:
            cards = reader.rules.cards
            self.table = {(a, b): _versus(self.by, cards[a], cards[b], None, None)
                          for a in range(len(cards)) for b in range(len(cards))}

    def apply(self, state, actor):
        played = state.compared(self.zone, self.who, actor)   # [(card, seat)]
        if not played:
            state.unbind_compare()
            return False
        cards = state.cards
        lead = cards[played[0][0]]
        winner = -1
        for i, (a, _) in enumerate(played):
            if all(self._versus(state, a, b, lead, actor) > 0
                   for j, (b, _) in enumerate(played) if j != i):
                winner = i
                break
        if winner < 0:
            state.bind_compare(-1, -1, played[0][0], True, played)
        else:
            loser = played[1 - winner][1] if len(played) == 2 else -1
            state.bind_compare(played[winner][1], loser, played[winner][0], False, played)
        return False

    def bound(self, plan):
        """Each seat's own zone compared (who = "each"): their slots, once; two cards of a
        precomputed comparison looked up at once."""
        if self.who != "each" or not self.zone.per_player:
            return self.apply
        slots = tuple(plan.slot(self.zone, s) for s in range(plan.n))
        table = self.table
        versus = self._versus
        general = self._each(slots, table, versus)
        if table is None or len(slots) != 2:
            return general
        first, second = slots
        # table[(a, b)] as rows of a list, by card a then card b
        beats = [[table[(a, b)] for b in range(plan.nc)] for a in range(plan.nc)]

        def two(state, actor: int) -> bool:
            """Two seats with one card each (the frequent case), compared at once."""
            z = state._z
            mine, theirs = z[first], z[second]
            if len(mine) != 1 or len(theirs) != 1:
                return general(state, actor)
            a, b = mine[0], theirs[0]
            played = ((a, 0), (b, 1))
            r = beats[a][b]
            if r > 0:
                state.bind_compare(0, 1, a, False, played)
            elif r < 0:
                state.bind_compare(1, 0, b, False, played)
            else:
                state.bind_compare(-1, -1, a, True, played)
            return False
        return two

    def _each(self, slots: tuple[int, ...], table, versus) -> Callable[[Any, int], bool]:
        """Each seat's own zone compared, by their slots."""
        def run(state, actor: int) -> bool:
            z = state._z
            played = [(c, s) for s, slot in enumerate(slots) for c in z[slot]]
            if table is not None and len(played) == 2:
                (a, sa), (b, sb) = played
                r = table[(a, b)]
                if r > 0:
                    state.bind_compare(sa, sb, a, False, played)
                elif r < 0:
                    state.bind_compare(sb, sa, b, False, played)
                else:
                    state.bind_compare(-1, -1, a, True, played)
                return False
            if not played:
                state.unbind_compare()
                return False
            lead = state.cards[played[0][0]]
            for i, (a, sa) in enumerate(played):
                if all(versus(state, a, b, lead, actor) > 0
                       for j, (b, _) in enumerate(played) if j != i):
                    loser = played[1 - i][1] if len(played) == 2 else -1
                    state.bind_compare(sa, loser, a, False, played)
                    return False
            state.bind_compare(-1, -1, played[0][0], True, played)
            return False
        return run

    def _versus(self, state, a: int, b: int, lead, actor) -> int:
        if self.table is not None:
            return self.table[(a, b)]
        cards = state.cards
        return _versus(self.by, cards[a], cards[b], lead, lambda e, c: state.eval(
            e, actor, card=c, lead=lead))


def _versus(by, a: dict, b: dict, lead, evaluate) -> int:
    """1 when card a beats card b by the first criterion that tells them apart, -1 when b
    beats a, 0 when none does."""
    for kind, *args in by:
        if kind == "relation":
            column, pairs = args
            x, y = a.get(column), b.get(column)
            if (x, y) in pairs:
                return 1
            if (y, x) in pairs:
                return -1
        elif kind == "order":
            column, ranks = args
            x, y = ranks.get(a.get(column), len(ranks)), ranks.get(b.get(column), len(ranks))
            if x != y:
                return 1 if x < y else -1
        else:
            how, expr = args
            x, y = evaluate(expr, a), evaluate(expr, b)
            try:
                if x != y:
                    return (1 if x > y else -1) * (1 if how == "highest" else -1)
            except TypeError:       # ("3" > 2: load refuses such a card cell)
                raise RulesRuntimeError(f"{expr.raw!r} is {x!r} for one card and {y!r} for "
                                        "another: the highest or lowest is of numbers",
                                        expr.path, field=expr.where) from None
    return 0


class Pick(Effect):
    __slots__ = ("name", "by", "among")

    def __init__(self, reader, item, where, verb):
        super().__init__(reader, item, where, verb)
        self.name = item["pick"]
        reader._name(self.name, f"{where}.pick")
        self.by = reader.ranking(item.get("by", []), f"{where}.by")
        if not self.by:
            raise reader.error("pick needs by = [{ most = \"target.score\" }]", f"{where}.by")
        self.among = self._who(reader, item.get("among", "each"), f"{where}.among")

    def apply(self, state, actor):
        best = state.best(self.by, state.targets(self.among, actor), actor)
        state.bind_seat(self.name, best[0] if len(best) == 1 else -1)
        return False

    def bound(self, plan):
        """A fixed `among` ranked by expressions Jinja2 need not be given most/least for:
        state.best's work with each seat's `target` set in turn, in one call."""
        fixed = plan.fixed.get(self.among)
        if fixed is None or any(expr.aggregate or expr.zonal for _, expr in self.by):
            return self.apply
        by, name, next_seat = self.by, self.name, plan.next_seat

        def run(state, actor: int) -> bool:
            views, ctx = state.views, state._ctx
            ctx["me"] = views[actor]                     # (as state.eval sets them)
            ctx["opponent"] = views[next_seat[actor]]
            left = fixed[actor]
            for how, expr in by:
                if len(left) <= 1:
                    break
                fn = expr.fn
                values = []
                try:
                    for seat in left:
                        ctx["target"] = views[seat]
                        values.append(fn(ctx))
                except RulesRuntimeError:
                    raise
                except Exception as exc:
                    raise expr.failure(exc) from None
                top = max(values) if how == "most" else min(values)
                left = tuple(seat for seat, v in zip(left, values) if v == top)
            state.bind_seat(name, left[0] if len(left) == 1 else -1)
            return False
        return run


class Lead(Effect):
    __slots__ = ()

    def __init__(self, reader, item, where, verb):
        item = {**item, "who": item["lead"]}
        super().__init__(reader, item, where, verb)

    def apply(self, state, actor):
        for target in state.targets(self.who, actor):
            state.set_lead(target)
            break
        return False


class EndRound(Effect):
    __slots__ = ()

    def __init__(self, reader, item, where, verb):
        super().__init__(reader, item, where, verb)
        if item["end_round"] is not True:
            raise reader.error("end_round = true", f"{where}.end_round")

    def apply(self, state, actor):
        state.end_round()
        return False


CLASSES = {"roles": Roles, "give": Give, "move": Move, "draw": Draw, "gain": Change,
           "lose": Change, "set": Change, "compare": Compare, "pick": Pick, "lead": Lead,
           "end_round": EndRound}
