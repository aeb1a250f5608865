"""Tiled boards go together: read back from the PDF, the registration ticks and the cut edges
place each tile over its neighbour's glue margin so the board drawn on both lines up."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from pnp.kit import Board, Kit
from pnp.layout.paper import parse_paper
from pnp.layout.tiles import plan_tiles
from pnp.render.fonts import load_fonts
from pnp.render.pdf import KitRenderer, Options
from pnp.units import MM

BOARD_W, BOARD_H = 400 * MM, 300 * MM
STEP = 10 * MM  # the test board: a red line every 10 mm both ways


def _grid_board(surface) -> None:
    c = surface.c
    c.setStrokeColorRGB(1, 0, 0)
    c.setLineWidth(0.3)
    x = 0.0
    while x <= BOARD_W + 1e-6:
        c.line(x, 0, x, BOARD_H)
        x += STEP
    y = 0.0
    while y <= BOARD_H + 1e-6:
        c.line(0, y, BOARD_W, y)
        y += STEP


def _segments(page) -> list[tuple[str, float, float, float, float]]:
    """Every stroked straight segment on the page, in page coordinates, with its stroke colour
    ("red", "black" or "other"): a tiny reader of m/l/RG/q/Q through pypdf's visitor."""
    out: list = []
    state = {"colour": "other", "stack": [], "at": None}

    def apply(cm, x, y):
        a, b, c, d, e, f = cm
        return a * x + c * y + e, b * x + d * y + f

    def visit(op, args, cm, tm):
        if op == b"q":
            state["stack"].append(state["colour"])
        elif op == b"Q":
            state["colour"] = state["stack"].pop() if state["stack"] else "other"
        elif op == b"RG":
            rgb = tuple(round(float(v), 3) for v in args)
            state["colour"] = {(1, 0, 0): "red", (0, 0, 0): "black"}.get(rgb, "other")
        elif op == b"G":
            state["colour"] = "black" if float(args[0]) == 0 else "other"
        elif op == b"m":
            state["at"] = apply(cm, float(args[0]), float(args[1]))
        elif op == b"l" and state["at"] is not None:
            x2, y2 = apply(cm, float(args[0]), float(args[1]))
            out.append((state["colour"], *state["at"], x2, y2))
            state["at"] = (x2, y2)

    page.extract_text(visitor_operand_before=visit)
    return out


def _dashed_outline(page) -> tuple[float, float, float, float]:
    """The tile's cut line: the one dashed rectangle on its page (x, y, w, h)."""
    found = []
    dashed = {"on": False}

    def visit(op, args, cm, tm):
        if op == b"d":
            dashed["on"] = bool(args[0])
        elif op == b"re" and dashed["on"]:
            found.append(tuple(float(v) for v in args))

    page.extract_text(visitor_operand_before=visit)
    assert len(found) == 1, found
    return found[0]


@pytest.fixture(scope="module")
def tiled():
    paper = parse_paper("a4").size
    kit = Kit("Test", boards=[Board("Big board", BOARD_W, BOARD_H, _grid_board)])
    buf = io.BytesIO()
    KitRenderer(kit, load_fonts(), Options(paper=paper)).render(buf)
    reader = PdfReader(io.BytesIO(buf.getvalue()))
    plan = plan_tiles(BOARD_W, BOARD_H, *paper)
    first = len(reader.pages) - len(plan.tiles)  # the boards come last
    return plan, reader.pages[first:]


def _red_lines(page, vertical: bool) -> list[float]:
    return sorted(round(x1 if vertical else y1, 2) for col, x1, y1, x2, y2 in _segments(page)
                  if col == "red" and (abs(x1 - x2) < 1e-6) == vertical)


def _ticks(page, vertical_seam: bool) -> list[tuple[float, float, float, float]]:
    """Short black segments across a seam: horizontal ones for a seam running up the page (the
    seams themselves are as long as the tile)."""
    return [(x1, y1, x2, y2) for col, x1, y1, x2, y2 in _segments(page) if col == "black"
            and (abs(y1 - y2) < 1e-6 if vertical_seam else abs(x1 - x2) < 1e-6)
            and abs(x2 - x1) + abs(y2 - y1) < 30 * MM]


def test_a_board_larger_than_the_paper_tiles_with_neighbours_both_ways(tiled):
    plan, pages = tiled
    assert plan.cols >= 2 and plan.rows >= 2 and plan.overlap > 0


@pytest.mark.parametrize("vertical", [True, False], ids=["side by side", "one above the other"])
def test_tiles_laid_on_the_ticks_line_the_board_up_to_a_tenth_of_a_mm(tiled, vertical):
    """For every pair of neighbours: cut the second tile on its dashed line, lay its edge on
    the first tile's seam (the solid line closing its glue margin) and slide it until the ticks
    meet; then every red board line of the second tile continues the same line of the first."""
    plan, pages = tiled
    pairs = [(t, plan.tiles[i + 1]) for i, t in enumerate(plan.tiles) if t.col + 1 < plan.cols] \
        if vertical else [(t, plan.tiles[i + plan.cols]) for i, t in enumerate(plan.tiles)
                          if t.row + 1 < plan.rows]
    assert pairs
    for a, b in pairs:
        page_a = pages[plan.tiles.index(a)]
        page_b = pages[plan.tiles.index(b)]
        ax, ay, aw, ah = _dashed_outline(page_a)
        bx, by, bw, bh = _dashed_outline(page_b)
        ticks_a, ticks_b = _ticks(page_a, vertical), _ticks(page_b, vertical)
        if vertical:
            # A's ticks run across its right glue margin to its cut edge; B's in from its left edge
            a_ticks = sorted(y for x1, y, x2, _ in ticks_a if round(max(x1, x2), 2) == round(ax + aw, 2))
            b_ticks = sorted(y for x1, y, x2, _ in ticks_b if round(min(x1, x2), 2) == round(bx, 2))
            seams = [x for _, x, y1, x2, y2 in _segments(page_a) if _ == "black"
                     and abs(x - x2) < 1e-6 and abs(abs(y2 - y1) - ah) < 0.01]
            assert len(seams) == 1, seams
            glue = ax + aw - seams[0]
            dx, dy = seams[0] - bx, a_ticks[0] - b_ticks[0]
        else:
            a_ticks = sorted(x for x, y1, _, y2 in ticks_a if round(min(y1, y2), 2) == round(ay, 2))
            b_ticks = sorted(x for x, y1, _, y2 in ticks_b if round(max(y1, y2), 2) == round(by + bh, 2))
            seams = [y for _, x1, y, x2, y2 in _segments(page_a) if _ == "black"
                     and abs(y - y2) < 1e-6 and abs(abs(x2 - x1) - aw) < 0.01]
            assert len(seams) == 1, seams
            glue = seams[0] - ay
            dx, dy = a_ticks[0] - b_ticks[0], seams[0] - (by + bh)
        assert len(a_ticks) == len(b_ticks) == 2
        # the glue margin is the overlap, and every tick pair meets after the one shift
        assert glue == pytest.approx(plan.overlap, abs=0.01)
        for ta, tb in zip(a_ticks, b_ticks):
            assert ta - tb == pytest.approx(dy if vertical else dx, abs=0.01)
        # the board: B's red lines, shifted as laid, are A's lines (one every 10 mm)
        for lines_vertical, shift in ((True, dx), (False, dy)):
            in_a = _red_lines(page_a, lines_vertical)
            in_b = [v + shift for v in _red_lines(page_b, lines_vertical)]
            assert len(in_a) == len(in_b) > 10
            for va, vb in zip(in_a, in_b):
                assert va == pytest.approx(vb, abs=0.1 * MM)


def test_a_board_on_one_page_has_no_glue_margin_or_ticks():
    paper = parse_paper("a3").size
    kit = Kit("Test", boards=[Board("Small board", 200 * MM, 150 * MM, _grid_board)])
    buf = io.BytesIO()
    KitRenderer(kit, load_fonts(), Options(paper=paper)).render(buf)
    page = PdfReader(io.BytesIO(buf.getvalue())).pages[-1]
    assert "GLUE" not in page.extract_text()
    assert not [s for s in _segments(page) if s[0] == "black"]
