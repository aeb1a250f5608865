"""Simulation as macOS and Windows run it, and agents that misbehave while loading: each is one
`Error:` line naming the agent, never a silent exit or a pool that waits for ever."""

import multiprocessing
import sys

import pytest
from click.testing import CliRunner

from helpers import usage_error
from pnp.cli import main
from pnp.sim import agents as registry
from pnp.sim.summary import figures
from pnp.sim.simulate import load_game, simulate


def _simulate(*args):
    return CliRunner().invoke(main, ["simulate", "--game", "wuxing", "--games", "3",
                                     *map(str, args)])


AGENTS = """
class Exits:
    name = "exits"
    def __init__(self):
        raise SystemExit(0)
    def choose(self, observation, legal, rng):
        return legal[0]

class ExitsWhilePlaying:
    name = "quits"
    def choose(self, observation, legal, rng):
        raise SystemExit(0)
"""


@pytest.fixture
def agent_file(tmp_path):
    path = tmp_path / "my_agents.py"
    path.write_text(AGENTS)
    return path


def test_an_agent_file_that_exits_on_import_is_one_error_naming_it(tmp_path):
    path = tmp_path / "leaves.py"
    path.write_text("raise SystemExit(0)\n")
    result = _simulate("--agents", f"{path}:Agent", "--jobs", 1)
    assert usage_error(result, "--agents") == f"'{path}:Agent': {path} failed to load: SystemExit: 0"


def test_an_agent_that_exits_while_being_built_is_one_error_naming_it(agent_file):
    result = _simulate("--agents", f"{agent_file}:Exits", "--jobs", 1)
    assert usage_error(result, "--agents") == (f"agent '{agent_file}:Exits' exited while being "
                                               "built (SystemExit: 0)")


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_agent_that_exits_while_playing_is_an_error_not_success_or_a_hang(agent_file, jobs):
    result = _simulate("--agents", f"{agent_file}:ExitsWhilePlaying", "--jobs", jobs)
    assert result.exit_code == 1
    assert result.output == ("Error: the run called exit (SystemExit: 0) while playing; an "
                             "agent or game must raise an error instead\n")


@pytest.mark.parametrize("spec,message", [
    ("random:5", "agent 'random:5': random takes no argument"),
    ("greedy:abc", "agent 'greedy:abc': its token_weight is a number, not 'abc'"),
    ("greedy:nan", "agent 'greedy:nan': its token_weight must be a finite number"),
])
def test_a_wrong_argument_to_an_agent_is_refused_naming_it_before_any_game(spec, message):
    result = _simulate("--agents", spec, "--jobs", 1)
    assert usage_error(result, "--agents") == message


def test_an_agent_argument_is_given_as_the_type_its_factory_declares():
    agent = registry.make("wuxing", "greedy:0.8")
    assert agent.token_weight == 0.8 and isinstance(agent.token_weight, float)
    assert registry.make("wuxing", "mcts:50").playouts == 50  # mcts reads its own text


def test_a_worker_starts_where_there_is_no_prctl_or_no_cdll(monkeypatch):
    import ctypes

    from pnp.sim import executor

    def no_cdll(*args, **kwargs):  # Windows: CDLL(None) is a TypeError
        raise TypeError("expected str, bytes or os.PathLike object, not NoneType")
    monkeypatch.setattr(ctypes, "CDLL", no_cdll)
    for platform in ("win32", "darwin", "linux"):
        monkeypatch.setattr(sys, "platform", platform)
        executor._die_with_parent(15)  # never raises: a worker that cannot start loops for ever


def test_spawned_workers_give_the_figures_forked_ones_give():
    """macOS and Windows start workers by spawning a fresh interpreter: every chunk's inputs
    are pickled and every module imported anew, and the figures must not change."""
    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("no fork here to compare with")
    setup = load_game("wuxing")
    runs = {}
    real = multiprocessing.get_context
    for method in ("fork", "spawn"):
        multiprocessing.get_context = lambda m=None, method=method: real(method)
        try:
            runs[method] = simulate(setup, 40, seed=11, agents="random,greedy", jobs=2)
        finally:
            multiprocessing.get_context = real
    assert runs["spawn"].jobs == runs["fork"].jobs == 2
    assert figures(runs["spawn"].tally) == figures(runs["fork"].tally)
    assert runs["spawn"].tally.games == 40


DIES = """
import os, signal

class Dies:
    name = "dies"
    def choose(self, observation, legal, rng):
        {how}
"""


@pytest.mark.parametrize("how", ["os._exit(3)", "os.kill(os.getpid(), signal.SIGKILL)"],
                         ids=["os._exit", "SIGKILL"])
def test_a_worker_that_dies_hard_under_jobs_2_is_an_error_not_a_hang(tmp_path, how):
    """multiprocessing's pool replaced the dead worker and waited for its chunk for ever; the
    run is a subprocess here, bounded, so a hang fails the test instead of hanging it."""
    import subprocess

    path = tmp_path / "dies.py"
    path.write_text(DIES.format(how=how))
    try:
        done = subprocess.run([sys.executable, "-m", "pnp", "simulate", "--game", "wuxing",
                               "--games", "8", "--jobs", "2", "--agents", f"{path}:Dies"],
                              capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("pnp simulate --jobs 2 hung on a worker that died")
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith(
        "Error: a worker process died while playing a chunk"), done.stderr
