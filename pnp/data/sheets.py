"""Rows of game data from any sheet a designer keeps: a CSV file, a sheet of an .xlsx or .ods
workbook (`cards.xlsx` is its first sheet, `cards.xlsx#Monsters` the sheet named Monsters;
formula cells give the values the spreadsheet last calculated), or a published Google Sheets CSV
link, fetched and cached in the game folder so the game still builds offline.

Every source gives the same thing: a Table of Records whose Source names the file (and sheet)
and the row as the spreadsheet shows it (the header is row 1)."""

from __future__ import annotations

import datetime as dt
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import DataError, Finding, Source, warning
from .meant import not_there
from .files import (MAX_FILE_BYTES, Record, a_folder, check_extent, composed, csv_rows, exact_whole, inside,
                    outside_header, read_rows)

WORKBOOKS = (".xlsx", ".xlsm", ".ods")
TEXT_TABLES = (".csv", ".tsv", ".txt")   # rows of cells as text: read as CSV
FETCH_TIMEOUT = 10.0


@dataclass
class Table:
    """The rows of one sheet or CSV file, with its header's columns."""

    name: str  # as findings name it: "cards.csv", "deck.xlsx [sheet Monsters]"
    columns: tuple[str, ...]
    rows: list[Record]
    notes: list[Finding] = field(default_factory=list)  # e.g. "built from the cached copy"
    defaulted: tuple[str, ...] = ()  # columns the component's `defaults` add (the last ones)

    def columns_said(self) -> str:
        """Its columns as a message lists them: the file's, then those its defaults add."""
        own = ", ".join(c for c in self.columns if c not in self.defaulted) or "none"
        return own + (f"; from defaults: {', '.join(self.defaulted)}" if self.defaulted else "")


# Card data may come from strangers: the only link pnp fetches is a published Google Sheet,
# over https, and it follows redirects only to Google's own hosts (which serve the CSV)
SHEETS_HOST = "docs.google.com"
REDIRECT_HOSTS = ("google.com", "googleusercontent.com")
LINK = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


def _https(url: str) -> tuple[str, str] | None:
    """(host, path) of a plain https link (no port, no user name), else None."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme != "https" or port is not None or parts.username is not None:
        return None
    return parts.hostname or "", parts.path


def _google_sheet(url: str) -> bool:
    found = _https(url)
    return found is not None and found[0] == SHEETS_HOST and found[1].startswith("/spreadsheets/")


def _google_host(url: str) -> bool:
    found = _https(url)
    return found is not None and any(found[0] == h or found[0].endswith("." + h)
                                     for h in REDIRECT_HOSTS)


def _fetch(url: str) -> bytes:
    """The body the link answers (at most MAX_FILE_BYTES + 1 bytes), following redirects only
    to Google's hosts over https."""
    import urllib.request

    class GoogleOnly(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, req, fp, code, msg, headers, newurl):
            if not _google_host(newurl):
                raise ValueError(f"the link redirects to {newurl[:80]}, which is not Google's")
            return super().redirect_request(req, fp, code, msg, headers, newurl)

    opener = urllib.request.build_opener(GoogleOnly)
    with opener.open(url, timeout=FETCH_TIMEOUT) as answer:
        return answer.read(MAX_FILE_BYTES + 1)


def read_table(root: Path, ref: str, where: Source, field_name: str,
               cache: str | None = None) -> Table:
    """The rows named by `ref` (a file in the game folder, `file#sheet`, or a link)."""
    ref = str(ref).strip()
    if LINK.match(ref):
        if not _google_sheet(ref):
            raise DataError(f"{ref[:80]!r}: the only links pnp fetches are published Google "
                            "Sheets, https://docs.google.com/spreadsheets/... (File > Share > "
                            "Publish to web, as CSV); save other data as a file in the game "
                            "folder and name that", where.path, where.row, field_name)
        return _linked(root, ref, cache or _cache_name(ref), where, field_name)
    name, _, sheet = ref.partition("#")
    path = inside(root, name, where, field_name)
    if not path.is_file():  # named where it is asked for: the setting holds the typo
        missing = a_folder(root, name, path, "data file", "a CSV file or a spreadsheet",
                           TEXT_TABLES + WORKBOOKS) if path.is_dir() else \
            f"file {name!r} {not_there(root, path, name)}"
        raise DataError(missing, where.path, where.row, field_name)
    if path.suffix.lower() in WORKBOOKS:
        return _workbook(path, sheet or None, where, field_name)
    if path.suffix.lower() not in TEXT_TABLES:     # game.toml read as CSV had a column "[game]"
        raise DataError(f"{name!r} is not a table of rows: name a CSV file or a spreadsheet "
                        f"({', '.join(('.csv',) + WORKBOOKS)})", where.path, where.row,
                        field_name)
    if sheet:
        raise DataError(f"{name!r} is not a workbook; '#{sheet}' names a sheet of an .xlsx or "
                        ".ods file", where.path, where.row, field_name)
    return _csv(path)


def _csv(path: Path) -> Table:
    header, rows = read_rows(csv_rows(path), path)
    return Table(path.name, tuple(header), rows)


def cell_value(value: Any) -> Any:
    """A spreadsheet cell as data: whole numbers as int (a huge one stays a float, exact_whole),
    dates as ISO text, blanks as ''."""
    if isinstance(value, bool) or value is None:
        return "" if value is None else value
    if exact_whole(value):
        return int(value)
    if isinstance(value, (dt.datetime, dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return str(value)
    return composed(value) if isinstance(value, str) else value


def _workbook(path: Path, sheet: str | None, where: Source, field_name: str) -> Table:
    """A sheet's rows, its extent bounded before calamine builds it in memory (sheetcells.py)."""
    from python_calamine import CalamineWorkbook

    from .sheetcells import BookError, scan_book

    if path.stat().st_size > MAX_FILE_BYTES:
        raise DataError(f"file is over {MAX_FILE_BYTES // 1024 // 1024} MB", path)
    try:
        scans = scan_book(path)
    except BookError as exc:
        raise DataError(f"cannot read the workbook: {exc}", path) from None
    for name, found in scans.items():  # (calamine reads an .ods file's every sheet at once)
        check_extent(found.rows, found.columns, found.rows * found.columns,
                     Path(sheet_label(path, name)), "sheet")
    try:
        book = CalamineWorkbook.from_path(str(path))
    except Exception as exc:  # calamine raises its own error types for every broken file
        raise DataError(f"cannot read the workbook ({exc.__class__.__name__}: {exc})",
                        path) from None
    names = book.sheet_names
    if not names:
        raise DataError("the workbook has no sheets", path)
    if sheet is None:
        sheet = names[0]
    elif sheet not in names:
        raise DataError(f"{path.name} has no sheet {sheet!r}; its sheets are: "
                        f"{', '.join(names)}", where.path, where.row, field_name)
    label = Path(sheet_label(path, sheet))
    if sheet not in scans:
        raise DataError("cannot read the sheet's cells (the workbook does not list it)", label)
    try:
        grid = book.get_sheet_by_name(sheet).to_python(skip_empty_area=False)
    except Exception as exc:
        raise DataError(f"cannot read the sheet ({exc.__class__.__name__}: {exc})",
                        label) from None
    if not grid:
        raise DataError("sheet is empty; it needs a header row", label)
    unusable = scans[sheet].unusable
    _refuse_unusable_header(unusable, label)
    header, rows = read_rows([[cell_value(v) for v in row] for row in grid], label, sheet=True)
    _refuse_unusable_cells(unusable, label, header)
    return Table(label.name, tuple(header), rows)


def _refuse_unusable_header(unusable: list[tuple[int, int, str]], label: Path) -> None:
    """A header cell that reads as blank would be "a column has no name": say why it is blank
    (its formula), naming the cell, before the header is read."""
    from .sheetcells import column_letters

    for row, col, what in unusable:
        if row == 1:
            raise DataError(f"the cell {column_letters(col)}1 {what}", label, 1)


def _refuse_unusable_cells(unusable: list[tuple[int, int, str]], label: Path,
                           header: list[str]) -> None:
    """An error cell or a never-calculated formula reads as blank: refuse it rather than print
    an empty field. Right of the header's columns it is refused as a value there is (a blank
    there passes unseen)."""
    bad = [(row, col, what) for row, col, what in unusable if row > 1]
    if bad:
        row, col, what = bad[0]
        if col >= len(header):
            raise outside_header(col, len(header), label, row)
        more = f" (and {len(bad) - 1} more cell(s) like it)" if len(bad) > 1 else ""
        raise DataError(f"the cell {what}{more}", label, row, header[col])


def _stamped(stamp: Path, url: str) -> bool:
    """Does the stamp say pnp fetched this link? Only a plain file counts: a link the game ships
    would be read (and later written) where it leads, a pipe would wait for ever."""
    import stat

    try:
        if not stat.S_ISREG(os.lstat(stamp).st_mode):
            return False
        with open(stamp, "rb") as fh:
            return fh.read(len(url.encode("utf-8")) + 3).decode("utf-8").strip() == url
    except (OSError, UnicodeDecodeError):
        return False


def _replace(path: Path, text: str) -> None:
    """Write `text` to `path` in one step, replacing whatever has that name (a link included,
    not what it leads to)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".fetch-", suffix=".part")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _cache_name(url: str) -> str:
    slug = re.sub(r"[^A-Za-z0-9]+", "-", url.split("://", 1)[1])[-60:].strip("-")
    return f"sheet-cache/{slug}.csv"


def _linked(root: Path, url: str, cache_ref: str, where: Source, field_name: str) -> Table:
    """Fetch a published sheet's CSV; keep the last good copy in the game folder. The copy
    replaces only a file pnp fetched from this link (a stamp beside it says so): `cache =
    "cards.csv"` or "game.toml" by mistake must not lose the designer's own file."""
    import urllib.error

    if not cache_ref.strip().lower().endswith(".csv"):
        raise DataError(f"{cache_ref[:60]!r}: the cached copy of a published sheet is a .csv "
                        "file pnp writes (such as sheet-cache/cards.csv)", where.path, where.row,
                        "cache")
    cache = inside(root, cache_ref, where, "cache")
    stamp = cache.with_name(f".{cache.name}.link")
    if cache.exists() and not _stamped(stamp, url):
        raise DataError(f"{cache_ref[:60]!r} is not the cached copy of this link (pnp replaces "
                        "only the copy it fetched): name a new file as the cache, or delete "
                        "this one", where.path, where.row, "cache")
    notes = []
    try:
        data = _fetch(url)
        if len(data) > MAX_FILE_BYTES:
            raise ValueError("the sheet is over 20 MB")
        text = data.decode("utf-8-sig")
        if text.lstrip().lower().startswith(("<!doctype html", "<html")):
            raise ValueError("the link gives a web page, not CSV (publish the sheet to the "
                             "web as CSV and use that link)")
        cache.parent.mkdir(parents=True, exist_ok=True)
        _replace(cache, text)
        _replace(stamp, url + "\n")
    except (urllib.error.URLError, OSError, ValueError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "reason", None) or exc
        if not cache.is_file():
            raise DataError(f"cannot fetch {url} ({reason}) and there is no cached copy "
                            f"({cache_ref}) yet; connect to the internet once, or download the "
                            "sheet as CSV into the game folder and name that file instead",
                            where.path, where.row, field_name) from None
        notes.append(warning(f"cannot fetch {url} ({reason}); built from the cached copy "
                             f"{cache_ref}", where, field_name))
    table = _csv(cache)
    table.notes.extend(notes)
    return table


def sheet_label(path: Path | str, sheet: str) -> str:
    """A workbook sheet as findings name it: "deck.xlsx [sheet Monsters]"."""
    return f"{path} [sheet {sheet}]"


_SHEET_NAMED = re.compile(r"^(.+?)(?: \[sheet (.+)\]|#(.+))$")


def workbook_sheet(name: str) -> tuple[str, str | None]:
    """A data file's name and its sheet, from the way findings name a sheet ("deck.xlsx [sheet
    Monsters]") or game.toml's data does (deck.xlsx#Monsters); no sheet for any other file."""
    m = _SHEET_NAMED.match(name)
    if m is None or not m.group(1).lower().endswith(WORKBOOKS):
        return name, None
    return m.group(1), m.group(2) or m.group(3)


def as_data(name: str) -> str:
    """A data file as game.toml's data names it, a workbook's sheet after a # (deck.xlsx#Monsters),
    which --card and --only take back."""
    file, sheet = workbook_sheet(name)
    return f"{file}#{sheet}" if sheet else file
