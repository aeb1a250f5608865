"""How a Wuxing Duel position and its actions are held as small ints, and the tables the hot
paths (legal_actions, observation, apply_action at every step of play) read instead of
working things out: action numbers, card masks, the rounds' assignments, the board code."""

from __future__ import annotations

from itertools import permutations
from typing import Any, Sequence

from .cycles import NUM_PATHS, PATH_LEN

FIRST_BASE = 200
SET_ASIDE_BASE = 0
ASSIGN_BASE = 10
REVEAL_BASE = 100
ALL_CARDS = (1 << 5) - 1

# Phases
_P_FIRST, _P_SET_ASIDE, _P_ASSIGN, _P_REVEAL, _P_OVER = range(5)
PHASE_NAMES = ("first_player", "set_aside", "assign", "reveal", "over")


# PERMS[k]: every way to put k different cards on k paths; LEGAL_ASSIGN[k][forbidden + 1].
PERMS = tuple(tuple(permutations(range(5), k)) for k in range(NUM_PATHS + 1))
_LEGAL_ASSIGN = tuple(
    tuple(tuple(ASSIGN_BASE + i for i, perm in enumerate(PERMS[k]) if f not in perm)
          for f in range(-1, 5))
    for k in range(NUM_PATHS + 1))


def mask_bits(mask: int) -> tuple[int, ...]:
    return tuple(e for e in range(5) if mask >> e & 1)


# Tables for the hot paths (play() calls legal_actions/observation/apply_action at every step).

def card_mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        if c >= 0:
            m |= 1 << c
    return m


# Mask of the cards in a per-path card tuple (-1 = no card, -2 = not assigned yet).
_CARD_MASK: dict[tuple[int, ...], int] = {t: card_mask(t) for t in
              ((a, b, c) for a in range(-2, 5) for b in range(-2, 5) for c in range(-2, 5))}
# Set-aside actions allowed by a "played last round" mask.
_SET_ASIDE_ACTS = tuple(tuple(SET_ASIDE_BASE + e for e in mask_bits(m)) for m in range(ALL_CARDS + 1))
# Reveal actions for a bitmask of the paths still face down this round.
_REVEAL_ACTS = tuple(tuple(REVEAL_BASE + k for k in range(NUM_PATHS) if m >> k & 1)
                     for m in range(1 << NUM_PATHS))
# The single path left in a bitmask, or -1 when none or several are left.
_ONLY = tuple(m.bit_length() - 1 if m and not m & (m - 1) else -1 for m in range(1 << NUM_PATHS))
# The _revealed tuple for a bitmask of the paths revealed this round.
_REVEALED_OF = tuple(tuple(bool(m >> k & 1) for k in range(NUM_PATHS))
                     for m in range(1 << NUM_PATHS))
_UNF_OF = {(a, b, c): tuple(k for k, w in enumerate((a, b, c)) if w < 0)
           for a in (-1, 0, 1) for b in (-1, 0, 1) for c in (-1, 0, 1)}


def _round_table(unf: tuple[int, ...]):
    """For one set of unfinished paths: (cards per path for each assignment index, the
    permutations, legal assignment actions by set-aside card + 1, bitmask of the paths)."""
    k = len(unf)
    cards = []
    for perm in PERMS[k]:
        out = [-1] * NUM_PATHS
        for path, c in zip(unf, perm):
            out[path] = c
        cards.append(tuple(out))
    return (tuple(cards), PERMS[k], _LEGAL_ASSIGN[k], sum(1 << p for p in unf))


_ROUND_TAB = {unf: _round_table(unf) for unf in set(_UNF_OF.values())}
# Path winners -> (unfinished paths, their _ROUND_TAB entry).
_ROUND_OF_PW: dict[tuple[int, ...], tuple] = {pw: (unf, _ROUND_TAB[unf]) for pw, unf in _UNF_OF.items()}
_CHANCE_OUTCOMES = ((FIRST_BASE, 0.5), (FIRST_BASE + 1, 0.5))

# The pawns of the three paths as one int, the board code: path k contributes
# code_k * PATH_UNIT[k], code_k = (yang island * 5 + yin island) * 3 + side, side 0 when both
# pawns show their coloured side, 1 when Yang's shows Yin-Yang, 2 when Yin's does.
PATH_CODES = 75
PATH_UNIT = (1, PATH_CODES, PATH_CODES * PATH_CODES)


def path_code(yang: int, yin: int, side: int) -> int:
    return (yang * PATH_LEN + yin) * 3 + side


def _encode_board(pos: Sequence[Sequence[int]], yy: Sequence[Sequence[bool]]) -> int:
    return sum(path_code(pos[0][k], pos[1][k], 1 if yy[0][k] else 2 if yy[1][k] else 0)
               * PATH_UNIT[k] for k in range(NUM_PATHS))


_BOARD_VIEWS: dict[int, tuple] = {}


def board_view(board: int) -> tuple:
    """(pawns, yin_yang) tuples of a board code, as the observation shows them."""
    v = _BOARD_VIEWS.get(board)
    if v is None:
        codes = tuple(board // u % PATH_CODES for u in PATH_UNIT)
        pos = (tuple(c // 3 // PATH_LEN for c in codes), tuple(c // 3 % PATH_LEN for c in codes))
        yy = (tuple(c % 3 == 1 for c in codes), tuple(c % 3 == 2 for c in codes))
        v = _BOARD_VIEWS[board] = (pos, yy)
    return v


_INITIAL_BOARD = _encode_board(((0, 0, 0), (4, 4, 4)), ((False,) * 3, (False,) * 3))


_new = object.__new__


def _put(t: tuple, k: int, v: Any) -> tuple:
    """t (3 long) with t[k] replaced by v."""
    if k == 0:
        return (v, t[1], t[2])
    if k == 1:
        return (t[0], v, t[2])
    return (t[0], t[1], v)
