"""The kit protocol of a game whose rules are data: the plain deck's components (cards, tokens,
boards and their layouts), plus the rules read from rules.toml or game.toml's [rules], which
take their cards from a component's rows: the engine and the printer read the same cells."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ...data.game import GameFolder
from ...errors import DataError, Finding, Source, error
from ...rules.engine import RulesGame
from ...rules.load import RULES_FILE, load_rules, rules_findings
from ...rules.spec import Rules
from ..deck import kit as deck


@dataclass
class Model(deck.Model):
    rules: Rules | None = None


def load(folder: GameFolder) -> Model:
    base = deck.load(folder)
    rules = load_rules(folder, base.components)
    return Model(base.common, base.components, base.checks, rules)


def validate(model: Model) -> list[Finding]:
    findings = deck.validate(model)
    folder = model.common.folder
    if model.rules is None:
        findings.append(error(f"engine = \"rules\", but there is no {RULES_FILE} (nor a "
                              "[rules] table in game.toml): write one (README, \"Your game's "
                              "rules as data\") or set engine = \"deck\"",
                              Source(folder.toml_path), "game.engine"))
    elif not folder.problems:
        findings += rules_findings(model.rules, model.components, model.common)
    return findings


def required_kit(model: Model) -> Counter:
    return deck.required_kit(model)


def new_game(model: Model, num_players: int | None = None) -> RulesGame:
    folder = model.common.folder
    if model.rules is None:
        raise DataError(f"{model.common.title} has no rules: write rules.toml (see the README, "
                        "\"Your game's rules as data\")", folder.path / "rules.toml")
    errors = [f for f in folder.problems if f.level == "error"]
    if errors:
        raise DataError(f"the rules are not played from data with errors; first: "
                        f"{errors[0].message}", errors[0].source.path if errors[0].source
                        else None, errors[0].source.row if errors[0].source else None,
                        errors[0].field)
    return RulesGame(model.rules, num_players, folder.slug)


def engine_class(model: Model) -> Any:
    """What game.toml's player count is checked against: the rules' own."""
    return model.rules and _Players(*model.rules.players)


@dataclass
class _Players:
    min_players: int
    max_players: int
