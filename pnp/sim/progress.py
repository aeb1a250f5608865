"""How far a long run is, with an estimate of the time left, drawn on a terminal only.

A sweep of search games can take many minutes; a designer should see it move. The bar goes to
stderr and only when stderr is a terminal, so --json output, pipes and logs stay as they were.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO


class Progress:
    """Call it with the games just finished; ``start(total)`` first. Use it as a context
    manager: the bar is closed (its line ended) however the run ends."""

    def __init__(self, label: str, stream: TextIO | None = None):
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self._bar: Any = None
        self._cm: Any = None

    @property
    def shown(self) -> bool:
        return getattr(self.stream, "isatty", lambda: False)()

    def start(self, total: int, label: str | None = None) -> "Progress":
        self.close()
        if total > 0 and self.shown:
            import click

            self._cm = click.progressbar(length=total, label=label or self.label,
                                         file=self.stream, show_eta=True, show_percent=True,
                                         show_pos=True)
            self._bar = self._cm.__enter__()
        return self

    def __call__(self, done: int) -> None:
        if self._bar is not None:
            self._bar.update(done)

    def close(self) -> None:
        if self._cm is not None:
            self._cm.__exit__(None, None, None)
        self._bar = self._cm = None

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class Stages:
    """A command made of a few long parts (``pnp bench``): after each, one line on a terminal's
    stderr, ``label: 2 of 5 parts done in 1 min 3 s, about 1 min 35 s left``. The estimate is
    the mean time of a part so far; the parts run in sequence and print their own lines, so a
    redrawn bar would be torn by their output. Nothing is written when stderr is no terminal."""

    def __init__(self, label: str, total: int, stream: TextIO | None = None,
                 clock: Any = None):
        import time

        self.label = label
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock or time.perf_counter    # wall time: what the designer waits
        self.start = self.clock()
        self.done = 0

    @property
    def shown(self) -> bool:
        return getattr(self.stream, "isatty", lambda: False)()

    def step(self) -> None:
        self.done += 1
        if not self.shown:
            return
        spent = self.clock() - self.start
        line = f"{self.label}: {self.done} of {self.total} parts done in {_duration(spent)}"
        if self.done < self.total:
            left = spent / self.done * (self.total - self.done)
            line += f", about {_duration(left)} left"
        self.stream.write(line + "\n")
        self.stream.flush()


def _duration(seconds: float) -> str:
    """37 s, 1 min 3 s, 1 h 2 min."""
    s = max(0, round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60} s"
    return f"{s // 3600} h {s % 3600 // 60} min"
