"""A sweep's --set writes a whole number where game.toml holds one, however it was typed."""

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.sim.sweep import _set_toml


@pytest.mark.parametrize("typed, written", [(1e9, "1000000000"), (25.0, "25"), (20.0, "20"),
                                            (2.5, "2.5")])
def test_a_whole_number_typed_with_a_point_or_an_exponent_is_written_whole(tmp_path, typed,
                                                                            written):
    game = tmp_path / "game.toml"
    game.write_text("[options]\ngoal = 20  # points to win\nrate = 0.5\n", encoding="utf-8")
    _set_toml(game, ("options", "goal"), typed)
    _set_toml(game, ("options", "rate"), 1.0)  # (a key holding a fraction keeps its kind)
    assert game.read_text(encoding="utf-8") == (f"[options]\ngoal = {written}  # points to "
                                                "win\nrate = 1.0\n")


def test_a_sweep_plays_an_exponent_typed_for_a_whole_number(tmp_path):
    """A fresh-user trial: `--set options.goal=1e9` said 'game.toml, field "options.goal":
    1000000000.0 is written with a decimal point: write 1000000000', of the sweep's own copy
    of game.toml, though the user typed no decimal point."""
    from pnp.scaffold import new_game

    market = new_game("mk", tmp_path, "market")
    r = CliRunner().invoke(main, ["sweep", "-g", str(market), "--set", "options.goal=2E+1,25.0",
                                  "-n", "2", "--jobs", "1", "--out", str(tmp_path / "s.pdf")])
    assert r.exit_code == 0, r.output
    assert "decimal point" not in r.output and (tmp_path / "s.pdf").exists()


def test_a_csv_cell_holding_a_whole_number_is_written_whole_and_refuses_a_text(tmp_path):
    # (a fresh-user trial: cards.csv:Thorn.cost=2.0 wrote '2.0', and that variant failed
    # validation, "'2.0' is not a whole number"; =x failed in every variant, not at once)
    from pnp.scaffold import new_game
    from pnp.sim.sweep import _set_csv

    market = new_game("mk", tmp_path, "market")
    args = ["sweep", "-g", str(market), "-n", "2", "--jobs", "1", "--out", str(tmp_path / "s.pdf")]
    r = CliRunner().invoke(main, [*args, "--set", "cards.csv:Thorn.cost=2.0,1e1"])
    assert r.exit_code == 0 and "fails validation" not in r.output, r.output
    _set_csv(market / "cards.csv", "Thorn", "cost", 2.0)
    assert (market / "cards.csv").read_text().splitlines()[1] == "Thorn,rose,2,0,1"
    r = CliRunner().invoke(main, [*args, "--set", "cards.csv:Thorn.cost=x"])
    assert r.exit_code == 2
    assert ("cards.csv, row 'Thorn', column 'cost' is a number (2), not 'x'") in r.output, r.output


def test_a_sweep_sets_a_cell_of_a_semicolon_file_and_keeps_it_so(tmp_path):
    # (Excel where the comma is the decimal mark: --set read the file with commas and found
    # no column 'cost'; its copy must stay a semicolon file, its "sep=" line first)
    from pnp.scaffold import new_game
    from pnp.sim.sweep import _set_csv

    market = new_game("mk", tmp_path, "market")
    cards = market / "cards.csv"
    lines = cards.read_text().splitlines()
    cards.write_text("sep=;\n" + "\n".join(line.replace(",", ";") for line in lines) + "\n")
    _set_csv(cards, "Thorn", "cost", 3)
    written = cards.read_text().splitlines()
    assert written[0] == "sep=;" and written[1] == lines[0].replace(",", ";")
    assert written[2] == "Thorn;rose;3;0;1", written
    args = ["sweep", "-g", str(market), "-n", "2", "--jobs", "1", "--out", str(tmp_path / "s.pdf")]
    r = CliRunner().invoke(main, [*args, "--set", "cards.csv:Thorn.cost=1,2"])
    assert r.exit_code == 0 and "fails validation" not in r.output, r.output


def test_a_blank_row_named_by_its_number_is_said_to_be_blank(tmp_path):
    # (a trial: "cards.csv has no data row #2 (its rows are #2 to #36)", of a blank line)
    from pnp.errors import PnpError
    from pnp.scaffold import new_game
    from pnp.sim.sweep import _set_csv

    market = new_game("mk", tmp_path, "market")
    cards = market / "cards.csv"
    lines = cards.read_text().splitlines()
    cards.write_text("\n".join([lines[0], ""] + lines[1:]) + "\n")
    with pytest.raises(PnpError, match=r"cards.csv row #2 is blank: it holds no card to change"):
        _set_csv(cards, "#2", "cost", 3)
