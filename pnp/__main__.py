"""The `pnp` command (and `python -m pnp`): import the CLI, then run it. Ctrl-C while the CLI
is still being imported ends like Ctrl-C during a command: one line, exit code 130, no
traceback. (During a command, pnp.cli's group handles it.) Nothing is imported before the
guard, so a signal landing in the first import is caught too.

When the command is done the process ends: what it made is frozen out of the cycle
collector first, which would otherwise walk every object still alive once more as the
interpreter exits (a tenth of a first build's time, more of a big deck's). Only here, where
the process ends: pnp used as a library (and the CLI run in-process, as tests do) leaves the
collector as it was."""

import gc
import sys
from contextlib import suppress


def main() -> None:
    try:
        from .cli import main as cli
    except KeyboardInterrupt:
        sys.stderr.write("\nError: interrupted; no output was changed\n")  # errors.INTERRUPTED
        sys.exit(130)
    try:
        cli(prog_name="pnp")
    finally:
        with suppress(KeyboardInterrupt):  # (Ctrl-C as the command ends: its outcome stands)
            gc.freeze()


if __name__ == "__main__":
    main()
