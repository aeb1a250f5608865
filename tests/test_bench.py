"""The benchmark runs (tiny sizes) and prints every figure with its goal; no test asserts a
time. Its floors must do the same work as pnp, or its ratios mean nothing: checked here."""

import csv

from pnp.bench import make_deck, run
from pnp.benchfloor import deck_floor
from pnp.games.experior.ceiling import tight_loop
from pnp.games.wuxing import ceiling as wuxing_ceiling
from pnp.engine.core import RandomAgent, play
from pnp.games.experior.engine import ExperiorGame
from pnp.resources import shipped


def test_bench_prints_every_ratio_with_its_goal():
    lines: list[str] = []
    figures = run(sizes=(9, 18), games=("wuxing", "experior"), sim_seconds=0.05,
                  echo=lines.append)
    text = "\n".join(lines)
    for heading in ("Start-up", "pnp --help", "Cold builds", "imports alone", "Plain deck",
                    "ms/card", "peak MB", "floor", "peak memory at 18 cards", "linear in cards",
                    "tight loop", "Simulation", "games/s", "Live page", "median",
                    "a card from its layout file"):
        assert heading in text, heading
    # two builds, deck time, memory, linearity, a card from its layout, two engines
    assert text.count("goal") == 8
    deck = figures["decks"][0]
    assert deck["cards"] == 9 and deck["ratio"] > 0 and deck["pnp"]["peak_mb"] > 10
    assert figures["cold_builds"]["games"]["wuxing"]["ratio"] > 0
    assert set(figures["engines"]) == {"wuxing", "experior"}
    assert all(row["ratio"] > 0 for row in figures["engines"].values())
    wuxing = figures["simulation"]["wuxing"]
    assert wuxing["cpu"] > 0 and wuxing["wall"] > 0
    assert "CPU" in text and "wall" in text
    assert 0 < figures["serve"]["best"] <= figures["serve"]["median"]


def test_the_tight_loop_plays_the_engine_s_games():
    """Same seeds, same rules, same random numbers: the same winners, game by game."""
    game = ExperiorGame()
    for seed in range(300):
        record = play(game, [RandomAgent(), RandomAgent()], seed)
        assert tight_loop(1, seed=seed) == (record.stats["winner_side"] == "human"), seed


def test_the_wuxing_tight_loop_plays_the_engine_s_games():
    """Wuxing's tight loop, written apart from the engine, plays the shipped game's engine
    games move for move: the same winner, way of winning and number of rounds, seed by seed."""
    from collections import Counter

    from pnp.project import open_game

    opened = open_game("wuxing")
    game = opened.spec.new_game(opened.model)
    assert game.path_elems == wuxing_ceiling.PATHS and game.max_rounds == 30
    engine, loop = [], []
    for seed in range(400):
        stats = play(game, [RandomAgent(), RandomAgent()], seed).stats
        engine.append((-1 if stats["winner"] is None else stats["winner"], stats["end"] or "draw",
                       stats["rounds"]))
    assert wuxing_ceiling.tight_loop(400, seed=0, record=loop) == sum(w == 0 for w, _, _ in loop)
    assert loop == engine
    ends = Counter(end for _, end, _ in loop)
    assert ends["paths"] > 100 and ends["tokens"] > 100  # both ways of winning are played
    assert len({rounds for _, _, rounds in loop}) > 5


def test_the_deck_floor_draws_every_card(tmp_path):
    from pypdf import PdfReader

    game = make_deck(tmp_path, 20)
    with open(game / "cards.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len({r["text"] for r in rows}) == 20
    out = tmp_path / "floor.pdf"
    assert deck_floor(str(game / "cards.csv"), str(out), str(shipped("fonts"))) == 20
    pages = PdfReader(out).pages
    assert len(pages) == 6  # 3 sheets of fronts, each with its backs
    text = "".join(p.extract_text() for p in pages)
    assert all(r["title"] in text for r in rows)
