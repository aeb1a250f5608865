"""The record of a print run: every piece the build printed, by its identity (the data row it
comes from and its name) and the digests of its faces, in a JSON file beside the PDF that a
person can read. The next build compares the kit with it (`pnp build --changed`)."""

from __future__ import annotations

import errno
import json
import os
import stat
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DataError, PnpError
from ..kit import Kit, Piece
from ..render.facelog import FaceLog
from ..render.fonts import Fonts
from .digest import FORMAT, Digester

READ_FORMATS = (1, 2, 3)  # an older record is read, and the kit digested its way to compare
NO_RECORD = ("no print record here: build the whole kit once (pnp build), then --changed "
             "prints what changed since")
MAX_RECORD_BYTES = 64 * 1024 * 1024  # a record of a 54,000-card deck is about 10 MB


@dataclass(frozen=True, slots=True)  # one a piece: a big deck's record holds 54,000
class Printed:
    """One piece as printed: who it is, and what its front and back drew."""

    id: str  # "cards.csv:3", "cards.csv:3 #2" for the second copy, or the piece's name
    name: str
    kind: str
    sheet: str
    front: str
    back: str

    @property
    def key(self) -> tuple[str, str]:
        """Who the piece is: a row may make several pieces of different names (one for each
        player's colour)."""
        return self.id, self.name

    @property
    def drawing(self) -> tuple[str, str]:
        return self.front, self.back


@dataclass
class Record:
    """What one build printed, and with which settings that change the drawing."""

    game: str
    version: str
    bleed_mm: float
    ink_saver: bool
    pieces: list[Printed] = field(default_factory=list)
    format: int = FORMAT  # how its faces were digested (printrun/digest.py)

    def json_parts(self):
        """JSON with one piece a line, so a diff of two records reads as the cards changed; in
        parts, to write a big record without making it whole in memory."""
        head = {"format": _format_name(self.format), "game": self.game, "version": self.version,
                "bleed_mm": self.bleed_mm, "ink_saver": self.ink_saver}
        yield "{\n" + "\n".join(f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},"
                                 for k, v in head.items()) + '\n "pieces": [\n'
        for i, p in enumerate(self.pieces):
            fields = {f: getattr(p, f) for f in Printed.__dataclass_fields__}
            yield (",\n  " if i else "  ") + json.dumps(fields, ensure_ascii=False)
        yield "\n ]\n}\n"


FORMAT_NAME = "pnp print record "  # and the number


def _format_name(number: int) -> str:
    return f"{FORMAT_NAME}{number}"


def identity(piece: Piece, where: dict[Path, str], root: Path, seen: Counter) -> str:
    """A piece's name for the record: FILE:ROW as validation and `pnp preview --card` name it,
    or its name for a piece no row makes; a row that makes several pieces of one name numbers
    the copies after the first (#2, #3). `where` remembers each data file's path in the game."""
    source = piece.source
    if source is not None and source.row is not None:
        if source.path not in where:
            try:
                where[source.path] = source.path.resolve().relative_to(root).as_posix()
            except ValueError:
                where[source.path] = source.path.name
        base = f"{where[source.path]}:{source.row}"
    else:
        base = piece.name
    key = (base, piece.name)
    seen[key] += 1
    return base if seen[key] == 1 else f"{base} #{seen[key]}"


def kit_record(kit: Kit, fonts: Fonts, root: Path, *, game: str, version: str,
               bleed: float, bleed_mm: float, ink_saver: bool,
               findings: list | None = None, drawn: FaceLog | None = None,
               format: int = FORMAT) -> Record:
    """The record of printing `kit` now: every piece of every sheet and every board; what the
    drawing noted goes to `findings` (a note made once per picture is made here when the
    record is made before the PDF is drawn). `drawn`: what the PDF's drawing kept of each
    face (render/facelog.py); only a face it did not draw so is drawn here. `format`: the
    digests' (an older record's, to compare the kit with it)."""
    record = Record(game, version, bleed_mm, ink_saver, format=format)
    seen: Counter = Counter()
    where: dict[Path, str] = {}
    root = root.resolve()
    digester = Digester(fonts, ink_saver, format)
    drawn = drawn if format == FORMAT else None  # the PDF's faces are digested as now
    shared: dict[tuple, str] = {}  # a back many cards share is drawn once here

    def digest(piece: Piece, drawer, w: float, h: float, b: float, shape: str) -> str:
        kept = drawn.digest(drawer, w, h, b, shape) if drawn and drawer is not None else None
        if kept is not None:
            return kept
        if not getattr(drawer, "shared", False):
            return digester.face(piece, drawer, w, h, b, shape)
        key = (id(drawer), w, h, b, shape)
        if key not in shared:
            shared[key] = digester.face(piece, drawer, w, h, b, shape)
        return shared[key]

    for sheet in kit.sheets:
        for p in sheet.pieces:
            back = p.back if sheet.duplex else None
            record.pieces.append(Printed(
                identity(p, where, root, seen), p.name, p.kind, sheet.title,
                digest(p, p.front, sheet.width, sheet.height, bleed, sheet.shape),
                digest(p, back, sheet.width, sheet.height, bleed, sheet.shape)))
    for board in kit.boards:
        piece = Piece("board", board.title, board.draw, source=board.source)
        record.pieces.append(Printed(
            f"board: {board.title}", board.title, "board", board.title,
            digester.face(piece, board.draw, board.width, board.height, 0.0), "blank"))
    if findings is not None:
        findings.extend(digester.findings)
    return record


def _read_file(path: Path, limit: int) -> bytes:
    """At most `limit` + 1 bytes of a regular file: a pipe, a device or a link to one (a
    record that is /dev/zero) would be read without end, so it is refused unread."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # (a FIFO opens at once)
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # (a folder is refused by fdopen)
            raise OSError(errno.EINVAL, "not a regular file: a pipe or a device")
        return f.read(limit + 1)


def is_record(path: Path) -> bool:
    """Whether a file is a print record pnp wrote (so the next build may replace it, even
    inside a game folder, where pnp replaces nothing else but PDFs)."""
    try:
        head = _read_file(path, 200)
    except OSError:
        return False
    return any(f'"format": "{_format_name(n)}"'.encode() in head for n in READ_FORMATS)


# what read_record expects, said of a record that is not so
RECORD_SHAPE = ('an object of "format", "game", "version", "bleed_mm" (a number), "ink_saver" '
                '(true or false) and "pieces", a list of objects each with '
                + ", ".join(f'"{name}"' for name in Printed.__dataclass_fields__))


def read_record(path: Path) -> Record:
    """A record written by an earlier build; a file that is not one is named by the path it
    was given by (--since /etc/passwd, not "passwd"), with why."""
    try:
        data = _read_file(path, MAX_RECORD_BYTES)
    except FileNotFoundError:
        raise PnpError(f"{path}: {NO_RECORD}") from None
    except OSError as exc:
        raise PnpError(f"{path}: cannot read this print record ({exc.strerror or exc})") from None
    given = str(path)  # (a Path would be named by its file's name alone: errors.where)
    if len(data) > MAX_RECORD_BYTES:
        raise DataError(f"too large for a print record (over {MAX_RECORD_BYTES >> 20} MB)", given)
    try:
        body = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise DataError(f"not a print record pnp wrote ({exc})", given) from None
    names = {_format_name(n): n for n in READ_FORMATS}
    said = body.get("format") if isinstance(body, dict) else None
    if isinstance(said, str) and said.startswith(FORMAT_NAME) and said not in names:
        raise DataError(f"a print record of a pnp newer than this one ({said!r}; this pnp "
                        f"reads formats {', '.join(map(str, READ_FORMATS))}): update pnp, or "
                        "build the whole kit once to start a new record", given)
    if said not in names:
        raise DataError(f"not a print record pnp wrote (no \"format\": "
                        f"\"{_format_name(FORMAT)}\")", given)
    try:
        pieces = [Printed(**{k: str(p[k]) for k in Printed.__dataclass_fields__})
                  for p in body["pieces"]]
        return Record(str(body["game"]), str(body["version"]), float(body["bleed_mm"]),
                      bool(body["ink_saver"]), pieces, names[body["format"]])
    except (KeyError, TypeError, ValueError):
        raise DataError(f"a malformed print record: expected {RECORD_SHAPE}", given) from None


@dataclass
class Changes:
    """How a kit differs from a record: pieces whose drawing changed (same identity), pieces
    added and pieces removed. A piece that only moved (a row inserted above it) draws the same
    and is none of these."""

    changed: list[Printed] = field(default_factory=list)
    added: list[Printed] = field(default_factory=list)
    removed: list[Printed] = field(default_factory=list)
    # a changed piece printed under another name than the one it replaces (its row's name
    # edited, or the row now holds another card): the old piece, which the playtester finds
    # by its name, not by its row
    in_place_of: dict[tuple[str, str], Printed] = field(default_factory=dict)

    @property
    def to_print(self) -> set[tuple[str, str]]:
        return {p.key for p in self.changed + self.added}

    def __bool__(self) -> bool:
        return bool(self.changed or self.added or self.removed)


def compare(old: Record, new: Record) -> Changes:
    """The pieces of `new` to print so that a deck printed from `old` becomes `new`'s. A piece
    is matched with its old self by identity first, then by drawing (a card that moved to
    another row is not reprinted); then by name and kind (a card that moved and changed);
    then by row (a card renamed in its row, or another card in a removed one's row: printed
    in place of the old piece); what is left is added, or (of the old deck) removed."""
    left = {p.key: p for p in old.pieces}
    unmatched = []
    for p in new.pieces:
        was = left.get(p.key)
        if was is not None and was.drawing == p.drawing:
            del left[p.key]
        else:
            unmatched.append(p)
    by_drawing = _index(left.values(), lambda p: p.drawing)
    changes = Changes()
    unnamed = []
    for p in unmatched:
        if _take(left, by_drawing.get(p.drawing)) is not None:
            continue  # moved: it prints as it did
        if p.key in left:
            del left[p.key]
            changes.changed.append(p)
        else:
            unnamed.append(p)
    # every match by name before any by row: a row's old card may have moved and changed
    by_name = _index(left.values(), lambda p: (p.name, p.kind))
    by_row = _index(left.values(), lambda p: p.id)
    rest = []
    for p in unnamed:
        if _take(left, by_name.get((p.name, p.kind))) is not None:
            changes.changed.append(p)
        else:
            rest.append(p)
    for p in rest:
        was = _take(left, by_row.get(p.id))
        if was is not None:
            changes.changed.append(p)
            changes.in_place_of[p.key] = was
        else:
            changes.added.append(p)
    changes.removed = list(left.values())
    return changes


def _index(pieces, by) -> dict:
    """The keys of `pieces` by `by` of each, for _take, the first last (taken first: of
    copies, the last one is the one left over)."""
    found: dict = {}
    for p in reversed(list(pieces)):
        found.setdefault(by(p), []).append(p.key)
    return found


def _take(left: dict[tuple[str, str], Printed], keys: list | None) -> Printed | None:
    """An old piece of `keys` still unmatched, taken out of `left` (a key matched by another
    way since the index was made is skipped)."""
    while keys:
        key = keys.pop()
        if key in left:
            return left.pop(key)
    return None


MAX_RECORDS_LOOKED_AT = 200  # a folder of thousands of files is not searched whole


def records_of(game: str, folders: list[Path]) -> list[Path]:
    """The print records of `game` among the `*.printed.json` files in these folders (not
    below them): where `build --changed` looks when the default record is missing, since
    `build --out kit.pdf` keeps its record beside that PDF (kit.printed.json)."""
    found: list[Path] = []
    looked = 0
    for folder in dict.fromkeys(folders):
        try:
            names = sorted(p for p in folder.glob("*.printed.json") if p.is_file())
        except OSError:
            continue
        for path in names:
            looked += 1
            if looked > MAX_RECORDS_LOOKED_AT:
                return found
            if not is_record(path):  # its first bytes say so: other JSON is never parsed
                continue
            try:
                if read_record(path).game == game:
                    found.append(path)
            except DataError:  # not a record, or a damaged one: not a candidate
                continue
    return found


def whole_kit_record(game: str, default: Path) -> Path:
    """The record `build --changed` compares with when no --since is given: `default`
    (output/<game>.printed.json) if it is there, else the one record of this game beside a PDF
    built with --out in the current folder or output/; several are an error naming them."""
    if default.exists():
        return default
    found = records_of(game, [Path("."), default.parent])
    if len(found) == 1:
        return found[0]
    if found:
        names = ", ".join(str(p) for p in found[:5])
        raise PnpError(f"{default}: no print record here, and {len(found)} other records of "
                       f"{game!r} ({names}): say which deck to compare with, --since FILE")
    raise PnpError(f"{default}: {NO_RECORD} (a kit built with --out keeps its record beside "
                   "that PDF: give it with --since FILE.printed.json)")
