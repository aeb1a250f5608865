"""Pages as a person sees them, at low resolution, against checked-in PNGs."""

import pytest
from PIL import ImageChops, ImageStat

from helpers import ROOT
from pnp.project import build, open_game
from visual import assert_matches_golden, render_page


@pytest.fixture(scope="module")
def wuxing_pdf(tmp_path_factory):
    out = tmp_path_factory.mktemp("visual") / "wuxing.pdf"
    build(open_game("wuxing", cwd=ROOT), out)
    return out


def test_wuxing_card_sheet_looks_as_approved(wuxing_pdf):
    assert_matches_golden(render_page(wuxing_pdf, 6), "wuxing-cards-front")


def test_wuxing_back_sheet_looks_as_approved(wuxing_pdf):
    assert_matches_golden(render_page(wuxing_pdf, 7), "wuxing-cards-back")


def test_wuxing_booklet_page_looks_as_approved(wuxing_pdf):
    """The booklet's first page: a table, bold and CJK text, the cycles figure."""
    assert_matches_golden(render_page(wuxing_pdf, 2), "wuxing-booklet")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Each game's PDF, built once for all its pages."""
    done = {}

    def pdf(game: str):
        if game not in done:
            done[game] = tmp_path_factory.mktemp("visual") / f"{game}.pdf"
            build(open_game(game, cwd=ROOT), done[game])
        return done[game]

    return pdf


# Legolas's card faces are layout files (card_data/legolas/layouts): a sheet of each kind
@pytest.mark.parametrize("game,page,name", [
    ("experior", -1, "experior-board"),
    ("experior", 6, "experior-cards-front"),
    ("legolas", 4, "legolas-booklet"),  # a figure of card faces, a table, lists
    ("legolas", 10, "legolas-monsters-front"),
    ("legolas", 22, "legolas-treasures-front"),
    ("legolas", 26, "legolas-characters-front"),
    ("legolas", 28, "legolas-missions-front"),  # the player aids moved onto a monster sheet
    ("legolas", 29, "legolas-missions-back"),
    ("legolas", -1, "legolas-score-board"),
])
def test_other_games_pages_look_as_approved(built, game, page, name):
    from pypdf import PdfReader

    out = built(game)
    index = page if page >= 0 else len(PdfReader(out).pages) + page
    assert_matches_golden(render_page(out, index), name)


def test_a_changed_colour_is_caught(game_copy, tmp_path, wuxing_pdf):
    """The visual check can fail: a different Fire colour moves the picture past tolerance."""
    folder = game_copy("wuxing")
    toml = (folder / "game.toml").read_text().replace('fire = "#c62828"', 'fire = "#2222ff"')
    (folder / "game.toml").write_text(toml)
    out = tmp_path / "changed.pdf"
    build(open_game(str(folder)), out)
    a, b = render_page(wuxing_pdf, 6), render_page(out, 6)
    assert max(ImageStat.Stat(ImageChops.difference(a, b)).mean) > 1.5  # the tolerance
