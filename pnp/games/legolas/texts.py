"""The printed text of each Legolas card, rendered from the fields the engine plays (wording.py):
the placeholders each kind of card offers, and which of them its text must show."""

from __future__ import annotations

import re

from .facts import ELEMENTS, EFFECTS, SUITS, Character, Mission, Power, Treasure, per_phrase
from .wording import problems, render

Fields = tuple[dict[str, float], dict[str, str], tuple[str, ...]]


def power_fields(power: Power) -> Fields:
    if power.kind == "none":
        return {}, {}, ()
    return {"amount": power.amount}, {}, ("amount",)


def treasure_fields(t: Treasure) -> Fields:
    amount, target = EFFECTS.get(t.effect, (None, None))
    numbers: dict[str, float] = {"amount": t.amount} if amount else {}
    names = {"target": t.target} if target else {}
    return numbers, names, tuple(numbers) + tuple(names)


def mission_fields(m: Mission, side: str) -> Fields:
    """side "gain" or "loss": {vp} and {per} ("trap", "Stealth monster"); {per} must show
    unless the mission scores per round."""
    per = getattr(m, f"{side}_per")
    required = () if per == "round" else ("per",)
    return {"vp": getattr(m, f"{side}_vp")}, {"per": per_phrase(per)}, required


def check(template: str, fields: Fields) -> list[str]:
    numbers, names, required = fields
    return problems(template, numbers, names, required) + names_written(template)


def names_written(template: str) -> list[str]:
    """A suit or element written into the prose ("damage from {target} and fire monsters"): the
    engine plays only the card's fields, so the text would promise what it never does."""
    literal = re.sub(r"\{[^{}]*\}", " ", template)
    said = [w for w in re.findall(r"[A-Za-z]+", literal) if w.lower() in SUITS + ELEMENTS]
    if not said:
        return []
    return [f"the text {template!r} names {said[0]!r} itself; the engine plays only the card's "
            "fields, so a suit or element it names is a placeholder ({target}, {per})"]


def text(template: str, fields: Fields) -> str:
    numbers, names, _ = fields
    return render(template, numbers, names)


def power_text(power: Power) -> str:
    return text(power.text, power_fields(power))


def treasure_text(t: Treasure) -> str:
    return text(t.text, treasure_fields(t))


def mission_lines(m: Mission) -> list[tuple[int, str]]:
    """(signed VP, what for) of the mission's gain and loss lines: (1, "for each trap taken.")."""
    lines = [(m.gain_vp, text(m.gain_text, mission_fields(m, "gain")))]
    if m.loss_per:
        lines.append((-m.loss_vp, text(m.loss_text, mission_fields(m, "loss"))))
    return lines


def level_texts(c: Character) -> tuple[str, str]:
    return power_text(c.level2), power_text(c.level3)
