"""Information-set Monte Carlo tree search, for any game of the engine protocol.

Every iteration starts from a fresh determinisation: a state drawn from those the searching seat
cannot tell from the real one (``Worlds.sample``, i.e. ``State.determinize``), so the search
never sees the true hidden cards. The tree is walked in that world and shared by all of them.

Nodes are keyed by the move history *as the player to move perceived it* since the search's root
(multiple-observer ISMCTS, Cowling, Powley and Whitehouse 2012): a move another player can tell
from its alternatives is in that player's history as itself, a face-down one only as "that
player moved". So an opponent's node is the same in every world whatever cards the world dealt
it (keyed by its own observation it was new in every world: the search was flat Monte Carlo
against random opponents in Legolas), and a player never decides on an earlier face-down card
(the second mover of a simultaneous choice does not learn the first one's card). Whether a seat
can tell a move from another is asked once per node and move: the seat's observation after it
against after another legal move. Chance moves during the search are taken as seen by all. The
searching seat's own history holds, where it decides, what it observes then as well, so its
nodes are its information sets (a card it sees only as a token, a deal it sees only its part of);
its observation is built and hashed only there (after every move of the walk it was a third of
the search's time), and how a move is seen is asked the second time the move is taken (the
first is followed by the rollout, which reads no history).

Selection is UCB1 with availability counts (an action is scored against the iterations in which
it was legal); returns are each player's own (a share of 1.0 for a win), credited at the nodes
where that player moved, so in a game of five every opponent plays for itself. Where a node has
more than WIDEN_FROM actions (Wuxing's 60 ways to lay three cards) it grows by progressive
widening: ceil(WIDEN * sqrt(visits)) of them, the rollout policy's own pick first. Rollouts play
random moves, or a game's cheap heuristic when asked (``mcts:200:greedy``: its greedy agent, with
ROLLOUT_EPSILON random moves so that two greedy players do not repeat one game). Random rollouts
are the default: per CPU second they are the stronger (a greedy rollout costs 6 to 20 random
ones, measured in the README), and they are what a data-only game has.

In a game that reports scores (``stats()["scores"]``: Legolas) a return is half the win share
and half the score margin over the best other seat, mapped to [0, 1] (a winner's return is still
above every loser's); and where it reports rounds as well, a playout stops at the end of the
round it is in (HORIZON) and is scored as it stands, the leaders winning. Legolas deals its five
rounds afresh: random play of the rounds after this one is noise that cost most of a playout's
time, while the points scored now are kept to the end.

Budget: iterations (``mcts:200``) or seconds of this process's CPU per decision (``mcts:0.5s``;
not reproducible). A third part names the rollout policy (``mcts:200:greedy``). The agent draws
one number from the game's rng per decision and searches with its own generator seeded from it,
so a game replays from its seed and a search costs the game's chance stream one draw.
"""

from __future__ import annotations

import functools
import math
import random
import time
from dataclasses import fields, is_dataclass
from typing import Any, Hashable, Mapping, Sequence

from ..engine.core import CHANCE, TERMINAL, picks_from_legal
from ..errors import PnpError

DEFAULT_PLAYOUTS = 200
MAX_PLAYOUTS = 1_000_000  # per decision: hours a game already
MAX_SECONDS = 60.0        # per decision
MIN_SECONDS = 0.001       # less leaves no time for one playout: a typo, not a budget
EXPLORATION = 0.7         # UCB1 constant for returns in [0, 1]
WIDEN_FROM = 8            # a node with more actions than this widens progressively
WIDEN = 2.0               # ... to ceil(WIDEN * sqrt(visits)) actions
ROLLOUT_EPSILON = 0.1     # share of random moves in a heuristic rollout
SCORE_WEIGHT = 0.5        # share of a return given by the score margin, in a game with scores
HORIZON = 1               # rounds a playout finishes, in a game with rounds and scores (_horizon)
RUN = 1 << 30             # no bound on a playout's runs of moves: a game ends by its rules
HIDDEN = -1               # a move its observer cannot tell from another (actions are >= 0)


class _RandomMove:
    """A playout's move: one of the legal actions, no draw when there is one. It reads no
    observation and picks from the list it is given without changing it, so an engine's
    State.run_blind may play a playout's moves in runs."""

    @picks_from_legal
    def choose(self, observation: Any, legal: Sequence[int], rng: random.Random) -> int:
        n = len(legal)
        if n == 1:
            return legal[0]
        # randrange(n)'s own draw without its checks, as RandomAgent: rollouts are most of the
        # search's time
        k = n.bit_length()
        x = rng.getrandbits(k)
        while x >= n:
            x = rng.getrandbits(k)
        return legal[x]


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


def info_hash(obs: Any) -> int:
    """hash(info_key(obs)), hashing a hashable observation once (info_key checks that it
    hashes, and a tuple holding it would hash it again: most of a search's keying time)."""
    h: Any = type(obs).__hash__
    if isinstance(obs, tuple) or (h is not None and h is not object.__hash__):
        try:
            return hash(obs)
        except TypeError:
            pass
    return hash(info_key(obs))


def _differ(x: Any, y: Any) -> bool:
    """Whether two observations differ: == first (a dataclass compares its fields and stops at
    the first difference, where hashing both hashes all), info_key where == says no more than
    identity."""
    return x != y and info_key(x) != info_key(y)


def parse_budget(spec: str | int | float | None) -> tuple[int | None, float | None]:
    """"200" -> 200 iterations; "0.5s" -> 0.5 CPU seconds per decision. Bounded (MAX_PLAYOUTS,
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


def for_engine(engine: str, arg: str | None = None) -> "MctsAgent":
    """The search for a game: ``arg`` is "BUDGET" or "BUDGET:ROLLOUT" (mcts:200:greedy: the
    rollouts play the game's greedy agent; random moves by default)."""
    from . import agents as registry

    budget, _, rollout = (arg or "").partition(":")
    rollout = rollout.strip() or "random"
    if ":" in rollout or "," in rollout:
        raise PnpError(f"mcts rollout {rollout!r}: name one of the game's agents "
                       f"({', '.join(n for n in registry.names(engine) if n != 'mcts')})")
    if rollout == "mcts":
        raise PnpError("mcts rollout 'mcts': a search cannot play its own rollouts")
    policy = None if rollout == "random" else registry.make(engine, rollout)
    agent = MctsAgent(budget or None, rollout=policy)
    agent.name = "mcts" + (f":{arg}" if arg else "")
    return agent


class _Node:
    """One information set: per action [iterations, total return, times available]; the
    perceptions of each action (one per seat, see _perceive); the rollout policy's pick."""

    __slots__ = ("stats", "visits", "seen", "first")

    def __init__(self) -> None:
        self.stats: dict[int, list] = {}
        self.visits = 0
        self.seen: dict[int, tuple] = {}
        self.first: int | None = None


class _Walk:
    """One iteration's way down the tree: each seat's perceived history since the root (as a
    hash), whether no move has been made yet (every world shares the root's view then), and
    the path of (an action's stats, the seat that took it) to back the returns up."""

    __slots__ = ("root", "seats", "history", "fresh", "path", "_chance")

    def __init__(self, seats: int, root: int):
        self.root = root
        self.seats = seats
        self.history = [0] * seats
        self.fresh = True
        self.path: list[tuple[list, int]] = []
        self._chance: list[int] = []

    def chance(self, s, r: random.Random) -> None:
        """Chance's moves in a run, seen by all (see the module docstring); the root's
        history takes them in as what it observes where it next decides."""
        done = self._chance
        done.clear()
        s.run_chance(r, done, RUN)
        outcome = tuple(done)
        history = self.history
        mine = history[self.root]
        self.history = [hash((h, CHANCE, outcome)) for h in history]
        self.history[self.root] = hash((mine, CHANCE))
        self.fresh = False

    def key(self, s, p: int) -> tuple[int, int]:
        """The node of seat p to move: its history, holding, for the root, what it sees here."""
        root = self.root
        if p == root and not self.fresh:
            self.history[root] = hash((self.history[root], info_hash(s.observation(root))))
        return (p, self.history[p])

    def moved(self, p: int, seen: tuple) -> None:
        """p's move taken, as each seat perceived it (_perceive)."""
        self.fresh = False
        self.history = [hash((h, p, tok)) for h, tok in zip(self.history, seen)]


def _back_up(path: Sequence[tuple[list, int]], returns: Sequence[float]) -> None:
    """Each action's iterations and total return, credited with its mover's own return."""
    for st, p in path:
        st[0] += 1
        st[1] += returns[p]


class MctsAgent:
    """Information-set Monte Carlo tree search (see the module docstring). ``rollout`` is an
    agent that plays the rollouts (None: random moves)."""

    name = "mcts"
    searches = True          # core.decide passes it the Worlds it may sample

    def __init__(self, budget: str | int | None = None, exploration: float = EXPLORATION,
                 rollout: Any = None, epsilon: float = ROLLOUT_EPSILON,
                 score_weight: float = SCORE_WEIGHT, horizon: int | None = HORIZON):
        self.playouts, self.seconds = parse_budget(budget)
        self.horizon = horizon
        self.exploration = exploration
        self.rollout = rollout
        self.epsilon = epsilon
        self.score_weight = score_weight
        self.name = f"mcts:{budget}" if budget not in (None, "") else "mcts"

    def choose(self, observation: Any, legal: Sequence[int], rng: random.Random,
               worlds=None) -> int:
        r = random.Random(rng.getrandbits(64))
        if len(legal) == 1:
            return legal[0]
        if worlds is None:
            raise PnpError("the mcts agent searches: it must be asked through "
                           "pnp.engine.core.decide (as play() does)")
        tree = self.search(worlds, r)
        stats = tree[(worlds.player, 0)].stats
        best, best_v = [], (-1, 0.0)
        for a in legal:
            n, total, _ = stats.get(a, (0, 0.0, 0))
            v = (n, total / n if n else 0.0)     # most visits, then the best mean
            if v > best_v:
                best, best_v = [a], v
            elif v == best_v:
                best.append(a)
        return best[0] if len(best) == 1 else best[r.randrange(len(best))]

    def search(self, worlds, r: random.Random) -> dict:
        """The tree after the budget's iterations: (seat, history) -> _Node."""
        tree: dict[tuple[int, int], _Node] = {}
        deadline = None if self.seconds is None else time.process_time() + self.seconds
        done = 0
        until: Any = ()                    # the horizon: the same in every world (its rounds)
        while True:
            s = worlds.sample(r)
            if until == ():
                until = self._horizon(s)
            self._iterate(s, worlds.player, tree, r, until)
            done += 1
            if deadline is None:
                if done >= (self.playouts or DEFAULT_PLAYOUTS):
                    return tree
            elif time.process_time() >= deadline:
                return tree

    def _iterate(self, s, root: int, tree: dict, r: random.Random,
                 until: int | None) -> None:
        """One iteration in the world `s`: down the tree while every action taken has been
        taken before, one new action, the rollout, and its returns backed up the path."""
        walk = _Walk(len(s.returns()), root)
        while True:
            p = s.current_player()
            if p == TERMINAL:
                break
            if p == CHANCE:
                if until is not None and s.rounds_finished() >= until:
                    break                  # the horizon: scored as it stands (_returns)
                walk.chance(s, r)
                continue
            legal = s.legal_actions()
            if len(legal) == 1:
                s.apply_action(legal[0])
                walk.fresh = False
                continue
            node = self._node(tree, walk.key(s, p), s, p, legal, r)
            a = self._take(node, legal, r)
            st = node.stats[a]
            walk.path.append((st, p))
            if st[0] == 0:                 # new here (a tried one has its iterations): one new
                # action per iteration, then the rollout
                s.apply_action(a)
                self._roll_out(s, r, until)
                break
            seen = node.seen.get(a)        # asked the second time a is taken: most never are
            if seen is None:
                seen = node.seen[a] = self._perceive(s, p, a, legal, walk.seats, r)
            s.apply_action(a)
            walk.moved(p, seen)
        _back_up(walk.path, self._returns(s))

    def _node(self, tree: dict, key: tuple, s, p: int, legal: Sequence[int],
              r: random.Random) -> _Node:
        """The tree's node at `key`, made on the first visit (with the rollout policy's pick
        where the node widens progressively)."""
        node = tree.get(key)
        if node is None:
            node = tree[key] = _Node()
            if self.rollout is not None and len(legal) > WIDEN_FROM:
                node.first = self.rollout.choose(s.observation(p), list(legal), r)
        return node

    def _take(self, node: _Node, legal: Sequence[int], r: random.Random) -> int:
        """The action this iteration takes at `node` (its stats made if it is new there): each
        legal action is counted available (ISMCTS), then UCB1 or widening picks one."""
        stats = node.stats
        for b in legal:
            st = stats.get(b)
            if st is not None:
                st[2] += 1
        a = self._select(node, legal, self.exploration, r)
        if a not in stats:
            stats[a] = [0, 0.0, 1]
        node.visits += 1
        return a

    def _horizon(self, s) -> int | None:
        """The round count (rounds_finished()) at which a playout stops, in a
        game that reports rounds and scores; None: it plays to the end. Legolas's five rounds
        are dealt afresh: a random playout of the rounds after this one is noise that costs
        most of the playout's time, while the points already scored are kept to the end."""
        if self.horizon is None:
            return None
        figures = s.stats()
        rounds, scores = figures.get("rounds"), figures.get("scores")
        if type(rounds) is not int or not isinstance(scores, (list, tuple)):
            return None
        return rounds + self.horizon

    def _returns(self, s) -> Sequence[float]:
        """Each seat's return: its win share, blended (score_weight) with its score margin over
        the best other seat when the game reports scores (stats()["scores"]), mapped to [0, 1].
        A win decided by one point and one by twenty are alike to the win share; in a long game
        (Legolas: a random playout from its first round is mostly noise) the margin is the
        denser signal, and a move that gains points now keeps them to the end."""
        returns = s.returns()
        w = self.score_weight
        if not w and s.current_player() == TERMINAL:
            return returns
        scores = s.stats().get("scores")
        if not isinstance(scores, (list, tuple)) or len(scores) != len(returns) \
                or len(returns) < 2:
            return returns
        if s.current_player() != TERMINAL:     # stopped at the horizon: the leaders win
            top = max(scores)
            leaders = [v == top for v in scores]
            returns = [1.0 / sum(leaders) if lead else 0.0 for lead in leaders]
        out = []
        for p, mine in enumerate(scores):
            rival = max(v for q, v in enumerate(scores) if q != p)
            margin = (mine - rival) / (abs(mine) + abs(rival) + 1.0)     # in (-1, 1)
            out.append((1.0 - w) * returns[p] + w * 0.5 * (1.0 + margin))
        return out

    @staticmethod
    def _select(node: _Node, legal: Sequence[int], c: float, r: random.Random) -> int:
        stats = node.stats
        tried = [a for a in legal if a in stats]
        wide = len(legal) > WIDEN_FROM
        if len(tried) < len(legal) and (
                not wide or len(tried) < math.ceil(WIDEN * math.sqrt(node.visits + 1))):
            if node.first is not None and node.first not in stats and node.first in legal:
                return node.first
            new = [a for a in legal if a not in stats]
            return new[r.randrange(len(new))]
        best_v, best = -1.0, tried[0]
        for a in tried:
            n, total, avail = stats[a]
            v = total / n + c * math.sqrt(math.log(avail) / n)
            if v > best_v:
                best_v, best = v, a
        return best

    @staticmethod
    def _perceive(s, p: int, a: int, legal: Sequence[int], seats: int,
                  r: random.Random) -> tuple:
        """How each seat sees p's move a: as a itself when its observation after a differs from
        its observation after another legal move, else HIDDEN (a face-down choice)."""
        others = [b for b in legal if b != a]
        b = others[r.randrange(len(others))]
        after_a, after_b = s.clone(), s.clone()
        after_a.apply_action(a)
        after_b.apply_action(b)
        return tuple(a if y == p or _differ(after_a.observation(y), after_b.observation(y))
                     else HIDDEN for y in range(seats))

    def _roll_out(self, s, r: random.Random, until: int | None = None) -> None:
        """To the end of the game: chance's moves in runs (State.run_chance), the players'
        by the rollout policy, or, without one, random moves in runs (State.run_blind: the
        same draws and moves as one at a time)."""
        policy = self.rollout
        blind = _playout_moves(len(s.returns())) if policy is None else None
        eps = self.epsilon
        done: list[int] = []
        while True:
            p = s.current_player()
            if p == TERMINAL:
                return
            if p == CHANCE:
                if until is not None and s.rounds_finished() >= until:
                    return
                s.run_chance(r, done, RUN)
            elif blind is not None:
                s.run_blind(blind, r, done, RUN)
            else:
                legal = s.legal_actions()
                if len(legal) == 1:
                    a = legal[0]
                elif r.random() < eps:
                    a = legal[r.randrange(len(legal))]
                else:
                    a = policy.choose(s.observation(p), legal, r)
                s.apply_action(a)
            done.clear()
