"""The library's front door: open a game, validate it, build its PDF. The CLI is a thin layer
over these functions; they raise PnpError and never print or exit."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .data.game import GameFolder, find_game
from .errors import Finding, PnpError, RulesError, error
from .units import MM, PAPERS


@dataclass
class OpenGame:
    folder: GameFolder
    module: Any
    model: Any

    @property
    def name(self) -> str:
        return self.folder.slug


def open_game(name_or_path: str, cwd: Path | None = None) -> OpenGame:
    from .games import game_module

    folder = GameFolder.open(find_game(name_or_path, cwd))
    engine = folder.get("game", "engine")
    module = game_module(engine, folder.toml_path)
    return OpenGame(folder, module, module.load(folder))


def validate(game: OpenGame) -> list[Finding]:
    return list(game.module.validate(game.model))


def errors_in(findings: list[Finding]) -> list[Finding]:
    return [f for f in findings if f.level == "error"]


@dataclass
class Built:
    path: Path
    pages: int
    findings: list[Finding]
    sections: list


def build(game: OpenGame, out: Path, *, paper: str = "a4", bleed_mm: float = 3.0,
          backs: bool = True, force: bool = False) -> Built:
    """Validate, render to a temporary file, check what was drawn against the rules, and only
    then replace `out`. With force, problems are reported but the PDF is still written."""
    from collections import Counter

    from .kit import compare_manifest
    from .output import atomic_output
    from .render.fonts import load_fonts
    from .render.pdf import Options, render_kit

    if paper not in PAPERS:
        raise PnpError(f"unknown paper {paper!r}; use one of {', '.join(PAPERS)}")
    if not 0 <= bleed_mm <= 10:
        raise PnpError(f"bleed {bleed_mm} mm is out of range (0 to 10 mm)")
    findings = validate(game)
    if errors_in(findings) and not force:
        raise RulesError(findings)
    fonts = load_fonts(game.model.common.fonts)
    kit = game.module.build_kit(game.model, fonts)
    options = Options(PAPERS[paper], bleed_mm * MM, backs)
    required: Counter = game.module.required_kit(game.model)
    with atomic_output(out) as tmp:
        result = render_kit(kit, fonts, tmp, options)
        drawn = result.findings + [error(f"manifest: {p}")
                                   for p in compare_manifest(result.placed, required)]
        findings += [f for f in dict.fromkeys(drawn)]  # one line per distinct problem
        if errors_in(drawn) and not force:
            raise RulesError(findings)
    return Built(out, result.pages, findings, result.sections)
