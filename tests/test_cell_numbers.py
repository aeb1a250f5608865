"""One rule for a cell that is a number, kept by every reader of a cell (a layout's expressions,
a `when`, a count column): ASCII digits 0-9, an optional leading sign, at most one decimal
point. "1e3", "1_000", "٣" (an Arabic-Indic three) and "²" are texts: str.isdigit took
"٣" for 3 in a layout while a count column refused "²" with a traceback's words."""

import pytest
from click.testing import CliRunner

from helpers import edit
from pnp.cli import main
from pnp.data.files import cell_number
from pnp.data.layouts.values import to_bool
from pnp.errors import DataError
from pnp.faces.components import auto
from pnp.project import check, open_game
from pnp.scaffold import new_game


@pytest.mark.parametrize("text,number", [("7", 7), ("-3", -3), ("007", 7), ("2.50", 2.5),
                                         (".5", 0.5), ("-.5", -0.5), ("5.", 5.0)])
def test_ascii_digits_are_a_number(text, number):
    assert cell_number(text) == number and type(cell_number(text)) is type(number)


@pytest.mark.parametrize("text", ["1e3", "1_000", "++2", "+-2", "٣", "²", "١٢", "inf", "nan", "-",
                                  ".", "1.2.3", "--5", "", "9" * 5000, "9" * 400 + ".0"])
def test_anything_else_is_a_text(text):
    assert cell_number(text) is None
    assert auto(text) == text and type(auto(text)) is str


def test_a_cell_is_read_stripped_and_printed_as_written():
    assert auto(" 7 ") == 7 and auto("007") == 7 and str(auto("007")) == "007"
    # a modifier keeps its sign as written: "+2" is 2 to an expression (a review: a typed
    # column's "+2" was refused)
    assert auto("+2") == 2 and str(auto("+2")) == "+2" and cell_number("+2.5") == 2.5


@pytest.mark.parametrize("text,truth", [("0", False), ("-0", False), ("0.00", False),
                                        ("٠", True), ("0e0", True), ("0_0", True)])
def test_a_when_reads_zero_by_the_same_rule(text, truth):
    assert to_bool(text) is truth


@pytest.fixture
def deck(tmp_path):
    return new_game("numbers", tmp_path)


def _found(folder) -> list[str]:
    try:
        return [str(f) for f in check(open_game(str(folder)))]
    except DataError as exc:
        return [f"Error: {exc}"]


def _costs(deck, costs: list[str]) -> None:
    lines = (deck / "cards.csv").read_text().splitlines()
    (deck / "cards.csv").write_text("\n".join(
        [lines[0] + ",cost", *(f"{line},{c}" for line, c in zip(lines[1:], costs))]) + "\n")
    edit(deck / "layouts" / "card.toml", 'text = "{{ title }}"',
         'text = "{{ title }} {{ cost + 1 }}"')


def test_a_cost_in_another_script_is_a_text_named_like_1e3(deck):
    _costs(deck, ["٣", "²", " 7 "])
    found = _found(deck)
    assert len(found) == 2, found
    assert "cards.csv, row 2" in found[0] and "(cost is the text '٣', not a number)" in found[0]
    assert "cards.csv, row 3" in found[1] and "(cost is the text '²', not a number)" in found[1]


@pytest.mark.parametrize("count", ["٣", "²", "1e3", "+-2"])
def test_a_count_column_reads_a_number_as_a_layout_does(deck, tmp_path, count):
    edit(deck / "cards.csv", "Sunrise,Draw **two** cards.,sun,3",
         f"Sunrise,Draw **two** cards.,sun,{count}")
    res = CliRunner().invoke(main, ["build", "--game", str(deck), "--out",
                                    str(tmp_path / "x.pdf")])
    assert res.exit_code != 0 and "Traceback" not in res.output
    assert (f'cards.csv, row 2, field "count": expected a whole number, got {count!r}'
            in res.output), res.output
    assert ("digits 0-9" in res.output) == (not count.isascii())


def test_a_preview_row_in_another_script_is_no_row(deck, tmp_path):
    res = CliRunner().invoke(main, ["preview", "--game", str(deck), "--card", "cards.csv:²",
                                    "-o", str(tmp_path / "x.png")])
    assert res.exit_code != 0 and "bug in pnp" not in res.output, res.output
    assert "no piece comes from 'cards.csv:²'" in res.output
