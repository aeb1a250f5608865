"""What one Wuxing Duel player sees of a position."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .encoding import ALL_CARDS, board_view, card_mask

if TYPE_CHECKING:
    from .engine import WuxingGame
    from .state import WuxingState

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

    def __repr__(self) -> str:
        return f"WuxingObservation({', '.join(f'{k}={getattr(self, k)!r}' for k in self._FIELDS)})"


def _obs_my_cards(o: WuxingObservation) -> tuple[int, ...]:
    mine = o._mine
    return _NO_CARDS if mine[0] == -2 else mine


def _obs_hand(o: WuxingObservation) -> int:
    mine = o._mine
    hand = ALL_CARDS if mine[0] == -2 else ALL_CARDS & ~card_mask(mine)
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
    "pawns": lambda o: board_view(o._board)[0],
    "yin_yang": lambda o: board_view(o._board)[1],
    "my_cards": _obs_my_cards,
    "hand": _obs_hand,
}
