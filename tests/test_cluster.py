"""The Dask path: a real local cluster (worker processes) gives the same figures as local
processes for the same seed, for simulate and for a sweep."""

from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner

from helpers import usage_error
from pnp.cli import main
from pnp.errors import PnpError


@pytest.fixture(scope="module")
def scheduler():
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def _json(args, exit_code=0):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == exit_code, result.output
    return json.loads(result.stdout)


def test_simulate_on_dask_gives_the_local_json(scheduler):
    args = ["simulate", "-g", "experior", "-n", "300", "--seed", "9", "--agents",
            "greedy,random", "--json"]
    local = _json(args + ["--jobs", "2"])
    remote = _json(args + ["--scheduler", scheduler])
    assert local.pop("run")["jobs"] == 2
    assert remote.pop("run")["scheduler"] == scheduler  # its workers played, not `--jobs`
    assert remote == local
    assert local["games"] == 300 and local["seats"][0]["wins"]["count"] > 150


def test_search_games_and_a_ladder_on_dask_give_the_local_json(scheduler):
    """The search agent is built on each worker from its name, like random and greedy."""
    args = ["simulate", "-g", "experior", "-n", "6", "--seed", "2", "--agents",
            "mcts:20,greedy", "--ladder", "greedy,mcts:8", "--json"]
    local = _json(args + ["--jobs", "2"])
    remote = _json(args + ["--scheduler", scheduler])
    local.pop("run"), remote.pop("run")
    assert remote == local
    assert local["ladder"]["levels"] == ["greedy", "mcts:8"]
    assert local["seats"][0]["agent"] == "mcts:20"


def test_sweep_on_dask_gives_the_local_json(scheduler, tmp_path):
    args = ["sweep", "-g", "experior", "--set", "options.wound_limit=50,0", "-n", "120",
            "--seed", "4", "--json", "--out", str(tmp_path / "s.pdf")]
    # wound_limit=0 fails validation: the other is compared, and the exit says not all were
    local = _json(args + ["--jobs", "1"], exit_code=2)
    remote = _json(args + ["--scheduler", scheduler], exit_code=2)
    assert remote == local
    assert [v["valid"] for v in local["variants"]] == [True, False]


def test_without_dask_the_error_says_how_to_install(monkeypatch):
    from pnp.sim.executor import connect

    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(PnpError, match=r"pip install dask distributed \(or pip install '\.\[cl"):
        connect("tcp://127.0.0.1:1")
    # and so through the command, before anything else wants Dask
    from click.testing import CliRunner

    from pnp.cli import main

    res = CliRunner().invoke(main, ["simulate", "--game", "wuxing", "--games", "4",
                                    "--scheduler", "tcp://127.0.0.1:1"])
    assert res.exit_code == 1 and "pip install dask distributed" in res.output, res.output


def test_unreachable_scheduler_is_a_clear_error():
    from pnp.sim.executor import connect

    with pytest.raises(PnpError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        connect("tcp://127.0.0.1:9", timeout="1s")


@pytest.mark.parametrize("address,words", [
    ("bogus", "no HOST:PORT"),
    ("tcp://127.0.0.1", "no HOST:PORT"),
    ("tcp://127.0.0.1:99999", "no HOST:PORT"),
    ("http://127.0.0.1:8786", "unknown scheme 'http'"),
])
def test_a_malformed_scheduler_address_is_one_error_line(tmp_path, address, words):
    """Refused before Dask sees it (Dask answers with a traceback and a 20 s wait)."""
    from pnp.sim.executor import check_address, connect

    with pytest.raises(PnpError, match=words):
        connect(address, timeout="1s")
    for cmd in (["simulate"], ["report", "--out", str(tmp_path / "r.pdf")],
                ["sweep", "--set", "options.wound_limit=50"]):
        r = CliRunner().invoke(main, cmd + ["-g", "experior", "-n", "2", "--scheduler", address])
        assert words in usage_error(r, "--scheduler") and r.output.count("Error:") == 1
    assert not (tmp_path / "r.pdf").exists()
    for good in ("tcp://10.0.0.5:8786", "10.0.0.5:8786", "tls://sched.lan:8786",
                 "tcp://[::1]:8786"):
        assert check_address(good) == good


def test_an_agent_file_missing_on_the_worker_says_so(scheduler):
    """The agent is loaded on the worker: a file that is not there says where it is missing."""
    from pnp.sim.agents import make
    from pnp.sim.executor import run_chunks

    with pytest.raises(PnpError, match=r"on a Dask worker: '/nowhere/a\.py:X': no file "
                       r"/nowhere/a\.py; an agent's file or module must be on every worker"):
        run_chunks(make, "experior", [("/nowhere/a.py:X",)], scheduler=scheduler)
