"""The figures of a simulation: what is counted per game, and the rates drawn from the counts.

A ``Tally`` counts games with integers and Counters only, so tallies of chunks merge exactly in
any order and a run gives the same figures whatever the number of worker processes. ``figures``
turns a tally into a plain dict (the ``--json`` output); ``format_text`` prints it as a table.

Rates carry a 95 % Wilson score interval. Game length is in the game's own unit (rounds, turns,
...). A game's own figures come from its engine's ``stats()``, counted by the ``Figures`` class of
its lab module (see pnp/games/registry.py).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from .seats import measurable, seat_advantage, seat_sentence  # noqa: F401
from .stats import (Z95, Extra, advantage, distribution, games_text, num, pct, pct_ci,  # noqa: F401
                    rate, span, wilson)

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
        self.outcomes: list[Counter] = [Counter() for _ in range(num_players)]
        self.length: Counter = Counter()
        self.decisions: Counter = Counter()
        self.extra: Extra = _figures_class(engine)(num_players)

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


def _figures_class(engine: str) -> type[Extra]:
    from ..games.registry import find

    spec = find(engine)
    return spec.figures_class() if spec else Extra


def seat_name(engine: str, seat: int) -> str:
    names = _figures_class(engine).seat_names
    return names[seat] if seat < len(names) else f"seat {seat + 1}"


def figures(t: Tally, *, title: str = "", game: str = "", seed: int | None = None,
            agents: Sequence[str] = ()) -> dict[str, Any]:
    """Every figure of a tally as plain JSON-able data."""
    n = t.games
    seats: list[dict[str, Any]] = []
    for s, oc in enumerate(t.outcomes):
        wins, losses = oc[1], oc[0]
        draws = n - wins - losses
        share = sum(c / k for k, c in oc.items() if k)
        seats.append({"seat": s + 1, "name": seat_name(t.engine, s),
                      "agent": agents[s] if s < len(agents) else "",
                      "wins": rate(wins, n), "draws": rate(draws, n), "losses": rate(losses, n),
                      "mean_return": share / n if n else 0.0})
    fig: dict[str, Any] = {"game": game or t.engine, "title": title or game or t.engine, "engine": t.engine,
           "players": t.num_players, "games": n, "seed": seed, "agents": list(agents),
           "seats": seats,
           "length": {"unit": t.extra.length_unit, **distribution(t.length)},
           "decisions": distribution(t.decisions)}
    if n and t.num_players >= 2:
        fig["seat_advantage"] = seat_advantage(seats, agents)
    fig["details"] = t.extra.figures(n)
    return fig


def format_text(fig: Mapping[str, Any]) -> str:
    """The summary table printed by `pnp simulate`."""
    n = fig["games"]
    agents = fig["agents"]
    who = " vs ".join(agents) if len(set(agents)) > 1 else f"{agents[0] if agents else '?'} agents"
    out = [f"{fig['title']}: {games_text(n)}, {fig['players']} players, {who}, seed {fig['seed']}"]
    run = fig.get("run")
    if run:
        where = (f"on Dask at {run['scheduler']}" if run.get("scheduler") else
                 f"{run['jobs']} job{'s' if run['jobs'] != 1 else ''}")
        rate = run["games_per_second"]   # a slow search (mcts, 3 players) plays under 1 a second
        out[0] += f" ({where}, {run['seconds']:.1f} s, {rate:,.{0 if rate >= 10 else 1}f} games/s)"
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
        out += [f"  {c}" for c in _figures_class(fig["engine"])(fig["players"]).caveats(
            fig["details"])] if fig["details"] else []
        if measurable(fig):     # the same seed gives the same games: say so
            seed = f" (this was --seed {fig['seed']})" if fig.get("seed") is not None else ""
            out.append(f"  a 95 % interval: one fair game in 20 looks like this by chance; "
                       f"confirm it with another --seed{seed} or more --games; add --ladder to "
                       "see whether it holds with stronger agents (the game's) or shows with "
                       "one agent only (that agent's play)")
    out.append("")
    for key, label in (("length", f"Game length ({fig['length']['unit']})"),
                       ("decisions", "Decisions per game")):
        d = fig[key]
        if d["n"]:
            out.append(f"{label}: mean {d['mean']:,.1f}, median {num(d['median'])}, "
                       f"stdev {d['stdev']:,.1f}, range {span(d['min'], d['max'])}")
    if fig["details"]:
        out.append("")
        out += _figures_class(fig["engine"])(fig["players"]).lines(fig["details"], n)
    return "\n".join(out)
