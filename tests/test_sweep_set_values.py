"""What a sweep's --set says of a value it cannot take quotes the value as typed."""

import pytest
from click.testing import CliRunner

from helpers import usage_error
from pnp.cli import main


@pytest.fixture(scope="module")
def market(tmp_path_factory):
    from pnp.scaffold import new_game

    return new_game("mk", tmp_path_factory.mktemp("sweep"), "market")


@pytest.mark.parametrize("values, typed, whole", [("1e9", "1e9", "1000000000"),
                                                  ("30,25.0", "25.0", "25"),
                                                  ("2E+1", "2E+1", "20")])
def test_a_whole_number_typed_with_a_decimal_point_or_exponent_is_quoted_as_typed(
        market, tmp_path, values, typed, whole):
    """A fresh-user trial: `--set options.goal=1e9` said 'game.toml, field "options.goal":
    1000000000.0 is written with a decimal point: write 1000000000', of the sweep's own copy
    of game.toml, though the user typed no decimal point. It is refused before any game,
    quoting what was typed."""
    r = CliRunner().invoke(main, ["sweep", "-g", str(market), "--set", f"options.goal={values}",
                                  "-n", "2", "--jobs", "1", "--out", str(tmp_path / "s.pdf")])
    assert usage_error(r, "--set") == (f"options.goal={typed}: game.toml [options] goal holds a "
                                       f"whole number (20): write {whole}")
    assert "decimal point" not in r.output and not (tmp_path / "s.pdf").exists()
