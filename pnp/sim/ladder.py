"""The agent ladder: the same seeded games played with every seat given the same agent, for
ever stronger agents (random, the game's greedy, the search at two budgets), so that a balance
verdict says how far it can be trusted. A seat advantage, a character that wins too often or a
card's flag that holds at every level is the game's; one that shows for one agent only is that
agent's way of playing (an agent artefact: a greedy blind spot, random play's noise).

A figure at a level is "ahead" when its 95 % interval lies above the fair share, "behind" when
below, "even" otherwise. Seats: the first seat's share of the decisive games against one half
(two players), each seat's wins against the seats' mean (more). Per-seat labels of the engine's
stats (Legolas's characters): a label's share of the wins over the seat-games it had, against
the share of all seat-games.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from ..errors import OptionError, PnpError
from . import agents as agent_registry
from .mcts import parse_budget
from .seats import WORDS, comparisons, direction
from .simulate import Setup, chunks, default_jobs, seeded
from .stats import games_text, pct, rate
from .summary import Tally, figures

SEARCH_BUDGETS = (50, 200)     # iterations a move: reproducible, and a budget apart


def default_levels(engine: str) -> list[str]:
    """random, the game's greedy agent when it has one, the search at two budgets."""
    greedy = ["greedy"] if "greedy" in agent_registry.names(engine) else []
    return ["random", *greedy, *(f"mcts:{b}" for b in SEARCH_BUDGETS)]


def parse_levels(engine: str, text: str | None) -> list[str]:
    """The levels of --ladder: "default" (--ladder alone) or agent names, comma-separated; in
    ladder order (ladder_order). None named (--ladder "") is refused, as --agents "" is."""
    if text is not None and not text.strip():
        raise OptionError("--ladder", "no agent given: give two or more comma-separated (e.g. "
                          "random,mcts:50), or --ladder alone for the default ladder ("
                          f"{', '.join(default_levels(engine))})")
    if text is None or text.strip() == "default":
        levels = default_levels(engine)
    else:
        levels = [s.strip() for s in text.split(",")]
    if "" in levels:
        raise OptionError("--ladder", f"{text!r}: an empty agent name (a comma too many?); "
                          "give agents comma-separated, e.g. random,mcts:50")
    twice = sorted({lv for lv in levels if levels.count(lv) > 1})
    if twice:
        raise OptionError("--ladder", f"{text!r} names {', '.join(twice)} twice: each level is "
                          "one agent, played once")
    if len(levels) < 2:
        # one level can say no more than the run itself: "at every level" would be one agent
        raise OptionError("--ladder", f"{text!r}: a ladder compares agents, give two or more "
                          f"(e.g. random,{levels[0] if levels[0] != 'random' else 'mcts:50'})")
    for level in levels:
        agent_registry.check(engine, level, "--ladder")  # refused before any game is played
    return ladder_order(levels)


def ladder_order(levels: Sequence[str]) -> list[str]:
    """Weakest first: random, greedy, any other agent (as given), the search by budget
    (iterations, then seconds a move; its random rollouts before a policy's). The columns, the
    verdicts' lists and the card flags all follow it, in the terminal, the PDF and the JSON
    (the levels as typed put mcts:200 before mcts:50)."""
    def strength(level: str) -> tuple:
        name, _, arg = level.partition(":")
        if name == "random" and not arg:
            return (0,)
        if name == "greedy" and not arg:
            return (1,)
        if name != "mcts":
            return (2,)
        budget, _, rollout = arg.partition(":")
        try:
            iterations, seconds = parse_budget(budget or None)
        except PnpError:                  # parse_levels has refused it already
            return (2,)
        return (3, 0 if seconds is None else 1, seconds or iterations or 0, rollout != "")

    return sorted(levels, key=strength)     # stable: other agents keep their given order


def seat_labels(returns: Sequence[float], stats: Mapping[str, Any]) -> list[tuple[str, float]]:
    """(key=label, return) for each seat of a game, from its stats' per-seat text lists."""
    out = []
    for key, v in sorted(stats.items()):
        if (isinstance(v, list) and len(v) == len(returns)
                and all(isinstance(x, str) for x in v)):
            out += [(f"{key}={label}", float(r)) for label, r in zip(v, returns)]
    return out


def play_level_chunk(shared: tuple, level: int, start: int, stop: int) -> tuple:
    """Games start..stop-1 at one level: the tally, and per label (seat-games, wins)."""
    setup, levels, seed = shared
    spec = levels[level]
    agents = [agent_registry.make(setup.engine, spec) for _ in range(setup.num_players)]
    tally = Tally(setup.engine, setup.num_players)
    labels: Counter = Counter()
    for rec in seeded(setup.game, agents, seed, start, stop, f"{spec}: ",
                      specs=[spec] * len(agents)):
        tally.add(rec.returns, rec.stats, rec.decisions)
        for name, r in seat_labels(rec.returns, rec.stats):
            labels[name, "seats"] += 1
            labels[name, "wins"] += r  # type: ignore[assignment]  # a share: a float
    return tally, labels


def _searches(level: str) -> bool:
    return level == "mcts" or level.startswith("mcts:")


def verdict(directions: Mapping[str, int], rates: Mapping[str, Mapping] | None = None) -> str:
    """Whether a figure's lead (or lag) holds at every level or for some agents only; the
    levels weakest first (ladder_order), so a lead only at the strongest is good play's. Given
    the rates, a lead is called an agent artefact only where the other levels' intervals leave out
    the leading levels' rates; else the other levels may just have too few games."""
    ahead = [k for k, d in directions.items() if d > 0]
    behind = [k for k, d in directions.items() if d < 0]
    if not ahead and not behind:
        return "even at every level"
    if ahead and behind:
        return (f"ahead with {', '.join(ahead)}, behind with {', '.join(behind)}: "
                "it depends on the agent")
    side, where = ("ahead", ahead) if ahead else ("behind", behind)
    if len(where) == len(directions):
        return f"{side} at every level: the game's, not an agent's"
    text = f"{side} only with {', '.join(where)}"
    others = [k for k in directions if k not in where]
    if list(directions)[-len(where):] == where and all(_searches(w) for w in where):
        # the levels come weakest first: a lead that only more search shows is no blind spot
        # of one agent (a new market game: random 53.0 %, mcts:50 62.0 %, mcts:200 70.0 %);
        # one only greedy shows may be greedy's blind spot (the Psychic question)
        return (f"{text}, the strongest levels: better play shows it, so read it as the "
                f"game's under good play ({', '.join(others)} too weak to show it)")
    if rates is None:
        return f"{text}: an agent artefact"
    # the leading levels' rate nearest the others', and the end of each other level's interval
    # toward it: the others "hold" the lead where that end reaches it
    sign, edge = (1, 1) if side == "ahead" else (-1, 0)
    lead = (min if side == "ahead" else max)(rates[w]["rate"] for w in where)
    holding = [k for k in others if sign * rates[k]["ci"][edge] >= sign * lead]
    if not holding:
        # the others' intervals leave the lead's rate out; an artefact only when they also
        # leave out a lead half as large (30 games at mcts:20 held 37.5-71.6 % beside
        # random's 83.3 %: too few to say a lead is gone, not evidence that it is)
        unsure = [k for k in others if "fair" in rates[k] and
                  abs(rates[k]["ci"][edge] - rates[k]["fair"]) >= abs(lead - rates[k]["fair"]) / 2]
        if not unsure:
            return f"{text}: an agent artefact"
        held = (f"the interval of {unsure[0]} holds" if len(unsure) == 1 else
                f"the intervals of {', '.join(unsure)} hold")
        gap = "lead" if side == "ahead" else "lag"
        return (f"{text}; smaller with {', '.join(others)}, not shown to be absent there: "
                f"{held} a {gap} half as large too: too few games to call it an agent "
                f"artefact")
    leaving = [k for k in others if k not in holding]
    said = (f"the interval of {holding[0]} holds" if len(holding) == 1 else
            f"the intervals of {', '.join(holding)} hold")
    if leaving:
        said += (f" its rate too (that of {leaving[0]} leaves it out)" if len(leaving) == 1 else
                 f" its rate too (those of {', '.join(leaving)} leave it out)")
    else:
        said += " its rate too"
    return f"{text}; {said}: too few games to tell the game's from an agent's"


def run_ladder(setup: Setup, games: int, *, seed: int, levels: Sequence[str],
               jobs: int | None = None, scheduler: str | None = None,
               progress: Callable[[int], None] | None = None,
               cards: Path | None = None) -> dict[str, Any]:
    """Play `games` games at every level (the same seeds) and say what holds where; with
    `cards` (the game's folder), each level's games are played again counting cards (as `pnp
    report` does) and every row flagged at some level is a figure too."""
    from .executor import run_chunks

    levels = ladder_order(levels)
    jobs = default_jobs() if jobs is None or jobs <= 0 else jobs
    parts = chunks(games)
    # each chunk at every level before the next: the bar's time left, the mean time of a game
    # so far, then mixes cheap random games with search ones from the start
    tasks = [(k, a, b) for a, b in parts for k in range(len(levels))]
    done = (lambda i: progress(tasks[i][2] - tasks[i][1])) if progress else None
    results = run_chunks(play_level_chunk, (setup, tuple(levels), seed), tasks, jobs=jobs,
                         scheduler=scheduler, progress=done)
    tallies: list[Tally | None] = [None] * len(levels)
    labels: list[Counter] = [Counter() for _ in levels]
    for (k, _, _), (tally, lab) in zip(tasks, results):
        before = tallies[k]
        tallies[k] = tally if before is None else before.merge(tally)
        labels[k].update(lab)
    n = setup.num_players
    rows = []
    findings: dict[str, dict[str, Any]] = {}

    def note(what: str, level: str, figure: Mapping, fair: float) -> None:
        d = direction(figure["ci"], fair)
        f = findings.setdefault(what, {"figure": what, "levels": {}, "rates": {}})
        f["levels"][level] = WORDS[d]
        f["rates"][level] = {**figure, "fair": fair}

    for level, tally, lab in zip(levels, tallies, labels):
        assert tally is not None             # every level plays every chunk
        fig = figures(tally, title=setup.title, game=setup.name, seed=seed, agents=[level] * n)
        rows.append({"agent": level, "seats": fig["seats"]})
        for seat, judged, fair in comparisons(fig["seats"]):   # as `simulate` judges them
            name = f"seat {seat['seat']}"
            note(name if n > 2 or seat["name"] == name else f"{name} ({seat['name']})", level,
                 judged, fair)
        names = sorted({name for name, _ in lab})
        for name in names:
            key = name.split("=")[0]          # the fair share: all seat-games of that key
            same = [x for x in names if x.split("=")[0] == key]
            fair = sum(lab[x, "wins"] for x in same) / sum(lab[x, "seats"] for x in same)
            note(name, level, rate(round(lab[name, "wins"]), lab[name, "seats"]), fair)
    if cards is not None:
        _card_findings(setup, cards, games, seed, levels, jobs, scheduler, progress, findings)
    for f in findings.values():
        f["verdict"] = verdict({k: {"ahead": 1, "behind": -1, "even": 0}[v]
                                for k, v in f["levels"].items()}, f["rates"])
    return {"game": setup.name, "title": setup.title, "players": n, "games": games,
            "seed": seed, "levels": list(levels), "runs": rows,
            "findings": in_ladder_order(list(findings.values()), levels)}


def in_ladder_order(findings: list[dict], levels: Sequence[str]) -> list[dict]:
    """Seats and labels first, as found; then the cards by the weakest level that flags them
    (random's flags, then those greedy adds, then the search's by budget), in file and row
    order within a level."""
    def place(f: dict) -> tuple:
        if "flagged" not in f:
            return (0, 0, "", 0)
        first = min((levels.index(lv) for lv in f["flagged"]), default=len(levels))
        return (1, first, f["file"], f["row"])

    return sorted(findings, key=place)


def _card_findings(setup: Setup, folder: Path, games: int, seed: int, levels: Sequence[str],
                   jobs, scheduler, progress, findings: dict) -> None:
    """A card row flagged (its excess over its file's typical difference measurable) at some
    level: its excess at every level, ahead or behind where flagged."""
    from .cardstats import card_figures, count_cards

    if setup.spec.card_events() is None:
        return
    per_level = [card_figures(count_cards(setup, games, seed=seed, agents=[lv] * setup.num_players,
                                          jobs=jobs, scheduler=scheduler, progress=progress),
                              folder)
                 for lv in levels]
    flagged = {(c["file"], c["row"]) for rows in per_level for c in rows if c["measurable"]}
    for level, rows in zip(levels, per_level):
        for c in rows:
            if (c["file"], c["row"]) not in flagged:
                continue
            what = f"card {c['card']} ({c['file']} row {c['row']})"
            f = findings.setdefault(what, {"figure": what, "levels": {}, "rates": {},
                                           "unit": "excess", "file": c["file"],
                                           "row": c["row"], "flagged": []})
            ci = c["excess_ci"] or [0.0, 0.0]
            d = direction(ci, 0.0) if c["measurable"] else 0
            if c["measurable"]:
                f["flagged"].append(level)
            f["levels"][level] = WORDS[d]
            f["rates"][level] = {"rate": c["excess"] or 0.0, "ci": ci, "fair": 0.0}


def format_ladder(ladder: Mapping[str, Any]) -> str:
    """The ladder as text: per figure its rate at each level and the verdict."""
    levels = ladder["levels"]
    out = [f"Agent ladder: {games_text(ladder['games'])} at each level "
           f"({', '.join(levels)}), every seat the same agent, seed {ladder['seed']}"]
    def cell(r: Mapping) -> str:          # "to": an interval of differences may be negative;
        lo, hi = (f"{100 * x:.1f}" for x in r["ci"])     # one "%" a cell: four levels fit A4
        return f"{pct(r['rate'])} ({lo} to {hi})"

    rows = [[f["figure"]] + [cell(f["rates"][lv]) for lv in levels] for f in ladder["findings"]]
    widths = [max(len(x) for x in col) for col in zip(["figure", *levels], *rows)]
    for row in [["figure", *levels], *rows]:
        out.append("  " + "   ".join(f"{x:<{w}}" for x, w in zip(row, widths)).rstrip())
    out.append("")
    for f in ladder["findings"]:
        fair = sorted({pct(r["fair"]) for r in f["rates"].values()})
        against = ("its excess over its file's typical difference" if f.get("unit") == "excess"
                   else f"fair share {' to '.join(fair[::max(1, len(fair) - 1)])}")
        out.append(f"  {f['figure']}: {f['verdict']} ({against})")
    return "\n".join(out)
