"""The Legolas engine plays every seeded game exactly as recorded (issue 17: speed work and the
split into rule modules must not change a single action). 600 random and 60 greedy games."""

from __future__ import annotations

import json

import pytest

from legolas_transcripts import GOLDEN, GREEDY_GAMES, PLAYERS, RANDOM_GAMES, transcript

RECORDED = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_seeded_games_replay_exactly_as_recorded(players, agent):
    games = RANDOM_GAMES if agent == "random" else GREEDY_GAMES
    recorded = RECORDED[f"{players}-{agent}"]
    assert len(recorded) == games
    for seed in range(games):
        assert transcript(players, agent, seed) == recorded[seed], \
            f"{players} players, {agent} agents, seed {seed} plays differently"
