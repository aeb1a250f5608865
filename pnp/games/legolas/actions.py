"""Legolas vs. Gimli's actions and phases: every move is an int in a range of its own (the
A_* constants), so a game replays from its list of ints (chance moves included)."""

from __future__ import annotations

from ...engine.core import CHANCE, TERMINAL, IllegalAction  # noqa: F401 (for the rule modules)
from .facts import DECK_SIZE, ELEMENTS, LEVEL_2_VP, LEVEL_3_VP, MISSIONS

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
CHANCE_PHASES = frozenset((PH_CHARACTERS, PH_FIRST, PH_DEAL, PH_SHOP_DRAW))

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


# Element bitmasks a Wizard may name, by how many elements (L30).
MASKS_BY_SIZE = {k: tuple(m for m in range(1, 1 << len(ELEMENTS)) if bin(m).count("1") == k)
                 for k in range(1, len(ELEMENTS) + 1)}
