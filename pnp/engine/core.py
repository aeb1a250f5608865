"""The protocol every rules engine follows, and the loop that plays a game.

Modelled on OpenSpiel's Python games: a Game holds the fixed facts, a State has a small set of
verbs. Chance (shuffles, draws, random side assignment) is an explicit player, so the rules hold
no random generator and any game replays exactly from its action list. Simultaneous choices are
made one after the other; the later player's observation does not show the earlier face-down
choice, so the information is the same as for a simultaneous reveal.
"""

from __future__ import annotations

import functools
import operator
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence

CHANCE = -1
TERMINAL = -2


class IllegalAction(ValueError):
    """An action that the rules do not allow in this state; the message says why."""


def as_action(action: Any) -> int:
    """An action is a whole number: an int, or an integer type such as numpy's. 1.0, True or
    "3" are refused with a message saying so, whatever the game."""
    if isinstance(action, bool) or not hasattr(action, "__index__"):
        raise IllegalAction(f"an action is a whole number (an int), not "
                            f"{type(action).__name__} {action!r}")
    return operator.index(action)


class State(ABC):
    """One position of a game. Mutable: apply_action changes it in place.

    Every game's apply_action receives an int: a subclass's apply_action is wrapped once, when
    the class is made, so an action of another type (1.0, True) is refused by as_action before
    the rules see it (an int costs one type test)."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        apply = cls.__dict__.get("apply_action")
        if apply is None or getattr(apply, "checks_action_type", False):
            return

        @functools.wraps(apply)
        def apply_action(self, action):
            if type(action) is not int:
                action = as_action(action)
            return apply(self, action)

        apply_action.checks_action_type = True  # type: ignore[attr-defined]
        cls.apply_action = apply_action  # type: ignore[method-assign]

    @abstractmethod
    def current_player(self) -> int:
        """Seat index of the player to act, CHANCE, or TERMINAL."""

    @abstractmethod
    def legal_actions(self) -> Sequence[int]:
        """Actions the current player may take (empty when terminal), in a sequence of the
        caller's own: changing it changes nothing in the game."""

    def chance_outcomes(self) -> Sequence[tuple[int, float]]:
        """(action, probability) pairs when current_player() is CHANCE."""
        raise NotImplementedError

    @abstractmethod
    def apply_action(self, action: int) -> None:
        """Play `action` for the current player; raise IllegalAction if not legal."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """One value per player: winners share 1.0 equally, everyone else gets 0.0."""

    @abstractmethod
    def observation(self, player: int) -> Any:
        """What `player` can see: public information plus their own hidden cards."""

    @abstractmethod
    def action_to_string(self, action: int) -> str: ...

    @abstractmethod
    def clone(self) -> "State": ...

    def stats(self) -> dict[str, Any]:
        """Game-specific figures for balance reports (how it ended, scores, ...)."""
        return {}

    def rounds_finished(self) -> int | None:
        """stats()["rounds"] when the game counts rounds, else None; an engine whose stats()
        is costly may answer it directly (the search asks it at every chance node)."""
        rounds = self.stats().get("rounds")
        return rounds if type(rounds) is int else None

    def sample_chance(self, rng: random.Random) -> int:
        """A chance outcome drawn with rng. An engine may override it with a faster draw, but it
        must return what ``draw(self.chance_outcomes(), rng)`` returns, so games replay."""
        return draw(self.chance_outcomes(), rng)

    def run_chance(self, rng: random.Random, out: list[int], limit: int) -> None:
        """Chance's moves while chance is to move (at most `limit`): each drawn with
        ``sample_chance``, appended to `out` and applied. An engine may override it with a
        faster loop (a deal of many cards), but it must draw and apply exactly these."""
        for _ in range(limit):
            if self.current_player() != CHANCE:
                return
            action = self.sample_chance(rng)
            out.append(action)
            self.apply_action(action)

    def run_blind(self, chooses: Sequence[Any], rng: random.Random, out: list[int],
                  limit: int) -> int:
        """The moves of seats whose agents read no observation (``chooses[seat]`` is their
        agent's choose, None for every other seat) while such a seat is to move, at most
        `limit`: each agent is given None and the legal actions, its action is appended to
        `out` and applied. Returns how many moves. An engine may override it with a faster
        loop, but it must ask the agents and apply their actions exactly as this one does
        (a choose marked picks_from_legal may be given the engine's own list, unchecked)."""
        done = 0
        while done < limit:
            player = self.current_player()
            if player < 0 or chooses[player] is None:
                break
            action = chooses[player](None, self.legal_actions(), rng)
            out.append(action)
            self.apply_action(action)
            done += 1
        return done

    def determinize(self, player: int, rng: random.Random) -> "State":
        """A new state that `player` cannot tell from this one: everything `player` sees is
        kept and everything hidden from it (other hands, face-down choices) is drawn again with
        `rng`. The result depends on `player`'s observation and `rng` only, never on the hidden
        truth. Searching agents plan over these; a game with hidden information overrides it."""
        raise NotImplementedError(f"{type(self).__name__} has no determinize()")


class PlayerCountError(ValueError):
    """A number of players the game is not for."""


class Game(ABC):
    name: str = ""
    min_players: int = 2
    max_players: int = 2

    def __init__(self, num_players: int | None = None):
        n = self.min_players if num_players is None else num_players
        if not self.min_players <= n <= self.max_players:
            low, high = self.min_players, self.max_players
            raise PlayerCountError(f"{self.name} is for {low if low == high else f'{low}-{high}'} "
                                   f"player{'' if high == 1 else 's'}, not {n}")
        self.num_players = n

    @abstractmethod
    def new_initial_state(self) -> State: ...


class Agent(Protocol):
    """A player. It sees only its own observation, never the State itself."""

    name: str

    def choose(self, observation: Any, legal: Sequence[int], rng: random.Random) -> int: ...


def picks_from_legal(choose):
    """Marks an agent's choose() that returns an item of the legal actions it is given and
    leaves that list as it is: an engine's run_blind may give it the engine's own list and
    apply its pick unchecked. A subclass that overrides choose() is not marked."""
    choose.picks_from_legal = True
    return choose


class RandomAgent:
    name = "random"
    reads_observation = False  # play() need not build an observation for it

    @picks_from_legal
    def choose(self, observation: Any, legal: Sequence[int], rng: random.Random) -> int:
        # randrange(n)'s own draw without its argument checks and calls (random.Random's
        # _randbelow): the same numbers from the same seed, at a third of the cost
        n = len(legal)
        k = n.bit_length()
        r = rng.getrandbits(k)
        while r >= n:
            r = rng.getrandbits(k)
        return legal[r]


class Worlds:
    """The states a seat cannot tell apart, given to agents that search (``searches = True``):
    ``sample(rng)`` draws one of them (``State.determinize``). The true state stays hidden."""

    __slots__ = ("_state", "player")

    def __init__(self, state: State, player: int):
        self._state = state
        self.player = player

    def sample(self, rng: random.Random) -> State:
        return self._state.determinize(self.player, rng)


def decide(agent: Agent, state: State, player: int, legal: Sequence[int],
           rng: random.Random) -> int:
    """Ask `player`'s agent for an action: a searching agent also gets the Worlds it may
    sample; every other agent sees only its observation."""
    obs = state.observation(player)
    if getattr(agent, "searches", False):
        searching: Any = agent      # its choose() also takes the worlds it may sample
        return searching.choose(obs, legal, rng, worlds=Worlds(state, player))
    return agent.choose(obs, legal, rng)


def best(actions: Sequence[int], score, rng: random.Random, tolerance: float = 1e-9) -> int:
    """The action of highest score(action); those within `tolerance` of it tie and the rng
    picks one, so an agent with ties never plays the same game twice by accident."""
    values = [score(a) for a in actions]
    top = max(values)
    tied = [a for a, v in zip(actions, values) if v >= top - tolerance]
    return tied[0] if len(tied) == 1 else tied[rng.randrange(len(tied))]


@dataclass
class Record:
    """The outcome of one played game."""

    seed: int
    returns: list[float]
    actions: list[int] = field(default_factory=list)
    decisions: int = 0
    stats: dict[str, Any] = field(default_factory=dict)


def draw(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    """The action of (action, probability) pairs that one rng.random() picks (none for one)."""
    if len(outcomes) == 1:
        return outcomes[0][0]
    r = rng.random()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]


def play(game: Game, agents: Sequence[Agent], seed: int, max_steps: int = 100_000,
         keep_actions: bool = False, observe=None) -> Record:
    """Play one game to the end. The same seed gives the same game, whatever else ran before.
    `observe(state, player, action)`, when given, sees every action (chance too) just before it
    is applied (the per-card statistics count plays with it)."""
    if len(agents) != game.num_players:
        raise ValueError(f"{game.name} needs {game.num_players} agents, got {len(agents)}")
    rng = random.Random(seed)
    state = game.new_initial_state()
    actions: list[int] = []      # every action, chance too: their number bounds the game
    decisions = 0
    # an agent that never reads its observation (a random player) is not given one: building
    # observations was a third of a random game's time
    reads = [getattr(agent, "reads_observation", True) for agent in agents]
    searches = [getattr(agent, "searches", False) for agent in agents]
    # the choose() of each seat whose agent neither reads nor searches (None for the others):
    # their moves are made in runs (State.run_blind), unless observe() must see each one
    blind = [None if r or s or observe is not None else agent.choose
             for agent, r, s in zip(agents, reads, searches)]
    current, legal_actions, apply = state.current_player, state.legal_actions, state.apply_action
    run_chance, run_blind = state.run_chance, state.run_blind
    draw_chance, record = state.sample_chance, actions.append
    while True:
        player = current()
        if len(actions) >= max_steps and player != TERMINAL:
            raise RuntimeError(f"{game.name}: no end after {max_steps} steps (seed {seed})")
        if player >= 0:
            if blind[player] is not None:
                decisions += run_blind(blind, rng, actions, max_steps - len(actions))
                continue
            if searches[player]:
                action = decide(agents[player], state, player, legal_actions(), rng)
            else:
                observation = state.observation(player) if reads[player] else None
                action = agents[player].choose(observation, legal_actions(), rng)
            decisions += 1
        elif player == CHANCE:
            if observe is None:       # a run of chance moves (a deal) in one call
                run_chance(rng, actions, max_steps - len(actions))
                continue
            action = draw_chance(rng)
        else:
            break
        if observe is not None:
            observe(state, player, action)
        record(action)
        apply(action)
    return Record(seed, state.returns(), actions if keep_actions else [], decisions,
                  state.stats())


def replay(game: Game, actions: Sequence[int]) -> State:
    """Rebuild a state from its action list (chance actions included)."""
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state
