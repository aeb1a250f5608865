"""The data engine's fast paths (issue 25's speed) play the games its general paths play: a
random player's moves made in runs (State.run_blind: a plain phase's cards moved inline, the
consecutive moves of a phase joined into one call, pick and change bound once) give the same
moves, logs and results as the same player's moves applied one by one (apply_action), for the
shipped data game and both data starters, every player count."""

import random
from pathlib import Path

import pytest

from pnp.data.game import GameFolder
from pnp.engine.core import RandomAgent, play
from pnp.games import registry
from pnp.scaffold import new_game

SPEC = registry.get("rules")
EXPERIOR_DATA = Path(__file__).resolve().parents[1] / "card_data" / "experior-data"


class OneByOne(RandomAgent):
    """RandomAgent's picks, but not marked picks_from_legal: run_blind applies each through
    apply_action (the checked, general path)."""

    def choose(self, observation, legal, rng):
        return super().choose(observation, legal, rng)


@pytest.fixture(scope="module", params=["experior-data", "trick-taking", "market"])
def folder(request, tmp_path_factory):
    if request.param == "experior-data":
        return EXPERIOR_DATA
    return new_game("mine", tmp_path_factory.mktemp(request.param), request.param)


def _games(folder):
    model = SPEC.load(GameFolder.open(folder))
    low, high = model.rules.players
    return [SPEC.new_game(model, n) for n in range(low, min(high, 4) + 1)]


def test_moves_in_runs_play_the_games_moves_one_by_one_play(folder):
    assert "picks_from_legal" not in OneByOne.choose.__dict__
    for game in _games(folder):
        n = game.num_players
        for seed in range(40):
            fast = play(game, [RandomAgent() for _ in range(n)], seed, keep_actions=True)
            slow = play(game, [OneByOne() for _ in range(n)], seed, keep_actions=True)
            assert fast.actions == slow.actions, (folder, n, seed)
            assert fast.returns == slow.returns and fast.stats == slow.stats


def test_a_state_played_in_runs_logs_and_shows_what_one_by_one_does(folder):
    """After every run (cut every 7 moves, mid-turn too): the same log, observations, stats
    and views (zone sizes too)."""
    for game in _games(folder):
        n = game.num_players
        for seed in range(10):
            seen = []
            for agent in (RandomAgent, OneByOne):
                rng = random.Random(seed)
                state = game.new_initial_state()
                chooses = [agent().choose for _ in range(n)]
                out: list[int] = []
                snapshots = []
                while not state.is_terminal():
                    if state.current_player() < 0:
                        state.run_chance(rng, out, 10_000)
                    else:
                        state.run_blind(chooses, rng, out, 7)
                    snapshots.append((list(out), state.public_log(),
                                      [state.observation(s) for s in range(n)], state.stats(),
                                      [dict(v) for v in state.views], dict(state.shared)))
                seen.append(snapshots)
            assert seen[0] == seen[1], (folder, n, seed)


def test_games_started_from_the_plans_kept_starts_play_as_games_built_from_the_rules(folder):
    """Every game starts alike, so the plan keeps its first state and the state each first
    chance move leads to (Plan.starts) and copies them: the same moves, log, observations,
    stats and views as games built from the rules each time (starts None), and a kept start
    is never changed by the games played from it."""
    for game in _games(folder):
        n = game.num_players
        built = SPEC.new_game(SPEC.load(GameFolder.open(folder)), n)
        built.plan.starts = None
        for seed in range(15):
            seen = []
            for g in (game, built, game):       # the second time from the kept starts
                record = play(g, [RandomAgent() for _ in range(n)], seed, keep_actions=True)
                state = g.new_initial_state()
                for action in record.actions:
                    state.apply_action(action)
                seen.append((record.actions, record.returns, record.stats, state.public_log(),
                             [state.observation(s) for s in range(n)],
                             [dict(v) for v in state.views], dict(state.shared)))
            assert seen[0] == seen[1] == seen[2], (folder, n, seed)
        assert game.plan.starts and built.plan.starts is None
