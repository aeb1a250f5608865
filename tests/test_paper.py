"""Paper: named, landscape and custom sizes; cards per sheet, duplex backs, crop marks and board
tiles on them; landscape cards turned onto a print-on-demand service's portrait product."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageStat

from helpers import usage_error
from pnp.cli import main
from pnp.errors import DataError, PnpError
from pnp.layout.grid import plan_grid
from pnp.layout.paper import choose_paper, parse_paper
from pnp.layout.tiles import plan_tiles
from pnp.project import prepare, build, export, open_game
from pnp.render.pdf import KitRenderer, Options, piece_matrix
from pnp.layout.grid import Rect
from pnp.scaffold import new_game
from pnp.units import MM

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("text,size", [
    ("a3", (841.89, 1190.55)), ("A5", (419.53, 595.28)), ("tabloid", (792, 1224)),
    ("legal", (612, 1008)), ("a4-landscape", (841.89, 595.28)),
    ("letter-landscape", (792, 612)), ("300x200mm", (850.39, 566.93)),
    ("11x17in", (792, 1224)), ("30 x 20 cm", (850.39, 566.93)), ("200x300-landscape",
                                                                    (850.39, 566.93))])
def test_paper_sizes_in_points(text, size):
    paper = parse_paper(text)
    assert paper.size == pytest.approx(size, abs=0.01)
    assert paper.landscape == (size[0] > size[1])


def test_a_wrong_paper_is_one_error_naming_the_option_and_a_close_name():
    with pytest.raises(PnpError, match=r"^--paper 'a44': unknown paper; did you mean a4\?"):
        parse_paper("a44")
    with pytest.raises(PnpError, match=r"--paper '20x300mm': each side must be from 90"):
        parse_paper("20x300mm")
    with pytest.raises(PnpError, match="each side"):
        parse_paper("5000x300mm")


def test_game_toml_chooses_the_paper_and_the_option_overrides_it(tmp_path):
    toml = tmp_path / "game.toml"
    assert choose_paper(None, {"print": {"paper": "a5"}}, toml).name == "a5"
    assert choose_paper("a3", {"print": {"paper": "a5"}}, toml).name == "a3"
    assert choose_paper(None, {}, toml).name == "a4"
    with pytest.raises(DataError) as exc:
        choose_paper(None, {"print": {"paper": "b7"}}, toml)
    assert exc.value.field == "print.paper" and exc.value.path == toml


@pytest.mark.parametrize("paper,cols,rows", [("a3", 4, 4), ("a5", 2, 2), ("a4-landscape", 4, 2),
                                             ("tabloid", 4, 4), ("300x200mm", 4, 2)])
def test_poker_cards_per_sheet(paper, cols, rows):
    grid = plan_grid(*parse_paper(paper).size, 63 * MM, 88 * MM, bleed=3 * MM)
    assert (grid.cols, grid.rows) == (cols, rows)
    assert grid.outer_bleed == pytest.approx(3 * MM)
    w, h = parse_paper(paper).size
    for m in grid.crop_marks():  # every crop mark on the page, outside the printer's margin
        for x, y in ((m.x1, m.y1), (m.x2, m.y2)):
            assert 5 * MM - 1e-6 <= x <= w - 5 * MM + 1e-6
            assert 5 * MM - 1e-6 <= y <= h - 5 * MM + 1e-6


def test_backs_on_landscape_paper_mirror_top_to_bottom_and_stand_upside_down():
    kit, fonts, _ = prepare(open_game("experior", cwd=ROOT), force=True)
    w, h = parse_paper("a4-landscape").size
    result = KitRenderer(kit, fonts, Options((w, h))).render(io.BytesIO())
    fronts = [p for p in result.placements if p.side == "front" and p.sheet.startswith("Attack")]
    backs = [p for p in result.placements if p.side == "back" and p.sheet.startswith("Attack")]
    assert len(fronts) == len(backs) >= 12
    for f, b in zip(fronts, backs):  # the next page, behind its front once flipped on the long edge
        assert b.page == f.page + 1
        assert b.trim.x == pytest.approx(f.trim.x)
        assert b.trim.y == pytest.approx(h - f.trim.top)
        assert f.trim.x >= 5 * MM and f.trim.right <= w - 5 * MM


def test_backs_on_portrait_paper_still_mirror_left_to_right():
    kit, fonts, _ = prepare(open_game("experior", cwd=ROOT), force=True)
    w, h = parse_paper("a3").size
    result = KitRenderer(kit, fonts, Options((w, h))).render(io.BytesIO())
    pairs = zip([p for p in result.placements if p.side == "front" and p.sheet.startswith("Attack")],
                [p for p in result.placements if p.side == "back" and p.sheet.startswith("Attack")])
    for f, b in pairs:
        assert (b.trim.x, b.trim.y) == pytest.approx((w - f.trim.right, f.trim.y))


def _apply(m, u, v):
    a, b, c, d, e, f = m
    return a * u + c * v + e, b * u + d * v + f


def test_an_upside_down_back_maps_its_top_left_corner_to_the_trims_bottom_right():
    trim = Rect(10, 20, 63, 88)
    assert _apply(piece_matrix(trim, False, True, upside_down=True), 0, 88) == (73, 20)
    assert _apply(piece_matrix(trim, False, True), 0, 88) == (10, 108)
    # turned: a portrait back turns like its front (half a turn from the portrait-paper back)
    turned = Rect(10, 20, 88, 63)
    assert piece_matrix(turned, True, True, upside_down=True) == piece_matrix(turned, True, False)


@pytest.mark.parametrize("paper", ["a5", "a3", "a4-landscape", "300x200mm"])
def test_a_board_is_tiled_over_any_paper_covering_it_whole(paper):
    w, h = parse_paper(paper).size
    bw, bh = 400 * MM, 300 * MM
    plan = plan_tiles(bw, bh, w, h)
    cw, ch = (bh, bw) if plan.rotated else (bw, bh)
    covered = set()
    for tile in plan.tiles:
        x, y = tile.x + tile.src.x, tile.y + tile.src.y  # where the tile's part lies on its page
        assert 0 <= x and x + tile.src.w <= w and 0 <= y and y + tile.src.h <= h
        for i in range(0, int(cw // MM), 5):
            for j in range(0, int(ch // MM), 5):
                px, py = (i + 0.5) * MM, (j + 0.5) * MM
                if (tile.src.x <= px <= tile.src.right and tile.src.y <= py <= tile.src.top):
                    covered.add((i, j))
    assert len(covered) == len(range(0, int(cw // MM), 5)) * len(range(0, int(ch // MM), 5))


def test_build_on_a3_landscape_writes_pages_of_that_size(tmp_path):
    from pypdf import PdfReader

    out = tmp_path / "kit.pdf"
    build(open_game("experior", cwd=ROOT), out, paper="a3-landscape")
    for page in PdfReader(out).pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
            (1190.55, 841.89), abs=0.01)


def test_paper_too_small_for_one_card_is_one_error_naming_the_option(tmp_path):
    out = tmp_path / "kit.pdf"
    out.write_bytes(b"a good kit")
    result = CliRunner().invoke(main, ["build", "-g", str(ROOT / "card_data" / "experior"),
                                       "--paper", "100x100mm", "-o", str(out)])
    said = usage_error(result, "--paper")
    assert said.startswith("100x100mm:") and "63 x 88 mm" in said
    assert result.output.count("Error:") == 1
    assert out.read_bytes() == b"a good kit"


def _landscape_deck(tmp_path: Path) -> Path:
    folder = new_game("wide", tmp_path, "deck")
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('size = "poker"', 'width = "88mm"\nheight = "63mm"'))
    return folder


def test_a_landscape_deck_prints_turned_on_the_game_crafters_poker_card(tmp_path):
    folder = _landscape_deck(tmp_path)
    game = open_game(str(folder))
    export(game, "pod", tmp_path / "tgc", service="tgc")
    fronts = sorted((tmp_path / "tgc").rglob("*-front.png"))
    assert fronts
    tgc = Image.open(fronts[0]).convert("RGB")
    assert tgc.size == (825, 1125)
    export(game, "png", tmp_path / "png", dpi=300, bleed_mm=3.175)
    own = Image.open(sorted((tmp_path / "png").glob("*-001-*-front.png"))[0]).convert("RGB")
    assert own.size[0] > own.size[1]  # the face itself is landscape

    def differ(turn):
        turned = own.transpose(turn).resize(tgc.size)
        return ImageStat.Stat(ImageChops.difference(turned, tgc).convert("L")).mean[0]

    # turned anticlockwise (its top to the left), as on a kit sheet
    assert differ(Image.Transpose.ROTATE_90) < 8 < differ(Image.Transpose.ROTATE_270)
    manifest = (tmp_path / "tgc" / "manifest.csv").read_text()
    assert re.search(r",825,1125,poker,", manifest)


@pytest.mark.parametrize("paper,per_page,turned", [
    ("a3", 18, True), ("tabloid", 16, False), ("a4-landscape", 8, False), ("a5", 4, False),
    ("a3-landscape", 18, False), ("letter-landscape", 8, False)])
def test_cards_per_sheet_as_the_kit_prints_them(paper, per_page, turned):
    from pnp.kit import Kit, Piece, Sheet
    from pnp.render.fonts import load_fonts

    def draw(surface):
        pass

    sheet = Sheet("Cards", 63 * MM, 88 * MM,
                  tuple(Piece("card", f"c{i}", draw, draw) for i in range(72)))
    renderer = KitRenderer(Kit("k", sheets=[sheet]), load_fonts(),
                           Options(parse_paper(paper).size, 3 * MM))
    renderer.plan()
    plan = renderer.plans[0]
    assert (plan.grid.per_page, plan.turned) == (per_page, turned)
    assert len(plan.pages) == -(-72 // per_page)


def test_calibration_backs_mirror_about_the_long_edge_and_small_paper_is_refused(tmp_path):
    from pypdf import PdfReader

    out = tmp_path / "cal.pdf"
    result = CliRunner().invoke(main, ["calibrate", "--paper", "a4-landscape", "-o", str(out)])
    assert result.exit_code == 0
    pages = PdfReader(out).pages
    assert [float(p.mediabox.width) for p in pages] == pytest.approx([841.89] * 2, abs=0.01)
    small = CliRunner().invoke(main, ["calibrate", "--paper", "a5", "-o", str(tmp_path / "s.pdf")])
    assert usage_error(small, "--paper").startswith("the calibration sheet needs at least")
    assert not (tmp_path / "s.pdf").exists()


def test_calibration_crosses_on_a_landscape_back_lie_behind_the_fronts():
    from pnp.layout.paper import flip_back

    w, h = parse_paper("a4-landscape").size
    assert flip_back(30 * MM, h - 30 * MM, 0, 0, w, h) == pytest.approx((30 * MM, 30 * MM))
    w, h = parse_paper("a4").size
    assert flip_back(30 * MM, h - 30 * MM, 0, 0, w, h) == pytest.approx((w - 30 * MM, h - 30 * MM))


@pytest.mark.parametrize("paper", ["a4", "a4-landscape"])
@pytest.mark.parametrize("turned", [False, True])
def test_a_back_lies_behind_its_front_the_right_way_up(paper, turned):
    """Turned over like a book page (about the card's own upright axis), a card shows its back
    upright: the front's top edge is behind the back's top edge, its left behind the back's
    right. Checked through the paper: a point on the front page lies at flip_back() on the back."""
    from pnp.layout.paper import flip_back

    w, h = parse_paper(paper).size
    card_w, card_h = (88 * MM, 63 * MM) if turned else (63 * MM, 88 * MM)  # on the page
    grid = plan_grid(w, h, card_w, card_h, bleed=3 * MM)
    face_w, face_h = (card_h, card_w) if turned else (card_w, card_h)  # the face's own frame
    upside_down = parse_paper(paper).landscape
    for i in range(grid.per_page):
        front = piece_matrix(grid.trim(i), turned, False)
        back = piece_matrix(grid.trim(i, back=True), turned, True, upside_down)
        for (fu, fv), (bu, bv) in (((face_w / 2, face_h), (face_w / 2, face_h)),  # top
                                   ((0, face_h / 2), (face_w, face_h / 2))):  # left / right
            fx, fy = _apply(front, fu, fv)
            assert flip_back(fx, fy, 0, 0, w, h) == pytest.approx(_apply(back, bu, bv))


def test_the_games_own_paper_too_small_names_its_setting(tmp_path):
    import shutil

    folder = tmp_path / "experior"
    shutil.copytree(ROOT / "card_data" / "experior", folder)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text() + '\n[print]\npaper = "100x100mm"\n')
    with pytest.raises(DataError) as exc:
        build(open_game(str(folder)), tmp_path / "kit.pdf")
    assert exc.value.field == "print.paper" and exc.value.path == toml
    assert "63 x 88 mm piece does not fit on a 100 x 100 mm page" in exc.value.message
    toml.write_text(toml.read_text().replace('"100x100mm"', '"a5"'))
    built = build(open_game(str(folder)), tmp_path / "kit.pdf")
    assert built.pages == 26  # A5 holds 4 attack cards a sheet where A4 holds 9
