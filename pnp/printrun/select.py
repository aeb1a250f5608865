"""A part of a kit to print: the pieces that changed since a record, or the rows asked for by
name (`--only cards.csv:3-7`), on sheets of their own with their backs and a first page saying
what they are."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..data.sheets import as_data, workbook_sheet
from ..errors import PnpError
from ..kit import Kit, by_name
from .changelist import ChangeList
from .record import Changes, Printed, Record, compare


def part_of(kit: Kit, printed: Record, keep: set[tuple[str, str]], cover: ChangeList) -> Kit:
    """The kit with only the pieces whose record key is in `keep` (`printed` lists the kit's
    pieces in order: sheets, then boards); no booklet, and `cover` as its first pages."""
    entries = iter(printed.pieces)
    sheets = []
    for sheet in kit.sheets:
        chosen = tuple(p for p in sheet.pieces if next(entries).key in keep)
        if chosen:
            sheets.append(replace(sheet, pieces=chosen))
    boards = [b for b in kit.boards if next(entries).key in keep]
    return Kit(kit.title, sheets, boards, None, cover)


def changed_part(kit: Kit, printed: Record, old: Record, since: Path) -> tuple[Kit, Changes]:
    """What to print so that a deck printed from `old` becomes this kit, and the changes."""
    changes = compare(old, printed)
    settings = []
    if old.bleed_mm != printed.bleed_mm:
        settings.append(f"{old.bleed_mm:g} mm bleed then, {printed.bleed_mm:g} mm now")
    if old.ink_saver != printed.ink_saver:
        settings.append("ink saver " + ("on then, off now" if old.ink_saver else
                                        "off then, on now"))
    said = f" (the print settings differ: {'; '.join(settings)})" if settings else ""
    cover = ChangeList(
        f"{kit.title}: what changed",
        f"Since the print recorded in {since.name}"
        + (f" (version {old.version})" if old.version else "")
        + (f", now version {printed.version}" if printed.version != old.version else "")
        + said + ". Tick each piece off as you swap it.",  # (cards, tokens, boards)
        [("Replace these pieces (reprinted here)", changes.changed),
         ("New pieces (printed here)", changes.added),
         ("Take these pieces out of the kit", changes.removed)], changes.in_place_of)
    return part_of(kit, printed, changes.to_print, cover), changes


def only_part(kit: Kit, printed: Record, spec: str) -> tuple[Kit, list[Printed]]:
    """The pieces `spec` names: FILE:ROW or FILE:FIRST-LAST (data rows as validation and
    `pnp preview --card` name them), FILE alone, or a piece's or board's name or the start of
    one (kit.by_name, as `pnp preview --card` takes it)."""
    chosen = ([p for p in printed.pieces if _in_rows(p, spec)]
              or by_name(printed.pieces, spec, lambda p: p.name, "--only"))
    if not chosen:
        rows = list(dict.fromkeys(_typed(p.id.split(" #")[0]) for p in printed.pieces))
        raise PnpError(f"--only {spec!r} names no piece; try one of: {', '.join(rows[:12])}"
                       + (" ..." if len(rows) > 12 else ""))
    cover = ChangeList(f"{kit.title}: {spec}", "The pieces asked for with --only, printed "
                       "with their backs.", [("Printed here", chosen)])
    return part_of(kit, printed, {p.key for p in chosen}, cover), chosen


def _in_rows(p: Printed, spec: str) -> bool:
    """Whether the piece comes from the rows (FILE:ROW, FILE:FIRST-LAST) or file `spec` names."""
    spec = spec.strip()
    where = p.id.split(" #")[0]
    file, colon, row = where.rpartition(":")
    if not colon or not row.isdigit():
        return False
    want_file, colon, rows = spec.rpartition(":")
    if not colon:  # FILE alone: every row of it
        return _same_file(file, spec)
    first, dash, last = rows.partition("-")
    try:
        low, high = int(first), int(last if dash else first)
    except ValueError:
        return False
    return _same_file(file, want_file) and low <= int(row) <= high


def _typed(row_id: str) -> str:
    """A recorded row (deck.xlsx [sheet Monsters]:3) as --only takes it (deck.xlsx#Monsters:3)."""
    file, colon, row = row_id.rpartition(":")
    return f"{as_data(file)}:{row}" if colon else row_id


def _same_file(recorded: str, typed: str) -> bool:
    """cards.csv names the game's cards.csv; a path with folders must end with the same; a
    workbook names each of its sheets, deck.xlsx#Monsters one."""
    recorded, its_sheet = workbook_sheet(recorded)
    typed, sheet = workbook_sheet(typed)
    if sheet is not None and sheet != its_sheet:
        return False
    typed_parts, recorded_parts = Path(typed).parts, Path(recorded).parts
    return bool(typed_parts) and recorded_parts[-len(typed_parts):] == typed_parts
