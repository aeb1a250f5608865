"""Rules that cannot end, found before any game where it is certain: an [[end]] (or the round's
`end`) that can never hold, because it compares a counter with a number beyond the counter's
bounds, a counter no effect ever changes with a number other than its start, or a zone's
count with a number no count of cards reaches. Each is one DataError naming the file and key.

What is not certain (an end that holds only in some games) stays to the random playouts of
load.rules_findings, and to the engine's bound on a game's moves at play time. The vocabulary
has no triggers (an effect never sets off another), and every phase has a limit, so a turn
always ends: the only way not to end is an end that never holds."""

from __future__ import annotations

import re
from typing import Any

from ..errors import DataError
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
    for i, end in enumerate(rules.ends):
        why = ranges.never(end.condition.raw)
        if why:
            raise DataError(f"[[end]] {end.name!r} can never hold: {why}, so every game would "
                            "run to the turn limit; fix the condition or the bounds",
                            rules.path, field=rules.prefix + f"end[{i}].if")
        why = ranges.always(end.condition.raw)
        if why:
            raise DataError(f"[[end]] {end.name!r} always holds: {why}, so every game would "
                            f"end after its first {end.at}; fix the condition or the bounds",
                            rules.path, field=rules.prefix + f"end[{i}].if")
    if rules.round_end is not None and not _ends_rounds(rules):
        why = ranges.never(rules.round_end.raw)
        if why:
            raise DataError(f"the round can never end: {why}, so the game would be one round "
                            "to the turn limit; fix [round] end", rules.path,
                            field=rules.prefix + "round.end")


def played_effects(rules: Rules) -> list:
    """Every effect before the finish: the setups', the phases', the actions', the round's."""
    return [*rules.setup, *rules.round_setup, *rules.round_effects,
            *(e for p in rules.phases for e in p.effects),
            *(e for a in rules.actions for e in a.effects)]


def _ends_rounds(rules: Rules) -> bool:
    """An `end_round = true` effect somewhere: a round may end by it too."""
    from .verbs import EndRound

    return any(isinstance(e, EndRound) for e in played_effects(rules))


def changed_counters(rules: Rules) -> set[str] | None:
    """The counters an effect before the finish may change (None: any, a counter named by a
    card's cell)."""
    from .verbs import Change

    out: set[str] = set()
    for effect in played_effects(rules):
        if not isinstance(effect, Change):
            continue
        if effect.named is None:
            out.add(str(effect.name))
        elif effect.named.names <= {"card", "options"}:     # "{{ card.colour }}"
            out.update(str(effect.named({"card": card})) for card in rules.cards)
        else:
            return None
    return out


class _Ranges:
    """The values a side of a comparison can take, as (low, high, why) (None: not known)."""

    def __init__(self, rules: Rules, changed: set[str] | None, short: bool = False):
        self.rules, self.changed, self.short = rules, changed, short
        self.cards = len(rules.cards)

    def never(self, raw: Any) -> str:
        """Why `raw` can never be true ("" when it may be, or is not plain enough to tell)."""
        if isinstance(raw, bool):
            return "it is false" if raw is False else ""
        alternatives = self._parts(raw)
        whys = []
        for atoms in alternatives:
            found = next(filter(None, (self._atom(atom, False) for atom in atoms)), "")
            if not found:
                return ""            # this alternative may hold
            whys.append(found)
        return "; ".join(whys)

    def always(self, raw: Any) -> str:
        """Why `raw` is true whatever happens ("" when it may not be, or is not plain enough
        to tell): `most.points >= -5` of points kept within 0 to 99."""
        if isinstance(raw, bool):
            return "it is true" if raw is True else ""
        for atoms in self._parts(raw):
            whys = [self._atom(atom, True) for atom in atoms]
            if all(whys):
                return "; ".join(whys)
        return ""

    @staticmethod
    def _parts(raw: Any) -> list[list[str]]:
        """A plain condition's comparisons: a list of `or` alternatives, each of the atoms
        it joins with `and` ([] for anything else: brackets, quotes, filters, not)."""
        if not isinstance(raw, str) or re.search(r"[()\[\]'\"|{}]|\bnot\b", raw):
            return []
        return [[atom.strip() for atom in re.split(r"\s+and\s+", alternative)]
                for alternative in re.split(r"\s+or\s+", raw.strip())]

    def _atom(self, atom: str, sure: bool) -> str:
        """Why the comparison `atom` is never true (`sure`: always true), else ""."""
        if atom in ("false", "False", "true", "True"):
            return "" if (atom.lower() == "true") != sure else f"it is {atom.lower()}"
        m = _COMPARE.match(atom)
        if not m:
            return ""
        left, op, right = m.group(1).strip(), m.group(2), m.group(3).strip()
        a, b = self._side(left), self._side(right)
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
        said = " and ".join(w for w in (why_a, why_b) if w)
        verdict = "always" if sure else "never"
        return f"{atom!r} is {verdict} true" + (f" ({said})" if said else "")

    def _side(self, text: str) -> tuple[int, int, str] | None:
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
            if self.changed is not None and key not in self.changed:
                return counter.start, counter.start, \
                    f"no effect changes {key}, which stays {counter.start}"
            return counter.low, counter.high, \
                f"{key} is kept within {counter.low} to {counter.high}"
        zone = self.rules.zones.get(key)
        if zone is not None and zone.per_player == per_player:
            return None if self.short else (0, self.cards, f"{key} counts cards: 0 to "
                                                          f"{self.cards}")
        if per_player and key == "seat":
            return 1, self.rules.players[1], ""
        return None
