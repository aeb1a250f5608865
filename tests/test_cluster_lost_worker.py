"""A Dask worker killed in the middle of a run loses no games: the scheduler gives its chunks to
another worker, which plays them again from their seeds, so the figures are those of a local run
(issue 17: chunks are recomputed, not lost)."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from collections import Counter

import pytest

from pnp.sim.simulate import chunks, load_game, run_figures, simulate

distributed = pytest.importorskip("distributed")


def _json(setup, run, seed: int) -> str:
    fig = run_figures(setup, run, seed=seed, agents=["random"] * setup.num_players)
    fig.pop("run")                                  # how long it took, where
    return json.dumps(fig, sort_keys=True)


def test_a_worker_killed_mid_run_loses_no_games():
    setup = load_game("legolas")
    games, seed = 320, 3
    assert len(chunks(games)) == 64                 # tasks of 5 games each
    local = simulate(setup, games, seed=seed, agents="random", jobs=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster, set_as_default=False) as watcher:
        killed: list[int] = []
        lost: list[str] = []                        # the chunks it was playing
        pids = watcher.run(os.getpid)               # asked now: a chunk takes about 10 ms
        running = threading.Event()

        def kill_a_busy_worker() -> None:
            """While the run goes on: SIGKILL the first worker seen playing a chunk. Watched from
            a thread, not after a result: under load the client can see the first result only
            once every chunk is played, and then nothing would be lost."""
            while running.is_set() and not killed:
                for worker, keys in watcher.processing().items():
                    chunks_held = [k for k in keys if not str(k).startswith("_same")]
                    if chunks_held:
                        os.kill(pids[worker], signal.SIGKILL)
                        killed.append(pids[worker])
                        lost.extend(chunks_held)
                        return
                time.sleep(0.002)

        running.set()
        killer = threading.Thread(target=kill_a_busy_worker)
        killer.start()
        try:
            remote = simulate(setup, games, seed=seed, agents="random",
                              scheduler=cluster.scheduler_address)
        finally:
            running.clear()
            killer.join()
        assert killed and killed[0] not in watcher.run(os.getpid).values()
        # the scheduler's log: a chunk the dead worker held was played a second time
        played = Counter(row[1] for row in watcher.story(*lost)
                         if row[0] == "scheduler" and row[3] == "processing")
        assert max(played[key] for key in lost) >= 2, played
    assert remote.tally.games == games
    assert _json(setup, remote, seed) == _json(setup, local, seed)


def test_losing_every_worker_mid_run_loses_no_games():
    """The only worker dies after the first chunk: what it held (the game's setup too) is gone,
    and the scheduler rebuilds it on the worker that replaces it (the nanny restarts it), so the
    run ends with the local figures instead of "already forgotten"."""
    setup = load_game("experior")
    games, seed = 200, 5
    local = simulate(setup, games, seed=seed, agents="random", jobs=1)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster, set_as_default=False) as watcher:
        killed: list[int] = []

        def kill_every_worker(done: int) -> None:
            if not killed:
                for pid in watcher.run(os.getpid).values():
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)

        remote = simulate(setup, games, seed=seed, agents="random",
                          scheduler=cluster.scheduler_address, progress=kill_every_worker)
        assert killed and not set(killed) & set(watcher.run(os.getpid).values())
    assert _json(setup, remote, seed) == _json(setup, local, seed)


def test_a_chunk_that_kills_every_worker_is_one_clear_error():
    """Dask gives up on a task whose workers keep dying (KilledWorker): pnp says so in one line."""
    import dask

    from pnp.errors import PnpError
    from pnp.sim.executor import run_chunks

    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), \
            distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                     dashboard_address=None) as cluster:
        # os._exit(3): the chunk function takes the worker process down with it
        with pytest.raises(PnpError, match="every worker that played it died"):
            run_chunks(os._exit, 3, [()], scheduler=cluster.scheduler_address)
