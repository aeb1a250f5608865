"""A turn's end as generated Python source (as Jinja2's sandbox compiles a template to
Python): once a phase's seats have acted, its effects and the effects of the phases after it
that no seat acts in, the [[end]] checks and the next turn's start, up to the next seat's
legal moves, as one function per phase with the effects and expressions inlined.

What keeps it safe: no text of the game folder is ever written into the source. A zone is
its slot number, a counter, a field, a pick or any other key is `k<i>`, an item of the
constants tuple K passed in; a literal is the repr() of an int or finite float checked here,
or True, False, None. The source runs with empty builtins and only the helpers passed in
(`h<i>`: len, sorted, max, ..., the general path's closures). What cannot be written so
(an expression Jinja2 runs, an effect with no writer here, a value of a type not known when
the source is written) runs the general path in its place: the effect's bound closure, the
expression's own evaluation. Plan(reference=True) writes none; tests/test_rules_generated.py
holds both to the same games."""

from __future__ import annotations

import math
import operator
from typing import Any, Callable

from .direct import INT_BITS, limited_op
from .expr import PERSONAL
from .stalemate import ENDED_BY as STALEMATE
from .verbs import Change, Compare, Move, Pick

# the stages of engine.py's turn machine (repeated: engine imports this module)
TURN_END = 4
NOBODY = -3


class _Refused(Exception):
    """An expression or effect the writer leaves to the general path."""


class Source:
    """Python source being written, with the constants and helpers it names by index."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.constants: list[Any] = []
        self.helpers: list[Any] = []
        self._temp = 0

    def const(self, value: Any) -> str:
        for i, known in enumerate(self.constants):
            if known is value or (type(known) is type(value) and type(value) in (str, int)
                                  and known == value):
                return f"k{i}"
        self.constants.append(value)
        return f"k{len(self.constants) - 1}"

    def helper(self, fn: Any) -> str:
        for i, known in enumerate(self.helpers):
            if known is fn:
                return f"h{i}"
        self.helpers.append(fn)
        return f"h{len(self.helpers) - 1}"

    def temp(self) -> str:
        self._temp += 1
        return f"x{self._temp}"

    def add(self, depth: int, line: str) -> None:
        self.lines.append("    " * depth + line)


def literal(value: Any) -> str | None:
    """The source of a literal pnp may write: an int, a finite float, True, False, None."""
    if value is None or value is True or value is False:
        return repr(value)
    if type(value) is int or (type(value) is float and math.isfinite(value)):
        return f"({value!r})"
    return None


INT, NUMBER, VIEW, ROW = "int", "number", "view", "row"
_ADD = limited_op("+", operator.itemgetter(0), operator.itemgetter(1))
_MUL = limited_op("*", operator.itemgetter(0), operator.itemgetter(1))


def _add(x: Any, y: Any) -> Any:
    return _ADD((x, y))  # type: ignore[arg-type]  # (direct's function of a row: a pair here)


def _mul(x: Any, y: Any) -> Any:
    return _MUL((x, y))  # type: ignore[arg-type]


class Expressions:
    """Expressions as inline source over the state's names: V (the players' dicts), ctx
    (the names of the moment), the actor `a` and the target `t` (None: the actor)."""

    def __init__(self, plan, src: Source):
        self.plan, self.src = plan, src
        rules = plan.rules
        self.seat_names = {"winner", "loser"} | set(rules.picks)
        self.bounds = {k: max(abs(c.low), abs(c.high)) for k, c in plan.per_player_counters.items()}
        self.sizes = {z.name for z in plan.size_zones if z.per_player}
        self.rows_ok = all(type(row) is dict for row in plan.cards)

    def value(self, expr, depth: int, target: str | None) -> tuple[str, Any]:
        """Lines that set a new local to the expression's value (the general evaluation
        when the inline source fails: its error, or its value); (the local, its type)."""
        src = self.src
        out = src.temp()
        if expr.constant:
            code = literal(expr.fn({}))
            return (code or src.const(expr.fn({}))), _type_of(expr.fn({}))
        try:
            code, kind = self.write(expr.tree, target)
        except _Refused:
            fallback = src.helper(_evaluation(expr))
            src.add(depth, f"{out} = {fallback}(S, a, {target or 'None'})")
            return out, None
        fallback = src.helper(_evaluation(expr))
        src.add(depth, "try:")
        src.add(depth + 1, f"{out} = {code}")
        src.add(depth, f"except {src.helper(Exception)}:")
        src.add(depth + 1, f"{out} = {fallback}(S, a, {target or 'None'})")
        return out, kind

    def condition(self, expr, depth: int) -> str:
        """A local holding whether `expr` holds (value's, with `most.x >= n` written as
        `V[0][x] >= n or V[1][x] >= n`: the same truth, no call)."""
        tree = expr.tree
        if tree[0] == "compare" and tree[2][0] == "aggregate" and tree[1] in (">=", ">", "<=", "<") \
                and (tree[2][1] == "most") == (tree[1] in (">=", ">")) and \
                tree[2][2] in self.bounds:
            try:
                other, kind = self.write(tree[3], None)
            except _Refused:
                other = None
            if other is not None and _is_number(kind) and tree[3][0] == "const":
                k = self.src.const(tree[2][2])
                code = " or ".join(f"V[{s}][{k}] {tree[1]} {other}" for s in range(self.plan.n))
                out = self.src.temp()
                self.src.add(depth, f"{out} = ({code})")
                return out
        return self.value(expr, depth, None)[0]

    def write(self, node: tuple, target: str | None) -> tuple[str, Any]:
        kind = node[0]
        if kind == "const":
            code = literal(node[1])
            if code is None and type(node[1]) is not str:
                raise _Refused
            return code or self.src.const(node[1]), _type_of(node[1])
        if kind == "name":
            return self._name(node[1], target)
        if kind == "key":
            return self._key(node, target)
        if kind == "aggregate":
            _, how, key = node
            if key not in self.bounds:
                raise _Refused
            k = self.src.const(key)
            items = ", ".join(f"V[{s}][{k}]" for s in range(self.plan.n))
            reduce = self.src.helper(max if how == "most" else min)
            return (f"{reduce}({items})" if self.plan.n > 1 else f"V[0][{k}]"), \
                (INT, self.bounds[key])
        if kind == "arith":
            return self._arith(node, target)
        if kind == "compare":
            _, op, a, b = node
            (x, _), (y, _) = self.write(a, target), self.write(b, target)
            return f"({x} {op} {y})", bool
        if kind in ("and", "or"):
            (x, _), (y, _) = self.write(node[1], target), self.write(node[2], target)
            return f"({x} {kind} {y})", None
        if kind == "not":
            return f"(not {self.write(node[1], target)[0]})", bool
        if kind == "if":
            (v, tv), (c, _), (o, to) = (self.write(n, target) for n in node[1:])
            return f"({v} if {c} else {o})", tv if tv == to else None
        if kind == "of_list" and node[2][0] == "list":
            parts = [self.write(n, target) for n in node[2][1]]
            if not parts or any(not _is_int(t) for _, t in parts):
                raise _Refused
            reduce = self.src.helper(max if node[1] == "max" else min)
            return f"{reduce}({', '.join(c for c, _ in parts)})", \
                (INT, max(t[1] for _, t in parts))
        raise _Refused

    def _name(self, name: str, target: str | None) -> tuple[str, Any]:
        if name == "me" or (name == "target" and target is None):
            return "V[a]", VIEW
        if name == "target":
            return f"V[{target}]", VIEW
        if name == "opponent":
            return f"V[{self.src.const(self.plan.next_seat)}[a]]", VIEW
        k = self.src.const(name)
        if name in self.seat_names:
            return f"ctx[{k}]", VIEW
        if name in ("card", "lead") and self.rows_ok:
            return f"ctx[{k}]", ROW
        if name == "tie":
            return f"ctx[{k}]", bool
        if name in ("turn", "round"):
            rules = self.plan.rules
            return f"ctx[{k}]", (INT, max(rules.turn_limit, rules.round_limit) + 1)
        raise _Refused

    def _key(self, node: tuple, target: str | None) -> tuple[str, Any]:
        _, base, index = node
        code, kind = self.write(base, target)
        if kind == VIEW:
            keys = self._keys(index)
            if keys is None or not keys <= set(self.bounds) | self.sizes:
                raise _Refused      # a role, a seat, a key a view may not hold
            bound = max(self.bounds.get(k, self.plan.nc) for k in keys)
            return f"{code}[{self.write(index, target)[0]}]", (INT, bound)
        if kind == ROW and index[0] == "const" and type(index[1]) is str:
            values = [row[index[1]] for row in self.plan.cards if index[1] in row]
            return f"{code}[{self.src.const(index[1])}]", _common_type(values)
        raise _Refused

    def _keys(self, index: tuple) -> set[str] | None:
        """The keys an index may be: a text, or a card field whose every value is text."""
        if index[0] == "const":
            return {index[1]} if type(index[1]) is str else None
        if index[:2] == ("key", ("name", "card")) and index[2][0] == "const":
            field = index[2][1]
            values = [row.get(field) for row in self.plan.cards]
            return set(values) if all(type(v) is str for v in values) else None
        return None

    def _arith(self, node: tuple, target: str | None) -> tuple[str, Any]:
        _, op, a, b = node
        (x, tx), (y, ty) = self.write(a, target), self.write(b, target)
        ints = _is_int(tx) and _is_int(ty)
        numbers = _is_number(tx) and _is_number(ty)
        if op == "-":         # (Python's, for any values: as direct's)
            return f"({x} - {y})", (INT, tx[1] + ty[1]) if ints else None
        if op == "+":
            if numbers:
                return f"({x} + {y})", (INT, tx[1] + ty[1]) if ints else NUMBER
            return f"{self.src.helper(_add)}({x}, {y})", None
        if ints and (tx[1] * ty[1]).bit_length() + 2 <= INT_BITS:
            return f"({x} * {y})", (INT, tx[1] * ty[1])
        if numbers and not ints:
            return f"({x} * {y})", NUMBER
        return f"{self.src.helper(_mul)}({x}, {y})", None


def _evaluation(expr) -> Callable:
    """The general path's value of an expression (raising its Error when it fails)."""
    def evaluate(state, actor: int, target: int | None) -> Any:
        return state.eval(expr, actor, target)
    return evaluate


def _type_of(value: Any) -> Any:
    if type(value) is int:
        return (INT, abs(value))
    if type(value) is float:
        return NUMBER
    return bool if type(value) is bool else None


def _common_type(values: list) -> Any:
    if values and all(type(v) is int for v in values):
        return (INT, max(abs(v) for v in values))
    if values and all(type(v) in (int, float) for v in values):
        return NUMBER
    return None


def _is_int(kind: Any) -> bool:
    return type(kind) is tuple and kind[0] == INT


def _is_number(kind: Any) -> bool:
    return _is_int(kind) or kind == NUMBER


class Effects:
    """Effects as inline source, in a tail whose locals are S (the state), z, V, ctx, log,
    seats, vals, a (the actor) and ci (the index of ctx's card when a written compare set it,
    else -1). An effect with no writer here is its bound closure, called."""

    def __init__(self, plan, src: Source, exprs: Expressions):
        self.plan, self.src, self.exprs = plan, src, exprs
        # winner and loser as locals, after a compare written at the tail's top level
        self.seat_locals: dict[str, str] = {}

    def write(self, effect, depth: int) -> None:
        src = self.src
        cond = effect.cond
        saved = None
        if effect.as_ is not None:      # (Effect.bind's run: that seat acts, if any)
            fixed = self.plan.fixed.get(effect.as_)
            seat = src.temp()
            src.add(depth, f"{seat} = " + (
                f"{src.const(tuple(f[0] if f else -1 for f in fixed))}[a]" if fixed is not None
                else self.seat_locals.get(effect.as_,
                                          f"seats.get({src.const(effect.as_)}, -1)")))
            src.add(depth, f"if {seat} >= 0:")
            depth += 1
            saved = src.temp()
            src.add(depth, f"{saved} = a")
            src.add(depth, f"a = {seat}")
        if cond is not None:
            holds, _ = self.exprs.value(cond, depth, None)
            src.add(depth, f"if {holds}:")
            depth += 1
        self._body(effect, depth)
        if saved is not None:
            src.add(depth - (cond is not None), f"a = {saved}")

    def _body(self, effect, depth: int) -> None:
        src = self.src
        writer = {Change: self._change, Compare: self._compare, Pick: self._pick,
                  Move: self._move}.get(type(effect))
        mark = len(src.lines)
        try:
            if writer is None:
                raise _Refused
            writer(effect, depth)
        except _Refused:
            del src.lines[mark:]
            self._called(effect.bound(self.plan), depth)

    def _called(self, run: Callable, depth: int, binds: bool = True) -> None:
        """The general path's closure of an effect, called; `binds`: it may bind names (a
        compare: ctx's card and the seats named unknown after it)."""
        self.src.add(depth, f"{self.src.helper(run)}(S, a)")
        if binds:
            self.src.add(depth, "ci = -1")
            self.seat_locals = {}

    def _change(self, effect, depth: int) -> None:
        """verbs.Change's run: each target's counter changed, kept in min..max, logged."""
        plan, src = self.plan, self.src
        counters = plan.counters
        if effect.named is not None:
            names = self._named(effect)
            per_player = True
        else:
            names = None
            per_player = counters[effect.name].per_player
        fixed = plan.fixed.get(effect.who) if per_player else tuple((s,) for s in range(plan.n))
        if names is not None:       # (the card unknown: the closure finds its counter)
            src.add(depth, "if ci < 0:")
            self._called(effect.bound(plan), depth + 1, binds=False)
            src.add(depth, "else:")
            depth += 1
        if fixed is not None:
            src.add(depth, f"for t in {src.const(fixed)}[a]:")
        else:
            src.add(depth, "t = " + self.seat_locals.get(
                effect.who, f"seats.get({src.const(effect.who)}, -1)"))
            src.add(depth, "if t >= 0:")
        depth += 1
        if names is not None:
            key = src.temp()
            src.add(depth, f"{key} = {src.const(names)}[ci]")
            lows, highs = {counters[n].low for n in names}, {counters[n].high for n in names}
            if len(lows) != 1 or len(highs) != 1:
                raise _Refused
            low, high = literal(lows.pop()), literal(highs.pop())
        else:
            key = src.const(effect.name)
            low, high = literal(counters[effect.name].low), literal(counters[effect.name].high)
        v, kind = self.exprs.value(effect.amount, depth, "t")
        if not _is_int(kind) or low is None or high is None:
            raise _Refused       # (a value to check and round first: the closure's work)
        holder = "V[t]" if per_player else "S.shared"
        old, new = src.temp(), src.temp()
        src.add(depth, f"{old} = {holder}[{key}]")
        src.add(depth, f"{new} = " + {"gain": f"{old} + {v}", "lose": f"{old} - {v}",
                                      "set": v}[effect.verb])
        src.add(depth, f"if {new} > {high}:")
        src.add(depth + 1, f"{new} = {high}")
        src.add(depth, f"elif {new} < {low}:")
        src.add(depth + 1, f"{new} = {low}")
        src.add(depth, f"{holder}[{key}] = {new}")
        src.add(depth, f"if {new} != {old}:")
        seat = "t" if per_player else "(-1)"
        src.add(depth + 1, f"log.append(({src.const('change')}, {seat}, {key}, {old}, {new}))")

    def _named(self, effect) -> tuple[str, ...]:
        """The counter each card names ("{{ card.type }}"), by card index."""
        named = effect.named
        if named.names - {"card", "options"}:
            raise _Refused
        names = tuple(named({"card": row}) for row in self.plan.cards)
        if any(name not in self.plan.per_player_counters for name in names):
            raise _Refused
        return names

    def _compare(self, effect, depth: int) -> None:
        """verbs.Compare's `two`: two seats with one card each, by the precomputed table."""
        plan, src = self.plan, self.src
        if effect.who != "each" or not effect.zone.per_player or effect.table is None or \
                plan.n != 2:
            raise _Refused
        table = effect.table
        beats = tuple(tuple(table[(a, b)] for b in range(plan.nc)) for a in range(plan.nc))
        first, second = (plan.slot(effect.zone, s) for s in range(2))
        src.add(depth, "try:")        # (one card in each zone, else the closure's general way)
        src.add(depth + 1, f"c0, = z[{first}]")
        src.add(depth + 1, f"c1, = z[{second}]")
        src.add(depth, f"except {src.helper(ValueError)}:")
        self._called(effect.bound(plan), depth + 1)
        word = src.const
        src.add(depth + 1, f"w = seats.get({word('winner')}, -1)")
        src.add(depth + 1, f"l = seats.get({word('loser')}, -1)")
        src.add(depth, "else:")
        d = depth + 1
        src.add(d, f"r = {src.const(beats)}[c0][c1]")
        src.add(d, "if r > 0:")
        src.add(d + 1, "w, l, ci, tie = 0, 1, c0, False")
        src.add(d, "elif r < 0:")
        src.add(d + 1, "w, l, ci, tie = 1, 0, c1, False")
        src.add(d, "else:")
        src.add(d + 1, "w, l, ci, tie = -1, -1, c0, True")
        # (the log's tuples made once: a tuple is the same whoever holds it)
        pairs = tuple(tuple(((a, 0), (b, 1)) for b in range(plan.nc)) for a in range(plan.nc))
        src.add(d, f"played = {src.const(pairs)}[c0][c1]")
        self._bind_compare(d)
        if depth == 2:       # (not under an `if`: w and l hold the seats from here on)
            self.seat_locals = {"winner": "w", "loser": "l"}

    def _bind_compare(self, d: int) -> None:
        """RulesState.bind_compare, inline."""
        plan, src = self.plan, self.src
        word = src.const
        src.add(d, f"log.append(({word('compare')}, played, w))")
        src.add(d, f"seats[{word('winner')}] = w")
        src.add(d, f"seats[{word('loser')}] = l")
        src.add(d, "if w >= 0:")
        src.add(d + 1, f"ctx[{word('winner')}] = V[w]")
        src.add(d + 1, f"ctx[{word('loser')}] = V[l]")
        src.add(d, "else:")
        src.add(d + 1, f"ctx.pop({word('winner')}, None)")
        src.add(d + 1, f"ctx.pop({word('loser')}, None)")
        rows = word(plan.cards)
        src.add(d, f"ctx[{word('card')}] = vals[{word('card')}] = {rows}[ci]")
        src.add(d, f"ctx[{word('tie')}] = vals[{word('tie')}] = tie")
        if plan.binds_lead:
            src.add(d, f"ctx[{word('lead')}] = vals[{word('lead')}] = {rows}[c0]")
        if plan.binds_cards:
            src.add(d, f"ctx[{word('cards')}] = vals[{word('cards')}] = [{rows}[c0], {rows}[c1]]")

    def _pick(self, effect, depth: int) -> None:
        """verbs.Pick's bound run: the seats of a fixed `among` ranked, `target` each in turn."""
        plan, src = self.plan, self.src
        fixed = plan.fixed.get(effect.among)
        if fixed is None or any(expr.aggregate or expr.zonal for _, expr in effect.by):
            raise _Refused
        word = src.const
        src.add(depth, f"ctx[{word('me')}] = V[a]")
        src.add(depth, f"ctx[{word('opponent')}] = V[{word(plan.next_seat)}[a]]")
        src.add(depth, f"left = {word(fixed)}[a]")
        self.ranked(effect.by, depth)
        length = src.helper(len)
        name = word(effect.name)
        src.add(depth, f"p = left[0] if {length}(left) == 1 else -1")
        src.add(depth, f"seats[{name}] = p")
        src.add(depth, "if p >= 0:")
        src.add(depth + 1, f"ctx[{name}] = V[p]")
        src.add(depth, "else:")
        src.add(depth + 1, f"ctx.pop({name}, None)")

    def ranked(self, by, depth: int) -> None:
        """RulesState.best of the seats in `left`: the best by the first criterion, ties
        broken by the next ones (each seat the `target` in turn)."""
        src = self.src
        length = src.helper(len)
        for how, expr in by:
            src.add(depth, f"if {length}(left) > 1:")
            d = depth + 1
            try:
                code, _ = self.exprs.write(expr.tree, "t")
            except _Refused:
                code = None
            general = src.helper(_evaluation(expr))
            if code is not None:
                src.add(d, "try:")
                src.add(d + 1, f"got = [{code} for t in left]")
                src.add(d, f"except {src.helper(Exception)}:")
                src.add(d + 1, f"got = [{general}(S, a, t) for t in left]")
            else:
                src.add(d, f"got = [{general}(S, a, t) for t in left]")
            src.add(d, f"ctx[{src.const('target')}] = V[left[-1]]")
            src.add(d, f"best = {src.helper(max if how == 'most' else min)}(got)")
            src.add(d, f"left = [t for t, v in {src.helper(zip)}(left, got) if v == best]")

    def _move(self, effect, depth: int) -> None:
        """verbs.moves_at_once for all of each zone: the actor's (from, to) slots unrolled."""
        plan, src = self.plan, self.src
        found = effect.tops(plan)
        if found is None or found[1] is not None:
            raise _Refused
        pairs = found[0]
        for actor, moves in enumerate(pairs):
            src.add(depth, f"{'if' if actor == 0 else 'elif'} a == {actor}:")
            moved = [(s, d) for s, d in moves if s != d]
            if not moved:
                src.add(depth + 1, "pass")
            for s, d in moved:
                self._move_all(s, d, depth + 1)

    def _move_all(self, s: int, d: int, depth: int) -> None:
        """RulesState.move_all of one pair of slots."""
        plan, src = self.plan, self.src
        src.add(depth, f"if z[{s}]:")
        src.add(depth + 1, f"z[{d}] += z[{s}]")
        src.add(depth + 1, f"z[{s}].clear()")
        hold = "S._hold"
        if plan.sized[s]:
            src.add(depth + 1, f"{hold}[{s}][{src.const(plan.slot_name[s])}] = 0")
        if plan.sized[d]:
            src.add(depth + 1, f"{hold}[{d}][{src.const(plan.slot_name[d])}] = "
                    f"{src.helper(len)}(z[{d}])")


class Tails:
    """The generated tail of each phase (plan.Plan.tails): a function of the state, run
    when the phase's seats have acted (its stack empty), that runs the phase's effects and
    those of the phases after it no seat acts in, then the turn's end and the next turn's
    start; True when it stopped at a seat's decision, False when the turn machine goes on
    from where it left the state (a game's end, a phase whose seats are listed in general)."""

    def __init__(self, plan):
        self.plan = plan
        self.src = Source()
        self.exprs = Expressions(plan, self.src)
        self.effects = Effects(plan, self.src, self.exprs)

    def build(self) -> tuple:
        plan, src = self.plan, self.src
        count = len(plan.rules.phases)
        for p in range(count):
            src.add(1, f"def tail{p}(S):")
            self._prologue()
            self._phases(p)
        self._blind()
        self._finish()
        self._score()
        src.add(1, f"return ({''.join(f'tail{p}, ' for p in range(count))}), blind, finish, "
                "score")
        head = ["def make(K, H):"]
        if src.constants:
            head.append(f"    {''.join(f'k{i}, ' for i in range(len(src.constants)))}= K")
        if src.helpers:
            head.append(f"    {''.join(f'h{i}, ' for i in range(len(src.helpers)))}= H")
        code = "\n".join(head + src.lines) + "\n"
        namespace: dict[str, Any] = {}
        exec(compile(code, "<pnp rules: generated turn>", "exec"),   # noqa: S102
             {"__builtins__": {}}, namespace)
        self.code = code
        return namespace["make"](tuple(src.constants), tuple(src.helpers))

    def _phases(self, p: int) -> None:
        """Phase p's effects, then each next phase's while no seat acts in it."""
        plan, src = self.plan, self.src
        phases = plan.rules.phases
        q = p
        while True:
            effects = phases[q].effects
            # where the turn machine is now, written only where the tail stops (no effect
            # reads it)
            self.where = [f"S._phase = {q + 1}"] + ([
                f"S._order = {src.const(plan.order[q + 1])}[a]", "S._pos = S._acted = 0"]
                if q + 1 < len(phases) else [f"S._stage = {TURN_END}"])
            if plan.phase_effects[q].waits:     # may wait for chance: run from the stack
                self._stop(2)
                src.add(2, f"S._stack.append([{src.const(plan.phase_effects[q])}, 0, a])")
                src.add(2, "return False")
                return
            for effect in effects:
                self.effects.write(effect, 2)
            q += 1
            if q == len(phases):
                return self._turn_end()
            if phases[q].who != "none":
                return self._enter(q)

    def _prologue(self) -> None:
        self.effects.seat_locals = {}
        for line in ("z = S._z", "V = S.views", "ctx = S._ctx", "log = S._log",
                     "seats = S._seats", "vals = S._vals", "a = S._first", "ci = -1"):
            self.src.add(2, line)

    def _finish(self) -> None:
        """The [[finish]] effects (when none waits for chance): RulesState._finish's."""
        self.src.add(1, "def finish(S):")
        self._prologue()
        for effect in self.plan.rules.finish:
            self.effects.write(effect, 2)
        self.src.add(2, "return None")

    def _score(self) -> None:
        """RulesState._score without teams: the seats best by [score], sharing a win."""
        plan, src = self.plan, self.src
        src.add(1, "def score(S):")
        self._prologue()
        everyone = tuple(range(plan.n))
        src.add(2, f"left = {src.const(everyone)}")
        self.effects.ranked(plan.rules.score or (), 2)
        share = src.temp()
        src.add(2, f"{share} = {literal(1.0)} / {src.helper(len)}(left)")
        src.add(2, f"S._returns = [{share} if s in left else {literal(0.0)} for s in "
                f"{src.const(everyone)}]")

    def _blind(self) -> None:
        """RulesState.run_blind's loop for the plain phases' moves (each seat's card from
        its zone to the action's, as _place moves it), each phase's end its tail: the moves
        made; 0 at once when the phase is not plain (the general loop makes that move)."""
        plan, src = self.plan, self.src
        src.add(1, "def blind(S, chooses, rng, out, limit):")
        for line in ("done = 0", "z = S._z", "log = S._log", "by = S._by", "vals = S._vals",
                     "ctx = S._ctx", "hold = S._hold", "while done < limit:",
                     "    player = S._cur", "    if player < 0:", "        return done",
                     "    choose = chooses[player]", "    if choose is None:",
                     "        return done",
                     "    steps = S._steps",
                     f"    if steps >= {literal(plan.max_moves)}:", "        return done",
                     "    ph = S._phase"):
            src.add(2, line)
        for q, moves in enumerate(plan.quick):
            if moves is not None:
                self._quick_move(q, moves)
        src.add(3, "return done")
        src.add(2, "return done")

    def _moves(self) -> str:
        """The log's (seat, action) tuples, made once (a card action's numbers)."""
        plan = self.plan
        return self.src.const(tuple(tuple((seat, action) for action in range(plan.pass_id + 1))
                                    for seat in range(plan.n)))

    def _quick_move(self, q: int, moves: tuple) -> None:
        plan, src = self.plan, self.src
        length = src.helper(len)
        src.add(3, f"if ph == {q}:")
        for line in ("action = choose(None, S._now, rng)", "out.append(action)",
                     "S._steps = steps + 1", f"log.append({self._moves()}[player][action])",
                     f"s, d = {src.const(moves)}[player]", "z[s].remove(action)",
                     "z[d].append(action)"):
            src.add(4, line)
        slots = {slot for pair in moves for slot in pair}
        if any(plan.sized[slot] for slot in slots):
            sized, names = src.const(plan.sized), src.const(plan.slot_name)
            for end in ("s", "d"):
                src.add(4, f"if {sized}[{end}]:")
                src.add(5, f"hold[{end}][{names}[{end}]] = {length}(z[{end}])")
        card = src.const("card")
        src.add(4, "by[action] = player")
        src.add(4, f"vals[{card}] = ctx[{card}] = {src.const(plan.cards)}[action]")
        if plan.limits[q] == 1:       # (its count of moves in the phase stays 0)
            src.add(4, "S._pos = pos = S._pos + 1")
        else:
            src.add(4, "pos = S._pos")
            src.add(4, "acted = S._acted + 1")
            src.add(4, f"if acted >= {literal(plan.limits[q])}:")
            src.add(5, "S._pos = pos = pos + 1")
            src.add(5, "S._acted = 0")
            src.add(4, "else:")
            src.add(5, "S._acted = acted")
        src.add(4, "done += 1")
        seats = {len(order) for order in plan.order[q]}     # (the same for every first seat)
        src.add(4, f"if pos < {literal(seats.pop()) if len(seats) == 1 else length + '(S._order)'}:")
        self._offer(5, "S._order[pos]", plan.plain[q], "continue")
        src.add(5, f"S._cur = {NOBODY}")
        src.add(5, "S._advance()")
        src.add(5, "continue")
        src.add(4, f"S._cur = {NOBODY}")
        src.add(4, f"if not tail{q}(S):")
        src.add(5, "S._advance()")
        src.add(4, "continue")

    def _offer(self, depth: int, seat: str, plain, then: str) -> None:
        """`seat`'s legal plays, from its zones `plain`: when it has any, it is the one to act
        and the source goes on with `then`."""
        src = self.src
        src.add(depth, f"seat = {seat}")
        src.add(depth, f"now = {src.helper(sorted)}(z[{src.const(plain)}[seat]])")
        src.add(depth, "if now:")
        src.add(depth + 1, "S._now = now")
        src.add(depth + 1, "S._cur = seat")
        src.add(depth + 1, then)

    def _stop(self, depth: int) -> None:
        """The turn machine's place written, where the tail stops before its end."""
        for line in self.where:
            self.src.add(depth, line)

    def _turn_end(self) -> None:
        """The turn machine's TURN_END: the [[end]]s, a stalemate, the turn limit, the next
        turn."""
        plan, src = self.plan, self.src
        rules = plan.rules
        if plan.has_rounds:
            self._stop(2)
            src.add(2, "return False")
            return
        for name, cond in plan.turn_ends:
            holds = f"S.holds_for_any({src.const(cond)})" if cond.names & PERSONAL else \
                self.exprs.condition(cond, 2)
            src.add(2, f"if {holds}:")
            self._stop(3)
            src.add(3, f"S._finish({src.const(name)})")
            src.add(3, "return False")
        if plan.stalls:     # (RulesState._end_turn's stalemate)
            src.add(2, "if S._stalled():")
            self._stop(3)
            src.add(3, f"S._finish({src.const(STALEMATE)})")
            src.add(3, "return False")
        src.add(2, "turn = S.turn")
        src.add(2, f"if turn >= {literal(rules.turn_limit) or src.const(rules.turn_limit)}:")
        self._stop(3)
        src.add(3, f"S._finish({src.const('turn limit')})")
        src.add(3, "return False")
        src.add(2, "if S._lead >= 0:")
        src.add(3, "a = S._first = S._lead")
        src.add(3, "S._lead = -1")
        if rules.rotate:
            src.add(2, "else:")
            src.add(3, f"a = S._first = (a + 1) % {plan.n}")
        src.add(2, "S.turn = ctx[{}] = turn + 1".format(src.const("turn")))
        src.add(2, "S._phase = 0")
        src.add(2, f"S._order = o = {src.const(plan.order[0])}[a]")
        src.add(2, "S._pos = S._acted = 0")       # (the stage is PHASE_ACT still)
        if rules.phases[0].who == "none":
            src.add(2, "return False")
            return
        self.where = []
        self._enter(0)

    def _enter(self, q: int) -> None:
        """Phase q's first seat to act, its moves listed when the phase is plain (else the
        turn machine lists them)."""
        plan, src = self.plan, self.src
        plain = plan.plain[q]
        self._stop(2)
        if plain is None:
            src.add(2, "return False")
            return
        # (a phase some seat acts in lists at least one seat: `each` or `active`)
        self._offer(2, "S._order[0]", plain, "return True")
        src.add(2, "return False")
