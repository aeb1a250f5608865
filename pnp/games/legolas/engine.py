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

All rulings (from RULINGS.md and the gaps this engine fills) are in
``card_data/legolas/rulings.toml``; comments cite them by id (L1, L2, ...).

Encoding
--------
Monster cards are ints 0..47 in the order of ``monsters.csv``; treasures are ints 0..15 in the order
of ``TREASURE_IDS``; characters ints 0..3 in the order of ``CHARACTER_IDS``; missions 0..6 in the
order of ``MISSIONS`` (0..3 are the suit missions, in ``SUITS`` order). Actions are ints in
disjoint ranges (see the ``A_*`` constants; ``decode_action``). VP are kept internally in half
points (the ½ coin scores ½ VP for the Gambler), reported as floats.

Hidden information: a player's observation shows their own hand; of cards in hordes it shows only
suit and value (a "token" ``100 + 10*suit + value``) until a challenge has revealed them, then the
card id. Mission choices are hidden until everyone has chosen. Treasures in drawn-but-not-kept
hands are seen only by the shopper.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, NamedTuple, Sequence

from pnp.engine.core import CHANCE, TERMINAL, Game, IllegalAction, State

SUITS = ("stealth", "brute", "magic", "psychic")
ELEMENTS = ("earth", "wind", "water", "fire")
KINDS = ("", "trap", "boss")
MISSIONS = ("stealth", "brute", "magic", "psychic", "escapist", "gambler", "untouchable")
TREASURE_IDS = ("leather_armor", "chain_mail_armor", "hard_plate_armor", "minion", "net",
                "ring_of_legend", "lure", "earth_barrier", "wind_barrier", "water_barrier",
                "fire_barrier", "subtle_blade", "silver_chains", "jewels_of_osiris", "dragon_hide",
                "farsight_helm")
CHARACTER_IDS = ("fighter", "wizard", "rogue", "psychic")

DECK_SIZE = 48
ROUNDS = 5
MISSION_ESCAPIST, MISSION_GAMBLER, MISSION_UNTOUCHABLE = 4, 5, 6
FIGHTER, WIZARD, ROGUE, PSYCHIC = range(4)
(T_LEATHER, T_CHAIN, T_PLATE, T_MINION, T_NET, T_RING, T_LURE, T_B_EARTH, T_B_WIND, T_B_WATER,
 T_B_FIRE, T_BLADE, T_CHAINS, T_JEWELS, T_HIDE, T_HELM) = range(16)
ARMOR = ((T_LEATHER, 1), (T_CHAIN, 2), (T_PLATE, 3))
BARRIER_OF_ELEMENT = (T_B_EARTH, T_B_WIND, T_B_WATER, T_B_FIRE)       # ELEMENTS order
IMMUNITY_OF_SUIT = (T_HELM, T_HIDE, T_JEWELS, T_CHAINS)               # SUITS order
LEVEL_2_VP, LEVEL_3_VP = 5, 10                                        # L12
MINION_REDUCTION = 5

# Cards dealt to each player (L5); None: the whole deck, round-robin from the first player.
DEAL_TABLE: dict[int, int | None] = {2: 13, 3: 13, 4: 12, 5: None}


def hand_sizes(num_players: int, deck_size: int = DECK_SIZE) -> list[int]:
    """Cards dealt to each player, in dealing order from the round's first player (ruling L5)."""
    per = DEAL_TABLE.get(num_players)
    if per is None or per * num_players > deck_size:
        base, extra = divmod(deck_size, num_players)
        return [base + (1 if i < extra else 0) for i in range(num_players)]
    return [per] * num_players


# --------------------------------------------------------------------------------------------
# Card data
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Monster:
    suit: str
    value: int
    element: str
    kind: str          # "", "trap" or "boss"
    coins: float       # 0, 0.5, 1, 2, 3
    boss_vp: int = 0

    def __str__(self) -> str:
        coins = "½" if self.coins == 0.5 else str(int(self.coins))
        extra = f" {self.kind}" if self.kind else ""
        if self.kind == "boss":
            extra += f" +{self.boss_vp}VP"
        return f"{self.suit} {self.value} {self.element}{extra} {coins}c"


@dataclass(frozen=True)
class Treasure:
    id: str
    name: str
    effect: str


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    threshold: int
    element: str
    defence: int
    level2: str
    level3: str
    copies: int = 2


DATA_FOLDER_PARTS = ("card_data", "legolas")


def default_folder() -> Path:
    """card_data/legolas of the repository (or the copy shipped inside the package)."""
    here = Path(__file__).resolve()
    for cand in (here.parents[3].joinpath(*DATA_FOLDER_PARTS),
                 here.parents[2].joinpath("_data", *DATA_FOLDER_PARTS)):
        if cand.is_dir():
            return cand
    return here.parents[3].joinpath(*DATA_FOLDER_PARTS)


def _rows(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8-sig", newline="") as fh:
        return [{k.strip(): (v or "").strip() for k, v in row.items()}
                for row in csv.DictReader(fh)]


def load_standard(folder: str | Path | None = None) -> dict[str, tuple]:
    """Read monsters.csv, treasures.csv, characters.csv and missions.csv of a folder.

    Returns {"monsters": (Monster,...), "treasures": (Treasure,...), "characters": (Character,...),
    "missions": ((id, name, text), ...)}. Small on purpose: the project loader may replace it.
    """
    folder = Path(folder) if folder is not None else default_folder()
    monsters = tuple(Monster(r["suit"], int(r["value"]), r["element"], r["kind"],
                             float(r["coins"]) if r["coins"] else 0.0,
                             int(r["boss_vp"]) if r["boss_vp"] else 0)
                     for r in _rows(folder / "monsters.csv"))
    treasures = tuple(Treasure(r["id"], r["name"], r["effect"])
                      for r in _rows(folder / "treasures.csv"))
    characters = tuple(Character(r["id"], r["name"], int(r["threshold"]), r["element"],
                                 int(r["defence"]), r["level2"], r["level3"],
                                 int(r.get("copies") or 2))
                       for r in _rows(folder / "characters.csv"))
    missions = tuple((r["id"], r["name"], r["text"]) for r in _rows(folder / "missions.csv"))
    return {"monsters": monsters, "treasures": treasures, "characters": characters,
            "missions": missions}


def check_data(monsters: Sequence[Monster], treasures: Sequence[Treasure],
               characters: Sequence[Character]) -> list[str]:
    """Problems that stop the engine from playing this data (empty list: fine)."""
    problems = []
    if len(monsters) != DECK_SIZE:
        problems.append(f"the monster deck has {len(monsters)} cards, the rules need {DECK_SIZE}")
    for i, m in enumerate(monsters):
        if m.suit not in SUITS:
            problems.append(f"monster {i + 1}: unknown suit {m.suit!r}")
        if m.element not in ELEMENTS:
            problems.append(f"monster {i + 1}: unknown element {m.element!r}")
        if m.kind not in KINDS:
            problems.append(f"monster {i + 1}: unknown kind {m.kind!r}")
        if not 1 <= m.value <= 9:
            problems.append(f"monster {i + 1}: value {m.value} out of range")
        if m.coins < 0 or m.coins * 2 != int(m.coins * 2):
            problems.append(f"monster {i + 1}: coins must be a whole or half number")
        if (m.boss_vp != 0) != (m.kind == "boss"):
            problems.append(f"monster {i + 1}: boss_vp {m.boss_vp} does not fit kind {m.kind!r}")
    ids = [t.id for t in treasures]
    if sorted(ids) != sorted(TREASURE_IDS):
        problems.append(f"treasure ids {sorted(set(ids) ^ set(TREASURE_IDS))} differ from the "
                        "16 the engine knows")
    cids = [c.id for c in characters]
    if sorted(cids) != sorted(CHARACTER_IDS):
        problems.append(f"character ids {cids} differ from {list(CHARACTER_IDS)}")
    for c in characters:
        if c.element not in ELEMENTS:
            problems.append(f"character {c.id}: unknown element {c.element!r}")
        if c.copies < 1:
            problems.append(f"character {c.id}: needs at least one copy")
    return problems


# --------------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------------
# Chance actions
A_DEAL = 0            # + card (0..47): the next card dealt
A_TREASURE = 100      # + treasure: the next treasure drawn
A_CHARACTER = 120     # + character: the next character card dealt (seat order)
A_FIRST = 130         # + seat: the first player of round 1
# Player actions
A_MISSION = 200       # + mission
A_ELEMENTS = 220      # + element bitmask (Wizard)
A_GATE = 300          # + card: lay a gate
A_STOP = 400          # end Step 1 (after the first card, with Lure / Psychic level 3)
A_PASS = 401          # Step 2: no challenge
A_CHALLENGE = 500     # + horde index
A_DEFEAT = 600        # Wizard: defeat the revealed monster of a chosen element
A_IGNORE = 601        # Wizard: ignore it (stays in the horde)
A_MINION = 602        # discard Minion: accumulated damage -5
A_NO_MINION = 603
A_NET_DECLINE = 699
A_NET = 700           # + card: steal it with the Net
A_SPEND = 800         # + number of coins spent (0 = buy nothing)
A_KEEP = 900          # + treasure kept of those drawn
A_PLAY = 1000         # + horde * 48 + card

# Phases
(PH_CHARACTERS, PH_FIRST, PH_DEAL, PH_MISSION, PH_WIZARD, PH_FIRST_GATE, PH_PLAY, PH_CHALLENGE,
 PH_WIZ_CHOICE, PH_MINION, PH_NET, PH_SHOP_SPEND, PH_SHOP_DRAW, PH_SHOP_KEEP, PH_END) = range(15)
PHASE_NAMES = ("characters", "first_player", "deal", "mission", "wizard_elements", "first_gate",
               "play", "challenge", "wizard_ignore", "minion", "net", "shop_spend", "shop_draw",
               "shop_keep", "end")
_CHANCE_PHASES = frozenset((PH_CHARACTERS, PH_FIRST, PH_DEAL, PH_SHOP_DRAW))

HIDDEN_TOKEN_BASE = 100   # token of an unrevealed card in a horde: 100 + 10*suit + value


def token_is_hidden(token: int) -> bool:
    return token >= HIDDEN_TOKEN_BASE


def decode_action(action: int) -> tuple:
    """(kind, *args) of an action int, e.g. ("play", horde, card), ("challenge", horde)."""
    a = action
    if a >= A_PLAY:
        return ("play", (a - A_PLAY) // DECK_SIZE, (a - A_PLAY) % DECK_SIZE)
    if A_KEEP <= a < A_KEEP + 16:
        return ("keep", a - A_KEEP)
    if A_SPEND <= a < A_SPEND + 100:
        return ("spend", a - A_SPEND)
    if A_NET <= a < A_NET + DECK_SIZE:
        return ("net", a - A_NET)
    if a == A_NET_DECLINE:
        return ("net_decline",)
    if a in (A_DEFEAT, A_IGNORE, A_MINION, A_NO_MINION):
        return ({A_DEFEAT: "defeat", A_IGNORE: "ignore", A_MINION: "minion",
                 A_NO_MINION: "no_minion"}[a],)
    if A_CHALLENGE <= a < A_CHALLENGE + 100:
        return ("challenge", a - A_CHALLENGE)
    if a == A_STOP:
        return ("stop",)
    if a == A_PASS:
        return ("pass",)
    if A_GATE <= a < A_GATE + DECK_SIZE:
        return ("gate", a - A_GATE)
    if A_ELEMENTS <= a < A_ELEMENTS + 16:
        return ("elements", a - A_ELEMENTS)
    if A_MISSION <= a < A_MISSION + len(MISSIONS):
        return ("mission", a - A_MISSION)
    if A_FIRST <= a < A_FIRST + 10:
        return ("first", a - A_FIRST)
    if A_CHARACTER <= a < A_CHARACTER + 4:
        return ("character", a - A_CHARACTER)
    if A_TREASURE <= a < A_TREASURE + 16:
        return ("treasure", a - A_TREASURE)
    if 0 <= a < DECK_SIZE:
        return ("deal", a)
    return ("unknown", a)


def level_of(vp2: int) -> int:
    """Level for a VP total given in half points (L12)."""
    return 3 if vp2 >= 2 * LEVEL_3_VP else 2 if vp2 >= 2 * LEVEL_2_VP else 1


_MASKS_BY_SIZE = {k: tuple(m for m in range(1, 16) if bin(m).count("1") == k) for k in (1, 2)}


# --------------------------------------------------------------------------------------------
# Game
# --------------------------------------------------------------------------------------------

class LegolasGame(Game):
    name = "Legolas vs. Gimli"
    min_players = 2
    max_players = 5

    def __init__(self, num_players: int | None = None, monsters: Sequence[Monster] | None = None,
                 treasures: Sequence[Treasure] | None = None,
                 characters: Sequence[Character] | None = None, *, rounds: int = ROUNDS,
                 character_assignment: Sequence[str] | None = None,
                 first_player: int | None = None, ring_of_legend: str = "any"):
        """monsters/treasures/characters default to card_data/legolas.

        character_assignment: fixed character id per seat (skips the character deal, L16).
        first_player: fixed first player of round 1 (skips that chance node, L17).
        ring_of_legend: "any" (ruling L27: 1 VP for every boss any player defeats) or "own"
        (variant for balance tests: only bosses its holder defeats).
        """
        super().__init__(num_players)
        if monsters is None or treasures is None or characters is None:
            std = load_standard()
            monsters = std["monsters"] if monsters is None else monsters
            treasures = std["treasures"] if treasures is None else treasures
            characters = std["characters"] if characters is None else characters
        problems = check_data(monsters, treasures, characters)
        if problems:
            raise ValueError("Legolas vs. Gimli data: " + "; ".join(problems))
        if rounds < 1 or rounds > len(MISSIONS):
            raise ValueError(f"rounds must be 1..{len(MISSIONS)}, not {rounds}")
        n = self.num_players
        self.rounds = rounds
        self.monsters = tuple(monsters)
        by_id = {t.id: t for t in treasures}
        self.treasures = tuple(by_id[t] for t in TREASURE_IDS)
        cby = {c.id: c for c in characters}
        self.characters = tuple(cby[c] for c in CHARACTER_IDS)
        self.character_copies = tuple(c.copies for c in self.characters)
        if character_assignment is not None:
            if len(character_assignment) != n:
                raise ValueError(f"character_assignment needs {n} ids")
            idx = []
            for cid in character_assignment:
                if cid not in CHARACTER_IDS:
                    raise ValueError(f"unknown character {cid!r}")
                idx.append(CHARACTER_IDS.index(cid))
            for k in range(4):
                if idx.count(k) > self.character_copies[k]:
                    raise ValueError(f"only {self.character_copies[k]} {CHARACTER_IDS[k]} cards")
            self.character_assignment: tuple[int, ...] | None = tuple(idx)
        else:
            self.character_assignment = None
        if first_player is not None and not 0 <= first_player < n:
            raise ValueError(f"first_player must be a seat 0..{n - 1}")
        self.first_player = first_player
        if ring_of_legend not in ("any", "own"):
            raise ValueError('ring_of_legend must be "any" or "own"')
        self.ring_any = ring_of_legend == "any"
        # Card tables
        ms = self.monsters
        self.suit = tuple(SUITS.index(m.suit) for m in ms)
        self.value = tuple(m.value for m in ms)
        self.element = tuple(ELEMENTS.index(m.element) for m in ms)
        self.trap = tuple(1 if m.kind == "trap" else 0 for m in ms)
        self.boss = tuple(1 if m.kind == "boss" else 0 for m in ms)
        self.coins2 = tuple(int(round(m.coins * 2)) for m in ms)
        self.boss_vp = tuple(m.boss_vp for m in ms)
        self.token = tuple(HIDDEN_TOKEN_BASE + 10 * s + v for s, v in zip(self.suit, self.value))
        # Characters
        ch = self.characters
        self.threshold = tuple(c.threshold for c in ch)
        self.char_element = tuple(ELEMENTS.index(c.element) for c in ch)
        defences = []
        for k, c in enumerate(ch):
            d = [c.defence, c.defence, c.defence]
            if k == FIGHTER:
                for lv, text, default in ((1, c.level2, 5), (2, c.level3, 10)):
                    mm = re.search(r"Defen[cs]e\s*\+?\s*(\d+)", text)
                    d[lv] = int(mm.group(1)) if mm else default
            defences.append(tuple(d))
        self.char_defence = tuple(defences)
        self.sizes = tuple(hand_sizes(n, len(ms)))
        seq = []
        for k in range(max(self.sizes)):
            for i in range(n):
                if self.sizes[i] > k:
                    seq.append(i)   # offset from the first player
        self.deal_offsets = tuple(seq)

    def new_initial_state(self) -> "LegolasState":
        return LegolasState(self)


class Horde:
    """One gate and the monsters on it (bottom first)."""

    __slots__ = ("idx", "suit", "gate", "layer", "cards", "total", "open")

    def __init__(self, idx: int, suit: int, gate: int, layer: int):
        self.idx = idx
        self.suit = suit
        self.gate = gate
        self.layer = layer
        self.cards: list[int] = []
        self.total = 0
        self.open = True

    def copy(self) -> "Horde":
        h = Horde.__new__(Horde)
        h.idx, h.suit, h.gate, h.layer = self.idx, self.suit, self.gate, self.layer
        h.cards = self.cards[:]
        h.total = self.total
        h.open = self.open
        return h


class LegolasObservation(NamedTuple):
    """What one player may see (an immutable snapshot). Card ids are ints into ``monsters``;
    cards in hordes are tokens (``token_is_hidden``) until a challenge reveals them."""

    player: int
    num_players: int
    round: int                 # 0-based
    rounds: int
    phase: str
    current: int               # seat to act (or CHANCE / TERMINAL)
    active: int                # seat whose turn it is
    first: int                 # first player of this round
    monsters: tuple            # the card list (public)
    hand: tuple                # own cards
    hand_sizes: tuple
    characters: tuple          # character index per seat (-1 before the deal)
    character_elements: tuple  # element index of each seat's +1 VP bonus
    thresholds: tuple
    levels: tuple
    vp: tuple                  # floats
    treasures: tuple           # per seat: treasure indices (face up)
    treasure_deck: int
    missions: tuple            # this round, per seat: index; -2 chosen but hidden; -1 none
    used_missions: tuple       # per seat: bitmask of missions of earlier (revealed) rounds
    wizard_elements: tuple     # per seat: element bitmask chosen this round
    hordes: tuple              # open hordes: (index, suit, total, top value, tokens bottom-up)
    defeated: tuple            # per seat: defeated monsters this round (face up)
    closed_gates: tuple        # per seat: number of closed gates taken this round
    defence: int               # own defence now
    immune_suits: int          # own bitmask of suits that deal no damage (treasures)
    barrier_elements: int      # bitmask of elements dealing +1 damage to you (neighbours)
    plays_made: int            # cards played this turn (Step 1)
    plays_allowed: int
    challenge: tuple | None    # (seat, horde, cards, position, damage, defence, defeated)
    net_victim: int            # seat whose row can be netted (-1 otherwise)
    shop_coins: int            # own whole coins when shopping
    shop_drawn: tuple          # own drawn treasures when keeping one


class LegolasState(State):
    def __init__(self, game: LegolasGame):
        g = game
        n = g.num_players
        self.g = g
        self.n = n
        self.round = 0
        self.first = 0
        self.active = 0
        self.cur = CHANCE
        self.phase = PH_CHARACTERS
        self.chars = [-1] * n
        self.char_pool = list(g.character_copies)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[int] = list(range(len(g.monsters)))
        self.deal_pos = 0
        self.setaside: list[int] = []
        self.discard: list[int] = []
        self.hordes: list[Horde] = []
        self.open: list[Horde] = []
        self.defeated: list[list[int]] = [[] for _ in range(n)]
        self.closed: list[list[int]] = [[] for _ in range(n)]
        self.revealed = bytearray(len(g.monsters))
        self.vp2 = [0] * n
        self.level = [1] * n
        self.mission = [-1] * n
        self.mission_hist: list[list[int]] = [[] for _ in range(n)]
        self.used = [0] * n
        self.wiz = [0] * n
        self.order: list[int] = []          # mission / wizard / shopping order
        self.order_pos = 0
        self.holder = [-1] * 16            # seat, -1 in the treasure deck, -2 gone (used Minion)
        self.tdeck: list[int] = list(range(16))
        self.plays_made = 0
        self.plays_allowed = 1
        self.ch_h = -1
        self.ch_pos = 0
        self.ch_dmg = 0
        self.ch_def = 0
        self.ch_immune = 0
        self.ch_barrier = 0
        self.ch_wiz = 0
        self.ch_won: list[int] = []
        self.ch_kept: list[int] = []
        self.net_victim = -1
        self.shop_coins2 = [0] * n
        self.shop_need = 0
        self.shop_drawn: list[int] = []
        # statistics
        self.turns = 0
        self.mission_vp2: list[list[int]] = [[] for _ in range(n)]
        self.round_vp2: list[list[int]] = [[] for _ in range(n)]
        self.bought = [0] * 16
        self.challenges = [0] * n
        self.ring_vp2 = [0] * n
        self.net_steals = 0
        self.minions_used = 0
        self.end_reasons = [0, 0]           # no card, too many gates
        self.rounds_done = 0
        self._legal: list[int] | None = None
        self._c_seats = self._c_static = self._c_hordes = self._c_rows = None
        if g.character_assignment is not None:
            self.chars = list(g.character_assignment)
            for c in self.chars:
                self.char_pool[c] -= 1
            self._after_characters()

    # ---------------------------------------------------------------- protocol
    def current_player(self) -> int:
        return self.cur

    def is_terminal(self) -> bool:
        return self.phase == PH_END

    def chance_outcomes(self) -> list[tuple[int, float]]:
        ph = self.phase
        if ph == PH_DEAL:
            d = self.deck
            p = 1.0 / len(d)
            return [(c, p) for c in d]
        if ph == PH_SHOP_DRAW:
            d = self.tdeck
            p = 1.0 / len(d)
            return [(A_TREASURE + t, p) for t in d]
        if ph == PH_CHARACTERS:
            tot = sum(self.char_pool)
            return [(A_CHARACTER + k, c / tot) for k, c in enumerate(self.char_pool) if c]
        if ph == PH_FIRST:
            p = 1.0 / self.n
            return [(A_FIRST + s, p) for s in range(self.n)]
        raise IllegalAction("not a chance node")

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> list[int]:
        ph = self.phase
        if ph == PH_PLAY:
            seat = self.active
            plays = self._horde_plays(seat)
            if self.plays_made == 0:
                if plays:
                    return plays
                hand = self.hands[seat]
                val = self.g.value
                top = max(val[c] for c in hand)
                return [A_GATE + c for c in hand if val[c] == top]
            plays.append(A_STOP)
            return plays
        if ph == PH_CHALLENGE:
            thr = self.g.threshold[self.chars[self.active]]
            must = [A_CHALLENGE + h.idx for h in self.open if h.total >= thr]
            if must:
                return must
            return [A_PASS] + [A_CHALLENGE + h.idx for h in self.open if h.cards]
        if ph in _CHANCE_PHASES:
            return [a for a, _ in self.chance_outcomes()]
        if ph == PH_MISSION:
            used = self.used[self.cur]
            return [A_MISSION + m for m in range(len(MISSIONS)) if not used >> m & 1]
        if ph == PH_FIRST_GATE:
            return [A_GATE + c for c in self.hands[self.cur]]
        if ph == PH_WIZ_CHOICE:
            return [A_DEFEAT, A_IGNORE]
        if ph == PH_MINION:
            return [A_MINION, A_NO_MINION]
        if ph == PH_NET:
            return [A_NET_DECLINE] + [A_NET + c for c in self.defeated[self.net_victim]]
        if ph == PH_WIZARD:
            k = 2 if self.level[self.cur] >= 3 else 1
            return [A_ELEMENTS + m for m in _MASKS_BY_SIZE[k]]
        if ph == PH_SHOP_SPEND:
            return [A_SPEND + k for k in range(self._max_spend(self.cur) + 1)]
        if ph == PH_SHOP_KEEP:
            return [A_KEEP + t for t in self.shop_drawn]
        return []

    def _horde_plays(self, seat: int) -> list[int]:
        """Legal Step-1 card plays onto open hordes (L7, L29)."""
        hand = self.hands[seat]
        out: list[int] = []
        if not hand:
            return out
        g = self.g
        if self.chars[seat] == PSYCHIC and self.level[seat] >= 2:
            for h in self.open:
                base = A_PLAY + h.idx * DECK_SIZE
                out.extend(base + c for c in hand)
            return out
        suit = g.suit
        val = g.value
        for h in self.open:
            base = A_PLAY + h.idx * DECK_SIZE
            s = h.suit
            suited = [base + c for c in hand if suit[c] == s]
            if suited:
                out.extend(suited)
            else:
                top = val[h.cards[-1]] if h.cards else 0
                out.extend(base + c for c in hand if val[c] >= top)
        return out

    def apply_action(self, action: int) -> None:
        ph = self.phase
        if ph == PH_DEAL:
            try:
                self.deck.remove(action)
            except ValueError:
                raise IllegalAction(f"card {action} is not in the deck being dealt") from None
            g = self.g
            self.hands[(self.first + g.deal_offsets[self.deal_pos]) % self.n].append(action)
            self.deal_pos += 1
            self._legal = None
            if self.deal_pos == len(g.deal_offsets):
                self.setaside = self.deck
                self.deck = []
                self._start_missions()
            return
        if ph == PH_END:
            raise IllegalAction("the game is over")
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(self._why_illegal(action))
        self._legal = None
        a = action
        if ph == PH_PLAY:
            if a == A_STOP:
                self._step2()
            elif a >= A_PLAY:
                self._play_card((a - A_PLAY) // DECK_SIZE, (a - A_PLAY) % DECK_SIZE)
            else:
                self._lay_gate(a - A_GATE)
                self._after_play()
        elif ph == PH_CHALLENGE:
            if a == A_PASS:
                self._end_turn()
            else:
                self._start_challenge(a - A_CHALLENGE)
        elif ph == PH_MISSION:
            self._choose_mission(a - A_MISSION)
        elif ph == PH_FIRST_GATE:
            self._lay_gate(a - A_GATE)
            self._end_turn()          # L19: the first gate is the first player's whole turn
        elif ph == PH_WIZ_CHOICE:
            if a == A_IGNORE:
                h = self.hordes[self.ch_h]
                self.ch_kept.append(h.cards[self.ch_pos])
                self.ch_pos += 1
                self._run_challenge()
            else:
                r = self._hit()
                if r == 0:
                    self._run_challenge()
                elif r == 2:
                    self._finish_challenge()
        elif ph == PH_MINION:
            h = self.hordes[self.ch_h]
            if a == A_MINION:
                self.ch_dmg = max(0, self.ch_dmg - MINION_REDUCTION)
                self.holder[T_MINION] = -2
                self.minions_used += 1
                self._c_seats = None
                self.ch_won.append(h.cards[self.ch_pos])
                self.ch_pos += 1
                self._run_challenge()
            else:
                self.ch_kept.extend(h.cards[self.ch_pos:])
                self.ch_pos = len(h.cards)
                self._finish_challenge()
        elif ph == PH_NET:
            if a != A_NET_DECLINE:
                c = a - A_NET
                self.defeated[self.net_victim].remove(c)
                self.defeated[self.cur].append(c)
                self.net_steals += 1
                self._c_rows = None
            self.net_victim = -1
            self._end_turn()
        elif ph == PH_WIZARD:
            self.wiz[self.cur] = a - A_ELEMENTS
            self.order_pos += 1
            self._next_wizard()
        elif ph == PH_SHOP_SPEND:
            k = a - A_SPEND
            if k == 0:
                self.order_pos += 1
                self._next_shopper()
            else:
                self.shop_need = k
                self.shop_drawn = []
                self.phase = PH_SHOP_DRAW
                self.cur = CHANCE
        elif ph == PH_SHOP_DRAW:
            t = a - A_TREASURE
            self.tdeck.remove(t)
            self.shop_drawn.append(t)
            self.shop_need -= 1
            if self.shop_need == 0:
                if len(self.shop_drawn) == 1:
                    self._keep(self.shop_drawn[0])
                else:
                    self.phase = PH_SHOP_KEEP
                    self.cur = self.order[self.order_pos]
        elif ph == PH_SHOP_KEEP:
            self._keep(a - A_KEEP)
        elif ph == PH_CHARACTERS:
            k = a - A_CHARACTER
            seat = self.chars.index(-1)
            self.chars[seat] = k
            self.char_pool[k] -= 1
            self._invalidate()
            if -1 not in self.chars:
                self._after_characters()
        elif ph == PH_FIRST:
            self.first = a - A_FIRST
            self._start_round()
        else:  # pragma: no cover
            raise IllegalAction(f"no action expected in phase {PHASE_NAMES[ph]}")

    # ---------------------------------------------------------------- setup & rounds
    def _after_characters(self) -> None:
        self._invalidate()
        if self.g.first_player is None:
            self.phase = PH_FIRST
            self.cur = CHANCE
        else:
            self.first = self.g.first_player
            self._start_round()

    def _start_round(self) -> None:
        """L5: all 48 cards are shuffled and dealt again."""
        deck = self.deck
        deck.extend(self.discard)
        deck.extend(self.setaside)
        deck.sort()
        self.discard = []
        self.setaside = []
        self.revealed = bytearray(len(self.g.monsters))
        self.hordes = []
        self.open = []
        self._invalidate()
        self.mission = [-1] * self.n
        self.wiz = [0] * self.n
        self.deal_pos = 0
        self.active = self.first
        self.phase = PH_DEAL
        self.cur = CHANCE
        self._legal = None

    def _start_missions(self) -> None:
        """L18: missions are chosen one after another from the first player, face down."""
        n = self.n
        self.order = [(self.first + i) % n for i in range(n)]
        self.order_pos = 0
        self.phase = PH_MISSION
        self.cur = self.order[0]

    def _choose_mission(self, m: int) -> None:
        self.mission[self.cur] = m
        self.order_pos += 1
        if self.order_pos < self.n:
            self.cur = self.order[self.order_pos]
            return
        for s in range(self.n):                     # all revealed together
            self.used[s] |= 1 << self.mission[s]
            self.mission_hist[s].append(self.mission[s])
        self.order = [s for s in self.order if self.chars[s] == WIZARD and self.level[s] >= 2]
        self.order_pos = 0
        self._next_wizard()

    def _next_wizard(self) -> None:
        """L30: Wizards of level 2+ choose their element(s) openly after the missions."""
        if self.order_pos < len(self.order):
            self.phase = PH_WIZARD
            self.cur = self.order[self.order_pos]
            return
        self.phase = PH_FIRST_GATE
        self.active = self.first
        self.cur = self.first
        self.turns += 1

    # ---------------------------------------------------------------- turns
    def _lay_gate(self, card: int) -> None:
        seat = self.active
        self.hands[seat].remove(card)
        h = Horde(len(self.hordes), self.g.suit[card], card, seat)
        self.hordes.append(h)
        self.open.append(h)
        self._c_hordes = None

    def _play_card(self, hidx: int, card: int) -> None:
        self.hands[self.active].remove(card)
        h = self.hordes[hidx]
        h.cards.append(card)
        h.total += self.g.value[card]
        self._c_hordes = None
        self._after_play()

    def _after_play(self) -> None:
        self.plays_made += 1
        if self.plays_made >= self.plays_allowed or not self.hands[self.active]:
            self._step2()
            return
        legal = self._horde_plays(self.active)     # L28: extra cards go onto hordes only
        if not legal:
            self._step2()
            return
        legal.append(A_STOP)
        self._legal = legal

    def _step2(self) -> None:
        seat = self.active
        for h in self.open:
            if h.cards:
                self.phase = PH_CHALLENGE
                self.cur = seat
                self._legal = None
                return
        self._end_turn()

    def _end_turn(self) -> None:
        n = self.n
        self.active = seat = (self.active + 1) % n
        # L10 / L21: both end conditions are checked when a turn is about to begin.
        if not self.hands[seat]:
            self.end_reasons[0] += 1
            self._end_round()
            return
        if len(self.open) > n:
            self.end_reasons[1] += 1
            self._end_round()
            return
        self.turns += 1
        self.phase = PH_PLAY
        self.cur = seat
        self.plays_made = 0
        allowed = 1
        if self.holder[T_LURE] == seat:
            allowed += 1                            # L28
        if self.chars[seat] == PSYCHIC and self.level[seat] >= 3:
            allowed += 2                            # L29
        self.plays_allowed = allowed
        self._legal = None

    # ---------------------------------------------------------------- challenges
    def defence(self, seat: int) -> int:
        """Character defence at the current level plus armour (L24)."""
        d = self.g.char_defence[self.chars[seat]][self.level[seat] - 1]
        holder = self.holder
        for t, bonus in ARMOR:
            if holder[t] == seat:
                d += bonus
        return d

    def damage_masks(self, seat: int) -> tuple[int, int]:
        """(suits dealing no damage to seat, elements dealing +1 to seat) (L24)."""
        holder = self.holder
        immune = 0
        for s, t in enumerate(IMMUNITY_OF_SUIT):
            if holder[t] == seat:
                immune |= 1 << s
        n = self.n
        left, right = (seat + 1) % n, (seat - 1) % n
        barrier = 0
        for e, t in enumerate(BARRIER_OF_ELEMENT):
            hd = holder[t]
            if hd >= 0 and hd != seat and (hd == left or hd == right):
                barrier |= 1 << e
        return immune, barrier

    def damage(self, seat: int, card: int) -> int:
        immune, barrier = self.damage_masks(seat)
        g = self.g
        if immune >> g.suit[card] & 1:
            return 0
        return g.value[card] + (barrier >> g.element[card] & 1)

    def _start_challenge(self, hidx: int) -> None:
        seat = self.active
        h = self.hordes[hidx]
        rv = self.revealed
        for c in h.cards:
            rv[c] = 1
        self._c_hordes = None
        self.ch_h = hidx
        self.ch_pos = 0
        self.ch_dmg = 0
        self.ch_won = []
        self.ch_kept = []
        self.ch_def = self.defence(seat)
        self.ch_immune, self.ch_barrier = self.damage_masks(seat)
        self.ch_wiz = (self.wiz[seat] if self.chars[seat] == WIZARD and self.level[seat] >= 2
                       else 0)
        self.challenges[seat] += 1
        self._run_challenge()

    def _run_challenge(self) -> None:
        cards = self.hordes[self.ch_h].cards
        elem = self.g.element
        wiz = self.ch_wiz
        while self.ch_pos < len(cards):
            if wiz and wiz >> elem[cards[self.ch_pos]] & 1:
                self.phase = PH_WIZ_CHOICE              # L30
                self.cur = self.active
                return
            r = self._hit()
            if r == 1:
                return
            if r == 2:
                break
        self._finish_challenge()

    def _hit(self) -> int:
        """The monster at ch_pos deals its damage: 0 defeated, 1 Minion question, 2 stopped."""
        g = self.g
        cards = self.hordes[self.ch_h].cards
        c = cards[self.ch_pos]
        if not self.ch_immune >> g.suit[c] & 1:
            self.ch_dmg += g.value[c] + (self.ch_barrier >> g.element[c] & 1)
        if self.ch_dmg <= self.ch_def:
            self.ch_won.append(c)
            self.ch_pos += 1
            return 0
        seat = self.active
        if self.holder[T_MINION] == seat and max(0, self.ch_dmg - MINION_REDUCTION) <= self.ch_def:
            self.phase = PH_MINION                       # L25
            self.cur = seat
            return 1
        self.ch_kept.extend(cards[self.ch_pos:])
        self.ch_pos = len(cards)
        return 2

    def _finish_challenge(self) -> None:
        seat = self.active
        h = self.hordes[self.ch_h]
        won = self.ch_won
        h.cards = self.ch_kept
        val = self.g.value
        h.total = sum(val[c] for c in h.cards)
        self.ch_kept = []
        self.defeated[seat].extend(won)
        self._c_hordes = self._c_rows = None
        if not h.cards:                                  # L22: the gate closes
            h.open = False
            self.open.remove(h)
            self.closed[seat].append(h.gate)
        boss = self.g.boss
        bosses = sum(boss[c] for c in won)
        ring = self.holder[T_RING]
        if bosses and ring >= 0 and (ring == seat or self.g.ring_any):   # L27
            self.vp2[ring] += 2 * bosses
            self.ring_vp2[ring] += 2 * bosses
            self.level[ring] = level_of(self.vp2[ring])
            self._c_seats = None
        self.ch_won = []
        self.ch_h = -1
        net = self.holder[T_NET]
        if net >= 0 and net != seat and self.defeated[seat]:   # L26
            self.phase = PH_NET
            self.cur = net
            self.net_victim = seat
            return
        self._end_turn()

    # ---------------------------------------------------------------- scoring & shopping
    def score_breakdown(self, seat: int) -> tuple[int, int, int]:
        """(mission, element bonus, boss VP) of seat's defeated row, in half points (L11, L33)."""
        g = self.g
        pile = self.defeated[seat]
        m = self.mission[seat]
        if m < 0:
            mv = 0
        elif m < 4:
            mv = 2 * (sum(1 for c in pile if g.suit[c] == m) - sum(g.trap[c] for c in pile))
        elif m == MISSION_ESCAPIST:
            mv = 2 * (sum(g.trap[c] for c in pile) - sum(g.boss[c] for c in pile))
        elif m == MISSION_GAMBLER:
            mv = sum(g.coins2[c] for c in pile) - 2 * sum(1 for c in pile if g.coins2[c] == 0)
        else:
            mv = 2 * (5 - len(pile))
        ce = g.char_element[self.chars[seat]]
        ev = 2 * sum(1 for c in pile if g.element[c] == ce)
        bv = 2 * sum(g.boss_vp[c] for c in pile)
        return mv, ev, bv

    def coins2(self, seat: int) -> int:
        """Spendable coins of seat's row, in half coins (L31): (printed + Blade) x Rogue level."""
        g = self.g
        pile = self.defeated[seat]
        blade = 2 if self.holder[T_BLADE] == seat else 0
        total = sum(g.coins2[c] + blade for c in pile)
        if self.chars[seat] == ROGUE:
            total *= self.level[seat]
        return total

    def _max_spend(self, seat: int) -> int:
        return min(self.shop_coins2[seat] // 2, len(self.tdeck))

    def _end_round(self) -> None:
        n = self.n
        disc = self.discard
        for h in self.open:
            disc.append(h.gate)
            disc.extend(h.cards)
            h.cards = []
        self.open = []
        self.hordes = []
        self._invalidate()
        for hand in self.hands:
            disc.extend(hand)
            hand.clear()
        for s in range(n):
            mv, ev, bv = self.score_breakdown(s)
            self.vp2[s] += mv + ev + bv
            self.mission_vp2[s].append(mv)
            self.round_vp2[s].append(mv + ev + bv)
        for s in range(n):
            self.level[s] = level_of(self.vp2[s])
        self._c_seats = None
        self.rounds_done += 1
        if self.round + 1 >= self.g.rounds:               # no shopping after the last round
            self._clear_rows()
            self.phase = PH_END
            self.cur = TERMINAL
            self._legal = None
            return
        coins = [self.coins2(s) for s in range(n)]
        self.shop_coins2 = coins
        first = self.first
        self.order = sorted(range(n), key=lambda s: (coins[s], self.vp2[s], (s - first) % n))
        self.order_pos = 0
        self._next_shopper()

    def _next_shopper(self) -> None:
        while self.order_pos < len(self.order):
            s = self.order[self.order_pos]
            if self._max_spend(s) >= 1:
                self.phase = PH_SHOP_SPEND
                self.cur = s
                self._legal = None
                return
            self.order_pos += 1
        self._clear_rows()
        self.round += 1
        self.first = (self.first + 1) % self.n             # L17
        self._start_round()

    def _keep(self, t: int) -> None:
        seat = self.order[self.order_pos]
        self.holder[t] = seat
        self.bought[t] += 1
        self._c_seats = None
        for other in self.shop_drawn:
            if other != t:
                self.tdeck.append(other)
        self.tdeck.sort()
        self.shop_drawn = []
        self.order_pos += 1
        self._next_shopper()

    def _clear_rows(self) -> None:
        """L23: defeated monsters (spent or not) and closed gates are discarded after the round."""
        for s in range(self.n):
            self.discard.extend(self.defeated[s])
            self.defeated[s] = []
            self.discard.extend(self.closed[s])
            self.closed[s] = []
        self._c_rows = None

    # ---------------------------------------------------------------- results
    def returns(self) -> list[float]:
        if self.phase != PH_END:
            return [0.0] * self.n
        best = max(self.vp2)
        winners = [s for s in range(self.n) if self.vp2[s] == best]
        share = 1.0 / len(winners)
        return [share if s in winners else 0.0 for s in range(self.n)]

    def winners(self) -> list[int]:
        best = max(self.vp2)
        return [s for s in range(self.n) if self.vp2[s] == best]

    def vp(self, seat: int) -> float:
        return self.vp2[seat] / 2

    def stats(self) -> dict[str, Any]:
        n = self.n
        return {
            "scores": [v / 2 for v in self.vp2],
            "winners": self.winners() if self.phase == PH_END else [],
            "characters": [CHARACTER_IDS[c] if c >= 0 else None for c in self.chars],
            "missions": [[MISSIONS[m] for m in self.mission_hist[s]] for s in range(n)],
            "mission_vp": [[v / 2 for v in self.mission_vp2[s]] for s in range(n)],
            "round_vp": [[v / 2 for v in self.round_vp2[s]] for s in range(n)],
            "treasures_bought": {TREASURE_IDS[t]: self.bought[t] for t in range(16)},
            "treasures_held": [[TREASURE_IDS[t] for t in range(16) if self.holder[t] == s]
                               for s in range(n)],
            "levels": list(self.level),
            "rounds": self.rounds_done,
            "turns": self.turns,
            "challenges": list(self.challenges),
            "ring_vp": [v / 2 for v in self.ring_vp2],
            "net_steals": self.net_steals,
            "minions_used": self.minions_used,
            "round_end": {"no_cards": self.end_reasons[0], "gates": self.end_reasons[1]},
        }

    # ---------------------------------------------------------------- views
    # Public parts of the observation are cached and rebuilt only after they change.
    def _seat_view(self) -> tuple:
        c = self._c_seats
        if c is None:
            n = self.n
            holder = self.holder
            treasures = tuple(tuple(t for t in range(16) if holder[t] == s) for s in range(n))
            if -1 in self.chars:
                zeros = (0,) * n
                defs, masks = zeros, ((0, 0),) * n
            else:
                defs = tuple(self.defence(s) for s in range(n))
                masks = tuple(self.damage_masks(s) for s in range(n))
            c = self._c_seats = (treasures, tuple(self.level), tuple(v / 2 for v in self.vp2),
                                 defs, masks)
        return c

    def _static_view(self) -> tuple:
        c = self._c_static
        if c is None:
            g = self.g
            chars = self.chars
            c = self._c_static = (tuple(chars),
                                  tuple(g.char_element[x] if x >= 0 else -1 for x in chars),
                                  tuple(g.threshold[x] if x >= 0 else 0 for x in chars))
        return c

    def _hordes_view(self) -> tuple:
        c = self._c_hordes
        if c is None:
            g = self.g
            rv = self.revealed
            tok = g.token
            val = g.value
            c = self._c_hordes = tuple(
                (h.idx, h.suit, h.total, val[h.cards[-1]] if h.cards else 0,
                 tuple([x if rv[x] else tok[x] for x in h.cards])) for h in self.open)
        return c

    def _rows_view(self) -> tuple:
        c = self._c_rows
        if c is None:
            c = self._c_rows = (tuple([tuple(d) for d in self.defeated]),
                                tuple([len(x) for x in self.closed]))
        return c

    def _invalidate(self) -> None:
        self._c_seats = self._c_static = self._c_hordes = self._c_rows = None

    def observation(self, player: int) -> LegolasObservation:
        g = self.g
        n = self.n
        ph = self.phase
        mission = self.mission
        if ph == PH_MISSION:
            missions = tuple([mission[s] if s == player or mission[s] < 0 else -2
                              for s in range(n)])
            used = tuple(self.used)
        else:
            missions = tuple(mission)
            used = tuple([self.used[s] & ~(1 << mission[s]) if mission[s] >= 0
                          else self.used[s] for s in range(n)])
        treasures, levels, vp, defs, masks = self._seat_view()
        chars, elements, thresholds = self._static_view()
        defeated, closed = self._rows_view()
        challenge = None
        if ph == PH_WIZ_CHOICE or ph == PH_MINION:
            h = self.hordes[self.ch_h]
            challenge = (self.active, self.ch_h, tuple(h.cards), self.ch_pos, self.ch_dmg,
                         self.ch_def, tuple(self.ch_won))
        shopper = (ph == PH_SHOP_SPEND or ph == PH_SHOP_KEEP) and \
            self.order[self.order_pos] == player
        immune, barrier = masks[player]
        return LegolasObservation(
            player, n, self.round, g.rounds, PHASE_NAMES[ph], self.cur, self.active,
            self.first, g.monsters, tuple(self.hands[player]),
            tuple([len(h) for h in self.hands]), chars, elements, thresholds, levels, vp,
            treasures, len(self.tdeck), missions, used, tuple(self.wiz), self._hordes_view(),
            defeated, closed, defs[player], immune, barrier, self.plays_made, self.plays_allowed,
            challenge, self.net_victim,
            self.shop_coins2[player] // 2 if shopper else 0,
            tuple(self.shop_drawn) if shopper and ph == PH_SHOP_KEEP else (),
        )

    def card_str(self, card: int) -> str:
        return str(self.g.monsters[card])

    def action_to_string(self, action: int) -> str:
        kind, *args = decode_action(action)
        if kind == "deal":
            return f"deal {self.card_str(args[0])}"
        if kind == "play":
            return f"play {self.card_str(args[1])} on horde {args[0]}"
        if kind == "gate":
            return f"gate {self.card_str(args[0])}"
        if kind == "challenge":
            return f"challenge horde {args[0]}"
        if kind == "mission":
            return f"mission {MISSIONS[args[0]]}"
        if kind == "elements":
            return "elements " + "+".join(e for i, e in enumerate(ELEMENTS) if args[0] >> i & 1)
        if kind == "net":
            return f"net {self.card_str(args[0])}"
        if kind in ("keep", "treasure"):
            return f"{kind} {TREASURE_IDS[args[0]]}"
        if kind == "spend":
            return f"spend {args[0]} coins"
        if kind == "character":
            return f"character {CHARACTER_IDS[args[0]]}"
        if kind == "first":
            return f"first player {args[0]}"
        return " ".join([kind] + [str(x) for x in args])

    def _why_illegal(self, action: int) -> str:
        kind, *args = decode_action(action)
        ph = PHASE_NAMES[self.phase]
        seat = self.cur
        if self.phase in _CHANCE_PHASES:
            return f"{self.action_to_string(action)} is not a possible chance outcome now"
        if kind == "play" and self.phase == PH_PLAY:
            hidx, card = args
            if card not in self.hands[seat]:
                return f"card {self.card_str(card)} is not in seat {seat + 1}'s hand"
            if hidx >= len(self.hordes) or not self.hordes[hidx].open:
                return f"horde {hidx} is not an open horde"
            if self.plays_made >= 1 and not self._horde_plays(seat):
                return "no further legal play"
            h = self.hordes[hidx]
            g = self.g
            if any(g.suit[c] == h.suit for c in self.hands[seat]):
                return f"must follow suit {SUITS[h.suit]} on horde {hidx}"
            top = g.value[h.cards[-1]] if h.cards else 0
            return f"holding no {SUITS[h.suit]}, the card must have value >= {top} on horde {hidx}"
        if kind == "gate" and self.phase == PH_PLAY:
            if self.plays_made:
                return "extra cards go onto hordes, never a new gate"
            if args[0] not in self.hands[seat]:
                return f"card {args[0]} is not in the hand"
            if self._horde_plays(seat):
                return "a new gate is only allowed with no legal play on any horde"
            return "the new gate must be your highest card"
        if kind == "pass" and self.phase == PH_CHALLENGE:
            return "a horde is at or above your threshold: you must challenge it"
        if kind == "challenge" and self.phase == PH_CHALLENGE:
            return f"horde {args[0]} cannot be challenged (closed, empty, or another horde is " \
                   "at your threshold)"
        if kind == "mission" and self.phase == PH_MISSION:
            return f"mission {MISSIONS[args[0]]} was already used"
        if kind == "spend" and self.phase == PH_SHOP_SPEND:
            return f"you can spend at most {self._max_spend(seat)} coins"
        return f"{self.action_to_string(action)} is not legal in phase {ph}"

    # ---------------------------------------------------------------- copies & checks
    def clone(self) -> "LegolasState":
        s = LegolasState.__new__(LegolasState)
        d = self.__dict__.copy()
        s.__dict__ = d
        hordes = [h.copy() for h in self.hordes]
        d["hordes"] = hordes
        d["open"] = [hordes[h.idx] for h in self.open]
        for k in ("chars", "char_pool", "deck", "setaside", "discard", "vp2", "level", "mission",
                  "used", "wiz", "order", "holder", "tdeck", "ch_won", "ch_kept", "shop_coins2",
                  "shop_drawn", "bought", "challenges", "ring_vp2", "end_reasons"):
            d[k] = self.__dict__[k][:]
        for k in ("hands", "defeated", "closed", "mission_hist", "mission_vp2", "round_vp2"):
            d[k] = [x[:] for x in self.__dict__[k]]
        d["revealed"] = bytearray(self.revealed)
        d["_legal"] = None
        return s

    def determinize(self, player: int, rng) -> "LegolasState":
        """Other hands, unrevealed horde cards and hidden missions drawn again (determinize.py)."""
        from .determinize import determinize
        return determinize(self, player, rng)

    def locations(self) -> dict[int, str]:
        """Where every monster card is: "hand<seat>", "horde<i>", "defeated<seat>",
        "closed<seat>", "setaside", "discard" or "deck". Raises if a card is in two places."""
        where: dict[int, str] = {}

        def put(cards, place):
            for c in cards:
                if c in where:
                    raise AssertionError(f"card {c} in {where[c]} and {place}")
                where[c] = place

        put(self.deck, "deck")
        put(self.setaside, "setaside")
        put(self.discard, "discard")
        for s in range(self.n):
            put(self.hands[s], f"hand{s}")
            put(self.defeated[s], f"defeated{s}")
            put(self.closed[s], f"closed{s}")
        for h in self.hordes:
            if h.open:
                put([h.gate], f"horde{h.idx}")
                put(h.cards, f"horde{h.idx}")
            elif h.cards:
                raise AssertionError(f"closed horde {h.idx} still holds cards")
        return where

    # ---------------------------------------------------------------- scenario set-up
    def set_position(self, *, hands: Sequence[Sequence[int]],
                     hordes: Sequence[tuple[int, Sequence[int]]] = (), active: int = 0,
                     missions: Sequence[int] | None = None, vp: Sequence[float] | None = None,
                     treasures: Mapping[str, int] | None = None,
                     defeated: Sequence[Sequence[int]] | None = None,
                     wizard_elements: Sequence[int] | None = None,
                     revealed: Sequence[int] = (), round_index: int | None = None) -> None:
        """Put the game in a chosen mid-round position (for scenario tests and puzzles).

        hands: cards per seat; hordes: (gate card, cards bottom-up); the turn of `active` begins
        (Step 1). missions: mission index per seat (marked used). vp: VP per seat (levels follow).
        treasures: {treasure id: seat}. Cards not placed anywhere are set aside.
        """
        if self.chars[0] < 0:
            raise ValueError("deal the characters first (or use character_assignment)")
        n = self.n
        if round_index is not None:
            self.round = round_index
        self.hands = [list(h) for h in hands]
        self.hordes = []
        self.open = []
        self.revealed = bytearray(len(self.g.monsters))
        for c in revealed:
            self.revealed[c] = 1
        for gate, cards in hordes:
            h = Horde(len(self.hordes), self.g.suit[gate], gate, -1)
            h.cards = list(cards)
            h.total = sum(self.g.value[c] for c in cards)
            self.hordes.append(h)
            self.open.append(h)
        self.defeated = [list(d) for d in defeated] if defeated else [[] for _ in range(n)]
        self.closed = [[] for _ in range(n)]
        if missions is not None:
            self.mission = list(missions)
            for s, m in enumerate(missions):
                if m >= 0:
                    self.used[s] |= 1 << m
        if vp is not None:
            self.vp2 = [int(round(2 * v)) for v in vp]
            self.level = [level_of(v) for v in self.vp2]
        if treasures is not None:
            self.holder = [-1] * 16
            for tid, seat in treasures.items():
                self.holder[TREASURE_IDS.index(tid)] = seat
            self.tdeck = [t for t in range(16) if self.holder[t] == -1]
        if wizard_elements is not None:
            self.wiz = list(wizard_elements)
        self._invalidate()
        placed = set()
        for group in (*self.hands, *self.defeated):
            placed.update(group)
        for h in self.hordes:
            placed.add(h.gate)
            placed.update(h.cards)
        self.deck = []
        self.discard = []
        self.setaside = [c for c in range(len(self.g.monsters)) if c not in placed]
        self.locations()
        self.active = (active - 1) % n
        self._end_turn()
