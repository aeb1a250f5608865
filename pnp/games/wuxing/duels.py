"""Every duel of a Wuxing Duel path worked out once per layout and options: who wins, the link,
how the pawns move and turn (W6-W9, W15, W16), as tables the state looks up."""

from __future__ import annotations

from typing import Sequence

from .cycles import _BEAT, _LINK, PATH_LEN
from .encoding import PATH_CODES, PATH_UNIT, path_code

def _duel_entry(k: int, path: Sequence[int], beat, pawns_turn: bool, a0: int, a1: int,
                side: int, c0: int, c1: int) -> tuple:
    """The duel of Yang's card c0 against Yin's c1 on path k whose pawns stand on islands a0 < a1
    (side as in the board code): (winner or -1, link colour or -1, change of the board code,
    whether a pawn turned, whether the winner wins the path)."""
    yy = (side == 1, side == 2)
    before = path_code(a0, a1, side)
    if c0 == c1:
        # W7: same element
        if path[a0] == c0:
            w = 0
        elif path[a1] == c0:
            w = 1
        elif yy[0]:
            w = 0
        elif yy[1]:
            w = 1
        else:
            return (-1, -1, 0, False, False)      # W9: a tie moves nothing
        colour = -1
    else:
        w = beat[c0][c1]                           # W6
        colour = _LINK[c0][c1]
    lose = 1 - w
    turned = False
    # W8 / W15: turning, judged on the island the winner stands on before advancing.
    if pawns_turn and path[(a0, a1)[w]] == (c0, c1)[w]:
        turned = not yy[w] or yy[lose]
        side = 1 + w
    # W9 / W16: advance, push, win the path.
    pos = [a0, a1]
    step = 1 if w == 0 else -1
    new = pos[w] + step
    won = False
    if new == pos[lose]:
        back = new + step
        if 0 <= back < PATH_LEN:
            pos[lose] = back
            pos[w] = new
        else:
            won = True
    else:
        pos[w] = new
    return (w, colour, (path_code(pos[0], pos[1], side) - before) * PATH_UNIT[k], turned, won)
_DUEL_TABLES: dict[tuple, tuple] = {}


def duel_tables(path_elems: tuple, generated_wins: bool, pawns_turn: bool) -> tuple:
    """Per path, the _duel_entry for each index path code * 25 + c0 * 5 + c1."""
    key = (path_elems, generated_wins, pawns_turn)
    found = _DUEL_TABLES.get(key)
    if found is None:
        beat = _BEAT[1 if generated_wins else 0]
        tabs = []
        for k, path in enumerate(path_elems):
            tab: list = [None] * (PATH_CODES * 25)
            for a0 in range(PATH_LEN):
                for a1 in range(a0 + 1, PATH_LEN):
                    for side in range(3):
                        base = path_code(a0, a1, side) * 25
                        for c0 in range(5):
                            for c1 in range(5):
                                tab[base + c0 * 5 + c1] = _duel_entry(
                                    k, path, beat, pawns_turn, a0, a1, side, c0, c1)
            tabs.append(tuple(tab))
        found = _DUEL_TABLES[key] = tuple(tabs)
    return found
