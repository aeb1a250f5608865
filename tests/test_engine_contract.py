"""One contract for every registered game and player count (issue 12), as OpenSpiel's
random_sim_test runs for all of its games: random playouts end within the game's declared bound,
legal actions exist until the end, an illegal action is refused with IllegalAction, a seed
replays the same game, a clone is independent, and what a seat cannot see leaves its
observation unchanged. The plug-in game Tiny Pile (installed through its entry point) is held
to the same contract as the shipped games."""

import random
import sys

import pytest

from helpers import PLUGIN_SITE
from pnp.data.game import GameFolder
from pnp.engine.contract import (ContractError, check_determinize, check_game, check_hidden,
                                 check_refuses_illegal, check_runs, random_actions)
from pnp.engine.core import replay
from pnp.games import registry

sys.path.insert(0, str(PLUGIN_SITE))        # installs the plug-in game (its dist-info)
PLUGIN = "tiny"
EXAMPLES = {PLUGIN: PLUGIN_SITE.parent / "tiny_game"}


def _engines() -> list[str]:
    # (the rules engine plays each data folder's rules: tests/test_rules_engine.py)
    names = [n for n, s in registry.specs().items() if s.has_engine and n != "rules"]
    assert PLUGIN in names, "the entry-point game did not register"
    return names


CASES = [(name, n) for name in _engines()
         for n in range(registry.get(name).players[0], registry.get(name).players[1] + 1)]
_games: dict = {}


def _game(name: str, players: int):
    """The engine built from the game's own card data, as `pnp simulate` builds it."""
    if (name, players) not in _games:
        spec = registry.get(name)
        folder = EXAMPLES.get(name) or spec.example_folder()
        model = spec.load(GameFolder.open(folder))
        _games[name, players] = spec.new_game(model, players)
    return _games[name, players]


@pytest.mark.parametrize("name,players", CASES)
def test_engine_contract(name, players):
    spec = registry.get(name)
    game = _game(name, players)
    assert game.num_players == players
    assert (game.min_players, game.max_players) == spec.players
    histories = check_game(game, max_actions=spec.max_actions, seed=players, playouts=2)
    assert all(0 < len(h) <= spec.max_actions for h in histories)
    twins = check_hidden(game, histories, spec.hidden_twin, seed=players)
    assert twins > 0, f"{name}: no state differed in what another seat cannot see"
    samples = check_determinize(game, histories, seed=players)
    assert samples, f"{name}: no determinized state differed for another seat"


def test_every_shipped_game_and_the_plugin_are_checked():
    assert {"wuxing", "experior", "legolas", PLUGIN} <= {name for name, _ in CASES}
    assert ("legolas", 5) in CASES and ("tiny", 4) in CASES


# -- the contract's checks can fail ----------------------------------------------------------------

def test_the_checks_catch_a_broken_engine():
    """A cheating observation, an endless game and an accepted illegal move are all caught."""
    game = _game(PLUGIN, 2)
    histories = check_game(game, max_actions=80)
    with pytest.raises(ContractError, match="no end after 3 actions"):
        random_actions(game, 0, 3)

    def peeking_twin(g, actions, seat, rng):     # changes what the seat itself holds
        return registry.get(PLUGIN).hidden_twin(g, actions, 1 - seat, rng)

    with pytest.raises(ContractError, match="sees a difference it should not"):
        check_hidden(game, histories, peeking_twin)

    class Peeking(type(game.new_initial_state())):    # redeals the seat's own card too
        def determinize(self, player, rng):
            twin = self.clone()
            twin.dealt = [(c + 1) % len(self.g.bonuses) for c in self.dealt]
            return twin

    peeking = type(game)(2, game.pile, game.bonuses)
    peeking.new_initial_state = lambda: Peeking(peeking)
    with pytest.raises(ContractError, match="changed what the seat sees"):
        check_determinize(peeking, histories)

    state = replay(game, histories[0][:3])

    class Lax(type(state)):                       # takes a token whatever the action says
        def apply_action(self, action):
            self.pile -= 1

    state.__class__ = Lax
    with pytest.raises(ContractError, match="action -1 is not legal but was accepted"):
        check_refuses_illegal(state, 2, "tiny")


def test_the_checks_catch_a_run_of_moves_that_plays_another_game():
    """An engine's faster loop for a blind agent's moves (State.run_blind) that does not ask
    the agent plays another game than one move at a time: caught."""
    game = _game(PLUGIN, 2)
    check_runs(game, 0, 80)

    class Hasty(type(game.new_initial_state())):
        def run_blind(self, chooses, rng, out, limit):
            if self.current_player() < 0:
                return 0
            action = self.legal_actions()[-1]           # never asks the agent
            out.append(action)
            self.apply_action(action)
            return 1

    hasty = type(game)(2, game.pile, game.bonuses)
    hasty.new_initial_state = lambda: Hasty(hasty)
    with pytest.raises(ContractError, match="plays differently in runs of moves"):
        for seed in range(10):
            check_runs(hasty, seed, 80)


def test_hidden_twins_change_only_what_is_hidden():
    rng = random.Random(5)
    game = _game("experior", 2)
    actions = check_game(game, max_actions=registry.get("experior").max_actions, playouts=1)[0]
    prefix = actions[:2]                          # the side deal, then seat 1 chose face down
    twin = registry.get("experior").hidden_twin(game, prefix, 1, rng)
    assert twin is not None and twin[0] == prefix[0] and twin[1] != prefix[1]
    assert registry.get("experior").hidden_twin(game, prefix, 0, rng) is None
