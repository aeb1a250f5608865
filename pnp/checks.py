"""`[[check]]` rules in game.toml: what a deck must hold, stated without Python. Each check
names its rows (`data`: a component's name, or a file such as `cards.csv` or `deck.xlsx#Monsters`)
and a `column`, and one or more of:

    each = 13                 every value of the column appears 13 times
    counts = { gold = 4 }     these values appear exactly so often (others may not appear)
    total = 40                the column adds up to 40 (or total_min / total_max)
    unique = true             no value appears twice
    allowed = ["a", "b"]      only these values
    min = 0, max = 10         every value is a number in this range
    required = true           no empty cell
    refers_to = "skills.csv:name"   every value names a row of another file (its column "name")

Counts and totals count copies when the rows are a component with a count column (each card
as printed); `copies = false` counts rows. `level = "warning"` reports without refusing to build.
Findings name the file, the row and the field, like the rules engines' own."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from .data.game import GameFolder
from .data.tables import check_entry
from .data.sheets import Table, read_table
from .errors import DataError, Finding, Source, error, warning

RULES = ("each", "counts", "total", "total_min", "total_max", "unique", "allowed", "min", "max",
         "required", "refers_to")
KEYS = set(RULES) | {"data", "column", "copies", "level"}


@dataclass(frozen=True)
class Check:
    """One [[check]] of game.toml: a column of some rows and the rules it must keep."""

    table: Table
    component: str | None  # the component the rows belong to (its copies count)
    column: str
    rules: dict[str, Any]
    copies: bool
    level: str
    where: str  # check[3], for errors in the check itself
    targets: frozenset[str] = frozenset()  # refers_to: the values the other file holds


def _times(n: float) -> str:
    return "once" if n == 1 else f"{n:g} times"


def _text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def read_checks(folder: GameFolder, components: dict[str, Table]) -> tuple[Check, ...]:
    items = folder.config.get("check", [])
    path = folder.toml_path
    if not isinstance(items, list):
        raise DataError("checks are [[check]] tables", path, field="check")
    tables: dict[str, Table] = {}

    def rows(ref: str, where: str) -> Table:
        if ref in components:
            return components[ref]
        if not any(ch in ref for ch in "./#:"):  # a bare word names a component, not a file
            raise DataError(f"no component named {ref!r} (components: "
                            f"{', '.join(components) or 'none'}; or name a file, as "
                            "\"skills.csv\")", path, field=where)
        if ref not in tables:
            tables[ref] = read_table(folder.path, ref, Source(path), where)
        return tables[ref]

    checks = []
    for i, item in enumerate(items, 1):
        where = f"check[{i}]"
        check_entry(item, "check", KEYS, path, where)
        ref, column = item.get("data"), item.get("column")
        if not isinstance(ref, str) or not isinstance(column, str):
            raise DataError("a check needs data (a component or file) and a column", path,
                            field=where)
        table = rows(ref, f"{where}.data")
        if column not in table.columns:
            raise DataError(f"{table.name} has no column {column!r} (its columns: "
                            f"{', '.join(table.columns)})", path, field=f"{where}.column")
        rules = {k: item[k] for k in RULES if k in item}
        if not rules:
            raise DataError(f"a check needs a rule: one of {', '.join(RULES)}", path, field=where)
        _check_values(item, rules, path, where)
        targets: frozenset[str] = frozenset()
        if "refers_to" in rules:
            other, sep, key = str(rules["refers_to"]).rpartition(":")
            if not sep or not other:
                raise DataError("refers_to names a file and its column, as \"skills.csv:name\"",
                                path, field=f"{where}.refers_to")
            target = rows(other, f"{where}.refers_to")
            if key not in target.columns:
                raise DataError(f"{target.name} has no column {key!r}", path,
                                field=f"{where}.refers_to")
            targets = frozenset(_text(r[key]) for r in target.rows)
        level = item.get("level", "error")
        if level not in ("error", "warning"):
            raise DataError("level must be \"error\" or \"warning\"", path, field=f"{where}.level")
        checks.append(Check(table, ref if ref in components else None, column, rules,
                            bool(item.get("copies", True)), level, where, targets))
    return tuple(checks)


def _check_values(item: dict, rules: dict[str, Any], path, where: str) -> None:
    """Each rule's value is of the kind it takes: a number, a list, a table, true or false."""
    for key in ("each", "total", "total_min", "total_max", "min", "max"):
        if key in rules and (isinstance(rules[key], bool)
                             or not isinstance(rules[key], (int, float))):
            raise DataError(f"{key} must be a number", path, field=f"{where}.{key}")
    for key in ("unique", "required"):  # ("no" is a text, and a text is true)
        if key in rules and not isinstance(rules[key], bool):
            raise DataError(f"{key} must be true or false, not {rules[key]!r}", path,
                            field=f"{where}.{key}")
    if "copies" in item and not isinstance(item["copies"], bool):
        raise DataError(f"copies must be true or false, not {item['copies']!r}", path,
                        field=f"{where}.copies")
    if "allowed" in rules and not isinstance(rules["allowed"], list):
        raise DataError("allowed must be a list of values", path, field=f"{where}.allowed")
    if "counts" in rules and not isinstance(rules["counts"], dict):
        raise DataError("counts must be a table of value = count", path,
                        field=f"{where}.counts")


def run_checks(checks, copies: dict[str, list[int]]) -> list[Finding]:
    """Findings for every rule broken; `copies` gives each component's count per row."""
    out: list[Finding] = []
    for check in checks:
        out.extend(_run(check, copies.get(check.component or "", None)))
    return out


def _run(check: Check, counts: list[int] | None) -> list[Finding]:
    make = error if check.level == "error" else warning
    rows = check.table.rows
    weights = counts if (counts is not None and check.copies) else [1] * len(rows)
    whole = Source(rows[0].source.path) if rows else None
    values = [_text(r[check.column]) for r in rows]
    tally: Counter = Counter()
    for v, w in zip(values, weights):
        if v:
            tally[v] += w
    return (_row_rules(check, make, values) + _tally_rules(check, make, tally, whole)
            + _total_rules(check, make, values, weights, whole))


def _row_rules(check: Check, make, values: list[str]) -> list[Finding]:
    """The rules each cell keeps (required, allowed, min and max, unique, refers_to), broken
    by its row."""
    col, rules, rows = check.column, check.rules, check.table.rows
    out: list[Finding] = []
    if rules.get("required"):
        out += [make("is empty", r.source, col) for r, v in zip(rows, values) if not v]
    if "allowed" in rules:
        allowed = [_text(a) for a in rules["allowed"]]
        out += [make(f"{v!r} is not one of: {', '.join(allowed)}", r.source, col)
                for r, v in zip(rows, values) if v and v not in allowed]
    if "min" in rules or "max" in rules:
        for r, v in zip(rows, values):
            if not v:
                continue
            try:
                number = float(v)
            except ValueError:
                out.append(make(f"expected a number, got {v!r}", r.source, col))
                continue
            if "min" in rules and number < rules["min"]:
                out.append(make(f"{v} is less than the minimum {rules['min']:g}", r.source, col))
            if "max" in rules and number > rules["max"]:
                out.append(make(f"{v} is more than the maximum {rules['max']:g}", r.source, col))
    if rules.get("unique"):
        first: dict[str, Source] = {}
        for r, v in zip(rows, values):
            if v and v in first:
                out.append(make(f"{v!r} appears twice (first in row {first[v].row})", r.source,
                                col))
            first.setdefault(v, r.source)
    if "refers_to" in rules:
        out += [make(f"{v!r} is not a row of {rules['refers_to']}", r.source, col)
                for r, v in zip(rows, values) if v and v not in check.targets]
    return out


def _tally_rules(check: Check, make, tally: Counter, whole: Source | None) -> list[Finding]:
    """How often each value appears (each, counts), copies counted as `tally` counts them."""
    col, rules = check.column, check.rules
    out: list[Finding] = []
    if "each" in rules:
        for v, n in sorted(tally.items()):
            if n != rules["each"]:
                out.append(make(f"{v!r} appears {_times(n)}; each value should appear "
                                f"{_times(rules['each'])}", whole, col))
    if "counts" in rules:
        wanted = {_text(k): n for k, n in rules["counts"].items()}
        for v in sorted(set(wanted) | set(tally)):
            have, need = tally.get(v, 0), wanted.get(v, 0)
            if v not in wanted:
                out.append(make(f"{v!r} appears {_times(have)} but is not listed in counts "
                                f"(it lists {', '.join(map(repr, wanted))})", whole, col))
            elif have != need:
                out.append(make(f"{v!r} appears {_times(have)}; the check asks for {need}",
                                whole, col))
    return out


def _total_rules(check: Check, make, values: list[str], weights: list[int],
                 whole: Source | None) -> list[Finding]:
    """What the column adds up to (total, total_min, total_max)."""
    col, rules, rows = check.column, check.rules, check.table.rows
    out: list[Finding] = []
    if not {"total", "total_min", "total_max"} & set(rules):
        return out
    total = 0.0
    for r, v, w in zip(rows, values, weights):
        try:
            total += float(v or 0) * w
        except ValueError:
            out.append(make(f"expected a number, got {v!r}", r.source, col))
    shown = f"{total:g}"
    if "total" in rules and total != rules["total"]:
        out.append(make(f"adds up to {shown}; the check asks for {rules['total']:g}", whole, col))
    if "total_min" in rules and total < rules["total_min"]:
        out.append(make(f"adds up to {shown}, less than {rules['total_min']:g}", whole, col))
    if "total_max" in rules and total > rules["total_max"]:
        out.append(make(f"adds up to {shown}, more than {rules['total_max']:g}", whole, col))
    return out
