"""The print of a game whose rules are data: a plain deck's faces, and its booklet given the
rules in plain sentences ({{ how_to_play }}, see pnp/rules/booklet.py)."""

from __future__ import annotations

from dataclasses import replace

from ...kit import Kit
from ...rules.booklet import how_to_play
from ..deck import faces as deck
from .kit import Model


def build_kit(model: Model, fonts) -> Kit:
    if model.printed is not None:       # [print] like = "experior": that game's kit
        from .. import registry

        return registry.get(model.printed_like).build_kit(model.printed, fonts)
    extra = {"how_to_play": how_to_play(model.rules) if model.rules is not None else "",
             "options": dict(model.rules.options) if model.rules is not None else {}}
    kit = deck.build_kit(model, fonts, extra)
    source = getattr(kit.booklet.text, "source", None) if kit.booklet else None
    if source is not None and model.rules is not None:
        kit.booklet.text.source = replace(source, related=option_words(model.rules))
    return kit


def option_words(rules) -> dict[str, frozenset[str]]:
    """What each option of an [[end]] is about: its name's words and the counters compared
    with it (`most.points >= options.goal` is about points), so a booklet saying "reach 25
    points" is told that options.goal is 20."""
    import re

    out: dict[str, set[str]] = {}
    ends = [(e.name, e.condition.raw) for e in rules.ends]
    if rules.round_end is not None:
        ends.append(("round", rules.round_end.raw))
    for name, raw in ends:
        text = str(raw)
        fields = set(re.findall(r"\b(?!options\b)[A-Za-z_]\w*\s*\.\s*([A-Za-z_]\w*)", text))
        for option in re.findall(r"\boptions\.([A-Za-z_]\w*)", text):
            out.setdefault(f"options.{option}", set()).update(
                {*re.findall(r"[A-Za-z]+", name), *fields})
    return {k: frozenset(v) for k, v in out.items()}
