"""Legolas vs. Gimli's fixed facts and its card records: what the rules engine, the checks and the
drawings all read. Pure data: no file reading, no drawing.

A card's numbers and effects are fields (a character's level power is a kind and an amount, a
mission scores per something, a treasure has an effect kind, an amount and a target); its printed
text is a template over those fields (see wording.py), so the card cannot say one thing while the
engine plays another.
"""

from __future__ import annotations

from dataclasses import dataclass

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
MIN_PLAYERS, MAX_PLAYERS = 2, 5
LEVEL_2_VP, LEVEL_3_VP = 5, 10                                        # L12

# Character powers, by kind: what the amount means. A level's power adds to the ones below it;
# a power of the same kind replaces the lower level's (L29, L30, L31).
POWERS = {
    "defence": "the character's defence from this level on",
    "ignore_elements": "how many elements the Wizard names each round (L30)",
    "coin_multiplier": "what the coins of the row are multiplied by (L31)",
    "play_anywhere": "cards a turn, each on any horde ignoring suit and value (L29)",
    "none": "no new ability (the amount is not used)",
}
# A word the printed text of each kind must use, so a card cannot describe one power while the
# engine plays another (kind "defence" under a text about playing anywhere).
POWER_WORDS = {"defence": ("defen",), "ignore_elements": ("element",),
               "coin_multiplier": ("coin",), "play_anywhere": ("play",), "none": ()}
POWER_RANGE = {"defence": (0, 99), "ignore_elements": (1, len(ELEMENTS)),
               "coin_multiplier": (1, 9), "play_anywhere": (1, 9), "none": (0, 99)}

# Treasure effects, by kind: what its amount and target mean. Each treasure id has the kind the
# engine plays for it; the amount and target are free.
EFFECTS = {
    "defence": ("defence added", None),
    "minion": ("damage removed when discarded (L25)", None),
    "net": (None, None),
    "boss_vp": ("VP for every boss defeated (L27)", None),
    "plays": ("cards the holder may play each turn (L28)", None),
    "barrier": ("damage added for the holder's neighbours", "element"),
    "coin_bonus": ("coins added to every monster in the row (L31)", None),
    "immunity": (None, "suit"),
}
EFFECT_OF = {
    "leather_armor": "defence", "chain_mail_armor": "defence", "hard_plate_armor": "defence",
    "minion": "minion", "net": "net", "ring_of_legend": "boss_vp", "lure": "plays",
    "earth_barrier": "barrier", "wind_barrier": "barrier", "water_barrier": "barrier",
    "fire_barrier": "barrier", "subtle_blade": "coin_bonus", "silver_chains": "immunity",
    "jewels_of_osiris": "immunity", "dragon_hide": "immunity", "farsight_helm": "immunity",
}

# What a mission scores per: a suit (monsters of it), or one of these.
COUNTS = {"trap": "trap", "boss": "boss", "coin": "coin", "coinless": "card without a coin",
          "monster": "monster", "round": "round"}
MISSION_PER = SUITS + tuple(COUNTS)


# Cards dealt to each player (L5); None: the whole deck, round-robin from the first player.
DEAL_TABLE: dict[int, int | None] = {2: 13, 3: 13, 4: 12, 5: None}


def hand_sizes(num_players: int, deck_size: int = DECK_SIZE) -> list[int]:
    """Cards dealt to each player, in dealing order from the round's first player (ruling L5)."""
    per = DEAL_TABLE.get(num_players)
    if per is None or per * num_players > deck_size:
        base, extra = divmod(deck_size, num_players)
        return [base + (1 if i < extra else 0) for i in range(num_players)]
    return [per] * num_players


@dataclass(frozen=True)
class Monster:
    """A monster card: suit, value, element, kind, coins and boss VP."""

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
    """A treasure card: its effect, amount and target."""

    id: str
    name: str
    effect: str        # a kind of EFFECTS
    amount: int
    target: str        # an element (barrier), a suit (immunity), or ""
    text: str          # template: {amount}, {target}


@dataclass(frozen=True)
class Power:
    """A character's level power: a kind and an amount."""

    kind: str          # a kind of POWERS
    amount: int
    text: str          # template: {amount}


@dataclass(frozen=True)
class Character:
    """A character card: threshold, element, defence and level powers."""

    id: str
    name: str
    threshold: int
    element: str
    defence: int
    element_vp: int
    level2: Power
    level3: Power
    copies: int = 2


@dataclass(frozen=True)
class Mission:
    """A mission card: what it scores, and loses, per suit or count."""

    id: str
    name: str
    gain_vp: int
    gain_per: str      # a suit or a key of COUNTS
    gain_text: str     # template: {per}, {vp}
    loss_vp: int
    loss_per: str      # as gain_per; "" for no loss line
    loss_text: str


def per_phrase(per: str) -> str:
    """What a mission counts, as printed: "Stealth monster", "trap", "card without a coin"."""
    if per in SUITS:
        return f"{per.title()} monster"
    return COUNTS.get(per, per)
