"""One Wuxing Duel position and how each action changes it: the rounds, the reveals and duels,
the tokens and the end of the game (W3-W20)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from pnp.engine.core import CHANCE, TERMINAL, IllegalAction, State

from .cycles import ELEMENTS, NUM_PATHS, PATHS_TO_WIN, RED, SEAT_NAMES, element_id
from .encoding import (_CARD_MASK, _CHANCE_OUTCOMES, _INITIAL_BOARD, _ONLY, _P_ASSIGN, _P_FIRST,
                       _P_OVER, _P_REVEAL, _P_SET_ASIDE, PATH_CODES, PATH_UNIT, _REVEAL_ACTS,
                       _REVEALED_OF, _ROUND_OF_PW, _ROUND_TAB, _SET_ASIDE_ACTS, ALL_CARDS,
                       ASSIGN_BASE, FIRST_BASE, PERMS, PHASE_NAMES, REVEAL_BASE, SET_ASIDE_BASE,
                       mask_bits, board_view, card_mask, _new, _put, _round_table)
from .observation import (_NONE_ASSIGNED, _NONE_REVEALED, _NONE_SET_ASIDE, _NOT_REVEALED,
                          WuxingObservation)

if TYPE_CHECKING:
    from .engine import WuxingGame

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
            allowed = ", ".join(ELEMENTS[x] for x in mask_bits(self._last[p]))
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
            choices = mask_bits(self._last[opp])
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
        return board_view(self._board)[0]

    @property
    def _yy(self) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
        """(per path whether Yang's pawn shows Yin-Yang, ... Yin's)."""
        return board_view(self._board)[1]

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
        return SET_ASIDE_BASE + element_id(element)

    @staticmethod
    def reveal_action(path: int) -> int:
        return REVEAL_BASE + path

    def assign_action(self, cards: Mapping[int, str] | Sequence[str]) -> int:
        """Action putting `cards` on the unfinished paths: a mapping path -> element id, or a
        sequence with one element per unfinished path in increasing path order."""
        if isinstance(cards, Mapping):
            if set(cards) != set(self._unfinished):
                raise ValueError(f"need one card for each of the paths {self._unfinished}")
            seq = tuple(element_id(cards[k]) for k in self._unfinished)
        else:
            seq = tuple(element_id(c) for c in cards)
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
                board // PATH_UNIT[k] % PATH_CODES * 25 + c0 * 5 + c1]
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
            self._last = (card_mask(c0), card_mask(c1))
        if self._round >= self.game.max_rounds:      # W14
            self._finish(-1, "draw")
            return
        self._round += 1
        self._first = 1 - self._first                 # W11: the token changes hands
        self._start_round()
