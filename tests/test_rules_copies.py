"""[cards] data = "cards.csv": the column of copies may have any name (`count = "qty"`), as a
component's may; a missing one, a bad cell, or a count with a component is an Error naming
the file and key; a column that looks like copies left unnamed is a warning (issue 25)."""

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.errors import DataError
from pnp.project import open_game

EXPERIOR_DATA = Path(__file__).resolve().parents[1] / "card_data" / "experior-data"


def _folder(tmp_path, column=None, cells=None, count_key=None):
    """experior-data with a copies column `column` (cells: each row's, default 1) and the
    [cards] table's count = `count_key`."""
    folder = tmp_path / "game"
    shutil.copytree(EXPERIOR_DATA, folder)
    csv = folder / "cards.csv"
    lines = csv.read_text(encoding="utf-8").splitlines()
    if column is not None:
        cells = cells or ["1"] * (len(lines) - 1)
        lines = [lines[0] + f",{column}"] + [f"{line},{c}" for line, c in zip(lines[1:], cells)]
    csv.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if count_key is not None:
        rules = folder / "rules.toml"
        text = rules.read_text(encoding="utf-8")
        text = text.replace('data = "cards.csv"', f'data = "cards.csv"\ncount = {count_key}', 1)
        rules.write_text(text, encoding="utf-8")
    return folder


def _cards(folder):
    return open_game(str(folder)).model.rules.cards


def test_a_count_column_of_any_name_makes_that_many_cards(tmp_path):
    cells = ["2"] + ["1"] * 11
    cards = _cards(_folder(tmp_path, "qty", cells, '"qty"'))
    assert len(cards) == 13
    assert cards[0] == cards[1] and cards[0]["type"] == "sword"
    assert "qty" in cards[0]          # (the column is a field like any other)


def test_a_column_called_count_is_read_without_naming_it(tmp_path):
    cards = _cards(_folder(tmp_path, "count", ["0"] + ["1"] * 11))
    assert len(cards) == 11


def test_a_named_count_column_the_file_lacks_is_an_error_naming_its_columns(tmp_path):
    with pytest.raises(DataError) as caught:
        _cards(_folder(tmp_path, count_key='"qty"'))
    said = str(caught.value)
    assert "count column 'qty' is not in" in said and "side, type, modality" in said
    assert "cards.count" in said and "rules.toml" in said


def test_a_count_cell_that_is_no_whole_number_names_file_row_and_column(tmp_path):
    cells = ["1", "two"] + ["1"] * 10
    res = CliRunner().invoke(main, ["validate", "--game",
                                    str(_folder(tmp_path, "Copies", cells, '"Copies"'))])
    assert res.exit_code != 0
    assert "Error:" in res.output and "cards.csv" in res.output and "Copies" in res.output
    assert "Traceback" not in res.output


def test_a_count_with_a_component_is_refused(tmp_path):
    folder = _folder(tmp_path)
    rules = folder / "rules.toml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace('data = "cards.csv"', 'component = "attack card"\n'
                                  'count = "qty"', 1), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        _cards(folder)
    assert "count" in str(caught.value) and "component" in str(caught.value)


def test_a_column_like_copies_left_unnamed_is_a_warning(tmp_path):
    folder = _folder(tmp_path, "Qty", ["3"] * 12)
    opened = open_game(str(folder))
    assert len(opened.model.rules.cards) == 12
    said = [str(p) for p in opened.folder.problems]
    assert any("'Qty'" in s and 'count = "Qty"' in s for s in said), said


def test_a_count_column_beside_a_qty_column_is_a_warning_naming_both(tmp_path):
    folder = _folder(tmp_path, "count", ["1"] * 12)
    csv = folder / "cards.csv"
    lines = csv.read_text(encoding="utf-8").splitlines()
    csv.write_text("\n".join([lines[0] + ",qty"] + [f"{line},3" for line in lines[1:]]) + "\n",
                   encoding="utf-8")
    opened = open_game(str(folder))
    assert len(opened.model.rules.cards) == 12
    said = [str(p) for p in opened.folder.problems]
    assert any("2 columns of copies, 'count' and 'qty'" in s and 'count = "qty"' in s
               for s in said), said
