"""Per-card statistics: for every row of the card data, how often it was held and played, and
whether its holder wins more often when it is played than when it is not.

The game says which rows an action deals or plays (the ``card_events`` hook of its GameSpec's lab
module; the shipped games keep it in ``cardrows.py``). Every game of a run is played again on its
own seed (``derive_seed``) with an observer that counts, per seat, the rows it held and how often
it played each. A seat "wins" a game when it has the best return alone or shared, not in a draw of all seats.

The comparison for one row, over the seat-games that held it:
- rows never played (characters, treasures: they are held) compare the seats that held the row
  with all other seat-games;
- otherwise "played" means played at least k times: k = 1 when at least one holder in ten never
  played it, else the median number of plays of its holders (where every card is played in
  almost every game, "played often" is the only split that says anything).
Win rates carry Wilson intervals; the difference carries Newcombe's interval (from the two Wilson
intervals). Playing a card is itself a sign of how a game goes (in Legolas a monster still in
hand at the end goes with a lost game, so every monster "wins when played"), so a row is
compared with its file: the file's typical difference is that of all its rows pooled, and a row
is flagged "measurable" when its difference minus the typical one has an interval that leaves
out zero, with at least MIN_SEAT_GAMES seat-games on each side. Still a correlation: read a flag
as a pointer, and confirm it with a sweep that changes the card.
"""

from __future__ import annotations

import csv
import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from ..engine.core import play
from ..errors import PnpError, clipped
from . import agents as agent_registry
from .simulate import Setup, SimulationError, chunks, default_jobs, derive_seed
from .summary import wilson

NEVER_PLAYED_SHARE = 0.1
MIN_SEAT_GAMES = 30      # on each side of a comparison before a row may be flagged


class CardTally:
    """Counts per row: Counter of (plays, won) over the seat-games that held or played it, plus
    the seat-games and wins of the run. Merges exactly."""

    def __init__(self) -> None:
        self.rows: dict[tuple[str, Any], Counter] = {}
        self.seat_games = 0
        self.wins = 0
        self.games = 0

    def add_game(self, held: set, plays: Counter, returns: Sequence[float]) -> None:
        top = max(returns)
        won = [r == top and top > min(returns) for r in returns]
        self.games += 1
        self.seat_games += len(returns)
        self.wins += sum(won)
        for seat, row in held | set(plays):
            self.rows.setdefault(row, Counter())[plays[seat, row], won[seat]] += 1

    def merge(self, other: "CardTally") -> "CardTally":
        for row, c in other.rows.items():
            self.rows.setdefault(row, Counter()).update(c)
        self.seat_games += other.seat_games
        self.wins += other.wins
        self.games += other.games
        return self


def _hashable(match: Any) -> Any:
    return match if isinstance(match, (int, tuple)) else tuple(sorted(dict(match).items()))


def play_cards_chunk(shared: tuple, start: int, stop: int) -> CardTally:
    setup, specs, seed = shared
    events = setup.spec.card_events()
    assert events is not None       # count_cards is only called for games with the hook
    agents = [agent_registry.make(setup.engine, s) for s in specs]
    tally = CardTally()
    for i in range(start, stop):
        held: set = set()
        plays: Counter = Counter()

        def observe(state, player, action, plays=plays, held=held):
            for seat, file, match, kind in events(state, player, action):
                key = (seat, (file, _hashable(match)))
                if kind == "played":
                    plays[key] += 1
                else:
                    held.add(key)

        s = derive_seed(seed, i)
        try:
            rec = play(setup.game, agents, s, observe=observe)
        except Exception as exc:
            raise SimulationError(f"game {i} (seed {s}) failed: {type(exc).__name__}: "
                                  f"{clipped(str(exc))}") from None
        tally.add_game(held, plays, rec.returns)
    return tally


def count_cards(setup: Setup, games: int, *, seed: int, agents: Sequence[str],
                jobs: int | None = None, scheduler: str | None = None,
                progress: Callable[[int], None] | None = None) -> CardTally:
    """Play the run's games again, counting cards (the same seeds as simulate); `progress(n)`
    is called with the games of each chunk done."""
    from .executor import run_chunks

    if setup.spec.card_events() is None:
        raise PnpError(f"{setup.name}: the {setup.engine} game has no card_events hook")
    jobs = default_jobs() if jobs is None or jobs <= 0 else jobs
    total = CardTally()
    parts = chunks(games)
    done = (lambda i: progress(parts[i][1] - parts[i][0])) if progress else None
    for part in run_chunks(play_cards_chunk, (setup, tuple(agents), seed), parts,
                           jobs=jobs, scheduler=scheduler, progress=done):
        total.merge(part)
    return total


# ---------------------------------------------------------------------------------------------
# Figures
# ---------------------------------------------------------------------------------------------

@dataclass
class CardRow:
    file: str
    row: int                   # as the kit numbers it: the header is row 1
    label: str
    values: dict[str, str]


def read_rows(folder: Path, files: Sequence[str]) -> dict[str, list[CardRow]]:
    """The data rows of each file, with a label (its name column, else its first columns)."""
    out = {}
    for file in files:
        path = folder / file
        with open(path, encoding="utf-8-sig", newline="") as f:
            rows = list(csv.DictReader(f))
        cards = []
        for i, r in enumerate(rows):
            label = r.get("name") or " ".join(v for v in list(r.values())[:4]
                                              if v and len(v) < 16)
            cards.append(CardRow(file, i + 2, label, {k: v for k, v in r.items() if k}))
        out[file] = cards
    return out


def _resolve(rows: list[CardRow], match: Any) -> CardRow | None:
    if isinstance(match, int):
        return rows[match] if 0 <= match < len(rows) else None
    want = dict(match)
    for r in rows:
        if all(r.values.get(k) == str(v) for k, v in want.items()):
            return r
    return None


def _rate(k: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(k, n)
    return {"wins": k, "of": n, "rate": k / n if n else None, "ci": [lo, hi]}


def _newcombe(a: Mapping, b: Mapping) -> tuple[float, float, float] | None:
    """Difference a - b of two rates and its 95 % interval (Newcombe's hybrid score method)."""
    if not a["of"] or not b["of"]:
        return None
    p1, (l1, u1) = a["rate"], a["ci"]
    p2, (l2, u2) = b["rate"], b["ci"]
    d = p1 - p2
    return d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), \
        d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def _split(c: Counter, tally: CardTally) -> tuple[dict, dict, int, str]:
    """(win rate when played, when not, the threshold k, what "played" means) of one row."""
    held = sum(c.values())
    held_wins = sum(n for (_, w), n in c.items() if w)
    if not any(p for (p, _) in c):
        # held only (a character, a treasure): holders against everyone else
        return (_rate(held_wins, held),
                _rate(tally.wins - held_wins, tally.seat_games - held), 0, "held")
    never = sum(n for (p, _), n in c.items() if p == 0)
    if never >= NEVER_PLAYED_SHARE * held:
        k = 1
    else:
        counts = sorted(p for (p, _), n in c.items() for _ in range(n))
        k = max(1, counts[len(counts) // 2])
    yes = _rate(sum(n for (p, w), n in c.items() if p >= k and w),
                sum(n for (p, _), n in c.items() if p >= k))
    no = _rate(sum(n for (p, w), n in c.items() if p < k and w),
               sum(n for (p, _), n in c.items() if p < k))
    return yes, no, k, "played" if k == 1 else f"played {k}+ times"


def _typical(splits: Sequence[tuple[dict, dict]]) -> float:
    """The difference (played minus not) of a file's rows pooled: what playing *any* of its
    cards goes with. In Legolas a monster still in hand at the end goes with a lost game, so
    every monster "wins when played"; a card is flagged only when it departs from this."""
    yw, yn = sum(y["wins"] for y, _ in splits), sum(y["of"] for y, _ in splits)
    nw, nn = sum(n["wins"] for _, n in splits), sum(n["of"] for _, n in splits)
    return yw / yn - nw / nn if yn and nn else 0.0


def card_figures(tally: CardTally, folder: Path) -> list[dict[str, Any]]:
    """One dict per card row of the files the engine reported, in file and row order."""
    files = sorted({file for file, _ in tally.rows})
    rows = read_rows(folder, files)
    by_row: dict[tuple[str, int], Counter] = {}
    for (file, match), c in tally.rows.items():
        r = _resolve(rows[file], match)
        if r is None:
            raise PnpError(f"{file}: no row matches {match!r} (the engine and the data disagree)")
        by_row.setdefault((file, r.row), Counter()).update(c)
    out = []
    for file in files:
        counts = [by_row.get((r.file, r.row), Counter()) for r in rows[file]]
        splits = [_split(c, tally) for c in counts]
        typical = _typical([(y, n) for y, n, _, _ in splits])
        for r, c, (yes, no, k, meaning) in zip(rows[file], counts, splits):
            held = sum(c.values())
            plays = sum(p * n for (p, _), n in c.items())
            diff = _newcombe(yes, no)
            excess = None if diff is None else [diff[1] - typical, diff[2] - typical]
            out.append({
                "file": r.file, "row": r.row, "card": r.label,
                "held_share": held / tally.seat_games if tally.seat_games else 0.0,
                "plays_per_game": plays / tally.games if tally.games else 0.0,
                "played_means": meaning, "threshold": k,
                "when_played": yes, "when_not": no,
                "difference": None if diff is None else diff[0],
                "difference_ci": None if diff is None else [diff[1], diff[2]],
                "file_difference": typical,
                "excess": None if diff is None else diff[0] - typical,
                "excess_ci": excess,
                "measurable": bool(excess and min(yes["of"], no["of"]) >= MIN_SEAT_GAMES
                                   and (excess[0] > 0 or excess[1] < 0)),
            })
            out[-1]["verdict"] = verdict(out[-1])
    return out


def verdict(c: Mapping[str, Any]) -> str:
    """Why a row is flagged or not, in words (the CSV's and the balance proof's)."""
    yes, no = c["when_played"], c["when_not"]
    if c["measurable"]:
        return "a measurable effect"
    if c["difference"] is None:
        return (f"nothing to compare: {'never' if not yes['of'] else 'always'} "
                f"{c['played_means']}")
    fewest = min(yes["of"], no["of"])
    if fewest < MIN_SEAT_GAMES:
        return f"too few seat-games to judge ({fewest} < {MIN_SEAT_GAMES})"
    return "no measurable effect (its interval holds the file's typical difference)"


CSV_COLUMNS = ("file", "row", "card", "held_share", "plays_per_game", "played_means",
               "win_when_played", "played_ci_low", "played_ci_high", "seat_games_played",
               "win_when_not", "not_ci_low", "not_ci_high", "seat_games_not",
               "difference", "difference_ci_low", "difference_ci_high", "file_difference",
               "excess", "excess_ci_low", "excess_ci_high", "measurable", "verdict")


def _r(x: float | None) -> str:
    return "" if x is None else f"{x:.4f}"


def write_csv(cards: Sequence[Mapping[str, Any]], out: Path) -> None:
    """The figures as a CSV, one line per card row (atomically)."""
    from ..output import atomic_output

    with atomic_output(Path(out)) as tmp:
        with open(tmp, "w", encoding="utf-8", newline="") as f:
            w = csv.writer(f)
            w.writerow(CSV_COLUMNS)
            for c in cards:
                yes, no = c["when_played"], c["when_not"]
                dci = c["difference_ci"] or [None, None]
                eci = c["excess_ci"] or [None, None]
                w.writerow([c["file"], c["row"], c["card"], _r(c["held_share"]),
                            _r(c["plays_per_game"]), c["played_means"],
                            _r(yes["rate"]), _r(yes["ci"][0]), _r(yes["ci"][1]), yes["of"],
                            _r(no["rate"]), _r(no["ci"][0]), _r(no["ci"][1]), no["of"],
                            _r(c["difference"]), _r(dci[0]), _r(dci[1]),
                            _r(c["file_difference"]), _r(c["excess"]), _r(eci[0]), _r(eci[1]),
                            "yes" if c["measurable"] else "no", c["verdict"]])
