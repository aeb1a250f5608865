"""Print geometry by numbers: card sizes, bleed, crop marks, duplex mirroring, board tiling."""

import pytest

from pnp.layout.grid import LABEL_BAND, MARK_GAP, PRINTER_MARGIN, plan_grid
from pnp.layout.tiles import plan_tiles
from pnp.units import CARD_PRESETS, MM, PAPERS, length

POKER = (63 * MM, 88 * MM)


def test_poker_card_is_exactly_63_by_88_mm_in_points():
    w, h = (length(v) for v in CARD_PRESETS["poker"])
    assert w == pytest.approx(178.583, abs=1e-3)
    assert h == pytest.approx(249.449, abs=1e-3)


@pytest.mark.parametrize("unit,text,points", [("mm", "63mm", 178.583), ("in", "2.5in", 180.0),
                                              ("pt", "12pt", 12.0), ("cm", "6.3 cm", 178.583),
                                              ("bare", "10", 28.346)])
def test_lengths_parse_in_every_unit(unit, text, points):
    assert length(text) == pytest.approx(points, abs=1e-3)


@pytest.mark.parametrize("paper,size,grid_size", [("a4", POKER, (3, 3)),
                                                   ("letter", POKER, (3, 2)),
                                                   ("letter", POKER[::-1], (2, 4))])
def test_poker_cards_with_full_bleed_centred_with_exact_trim(paper, size, grid_size):
    """A4 holds 9 poker cards with the full 3 mm bleed; Letter 6 upright or 8 turned (9 would
    leave 1.7 mm of bleed)."""
    pw, ph = PAPERS[paper]
    grid = plan_grid(pw, ph, *size, bleed=3 * MM)
    assert (grid.cols, grid.rows) == grid_size
    assert grid.outer_bleed == pytest.approx(3 * MM)
    n = grid.per_page
    rects = [grid.trim(i) for i in range(n)]
    for r in rects:
        assert r.w == pytest.approx(size[0]) and r.h == pytest.approx(size[1])
    left = min(r.x for r in rects)
    right = max(r.right for r in rects)
    bottom = min(r.y for r in rects)
    top = max(r.top for r in rects)
    assert left == pytest.approx(pw - right)  # centred horizontally
    assert bottom - LABEL_BAND == pytest.approx(ph - top)  # and vertically above the label
    # neighbours share a cut line (gap 0): card 1 starts where card 0 ends
    assert rects[1].x == pytest.approx(rects[0].right)
    assert rects[3].top == pytest.approx(rects[0].y)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_bleed_runs_past_the_outer_trim_and_marks_stay_outside_every_card(paper):
    pw, ph = PAPERS[paper]
    grid = plan_grid(pw, ph, *POKER, bleed=3 * MM)
    assert grid.outer_bleed == pytest.approx(3 * MM)
    areas = [grid.bleed_rect(i) for i in range(grid.per_page)]
    assert areas[0].x == pytest.approx(grid.trim(0).x - grid.outer_bleed)
    for m in grid.crop_marks():
        for a in areas:  # no mark enters any card's art area
            inside_x = a.x < min(m.x1, m.x2) + 1e-6 and max(m.x1, m.x2) - 1e-6 < a.right
            inside_y = a.y < min(m.y1, m.y2) + 1e-6 and max(m.y1, m.y2) - 1e-6 < a.top
            assert not (inside_x and inside_y), (m, a)
        for v in (m.x1, m.x2):
            assert PRINTER_MARGIN - 1e-6 <= v <= pw - PRINTER_MARGIN + 1e-6
        for v in (m.y1, m.y2):
            assert PRINTER_MARGIN - 1e-6 <= v <= ph - PRINTER_MARGIN + 1e-6
    # one pair of marks per cut line at each end: 4 vertical + (rows + 1) horizontal cut lines
    assert len(grid.crop_marks()) == 2 * (4 + grid.rows + 1)
    assert MARK_GAP > 0


def test_marks_continue_the_cut_lines():
    pw, ph = PAPERS["a4"]
    grid = plan_grid(pw, ph, *POKER, bleed=3 * MM)
    xs = sorted({round(m.x1, 6) for m in grid.crop_marks() if m.x1 == m.x2})
    cuts = sorted({round(v, 6) for i in range(9) for v in (grid.trim(i).x, grid.trim(i).right)})
    assert xs == cuts


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_backs_are_mirrored_for_long_edge_duplex(paper):
    pw, ph = PAPERS[paper]
    grid = plan_grid(pw, ph, *POKER, bleed=3 * MM)
    for i in range(grid.per_page):
        front, back = grid.trim(i), grid.trim(i, back=True)
        # flipping the sheet on its long (vertical) edge maps x to page width - x
        assert back.x == pytest.approx(pw - front.right)
        assert back.y == pytest.approx(front.y)
    assert grid.trim(0, back=True).x == pytest.approx(grid.trim(2).x)


def test_gap_gives_every_piece_its_own_bleed():
    pw, ph = PAPERS["a4"]
    grid = plan_grid(pw, ph, 24 * MM, 24 * MM, bleed=3 * MM, gap=6 * MM)
    a, b = grid.bleed_rect(0), grid.bleed_rect(1)
    assert grid.inner_bleed == pytest.approx(3 * MM)
    assert a.right == pytest.approx(b.x)  # bleeds meet, never overlap


def test_a_card_larger_than_the_paper_is_a_clear_error():
    from pnp.errors import DataError

    with pytest.raises(DataError, match="does not fit"):
        plan_grid(*PAPERS["a4"], 300 * MM, 100 * MM, bleed=3 * MM)
    with pytest.raises(DataError, match="positive"):
        plan_grid(*PAPERS["a4"], 0, 88 * MM, bleed=3 * MM)


def test_board_that_fits_is_one_page_turned_if_needed():
    pw, ph = PAPERS["a4"]
    plan = plan_tiles(260 * MM, 190 * MM, pw, ph)
    assert plan.single and plan.rotated
    tile = plan.tiles[0]
    assert tile.src.w == pytest.approx(190 * MM) and tile.src.h == pytest.approx(260 * MM)
    assert tile.x == pytest.approx((pw - 190 * MM) / 2)


def test_large_board_tiles_cover_it_with_overlap():
    pw, ph = PAPERS["a4"]
    bw, bh = 500 * MM, 420 * MM
    plan = plan_tiles(bw, bh, pw, ph)
    assert not plan.single and len(plan.tiles) == plan.cols * plan.rows >= 4
    w, h = (bh, bw) if plan.rotated else (bw, bh)
    # every tile fits the page, tiles overlap by the stated amount and cover the whole board
    for t in plan.tiles:
        assert t.x + t.src.x >= 0 and t.x + t.src.right <= pw + 1e-6
        assert t.y + t.src.y >= 0 and t.y + t.src.top <= ph + 1e-6
    row0 = [t for t in plan.tiles if t.row == 0]
    for a, b in zip(row0, row0[1:]):
        assert a.src.right - b.src.x == pytest.approx(plan.overlap)
    assert min(t.src.x for t in plan.tiles) == pytest.approx(0)
    assert max(t.src.right for t in plan.tiles) == pytest.approx(w)
    assert min(t.src.y for t in plan.tiles) == pytest.approx(0)
    assert max(t.src.top for t in plan.tiles) == pytest.approx(h)
