"""The search finds known best moves, as OpenSpiel tests its MCTS: small positions (a win in one,
a threat that must be blocked, a card that must be kept, a multi-player choice where each
opponent plays for itself) at fixed seeds; and in Legolas an opponent's node is met again in
other determinisations (it was visited once each: flat Monte Carlo). No timing."""

from __future__ import annotations

import random

import pytest

from pnp.engine.core import CHANCE, TERMINAL, State, Worlds, decide
from pnp.sim.mcts import HIDDEN, MctsAgent

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class TicTacToe(State):
    """Noughts and crosses from a given board ("x.o......"; x is seat 0)."""

    def __init__(self, board: str, player: int):
        self.board = list(board)
        self.player = player

    def _winner(self) -> str | None:
        for a, b, c in LINES:
            if self.board[a] != "." and self.board[a] == self.board[b] == self.board[c]:
                return self.board[a]
        return None

    def is_terminal(self) -> bool:
        return self._winner() is not None or "." not in self.board

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.player

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else [i for i, c in enumerate(self.board) if c == "."]

    def apply_action(self, action: int) -> None:
        self.board[action] = "xo"[self.player]
        self.player = 1 - self.player

    def returns(self) -> list[float]:
        w = self._winner()
        if w is None:
            return [0.5, 0.5] if self.is_terminal() else [0.0, 0.0]
        return [1.0, 0.0] if w == "x" else [0.0, 1.0]

    def observation(self, player: int):
        return ("".join(self.board), self.player)

    def action_to_string(self, action: int) -> str:
        return str(action)

    def clone(self) -> "TicTacToe":
        return TicTacToe("".join(self.board), self.player)

    def determinize(self, player: int, rng: random.Random) -> "TicTacToe":
        return self.clone()


class KeepOne(State):
    """A card that must be kept: chance deals each of two seats two cards of 0-9 face down; seat 0
    then throws one away, seat 1 too (unseen); the higher card kept wins (ties: seat 1).
    Actions: 0/1, the index in the hand of the card thrown away."""

    def __init__(self):
        self.hands: list[list[int]] = [[], []]
        self.kept = [-1, -1]
        self.turn = 0

    def current_player(self) -> int:
        if len(self.hands[1]) < 2:
            return CHANCE
        return TERMINAL if self.turn == 2 else self.turn

    def chance_outcomes(self):
        return [(c, 0.1) for c in range(10)]

    def legal_actions(self) -> list[int]:
        return [0, 1] if self.current_player() >= 0 else []

    def apply_action(self, action: int) -> None:
        if self.current_player() == CHANCE:
            self.hands[0 if len(self.hands[0]) < 2 else 1].append(action)
            return
        self.kept[self.turn] = self.hands[self.turn][1 - action]
        self.turn += 1

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return [1.0, 0.0] if self.kept[0] > self.kept[1] else [0.0, 1.0]

    def observation(self, player: int):
        return (tuple(self.hands[player]), self.kept[player], self.turn)

    def action_to_string(self, action: int) -> str:
        return f"throw away card {action}"

    def clone(self) -> "KeepOne":
        c = KeepOne()
        c.hands = [list(h) for h in self.hands]
        c.kept = list(self.kept)
        c.turn = self.turn
        return c

    def determinize(self, player: int, rng: random.Random) -> "KeepOne":
        c = self.clone()
        other = 1 - player
        c.hands[other] = [rng.randrange(10) for _ in c.hands[other]]
        if c.kept[other] >= 0:
            c.kept[other] = c.hands[other][rng.randrange(2)]
        return c


class Kingmaker(State):
    """Three seats, each playing for itself. Seat 0 ends the game sharing the win with seat 2
    (action 0), or passes to seat 1 (action 1), who then crowns seat 0 (action 0) or itself
    (action 1). A search that credited the root's return to every node would expect seat 1 to
    crown seat 0 and pass; seat 1 crowns itself, so seat 0 must end it."""

    def __init__(self):
        self.moves: list[int] = []

    def current_player(self) -> int:
        if self.moves == [1]:
            return 1
        return 0 if not self.moves else TERMINAL

    def legal_actions(self) -> list[int]:
        return [0, 1] if self.current_player() >= 0 else []

    def apply_action(self, action: int) -> None:
        self.moves.append(action)

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def returns(self) -> list[float]:
        return {(0,): [0.5, 0.0, 0.5], (1, 0): [1.0, 0.0, 0.0],
                (1, 1): [0.0, 1.0, 0.0]}.get(tuple(self.moves), [0.0, 0.0, 0.0])

    def observation(self, player: int):
        return tuple(self.moves)

    def action_to_string(self, action: int) -> str:
        return str(action)

    def clone(self) -> "Kingmaker":
        c = Kingmaker()
        c.moves = list(self.moves)
        return c

    def determinize(self, player: int, rng: random.Random) -> "Kingmaker":
        return self.clone()


def _search_move(state: State, budget: int, seed: int) -> int:
    p = state.current_player()
    return decide(MctsAgent(budget), state, p, state.legal_actions(), random.Random(seed))


@pytest.mark.parametrize("seed", range(5))
def test_it_takes_a_win_in_one(seed):
    # x to move: 2 completes the top row; 6 would complete the left column too late
    s = TicTacToe("xx.oo....", 0)
    assert _search_move(s, 300, seed) == 2


@pytest.mark.parametrize("seed", range(5))
def test_it_blocks_a_win_in_one(seed):
    # o to move must block the top row at 2, or x wins next move
    s = TicTacToe("xx..o....", 1)
    assert _search_move(s, 400, seed) == 2


@pytest.mark.parametrize("seed", range(3))
def test_it_finds_a_win_in_two(seed):
    # x to move must block the diagonal at 6, which also makes two threats (3 and 7): the only
    # move that wins, and it wins on x's next move whatever o answers
    s = TicTacToe("x.o.o...x", 0)
    assert [a for a in s.legal_actions() if _value(_after(s, a)) == 1.0] == [6]
    assert not any(_after(s, a).returns()[0] == 1.0 for a in s.legal_actions())
    assert _search_move(s, 1000, seed) == 6


def _after(s: TicTacToe, a: int) -> TicTacToe:
    t = s.clone()
    t.apply_action(a)
    return t


def _value(s: TicTacToe) -> float:
    """x's return under best play (minimax)."""
    if s.is_terminal():
        return s.returns()[0]
    values = [_value(_after(s, a)) for a in s.legal_actions()]
    return max(values) if s.player == 0 else min(values)


@pytest.mark.parametrize("hand", [(2, 7), (8, 1), (5, 6), (9, 0)])
def test_it_keeps_the_card_that_must_be_kept(hand):
    s = KeepOne()
    for c in hand + (4, 4):
        s.apply_action(c)                      # the opponent's 4s are hidden from seat 0
    throw = _search_move(s, 300, 1)
    assert hand[1 - throw] == max(hand)


@pytest.mark.parametrize("seed", range(5))
def test_each_opponent_plays_for_itself(seed):
    assert _search_move(Kingmaker(), 200, seed) == 0


def test_the_second_mover_of_a_face_down_choice_is_not_shown_the_first_card():
    """Seat 1 cannot tell seat 0's throw from the other: in seat 1's history it is HIDDEN, so
    seat 1's node is one node whatever seat 0 kept."""
    s = KeepOne()
    for c in (2, 7, 4, 4):
        s.apply_action(c)
    agent = MctsAgent(200)
    tree = agent.search(Worlds(s, 0), random.Random(3))
    root = tree[(0, 0)]
    assert {seen[1] for seen in root.seen.values()} == {HIDDEN}
    assert {seen[0] for seen in root.seen.values()} == {0, 1}
    assert len([key for key in tree if key[0] == 1]) == 1


class PeekAndHold(State):
    """Seat 0 bets (0/1, seen), chance deals each seat a card of 0-3 that only it sees, seat 1
    answers face down (0/1), seat 0 holds (1) or folds (0). Seat 0's second decision is one
    information set per (bet, own card): neither the opponent's card nor its face-down answer."""

    def __init__(self):
        self.bet = -1
        self.cards: list[int] = []
        self.answer = -1
        self.hold = -1

    def current_player(self) -> int:
        if self.bet < 0:
            return 0
        if len(self.cards) < 2:
            return CHANCE
        if self.answer < 0:
            return 1
        return 0 if self.hold < 0 else TERMINAL

    def chance_outcomes(self):
        return [(c, 0.25) for c in range(4)]

    def legal_actions(self) -> list[int]:
        return [0, 1] if self.current_player() >= 0 else []

    def apply_action(self, action: int) -> None:
        p = self.current_player()
        if p == CHANCE:
            self.cards.append(action)
        elif self.bet < 0:
            self.bet = action
        elif p == 1:
            self.answer = action
        else:
            self.hold = action

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        won = self.cards[0] >= self.cards[1] if self.hold else self.cards[0] < 2
        return [1.0, 0.0] if won else [0.0, 1.0]

    def observation(self, player: int):
        card = self.cards[player] if len(self.cards) > player else None
        return (self.bet, card, self.answer if player == 1 else None, self.hold,
                self.current_player())

    def action_to_string(self, action: int) -> str:
        return str(action)

    def clone(self) -> "PeekAndHold":
        c = PeekAndHold()
        c.bet, c.cards, c.answer, c.hold = self.bet, list(self.cards), self.answer, self.hold
        return c

    def determinize(self, player: int, rng: random.Random) -> "PeekAndHold":
        c = self.clone()
        other = 1 - player
        if len(c.cards) > other:
            c.cards[other] = rng.randrange(4)
        if player == 0 and c.answer >= 0:
            c.answer = rng.randrange(2)
        return c


def test_the_searching_seat_keys_a_node_by_what_it_has_seen_where_it_decides():
    """The root's history takes its observation where it decides (not after every move): its
    second decision is split by its bet and its own card (2 x 4 nodes), not by the opponent's
    card (x 4) nor its face-down answer (x 2), and a deal it sees is not lost (2 nodes)."""
    # a wide exploration: both bets (alike) are walked often enough to meet every node
    tree = MctsAgent(3000, exploration=5.0).search(Worlds(PeekAndHold(), 0), random.Random(2))
    mine = [key for key in tree if key[0] == 0 and key != (0, 0)]
    assert len(mine) == 8


def test_legolas_opponent_nodes_are_met_again_across_determinisations():
    """Keyed by the mover's own observation, an opponent's node held its sampled hand and was
    visited once (2,064 nodes, 2,064 visits in 25 searches): flat Monte Carlo."""
    from pnp.games.legolas.engine import LegolasGame

    game = LegolasGame(4)
    rng = random.Random(5)
    s = game.new_initial_state()
    while not (s.current_player() >= 0 and len(s.legal_actions()) > 2 and s.turns > 4):
        p = s.current_player()
        if p == CHANCE:
            s.apply_action(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply_action(legal[rng.randrange(len(legal))])
    me = s.current_player()
    tree = MctsAgent(150, rollout=None).search(Worlds(s, me), random.Random(1))
    theirs = [node for (seat, _), node in tree.items() if seat != me]
    visits = sum(node.visits for node in theirs)
    assert theirs and visits >= 2 * len(theirs), (len(theirs), visits)
    assert max(node.visits for node in theirs) >= 10


class Scored(Kingmaker):
    """Kingmaker's tree, reporting final scores (as Legolas does in stats()["scores"])."""

    def __init__(self, scores=None):
        super().__init__()
        self.scores = scores

    def stats(self):
        return {} if self.scores is None else {"scores": self.scores}


@pytest.mark.parametrize("scores, returns", [
    ([30, 12, 29], [1.0, 0.0, 0.0]),
    ([5, 5, -3], [0.5, 0.5, 0.0]),
    ([-2, -9, -4], [1.0, 0.0, 0.0]),
])
def test_a_score_margin_orders_returns_as_the_win_does(scores, returns):
    """The blended return stays in [0, 1], a winner's is above every loser's, a wider margin
    is worth more, and a game without scores keeps its win shares."""
    s = Scored(scores)
    s.returns = lambda: returns                       # type: ignore[method-assign]
    got = MctsAgent(10)._returns(s)
    assert all(0.0 <= v <= 1.0 for v in got)
    for p, won in enumerate(returns):
        for q, lost in enumerate(returns):
            if won > lost:
                assert got[p] > got[q]
    wider = Scored([scores[0] + 10] + scores[1:])
    wider.returns = lambda: returns                   # type: ignore[method-assign]
    assert MctsAgent(10)._returns(wider)[0] > got[0]
    assert MctsAgent(10, score_weight=0.0)._returns(s) == returns
    plain = Scored(None)
    plain.returns = lambda: returns                   # type: ignore[method-assign]
    assert MctsAgent(10)._returns(plain) == returns



def test_a_playout_in_legolas_ends_with_its_round_and_is_scored_as_it_stands():
    """Legolas reports rounds and scores: a playout stops at the end of the round it started
    in, the leaders counted as winning; a game without scores (Wuxing) plays to the end."""
    from pnp.games.legolas.engine import LegolasGame
    from pnp.games.registry import get
    from pnp.project import open_game

    agent = MctsAgent(10)
    s = LegolasGame(2).new_initial_state()
    r = random.Random(4)
    until = agent._horizon(s)
    assert until == 1
    agent._roll_out(s, r, until)
    assert s.stats()["rounds"] == 1 and s.current_player() != TERMINAL
    scores = s.stats()["scores"]
    got = agent._returns(s)
    leader = scores.index(max(scores))
    if scores[0] != scores[1]:
        assert got[leader] > 0.5 > got[1 - leader]
    assert MctsAgent(10, horizon=None)._horizon(s) is None
    wuxing = open_game("wuxing")
    w = get("wuxing").new_game(wuxing.model).new_initial_state()
    assert agent._horizon(w) is None
