"""A small pool of worker processes: tasks handed out one at a time, results back in task order.

Our own, not concurrent.futures' nor multiprocessing's: multiprocessing's pool replaces a worker
that dies hard (os._exit, SIGKILL, the OOM killer) and waits for ever for the task it held;
concurrent.futures' hung when a worker's error was larger than a pipe holds (64 KiB). Here each
worker has one duplex pipe, the parent reads every pipe as soon as it is readable, and a dead
worker's process sentinel says it died.

A worker's life: `_serve(conn, init, call)` runs `init`, then answers each task `(i, args)` with
`(i, ok, value)` until it receives None. Ctrl-C is the parent's to handle (it stops the workers),
so a worker ignores it, and SIGTERM (the parent's terminate) just ends it. Both are held back
from before the fork until the worker has made them its own: the parent's handlers (SIGTERM
raising KeyboardInterrupt) must never run in a worker, and an interrupt must not land in the
parent between the fork and the worker's entry in its list, which would leave a worker nobody
stops.
"""

from __future__ import annotations

import multiprocessing
import pickle
import signal
import time
from multiprocessing.connection import wait
from multiprocessing.reduction import ForkingPickler
from typing import Any, Callable, Iterator, Sequence

from ..errors import PnpError, clipped
from ..stops import MASKS, STOPS, held

STOP_WAIT = 2.0  # seconds an idle worker has to leave after None, before it is terminated


def _portable(exc: BaseException) -> BaseException:
    """The exception itself if it survives the trip to the parent (pickled and rebuilt), else a
    PnpError with its text: an exception class whose __init__ wants other arguments than its
    args cannot be rebuilt, and one holding a lock or a file cannot be pickled."""
    try:
        pickle.loads(ForkingPickler.dumps(exc))
        return exc
    except Exception:
        return PnpError(clipped(f"{type(exc).__name__}: {exc}"))


def _serve(conn, init: tuple[Callable, tuple], call: Callable[[Any], Any]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if MASKS:  # a SIGTERM that came while held ends the worker here, quietly
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)
    setup, args = init
    try:
        setup(*args)
        failed = None
    except Exception as exc:  # said as each task's answer, not a traceback and a dead worker
        failed = _portable(exc)
    while True:
        message = conn.recv()
        if message is None:
            break
        i, task = message
        try:
            if failed is not None:
                raise failed
            answer = (i, True, call(task))
        except Exception as exc:
            answer = (i, False, _portable(exc))
        try:
            conn.send(answer)
        except Exception as exc:  # a result that does not pickle: said, not a dead worker
            conn.send((i, False, PnpError(clipped(
                f"task {i}'s result could not be sent back: {type(exc).__name__}: {exc}"))))
    conn.close()


class _Worker:
    def __init__(self, context, init: tuple, call: Callable) -> None:
        self.conn, theirs = context.Pipe(duplex=True)
        self.process = context.Process(target=_serve, args=(theirs, init, call), daemon=True)
        self.process.start()
        theirs.close()  # only the worker holds its end: its death is EOF here
        self.task: int | None = None  # the index of the task it plays, None when idle
        self.dead = False


def ordered(call: Callable[[Any], Any], tasks: Sequence[Any], jobs: int, init: tuple,
            died: str) -> Iterator[Any]:
    """call(task) for each task, played in `jobs` processes started as multiprocessing's
    default context starts them, each running init = (setup, args) first; the results are
    yielded in task order. An error stops the workers and is raised: the lowest-index task's
    (the one a run in one process would have met first); a worker that dies is the PnpError
    `died` at the index of the task it held."""
    context = multiprocessing.get_context()
    workers: list[_Worker] = []
    try:
        for _ in range(jobs):   # one by one: those started are stopped if the next cannot be
            with held():
                workers.append(_Worker(context, init, call))
        yield from _deal(workers, tasks, died)
    finally:  # done, an error, Ctrl-C, or the caller stopped reading: no worker stays behind
        _stop(workers)


def _deal(workers: list[_Worker], tasks: Sequence[Any], died: str) -> Iterator[Any]:
    todo = iter(enumerate(tasks))
    results: dict[int, Any] = {}
    errors: dict[int, BaseException] = {}
    given = 0  # the results yielded so far

    def hand_out(worker: _Worker) -> None:
        worker.task = None
        if errors:  # no new task: each comes after the error, which is what the run ends with
            return
        for i, task in todo:
            try:
                worker.conn.send((i, task))
            except OSError:  # it died between two tasks (a signal, the OOM killer)
                errors[i], worker.dead = PnpError(died), True
                return
            worker.task = i
            return

    for worker in workers:
        hand_out(worker)
    while True:
        busy = [w for w in workers if w.task is not None
                and not (errors and w.task > min(errors))]  # later tasks cannot change the end
        if not busy:
            break
        ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy]))
        for worker in busy:
            if worker.conn in ready or worker.process.sentinel in ready:
                _collect(worker, results, errors, died)
                if not worker.dead and worker.task is None:
                    hand_out(worker)
        while given in results:
            yield results.pop(given)
            given += 1
    if errors:
        raise errors[min(errors)]


def _collect(worker: _Worker, results: dict, errors: dict, died: str) -> None:
    """The worker's answer into results or errors. A worker closes its pipe only when told to
    stop, so a pipe at its end, or a process ended, while it plays a task means it died."""
    held = worker.task
    try:
        if worker.conn.poll():
            i, ok, value = worker.conn.recv()
            (results if ok else errors)[i] = value
            worker.task = None
            return
    except (EOFError, OSError):
        pass
    else:
        if worker.process.is_alive():
            return  # nothing came and the process runs: a spurious wake-up
    errors[held] = PnpError(died)
    worker.task, worker.dead = None, True


def _stop(workers: list[_Worker]) -> None:
    """Idle workers are told to leave; a worker still playing (a task after the run's error,
    or Ctrl-C) is terminated at once, and so is any that has not left STOP_WAIT seconds on."""
    for worker in workers:
        if worker.task is not None or worker.dead:
            worker.process.terminate()
            continue
        try:
            worker.conn.send(None)
        except OSError:  # it is gone already
            pass
    deadline = time.monotonic() + STOP_WAIT
    for worker in workers:
        worker.process.join(max(0.0, deadline - time.monotonic()))
        if worker.process.is_alive():
            worker.process.terminate()
            worker.process.join()
        worker.conn.close()
        worker.process.close()
