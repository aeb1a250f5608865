"""The search finds a known best move in positions of the shipped games (Experior, Legolas vs.
Gimli) and of a game whose rules are data, as tests/test_mcts_strength.py does in toy games
(OpenSpiel's way): each position's winning move is worked out here by trying every line, then
the search must play it at several seeds. No timing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnp.engine.core import CHANCE, Worlds, decide
from pnp.sim.mcts import MctsAgent


def _wins(state, seat: int) -> bool:
    r = state.returns()
    return r[seat] == max(r) > min(r)


def _after(state, action: int):
    t = state.clone()
    t.apply_action(action)
    return t


def _search_move(state, budget: int, seed: int) -> int:
    p = state.current_player()
    return decide(MctsAgent(budget), state, p, state.legal_actions(), random.Random(seed))


def _experior_last_turn():
    """Experior's last turn (max_turns 5), both seats on 15 of 30 wounds, the Human (seat 1)
    with sword 1, bow 3, magic 3 and the Elf's strong bow locked."""
    from pnp.games.experior.engine import ExperiorGame

    game = ExperiorGame(max_turns=5, wound_limit=30)
    return game.state_at(turn=5, wounds={"human": 15, "elf": 15},
                         exp={"human": {"sword": 1, "bow": 3, "magic": 3}}, locked={"elf": 3})


def test_experior_has_one_card_that_wins_the_last_turn_whatever_the_elf_plays():
    s = _experior_last_turn()
    sure = [a for a in s.legal_actions()
            if all(_wins(_after(_after(s, a), b), 0) for b in _after(s, a).legal_actions())]
    assert sure == [2]                                    # quick bow
    assert all(_after(s, a).is_terminal() is False for a in s.legal_actions())


@pytest.mark.parametrize("seed", range(4))
def test_the_search_plays_experior_s_winning_card(seed):
    assert _search_move(_experior_last_turn(), 300, seed) == 2


AUCTION = Path(__file__).parent / "games" / "auction"


def _auction_position():
    """tests/games/auction (rules as data, no Python), 2 players, seed 2 played at random to its
    20th step: seat 1 (18 points) to bid for a treasure against seat 2 (19), holding Bid 2, 3,
    4 and 9. Only Bid 9 leaves it a sure win (with its own later bids) whatever seat 2 bids,
    whatever is drawn and whatever seat 2's hidden hand holds."""
    from pnp.sim.simulate import load_game

    game = load_game(str(AUCTION)).game
    rng = random.Random(2)
    s = game.new_initial_state()
    for _ in range(19):
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply_action(legal[rng.randrange(len(legal))])
    return s


def _sure_wins(state, seat: int) -> set[int]:
    """The moves after which `seat` can win whatever the others do and chance draws (by its
    own best move where it moves again)."""
    def sure(t) -> bool:
        if t.is_terminal():
            return _wins(t, seat)
        lines = (sure(_after(t, b)) for b in t.legal_actions())
        return any(lines) if t.current_player() == seat else all(lines)

    return {a for a in state.legal_actions() if sure(_after(state, a))}


def test_the_auction_position_has_one_bid_that_wins_in_every_world_seat_1_imagines():
    s = _auction_position()
    assert s.current_player() == 0 and len(s.legal_actions()) == 4
    worlds = Worlds(s, 0)
    for i in range(20):                                   # the other hand redrawn
        assert _sure_wins(worlds.sample(random.Random(i)), 0) == {8}


@pytest.mark.parametrize("seed", range(4))
def test_the_search_plays_the_auction_s_winning_bid(seed):
    assert _search_move(_auction_position(), 200, seed) == 8


def _legolas_last_turn():
    """Legolas vs. Gimli, the last turn of a one-round game: the Fighter (seat 0, Stealth
    mission, 0 VP) holds a stealth 1 (fire) and a brute 1 (water) with a stealth and a brute
    gate open, both empty; the Rogue (0.5 VP) has no card left, so the round and the game end
    after this turn. Only the stealth card, played and then challenged, scores the point that
    wins; the brute scores nothing for the mission (and is not of the Fighter's element)."""
    from pnp.games.legolas.engine import MISSIONS, LegolasGame, load_standard

    monsters = load_standard()["monsters"]

    def card(suit: str, value: int, element: str, kind: str = "") -> int:
        return next(i for i, m in enumerate(monsters)
                    if (m.suit, m.value, m.element, m.kind or "") == (suit, value, element, kind))

    game = LegolasGame(2, character_assignment=["fighter", "rogue"], first_player=0, rounds=1)
    s = game.new_initial_state()
    stealth = MISSIONS.index("stealth")
    s.set_position(hands=[[card("stealth", 1, "fire"), card("brute", 1, "water")], []],
                   hordes=[(card("stealth", 1, "wind"), []), (card("brute", 1, "wind", "trap"), [])],
                   missions=[stealth, stealth], vp=[0, 0.5])
    return s


def _legolas_stealth_play(s) -> int:
    from pnp.games.legolas.engine import A_PLAY, DECK_SIZE, SUITS

    stealth = SUITS.index("stealth")
    (play,) = [a for a in s.legal_actions() if s.g.suit[(a - A_PLAY) % DECK_SIZE] == stealth]
    return play


def test_legolas_last_turn_has_one_card_that_wins_in_every_world_the_fighter_imagines():
    s = _legolas_last_turn()
    assert s.current_player() == 0 and len(s.legal_actions()) == 2
    worlds = Worlds(s, 0)
    for i in range(10):                                   # the unseen cards redrawn
        assert _sure_wins(worlds.sample(random.Random(i)), 0) == {_legolas_stealth_play(s)}


@pytest.mark.parametrize("seed", range(4))
def test_the_search_plays_legolas_s_winning_card(seed):
    s = _legolas_last_turn()
    assert _search_move(s, 100, seed) == _legolas_stealth_play(s)
