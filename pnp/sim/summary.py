"""The figures of a simulation: what is counted per game, and the rates drawn from the counts.

A ``Tally`` counts games with integers and Counters only, so tallies of chunks merge exactly in
any order and a run gives the same figures whatever the number of worker processes. ``figures``
turns a tally into a plain dict (the ``--json`` output); ``format_text`` prints it as a table.

Rates carry a 95 % Wilson score interval. Game length is in the game's own unit (Wuxing rounds,
Experior turns, Legolas player turns). Per-game figures come from each engine's ``stats()``.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

Z95 = 1.959963984540054  # two-sided 95 % normal quantile


# ---------------------------------------------------------------------------------------------
# Statistics
# ---------------------------------------------------------------------------------------------

def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of k successes in n trials ((0, 1) when n == 0)."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


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
    """Game-specific counts. Subclasses define length(), add(), merge(), figures(), lines()."""

    length_unit = "decisions"
    seat_names: tuple[str, ...] = ()

    def __init__(self, num_players: int):
        self.num_players = num_players

    def length(self, stats: Mapping[str, Any], decisions: int) -> int:
        return decisions

    def add(self, returns: Sequence[float], stats: Mapping[str, Any]) -> None:
        pass

    def merge(self, other: "Extra") -> None:
        pass

    def figures(self, games: int) -> dict[str, Any]:
        return {}

    def lines(self, fig: Mapping[str, Any], games: int) -> list[str]:
        return []


def _merge_counters(mine: dict, theirs: dict) -> None:
    for key, counter in theirs.items():
        mine.setdefault(key, Counter()).update(counter)


class WuxingExtra(Extra):
    length_unit = "rounds"
    seat_names = ("Yang", "Yin")

    def __init__(self, num_players: int):
        super().__init__(num_players)
        self.first = Counter()   # "first" / "second" / "draw": who won, by round-1 first player
        self.ends = Counter()    # "paths" / "tokens" / "draw"
        self.ends_first = Counter()  # (end, "first"/"second"/"draw")

    def length(self, stats, decisions):
        return stats["rounds"]

    def add(self, returns, stats):
        w = stats.get("winner")
        fp = stats.get("first_player")
        who = "draw" if w is None else ("first" if w == fp else "second")
        end = stats.get("end") or "draw"
        self.first[who] += 1
        self.ends[end] += 1
        self.ends_first[end, who] += 1

    def merge(self, other):
        self.first.update(other.first)
        self.ends.update(other.ends)
        self.ends_first.update(other.ends_first)

    def figures(self, games):
        f, s, d = self.first["first"], self.first["second"], self.first["draw"]
        ends = {e: rate(self.ends[e], games) for e in ("paths", "tokens", "draw")}
        for e in sorted(set(self.ends) - set(ends)):
            ends[e] = rate(self.ends[e], games)
        return {
            "first_player": {
                "wins": rate(f, games), "losses": rate(s, games), "draws": rate(d, games),
                "share_of_decisive": rate(f, f + s),
                "verdict": advantage(f, f + s, "the first player", "the second player",
                                     "first-player advantage"),
            },
            "ends": ends,
            "ends_by_first_player": {e: {w: self.ends_first[e, w] for w in ("first", "second")}
                                     for e in ("paths", "tokens")},
        }

    def lines(self, fig, games):
        fp = fig["first_player"]
        sh = fp["share_of_decisive"]
        out = ["First player (holds the token in round 1):",
               f"  wins {pct(fp['wins']['rate'])} ({pct_ci(fp['wins']['ci'])}), "
               f"loses {pct(fp['losses']['rate'])}, draws {pct(fp['draws']['rate'])}",
               f"  of decisive games the first player wins {pct(sh['rate'])} "
               f"({pct_ci(sh['ci'])}): {fp['verdict']}",
               "How games end:"]
        for e, r in fig["ends"].items():
            out.append(f"  {e:<8} {pct(r['rate']):>8}  ({pct_ci(r['ci'])})  {r['count']:,} games")
        return out


class ExperiorExtra(Extra):
    length_unit = "turns"

    def __init__(self, num_players: int):
        super().__init__(num_players)
        self.winner = Counter()        # "human" / "elf" / "draw"
        self.before = Counter()        # winner before the bonus attack
        self.bonus = Counter()         # winner side of games the bonus attack decided
        self.attacker = Counter()      # bonus attacker: "human" / "elf" / "none"
        self.ended = Counter()         # "wounds" / "max_turns"

    def length(self, stats, decisions):
        return stats["turns"]

    def add(self, returns, stats):
        w = stats.get("winner_side") or "draw"
        self.winner[w] += 1
        self.before[stats.get("winner_before_bonus") or "draw"] += 1
        if stats.get("bonus_decided"):
            self.bonus[w] += 1
        self.attacker[stats.get("bonus_attacker") or "none"] += 1
        self.ended[stats.get("ended_by") or "?"] += 1

    def merge(self, other):
        for name in ("winner", "before", "bonus", "attacker", "ended"):
            getattr(self, name).update(getattr(other, name))

    def figures(self, games):
        h, e = self.winner["human"], self.winner["elf"]
        decided = sum(self.bonus.values())
        return {
            "sides": {
                "human": rate(h, games), "elf": rate(e, games),
                "draw": rate(self.winner["draw"], games),
                "human_share_of_decisive": rate(h, h + e),
                "verdict": advantage(h, h + e, "the Human", "the Elf", "side advantage"),
            },
            "before_bonus": {k: rate(self.before[k], games) for k in ("human", "elf", "draw")},
            "bonus_decides": rate(decided, games),
            "bonus_decides_for": {k: self.bonus[k] for k in ("human", "elf", "draw")},
            "bonus_attacker": {k: rate(self.attacker[k], games) for k in ("human", "elf", "none")},
            "ended_by": {k: rate(v, games) for k, v in sorted(self.ended.items())},
        }

    def lines(self, fig, games):
        s = fig["sides"]
        b = fig["bonus_decides"]
        bf = fig["bonus_decides_for"]
        out = ["Sides (dealt at random each game):"]
        for k, label in (("human", "Human"), ("elf", "Elf"), ("draw", "draw")):
            out.append(f"  {label:<6} {pct(s[k]['rate']):>8}  ({pct_ci(s[k]['ci'])})")
        sh = s["human_share_of_decisive"]
        out.append(f"  the Human wins {pct(sh['rate'])} ({pct_ci(sh['ci'])}) of decisive games: "
                   f"{s['verdict']}")
        out.append(f"Bonus attack decides the game: {pct(b['rate'])} ({pct_ci(b['ci'])}), "
                   f"{b['count']:,} games (then won by the Human {bf['human']:,}, "
                   f"the Elf {bf['elf']:,}, drawn {bf['draw']:,})")
        att = fig["bonus_attacker"]
        out.append(f"  bonus attacker: Human {pct(att['human']['rate'])}, "
                   f"Elf {pct(att['elf']['rate'])}, none {pct(att['none']['rate'])}")
        out.append("Games end by: " + ", ".join(f"{k} {pct(v['rate'])}"
                                               for k, v in fig["ended_by"].items()))
        return out


LEGOLAS_MISSIONS = ("stealth", "brute", "magic", "psychic", "escapist", "gambler", "untouchable")
LEGOLAS_CHARACTERS = ("fighter", "wizard", "rogue", "psychic")


def _h(x: float) -> int:
    """Score in half points (Legolas scores are multiples of 0.5)."""
    return int(round(x * 2))


class LegolasExtra(Extra):
    length_unit = "turns"

    def __init__(self, num_players: int):
        super().__init__(num_players)
        self.mission_vp: dict[str, Counter] = {}     # mission -> {half points: count}
        self.round_vp: dict[str, Counter] = {}
        self.char_score: dict[str, Counter] = {}     # character -> final score (half points)
        self.char_win: dict[str, Counter] = {}       # character -> {0 lost, k: among k winners}
        self.bought = Counter()                      # treasure -> copies bought (all games)
        self.bought_games = Counter()                # treasure -> games where bought
        self.score = Counter()                       # every seat's final score (half points)
        self.winning = Counter()                     # winning score (half points)
        self.round_end = Counter()

    def length(self, stats, decisions):
        return stats["turns"]

    def add(self, returns, stats):
        scores = stats["scores"]
        winners = stats.get("winners") or []
        k = len(winners)
        chars = stats.get("characters") or [None] * len(scores)
        mvp = stats.get("mission_vp") or [[] for _ in scores]
        rvp = stats.get("round_vp") or [[] for _ in scores]
        for seat, missions in enumerate(stats.get("missions") or []):
            for r, m in enumerate(missions):
                if r < len(mvp[seat]):
                    self.mission_vp.setdefault(m, Counter())[_h(mvp[seat][r])] += 1
                if r < len(rvp[seat]):
                    self.round_vp.setdefault(m, Counter())[_h(rvp[seat][r])] += 1
        for seat, sc in enumerate(scores):
            c = chars[seat] or "?"
            self.char_score.setdefault(c, Counter())[_h(sc)] += 1
            self.char_win.setdefault(c, Counter())[k if seat in winners else 0] += 1
            self.score[_h(sc)] += 1
        if scores:
            self.winning[_h(max(scores))] += 1
        for t, n in (stats.get("treasures_bought") or {}).items():
            if n:
                self.bought[t] += n
                self.bought_games[t] += 1
        for k2, v in (stats.get("round_end") or {}).items():
            self.round_end[k2] += v

    def merge(self, other):
        _merge_counters(self.mission_vp, other.mission_vp)
        _merge_counters(self.round_vp, other.round_vp)
        _merge_counters(self.char_score, other.char_score)
        _merge_counters(self.char_win, other.char_win)
        for name in ("bought", "bought_games", "score", "winning", "round_end"):
            getattr(self, name).update(getattr(other, name))

    def figures(self, games):
        missions = {}
        for m in [m for m in LEGOLAS_MISSIONS if m in self.mission_vp] + \
                 sorted(set(self.mission_vp) - set(LEGOLAS_MISSIONS)):
            mv = distribution(self.mission_vp[m], 0.5)
            rv = distribution(self.round_vp.get(m, Counter()), 0.5)
            missions[m] = {"chosen": mv["n"], "mission_vp": mv, "round_vp": rv}
        characters = {}
        for c in [c for c in LEGOLAS_CHARACTERS if c in self.char_score] + \
                 sorted(set(self.char_score) - set(LEGOLAS_CHARACTERS)):
            wins = self.char_win[c]
            seats = sum(wins.values())
            among = seats - wins[0]
            share = sum(n / k for k, n in wins.items() if k)
            characters[c] = {"seats": seats, "score": distribution(self.char_score[c], 0.5),
                             "wins": rate(among, seats), "sole_wins": wins[1],
                             "win_share": share / seats if seats else 0.0}
        treasures = {t: {"bought": self.bought[t], "per_game": self.bought[t] / games if games
                         else 0.0, "games": rate(self.bought_games[t], games)}
                     for t in sorted(self.bought, key=lambda t: (-self.bought[t], t))}
        return {"missions": missions, "characters": characters, "treasures": treasures,
                "scores": distribution(self.score, 0.5),
                "winning_score": distribution(self.winning, 0.5),
                "round_end": dict(sorted(self.round_end.items()))}

    def lines(self, fig, games):
        # columns are separated by at least two spaces (the balance report reads them so)
        out = ["Score by mission (VP per round with that mission):",
               f"  {'mission':<12}  {'chosen':>7}  {'mission VP':>11}  {'round VP':>9}  "
               f"{'sd':>5}  range"]
        for m, f in fig["missions"].items():
            mv, rv = f["mission_vp"], f["round_vp"]
            out.append(f"  {m:<12}  {f['chosen']:>7,}  {mv['mean']:>11.2f}  {rv['mean']:>9.2f}  "
                       f"{mv['stdev']:>5.2f}  {span(mv['min'], mv['max'])}")
        out.append("Score by character (final VP):")
        out.append(f"  {'character':<10}  {'seats':>6}  {'mean':>6}  {'median':>7}  {'sd':>5}  "
                   f"{'range':<13}  wins (95 % CI)")
        for c, f in fig["characters"].items():
            s = f["score"]
            out.append(f"  {c:<10}  {f['seats']:>6,}  {s['mean']:>6.2f}  {num(s['median']):>7}  "
                       f"{s['stdev']:>5.2f}  {span(s['min'], s['max']):<13}  "
                       f"{pct(f['wins']['rate'])} ({pct_ci(f['wins']['ci'])})")
        out.append("Treasures bought (copies per game; share of games with one bought):")
        for t, f in fig["treasures"].items():
            out.append(f"  {t:<18} {f['per_game']:>6.3f}  {pct(f['games']['rate']):>8}")
        ws = fig["winning_score"]
        out.append(f"Winning score: mean {num(ws['mean'], 2)}, median {num(ws['median'])}, "
                   f"range {span(ws['min'], ws['max'])}")
        return out


EXTRAS: dict[str, type[Extra]] = {"wuxing": WuxingExtra, "experior": ExperiorExtra,
                                  "legolas": LegolasExtra}


# ---------------------------------------------------------------------------------------------
# The tally
# ---------------------------------------------------------------------------------------------

class Tally:
    """Counts of a run (or a chunk of it). Picklable, small, and merges exactly."""

    def __init__(self, engine: str, num_players: int):
        self.engine = engine
        self.num_players = num_players
        self.games = 0
        # per seat: {0: lost, k: among k winners (1 = sole winner)}
        self.outcomes = [Counter() for _ in range(num_players)]
        self.length = Counter()
        self.decisions = Counter()
        self.extra: Extra = EXTRAS.get(engine, Extra)(num_players)

    def add(self, returns: Sequence[float], stats: Mapping[str, Any], decisions: int) -> None:
        self.games += 1
        k = sum(1 for r in returns if r > 0)
        for seat, r in enumerate(returns):
            self.outcomes[seat][k if r > 0 else 0] += 1
        self.length[self.extra.length(stats, decisions)] += 1
        self.decisions[decisions] += 1
        self.extra.add(returns, stats)

    def merge(self, other: "Tally") -> "Tally":
        if (other.engine, other.num_players) != (self.engine, self.num_players):
            raise ValueError("cannot merge tallies of different games")
        self.games += other.games
        for mine, theirs in zip(self.outcomes, other.outcomes):
            mine.update(theirs)
        self.length.update(other.length)
        self.decisions.update(other.decisions)
        self.extra.merge(other.extra)
        return self


def tally_of(engine: str, num_players: int,
             results: Iterable[tuple[Sequence[float], Mapping[str, Any], int]]) -> Tally:
    """A tally from (returns, stats, decisions) triples, e.g. from core.play records."""
    t = Tally(engine, num_players)
    for returns, stats, decisions in results:
        t.add(returns, stats, decisions)
    return t


def seat_name(engine: str, seat: int) -> str:
    names = EXTRAS.get(engine, Extra).seat_names
    return names[seat] if seat < len(names) else f"seat {seat + 1}"


def figures(t: Tally, *, title: str = "", game: str = "", seed: int | None = None,
            agents: Sequence[str] = ()) -> dict[str, Any]:
    """Every figure of a tally as plain JSON-able data."""
    n = t.games
    seats = []
    for s, oc in enumerate(t.outcomes):
        wins, losses = oc[1], oc[0]
        draws = n - wins - losses
        share = sum(c / k for k, c in oc.items() if k)
        seats.append({"seat": s + 1, "name": seat_name(t.engine, s),
                      "agent": agents[s] if s < len(agents) else "",
                      "wins": rate(wins, n), "draws": rate(draws, n), "losses": rate(losses, n),
                      "mean_return": share / n if n else 0.0})
    fig = {"game": game or t.engine, "title": title or game or t.engine, "engine": t.engine,
           "players": t.num_players, "games": n, "seed": seed, "agents": list(agents),
           "seats": seats,
           "length": {"unit": t.extra.length_unit, **distribution(t.length)},
           "decisions": distribution(t.decisions)}
    if t.num_players == 2 and n:
        w0, w1 = seats[0]["wins"]["count"], seats[1]["wins"]["count"]
        same = len(set(agents)) <= 1
        names = [s["name"] if same else f"{s['name']} ({s['agent']})" for s in seats]
        fig["seat_advantage"] = {
            "first_seat_share_of_decisive": rate(w0, w0 + w1),
            "verdict": advantage(w0, w0 + w1, names[0], names[1],
                                 "seat advantage" if same else "edge")}
    fig["details"] = t.extra.figures(n)
    return fig


def seat_sentence(fig: Mapping[str, Any]) -> str:
    """E.g. 'Yang wins 50.1 % (48.9-51.3 %) of 2,000 games: no measurable seat advantage'."""
    s0 = fig["seats"][0]
    w = s0["wins"]
    text = f"{s0['name']} wins {pct(w['rate'])} ({pct_ci(w['ci'])}) of {fig['games']:,} games"
    adv = fig.get("seat_advantage")
    return f"{text}: {adv['verdict']}" if adv else text


def format_text(fig: Mapping[str, Any]) -> str:
    """The summary table printed by `pnp simulate`."""
    n = fig["games"]
    agents = fig["agents"]
    who = " vs ".join(agents) if len(set(agents)) > 1 else f"{agents[0] if agents else '?'} agents"
    out = [f"{fig['title']}: {n:,} games, {fig['players']} players, {who}, seed {fig['seed']}"]
    run = fig.get("run")
    if run:
        out[0] += (f" ({run['jobs']} job{'s' if run['jobs'] != 1 else ''}, "
                   f"{run['seconds']:.1f} s, {run['games_per_second']:,.0f} games/s)")
    out.append("")
    draw = "draw" if fig["players"] == 2 else "shared"
    out.append(f"  {'seat':<18}  {'agent':<10} {'win':>8}  {'95 % CI':<13} {draw:>8}  "
               f"{'95 % CI':<13} {'mean return':>11}")
    for s in fig["seats"]:
        label = f"{s['seat']} {s['name']}" if not s["name"].startswith("seat") else s["name"]
        out.append(f"  {label:<18}  {s['agent']:<10} {pct(s['wins']['rate']):>8}  "
                   f"{pct_ci(s['wins']['ci']):<13} {pct(s['draws']['rate']):>8}  "
                   f"{pct_ci(s['draws']['ci']):<13} {s['mean_return']:>11.3f}")
    if "seat_advantage" in fig:
        out.append(f"  {seat_sentence(fig)}")
    out.append("")
    for key, label in (("length", f"Game length ({fig['length']['unit']})"),
                       ("decisions", "Decisions per game")):
        d = fig[key]
        if d["n"]:
            out.append(f"{label}: mean {d['mean']:.1f}, median {num(d['median'])}, "
                       f"stdev {d['stdev']:.1f}, range {span(d['min'], d['max'])}")
    extra = EXTRAS.get(fig["engine"])
    if extra and fig["details"]:
        out.append("")
        out += extra(fig["players"]).lines(fig["details"], n)
    return "\n".join(out)
