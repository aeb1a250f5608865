"""How the playtest lab shows Legolas vs. Gimli: its simulation figures, balance-report charts,
the text view of a seat's observation for `pnp play`, and hidden-information twins for the
engine contract test (hooks named in pnp/games/registry.py)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Mapping, Sequence

from .cardrows import card_events  # noqa: F401  (the per-card statistics hook)
from ...engine.core import CHANCE, IllegalAction, replay
from ...sim.charts import BAR2, Chart, bars, histogram, mean_ci, sentence
from ...sim.stats import Extra, distribution, num, pct, pct_ci, rate, span

from .engine import (CHARACTER_IDS, DECK_SIZE, ELEMENTS, HIDDEN_TOKEN_BASE, MISSIONS, SUITS,
                     TREASURE_IDS, LegolasGame)


# fast enough for Monte Carlo search (issue 17): `pnp bench` prints the engine against it
SPEED_GOAL = 1000



def _h(x: float) -> int:
    """Score in half points (scores are multiples of 0.5)."""
    return int(round(x * 2))


class Figures(Extra):
    """Scores by mission and by character, treasures bought, winning scores."""

    length_unit = "turns"
    merged = ("mission_vp", "round_vp", "char_score", "char_win", "bought", "bought_games",
              "score", "winning", "round_end")

    def __init__(self, num_players: int):
        super().__init__(num_players)
        self.mission_vp: dict[str, Counter] = {}     # mission -> {half points: count}
        self.round_vp: dict[str, Counter] = {}
        self.char_score: dict[str, Counter] = {}     # character -> final score (half points)
        self.char_win: dict[str, Counter] = {}       # character -> {0 lost, k: among k winners}
        self.bought: Counter = Counter()                      # treasure -> copies bought (all games)
        self.bought_games: Counter = Counter()                # treasure -> games where bought
        self.score: Counter = Counter()                       # every seat's final score (half points)
        self.winning: Counter = Counter()                     # winning score (half points)
        self.round_end: Counter = Counter()

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

    def figures(self, games):
        missions = {}
        for m in [m for m in MISSIONS if m in self.mission_vp] + \
                 sorted(set(self.mission_vp) - set(MISSIONS)):
            mv = distribution(self.mission_vp[m], 0.5)
            rv = distribution(self.round_vp.get(m, Counter()), 0.5)
            missions[m] = {"chosen": mv["n"], "mission_vp": mv, "round_vp": rv}
        characters = {}
        for c in [c for c in CHARACTER_IDS if c in self.char_score] + \
                 sorted(set(self.char_score) - set(CHARACTER_IDS)):
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


def charts(fig: Mapping[str, Any]) -> list[Chart]:
    """The balance report's charts of scores, characters, missions and treasures."""
    det = fig["details"]
    charts = []
    sc = det["scores"]
    ws = det["winning_score"]
    charts.append(Chart(
        "Final score distribution (all players)",
        histogram(sc["histogram"], unit="final scores"),
        f"Players finish with {sc['mean']:,.1f} VP on average (median {num(sc['median'])}, "
        f"standard deviation {sc['stdev']:,.1f}, from {span(sc['min'], sc['max'])}); the winner "
        f"has {ws['mean']:,.1f} VP on average."))
    ch = det["characters"]
    if ch:
        names = list(ch)
        means = [ch[c]["score"]["mean"] for c in names]
        best = max(names, key=lambda c: ch[c]["score"]["mean"])
        worst = min(names, key=lambda c: ch[c]["score"]["mean"])
        sep = (min(ch[best]["score"]["n"], ch[worst]["score"]["n"]) >= 2
               and mean_ci(ch[best]["score"])[0] > mean_ci(ch[worst]["score"])[1])
        charts.append(Chart(
            "Score by character",
            bars(names, means, [mean_ci(ch[c]["score"]) for c in names],
                 value_label="mean final VP (95 % interval of the mean)"),
            f"The {best} scores {ch[best]['score']['mean']:.1f} VP on average and the {worst} "
            f"{ch[worst]['score']['mean']:.1f} VP: "
            + ("a measurable difference." if sep else "no measurable difference.")))
        wins = [ch[c]["wins"] for c in names]
        charts.append(Chart(
            "Win rate by character",
            bars(names, [w["rate"] for w in wins], [tuple(w["ci"]) for w in wins], percent=True,
                 value_label="share of its seats that win (95 % interval)"),
            sentence("; ".join(f"the {c} wins {pct(ch[c]['wins']['rate'])} of "
                                f"{ch[c]['seats']:,} seats" for c in names))))
    ms = det["missions"]
    if ms:
        names = list(ms)
        best = max(names, key=lambda m: ms[m]["mission_vp"]["mean"])
        worst = min(names, key=lambda m: ms[m]["mission_vp"]["mean"])
        charts.append(Chart(
            "Score by mission",
            bars(names, [ms[m]["mission_vp"]["mean"] for m in names],
                 [mean_ci(ms[m]["mission_vp"]) for m in names],
                 value_label="mean mission VP per round (95 % interval of the mean)"),
            f"The {best} mission scores {ms[best]['mission_vp']['mean']:.2f} VP per round on "
            f"average and the {worst} mission {ms[worst]['mission_vp']['mean']:.2f} VP "
            f"(round totals with element and boss VP: {ms[best]['round_vp']['mean']:.2f} and "
            f"{ms[worst]['round_vp']['mean']:.2f})."))
    tr = det["treasures"]
    if tr:
        names = list(tr)
        most, least = names[0], names[-1]
        charts.append(Chart(
            "Treasures bought",
            bars(names, [tr[t]["games"]["rate"] for t in names],
                 [tuple(tr[t]["games"]["ci"]) for t in names], percent=True,
                 value_label="games in which it is bought (95 % interval)", colour=BAR2),
            f"The {most.replace('_', ' ')} is bought in {pct(tr[most]['games']['rate'])} of "
            f"games, the {least.replace('_', ' ')} in {pct(tr[least]['games']['rate'])}."))
    return charts


def observation_text(obs, seat_label) -> list[str]:
    """Every seat's character, score and mission, the open hordes, and my hand."""
    ms = obs.monsters
    card = lambda c: str(ms[c])

    def token(t: int) -> str:
        if t >= HIDDEN_TOKEN_BASE:
            x = t - HIDDEN_TOKEN_BASE
            return f"{SUITS[x // 10]} {x % 10} (face down)"
        return card(t)

    out = [f"Round {obs.round + 1} of {obs.rounds}, {obs.phase.replace('_', ' ')}; first player: "
           f"{seat_label(obs.first)}; turn of {seat_label(obs.active)}."]
    for s in range(obs.num_players):
        ch = CHARACTER_IDS[obs.characters[s]] if obs.characters[s] >= 0 else "?"
        m = obs.missions[s]
        mission = MISSIONS[m] if m >= 0 else ("chosen, hidden" if m == -2 else "-")
        tr = ", ".join(TREASURE_IDS[t] for t in obs.treasures[s]) or "no treasures"
        me = " (you)" if s == obs.player else ""
        out.append(f"  {seat_label(s)}{me}: {ch} level {obs.levels[s]}, {obs.vp[s]:g} VP, "
                   f"mission {mission}, {obs.hand_sizes[s]} cards, {tr}")
        if obs.defeated[s] or obs.closed_gates[s]:
            out.append(f"      defeated: {', '.join(card(c) for c in obs.defeated[s]) or '-'}"
                       f"; closed gates {obs.closed_gates[s]}")
    if obs.hordes:
        out.append("  Open hordes (monsters bottom to top):")
        for idx, suit, total, _top, tokens in obs.hordes:
            out.append(f"    horde {idx} ({SUITS[suit]} gate, total {total}): "
                       + (", ".join(token(t) for t in tokens) or "no monsters yet"))
    if obs.challenge:
        who, h, cards, pos, dmg, dfn, won = obs.challenge
        out.append(f"  Challenge by {seat_label(who)} of horde {h}: damage {dmg} of defence {dfn}")
    immune = ", ".join(SUITS[i] for i in range(4) if obs.immune_suits >> i & 1)
    barrier = ", ".join(ELEMENTS[i] for i in range(4) if obs.barrier_elements >> i & 1)
    out.append(f"  Your defence {obs.defence}" + (f", immune to {immune}" if immune else "")
               + (f", +1 damage from {barrier}" if barrier else ""))
    out.append("  Your hand: " + (", ".join(card(c) for c in sorted(
        obs.hand, key=lambda c: (ms[c].suit, ms[c].value))) or "empty"))
    if obs.shop_coins:
        out.append(f"  Coins to spend: {obs.shop_coins}")
    if obs.shop_drawn:
        out.append("  Treasures drawn: " + ", ".join(TREASURE_IDS[t] for t in obs.shop_drawn))
    return out

def hidden_twin(game: LegolasGame, actions: Sequence[int], seat: int,
                rng: random.Random) -> list[int] | None:
    """The same game with a card of this round's deal that another player holds exchanged with
    one that a third player holds, or with a card not dealt (set aside or still in the deck):
    `seat` sees none of them. Tried a few times, since an exchanged card can make that player's
    earlier play illegal."""
    state, deal = game.new_initial_state(), list[int]()
    for i, a in enumerate(actions):
        if state.current_player() == CHANCE and 0 <= a < DECK_SIZE:
            deal = deal if deal and deal[-1] == i - 1 else []   # a new round's deal starts
            deal.append(i)
        state.apply_action(a)
    where = state.locations()
    theirs = [i for i in deal if where[actions[i]].startswith("hand")
              and where[actions[i]] != f"hand{seat}"]
    undealt = [c for c, place in where.items() if place in ("setaside", "deck")]
    for _ in range(30):
        if not theirs:
            return None
        i = rng.choice(theirs)
        others = [j for j in theirs if where[actions[j]] != where[actions[i]]]
        twin = list(actions)
        if others and (not undealt or rng.random() < 0.5):
            j = rng.choice(others)
            twin[i], twin[j] = twin[j], twin[i]
        elif undealt:
            twin[i] = rng.choice(undealt)
        else:
            return None
        try:
            replay(game, twin)
        except IllegalAction:
            continue
        return twin
    return None

