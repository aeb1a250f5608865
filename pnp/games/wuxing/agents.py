"""Agents for Wuxing Duel. They see only a WuxingObservation (no hidden cards of the opponent)."""

from __future__ import annotations

import random
from typing import Sequence

from pnp.engine.core import RandomAgent, best
from pnp.games.wuxing.cycles import _BEAT, _LINK
from pnp.games.wuxing.encoding import mask_bits
from pnp.games.wuxing.engine import (
    ASSIGN_BASE, PATH_LEN, PERMS, REVEAL_BASE, SET_ASIDE_BASE, WuxingObservation,
)

__all__ = ["GreedyAgent", "RandomAgent"]

# what each of my cards is worth on a path, by all it is worked out from, for every greedy
# agent of the process (a run makes fresh agents every few games): most positions recur, every
# game opening alike, and working them out was half of a greedy game's time
_PATH_VALUES: dict[tuple, list[float]] = {}


class GreedyAgent:
    """One-step greedy player.

    For each unfinished path it scores each of its cards against every card the opponent can
    still play there (the opponent's hand minus its visible set-aside card, minus cards already
    revealed this round), counting the same-element rule from the pawns' islands and Yin-Yang
    sides. A win is worth more when it wins the path, earns a token (most when it would complete
    all of them) or turns its pawn by playing the element of the island the pawn stands on; a
    loss costs more when it loses the path. It picks the assignment with the best total, sets
    aside the card whose absence hurts that total least, and reveals its best path first.
    """

    name = "greedy"

    def __init__(self, token_weight: float = 0.6, turn_weight: float = 0.3):
        self.token_weight = token_weight
        self.turn_weight = turn_weight

    # -- scoring ----------------------------------------------------------------------------

    def _outcomes(self, o: WuxingObservation, k: int) -> tuple[list[float], list[float]]:
        """What winning and what losing a duel on path k is worth to me, by the colour of the
        link (index colour + 1: no link, red, blue)."""
        me, opp = o.player, 1 - o.player
        pos_me, pos_opp = o.pawns[me][k], o.pawns[opp][k]
        cap = o.tokens_per_colour
        # Does this duel end the path? The winner's next island holds the loser, who is at home.
        ends = pos_opp - pos_me == 1
        won = self._values(1.0, ends and pos_opp == (PATH_LEN - 1 if me == 0 else 0),
                           o.paths_won[me], o.tokens[me], cap)
        lost = self._values(-1.0, ends and pos_me == (0 if me == 0 else PATH_LEN - 1),
                            o.paths_won[opp], o.tokens[opp], cap)
        return won, lost

    def _values(self, sign: float, ends_path: bool, paths_won: int, held: Sequence[int],
                cap: int) -> list[float]:
        """The worth of a duel won (sign 1) or lost (sign -1) by the player who holds `held`
        tokens: the path, then a token of the link's colour, then the last token."""
        v = sign
        if ends_path:
            v += sign * (3.0 if paths_won == 0 else 50.0)
        out = [v]
        last = sum(held) == 2 * cap - 1
        for c in (0, 1):
            x = v
            if held[c] < cap:
                x += sign * self.token_weight
                if last:
                    x += sign * 50.0
            out.append(x)
        return out

    def _duel_values(self, o: WuxingObservation, k: int, mine: Sequence[int],
                     theirs: Sequence[int]) -> list[list[float]]:
        """values[i][j]: what my card mine[i] against the opponent's theirs[j] on path k is worth
        to me (the facts of the path are looked up once for all the pairs)."""
        me = o.player
        opp = 1 - me
        path = o.paths[k]
        pos_me = o.pawns[me][k]
        pos_opp = o.pawns[opp][k]
        yy_me = o.yin_yang[me][k]
        yy_opp = o.yin_yang[opp][k]
        beat = _BEAT[1 if o.generated_wins else 0]
        turning = path[pos_me] if o.pawns_turn and not yy_me else -1   # my pawn turns on it
        turn_weight = self.turn_weight
        won, lost = self._outcomes(o, k)
        # a tie (the same card): the pawn on that element's island wins, else the Yin-Yang pawn
        same = [me if path[pos_me] == e else opp if path[pos_opp] == e else
                me if yy_me else opp if yy_opp else -1 for e in range(5)]
        out = []
        for m in mine:
            row = []
            for t in theirs:
                if m == t:
                    w, colour = same[m], -1
                    if w < 0:
                        row.append(0.0)
                        continue
                else:
                    w = beat[m][t] if me == 0 else beat[t][m]
                    colour = _LINK[m][t]
                if w == me:
                    row.append(won[colour + 1] + turn_weight if m == turning else
                               won[colour + 1])
                else:
                    row.append(lost[colour + 1])
            out.append(row)
        return out

    def _card_values(self, o: WuxingObservation, opp_cards: Sequence[int]) -> dict:
        """(path, card) -> expected value against a card drawn uniformly from opp_cards."""
        vals = {}
        opp_cards = tuple(opp_cards)
        facts = (o.player, o.paths_won, o.tokens, o.tokens_per_colour, o.generated_wins,
                 o.pawns_turn, self.token_weight, self.turn_weight, opp_cards)
        pawns, yin_yang = o.pawns, o.yin_yang
        for k in o.unfinished:
            key = (o.paths[k], pawns[0][k], pawns[1][k], yin_yang[0][k], yin_yang[1][k], facts)
            values = _PATH_VALUES.get(key)
            if values is None:
                if len(_PATH_VALUES) > 100_000:  # (a long run's positions: some megabytes)
                    _PATH_VALUES.clear()
                values = _PATH_VALUES[key] = self._path_values(o, k, opp_cards)
            for c in range(5):
                vals[k, c] = values[c]
        return vals

    def _path_values(self, o: WuxingObservation, k: int, opp_cards: Sequence[int]) -> list[float]:
        n = len(opp_cards) or 1
        return [sum(row) / n for row in self._duel_values(o, k, range(5), opp_cards)]

    def _assignment_values(self, o: WuxingObservation, vals: dict) -> list[float]:
        """The total value of each assignment (in the order of PERMS)."""
        unf = o.unfinished
        rows = [[vals[k, c] for c in range(5)] for k in unf]
        perms = PERMS[len(unf)]
        # Added path by path, as sum() over the paths would.
        if len(rows) == 3:
            r0, r1, r2 = rows
            return [r0[a] + r1[b] + r2[c] for a, b, c in perms]
        if len(rows) == 2:
            r0, r1 = rows
            return [r0[a] + r1[b] for a, b in perms]
        return [sum(row[c] for row, c in zip(rows, perm)) for perm in perms]

    def _opp_cards(self, o: WuxingObservation) -> tuple[int, ...]:
        opp = 1 - o.player
        mask = 31
        if o.set_aside[opp] >= 0:
            mask &= ~(1 << o.set_aside[opp])
        return mask_bits(mask)

    # -- choices ----------------------------------------------------------------------------

    def choose(self, observation: WuxingObservation, legal: Sequence[int],
               rng: random.Random) -> int:
        o = observation
        if o.phase == "assign":
            totals = self._assignment_values(o, self._card_values(o, self._opp_cards(o)))
            return self._best(legal, rng, lambda a: totals[a - ASSIGN_BASE])
        if o.phase == "set_aside":
            totals = self._assignment_values(o, self._card_values(o, self._opp_cards(o)))
            perms = PERMS[len(o.unfinished)]

            def after(a: int) -> float:
                x = a - SET_ASIDE_BASE
                return max(v for v, p in zip(totals, perms) if x not in p)
            return self._best(legal, rng, after)
        if o.phase == "reveal":
            opp = 1 - o.player
            # The opponent's unrevealed cards: their playable cards minus those shown this round.
            shown = {rv[opp] for rv in o.revealed if rv is not None}
            hidden = [c for c in self._opp_cards(o) if c not in shown]
            # Exactly as many hidden cards as unrevealed paths only when no set-aside is unknown;
            # treat the candidates as equally likely.
            n = max(1, len(hidden))
            return self._best(legal, rng, lambda a: sum(self._duel_values(
                o, a - REVEAL_BASE, (o.my_cards[a - REVEAL_BASE],), hidden)[0]) / n)
        return legal[rng.randrange(len(legal))]

    @staticmethod
    def _best(legal: Sequence[int], rng: random.Random, score) -> int:
        return best(legal, score, rng)
