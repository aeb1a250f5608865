"""Pieces on a board: does every piece fit the place it stands on, and can two pieces that are on
the board at the same time overlap? Pure geometry in points; a game declares its tracks (which
piece stands on which cells) and pnp/games/facts.py turns the answers into findings."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from itertools import combinations
from math import hypot

from ..units import MM

TOLERANCE = 0.05 * MM  # drawing rounding, not a real overlap


@dataclass(frozen=True)
class Place:
    """One cell a piece may stand on: its centre and size on the board."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Track:
    """Cells that one kind of round piece moves along, e.g. a fighter's wound track and its
    marker, or a path of islands and its pawns. `pieces` stand on it at once, never two on one
    place; pieces of different tracks can stand anywhere on their own tracks at the same time."""

    name: str
    piece: str
    diameter: float
    places: tuple[Place, ...]
    pieces: int = 1
    field: str = ""  # the game.toml setting that sizes the piece, named in a finding


def _mm(v: float) -> str:
    return f"{v / MM:.2f}".rstrip("0").rstrip(".")


def problems(tracks: list[Track]) -> list[tuple[str, str]]:
    """Every way a piece does not fit, as (sentence with the measured millimetres, the setting
    to change)."""
    out = []
    for t in tracks:
        small = min(t.places, key=lambda p: min(p.w, p.h), default=None)
        if small is not None and t.diameter > min(small.w, small.h) + TOLERANCE:
            out.append((f"a {_mm(t.diameter)} mm {t.piece} does not fit the {_mm(small.w)} x "
                        f"{_mm(small.h)} mm cells of {t.name}", t.field))
        if t.pieces > 1:
            gap = _closest(t.places, t.places, same=True)
            if gap is not None and gap < t.diameter - TOLERANCE:
                out.append((f"two {t.piece}s on neighbouring cells of {t.name} overlap by "
                            f"{_mm(t.diameter - gap)} mm (cells {_mm(gap)} mm apart)", t.field))
    for a, b in combinations(tracks, 2):
        need = (a.diameter + b.diameter) / 2
        if _apart(a.places, b.places) >= need:  # no two of their cells come that close
            continue
        gap = _closest(a.places, b.places)
        if gap is not None and gap < need - TOLERANCE:
            out.append((f"the {a.piece} on {a.name} and the {b.piece} on {b.name} overlap by "
                        f"{_mm(need - gap)} mm when they stand side by side (cells "
                        f"{_mm(gap)} mm apart)", a.field or b.field))
    return out


def _apart(first: tuple[Place, ...], second: tuple[Place, ...]) -> float:
    """How far apart the boxes around the two sets of centres are: no centre of one is nearer
    a centre of the other (0 when the boxes meet or either set is empty)."""
    if not first or not second:
        return 0.0
    dx = max(min(p.x for p in second) - max(p.x for p in first),
             min(p.x for p in first) - max(p.x for p in second), 0.0)
    dy = max(min(p.y for p in second) - max(p.y for p in first),
             min(p.y for p in first) - max(p.y for p in second), 0.0)
    return hypot(dx, dy)


def _closest(first: tuple[Place, ...], second: tuple[Place, ...],
             same: bool = False) -> float | None:
    """The smallest distance between the centres of a place of `first` and one of `second`
    (two different places when `same`). The places of `second` are taken in order of x, and
    only those less than the best distance so far away in x are measured (a board's tracks
    have hundreds of cells)."""
    best = None
    if same:  # each pair once: a place and those after it in order of x
        order = sorted(first, key=lambda p: p.x)
        for i, p in enumerate(order):
            best = _nearer(p, order[i + 1:], best, 1)
        return best
    order = sorted(second, key=lambda q: q.x)
    xs = [q.x for q in order]
    for p in first:
        start = bisect_left(xs, p.x)  # rightwards, then leftwards
        best = _nearer(p, reversed(order[:start]), _nearer(p, order[start:], best, 1), -1)
    return best


def _nearer(p, candidates, best: float | None, side: int) -> float | None:
    """The smaller of `best` and the distance from p to the candidates, taken outwards from p
    on one side in x (1: rightwards, -1: leftwards) while x alone is not too far."""
    for q in candidates:
        if best is not None and side * (q.x - p.x) >= best:
            break
        d = hypot(p.x - q.x, p.y - q.y)
        if best is None or d < best:
            best = d
    return best
