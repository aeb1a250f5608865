"""Card text templates: prose with placeholders bound to a card's fields, so every number a card
prints is the number the engine plays.

    "{amount:Times} all coin values."   with amount 2  ->  "Double all coin values."
    "Defense +{amount}."                with amount 3  ->  "Defense +3."
    "for each {per} taken."             with per trap  ->  "for each trap taken."

A placeholder is {field} or {field:form}. Forms of a number: (none) 3, ½ for a half; word: three;
times: triple; s: the plural ending ("" for 1); signed: +3 or −3. Forms of a name: title: Earth;
upper: EARTH. A capitalised form (Word, Times) capitalises the word. The prose around the
placeholders may not hold a number (a digit, or a word such as "two" or "double"): a designer
rewords freely, but every number is a field.
"""

from __future__ import annotations

import re
import string

# numbers as the cards print them, ½ for a half and a true minus: the layout files' filters
from ...data.layouts.values import fraction as number, signed

NUMBER_WORDS = ("zero", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve")
TIMES_WORDS = {2: "double", 3: "triple", 4: "quadruple", 5: "quintuple"}
_NUMERIC_WORDS = set(NUMBER_WORDS) | set(TIMES_WORDS.values()) | {
    "twice", "thrice", "half", "single", "once", "pair", "dozen"}
NUMBER_FORMS = ("", "word", "times", "s", "signed")
NAME_FORMS = ("", "title", "upper")


def _number_form(n: float, form: str) -> str:
    low = form.lower()
    if low == "":
        text = number(n)
    elif low == "word":
        text = ("one" if n == 1 else NUMBER_WORDS[int(n) - 1] if n == int(n) and 2 <= n <= 12
                else number(n)) if n != 0 else "zero"
    elif low == "times":
        text = TIMES_WORDS.get(int(n), f"multiply by {number(n)}") if n == int(n) else \
            f"multiply by {number(n)}"
    elif low == "s":
        return "" if n == 1 else "s"
    else:
        text = signed(n)
    return text[:1].upper() + text[1:] if form[:1].isupper() else text


def _name_form(value: str, form: str) -> str:
    return value.title() if form == "title" else value.upper() if form == "upper" else value


def placeholders(template: str) -> list[tuple[str, str]]:
    """(field, form) of every placeholder; ValueError for a broken brace."""
    return [(f, spec or "") for _, f, spec, _ in string.Formatter().parse(template)
            if f is not None]


def problems(template: str, numbers: dict[str, float], names: dict[str, str],
             required: tuple[str, ...] = ()) -> list[str]:
    """What is wrong with a template for these fields (empty: fine)."""
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError as exc:
        return [f"the text {template!r} has a broken placeholder ({exc}); write {{field}}"]
    out = []
    used = set()
    for literal, field, spec, conv in parts:
        words = re.findall(r"[A-Za-z]+|\d+", literal)
        bad = [w for w in words if w.isdigit() or w.lower() in _NUMERIC_WORDS]
        if "½" in literal:
            bad.append("½")
        if bad:
            out.append(f"the text {template!r} writes {bad[0]!r} itself; a number must be a "
                       f"placeholder such as {{{next(iter(numbers), 'amount')}}} bound to its field")
        if field is None:
            continue
        used.add(field)
        forms = NUMBER_FORMS if field in numbers else NAME_FORMS if field in names else None
        if forms is None:
            known = ", ".join("{" + k + "}" for k in (*numbers, *names)) or "none"
            out.append(f"the text {template!r} has an unknown placeholder {{{field}}}; this "
                       f"card has {known}")
        elif (spec or "").lower() not in forms or conv:
            out.append(f"the text {template!r} writes {{{field}:{spec}}}; the forms of "
                       f"{field} are: {', '.join(repr(f) for f in forms if f)}")
    for field in required:
        if field not in used:
            out.append(f"the text {template!r} does not show {{{field}}}; the card must print "
                       f"the {field} the engine plays")
    return out


def render(template: str, numbers: dict[str, float], names: dict[str, str]) -> str:
    """The printed text. What `problems` refuses is printed as written (`pnp build --force`
    prints a row with an error as its designer wrote it): a placeholder with no field or form
    to fill it, and a whole template whose braces are broken."""
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError:
        return template
    out = []
    for literal, field, spec, conv in parts:
        out.append(literal)
        if field is None:
            continue
        form = spec or ""
        if field in numbers and form.lower() in NUMBER_FORMS and not conv:
            out.append(_number_form(numbers[field], form))
        elif field in names and form.lower() in NAME_FORMS and not conv:
            out.append(_name_form(names[field], form))
        else:
            out.append(_as_written(field, form, conv))
    return "".join(out)


def _as_written(field: str, form: str, conv: str | None) -> str:
    """A placeholder as the template writes it: "{nope}", "{amount:foo}"."""
    return "{" + field + (f"!{conv}" if conv else "") + (f":{form}" if form else "") + "}"
