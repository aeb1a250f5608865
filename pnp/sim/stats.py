"""The statistics of the playtest lab: rates with Wilson intervals, distributions of counts, and
the words and numbers the figures are printed with. `Extra` is the base of a game's own figures
(its lab module's `Figures`)."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any, Mapping, Sequence

Z95 = 1.959963984540054  # two-sided 95 % normal quantile
# two-sided 95 % quantiles of Student's t for 1-30 degrees of freedom: a mean of a few games
# (a report of 1 game: two seats) gets the wide interval it deserves, not the normal one
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def t95(n: int) -> float:
    """The 95 % multiplier for a mean of n values (inf below 2: no interval at all)."""
    if n < 2:
        return math.inf
    return _T95[n - 2] if n - 1 <= len(_T95) else Z95


# ---------------------------------------------------------------------------------------------
# Statistics
# ---------------------------------------------------------------------------------------------

def games_text(n: int) -> str:
    """"1 game", "2,000 games"."""
    return f"{n:,} game" + ("" if n == 1 else "s")


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of k successes in n trials ((0, 1) when n == 0)."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    # at k = 0 (k = n) the bound is 0 (1) exactly; the float sum leaves a 5.6e-17
    return (0.0 if k == 0 else max(0.0, centre - half),
            1.0 if k == n else min(1.0, centre + half))


def rate(k: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(k, n)
    return {"count": k, "of": n, "rate": k / n if n else 0.0, "ci": [lo, hi]}


def distribution(counts: Mapping[float, int], scale: float = 1.0) -> dict[str, Any]:
    """Mean, median, sample stdev, min and max of values given as {value: count}; values are
    multiplied by `scale` (e.g. 0.5 for half points). Histogram as [[value, count], ...]."""
    items = sorted((v, c) for v, c in counts.items() if c)
    n = sum(c for _, c in items)
    if n == 0:
        return {"n": 0, "mean": None, "median": None, "stdev": None, "min": None, "max": None,
                "histogram": []}
    total = sum(v * c for v, c in items)
    mean = total / n
    var = sum(c * (v - mean) ** 2 for v, c in items) / (n - 1) if n > 1 else 0.0

    def nth(i: int) -> float:  # 0-based
        acc = 0
        for v, c in items:
            acc += c
            if i < acc:
                return v
        return items[-1][0]

    median = nth(n // 2) if n % 2 else (nth(n // 2 - 1) + nth(n // 2)) / 2
    return {"n": n, "mean": mean * scale, "median": median * scale,
            "stdev": math.sqrt(var) * scale, "min": items[0][0] * scale,
            "max": items[-1][0] * scale,
            "histogram": [[v * scale, c] for v, c in items]}


def advantage(k: int, n: int, who: str, other: str, what: str) -> str:
    """Plain words on a share k/n of decisive games: is it measurably different from half?"""
    if n == 0:
        return f"no decisive games: nothing to say about {what}"
    lo, hi = wilson(k, n)
    if lo <= 0.5 <= hi:
        return f"no measurable {what}"
    lead, share = (who, k / n) if k / n > 0.5 else (other, 1 - k / n)
    return f"{lead} has a measurable {what} ({pct(share)} of decisive games)"


def pct(x: float | None, digits: int = 1) -> str:
    return "-" if x is None else f"{100 * x:.{digits}f} %"


def pct_ci(ci: Sequence[float], digits: int = 1) -> str:
    return f"{100 * ci[0]:.{digits}f}-{100 * ci[1]:.{digits}f} %"


def num(x: float | None, digits: int = 2) -> str:
    """A number without needless decimals: 6, 35.5, 35.75, 1,234."""
    if x is None:
        return "-"
    if float(x).is_integer():
        return f"{int(x):,}"
    return f"{x:,.{digits}f}".rstrip("0").rstrip(".")


def span(lo: float | None, hi: float | None) -> str:
    return f"{num(lo)} to {num(hi)}"


# ---------------------------------------------------------------------------------------------
# Per-game figures
# ---------------------------------------------------------------------------------------------

class Extra:
    """A game's own counts, beside the win rates every game gets. A game's lab module subclasses
    it as `Figures` and defines length(), add(), figures() and lines(), and names its counts in
    `merged` (or defines merge()). It must stay picklable and merge exactly (chunks are tallied
    in worker processes)."""

    length_unit = "decisions"
    seat_names: tuple[str, ...] = ()
    merged: tuple[str, ...] = ()   # attributes that are Counters, or dicts of Counters

    def __init__(self, num_players: int):
        self.num_players = num_players

    def length(self, stats: Mapping[str, Any], decisions: int) -> int:
        return decisions

    def add(self, returns: Sequence[float], stats: Mapping[str, Any]) -> None:
        pass

    def merge(self, other: "Extra") -> None:
        """Adds up the counts `merged` names."""
        for name in self.merged:
            mine, theirs = getattr(self, name), getattr(other, name)
            if isinstance(mine, Counter):
                mine.update(theirs)
            else:
                merge_counters(mine, theirs)

    def figures(self, games: int) -> dict[str, Any]:
        return {}

    def lines(self, fig: Mapping[str, Any], games: int) -> list[str]:
        return []

    def caveats(self, fig: Mapping[str, Any]) -> list[str]:
        """What makes the win rates above read otherwise than they say (said under them)."""
        return []


def merge_counters(mine: dict, theirs: dict) -> None:
    for key, counter in theirs.items():
        mine.setdefault(key, Counter()).update(counter)
