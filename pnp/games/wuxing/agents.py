"""Agents for Wuxing Duel. They see only a WuxingObservation (no hidden cards of the opponent)."""

from __future__ import annotations

import random
from typing import Sequence

from pnp.engine.core import RandomAgent
from pnp.games.wuxing.engine import (
    ASSIGN_BASE, PATH_LEN, PERMS, REVEAL_BASE, SET_ASIDE_BASE, WuxingObservation,
    _BEAT, _LINK,
)

__all__ = ["GreedyAgent", "RandomAgent"]


def _cards(mask: int) -> tuple[int, ...]:
    return tuple(e for e in range(5) if mask >> e & 1)


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

    def _duel_value(self, o: WuxingObservation, k: int, mine: int, theirs: int) -> float:
        me = o.player
        opp = 1 - me
        path = o.paths[k]
        pos_me = o.pawns[me][k]
        pos_opp = o.pawns[opp][k]
        if mine == theirs:
            if path[pos_me] == mine:
                w = me
            elif path[pos_opp] == mine:
                w = opp
            elif o.yin_yang[me][k]:
                w = me
            elif o.yin_yang[opp][k]:
                w = opp
            else:
                return 0.0
            colour = -1
        else:
            beat = _BEAT[1 if o.generated_wins else 0]
            c0, c1 = (mine, theirs) if me == 0 else (theirs, mine)
            w = beat[c0][c1]
            colour = _LINK[mine][theirs]
        # Does this duel end the path? The winner's next island holds the loser, who is at home.
        gap = pos_opp - pos_me        # >= 1
        home_me = 0 if me == 0 else PATH_LEN - 1
        home_opp = PATH_LEN - 1 if me == 0 else 0
        if w == me:
            v = 1.0
            if gap == 1 and pos_opp == home_opp:
                v += 3.0 if o.paths_won[me] == 0 else 50.0
            if colour >= 0:
                cap = o.tokens_per_colour
                if o.tokens[me][colour] < cap:
                    v += self.token_weight
                    if sum(o.tokens[me]) == 2 * cap - 1:
                        v += 50.0
            if o.pawns_turn and path[pos_me] == mine and not o.yin_yang[me][k]:
                v += self.turn_weight
            return v
        v = -1.0
        if gap == 1 and pos_me == home_me:
            v -= 3.0 if o.paths_won[opp] == 0 else 50.0
        if colour >= 0:
            cap = o.tokens_per_colour
            if o.tokens[opp][colour] < cap:
                v -= self.token_weight
                if sum(o.tokens[opp]) == 2 * cap - 1:
                    v -= 50.0
        return v

    def _card_values(self, o: WuxingObservation, opp_cards: Sequence[int]) -> dict:
        """(path, card) -> expected value against a card drawn uniformly from opp_cards."""
        vals = {}
        n = len(opp_cards) or 1
        for k in o.unfinished:
            for c in range(5):
                vals[k, c] = sum(self._duel_value(o, k, c, t) for t in opp_cards) / n
        return vals

    def _opp_cards(self, o: WuxingObservation) -> tuple[int, ...]:
        opp = 1 - o.player
        mask = 31
        if o.set_aside[opp] >= 0:
            mask &= ~(1 << o.set_aside[opp])
        return _cards(mask)

    # -- choices ----------------------------------------------------------------------------

    def choose(self, observation: WuxingObservation, legal: Sequence[int],
               rng: random.Random) -> int:
        o = observation
        if o.phase == "assign":
            vals = self._card_values(o, self._opp_cards(o))
            unf = o.unfinished
            perms = PERMS[len(unf)]
            return self._best(legal, rng, lambda a: sum(
                vals[k, c] for k, c in zip(unf, perms[a - ASSIGN_BASE])))
        if o.phase == "set_aside":
            vals = self._card_values(o, self._opp_cards(o))
            unf = o.unfinished
            perms = PERMS[len(unf)]

            def after(a: int) -> float:
                x = a - SET_ASIDE_BASE
                return max(sum(vals[k, c] for k, c in zip(unf, p))
                           for p in perms if x not in p)
            return self._best(legal, rng, after)
        if o.phase == "reveal":
            opp = 1 - o.player
            # The opponent's unrevealed cards: their playable cards minus those shown this round.
            shown = {rv[opp] for rv in o.revealed if rv is not None}
            hidden = [c for c in self._opp_cards(o) if c not in shown]
            # Exactly as many hidden cards as unrevealed paths only when no set-aside is unknown;
            # treat the candidates as equally likely.
            return self._best(legal, rng, lambda a: sum(
                self._duel_value(o, a - REVEAL_BASE, o.my_cards[a - REVEAL_BASE], t)
                for t in hidden) / max(1, len(hidden)))
        return legal[rng.randrange(len(legal))]

    @staticmethod
    def _best(legal: Sequence[int], rng: random.Random, score) -> int:
        best, best_v = [], None
        for a in legal:
            v = score(a)
            if best_v is None or v > best_v + 1e-9:
                best, best_v = [a], v
            elif abs(v - best_v) <= 1e-9:
                best.append(a)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]
