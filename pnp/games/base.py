"""What every game shares: its metadata, palette, rulings and booklet, read from game.toml and
rulings.toml. (What a game's own kit module provides is described in pnp/games/registry.py.)
Loading stays free of the drawing library: colours are plain values and font files are only
checked here; reportlab registers them when the kit is drawn."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, TypeVar

from ..data.colours import Colour, parse_colour
from ..data.files import Column, Record, inside
from ..data.fontfile import ROLES, check_font
from ..data.otf import FONT_SUFFIXES, installed_font
from ..data.game import GameFolder
from ..errors import DataError, DataErrors, Source, did_you_mean
from ..resources import shipped
from ..templating import TemplateSource
from .rulings import NONE, Enforced, Ruling, for_booklet, load_rulings, require

T = TypeVar("T")


@dataclass(frozen=True)
class Common:
    """What every game's data holds: game.toml's [game] texts, palette and fonts; its rulings."""

    folder: GameFolder
    title: str
    engine: str
    designer: str
    players: str
    ages: str
    duration: str
    version: str
    credits: str
    palette: dict[str, Colour]
    rulings: tuple[Ruling, ...]
    fonts: dict[str, Path]

    def colour(self, name: str) -> Colour:
        return self.palette[name]

    def cell_colour(self, record: Record, field: str) -> Colour:
        """The record's `field`, a colour: a palette name or a hex text."""
        return parse_colour(record[field], self.palette, record.source.path, record.source.row,
                            field)


@dataclass(frozen=True, kw_only=True)
class GameModel:
    """What every shipped game's model holds beside its own rows and numbers: game.toml's
    common part, the card and board sizes, and its faces' layout files (compiled, by face) with
    the names they may read besides a row. A game's Model extends it with its own fields."""

    common: Common
    card_size: tuple[float, float]
    board_size: tuple[float, float]
    layouts: dict[str, Any] = field(default_factory=dict)
    layout_names: dict[str, Any] = field(default_factory=dict)


def known(record: Record, field: str, allowed, what: str) -> str:
    """The record's `field`, which must be one of `allowed` (the names the rules know: an
    element, a side, an attack type); a data error naming the row and field otherwise."""
    value = record[field]
    if value not in allowed:
        raise DataError(f"unknown {what} {value!r}; use one of: {', '.join(allowed)}",
                        record.source.path, record.source.row, field)
    return value


def whole_number(folder: GameFolder, section: str, key: str, low: int, high: int,
                 default: Any = ...) -> int:
    """game.toml's [section] key, a whole number from low to high (default: it must be there)."""
    value = folder.get(section, key, int, default=default)
    if not low <= value <= high:
        raise DataError(f"[{section}] {key} must be {low} to {high}, got {value}",
                        folder.toml_path, field=f"{section}.{key}")
    return value


def setting(folder: GameFolder, section: str, key: str, low: int, high: int,
            default: Any = ..., fallback: int | None = None) -> int:
    """whole_number, or when it is wrong (noted in folder.problems) `fallback` (else `default`)
    in its place, so loading goes on and names every problem."""
    value = folder.keep(whole_number, folder, section, key, low, high, default)
    if value is not None:
        return value
    return fallback if fallback is not None else default


def borrowed_from(source: Source, fields: dict[str, str]) -> dict[str, tuple[Source, str]]:
    """The face's columns (keys) that are another file's row's fields (values): a problem with
    an element that reads only those is named at that row (a player's name in players.csv)."""
    return {column: (source, field) for column, field in fields.items()}


def layout_constants(common: Common) -> dict[str, Any]:
    """What every layout expression of a game may name besides its row: the palette's colours
    (each by name, and as `palette`) and `game` (title, designer, players, ...)."""
    from ..templating import plain

    game = plain({k: getattr(common, k) for k in ("title", "designer", "players", "ages",
                                                   "duration", "version", "credits")})
    palette = {k: "#" + v.hexval()[2:] for k, v in common.palette.items()}
    return {**palette, "palette": palette, "game": game}


def load_layouts(folder: GameFolder, common: Common, faces: dict[str, tuple[str, ...]],
                 constants: dict[str, Any]) -> dict[str, Any]:
    """Each face's layout file (chosen under [layouts] in game.toml, else layouts/<face>.toml
    with `_` as `-`), read and checked once against the columns its row offers (`faces`): a
    mistake in one is a data error naming the layout file and the element's property. Their
    expressions may also name `constants` (layout_constants and the game's own)."""
    from ..data.layouts.compiled import Env
    from ..faces.components import Compiler, note_fixed_images
    from ..units import MM

    chosen = folder.section("layouts", required=False)
    for key in chosen:
        if key not in faces:
            raise DataError(f"[layouts] has no face {key!r}{did_you_mean(key, faces)}; it "
                            f"takes: {', '.join(faces)}",
                            folder.toml_path, field=f"layouts.{key}")
    compiler = Compiler(folder, Env(folder.path, common.palette, 3 * MM), common.palette)
    layouts = {}
    for face, columns in faces.items():
        default = f"layouts/{face.replace('_', '-')}.toml"
        ref = chosen.get(face, default)
        if not isinstance(ref, str):
            raise DataError(f"a layout is a file name such as \"layouts/{face}.toml\"",
                            folder.toml_path, field=f"layouts.{face}")
        layouts[face] = compiler.layout(ref, columns, constants, Source(folder.toml_path),
                                        f"layouts.{face}")
        note_fixed_images(layouts[face], compiler)  # once, not on each card it draws

        def theirs(config: dict[str, Any], variant, face: str = face,
                   default: str = default) -> tuple[Any, str, dict]:
            own, written = config.get("layouts"), folder.written.get("layouts")
            other = own.get(face, default) if isinstance(own, dict) else default
            base = written.get(face, default) if isinstance(written, dict) else default
            return other, (f"variants.{variant.name}.layouts.{face}" if other != base
                           else f"layouts.{face}"), constants

        compiler.in_variants(ref, columns, theirs)  # (the variants not chosen)
    return layouts


def load_common(folder: GameFolder) -> Common:
    palette, wrong = {}, []
    for key, value in folder.section("palette", required=False).items():
        try:  # (each bad colour said, not only the first)
            if not isinstance(value, str):
                raise DataError(f"[palette] {key} must be a colour text like \"#aa3311\"",
                                folder.toml_path, field=f"palette.{key}")
            palette[key.lower()] = parse_colour(value, None, folder.toml_path,
                                                field=f"palette.{key}")
        except DataError as exc:
            wrong.append(exc)
    if wrong:
        raise DataErrors(wrong)
    fonts = {}
    for role, rel in folder.section("fonts", required=False).items():
        if role not in ROLES:
            raise DataError(f"unknown font role {role!r}{did_you_mean(role, ROLES)}; use one "
                            f"of {', '.join(ROLES)}",
                            folder.toml_path, field=f"fonts.{role}")
        if not isinstance(rel, str) or not rel.strip():
            raise DataError(f"a font is a file in the game folder (\"fonts/Lora.ttf\") or an "
                            f"installed font's name (\"Noto Serif\"), not {rel!r}",
                            folder.toml_path, field=f"fonts.{role}")
        if not rel.lower().endswith(FONT_SUFFIXES) and not any(c in rel for c in "/\\"):
            # a font installed on this computer; a name with a slash is a path, checked as one
            fonts[role] = installed_font(str(rel), folder.toml_path, f"fonts.{role}")
        else:
            fonts[role] = folder.file(str(rel), field=f"fonts.{role}")
        try:
            check_font(fonts[role])
        except DataError as exc:
            raise DataError(f"{rel}: {exc.message}", folder.toml_path,
                            field=f"fonts.{role}") from None
    rulings, problems = load_rulings(folder)
    folder.problems.extend(problems)
    g = "game"
    return Common(
        folder=folder,
        title=_title(folder),
        engine=folder.get(g, "engine"),
        designer=folder.get(g, "designer", default=""),
        players=_players(folder),
        ages=str(folder.get(g, "ages", (str, int), default="")),
        duration=folder.get(g, "duration", default=""),
        version=str(folder.get(g, "version", (str, int, float), default="")),
        credits=folder.get(g, "credits", default=""),
        palette=palette,
        rulings=rulings,
        fonts=fonts,
    )


MAX_PLAYERS = 100


def _players(folder: GameFolder) -> str:
    """[game] players as the box prints it ("2", "2-5", "3+"): a count, a range from the fewer
    to the more, or a least count and more, of 1 to MAX_PLAYERS ("For lots players." was
    printed on a booklet's first page)."""
    from .facts import box_counts

    text = str(folder.get("game", "players", (str, int), default=""))
    if not text.strip():
        return ""
    counts = box_counts(text)
    low, most = counts or (0, 0)
    high = low if most is None else most  # ("3+": 3 and up)
    if counts is None:
        why = 'is not a player count: write a count like "2" or "2-5"'
    elif 1 <= high < low:
        why = f'runs from more players to fewer: write "{high}-{low}"'
    elif not 1 <= low <= high <= MAX_PLAYERS:
        why = f"is not a player count pnp prints: a game is for 1 to {MAX_PLAYERS} players"
    else:
        return text.strip()
    raise DataError(f"players = {text!r} {why}", folder.toml_path, field="game.players")


def _title(folder: GameFolder) -> str:
    """[game] title, one line: it heads the booklet's pages and the print guide, where a tab
    or a line break would print as an empty box. Such white space becomes one space; other
    control characters (a stray escape code) are refused."""
    import unicodedata

    title = folder.get("game", "title")
    if title.isprintable() and title.strip():
        return title
    # nothing that shows (spaces, a zero-width space): the booklet's heading would be a bare
    # "#", the backs blank
    if all(ch.isspace() or unicodedata.category(ch) == "Cf" for ch in title):
        raise DataError("[game] title is empty; give the game its name", folder.toml_path,
                        field="game.title")
    import re

    bad = sorted({ch for ch in title if unicodedata.category(ch) == "Cc" and not ch.isspace()})
    if bad:
        raise DataError("[game] title has the control character(s) "
                        + ", ".join(f"U+{ord(ch):04X}" for ch in bad)
                        + "; a title is one line of printable text", folder.toml_path,
                        field="game.title")
    return re.sub(r"\s*[^\S \xa0\u2007\u202f]\s*", " ", title).strip()


def missing_colours(folder: GameFolder, common: Common, names) -> list[DataError]:
    """A data error for each colour the faces need that [palette] lacks."""
    return [DataError(f"[palette] needs a colour {name!r}", folder.toml_path,
                      field=f"palette.{name}") for name in names if name not in common.palette]


def keyed_rows(folder: GameFolder, file: str, columns: list[Column], key: str, allowed,
               what: str, make: Callable[[str, Record], T]) -> dict[str, T]:
    """The rows of `file` by their `key` column: each one of `allowed` (the names the rules
    know), listed once, made by make(key, record); a bad row is noted and left out, and so is
    each of `allowed` that no row gives."""
    rows: dict[str, T] = {}
    sources: dict[str, Source] = {}

    def one(r: Record) -> T:
        k = known(r, key, allowed, what)
        if k in rows:
            raise DataError(f"{what} {k!r} is listed twice (first in row {sources[k].row})",
                            r.source.path, r.source.row, key)
        rows[k], sources[k] = make(k, r), r.source
        return rows[k]

    folder.each(file, columns, one)
    note_missing(folder, file, key, what, allowed, rows)
    return rows


def note_unknown_options(folder: GameFolder, common: Common, game: str, known) -> None:
    """Note each key of game.toml's [options] that the game's rules do not read: a typo
    (wound_limt = 50) would leave the default in play without a word. Only for a folder
    played by the game itself: one printed like it ([print] like) may hold options of its
    own rules.toml."""
    from difflib import get_close_matches  # (only to word the error)

    if common.engine != game:
        return
    for key in folder.keep(folder.section, "options", required=False) or {}:
        if key not in known:
            close = get_close_matches(key, sorted(known), 1)
            hint = f"did you mean {close[0]!r}?" if close else \
                f"{game} reads: {', '.join(sorted(known))}"
            folder.note(DataError(f"[options] has no key {key!r} ({hint})", folder.toml_path,
                                  field=f"options.{key}"))


def note_missing(folder: GameFolder, file: str, field: str, what: str, wanted, have) -> None:
    """Note each of `wanted` (the names the rules know) that no row of `file` gives."""
    for key in wanted:
        if key not in have:
            folder.note(DataError(f"the rules need a row for the {what} {key!r}",
                                  folder.path / file, None, field))


def booklet_text(common: Common, context: dict[str, Any], enforced: Enforced = NONE) -> str:
    """Render the game's booklet template: the game folder's own first, then the shipped one.
    `enforced` binds the rulings' placeholders to the engine's numbers (see rulings.py)."""
    from ..templating import render_template

    from ..data.files import read_text

    folder = common.folder
    name = folder.get("booklet", "template", default="booklet.md.j2")
    inside(folder.path, name, Source(folder.toml_path), "booklet.template")
    search = [folder.path, shipped("templates") / common.engine]
    game = {k: getattr(common, k) for k in ("title", "designer", "players", "ages", "duration",
                                             "version", "credits")}
    path = next((f / name for f in search if (f / name).is_file()), None)
    if path is None:
        raise _no_template(folder, name, common.engine,
                           folder.get("booklet", "template", default=None))
    source = read_text(path)  # (not UTF-8: an error naming the line)
    require(common.rulings, enforced, folder.path)
    rulings = for_booklet(common.rulings, enforced)
    texts = {r["id"]: r["text"] for r in rulings}
    # the engine's numbers (enforced.values) are names a template may state, as rulings do
    base = {**enforced.values, "game": game, "rulings": rulings, "ruling": texts}
    text = render_template(search, name, {**base, **context})
    # what `pnp validate` checks of it (pnp/bound.py), kept for then
    shown = (path.relative_to(common.folder.path) if path.is_relative_to(common.folder.path)
             else path.relative_to(shipped("templates").parent))
    values = {k: v for k, v in _named_numbers({**enforced.values, **context}).items()
              if isinstance(v, (int, float)) and not isinstance(v, bool)}
    parsed = text.parsed if text.parsed and text.parsed[0] == source else None
    text.source = TemplateSource(source, shown.as_posix(), common.rulings, texts, values,
                                 tree=parsed[1] if parsed else None)
    return text


def _no_template(folder: GameFolder, name: str, engine: str, written: Any) -> DataError:
    """The booklet template is in neither the game folder nor pnp's: said as game.toml's
    mistake when it names one (`written`), with the file it looked for (and a close name, if
    one is there); else the game's booklet.md.j2 is what is missing."""
    from ..data.meant import not_there

    why = not_there(folder.path, folder.path / name, name)
    if written is None:  # (an engine pnp ships no booklet for)
        return DataError(f"the game has no {name} ({why}) and pnp has no booklet for the "
                         f"{engine!r} engine: write one", folder.path / name)
    return DataError(f"booklet template {name!r} {why}, nor among pnp's booklets for the "
                     f"{engine!r} engine: name a template file of the game folder, or leave "
                     "[booklet] template out for pnp's own", folder.toml_path,
                     field="booklet.template")


def _named_numbers(context: dict[str, Any]) -> dict[str, Any]:
    """The template's names with a table's keys spelled out (`options.goal`), so a number the
    booklet writes out is told the placeholder it may use, as the flat names are."""
    out = dict(context)
    for k, v in context.items():
        if isinstance(v, dict):
            out.update((f"{k}.{kk}", vv) for kk, vv in v.items() if isinstance(kk, str))
    return out
