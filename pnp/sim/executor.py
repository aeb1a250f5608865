"""Where the chunks of a run are played: in this process, in local worker processes, or on a
Dask cluster (``--scheduler tcp://HOST:PORT``).

Every chunk is a pure function of its arguments (the game, the agents, the run's seed and the
games of the chunk), and results come back in chunk order, so the figures do not depend on where
the chunks ran. On Dask, a chunk is one task: when a worker is lost, the scheduler gives its
unfinished chunks to another worker and they are played again from their seeds (at most one
chunk's games per task are lost work, see ``simulate.chunk_size``); the game's setup is a task
too, rebuilt when every worker that held it is gone.
"""

from __future__ import annotations

from concurrent.futures import CancelledError
from typing import Any, Callable, Sequence

from ..errors import OptionError, PnpError

_shared: dict[str, Any] = {}


def _init(fn: Callable, shared: Any) -> None:
    import signal

    _die_with_parent(signal.SIGTERM)
    _shared.update(fn=fn, shared=shared)


def _die_with_parent(sig: int) -> None:
    """Linux: have the kernel stop this worker when the parent dies (even by SIGKILL), so no
    orphan plays on and then fails writing to a closed pipe. Elsewhere there is no prctl (on
    Windows not even CDLL(None)), and a worker whose start fails is replaced by one that fails
    again, for ever: nothing here may raise."""
    import sys

    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, sig)  # 1 = PR_SET_PDEATHSIG
    except Exception:  # a libc without prctl: the worker just lacks the safeguard
        pass


def _play(fn: Callable, shared: Any, task: tuple) -> Any:
    """fn(shared, *task), with an exit() inside it (an agent's, a game's) made an error: in a
    worker it would end the process and leave its chunk waited for, for ever; here it would
    end pnp as if the run had succeeded."""
    try:
        return fn(shared, *task)
    except SystemExit as exc:
        raise PnpError(f"the run called exit (SystemExit: {exc.code!r}) while playing; an "
                       "agent or game must raise an error instead") from None


def _call(task: tuple) -> Any:
    return _play(_shared["fn"], _shared["shared"], task)


def run_chunks(fn: Callable, shared: Any, tasks: Sequence[tuple], *, jobs: int = 1,
               scheduler: str | None = None,
               progress: Callable[[int], None] | None = None) -> list:
    """[fn(shared, *task) for task in tasks], played here (jobs 1), in `jobs` processes or on
    the Dask scheduler at `scheduler`. `progress(i)` is called as task i's result arrives (in
    order). `fn` must be a module-level function (it is pickled)."""
    if scheduler:
        return _on_dask(fn, shared, tasks, scheduler, progress)
    out = []
    if jobs <= 1 or len(tasks) <= 1:
        for i, task in enumerate(tasks):
            out.append(_play(fn, shared, task))
            if progress:
                progress(i)
        return out
    return _in_processes(tasks, min(jobs, len(tasks)), (fn, shared), progress)


DIED = ("a worker process died while playing a chunk: an agent or game ended its process "
        "(os._exit, a signal) or it ran out of memory; run with --jobs 1 to see which")


def _in_processes(tasks: Sequence[tuple], jobs: int, init: tuple, progress) -> list:
    """The tasks in `jobs` worker processes of our own pool (pool.py says why not a library's)."""
    from .pool import ordered

    out = []
    for i, result in enumerate(ordered(_call, tasks, jobs, (_init, init), DIED)):
        out.append(result)
        if progress:
            progress(i)
    return out


# the Dask comm schemes that reach a scheduler on another machine (a bare HOST:PORT is tcp)
SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")


def check_address(scheduler: str) -> str:
    """The address, or an OptionError if it is not [tcp|tls|ws|wss|ucx]://HOST:PORT. Checked before
    Dask sees it: Dask answers a malformed address with a traceback and a 20 s wait."""
    from urllib.parse import urlsplit

    text = scheduler.strip()
    scheme, sep, _ = text.partition("://")
    if not sep:
        scheme = "tcp"
    want = "should look like tcp://HOST:PORT (e.g. tcp://10.0.0.5:8786)"
    if scheme not in SCHEMES:
        raise OptionError("--scheduler", f"{scheduler!r}: unknown scheme {scheme!r} (Dask "
                          f"speaks {', '.join(SCHEMES)}); the address {want}")
    try:
        parts = urlsplit(text if sep else "tcp://" + text)
        host, port = parts.hostname, parts.port
    except ValueError:  # a port that is no number, or out of range
        host = port = None
    if not host or not port or parts.path or parts.query:
        raise OptionError("--scheduler", f"{scheduler!r}: no HOST:PORT; the address {want}")
    return text


def connect(scheduler: str, timeout: str = "10s"):
    """A distributed.Client for the scheduler, or a PnpError saying what is wrong."""
    address = check_address(scheduler)
    try:
        from distributed import Client
    except ImportError:
        raise PnpError("--scheduler needs Dask: pip install dask distributed (or "
                       "pip install '.[cluster]' in the pnp checkout)") from None
    try:
        return Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise PnpError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None


def _same(x: Any) -> Any:
    return x


def _on_dask(fn, shared, tasks, scheduler, progress) -> list:
    from .agents import AgentError

    client = connect(scheduler)  # first: it says how to install Dask when it is missing
    from distributed import KilledWorker
    try:
        # The setup goes to the cluster as a task that returns it, not scattered: the scheduler
        # keeps the task, so when every worker holding the setup dies it is rebuilt on the next
        # worker (scattered data would be "already forgotten"). It is a few KB (10 KB for
        # Legolas), sent once and fetched by each worker once.
        ref = client.submit(_same, shared, pure=False)
        # a lost worker's chunks are given to another worker by the scheduler itself
        futures = [client.submit(fn, ref, *task, pure=False) for task in tasks]
        out = []
        for i, f in enumerate(futures):
            try:
                out.append(f.result())
            except KilledWorker as exc:
                raise PnpError(f"Dask gave up on a chunk: every worker that played it died "
                               f"({exc}); see the workers' logs (out of memory?)") from None
            except PnpError as exc:  # a user's mistake seen on the worker (its files, its Python)
                hint = ""
                if isinstance(exc, AgentError):
                    hint = ("; an agent's file or module must be on every worker, at the same "
                            "path")
                raise PnpError(f"on a Dask worker: {exc}{hint}") from None
            except CancelledError:
                raise PnpError(f"the Dask scheduler at {scheduler} cancelled the run (was it "
                               "restarted, or the client's connection lost?)") from None
            if progress:
                progress(i)
        return out
    finally:
        client.close()
