"""The boundary every `pnp` command runs inside (Pnp): how a command ends. A PnpError is its
findings and one `Error:` line with the error's exit code, a bad option value a usage error,
Ctrl-C or SIGTERM an unwinding that leaves no half-written output, anything else one line
asking for a report."""

from __future__ import annotations

import signal
import sys
from contextlib import contextmanager

import click

from .errors import INTERRUPTED, INTERRUPTED_EXIT, OptionError, PnpError, RulesError


def _say_interrupted() -> None:
    # on a terminal, the line after the "^C" it echoed
    click.echo(("\n" if sys.stderr.isatty() else "") + INTERRUPTED, err=True)
    sys.exit(INTERRUPTED_EXIT)


def show(findings) -> None:
    for line in finding_lines(findings):
        click.echo(line, err=True)


SAME_SHOWN = 3  # lines of one problem repeated row after row, before the rest are summed up


def finding_lines(findings) -> list[str]:
    """Each finding a line, in order; but a problem repeated in many rows of one file (5,000
    copies of one overflowing text) is shown SAME_SHOWN times, then one line naming the rest."""
    from collections import Counter

    from .errors import where   # a path (its file's name) or a name as written

    def key(f):
        return (f.level, f.source.path if f.source else None, f.field, f.message)

    groups: dict[tuple, list] = {}
    for f in findings:
        groups.setdefault(key(f), []).append(f)
    out: list[str] = []
    seen: Counter = Counter()
    for f in findings:
        k = key(f)
        same, at = groups[k], seen[k]
        seen[k] += 1
        if at >= SAME_SHOWN:
            continue
        out.append(str(f))
        if at == SAME_SHOWN - 1 and len(same) > SAME_SHOWN:  # right after the last one shown
            rest = [g.source.row for g in same[SAME_SHOWN:] if g.source and g.source.row]
            rows = ", ".join(map(str, rest[:10])) + (", ..." if len(rest) > 10 else "")
            out.append(f"{f.level}: the same in {len(same) - SAME_SHOWN} more row(s) of "
                       f"{where(f.source.path) if f.source and f.source.path else 'the data'}"
                       + (f", {where(None, field=f.field)}" if f.field else "")
                       + (f" (rows {rows})" if rows else ""))
    return out


@contextmanager
def _usage_errors(ctx: click.Context):
    """An OptionError (a value an option does not take, said where the value is checked: a
    callback, the command or the library) raised as click raises a value it refuses itself: a
    usage line above the error, the option named as click names it, exit 2."""
    try:
        yield
    except OptionError as exc:
        # an argument is named as its usage line shows it (NAME), an option by its flag
        param = next((p for p in ctx.command.params if exc.option in p.opts
                      or exc.option == p.human_readable_name), None)
        raise click.BadParameter(exc.message, ctx, param,
                                 None if param else exc.option) from None


class Command(click.Command):
    """Every pnp command: its OptionErrors are usage errors (_usage_errors)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        with _usage_errors(ctx):
            return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context):
        with _usage_errors(ctx):
            return super().invoke(ctx)


class Group(click.Group):
    """A group of Commands (`pnp printer`)."""

    command_class = Command


class Pnp(Group):
    """The one boundary every command runs inside. A PnpError becomes its findings and one
    `Error:` line with the error's exit code; an OSError (a path the system refuses) one line
    naming the path; Ctrl-C or SIGTERM says nothing was changed (outputs are written
    atomically). Anything else is a bug in pnp: one line asking for a report, the traceback
    only with --debug. Commands therefore just call the library."""

    group_class = Group

    def invoke(self, ctx: click.Context):
        debug = bool(ctx.params.get("debug"))
        _terminate_as_interrupt()
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except PnpError as exc:
            if isinstance(exc, RulesError):
                show(exc.findings)
            click.echo(f"Error: {exc}", err=True)
            sys.exit(exc.exit_code)
        except KeyboardInterrupt:
            _say_interrupted()
        except BrokenPipeError:  # `pnp ... | head`: the reader has all it wanted
            _silence_stdout()
            sys.exit(141)
        except OSError as exc:
            if debug:
                raise
            click.echo(f"Error: {_os_error(exc)}", err=True)
            sys.exit(1)
        except MemoryError:
            click.echo("Error: out of memory; is the game's data far larger than a game?",
                       err=True)
            sys.exit(1)
        except Exception as exc:
            if _while_interrupted(exc):  # a library's clean-up failing as Ctrl-C unwound it
                _say_interrupted()
            if debug:
                raise
            plugin = _plugin_in(exc)
            culprit = f"the game package {plugin} failed" if plugin else \
                "this is a bug in pnp, please report it"
            click.echo(f"Error: {culprit} ({type(exc).__name__}: {short(str(exc))}); run "
                       "again as `pnp --debug ...` for the details", err=True)
            sys.exit(70)


def _while_interrupted(exc: BaseException) -> bool:
    """Whether a KeyboardInterrupt is among the exceptions `exc` was raised while handling."""
    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__context__ or cause.__cause__
    return False


def _plugin_in(exc: BaseException) -> str | None:
    """The innermost module of an installed game package (not pnp) the error passed through:
    a crash in a designer's own engine is theirs to fix, not a pnp bug to report."""
    from .games.registry import registered

    packages = {spec.kit.split(".")[0] for spec in registered()} - {"pnp"}
    blamed, tb = None, exc.__traceback__
    while tb is not None:
        module = str(tb.tb_frame.f_globals.get("__name__", ""))
        if module.split(".")[0] in packages:
            blamed = module
        tb = tb.tb_next
    return blamed


def _os_error(exc: OSError) -> str:
    """'path: reason' for an error the operating system gave about a file."""
    where = exc.filename if exc.filename is not None else ""
    reason = exc.strerror or short(str(exc)) or type(exc).__name__
    return f"{short(str(where))}: {reason}" if where != "" else reason


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the flush at exit does not fail on the closed pipe too."""
    import os

    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (a test's runner)
        pass


def short(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _terminate_as_interrupt() -> None:
    """Ctrl-C, and SIGTERM (a `kill`, a closing terminal), unwind as KeyboardInterrupt:
    temporary files are removed and worker processes stopped on the way out, instead of
    dying mid-write."""

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, interrupt)
    except (ValueError, OSError):  # not the main thread (an embedding program): leave it
        pass
