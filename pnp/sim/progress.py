"""How far a long run is, with an estimate of the time left, drawn on a terminal only.

A sweep of search games can take many minutes; a designer should see it move. The bar goes to
stderr and only when stderr is a terminal, so --json output, pipes and logs stay as they were.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO


class Progress:
    """Call it with the games just finished; ``start(total)`` first. Use it as a context
    manager: the bar is closed (its line ended) however the run ends.

    The bar is drawn as soon as the run starts, saying "estimating the time left" until the
    first games are back; from then on the time left is the time spent per game so far times
    the games left (wall time: what the designer waits). click's bar drew no estimate until a
    second had passed between two updates and then averaged its last few, so a run of search
    games showed a bare count for its first part. `clock` is a stand-in for tests."""

    WIDTH = 30                                   # characters of the bar itself

    def __init__(self, label: str, stream: TextIO | None = None, clock: Any = None):
        import time

        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock or time.monotonic
        self.total = self.done = 0
        self.began = 0.0
        self._open = False
        self._drawn = 0                          # the longest line drawn: to blank its tail

    @property
    def shown(self) -> bool:
        return getattr(self.stream, "isatty", lambda: False)()

    def start(self, total: int) -> "Progress":
        self.close()
        self.total, self.done = total, 0
        self.began = self.clock()
        self._open = total > 0 and self.shown
        self._draw()
        return self

    def __call__(self, done: int) -> None:
        self.done += done
        self._draw()

    def line(self) -> str:
        """The bar as it reads now: count, share, and the time left (or spent, at the end)."""
        share = min(1.0, self.done / self.total) if self.total else 1.0
        filled = int(share * self.WIDTH)
        text = (f"{self.label}  [{'#' * filled}{'-' * (self.WIDTH - filled)}]  "
                f"{self.done}/{self.total}  {int(share * 100)}%")
        spent = max(0.0, self.clock() - self.began)
        if self.done >= self.total:
            return f"{text}  done in {_duration(spent)}"
        if self.done <= 0:
            return f"{text}  estimating the time left"
        left = spent / self.done * (self.total - self.done)
        return f"{text}  " + ("under a second left" if left < 0.5 else
                              f"about {_duration(left)} left")

    def _draw(self) -> None:
        if not self._open:
            return
        line = self.line()
        self.stream.write("\r" + line + " " * max(0, self._drawn - len(line)))
        self.stream.flush()
        self._drawn = max(self._drawn, len(line))

    def close(self) -> None:
        if self._open:
            self.stream.write("\n")
            self.stream.flush()
        self._open = False
        self._drawn = 0

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class Stages:
    """A command made of a few long parts (``pnp bench``): after each, one line on a terminal's
    stderr, ``label: 2 of 5 parts done in 1 min 3 s, about 1 min 35 s left`` (and one line at the
    start, saying the estimate comes after the first part). The estimate is
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
        if self.shown and total > 0:         # at once: the first part alone can take minutes
            self._say(f"{label}: {total} parts, estimating the time left after the first")

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
        self._say(line)

    def _say(self, line: str) -> None:
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
