"""Legolas vs. Gimli as pnp sees it: its model (model.py), the checks of the data against the
rules engine (checks.py) and of what only the kit needs, what the rules need printed, the engine,
and the faces (faces.py, imported only to draw)."""

from __future__ import annotations

from collections import Counter

from ...errors import Finding, Source, error
from . import checks, engine
from .facts import CHARACTER_IDS, DECK_SIZE, LEVEL_3_VP, MISSIONS, SUITS, TREASURE_IDS
from .enforced import enforced_rulings  # noqa: F401 (the game module's API)
from .model import Model, Player, load  # noqa: F401 (load: the game module's API)

# game.toml's tables of its own and their keys (pnp/data/tables.py)
TABLES = {"board": frozenset({"width", "height", "vp_loop", "vp_below"}),
          "tokens": frozenset({"diameter"}), "suits": None}
FILES = ("monsters.csv", "treasures.csv", "characters.csv", "missions.csv", "players.csv")


def _validate_suits(model: Model) -> list[Finding]:
    findings = []
    for suit in SUITS:
        if not model.suits.get(suit):
            findings.append(error(f"the {suit} suit has no descriptor (such as \"physical, "
                                  "subtle\") to print on its cards", model.file("game.toml"),
                                  f"suits.{suit}"))
    for key in model.suits:
        if key not in SUITS:
            findings.append(error(f"[suits] names {key!r}, which is not a suit the rules "
                                  f"engine knows ({', '.join(SUITS)})",
                                  model.file("game.toml"), f"suits.{key}"))
    return findings


def _validate_players(model: Model) -> list[Finding]:
    findings = []
    most = engine.LegolasGame.max_players
    file = model.file("players.csv")
    if len(model.players) != most:
        findings.append(error(f"players.csv lists {len(model.players)} player colours; the kit "
                              f"prints mission cards and markers for {most} players", file))
    first: dict[int, Player] = {}
    for p in model.players:
        if p.seat in first:
            findings.append(error(f"seat {p.seat} is listed twice (first in row "
                                  f"{first[p.seat].source.row}); the seats are numbered 1, 2, "
                                  "3... once each", p.source, "seat"))
        else:
            first[p.seat] = p
    gaps = [str(s) for s in range(1, len(model.players) + 1) if s not in first]
    if gaps and len(first) == len(model.players):   # no repeat, so a seat past the end
        findings.append(error(f"the seats are numbered 1, 2, 3... once each: no row has seat "
                              f"{', '.join(gaps)}", file, "seat"))
    for field in ("symbol", "name"):
        seen: dict[str, Player] = {}
        for p in model.players:
            key = getattr(p, field).lower()
            if key in seen:
                findings.append(error(f"player {p.seat} has the same {field} as player "
                                      f"{seen[key].seat}; players must differ by more than "
                                      "colour", p.source, field))
            seen[key] = p
    return findings


def _validate_dealing(model: Model) -> list[Finding]:
    """Every supported player count can be dealt from this deck (the box's player count is
    checked for every game, in games/facts.py)."""
    findings = []
    deck = len(model.cards.monsters)
    low, high = engine.LegolasGame.min_players, engine.LegolasGame.max_players
    for n in range(low, high + 1):
        sizes = engine.hand_sizes(n, deck)
        if sum(sizes) > deck or min(sizes) < 1:
            findings.append(error(f"with {n} players the deal ({sizes}) does not fit a deck of "
                                  f"{deck}", model.file("monsters.csv")))
    if model.vp_loop <= LEVEL_3_VP:
        findings.append(error(f"the score loop must pass {LEVEL_3_VP} VP (level 3)",
                              model.file("game.toml"), "board.vp_loop"))
    return findings


def validate(model: Model) -> list[Finding]:
    files: dict[str, Source | None] = {name: model.file(name) for name in FILES}
    findings = checks.card_findings(model.cards, files)
    findings += _validate_suits(model)
    findings += _validate_players(model)
    findings += _validate_dealing(model)
    return list(dict.fromkeys(findings))


# ---- what the rules need, and the engine --------------------------------------------------------
def required_kit(model: Model) -> Counter:
    """What the rules need printed, from the engine's facts."""
    players = engine.LegolasGame.max_players
    return Counter({
        "monster card": DECK_SIZE,
        "treasure card": len(TREASURE_IDS),
        "character card": sum(c.copies for c in model.cards.characters if c.id in CHARACTER_IDS),
        "mission card": len(MISSIONS) * players,
        "player aid card": model.aid_cards,
        "player marker": players,
        "round marker": 1,
        "first-player marker": 1,
        "score track": 1,
        "round track": 1,
    })


def engine_class(model: Model) -> type[engine.LegolasGame]:
    """The engine, for its player range (games/facts.py), even when the data builds none."""
    return engine.LegolasGame


def new_game(model: Model, num_players: int | None = None) -> engine.LegolasGame:
    c = model.cards
    return engine.LegolasGame(num_players or 4, c.monsters, c.treasures, c.characters,
                              c.missions)


def build_kit(model: Model, fonts):
    from .faces import build

    return build(model, fonts)  # every row as written: --force prints a row with an error
