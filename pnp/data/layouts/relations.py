"""Elements defined by other elements of their layout: `like` (a copy of another element with
its own keys on top, shifted by `dx` and `dy`) and `below` (placed where another element ends,
`gap` under it). Both are worked out when the layout compiles: an unknown name or a circle is
an error naming the layout file and the property.

    [table1]
    type = "rect"
    x = "5mm"
    y = "20mm"
    width = "20mm"
    height = "8mm"

    [table2]
    like = "table1"
    dy = "10mm"         # y = 30mm, the rest as table1's

    [rules]
    type = "text"
    below = "description"
    gap = "2mm"         # its top 2 mm under the description's last line
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...errors import DataError
from .spec import MAX_DEPTH, LayoutSpec
from .values import Length, ValueProblem, to_length

LIKE_KEYS = ("like", "dx", "dy")  # used up here: the element itself never sees them


def _where(spec: LayoutSpec, name: str) -> Path:
    return spec.origins.get(name, spec.path)


def _unknown(spec: LayoutSpec, name: str, prop: str, other: Any) -> DataError:
    import difflib

    close = difflib.get_close_matches(str(other), list(spec.elements), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return DataError(f"element [{name}] has {prop} = {other!r}, but this layout has no element "
                     f"of that name{hint}", _where(spec, name), field=f"{name}.{prop}")


def inherit(spec: LayoutSpec) -> dict[str, dict[str, Any]]:
    """The layout's element tables with each `like` worked out, in drawing order."""
    done: dict[str, dict[str, Any]] = {}

    def resolve(name: str, chain: tuple[str, ...]) -> dict[str, Any]:
        if name in done:
            return done[name]
        table = spec.elements[name]
        other = table.get("like")
        if other is None:
            done[name] = dict(table)
            return done[name]
        if not isinstance(other, str):
            raise DataError("like must name another element of the layout", _where(spec, name),
                            field=f"{name}.like")
        if other == name or other in chain:
            circle = " -> ".join((*chain, name, other)[(*chain, name).index(other):])
            raise DataError(f"elements are like each other in a circle: {circle}",
                            _where(spec, name), field=f"{name}.like")
        if other not in spec.elements:
            raise _unknown(spec, name, "like", other)
        if len(chain) >= MAX_DEPTH:  # (a generated mistake; and Python's stack has a limit)
            raise DataError(f"elements are like each other more than {MAX_DEPTH} deep; make "
                            "them like one element, with their own dx and dy",
                            _where(spec, name), field=f"{name}.like")
        base = resolve(other, (*chain, name))
        own = {k: v for k, v in table.items() if k not in LIKE_KEYS}
        merged = {**base, **own}
        for axis, shift in (("x", "dx"), ("y", "dy")):
            if shift in table:
                merged[axis] = _shifted(merged.get(axis, 0), table[shift], spec, name, shift)
        done[name] = merged
        return merged

    for name in spec.elements:
        resolve(name, ())
    stray = next((n for n, t in spec.elements.items()
                  if "like" not in t and any(k in t for k in LIKE_KEYS)), None)
    if stray is not None:
        key = next(k for k in LIKE_KEYS if k in spec.elements[stray])
        raise DataError(f"element [{stray}] has {key} but no like = \"...\" to shift from",
                        _where(spec, stray), field=f"{stray}.{key}")
    return {name: done[name] for name in spec.elements}


def _shifted(start: Any, shift: Any, spec: LayoutSpec, name: str, key: str) -> str:
    """`start` + `shift` as one length ("50% - 6mm" + "2mm"), written exactly (repr floats)."""
    if any(isinstance(v, str) and ("{{" in v or "{%" in v) for v in (start, shift)):
        raise DataError(f"element [{name}]: {key} shifts a length, not an expression; give the "
                        "element its own x or y instead", _where(spec, name),
                        field=f"{name}.{key}")
    try:
        a, b = to_length(start), to_length(shift)
    except ValueProblem as exc:
        raise DataError(f"element [{name}]: {exc}", _where(spec, name),
                        field=f"{name}.{key}") from None
    return length_text(Length(a.points + b.points, a.percent + b.percent))


def length_text(v: Length) -> str:
    """A Length as layout text that reads back as the same numbers."""
    points = f"{abs(v.points)!r}pt"
    if not v.percent:
        return f"-{points}" if v.points < 0 else points
    return f"{v.percent!r}% {'-' if v.points < 0 else '+'} {points}"


def below_of(name: str, table: dict[str, Any], spec: LayoutSpec) -> tuple[str, Any] | None:
    """(the element it sits under, its gap) or None; the name checked here."""
    other = table.get("below")
    if other is None:
        if "gap" in table:
            raise DataError(f"element [{name}] has gap but no below = \"...\" to keep it from",
                            _where(spec, name), field=f"{name}.gap")
        return None
    if not isinstance(other, str) or other not in spec.elements or other == name:
        if other == name:
            raise DataError(f"element [{name}] cannot sit below itself", _where(spec, name),
                            field=f"{name}.below")
        raise _unknown(spec, name, "below", other)
    if "y" in spec.elements[name]:
        raise DataError(f"element [{name}] has both y and below; below places its top (give "
                        "gap for the space between)", _where(spec, name), field=f"{name}.y")
    try:
        gap = to_length(table.get("gap", 0))
    except ValueProblem as exc:
        raise DataError(f"element [{name}]: {exc}", _where(spec, name),
                        field=f"{name}.gap") from None
    return other, gap


def placing_order(below: dict[str, str], spec: LayoutSpec) -> list[str]:
    """The elements others sit below, each after the ones it sits below itself (to measure
    where they end before drawing); a circle is an error."""
    order: list[str] = []
    state: dict[str, int] = {}  # 1: being placed, 2: placed

    def visit(name: str, chain: tuple[str, ...]) -> None:
        if state.get(name) == 2:
            return
        if state.get(name) == 1:
            circle = " -> ".join((*chain, name)[chain.index(name):])
            raise DataError(f"elements sit below each other in a circle: {circle}",
                            _where(spec, chain[-1]), field=f"{chain[-1]}.below")
        if len(chain) >= MAX_DEPTH:
            raise DataError(f"elements sit below each other more than {MAX_DEPTH} deep",
                            _where(spec, chain[-1]), field=f"{chain[-1]}.below")
        state[name] = 1
        if name in below:
            visit(below[name], (*chain, name))
        state[name] = 2
        order.append(name)

    for name in below:
        visit(name, ())
    return order
