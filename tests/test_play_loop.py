"""The play loop's shortcuts keep every seeded game as it was."""

import random

from pnp.engine.core import RandomAgent, play
from pnp.games.experior.engine import ExperiorGame


def test_random_agent_draws_what_randrange_draws():
    legal = tuple(range(7))
    for seed in range(200):
        expected = legal[random.Random(seed).randrange(len(legal))]
        assert RandomAgent().choose(None, legal, random.Random(seed)) == expected


class _Watching(RandomAgent):
    reads_observation = True

    def __init__(self):
        self.seen = []

    def choose(self, observation, legal, rng):
        self.seen.append(observation)
        return super().choose(observation, legal, rng)


def test_only_agents_that_read_observations_are_given_one():
    watcher, blind = _Watching(), RandomAgent()
    seen_blind = []
    blind.choose = lambda obs, legal, rng: (seen_blind.append(obs), legal[0])[1]
    play(ExperiorGame(), [watcher, blind], seed=3)
    assert watcher.seen and all(o is not None and o.seat == 0 for o in watcher.seen)
    assert seen_blind and all(o is None for o in seen_blind)


def test_a_watching_agent_plays_the_same_game_as_a_blind_one():
    game = ExperiorGame()
    for seed in range(30):
        a = play(game, [RandomAgent(), RandomAgent()], seed, keep_actions=True)
        b = play(game, [_Watching(), _Watching()], seed, keep_actions=True)
        assert a.actions == b.actions and a.returns == b.returns


class _Clearing(RandomAgent):
    """Blind, but changes the list it is given: not marked picks_from_legal."""

    def choose(self, observation, legal, rng):
        action = super().choose(observation, legal, rng)
        legal.clear()
        return action


class _Cheating(RandomAgent):
    def choose(self, observation, legal, rng):
        return 10_000 + super().choose(observation, legal, rng)


def test_only_a_choose_marked_picks_from_legal_gets_the_engine_s_own_list():
    from pnp.engine.core import IllegalAction
    from pnp.games.legolas.engine import LegolasGame

    game = LegolasGame(4)
    for seed in range(5):
        a = play(game, [RandomAgent() for _ in range(4)], seed, keep_actions=True)
        b = play(game, [_Clearing() for _ in range(4)], seed, keep_actions=True)
        assert a.actions == b.actions and a.stats == b.stats
    try:
        play(game, [RandomAgent(), _Cheating(), RandomAgent(), RandomAgent()], 0)
    except IllegalAction as exc:
        assert "is not legal" in str(exc)
    else:
        raise AssertionError("an illegal blind move was applied")
