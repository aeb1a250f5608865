"""Experior's game folder read into the model: attacks.csv, modalities.csv, sides.csv,
cards.csv, markers.csv, the worked examples and game.toml's numbers. Every problem is noted in
folder.problems (bad cells, unknown names, rows the rules need that are missing)."""

from __future__ import annotations

from dataclasses import replace

from ...data.files import Column, Record
from ...data.game import GameFolder
from ...errors import DataError, Source
from ...units import MM
from ..base import (known as _known, keyed_rows, load_common, missing_colours,
                    note_unknown_options, setting)
from . import engine
from .rows import layout_names, load_layouts
from .model import (MARKER_KINDS, Attack, Card, ExampleTurn, Marker, Modality, Model, Position,
                    Side)

OPTIONS = ("wound_limit", "bonus_multiplier", "max_turns", "aid_cards")  # [options] it reads
# game.toml's tables of its own and their keys (pnp/data/tables.py)
TABLES = {"board": frozenset({"width", "height", "wound_cells_beyond", "experience_cells",
                              "experience_flip"}),
          "markers": frozenset({"diameter"}), "example_end": None}


def load(folder: GameFolder) -> Model:
    """The data, with every problem noted in folder.problems (bad cells, unknown names, rows
    the rules need that are missing); the kit is only drawn when none was noted."""
    common = load_common(folder)
    col = common.cell_colour  # a cell that names a colour

    types = engine.TYPES
    attacks = keyed_rows(
        folder, "attacks.csv", [Column("type"), Column("name"), Column("colour"),
                                Column("colour_name"), Column("beats")], "type", types,
        "attack type", lambda k, r: Attack(k, r["name"], col(r, "colour"), r["colour_name"],
                                           _known(r, "beats", types, "attack type"), r.source))
    modalities = keyed_rows(
        folder, "modalities.csv", [Column("modality"), Column("name"),
                                   Column("multiplier", "int", min=0, max=99)], "modality",
        engine.MODALITIES, "modality", lambda k, r: Modality(k, r["name"], r["multiplier"],
                                                             r.source))
    sides = keyed_rows(
        folder, "sides.csv", [Column("side"), Column("name"), Column("colour"), Column("ink")]
        + [Column(t, "int", min=0, max=99) for t in types], "side", engine.SIDES, "side",
        lambda k, r: Side(k, r["name"], col(r, "colour"), col(r, "ink"),
                          {t: r[t] for t in types}, r.source))
    cards = tuple(folder.each(
        "cards.csv", [Column("side"), Column("type"), Column("modality"),
                      Column("multiplier", "int", min=0, max=99)],
        lambda r: Card(_known(r, "side", engine.SIDES, "side"),
                       _known(r, "type", engine.TYPES, "attack type"),
                       _known(r, "modality", engine.MODALITIES, "modality"), r["multiplier"],
                       r.source)))

    markers = folder.each("markers.csv", [Column("side"), Column("marker"),
                                          Column("type", default="")], _marker)
    example, end_position, end_example = _examples(folder)
    note_unknown_options(folder, common, "experior", OPTIONS)
    for problem in missing_colours(folder, common, ("paper", "ink", "limit")):
        folder.note(problem)

    keep = folder.keep  # (a length is positive: None, a noted problem, takes the stand-in)
    model = Model(
        common=common, attacks=attacks, modalities=modalities, sides=sides, cards=cards,
        markers=tuple(markers), example=tuple(example), end_position=end_position,
        end_example=tuple(end_example),
        card_size=keep(folder.card_size) or (63 * MM, 88 * MM),
        marker_diameter=keep(folder.length, "markers", "diameter") or 10 * MM,
        board_size=(keep(folder.length, "board", "width") or 190 * MM,
                    keep(folder.length, "board", "height") or 270 * MM),
        wound_limit=setting(folder, "options", "wound_limit", 1, 9999, fallback=100),
        bonus_multiplier=setting(folder, "options", "bonus_multiplier", 0, 99, fallback=3),
        max_turns=setting(folder, "options", "max_turns", 1, 100_000, engine.DEFAULT_MAX_TURNS),
        aid_cards=setting(folder, "options", "aid_cards", 0, 10, 2),
        wound_cells_beyond=setting(folder, "board", "wound_cells_beyond", 0, 500, 50),
        experience_cells=setting(folder, "board", "experience_cells", 2, 60, 15),
        experience_flip=setting(folder, "board", "experience_flip", 1, 59, 10),
    )
    names = layout_names(model)  # (from the model's numbers: its layouts come after)
    return replace(model, layout_names=names, layouts=load_layouts(folder, common, names))


def _marker(r: Record) -> Marker:
    kind = _known(r, "marker", MARKER_KINDS, "marker")
    type_ = r["type"]
    if kind == "experience":
        type_ = _known(r, "type", engine.TYPES, "attack type")
    elif type_:
        raise DataError("a wound marker has no attack type; leave the cell empty",
                        r.source.path, r.source.row, "type")
    return Marker(_known(r, "side", engine.SIDES, "side"), kind, type_, r.source)


def _examples(folder: GameFolder) -> tuple[list[ExampleTurn], Position | None,
                                           list[ExampleTurn]]:
    """The booklet's worked examples: example.csv's turns, and the second one's start
    ([example_end]) and turns (example_end.csv), read only when the game has it."""
    columns = [Column(f"{s}_{k}") for s in engine.SIDES for k in ("type", "modality")]

    def turn(r: Record) -> ExampleTurn:
        return ExampleTurn({s: (_known(r, f"{s}_type", engine.TYPES, "attack type"),
                                _known(r, f"{s}_modality", engine.MODALITIES, "modality"))
                            for s in engine.SIDES}, r.source)

    example = folder.each("example.csv", columns, turn)
    end_position = folder.keep(_position, folder)
    end_example = folder.each("example_end.csv", columns, turn) if end_position else []
    return example, end_position, end_example


def _position(folder: GameFolder) -> Position | None:
    """[example_end] of game.toml: turn = 21, and per side wounds, experience by type and the
    locked card ("quick bow"); None when the game has no second example."""
    table = folder.section("example_end", required=False)
    if not table:
        return None
    where = folder.toml_path

    def number(value, field: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9999:
            raise DataError(f"expected a whole number from 0 to 9999, got {value!r}", where,
                            field=field)
        return value

    turn = number(table.get("turn"), "example_end.turn")
    if turn < 1:
        raise DataError("the turn starts at 1", where, field="example_end.turn")
    wounds: dict[str, int] = {}
    exp: dict[str, dict[str, int]] = {}
    locked: dict[str, tuple[str, str] | None] = {}
    for side in engine.SIDES:
        entry = table.get(side)
        if not isinstance(entry, dict):
            raise DataError(f"needs a table like {side} = {{ wounds = 80, sword = 5, bow = 4, "
                            "magic = 4, locked = \"quick bow\" }", where,
                            field=f"example_end.{side}")
        wounds[side] = number(entry.get("wounds"), f"example_end.{side}.wounds")
        exp[side] = {t: number(entry.get(t), f"example_end.{side}.{t}") for t in engine.TYPES}
        card = entry.get("locked")
        locked[side] = None
        if card is not None:
            parts = str(card).split()
            if len(parts) != 2 or (parts[1], parts[0]) not in engine.CARDS:
                raise DataError(f"locked card {card!r} is not a card like \"quick bow\"", where,
                                field=f"example_end.{side}.locked")
            locked[side] = (parts[1], parts[0])
    return Position(turn, wounds, exp, locked, Source(where))

