"""A game made from data alone, with no rules engine: the starting point `pnp new` gives a
designer. game.toml lists its components (cards, tokens, tiles, boards, mats), each with its
rows and the layout files of its faces (see components.py), and `[[check]]` rules the data must
keep. A game.toml without components is the first plain deck: cards.csv (title, text, colour,
count, image) with [card] size and [back] colour and text."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ...checks import Check, read_checks, run_checks
from ...data.game import GameFolder
from ...errors import DataError, Finding, Source, warning
from ...data.layouts.compiled import Env
from ...units import length
from ..base import Common, layout_constants, load_common
from .components import Compiler, Component, legacy_component, read_component


@dataclass
class Model:
    """A data-only game: its components and the checks their rows must keep."""

    common: Common
    components: tuple[Component, ...]
    checks: tuple[Check, ...]


def load(folder: GameFolder) -> Model:
    common = load_common(folder)
    items = folder.config.get("component")
    if items is None:
        items = [legacy_component(folder)]
    elif not isinstance(items, list):
        raise DataError("components are [[component]] tables", folder.toml_path,
                        field="component")
    safe = length(folder.get("layout", "safe", (str, int, float), default="3mm"),
                  folder.toml_path, field="layout.safe")
    lang = folder.get("layout", "language", default="en_US")
    env = Env(folder.path, common.palette, safe, lang)
    base = layout_constants(common)
    compiler = Compiler(folder, env, common.palette)
    components = tuple(read_component(folder, item, i, compiler, base)
                       for i, item in enumerate(items, 1))
    seen: dict[str, int] = {}
    for i, c in enumerate(components, 1):  # names are how checks and the guide call them
        first = seen.setdefault(c.name.casefold(), i)
        if first != i:
            raise DataError(f"component {i} is named {c.name!r}, as component {first} is; give "
                            "each [[component]] its own name", folder.toml_path,
                            field=f"component[{i}].name")
    tables = {c.name: c.table for c in components}
    checks = read_checks(folder, tables)
    return Model(common, components, checks)


def validate(model: Model) -> list[Finding]:
    findings: list[Finding] = []
    for c in model.components:
        findings.extend(c.table.notes)
        if not c.table.rows and not model.common.folder.problems:  # (not when rows were refused)
            findings.append(warning(f"{c.name}: {c.table.name} has no rows",
                                    Source(model.common.folder.toml_path)))
    counts = {c.name: c.counts for c in model.components}
    findings.extend(run_checks(model.checks, counts))
    return findings


def required_kit(model: Model) -> Counter:
    return Counter({c.name: sum(c.counts) for c in model.components})
