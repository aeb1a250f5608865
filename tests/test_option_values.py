"""A value an option does not take ends as the README promises: exit 2, click's usage line above
one `Error:` naming the option, wherever the value is checked (click, a callback, the command or
the library it calls)."""

import pytest
from click.testing import CliRunner

from helpers import usage_error
from pnp.cli import main


@pytest.mark.parametrize("args,option,said", [
    (["simulate", "--game", "wuxing", "--agents", "nosuch"], "--agents", "unknown agent 'nosuch'"),
    (["simulate", "--game", "wuxing", "--agents", "mcts:-5"], "--agents", "mcts budget '-5'"),
    (["simulate", "--game", "wuxing", "--players", "7"], "--players", "wuxing is for 2 players"),
    (["play", "--game", "wuxing", "--seat", "3"], "--seat", "3 is not one of the game's seats"),
    (["play", "--game", "wuxing", "--opponent", "nosuch"], "--opponent", "unknown agent"),
    (["bench", "--sizes", "0"], "--sizes", "takes whole numbers from 1 to"),
    # the ladder's agents are checked before the run's 2,000 games, not after them
    (["report", "--game", "wuxing", "--ladder", "nosuch"], "--ladder", "a ladder compares agents"),
    (["report", "--game", "wuxing", "--ladder", "random,nosuch"], "--ladder", "unknown agent"),
    (["bench", "--sim-seconds", "0.01"], "--sim-seconds", "0.01 is not in the range"),
])
def test_a_value_an_option_does_not_take_is_a_usage_error_naming_it(tmp_path, monkeypatch, args,
                                                                     option, said):
    monkeypatch.chdir(tmp_path)  # (a report run by mistake writes output/ here)
    result = CliRunner().invoke(main, args, input="")
    assert said in usage_error(result, option)
    assert result.output.count("Error:") == 1
    assert not list(tmp_path.iterdir())
