"""Seeded Legolas games summed up as digests, to prove a change of the engine's code leaves
every game it plays exactly as it was (same actions, same returns, same statistics).

    python tests/legolas_transcripts.py      # rewrite tests/golden/legolas-transcripts.json

Only rewrite the file for a deliberate change of the rules (say why in the commit).
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path

from pnp.engine.core import RandomAgent, play
from pnp.games.legolas.agents import GreedyAgent
from pnp.games.legolas.engine import LegolasGame

GOLDEN = Path(__file__).parent / "golden" / "legolas-transcripts.json"
PLAYERS = (3, 4, 5)
RANDOM_GAMES = 200
GREEDY_GAMES = 20


def _digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:20]


@functools.lru_cache(maxsize=None)
def _game(players: int) -> LegolasGame:
    return LegolasGame(players)


def transcript(players: int, agent: str, seed: int) -> list:
    """[number of actions, digest of the actions, returns, digest of the stats]."""
    make = RandomAgent if agent == "random" else GreedyAgent
    rec = play(_game(players), [make() for _ in range(players)], seed, keep_actions=True)
    return [len(rec.actions), _digest(rec.actions), rec.returns, _digest(rec.stats)]


def transcripts() -> dict[str, list]:
    out = {}
    for n in PLAYERS:
        for agent, games in (("random", RANDOM_GAMES), ("greedy", GREEDY_GAMES)):
            out[f"{n}-{agent}"] = [transcript(n, agent, seed) for seed in range(games)]
    return out


if __name__ == "__main__":
    lines = [f"  {json.dumps(k)}: [\n" + ",\n".join(f"    {json.dumps(g)}" for g in v) + "\n  ]"
             for k, v in transcripts().items()]
    GOLDEN.write_text("{\n" + ",\n".join(lines) + "\n}\n")
    print(f"wrote {GOLDEN}")
