"""Wuxing Duel's elements and the two cycles between them (W1), who wins a duel by them (W6),
the seats and the numbers the rules state, and the layout of the paths (W2)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

ELEMENTS = ("wood", "fire", "earth", "metal", "water")
# W1: generating cycle (red arrows) and destroying cycle (blue arrows).
GENERATES = {"wood": "fire", "fire": "earth", "earth": "metal", "metal": "water", "water": "wood"}
DESTROYS = {"wood": "earth", "earth": "water", "water": "fire", "fire": "metal", "metal": "wood"}

SEAT_NAMES = ("Yang", "Yin")
SIDES = ("yang", "yin")            # as the card data names the seats
SYMBOLS = ("陽", "陰")              # each seat's symbol, at the top of its cards (W2)
CARD_COLOURS = ("white", "black")  # each seat's cards (W2)
YANG, YIN = 0, 1
COLOURS = ("red", "blue")          # red = generating link, blue = destroying link (W1, W10)
RED, BLUE = 0, 1
TOKENS_PER_COLOUR = 3               # red and blue link tokens each
PATHS_TO_WIN = 2                    # W11
DEFAULT_MAX_ROUNDS = 30             # W14

# The layout of card_data/wuxing/islands.csv (W2, W21; a test keeps the two the same): every
# path holds each element once, no element stands at the same distance from a player on two
# paths, and in simulated games neither seat wins more often (the figures are in W21).
DEFAULT_PATHS = (
    ("earth", "water", "fire", "wood", "metal"),
    ("metal", "wood", "water", "earth", "fire"),
    ("water", "fire", "wood", "metal", "earth"),
)

NUM_PATHS = 3
PATH_LEN = 5

_IDX = {e: i for i, e in enumerate(ELEMENTS)}


def element_id(e: Any) -> int:
    """Element id (string) or int -> int index."""
    if isinstance(e, int) and not isinstance(e, bool) and 0 <= e < 5:
        return e
    try:
        return _IDX[e]
    except (KeyError, TypeError):
        raise ValueError(f"unknown element {e!r}; expected one of {ELEMENTS}") from None


# ---------------------------------------------------------------------------------------------
# The cycles
# ---------------------------------------------------------------------------------------------

def check_cycles(generates: Mapping[str, str] | None = None,
                 destroys: Mapping[str, str] | None = None) -> list[str]:
    """Problems with the cycle tables (each a permutation of the elements forming one cycle of 5,
    every pair of different elements joined by exactly one link). Empty list when fine."""
    tables = {"GENERATES": GENERATES if generates is None else generates,
              "DESTROYS": DESTROYS if destroys is None else destroys}
    problems: list[str] = []
    elems = set(ELEMENTS)
    ok = True
    for name, t in tables.items():
        if set(t) != elems:
            problems.append(f"{name}: keys {sorted(t)} are not the five elements")
            ok = False
            continue
        if set(t.values()) != elems:
            problems.append(f"{name}: values {sorted(t.values())} are not a permutation of the elements")
            ok = False
            continue
        # single cycle of length 5
        seen, e = [], ELEMENTS[0]
        while e not in seen:
            seen.append(e)
            e = t[e]
        if len(seen) != 5:
            problems.append(f"{name}: not a single cycle of 5 ({' -> '.join(seen + [e])})")
            ok = False
    if not ok:
        return problems
    g, d = tables["GENERATES"], tables["DESTROYS"]
    for i, a in enumerate(ELEMENTS):
        for b in ELEMENTS[i + 1:]:
            n = (g[a] == b) + (g[b] == a) + (d[a] == b) + (d[b] == a)
            if n != 1:
                problems.append(f"{a}/{b}: {n} links instead of exactly one")
    return problems


_GEN = tuple(_IDX[GENERATES[e]] for e in ELEMENTS)
_DES = tuple(_IDX[DESTROYS[e]] for e in ELEMENTS)


def _make_tables():
    link_t = [[-1] * 5 for _ in range(5)]
    beat = [[[-1] * 5 for _ in range(5)] for _ in range(2)]   # beat[gw][a][b] -> 0/1/-1
    for a in range(5):
        for b in range(5):
            if a == b:
                continue
            if _GEN[a] == b or _GEN[b] == a:
                link_t[a][b] = RED
                gen_first = _GEN[a] == b          # a generates b
                beat[0][a][b] = 0 if gen_first else 1
                beat[1][a][b] = 1 if gen_first else 0  # option: the generated element wins
            else:
                link_t[a][b] = BLUE
                w = 0 if _DES[a] == b else 1
                beat[0][a][b] = beat[1][a][b] = w
    return (tuple(tuple(r) for r in link_t),
            tuple(tuple(tuple(r) for r in t) for t in beat))


_LINK, _BEAT = _make_tables()


def link(a: str, b: str) -> str | None:
    """'generating' or 'destroying': the link between two different elements, whichever way it
    points; None when a == b."""
    c = _LINK[element_id(a)][element_id(b)]
    return None if c < 0 else ("generating" if c == RED else "destroying")


def duel_winner(a: str, b: str, generated_wins: bool = False) -> int | None:
    """Which of two played elements wins by the cycles alone (0 = the first argument, 1 = the
    second); None when they are equal (W6)."""
    w = _BEAT[1 if generated_wins else 0][element_id(a)][element_id(b)]
    return None if w < 0 else w


def check_paths(paths: Sequence[Sequence[str]]) -> list[str]:
    """Problems with a layout of paths (W2). Empty list when fine."""
    problems: list[str] = []
    if len(paths) != NUM_PATHS:
        return [f"{len(paths)} paths instead of {NUM_PATHS}"]
    for k, p in enumerate(paths):
        if len(p) != PATH_LEN or set(p) != set(ELEMENTS):
            problems.append(f"path {k} {tuple(p)} does not hold each element exactly once")
    if problems:
        return problems
    for d in range(PATH_LEN):
        col = [p[d] for p in paths]
        if len(set(col)) != len(col):
            problems.append(f"an element stands at distance {d} from Yang on two paths: {col}")
    return problems
