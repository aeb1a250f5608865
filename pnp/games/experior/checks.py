"""Experior's data checked against its rules engine's fixed facts: the attack types' winning
order and colours, one card per side, type and modality printing the data's multiplier, the
markers, tracks long enough for the limit, and the worked examples played to the end."""

from __future__ import annotations

from collections import Counter

from ...data.colours import looks
from ...data.game import finding
from ...errors import DataError, Finding, Source, error, warning
from . import engine
from .example import ended_before, worked_example
from .geometry import board_layout
from .model import Card, Model, complete, new_game


def validate(model: Model) -> list[Finding]:
    findings = _validate_attacks(model) + _validate_cards(model) + _validate_markers(model)
    toml = Source(model.common.folder.toml_path)
    findings += _validate_tracks(model, toml)  # the tracks long enough
    # the engine is built from this data and agrees with it
    if not complete(model):
        return findings  # noted when loading: no engine or example can be built from it
    try:
        game = new_game(model)
    except ValueError as exc:
        findings.append(error(f"the rules engine refuses the data: {exc}", toml))
        return findings
    if (game.wound_limit, game.start, game.multipliers, game.bonus_multiplier) != (
            model.wound_limit, model.start, model.multipliers, model.bonus_multiplier):
        findings.append(error("the rules engine was not built with the data's numbers", toml))
    findings += _validate_example(model, game)
    return findings


def _validate_attacks(model: Model) -> list[Finding]:
    """The engine's winning order and its colours (a design may rename the attack types, but
    the engine plays sword > bow > magic > sword, and the text's UNO colours carry meaning)."""
    findings = []
    for t in engine.TYPES:
        a = model.attacks.get(t)
        if a is None:
            continue  # noted when loading
        if a.beats != engine.BEATS[t]:
            findings.append(error(f"{a.name} beats {engine.BEATS[t]} by the rules, the data says "
                                  f"{a.beats}", a.source, "beats"))
        if a.colour_name != engine.COLOURS[t]:
            findings.append(error(f"{a.name} is {engine.COLOURS[t]} by the rules (the UNO "
                                  f"option), the data says {a.colour_name!r}", a.source,
                                  "colour_name"))
        elif not looks(a.colour, a.colour_name):  # "red" printed in blue by a typo
            findings.append(error(f"{a.name}'s printed colour #{a.colour.hexval()[2:]} is not "
                                  f"{a.colour_name}", a.source, "colour"))
    return findings


def _validate_cards(model: Model) -> list[Finding]:
    """One card per side, type and modality, each printing the data's multiplier. (Multipliers,
    starting experience and the bonus attack are design numbers: the engine is built from them
    and the cards and rulings print them, so any value is played as printed.)"""
    findings = []
    seen: dict[tuple[str, str, str], Card] = {}
    for card in model.cards:
        key = (card.side, card.type, card.modality)
        name = f"{card.modality} {card.type}"
        if key in seen:
            findings.append(error(f"the {card.side} has a second {name} card (first in row "
                                  f"{seen[key].source.row})", card.source, "type"))
        else:
            seen[key] = card
        mod = model.modalities.get(card.modality)
        if mod is not None and card.multiplier != mod.multiplier:
            findings.append(error(f"the {name} card prints x{card.multiplier} but {mod.name} "
                                  f"multiplies by {mod.multiplier}", card.source, "multiplier"))
    cards = Source(model.common.folder.path / "cards.csv")
    for s in engine.SIDES:
        for t, m in engine.CARDS:
            if (s, t, m) not in seen:
                findings.append(error(f"the {s} has no {m} {t} card", cards, "type"))
    return findings


def _validate_markers(model: Model) -> list[Finding]:
    """One wound marker and one experience marker per type, per side."""
    findings = []
    markers = Source(model.common.folder.path / "markers.csv")
    for s in engine.SIDES:
        theirs = Counter((mk.kind, mk.type) for mk in model.markers if mk.side == s)
        for marker in [("wound", "")] + [("experience", t) for t in engine.TYPES]:
            if theirs[marker] != 1:
                what = "wound marker" if marker[0] == "wound" else f"{marker[1]} experience marker"
                findings.append(error(f"the {s} needs exactly one {what}, has {theirs[marker]}",
                                      markers, "marker"))
    return findings


def _validate_tracks(model: Model, toml: Source) -> list[Finding]:
    findings = []
    track = model.wound_track
    if model.wound_limit not in track:
        findings.append(error(f"the wound track ends at {track[-1] if track else 0}, before the "
                              f"wound limit {model.wound_limit}; set wound_cells_beyond to at "
                              "least 1", toml, "board.wound_cells_beyond"))
    else:
        # the bonus attack alone pushes wounds past the limit by bonus x (experience, which
        # grows by about 5 in a game): players should rarely need the marker's + side
        top = max((v for s in model.sides.values() for v in s.start.values()), default=0)
        reach = model.bonus_multiplier * (top + 5)
        if model.wound_cells_beyond < reach:
            findings.append(warning(f"the wound track ends {model.wound_cells_beyond} wounds past "
                                    f"the limit; a bonus attack alone adds about {reach}: "
                                    "players will often turn the marker to its + side", toml,
                                    "board.wound_cells_beyond"))
    for message, field in board_layout(model)["problems"]:
        findings.append(error(message, toml, field))
    if not model.experience_flip < model.experience_cells:
        findings.append(error(f"the experience marker's +{model.experience_flip} side needs a "
                              f"track longer than {model.experience_flip} cells, it has "
                              f"{model.experience_cells}", toml, "board.experience_flip"))
    return findings


def _validate_example(model: Model, game: engine.ExperiorGame) -> list[Finding]:
    findings = []
    over = ended_before(model)
    for end, played in ((False, model.example), (True, model.end_example)):
        if end and (model.end_position is None or over):
            continue
        try:
            turns = worked_example(model, game, end)
        except DataError as exc:
            findings.append(finding(exc))
            continue
        name = "example_end.csv" if end else "example.csv"
        if len(turns) < len(played):
            stop = turns[-1]["end"]
            first = played[len(turns)].source
            last = played[-1].source.row
            rows = (f"row {first.row} of {name} is" if first.row == last
                    else f"rows {first.row} to {last} of {name} are")
            findings.append(warning(
                f"the example game ends after turn {turns[-1]['turn']} ({stop['why']}): "
                f"{rows} not played and not shown in the booklet; delete them, or raise "
                "options.wound_limit in game.toml", first))
        elif end and model.end_position and not (turns and turns[-1]["end"]):
            findings.append(error(
                f"the second example must show the end of a game, but after its {len(turns)} "
                f"turn(s) nobody has reached the wound limit ({game.wound_limit}); add turns to "
                "example_end.csv or start [example_end] with more wounds",
                model.end_position.source, "example_end"))
    if over:
        sid, wounds = over
        p = model.end_position
        assert p is not None
        findings.append(warning(
            f"the second example starts in turn {p.turn} with the {model.sides[sid].name} at "
            f"{wounds} wounds, already at or past the wound limit ({model.wound_limit}): that "
            "game was over, so the booklet leaves the example out; start it below the limit",
            p.source, f"example_end.{sid}"))
    return findings

