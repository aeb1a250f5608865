"""The search agent: determinisations keep what a seat sees and redraw what it cannot, the
search never reads the hidden truth, it is reproducible, and it beats random play."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from helpers import usage_error
from pnp.cli import main
from pnp.engine.core import CHANCE, TERMINAL, decide, play
from pnp.errors import PnpError
from pnp.games.experior.engine import ExperiorGame
from pnp.games.legolas.engine import LegolasGame
from pnp.games.wuxing.engine import WuxingGame
from pnp.sim import agents as registry
from pnp.sim.mcts import MctsAgent, info_key
from pnp.sim.summary import wilson

GAMES = {
    "wuxing": lambda: WuxingGame(),
    "experior": lambda: ExperiorGame(),
    "legolas-2": lambda: LegolasGame(2),
    "legolas-4": lambda: LegolasGame(4),
}


def decision_states(game, seed: int, every: int = 1, limit: int = 400):
    """The states of a random game where a player is to move (copies)."""
    rng = random.Random(seed)
    s = game.new_initial_state()
    out = []
    step = 0
    while s.current_player() != TERMINAL and step < limit:
        p = s.current_player()
        if p == CHANCE:
            s.apply_action(s.sample_chance(rng))
            continue
        if step % every == 0:
            out.append(s.clone())
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
        step += 1
    return out


def all_views(s, n):
    return tuple(info_key(s.observation(p)) for p in range(n))


@pytest.mark.parametrize("name", list(GAMES))
def test_determinize_keeps_every_observation_of_the_seat(name):
    game = GAMES[name]()
    n = game.num_players
    changed = 0
    for i, s in enumerate(decision_states(game, 3, every=3 if name.startswith("legolas") else 1)):
        before = all_views(s, n)
        for seat in range(n):
            d = s.determinize(seat, random.Random(i * 10 + seat))
            assert d is not s
            assert info_key(d.observation(seat)) == info_key(s.observation(seat))
            if seat == s.current_player():
                assert list(d.legal_actions()) == list(s.legal_actions())
            changed += all_views(d, n) != before
        assert all_views(s, n) == before                  # the real state is untouched
    assert changed > 0                                    # something hidden was drawn again


@pytest.mark.parametrize("name", ["wuxing", "experior", "legolas-4"])
def test_two_states_differing_in_hidden_information_only_give_the_same_search(name):
    game = GAMES[name]()
    n = game.num_players
    checked = 0
    for i, s in enumerate(decision_states(game, 5, every=7)):
        p = s.current_player()
        other = s.determinize(p, random.Random(1000 + i))   # same view for p, other secrets
        if all_views(other, n) == all_views(s, n):
            continue
        assert info_key(other.observation(p)) == info_key(s.observation(p))
        # determinisations of both depend on p's view and the rng only
        a = s.determinize(p, random.Random(7))
        b = other.determinize(p, random.Random(7))
        assert all_views(a, n) == all_views(b, n)
        agent = MctsAgent(12)
        legal = s.legal_actions()
        assert decide(agent, s, p, legal, random.Random(i)) == \
            decide(agent, other, p, legal, random.Random(i))
        checked += 1
        if checked >= 4:
            break
    assert checked >= 2


def test_legolas_determinize_redraws_other_hands_and_hidden_horde_cards():
    game = LegolasGame(4)
    s = next(x for x in decision_states(game, 11) if x.phase == 6 and x.hordes and x.turns > 12)
    d = s.determinize(0, random.Random(1))
    assert d.hands[0] == s.hands[0]
    assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
    assert any(sorted(d.hands[p]) != sorted(s.hands[p]) for p in (1, 2, 3))
    d.locations()                                          # every card in exactly one place
    for h, h2 in zip(s.open, d.open):
        assert [game.token[c] for c in h.cards] == [game.token[c] for c in h2.cards]
        for c, c2 in zip(h.cards, h2.cards):
            if s.revealed[c]:
                assert c == c2


def test_experior_second_seat_does_not_see_the_first_card():
    game = ExperiorGame()
    s = game.state_at(human_seat=0)
    s.apply_action(1)                                      # seat 1 plays strong sword face down
    seen = {s.determinize(1, random.Random(k))._pending for k in range(60)}
    assert seen == set(range(6))                           # any card seat 1 could have played
    assert s.determinize(0, random.Random(0))._pending == 1   # seat 1 knows its own card


@pytest.mark.parametrize("name, search", [("experior", "mcts:20"), ("wuxing", "mcts:8:greedy")])
def test_mcts_games_replay_from_their_seed(name, search):
    """With random rollouts and with the game's greedy agent playing them."""
    game = GAMES[name]()
    agents = [registry.make(name, search), registry.make(name, "greedy")]
    r1 = play(game, agents, 42, keep_actions=True)
    r2 = play(game, agents, 42, keep_actions=True)
    assert r1.actions == r2.actions and r1.returns == r2.returns


def test_budget_specs():
    a = registry.make("wuxing", "mcts:150")
    assert (a.playouts, a.seconds, a.name) == (150, None, "mcts:150")
    b = registry.make("experior", "mcts:0.25s")
    assert (b.playouts, b.seconds) == (None, 0.25)
    assert registry.make("experior", "mcts").playouts == 200
    s = ExperiorGame().state_at(human_seat=0)
    assert decide(b, s, 0, s.legal_actions(), random.Random(1)) in s.legal_actions()
    result = CliRunner().invoke(main, ["simulate", "-g", "experior", "-n", "2",
                                       "--agents", "mcts:lots"])
    assert usage_error(result, "--agents").startswith("mcts budget 'lots'")


@pytest.mark.parametrize("budget", ["infs", "1e999s", "nans", "0s", "-1s", "61s", "0",
                                    "1000001", "inf", "1e-9s", "0.0009s"])
def test_budgets_that_would_never_end_are_refused(budget):
    with pytest.raises(PnpError, match=r"at most 1,000,000\) or seconds \(mcts:0.5s, 0.001s to 60s"):
        registry.make("experior", f"mcts:{budget}")
    assert registry.make("experior", "mcts:60s").seconds == 60.0
    assert registry.make("experior", "mcts:0.001s").seconds == 0.001
    assert registry.make("experior", "mcts:1000000").playouts == 1_000_000


def _share(game_name: str, game, budget: int, games: int) -> tuple[int, int]:
    """Games won by mcts (half a point a draw, rounded down) over games with mcts in each seat."""
    won = 0.0
    for i in range(games):
        seat = i % 2
        specs = ["random", "random"]
        specs[seat] = f"mcts:{budget}"
        agents = [registry.make(game_name, x) for x in specs]
        won += play(game, agents, 1000 + i).returns[seat]
    return int(won), games


@pytest.mark.parametrize("name, budget, games", [("experior", 15, 48), ("wuxing", 60, 30)])
def test_mcts_beats_random_clearly_with_a_small_budget(name, budget, games):
    won, n = _share(name, GAMES[name](), budget, games)
    lo, _ = wilson(won, n)
    assert lo > 0.5, f"mcts won {won} of {n}"      # the 95 % interval excludes a coin flip


def test_greedy_pairings_are_not_deterministic():
    game = ExperiorGame()
    agents = [registry.make("experior", "greedy")] * 2
    records = [play(game, agents, seed) for seed in range(40)]
    sides = {r.stats["winner_side"] for r in records}
    assert {"human", "elf"} <= sides
    assert len({r.stats["turns"] for r in records}) > 1


def test_the_contract_catches_a_determinize_that_keeps_the_truth(monkeypatch):
    from pnp.engine.contract import ContractError, check_determinize_twins
    from pnp.games.experior.engine import ExperiorState

    game = ExperiorGame()
    a, b = game.state_at(human_seat=0), game.state_at(human_seat=0)
    a.apply_action(1)
    b.apply_action(4)                  # seat 1's face-down card differs: seat 2 cannot see it
    check_determinize_twins(game, a, b, 1, 0)                      # the real determinize passes
    monkeypatch.setattr(ExperiorState, "determinize", lambda self, player, rng: self.clone())
    with pytest.raises(ContractError, match="depends on what that seat cannot see"):
        check_determinize_twins(game, a, b, 1, 0)


def _play_out_one_move_at_a_time(s, r):
    """A playout's random moves as the search made them before it used runs of moves."""
    while s.current_player() != TERMINAL:
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance(r))
            continue
        legal = s.legal_actions()
        s.apply_action(legal[0] if len(legal) == 1 else legal[r.randrange(len(legal))])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_playout_in_runs_of_moves_plays_what_one_move_at_a_time_plays(name):
    """The search's playouts use State.run_chance / run_blind: the same draws, the same game."""
    game = GAMES[name]()
    for k, start in enumerate(decision_states(game, seed=5, every=37)[:6]):
        a, b = start.clone(), start.clone()
        ra, rb = random.Random(k), random.Random(k)
        MctsAgent(1)._roll_out(a, ra)
        _play_out_one_move_at_a_time(b, rb)
        assert a.is_terminal() and a.returns() == b.returns() and a.stats() == b.stats(), k
        assert ra.random() == rb.random(), k          # as many draws: the search goes on alike


def test_the_rollout_policy_is_named_after_the_budget():
    from pnp.games.legolas.agents import GreedyAgent

    assert isinstance(registry.make("legolas", "mcts:20:greedy").rollout, GreedyAgent)
    assert registry.make("legolas", "mcts:20:random").rollout is None
    assert registry.make("legolas", "mcts:20:greedy").name == "mcts:20:greedy"
    for bad, message in (("mcts:20:mcts", "cannot play its own rollouts"),
                         ("mcts:20:cautious", "unknown agent 'cautious'")):
        with pytest.raises(PnpError, match=message):
            registry.make("legolas", bad)

