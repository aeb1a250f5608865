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
from ...errors import Finding, PnpError, Source, warning
from ...faces import Env, LayoutFace
from ...kit import Board, Kit, Piece, Sheet
from ...render.booklet import Booklet
from ...templating import plain
from ...units import length
from ..base import Common, booklet_text, load_common
from .components import Compiler, Component, legacy_component, read_component


@dataclass(frozen=True)
class Model:
    common: Common
    components: tuple[Component, ...]
    checks: tuple[Check, ...]


def load(folder: GameFolder) -> Model:
    common = load_common(folder)
    items = folder.config.get("component")
    if items is None:
        items = [legacy_component(folder)]
    elif not isinstance(items, list):
        raise PnpError(f"{folder.toml_path.name}: components are [[component]] tables")
    safe = length(folder.get("layout", "safe", (str, int, float), default="3mm"),
                  folder.toml_path, field="layout.safe")
    lang = folder.get("layout", "language", default="en_US")
    env = Env(folder.path, common.palette, safe, lang)
    game = plain({k: getattr(common, k) for k in ("title", "designer", "players", "ages",
                                                   "duration", "version", "credits")})
    palette = {k: plain(v) for k, v in common.palette.items()}
    base = {**palette, "palette": palette, "game": game}
    compiler = Compiler(folder, env, common.palette)
    components = tuple(read_component(folder, item, i, compiler, base)
                       for i, item in enumerate(items, 1))
    names = [c.name for c in components]
    twice = {n for n in names if names.count(n) > 1}
    if twice:
        raise PnpError(f"{folder.toml_path.name}: two components are named {sorted(twice)[0]!r}")
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


def _label(c: Component, i: int) -> str:
    row = c.table.rows[i]
    for key in ("title", "name", "label"):
        if key in c.table.columns and str(row[key]).strip():
            return str(row[key]).strip()
    return f"{c.name} {i + 1}"


def faces(c: Component):
    """(front, back) drawers per row; a layout with no expressions gets one shared drawer."""
    shared = {}

    def face(layout, ctx):
        if layout is None:
            return None
        if layout.static:
            if id(layout) not in shared:
                shared[id(layout)] = LayoutFace(layout, {})
            return shared[id(layout)]
        return LayoutFace(layout, ctx)

    return [(face(c.front, ctx), face(c.back_for(i), ctx)) for i, ctx in enumerate(c.contexts)]


def build_kit(model: Model, fonts) -> Kit:
    kit = Kit(model.common.title)
    for c in model.components:
        drawers = faces(c)
        if not c.on_sheets:
            for i, (front, back) in enumerate(drawers):
                for _ in range(c.counts[i]):
                    kit.boards.append(Board(f"{c.title}: {_label(c, i)}" if len(drawers) > 1
                                            else c.title, c.width, c.height, front, (c.name,),
                                            c.table.rows[i].source))
                    if back is not None:
                        kit.boards.append(Board(f"{c.title}: {_label(c, i)} (back)", c.width,
                                                c.height, back, (), c.table.rows[i].source))
            continue
        pieces = tuple(Piece(c.name, _label(c, i), front, back, c.table.rows[i].source)
                       for i, (front, back) in enumerate(drawers) for _ in range(c.counts[i]))
        kit.sheets.append(Sheet(c.title, c.width, c.height, pieces, shape=c.shape, gap=c.gap,
                                two_sided=c.two_sided))
    cards = next((c for c in model.components if c.on_sheets), None)
    rows = [] if cards is None else [
        {"title": _label(cards, i), "count": cards.counts[i],
         "text": str(cards.table.rows[i].get("text", ""))} for i in range(len(cards.counts))]
    listing = [{"name": c.name, "title": c.title, "count": sum(c.counts)}
               for c in model.components]
    text = booklet_text(model.common, {"cards": rows, "components": listing})
    kit.booklet = Booklet(model.common.title, text, {}, source=str(model.common.folder.path))
    return kit
