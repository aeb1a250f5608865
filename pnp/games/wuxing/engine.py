"""Rules engine of Wuxing Duel (Alexis Suard), 2 players.

Seat 0 is the Yang player (white cards), seat 1 the Yin player (black cards). Each player holds one
card of each of the five elements. Three paths of five islands lie between the players; index 0
of a path is the island nearest Yang, index 4 the island nearest Yin. Each path carries one Yang
pawn and one Yin pawn; a pawn shows its coloured side or its Yin-Yang side.

The rulings (card_data/wuxing/rulings.toml, ids W1..) are enforced here; comments cite them.

Encoding (all small ints, see the *_BASE constants):
  * elements are ints 0..4 in the order of ELEMENTS (the public helpers take the string ids);
  * chance action FIRST_BASE + seat: that seat holds the first-player token in round 1 (W13);
  * SET_ASIDE_BASE + element: set that card aside face up (W3);
  * ASSIGN_BASE + i: the i-th entry of ``permutations(range(5), k)`` (k = unfinished paths) gives
    the cards put face down on the unfinished paths in increasing path order (W4);
  * REVEAL_BASE + path: the first player reveals that path (W5).

Setting up positions for tests and scenarios: ``WuxingGame.position(...)`` returns a state at the
start of a round with pawns, pawn sides, finished paths, tokens and the cards played last round
of your choosing; ``state.assign_action(...)``, ``set_aside_action(element)`` and
``reveal_action(path)`` build the action ints.
"""

from __future__ import annotations

import functools
from itertools import permutations
from typing import Any, Iterable, Mapping, Sequence

from pnp.engine.core import CHANCE, TERMINAL, Game, IllegalAction, State

__all__ = [
    "ELEMENTS", "GENERATES", "DESTROYS", "SEAT_NAMES", "COLOURS", "DEFAULT_PATHS",
    "FIRST_BASE", "SET_ASIDE_BASE", "ASSIGN_BASE", "REVEAL_BASE", "PERMS",
    "link", "duel_winner", "check_cycles", "check_paths",
    "WuxingGame", "WuxingState", "WuxingObservation",
]

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

FIRST_BASE = 200
SET_ASIDE_BASE = 0
ASSIGN_BASE = 10
REVEAL_BASE = 100

NUM_PATHS = 3
PATH_LEN = 5
ALL_CARDS = (1 << 5) - 1

# Phases
_P_FIRST, _P_SET_ASIDE, _P_ASSIGN, _P_REVEAL, _P_OVER = range(5)
PHASE_NAMES = ("first_player", "set_aside", "assign", "reveal", "over")

_IDX = {e: i for i, e in enumerate(ELEMENTS)}


def _eid(e: Any) -> int:
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
    c = _LINK[_eid(a)][_eid(b)]
    return None if c < 0 else ("generating" if c == RED else "destroying")


def duel_winner(a: str, b: str, generated_wins: bool = False) -> int | None:
    """Which of two played elements wins by the cycles alone (0 = the first argument, 1 = the
    second); None when they are equal (W6)."""
    w = _BEAT[1 if generated_wins else 0][_eid(a)][_eid(b)]
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


# PERMS[k]: every way to put k different cards on k paths; LEGAL_ASSIGN[k][forbidden + 1].
PERMS = tuple(tuple(permutations(range(5), k)) for k in range(NUM_PATHS + 1))
_LEGAL_ASSIGN = tuple(
    tuple(tuple(ASSIGN_BASE + i for i, perm in enumerate(PERMS[k]) if f not in perm)
          for f in range(-1, 5))
    for k in range(NUM_PATHS + 1))


def _bits(mask: int) -> tuple[int, ...]:
    return tuple(e for e in range(5) if mask >> e & 1)


# Tables for the hot paths (play() calls legal_actions/observation/apply_action at every step).

def _card_mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        if c >= 0:
            m |= 1 << c
    return m


# Mask of the cards in a per-path card tuple (-1 = no card, -2 = not assigned yet).
_CARD_MASK: dict[tuple[int, ...], int] = {t: _card_mask(t) for t in
              ((a, b, c) for a in range(-2, 5) for b in range(-2, 5) for c in range(-2, 5))}
# Set-aside actions allowed by a "played last round" mask.
_SET_ASIDE_ACTS = tuple(tuple(SET_ASIDE_BASE + e for e in _bits(m)) for m in range(ALL_CARDS + 1))
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
# code_k * _PATH_UNIT[k], code_k = (yang island * 5 + yin island) * 3 + side, side 0 when both
# pawns show their coloured side, 1 when Yang's shows Yin-Yang, 2 when Yin's does.
_PATH_CODES = 75
_PATH_UNIT = (1, _PATH_CODES, _PATH_CODES * _PATH_CODES)


def _path_code(yang: int, yin: int, side: int) -> int:
    return (yang * PATH_LEN + yin) * 3 + side


def _encode_board(pos: Sequence[Sequence[int]], yy: Sequence[Sequence[bool]]) -> int:
    return sum(_path_code(pos[0][k], pos[1][k], 1 if yy[0][k] else 2 if yy[1][k] else 0)
               * _PATH_UNIT[k] for k in range(NUM_PATHS))


_BOARD_VIEWS: dict[int, tuple] = {}


def _board_view(board: int) -> tuple:
    """(pawns, yin_yang) tuples of a board code, as the observation shows them."""
    v = _BOARD_VIEWS.get(board)
    if v is None:
        codes = tuple(board // u % _PATH_CODES for u in _PATH_UNIT)
        pos = (tuple(c // 3 // PATH_LEN for c in codes), tuple(c // 3 % PATH_LEN for c in codes))
        yy = (tuple(c % 3 == 1 for c in codes), tuple(c % 3 == 2 for c in codes))
        v = _BOARD_VIEWS[board] = (pos, yy)
    return v


def _duel_entry(k: int, path: Sequence[int], beat, pawns_turn: bool, a0: int, a1: int,
                side: int, c0: int, c1: int) -> tuple:
    """The duel of Yang's card c0 against Yin's c1 on path k whose pawns stand on islands a0 < a1
    (side as in the board code): (winner or -1, link colour or -1, change of the board code,
    whether a pawn turned, whether the winner wins the path)."""
    yy = (side == 1, side == 2)
    before = _path_code(a0, a1, side)
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
    return (w, colour, (_path_code(pos[0], pos[1], side) - before) * _PATH_UNIT[k], turned, won)


_INITIAL_BOARD = _encode_board(((0, 0, 0), (4, 4, 4)), ((False,) * 3, (False,) * 3))
_DUEL_TABLES: dict[tuple, tuple] = {}


def _duel_tables(path_elems: tuple, generated_wins: bool, pawns_turn: bool) -> tuple:
    """Per path, the _duel_entry for each index path code * 25 + c0 * 5 + c1."""
    key = (path_elems, generated_wins, pawns_turn)
    found = _DUEL_TABLES.get(key)
    if found is None:
        beat = _BEAT[1 if generated_wins else 0]
        tabs = []
        for k, path in enumerate(path_elems):
            tab: list = [None] * (_PATH_CODES * 25)
            for a0 in range(PATH_LEN):
                for a1 in range(a0 + 1, PATH_LEN):
                    for side in range(3):
                        base = _path_code(a0, a1, side) * 25
                        for c0 in range(5):
                            for c1 in range(5):
                                tab[base + c0 * 5 + c1] = _duel_entry(
                                    k, path, beat, pawns_turn, a0, a1, side, c0, c1)
            tabs.append(tuple(tab))
        found = _DUEL_TABLES[key] = tuple(tabs)
    return found


_new = object.__new__


def _put(t: tuple, k: int, v: Any) -> tuple:
    """t (3 long) with t[k] replaced by v."""
    if k == 0:
        return (v, t[1], t[2])
    if k == 1:
        return (t[0], v, t[2])
    return (t[0], t[1], v)


# ---------------------------------------------------------------------------------------------
# Game
# ---------------------------------------------------------------------------------------------

class WuxingGame(Game):
    """Fixed facts of one Wuxing Duel setup.

    paths: 3 sequences of 5 element ids, index 0 nearest Yang (seat 0), index 4 nearest Yin.
    set_aside: each round each player first sets a card aside (False = young players' variant).
    pawns_turn: pawns turn to Yin-Yang (False = youngest players' variant).
    generated_wins: option where the generated element wins a generating link.
    tokens_per_colour: red and blue tokens each (3); a player holding all of them wins.
    max_rounds: round limit; a game with no winner after it is a draw (W14).
    """

    name = "wuxing"
    min_players = 2
    max_players = 2
    sides = SIDES
    # The rulings this engine enforces (card_data/wuxing/rulings.toml) and the parameters each
    # one states; ruling_values() gives their values.
    RULINGS = {
        "W1": (), "W2": ("elements", "paths", "islands_per_path"), "W3": (), "W4": (),
        "W5": (), "W6": (), "W7": (), "W8": (), "W9": (), "W10": ("tokens_per_colour",),
        "W11": ("paths_to_win", "all_tokens"), "W12": ("all_tokens",), "W13": (),
        "W14": ("max_rounds",), "W15": (), "W16": (), "W17": ("all_tokens",), "W18": (),
        "W19": (), "W20": (),
    }

    def __init__(self, paths: Sequence[Sequence[str]] | None = None, *, set_aside: bool = True,
                 pawns_turn: bool = True, generated_wins: bool = False,
                 tokens_per_colour: int = TOKENS_PER_COLOUR,
                 max_rounds: int = DEFAULT_MAX_ROUNDS):
        super().__init__(2)
        if paths is None:
            paths = DEFAULT_PATHS
        paths = [tuple(p) for p in paths]
        problems = check_paths(paths)
        if problems:
            raise ValueError("bad Wuxing layout: " + "; ".join(problems))
        if tokens_per_colour < 1:
            raise ValueError("tokens_per_colour must be at least 1")
        if max_rounds < 1:
            raise ValueError("max_rounds must be at least 1")
        self.paths = tuple(paths)
        self.path_elems = tuple(tuple(_IDX[e] for e in p) for p in paths)
        self.set_aside = bool(set_aside)
        self.pawns_turn = bool(pawns_turn)
        self.generated_wins = bool(generated_wins)
        self.tokens_per_colour = int(tokens_per_colour)
        self.max_rounds = int(max_rounds)
        self._beat = _BEAT[1 if generated_wins else 0]

    @functools.cached_property
    def _duel_tab(self) -> tuple:
        # made when a game is first played, not when the kit is only checked or printed
        return _duel_tables(self.path_elems, self.generated_wins, self.pawns_turn)

    def new_initial_state(self) -> "WuxingState":
        return WuxingState(self)

    def ruling_values(self) -> dict[str, int]:
        """The numbers the rulings state, as this game plays them."""
        return {"elements": len(ELEMENTS), "paths": NUM_PATHS, "islands_per_path": PATH_LEN,
                "tokens_per_colour": self.tokens_per_colour,
                "all_tokens": 2 * self.tokens_per_colour, "paths_to_win": PATHS_TO_WIN,
                "max_rounds": self.max_rounds}

    def position(self, *, first: int = 0, pawns: Sequence[tuple[int, int]] | None = None,
                 yin_yang: Sequence[int | None] | None = None,
                 path_winner: Sequence[int | None] | None = None,
                 tokens: Sequence[Sequence[int]] | None = None,
                 last_played: Sequence[Iterable[str] | None] | None = None,
                 round: int = 1, first_player: int | None = None) -> "WuxingState":
        """A state at the start of round `round` (set-aside phase, or assignment when the game has
        no set-aside), the first-player token held by `first`.

        pawns: per path (yang_index, yin_index), default (0, 4) each.
        yin_yang: per path the seat whose pawn shows Yin-Yang, or None.
        path_winner: per path the seat who won it, or None (unfinished).
        tokens: ((yang_red, yang_blue), (yin_red, yin_blue)); the rest lie in the pool.
        last_played: per seat the element ids played last round (None = any card, as in round 1).
        first_player: the seat reported by stats() as first player of round 1 (default: derived).
        """
        s = WuxingState(self)
        if first not in (0, 1):
            raise ValueError("first must be 0 or 1")
        s._board = _board_of(s, pawns, yin_yang)
        if path_winner is not None:
            s._pw, s._won = _path_winners(path_winner)
        if tokens is not None:
            s._held = _tokens_held(tokens, self.tokens_per_colour)
        if last_played is not None:
            s._last = tuple(ALL_CARDS if lp is None else sum(1 << _eid(e) for e in lp)
                            for lp in last_played)
        if not 1 <= round <= self.max_rounds:
            raise ValueError("round out of range")
        s._round = round
        s._first = first
        if first_player is None:
            first_player = first if round % 2 == 1 else 1 - first
        s._first0 = first_player
        s._start_round()
        return s


def _board_of(s: "WuxingState", pawns: Sequence[tuple[int, int]] | None,
              yin_yang: Sequence[int | None] | None) -> int:
    """The board code of a position: the pawns (default: at home) and their sides."""
    pos, yy = s._pos, s._yy
    if pawns is not None:
        if len(pawns) != NUM_PATHS:
            raise ValueError("pawns needs one (yang, yin) pair per path")
        pos = (tuple(int(p[0]) for p in pawns), tuple(int(p[1]) for p in pawns))
    for k in range(NUM_PATHS):
        y, n = pos[0][k], pos[1][k]
        if not 0 <= y < n <= PATH_LEN - 1:
            raise ValueError(f"path {k}: Yang pawn must stand before the Yin pawn, got {y}, {n}")
    if yin_yang is not None:
        yy = (tuple(yin_yang[k] == 0 for k in range(NUM_PATHS)),
              tuple(yin_yang[k] == 1 for k in range(NUM_PATHS)))
    return _encode_board(pos, yy)


def _path_winners(path_winner: Sequence[int | None]) -> tuple[tuple[int, ...], tuple[int, int]]:
    """(winner or -1 per path, paths won per seat) of a position that is not over."""
    pw = tuple(-1 if w is None else int(w) for w in path_winner)
    if any(w not in (-1, 0, 1) for w in pw):
        raise ValueError("path winners must be 0, 1 or None")
    won = (pw.count(0), pw.count(1))
    if max(won) >= PATHS_TO_WIN:
        raise ValueError("a player with 2 paths has already won")
    return pw, won


def _tokens_held(tokens: Sequence[Sequence[int]], cap: int) -> tuple:
    """((red, blue) per seat) of a position that is not over; the rest lie in the pool."""
    h = tuple(tuple(int(x) for x in t) for t in tokens)
    for c in (RED, BLUE):
        if h[0][c] < 0 or h[1][c] < 0 or h[0][c] + h[1][c] > cap:
            raise ValueError(f"bad {COLOURS[c]} token counts {h}")
    if sum(h[0]) == 2 * cap or sum(h[1]) == 2 * cap:
        raise ValueError("a player with all tokens has already won")
    return h



# ---------------------------------------------------------------------------------------------
# Observation
# ---------------------------------------------------------------------------------------------

_NO_CARDS = (-1, -1, -1)
_UNASSIGNED = (-2, -2, -2)   # -2 in slot 0 marks "not assigned yet this round"
_NONE_ASSIGNED = (_UNASSIGNED, _UNASSIGNED)
_NONE_REVEALED = (None, None, None)
_NONE_SET_ASIDE = (-1, -1)
_NOT_REVEALED = (False, False, False)


class WuxingObservation:
    """What one player sees. Elements are ints (indices into ELEMENTS); -1 means none/hidden.

    player, phase (str), round, first (seat holding the first-player token), to_move,
    paths (ints, index 0 nearest Yang), pawns ((yang idx per path), (yin idx per path)),
    yin_yang ((per path bool for Yang), (... for Yin)), path_winner (per path seat or -1),
    paths_won (per seat), tokens ((red, blue) per seat), pool (red, blue), tokens_per_colour,
    unfinished (path indices), last_played (per seat bitmask of cards played last round, public),
    set_aside (per seat element or -1; the opponent's only once both chose),
    my_cards (per path the card I put there this round, -1), hand (cards I can still choose from
    in this phase, as a bitmask), opponent_assigned (bool), revealed (per path (yang card, yin card)
    or None if not revealed this round), options: set_aside_rule, pawns_turn, generated_wins.

    It holds only immutable values (shared with the state, which replaces rather than changes
    them), so it stays as it was when made whatever the game does next. The fields taken from
    the game, pawns, yin_yang, my_cards and hand are filled in on first use (_LAZY_FIELDS), so
    an agent that does not read them does not pay for them.
    """

    _FIELDS = ("player", "phase", "round", "first", "to_move", "paths", "pawns", "yin_yang",
               "path_winner", "paths_won", "tokens", "tokens_per_colour", "unfinished",
               "last_played", "set_aside", "my_cards", "hand", "opponent_assigned", "revealed",
               "set_aside_rule", "pawns_turn", "generated_wins")
    # _g: the WuxingGame; _board: the state's board code (pawns, yin_yang); _mine: my cards per
    # path as the state holds them (-2s: none put down yet).
    __slots__ = _FIELDS + ("_g", "_board", "_mine")
    player: int
    phase: str
    round: int
    first: int
    to_move: int
    path_winner: tuple[int, ...]
    paths_won: tuple[int, ...]
    tokens: tuple[tuple[int, ...], ...]
    unfinished: tuple[int, ...]
    last_played: tuple[int, ...]
    set_aside: tuple[int, ...]
    opponent_assigned: bool
    revealed: tuple[tuple[int, int] | None, ...]
    _g: WuxingGame
    _board: int
    _mine: tuple[int, ...]

    def __init__(self, s: "WuxingState", player: int):
        o = s.observation(player)
        for name in WuxingObservation.__slots__:
            setattr(self, name, getattr(o, name))

    def __getattr__(self, name: str) -> Any:
        # Only called for a field not set yet: compute it once and keep it.
        fill = _LAZY_FIELDS.get(name)
        if fill is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        value = fill(self)
        setattr(self, name, value)
        return value

    @property
    def pool(self) -> tuple[int, int]:
        cap = self.tokens_per_colour
        h = self.tokens
        return (cap - h[0][0] - h[1][0], cap - h[0][1] - h[1][1])

    def assignment(self, action: int) -> tuple[int, ...]:
        """Cards per path (-1 for finished paths) that an assignment action stands for."""
        perm = PERMS[len(self.unfinished)][action - ASSIGN_BASE]
        out = [-1] * NUM_PATHS
        for k, c in zip(self.unfinished, perm):
            out[k] = c
        return tuple(out)

    def __repr__(self) -> str:
        return f"WuxingObservation({', '.join(f'{k}={getattr(self, k)!r}' for k in self._FIELDS)})"


def _obs_my_cards(o: WuxingObservation) -> tuple[int, ...]:
    mine = o._mine
    return _NO_CARDS if mine[0] == -2 else mine


def _obs_hand(o: WuxingObservation) -> int:
    mine = o._mine
    hand = ALL_CARDS if mine[0] == -2 else ALL_CARDS & ~_card_mask(mine)
    sa = o.set_aside[o.player]
    if sa >= 0:
        hand &= ~(1 << sa)
    return hand


_LAZY_FIELDS = {
    "paths": lambda o: o._g.path_elems,
    "tokens_per_colour": lambda o: o._g.tokens_per_colour,
    "set_aside_rule": lambda o: o._g.set_aside,
    "pawns_turn": lambda o: o._g.pawns_turn,
    "generated_wins": lambda o: o._g.generated_wins,
    "pawns": lambda o: _board_view(o._board)[0],
    "yin_yang": lambda o: _board_view(o._board)[1],
    "my_cards": _obs_my_cards,
    "hand": _obs_hand,
}


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------

class WuxingState(State):
    """One position. All changing parts are small tuples (or ints), replaced when they change, so
    clone() is a flat copy and observations share them safely."""

    __slots__ = ("game", "_phase", "_to_move", "_first", "_first0", "_round", "_board",
                 "_pw", "_won", "_held", "_last", "_sa", "_cards", "_revealed", "_unfinished",
                 "_winner", "_end", "_duels", "_ties", "_turns", "_log", "_hidden", "_rtab")
    # _board: pawns and their sides as a board code (see _encode_board);
    # _hidden: bitmask of the paths still face down this round (reveal phase);
    # _rtab: _ROUND_TAB entry of the unfinished paths; _log: duel log as nested pairs
    # (last entry, rest), () when empty.

    def __init__(self, game: WuxingGame):
        self.game = game
        self._phase = _P_FIRST
        self._to_move = CHANCE
        self._first = -1
        self._first0 = -1
        self._round = 1
        # W12: each pawn starts on the island nearest its owner, coloured side up.
        self._board = _INITIAL_BOARD
        self._pw: tuple[int, ...] = (-1, -1, -1)
        self._won: tuple[int, ...] = (0, 0)
        self._held: tuple[tuple[int, ...], ...] = ((0, 0), (0, 0))
        self._last: tuple[int, ...] = (ALL_CARDS, ALL_CARDS)  # round 1: any card may be set aside (W3)
        self._sa: tuple[int, ...] = _NONE_SET_ASIDE
        self._cards: tuple[tuple[int, ...], ...] = _NONE_ASSIGNED
        self._revealed: tuple[bool, ...] = _NOT_REVEALED
        self._unfinished: tuple[int, ...] = (0, 1, 2)
        self._winner = -1
        self._end: str | None = None
        self._duels = 0
        self._ties = 0
        self._turns = 0
        self._log: tuple = ()
        self._hidden = 0
        self._rtab = _ROUND_TAB[(0, 1, 2)]

    # -- protocol --------------------------------------------------------------------------

    def current_player(self) -> int:
        return self._to_move              # TERMINAL once the game is over (_finish)

    def is_terminal(self) -> bool:
        return self._phase == _P_OVER

    def chance_outcomes(self):
        if self._phase != _P_FIRST:
            raise ValueError("not a chance node")
        return _CHANCE_OUTCOMES

    def legal_actions(self) -> Sequence[int]:
        # Fresh lists of precomputed tables: a caller may change its list freely.
        ph = self._phase
        if ph == _P_ASSIGN:
            return list(self._rtab[2][self._sa[self._to_move] + 1])
        if ph == _P_SET_ASIDE:
            return list(_SET_ASIDE_ACTS[self._last[self._to_move]])
        if ph == _P_REVEAL:
            return list(_REVEAL_ACTS[self._hidden])
        if ph == _P_FIRST:
            return [FIRST_BASE, FIRST_BASE + 1]
        return []

    def apply_action(self, action: int) -> None:
        ph = self._phase
        if ph == _P_ASSIGN:
            self._assign(action)
        elif ph == _P_SET_ASIDE:
            self._set_aside(action)
        elif ph == _P_REVEAL:
            k = action - REVEAL_BASE
            if not (0 <= k < NUM_PATHS) or self._pw[k] >= 0 or self._revealed[k]:
                raise IllegalAction(f"path {k + 1} cannot be revealed now (finished, revealed or "
                                    f"no such path); action {action}")
            self._reveal(k)
        elif ph == _P_FIRST:
            if action not in (FIRST_BASE, FIRST_BASE + 1):
                raise IllegalAction(f"chance action {action} is not a first-player draw")
            self._first = self._first0 = action - FIRST_BASE
            self._start_round()
        else:
            raise IllegalAction("the game is over")

    def _assign(self, action: int) -> None:
        """W4: the player to move puts cards face down on the unfinished paths."""
        p = self._to_move
        rtab = self._rtab
        i = action - ASSIGN_BASE
        if not (0 <= i < len(rtab[0])):
            raise IllegalAction(
                f"action {action} is not an assignment of {len(self._unfinished)} cards")
        sa = self._sa[p]
        if sa in rtab[1][i]:
            raise IllegalAction(f"{SEAT_NAMES[p]} cannot play {ELEMENTS[sa]}: it is set aside")
        cs = self._cards
        self._cards = (rtab[0][i], cs[1]) if p == 0 else (cs[0], rtab[0][i])
        first = self._first
        if p == first:
            self._to_move = 1 - p
        else:
            self._phase = _P_REVEAL
            self._to_move = first
            self._hidden = hidden = rtab[3]
            only = _ONLY[hidden]
            if only >= 0:              # W19: a single path reveals itself
                self._reveal(only)

    def _set_aside(self, action: int) -> None:
        """W3: the player to move sets aside one of the cards played last round."""
        e = action - SET_ASIDE_BASE
        p = self._to_move
        if not (0 <= e < 5 and self._last[p] >> e & 1):
            allowed = ", ".join(ELEMENTS[x] for x in _bits(self._last[p]))
            raise IllegalAction(
                f"{SEAT_NAMES[p]} must set aside one of the cards played last round "
                f"({allowed}); got action {action}")
        sa = self._sa
        self._sa = (e, sa[1]) if p == 0 else (sa[0], e)
        if p == self._first:          # W18: first player chooses first, then the other
            self._to_move = 1 - p
        else:
            self._phase = _P_ASSIGN
            self._to_move = self._first

    def returns(self) -> list[float]:
        if self._phase != _P_OVER:
            return [0.0, 0.0]
        if self._winner < 0:
            return [0.5, 0.5]
        return [1.0, 0.0] if self._winner == 0 else [0.0, 1.0]

    def observation(self, player: int) -> WuxingObservation:
        o = _new(WuxingObservation)
        o.player = player
        o._g = self.game
        o.phase = PHASE_NAMES[self._phase]
        o.round = self._round
        o.first = self._first
        o.to_move = self._to_move
        o._board = self._board
        o.path_winner = self._pw
        o.paths_won = self._won
        o.tokens = self._held
        o.unfinished = self._unfinished
        o.last_played = self._last
        sa = self._sa
        cs = self._cards
        o._mine = cs[player]
        # Only what `player` may see: the opponent's set-aside card once both chose, whether
        # the opponent has put its cards down, and the cards of the revealed paths.
        if player == 0:
            o.set_aside = sa if sa[1] >= 0 and sa[0] >= 0 else (sa[0], -1)
            o.opponent_assigned = cs[1][0] != -2
        else:
            o.set_aside = sa if sa[0] >= 0 and sa[1] >= 0 else (-1, sa[1])
            o.opponent_assigned = cs[0][0] != -2
        rv = self._revealed
        if rv[0] or rv[1] or rv[2]:
            c0, c1 = cs
            o.revealed = ((c0[0], c1[0]) if rv[0] else None, (c0[1], c1[1]) if rv[1] else None,
                          (c0[2], c1[2]) if rv[2] else None)
        else:
            o.revealed = _NONE_REVEALED
        return o

    def action_to_string(self, action: int) -> str:
        if FIRST_BASE <= action < FIRST_BASE + 2:
            return f"{SEAT_NAMES[action - FIRST_BASE]} takes the first-player token"
        if self._phase == _P_SET_ASIDE and 0 <= action - SET_ASIDE_BASE < 5:
            return f"{SEAT_NAMES[self._to_move]} sets aside {ELEMENTS[action - SET_ASIDE_BASE]}"
        if REVEAL_BASE <= action < REVEAL_BASE + NUM_PATHS:
            return f"reveal path {action - REVEAL_BASE + 1}"  # paths print as 1..3
        k = len(self._unfinished)
        i = action - ASSIGN_BASE
        if 0 <= i < len(PERMS[k]):
            parts = [f"path {p + 1}: {ELEMENTS[c]}"
                     for p, c in zip(self._unfinished, PERMS[k][i])]
            who = SEAT_NAMES[self._to_move] if self._to_move >= 0 else "?"
            return f"{who} plays " + ", ".join(parts)
        return f"action {action}"

    def clone(self) -> "WuxingState":
        c = _new(WuxingState)
        c.game = self.game
        c._phase = self._phase
        c._to_move = self._to_move
        c._first = self._first
        c._first0 = self._first0
        c._round = self._round
        c._board = self._board
        c._pw = self._pw
        c._won = self._won
        c._held = self._held
        c._last = self._last
        c._sa = self._sa
        c._cards = self._cards
        c._revealed = self._revealed
        c._unfinished = self._unfinished
        c._winner = self._winner
        c._end = self._end
        c._duels = self._duels
        c._ties = self._ties
        c._turns = self._turns
        c._log = self._log
        c._hidden = self._hidden
        c._rtab = self._rtab
        return c

    def determinize(self, player: int, rng) -> "WuxingState":
        """The opponent's set-aside card (until both chose) and its face-down cards on the paths
        not revealed yet are drawn again from the cards it could have put there."""
        s = self.clone()
        opp = 1 - player
        sa = self._sa
        if sa[opp] >= 0 and sa[player] < 0:          # hidden: chosen first, not shown yet
            choices = _bits(self._last[opp])
            e = choices[rng.randrange(len(choices))]
            s._sa = (e, sa[1]) if opp == 0 else (sa[0], e)
        cards = self._cards[opp]
        if cards[0] != -2:                            # the opponent has put its cards down
            hidden = [k for k in self._unfinished if not self._revealed[k]]
            shown = {cards[k] for k in self._unfinished if self._revealed[k]}
            free = [c for c in range(5) if c != s._sa[opp] and c not in shown]
            new = list(cards)
            for k, c in zip(hidden, rng.sample(free, len(hidden))):
                new[k] = c
            s._cards = (tuple(new), self._cards[1]) if opp == 0 else (self._cards[0], tuple(new))
        return s

    def stats(self) -> dict[str, Any]:
        return {
            "winner": None if self._winner < 0 else self._winner,
            "end": self._end,
            "first_player": None if self._first0 < 0 else self._first0,
            "rounds": self._round,
            "duels": self._duels,
            "ties": self._ties,
            "turnings": self._turns,
            "paths_won": list(self._won),
            "tokens": [sum(self._held[0]), sum(self._held[1])],
        }

    # -- helpers for tests, scenarios and tools ---------------------------------------------

    @property
    def phase(self) -> str:
        return PHASE_NAMES[self._phase]

    @property
    def first(self) -> int:
        """Seat holding the first-player token this round."""
        return self._first

    @property
    def round(self) -> int:
        return self._round

    @property
    def _pos(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(Yang island per path, Yin island per path)."""
        return _board_view(self._board)[0]

    @property
    def _yy(self) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
        """(per path whether Yang's pawn shows Yin-Yang, ... Yin's)."""
        return _board_view(self._board)[1]

    @property
    def pawns(self) -> tuple[tuple[int, int], ...]:
        """Per path (yang island index, yin island index)."""
        return tuple((self._pos[0][k], self._pos[1][k]) for k in range(NUM_PATHS))

    @property
    def yin_yang(self) -> tuple[int | None, ...]:
        """Per path the seat whose pawn shows Yin-Yang, or None."""
        return tuple(0 if self._yy[0][k] else 1 if self._yy[1][k] else None
                     for k in range(NUM_PATHS))

    @property
    def path_winner(self) -> tuple[int | None, ...]:
        return tuple(None if w < 0 else w for w in self._pw)

    @property
    def tokens(self) -> tuple[tuple[int, ...], ...]:
        """((yang_red, yang_blue), (yin_red, yin_blue))."""
        return self._held

    @property
    def pool(self) -> tuple[int, int]:
        cap = self.game.tokens_per_colour
        h = self._held
        return (cap - h[0][0] - h[1][0], cap - h[0][1] - h[1][1])

    @property
    def winner(self) -> int | None:
        return None if self._winner < 0 else self._winner

    @property
    def duel_log(self) -> tuple:
        """(round, path, yang card, yin card, winner or -1) for every duel so far."""
        out = []
        node = self._log
        while node:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return tuple(out)

    @staticmethod
    def set_aside_action(element: str) -> int:
        return SET_ASIDE_BASE + _eid(element)

    @staticmethod
    def reveal_action(path: int) -> int:
        return REVEAL_BASE + path

    def assign_action(self, cards: Mapping[int, str] | Sequence[str]) -> int:
        """Action putting `cards` on the unfinished paths: a mapping path -> element id, or a
        sequence with one element per unfinished path in increasing path order."""
        if isinstance(cards, Mapping):
            if set(cards) != set(self._unfinished):
                raise ValueError(f"need one card for each of the paths {self._unfinished}")
            seq = tuple(_eid(cards[k]) for k in self._unfinished)
        else:
            seq = tuple(_eid(c) for c in cards)
        perms = PERMS[len(self._unfinished)]
        try:
            return ASSIGN_BASE + perms.index(seq)
        except ValueError:
            raise ValueError(f"{cards!r} is not an assignment of different cards to the "
                             f"unfinished paths {self._unfinished}") from None

    # -- rules -----------------------------------------------------------------------------

    def _start_round(self) -> None:
        self._sa = _NONE_SET_ASIDE
        self._cards = _NONE_ASSIGNED
        self._revealed = _NOT_REVEALED
        pw = self._pw
        try:
            self._unfinished, self._rtab = _ROUND_OF_PW[pw]
        except KeyError:
            unf = tuple(k for k in range(NUM_PATHS) if pw[k] < 0)
            self._unfinished, self._rtab = unf, _round_table(unf)
        self._hidden = 0
        self._phase = _P_SET_ASIDE if self.game.set_aside else _P_ASSIGN
        self._to_move = self._first

    def _reveal(self, k: int) -> None:
        """Reveal path k and resolve its duel; the last face-down path then reveals itself
        (W19); the round ends once every unfinished path is revealed."""
        g = self.game
        c0s, c1s = self._cards
        dtab = g._duel_tab
        cap = g.tokens_per_colour
        hidden = self._hidden
        while True:
            hidden &= ~(1 << k)
            self._hidden = hidden
            self._revealed = _REVEALED_OF[self._rtab[3] & ~hidden]
            # -- the duel on path k (W6-W11; the rules are in _duel_entry)
            c0 = c0s[k]
            c1 = c1s[k]
            board = self._board
            w, colour, delta, turned, won_path = dtab[k][
                board // _PATH_UNIT[k] % _PATH_CODES * 25 + c0 * 5 + c1]
            self._duels += 1
            self._log = ((self._round, k, c0, c1, w), self._log)
            if w < 0:
                self._ties += 1
            else:
                self._board = board + delta
                if turned:
                    self._turns += 1
                end = "paths" if won_path and self._win_path(k, w) else None
                if colour >= 0 and self._take_token(w, colour, cap) and end is None:
                    end = "tokens"
                # W11: immediate win (two paths first, then all the tokens).
                if end is not None:
                    self._finish(w, end)
                    return
            if not hidden:
                self._end_round()
                return
            k = _ONLY[hidden]
            if k < 0:
                return

    def _win_path(self, k: int, w: int) -> bool:
        """Seat w wins path k; True when that is its second path (W11)."""
        self._pw = _put(self._pw, k, w)
        won = self._won
        self._won = won = (won[0] + 1, won[1]) if w == 0 else (won[0], won[1] + 1)
        return won[w] >= PATHS_TO_WIN

    def _take_token(self, w: int, colour: int, cap: int) -> bool:
        """W10 / W17: seat w takes a token of the link's colour (from the opponent when the pool
        has none left); True when w then holds every token."""
        h = self._held
        hw = h[w]
        if hw[colour] >= cap:
            return False
        hl = h[1 - w]
        if colour == RED:
            if h[0][0] + h[1][0] >= cap:     # pool empty: take from the opponent
                hl = (hl[0] - 1, hl[1])
            hw = (hw[0] + 1, hw[1])
        else:
            if h[0][1] + h[1][1] >= cap:
                hl = (hl[0], hl[1] - 1)
            hw = (hw[0], hw[1] + 1)
        self._held = (hw, hl) if w == 0 else (hl, hw)
        return hw[0] + hw[1] == 2 * cap

    def _finish(self, winner: int, end: str) -> None:
        self._phase = _P_OVER
        self._to_move = TERMINAL
        self._winner = winner
        self._end = end

    def _end_round(self) -> None:
        # W20: every card put on a path this round was revealed; they form "played last round".
        c0, c1 = self._cards
        try:
            self._last = (_CARD_MASK[c0], _CARD_MASK[c1])
        except KeyError:
            self._last = (_card_mask(c0), _card_mask(c1))
        if self._round >= self.game.max_rounds:      # W14
            self._finish(-1, "draw")
            return
        self._round += 1
        self._first = 1 - self._first                 # W11: the token changes hands
        self._start_round()
