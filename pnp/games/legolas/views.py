"""What a seat may see (rulings L6, L18, L32, L35), and actions as words.

An observation is a snapshot, but building one for every decision costs more than a random
agent's whole move. So ``observation`` hands out a LazyObservation: it builds the snapshot the
first time a field is read, or, if the agent still holds it, just before the state changes."""

from __future__ import annotations

import weakref
from typing import NamedTuple

from .actions import (CHANCE_PHASES, PH_CHALLENGE, PH_MINION, PH_MISSION, PH_PLAY,
                      PH_SHOP_KEEP, PH_SHOP_SPEND, PH_WIZ_CHOICE, PHASE_NAMES, decode_action)
from .facts import CHARACTER_IDS, ELEMENTS, MISSIONS, SUITS, TREASURE_IDS
from .caches import StateCaches


class LegolasObservation(NamedTuple):
    """What one player may see (an immutable snapshot). Card ids are ints into ``monsters``;
    cards in hordes are tokens (``token_is_hidden``) until a challenge reveals them."""

    player: int
    num_players: int
    round: int                 # 0-based
    rounds: int
    phase: str
    current: int               # seat to act (or CHANCE / TERMINAL)
    active: int                # seat whose turn it is
    first: int                 # first player of this round
    monsters: tuple            # the card list (public)
    hand: tuple                # own cards
    hand_sizes: tuple
    characters: tuple          # character index per seat (-1 before the deal)
    character_elements: tuple  # element index of each seat's element bonus
    thresholds: tuple
    levels: tuple
    vp: tuple                  # floats
    treasures: tuple           # per seat: treasure indices (face up)
    treasure_deck: int
    missions: tuple            # this round, per seat: index; -2 chosen but hidden; -1 none
    used_missions: tuple       # per seat: bitmask of missions of earlier (revealed) rounds
    wizard_elements: tuple     # per seat: element bitmask chosen this round
    hordes: tuple              # open hordes: (index, suit, total, top value, tokens bottom-up)
    defeated: tuple            # per seat: defeated monsters this round (face up)
    closed_gates: tuple        # per seat: number of closed gates taken this round
    defence: int               # own defence now
    immune_suits: int          # own bitmask of suits that deal no damage (treasures)
    barrier_elements: int      # bitmask of elements dealing extra damage to you (neighbours)
    plays_made: int            # cards played this turn (Step 1)
    plays_allowed: int
    challenge: tuple | None    # (seat, horde, cards, position, damage, defence, defeated)
    net_victim: int            # seat whose row can be netted (-1 otherwise)
    shop_coins: int            # own whole coins when shopping
    shop_drawn: tuple          # own drawn treasures when keeping one


class LazyObservation:
    """A LegolasObservation built when first read (fields, indexing, equality)."""

    __slots__ = ("_state", "_player", "_snap", "__weakref__")

    def __init__(self, state, player: int):
        self._state = state
        self._player = player
        self._snap: LegolasObservation | None = None

    def snapshot(self) -> LegolasObservation:
        snap = self._snap
        if snap is None:
            snap = self._snap = self._state._build_observation(self._player)
            self._state = None
        return snap

    def __getattr__(self, name: str):
        return getattr(self.snapshot(), name)

    def __getitem__(self, i):
        return self.snapshot()[i]

    def __iter__(self):
        return iter(self.snapshot())

    def __len__(self) -> int:
        return len(LegolasObservation._fields)

    def __eq__(self, other) -> bool:
        if isinstance(other, LazyObservation):
            other = other.snapshot()
        return self.snapshot() == other

    def __hash__(self) -> int:
        return hash(self.snapshot())

    def __repr__(self) -> str:
        return repr(self.snapshot())


class ObservationViews(StateCaches):
    # caches the state keeps (None when stale); typed here for every mixin of LegolasState

    def observation(self, player: int) -> LazyObservation:
        obs = LazyObservation(self, player)
        self._pending = weakref.ref(obs)
        return obs

    def _settle_observation(self) -> None:
        """The state is about to change: an observation still held gets its snapshot now."""
        obs = self._pending()
        self._pending = None
        if obs is not None:
            obs.snapshot()

    # Public parts of the observation are cached and rebuilt only after they change.
    def _seat_view(self) -> tuple:
        c = self._c_seats
        if c is None:
            n = self.n
            holder = self.holder
            treasures = tuple(tuple(t for t in range(16) if holder[t] == s) for s in range(n))
            if -1 in self.chars:
                zeros = (0,) * n
                defs, masks = zeros, ((0, 0),) * n
            else:
                defs = tuple(self.defence(s) for s in range(n))
                masks = tuple(self.damage_masks(s) for s in range(n))
            c = self._c_seats = (treasures, tuple(self.level), tuple(v / 2 for v in self.vp2),
                                 defs, masks)
        return c

    def _static_view(self) -> tuple:
        c = self._c_static
        if c is None:
            g = self.g
            chars = self.chars
            c = self._c_static = (tuple(chars),
                                  tuple(g.char_element[x] if x >= 0 else -1 for x in chars),
                                  tuple(g.threshold[x] if x >= 0 else 0 for x in chars))
        return c

    def _hordes_view(self) -> tuple:
        c = self._c_hordes
        if c is None:
            g = self.g
            rv = self.revealed
            tok = g.token
            val = g.value
            c = self._c_hordes = tuple(
                (h.idx, h.suit, h.total, val[h.cards[-1]] if h.cards else 0,
                 tuple([x if rv[x] else tok[x] for x in h.cards])) for h in self.open)
        return c

    def _rows_view(self) -> tuple:
        c = self._c_rows
        if c is None:
            c = self._c_rows = (tuple([tuple(d) for d in self.defeated]),
                                tuple([len(x) for x in self.closed]))
        return c

    def _invalidate(self) -> None:
        self._c_seats = self._c_static = self._c_hordes = self._c_rows = None
        self._c_fight = [None] * self.n

    def _seats_changed(self) -> None:
        """A level or a treasure changed hands: defences and protections are worked out again."""
        self._c_seats = None
        self._c_fight = [None] * self.n

    def _vp_changed(self, seat: int, level: int) -> None:
        """seat's VP changed mid-round (the Ring), its level now `level`: only its own defence
        and powers can change with it (no other seat's figures depend on its level), so the
        other seats' fighting figures are kept."""
        self._c_seats = None
        if level != self.level[seat]:
            self.level[seat] = level
            self._c_fight[seat] = None

    def _build_observation(self, player: int) -> LegolasObservation:
        g = self.g
        n = self.n
        ph = self.phase
        mission = self.mission
        if ph == PH_MISSION:
            missions = tuple([mission[s] if s == player or mission[s] < 0 else -2
                              for s in range(n)])
            used = tuple(self.used)
        else:
            missions = tuple(mission)
            used = tuple([self.used[s] & ~(1 << mission[s]) if mission[s] >= 0
                          else self.used[s] for s in range(n)])
        treasures, levels, vp, defs, masks = self._seat_view()
        chars, elements, thresholds = self._static_view()
        defeated, closed = self._rows_view()
        challenge = None
        if ph == PH_WIZ_CHOICE or ph == PH_MINION:
            h = self.hordes[self.ch_h]
            challenge = (self.active, self.ch_h, tuple(h.cards), self.ch_pos, self.ch_dmg,
                         self.ch_def, tuple(self.ch_won))
        shopper = (ph == PH_SHOP_SPEND or ph == PH_SHOP_KEEP) and \
            self.order[self.order_pos] == player
        immune, barrier = masks[player]
        return LegolasObservation(
            player, n, self.round, g.rounds, PHASE_NAMES[ph], self.cur, self.active,
            self.first, g.monsters, tuple(self.hands[player]),
            tuple([len(h) for h in self.hands]), chars, elements, thresholds, levels, vp,
            treasures, len(self.tdeck), missions, used, tuple(self.wiz), self._hordes_view(),
            defeated, closed, defs[player], immune, barrier, self.plays_made, self.plays_allowed,
            challenge, self.net_victim,
            self.shop_coins2[player] // 2 if shopper else 0,
            tuple(self.shop_drawn) if shopper and ph == PH_SHOP_KEEP else (),
        )

    # ---- actions as words
    def card_str(self, card: int) -> str:
        return str(self.g.monsters[card])

    def action_to_string(self, action: int) -> str:
        kind, *args = decode_action(action)
        if kind == "deal":
            return f"deal {self.card_str(args[0])}"
        if kind == "play":
            return f"play {self.card_str(args[1])} on horde {args[0]}"
        if kind == "gate":
            return f"gate {self.card_str(args[0])}"
        if kind == "challenge":
            return f"challenge horde {args[0]}"
        if kind == "mission":
            return f"mission {MISSIONS[args[0]]}"
        if kind == "elements":
            return "elements " + "+".join(e for i, e in enumerate(ELEMENTS) if args[0] >> i & 1)
        if kind == "net":
            return f"net {self.card_str(args[0])}"
        if kind in ("keep", "treasure"):
            return f"{kind} {TREASURE_IDS[args[0]]}"
        if kind == "spend":
            return f"spend {args[0]} coins"
        if kind == "character":
            return f"character {CHARACTER_IDS[args[0]]}"
        if kind == "first":
            return f"first player {args[0]}"
        return " ".join([kind] + [str(x) for x in args])

    def _why_illegal(self, action: int) -> str:
        kind, *args = decode_action(action)
        ph = PHASE_NAMES[self.phase]
        seat = self.cur
        if self.phase in CHANCE_PHASES:
            return f"{self.action_to_string(action)} is not a possible chance outcome now"
        if kind == "play" and self.phase == PH_PLAY:
            return self._why_play_illegal(seat, *args)
        if kind == "gate" and self.phase == PH_PLAY:
            if self.plays_made:
                return "extra cards go onto hordes, never a new gate"
            if args[0] not in self.hands[seat]:
                return f"card {args[0]} is not in the hand"
            if self._horde_plays(seat):
                return "a new gate is only allowed with no legal play on any horde"
            return "the new gate must be your highest card"
        if kind == "stop" and self.phase == PH_PLAY:
            return "you must play a card first"
        if kind == "pass" and self.phase == PH_CHALLENGE:
            return "a horde is at or above your threshold: you must challenge it"
        if kind == "challenge" and self.phase == PH_CHALLENGE:
            return f"horde {args[0]} cannot be challenged (closed, empty, or another horde is " \
                   "at your threshold)"
        if kind == "mission" and self.phase == PH_MISSION:
            return f"mission {MISSIONS[args[0]]} was already used"
        if kind == "spend" and self.phase == PH_SHOP_SPEND:
            return f"you can spend at most {self._max_spend(seat)} coins"
        return f"{self.action_to_string(action)} is not legal in phase {ph}"

    def _why_play_illegal(self, seat: int, hidx: int, card: int) -> str:
        if card not in self.hands[seat]:
            return f"card {self.card_str(card)} is not in seat {seat + 1}'s hand"
        if hidx >= len(self.hordes) or not self.hordes[hidx].open:
            return f"horde {hidx} is not an open horde"
        if self.plays_made >= 1 and not self._horde_plays(seat):
            return "no further legal play"
        h = self.hordes[hidx]
        g = self.g
        if any(g.suit[c] == h.suit for c in self.hands[seat]):
            return f"must follow suit {SUITS[h.suit]} on horde {hidx}"
        top = g.value[h.cards[-1]] if h.cards else 0
        return f"holding no {SUITS[h.suit]}, the card must have value >= {top} on horde {hidx}"


