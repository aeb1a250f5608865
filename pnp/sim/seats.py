"""Seat advantage, judged one way wherever it is said (`pnp simulate`, the balance report, each
level of --ladder): two players, the first seat's share of the decisive games (draws left
out) against one half; more players, each seat's sole wins against the seats' mean. The
figure printed is the one judged, so its interval and the verdict agree. Only seats playing
the same agent are judged: with mcts against random a lead is the agent's, not the seat's.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .stats import advantage, games_text, pct, pct_ci, rate

WORDS = {1: "ahead", -1: "behind", 0: "even"}
DIFFERENT_AGENTS = ("seats play different agents, so a lead is the agents', not a seat "
                    "advantage (see each seat's agent and win rate above; to judge the seats, "
                    "give every seat the same agent)")


def direction(ci: Sequence[float], fair: float) -> int:
    """1 when the interval lies above the fair share, -1 below, 0 when it holds it."""
    return 1 if ci[0] > fair else -1 if ci[1] < fair else 0


def comparisons(seats: Sequence[Mapping[str, Any]]) -> list[tuple[Mapping, Mapping, float]]:
    """(seat, the figure judged, its fair share) for each seat judged: two players, the first
    seat's share of the decisive games against one half; more, each seat's sole wins against
    the seats' mean."""
    if len(seats) == 2:
        w0, w1 = seats[0]["wins"]["count"], seats[1]["wins"]["count"]
        return [(seats[0], rate(w0, w0 + w1), 0.5)]
    fair = sum(s["wins"]["rate"] for s in seats) / len(seats)
    return [(s, s["wins"], fair) for s in seats]


def seat_advantage(seats: Sequence[Mapping[str, Any]], agents: Sequence[str]) -> dict[str, Any]:
    """The --json entry: the figures judged and the verdict in words."""
    same = len(set(agents)) <= 1
    judged = comparisons(seats)
    out: dict[str, Any] = {"same_agents": same}
    if len(seats) == 2:
        share = judged[0][1]
        out["first_seat_share_of_decisive"] = share
        out["verdict"] = (advantage(share["count"], share["of"], seats[0]["name"],
                                    seats[1]["name"], "seat advantage") if same else
                          DIFFERENT_AGENTS)
        return out
    out["fair_share"] = judged[0][2]
    out["seats"] = [{"seat": s["seat"], "versus_fair": WORDS[direction(f["ci"], fair)]}
                    for s, f, fair in judged]
    out["verdict"] = _many_verdict(judged) if same else DIFFERENT_AGENTS
    return out


def _many_verdict(judged: Sequence[tuple[Mapping, Mapping, float]]) -> str:
    """"no measurable seat advantage", or each seat whose interval leaves out the mean."""
    moved = [f"{s['name']} {WORDS[d]} ({pct(f['rate'])}, {pct_ci(f['ci'])})"
             for s, f, fair in judged if (d := direction(f["ci"], fair))]
    return f"{', '.join(moved)}: a measurable seat advantage" if moved else \
        "no measurable seat advantage"


def measurable(fig: Mapping[str, Any]) -> bool:
    """Whether a judged seat's interval leaves out its fair share (a lead to confirm)."""
    adv = fig.get("seat_advantage")
    if not adv or not adv.get("same_agents", True):
        return False
    if "first_seat_share_of_decisive" in adv:
        return direction(adv["first_seat_share_of_decisive"]["ci"], 0.5) != 0
    return any(direction(f["ci"], fair) for _, f, fair in comparisons(fig["seats"]))


def seat_sentence(fig: Mapping[str, Any]) -> str:
    """The figure judged and the verdict, e.g. 'of the 1,858 decisive games (142 draws), seat 1
    wins 47.8 % (45.5-50.1 %): no measurable seat advantage'; with more players, 'each seat's
    sole wins against the seats' mean of 31.2 % (3,000 games): ...'."""
    adv = fig.get("seat_advantage")
    seats = fig["seats"]
    if not adv:
        w = seats[0]["wins"]
        return f"{seats[0]['name']} wins {pct(w['rate'])} ({pct_ci(w['ci'])}) of " \
            f"{games_text(fig['games'])}"
    if "first_seat_share_of_decisive" in adv:
        share = adv["first_seat_share_of_decisive"]
        draws = fig["games"] - share["of"]
        if not share["of"]:
            return f"all {games_text(draws)} drawn: {adv['verdict']}"
        drawn = f"{draws:,} draw{'s' if draws != 1 else ''}" if draws else "no draws"
        games = ("decisive game" if draws else "game") + ("s" if share["of"] != 1 else "")
        name = seats[0]["name"] + ("" if adv.get("same_agents", True)
                                   else f" ({seats[0]['agent']})")
        return (f"of the {share['of']:,} {games} ({drawn}), {name} wins "
                f"{pct(share['rate'])} ({pct_ci(share['ci'])}): {adv['verdict']}")
    if not adv["same_agents"]:
        return adv["verdict"]
    return (f"each seat's sole wins against the seats' mean of {pct(adv['fair_share'])} "
            f"({games_text(fig['games'])}): {adv['verdict']}")
