"""Ctrl-C and SIGTERM (the stops) belong to the main thread: pnp's handler there ends a command
cleanly. The kernel hands a process's signal to any thread that does not block it, and Python
then runs the handler in the main thread wherever it stands, even inside a fork's at-fork hooks,
where the main thread holds the stops and the KeyboardInterrupt would be swallowed. So every
thread pnp starts blocks them for its life, and a fork can hold them until it is safe."""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Callable

STOPS = {signal.SIGINT, signal.SIGTERM}
MASKS = hasattr(signal, "pthread_sigmask")  # not on Windows, which has no such signals to hold


@contextmanager
def held():
    """STOPS held back in this thread (and in a thread or process started meanwhile, which
    inherits the mask) until the block ends."""
    if not MASKS:
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def background(target: Callable[[], object], name: str | None = None) -> threading.Thread:
    """A daemon thread started with the stops blocked for its life (it inherits the mask)."""
    thread = threading.Thread(target=target, name=name, daemon=True)
    with held():
        thread.start()
    return thread
