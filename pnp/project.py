"""The library's front door: open a game, validate it, build its PDF. The CLI is a thin layer
over these functions; they raise PnpError and never print or exit."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .data.game import GameFolder, find_game
from .data.tables import check_tables
from .errors import (UNDRAWABLE, BadFile, DataError, Finding, OptionError, PnpError, RulesError,
                     Source, UnloadedData, error, warning)
from .layout.paper import Paper, choose_paper
from .units import MM

if TYPE_CHECKING:
    from .games.registry import GameSpec
    from .kit import Kit


@dataclass
class OpenGame:
    """A game opened for a command: its folder, its registry entry and its loaded model."""

    folder: GameFolder
    spec: GameSpec
    model: Any

    @property
    def name(self) -> str:
        """What its outputs are called: a variant's build does not replace the game's own."""
        variant = self.folder.variant
        return self.folder.slug + (f"-{variant.name}" if variant else "")


def open_game(name_or_path: str, cwd: Path | None = None,
              variant: str | None = None) -> OpenGame:
    """A game by name or folder; `variant`: one of its [variants.<name>] applied."""
    from .games.registry import get

    folder = GameFolder.read(find_game(name_or_path, cwd))
    spec = get(folder.get("game", "engine"), folder.toml_path)
    check_tables(folder.written, folder.toml_path, spec.tables(), folder.note)
    folder.choose(variant)  # (a misspelt table is said first: what it breaks would hide it)
    return OpenGame(folder, spec, _loaded(folder, spec))


def _loaded(folder: GameFolder, spec: GameSpec):
    """The game's model; a mistake that stops the loading is said with those noted before it
    (three layouts' mistakes, then a missing file: all four in one run)."""
    from .data.game import finding

    try:
        return spec.load(folder)
    except DataError as exc:
        found = [finding(each) for each in exc.each()]  # (DataErrors: each bad palette colour)
        if not errors_in(folder.problems) and len(found) == 1:
            raise
        raise UnloadedData(list(dict.fromkeys([*folder.problems, *found])),
                           "the rest is checked once they are fixed") from None


def validate(game: OpenGame) -> list[Finding]:
    """Every problem of the data, in one list and without drawing: what loading noted (each bad
    cell, each missing row the rules need), the game's checks against its engine, the rulings
    the engine enforces and the facts game.toml states."""
    from .games.facts import check_facts

    findings = list(game.folder.problems)
    findings += game.spec.validate(game.model)
    findings += check_facts(game.folder, game.spec, game.model)
    return _without_echoes(list(dict.fromkeys(findings)), game.folder.problems,
                           game.folder.unread)


def _without_echoes(findings: list[Finding], loading: list[Finding],
                    unread: dict[Path, Finding]) -> list[Finding]:
    """A row that could not be loaded is left out, so the checks of its whole file (a row the
    rules need, a count) would call it missing although it is there with a bad cell; a file
    that could not be read at all (`unread`: empty, not UTF-8, not TOML) would have every check
    that reads it fail. Those errors wait until the row or the file reads; a warning says so."""
    def path(f: Finding) -> Path | None:
        return Path(f.source.path) if f.source is not None else None

    wrong = [f for f in loading if f.level == "error" and f.source is not None]
    why = set(unread.values())   # what each unread file's reading said
    rows_out = {path(f) for f in wrong if f.source and f.source.row is not None} - set(unread)
    echoes = [f for f in findings if f.level == "error" and f not in why and (
        path(f) in unread or (path(f) in rows_out and f.source and f.source.row is None))]
    if not echoes:
        return findings

    def named(paths: set) -> str:
        return ", ".join(sorted({p.name for p in map(path, echoes) if p and p in paths}))

    said = [warning(f"{named(set(unread))}: the checks that read it run once it reads")] \
        if named(set(unread)) else []
    if named(rows_out):
        said.append(warning(f"{named(rows_out)}: the checks of the whole file (rows "
                            "the rules need, counts) run once its unreadable rows above are "
                            "fixed"))
    return [f for f in findings if f not in echoes] + said


def refusal(game: OpenGame) -> type[RulesError]:
    """How a command refuses the game's errors: as data that did not load cleanly (exit 2; a
    row's missing picture is such an error, though its row is drawn), else as a kit that does
    not match its rules (exit 3)."""
    return UnloadedData if errors_in(game.folder.problems) else RulesError


def drawable(game: OpenGame) -> bool:
    """Faces are only drawn from data that loaded cleanly: a missing or unreadable row leaves
    the kit nothing to draw it from, a layout's element that did not compile nothing to draw
    with. (A row whose picture is missing is kept: --force prints a placeholder for it.)"""
    return not game.folder.blocking_errors()


NOT_DRAWN = ("text fit and the pieces drawn are checked once the errors above are fixed "
             f"(the kit cannot be drawn {UNDRAWABLE})")


def check(game: OpenGame, paper: str | Paper | None = None) -> list[Finding]:
    """Everything `build` would refuse, without writing a file: the rules checks, then a dry
    render for text that does not fit, characters no font has and the manifest."""
    import io

    from .render.pdf import Options, render_kit

    if not drawable(game):
        return validate(game) + [warning(NOT_DRAWN)]
    from .render.facelog import FaceLog

    sheet = _paper(game, paper)
    try:
        kit, fonts, findings = prepare(game, force=True)
    except UnloadedData as exc:  # a picture a face's template makes is missing
        return exc.findings + [warning(NOT_DRAWN)]
    checks = face_checks(game, kit)  # the dry render's drawing of each face serves them
    log = FaceLog(fonts, checks=None if isinstance(checks, list) else checks, sizes=True)
    result = _sized(game, lambda: render_kit(kit, fonts, io.BytesIO(), Options(sheet.size),
                                               placements=False, log=log), sheet)
    from .siblings import check as uneven_siblings

    return (findings + _drawn(game, kit, result) + meaning(game, kit, fonts, log)
            + uneven_siblings(kit, fonts, game.folder.path, log))


def face_checks(game: OpenGame, kit):
    """The meaning checks of the kit's faces (shown.FaceChecks), to be handed each face as the
    PDF draws it (render/facelog.py); or, when game.toml's [shown] is wrong, what is."""
    from . import distinct
    from .shown import (DECLARED as shown_section, FaceChecks, check_kinds, declared,
                        deck_required, merged, played_required)

    folder = game.folder
    try:
        shown = declared(folder)
        check_kinds(shown, [*game.spec.required_kit(game.model),
                            *(p.kind for sheet in kit.face_sheets() for p in sheet.pieces)],
                    folder.toml_path)
        checks = getattr(game.model, "checks", ())
        asked = [(shown, None), *((deck_required([c]), f"game.toml's [[check]] of {c.column!r}")
                                  for c in checks),
                 (played_required(game.model), "rules.toml, whose play reads it")]
        required = merged(*(table for table, _ in asked))
    except DataError as exc:
        return [error(exc.message, Source(Path(exc.path)) if exc.path else None, exc.field)]
    # what asks each field to be shown, the first that does ([shown]'s is the default)
    why: dict[tuple[str, str], str] = {}
    for table, by in asked:
        for kind, fields in table.items():
            for f in fields:
                why.setdefault((kind, f), by or shown_section)
    colours = distinct.drawn_groups(folder, game.model.common.palette)
    return FaceChecks(kit, required, list(colours.values()), folder.path, why)


def meaning(game: OpenGame, kit, fonts, log=None) -> list[Finding]:
    """What the printed kit says against what the rules mean: every face shows the fields a
    player needs (shown.py), in colours that stay told apart (distinct.py), and the booklet
    states no number or rule of its own (bound.py). `log`: the faces as the build's PDF drew
    them (render/facelog.py), its checks handed each face as drawn; else they are drawn here."""
    from . import distinct

    checks = getattr(log, "checks", None) or face_checks(game, kit)
    if isinstance(checks, list):
        return checks
    folder = game.folder
    faces = checks.findings(fonts)
    drawn = {group.name: group for group in checks.colours}
    return (faces + distinct.check(folder, game.model.common.palette, drawn, folder.path)
            + _booklet_meaning(game, kit))


def _booklet_meaning(game: OpenGame, kit) -> list[Finding]:
    """The booklet template's numbers, tables and rule sentences (bound.py), as strict as what
    plays the game's numbers."""
    from .bound import RULES, check, unprinted

    t = getattr(kit.booklet.text, "source", None) if kit.booklet else None
    if t is None:
        return []
    plays = _plays(game)
    return (check(t.text, t.name, t.rulings, t.texts, t.values, t.related, tree=t.tree,
                  plays=plays)
            + unprinted(kit.booklet.text, t.name, t.texts, plays)
            + (_options_unplayed(game, t) if plays == RULES else []))


def _options_unplayed(game: OpenGame, t) -> list[Finding]:
    """A number of [options] the booklet prints that no rule of rules.toml reads
    (rules/printed.py): the booklet says one number, the game plays another."""
    import jinja2

    from .rules.printed import literal_ends, unplayed, unread
    from .templating import environment

    rules = game.model.rules
    try:
        tree = environment().parse(t.text) if t.tree is None else t.tree
    except jinja2.TemplateSyntaxError:
        return []  # rendering reports it, with its line
    toml = Source(game.folder.toml_path)
    return (unplayed(tree, t.name, rules.options, rules.options_read, Path(rules.path).name,
                     toml)
            + literal_ends(rules, tree, t.text, t.name)
            + unread(rules.options, rules.options_read, tree, toml))  # (a face reads none)


def _plays(game: OpenGame) -> str:
    """What plays the game's numbers (bound.py): nothing, in a game without an engine (a plain
    deck); rules.toml, for rules as data, which read game.toml's [options] (printed like a
    shipped game, that game's booklet and numbers are its engine's); else its engine."""
    from .bound import ENGINE, NOTHING, RULES

    if not game.spec.has_engine:
        return NOTHING
    model = game.model
    if getattr(model, "rules", None) is not None and getattr(model, "printed", None) is None:
        return RULES
    return ENGINE


def _drawn(game: OpenGame, kit, result) -> list[Finding]:
    """What the renderer reported, and every difference between the pieces it placed and the
    kit the rules need; one line per distinct problem."""
    from .kit import compare_manifest

    required = game.spec.required_kit(game.model)
    drawn = result.findings + [error(f"manifest: {p}") for p in
                               compare_manifest(result.placed, required, kit.files())]
    return list(dict.fromkeys(drawn))


def errors_in(findings: list[Finding]) -> list[Finding]:
    return [f for f in findings if f.level == "error"]


def _stop_at_errors(findings: list[Finding], new: list[Finding], force: bool) -> None:
    """Add a step's findings to the command's, each problem once (the copies of a card, each
    drawn, find its problem as many times); an error among them stops it, unless forced."""
    findings[:] = dict.fromkeys(findings + new)
    if errors_in(new) and not force:
        raise RulesError(findings)


@dataclass
class Built:
    """What a build wrote: the PDF, its page count, the findings and the guide's sections."""

    path: Path
    pages: int
    findings: list[Finding]
    sections: list
    note: str = ""  # what a partial print printed, or why it printed nothing


def _paper(game: OpenGame, paper: str | Paper | None) -> Paper:
    """The paper asked for (an option), else the game's `[print] paper`, else A4."""
    return choose_paper(paper, game.folder.config, game.folder.toml_path)


def _check_bleed(bleed_mm: float) -> None:
    if not 0 <= bleed_mm <= 10:
        raise OptionError("--bleed", f"{bleed_mm} mm is out of range (0 to 10 mm)")


def _sized(game: OpenGame, render, paper: Paper | None = None):
    """Run a layout step; a size that cannot be laid out is a game.toml mistake, so say so,
    unless the paper chosen is too small for a piece: then the paper's option is named."""
    from .errors import DataError
    from .layout.grid import NoRoom

    try:
        return render()
    except NoRoom as exc:
        if paper is not None and paper.where == "--paper":
            raise OptionError("--paper", f"{paper.name}: {exc.message}") from None
        raise DataError(exc.message, game.folder.toml_path,
                        field=paper.where if paper and paper.where else None) from None
    except DataError as exc:
        if exc.path is None:
            raise DataError(exc.message, game.folder.toml_path) from None
        raise


def prepare(game: OpenGame, force: bool = False):
    """(kit, fonts, findings): validate, describe the kit to print and check the pictures its
    faces' templates make of their rows (a missing one is a data error, as a deck's is when it
    opens), refusing an invalid kit unless forced; also for previews of single faces."""
    from .faces.draw import unchosen_leadings
    from .games.pieces import made_pictures
    from .render.fonts import load_fonts

    findings = validate(game)
    if drawable(game):
        _check_piece_count(game)
        fonts = load_fonts(game.model.common.fonts)
        kit = game.spec.build_kit(game.model, fonts)
        loaded = len(game.folder.problems)
        for problem in made_pictures(kit, game.folder.path):  # (a deck's: when it opened)
            game.folder.note(problem, row_kept=True)  # (--force prints a box there)
        findings = list(dict.fromkeys(findings + game.folder.problems[loaded:]
                                      + unchosen_leadings(game.folder.unchosen, fonts)))
    if not drawable(game):
        raise UnloadedData(findings, "nothing was printed" + (
            f", even with --force: the kit cannot be drawn {UNDRAWABLE}" if force
            else f" (fix them; --force cannot print a kit {UNDRAWABLE})"))
    if errors_in(findings) and not force:  # (a data error, a missing picture, exits as one)
        raise refusal(game)(findings)
    return kit, fonts, findings


def _check_piece_count(game: OpenGame) -> None:
    """Refuse an absurd kit before its pieces are made (a hundred million cards would fill the
    memory for minutes): the rules' own count of what is printed is cheap to ask."""
    from .data.files import MAX_PIECES

    need = game.spec.required_kit(game.model)
    total = sum(need.values())
    if total > MAX_PIECES:
        most = ", ".join(f"{n:,} {kind}" for kind, n in need.most_common(3))
        raise PnpError(f"the kit would print {total:,} pieces ({most}); pnp prints at most "
                       f"{MAX_PIECES:,} in one kit: lower the counts in the CSV files")


def _printable(game: OpenGame, force: bool):
    """What `build` and `export` print: `prepare`, and then what the kit says checked against
    what the rules mean, refused as data errors are (a kit that lies is not printed either)."""
    kit, fonts, findings = prepare(game, force)
    _stop_at_errors(findings, meaning(game, kit, fonts), force)
    return kit, fonts, findings


def build(game: OpenGame, out: Path, *, paper: str | Paper | None = None, bleed_mm: float = 3.0,
          backs: bool = True, force: bool = False, layout: str = "duplex",
          back_offset_mm: tuple[float, float] = (0.0, 0.0), ink_saver: bool = False,
          proof: bool = False, scale: float = 1.0, record: Path | None = None,
          since: Path | None = None, only: str | None = None,
          version_mark: str | None = None) -> Built:
    """Validate, render to a temporary file, check what was drawn against the rules, and only
    then replace `out`. With force, problems are reported but the PDF is still written.
    `record`: where to keep what was printed (printrun/record.py), written only once the PDF
    is; `since`: print only what changed since that record (and update it); `only`: print
    only the pieces named so (`cards.csv:3-7`); `version_mark`: "front" or "back", the side
    that shows game.toml's version."""
    from .output import atomic_output
    from .printrun.record import FORMAT, kit_record
    from .render.pdf import Options, render_kit

    sheet = _paper(game, paper)
    _check_bleed(bleed_mm)
    _check_print_options(layout, back_offset_mm, scale)
    note, whole = "", since is None and only is None
    old, kept = _records(game, since, record if whole else None, proof)
    kit, fonts, findings, log = _kit_to_print(game, force, ink_saver,
                                              drawn_once=whole and version_mark is None)
    options = Options(sheet.size, bleed_mm * MM, backs, layout,
                      (back_offset_mm[0] * MM, back_offset_mm[1] * MM), ink_saver, proof,
                      scale)
    version = str(game.folder.get("game", "version", (str, int, float), ""))
    if version_mark is not None:
        from .printrun.mark import version_marked

        kit = version_marked(kit, version, version_mark, fonts, game.folder.toml_path)
    def record_now(noted: list | None = None, format: int = FORMAT):
        return kit_record(kit, fonts, game.folder.path, game=game.name, version=version,
                          bleed=bleed_mm * MM, bleed_mm=bleed_mm, ink_saver=ink_saver,
                          findings=noted, drawn=log, format=format)

    printed = None
    if not whole:  # the part to print is chosen by the record: made first, as `old` digests
        noted: list[Finding] = []
        digested = record_now(noted, old.format if old is not None else FORMAT)
        _keep_noted(findings, noted, force)
        printed = digested if digested.format == FORMAT else record_now()  # kept: this format
        part = _part(kit, digested, old, since, only)
        if part is None:  # kept anew all the same: its format, and rows that moved
            if kept is not None:
                _keep_record(game, kept, printed)
            return Built(out, 0, findings, [], f"nothing changed since {since}: no PDF written")
        kit, note = part
    with atomic_output(out, game.folder.path) as tmp:
        result = _sized(game, lambda: render_kit(kit, fonts, tmp, options, placements=False,
                                                 log=log), sheet)
        # a kit that lies is not printed, said with the drawing's own findings (an element off
        # the card is why no title shows); a part of the kit is not the kit: only the drawing's
        lies = [] if log is None else meaning(game, kit, fonts, log)
        _stop_at_errors(findings, lies + (_drawn(game, kit, result) if whole else result.findings),
                        force)
    if kept is not None:  # only once the PDF is written
        printed = printed or record_now()
        _keep_record(game, kept, printed)
    return Built(out, result.pages, findings, result.sections, note)


def _records(game: OpenGame, since: Path | None, record: Path | None, proof: bool):
    """(the record to compare with, where the record is kept after), both checked before
    anything is drawn: a bad record, another game's, or a path no record may be written to.
    A proof keeps none; `since` is read and kept anew, else `record` is kept."""
    from .printrun.record import read_record

    old = read_record(since) if since is not None else None
    if old is not None and old.game != game.name:  # (updating it would lose that game's)
        raise PnpError(f"{since}: a print record of the game {old.game!r}, not {game.name!r}: "
                       "give this game's record with --since, or build its whole kit once")
    kept = None if proof else since if since is not None else record
    if kept is not None:
        _record_target(game, kept)
    return old, kept


def _kit_to_print(game: OpenGame, force: bool, ink_saver: bool, drawn_once: bool):
    """(kit, fonts, findings, log). `drawn_once`: the faces are drawn once, by the PDF, and the
    log (facelog.py) hands each to the meaning checks as it is drawn; else (a part of the kit,
    or faces that gain a mark) the kit is checked first, as `export` checks it."""
    if not drawn_once:
        return (*_printable(game, force), None)
    from .render.facelog import FaceLog

    kit, fonts, findings = prepare(game, force)
    checks = face_checks(game, kit)
    return kit, fonts, findings, FaceLog(fonts, ink_saver,
                                         None if isinstance(checks, list) else checks)


RECORD = "the print record"  # as errors name it


def _record_guard(game: OpenGame, path: Path) -> Path | None:
    """The folder whose files a record may not replace: an earlier record may be replaced,
    even inside the game folder, where pnp replaces nothing else but PDFs."""
    from .printrun.record import is_record

    return None if is_record(path) else game.folder.path


def _record_target(game: OpenGame, path: Path) -> None:
    """The record's path checked as the PDF's is, before the PDF is written; and never a link,
    which would have the record written over what it leads to (the kit's PDF, another game's
    record)."""
    from .output import check_file_target

    if path.is_symlink():
        raise PnpError(f"{RECORD} {path} is a link; pnp keeps its records as files of their "
                       "own (remove the link)")
    check_file_target(path, _record_guard(game, path), RECORD)


def _keep_record(game: OpenGame, path: Path, printed) -> None:
    """Write the print record, as atomically as the PDF (printrun/record.py)."""
    from .output import atomic_output

    with atomic_output(path, _record_guard(game, path), RECORD) as tmp:
        with tmp.open("w", encoding="utf-8") as fh:
            fh.writelines(printed.json_parts())


MAX_BACK_OFFSET_MM = 10
BACK_OFFSET_FAULT = "a back offset over 10 mm is a printer fault, not an offset"


def _check_print_options(layout: str, back_offset_mm: tuple[float, float], scale: float) -> None:
    from .render.pdf import LAYOUTS

    if layout not in LAYOUTS:
        raise OptionError("--layout", f"unknown layout {layout!r}; use one of "
                          f"{', '.join(LAYOUTS)}")
    if any(abs(v) > MAX_BACK_OFFSET_MM for v in back_offset_mm):
        raise OptionError("--back-offset", BACK_OFFSET_FAULT)
    if not 0.9 <= scale <= 1.1:
        raise PnpError(f"scale {scale:g} is out of range (0.9 to 1.1)")


def _keep_noted(findings: list[Finding], noted: list[Finding], force: bool) -> None:
    """What digesting the whole kit for its record found, kept with a part's findings: its
    warnings, and a layout file's own mistake, which is said once a kit (here, as the record
    drew it) and is the part's too (the part's drawing, after it, does not say it again)."""
    noted = list(dict.fromkeys(noted))
    findings += [f for f in noted if f.level == "warning"]
    _stop_at_errors(findings, [f for f in noted if isinstance(f, BadFile)], force)


def _part(kit, printed, old, since: Path | None, only: str | None):
    """(the part of the kit to print, what the build's note says of it): what changed since
    the record `old` (read from `since`), else the pieces `only` names; None when nothing
    changed."""
    from .printrun.select import changed_part, only_part

    if old is None:
        assert only is not None      # a part is what changed or what --only names
        kit, chosen = only_part(kit, printed, only)
        return kit, f"{len(chosen)} piece(s) named by --only {only}"
    assert since is not None      # the record was read from it
    kit, changes = changed_part(kit, printed, old, since)
    if not changes:
        return None
    return kit, (f"{len(changes.changed)} changed, {len(changes.added)} added, "
                 f"{len(changes.removed)} removed since {since}")


# What each export makes, and the options it takes besides --variant, --out and --force: any
# other given is refused, never silently ignored (a print-on-demand service's and a Cricut's:
# _export_takes).
EXPORTS = {
    "booklet": ("rule booklet pages imposed on the paper", ("--paper",)),
    "pod": ("a PDF of one face a page, each page the face and its bleed",
            ("--bleed", "--cmyk", "--profile", "--service")),
    "png": ("an RGB image of each face, with its bleed, and of each board whole",
            ("--bleed", "--dpi")),
    "tts": ("RGB deck sheets sized for Tabletop Simulator, and its saved object", ("--url-base",)),
    "cut": ("RGB sheets on the paper for a home printer, and the machine's cut paths",
            ("--paper", "--bleed", "--machine", "--corner-radius")),
}
DEFAULT_BLEED_MM = 3.0
DEFAULT_DPI = 300  # png
DEFAULT_CORNER_RADIUS_MM = 3.0  # a poker card's corners


def corner_radius(game: OpenGame, given_mm: float | None) -> float:
    """The cut outlines' corner radius (points): the one given, else game.toml's [cut]
    corner_radius, else a poker card's 3 mm."""
    from .units import length

    if given_mm is not None:
        return given_mm * MM
    value = game.folder.get("cut", "corner_radius", (str, int, float), DEFAULT_CORNER_RADIUS_MM)
    radius = length(value, game.folder.toml_path, field="cut.corner_radius")
    if not 0 <= radius <= 20 * MM:
        raise PnpError(f"{game.folder.toml_path}: [cut] corner_radius {value!r} is out of "
                       "range (0 to 20 mm)")
    return radius


def _refuse_nothing(kit: Kit, fmt: str, service: str | None, findings: list[Finding]) -> None:
    """A PNG or pod export of a kit with nothing it takes is refused; the boards a pod export
    leaves out are said, so a designer does not look for them in its PDF."""
    from .export import outputs

    if fmt == "png" and not outputs.faces(kit) and not kit.boards:  # (counts all 0)
        raise PnpError("nothing to export as png: the kit has no faces (no cards, tiles, "
                       "tokens or boards)")
    if fmt != "pod" or service is not None:
        return
    boards = outputs.boards_left_out(kit, "as pod")
    if not outputs.faces(kit):
        raise PnpError(f"nothing to export as pod: the kit has no cards, tiles or tokens; {boards}"
                       if boards else "nothing to export as pod: the kit has no faces (no "
                       "cards, tiles or tokens)")
    if boards:
        findings.append(warning(boards))


def export(game: OpenGame, fmt: str, out: Path, *, paper: str | Paper | None = None,
           bleed_mm: float | None = None,
           dpi: int | None = None, force: bool = False, service: str | None = None,
           cmyk: bool = False, machine: str | None = None,
           corner_radius_mm: float | None = None,
           url_base: str | None = None,
           profile: Path | None = None) -> tuple[str, list[Finding]]:
    """Other outputs of the same kit. PDFs are written atomically; PNG folders are written into
    a temporary folder and swapped in whole. `service` (pod only): a print-on-demand service's
    files and manifest, in a folder. An option the export does not take (EXPORTS) is refused
    when given (None, or cmyk False: not given; bleed 3 mm, 300 dpi and the game's paper then).
    Returns a one-line summary and the findings."""
    from .export import outputs
    from .output import atomic_folder, atomic_output

    separation = _export_options(fmt, {
        "--paper": paper, "--bleed": bleed_mm, "--dpi": dpi, "--service": service,
        "--cmyk": cmyk or None, "--profile": profile, "--machine": machine,
        "--corner-radius": corner_radius_mm, "--url-base": url_base})
    sheet = _paper(game, paper)
    bleed_mm = DEFAULT_BLEED_MM if bleed_mm is None else bleed_mm
    dpi = DEFAULT_DPI if dpi is None else dpi
    _check_bleed(bleed_mm)
    ink = separation or cmyk  # what the PDF is separated through (True: pnp's own profile)
    radius = corner_radius(game, corner_radius_mm) if fmt == "cut" else 0.0
    kit, fonts, findings = _printable(game, force)
    _refuse_nothing(kit, fmt, service, findings)
    if fmt != "booklet" and service is None:  # a service's export runs its own preflight
        from .export.preflight import preflight
        from .export.services import GENERIC

        _stop_at_errors(findings, preflight(kit, fonts, GENERIC, cmyk, _drawn_at(fmt, dpi)),
                        force)
    if fmt == "booklet" and kit.booklet is not None:  # the booklet's own check (others: preflight)
        _stop_at_errors(findings, kit.booklet.findings(fonts), force)
    if fmt in ("booklet", "pod") and service is None:
        with atomic_output(out, game.folder.path) as tmp:
            if fmt == "booklet":
                pages = outputs.export_booklet(kit, fonts, tmp, sheet.size)
                summary = (f"{out}: {pages}-page booklet on {-(-pages // 4)} sheet(s); print "
                           "double-sided flipping on the short edge, fold, staple")
            else:
                _stop_at_errors(findings, outputs.export_pod(kit, fonts, tmp, bleed_mm * MM,
                                                             cmyk=ink), force)
                summary = (f"{out}: {len(outputs.faces(kit))} faces, one a page, {bleed_mm:g} "
                           "mm bleed" + (", CMYK (PDF/X-1a)" if cmyk else ""))
        return summary, findings
    with atomic_folder(out, game.folder.path) as staging:
        summary, drawn = _export_folder(game, fmt, out, staging, kit, fonts, sheet, bleed_mm * MM,
                                        dpi=dpi, machine=machine, radius=radius,
                                        service=service, ink=ink, url_base=url_base)
        _stop_at_errors(findings, drawn, force)
    return summary, findings


def _drawn_at(fmt: str, dpi: int):
    """The dpi an export draws a sheet's faces at, and who (preflight's `drawn_at`); None for
    a PDF, which a print shop prints at its own."""
    if fmt == "png":
        return lambda sheet: (dpi, "the PNG export draws its faces at")
    if fmt == "cut":
        from .cut.sheets import DPI

        return lambda sheet: (DPI, "the cut export draws its sheets at")
    if fmt == "tts":
        from .export.tts import face_dpi

        return lambda sheet: (face_dpi(sheet), "Tabletop Simulator's images are drawn at")
    return None


def _export_takes(fmt: str, service: str | None,
                  machine: str | None) -> tuple[str, tuple[str, ...]]:
    """(what the export makes, the options it takes): EXPORTS', a service's, whose files are
    drawn to its own trim, bleed and pixels, or a cutting machine's that lays its sheets out
    on an image of its own size, not on the paper (Cricut)."""
    from .cut.machines import MACHINES
    from .export.services import DPI, SERVICES

    if fmt == "cut" and machine in MACHINES and not MACHINES[machine].uses_paper:
        _, takes = EXPORTS[fmt]
        return (f"RGB images the size of {MACHINES[machine].name}'s print-then-cut area, "
                "whatever the paper, and the cut paths",
                tuple(o for o in takes if o != "--paper"))
    if fmt != "pod" or service not in SERVICES:
        return EXPORTS[fmt]
    chosen = SERVICES[service]
    files = "CMYK PDF" if chosen.wants_cmyk else "RGB PNG"
    return (f"{chosen.name}'s {files} files at its own trim, bleed and {DPI} dpi",
            ("--service", "--cmyk", "--profile") if chosen.wants_cmyk else ("--service",))


def _export_options(fmt: str, given: dict[str, Any]):
    """Refuse, before anything is drawn, an option the export does not take (`given`: each
    option's value, None when not given) and options that do not go together; the separation
    that --profile names (None without one)."""
    from .cut.machines import MACHINES
    from .export.services import SERVICES

    service, profile, url_base = given["--service"], given["--profile"], given["--url-base"]
    if fmt not in EXPORTS:
        raise OptionError("--format", f"unknown format {fmt!r}; use one of {', '.join(EXPORTS)}")
    if service is not None and service not in SERVICES:
        raise OptionError("--service", f"one of {', '.join(SERVICES)}, not {service!r}")
    machine = given["--machine"]
    what, takes = _export_takes(fmt, service, machine)
    kind = f"pod --service {service}" if fmt == "pod" and service else \
        f"cut --machine {machine}" if fmt == "cut" and machine else fmt
    for option, value in given.items():
        if value is not None and option not in takes:
            raise OptionError(option, f"--format {kind} does not use it ({what})")
    if service is not None and SERVICES[service].wants_cmyk and not given["--cmyk"]:
        # said before drawing anything: the card data is fine, the export lacks an option
        raise OptionError("--service", f"{SERVICES[service].name} prints from CMYK PDF/X-1a "
                          f"files only: add --cmyk (pnp export --format pod --service {service} "
                          "--cmyk)")
    if fmt == "cut" and machine not in MACHINES:
        raise OptionError("--format", f"cut takes --machine {'|'.join(MACHINES)}")
    if url_base is not None:
        from .export.tts import check_url_base

        check_url_base(url_base)  # a wrong address is said before anything is drawn
    if profile is None:
        return None
    if not given["--cmyk"]:
        raise OptionError("--profile", "goes with --cmyk: the CMYK profile it separates through")
    from .render.cmyk import load_separation

    return load_separation(profile)


def counted(n: int, noun: str) -> str:
    """"1 image", "2 images": a summary of a tiny game reads as English too."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def _png_summary(faces: int, boards: list[float], dpi: int) -> str:
    """What a PNG export wrote, at the dpi each part was drawn (a board too large for its
    pixels is drawn lower)."""
    board_words = (f"{len(boards)} {'board' if faces else 'PNG board'}"
                   f"{'s' if len(boards) > 1 else ''}")
    lowest = min(boards, default=dpi)
    if lowest == dpi:
        return " and ".join([counted(faces, "PNG face")] * bool(faces)
                            + [board_words] * bool(boards)) + f" at {dpi} dpi"
    lower = f"{lowest:.0f} dpi{' or less' if len(set(boards)) > 1 else ''}"
    return (f"{counted(faces, 'PNG face')} at {dpi} dpi and " if faces else "") \
        + f"{board_words} at {lower}"


def _export_folder(game: OpenGame, fmt: str, out: Path, staging: Path, kit, fonts, sheet: Paper,
                   bleed: float, *, dpi: int, machine: str | None, radius: float,
                   service: str | None, ink, url_base: str | None) -> tuple[str, list[Finding]]:
    """Write the files of a folder's format (png, cut, a service's pod, tts) into `staging`:
    the summary, which names `out`, and what drawing them found."""
    if fmt == "png":
        from .export.outputs import export_png

        count, boards, drawn = export_png(kit, fonts, staging, dpi, bleed)
        return f"{out}/: {_png_summary(count, boards, dpi)}", drawn
    if fmt == "cut":
        from .cut.machines import MACHINES
        from .cut.sheets import export_cut

        assert machine is not None      # checked above: cut names its machine
        paper = sheet if MACHINES[machine].uses_paper else None  # (else a size of its own)
        summary, drawn = _sized(game, lambda: export_cut(
            kit, fonts, staging, machine, sheet.size, bleed, radius), paper)
        return summary.replace(f"{staging}/", f"{out}/"), drawn
    if fmt == "pod":
        from .export.services import SERVICES, export_service

        assert service is not None      # checked above: pod names its service
        count, drawn = export_service(kit, fonts, staging, service, ink)
        return (f"{out}/: {counted(count, 'file')} for {SERVICES[service].name} "
                "(manifest.csv lists how many of each card to order)"), drawn
    from .export.tts import export_tts

    files, drawn = export_tts(kit, fonts, staging, final=out, url_base=url_base)
    return (f"{out}/: {counted(len(files) - 1, 'Tabletop Simulator image')} and the saved "
            f"object {files[-1].name}"), drawn
