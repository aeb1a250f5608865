"""How the playtest lab shows Experior: its simulation figures, balance-report charts, the text
view of a seat's observation for `pnp play`, and hidden-information twins for the engine
contract test (hooks named in pnp/games/registry.py)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Mapping, Sequence

from .cardrows import card_events  # noqa: F401  (the per-card statistics hook)
from ...engine.contract import swap_action
from ...engine.core import replay
from ...sim.charts import Chart, bars
from ...sim.stats import Extra, advantage, games_text, pct, pct_ci, rate, wilson
from .engine import CARD_NAMES, TYPES, ExperiorGame


class Figures(Extra):
    """Side balance (Human against Elf) and what the bonus attack decides."""

    length_unit = "turns"
    merged = ("winner", "before", "bonus", "attacker", "ended")

    def __init__(self, num_players: int):
        super().__init__(num_players)
        self.winner: Counter = Counter()        # "human" / "elf" / "draw"
        self.before: Counter = Counter()        # winner before the bonus attack
        self.bonus: Counter = Counter()         # winner side of games the bonus attack decided
        self.attacker: Counter = Counter()      # bonus attacker: "human" / "elf" / "none"
        self.ended: Counter = Counter()         # "wounds" / "max_turns"

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
                   f"{games_text(b['count'])} (then won by the Human {bf['human']:,}, "
                   f"the Elf {bf['elf']:,}, drawn {bf['draw']:,})")
        att = fig["bonus_attacker"]
        out.append(f"  bonus attacker: Human {pct(att['human']['rate'])}, "
                   f"Elf {pct(att['elf']['rate'])}, none {pct(att['none']['rate'])}")
        out.append("Games end by: " + ", ".join(f"{k} {pct(v['rate'])}"
                                               for k, v in fig["ended_by"].items()))
        return out


def charts(fig: Mapping[str, Any]) -> list[Chart]:
    """The balance report's charts of side balance and of the bonus attack."""
    det = fig["details"]
    s = det["sides"]
    sh = s["human_share_of_decisive"]
    parts = [("Human", s["human"]), ("Elf", s["elf"]), ("draw", s["draw"])]
    c1 = Chart("Side balance: Human vs Elf",
               bars([p for p, _ in parts], [r["rate"] for _, r in parts],
                    [tuple(r["ci"]) for _, r in parts], percent=True,
                    value_label="games won (95 % interval)"),
               f"The Human wins {pct(s['human']['rate'])} and the Elf "
               f"{pct(s['elf']['rate'])} of {games_text(fig['games'])}; the Human takes "
               f"{pct(sh['rate'])} ({pct_ci(sh['ci'])}) of decisive games: {s['verdict']}.")
    b = det["bonus_decides"]
    bf = det["bonus_decides_for"]
    n = fig["games"] or 1
    before = det["before_bonus"]
    c2 = Chart("The bonus attack",
               bars(["decides the game", "turned to Human", "turned to Elf", "turned to draw"],
                    [b["rate"], bf["human"] / n, bf["elf"] / n, bf["draw"] / n],
                    [tuple(b["ci"]), wilson(bf["human"], n), wilson(bf["elf"], n),
                     wilson(bf["draw"], n)], percent=True,
                    value_label="games (95 % interval)"),
               f"The bonus attack changes the result of {pct(b['rate'])} ({pct_ci(b['ci'])}) "
               f"of games ({b['count']:,} of {fig['games']:,}); before it the Human led "
               f"{pct(before['human']['rate'])} of games and the Elf "
               f"{pct(before['elf']['rate'])}.")
    return [c1, c2]


def observation_text(obs, seat_label) -> list[str]:
    """Wounds, experience and locked cards of both sides, and my face-down card."""
    me = obs.seat
    rows = []
    for s in (me, 1 - me):
        side = "Human" if s == obs.human_seat else "Elf"
        who = f"{'you' if s == me else 'opponent'} ({side})"
        exp = obs.exp[s * 3:s * 3 + 3]
        lock = obs.locked[s]
        rows.append(f"  {who:<18} {obs.wounds[s]:>6}  " + "  ".join(f"{x:>5}" for x in exp)
                    + f"   {CARD_NAMES[lock] if lock >= 0 else '-'}")
    head = "  " + " " * 18 + f" {'wounds':>6}  " + "  ".join(f"{t:>5}" for t in TYPES) + \
        "   played last turn (locked)"
    out = [f"Turn {obs.turn}; wound limit {obs.rules.wound_limit}.", head] + rows
    if obs.my_choice >= 0:
        out.append(f"  your face-down card: {CARD_NAMES[obs.my_choice]}")
    return out

def seat_label(state, seat: int) -> str:
    if getattr(state, "human_seat", -1) in (0, 1):
        return f"seat {seat + 1} ({'Human' if seat == state.human_seat else 'Elf'})"
    return f"seat {seat + 1}"


def hidden_twin(game: ExperiorGame, actions: Sequence[int], seat: int,
                rng: random.Random) -> list[int] | None:
    """Seat 0 has chosen its card face down and seat 1 is to choose: for seat 1, the same game
    with seat 0 having chosen another card."""
    if seat != 1 or not actions or replay(game, actions).current_player() != 1:
        return None
    return swap_action(game, actions, len(actions) - 1, rng)

