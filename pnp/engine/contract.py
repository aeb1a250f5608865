"""The contract every rules engine keeps, checked the same way for every registered game (as
OpenSpiel's random_sim_test does for all of its games): random playouts end within the game's
declared bound, legal actions exist until the end, an illegal action is refused with
IllegalAction and changes nothing, a seed replays the same game (in runs of moves as one move
at a time), a clone is independent, and what a seat cannot see does not change its
observation.

A designer can run it on their own engine:

    from pnp.engine.contract import check_game
    check_game(game, max_actions=500, seed=1)
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from .core import CHANCE, TERMINAL, Game, IllegalAction, RandomAgent, State, play, replay


class ContractError(AssertionError):
    """An engine broke the contract; the message names the game, the seed and the step."""


def fingerprint(state: State, players: int) -> tuple:
    """Everything the protocol shows of a state: whose turn, the legal actions, every seat's
    observation (as text) and, at the end, the returns."""
    views = tuple(repr(state.observation(p)) for p in range(players))
    player = state.current_player()
    legal = tuple(state.legal_actions()) if player != TERMINAL else ()
    returns = tuple(state.returns()) if player == TERMINAL else ()
    return (player, legal, views, returns)


def random_actions(game: Game, seed: int, max_actions: int) -> list[int]:
    """The actions of one random playout (chance by its odds, players uniformly), checking at
    every step that a player to act has legal actions and chance has outcomes summing to 1."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    actions: list[int] = []
    while not state.is_terminal():
        if len(actions) >= max_actions:
            raise ContractError(f"{game.name}: no end after {max_actions} actions (seed {seed})")
        player = state.current_player()
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            total = sum(p for _, p in outcomes)
            if not outcomes or abs(total - 1.0) > 1e-9:
                raise ContractError(f"{game.name}: chance outcomes sum to {total} (seed {seed}, "
                                    f"step {len(actions)})")
            action = state.sample_chance(rng)
        else:
            legal = list(state.legal_actions())
            if not legal:
                raise ContractError(f"{game.name}: seat {player + 1} has no legal action before "
                                    f"the end (seed {seed}, step {len(actions)})")
            action = legal[rng.randrange(len(legal))]
        actions.append(action)
        state.apply_action(action)
    if state.current_player() != TERMINAL or state.legal_actions():
        raise ContractError(f"{game.name}: a finished game still offers moves (seed {seed})")
    return actions


def illegal_candidates(state: State) -> list[int]:
    """Actions the current player may not take: just outside and between the legal ones."""
    legal = set(state.legal_actions())
    top = max(legal) if legal else 0
    return [a for a in (-1, top + 1, top + 1000) + tuple(range(top)) if a not in legal][:6]


def check_refuses_illegal(state: State, players: int, where: str) -> None:
    """Each illegal action raises IllegalAction and leaves the state as it was."""
    before = fingerprint(state, players)
    for action in illegal_candidates(state):
        try:
            state.apply_action(action)
        except IllegalAction:
            pass
        else:
            raise ContractError(f"{where}: action {action} is not legal but was accepted")
        if fingerprint(state, players) != before:
            raise ContractError(f"{where}: refusing action {action} changed the state")


def check_clone_independent(state: State, players: int, rng: random.Random, where: str) -> None:
    """A move on a clone leaves the original as it was, and a move on the original leaves the
    clone as it was."""
    if state.is_terminal():
        return
    clone = state.clone()
    before = fingerprint(state, players)
    _step(clone, rng)
    if fingerprint(state, players) != before:
        raise ContractError(f"{where}: a move on a clone changed the original")
    clone = state.clone()
    kept = fingerprint(clone, players)
    _step(state, rng)
    if fingerprint(clone, players) != kept:
        raise ContractError(f"{where}: a move on the original changed its clone")


def _step(state: State, rng: random.Random) -> None:
    if state.current_player() == CHANCE:
        state.apply_action(state.sample_chance(rng))
    else:
        legal = list(state.legal_actions())
        state.apply_action(legal[rng.randrange(len(legal))])


def check_runs(game: Game, seed: int, max_actions: int) -> None:
    """play() makes chance's and blind agents' moves in runs (State.run_chance, run_blind, which
    an engine may override with faster loops): the same seed must play the same game as one
    move at a time (as play() does when observe() must see each move)."""
    agents = [RandomAgent() for _ in range(game.num_players)]
    runs = play(game, agents, seed, max_steps=max_actions, keep_actions=True)
    steps = play(game, agents, seed, max_steps=max_actions, keep_actions=True,
                 observe=lambda state, player, action: None)
    if (runs.actions, runs.returns, runs.decisions, runs.stats) != \
            (steps.actions, steps.returns, steps.decisions, steps.stats):
        raise ContractError(f"{game.name}: seed {seed} plays differently in runs of moves "
                            "(State.run_chance / run_blind) than one move at a time")


def check_game(game: Game, *, max_actions: int, seed: int = 0, playouts: int = 3,
               probes: int = 6) -> list[list[int]]:
    """Every check above on `playouts` random games; returns their action lists."""
    histories = []
    for k in range(playouts):
        s = seed * 1000 + k
        actions = random_actions(game, s, max_actions)
        random.seed(k)       # disturbing the global generator must change nothing
        if random_actions(game, s, max_actions) != actions:
            raise ContractError(f"{game.name}: seed {s} gave two different games")
        check_runs(game, s, max_actions)
        final = replay(game, actions)
        if not final.is_terminal() or len(final.returns()) != game.num_players:
            raise ContractError(f"{game.name}: replaying seed {s} does not end the same way")
        rng = random.Random(s)
        for step in sorted(rng.sample(range(len(actions)), min(probes, len(actions)))):
            where = f"{game.name} ({game.num_players} players), seed {s}, step {step}"
            state = replay(game, actions[:step])
            check_refuses_illegal(state, game.num_players, where)
            check_clone_independent(state, game.num_players, rng, where)
        histories.append(actions)
    return histories


def check_hidden(game: Game, histories: Sequence[Sequence[int]],
                 twin: Callable[[Game, Sequence[int], int, random.Random], list[int] | None],
                 *, seed: int = 0, probes: int = 8) -> int:
    """For prefixes of the histories and each seat, `twin` gives another history that differs
    only in what that seat cannot see: the seat's observation must be the same in both. Returns
    how many twins also looked different to another seat (so the check was not empty)."""
    rng = random.Random(seed)
    telling = 0
    for actions in histories:
        for step in sorted(rng.sample(range(1, len(actions)), min(probes, len(actions) - 1))):
            prefix = list(actions[:step])
            for seat in range(game.num_players):
                other = twin(game, prefix, seat, rng)
                if other is None:
                    continue
                a, b = replay(game, prefix), replay(game, other)
                if repr(a.observation(seat)) != repr(b.observation(seat)):
                    raise ContractError(
                        f"{game.name}: seat {seat + 1} sees a difference it should not at step "
                        f"{step}:\n  {a.observation(seat)!r}\n  {b.observation(seat)!r}")
                telling += any(repr(a.observation(p)) != repr(b.observation(p))
                               for p in range(game.num_players) if p != seat)
                check_determinize_twins(game, a, b, seat, step)
    return telling


def check_determinize(game: Game, histories: Sequence[Sequence[int]], *, seed: int = 0,
                      probes: int = 8) -> int | None:
    """For prefixes of the histories and each seat, `State.determinize(seat, rng)` (the states a
    searching agent samples) must look the same to that seat, offer it the same moves when it is
    to act, and play on to an end. Returns how many samples looked different to another seat;
    None when the game has no determinize."""
    rng = random.Random(seed)
    telling = 0
    for actions in histories:
        for step in sorted(rng.sample(range(1, len(actions)), min(probes, len(actions) - 1))):
            state = replay(game, actions[:step])
            for seat in range(game.num_players):
                try:
                    sample = state.determinize(seat, rng)
                except NotImplementedError:
                    return None
                where = f"{game.name}: determinize for seat {seat + 1} at step {step}"
                if repr(sample.observation(seat)) != repr(state.observation(seat)):
                    raise ContractError(f"{where} changed what the seat sees")
                if state.current_player() == seat and \
                        list(sample.legal_actions()) != list(state.legal_actions()):
                    raise ContractError(f"{where} changed the seat's legal moves")
                telling += any(repr(sample.observation(p)) != repr(state.observation(p))
                               for p in range(game.num_players) if p != seat)
                for _ in range(10_000):
                    if sample.is_terminal():
                        break
                    _step(sample, rng)
                else:
                    raise ContractError(f"{where}: the sampled game does not end")
    return telling


def check_determinize_twins(game: Game, a: State, b: State, seat: int, step: int) -> None:
    """a and b differ only in what `seat` cannot see: a determinisation keeps the seat's
    observation, and it depends on that observation and the rng only (the same rng gives the
    same state, as every seat sees it, from a and from b). Games without determinize pass."""
    try:
        da, db = a.determinize(seat, random.Random(step)), b.determinize(seat, random.Random(step))
    except NotImplementedError:
        return
    if repr(da.observation(seat)) != repr(a.observation(seat)):
        raise ContractError(f"{game.name}: determinize changes what seat {seat + 1} sees at "
                            f"step {step}")
    if fingerprint(da, game.num_players) != fingerprint(db, game.num_players):
        raise ContractError(f"{game.name}: determinize for seat {seat + 1} at step {step} "
                            "depends on what that seat cannot see")


def swap_action(game: Game, actions: Sequence[int], index: int,
                rng: random.Random) -> list[int] | None:
    """`actions` with action `index` replaced by another one legal at that point (None when
    there is no other, or the rest of the game is no longer legal after it)."""
    others = [a for a in replay(game, actions[:index]).legal_actions() if a != actions[index]]
    if not others:
        return None
    twin = list(actions)
    twin[index] = rng.choice(others)
    try:
        replay(game, twin)
    except IllegalAction:
        return None
    return twin
