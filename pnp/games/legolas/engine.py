"""Rules engine for Legolas vs. Gimli (2-5 players): a trick-taking dungeon crawl.

Five rounds. Each round the 48 monster cards are dealt (2-3 players 13 each, the rest set aside;
4 players 12 each; 5 players the whole deck, 10/10/10/9/9 from the first player on), every player
secretly picks one of their unused missions, the first player lays the first gate, and then the
players take turns to the left:

1. Step 1 -- add a card to a horde (follow the horde's suit; holding none of it, play a card of
   value >= the top card; with no legal play anywhere, lay the highest card as a new gate).
   Lure and the Psychic's abilities change how many cards and where.
2. Step 2 -- challenge a horde or pass. A horde whose total is >= your character's threshold
   must be challenged. Monsters are defeated bottom-up while the accumulated damage stays within
   your defence; the rest go back. A horde defeated entirely closes its gate.

The round ends when the player about to take a turn has no card or when more gates are open than
there are players. Defeated monsters score for the round's mission, the character's element and
bosses; then players shop for treasures with their coins (fewest coins first); then all cards go
back into the deck. After five rounds the most VP wins; ties share the win.

The rules are split by part of the game: dealing.py (rounds, deal, missions), turns.py (Step 1
and 2), challenge.py, scoring.py, shopping.py, views.py (observations), position.py; state.py
holds the state and sends each action to its rule; tables.py reads every number from the card
data (facts.py, data.py). All rulings are in ``card_data/legolas/rulings.toml``; comments cite
them by id (L1, L2, ...).

Encoding
--------
Monster cards are ints 0..47 in the order of ``monsters.csv``; treasures are ints 0..15 in the order
of ``TREASURE_IDS``; characters ints 0..3 in the order of ``CHARACTER_IDS``; missions 0..6 in the
order of ``MISSIONS``. Actions are ints in disjoint ranges (see the ``A_*`` constants;
``decode_action``). VP are kept internally in half points (the ½ coin scores ½ VP for the
Gambler), reported as floats.

Hidden information: a player's observation shows their own hand; of cards in hordes it shows only
suit and value (a "token" ``100 + 10*suit + value``) until a challenge has revealed them, then the
card id. Mission choices are hidden until everyone has chosen. Treasures in drawn-but-not-kept
hands are seen only by the shopper.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ...engine.core import Game
from .actions import (A_CHALLENGE, A_CHARACTER, A_DEAL, A_DEFEAT, A_ELEMENTS, A_FIRST, A_GATE,
                     A_IGNORE, A_KEEP, A_MINION, A_MISSION, A_NET, A_NET_DECLINE, A_NO_MINION,
                     A_PASS, A_PLAY, A_SPEND, A_STOP, A_TREASURE, HIDDEN_TOKEN_BASE,
                     PH_CHARACTERS, PH_FIRST, PH_DEAL, PH_MISSION, PH_WIZARD, PH_FIRST_GATE,
                     PH_PLAY, PH_CHALLENGE, PH_WIZ_CHOICE, PH_MINION, PH_NET, PH_SHOP_SPEND,
                     PH_SHOP_DRAW, PH_SHOP_KEEP, PH_END, PHASE_NAMES, CHANCE_PHASES,
                     MASKS_BY_SIZE, decode_action, level_of, token_is_hidden)
from .challenge import T_MINION, T_NET, T_RING
from .checks import card_findings
from .data import Cards, default_folder, load_cards
from .facts import (CHARACTER_IDS, DEAL_TABLE, DECK_SIZE, ELEMENTS, KINDS,
                    LEVEL_2_VP, LEVEL_3_VP, MAX_PLAYERS, MIN_PLAYERS, MISSIONS, ROUNDS, SUITS,
                    TREASURE_IDS, Character, Mission, Monster, Power, Treasure, hand_sizes)
from .state import LegolasState
from .tables import Tables
from .turns import T_LURE, Horde
from .views import LazyObservation, LegolasObservation

# Indices the rules tables use (character and mission order of CHARACTER_IDS and MISSIONS).
FIGHTER, WIZARD, ROGUE, PSYCHIC = (CHARACTER_IDS.index(c) for c in
                                   ("fighter", "wizard", "rogue", "psychic"))
MISSION_ESCAPIST, MISSION_GAMBLER, MISSION_UNTOUCHABLE = (MISSIONS.index(m) for m in
                                                          ("escapist", "gambler", "untouchable"))

# The engine's public names (the sim, the agents and the tests import them from here).
__all__ = ['FIGHTER', 'WIZARD', 'ROGUE', 'PSYCHIC', 'MISSION_ESCAPIST', 'MISSION_GAMBLER',
           'MISSION_UNTOUCHABLE', 'A_CHALLENGE', 'A_CHARACTER', 'A_DEAL', 'A_DEFEAT', 'A_ELEMENTS',
           'A_FIRST', 'A_GATE',
           'A_IGNORE', 'A_KEEP', 'A_MINION', 'A_MISSION', 'A_NET', 'A_NET_DECLINE', 'A_NO_MINION',
           'A_PASS', 'A_PLAY', 'A_SPEND', 'A_STOP', 'A_TREASURE', 'HIDDEN_TOKEN_BASE',
           'PH_CHARACTERS', 'PH_FIRST', 'PH_DEAL', 'PH_MISSION', 'PH_WIZARD', 'PH_FIRST_GATE',
           'PH_PLAY', 'PH_CHALLENGE', 'PH_WIZ_CHOICE', 'PH_MINION', 'PH_NET', 'PH_SHOP_SPEND',
           'PH_SHOP_DRAW', 'PH_SHOP_KEEP', 'PH_END', 'PHASE_NAMES', 'CHANCE_PHASES',
           'MASKS_BY_SIZE', 'decode_action', 'level_of', 'token_is_hidden', 'T_MINION', 'T_NET',
           'T_RING', 'T_LURE', 'Horde', 'LazyObservation', 'LegolasObservation', 'CHARACTER_IDS',
           'DEAL_TABLE', 'DECK_SIZE', 'ELEMENTS', 'KINDS', 'LEVEL_2_VP', 'LEVEL_3_VP',
           'MAX_PLAYERS', 'MIN_PLAYERS', 'MISSIONS', 'ROUNDS', 'SUITS', 'TREASURE_IDS',
           'Character', 'Mission', 'Monster', 'Power', 'Treasure', 'hand_sizes', 'LegolasState',
           'LegolasGame', 'load_standard', 'check_data', 'default_folder']


def load_standard(folder: str | Path | None = None) -> dict[str, tuple]:
    """The four card lists of a folder (default: the shipped card_data/legolas):
    {"monsters": (Monster, ...), "treasures": ..., "characters": ..., "missions": ...}."""
    cards = load_cards(Path(folder) if folder is not None else default_folder())
    return {"monsters": cards.monsters, "treasures": cards.treasures,
            "characters": cards.characters, "missions": cards.missions}


def check_data(monsters: Sequence[Monster], treasures: Sequence[Treasure],
               characters: Sequence[Character], missions: Sequence[Mission]) -> list[str]:
    """Problems that stop the engine from playing this data (empty list: fine)."""
    cards = Cards(tuple(monsters), (), tuple(treasures), (), tuple(characters), (),
                  tuple(missions), ())
    return [f.message for f in card_findings(cards) if f.level == "error"]


class LegolasGame(Tables, Game):
    """The fixed facts of a game: the player count, the options and the card tables."""

    name = "Legolas vs. Gimli"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    # The rulings this engine enforces (card_data/legolas/rulings.toml) and the numbers each
    # one states, as placeholders; ruling_values() gives their values (the kit adds the score
    # track's, L37).
    RULINGS = {
        "L1": (), "L2": ("deck", "per_suit"), "L3": ("missions", "rounds"),
        "L4": ("characters", "character_cards"), "L5": ("deal_2", "deal_3", "deal_4", "deal_5"),
        "L6": (), "L7": (), "L8": (), "L9": (), "L10": (), "L11": (),
        "L12": ("level2_vp", "level3_vp"), "L13": (), "L14": (), "L15": ("rounds",),
        "L16": ("character_cards",), "L17": (), "L18": (), "L19": (), "L20": (), "L21": (),
        "L22": (), "L23": (), "L24": ("barrier_damage",), "L25": ("minion",), "L26": (),
        "L27": ("ring_vp",), "L28": ("lure_extra",), "L29": ("lure_extra",), "L30": (),
        "L31": ("blade_coins",), "L32": (), "L33": (), "L34": (), "L35": (), "L36": (),
        "L37": ("vp_min", "vp_max", "vp_loop", "vp_twice"),
    }

    def __init__(self, num_players: int | None = None, monsters: Sequence[Monster] | None = None,
                 treasures: Sequence[Treasure] | None = None,
                 characters: Sequence[Character] | None = None,
                 missions: Sequence[Mission] | None = None, *, rounds: int = ROUNDS,
                 character_assignment: Sequence[str] | None = None,
                 first_player: int | None = None, ring_of_legend: str = "any"):
        """The card lists default to card_data/legolas.

        character_assignment: fixed character id per seat (skips the character deal, L16).
        first_player: fixed first player of round 1 (skips that chance node, L17).
        ring_of_legend: "any" (ruling L27: VP for every boss any player defeats) or "own"
        (variant for balance tests: only bosses its holder defeats).
        """
        Game.__init__(self, num_players)
        if monsters is None or treasures is None or characters is None or missions is None:
            std = load_standard()
            monsters = std["monsters"] if monsters is None else monsters
            treasures = std["treasures"] if treasures is None else treasures
            characters = std["characters"] if characters is None else characters
            missions = std["missions"] if missions is None else missions
        problems = check_data(monsters, treasures, characters, missions)
        if problems:
            raise ValueError("Legolas vs. Gimli data: " + "; ".join(problems))
        if rounds < 1 or rounds > len(MISSIONS):
            raise ValueError(f"rounds must be 1..{len(MISSIONS)}, not {rounds}")
        self.rounds = rounds
        Tables.__init__(self, monsters, treasures, characters, missions)
        self.character_assignment = self._assignment(character_assignment)
        if first_player is not None and not 0 <= first_player < self.num_players:
            raise ValueError(f"first_player must be a seat 0..{self.num_players - 1}")
        self.first_player = first_player
        if ring_of_legend not in ("any", "own"):
            raise ValueError('ring_of_legend must be "any" or "own"')
        self.ring_any = ring_of_legend == "any"
        n = self.num_players
        self.sizes = tuple(hand_sizes(n, len(self.monsters)))
        self.deal_offsets = tuple(i for k in range(max(self.sizes)) for i in range(n)
                                  if self.sizes[i] > k)   # offsets from the first player
        # the seat each card of a deal goes to, by first player
        self.deal_seats = tuple(tuple((first + off) % n for off in self.deal_offsets)
                                for first in range(n))

    def ruling_values(self) -> dict[str, int | str]:
        """The numbers the rulings state, as this game plays them."""
        deck = len(self.monsters)
        deals = {f"deal_{n}": ", ".join(map(str, sizes)) if len(set(sizes)) > 1 else sizes[0]
                 for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
                 for sizes in [hand_sizes(n, deck)]}
        barriers = "/".join(dict.fromkeys(str(a) for _, _, a in self.barriers))
        return {"deck": deck, "per_suit": deck // len(SUITS), "missions": len(MISSIONS),
                "rounds": self.rounds, "characters": len(CHARACTER_IDS),
                "character_cards": sum(self.character_copies), **deals,
                "level2_vp": LEVEL_2_VP, "level3_vp": LEVEL_3_VP, "barrier_damage": barriers,
                "minion": self.minion_reduction, "ring_vp": self.ring_vp,
                "lure_extra": self.lure_extra, "blade_coins": self.blade_coins2 // 2}

    def _assignment(self, ids: Sequence[str] | None) -> tuple[int, ...] | None:
        if ids is None:
            return None
        if len(ids) != self.num_players:
            raise ValueError(f"character_assignment needs {self.num_players} ids")
        idx = []
        for cid in ids:
            if cid not in CHARACTER_IDS:
                raise ValueError(f"unknown character {cid!r}")
            idx.append(CHARACTER_IDS.index(cid))
        for k in range(len(CHARACTER_IDS)):
            if idx.count(k) > self.character_copies[k]:
                raise ValueError(f"only {self.character_copies[k]} {CHARACTER_IDS[k]} cards")
        return tuple(idx)

    def new_initial_state(self) -> LegolasState:
        return LegolasState(self)
