"""The `pnp` command. Each command parses, calls the library, and reports; heavy modules are
imported inside the commands so `pnp --help` stays quick."""

from __future__ import annotations

import gc
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import click

from . import __version__
from .boundary import Pnp, short, show
from .errors import DataError, OptionError, PnpError

GAME = click.option("--game", "-g", required=True, metavar="NAME|PATH",
                    help="A game name (from ./card_data or shipped with pnp) or a game folder.")


def _finite_option(ctx, param: click.Parameter, value: float | None) -> float | None:
    return value if value is None else _finite(value, param)


def _finite(value: float, param: click.Parameter) -> float:
    """A FloatRange lets nan through (no comparison with nan is true): refused as a value out
    of the range is, in the same words."""
    import math

    if not math.isfinite(value):
        bounds = param.type
        assert isinstance(bounds, click.FloatRange)
        raise click.BadParameter(f"{value} is not in the range {bounds.min:g}<=x<={bounds.max:g}.")
    return value


def _paper_option(ctx, param, value: str | None) -> str | None:
    """--paper checked as click checks a value: one it cannot take is a usage error (exit 2)."""
    if value is not None:
        from .layout.paper import parse_paper

        try:
            parse_paper(value)
        except PnpError as exc:
            raise click.BadParameter(str(exc).removeprefix(f"--paper {value!r}: ")) from None
    return value


def bleed_option(help: str | None = None, default: float | None = 3.0):
    """--bleed, as every command that takes it takes it (default None: not given, and the
    library's default)."""
    return click.option("--bleed", type=click.FloatRange(0, 10), default=default,
                        show_default=default is not None, metavar="MM", callback=_finite_option,
                        help=help)


PAPER = click.option("--paper", metavar="NAME|WxH", callback=_paper_option,
                     help="a4, letter, a3, a5, legal, tabloid, any of them -landscape (a4-landscape), "
                          "or a size such as 300x200mm or 11x17in (default: the game's [print] "
                          "paper, else a4).")

FILE = click.Path(dir_okay=False, path_type=Path)  # a file's name (never a folder's)
def variant_option(writes: bool = True):
    """--variant; `writes`: the command writes outputs named after the game (build, export,
    watch), so a variant's are named apart."""
    return click.option("--variant", metavar="NAME",
                        help="A variant of the game (a [variants.NAME] table of game.toml, e.g. "
                             "bw)" + ("; its outputs are named <game>-NAME." if writes else "."))


VARIANT = variant_option()


@contextmanager
def collector_paused():
    """Python's cycle collector paused for one command's build, and then as it was. Drawing a
    deck makes millions of short-lived objects and next to no cycles (they die by reference
    counting), yet the collector keeps walking the objects alive, the more the larger the
    deck: about 17 % of a 5,400-card build's CPU. Done here, in the command, for its duration
    only: pnp as a library leaves its caller's collector settings alone.

    What the build made and keeps then joins the oldest generation in one step: left young,
    the first collection after the pause would walk all of it (some 25 ms after a rule
    booklet's kit) for the cycles it holds, next to none. (Not when the caller has frozen
    objects of its own: unfreezing would free those too.)"""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if not gc.get_freeze_count():
            gc.freeze()  # (moves every tracked object to the permanent generation...
            gc.unfreeze()  # ...and back into the oldest one, without walking them)
        if was:
            gc.enable()


@click.group(cls=Pnp, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
@click.option("--debug", is_flag=True, help="Show the full traceback of an unexpected error.")
def main(debug: bool) -> None:
    """Print-and-play kits and rules engines for tabletop games."""


@main.command("list")
def list_cmd() -> None:
    """List the games pnp can build."""
    from .data.game import GameFolder, list_games

    rows: list[tuple[str, str, Path]] = []
    for name, path in list_games().items():
        try:
            title = GameFolder.open(path).get("game", "title", default="")
        except PnpError:
            title = "(game.toml has errors)"
        rows.append((name, str(title), path))
    names = max((len(name) for name, _, _ in rows), default=0)
    titles = max((len(title) for _, title, _ in rows), default=0)
    for name, title, path in rows:
        click.echo(f"{name:<{names}}  {title:<{titles}}  [{path}]")


@main.command()
@click.option("--game", "-g", metavar="NAME|PATH", help="Also list this game's own icons/.")
def icons(game: str | None) -> None:
    """List the icon names text (:name:) and icon elements can use."""
    from .data.game import find_game
    from .faces.art import ICON_FAMILIES, TWO_TONE, game_icons

    own = game_icons(find_game(game)) if game else None
    for family, names in ICON_FAMILIES.items():
        click.echo(f"{family + ':':<15}" + ", ".join(n + ("*" if n in TWO_TONE else "")
                                                     for n in names))
    click.echo("* two-tone: `detail` sets the second colour")
    if own is not None:
        click.echo(f"{'this game:':<15}" + (", ".join(own) if own else
                                             "(none: put NAME.svg, .png or .jpg in icons/)"))


@main.command()
@GAME
@variant_option(writes=False)
def validate(game: str, variant: str | None) -> None:
    """Check a game's card data against its rules engine, and that every text fits."""
    from .project import check as run, errors_in, open_game, refusal

    opened = open_game(game, variant=variant)
    findings = run(opened)
    show(findings)
    errors = errors_in(findings)
    if errors:
        click.echo(f"Error: {len(errors)} problem(s) in {opened.name}", err=True)
        sys.exit(refusal(opened)(errors).exit_code)   # (a BadFile among them: bad data, 2)
    click.echo(f"{opened.name}: the card data matches the rules"
               + (f" ({len(findings)} warning(s))" if findings else ""))


def print_options(command):
    """The options that shape a kit PDF, shared by `build` and `watch`."""
    options = [
        click.option("--out", "-o", type=FILE,
                     help="Output PDF (default: output/<game>.pdf; with --proof, "
                          "output/<game>-proof.pdf)."),
        PAPER,
        bleed_option("Bleed around each card, in mm."),
        click.option("--no-backs", is_flag=True,
                     help="Leave out the back pages (single-sided print); pieces whose back "
                          "matters in play are printed to fold instead."),
        click.option("--force", is_flag=True, help="Print even if the data breaks the rules."),
        click.option("--layout", type=click.Choice(["duplex", "gutterfold"]), default="duplex",
                     show_default=True,
                     help="duplex: backs on the following page; gutterfold: fronts and backs "
                          "side by side on one page, fold between (for printers without "
                          "duplex)."),
        click.option("--back-offset", metavar="X,Y",
                     help="Shift the back pages by X,Y mm to correct a printer's duplex error "
                          "(measure it with `pnp calibrate`; default: the printer profile's, "
                          "else 0,0)."),
        click.option("--printer", metavar="NAME",
                     help="Use a saved printer profile (pnp printer list); default: the "
                          "default printer, if one is saved; `none`: no profile."),
        click.option("--ink-saver", is_flag=True,
                     help="Outlines instead of full-bleed backgrounds."),
        click.option("--proof", is_flag=True,
                     help="A proof, not for cutting: outline trim (red), bleed (blue), safe "
                          "zone (green) and every named element's box on each face."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _print_settings(paper, bleed, no_backs, force, layout, back_offset, printer, ink_saver,
                    proof) -> dict:
    from .printer import choose, describe

    profile = choose(printer)
    if profile:  # a saved profile changes the pages: say so, and how to build without it
        default = "" if printer else " (the default; --printer none to build without it)"
        given = "; --back-offset replaces its offset" if back_offset is not None else ""
        click.echo(f"using {describe(profile)}{default}{given}")
    if back_offset is not None:
        offset = _pair(back_offset, "--back-offset")
    else:
        offset = profile.back_offset if profile else (0.0, 0.0)
    return {"paper": paper, "bleed_mm": bleed, "backs": not no_backs, "force": force,
            "layout": layout, "back_offset_mm": offset, "ink_saver": ink_saver, "proof": proof,
            "scale": profile.scale if profile else 1.0}


@main.command()
@GAME
@VARIANT
@print_options
@click.option("--changed", is_flag=True,
              help="Print only the pieces whose drawing changed since the last whole build "
                   "(its record, output/<game>.printed.json, or the one record of the game "
                   "here, as -o kit.pdf keeps kit.printed.json), with a first page saying which "
                   "cards to replace, add and take out; default --out output/<game>-changed.pdf.")
@click.option("--since", type=FILE, metavar="RECORD",
              help="--changed against this print record instead (implies --changed).")
@click.option("--only", metavar="FILE:ROW[-ROW]",
              help="Print only these pieces: a data row or a range (cards.csv:3-7), a file, or "
                   "a piece's name or its start, as `pnp preview --card` names them; default --out "
                   "output/<game>-only.pdf.")
@click.option("--version-mark", type=click.Choice(["front", "back"]),
              help="Print game.toml's [game] version small at the foot of every front or "
                   "every back, to tell print runs apart.")
def build(game: str, variant: str | None, out: Path | None, changed: bool, since: Path | None,
          only: str | None, version_mark: str | None, **settings) -> None:
    """Build a game's print-and-play PDF (and keep a record of what it printed)."""
    from .project import build as run, open_game

    start = time.perf_counter()
    if only is not None and (changed or since):
        raise OptionError("--only", "--only and --changed choose the pieces two ways: give one")
    _check_pdf_out(_game_folder(game), out)
    proof = settings["proof"]
    if out is not None and (changed or since or only is not None or proof):
        from .printrun.record import is_record

        if is_record(_record_of(out)):  # a partial print, or a proof, is not the kit
            raise PnpError(f"--out {out}: that is the whole kit {_record_of(out)} records; a "
                           "partial print (--changed, --only) or a proof goes to another file, "
                           "so the kit's PDF is kept")
    options = _print_settings(**settings)
    with collector_paused():  # from opening the game: its layouts and model are many objects
        opened = open_game(game, variant=variant)
        target, since = _build_target(opened.name, out, changed, since, only, proof)
        built = run(opened, target, **options, record=_record_of(target),
                    since=since, only=only, version_mark=version_mark)
    show(built.findings)
    if not built.pages:
        click.echo(built.note)
        return
    said = f" ({built.note})" if built.note else ""
    click.echo(f"{built.path}: {built.pages} pages{said} in {time.perf_counter() - start:.2f} s")


def _proof_name(name: str) -> str:
    """The file name a proof of the game `name`'s kit is written to unless told."""
    return f"{name}-proof.pdf"


def _record_of(pdf: Path) -> Path:
    """Where a whole kit's print record is kept: beside its PDF (kit.pdf, kit.printed.json).
    `build` and `watch` both keep it there, so it always says what that PDF holds."""
    return pdf.with_suffix(".printed.json")


def _build_target(name: str, out: Path | None, changed: bool, since: Path | None,
                  only: str | None, proof: bool = False) -> tuple[Path, Path | None]:
    """Where `pnp build` writes the game `name`'s PDF, and the record --changed compares with
    (--since's, else the whole kit's record here). A whole kit's proof goes beside the kit's
    PDF, which it leaves alone."""
    from .output import default_output

    whole = Path("output") / f"{name}.pdf"
    if not (changed or since):
        if out is None and proof and only is None:
            target = default_output(_proof_name(name))
            click.echo(f"a proof, not for cutting, goes to {target}; the print PDF {whole} is "
                       "left as it is (--out to choose another file)")
            return target, since
        return out or default_output(f"{name}-only.pdf" if only else whole.name), since
    if since is None:
        from .printrun.record import whole_kit_record

        default = _record_of(whole)
        since = whole_kit_record(name, default)
        if since != default:
            click.echo(f"comparing with {since}, the print record of {name} here "
                       "(--since FILE to choose another)")
    return out or default_output(f"{name}-changed.pdf"), since


def _pair(text: str, option: str) -> tuple[float, float]:
    import math

    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        x = y = math.nan
    if not (math.isfinite(x) and math.isfinite(y)):
        raise OptionError(option, f"takes two numbers in mm, like 0.5,-1 (got {short(text)!r})")
    from .project import BACK_OFFSET_FAULT, MAX_BACK_OFFSET_MM

    if max(abs(x), abs(y)) > MAX_BACK_OFFSET_MM:
        raise OptionError(option, BACK_OFFSET_FAULT)
    return x, y


@main.command()
@GAME
@VARIANT
@click.option("--format", "fmt", type=click.Choice(["booklet", "pod", "png", "tts", "cut"]),
              required=True,
              help="booklet: saddle-stitched rule booklet; pod: one face a page with trim and "
                   "bleed boxes; png: one image per face and per board; tts: Tabletop Simulator "
                   "deck sheets; cut: sheets and cut paths for a cutting machine (--machine).")
@click.option("--out", "-o", type=click.Path(path_type=Path),
              help="Output file (booklet, pod) or folder (png, tts).")
@PAPER
@bleed_option("pod, png, cut: bleed around each face, in mm (default 3).", default=None)
@click.option("--dpi", type=click.IntRange(30, 1200), help="png: pixels per inch (default 300).")
@click.option("--force", is_flag=True, help="Export even if the data breaks the rules.")
@click.option("--service", type=click.Choice(["tgc", "mpc", "drivethru"]),
              help="pod: files as The Game Crafter, MakePlayingCards or DriveThruCards take "
                   "them (their trim, bleed, safe zone and pixels), with a manifest.csv.")
@click.option("--cmyk", is_flag=True,
              help="pod: a PDF/X-1a:2003 file, every colour and image CMYK through pnp's "
                   "coated-press profile (240 % ink at most), transparency flattened.")
@click.option("--machine", type=click.Choice(["silhouette", "cricut"]),
              help="cut: the machine whose print-then-cut registration the sheets follow.")
@click.option("--corner-radius", type=click.FloatRange(0, 20), metavar="MM", callback=_finite_option,
              help="cut: rounded corners of the cut outlines, in mm (default: game.toml's "
                   "[cut] corner_radius, else 3, a poker card's).")
@click.option("--profile", type=FILE, metavar="ICC",
              help="pod --cmyk: separate through this CMYK .icc profile (the print shop's own, "
                   "e.g. the one its specifications name) instead of pnp's generic one.")
@click.option("--url-base", metavar="URL",
              help="tts: the https:// address the images will be uploaded to; the saved object "
                   "links them there (not to this computer's files), so it can be shared.")
def export(game: str, variant: str | None, fmt: str, out: Path | None, paper: str | None,
           bleed: float | None, dpi: int | None, force: bool, service: str | None, cmyk: bool,
           machine: str | None, corner_radius: float | None, url_base: str | None,
           profile: Path | None) -> None:
    """Other outputs: booklet imposition, print-on-demand, PNG, Tabletop Simulator, cutting
    machines. An option the format does not use is refused, not ignored."""
    from .output import default_output
    from .project import export as run, open_game

    default = {"booklet": "{}-booklet.pdf", "pod": "{}-pod.pdf", "png": "{}-png",
               "tts": "{}-tts", "cut": "{}-cut-" + (machine or "")}[fmt]
    if service:
        default = "{}-" + service
    elif cmyk:  # a plain pod file in CMYK: beside the RGB one of the same kit, not over it
        default = "{}-pod-cmyk.pdf"
    opened = open_game(game, variant=variant)
    target = out or default_output(default.format(opened.name))
    summary, findings = run(opened, fmt, target, paper=paper, bleed_mm=bleed,
                            dpi=dpi, force=force, service=service, cmyk=cmyk,
                            machine=machine, corner_radius_mm=corner_radius,
                            url_base=url_base, profile=profile)
    show(findings)
    click.echo(summary)


@main.command()
@click.argument("name")
@click.option("--dir", "parent", type=click.Path(file_okay=False, path_type=Path),
              default=Path("card_data"), show_default=True, help="Where to create the game.")
@click.option("--template", type=click.Choice(["deck", "tokens-and-board", "hex-tiles",
                                               "hex-board", "trick-taking", "market"]),
              default="deck", show_default=True, help="What the new game starts with.")
def new(name: str, parent: Path, template: str) -> None:
    """Start a new game folder that builds at once."""
    from .scaffold import game_argument, new_game

    folder = new_game(name, parent, template)
    click.echo(f"{folder}: edit its data, layouts/ and game.toml, then: pnp build --game "
               f"{game_argument(name, parent)}")


@main.command()
@GAME
@VARIANT
@print_options
def watch(game: str, variant: str | None, out: Path | None, **settings) -> None:
    """Rebuild the PDF and its print record whenever the game's files change (Ctrl-C to stop)."""
    from .output import default_output
    from .data.game import find_game
    from .project import build as run, open_game
    from .watch import game_folders, watch as loop

    options = _print_settings(**settings)
    folder = find_game(game)
    _check_pdf_out(folder, out)
    # an unknown variant: an error before watching; the PDF is named as `pnp build` names it
    name = open_game(str(folder), variant=variant).name
    target = out or default_output(_proof_name(name) if settings["proof"] else f"{name}.pdf")
    record = _record_of(target)

    def rebuild() -> str:  # the record too, as `pnp build` keeps it: --changed starts from it
        built = run(open_game(str(folder), variant=variant), target, **options, record=record)
        show(built.findings)
        return f"{target}: {built.pages} pages"

    def ours(path: Path) -> bool:  # our own PDF and record may lie inside the game folder
        return path.resolve() in (target.resolve(), record.resolve())

    click.echo(f"watching {folder} (Ctrl-C to stop)")
    try:
        loop(rebuild, lambda: game_folders(folder), echo=click.echo, ignore=ours)
    except KeyboardInterrupt:
        click.echo("stopped")


@main.command()
@GAME
@variant_option(writes=False)
@click.option("--card", "-c", required=True, metavar="FILE:ROW",
              help="The data row the piece comes from, as validation names it (cards.csv:3), "
                   "or a piece's or board's name (\"reference card\"), or the start of one "
                   "(\"score board\").")
@click.option("--back", is_flag=True, help="The back instead of the front.")
@click.option("--dpi", type=click.IntRange(30, 1200), default=150, show_default=True)
@bleed_option()
@click.option("--proof", is_flag=True, help="Outline trim, bleed, safe zone and element boxes.")
@click.option("--out", "-o", type=FILE, required=True, help="The PNG to write.")
def preview(game: str, variant: str | None, card: str, back: bool, dpi: int, bleed: float,
            proof: bool, out: Path) -> None:
    """Render one face of one piece to a PNG (what `pnp serve` shows)."""
    from .preview import preview as run
    from .project import open_game, refusal

    opened = open_game(game, variant=variant)
    drawn, findings, others = run(opened, card, out, back=back, dpi=dpi, bleed_mm=bleed,
                                  proof=proof)
    side = "back" if back else "front"
    click.echo(f"{out}: {drawn.spec.name}, {side}, {dpi} dpi")
    if others:
        click.echo(f"{card} also makes {len(others)} more; name one with --card: "
                   + ", ".join(f'"{name}"' for name in others))
    if any(f.level == "error" for f in findings):  # the image is kept: it shows the problem
        raise refusal(opened)(findings, f"{out} shows the face as `pnp build --force` would print it")
    show(findings)


@main.command()
@GAME
@variant_option(writes=False)
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; anything but loopback lets other machines see the "
                   "page.")
@click.option("--port", type=click.IntRange(0, 65535), default=0,
              help="Port (default: a free one, printed on start).")
@click.option("--dpi", type=click.IntRange(30, 600), default=150, show_default=True,
              help="Resolution of the face images.")
def serve(game: str, variant: str | None, host: str, port: int, dpi: int) -> None:
    """A live page of every face of the kit, rebuilt as you edit (Ctrl-C to stop)."""
    from .server import serve as run

    run(game, host=host, port=port, dpi=dpi, echo=click.echo, variant=variant)


@main.command()
@PAPER
@click.option("--out", "-o", type=FILE, help="[default: output/calibration.pdf]")
def calibrate(paper: str | None, out: Path | None) -> None:
    """A two-page sheet to check 100 % scale and measure the printer's duplex shift."""
    from .export.outputs import export_calibration
    from .output import atomic_output, default_output
    from .render.fonts import load_fonts
    from .layout.paper import parse_paper

    _check_pdf_out(None, out)
    sheet = parse_paper(paper or "a4")
    out = out or default_output("calibration.pdf")
    with atomic_output(out) as tmp:
        export_calibration(load_fonts(), tmp, sheet.size)
    click.echo(f"{out}: print it double-sided at 100 % and follow the steps on it")


@main.group()
def printer() -> None:
    """Printer profiles: a printer's duplex shift and scale, saved once, used by every build."""


@printer.command("set")
@click.argument("name")
@click.option("--back-offset", default="0,0", show_default=True, metavar="X,Y",
              help="The --back-offset this printer needs, in mm (from `pnp calibrate`).")
@click.option("--scale", type=float, default=1.0, show_default=True,
              help="Scale every page by this (the 50 mm square measured 49.5 mm: 50/49.5).")
@click.option("--default", "make_default", is_flag=True,
              help="Make it the default printer (the first one saved is, too).")
def printer_set(name: str, back_offset: str, scale: float, make_default: bool) -> None:
    """Save (or replace) a printer profile."""
    from .printer import Printer, set_printer

    path = set_printer(Printer(name, _pair(back_offset, "--back-offset"), scale), make_default)
    click.echo(f"{path}: printer {name!r} saved")


@printer.command("remove")
@click.argument("name")
def printer_remove(name: str) -> None:
    """Forget a saved printer profile."""
    from .printer import remove_printer

    path = remove_printer(name)
    click.echo(f"{path}: printer {name!r} removed")


@printer.command("list")
def printer_list() -> None:
    """The saved printer profiles; * marks the default."""
    from .printer import load, profiles_path

    printers, default = load()
    if not printers:
        click.echo(f"no printers saved yet ({profiles_path()}); add one with "
                   "pnp printer set NAME --back-offset X,Y --scale S")
    for p in printers.values():
        click.echo(f"{'*' if p.name == default else ' '} {p.name:<12} back offset "
                   f"{p.back_offset[0]:g},{p.back_offset[1]:g} mm   scale {p.scale:g}")


AGENTS_HELP = ("Agent per seat, comma-separated; one name plays every seat. Names: random, greedy, "
               "mcts (tree search; mcts:N plays N playouts a move, mcts:Ns searches N seconds a "
               "move), a registered agent, module:Class or file.py:Class.")


LADDER = click.option(
    "--ladder", is_flag=False, flag_value="default", metavar="[AGENTS]",
    help="Also play the games with every seat given the same agent, for each agent of a ladder "
         "(default: random, the game's greedy agent if it has one, mcts:50, mcts:200; or "
         "agents comma-separated), and say "
         "whether a seat advantage or a character's (or card's) lead holds at every level or "
         "for one agent only.")


# games a run may play: days of play at a thousand games a second; a typo's 10^12 games used to
# fill the memory with the list of its chunks before the first game
MAX_GAMES = 10_000_000

LADDER_GAMES = click.option(
    "--ladder-games", type=click.IntRange(1, MAX_GAMES), metavar="N",
    help="Games at each level of --ladder (default: the run's --games): its search levels "
         "cost every seat's search, so fewer games there keep a long run affordable.")


def _ladder_games(games: int, ladder: str | None, ladder_games: int | None) -> int:
    if ladder_games is not None and ladder is None:
        raise OptionError("--ladder-games", f"{ladder_games} is the games of a ladder: give "
                          "--ladder too")
    return games if ladder_games is None else ladder_games


SEED = click.option("--seed", "-s", type=int, default=1, show_default=True,
                    help="Seed of the run: the same seed gives the same figures.")
class PlayerCount(click.IntRange):
    """A number of players, refused in words a designer reads (click said "'abc' is not a
    valid integer range.", naming a type, not what to give)."""
    name = "number of players"

    def __init__(self) -> None:
        super().__init__(1)

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            self.fail(f"{str(value)!r} is not a number of players: give one such as 2 or 3",
                      param, ctx)


PLAYERS = click.option("--players", "-p", type=PlayerCount(), metavar="N",
                       help="Number of players (default: the game's own).")
AGENTS = click.option("--agents", "-a", default="random", show_default=True, help=AGENTS_HELP)
# worker processes a run may start: each holds the game (some 20 MB of its own, Legolas), so
# `--jobs 1000` (meant as --games) would start hundreds and fill a small machine's memory
MAX_JOBS = 256
JOBS = click.option("--jobs", "-j", type=click.IntRange(0, MAX_JOBS), default=0,
                    help="Worker processes (default 0: all cores; 1: no extra process).")


def _ladder(setup, games: int, seed: int, agents: list[str], jobs: int, scheduler: str | None,
            cards=None) -> dict:
    from .sim.ladder import run_ladder
    from .sim.progress import Progress

    with Progress(f"Ladder {setup.name}") as bar:
        bar.start(games * len(agents) * (2 if cards is not None else 1))
        return run_ladder(setup, games, seed=seed, levels=agents, jobs=jobs,
                          scheduler=scheduler, progress=bar, cards=cards)


def _check_scheduler(ctx, param, value: str | None) -> str | None:
    """A malformed address is refused before any game is loaded or played."""
    from .sim.executor import check_address

    return check_address(value) if value is not None else None


SCHEDULER = click.option("--scheduler", metavar="tcp://HOST:PORT", callback=_check_scheduler,
                         help="Play the games on this Dask scheduler's workers instead of local "
                              "processes (needs dask and distributed: pip install '.[cluster]' "
                              "in the pnp checkout); same figures.")


def _simulate_run(game: str, games: int, seed: int, players: int | None, agents: str,
                  jobs: int, scheduler: str | None, ladder: str | None):
    """Open a game and simulate it (a progress bar on a terminal): (setup, figures, the
    --ladder's agents, checked before any game is played; None without --ladder)."""
    from .sim import agents as registry
    from .sim.ladder import parse_levels
    from .sim.progress import Progress
    from .sim.simulate import load_game, run_figures, simulate as run

    setup = load_game(game, players)
    specs = registry.parse(setup.engine, agents, setup.num_players)
    levels = parse_levels(setup.engine, ladder) if ladder is not None else None
    with Progress(f"Simulating {setup.name}").start(games) as bar:
        result = run(setup, games, seed=seed, agents=specs, jobs=jobs, progress=bar,
                     scheduler=scheduler)
    return setup, run_figures(setup, result, seed=seed, agents=specs), levels


@main.command()
@GAME
@click.option("--games", "-n", type=click.IntRange(1, MAX_GAMES), default=1000, show_default=True,
              help="Number of games.")
@SEED
@PLAYERS
@AGENTS
@JOBS
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@SCHEDULER
@LADDER
@LADDER_GAMES
def simulate(game: str, games: int, seed: int, players: int | None, agents: str, jobs: int,
             as_json: bool, scheduler: str | None, ladder: str | None,
             ladder_games: int | None) -> None:
    """Play many seeded games between agents and print win rates, game length and the game's
    balance figures."""
    import json

    from .sim.ladder import format_ladder
    from .sim.summary import format_text

    level_games = _ladder_games(games, ladder, ladder_games)
    setup, fig, levels = _simulate_run(game, games, seed, players, agents, jobs, scheduler, ladder)
    if levels is not None:
        fig["ladder"] = _ladder(setup, level_games, seed, levels, jobs, scheduler)
    if as_json:
        click.echo(json.dumps(fig, indent=2))
        return
    click.echo(format_text(fig))
    if ladder is not None:
        click.echo("\n" + format_ladder(fig["ladder"]))


@main.command()
@GAME
@click.option("--games", "-n", type=click.IntRange(1, MAX_GAMES), default=2000, show_default=True,
              help="Number of games.")
@SEED
@click.option("--out", "-o", type=FILE, help="Output PDF (default: output/<game>-balance.pdf).")
@PLAYERS
@AGENTS
@JOBS
@SCHEDULER
@LADDER
@LADDER_GAMES
def report(game: str, games: int, seed: int, out: Path | None, players: int | None, agents: str,
           jobs: int, scheduler: str | None, ladder: str | None,
           ladder_games: int | None) -> None:
    """Simulate a game and write a balance report PDF of charts."""
    from .output import default_output
    from .sim.balanceproof import card_section
    from .sim.ladder import format_ladder
    from .sim.progress import Progress
    from .sim.report import write_report
    from .sim.stats import games_text

    level_games = _ladder_games(games, ladder, ladder_games)
    folder = _game_folder(game)
    if out is not None:  # refuse a bad --out before minutes of simulation, not after
        _check_pdf_out(folder, out)
        _check_outputs(folder, _cards_table(out))
    setup, fig, levels = _simulate_run(game, games, seed, players, agents, jobs, scheduler, ladder)
    target = out or default_output(f"{setup.name}-balance.pdf")
    table = _cards_table(target)
    _check_outputs(folder, target, table)
    with Progress(f"Counting cards {setup.name}") as bar:
        proof, cards = card_section(game, setup, games, seed=seed, agents=fig["agents"],
                                    csv_out=table, jobs=jobs, scheduler=scheduler,
                                    progress=bar)
    if levels is not None:
        fig["ladder"] = _ladder(setup, level_games, seed, levels, jobs, scheduler,
                                cards=folder if cards else None)
    titles = write_report(fig, target, proof)
    click.echo(f"{target}: {len(titles)} charts from {games_text(fig['games'])} "
               f"({fig['run']['seconds']:.1f} s)")
    if ladder is not None:
        click.echo(format_ladder(fig["ladder"]))
    if cards:
        flagged = sum(c["measurable"] for c in cards)
        click.echo(f"{table}: {len(cards)} card rows, {flagged} with a measurable effect")


def _game_folder(game: str) -> Path | None:
    """The folder a command's outputs must never overwrite; None for an engine name run on its
    built-in data."""
    from .data.game import find_game

    try:
        return find_game(game)
    except PnpError:
        return None


def _cards_table(report: Path) -> Path:
    return report.with_name(f"{report.stem}-cards.csv")


def _check_outputs(folder: Path | None, *outputs: Path) -> None:
    from .output import check_file_target

    for out in outputs:
        check_file_target(out, folder)


def _check_pdf_out(folder: Path | None, out: Path | None) -> None:
    """Refuse an --out a PDF cannot sensibly be written to before any work is done: the
    checks every output has, then a name that does not end in .pdf (a report.txt that is a
    PDF opens as garbage)."""
    if out is None:
        return
    _check_outputs(folder, out)
    if out.suffix.lower() != ".pdf":
        shown = str(out) if str(out).isprintable() else repr(str(out))  # one line, whatever it holds
        raise PnpError(f"--out {shown}: this command writes a PDF, so the file name must end in "
                       ".pdf")


@main.command()
@GAME
@click.option("--set", "sets", multiple=True, required=True, metavar="TARGET=VALUES",
              help="A setting and its values: section.key of game.toml "
                   "(options.wound_limit=50,75,100) or file.csv:ROW.column "
                   "(characters.csv:psychic.threshold=10..14; ROW is the first column's value "
                   "or #N, the row number, header = 1). Repeat for every combination.")
@click.option("--games", "-n", type=click.IntRange(2, MAX_GAMES), default=1000, show_default=True,
              help="Games per variant (the same seeds for every variant).")
@click.option("--seed", "-s", type=int, default=1, show_default=True,
              help="Seed of the run: game i of the base and of every variant is played from the "
                   "same seed derived from it; the same seed gives the same figures.")
@PLAYERS
@AGENTS
@JOBS
@SCHEDULER
@click.option("--out", "-o", type=FILE, help="Report PDF (default: output/<game>-sweep.pdf).")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def sweep(game: str, sets: tuple[str, ...], games: int, seed: int, players: int | None,
          agents: str, jobs: int, scheduler: str | None, out: Path | None,
          as_json: bool) -> None:
    """Change the game's data and compare each variant with the base on the same seeds."""
    import json

    from .output import default_output
    from .sim.progress import Progress
    from .sim.sweep import format_sweep, sweep as run
    from .sim.sweepreport import write_sweep_report

    folder = _game_folder(game)
    _check_pdf_out(folder, out)  # a bad --out before minutes of simulation, not after
    with Progress(f"Sweeping {game}") as bar:
        result = run(game, sets, games=games, seed=seed, agents=agents, players=players,
                     jobs=jobs, scheduler=scheduler, progress=bar)
    text = json.dumps(result, indent=2) if as_json else format_sweep(result)
    if not any(v["valid"] for v in result["variants"]):
        click.echo(text)
        # each variant is the game with the values --set wrote in: the data is what is wrong
        raise DataError("every variant fails validation: nothing was compared, no report "
                        "written")
    target = out or default_output(f"{result['game']}-sweep.pdf")
    _check_outputs(folder, target)
    write_sweep_report(result, target)
    click.echo(text)
    if not as_json:
        click.echo(f"{target}: the sweep's table and charts")
    failed = [v["label"] for v in result["variants"] if not v["valid"]]
    if failed:  # the others are compared; a script still learns the sweep was not whole
        raise DataError(f"{len(failed)} of {len(result['variants'])} variants fail validation "
                        f"({'; '.join(failed)}): the report compares the others")


@main.command("play")
@GAME
@click.option("--seat", type=click.IntRange(1), default=1, show_default=True,
              help="Your seat (1 = first).")
@click.option("--opponent", help="greedy, random, mcts (or another agent name), or human for "
              "hot-seat (default: the game's greedy agent; mcts for a game without one, "
              "such as one whose rules are data).")
@click.option("--seed", "-s", type=int, help="Seed of the shuffles and the agents "
              "(default: a random one, printed).")
@PLAYERS
def play_cmd(game: str, seat: int, opponent: str | None, seed: int | None,
             players: int | None) -> None:
    """Play a game in the terminal against an agent, or hot-seat (--opponent human)."""
    from .sim.agents import check, names
    from .sim.play import play_terminal
    from .sim.simulate import load_game

    setup = load_game(game, players)
    if opponent is None:
        opponent = "greedy" if "greedy" in names(setup.engine) else "mcts"
    if opponent != "human":
        check(setup.engine, opponent, "--opponent")
    play_terminal(setup, seat=seat - 1, opponent=opponent, seed=seed,
                  read=_stdin_line, write=click.echo)


def _stdin_line() -> str:
    """A line of standard input in its encoding; bytes that do not decode are kept (as lone
    surrogates, which play refuses as not text) rather than raised over, which would lose the
    lines buffered behind them."""
    raw = getattr(sys.stdin, "buffer", None)
    if raw is None:
        return sys.stdin.readline()
    return raw.readline().decode(sys.stdin.encoding or "utf-8", "surrogateescape")


@main.command()
@click.option("--sizes", default="54,540,5400,54000", show_default=True,
              help="Synthetic deck sizes in cards, comma-separated (each measured once, "
                   "smallest first).")
@click.option("--sim-seconds", type=click.FloatRange(0.05, 60), default=2.0, show_default=True,
              callback=_finite_option,
              help="How long to play each game's engine for the games/s figure (a game's "
                   "games/s goal is judged only at 2 s or more).")
def bench(sizes: str, sim_seconds: float) -> None:
    """Measure start-up, build and simulation speed against a bare reportlab floor."""
    from .bench import parse_sizes, run

    run(sizes=parse_sizes(sizes), sim_seconds=sim_seconds, echo=click.echo)


if __name__ == "__main__":
    main()
