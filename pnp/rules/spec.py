"""The vocabulary of a rules file, read and checked: every mistake is one DataError naming the
file, the table and the key (with the closest known name for a typo).

    [players]   count = 2 or "2-4"; roles = "sides.csv" (a row dealt to each seat)
    [cards]     component = "card" (the printed rows) or data = "cards.csv"; label
    [zones.N]   owner = "player" | "shared"; visible = "public" | "owner" | "hidden"; ordered
    [counters.N] owner, start, min, max
    setup = [effects]; [round] setup, end, effects, limit; [turn] phases, limit, rotate
    [phases.N]  who = "each" | "active" | "none"; actions; limit; pass; effects
    [actions.N] from, to, if, follow, effects, label
    [[end]]     name, if;  finish = [effects];  [score] by = [{ most | fewest = expr }]

The effects are verbs.py's. Everything is compiled here, once."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from ..data.files import cell_number
from ..errors import DataError
from .expr import Compiler, Expr
from .printed import options_read
from .sizes import sized_zones

MAX_PLAYERS = 12
MAX_LIMIT = 100_000
# the names every expression may use (bindings made by the effects come on top)
NAMES = {"me", "target", "opponent", "winner", "loser", "card", "tie", "lead", "most", "least",
         "turn", "round", "shared", "players", "seats", "cards", "top", "bottom"}
WHO_FIXED = ("me", "opponent", "next", "previous", "each", "others", "winner", "loser")
VISIBLE = ("public", "owner", "hidden")
OWNERS = ("player", "shared")
PHASE_WHO = ("each", "active", "none")
TOP = ("players", "cards", "zones", "counters", "setup", "round", "turn", "phases", "actions",
       "end", "finish", "score")
RESERVED = {"seat", "role"}   # keys of a player's view that are not counters or zones
# what an expression reads after a dot as a table's own attribute, never its key: a counter
# named `items` made `me.items` the dict's method (an error mid-game, or a silent False)
SHADOWED = frozenset(dir(dict))


def close(name: str, known: Sequence[str]) -> str:
    """" (did you mean 'wounds'?)" for a typo, else the names there are."""
    hit = difflib.get_close_matches(name, list(known), 1)
    return f" (did you mean {hit[0]!r}?)" if hit else f"; there are: {', '.join(known) or 'none'}"


@dataclass
class Zone:
    name: str
    index: int
    per_player: bool
    visible: str
    ordered: bool


DEFAULT_BOUNDS = (0, 1000)  # a counter's min and max unless rules.toml sets them
# what a game ending at the default max means (validate's warning, simulate's caveat)
AT_DEFAULT_MAX = (f"{DEFAULT_BOUNDS[1]:,}, the max a counter has when none is written: what it "
                  "gained past it was lost (write the game's own max in rules.toml)")


@dataclass
class Counter:
    name: str
    per_player: bool
    start: int
    low: int
    high: int
    high_written: bool = True   # False: max is the default, which no rule of the game sets


@dataclass
class Action:
    name: str
    index: int
    source: Zone | None          # a card action takes a card from this zone
    dest: Zone | None
    condition: Expr | None
    follow: str | None           # a card field the first card of `dest` sets, if able
    effects: tuple
    label: Expr | None


@dataclass
class Phase:
    name: str
    who: str
    actions: tuple[Action, ...]
    limit: int
    can_pass: bool
    effects: tuple


@dataclass
class End:
    name: str
    condition: Expr
    at: str = "turn"             # checked after every turn, or only after a round


@dataclass
class Rules:
    path: Path
    players: tuple[int, int]
    roles: list[dict] | None
    role_key: str
    cards: list[dict]
    card_sources: list[Any]
    card_rows: list[tuple[str, int]]             # (file, row index): the per-card statistics
    card_label: Expr | None
    zones: dict[str, Zone]
    counters: dict[str, Counter]
    setup: tuple = ()
    round_setup: tuple = ()
    round_end: Expr | None = None
    round_effects: tuple = ()
    round_limit: int = 0                       # 0: the game is one round
    phases: tuple[Phase, ...] = ()
    turn_limit: int = 1000
    turn_limit_set: bool = False                # [turn] limit written (the booklet says it)
    rotate: bool = True
    actions: tuple[Action, ...] = ()
    ends: tuple[End, ...] = ()
    finish: tuple = ()
    score: tuple[tuple[str, Expr], ...] = ()
    picks: set[str] = field(default_factory=set)
    reads: set[str] = field(default_factory=lambda: set(NAMES))   # the names expressions read
    sized: frozenset[str] | None = None         # zones whose size is kept (None: every zone's)
    options: dict[str, Any] = field(default_factory=dict)
    teams: tuple[tuple[int, ...], ...] = ()     # seats (0-based) that win together
    card_component: str | None = None           # the [[component]] the cards print from
    card_columns: set[str] = field(default_factory=set)   # the card cells the rules read
    prefix: str = ""                            # "rules." when the rules are game.toml's
    # the [options] keys the expressions read (None: one reads `options` whole), which the
    # booklet's `{{ options.hand }}` must be among (rules/printed.py)
    options_read: frozenset[str] | None = None

    @property
    def has_rounds(self) -> bool:
        return self.round_limit > 0


class Reader:
    """Reads one rules table (from rules.toml or game.toml's [rules]) into Rules."""

    def __init__(self, data: dict, path: Path, folder_path: Path, cards: Any,
                 options: dict[str, Any], prefix: str = ""):
        self.data, self.path, self.folder_path, self.prefix = data, path, folder_path, prefix
        self.card_table = cards
        self.options = options
        self.picks: set[str] = set()
        self.counter_fields: list[tuple[Expr, str]] = []   # counters named by a card's field
        self.card_numbers: list[Expr] = []     # amounts and counts, numbers of a card's cells
        self.component_name: str | None = None

    def error(self, message: str, where: str) -> DataError:
        return DataError(message, self.path, field=self.prefix + where)

    def keys(self, table: Any, known: Sequence[str], where: str) -> dict:
        if not isinstance(table, dict):
            raise self.error(f"expected a table, got {table!r}", where)
        for key in table:
            if key not in known:
                hint = close(key, known)
                if key in TOP and "did you mean" not in hint:   # TOML: below [a.b], a key is b's
                    hint = (f"; {key} = ... written below [{where}] belongs to that table in "
                            f"TOML: write it above the first [table], or as [[{key}]] tables"
                            if key in ("setup", "finish", "end") else
                            f"; [{key}] is a table of its own")
                raise self.error(f"[{where}] has no key {key!r}{hint}", f"{where}.{key}")
        return table

    def integer(self, value: Any, where: str, low: int = 0, high: int = MAX_LIMIT) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.error(f"expected a whole number from {low:,} to {high:,}, got "
                             f"{value!r}", where)
        return value

    def number(self, value: Any, where: str, low: int = 0, high: int = MAX_LIMIT) -> int:
        """A whole number, or an expression of [options] (one field for the rule and the
        print: limit = "options.max_turns")."""
        if isinstance(value, str):
            if re.fullmatch(r"\s*[A-Za-z_]\w*\s*", value):  # a word: an option's name meant
                hit = difflib.get_close_matches(value.strip(), list(self.options), 1)
                hint = f" (did you mean 'options.{hit[0]}'?)" if hit else ""
                raise self.error(f"a number or one of [options] (\"options.NAME\"), not "
                                 f"{value!r}{hint}", where)
            expr = self.compiler.compile(value, where, allowed=set())
            value = expr.fn({})
        return self.integer(value, where, low, high)

    def condition(self, raw: Any, where: str) -> Expr:
        """An `if` (or `where`, `end`): true, false or an expression; a number, or an
        expression that is one whatever happens, is a mistake (`if = 3` and `if = "3"`
        always held)."""
        expr = self.compiler.compile(raw, where)
        if expr.constant and type(expr.fn({})) is not bool:
            raise self.error(f"a condition is true, false or an expression (\"me.coins >= "
                             f"3\"), not {raw!r}", where)
        return expr

    def text(self, value: Any, where: str, choices: Sequence[str] | None = None) -> str:
        if choices is not None and value not in choices:
            raise self.error(f"{value!r} is not one of: {', '.join(choices)}", where)
        if not isinstance(value, str) or not value.strip():
            raise self.error(f"expected a name, got {value!r}", where)
        return value

    # -- the whole file ----------------------------------------------------------------------
    def read(self) -> Rules:
        from . import verbs

        if not isinstance(self.data, dict):
            raise DataError(f"[rules] is a table, not {self.data!r}", self.path, field="rules")
        for key in self.data:   # the file's own tables (or [rules]'s keys in game.toml)
            if key not in TOP:
                place = "[rules]" if self.prefix else Path(self.path).name
                raise self.error(f"{place} has no table {key!r}{close(key, TOP)}", key)
        players = self.players()
        roles, role_key = self.roles()
        cards, sources, columns, card_rows = self.cards()
        zones = self.zones()
        self.compiler = Compiler(self.path, NAMES, {"options": self.options})
        self.compiler.attributes = {"options": set(self.options)}
        counters = self.counters(zones)
        rules = Rules(self.path, players, roles, role_key, cards, sources, card_rows, None, zones,
                      counters, options=self.options)
        self.rules = rules
        self.columns = columns
        # picks are names an effect binds: found first so any expression may use them
        self.picks = set(_picks(self.data))
        player = {k for k, c in counters.items() if c.per_player} | \
            {z.name for z in zones.values() if z.per_player} | RESERVED
        shared = {k for k, c in counters.items() if not c.per_player} | \
            {z.name for z in zones.values() if not z.per_player}
        seats = {"me", "target", "opponent", "winner", "loser", "most", "least"} | self.picks
        self.compiler.attributes = {**{n: player for n in seats}, "shared": shared,
                                    "options": set(self.options),
                                    "top": set(zones), "bottom": set(zones)}
        self.compiler.hidden = _hidden_sizes(zones)
        if columns:
            self.compiler.attributes.update(card=set(columns), lead=set(columns))
        if roles:               # me.role.bonus: the columns of [players] roles
            self.compiler.attributes["role"] = set(roles[0])
        table = self.data.get("cards", {})
        if "label" in table:
            rules.card_label = self.compiler.compile(table["label"], "cards.label",
                                                      label=True)
        self.verbs = verbs
        self.compiler.names |= self.picks
        rules.picks = self.picks
        rules.setup = self.effects(self.data.get("setup", []), "setup")
        rules.actions = self.actions()
        rules.phases = self.phases()
        self.turn()
        self.round()
        rules.ends = self.ends()
        rules.finish = self.effects(self.data.get("finish", []), "finish")
        rules.score = self.score()
        rules.teams = self.teams(players)
        rules.card_component = self.component_name
        rules.card_columns = self.read_columns()
        rules.prefix = self.prefix
        rules.reads = set(self.compiler.read)
        rules.options_read = options_read(self.compiler.texts)
        rules.sized = sized_zones(rules.zones, self.compiler.texts, self.compiler.opaque,
                                  [rules.cards, rules.roles or [], rules.options])
        return rules

    def read_columns(self) -> set[str]:
        """The card columns the rules read: in expressions (card.x, lead.x), follow and
        compare's fields."""
        found: set[str] = set()

        def walk(value: Any, key: str = "") -> None:
            if isinstance(value, dict):
                for k, v in value.items():
                    walk(v, k)
            elif isinstance(value, list):
                for v in value:
                    walk(v, key)
            elif isinstance(value, str):
                found.update(re.findall(r"\b(?:card|lead)\s*\.\s*([A-Za-z_]\w*)", value))
                found.update(re.findall(r"\b(?:top|bottom)\s*\.\s*\w+\s*\.\s*([A-Za-z_]\w*)",
                                        value))
                if key in ("follow", "field"):
                    found.add(value)
        walk({k: v for k, v in self.data.items() if k != "cards"})
        return found & set(self.columns)

    def teams(self, players: tuple[int, int]) -> tuple[tuple[int, ...], ...]:
        """[players] teams = [[1, 3], [2, 4]]: seats that score together (their values added)
        and win together; every seat of every player count in one team."""
        raw = self.data.get("players", {}).get("teams")
        if raw is None:
            return ()
        where = "players.teams"
        if not isinstance(raw, list) or not all(isinstance(t, list) and t for t in raw):
            raise self.error("teams is a list of lists of seats: [[1, 3], [2, 4]]", where)
        seats = [self.integer(s, where, 1, MAX_PLAYERS) for t in raw for s in t]
        if players[0] != players[1] or sorted(seats) != list(range(1, players[1] + 1)):
            raise self.error(f"teams must hold each seat 1 to {players[1]} once, for one "
                             "player count (count = 4, not a range)", where)
        return tuple(tuple(s - 1 for s in t) for t in raw)

    def players(self) -> tuple[int, int]:
        table = self.keys(self.data.get("players", {}), ("count", "roles", "role_key", "teams"),
                          "players")
        count = table.get("count", 2)
        if isinstance(count, str):
            m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", count)
            if not m:
                raise self.error(f"count {count!r} is not a player count like 2 or \"2-4\"",
                                 "players.count")
            low, high = int(m.group(1)), int(m.group(2) or m.group(1))
        else:
            low = high = self.integer(count, "players.count", 1, MAX_PLAYERS)
        if not 1 <= low <= high <= MAX_PLAYERS:
            raise self.error(f"count {count!r}: from 1 to {MAX_PLAYERS} players, fewest first",
                             "players.count")
        return low, high

    def roles(self) -> tuple[list[dict] | None, str]:
        table = self.data.get("players", {})
        ref = table.get("roles")
        if ref is None:
            return None, ""
        from ..data.sheets import read_table
        from ..errors import Source

        rows = read_table(self.folder_path, self.text(ref, "players.roles"), Source(self.path),
                          self.prefix + "players.roles")
        key = table.get("role_key", rows.columns[0] if rows.columns else "")
        if key not in rows.columns:
            raise self.error(f"role_key {key!r} is not a column of {rows.name} "
                             f"({', '.join(rows.columns)})", "players.role_key")
        roles = [typed(dict(r)) for r in rows.rows]
        self.role_sources = [r.source for r in rows.rows]
        if not roles:
            raise self.error(f"{rows.name} has no rows: no roles to deal", "players.roles")
        return roles, key

    def cards(self) -> tuple[list[dict], list[Any], tuple[str, ...], list[tuple[str, int]]]:
        table = self.keys(self.data.get("cards", {}), ("component", "data", "count", "label"),
                           "cards")
        found = self.card_table(table, self)
        if found is None:
            return [], [], (), []
        rows, counts, columns, file = found
        self.component_name = None if "data" in table else table.get("component")
        cards, sources, indices = [], [], []
        for i, (row, n) in enumerate(zip(rows, counts)):
            values = typed(dict(row))
            for _ in range(n):
                cards.append(dict(values))
                sources.append(row.source)
                indices.append((file, i))
        return cards, sources, tuple(columns), indices

    def zones(self) -> dict[str, Zone]:
        raw = self.data.get("zones", {})
        if not isinstance(raw, dict) or not raw:
            raise self.error("the rules need at least one zone: [zones.hand] owner = \"player\"",
                             "zones")
        zones = {}
        for i, (name, table) in enumerate(raw.items()):
            where = f"zones.{name}"
            self._name(name, where, dotted=True)
            self.keys(table, ("owner", "visible", "ordered"), where)
            owner = self.text(table.get("owner", "player"), f"{where}.owner", OWNERS)
            visible = self.text(table.get("visible", "owner" if owner == "player" else "public"),
                                f"{where}.visible", VISIBLE)
            ordered = table.get("ordered", False)
            if not isinstance(ordered, bool):
                raise self.error("ordered is true or false", f"{where}.ordered")
            zones[name] = Zone(name, i, owner == "player", visible, ordered)
        if "box" not in zones:   # where every card starts, unseen
            zones["box"] = Zone("box", len(zones), False, "hidden", False)
        return zones

    def _name(self, name: Any, where: str, dotted: bool = False) -> None:
        """A name of the rules; `dotted`: one expressions read after a dot (`me.coins`)."""
        if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) or \
                name in RESERVED | NAMES:
            raise self.error(f"{name!r} cannot be a name here: use the letters a-z and A-Z, "
                             "digits and _, and none of "
                             f"{', '.join(sorted(RESERVED | NAMES))}", where)
        if dotted and name in SHADOWED:
            raise self.error(f"{name!r} cannot be a name here: every table has a built-in "
                             f"{name} (me.{name}), so a rule reading me.{name} could mean either "
                             f"(choose another, such as my_{name.strip('_')})", where)

    def counters(self, zones: dict[str, Zone]) -> dict[str, Counter]:
        raw = self.data.get("counters", {})
        if not isinstance(raw, dict):
            raise self.error("counters are tables: [counters.score]", "counters")
        counters = {}
        for name, table in raw.items():
            where = f"counters.{name}"
            self._name(name, where, dotted=True)
            if name in zones:
                raise self.error(f"{name!r} is a zone too; a counter needs its own name", where)
            self.keys(table, ("owner", "start", "min", "max"), where)
            owner = self.text(table.get("owner", "player"), f"{where}.owner", OWNERS)
            # (each may be a number of [options]: max = "options.goal", the track printed)
            low = self.number(table.get("min", DEFAULT_BOUNDS[0]), f"{where}.min", -10**9, 10**9)
            high = self.number(table.get("max", DEFAULT_BOUNDS[1]), f"{where}.max", -10**9,
                               10**9)
            if low > high:
                raise self.error(f"min {low} is above max {high}", f"{where}.min")
            start = self.number(table.get("start", max(low, 0) if low <= 0 <= high else low),
                                f"{where}.start", low, high)
            counters[name] = Counter(name, owner == "player", start, low, high, "max" in table)
        return counters

    def zone(self, name: Any, where: str) -> Zone:
        zones = self.rules.zones
        if not isinstance(name, str) or name not in zones:
            raise self.error(f"no zone {name!r}{close(str(name), list(zones))}", where)
        return zones[name]

    def effects(self, raw: Any, where: str) -> tuple:
        if not isinstance(raw, list):
            raise self.error("effects are a list of tables: [{ draw = \"deck\", to = \"hand\" }]",
                             where)
        return tuple(self.verbs.compile_effect(self, item, f"{where}[{i}]")
                     for i, item in enumerate(raw, 1))    # (the first is [1], as read)

    def actions(self) -> tuple[Action, ...]:
        raw = self.data.get("actions", {})
        if not isinstance(raw, dict):
            raise self.error("actions are tables: [actions.play]", "actions")
        actions = []
        for i, (name, table) in enumerate(raw.items()):
            where = f"actions.{name}"
            self.keys(table, ("from", "to", "if", "follow", "effects", "label"), where)
            source = self.zone(table["from"], f"{where}.from") if "from" in table else None
            dest = self.zone(table["to"], f"{where}.to") if "to" in table else None
            if source is None and dest is not None:
                raise self.error("an action that moves a card needs from = \"zone\" too",
                                 f"{where}.from")
            if source is not None and source.visible == "hidden":
                # a card action offers each card of its zone as a move: from a face-down
                # pile that would let a player pick a card nobody may see
                raise self.error(
                    f"[zones.{source.name}] is hidden, so its cards cannot be chosen; to take "
                    f"one at random, write the action without from and to, its effects first "
                    f"{{ draw = \"{source.name}\", to = \"ZONE\" }} into a public zone, then "
                    f"{{ compare = \"ZONE\", by = [{{ highest = \"card.COLUMN\" }}] }} "
                    f"(the card drawn becomes card)", f"{where}.from")
            cond = self.condition(table["if"], f"{where}.if") if "if" in table else None
            follow = table.get("follow")
            if follow is not None and follow not in self.columns:
                raise self.error(f"follow {follow!r} is not a card column"
                                 f"{close(str(follow), self.columns)}", f"{where}.follow")
            if follow is not None and dest is None:
                raise self.error("follow needs to = \"zone\" (whose first card is followed)",
                                 f"{where}.follow")
            label = self.compiler.compile(table["label"], f"{where}.label", label=True) \
                if "label" in table else None
            actions.append(Action(name, i, source, dest, cond, follow, (), label))
        self.rules.actions = tuple(actions)
        for action, (name, table) in zip(actions, raw.items()):
            action.effects = self.effects(table.get("effects", []), f"actions.{name}.effects")
        return tuple(actions)

    def phases(self) -> tuple[Phase, ...]:
        raw = self.data.get("phases", {})
        turn = self.data.get("turn", {})
        if not isinstance(raw, dict) or not raw:
            raise self.error("the rules need at least one phase: [phases.play] who = \"active\", "
                             "actions = [\"play\"]", "phases")
        by_name = {a.name: a for a in self.rules.actions}
        phases = {}
        for name, table in raw.items():
            where = f"phases.{name}"
            self.keys(table, ("who", "actions", "limit", "pass", "effects"), where)
            who = self.text(table.get("who", "active"), f"{where}.who", PHASE_WHO)
            names = table.get("actions", [])
            if not isinstance(names, list):
                raise self.error("actions is a list of action names", f"{where}.actions")
            acts = []
            for n in names:
                if not isinstance(n, str) or n not in by_name:
                    raise self.error(f"no action {n!r}{close(str(n), list(by_name))}",
                                     f"{where}.actions")
                if by_name[n] in acts:
                    raise self.error(f"{n!r} is listed twice", f"{where}.actions")
                acts.append(by_name[n])
            if who != "none" and not acts:
                raise self.error(f"a phase where players act ({who!r}) needs actions",
                                 f"{where}.actions")
            if who == "none" and acts:
                raise self.error("nobody acts in a phase with who = \"none\": drop its actions "
                                 "or choose who acts", f"{where}.who")
            limit = self.integer(table.get("limit", 1), f"{where}.limit", 1, 1000)
            can_pass = table.get("pass", False)
            if not isinstance(can_pass, bool):
                raise self.error("pass is true or false", f"{where}.pass")
            phases[name] = Phase(name, who, tuple(acts), limit, can_pass,
                                 self.effects(table.get("effects", []), f"{where}.effects"))
        order = turn.get("phases", list(phases)) if isinstance(turn, dict) else list(phases)
        if not isinstance(order, list) or not order:
            raise self.error("phases is a list of phase names, in turn order", "turn.phases")
        for n in order:
            if not isinstance(n, str) or n not in phases:
                raise self.error(f"no phase {n!r}{close(str(n), list(phases))}", "turn.phases")
        # what is written but never played is a mistake (a phase left out of the order)
        for name in phases:
            if name not in order:
                raise self.error(f"[turn] phases does not list {name!r}, so it is never "
                                 f"played: add it there or remove [phases.{name}]",
                                 f"phases.{name}")
        used = {a.name for p in phases.values() for a in p.actions}
        for name in by_name:
            if name not in used:
                raise self.error(f"no phase lists the action {name!r}, so nobody can take "
                                 f"it: add it to a phase's actions or remove [actions.{name}]",
                                 f"actions.{name}")
        return tuple(phases[n] for n in order)

    def turn(self) -> None:
        table = self.keys(self.data.get("turn", {}), ("phases", "limit", "rotate"), "turn")
        self.rules.turn_limit_set = "limit" in table
        self.rules.turn_limit = self.number(table.get("limit", 1000), "turn.limit", 1,
                                             MAX_LIMIT)
        rotate = table.get("rotate", True)
        if not isinstance(rotate, bool):
            raise self.error("rotate is true or false", "turn.rotate")
        self.rules.rotate = rotate

    def round(self) -> None:
        if "round" not in self.data:
            return
        table = self.keys(self.data["round"], ("setup", "end", "effects", "limit"), "round")
        r = self.rules
        r.round_limit = self.number(table.get("limit", 100), "round.limit", 1, MAX_LIMIT)
        r.round_setup = self.effects(table.get("setup", []), "round.setup")
        if "end" not in table:
            raise self.error("a round needs end = \"expression\" (when it is over, e.g. "
                             "\"me.hand == 0\")", "round.end")
        r.round_end = self.condition(table["end"], "round.end")
        r.round_effects = self.effects(table.get("effects", []), "round.effects")

    def ends(self) -> tuple[End, ...]:
        raw = self.data.get("end", [])
        if isinstance(raw, dict):
            raw = [raw]
        if not isinstance(raw, list):
            raise self.error("[[end]] tables: name and if", "end")
        ends: list[End] = []
        for i, table in enumerate(raw, 1):
            where = f"end[{i}]"
            self.keys(table, ("name", "if", "at"), where)
            if "if" not in table:
                raise self.error("an end needs if = \"expression\"", f"{where}.if")
            at = self.text(table.get("at", "turn"), f"{where}.at", ("turn", "round"))
            if at == "round" and "round" not in self.data:
                raise self.error("at = \"round\" needs a [round] table", f"{where}.at")
            name = str(table.get("name", f"end {i}"))
            # the name is what ended_by reports and messages quote: two would be told apart
            # by neither
            same = next((k for k, e in enumerate(ends, 1) if e.name == name), None)
            if same is not None:
                raise self.error(f"{name!r} is end[{same}]'s name too; give each [[end]] a "
                                 "name of its own (ended_by and the findings report it)",
                                 f"{where}.name")
            ends.append(End(name, self.condition(table["if"], f"{where}.if"), at))
        return tuple(ends)       # (none: the turn limit ends the game)

    def score(self) -> tuple[tuple[str, Expr], ...]:
        table = self.keys(self.data.get("score", {}), ("by",), "score")
        return self.ranking(table.get("by", []), "score.by")

    def criteria(self, raw: Any, where: str) -> tuple:
        """How compare tells two cards apart, first criterion first: a relation table (row
        `field` beats row `beats`), an order of a field's values (best first), or the
        highest / lowest value of an expression of `card` (and `lead`, the first card)."""
        if isinstance(raw, dict):
            raw = [raw]
        if not isinstance(raw, list) or not raw:
            raise self.error("by is a list of criteria", where)
        out: list[tuple] = []
        for i, item in enumerate(raw, 1):
            at = f"{where}[{i}]"
            self.keys(item, ("field", "relation", "beats", "order", "highest", "lowest"), at)
            if "highest" in item or "lowest" in item:
                how = "highest" if "highest" in item else "lowest"
                if len(item) != 1:
                    raise self.error(f"{how} stands alone in its criterion", at)
                out.append(("expr", how, self.compiler.compile(item[how], f"{at}.{how}")))
                continue
            column = item.get("field")
            if column not in self.columns:
                raise self.error(f"field {column!r} is not a card column"
                                 f"{close(str(column), self.columns)}", f"{at}.field")
            if "order" in item:
                order = item["order"]
                if not isinstance(order, list) or not order:
                    raise self.error("order is a list of the field's values, best first",
                                     f"{at}.order")
                out.append(("order", column, self.order(order, column, f"{at}.order")))
            elif "relation" in item:
                out.append(("relation", column, self.relation(item, at, column)))
            else:
                raise self.error("a criterion needs relation, order, highest or lowest", at)
        return tuple(out)

    def order(self, order: list, column: str, where: str) -> dict:
        """compare's `order = ["quick", "strong"]`: values of the cards' field, best first
        (a value no card has is a typo: it would never tell two cards apart)."""
        values = {card[column] for card in self.rules.cards}
        for value in order:
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                raise self.error(f"{value!r} is not a value of the cards' {column}", where)
            if value not in values:
                raise self.error(f"no card has {column} {value!r}"
                                 f"{close(str(value), sorted(map(str, values)))}", where)
        if len(set(order)) < len(order):
            raise self.error(f"a value is listed twice: {order!r}", where)
        return {v: k for k, v in enumerate(order)}

    def relation(self, item: dict, at: str, column: str) -> frozenset:
        from ..data.sheets import read_table
        from ..errors import Source

        rows = read_table(self.folder_path, self.text(item["relation"], f"{at}.relation"),
                          Source(self.path), self.prefix + f"{at}.relation")
        beats = item.get("beats", "beats")
        for name in (column, beats):
            if name not in rows.columns:
                raise self.error(f"{rows.name} has no column {name!r} (its columns: "
                                 f"{', '.join(rows.columns)})", f"{at}.relation")
        # A value beating itself, or two beating each other, let the first seat's card win
        # both ways (seat 1 won every tie); a value no card has is a typo, as in an order.
        values = sorted(map(str, {card[column] for card in self.rules.cards}))
        pairs: dict[tuple, int] = {}
        for raw in rows.rows:
            row = typed(dict(raw))
            x, y = row[column], row[beats]
            line = raw.source.row
            for name, value in ((column, x), (beats, y)):
                if values and str(value) not in values:
                    raise DataError(f"no card has {column} {value!r}{close(str(value), values)}"
                                    f" ({self.prefix}{at}.relation reads it)", raw.source.path,
                                    row=line, field=name)
            if x == y:
                raise DataError(f"{x!r} beats itself: two such cards would not tie, the first "
                                "seat's would win", raw.source.path, row=line, field=beats)
            if (y, x) in pairs:
                raise DataError(f"{x!r} beats {y!r}, but row {pairs[(y, x)]} says {y!r} beats "
                                f"{x!r}: keep one", raw.source.path, row=line, field=beats)
            pairs.setdefault((x, y), line or 0)
        if not pairs:
            raise self.error(f"{rows.name} has no rows: no card would beat another",
                             f"{at}.relation")
        return frozenset(pairs)

    def ranking(self, raw: Any, where: str) -> tuple[tuple[str, Expr], ...]:
        """[{ most = expr }, { fewest = expr }]: the first decides, the next break ties."""
        if isinstance(raw, dict):
            raw = [raw]
        if not isinstance(raw, list):
            raise self.error("by is a list: [{ most = \"target.score\" }, { fewest = ... }]",
                             where)
        out = []
        for i, item in enumerate(raw, 1):
            self.keys(item, ("most", "fewest"), f"{where}[{i}]")
            if len(item) != 1:
                raise self.error("each entry is one of most = or fewest =", f"{where}[{i}]")
            (how, expr), = item.items()
            out.append((how, self.compiler.compile(expr, f"{where}[{i}].{how}")))
        return tuple(out)


def _hidden_sizes(zones: dict[str, "Zone"]) -> dict[str, str]:
    """Each hidden zone by the public name of its size (shared.deck, me.pile): what a rule
    may read of it instead of its cards."""
    return {z.name: "me" if z.per_player else "shared" for z in zones.values()
            if z.visible == "hidden"}


def _picks(data: Any) -> list[str]:
    """Every name a `pick` effect binds, anywhere in the file."""
    found = []
    if isinstance(data, dict):
        if isinstance(data.get("pick"), str):
            found.append(data["pick"])
        for v in data.values():
            found += _picks(v)
    elif isinstance(data, list):
        for v in data:
            found += _picks(v)
    return found


MAX_CELL = 10 ** 15 - 1  # the largest whole number a card's cell plays (15 digits)


def typed(row: dict) -> dict:
    """A row as the rules read it: whole numbers are ints (the CSV's "3" is 3), the rest text."""
    out = {}
    for k, v in row.items():
        if isinstance(v, str):
            number = cell_number(v.strip())  # (the one rule for a cell: ASCII digits)
            if isinstance(number, int) and abs(number) <= MAX_CELL:
                v = number
        elif isinstance(v, float) and v.is_integer():
            v = int(v)
        out[k] = v
    return out
