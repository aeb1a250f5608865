"""The `pnp` command (and `python -m pnp`): import the CLI, then run it. Ctrl-C while the CLI
is still being imported ends like Ctrl-C during a command: one line, exit code 130, no
traceback. (During a command, pnp.cli's group handles it.)"""

import sys

from .errors import INTERRUPTED, INTERRUPTED_EXIT


def main() -> None:
    try:
        from .cli import main as cli
    except KeyboardInterrupt:
        sys.stderr.write(f"\n{INTERRUPTED}\n")
        sys.exit(INTERRUPTED_EXIT)
    cli(prog_name="pnp")


if __name__ == "__main__":
    main()
