"""What a finding about a piece's text names, through `pnp validate` on a `pnp new` game: the
spreadsheet column the text comes from as its field (the element is still named in the message),
and the piece by a name cut short when its cell is long."""

import csv

import pytest
from click.testing import CliRunner

from pnp.cli import main


def _run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture
def game(tmp_path):
    """The starter game, its rules text drawn by an element not named as the column."""
    assert _run("new", "mygame", "--dir", tmp_path).exit_code == 0
    folder = tmp_path / "mygame"
    layout = folder / "layouts" / "card.toml"
    layout.write_text(layout.read_text().replace("[text]\n", "[rules_box]\n"))
    return folder


def _set_cell(folder, row: int, column: str, value: str) -> None:
    path = folder / "cards.csv"
    with path.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    rows[row - 2][column] = value
    with path.open("w", newline="", encoding="utf-8") as f:
        out = csv.DictWriter(f, fieldnames=list(rows[0]))
        out.writeheader()
        out.writerows(rows)


def _set_text(folder, element_text: str) -> None:
    layout = folder / "layouts" / "card.toml"
    at = layout.read_text().index("[rules_box]")
    head, tail = layout.read_text()[:at], layout.read_text()[at:]
    layout.write_text(head + tail.replace('text = "{{ text }}"', f"text = {element_text!r}", 1))


@pytest.mark.parametrize("cell,said", [
    ("Lorem ipsum dolor sit amet " * 40, "text does not fit its box"),
    ("Gain 🔥 now", "no font has the character(s)"),
    ("שלום עולם hello", "right-to-left script"),
])
def test_a_text_read_from_one_column_names_that_column_and_the_element(game, cell, said):
    _set_cell(game, 2, "text", cell)
    result = _run("validate", "--game", game)
    assert result.exit_code != 0 and "Traceback" not in result.output
    [line] = [x for x in result.output.splitlines() if said in x]
    assert line.startswith('error: cards.csv, row 2, field "text": Sunrise: ')
    assert 'element "rules_box" (layouts/card.toml)' in line


def test_a_filtered_column_is_still_that_column(game):
    _set_text(game, "{{ text | upper }}")
    _set_cell(game, 3, "text", "Gain 🔥 now")
    result = _run("validate", "--game", game)
    assert 'cards.csv, row 3, field "text": Growth: element "rules_box"' in result.output


@pytest.mark.parametrize("element_text", ["Rule: {{ text }}", "{{ title }} {{ text }}"])
def test_a_text_made_of_more_than_one_column_names_the_element(game, element_text):
    _set_text(game, element_text)
    _set_cell(game, 2, "text", "Gain 🔥 now")
    result = _run("validate", "--game", game)
    assert 'cards.csv, row 2, field "rules_box": Sunrise: element "rules_box"' in result.output


def test_a_long_name_is_cut_where_it_names_the_piece(game):
    _set_cell(game, 2, "title", "A" * 200)
    result = _run("validate", "--game", game)
    [line] = [x for x in result.output.splitlines() if "does not fit" in x]
    assert line.startswith(f'error: cards.csv, row 2, field "title": {"A" * 40}...: element "title"')
    assert "A" * 61 not in line  # the text quoted after it is cut as well
