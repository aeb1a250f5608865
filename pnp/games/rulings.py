"""Rulings: the entries of a game's rulings.toml, checked against the rulings its engine enforces
and bound to the engine's numbers, so the booklet cannot state one number while the engine plays
another.

An engine declares the rulings it enforces and the parameters each one states (Game.RULINGS,
{id: (parameter, ...)}); the kit module adds the values the engine is built with (an Enforced).
In rulings.toml a number is never written out: it is a placeholder, "{max_rounds}", filled from
those values (or from the entry's own [ruling.values], for figures the engine does not compute,
such as a measured win rate). Each
entry says whether it only restates the published rules (kind = "published") or is an
interpretation made for this kit (kind = "kit"); the booklet shows which.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from ..errors import DataError, Finding, Source, error

FILE = "rulings.toml"
KINDS = {"published": "restates the published rules", "kit": "an interpretation made for this kit"}
LABELS = {"published": "as published", "kit": "made for this kit"}
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
# A written-out number: digits not part of a ruling id such as "W14" or "E3".
BARE_NUMBER = re.compile(r"(?<![A-Za-z0-9_.])[-+]?\d+(?:[.,]\d+)?")



@dataclass(frozen=True)
class Enforced:
    """What a game's engine enforces: the parameters each ruling must state, by ruling id, and
    the values of all parameters (the numbers the engine plays with)."""

    params: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    values: Mapping[str, Any] = field(default_factory=dict)


NONE = Enforced()


@dataclass(frozen=True)
class Ruling:
    """One [[ruling]] entry of rulings.toml."""

    id: str
    title: str
    text: str  # as written, placeholders unfilled
    kind: str  # "published" or "kit" (anything else is noted when loading)
    source: str
    origin: Source
    values: Mapping[str, Any] = field(default_factory=dict)  # the entry's own [ruling.values]
    # the words a booklet sentence on this ruling's subject uses (each item: alternatives
    # joined by "|"); such a sentence must print or name the ruling (pnp/bound.py)
    subject: tuple[str, ...] = ()

    def placeholders(self) -> list[str]:
        return PLACEHOLDER.findall(self.text)


def load_rulings(folder) -> tuple[tuple[Ruling, ...], list[Finding]]:
    """Every well-formed entry of rulings.toml, and a finding for each one that is not (so one
    run names every broken entry). A missing file is no entry; check() says whether the engine
    needed one."""
    path = folder.path / FILE
    if not path.is_file():
        return (), []
    try:
        data = folder.toml(FILE)
    except DataError as exc:
        said = folder.unread[path] = error(exc.message, Source(path))
        return (), [said]
    items = data.get("ruling", [])
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        return (), [error("expected [[ruling]] entries", Source(path))]
    rulings: list = []
    problems: list = []
    seen: dict = {}
    for i, item in enumerate(items, 1):
        where = Source(path, i)
        bad = [key for key in ("id", "title", "text")
               if not isinstance(item.get(key), str) or not item[key].strip()]
        for key in bad:
            problems.append(error(f"ruling {i} needs a text {key!r}", where, key))
        kind = item.get("kind", "kit")  # unmarked: an interpretation, never a claim of the rules
        if kind not in KINDS:
            problems.append(error(
                f"kind must be \"published\" (the entry {KINDS['published']}) or \"kit\" "
                f"({KINDS['kit']}), not {kind!r}", where, "kind"))
        values = item.get("values", {})
        if not isinstance(values, dict) or not all(
                isinstance(v, (int, float, str)) and not isinstance(v, bool)
                for v in values.values()):
            problems.append(error("[ruling.values] must map names to numbers or texts", where,
                                  "values"))
            values = {}
        subject = item.get("subject", [])
        if not isinstance(subject, list) or not all(isinstance(w, str) and w.strip()
                                                    for w in subject):
            problems.append(error("subject is a list of words a sentence on this ruling's "
                                  "subject uses, as [\"shop\", \"fewest|first\"]", where,
                                  "subject"))
            subject = []
        if bad:
            continue  # (an entry with a bad kind stays, so it is not also reported missing)
        rid = item["id"].strip()
        if rid in seen:
            problems.append(error(f"ruling id {rid!r} appears twice (first as ruling "
                                  f"{seen[rid]})", where, "id"))
            continue
        seen[rid] = i
        rulings.append(Ruling(rid, item["title"].strip(), " ".join(item["text"].split()), kind,
                              str(item.get("source", "pnp")), where, dict(values),
                              tuple(w.strip() for w in subject)))
    return tuple(rulings), problems


def check(rulings: tuple[Ruling, ...], enforced: Enforced, folder_path) -> list[Finding]:
    """rulings.toml against what the engine enforces: every declared id present, every number a
    placeholder bound to a parameter, every parameter stated."""
    declared = enforced.params
    findings = missing(rulings, enforced, folder_path)
    if not declared or not (folder_path / FILE).is_file():
        return findings
    for r in rulings:
        known = {**r.values, **enforced.values}
        used = r.placeholders()
        for name in dict.fromkeys(used):
            if name not in known:
                choices = ", ".join("{" + k + "}" for k in known) or "none"
                findings.append(error(f"{r.id}: unknown placeholder {{{name}}}; this ruling can "
                                      f"state: {choices}", r.origin, "text"))
        for name in declared.get(r.id, {}):
            if name not in used:
                findings.append(error(f"{r.id}: the text must state the engine's {name} as "
                                      f"{{{name}}}", r.origin, "text"))
        for number in BARE_NUMBER.findall(PLACEHOLDER.sub("", r.text)):
            hint = _hint(number, known, declared.get(r.id, {}), used)
            write = f"write {{{hint[0]}}}" if hint else "bind it to a parameter"
            findings.append(error(f"{r.id}: the number {number} is written out; numbers in a "
                                  f"ruling are placeholders ({write}) so the booklet states what "
                                  "the engine plays", r.origin, "text"))
    return findings


def missing(rulings: tuple[Ruling, ...], enforced: Enforced, folder_path) -> list[Finding]:
    """An error for each ruling the engine enforces that rulings.toml has no entry for (one
    for the file, if there is none)."""
    declared = enforced.params
    path = folder_path / FILE
    if declared and not path.is_file():
        return [error(f"{FILE} is missing; the rules engine enforces rulings "
                      f"{', '.join(declared)}, and the booklet must state them", Source(path))]
    have = {r.id for r in rulings}
    return [error(f"the rules engine enforces ruling {rid}{_with(params)}, but {FILE} has no "
                  "entry for it", Source(path), "id")
            for rid, params in declared.items() if rid not in have]


def _with(params) -> str:
    return f" (with {', '.join('{' + p + '}' for p in params)})" if params else ""


def require(rulings: tuple[Ruling, ...], enforced: Enforced, folder_path) -> None:
    """Raise the first ruling missing(): the booklet states each one, so it is not rendered
    without (its template would fail on `ruling.W9`, blaming itself)."""
    for f in missing(rulings, enforced, folder_path):
        raise DataError(f.message, f.source.path if f.source else None, field=f.field)


def _hint(number: str, known: dict, own: Any, used: list) -> list[str]:
    """Placeholders to suggest for a written-out number: this ruling's own parameters first
    (one it must state and does not is what the number most likely stands for), then any
    other value that happens to be equal (W14's "10 rounds" is max_rounds, not the age 10)."""
    own = list(own)
    equal = [k for k in own if _same(known.get(k), number)]
    missing = [k for k in own if k not in used]
    others = [k for k, v in known.items() if _same(v, number) and k not in own]
    return equal + missing + others


def _same(value: Any, number: str) -> bool:
    try:
        return float(value) == float(number.replace(",", "."))
    except (TypeError, ValueError):
        return False


def fill(r: Ruling, enforced: Enforced) -> str:
    """The ruling's text with its placeholders replaced by the bound values (an unknown one
    stays visible as written; check() reports it)."""
    values = {**r.values, **enforced.values}

    def value(m: re.Match) -> str:
        v = values.get(m.group(1))
        if v is None:
            return m.group(0)
        return str(v)  # as written in the data: 50.0 stays "50.0"

    return PLACEHOLDER.sub(value, r.text)


def for_booklet(rulings: tuple[Ruling, ...], enforced: Enforced) -> list[dict[str, Any]]:
    """The rulings as the booklet template sees them: filled text, and whether each one restates
    the published rules or was made for this kit."""
    return [{"id": r.id, "title": r.title, "text": fill(r, enforced), "kind": r.kind,
             "label": LABELS.get(r.kind, ""), "made_for_kit": r.kind == "kit", "source": r.source}
            for r in rulings]
