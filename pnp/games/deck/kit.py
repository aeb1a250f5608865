"""A game made from data alone, with no rules engine: the starting point `pnp new` gives a
designer. game.toml lists its components (cards, tokens, tiles, boards, mats), each with its
rows and the layout files of its faces (pnp/faces/components.py), and `[[check]]` rules the data
must keep. A game.toml without components is the first plain deck: cards.csv (title, text,
colour, count, image) with [card] size and [back] colour and text."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ...checks import Check, read_checks, run_checks
from ...data.game import GameFolder
from ...errors import Finding, Source, warning
from ...faces.components import Component, read_components
from ..base import Common, layout_constants, load_common


TABLES: dict = {}  # game.toml's tables are all pnp's own (pnp/data/tables.py)


@dataclass(frozen=True)
class Model:
    """A data-only game: its components and the checks their rows must keep."""

    common: Common
    components: tuple[Component, ...]
    checks: tuple[Check, ...]


def load(folder: GameFolder) -> Model:
    common = load_common(folder)
    components = read_components(folder, common.palette, layout_constants(common))
    checks = read_checks(folder, {c.name: c.table for c in components})
    return Model(common, components, checks)


def validate(model: Model) -> list[Finding]:
    findings: list[Finding] = []
    for c in model.components:
        findings.extend(c.table.notes)
        if not c.table.rows and not model.common.folder.blocking_errors():  # (rows refused)
            findings.append(warning(f"{c.name}: {c.table.name} has no rows",
                                    Source(model.common.folder.toml_path)))
    counts = {c.name: c.counts for c in model.components}
    findings.extend(run_checks(model.checks, counts))
    folder = model.common.folder
    if folder.get("game", "engine") == "deck" and (folder.path / "rules.toml").is_file():
        findings.append(warning("rules.toml is not used: [game] engine = \"deck\" plays no "
                                "rules; set engine = \"rules\" to play it",
                                Source(folder.toml_path), "game.engine"))
    return findings


def required_kit(model: Model) -> Counter:
    return Counter({c.name: sum(c.counts) for c in model.components})
