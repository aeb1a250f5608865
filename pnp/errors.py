"""Errors and findings. The library raises; only the CLI prints and exits."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path


GAME_DEPTH = 8  # folders a file of a game sits below its game.toml (layouts/cards/x.toml: 2)


def in_game(path: Path) -> str:
    """A file by its path inside its game folder ("layouts/card.toml"; "cards.csv" beside
    game.toml), so two folders' card.toml are told apart; a file in no game folder by its
    name."""
    folder = path.parent
    for _ in range(GAME_DEPTH):
        if (folder / "game.toml").is_file():
            try:
                return path.relative_to(folder).as_posix()
            except ValueError:
                break
        if folder.parent == folder:
            break
        folder = folder.parent
    return path.name


def where(path: Path | str | None, row: int | None = None, field: str | None = None) -> str:
    """'cards.csv, row 4, field "element"' -- the place a designer must look; a file in a
    folder of the game by its path there ('layouts/card.toml, field "title.size"')."""
    parts = []
    if path is not None:
        parts.append(in_game(Path(path)) if isinstance(path, Path) else str(path))
    if row is not None:
        parts.append(f"row {row}")
    entry = _ENTRY.match(field) if field else None
    if entry:  # a key of one of game.toml's [[component]] tables: the table by its name
        parts += [entry.group(1), f'field "{entry.group(2)}"']
    elif field:
        parts.append(f'field "{field}"')
    return ", ".join(parts)


# a field of a [[table]] entry, as entry_field() writes it: '[[component]] "card".data'
_ENTRY = re.compile(r'^(\[\[\w+\]\] "[^"]*")\.(.+)$', re.S)


def entry_field(table: str, name: str) -> str:
    """How the fields of the [[table]] entry named `name` begin ('[[component]] "card"', then
    '.data'): an array of tables has no dotted key of its own, so where() says it as
    'game.toml, [[component]] "card", field "data"'."""
    return f'[[{table}]] "{name}"'


QUOTED_MAX = 240  # characters of a quoted value a message shows whole (a long path fits)
# a quoted value, as repr() or a message writes one: opened after a space or bracket (not an
# apostrophe: "the game's"), taken left to right so a short one's closing quote opens nothing
_QUOTED = re.compile(r"""(?<![^\s(\[{=,:])(['"])((?:\\.|(?!\1)[^\\])*)\1(?!\w)""", re.S)


def did_you_mean(name: str, known, cutoff: float = 0.6) -> str:
    """" (did you mean 'title'?)" when a known name is close to `name`: one differing in case
    alone first (WUXING for wuxing), else by difflib's ratio of at least `cutoff`; else ""."""
    from difflib import get_close_matches  # (only to word an error: 2 ms a build otherwise)

    known = list(known)
    close = [k for k in known if k.lower() == name.lower() and k != name][:1] or \
        get_close_matches(name, known, n=1, cutoff=cutoff)
    return f" (did you mean {close[0]!r}?)" if close else ""


def bounded(message: str) -> str:
    """The message with each quoted value over QUOTED_MAX characters cut to its start and
    end and its length: a 100,000-character cell or expression is named, not printed; and the
    whole message within MESSAGE_MAX. (Every message goes through here: PnpError, DataError
    and Finding.)"""
    if len(message) <= QUOTED_MAX:
        return message

    def cut(m: re.Match) -> str:
        quote, body = m.group(1), m.group(2)
        if len(body) <= QUOTED_MAX:
            return m.group(0)
        return (f"{quote}{body[:QUOTED_MAX // 2]}...{body[-QUOTED_MAX // 4:]}{quote} "
                f"({len(body):,} characters)")
    return clipped(_QUOTED.sub(cut, message), MESSAGE_MAX)


CLIPPED_MAX = 2000  # characters of another exception's text a message quotes
# characters of a whole message: one echoing an unquoted value (a list of 100,000 numbers)
# is cut too, to its start and end
MESSAGE_MAX = 4000


def clipped(text: str, limit: int = CLIPPED_MAX) -> str:
    """The text cut to its start and end and its length when over `limit` characters: the
    text of an exception pnp did not raise (an agent's, a game's) can be any size, and a
    100,000-character error is one nobody reads (and once hung a worker writing it back)."""
    if len(text) <= limit:
        return text
    return f"{text[:limit * 3 // 4]}...{text[-limit // 8:]} ({len(text):,} characters)"


def opening(text: str, n: int = 40) -> str:
    """A text's opening quoted for a message that names it, "..." where it is cut (a card's
    long rules text is named by its start, and the reader sees it goes on)."""
    return repr(text) if len(text) <= n else repr(text[:n].rstrip()) + "..."


def cut_name(name: str, n: int = 40) -> str:
    """A piece's name as a message says it: a 200-character title cell names its card in
    every message about it, so it is cut as opening() cuts a quoted text."""
    return name if len(name) <= n else name[:n].rstrip() + "..."


class PnpError(Exception):
    """A problem the user can fix; the CLI shows it as one `Error:` line."""

    exit_code = 1

    def __init__(self, *args) -> None:
        super().__init__(*(bounded(a) if isinstance(a, str) else a for a in args))


class DataError(PnpError):
    """Bad card data: names the file, and where known the row and field."""

    exit_code = 2

    def __init__(self, message: str, path: Path | str | None = None, row: int | None = None,
                 field: str | None = None):
        self.message, self.path, self.row, self.field = bounded(message), path, row, field
        place = where(path, row, field)
        super().__init__(f"{place}: {message}" if place else message)

    def each(self) -> list["DataError"]:
        """The mistakes it says: itself (DataErrors: each of its own)."""
        return [self]


class DataErrors(DataError):
    """Several mistakes found together (each bad property of a layout's element), so one run
    says them all; whoever catches one DataError sees the first."""

    def __init__(self, errors: list[DataError]):
        self.errors = [e for exc in errors for e in exc.each()]
        first = self.errors[0]
        super().__init__(first.message, first.path, first.row, first.field)

    def each(self) -> list[DataError]:
        return list(self.errors)


class UnreadableFile(DataError):
    """A data file that cannot be read at all (empty, not UTF-8, not CSV or TOML, a column
    missing): every check that needs it waits until it reads (pnp/project.py)."""


class OptionError(PnpError):
    """A value an option does not take, or options that do not go together, found where the
    value is checked: the CLI shows it as click shows a value it refuses itself (a usage line,
    the option named, exit 2). `message` says what is wrong with the value, without the
    option's name."""

    exit_code = 2

    def __init__(self, option: str, message: str):
        self.option, self.message = option, bounded(message)
        super().__init__(f"{option}: {message}")

    def __reduce__(self):  # as it was made, out of a worker process
        return OptionError, (self.option, self.message)


class RulesError(PnpError):
    """The kit does not match the rules: carries the findings."""

    exit_code = 3

    def __init__(self, findings: list["Finding"], why: str = "nothing was printed (fix them, "
                 "or use --force to print anyway)"):
        self.findings = findings
        errors = [f for f in findings if f.level == "error"]
        if any(isinstance(f, BadFile) for f in errors):   # a rule that fails in play, say
            self.exit_code = DataError.exit_code
        super().__init__(f"{len(errors)} problem(s) in the game's files; {why}")


# what no command can draw a face from (each refusal that says so says it in these words)
UNDRAWABLE = "from layouts with mistakes nor from data with missing or unreadable rows"


class UnloadedData(RulesError):
    """The data did not load (a bad cell, a row the kit needs missing): its findings, refused
    as a DataError is, with exit 2, by every command (validate, build, simulate, ...)."""

    exit_code = DataError.exit_code


@dataclass(frozen=True)
class Source:
    """Where a value came from: file and 1-based data row (the header is row 1 in a CSV)."""

    path: Path
    row: int | None = None

    def at(self, field: str | None = None) -> str:
        return where(self.path, self.row, field)


@dataclass(frozen=True)
class Finding:
    """A problem in the data: an error stops the build (unless --force), a warning is shown."""

    level: str  # "error" or "warning"
    message: str
    source: Source | None = None
    field: str | None = None
    subject: str | None = None  # the piece it is about ("Card 3"), when not its row alone
    # the subject is a name made from its kind and place ("token 4", kit.Piece.untitled): with
    # a row to name, said by the row alone ("token 4" beside row 5 read as two pieces)
    untitled: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", bounded(self.message))

    def __str__(self) -> str:
        place = self.source.at(self.field) if self.source else ""
        by_row = self.untitled and self.source and self.source.row
        said = (f"{cut_name(self.subject)}: {self.message}" if self.subject and not by_row
                else self.message)
        return f"{self.level}: {place}: {said}" if place else f"{self.level}: {said}"


@dataclass(frozen=True)
class BadFile(Finding):
    """An error of a file's own (a rule of rules.toml that fails in play) found among the
    kit's checks: said with them, and a command it stops exits as for bad data (2), as the
    commands that meet it outside the checks (simulate) do."""


def error(message: str, source: Source | None = None, field: str | None = None,
          subject: str | None = None) -> Finding:
    return Finding("error", message, source, field, subject)


def warning(message: str, source: Source | None = None, field: str | None = None,
            subject: str | None = None) -> Finding:
    return Finding("warning", message, source, field, subject)


# What Ctrl-C ends with, whenever it comes: outputs are written atomically, so nothing changed.
INTERRUPTED = "Error: interrupted; no output was changed"
INTERRUPTED_EXIT = 130
