"""Monte Carlo tree search over information sets, for any game of the engine protocol.

Each playout starts from a fresh determinisation: a state drawn from those the seat cannot tell
from the real one (``Worlds.sample``, i.e. ``State.determinize``), so the search never sees the
true hidden cards. From there it walks one shared tree whose nodes are information sets: a node
is keyed by the player to move and that player's observation, so a player in the tree decides on
what it would see, never on an opponent's face-down choice (the second mover of a simultaneous
choice, a face-down card, does not learn the first one's card). Selection is UCB1 with availability
counts (ISMCTS, Cowling, Powley and Whitehouse 2012): an action is scored against the number of
playouts in which it was legal. One new node is added per playout, then the game is played out
with random moves; every node on the path is credited with its player's return.

Budget: a number of playouts (``mcts:200``) or seconds per decision (``mcts:0.5s``; not
reproducible, as a slower machine plays fewer playouts). The agent draws one number from the
game's rng per decision and searches with its own generator seeded from it, so a game replays
from its seed and a search costs the game's chance stream no more than a random move does.
"""

from __future__ import annotations

import functools
import math
import random
import time
from dataclasses import fields, is_dataclass
from typing import Any, Hashable, Mapping, Sequence

from ..engine.core import CHANCE, TERMINAL, picks_from_legal, sample_chance
from ..errors import PnpError

DEFAULT_PLAYOUTS = 200
MAX_PLAYOUTS = 1_000_000  # per decision: hours a game already
MAX_SECONDS = 60.0        # per decision
MIN_SECONDS = 0.001       # less leaves no time for one playout: a typo, not a budget
EXPLORATION = 0.7        # UCB1 constant for returns in [0, 1]
RUN = 1 << 30            # no bound on a playout's runs of moves: a game ends by its rules


class _RandomMove:
    """A playout's move: one of the legal actions, no draw when there is one. It reads no
    observation and picks from the list it is given without changing it, so an engine's
    State.run_blind may play a playout's moves in runs."""

    @picks_from_legal
    def choose(self, observation: Any, legal: Sequence[int], rng: random.Random) -> int:
        return legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))]


@functools.lru_cache(maxsize=None)
def _playout_moves(players: int) -> tuple:
    """Every seat's playout move (the chooses State.run_blind is given)."""
    return (_RandomMove().choose,) * players


def info_key(obs: Any) -> Hashable:
    """A hashable value equal for equal observations (the key of an information set)."""
    if obs is None or isinstance(obs, (int, float, str, bytes, bool)):
        return obs
    h: Any = type(obs).__hash__
    if isinstance(obs, tuple) or (h is not None and h is not object.__hash__
                                  and not isinstance(obs, (list, dict, set))):
        try:
            hash(obs)
            return obs
        except TypeError:
            pass
    if isinstance(obs, Mapping):
        return ("{}",) + tuple(sorted((k, info_key(v)) for k, v in obs.items()))
    if isinstance(obs, (list, tuple)):
        return tuple(info_key(v) for v in obs)
    if isinstance(obs, (set, frozenset)):
        return frozenset(info_key(v) for v in obs)
    as_dict = getattr(obs, "as_dict", None)
    if callable(as_dict):
        return info_key(as_dict())
    names: Any = getattr(obs, "_FIELDS", None)
    if names is None and is_dataclass(obs):
        names = [f.name for f in fields(obs)]
    if names is None and hasattr(obs, "__dict__"):
        names = sorted(vars(obs))
    if names is None:
        names = getattr(type(obs), "__slots__", ())
    values = (type(obs).__name__,) + tuple(getattr(obs, n, None) for n in names)
    try:
        hash(values)                 # fields of plain values (the usual case): use them as is
        return values
    except TypeError:
        return tuple(info_key(v) for v in values)


def parse_budget(spec: str | int | float | None) -> tuple[int | None, float | None]:
    """"200" -> 200 playouts; "0.5s" -> 0.5 seconds per decision. Bounded (MAX_PLAYOUTS,
    MAX_SECONDS): "infs" or a typo's extra zeros would otherwise search forever."""
    if spec is None or spec == "":
        return DEFAULT_PLAYOUTS, None
    if isinstance(spec, int):
        text = str(spec)
    else:
        text = str(spec).strip().lower()
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if MIN_SECONDS <= seconds <= MAX_SECONDS:  # False for nan and inf too
                return None, seconds
        else:
            playouts = int(text)
            if 1 <= playouts <= MAX_PLAYOUTS:
                return playouts, None
    except ValueError:
        pass
    raise PnpError(f"mcts budget {spec!r}: give playouts (mcts:200, at most {MAX_PLAYOUTS:,}) "
                   f"or seconds (mcts:0.5s, {MIN_SECONDS:g}s to {MAX_SECONDS:g}s) per decision")


class MctsAgent:
    """Information-set Monte Carlo tree search (see the module docstring)."""

    name = "mcts"
    searches = True          # core.decide passes it the Worlds it may sample

    def __init__(self, budget: str | int | None = None, exploration: float = EXPLORATION):
        self.playouts, self.seconds = parse_budget(budget)
        self.exploration = exploration
        self.name = f"mcts:{budget}" if budget not in (None, "") else "mcts"

    def choose(self, observation: Any, legal: Sequence[int], rng: random.Random,
               worlds=None) -> int:
        r = random.Random(rng.getrandbits(64))
        if len(legal) == 1:
            return legal[0]
        if worlds is None:
            raise PnpError("the mcts agent searches: it must be asked through "
                           "pnp.engine.core.decide (as play() does)")
        tree: dict[Hashable, dict[int, list]] = {}
        root = (worlds.player, info_key(observation))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            self._playout(worlds.sample(r), tree, r)
            done += 1
            if deadline is None:
                if done >= (self.playouts or DEFAULT_PLAYOUTS):
                    break
            elif time.perf_counter() >= deadline:
                break
        stats = tree.get(root, {})
        best, best_n = [], -1
        for a in legal:
            n = stats[a][0] if a in stats else 0
            if n > best_n:
                best, best_n = [a], n
            elif n == best_n:
                best.append(a)
        return best[0] if len(best) == 1 else best[r.randrange(len(best))]

    def _playout(self, s, tree: dict, r: random.Random) -> None:
        path = []                          # (stats of a node, action, player)
        c = self.exploration
        growing = True
        while True:
            p = s.current_player()
            if p == TERMINAL:
                break
            if p == CHANCE:
                s.apply_action(sample_chance(s, r))
                continue
            if not growing:
                self._play_out(s, r)
                break
            legal = s.legal_actions()
            if len(legal) == 1:
                s.apply_action(legal[0])
                continue
            key = (p, info_key(s.observation(p)))
            node = tree.get(key)
            if node is None:
                node = tree[key] = {}
            new = [a for a in legal if a not in node]
            if new:
                a = new[r.randrange(len(new))]
                node[a] = [0, 0.0, 0]      # playouts, total return, times available
                growing = False
            else:
                best_v = -1.0
                a = legal[0]
                for b in legal:
                    n, total, avail = node[b]
                    v = total / n + c * math.sqrt(math.log(avail) / n)
                    if v > best_v:
                        best_v, a = v, b
            for b in legal:                # ISMCTS availability: b was legal this playout
                st = node.get(b)
                if st is not None:
                    st[2] += 1
            path.append((node[a], p))
            s.apply_action(a)
        returns = s.returns()
        for st, p in path:
            st[0] += 1
            st[1] += returns[p]

    def _play_out(self, s, r: random.Random) -> None:
        """Random moves to the end of the game, chance's and the players' in runs
        (State.run_chance, State.run_blind: the same draws and moves as one at a time)."""
        moves = _playout_moves(len(s.returns()))
        done: list[int] = []
        while True:
            p = s.current_player()
            if p == TERMINAL:
                return
            if p == CHANCE:
                s.run_chance(r, done, RUN)
            else:
                s.run_blind(moves, r, done, RUN)
            done.clear()
