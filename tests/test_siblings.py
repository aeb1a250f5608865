"""Siblings print alike: one text element of one layout, shrunk to fit a long row, is a
warning naming both rows; `family = "free"` says it may vary; the shipped games print evenly."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import HEX_TILES as TILES, refused
from pnp import siblings
from pnp.project import check, open_game, prepare

ROOT = Path(__file__).resolve().parents[1]
CHARACTER = "layouts/character.toml"


def _uneven(folder) -> list[str]:
    game = open_game(str(folder))
    kit, fonts, _ = prepare(game)
    return [str(f) for f in siblings.check(kit, fonts, game.folder.path)]


@pytest.mark.parametrize("name", ["legolas", "experior", "wuxing"])
def test_the_shipped_games_print_each_family_at_sizes_within_the_ratio(name):
    game = open_game(name, cwd=ROOT)
    kit, fonts, _ = prepare(game)
    found = siblings.families(kit, fonts)
    assert found  # the check sees the layouts' texts
    assert siblings.uneven(found) == []


def test_a_long_text_on_one_row_is_a_warning_naming_both_rows_and_sizes(game_copy):
    """Legolas's level texts at 10 pt (as they were): the Wizard's long text shrinks to 7.5 pt
    while the Fighter's prints at 10."""
    folder = game_copy("legolas")
    path = folder / CHARACTER
    text = path.read_text()
    path.write_text(text.replace("size = 8.5", "size = 10"))
    found = _uneven(folder)
    assert len(found) == 2, found
    first = found[0]
    assert first.startswith("warning: characters.csv, row 3")
    assert "character.toml:level2_text prints at 10 pt on Fighter" in first
    assert "characters.csv, row 2" in first and "7.5 pt on Wizard" in first


def test_free_family_is_not_reported_and_validate_shows_the_warning_otherwise(game_copy):
    folder = game_copy("legolas")
    path = folder / CHARACTER
    text = path.read_text().replace("size = 8.5", "size = 10")
    path.write_text(text)
    said = [str(f) for f in check(open_game(str(folder)))]
    assert sum("shrinks to 7.5 pt" in s for s in said) == 2
    path.write_text(text.replace('text = "{{ level2_text }}"',
                                 'text = "{{ level2_text }}"\nfamily = "free"'))
    found = _uneven(folder)
    assert len(found) == 1 and "level3_text" in found[0]


def test_rows_that_ask_for_other_sizes_are_families_of_their_own():
    """Legolas's seat names ask 7 pt on a star marker and 9 pt elsewhere: no shrinking, no
    warning, though the printed sizes differ."""
    game = open_game("legolas", cwd=ROOT)
    kit, fonts, _ = prepare(game)
    found = siblings.families(kit, fonts)
    seats = {key: [f.size for f in sizes] for key, sizes in found.items()
             if key[0].name == "marker.toml" and key[1] == "seat"}
    assert sorted(asked for _, _, asked in seats) == [7, 9]
    assert sorted({size for sizes in seats.values() for size in sizes}) == [7, 9]
    assert siblings.uneven({key: found[key] for key in seats}) == []


def test_a_family_value_other_than_even_or_free_is_named(game_copy):
    folder = game_copy("legolas")
    path = folder / CHARACTER
    path.write_text(path.read_text().replace('text = "{{ level2_text }}"',
                                             'text = "{{ level2_text }}"\nfamily = "same"'))
    refused(str(folder)).match(r"character.toml, field \"level2_text.family\": 'same' "
                               r"is not one of: even, free")


LONG_NAME = ('text = "{{ terrain | capitalize }}", y = "71%", height = "5mm", size = 8',
             'text = "{{ terrain | capitalize }}{{ \' of the north\' if number == 10 else \'\' }}", '
             'y = "71%", height = "5mm", size = 10')


@pytest.mark.parametrize("tiles", [False, True], ids=["grid cells", "tiles"])
def test_a_grid_boards_cells_and_a_tile_sheets_tiles_are_siblings_too(tmp_path, tiles):
    """The hex-board template's terrain names, one row's shrunk to 7.5 pt: drawn in a board's
    cells, or as tiles of their own, the check sees every hex."""
    from pnp.scaffold import new_game

    folder = new_game("isle", tmp_path, "hex-board")
    if tiles:  # the same hexes as tiles, the board left out
        toml = folder / "game.toml"
        text = toml.read_text()
        toml.write_text(text.replace(text[text.index("[[component]]"):text.index("[palette]")],
                                     "") + TILES)
    hex_toml = folder / "layouts" / "hex.toml"
    hex_toml.write_text(hex_toml.read_text().replace(*LONG_NAME))
    said = [str(f) for f in check(open_game(str(folder)))]
    uneven = [s for s in said if "shrinks to" in s]
    assert len(uneven) == 1, said
    assert "layouts/hex.toml:name prints at 10 pt" in uneven[0]
    assert "7.5 pt on " + ("hex tile" if tiles else "island") + " 0201 (hexes.csv, row 2)" \
        in uneven[0] and "(1 of 19 rows" in uneven[0]


def test_validate_reads_the_sizes_its_dry_render_fitted_drawing_no_face_again(monkeypatch):
    """The faces the PDF drew are read from its FaceLog; only those it did not draw (a grid
    board's cells, drawn inside the board) are drawn on a scratch canvas."""
    import io

    from pnp.render.facelog import FaceLog
    from pnp.render.pdf import Options, render_kit

    game = open_game("legolas", cwd=ROOT)
    kit, fonts, _ = prepare(game)
    log = FaceLog(fonts, sizes=True)
    render_kit(kit, fonts, io.BytesIO(), Options((595.0, 842.0)), placements=False, log=log)
    drawn = []
    scratch = siblings.scratch_draw

    def counted(canvas, fonts, drawer, sheet, piece):
        drawn.append(drawer)
        return scratch(canvas, fonts, drawer, sheet, piece)

    monkeypatch.setattr(siblings, "scratch_draw", counted)
    found = siblings.families(kit, fonts, log)
    assert all(log.text_sizes(d) is None for d in drawn)
    cards = sum(1 for sheet in kit.sheets for p in sheet.pieces
                if getattr(p.front, "layout", None) is not None)
    assert cards and len(drawn) < cards
    drawn.clear()
    assert siblings.families(kit, fonts) == found  # the same sizes as drawn afresh
    assert len(drawn) >= cards
