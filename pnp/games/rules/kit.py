"""The kit protocol of a game whose rules are data: the plain deck's components (cards, tokens,
boards and their layouts), plus the rules read from rules.toml or game.toml's [rules], which
take their cards from a component's rows: the engine and the printer read the same cells."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ...data.game import GameFolder
from ...data.tables import merged
from ...errors import DataError, Finding, Source, error
from ...rules.engine import RulesGame
from ...rules.load import RULES_FILE, load_rules, rules_findings
from ...rules.spec import Rules
from ..deck import kit as deck
from ..experior.data import TABLES as EXPERIOR_TABLES


# games whose print a data game may take ([print] like = "experior"): the shipped games whose
# kit reads only the game folder's data and layout files
PRINTS_LIKE = ("experior",)
# game.toml's tables of its own (pnp/data/tables.py): the rules, and those of a game it prints
# like
TABLES = merged(deck.TABLES, {"rules": None, "print": frozenset({"like"})}, EXPERIOR_TABLES)


@dataclass(frozen=True)
class Model(deck.Model):
    rules: Rules | None = None
    # [print] like = "experior": the kit is printed as that game prints it, from this folder's
    # data and layouts (its model, loaded from this folder), the rules played from data
    printed: Any = None
    printed_like: str = ""


def load(folder: GameFolder) -> Model:
    like = _printed_like(folder)
    if not like:
        base = deck.load(folder)
        return Model(base.common, base.components, base.checks,
                     load_rules(folder, base.components))
    from .. import registry
    from ..base import load_common

    common = load_common(folder)
    rules = load_rules(folder, [])
    return Model(common, (), (), rules, registry.get(like).load(folder), like)


def _printed_like(folder: GameFolder) -> str:
    """[print] like: the game printed as, or ""; [print] paper is the paper, as for any
    game (pnp/layout/paper.py)."""
    table = folder.config.get("print", {})
    where = Source(folder.toml_path)
    if not isinstance(table, dict):
        raise DataError("[print] must be a table: like = \"experior\" (printed as that game "
                        "prints, from this folder's data and layouts), paper = \"a4\"",
                        where.path, field="print")
    like = table.get("like")
    if like is None:
        return ""
    if like not in PRINTS_LIKE:
        raise DataError(f"[print] like = {like!r}: a data game may print like "
                        f"{', '.join(PRINTS_LIKE)}", where.path, field="print.like")
    return like


def validate(model: Model) -> list[Finding]:
    if model.printed is not None:      # its print's own checks (printed = its numbers)
        from .. import registry

        findings = registry.get(model.printed_like).validate(model.printed)
    else:
        findings = deck.validate(model)
    folder = model.common.folder
    if model.rules is None:
        findings.append(error(f"engine = \"rules\", but there is no {RULES_FILE} (nor a "
                              "[rules] table in game.toml): write one (README, \"Your game's "
                              "rules as data\") or set engine = \"deck\"",
                              Source(folder.toml_path), "game.engine"))
    elif not folder.blocking_errors():  # (a picture not made yet does not change the play)
        findings += rules_findings(model.rules, model.components, model.common)
        if model.printed is not None and not any(f.level == "error" for f in findings):
            findings += _played_as_printed(model)
    return findings


PRINTED_GAMES = 50     # random games the rules must play as the printed game's engine does


def _played_as_printed(model: Model) -> list[Finding]:
    """Printed = played for a game printed like another: its kit (cards, board, rulings,
    booklet) states that game's rules with this folder's numbers, so the data rules must play
    that game's engine's games, the same seeds giving the same moves, lengths and winners. A
    number the rules hold themselves (90 where the board prints [options] wound_limit = 100)
    plays other games, and is refused."""
    from ...engine.core import RandomAgent, play
    from .. import registry

    spec = registry.get(model.printed_like)
    assert model.rules is not None
    printed = spec.new_game(model.printed)
    data = RulesGame(model.rules, printed.num_players)
    agents = [RandomAgent() for _ in range(printed.num_players)]
    for seed in range(PRINTED_GAMES):
        a, b = play(data, agents, seed, keep_actions=True), play(printed, agents, seed,
                                                                 keep_actions=True)
        if len(a.actions) != len(b.actions) or a.returns != b.returns or \
                a.stats.get("turns") != b.stats.get("turns"):
            return [error(f"the rules play other games than the kit prints ({spec.title}'s "
                          f"rules with game.toml's numbers): random game {seed} takes "
                          f"{a.stats.get('turns')} turns and ends {a.returns} as played, "
                          f"{b.stats.get('turns')} and {b.returns} as printed; a number the "
                          "rules use must be the printed one ([options], the cards' cells)",
                          Source(model.rules.path))]
    return []


def required_kit(model: Model) -> Counter:
    if model.printed is not None:
        from .. import registry

        return registry.get(model.printed_like).required_kit(model.printed)
    return deck.required_kit(model)


def new_game(model: Model, num_players: int | None = None) -> RulesGame:
    folder = model.common.folder
    if model.rules is None:
        raise DataError(f"{model.common.title} has no rules: write rules.toml (see the README, "
                        "\"Your game's rules as data\")", folder.path / "rules.toml")
    errors = folder.blocking_errors()
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
