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
