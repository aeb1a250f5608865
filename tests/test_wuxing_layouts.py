"""Wuxing Duel's faces are layout files in its game folder (card_data/wuxing/layouts): a
designer moves a box by editing one, a mistake in one is named by file and property, and each
face prints the rules' values from their cells."""

import re
import shutil
from functools import cache

import pytest

from helpers import ROOT
from pnp.project import build, open_game
from pnp.units import MM
from test_legolas_layouts import MOVE, _first_page, _texts, assert_moved_down

NAMES = {"WOOD", "FIRE", "EARTH", "METAL", "WATER"}  # the element cards' big names


def _edit(path, pattern: str, new: str) -> None:
    text = path.read_text()
    moved = re.sub(pattern, new, text)
    assert moved != text, pattern
    path.write_text(moved)


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    """The shipped kit, built once from a copy of its folder, that the tests moving a box
    compare their edited copy's kit with: its PDF, build result and texts read once a page."""
    folder = tmp_path_factory.mktemp("before") / "wuxing"
    shutil.copytree(ROOT / "card_data" / "wuxing", folder)
    pdf = folder.parent / "before.pdf"
    result = build(open_game(str(folder)), pdf)
    return pdf, result, cache(lambda page: _texts(pdf, page))


def test_moving_a_box_in_the_layout_file_moves_that_box_alone(game_copy, tmp_path, shipped):
    folder = game_copy("wuxing")
    before, first, before_texts = shipped
    # the element's name, 4 mm lower; nothing else edited
    _edit(folder / "layouts" / "element.toml", r'(\[name\][^\[]*?\ny = )"50% \+ 14.643mm"',
          r'\1"50% + 18.643mm"')
    after = tmp_path / "after.pdf"
    second = build(open_game(str(folder)), after)

    page = _first_page(first, "Element")
    assert _first_page(second, "Element") == page
    # (the links' names on the same cards are "Wood", "Fire"...: they stay)
    assert_moved_down(before, after, page, NAMES, 13, at_least=5)
    for other in (page + 1, page + 3, page + 4):  # the backs and the tokens
        assert before_texts(other) == _texts(after, other)


def test_the_pawns_stand_where_the_board_layout_puts_the_islands(game_copy, tmp_path, shipped):
    """The islands' box is the board layout's: moved there, the islands print elsewhere and the
    pawns' places (checked against the tokens' size) move with them."""
    from pnp.games.wuxing.kit import tracks

    folder = game_copy("wuxing")
    before = tracks(open_game(str(folder)).model)
    _, first, before_texts = shipped
    _edit(folder / "layouts" / "board.toml", r'(\[islands\][^\[]*?\nx = )"35mm"', r'\g<1>"39mm"')
    game = open_game(str(folder))
    after = tracks(game.model)
    assert [len(t.places) for t in after] == [5, 5, 5]
    for t0, t1 in zip(before, after):
        for p0, p1 in zip(t0.places, t1.places):
            assert p1.x - p0.x == pytest.approx(MOVE * MM) and p1.y == pytest.approx(p0.y)
    build(game, tmp_path / "after.pdf")
    page = len(first.sections) and _first_page(first, "Board")
    old, new = before_texts(page), _texts(tmp_path / "after.pdf", page)
    left, came = sorted((old - new).elements()), sorted((new - old).elements())
    # each island's glyph and name and each path's label moved by the same 4 mm (the board may
    # be turned on the page); the title, the sides and the corner's cycles did not
    assert len(left) == len(came) == 15 * 2 + 3
    shifts = [(x1 - x0, y1 - y0) for (t0, x0, y0), (t1, x1, y1) in zip(left, came)]
    assert all(t0 == t1 for (t0, _, _), (t1, _, _) in zip(left, came))
    dx, dy = shifts[0]
    assert all(abs(x - dx) < 0.02 and abs(y - dy) < 0.02 for x, y in shifts)
    assert abs(abs(dx) + abs(dy) - MOVE * MM) < 0.02 and min(abs(dx), abs(dy)) < 0.02
    assert {t for t, _, _ in left} >= {"Path 1", "木", "Wood"}


def test_a_mistake_in_a_layout_file_names_the_file_and_property(game_copy):
    """Noted with the data's other problems, so one caused by the data (a palette colour the
    layout names, gone) is said first."""
    folder = game_copy("wuxing")
    _edit(folder / "layouts" / "token.toml", r'text = "\{\{ label \}\}"', 'text = "{{ lable }}"')
    problems = open_game(str(folder)).folder.problems
    assert [p.field for p in problems] == ["link_label.text", "first_label.text"]  # (each)
    err = problems[0]
    assert err.level == "error" and err.source.path.name == "token.toml"
    assert "'lable'" in err.message


def test_an_elements_glyph_is_named_in_elements_csv(game_copy, tmp_path):
    """Every face prints the elements' glyphs from elements.csv: a glyph no font has is that
    file's row and field, not the card's, said once per face."""
    from click.testing import CliRunner

    from pnp.cli import main

    folder = game_copy("wuxing")
    _edit(folder / "elements.csv", "wood,Wood,木,", "wood,Wood,\U0001d11e,")
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--out",
                                    str(tmp_path / "w.pdf")])
    assert res.exit_code != 0 and not (tmp_path / "w.pdf").exists()
    errors = [line for line in res.output.splitlines()
              if line.startswith("error:") and "booklet.md.j2" not in line]
    # the card's own glyph and its four links', the reference card's and the board's cycles
    assert len(errors) == 6 and all(
        line.startswith('error: elements.csv, row 2, field "glyph"') for line in errors), errors


def test_every_face_prints_the_elements_names_from_their_cells(game_copy, tmp_path):
    """Renamed in elements.csv, Wood is Timber on the cards, the board and the reference card."""
    import pypdfium2 as pdfium

    folder = game_copy("wuxing")
    _edit(folder / "elements.csv", "wood,Wood,", "wood,Timber,")
    out = tmp_path / "t.pdf"
    build(open_game(str(folder)), out)
    doc = pdfium.PdfDocument(out)      # reads the text as a viewer does, 100 times pypdf's speed
    pages = [doc[i].get_textpage().get_text_bounded() for i in range(len(doc))]
    doc.close()
    cards = next(i for i, t in enumerate(pages) if "TIMBER" in t)
    assert "Wood" not in pages[cards] and pages[cards].count("Timber") >= 4
    assert "Timber" in pages[-1] and "Wood" not in pages[-1]  # the board


def test_a_figure_given_a_wrong_arg_is_one_error_naming_its_element(game_copy, tmp_path):
    from click.testing import CliRunner

    from pnp.cli import main

    folder = game_copy("wuxing")
    _edit(folder / "layouts" / "reference.toml", r'from = "left", colour = "generating"',
          'from = "sideways", colour = "generating"')
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--out",
                                    str(tmp_path / "w.pdf")])
    assert res.exit_code != 0 and not (tmp_path / "w.pdf").exists()
    errors = [line for line in res.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and errors[0].startswith(
        'error: layouts/reference.toml, field "generating_arrow.args": element "generating_arrow"')
    assert "from must be one of left, right" in errors[0] and "'sideways'" in errors[0]


def test_the_booklets_cycles_figure_is_a_layout_a_designer_moves(game_copy, tmp_path, shipped):
    """The booklet's figure of both cycles is layouts/cycles.toml: its box, 4 mm further right
    there, moves every element's name in the booklet 4 mm right; nothing else moves."""
    from pypdf import PdfReader

    from helpers import page_texts

    folder = game_copy("wuxing")
    before, _, before_texts = shipped
    _edit(folder / "layouts" / "cycles.toml", r'\nx = "15mm"', '\nx = "19mm"')
    after = tmp_path / "after.pdf"
    build(open_game(str(folder)), after)

    changed = [p for p in range(len(PdfReader(before).pages))
               if before_texts(p) != page_texts(after, p)]
    assert len(changed) == 1
    old, new = before_texts(changed[0]), page_texts(after, changed[0])
    gone, came = sorted((old - new).elements()), sorted((new - old).elements())
    names = {"Wood", "Fire", "Earth", "Metal", "Water"}
    assert names <= {t for t, _, _ in gone} and len(gone) == len(came)
    for (t0, x0, y0), (t1, x1, y1) in zip(gone, came):  # every text that moved: 4 mm right
        assert t0 == t1 and x1 - x0 == pytest.approx(MOVE * MM, abs=0.02) and y1 == y0
