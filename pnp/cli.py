"""The `pnp` command. Each command parses, calls the library, and reports; heavy modules are
imported inside the commands so `pnp --help` stays quick."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from . import __version__
from .errors import PnpError, RulesError

GAME = click.option("--game", "-g", required=True, metavar="NAME|PATH",
                    help="A game name (from ./card_data or shipped with pnp) or a game folder.")


def _fail(exc: PnpError) -> None:
    if isinstance(exc, RulesError):
        for f in exc.findings:
            click.echo(str(f), err=True)
    click.echo(f"Error: {exc}", err=True)
    sys.exit(exc.exit_code)


def _show(findings) -> None:
    for f in findings:
        click.echo(str(f), err=True)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def main() -> None:
    """Print-and-play kits and rules engines for tabletop games."""


@main.command("list")
def list_cmd() -> None:
    """List the games pnp can build."""
    from .data.files import read_toml
    from .data.game import GAME_FILE, list_games

    for name, path in list_games().items():
        try:
            title = read_toml(path / GAME_FILE).get("game", {}).get("title", "")
        except PnpError:
            title = "(game.toml has errors)"
        click.echo(f"{name:<12} {title}   [{path}]")


@main.command()
@GAME
def validate(game: str) -> None:
    """Check a game's card data against its rules engine."""
    from .project import errors_in, open_game, validate as run

    try:
        opened = open_game(game)
        findings = run(opened)
    except PnpError as exc:
        _fail(exc)
        return
    _show(findings)
    errors = errors_in(findings)
    if errors:
        click.echo(f"Error: {len(errors)} problem(s) in {opened.name}", err=True)
        sys.exit(RulesError.exit_code)
    click.echo(f"{opened.name}: the card data matches the rules"
               + (f" ({len(findings)} warning(s))" if findings else ""))


@main.command()
@GAME
@click.option("--out", "-o", type=click.Path(dir_okay=False, path_type=Path),
              help="Output PDF (default: output/<game>.pdf).")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False),
              default="a4", show_default=True)
@click.option("--bleed", type=click.FloatRange(0, 10), default=3.0, show_default=True,
              metavar="MM", help="Bleed around each card, in mm.")
@click.option("--no-backs", is_flag=True, help="Leave out the back pages (single-sided print).")
@click.option("--force", is_flag=True, help="Print even if the data breaks the rules.")
def build(game: str, out: Path | None, paper: str, bleed: float, no_backs: bool,
          force: bool) -> None:
    """Build a game's print-and-play PDF."""
    from .project import build as run, open_game

    start = time.perf_counter()
    try:
        opened = open_game(game)
        target = out or Path("output") / f"{opened.name}.pdf"
        built = run(opened, target, paper=paper.lower(), bleed_mm=bleed, backs=not no_backs,
                    force=force)
    except PnpError as exc:
        _fail(exc)
        return
    except KeyboardInterrupt:
        click.echo("Error: interrupted; no output was changed", err=True)
        sys.exit(130)
    _show(built.findings)
    click.echo(f"{built.path}: {built.pages} pages in {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
