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

The engine is one module per job: cycles.py (the elements, the cycles, the numbers the rules
state, the layout's checks), encoding.py (actions and positions as small ints, the hot paths'
tables), duels.py (every duel of a path worked out once), observation.py (what a player sees),
state.py (a position and how each action changes it); this module is the game's setup.
"""

from __future__ import annotations

import functools
from typing import Iterable, Sequence

from pnp.engine.core import Game

# the rules' facts and the encoding, importable from here as before the engine was split
from .cycles import (BLUE, CARD_COLOURS, COLOURS, DEFAULT_MAX_ROUNDS, DEFAULT_PATHS, DESTROYS,
                     ELEMENTS, GENERATES, NUM_PATHS, PATH_LEN, PATHS_TO_WIN, RED, SEAT_NAMES,
                     SIDES, SYMBOLS, TOKENS_PER_COLOUR, YANG, YIN, _BEAT, _IDX, check_cycles,
                     check_paths, duel_winner, link, element_id)
from .duels import duel_tables
from .encoding import (ALL_CARDS, ASSIGN_BASE, FIRST_BASE, PERMS, PHASE_NAMES, REVEAL_BASE,
                       SET_ASIDE_BASE, _encode_board)
from .observation import WuxingObservation
from .state import WuxingState

__all__ = [
    "ELEMENTS", "GENERATES", "DESTROYS", "SEAT_NAMES", "SIDES", "SYMBOLS", "CARD_COLOURS",
    "COLOURS", "YANG", "YIN", "TOKENS_PER_COLOUR", "PATHS_TO_WIN", "DEFAULT_MAX_ROUNDS",
    "DEFAULT_PATHS", "NUM_PATHS", "PATH_LEN",
    "FIRST_BASE", "SET_ASIDE_BASE", "ASSIGN_BASE", "REVEAL_BASE", "PERMS", "PHASE_NAMES",
    "link", "duel_winner", "check_cycles", "check_paths",
    "WuxingGame", "WuxingState", "WuxingObservation",
]

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
        return duel_tables(self.path_elems, self.generated_wins, self.pawns_turn)

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
            s._last = tuple(ALL_CARDS if lp is None else sum(1 << element_id(e) for e in lp)
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
