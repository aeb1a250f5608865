"""The stalemate ruling (pnp/rules/stalemate.py): once a whole round of turns goes by in which
no player can move and nothing changes, the game ends at once, is scored as usual and is counted
as a stalemate, not played out pass after pass to the turn limit; the booklet says so exactly
when it can happen."""

from click.testing import CliRunner

from pnp.cli import main
from pnp.data.game import GameFolder
from pnp.engine.core import CHANCE
from pnp.games import registry
from pnp.rules.booklet import how_to_play
from pnp.rules.engine import RulesGame
from pnp.scaffold import new_game

RULING = ("If a whole round of turns (one turn for each player) goes by in which no player can "
          "make a move{} and nothing changes, the game is stuck: it ends at once (a stalemate) "
          "and is scored as usual.")


def stuck_market(tmp_path, passing: bool = False):
    """The market without its gather: once the coins are spent, nobody can buy."""
    folder = new_game("stuck", tmp_path, "market")
    path = folder / "rules.toml"
    text = path.read_text().replace('actions = ["buy", "gather"]', 'actions = ["buy"]' +
                                    ("\npass = true" if passing else ""))
    path.write_text(text.replace('[actions.gather]\neffects = [{ gain = "coins", amount = '
                                 '"options.gather" }]\n', ""))
    return folder


def _rules(folder):
    return registry.get("rules").load(GameFolder.open(folder)).rules


def test_a_game_nobody_can_move_in_ends_as_a_stalemate_in_simulate(tmp_path):
    res = CliRunner().invoke(main, ["simulate", "--game", str(stuck_market(tmp_path)),
                                    "--games", "100"])
    assert res.exit_code == 0, res.output
    ends = next(line for line in res.output.splitlines() if line.startswith("Games end by:"))
    assert ends == "Games end by: stalemate 100.0 %", res.output
    length = next(line for line in res.output.splitlines() if line.startswith("Game length"))
    assert "range" in length and int(length.split("to ")[-1]) < 20, length   # not 200 turns
    assert "ended in a stalemate (no player could move), not by an [[end]]" in res.output


def test_validate_warns_when_every_random_game_stalls(tmp_path):
    res = CliRunner().invoke(main, ["validate", "--game", str(stuck_market(tmp_path))])
    assert res.exit_code == 0, res.output
    assert "2 players: all 20 random games ended in a stalemate (no player could move): the " \
        "[[end]] conditions may never hold" in res.output, res.output


def test_a_stalled_game_is_scored_as_at_the_turn_limit(tmp_path):
    """The same moves, the same winners and counters: only the turns and the name differ."""
    folder = stuck_market(tmp_path / "a")
    stalled = _played(_rules(folder))
    assert stalled.ended_by == "stalemate" and stalled.turn < 20, stalled
    # a rule that reads the turn may let a move in later: the game is not stuck, it passes on
    later = stuck_market(tmp_path / "b")
    path = later / "rules.toml"
    path.write_text(path.read_text().replace('if = "me.coins >= card.cost"',
                                             'if = "me.coins >= card.cost and turn > 0"'))
    limited = _played(_rules(later))
    assert limited.ended_by == "turn limit" and limited.turn == 200
    assert stalled.returns() == limited.returns()
    assert stalled.stats()["counters"] == limited.stats()["counters"]
    assert "stalemate" not in how_to_play(_rules(later))


def _played(rules):
    """A game of 3, chance's first outcome and each seat's last legal move every time."""
    state = RulesGame(rules, 3).new_initial_state()
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[0] if state.current_player() == CHANCE else legal[-1])
    return state


def test_a_pass_by_choice_is_no_stalemate(tmp_path):
    """Seats that pass while they could buy are not stuck; once only pass is left, they are."""
    rules = _rules(stuck_market(tmp_path, passing=True))
    state = RulesGame(rules, 2).new_initial_state()
    passes = 0
    while not state.is_terminal() and passes < 50:
        legal = state.legal_actions()
        if state.current_player() == CHANCE:
            state.apply_action(legal[0])
        else:
            assert len(legal) > 1, "the market starts with cards to buy"
            state.apply_action(legal[-1])       # pass, with cards it could buy
            passes += 1
    assert not state.is_terminal() and state.ended_by is None, state.ended_by
    while not state.is_terminal():      # buy while one can: then only pass is left
        legal = state.legal_actions()
        state.apply_action(legal[0])
    assert state.ended_by == "stalemate", state.ended_by


def test_the_booklet_says_the_ruling_when_it_can_happen(tmp_path):
    assert RULING.format("") in how_to_play(_rules(stuck_market(tmp_path / "a")))
    passing = how_to_play(_rules(stuck_market(tmp_path / "b", passing=True)))
    assert RULING.format(" (or can only pass)") in passing, passing
    # the market's gather is always there: nobody is ever stuck, and no ruling is printed
    market = how_to_play(_rules(new_game("shop", tmp_path / "c", "market")))
    assert "stalemate" not in market, market
