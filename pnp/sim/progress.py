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
