"""How the playtest lab shows Wuxing Duel: its simulation figures, balance-report charts, the
text view of a seat's observation for `pnp play`, and hidden-information twins for the engine
contract test (hooks named in pnp/games/registry.py)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Mapping, Sequence

from .cardrows import card_events  # noqa: F401  (the per-card statistics hook)
from ...engine.contract import swap_action
from ...sim.charts import Chart, bars
from ...sim.stats import Extra, advantage, games_text, pct, pct_ci, rate
from .engine import ASSIGN_BASE, COLOURS, ELEMENTS, REVEAL_BASE, SEAT_NAMES, WuxingGame


class Figures(Extra):
    """First-player advantage and how games end (paths, tokens or a draw)."""

    length_unit = "rounds"
    seat_names = ("Yang", "Yin")
    merged = ("first", "ends", "ends_first")

    def __init__(self, num_players: int):
        super().__init__(num_players)
        self.first: Counter = Counter()   # "first" / "second" / "draw": who won, by round-1 first player
        self.ends: Counter = Counter()    # "paths" / "tokens" / "draw"
        self.ends_first: Counter = Counter()  # (end, "first"/"second"/"draw")

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
            out.append(f"  {e:<8} {pct(r['rate']):>8}  ({pct_ci(r['ci'])})  {games_text(r['count'])}")
        return out


def charts(fig: Mapping[str, Any]) -> list[Chart]:
    """The balance report's charts of first-player advantage and of how games end."""
    det = fig["details"]
    fp = det["first_player"]
    sh = fp["share_of_decisive"]
    labels = ["first player wins", "second player wins", "draw"]
    parts = [fp["wins"], fp["losses"], fp["draws"]]
    c1 = Chart("First-player advantage",
               bars(labels, [p["rate"] for p in parts], [tuple(p["ci"]) for p in parts],
                    percent=True, value_label="games (95 % interval)"),
               f"The first player wins {pct(sh['rate'])} ({pct_ci(sh['ci'])}) of "
               f"{sh['of']:,} decisive games: {fp['verdict']}.")
    ends = det["ends"]
    c2 = Chart("How games end",
               bars(list(ends), [e["rate"] for e in ends.values()],
                    [tuple(e["ci"]) for e in ends.values()], percent=True,
                    value_label="games (95 % interval)"),
               ", ".join(f"{pct(e['rate'])} of games end by {k}" if k != "draw" else
                         f"{pct(e['rate'])} in a draw at the round limit"
                         for k, e in ends.items()) + ".")
    return [c1, c2]


def observation_text(obs, seat_label) -> list[str]:
    """The board, the tokens and the hand as one seat sees them."""
    me, opp = obs.player, 1 - obs.player
    el = lambda e: ELEMENTS[e] if e >= 0 else "-"
    cards = lambda mask: ", ".join(ELEMENTS[e] for e in range(5) if mask >> e & 1) or "none"
    out = [f"Round {obs.round}, {obs.phase.replace('_', ' ')}; first player: "
           f"{SEAT_NAMES[obs.first]}. You are {SEAT_NAMES[me]}."]
    for k, path in enumerate(obs.paths):
        islands = []
        for i, e in enumerate(path):
            name = ELEMENTS[e]
            for s in (0, 1):
                if obs.pawns[s][k] == i:
                    name += f"[{SEAT_NAMES[s]}{'*' if obs.yin_yang[s][k] else ''}]"
            islands.append(name)
        w = obs.path_winner[k]
        tail = f"   won by {SEAT_NAMES[w]}" if w >= 0 else ""
        rv = obs.revealed[k]
        if rv is not None:
            tail += f"   revealed: Yang {el(rv[0])} vs Yin {el(rv[1])}"
        elif obs.my_cards[k] >= 0:
            tail += f"   your card: {el(obs.my_cards[k])}"
        out.append(f"  path {k + 1} (Yang side) " + " - ".join(islands) + f" (Yin side){tail}")
    out.append("  [*] = pawn showing its Yin-Yang side")
    pool = obs.pool
    for s in (me, opp):
        who = "you" if s == me else "opponent"
        t = obs.tokens[s]
        aside = el(obs.set_aside[s]) if obs.set_aside[s] >= 0 else "not shown"
        out.append(f"  {SEAT_NAMES[s]} ({who}): paths won {obs.paths_won[s]}, tokens "
                   f"{COLOURS[0]} {t[0]} {COLOURS[1]} {t[1]}, set aside {aside}, "
                   f"played last round: {cards(obs.last_played[s])}")
    out.append(f"  token pool: {COLOURS[0]} {pool[0]}, {COLOURS[1]} {pool[1]} "
               f"(all {2 * obs.tokens_per_colour} tokens win)")
    out.append(f"  your cards still free: {cards(obs.hand)}")
    return out

def seat_label(state, seat: int) -> str:
    return SEAT_NAMES[seat]


def public_log(state) -> list[str]:
    """Each duel revealed so far and its outcome: everyone at the table has seen them, and the
    position alone no longer shows them once a round is over."""
    lines = []
    for rnd, path, yang, yin, winner in state.duel_log:
        result = f"{SEAT_NAMES[winner]} wins" if winner >= 0 else "a tie"
        lines.append(f"  Round {rnd}, path {path + 1}: Yang {ELEMENTS[yang]} vs Yin "
                     f"{ELEMENTS[yin]}: {result}")
    return lines


def hidden_twin(game: WuxingGame, actions: Sequence[int], seat: int,
                rng: random.Random) -> list[int] | None:
    """The same game with the opponent's face-down cards of this round put differently: the
    opponent's last assignment, while no path of it is revealed yet, becomes another assignment
    the opponent could have made."""
    state, last = game.new_initial_state(), None
    for i, a in enumerate(actions):
        if REVEAL_BASE <= a < REVEAL_BASE + 3:
            last = None                    # revealed: public from here on
        elif ASSIGN_BASE <= a < REVEAL_BASE and state.current_player() != seat:
            last = i
        state.apply_action(a)
    return None if last is None else swap_action(game, actions, last, rng)

