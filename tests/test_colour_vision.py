"""Colour-vision check on what the board prints: Experior's experience tracks, red, green and
blue columns side by side, keep their tints told apart by a deuteranope (the tints once were
one lightness, and red and green looked the same); the shipped games give no finding."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.distinct import check as distinct_check
from pnp.project import open_game

ROOT = Path(__file__).resolve().parents[1]
# the tints the tracks printed before: each type's colour mixed 82 % toward the paper
ONE_LIGHTNESS = {"sword_tint": "#efcec5", "bow_tint": "#d2dcc5", "magic_tint": "#cdd7df"}


def _findings(folder) -> list[str]:
    game = open_game(str(folder))
    return [str(f) for f in distinct_check(game.folder, game.model.common.palette)]


@pytest.mark.parametrize("name", ["legolas", "experior", "wuxing"])
def test_the_shipped_games_have_no_colour_vision_finding(name):
    assert _findings(ROOT / "card_data" / name) == []


def test_tints_of_one_lightness_are_a_finding_for_a_deuteranope(game_copy):
    folder = game_copy("experior")
    toml = folder / "game.toml"
    text = toml.read_text()
    for name, colour in ONE_LIGHTNESS.items():
        text, n = re.subn(rf'{name} = "#[0-9a-f]{{6}}"', f'{name} = "{colour}"', text)
        assert n == 1
    toml.write_text(text)
    found = _findings(folder)
    assert len(found) == 2, found
    assert "sword_tint" in found[0] and "bow_tint" in found[0] and "deuteranopia" in found[0]
    assert 'field "distinct.experience"' in found[0]
    assert "magic_tint" in found[1] and "tritanopia" in found[1]


def test_the_board_prints_the_tints_the_check_reads(game_copy, tmp_path):
    """The tracks' cells are drawn in the palette's tints: a tint changed in game.toml is what
    the board's page fills with (so the check reads what is printed)."""
    from pypdf import PdfReader

    from pnp.project import build

    folder = game_copy("experior")
    toml = folder / "game.toml"
    toml.write_text(re.sub(r'bow_tint = "#[0-9a-f]{6}"', 'bow_tint = "#336699"',
                           toml.read_text()))
    out = tmp_path / "kit.pdf"
    build(open_game(str(folder)), out)
    board = PdfReader(out).pages[-1].get_contents().get_data().decode("latin-1")
    fill = ".2 .4 .6 rg"
    assert board.count(fill) == 2 * 12  # both bow tracks: cells 2 to 14 but the start cell
