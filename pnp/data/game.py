"""A game folder (card_data/<game>/): finding it, and reading its game.toml and data files."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..errors import DataError, Finding, Source, UnreadableFile, did_you_mean, error
from ..output import slug
from ..resources import shipped
from ..units import CARD_PRESETS, size, width_by_height
from .meant import not_there
from .files import Column, Record, inside, is_file, read_csv, read_toml
from .tables import COMMON, no_table
from .variants import Variant, apply_variant, override_elements

GAME_FILE = "game.toml"


def game_roots(cwd: Path | None = None) -> list[Path]:
    """Where games are looked up by name: ./card_data, then the copy shipped with pnp."""
    roots = [Path(cwd or Path.cwd()) / "card_data", shipped("card_data")]
    unique: list[Path] = []
    for r in roots:
        if r.is_dir() and r.resolve() not in [u.resolve() for u in unique]:
            unique.append(r)
    return unique


def list_games(cwd: Path | None = None) -> dict[str, Path]:
    games: dict[str, Path] = {}
    for root in game_roots(cwd):
        for folder in sorted(root.iterdir()):
            if (folder / GAME_FILE).is_file() and folder.name not in games:
                games[folder.name] = folder
    return games


def find_game(name_or_path: str, cwd: Path | None = None) -> Path:
    """A game name (card_data/<name>, here or shipped) or a path to a game folder."""
    candidate = Path(name_or_path).expanduser()
    looks_like_path = any(sep in name_or_path for sep in ("/", "\\")) or name_or_path in (".", "..")
    if (looks_like_path or candidate.suffix) and candidate.is_file():   # game.toml, cards.csv:
        folder = str(candidate.parent) if candidate.parent.parts else "."  # their folder meant
        if (candidate.parent / GAME_FILE).is_file():
            raise DataError(f"{name_or_path!r} is a file: give the game's folder, {folder!r}")
        raise DataError(f"{name_or_path!r} is a file: give a game's folder (one holding "
                        f"{GAME_FILE})")
    if looks_like_path or (candidate.is_dir() and (candidate / GAME_FILE).is_file()):
        if not candidate.is_dir():
            raise DataError(f"game folder {name_or_path!r} does not exist")
        if not (candidate / GAME_FILE).is_file():
            raise DataError(f"{name_or_path!r} is not a game folder: it has no {GAME_FILE}")
        return candidate.resolve()  # "." and ".." have no name to print or name a PDF by
    games = list_games(cwd)
    if name_or_path in games:
        return games[name_or_path]
    known = ", ".join(sorted(games)) or "none"
    raise DataError(f"unknown game {name_or_path!r}{did_you_mean(name_or_path, sorted(games))} "
                    f"(known games: {known}; or give a path to a game folder)")


_KIND_WORDS = {int: "a whole number", float: "a number", str: "a text", bool: "true or false",
               list: "a list", dict: "a table"}


def _kind_words(kinds: tuple) -> str:
    """(int,) -> "a whole number"; (int, float) -> "a number" (not "a int or float")."""
    if int in kinds and float in kinds:
        kinds = tuple(k for k in kinds if k is not int)
    return " or ".join(_KIND_WORDS.get(k, f"a {k.__name__}") for k in kinds)


@dataclass
class GameFolder:
    """A game's folder and its game.toml, read once; the data problems found while loading."""

    path: Path
    config: dict[str, Any]
    # Data errors found while loading (one per bad cell, row or file), so one run names them
    # all; a kit is only drawn when this stays empty (see pnp/project.py).
    problems: list[Finding] = field(default_factory=list)
    variant: Variant | None = None  # the [variants.<name>] applied to config
    written: dict[str, Any] = field(default_factory=dict)  # game.toml as written, every variant
    # data files that could not be read at all, each with the error saying why
    unread: dict[Path, Finding] = field(default_factory=dict)
    rows_kept: set[Finding] = field(default_factory=set)  # errors whose rows are drawn
    # the variants not chosen: game.toml with each applied, and its overrides, by name (their
    # layout files are compiled with the chosen one's, to be checked: faces/components.py)
    others: dict[str, tuple[dict[str, Any], Variant]] = field(default_factory=dict)
    # the layouts only those use, compiled and never drawn: what needs the fonts to check
    # (a leading under their letters) is checked of them when the kit is (faces/draw.py)
    unchosen: list[Any] = field(default_factory=list)

    @classmethod
    def open(cls, path: Path, variant: str | None = None) -> "GameFolder":
        folder = cls.read(path)
        folder.choose(variant)
        return folder

    @classmethod
    def read(cls, path: Path) -> "GameFolder":
        """The folder with its game.toml as written, no variant chosen nor checked yet."""
        config = read_toml(inside(path, GAME_FILE, Source(path / GAME_FILE)))
        folder = cls(path, config, written=config)
        folder.section("game")  # must exist
        return folder

    def choose(self, variant: str | None) -> None:
        """Check every variant's overlay (a mistake in one is said though another is built)
        and apply `variant`'s, if one is chosen."""
        table = self.written.get("variants")
        names = list(table) if isinstance(table, dict) else []
        for name in names + ([variant] if variant is not None and variant not in names else []):
            applied = self._variant(name)
            if name == variant:
                self.config, self.variant = applied
            else:
                self.others[name] = applied
                self._read_tables(name, applied[1])  # (the chosen one's are read as built)

    def _read_tables(self, name: str, variant: Variant) -> None:
        """Each table a variant not chosen reads in place of another read, as its build would:
        a malformed players-bw.csv is said on a plain validate, not first by --variant bw."""
        from .sheets import TEXT_TABLES, WORKBOOKS, read_table

        for ref, other in variant.files.items():
            if "://" not in other and Path(ref).suffix.lower() in TEXT_TABLES + WORKBOOKS:
                read_table(self.path, other, Source(self.toml_path),
                           f"variants.{name}.files.{ref}")

    def _variant(self, name: str) -> tuple[dict[str, Any], Variant]:
        """game.toml with [variants.<name>] applied, and the variant; each file it names must
        be in the game folder and each element it changes in its layout file."""
        from .layouts.spec import load_spec

        config, variant = apply_variant(self.written, name, self.toml_path)
        for ref, elements in variant.elements.items():
            where = f"variants.{name}.elements.{ref}"
            self._variant_file(ref, where, f"the layout file it changes, {ref!r},", ".toml")
            try:
                spec = load_spec(self.path, ref, Source(self.toml_path), where)
            except DataError:
                continue  # (a mistake of the layout file's own is said where a face reads it)
            override_elements(spec, elements, self.toml_path, where)
        for ref, other in variant.files.items():
            where = f"variants.{name}.files.{ref}"
            read, said = other.split("#")[0], f"[variants.{name}.files] reads {other!r} in " \
                f"place of {ref!r}, but"
            self._variant_file(ref, where, f"{said} {ref!r}", not_meant=read)
            if "://" not in other:  # (a published sheet's link is read when used)
                self._variant_file(read, where, f"{said} {read!r}", not_meant=ref)
        return config, variant

    def _variant_file(self, name: str, where: str, said: str, suffix: str = "",
                      not_meant: str | None = None) -> None:
        """A file a variant names, which must be in the game folder: "player.csv" for
        "players.csv" would leave the file it means read as it is. `said`: what names it, the
        file last (the message goes on "is not in the game folder"). The close names: the
        files ending in `suffix` in the folder and its folders (layouts/), by their path, but
        game.toml and `not_meant` (the other file of the pair: a missing players-bw.csv is
        not the players.csv it replaces)."""
        path = inside(self.path, name, Source(self.toml_path), where)
        if path.is_dir():
            raise DataError(f"{said} is a folder, not a file", self.toml_path, field=where)
        if not is_file(path):
            found = [*self.path.glob(f"*{suffix}"), *self.path.glob(f"*/*{suffix}")]
            skip = {self.toml_path} | ({(self.path / not_meant).resolve()} if not_meant else set())
            known = sorted(p.relative_to(self.path).as_posix() for p in found
                           if p.is_file() and p not in skip and p.resolve() not in skip)
            raise DataError(f"{said} is not in the game folder"
                            f"{did_you_mean(name, known)}", self.toml_path, field=where)

    @property
    def toml_path(self) -> Path:
        return self.path / GAME_FILE

    @property
    def slug(self) -> str:
        """The name outputs are called by: the folder's own name (`--game .` names the folder
        you stand in), or the title when that name is empty or hidden."""
        name = self.path.resolve().name
        if name and not name.startswith("."):
            return name
        title = self.config.get("game", {}).get("title") if isinstance(
            self.config.get("game"), dict) else None
        return slug(str(title or ""), "game")

    def section(self, name: str, required: bool = True) -> dict[str, Any]:
        value = self.config.get(name)
        if value is None:
            if required:
                self._misspelt(name)
                raise DataError(f"missing section [{name}]", self.toml_path)
            return {}
        if not isinstance(value, dict):
            raise DataError(f"[{name}] must be a table", self.toml_path)
        return value

    def _misspelt(self, name: str) -> None:
        """A table written under a close name of the missing table `name` ([gmae] for [game])
        is the mistake to name, not the table missing, with the tables game.toml takes as
        check_tables says them: pnp's own and `name` (the engine, named in [game], may be
        unknown yet, and with it the tables of its own)."""
        for written in self.written:
            hint = did_you_mean(written, [name])
            if hint:
                raise no_table(written, hint, {*COMMON, name}, self.toml_path)

    def get(self, section: str, key: str, kind: type | tuple = str, default: Any = ...) -> Any:
        """A setting from game.toml, type-checked, naming [section] key on error."""
        table = self.section(section, required=default is ...)
        if key not in table:
            if default is ...:
                raise DataError(f"missing setting {key!r} in [{section}]", self.toml_path)
            return default
        value = table[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds:
            ok = False
        else:
            ok = isinstance(value, kinds)
        if not ok:
            raise DataError(f"[{section}] {key} must be {_kind_words(kinds)}, got {value!r}",
                            self.toml_path, field=f"{section}.{key}")
        return value

    def length(self, section: str, key: str, default: Any = ...) -> float:
        """A size setting (card width, board height, token diameter): positive, finite."""
        value = self.get(section, key, (str, int, float), default)
        return size(value, self.toml_path, field=f"{section}.{key}")

    def card_size(self, section: str = "card") -> tuple[float, float]:
        """[card] size = "poker" (or bridge, mini, tarot, square), or width/height."""
        return rect_size(self.section(section), self.toml_path, section, "card")

    def file(self, relative: str, source: Source | None = None, field: str | None = None) -> Path:
        relative = self.read_as(relative)
        path = inside(self.path, relative, source or Source(self.toml_path), field)
        if not is_file(path):
            where = source or Source(self.toml_path)
            missing = "is a folder, not a file" if path.is_dir() else \
                not_there(self.path, path, relative)
            raise DataError(f"file {relative!r} {missing}", where.path, where.row, field)
        return path

    def csv(self, name: str, columns: Iterable[Column]) -> list[Record]:
        return read_csv(self._own(name), columns)

    def note(self, exc: DataError, row_kept: bool = False) -> None:
        """Keep a data error as a finding and go on loading; `row_kept`: its row is kept all
        the same (a missing picture: a forced build draws a placeholder for it)."""
        self.problems.append(finding(exc))
        if row_kept:
            self.rows_kept.add(self.problems[-1])
        if isinstance(exc, UnreadableFile) and exc.path is not None:
            self.unread.setdefault(Path(exc.path), self.problems[-1])

    def blocking_errors(self) -> list[Finding]:
        """The errors of the data that leave the game unplayable and undrawable (a bad cell, a
        missing row); not a row's missing picture, which keeps its row."""
        return [f for f in self.problems if f.level == "error" and f not in self.rows_kept]

    def keep(self, read, *args, **kwargs):
        """read(*args): its value, or None after noting the DataError it raised."""
        try:
            return read(*args, **kwargs)
        except DataError as exc:
            self.note(exc)
            return None

    def rows(self, name: str, columns: Iterable[Column]) -> list[Record]:
        """The rows of a CSV that read cleanly; every bad cell (and an unreadable file) is noted
        and its row left out, so validation goes on and reports the rest."""
        try:
            return read_csv(self._own(name), columns, errors=self.note)
        except DataError as exc:
            self.note(exc)
            return []

    def each(self, name: str, columns: Iterable[Column], make) -> list:
        """make(record) for every clean row of a CSV; a row it refuses (DataError, e.g. an
        unknown name) is noted and left out too, so one run names every bad row."""
        out = []
        for r in self.rows(name, columns):
            item = self.keep(make, r)
            if item is not None:
                out.append(item)
        return out

    def toml(self, name: str) -> dict[str, Any]:
        return read_toml(self._own(name))

    def read_as(self, name: str) -> str:
        """The file read for `name`: the chosen variant's own, if it names one."""
        return self.variant.files.get(name, name) if self.variant else name

    def _own(self, name: str) -> Path:
        """A data file the game always reads (cards.csv): its problems are its own, not
        game.toml's."""
        return self.file(name, Source(self.path / self.read_as(name)))


def finding(exc: DataError) -> Finding:
    """A DataError as a finding naming the same file, row and field."""
    return error(exc.message, Source(Path(exc.path), exc.row) if exc.path is not None else None,
                 exc.field)


def rect_size(table: dict, path: Path, where: str, kind: str) -> tuple[float, float]:
    """A card's or a rectangular piece's size from its table of game.toml: size = "poker" (a
    card size's name), "63x88mm" or "30mm" (a square), or width and height; both ways at once
    refused, and a bare number (_bare_number)."""
    if "size" in table:
        sides = [k for k in ("width", "height") if k in table]
        if sides:  # size = "poker" with width = "40mm" printed poker cards, saying nothing
            shown = f'"{table["size"]}"' if isinstance(table["size"], str) else table["size"]
            raise DataError(f"give size, or width and height, not both (size = {shown} and "
                            f"{', '.join(sides)})", path, field=f"{where}.size")
        preset = table["size"]
        if isinstance(preset, str) and preset in CARD_PRESETS:
            pw, ph = CARD_PRESETS[preset]
            return size(pw), size(ph)
        by = width_by_height(preset) if isinstance(preset, str) else None
        if by is not None:  # "63x88mm", as --paper takes a size
            return (size(by[0], path, field=f"{where}.size"),
                    size(by[1], path, field=f"{where}.size"))
        _bare_number(preset, path, where)
        try:
            s = size(preset, path, field=f"{where}.size")
        except DataError as exc:  # "pokr": say which names there are, too
            close = did_you_mean(preset, CARD_PRESETS) if isinstance(preset, str) else ""
            raise DataError(f"{exc.message}{close}; or width x height (\"63x88mm\"), or a card "
                            f"size: {', '.join(CARD_PRESETS)}",
                            path, field=f"{where}.size") from None
        return s, s
    if "width" not in table or "height" not in table:
        raise DataError(f"{kind} needs a size: size = \"poker\" (bridge, mini, tarot, square), "
                        "width and height, or diameter (round tokens)", path, field=where)
    return (size(table["width"], path, field=f"{where}.width"),
            size(table["height"], path, field=f"{where}.height"))


def _bare_number(preset: Any, path: Path, where: str) -> None:
    """Refuse size = 63: one number with no unit made a 63 x 63 mm card without a word, when
    most who write it forgot the height; a square is said as "63x63mm" (or "63mm")."""
    number = preset if isinstance(preset, (int, float)) and not isinstance(preset, bool) else None
    if isinstance(preset, str):
        try:
            number = float(preset)
        except ValueError:
            return
    if number is None or not math.isfinite(number):  # ("nan": size() says it is no length)
        return
    shown = f'"{preset}"' if isinstance(preset, str) else f"{preset}"
    raise DataError(f"size = {shown} is one number with no unit, not a size: write width x height "
                    f"(\"63x88mm\"), a card size's name ({', '.join(CARD_PRESETS)}), or width and "
                    f"height; a square is \"{number:g}x{number:g}mm\"", path, field=f"{where}.size")
