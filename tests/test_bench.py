"""The benchmark runs (tiny sizes) and prints every figure with its goal; no test asserts a
time. Its floors must do the same work as pnp, or its ratios mean nothing: checked here."""

import csv
import sys

import pytest
from click.testing import CliRunner

from helpers import ROOT, usage_error
from pnp import bench
from pnp.bench import deck_summary, make_deck, parse_sizes, run
from pnp.cli import main
from pnp.errors import OptionError
from pnp.benchfloor import deck_floor
from pnp.engine.core import RandomAgent, play
from pnp.project import build, open_game
from pnp.games.experior.engine import ExperiorGame
from pnp.resources import shipped


def _benchmarks():
    """benchmarks/ (beside tests/, not installed): its ceilings and internals."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import experior_ceiling
    import internals
    import wuxing_ceiling

    return experior_ceiling, wuxing_ceiling, internals


def test_bench_prints_every_figure_with_its_goal():
    lines: list[str] = []
    # sizes repeated and out of order: each deck built once, the largest judged last
    figures = run(sizes=(18, 1, 18), games=("wuxing", "experior"), sim_seconds=0.05,
                  echo=lines.append, rounds=1, edit_cards=6)
    text = "\n".join(lines)
    for heading in ("Builds of each game", "first", "second", "Plain deck", "ms/card",
                    "peak MB", "floor", "peak memory at 18 cards", "linear in cards",
                    "Simulation", "games/s", "Edit to page", "6-card deck", "median",
                    "a card from its layout file, beyond 1:",
                    "time a card (linear in cards), 18 vs 1 cards"):
        assert heading in text, heading
    # judged: two first builds, Experior's data engine against its Python one; shown without
    # a verdict at these sizes: the edit (a 6-card deck), deck time, memory, linearity, a card
    # from its layout
    assert text.count("goal") == 8
    assert text.count(": met") + text.count(": NOT MET") == 3
    assert text.count(": no verdict (") == 5
    assert "goal <= 1.50: no verdict (judged at 54 cards or more)" in text
    assert "goal <= 0.30: no verdict (judged on a 300-card deck)" in text
    assert [row["cards"] for row in figures["decks"]] == [1, 18]
    deck = figures["decks"][0]
    assert deck["ratio"] > 0 and deck["pnp"]["peak_mb"] > 10
    wuxing = figures["builds"]["wuxing"]
    assert wuxing["first"] > 0 and wuxing["second"] > 0 and wuxing["bytes"] > 10_000
    assert set(figures["data_engines"]) == {"experior-data"}
    assert figures["data_engines"]["experior-data"]["ratio"] > 0
    sim = figures["simulation"]["wuxing"]
    assert sim["cpu"] > 0 and sim["wall"] > 0
    assert "CPU" in text and "wall" in text
    assert 0 < figures["edit"]["best"] <= figures["edit"]["median"]


def test_the_developer_benchmarks_print_engines_against_their_tight_loops():
    _, _, internals = _benchmarks()
    lines: list[str] = []
    rows = internals._engine_ceilings(["wuxing", "experior", "legolas"], 0.05, lines.append)
    assert set(rows) == {"wuxing", "experior"}  # legolas has no tight loop
    assert all(row["ratio"] > 0 for row in rows.values())
    assert all("goal >= 0.33: " in line for line in lines[1:])


def test_a_verdict_agrees_with_the_figure_printed_beside_it():
    assert bench._verdict(1.304, 1.3) == "goal <= 1.30: met"  # shown as 1.30
    assert bench._verdict(1.306, 1.3) == "goal <= 1.30: NOT MET"  # shown as 1.31
    assert bench._verdict(0.334, 1 / 3, at_least=True) == "goal >= 0.33: met"
    assert bench._verdict(0.324, 1 / 3, at_least=True) == "goal >= 0.33: NOT MET"
    assert bench._verdict(999.6, 1000, at_least=True, digits=0) == "goal >= 1000: met"
    assert bench._verdict(999.4, 1000, at_least=True, digits=0) == "goal >= 1000: NOT MET"


def test_sizes_are_measured_once_each_smallest_first():
    assert parse_sizes("540,54,540") == (54, 540)
    assert parse_sizes(" 54000, 5400,54,540") == (54, 540, 5400, 54000)
    assert parse_sizes("1") == (1,)
    for bad in ("", "0", "54,,540", "54,", "1.5", "abc", "-5", "60001", "1,99999999999"):
        with pytest.raises(OptionError, match="^--sizes: takes whole numbers"):
            parse_sizes(bad)


@pytest.mark.parametrize("sizes", ["54,0", "54,60001", "54 540"])
def test_bad_sizes_are_refused_before_anything_runs(sizes):
    result = CliRunner().invoke(main, ["bench", "--sizes", sizes])
    assert usage_error(result, "--sizes") == ("takes whole numbers from 1 to 60,000, separated "
                                              f"by commas, not {sizes!r}")


@pytest.mark.parametrize("seconds", ["nan", "inf", "-inf", "0.01", "61"])
def test_sim_seconds_must_be_a_number_of_seconds_in_range(seconds):
    result = CliRunner().invoke(main, ["bench", "--sim-seconds", seconds])
    assert result.exit_code == 2
    error = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert error == [f"Error: Invalid value for '--sim-seconds': {float(seconds)} is not in the "
                     "range 0.05<=x<=60."]


def _row(cards, pnp_cpu, floor_cpu, pnp_mb, floor_mb):
    return {"cards": cards, "pnp": {"cpu": pnp_cpu, "wall": pnp_cpu, "peak_mb": pnp_mb},
            "floor": {"cpu": floor_cpu, "wall": floor_cpu, "peak_mb": floor_mb},
            "ratio": pnp_cpu / floor_cpu, "wall_ratio": pnp_cpu / floor_cpu,
            "memory_ratio": pnp_mb / floor_mb}


def test_small_decks_show_the_per_card_and_memory_figures_without_a_verdict():
    # 540 cards: 41 MB against 31.35 MB (1.31) is start-up's memory, not the goal's 54,000 cards
    lines = deck_summary([_row(54, 0.2, 0.1, 40, 30), _row(540, 0.3, 0.18, 41, 31.35)])
    assert lines == [
        "  time, worst size:  2.00 (wall 2.00)  goal <= 1.50: NOT MET",
        "  peak memory at 540 cards: 41 MB vs 31 MB, ratio 1.31  goal <= 1.30: no verdict "
        "(judged at 54,000 cards or more; in smaller decks the interpreter's and imports' fixed "
        "memory is most of the peak)",
        "  time a card (linear in cards), 540 vs 54 cards: 0.15  goal <= 1.25: no verdict "
        "(judged only between sizes of 5,400 cards or more; below, start-up outweighs the cards)",
        "  a card from its layout file, beyond 54: 0.206 ms vs floor 0.165 ms, ratio 1.25  "
        "goal <= 2.00: no verdict (judged only between sizes of 5,400 cards or more; below, "
        "start-up outweighs the cards)"]


def test_large_decks_are_judged():
    lines = deck_summary([_row(54, 0.2, 0.1, 47, 30), _row(5400, 1.0, 0.8, 66, 45),
                          _row(54000, 11.0, 8.0, 234.7, 180.5)])
    assert lines == [
        "  time, worst size:  2.00 (wall 2.00)  goal <= 1.50: NOT MET",
        # 234.7 / 180.5 = 1.3003: printed 1.30, and met
        "  peak memory at 54000 cards: 235 MB vs 180 MB, ratio 1.30  goal <= 1.30: met",
        "  time a card (linear in cards), 54000 vs 5400 cards: 1.10  goal <= 1.25: met",
        # (11.0 - 1.0) / 48,600 cards = 0.206 ms; (8.0 - 0.8) / 48,600 = 0.148 ms
        "  a card from its layout file, beyond 5400: 0.206 ms vs floor 0.148 ms, ratio 1.39  "
        "goal <= 2.00: met"]


def test_one_deck_size_shows_time_and_memory_only():
    lines = deck_summary([_row(1, 0.2, 0.1, 40, 30)])
    assert lines[0] == ("  time, worst size:  2.00 (wall 2.00)  goal <= 1.50: no verdict (judged "
                        "at 54 cards or more)")
    assert len(lines) == 2 and lines[1].startswith("  peak memory at 1 cards: 40 MB vs 30 MB")
    assert "no verdict (judged at 54,000 cards" in lines[1]


def test_deck_time_is_judged_at_the_sizes_its_goal_names():
    # 9 cards at 3x the floor is start-up; the goal names 54 cards and up, where 1.40 is met
    lines = deck_summary([_row(9, 0.3, 0.1, 40, 30), _row(540, 0.28, 0.2, 41, 31)])
    assert lines[0] == ("  time, worst size:  1.40 (wall 1.40)  goal <= 1.50: met (sizes under "
                        "54 cards not judged)")


def test_a_short_simulation_run_is_shown_but_not_judged(monkeypatch):
    lines: list[str] = []
    bench._simulation(["legolas"], 0.05, lines.append)
    assert lines[1].startswith("  legolas") and "games/s CPU" in lines[1]
    assert lines[1].endswith("goal >= 1000: no verdict (judged on runs of 2 s or more; a "
                             "shorter run plays too few games to judge)")
    monkeypatch.setattr(bench, "SIM_JUDGED_SECONDS", 0.05)  # as a run of the judged length
    lines.clear()
    bench._simulation(["legolas"], 0.05, lines.append)
    assert lines[1].endswith("goal >= 1000: met") or lines[1].endswith("goal >= 1000: NOT MET")


def test_the_default_simulation_run_is_long_enough_to_judge():
    default = next(p.default for p in main.commands["bench"].params if p.name == "sim_seconds")
    assert default >= bench.SIM_JUDGED_SECONDS


def test_the_tight_loop_plays_the_engine_s_games():
    """Same seeds, same rules, same random numbers: the same winners, game by game."""
    tight_loop = _benchmarks()[0].tight_loop
    game = ExperiorGame()
    for seed in range(300):
        record = play(game, [RandomAgent(), RandomAgent()], seed)
        assert tight_loop(1, seed=seed) == (record.stats["winner_side"] == "human"), seed


def test_the_wuxing_tight_loop_plays_the_engine_s_games():
    """Wuxing's tight loop, written apart from the engine, plays the shipped game's engine
    games move for move: the same winner, way of winning and number of rounds, seed by seed."""
    from collections import Counter

    from pnp.project import open_game

    wuxing_ceiling = _benchmarks()[1]
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
    # the pages pnp makes of the deck: the print guide, the booklet (one page and a blank back),
    # 3 sheets of fronts, each with its backs
    built = build(open_game(str(game)), tmp_path / "pnp.pdf")
    assert len(pages) == built.pages == 2 + 2 + 6
    guide, booklet = pages[0].extract_text(), pages[2].extract_text()
    # the guide's square and the cards' pages; the booklet's blank back
    assert "50 mm" in guide and "5\u201310" in guide and not pages[3].extract_text()
    assert all(r["title"] in booklet for r in rows)  # the components table
    text = "".join(p.extract_text() for p in pages[4:])
    assert all(r["title"] in text for r in rows)
