"""Legolas vs. Gimli's card faces are layout files in its game folder: a designer moves a box by
editing one, and a mistake in one is named by file and property."""

import re
from collections import Counter

import pytest
from PIL import ImageChops
from pypdf import PdfReader

from helpers import page_pixels as _pixels, page_texts as _texts, refused
from pnp.project import build, open_game
from pnp.units import MM

MOVE = 4.0  # mm


def _first_page(result, title: str) -> int:
    """0-based index of the first page of a section of the print guide."""
    return next(s.first for s in result.sections if s.title.startswith(title)) - 1


def assert_moved_down(before, after, page: int, names: set[str], size: float,
                      at_least: int = 1) -> None:
    """On that page every text in `names` is where it was, 4 mm lower (PDF y grows upwards), at
    the same x; every other text is exactly where it was; and no pixel changed outside the
    bands the moved texts left and reached (`size` pt: ink within 0.8 size above the baseline
    and 0.25 below)."""
    old, new = _texts(before, page), _texts(after, page)
    was = sorted((t, x, y) for (t, x, y) in old.elements() if t in names)
    now = sorted((t, x, y) for (t, x, y) in new.elements() if t in names)
    assert len(was) >= max(at_least, 1)
    assert [(t, x) for t, x, _ in was] == [(t, x) for t, x, _ in now]
    assert all(abs((y0 - y1) - MOVE * MM) < 0.02 for (_, _, y0), (_, _, y1) in zip(was, now)), \
        [(t, round((y0 - y1) / MM, 3)) for (t, _, y0), (_, _, y1) in zip(was, now)]
    assert Counter({k: n for k, n in old.items() if k[0] not in names}) == \
        Counter({k: n for k, n in new.items() if k[0] not in names})
    a, b = _pixels(before, page), _pixels(after, page)
    width, height = a.size
    for (_, _, y0), (_, _, y1) in zip(was, now):
        band = (0, int(height - y0 - 0.8 * size) - 1, width, int(height - y1 + 0.25 * size) + 2)
        a.paste((255, 0, 255), band)
        b.paste((255, 0, 255), band)
    assert ImageChops.difference(a, b).getbbox() is None


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    """(the shipped game's kit, its build): what each edit below is compared with."""
    before = tmp_path_factory.mktemp("shipped") / "before.pdf"
    return before, build(open_game("legolas"), before)


def test_moving_a_box_in_the_layout_file_moves_that_box_alone(game_copy, tmp_path, shipped):
    folder = game_copy("legolas")
    before, first = shipped
    layout = folder / "layouts" / "treasure.toml"
    text = layout.read_text()
    moved = re.sub(r'(\[name\][^\[]*?\ny = )"10.31mm"', r'\1"14.31mm"', text)
    assert moved != text
    layout.write_text(moved)  # the treasure's name, 4 mm lower; nothing else edited
    after = tmp_path / "after.pdf"
    second = build(open_game(str(folder)), after)

    page = _first_page(first, "Treasure")  # the first sheet of treasure fronts
    assert _first_page(second, "Treasure") == page
    names = {"Leather Armor", "Chain Mail Armor", "Hard Plate Armor", "Minion", "Net",
             "Ring of Legend", "Lure", "Earth Barrier", "Wind Barrier"}
    assert_moved_down(before, after, page, names, 14)
    # pages other than the treasure fronts are untouched
    for other in (page - 2, page + 1, page + 4):
        assert _texts(before, other) == _texts(after, other)


def test_a_mistake_in_a_layout_file_names_the_file_and_property(game_copy):
    folder = game_copy("legolas")
    layout = folder / "layouts" / "monster.toml"
    layout.write_text(layout.read_text().replace('text = "{{ value }} damage"',
                                                 'text = "{{ damage }} damage"'))
    err = refused(str(folder))
    assert err.value.path.name == "monster.toml"
    assert err.value.field == "damage.text"
    assert "'damage'" in err.value.message and "suit" in err.value.message


def test_game_toml_chooses_each_faces_layout(game_copy, tmp_path):
    """[layouts] in game.toml names the file of a face: here the monster back is swapped for
    the treasure back."""
    folder = game_copy("legolas")
    toml = folder / "game.toml"
    text = toml.read_text()
    old = 'monster_back = "layouts/monster-back.toml"'
    assert old in text
    toml.write_text(text.replace(old, 'monster_back = "layouts/treasure-back.toml"'))
    out = tmp_path / "swapped.pdf"
    page = _first_page(build(open_game(str(folder)), out), "Monster")
    backs = PdfReader(out).pages[page + 1].extract_text()
    assert "TREASURE" in backs and "MONSTER" not in backs
    toml.write_text(toml.read_text().replace("monster_back =", "monster_bak ="))
    err = refused(str(folder))
    assert err.value.field == "layouts.monster_bak"


def test_a_player_name_too_long_for_its_missions_is_named_in_players_csv(game_copy, tmp_path):
    """A mission card prints its player's name from players.csv: a name that does not fit is
    that file's row and field, said once per face, not at every mission row."""
    from click.testing import CliRunner

    from pnp.cli import main

    folder = game_copy("legolas")
    players = folder / "players.csv"
    players.write_text(players.read_text().replace("2,Blue,", "2,Bartholomew Maximilian the "
                                                   "Unreasonably Long,"))
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--out",
                                    str(tmp_path / "l.pdf")])
    assert res.exit_code != 0 and not (tmp_path / "l.pdf").exists()
    errors = [line for line in res.output.splitlines() if line.startswith("error:")]
    assert errors == [
        'error: players.csv, row 3, field "name, seat": element "player" (layouts/mission.toml): text '
        "does not fit its box even at 7 pt: 'PLAYER 2 · BARTHOLOMEW MAXIMILIAN THE UNREASONABLY "
        "LONG'",
        'error: players.csv, row 3, field "name": element "player" (layouts/mission-back.toml): text '
        "does not fit its box even at 7 pt: 'BARTHOLOMEW MAXIMILIAN THE UNREASONABLY LONG'"]


def test_the_score_board_is_a_layout_file_too(game_copy, tmp_path, shipped):
    """The score board's title, moved 4 mm down in board.toml, is all that moves on the board;
    a loop of a million spaces written into its figure is one clear error, not a long wait."""
    folder = game_copy("legolas")
    before, _ = shipped
    layout = folder / "layouts" / "board.toml"
    text = layout.read_text()
    moved = re.sub(r'(\[title\][^\[]*?\ny = )"21.9mm"', r'\1"25.9mm"', text)
    assert moved != text
    layout.write_text(moved)
    after = tmp_path / "after.pdf"
    build(open_game(str(folder)), after)
    page = len(PdfReader(before).pages) - 1
    old, new = _texts(before, page), _texts(after, page)
    left, came = sorted((old - new).elements()), sorted((new - old).elements())
    assert [t for t, _, _ in left] == [t for t, _, _ in came] == ["LEGOLAS VS. GIMLI"]
    (_, x0, y0), (_, x1, y1) = left[0], came[0]
    assert abs(abs(x1 - x0) + abs(y1 - y0) - MOVE * MM) < 0.02  # (the board is turned)
    layout.write_text(text.replace('cells = "{{ vp_loop }}"', 'cells = "1000000"'))
    from click.testing import CliRunner

    from pnp.cli import main

    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--out",
                                    str(tmp_path / "huge.pdf")])
    assert res.exit_code != 0 and not (tmp_path / "huge.pdf").exists()
    errors = [line for line in res.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and 'element "loop" (layouts/board.toml)' in errors[0]
    assert "cells must be an even number from 12 to 120" in errors[0]


def test_a_picture_a_layout_names_itself_is_checked_once_at_its_element(game_copy):
    """Not once per card it would be drawn on, each named at the card's data row."""
    from click.testing import CliRunner

    from pnp.cli import main

    folder = game_copy("legolas")
    with open(folder / "layouts" / "treasure.toml", "a", encoding="utf-8") as f:
        f.write('\n[pic]\ntype = "image"\nx = "1mm"\ny = "1mm"\nwidth = "5mm"\n'
                'height = "5mm"\nsrc = "nosuch.png"\n')
    result = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert result.exit_code != 0
    assert [line for line in result.output.splitlines() if line.startswith("error")] == [
        "error: layouts/treasure.toml, field \"pic.src\": image 'nosuch.png' not found in the "
        "game folder"]
