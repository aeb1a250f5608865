"""The worker processes of `--jobs N` (pnp/sim/pool.py): results in task order, the error a
run in one process would meet first, a dead worker said, huge errors and unpicklable ones
brought back, and no worker left behind. A run that could hang is a subprocess with a timeout,
so a hang fails the test instead of hanging the suite."""

import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from pnp.errors import PnpError
from pnp.sim.executor import DIED, run_chunks
from pnp.sim.pool import ordered

ROOT = Path(__file__).resolve().parents[1]


def _nothing() -> None:
    pass


def _square_late_first(n: int) -> int:
    time.sleep(0.02 * (6 - n))  # the first tasks end last
    return n * n


def _fails_at(n: int) -> int:
    if n == 1:
        time.sleep(0.3)          # the lower-index error comes back after the higher one
        raise ValueError("task one")
    if n == 3:
        raise ValueError("task three")
    return n


class NeedsTwo(Exception):
    def __init__(self, a, b):    # pickles, but cannot be rebuilt from its args
        super().__init__(f"{a} and {b}")


def _raises_needs_two(n: int) -> None:
    raise NeedsTwo("left", "right")


def _killed_at_two(n: int) -> int:
    if n == 2:
        os.kill(os.getpid(), signal.SIGKILL)
    return n


def _play(call, tasks, jobs=2):
    return list(ordered(call, tasks, jobs, (_nothing, ()), DIED))


def test_results_come_back_in_task_order_and_progress_in_order():
    seen = []
    out = run_chunks(_chunk_square, None, [(n,) for n in range(6)], jobs=2,
                     progress=seen.append)
    assert out == [n * n for n in range(6)]
    assert seen == list(range(6))


def _chunk_square(shared, n):
    return _square_late_first(n)


def test_the_lowest_index_error_is_raised_and_no_worker_is_left():
    before = set(multiprocessing.active_children())
    with pytest.raises(ValueError, match="task one"):
        _play(_fails_at, list(range(6)))
    assert set(multiprocessing.active_children()) <= before


def test_an_exception_that_cannot_be_rebuilt_comes_back_as_its_text():
    with pytest.raises(PnpError, match="^NeedsTwo: left and right$"):
        _play(_raises_needs_two, [0, 1])


def test_a_killed_worker_is_an_error_saying_a_worker_died():
    with pytest.raises(PnpError) as caught:
        _play(_killed_at_two, list(range(5)))
    assert str(caught.value) == DIED


BIG_ERROR = """
from pnp.sim.pool import ordered
from pnp.sim.executor import DIED

def setup():
    pass

def huge(n):
    raise ValueError("x" * 200_000)

try:
    list(ordered(huge, [0, 1, 2], 2, (setup, ()), DIED))
except ValueError as exc:
    print(len(str(exc)))
"""


def test_an_error_larger_than_a_pipe_holds_comes_back_whole_not_a_hang(tmp_path):
    script = tmp_path / "big.py"
    script.write_text(BIG_ERROR)
    try:
        done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                              timeout=60, cwd=ROOT)
    except subprocess.TimeoutExpired:
        pytest.fail("the pool hung on an error larger than a pipe holds")
    assert done.stdout.strip() == "200000", done.stderr


AGENT = """
class Huge:
    name = "huge"
    def choose(self, observation, legal, rng):
        raise ValueError("y" * 100_000)
"""


def test_simulate_jobs_2_with_a_100_kib_error_is_one_clipped_error_line(tmp_path):
    path = tmp_path / "huge.py"
    path.write_text(AGENT)
    try:
        done = subprocess.run([sys.executable, "-m", "pnp", "simulate", "--game", "wuxing",
                               "--games", "8", "--jobs", "2", "--agents", f"{path}:Huge"],
                              capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("pnp simulate --jobs 2 hung on an agent's 100 KiB error")
    assert done.returncode == 1, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: game 0 (seed "), done.stderr
    assert "ValueError: yyy" in lines[0] and "(100,000 characters)" in lines[0]
    assert len(lines[0]) < 2500


def _children(pid: int) -> set[int]:
    out: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        out |= {int(c) for c in (task / "children").read_text().split()}
    return out


@pytest.mark.skipif(not Path("/proc/self/task").is_dir()
                    or not Path(f"/proc/self/task/{os.getpid()}/children").exists(),
                    reason="needs Linux's /proc children lists")
def test_ctrl_c_under_jobs_2_leaves_no_worker_behind():
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "simulate", "--game", "wuxing",
                             "--games", "1000000", "--jobs", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        workers: set[int] = set()
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
            workers = _children(proc.pid)
        assert len(workers) >= 2, "the workers never started"
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    for pid in workers:
        assert not Path(f"/proc/{pid}").exists() or \
            Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z", f"worker {pid} lives on"


# the signal a test sends the forking thread just after a fork, in the parent or in the new
# worker: the moments an interrupt can land while a worker starts, made certain instead of a
# matter of luck (to the thread, not the process: under xdist another thread could take it)
_at_fork: dict[str, int] = {}


def _signal_after_fork(side: str) -> None:
    if side in _at_fork:
        signal.pthread_kill(threading.get_ident(), _at_fork[side])


os.register_at_fork(after_in_parent=lambda: _signal_after_fork("parent"),
                    after_in_child=lambda: _signal_after_fork("child"))


def _live_children() -> set[int]:
    return {pid for pid in _children(os.getpid())
            if Path(f"/proc/{pid}").exists()
            and Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"}


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask") or not Path("/proc/self/task").is_dir(),
                    reason="needs signal masks and Linux's /proc children lists")
def test_ctrl_c_just_after_a_worker_is_forked_still_stops_that_worker():
    before = _live_children()
    state = (signal.getsignal(signal.SIGINT), signal.pthread_sigmask(signal.SIG_BLOCK, []),
             multiprocessing.get_start_method(), threading.current_thread().name)
    old = signal.signal(signal.SIGINT, signal.default_int_handler)  # as pnp's command sets it
    _at_fork["parent"] = signal.SIGINT
    try:
        with pytest.raises(KeyboardInterrupt):
            _play(_square_late_first, [0, 1, 2])
            pytest.fail(f"no Ctrl-C came back (handler, mask, start, thread: {state})")
    finally:
        _at_fork.clear()
        signal.signal(signal.SIGINT, old)
    assert _live_children() <= before  # the worker forked as Ctrl-C came was stopped too


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="needs signal masks")
def test_a_worker_terminated_as_it_starts_ends_quietly(capfd):
    """pnp's SIGTERM handler raises KeyboardInterrupt (a `kill` unwinds as Ctrl-C); a worker
    terminated before it has set its own handlers must not run it and print a traceback."""
    def interrupt(signum, frame):
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGTERM, interrupt)
    _at_fork["child"] = signal.SIGTERM
    try:
        with pytest.raises(PnpError, match="^a worker process died"):
            _play(_square_late_first, [0, 1, 2])
    finally:
        _at_fork.clear()
        signal.signal(signal.SIGTERM, old)
    err = capfd.readouterr().err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err


def _setup_fails() -> None:
    raise ValueError("no setup here")


def test_a_setup_that_fails_is_its_error_not_a_dead_worker():
    with pytest.raises(ValueError, match="no setup here"):
        list(ordered(_square_late_first, [0, 1, 2], 2, (_setup_fails, ()), DIED))


class Unsendable:
    def __reduce__(self):
        raise TypeError("this result stays here")


def _unsendable(n: int):
    return Unsendable()


def test_a_result_that_cannot_be_sent_back_is_an_error_naming_its_task():
    with pytest.raises(PnpError, match="^task 0's result could not be sent back: TypeError: "
                                       "this result stays here$"):
        _play(_unsendable, [0, 1])


_CTRL_C_TO_THE_PROCESS = """
import os, signal, sys, time
from pnp.sandbox import Deadline
from pnp.sim.executor import DIED
from pnp.sim.pool import ordered

def nothing():
    pass

signal.signal(signal.SIGINT, signal.default_int_handler)  # as pnp's command sets it
Deadline.here()  # a render's watcher thread, as a build leaves one running
sent = []
def ctrl_c():
    if not sent:
        sent.append(1)
        os.kill(os.getpid(), signal.SIGINT)  # to the process: any thread may take it
os.register_at_fork(after_in_parent=ctrl_c)
def hook_after():  # Python code in a later at-fork hook (logging's lock release), given time
    for _ in range(50):  # for the thread that takes the signal to have its handler run here
        time.sleep(0.01)
os.register_at_fork(after_in_parent=hook_after)
try:
    list(ordered(abs, [-1, -2], 2, (nothing, ()), DIED))
except KeyboardInterrupt:
    print("stopped")
"""


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="needs signal masks")
def test_ctrl_c_to_the_process_as_a_worker_forks_is_not_lost_to_another_thread():
    """Held in the forking thread, a process's Ctrl-C went to pnp's watcher thread instead; its
    handler then ran in an at-fork hook, which swallowed the KeyboardInterrupt ('Exception
    ignored'), and the run played on. Every thread pnp starts blocks it (pnp/stops.py)."""
    out = subprocess.run([sys.executable, "-c", _CTRL_C_TO_THE_PROCESS], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "stopped" and "Exception ignored" not in out.stderr, out.stderr
