"""game.toml's [options] of the shipped engines: a key the game does not read (a typo) is an
error naming the file, the table and the key, with the close name; it used to be ignored and
the default played."""

import re

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.project import open_game, validate


@pytest.mark.parametrize("game,key,typo", [
    ("experior", "bonus_multiplier", "bonus_multiplyer"),
    ("legolas", "aid_cards", "aid_card"),
    ("wuxing", "pawns_turn", "pawn_turn"),
])
def test_a_misspelt_option_is_an_error_naming_file_table_key_and_the_close_name(
        game_copy, game, key, typo):
    folder = game_copy(game)
    toml = folder / "game.toml"
    text = toml.read_text(encoding="utf-8")
    toml.write_text(re.sub(rf"(?m)^{key} =", f"{typo} =", text, count=1), encoding="utf-8")
    said = [str(f) for f in validate(open_game(str(folder)))]
    assert f'error: game.toml, field "options.{typo}": [options] has no key {typo!r} (did you ' \
           f"mean {key!r}?)" in said
    result = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert result.exit_code != 0 and "Traceback" not in result.output


def test_an_option_unlike_any_lists_the_ones_the_game_reads(game_copy):
    folder = game_copy("legolas")
    toml = folder / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        "[options]\n", "[options]\nzzz = 1\n"), encoding="utf-8")
    said = [str(f) for f in validate(open_game(str(folder)))]
    assert "error: game.toml, field \"options.zzz\": [options] has no key 'zzz' (legolas " \
           "reads: aid_cards)" in said


def test_a_game_printed_like_another_keeps_options_of_its_own_rules(game_copy):
    folder = game_copy("experior-data")
    toml = folder / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        "[options]\n", "[options]\nhouse_rule = 1\n"), encoding="utf-8")
    assert not [f for f in validate(open_game(str(folder))) if "house_rule" in str(f)]
