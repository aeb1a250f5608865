"""Rules engine for Experior (2 players): a Human and an Elf duel with sword, bow and magic.

Each turn both players choose one of their six attack cards face down (seat 0 first, then seat 1
without seeing it), then both are revealed and resolved:

- sword beats bow, bow beats magic, magic beats sword; same type: quick beats strong;
- the winner deals (their experience in that type) x (card multiplier) wounds, then gains +1 in
  that type;
- same type and same modality: no wounds; the player with less experience in that type gains +1
  (nobody when equal).

The card a player played in turn N is locked (face up) during turn N+1. The game ends after the
turn in which a player reaches the wound limit (or after ``max_turns`` turns, ruling E9); then the
bonus attack is made and the player with fewer wounds wins (equal wounds: draw). The rulings are
listed in ``card_data/experior/rulings.toml``.

Speed: the state is a handful of ints and two small lists; the attack outcome of every pair of
cards is precomputed per game; legal action tuples are shared constants.
"""

from __future__ import annotations

from typing import Any, Mapping

from pnp.engine.core import CHANCE, TERMINAL, Game, IllegalAction, State

TYPES = ("sword", "bow", "magic")
MODALITIES = ("quick", "strong")
BEATS = {"sword": "bow", "bow": "magic", "magic": "sword"}
COLOURS = {"sword": "red", "bow": "green", "magic": "blue"}  # the text's UNO option
DEFAULT_MULTIPLIERS = {"quick": 1, "strong": 3}
SIDES = ("human", "elf")
DEFAULT_START = {"elf": {"sword": 2, "bow": 3, "magic": 2},
                 "human": {"sword": 3, "bow": 2, "magic": 2}}
DEFAULT_MAX_TURNS = 1000

# Card action ids 0..5: TYPES x MODALITIES (0 quick sword, 1 strong sword, 2 quick bow, ...).
CARDS = tuple((t, m) for t in TYPES for m in MODALITIES)
NUM_CARDS = len(CARDS)
_CARD_INDEX = {card: i for i, card in enumerate(CARDS)}
CARD_NAMES = tuple(f"{m} {t}" for t, m in CARDS)

# Chance outcomes at the start: the action is the seat that plays the Human.
_CHANCE_OUTCOMES = ((0, 0.5), (1, 0.5))
_CHANCE_ACTIONS = (0, 1)

# LEGAL[locked] -> tuple of playable cards; LEGAL[-1] (no locked card) -> all six.
_ALL = tuple(range(NUM_CARDS))
LEGAL = tuple(tuple(c for c in _ALL if c != lock) for lock in _ALL) + (_ALL,)
_LEGAL_SETS = tuple(frozenset(t) for t in LEGAL)

NO_CARD = -1


def card_id(type_: str, modality: str) -> int:
    """Action id of a card, e.g. card_id("bow", "strong") == 3."""
    try:
        return _CARD_INDEX[(type_, modality)]
    except KeyError:
        raise ValueError(f"no such card: {type_!r}, {modality!r}") from None


def _as_card(card) -> tuple[str, str]:
    if isinstance(card, int):
        return CARDS[card]
    t, m = card
    if t not in BEATS or m not in MODALITIES:
        raise ValueError(f"no such card: {card!r}")
    return t, m


def resolve(card_a, card_b) -> int | None:
    """Who wins an exchange by the attack rules alone: 0 (card_a), 1 (card_b) or None.

    Cards are (type, modality) pairs or action ids. None when same type and same modality.
    """
    ta, ma = _as_card(card_a)
    tb, mb = _as_card(card_b)
    if ta != tb:
        return 0 if BEATS[ta] == tb else 1
    if ma == mb:
        return None
    return 0 if ma == "quick" else 1


# Winner of every pair (a played by seat 0, b by seat 1), flat index a * 6 + b.
WINNER = tuple(resolve(a, b) for a in _ALL for b in _ALL)


class _Rules:
    """The fixed numbers of one ExperiorGame, shared by its states (and shown to agents)."""

    __slots__ = ("wound_limit", "max_turns", "bonus_multiplier", "mult", "start", "res")

    def __init__(self, wound_limit, max_turns, bonus_multiplier, mult, start):
        self.wound_limit = wound_limit
        self.max_turns = max_turns
        self.bonus_multiplier = bonus_multiplier
        self.mult = mult            # multiplier per card id
        self.start = start          # start[human_seat] -> list of 6 exp (seat * 3 + type)
        # res[a * 6 + b]: (winner seat, exp index of winner, loser seat, multiplier) or
        # (-1, type index) when same type and modality.
        res: list[tuple[int, ...]] = []
        for a in _ALL:
            for b in _ALL:
                w = WINNER[a * 6 + b]
                if w is None:
                    res.append((-1, a >> 1))
                else:
                    card = a if w == 0 else b
                    res.append((w, w * 3 + (card >> 1), 1 - w, mult[card]))
        self.res = tuple(res)


class ExperiorObservation:
    """What one seat sees: everything public plus its own face-down choice.

    ``wounds`` is indexed by seat, ``exp`` is a 6-tuple (seat * 3 + type index), ``locked`` is
    the card each seat played last turn (face up, unplayable this turn; -1 in turn 1). The
    opponent's current choice is never included before the reveal.
    """

    __slots__ = ("seat", "human_seat", "turn", "wounds", "exp", "locked", "my_choice", "rules")

    def __init__(self, seat, human_seat, turn, wounds, exp, locked, my_choice, rules):
        self.seat = seat
        self.human_seat = human_seat
        self.turn = turn
        self.wounds = wounds
        self.exp = exp
        self.locked = locked
        self.my_choice = my_choice
        self.rules = rules

    @property
    def side(self) -> str:
        return "human" if self.seat == self.human_seat else "elf"

    @property
    def my_exp(self) -> tuple[int, int, int]:
        i = self.seat * 3
        return self.exp[i:i + 3]

    @property
    def opp_exp(self) -> tuple[int, int, int]:
        i = (1 - self.seat) * 3
        return self.exp[i:i + 3]

    @property
    def my_wounds(self) -> int:
        return self.wounds[self.seat]

    @property
    def opp_wounds(self) -> int:
        return self.wounds[1 - self.seat]

    @property
    def my_locked(self) -> int:
        return self.locked[self.seat]

    @property
    def opp_locked(self) -> int:
        return self.locked[1 - self.seat]

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "side": self.side, "turn": self.turn,
                "wounds": self.wounds, "exp": self.exp, "locked": self.locked,
                "my_choice": self.my_choice}

    def __repr__(self) -> str:
        return f"ExperiorObservation({self.as_dict()})"


class ExperiorState(State):
    __slots__ = ("_r", "_cur", "_hs", "_turn", "_exp", "_wounds", "_l0", "_l1", "_pending",
                 "_ended_by", "_bonus_attacker", "_bonus_damage", "_pre_bonus_winner",
                 "_winner")

    def __init__(self, rules: _Rules):
        self._r = rules
        self._cur = CHANCE
        self._hs = -1             # seat of the Human, -1 before the draw
        self._turn = 1            # the turn being played (after the end: turns played + 1)
        self._exp: list[int] = [0] * 6
        self._wounds = [0, 0]     # by seat
        self._l0 = NO_CARD        # card locked for seat 0 (played last turn)
        self._l1 = NO_CARD
        self._pending = NO_CARD   # seat 0's face-down choice this turn
        self._ended_by: str | None = None     # "wounds" | "max_turns"
        self._bonus_attacker = -1  # seat, -1 none
        self._bonus_damage = 0
        self._pre_bonus_winner = -1  # seat, 2 draw (before the bonus attack)
        self._winner = -1            # seat, 2 draw

    # -- protocol -----------------------------------------------------------------------------
    def current_player(self) -> int:
        return self._cur

    def legal_actions(self) -> list[int]:
        # a fresh list of the shared table: the caller may sort or trim it freely
        c = self._cur
        if c == 0:
            return list(LEGAL[self._l0])
        if c == 1:
            return list(LEGAL[self._l1])
        if c == CHANCE:
            return list(_CHANCE_ACTIONS)
        return []

    def chance_outcomes(self):
        if self._cur != CHANCE:
            raise ValueError("not a chance node")
        return _CHANCE_OUTCOMES

    def apply_action(self, action: int) -> None:
        c = self._cur
        if c == 0:
            if action not in _LEGAL_SETS[self._l0]:
                self._illegal(0, action, self._l0)
            self._pending = action
            self._cur = 1
            return
        if c == 1:
            if action not in _LEGAL_SETS[self._l1]:
                self._illegal(1, action, self._l1)
            a = self._pending
            r = self._r
            res = r.res[a * 6 + action]
            w = res[0]
            ex = self._exp
            if w >= 0:
                i = res[1]
                self._wounds[res[2]] += ex[i] * res[3]
                ex[i] += 1
            else:
                t = res[1]
                x0 = ex[t]
                x1 = ex[t + 3]
                if x0 < x1:
                    ex[t] = x0 + 1
                elif x1 < x0:
                    ex[t + 3] = x1 + 1
            self._l0 = a
            self._l1 = action
            self._pending = NO_CARD
            wo = self._wounds
            lim = r.wound_limit
            if wo[0] >= lim or wo[1] >= lim:
                self._end("wounds")
            elif self._turn >= r.max_turns:
                self._end("max_turns")
            else:
                self._turn += 1
                self._cur = 0
            return
        if c == CHANCE:
            if action != 0 and action != 1:
                raise IllegalAction("chance outcome must be 0 (the Human in seat 1) or 1 (the "
                                    f"Human in seat 2), not {action!r}")
            self._hs = action
            self._exp = list(self._r.start[action])
            self._cur = 0
            return
        raise IllegalAction("the game is over")

    def _illegal(self, seat: int, action, locked: int):
        # players are named as people see them: 1-based seat and side, "seat 1 (Human)"
        who = f"seat {seat + 1} ({'Human' if seat == self._hs else 'Elf'})"
        if action == locked and locked >= 0:
            raise IllegalAction(
                f"{who} played {CARD_NAMES[locked]} last turn: it is locked this turn (E3)")
        raise IllegalAction(f"{who}: {action!r} is not a card (0..5)")

    def _end(self, how: str) -> None:
        """End of game: bonus attack (E6, E8), then fewer wounds wins (E7)."""
        self._ended_by = how
        self._turn += 1
        self._cur = TERMINAL
        ex = self._exp
        wo = self._wounds
        self._pre_bonus_winner = _winner_of(wo)
        h0 = max(ex[0], ex[1], ex[2])
        h1 = max(ex[3], ex[4], ex[5])
        d0 = h0 - min(ex[0], ex[1], ex[2])
        d1 = h1 - min(ex[3], ex[4], ex[5])
        if d0 > d1:
            att = 0
        elif d1 > d0:
            att = 1
        elif wo[0] < wo[1]:
            att = 0
        elif wo[1] < wo[0]:
            att = 1
        else:
            att = -1
        if att >= 0:
            dmg = self._r.bonus_multiplier * (h0 if att == 0 else h1)
            wo[1 - att] += dmg
            self._bonus_damage = dmg
        self._bonus_attacker = att
        self._winner = _winner_of(wo)

    def is_terminal(self) -> bool:
        return self._cur == TERMINAL

    def returns(self) -> list[float]:
        w = self._winner
        if w == 0:
            return [1.0, 0.0]
        if w == 1:
            return [0.0, 1.0]
        if w == 2:
            return [0.5, 0.5]
        return [0.0, 0.0]

    def observation(self, player: int) -> ExperiorObservation:
        if player != 0 and player != 1:
            raise ValueError(f"no seat {player!r}")
        return ExperiorObservation(
            player, self._hs, self._turn, tuple(self._wounds), tuple(self._exp),
            (self._l0, self._l1), self._pending if player == 0 else NO_CARD, self._r)

    def action_to_string(self, action: int) -> str:
        if self._cur == CHANCE:
            return f"Human: seat {action}, Elf: seat {1 - action}"
        if 0 <= action < NUM_CARDS:
            return CARD_NAMES[action]
        return f"? {action!r}"

    def clone(self) -> "ExperiorState":
        s = ExperiorState.__new__(ExperiorState)
        s._r = self._r
        s._cur = self._cur
        s._hs = self._hs
        s._turn = self._turn
        s._exp = self._exp[:]
        s._wounds = self._wounds[:]
        s._l0 = self._l0
        s._l1 = self._l1
        s._pending = self._pending
        s._ended_by = self._ended_by
        s._bonus_attacker = self._bonus_attacker
        s._bonus_damage = self._bonus_damage
        s._pre_bonus_winner = self._pre_bonus_winner
        s._winner = self._winner
        return s

    def determinize(self, player: int, rng) -> "ExperiorState":
        """Seat 2 cannot see seat 1's face-down card of this turn: it is drawn again from the
        cards seat 1 could play. Everything else is public."""
        s = self.clone()
        if player == 1 and self._pending != NO_CARD:
            cards = LEGAL[self._l0]
            s._pending = cards[rng.randrange(len(cards))]
        return s

    def stats(self) -> dict[str, Any]:
        hs = self._hs
        h = hs if hs >= 0 else 0
        e = 1 - h
        w = self._winner
        pw = self._pre_bonus_winner
        ex = self._exp
        ba = self._bonus_attacker
        return {
            "winner_side": _side_of(w, h),
            "winner_seat": w if w == 0 or w == 1 else None,
            "human_seat": hs if hs >= 0 else None,
            "turns": self._turn - 1,
            "ended_by": self._ended_by,
            "bonus_attacker": None if ba < 0 else ("human" if ba == h else "elf"),
            "bonus_damage": self._bonus_damage,
            "bonus_decided": self._cur == TERMINAL and pw != w,
            "winner_before_bonus": _side_of(pw, h) if self._cur == TERMINAL else None,
            "wounds": {"human": self._wounds[h], "elf": self._wounds[e]},
            "experience": {"human": dict(zip(TYPES, ex[h * 3:h * 3 + 3])),
                           "elf": dict(zip(TYPES, ex[e * 3:e * 3 + 3]))},
        }

    # -- conveniences -------------------------------------------------------------------------
    @property
    def human_seat(self) -> int:
        return self._hs

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def wounds(self) -> tuple[int, ...]:
        return tuple(self._wounds)

    @property
    def exp(self) -> tuple[int, ...]:
        return tuple(self._exp)

    @property
    def locked(self) -> tuple[int, int]:
        return (self._l0, self._l1)

    def side_of(self, seat: int) -> str:
        return "human" if seat == self._hs else "elf"

    def __repr__(self) -> str:
        return (f"ExperiorState(turn={self._turn}, cur={self._cur}, human_seat={self._hs}, "
                f"wounds={self._wounds}, exp={self._exp}, locked={(self._l0, self._l1)})")


def _winner_of(wo) -> int:
    if wo[0] < wo[1]:
        return 0
    if wo[1] < wo[0]:
        return 1
    return 2


def _side_of(seat: int, human_seat: int):
    if seat == 0 or seat == 1:
        return "human" if seat == human_seat else "elf"
    return None


def ruling_values(wound_limit: int, start: Mapping[str, Mapping[str, int]],
                  multipliers: Mapping[str, int], bonus_multiplier: int,
                  max_turns: int) -> dict[str, int]:
    """The numbers the rulings state (card_data/experior/rulings.toml), for a game built with
    these parameters: {human_sword}, {quick}, {wound_limit}, ..."""
    values = {"cards": NUM_CARDS, "wound_limit": wound_limit,
              "bonus_multiplier": bonus_multiplier, "max_turns": max_turns}
    values.update({m: multipliers[m] for m in MODALITIES})
    values.update({f"{s}_{t}": start[s][t] for s in SIDES for t in TYPES})
    return values


class ExperiorGame(Game):
    name = "experior"
    min_players = 2
    max_players = 2
    sides = SIDES
    # The rulings this engine enforces and the parameters each one states (ruling_values()).
    RULINGS = {
        "E1": ("cards", "quick", "strong"), "E2": tuple(f"{s}_{t}" for s in SIDES for t in TYPES),
        "E3": ("cards",), "E4": (), "E5": (), "E6": ("wound_limit", "bonus_multiplier"),
        "E7": (), "E8": (), "E9": ("max_turns",), "E10": (), "E11": (), "E12": (),
    }

    def __init__(self, num_players: int | None = None, *, wound_limit: int = 100,
                 start: Mapping[str, Mapping[str, int]] = DEFAULT_START,
                 multipliers: Mapping[str, int] = DEFAULT_MULTIPLIERS,
                 bonus_multiplier: int = 3, max_turns: int = DEFAULT_MAX_TURNS):
        super().__init__(num_players)
        if not isinstance(wound_limit, int) or wound_limit < 1:
            raise ValueError(f"wound_limit must be a positive int, not {wound_limit!r}")
        if not isinstance(max_turns, int) or max_turns < 1:
            raise ValueError(f"max_turns must be a positive int, not {max_turns!r}")
        if not isinstance(bonus_multiplier, int) or bonus_multiplier < 0:
            raise ValueError(f"bonus_multiplier must be an int >= 0, not {bonus_multiplier!r}")
        if set(multipliers) != set(MODALITIES):
            raise ValueError(f"multipliers need exactly {MODALITIES}, got {sorted(multipliers)}")
        for m in MODALITIES:
            if not isinstance(multipliers[m], int) or multipliers[m] < 0:
                raise ValueError(f"multiplier {m!r} must be an int >= 0")
        if set(start) != set(SIDES):
            raise ValueError(f"start needs exactly {SIDES}, got {sorted(start)}")
        for side in SIDES:
            if set(start[side]) != set(TYPES):
                raise ValueError(f"start[{side!r}] needs exactly {TYPES}")
            for t in TYPES:
                v = start[side][t]
                if not isinstance(v, int) or v < 0:
                    raise ValueError(f"start[{side!r}][{t!r}] must be an int >= 0, not {v!r}")
        self.wound_limit = wound_limit
        self.max_turns = max_turns
        self.bonus_multiplier = bonus_multiplier
        self.multipliers = {m: multipliers[m] for m in MODALITIES}
        self.start = {s: {t: start[s][t] for t in TYPES} for s in SIDES}
        mult = tuple(self.multipliers[m] for _, m in CARDS)
        hum = [self.start["human"][t] for t in TYPES]
        elf = [self.start["elf"][t] for t in TYPES]
        start_by_seat = (tuple(hum + elf), tuple(elf + hum))   # index: the Human's seat
        self._rules = _Rules(wound_limit, max_turns, bonus_multiplier, mult, start_by_seat)

    def new_initial_state(self) -> ExperiorState:
        return ExperiorState(self._rules)

    def ruling_values(self) -> dict[str, int]:
        return ruling_values(self.wound_limit, self.start, self.multipliers,
                             self.bonus_multiplier, self.max_turns)

    def state_at(self, *, human_seat: int = 0, turn: int = 1,
                 exp: Mapping[str, Mapping[str, int]] | None = None,
                 wounds: Mapping[str, int] | None = None,
                 locked: Mapping[str, int] | None = None) -> ExperiorState:
        """A position at the start of `turn` (seat 0 to choose), for tests and puzzles.

        exp / wounds / locked are given by side ("human", "elf"); locked holds card ids (or -1).
        Missing values keep the start of the game.
        """
        if human_seat not in (0, 1):
            raise ValueError("human_seat must be 0 or 1")
        s = self.new_initial_state()
        s.apply_action(human_seat)
        seat = {"human": human_seat, "elf": 1 - human_seat}
        for side, by_type in (exp or {}).items():
            for t, v in by_type.items():
                s._exp[seat[side] * 3 + TYPES.index(t)] = v
        for side, v in (wounds or {}).items():
            s._wounds[seat[side]] = v
        for side, c in (locked or {}).items():
            if not -1 <= c < NUM_CARDS:
                raise ValueError(f"no card {c!r}")
            if seat[side] == 0:
                s._l0 = c
            else:
                s._l1 = c
        if turn < 1:
            raise ValueError("turn starts at 1")
        s._turn = turn
        return s
