"""The `pnp` command (and `python -m pnp`): import the CLI, then run it. Ctrl-C while the CLI
is still being imported ends like Ctrl-C during a command: one line, exit code 130, no
traceback. (During a command, pnp.cli's group handles it.) Nothing is imported before the
guard, so a signal landing in the first import is caught too."""

import sys


def main() -> None:
    try:
        from .cli import main as cli
    except KeyboardInterrupt:
        sys.stderr.write("\nError: interrupted; no output was changed\n")  # errors.INTERRUPTED
        sys.exit(130)
    cli(prog_name="pnp")


if __name__ == "__main__":
    main()
