"""What the rules engine needs of the four card lists, as findings naming file, row and field.
The engine refuses data with an error here (LegolasGame), validation reports all of them at once,
and `pnp build --force` prints a row with one as written. A different value (a monster's value, a
threshold, a power's amount, a mission's VP) is a design change, not an error: the engine plays it
and the card prints it."""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Sequence, TypeVar

from ...errors import Finding, Source, error, warning
from . import texts
from .data import Cards
from .facts import (CHARACTER_IDS, DECK_SIZE, EFFECT_OF, EFFECTS, ELEMENTS, KINDS, MISSION_PER,
                    MAX_PLAYERS, MISSIONS, POWER_RANGE, POWER_WORDS, POWERS, ROUNDS, SUITS,
                    TREASURE_IDS)

R = TypeVar("R")


def _rows(records: Sequence[R], sources: Sequence[Source]) -> list[tuple[R, Source | None]]:
    """Each record with the row it came from (None for records made without a file)."""
    return [(r, sources[i] if i < len(sources) else None) for i, r in enumerate(records)]


def ids(rows: Iterable[tuple[Any, Source | None]], known: tuple[str, ...], what: str,
        file: Source | None) -> list[Finding]:
    """Each row's id is one the engine knows, once; every id the engine knows is there (rows:
    records with an id and a name, and their sources)."""
    findings = []
    seen: dict[str, Source | None] = {}
    for record, src in rows:
        rid, name = record.id, record.name
        if rid not in known:
            findings.append(error(f"unknown {what} {rid!r} ({name}); the rules engine knows: "
                                  f"{', '.join(known)}", src, "id"))
        elif rid in seen:
            first = seen[rid]
            findings.append(error(f"{what} {rid!r} is listed twice (first in row "
                                  f"{first.row if first else '?'})", src, "id"))
        else:
            seen[rid] = src
    for rid in known:
        if rid not in seen:
            findings.append(error(f"{what} {rid!r} is missing; the rules need all "
                                  f"{len(known)}", file, "id"))
    return findings


def _template(template: str, fields: texts.Fields, src: Source | None, field: str,
              name: str) -> list[Finding]:
    return [error(f"{name}: {p}", src, field) for p in texts.check(template, fields)]


def monsters(cards: Cards, file: Source | None) -> list[Finding]:
    findings = []
    if len(cards.monsters) != DECK_SIZE:
        findings.append(error(f"the monster deck has {len(cards.monsters)} cards, the rules "
                              f"need {DECK_SIZE}", file))
    per_suit = DECK_SIZE // len(SUITS)
    counts = Counter(m.suit for m in cards.monsters)
    for suit in SUITS:
        if counts[suit] != per_suit:
            # too many: named at the suit's last row, most often the one just added or copied
            last = next((src for m, src in reversed(_rows(cards.monsters, cards.monster_sources))
                         if m.suit == suit), None) if counts[suit] > per_suit else None
            findings.append(error(f"the {suit} suit has {counts[suit]} monster cards"
                                  + (", the last in this row" if last else "")
                                  + f"; the rules need {per_suit} of each of the {len(SUITS)} "
                                  "suits", last or file, "suit"))
    for i, (m, src) in enumerate(_rows(cards.monsters, cards.monster_sources)):
        for field, value, known in (("suit", m.suit, SUITS), ("element", m.element, ELEMENTS),
                                    ("kind", m.kind, KINDS)):
            if value not in known:
                findings.append(error(f"monster {i + 1}: unknown {field} {value!r}", src, field))
        if not 1 <= m.value <= 9:
            findings.append(error(f"monster {i + 1}: value {m.value} out of range 1 to 9", src,
                                  "value"))
        if m.coins * 2 != int(m.coins * 2):
            findings.append(error(f"{m.coins:g} coins: coins must be a whole or half number",
                                  src, "coins"))
        if (m.boss_vp != 0) != (m.kind == "boss"):
            findings.append(error(f"boss_vp {m.boss_vp} does not fit kind {m.kind or 'monster'!r}"
                                  " (only a boss has boss VP, and every boss has some)", src,
                                  "boss_vp"))
    halves = [s for m, s in zip(cards.monsters, cards.monster_sources)
              if m.coins * 2 % 2 == 1]    # (0.3 coins is an error above, not a half coin)
    if len(halves) > 1:
        findings.append(warning(f"the deck has {len(halves)} cards with a half coin; the listed "
                                "deck has exactly one (ruling L2)", halves[1], "coins"))
    return findings


def treasures(cards: Cards, file: Source | None) -> list[Finding]:
    rows = _rows(cards.treasures, cards.treasure_sources)
    findings = ids(rows, TREASURE_IDS, "treasure", file)
    for t, src in rows:
        want = EFFECT_OF.get(t.id)
        if t.effect not in EFFECTS:
            findings.append(error(f"{t.name}: unknown effect {t.effect!r}; the rules engine "
                                  f"knows: {', '.join(EFFECTS)}", src, "effect"))
            continue
        if want is not None and t.effect != want:
            findings.append(error(f"{t.name}: the rules engine plays {t.id} as {want!r}, not "
                                  f"{t.effect!r}", src, "effect"))
            continue
        amount, target = EFFECTS[t.effect]
        if amount and t.amount < 1:
            findings.append(error(f"{t.name}: {t.effect} needs an amount of at least 1 ({amount})",
                                  src, "amount"))
        if t.effect == "plays" and t.amount < 2:
            findings.append(error(f"{t.name}: play at least 2 cards a turn, or it does nothing",
                                  src, "amount"))
        choices = ELEMENTS if target == "element" else SUITS if target == "suit" else ("",)
        if t.target not in choices:
            wanted = f"one of: {', '.join(choices)}" if target else "empty"
            findings.append(error(f"{t.name}: target {t.target!r} must be {wanted}", src,
                                  "target"))
            continue
        findings += _template(t.text, texts.treasure_fields(t), src, "text", t.name)
    return findings


def characters(cards: Cards, file: Source | None) -> list[Finding]:
    rows = _rows(cards.characters, cards.character_sources)
    findings = ids(rows, CHARACTER_IDS, "character", file)
    top = max((m.value for m in cards.monsters), default=0)
    for c, src in rows:
        if c.copies < 1:
            findings.append(error(f"{c.name}: needs at least one card (the rules have it)", src,
                                  "copies"))
        if c.threshold <= top:
            findings.append(warning(f"{c.name} must challenge a horde of {c.threshold}: a "
                                    f"single {top} already forces a challenge", src,
                                    "threshold"))
        for level in ("level2", "level3"):
            p = getattr(c, level)
            if p.kind not in POWERS:
                findings.append(error(f"{c.name}: unknown power {p.kind!r}; the rules engine "
                                      f"knows: {', '.join(POWERS)}", src, f"{level}_power"))
                continue
            low, high = POWER_RANGE[p.kind]
            if not low <= p.amount <= high:
                findings.append(error(f"{c.name}: {p.kind} takes an amount from {low} to {high} "
                                      f"({POWERS[p.kind]}), not {p.amount}", src,
                                      f"{level}_amount"))
            if not p.text.strip():
                findings.append(error(f"{c.name}: the level {level[-1]} ability has no text",
                                      src, f"{level}_text"))
            findings += _template(p.text, texts.power_fields(p), src, f"{level}_text", c.name)
            words = POWER_WORDS[p.kind]
            if p.text.strip() and words and not any(w in p.text.lower() for w in words):
                findings.append(error(f"{c.name}: the text {p.text!r} does not describe a "
                                      f"{p.kind} power ({POWERS[p.kind]}), which the engine "
                                      f"plays; it should mention '{words[0]}'", src,
                                      f"{level}_text"))
    total = sum(c.copies for c in cards.characters if c.id in CHARACTER_IDS)
    if total < MAX_PLAYERS:
        findings.append(error(f"{total} character cards cannot deal one to each of "
                              f"{MAX_PLAYERS} players", file, "copies"))
    return findings


def missions(cards: Cards, file: Source | None) -> list[Finding]:
    rows = _rows(cards.missions, cards.mission_sources)
    findings = ids(rows, MISSIONS, "mission", file)
    for m, src in rows:
        for side in ("gain", "loss"):
            per = getattr(m, f"{side}_per")
            if side == "loss" and per == "":
                continue
            if per not in MISSION_PER:
                findings.append(error(f"{m.name}: the mission cannot score per {per!r}; it "
                                      f"scores per one of: {', '.join(MISSION_PER)}", src,
                                      f"{side}_per"))
                continue
            findings += _template(getattr(m, f"{side}_text"), texts.mission_fields(m, side),
                                  src, f"{side}_text", m.name)
    if len(MISSIONS) < ROUNDS:  # pragma: no cover - a fact of the rules
        findings.append(error(f"{len(MISSIONS)} missions cannot last {ROUNDS} rounds", file))
    return findings


def card_findings(cards: Cards, files: dict[str, Source | None] | None = None) -> list[Finding]:
    """Everything the engine needs of the four lists; `files` maps "monsters.csv" etc. to the
    whole file's Source, for findings that belong to no one row."""
    files = files or {}
    return (monsters(cards, files.get("monsters.csv"))
            + treasures(cards, files.get("treasures.csv"))
            + characters(cards, files.get("characters.csv"))
            + missions(cards, files.get("missions.csv")))
