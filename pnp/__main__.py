"""The `pnp` command (and `python -m pnp`): import the CLI, then run it. Ctrl-C while the CLI
is still being imported ends like Ctrl-C during a command: one line, exit code 130, no
traceback. (During a command, pnp.cli's group handles it.)"""

import gc
import sys

from .errors import INTERRUPTED, INTERRUPTED_EXIT


def main() -> None:
    # nearly every object a command makes lives until it ends (modules, classes, fonts, the
    # kit), so collecting the young ones every 700 allocations only walks live objects (5-10 ms
    # of a cold build); every 100,000 a short build needs none, and cycles are still freed (a
    # 54,000-card deck peaks at the same memory)
    gc.set_threshold(100_000, 10, 10)
    try:
        from .cli import main as cli
    except KeyboardInterrupt:
        sys.stderr.write(f"\n{INTERRUPTED}\n")
        sys.exit(INTERRUPTED_EXIT)
    try:
        cli(prog_name="pnp")
    finally:
        # the process ends here: Python's last collection at exit need not walk every module,
        # class and font object the command made only to find them all alive (15-25 ms of a
        # cold build; cycles left then are only memory the exit returns anyway)
        gc.freeze()


if __name__ == "__main__":
    main()
