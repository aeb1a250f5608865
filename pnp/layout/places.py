"""Pieces on a board: does every piece fit the place it stands on, and can two pieces that are on
the board at the same time overlap? Pure geometry in points; a game declares its tracks (which
piece stands on which cells) and pnp/games/facts.py turns the answers into findings."""

from __future__ import annotations

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
        gap = _closest(a.places, b.places)
        need = (a.diameter + b.diameter) / 2
        if gap is not None and gap < need - TOLERANCE:
            out.append((f"the {a.piece} on {a.name} and the {b.piece} on {b.name} overlap by "
                        f"{_mm(need - gap)} mm when they stand side by side (cells "
                        f"{_mm(gap)} mm apart)", a.field or b.field))
    return out


def _closest(first: tuple[Place, ...], second: tuple[Place, ...],
             same: bool = False) -> float | None:
    """The smallest distance between the centres of a place of `first` and one of `second`
    (two different places when `same`)."""
    best = None
    for i, p in enumerate(first):
        for j, q in enumerate(second):
            if same and j <= i:
                continue
            d = hypot(p.x - q.x, p.y - q.y)
            if best is None or d < best:
                best = d
    return best
