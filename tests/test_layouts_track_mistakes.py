"""A score track's mistakes, found by a fresh-user trial of the tokens-and-board template: a
misspelt path, a step of 0 and labels fewer than the cells were taken silently; small labels
were reported once a cell and blamed on game.toml."""

import pytest
from click.testing import CliRunner

from pypdf import PdfReader

from helpers import edit, opening_errors, page_texts
from pnp.cli import main
from pnp.project import check, open_game
from pnp.scaffold import new_game


@pytest.fixture
def board(tmp_path):
    return new_game("tb", tmp_path, template="tokens-and-board")


def _found(folder) -> list:
    return check(open_game(str(folder)))


@pytest.mark.parametrize("path,close", [("serpentin", " (did you mean 'serpentine'?)"),
                                        ("spiral", "")])
def test_a_misspelt_path_is_refused_naming_track_path(board, path, close):
    edit(board / "layouts" / "board.toml", '\npath = "loop"', f'\npath = "{path}"')
    res = CliRunner().invoke(main, ["build", "--game", str(board), "--out",
                                    str(board / "x.pdf")])
    assert res.exit_code == 2, res.output
    assert res.output.splitlines()[0] == (f'error: layouts/board.toml, field "track.path": '
                                          f"{path!r} is not one of: loop, serpentine, line"
                                          f"{close}"), res.output


def test_a_step_of_zero_is_refused(board):
    edit(board / "layouts" / "board.toml", "step = 1", "step = 0")
    found = opening_errors(board)
    assert [f.field for f in found] == ["track.step"]
    assert found[0].source and "board.toml" in str(found[0].source.path)
    assert "every cell the same number" in found[0].message, found[0].message


def test_a_negative_step_counts_down(board):
    edit(board / "layouts" / "board.toml", "start = 0\nstep = 1", "start = 39\nstep = -1")
    assert [str(f) for f in _found(board)] == []


def test_labels_fewer_than_cells_are_a_warning_naming_the_element(board):
    edit(board / "layouts" / "board.toml", "step = 1", 'step = 1\nlabels = ["a", "b"]')
    found = [str(f) for f in _found(board)]
    assert found == ['warning: layouts/board.toml, field "track.labels": element "track": '
                     "labels has 2 item(s) for 40 cells; cells 3 to 40 are "
                     "numbered instead"], found


def test_labels_as_many_as_cells_say_nothing(board):
    labels = ", ".join(f'"L{i}"' for i in range(40))
    edit(board / "layouts" / "board.toml", "step = 1", f"step = 1\nlabels = [{labels}]")
    assert [str(f) for f in _found(board)] == []


def test_small_labels_are_one_finding_at_the_layout_not_one_a_cell(board):
    edit(board / "layouts" / "board.toml", "cells = 40", "cells = 400")
    found = [str(f) for f in _found(board)]
    small = [f for f in found if "pt; printed text needs" in f]
    assert len(small) == 1, found
    assert small[0].startswith('error: layouts/board.toml, field "track": element "track": '), small
    assert " of its 400 cell labels" in small[0], small
    assert len(found) <= 3, found  # too small, too wide: one finding a kind
    assert not any("game.toml" in f for f in found), found


def test_a_loop_of_an_odd_count_written_in_the_layout_is_one_error_there(tmp_path):
    # a deck's card with a track: the layout's mistake, said once, not on every card
    deck = new_game("deck", tmp_path)
    layout = deck / "layouts" / "card.toml"
    layout.write_text(layout.read_text() + '\n[track]\ntype = "track"\ncells = 5\npath = "loop"'
                      '\nx = "5mm"\ny = "5mm"\nwidth = "40mm"\nheight = "20mm"\n')
    found = [str(f) for f in _found(deck) if "even number" in str(f)]
    assert found == ['error: layouts/card.toml, field "track.cells": element "track": '
                     'a loop needs an even number of cells, at least 4 '
                     '(got 5)'], found


def test_labels_an_expression_makes_as_a_list_keep_their_commas(board):
    # a list expression was printed as Python's list and split at its commas: "['Start" and
    # "go'" on the first two cells, every other label one cell late
    edit(board / "layouts" / "board.toml", "step = 1",
         "step = 1\nlabels = \"{{ ['Start, go'] + range(1, 40) | list }}\"")
    kit = open_game(str(board))
    assert [str(f) for f in check(kit)] == []
    out = board / "kit.pdf"
    res = CliRunner().invoke(main, ["build", "--game", str(board), "--out", str(out)])
    assert res.exit_code == 0, res.output
    texts = [t for page in range(len(PdfReader(out).pages)) for t, _, _ in page_texts(out, page)]
    assert "Start, go" in texts and "['Start" not in texts, texts


def test_a_text_of_labels_is_still_split_at_its_commas(board):
    edit(board / "layouts" / "board.toml", "step = 1",
         'step = 1\nlabels = "{{ range(0, 40) | join(\', \') }}"')
    assert [str(f) for f in _found(board)] == []


def test_a_track_labelled_from_the_row_prints_the_row_s_value(board):
    # a token showing its value only as a track's label: the check that the value a [[check]]
    # rule reads is printed said the track printed '' (it read only text, icons and pictures)
    layout = board / "layouts" / "token.toml"
    layout.write_text(layout.read_text().replace('text = "{{ value }}"', 'text = ""')
                      .replace("[value]", "[blank]")
                      + '\n[value]\ntype = "track"\ncells = 1\npath = "line"\n'
                        'labels = ["{{ value }}"]\nx = "30%"\ny = "30%"\nwidth = "40%"\n'
                        'height = "30%"\n')
    assert [str(f) for f in _found(board)] == []
    edit(layout, 'labels = ["{{ value }}"]', 'labels = ["{{ value + 1 }}"]')
    found = [str(f) for f in _found(board)]
    assert found and all("not the row's value" in f for f in found), found
