"""Which zones' sizes a game keeps in its players' dicts (`me.hand`, `shared.deck`): those some
expression may read. Keeping every zone's size after every move was a tenth of a simulated
game's time, mostly for zones no expression names (a face-down choice, the box).

A zone's size is kept when its name is a word of some expression (`me.hand`, `most.hand`,
`me['hand']`), or, when some expression reads a key it works out (`winner[card.type]`), when
the name is a value of a card's, role's or option's cell (the key it may work out); and every
zone's when some expression runs in Jinja2 (which may read a key any way it likes) or works a
key out of text it makes (`me['ha' + 'nd']`, `me[card.kind | lower]`)."""

from __future__ import annotations

import re
from typing import Any, Iterable

_WORD = re.compile(r"[A-Za-z_]\w*")


def sized_zones(zones: Iterable[str], texts: Iterable[str], opaque: bool,
                cells: Iterable[Any]) -> frozenset[str]:
    """The zones (names) whose sizes an expression of `texts` may read; `opaque`: some ran in
    Jinja2; `cells`: the values of the cards', roles' and options' cells."""
    zones = frozenset(zones)
    if opaque:
        return zones
    texts = list(texts)
    words = {w for text in texts for w in _WORD.findall(text)}
    kept = {z for z in zones if z in words}
    inside = [_bracketed(text) for text in texts if "[" in text]  # a key worked out there:
    if any(op in part for part in inside for op in "+*|~"):      # made of parts, any name;
        return zones
    if inside:                                                   # else a cell's value
        kept |= {z for z in zones if z in _strings(cells)}
    return frozenset(kept)


def _bracketed(text: str) -> str:
    """The text inside `[...]` (at any depth) of an expression."""
    out, depth = [], 0
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth = max(depth - 1, 0)
        elif depth:
            out.append(ch)
    return "".join(out)


def _strings(cells: Iterable[Any]) -> set[str]:
    out: set[str] = set()
    for value in cells:
        if isinstance(value, str):
            out.add(value)
            out.add(value.strip())
        elif isinstance(value, dict):
            out |= _strings(value.keys()) | _strings(value.values())
        elif isinstance(value, (list, tuple, set, frozenset)):
            out |= _strings(value)
    return out
