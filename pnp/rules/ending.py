"""Rules that cannot end, found before any game where it is certain: an [[end]] (or the round's
`end`) that can never hold, because it compares a counter with a number beyond the counter's
bounds, a counter no effect ever changes with a number other than its start, a counter the
effects move only one way from its start with a number on the other side (counter_reach), or a
zone's count with a number no count of cards reaches; an [options] value that makes it so is
named with its value. Each is one DataError naming the file and key.

What is not certain (an end that holds only in some games) stays to the random playouts of
load.rules_findings, and to the engine's bound on a game's moves at play time. The vocabulary
has no triggers (an effect never sets off another), and every phase has a limit, so a turn
always ends: the only way not to end is an end that never holds."""

from __future__ import annotations

import re
from typing import Any

from ..errors import DataError
from .expr import dotted
from .spec import Rules

# a side of a comparison: a number, options.x, a player's or the table's key, turn, round
_REF = re.compile(r"^(?:(?P<num>-?\d+)|options\.(?P<option>\w+)|(?P<who>\w+)\.(?P<key>\w+)|"
                  r"(?P<name>turn|round|seats))$")
_COMPARE = re.compile(r"^(.+?)\s*(>=|<=|==|!=|>|<)\s*(.+)$")
PLAYERS = {"me", "target", "opponent", "winner", "loser", "most", "least"}


def check_ends(rules: Rules, changed: set[str] | None, short: bool = False) -> None:
    """Raise a DataError for the first [[end]] or round end that can never hold, or [[end]]
    that always holds. `changed`: the counters some effect before the finish gains, loses or
    sets (None: any may change, as when one is named by a card's cell); `short`: the cards
    are not all there (rows left out for their errors), so a zone's count is not judged."""
    ranges = _Ranges(rules, changed, short)
    for i, end in enumerate(rules.ends, 1):   # (entries count from 1, as a reader does)
        why, options = ranges.never(end.condition.raw)
        if why:
            others = ", ".join(repr(e.name) for e in rules.ends if e is not end)
            fate = f"no game would end by it (only by {others} or the turn limit)" if others \
                else "every game would run to the turn limit"
            raise DataError(f"[[end]] {end.name!r} can never hold{_with(options)}: {why}, so "
                            f"{fate}; {_fix(options)}", rules.path,
                            field=rules.prefix + f"end[{i}].if")
        why, options = ranges.always(end.condition.raw)
        if why:
            raise DataError(f"[[end]] {end.name!r} always holds{_with(options)}: {why}, so "
                            f"every game would end after its first {end.at}; {_fix(options)}",
                            rules.path, field=rules.prefix + f"end[{i}].if")
    if rules.round_end is not None and not _ends_rounds(rules):
        why, options = ranges.never(rules.round_end.raw)
        if why:
            raise DataError(f"the round can never end{_with(options)}: {why}, so the game would "
                            f"be one round to the turn limit; {_fix(options, '[round] end')}",
                            rules.path, field=rules.prefix + "round.end")


def _with(options: dict[str, int]) -> str:
    """" with option goal = 99": the [options] values that make a condition impossible, or
    always true."""
    said = ", ".join(f"{name} = {value}" for name, value in sorted(options.items()))
    return f" with option{'s' * (len(options) > 1)} {said}" if options else ""


def _fix(options: dict[str, int], what: str = "the condition") -> str:
    if not options:
        return f"fix {what} or the bounds" if what == "the condition" else f"fix {what}"
    names = " or ".join(sorted(options))
    return f"change {names} in game.toml [options] (or {what}, or the bounds)"


def played_effects(rules: Rules) -> list:
    """Every effect before the finish: the setups', the phases', the actions', the round's."""
    return [*rules.setup, *rules.round_setup, *rules.round_effects,
            *(e for p in rules.phases for e in p.effects),
            *(e for a in rules.actions for e in a.effects)]


def every_effect(rules: Rules) -> list:
    """Every effect of the game: those before the finish, then the finish's."""
    return [*played_effects(rules), *rules.finish]


def _ends_rounds(rules: Rules) -> bool:
    """An `end_round = true` effect somewhere: a round may end by it too."""
    from .verbs import EndRound

    return any(isinstance(e, EndRound) for e in played_effects(rules))


def changed_counters(rules: Rules) -> set[str] | None:
    """The counters an effect before the finish may change (None: any, a counter named by a
    card's cell)."""
    reach = counter_reach(rules)
    return None if reach is None else set(reach)


def counter_reach(rules: Rules) -> dict[str, tuple[int, int, bool]] | None:
    """Each counter an effect before the finish changes: the lowest and highest values the
    effects can give it (from its start: a gain of no negative amount raises it up to its max,
    never lowers it; a set gives it the amount's values) and whether a set does; None: any
    counter may change (one named by a card's cell read with more than the card)."""
    from .verbs import Change

    reach: dict[str, tuple[int, int, bool]] = {}
    for effect in played_effects(rules):
        if not isinstance(effect, Change):
            continue
        if effect.named is None:
            names = {str(effect.name)}
        elif effect.named.names <= {"card", "options"}:     # "{{ card.colour }}"
            names = {str(effect.named({"card": card})) for card in rules.cards}
        else:
            return None
        amounts = _amounts(effect.amount, rules)
        for name in names:
            counter = rules.counters.get(name)
            if counter is None:
                reach[name] = (0, 0, False)     # (no such counter: load names the card)
                continue
            low, high, sets = reach.get(name, (counter.start, counter.start, False))
            if amounts is None:
                low, high = counter.low, counter.high
            elif effect.verb == "set":
                low, high, sets = min(low, amounts[0]), max(high, amounts[1]), True
            else:
                up = amounts[1] > 0 if effect.verb == "gain" else amounts[0] < 0
                down = amounts[0] < 0 if effect.verb == "gain" else amounts[1] > 0
                high = counter.high if up else high
                low = counter.low if down else low
            reach[name] = (max(low, counter.low), min(high, counter.high), sets)
    return reach


def _amounts(expr: Any, rules: Rules) -> tuple[Any, Any] | None:
    """The lowest and highest value of an amount the same in every game, or of the card's
    cells alone (None: not known before a game)."""
    if expr.names - {"card", "options"} or ("card" in expr.names and not rules.cards):
        return None
    try:
        values = [expr({"card": card}) for card in rules.cards] if "card" in expr.names \
            else [expr({})]
    except Exception:       # (named in play, with the card it fails on)
        return None
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return None
    return min(values), max(values)


class _Ranges:
    """The values a side of a comparison can take, as (low, high, why) (None: not known)."""

    def __init__(self, rules: Rules, changed: set[str] | None, short: bool = False):
        self.rules, self.changed, self.short = rules, changed, short
        self.cards = len(rules.cards)
        self.reach = counter_reach(rules) if changed is not None else None

    def never(self, raw: Any) -> tuple[str, dict[str, int]]:
        """Why `raw` can never be true ("" when it may be, or is not plain enough to tell),
        and the [options] (name: value) that make it so: an option a comparison that is never
        true reads, which another value of would let hold."""
        if isinstance(raw, bool):
            return "it is false" if raw is False else "", {}
        whys, options = [], {}
        for atoms in self._parts(raw):
            found = next(((atom, why) for atom, written in atoms
                          for why in (self._atom(atom, False, written),) if why), None)
            if found is None:
                return "", {}       # this alternative may hold
            whys.append(found[1])
            options.update(self._options(found[0]))
        return "; ".join(whys), options

    def _options(self, atom: str) -> dict[str, int]:
        """The [options] a comparison compares as numbers, by name."""
        m = _COMPARE.match(atom)
        sides = [_REF.match(m.group(i).strip()) for i in (1, 3)] if m else []
        names = [side.group("option") for side in sides if side and side.group("option")]
        return {name: self.rules.options[name] for name in names
                if self._side(f"options.{name}") is not None}

    def always(self, raw: Any) -> tuple[str, dict[str, int]]:
        """Why `raw` is true whatever happens ("" when it may not be, or is not plain enough
        to tell): `most.points >= -5` of points kept within 0 to 99; and the [options] its
        comparisons read, as never() gives them."""
        if isinstance(raw, bool):
            return "it is true" if raw is True else "", {}
        for atoms in self._parts(raw):
            whys = [self._atom(atom, True, written) for atom, written in atoms]
            if all(whys):
                options = {k: v for atom, _ in atoms for k, v in self._options(atom).items()}
                return "; ".join(whys), options
        return "", {}

    @staticmethod
    def _parts(raw: Any) -> list[list[tuple[str, str]]]:
        """A plain condition's comparisons: a list of `or` alternatives, each of the atoms
        it joins with `and` ([] for anything else: brackets, quotes, filters, not), each
        as read (options['goal'] is options.goal) and as written (which messages quote)."""
        if not isinstance(raw, str):
            return []
        read = dotted(raw)
        if re.search(r"[()\[\]'\"|{}]|\bnot\b", read):
            return []

        def atoms(text: str) -> list[list[str]]:
            return [[atom.strip() for atom in re.split(r"\s+and\s+", alternative)]
                    for alternative in re.split(r"\s+or\s+", text.strip())]
        return [list(zip(dots, written)) for dots, written in zip(atoms(read), atoms(raw))]

    def _atom(self, atom: str, sure: bool, written: str = "") -> str:
        """Why the comparison `atom` is never true (`sure`: always true), else ""."""
        if atom in ("false", "False", "true", "True"):
            return "" if (atom.lower() == "true") != sure else f"it is {atom.lower()}"
        m = _COMPARE.match(atom)
        if not m:
            return ""
        left, op, right = m.group(1).strip(), m.group(2), m.group(3).strip()
        # the bound of each side the verdict rests on: `me.points >= 15` is never true for
        # the points' highest value (nothing raises them), `<=` for their lowest
        up = None if op in ("==", "!=") else (op in (">=", ">")) != sure
        a, b = self._side(left, up), self._side(right, None if up is None else not up)
        if a is None or b is None:
            return ""
        (lo_a, hi_a, why_a), (lo_b, hi_b, why_b) = a, b
        if sure:
            holds = {">=": lo_a >= hi_b, ">": lo_a > hi_b, "<=": hi_a <= lo_b, "<": hi_a < lo_b,
                     "==": lo_a == hi_a == lo_b == hi_b,
                     "!=": hi_a < lo_b or hi_b < lo_a}[op]
        else:
            holds = not {">=": hi_a >= lo_b, ">": hi_a > lo_b, "<=": lo_a <= hi_b,
                         "<": lo_a < hi_b, "==": lo_a <= hi_b and lo_b <= hi_a,
                         "!=": not (lo_a == hi_a == lo_b == hi_b)}[op]
        if not holds:
            return ""
        # (never true: an option's value is said where the message names the option)
        said = " and ".join(w for w in (why_a, why_b) if w and (sure or not
                                                                w.startswith("options.")))
        verdict = "always" if sure else "never"
        return f"{written or atom!r} is {verdict} true" + (f" ({said})" if said else "")

    def _side(self, text: str, up: bool | None = None) -> tuple[int, int, str] | None:
        """`text`'s values and why; `up`: whether its highest value (True) or lowest (False)
        is the one that matters, so the why names the direction (None: both)."""
        m = _REF.match(text)
        if not m:
            return None
        if m.group("num") is not None:
            v = int(m.group("num"))
            return v, v, ""
        options = self.rules.options
        if m.group("option") is not None:
            value = options.get(m.group("option"))
            if isinstance(value, bool) or not isinstance(value, int):
                return None
            return value, value, f"options.{m.group('option')} is {value}"
        name = m.group("name")
        if name == "turn":
            return 1, self.rules.turn_limit, ""
        if name == "round":
            return 1, max(1, self.rules.round_limit), ""
        if name == "seats":
            low, high = self.rules.players
            return low, high, ""
        who, key = m.group("who"), m.group("key")
        if who != "shared" and who not in PLAYERS and who not in self.rules.picks:
            return None
        per_player = who != "shared"
        counter = self.rules.counters.get(key)
        if counter is not None and counter.per_player == per_player:
            return self._counter(counter, up)
        zone = self.rules.zones.get(key)
        if zone is not None and zone.per_player == per_player:
            return None if self.short else (0, self.cards, f"{key} counts cards: 0 to "
                                                          f"{self.cards}")
        if per_player and key == "seat":
            return 1, self.rules.players[1], ""
        return None

    def _counter(self, counter: Any, up: bool | None = None) -> tuple[int, int, str]:
        """A counter's values: its start when no effect changes it, what the effects can make
        of it (only up from its start, only down), else its min..max; `up`: which of its
        bounds the why is about (a lose clamped at a min of 0 that the counter starts at
        does lower it, yet it never goes below its start)."""
        key, start = counter.name, counter.start
        if self.changed is not None and key not in self.changed:
            return start, start, f"no effect changes {key}, which stays {start}"
        low, high, sets = (self.reach or {}).get(key, (counter.low, counter.high, True))
        if (low, high) == (counter.low, counter.high):
            return low, high, f"{key} is kept within {counter.low} to {counter.high}"
        for down in ((True, False) if up is None else (not up,)):
            bound, limit = (low, counter.low) if down else (high, counter.high)
            if not sets and bound == start:
                said = (f"{key} starts at its {'min' if down else 'max'}, {start}"
                        if start == limit else
                        f"no effect {'lowers' if down else 'raises'} {key}, which starts at "
                        f"{start}")
                return low, high, said
        return low, high, f"the effects keep {key} within {low} to {high}"
