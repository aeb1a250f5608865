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
YANG, YIN = 0, 1
COLOURS = ("red", "blue")          # red = generating link, blue = destroying link
RED, BLUE = 0, 1
TOKENS_PER_COLOUR = 3               # red and blue link tokens each

# A legal layout (W2): every path holds each element once and no element stands at the same
# distance from a player on two paths.
DEFAULT_PATHS = (
    ("wood", "fire", "earth", "metal", "water"),
    ("earth", "water", "metal", "wood", "fire"),
    ("metal", "earth", "water", "fire", "wood"),
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

    def __init__(self, paths: Sequence[Sequence[str]] | None = None, *, set_aside: bool = True,
                 pawns_turn: bool = True, generated_wins: bool = False,
                 tokens_per_colour: int = TOKENS_PER_COLOUR, max_rounds: int = 30):
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

    def new_initial_state(self) -> "WuxingState":
        return WuxingState(self)

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
        if pawns is not None:
            if len(pawns) != NUM_PATHS:
                raise ValueError("pawns needs one (yang, yin) pair per path")
            s._pos = (tuple(int(p[0]) for p in pawns), tuple(int(p[1]) for p in pawns))
        for k in range(NUM_PATHS):
            y, n = s._pos[0][k], s._pos[1][k]
            if not 0 <= y < n <= PATH_LEN - 1:
                raise ValueError(f"path {k}: Yang pawn must stand before the Yin pawn, got {y}, {n}")
        if yin_yang is not None:
            s._yy = tuple(tuple(bool(yin_yang[k] == seat) for k in range(NUM_PATHS))
                          for seat in (0, 1))
        if path_winner is not None:
            s._pw = tuple(-1 if w is None else int(w) for w in path_winner)
            if any(w not in (-1, 0, 1) for w in s._pw):
                raise ValueError("path winners must be 0, 1 or None")
            won = [s._pw.count(0), s._pw.count(1)]
            if max(won) >= 2:
                raise ValueError("a player with 2 paths has already won")
            s._won = tuple(won)
        if tokens is not None:
            cap = self.tokens_per_colour
            h = tuple(tuple(int(x) for x in t) for t in tokens)
            for c in (RED, BLUE):
                if h[0][c] < 0 or h[1][c] < 0 or h[0][c] + h[1][c] > cap:
                    raise ValueError(f"bad {COLOURS[c]} token counts {h}")
            if sum(h[0]) == 2 * cap or sum(h[1]) == 2 * cap:
                raise ValueError("a player with all tokens has already won")
            s._held = h
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


# ---------------------------------------------------------------------------------------------
# Observation
# ---------------------------------------------------------------------------------------------

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
    """

    __slots__ = ("player", "phase", "round", "first", "to_move", "paths", "pawns", "yin_yang",
                 "path_winner", "paths_won", "tokens", "tokens_per_colour", "unfinished",
                 "last_played", "set_aside", "my_cards", "hand", "opponent_assigned", "revealed",
                 "set_aside_rule", "pawns_turn", "generated_wins")

    def __init__(self, s: "WuxingState", player: int):
        g = s.game
        self.player = player
        self.phase = PHASE_NAMES[s._phase]
        self.round = s._round
        self.first = s._first
        self.to_move = s._to_move
        self.paths = g.path_elems
        self.pawns = s._pos
        self.yin_yang = s._yy
        self.path_winner = s._pw
        self.paths_won = s._won
        self.tokens = s._held
        self.tokens_per_colour = g.tokens_per_colour
        self.unfinished = s._unfinished
        self.last_played = s._last
        sa = s._sa
        if sa[0] >= 0 and sa[1] >= 0:
            self.set_aside = sa
        else:
            self.set_aside = (sa[0], -1) if player == 0 else (-1, sa[1])
        mine = s._cards[player]
        if mine[0] == -2:
            mine = _NO_CARDS
        self.my_cards = mine
        used = 0
        for c in mine:
            if c >= 0:
                used |= 1 << c
        free = ALL_CARDS & ~used
        if sa[player] >= 0:
            free &= ~(1 << sa[player])
        self.hand = free
        self.opponent_assigned = s._cards[1 - player][0] != -2
        rv = s._revealed
        c0, c1 = s._cards
        self.revealed = tuple((c0[k], c1[k]) if rv[k] else None for k in range(NUM_PATHS))
        self.set_aside_rule = g.set_aside
        self.pawns_turn = g.pawns_turn
        self.generated_wins = g.generated_wins

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
        return f"WuxingObservation({', '.join(f'{k}={getattr(self, k)!r}' for k in self.__slots__)})"


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------

_NO_CARDS = (-1, -1, -1)
_UNASSIGNED = (-2, -2, -2)   # -2 in slot 0 marks "not assigned yet this round"


class WuxingState(State):
    """One position. All changing parts are small tuples, replaced when they change, so clone()
    is a flat copy and observations share them safely."""

    __slots__ = ("game", "_phase", "_to_move", "_first", "_first0", "_round", "_pos", "_yy",
                 "_pw", "_won", "_held", "_last", "_sa", "_cards", "_revealed", "_unfinished",
                 "_winner", "_end", "_duels", "_ties", "_turns", "_log")

    def __init__(self, game: WuxingGame):
        self.game = game
        self._phase = _P_FIRST
        self._to_move = CHANCE
        self._first = -1
        self._first0 = -1
        self._round = 1
        # W12: each pawn starts on the island nearest its owner, coloured side up.
        self._pos = ((0, 0, 0), (4, 4, 4))
        self._yy = ((False,) * 3, (False,) * 3)
        self._pw = (-1, -1, -1)
        self._won = (0, 0)
        self._held = ((0, 0), (0, 0))
        self._last = (ALL_CARDS, ALL_CARDS)      # round 1: any card may be set aside (W3)
        self._sa = (-1, -1)
        self._cards = (_UNASSIGNED, _UNASSIGNED)
        self._revealed = (False, False, False)
        self._unfinished = (0, 1, 2)
        self._winner = -1
        self._end = None
        self._duels = 0
        self._ties = 0
        self._turns = 0
        self._log: tuple = ()

    # -- protocol --------------------------------------------------------------------------

    def current_player(self) -> int:
        if self._phase == _P_OVER:
            return TERMINAL
        return self._to_move

    def is_terminal(self) -> bool:
        return self._phase == _P_OVER

    def chance_outcomes(self):
        if self._phase != _P_FIRST:
            raise ValueError("not a chance node")
        return [(FIRST_BASE, 0.5), (FIRST_BASE + 1, 0.5)]

    def legal_actions(self) -> Sequence[int]:
        ph = self._phase
        if ph == _P_SET_ASIDE:
            m = self._last[self._to_move]
            return [SET_ASIDE_BASE + e for e in range(5) if m >> e & 1]
        if ph == _P_ASSIGN:
            return list(_LEGAL_ASSIGN[len(self._unfinished)][self._sa[self._to_move] + 1])
        if ph == _P_REVEAL:
            rv = self._revealed
            return [REVEAL_BASE + k for k in self._unfinished if not rv[k]]
        if ph == _P_FIRST:
            return [FIRST_BASE, FIRST_BASE + 1]
        return []

    def apply_action(self, action: int) -> None:
        ph = self._phase
        if ph == _P_SET_ASIDE:
            e = action - SET_ASIDE_BASE
            p = self._to_move
            if not (0 <= e < 5 and self._last[p] >> e & 1):
                allowed = ", ".join(ELEMENTS[x] for x in _bits(self._last[p]))
                raise IllegalAction(
                    f"{SEAT_NAMES[p]} must set aside one of the cards played last round "
                    f"({allowed}); got action {action}")
            sa = list(self._sa)
            sa[p] = e
            self._sa = tuple(sa)
            if p == self._first:          # W18: first player chooses first, then the other
                self._to_move = 1 - p
            else:
                self._phase = _P_ASSIGN
                self._to_move = self._first
            return
        if ph == _P_ASSIGN:
            p = self._to_move
            k = len(self._unfinished)
            i = action - ASSIGN_BASE
            if not (0 <= i < len(PERMS[k])):
                raise IllegalAction(f"action {action} is not an assignment of {k} cards")
            perm = PERMS[k][i]
            if self._sa[p] in perm:
                raise IllegalAction(
                    f"{SEAT_NAMES[p]} cannot play {ELEMENTS[self._sa[p]]}: it is set aside")
            cards = [-1, -1, -1]
            for path, c in zip(self._unfinished, perm):
                cards[path] = c
            cs = list(self._cards)
            cs[p] = tuple(cards)
            self._cards = tuple(cs)
            if p == self._first:
                self._to_move = 1 - p
            else:
                self._phase = _P_REVEAL
                self._to_move = self._first
                if k == 1:                 # W19: a single path reveals itself
                    self._reveal(self._unfinished[0])
            return
        if ph == _P_REVEAL:
            k = action - REVEAL_BASE
            if not (0 <= k < NUM_PATHS) or self._pw[k] >= 0 or self._revealed[k]:
                raise IllegalAction(f"path {k} cannot be revealed now (finished, revealed or "
                                    f"no such path); action {action}")
            self._reveal(k)
            return
        if ph == _P_FIRST:
            if action not in (FIRST_BASE, FIRST_BASE + 1):
                raise IllegalAction(f"chance action {action} is not a first-player draw")
            self._first = self._first0 = action - FIRST_BASE
            self._start_round()
            return
        raise IllegalAction("the game is over")

    def returns(self) -> list[float]:
        if self._phase != _P_OVER:
            return [0.0, 0.0]
        if self._winner < 0:
            return [0.5, 0.5]
        return [1.0, 0.0] if self._winner == 0 else [0.0, 1.0]

    def observation(self, player: int) -> WuxingObservation:
        return WuxingObservation(self, player)

    def action_to_string(self, action: int) -> str:
        if FIRST_BASE <= action < FIRST_BASE + 2:
            return f"{SEAT_NAMES[action - FIRST_BASE]} takes the first-player token"
        if self._phase == _P_SET_ASIDE and 0 <= action - SET_ASIDE_BASE < 5:
            return f"{SEAT_NAMES[self._to_move]} sets aside {ELEMENTS[action - SET_ASIDE_BASE]}"
        if REVEAL_BASE <= action < REVEAL_BASE + NUM_PATHS:
            return f"reveal path {action - REVEAL_BASE}"
        k = len(self._unfinished)
        i = action - ASSIGN_BASE
        if 0 <= i < len(PERMS[k]):
            parts = [f"path {p}: {ELEMENTS[c]}" for p, c in zip(self._unfinished, PERMS[k][i])]
            who = SEAT_NAMES[self._to_move] if self._to_move >= 0 else "?"
            return f"{who} plays " + ", ".join(parts)
        return f"action {action}"

    def clone(self) -> "WuxingState":
        c = WuxingState.__new__(WuxingState)
        for name in WuxingState.__slots__:
            setattr(c, name, getattr(self, name))
        return c

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
    def tokens(self) -> tuple[tuple[int, int], tuple[int, int]]:
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
        return self._log

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
        self._sa = (-1, -1)
        self._cards = (_UNASSIGNED, _UNASSIGNED)
        self._revealed = (False, False, False)
        self._unfinished = tuple(k for k in range(NUM_PATHS) if self._pw[k] < 0)
        self._phase = _P_SET_ASIDE if self.game.set_aside else _P_ASSIGN
        self._to_move = self._first

    def _reveal(self, k: int) -> None:
        while True:
            rv = list(self._revealed)
            rv[k] = True
            self._revealed = tuple(rv)
            self._duel(k)
            if self._phase == _P_OVER:
                return
            left = [j for j in self._unfinished if not self._revealed[j]]
            if not left:
                self._end_round()
                return
            if len(left) > 1:
                return
            k = left[0]                  # W19: the last path reveals itself

    def _duel(self, k: int) -> None:
        g = self.game
        c0 = self._cards[0][k]
        c1 = self._cards[1][k]
        path = g.path_elems[k]
        pos = self._pos
        self._duels += 1
        if c0 == c1:
            # W7: same element
            if path[pos[0][k]] == c0:
                w = 0
            elif path[pos[1][k]] == c0:
                w = 1
            elif self._yy[0][k]:
                w = 0
            elif self._yy[1][k]:
                w = 1
            else:
                w = -1
            colour = -1
        else:
            w = g._beat[c0][c1]          # W6
            colour = _LINK[c0][c1]
        self._log += ((self._round, k, c0, c1, w),)
        if w < 0:
            self._ties += 1             # W9: a tie moves nothing
            return
        l = 1 - w
        wc = c0 if w == 0 else c1
        # W8 / W15: turning, judged on the island the winner stands on before advancing.
        if g.pawns_turn and path[pos[w][k]] == wc:
            if not self._yy[w][k] or self._yy[l][k]:
                self._turns += 1
            yy = [list(self._yy[0]), list(self._yy[1])]
            yy[w][k] = True
            yy[l][k] = False
            self._yy = (tuple(yy[0]), tuple(yy[1]))
        # W9 / W16: advance, push, win the path.
        step = 1 if w == 0 else -1
        new = pos[w][k] + step
        p = [list(pos[0]), list(pos[1])]
        if new == pos[l][k]:
            back = new + step
            if 0 <= back < PATH_LEN:
                p[l][k] = back
                p[w][k] = new
            else:
                pw = list(self._pw)
                pw[k] = w
                self._pw = tuple(pw)
                won = list(self._won)
                won[w] += 1
                self._won = tuple(won)
        else:
            p[w][k] = new
        self._pos = (tuple(p[0]), tuple(p[1]))
        # W10 / W17: token of the link's colour.
        if colour >= 0:
            cap = g.tokens_per_colour
            h = self._held
            if h[w][colour] < cap:
                hw = list(h[w])
                hl = list(h[l])
                if h[0][colour] + h[1][colour] >= cap:     # pool empty: take from the opponent
                    hl[colour] -= 1
                hw[colour] += 1
                self._held = (tuple(hw), tuple(hl)) if w == 0 else (tuple(hl), tuple(hw))
        # W11: immediate win.
        if self._won[w] >= 2:
            self._finish(w, "paths")
        elif sum(self._held[w]) == 2 * g.tokens_per_colour:
            self._finish(w, "tokens")

    def _finish(self, winner: int, end: str) -> None:
        self._phase = _P_OVER
        self._to_move = TERMINAL
        self._winner = winner
        self._end = end

    def _end_round(self) -> None:
        # W20: every card put on a path this round was revealed; they form "played last round".
        last = []
        for p in (0, 1):
            m = 0
            for c in self._cards[p]:
                if c >= 0:
                    m |= 1 << c
            last.append(m)
        self._last = tuple(last)
        if self._round >= self.game.max_rounds:      # W14
            self._finish(-1, "draw")
            return
        self._round += 1
        self._first = 1 - self._first                 # W11: the token changes hands
        self._start_round()
