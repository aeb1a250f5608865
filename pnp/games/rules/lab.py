"""How the playtest lab shows a game whose rules are data: its figures (how games end, the
counters at the end per seat), a seat's view for `pnp play`, seat labels by role, the moves made
so far, hidden-information twins for the contract test and the per-card statistics."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Sequence

from ...engine.contract import swap_action
from ...engine.core import CHANCE, replay
from ...rules.spec import AT_DEFAULT_MAX
from ...rules.stalemate import ENDED_BY as STALEMATE, unfinished
from ...sim.stats import Extra, pct, rate


# how the engine names a game stopped unfinished: the turn limit, a bound against games
# without end (a round limit is the designer's last round, `[round] limit`: a finished game)
LIMITS = ("turn limit",)
# (and STALEMATE one stopped because nobody could move: counted apart, reported with them)
UNFINISHED = 0.5  # of the games: the win rates then say more of the limit than of the rules


class Figures(Extra):
    """How games end ([[end]] names, the turn limit) and each seat's counters at the end."""

    length_unit = "turns"

    def __init__(self, num_players: int):
        super().__init__(num_players)
        self.ended: Counter = Counter()
        self.totals: list[Counter] = [Counter() for _ in range(num_players)]
        self.roles: Counter = Counter()      # (role, won) -> games
        self.capped: Counter = Counter()     # counter -> games it ended at the default max
        self.games = 0

    def length(self, stats, decisions):
        return stats.get("turns", decisions)

    def add(self, returns, stats):
        self.games += 1
        self.ended[stats.get("ended_by") or "?"] += 1
        for seat, counters in enumerate(stats.get("counters", [])[:self.num_players]):
            self.totals[seat].update(counters)
        self.capped.update(stats.get("at_default_max", ()))
        top = max(returns) if returns else 0
        for seat, role in enumerate(stats.get("roles", [])):
            if role is not None:
                self.roles[(str(role), returns[seat] == top and top > min(returns))] += 1

    def merge(self, other):
        self.games += other.games
        self.ended.update(other.ended)
        for mine, theirs in zip(self.totals, other.totals):
            mine.update(theirs)
        self.roles.update(other.roles)
        self.capped.update(other.capped)

    def figures(self, games):
        n = self.games or 1
        fig: dict[str, Any] = {
            "ended_by": {k: rate(v, games) for k, v in sorted(self.ended.items())},
            "final_counters": [{k: v / n for k, v in sorted(t.items())} for t in self.totals],
        }
        if self.capped:
            fig["at_default_max"] = {k: rate(v, games) for k, v in sorted(self.capped.items())}
        names = sorted({r for r, _ in self.roles})
        if names:
            fig["roles"] = {r: rate(self.roles[(r, True)],
                                    self.roles[(r, True)] + self.roles[(r, False)])
                            for r in names}
        return fig

    def caveats(self, fig):
        ended = fig["ended_by"]
        limited = sum(v["rate"] for k, v in ended.items() if k in LIMITS)
        stuck = ended.get(STALEMATE, {}).get("rate", 0)
        out = [f"but {name} ended {pct(r['rate'])} of the games at {AT_DEFAULT_MAX}"
               for name, r in fig.get("at_default_max", {}).items()]
        if limited + stuck < UNFINISHED:
            return out
        return out + [f"but {pct(limited + stuck)} of the games "
                      f"{unfinished(limited > 0, stuck > 0)}, not by an [[end]] of the rules: the "
                      "rates read unfinished games (see why they do not end: `pnp play`, or `pnp "
                      "validate`'s warning)"]

    def lines(self, fig, games):
        out = ["Games end by: " + ", ".join(f"{k} {pct(v['rate'])}"
                                           for k, v in fig["ended_by"].items())]
        for seat, means in enumerate(fig["final_counters"]):
            if means:
                out.append(f"  seat {seat + 1} at the end: " +
                           ", ".join(f"{k} {v:,.1f}" for k, v in means.items()))
        for role, r in fig.get("roles", {}).items():
            out.append(f"  {role} wins {pct(r['rate'])} of its games")
        return out


def observation_text(obs: dict, seat_label) -> list[str]:
    """Counters of every seat, then every zone: its cards when seen, else how many."""
    out = [f"Turn {obs['turn']}" + (f", round {obs['round']}" if obs["round"] > 1 else "") +
           (f"; phase {obs['phase']}." if obs["phase"] else ".")]   # (none: the game is over)
    for seat, counters in enumerate(obs["counters"]):
        who = "you" if seat + 1 == obs["seat"] else seat_label(seat)
        role = obs["roles"][seat]
        shown = f" ({role})" if role and role not in who else ""
        out.append(f"  {who}{shown}: " +
                   ", ".join(f"{k} {v}" for k, v in counters.items()))
    if obs["shared"]:
        out.append("  table: " + ", ".join(f"{k} {v}" for k, v in obs["shared"].items()))
    names = obs.get("card_names", {})
    for zone, cards in obs["zones"].items():
        if zone == "box":
            continue
        if cards and cards[0] == "hidden":
            if cards[1]:
                out.append(f"  {zone}: {len(cards[1])} face down")
        elif cards:
            out.append(f"  {zone}: " + ", ".join(names.get(c, f"card {c + 1}") for c in cards))
    return out


def seat_label(state, seat: int) -> str:
    role = state.stats()["roles"][seat] if hasattr(state, "views") else None
    return f"seat {seat + 1} ({role})" if role else f"seat {seat + 1}"


# the public log names each move as it is made (a face-down card unnamed): `pnp play` prints
# that line alone, not its own beside it
LOGS_MOVES = True


def turn_heading(state) -> str | None:
    """A turn is one seat's: its number heads the moves of a turn another seat plays (without
    it `pnp play` showed turns 1, 3, 5 of a two-player game, the others' unheaded)."""
    if not hasattr(state, "turn"):
        return None
    return f"Turn {state.turn}" + (f", round {state.round}" if state.round > 1 else "")


def public_log(state) -> list[str]:
    """The moves everyone saw (a face-down card unnamed), compares and counter changes."""
    return state.public_log() if hasattr(state, "public_log") else []


def hidden_twin(game, actions: Sequence[int], seat: int,
                rng: random.Random) -> list[int] | None:
    """The same game with the last move another card, when `seat` has seen neither card:
    a card played face down by another seat, or a card dealt where `seat` cannot see it
    (another hand) from a zone it cannot see (the deck)."""
    if not actions:
        return None

    def unseen(history) -> bool:
        before: Any = replay(game, history[:-1])     # a RulesState
        mover = before.current_player()
        after: Any = replay(game, history)
        if mover == CHANCE:
            return before.unseen_draw(seat) and after.hidden_from(seat, history[-1])
        return mover >= 0 and mover != seat and before.unseen_move(seat, history[-1]) and \
            after.hidden_from(seat, history[-1] % before.num_cards)

    if not unseen(actions):
        return None
    twin = swap_action(game, actions, len(actions) - 1, rng)
    return twin if twin is not None and unseen(twin) else None


def card_events(state, player: int, action: int):
    """A seat holds the cards of its own zones and plays the card of a card action."""
    if player == CHANCE or player < 0:
        return ()
    return state.card_events(player, action)
