"""Long runs show how far they are and the time left, on a terminal only; search games are
spread over worker processes like random ones."""

from __future__ import annotations

import io
import json

from click.testing import CliRunner

from pnp.cli import main
from pnp.sim.progress import Progress, Stages
from pnp.sim.simulate import load_game, run_figures, simulate
from pnp.sim.sweep import sweep


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_bench_parts_say_the_time_left_on_a_terminal_only():
    ticks = iter([0.0, 30.0, 90.0, 200.0])          # the clock: start, then after each part
    out = Terminal()
    parts = Stages("pnp bench", 3, out, clock=lambda: next(ticks))
    for _ in range(3):
        parts.step()
    lines = out.getvalue().splitlines()
    assert lines == ["pnp bench: 3 parts, estimating the time left after the first",
                     "pnp bench: 1 of 3 parts done in 30 s, about 1 min 0 s left",
                     "pnp bench: 2 of 3 parts done in 1 min 30 s, about 45 s left",
                     "pnp bench: 3 of 3 parts done in 3 min 20 s"]
    piped = io.StringIO()
    quiet = Stages("pnp bench", 2, piped, clock=lambda: 5.0)
    quiet.step(), quiet.step()
    assert piped.getvalue() == "" and quiet.done == 2


def test_a_terminal_gets_a_bar_with_the_count_and_the_time_left():
    out = Terminal()
    with Progress("Simulating wuxing", out).start(40) as bar:
        for _ in range(4):
            bar(10)
    text = out.getvalue()
    assert "Simulating wuxing" in text
    assert "40/40" in text and "100%" in text
    assert "10/40" in text or "20/40" in text or "30/40" in text


def _drawn(out: io.StringIO) -> list[str]:
    """Each state of the bar as drawn (every redraw starts with a carriage return)."""
    return [part.rstrip() for part in out.getvalue().strip("\n").split("\r") if part]


def test_the_bar_is_drawn_at_once_and_estimates_from_the_first_games_back():
    """click's bar showed no time left until a second had passed between two of its updates;
    a run of search games showed a bare count for its first part. Now: drawn at the start
    ("estimating"), the time left from the first chunk back (spent per game x games left)."""
    now = [100.0]
    out = Terminal()
    bar = Progress("Ladder wuxing", out, clock=lambda: now[0]).start(400)
    assert _drawn(out) == ["Ladder wuxing  [------------------------------]  0/400  0%  "
                           "estimating the time left"]
    now[0] = 130.0                         # 30 s for the first 4 games: 7.5 s a game
    bar(4)
    assert _drawn(out)[-1].endswith("4/400  1%  about 49 min 30 s left")
    now[0] = 400.0                         # 300 s for 100 games: 3 s a game, 300 left
    bar(96)
    assert _drawn(out)[-1] == ("Ladder wuxing  [#######-----------------------]  100/400  25%"
                               "  about 15 min 0 s left")
    now[0] = 1300.0
    bar(300)
    bar.close()
    assert _drawn(out)[-1].endswith("400/400  100%  done in 20 min 0 s")
    assert out.getvalue().endswith("\n")     # the line ended: what follows starts afresh


def test_a_shorter_redraw_blanks_the_longer_line_before_it():
    now = [0.0]
    out = Terminal()
    with Progress("Sweeping", out, clock=lambda: now[0]).start(10) as bar:
        now[0] = 5000.0
        bar(1)                             # "about 12 h 30 min left": longer than what follows
        now[0] = 5001.0
        bar(9)
    first, second = out.getvalue().split("\r")[2:4]
    assert len(second) >= len(first.rstrip())


def test_a_pipe_or_a_log_gets_nothing():
    out = io.StringIO()
    with Progress("Simulating wuxing", out).start(40) as bar:
        bar(40)
    assert out.getvalue() == ""


class Recorder(Progress):
    def __init__(self):
        super().__init__("test", io.StringIO())
        self.total = 0
        self.done = 0

    def start(self, total, label=None):
        self.total = total
        return self

    def __call__(self, done):
        self.done += done


def test_a_sweep_counts_the_games_of_every_variant():
    bar = Recorder()
    sweep("experior", ["options.wound_limit=30,100"], games=6, jobs=1, progress=bar)
    assert bar.total == bar.done == 3 * 6              # the base and two variants


def test_the_json_of_a_sweep_has_no_progress_in_it():
    r = CliRunner().invoke(main, ["sweep", "-g", "experior", "-n", "4", "--jobs", "1",
                                  "--set", "options.wound_limit=30", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["games"] == 4


def test_search_games_in_worker_processes_give_the_figures_of_one_process():
    setup = load_game("experior")
    agents = ["mcts:15", "greedy"]
    one = simulate(setup, 6, seed=3, agents=agents, jobs=1)
    two = simulate(setup, 6, seed=3, agents=agents, jobs=2)
    a, b = (run_figures(setup, r, seed=3, agents=agents) for r in (one, two))
    a.pop("run"), b.pop("run")
    assert two.jobs == 2
    assert a == b
