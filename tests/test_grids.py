"""Grids as data ([component.grid]): hex and square geometry by numbers, boards and
tessellated tile sheets drawn from a grid's rows, their cuts, and bad grid data named by file,
row and field."""

import re
import xml.etree.ElementTree as ET
from itertools import product
from math import dist, sqrt

import pytest
from click.testing import CliRunner

from helpers import HEX_TILES as TILES, edit, usage_error
from pnp.cli import main
from pnp.layout.lattice import (Lattice, cells_of, edges, extent, grid_extent, pack,
                                shared_edge)
from pnp.project import export, open_game
from pnp.scaffold import new_game

MM = 72 / 25.4
LATTICES = [Lattice(k, o, f, 30 * MM) for k, o, f in
            product(("hex",), ("flat", "pointy"), ("odd", "even"))] + [Lattice("square", size=20 * MM)]


def _neighbours(lat, cells):
    by_axial = {(c.q, c.r): c for c in cells}
    for c in cells:
        for dq, dr in lat.neighbour_steps():
            other = by_axial.get((c.q + dq, c.r + dr))
            if other is not None:
                yield c, other


@pytest.mark.parametrize("lat", LATTICES, ids=lambda t: f"{t.kind}-{t.orient}-{t.offset}")
def test_cells_sit_edge_to_edge_at_their_size(lat):
    cells = cells_of(lat, rows=4, cols=5)
    assert len(cells) == 20
    for c in cells:  # a hex is `size` corner to corner; a square `size` a side
        pts = lat.corners(c.x, c.y)
        if lat.kind == "hex":
            assert max(dist(a, b) for a in pts for b in pts) == pytest.approx(30 * MM)
            assert dist(pts[0], pts[1]) == pytest.approx(15 * MM)  # a side is the radius
        else:
            assert dist(pts[0], pts[1]) == pytest.approx(20 * MM)
    pairs = list(_neighbours(lat, cells))
    assert pairs
    step = 20 * MM if lat.kind == "square" else sqrt(3) * 15 * MM
    for a, b in pairs:  # axial neighbours are neighbours on paper, sharing one whole side
        assert dist((a.x, a.y), (b.x, b.y)) == pytest.approx(step)
        side = shared_edge(lat, a, b)
        assert side is not None
        corners_a = {(round(x, 6), round(y, 6)) for x, y in lat.corners(a.x, a.y)}
        corners_b = {(round(x, 6), round(y, 6)) for x, y in lat.corners(b.x, b.y)}
        assert {(round(x, 6), round(y, 6)) for x, y in side} <= corners_a & corners_b
    # one line a shared side: every side counted once
    sides_total = len(cells) * (4 if lat.kind == "square" else 6)
    assert len(edges(lat, cells)) == sides_total - len(pairs) // 2
    # the drawing starts at the origin, and its size is what grid_extent works out
    assert min(p[0] for c in cells for p in lat.corners(c.x, c.y)) == pytest.approx(0)
    assert min(p[1] for c in cells for p in lat.corners(c.x, c.y)) == pytest.approx(0)
    assert extent(lat, cells) == pytest.approx(grid_extent(lat, 4, 5))


@pytest.mark.parametrize("lat", LATTICES[:4], ids=lambda t: f"{t.orient}-{t.offset}")
def test_offset_and_axial_coordinates_agree(lat):
    for col, row in product(range(-4, 5), range(-4, 5)):
        assert lat.offset_of(*lat.axial(col, row)) == (col, row)
        x, y = lat.centre(col, row)
        x0, y0 = lat.centre(0, 0)
        ax, ay = lat.axial_centre(*lat.axial(col, row))
        assert (x - x0, y - y0) == pytest.approx((ax - lat.axial_centre(*lat.axial(0, 0))[0],
                                                  ay - lat.axial_centre(*lat.axial(0, 0))[1]))


def test_labels_are_column_then_row_from_one():
    lat = Lattice("hex", "flat", "odd", 20 * MM)
    cells = cells_of(lat, rows=3, cols=4)
    first = min(cells, key=lambda c: (c.col, c.row))
    assert first.label == "0101" and (first.col, first.row) == (0, 0)
    c = next(c for c in cells if (c.col, c.row) == (2, 1))
    assert c.label == "0302"
    # odd columns stand half a hex lower (flat-top, offset odd)
    a = next(c for c in cells if (c.col, c.row) == (0, 0))
    b = next(c for c in cells if (c.col, c.row) == (1, 0))
    assert b.y - a.y == pytest.approx(sqrt(3) * 10 * MM / 2)
    assert b.x - a.x == pytest.approx(1.5 * 10 * MM)
    even = Lattice("hex", "flat", "even", 20 * MM)
    a, b = (next(c for c in cells_of(even, rows=3, cols=4) if (c.col, c.row) == p)
            for p in ((0, 0), (1, 0)))
    assert a.y - b.y == pytest.approx(sqrt(3) * 10 * MM / 2)
    big = cells_of(lat, rows=2, cols=120)
    assert {c.label for c in big} >= {"001001", "120002"}


@pytest.mark.parametrize("radius,count", [(0, 1), (1, 7), (2, 19), (3, 37)])
@pytest.mark.parametrize("orient", ["flat", "pointy"])
def test_a_hexagon_of_hexes(radius, count, orient):
    lat = Lattice("hex", orient, "odd", 30 * MM)
    cells = cells_of(lat, radius=radius)
    assert len(cells) == count
    centre = next(c for c in cells if (c.q, c.r) == (0, 0))
    for c in cells:  # every hex within `radius` steps of the centre, at its distance on paper
        steps = max(abs(c.q), abs(c.r), abs(c.q + c.r))
        assert steps <= radius
        if steps == 1:
            assert dist((c.x, c.y), (centre.x, centre.y)) == pytest.approx(sqrt(3) * 15 * MM)
    assert len({c.label for c in cells}) == count


def test_a_tessellated_sheet_fits_its_area_with_its_margin():
    lat = Lattice("hex", "flat", "odd", 40 * MM)
    cells = pack(lat, 200 * MM, 263 * MM, 2 * MM)
    pts = [p for c in cells for p in lat.corners(c.x, c.y)]
    assert min(p[0] for p in pts) == pytest.approx(2 * MM)
    assert max(p[0] for p in pts) <= 198 * MM + 1e-6 and max(p[1] for p in pts) <= 261 * MM + 1e-6
    # 40 mm hexes: 40 + 30 mm a column more -> 6 in 196 mm; 34.64 mm a row and half a row for
    # the lower columns -> 6 rows in 259 mm
    assert len(cells) == 6 * 6


# ---- the hex-board template -------------------------------------------------------------------
def _data_lines(folder):
    n = 0
    for path in [folder / "game.toml", *folder.glob("*.csv"), *folder.glob("layouts/*.toml")]:
        for line in path.read_text().splitlines():
            if line.strip() and not line.strip().startswith("#"):
                n += 1
    return n


def test_the_hex_board_template_is_a_19_hex_island_in_60_lines(tmp_path):
    folder = new_game("isle", tmp_path, "hex-board")
    assert _data_lines(folder) <= 60
    runner = CliRunner()
    res = runner.invoke(main, ["validate", "--game", str(folder)])
    assert res.exit_code == 0 and "error" not in res.output.lower(), res.output
    out = tmp_path / "isle.pdf"
    res = runner.invoke(main, ["build", "--game", str(folder), "--out", str(out)])
    assert res.exit_code == 0 and "warning" not in res.output, res.output
    game = open_game(str(folder))
    (island,) = game.model.components
    grid = island.grid
    assert len(grid.cells) == 19 and len(grid.cell_rows()) == 19
    # 36 mm pointy hexes: 5 across the middle row, each sqrt(3) * 18 mm wide; the sea frame round
    lat = grid.lattice
    assert lat.cell_w / MM == pytest.approx(sqrt(3) * 18) and lat.cell_h / MM == pytest.approx(36)
    xs = [c.x for c in grid.cells]
    assert (max(xs) - min(xs)) / MM == pytest.approx(4 * sqrt(3) * 18)
    assert island.width <= 200 * MM and island.height <= 281 * MM  # one A4 page
    from pypdf import PdfReader

    text = "".join(p.extract_text() for p in PdfReader(out).pages)
    # one board of 19 hexes in the checklist, not 19 pieces to look for
    assert "Island, printed on it:" in text and "19 × hex" in text and "19 × island" not in text
    for n in ("10", "12", "11", "Desert"):
        assert n in text


# ---- tessellated tiles and their cuts ---------------------------------------------------------
def _isle(tmp_path, extra=""):
    folder = new_game("isle", tmp_path, "hex-board")
    if extra:
        toml = folder / "game.toml"
        toml.write_text(toml.read_text() + extra)
    return folder


def test_tiles_from_a_grid_are_cut_with_one_line_a_shared_side(tmp_path):
    folder = _isle(tmp_path, TILES)
    game = open_game(str(folder))
    out = tmp_path / "cut"
    export(game, "cut", out, machine="silhouette")
    root = ET.parse(out / "cut-01.svg").getroot()
    lines = [tuple(float(el.get(k)) for k in ("x1", "y1", "x2", "y2"))
             for el in root.iter("{http://www.w3.org/2000/svg}line")]
    # 19 hexes of 6 sides, packed in rows: every side once
    keys = {frozenset(((round(a, 3), round(b, 3)), (round(c, 3), round(d, 3))))
            for a, b, c, d in lines}
    assert len(keys) == len(lines)
    for a, b, c, d in lines:  # each cut is one side of a 36 mm hex: 18 mm long
        assert dist((a, b), (c, d)) == pytest.approx(18, abs=1e-3)
    ends = [p for a, b, c, d in lines for p in ((round(a, 3), round(b, 3)), (round(c, 3), round(d, 3)))]
    inner = [p for p in set(ends) if ends.count(p) == 3]  # where three tiles meet
    assert inner, "tiles packed edge to edge meet three at a corner"
    # each shared side is one cut where it was two: sides = 6 x 19 - shared ones
    assert len(lines) == 19 * 6 - len(inner) * 3 // 2 or len(lines) < 19 * 6
    dxf = (out / "cut-01.dxf").read_text()
    assert dxf.count("\nLINE\n") == len(lines)


def test_tiles_on_the_kits_pages_come_with_mirrored_backs(tmp_path):
    folder = _isle(tmp_path, TILES.replace('front = "layouts/hex.toml"',
                                           'front = "layouts/hex.toml"\nback = "layouts/back.toml"'))
    (folder / "layouts" / "back.toml").write_text(
        'ground = { type = "rect", from = "bleed", fill = "sea" }\n')
    game = open_game(str(folder))
    from pnp.faces.rows import place_components
    from pnp.faces.tessellate import TilePage
    from pnp.kit import Kit

    kit = Kit("t")
    place_components(kit, game.model.components)
    pages = [b for b in kit.boards if isinstance(b.draw, TilePage)]
    assert len(pages) == 2 and pages[1].draw.back
    front, back = pages
    assert sum(1 for p in front.places if p == "hex tile") == 19
    for (x, y), (bx, by) in zip(front.draw.spots, back.draw.spots):
        assert bx == pytest.approx(front.width - x) and by == pytest.approx(y)
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--out",
                                    str(tmp_path / "t.pdf")])
    assert res.exit_code == 0, res.output


# ---- bad grid data ----------------------------------------------------------------------------
def _validate(folder):
    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert "Traceback" not in res.output
    return res


@pytest.mark.parametrize("edit,expect", [
    (("hexes.csv", "0303,desert,", "0909,desert,"),
     r'hexes\.csv, row 11, field "cell": cell \'0909\' is not on the grid'),
    (("hexes.csv", "0303,desert,", "0302,desert,"),
     r'hexes\.csv, row 11, field "cell": cell 0302 is already filled by row 7'),
    (("game.toml", 'size = "36mm"', 'size = "0mm"'),
     r'game\.toml, \[\[component\]\] "island", field "grid\.size"'),
    (("game.toml", "radius = 2", "radius = 400"),
     r'\[\[component\]\] "island", field "grid\.radius": radius must be a whole number from 0 to 40'),
    (("game.toml", "radius = 2", "rows = 200\ncols = 200"),
     r'\[\[component\]\] "island", field "grid\.rows": 200 x 200 = 40,000 cells; a grid has at most 5,000'),
    (("game.toml", "radius = 2", "radius = 30"),
     r'\[\[component\]\] "island", field "grid\.radius": radius = 30 of 36 mm cells makes '
     r'a board of 1926 x 1668 '
     r'mm; a board is at most 1000 mm a side'),
    (("hexes.csv", "0303,desert,", "0303,desert,\n0101,sea,3"),  # a token on the sea
     r'row 12, field "cell": cell \'0101\' is not on the grid \(19 cells; by row: 0201-0401, '
     r'0102-0402, 0103-0503, 0104-0404, 0205-0405\).*the frame round a hexagon of hexes has no '
     r'cells: to print on the sea, make radius one larger'),
    (("hexes.csv", "0303,desert,", "0303,desert,\n0601,forest,4"),  # one hex more
     r'row 12, field "cell": cell \'0601\' is not on the grid'),
    (("hexes.csv", "cell,terrain,number", "cel,terrain,number"),
     r'a grid\'s rows name their cell: a column cell'),
    (("game.toml", 'orient = "pointy"', 'orient = "pointed"'),
     r'\[\[component\]\] "island", field "grid\.orient": orient \'pointed\' is not one of: flat, pointy'),
    (("game.toml", "radius = 2", "radius = 2\nradios = 3"),
     r'\[\[component\]\] "island", field "grid\.radios": grid has no key \'radios\' '
     r'\(did you mean \'radius\'\?\)'),
    (("roads.csv", "0302/0303 0202/0303", "0302/0303 0202/0404"),
     r'roads\.csv, row 2, field "cells": cells 0202 and 0404 share no side'),
    (("roads.csv", "0302/0303 0202/0303", "0302/0303 0302/0707"),
     r'roads\.csv, row 2, field "cells": cell \'0707\' is not on the grid'),
    # a river is one connected line, in any order: two parts apart drew two (the template's)
    (("roads.csv", "0302/0303 0202/0303 0203/0202", "0302/0303 0203/0202"),
     r'roads\.csv, row 2, field "cells": the sides 0302/0303 and 0203/0202 are not joined by '
     r'the sides between them: a path along edges is one connected line'),
    # a road through centres steps to a neighbour, not across a hex nor to where it is
    (("roads.csv", "2mm\n", "2mm\n0202 0302 0404,,red,2mm\n"),
     r'roads\.csv, row 3, field "cells": cells 0302 and 0404 share no side: each step of a '
     r'path goes to a neighbour \(name the cells between them, or give the row along = '
     r'"straight" for a line across cells\)'),
    (("roads.csv", "2mm\n", "2mm\n0202 0202,,red,2mm\n"),
     r'roads\.csv, row 3, field "cells": cell 0202 twice in a row: each step of a path goes '
     r'to a neighbour \(leave one out\)'),
])
def test_bad_grid_data_is_named_by_file_row_and_field(tmp_path, edit, expect):
    folder = _isle(tmp_path)
    name, old, new = edit
    path = folder / name
    assert old in path.read_text()
    path.write_text(path.read_text().replace(old, new, 1))
    res = _validate(folder)
    assert res.exit_code != 0
    assert re.search(expect, res.output), res.output


def _axial_isle(tmp_path):
    """The island with its 19 hexes named by q and r (no roads); and those rows."""
    folder = _isle(tmp_path)
    rows = ["q,r,terrain,number"] + [f"{q},{r},field,{5}" for q in range(-2, 3)
                                    for r in range(-2, 3) if abs(q + r) <= 2]
    (folder / "hexes.csv").write_text("\n".join(rows) + "\n")
    (folder / "roads.csv").write_text("cells\n")
    return folder, rows


def test_cells_by_axial_coordinates_and_a_bad_one(tmp_path):
    folder, rows = _axial_isle(tmp_path)
    assert _validate(folder).exit_code == 0
    (folder / "hexes.csv").write_text("\n".join(rows + ["3,0,field,5"]) + "\n")
    res = _validate(folder)
    assert res.exit_code != 0
    assert re.search(r'hexes\.csv, row 21, field "q": q = 3, r = 0 is outside the grid',
                     res.output), res.output


def test_a_square_grid_board_with_labels(tmp_path):
    folder = _isle(tmp_path)
    toml = folder / "game.toml"
    text = toml.read_text()
    text = text.replace('shape = "hex"', 'shape = "square"').replace('orient = "pointy"', "")
    text = text.replace("radius = 2", "rows = 4\ncols = 6\nlabels = true").replace(
        'size = "36mm"', 'size = "25mm"').replace('paths = "roads.csv"', "")
    toml.write_text(text)
    (folder / "hexes.csv").write_text("cell,terrain,number\n0101,forest,3\n0604,hills,8\n")
    assert _validate(folder).exit_code == 0
    game = open_game(str(folder))
    (board,) = game.model.components
    assert board.width / MM == pytest.approx(6 * 25 + 2 * 6)
    assert board.height / MM == pytest.approx(4 * 25 + 2 * 6)
    out = tmp_path / "sq.pdf"
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--out", str(out)])
    assert res.exit_code == 0, res.output
    from pypdf import PdfReader

    text = PdfReader(out).pages[-1].extract_text()
    assert "0101" in text and "0604" in text and "0305" not in text


def test_the_board_prints_each_cell_in_its_rows_colour_on_the_sea(tmp_path):
    from helpers import page_pixels

    folder = _isle(tmp_path)
    out = tmp_path / "isle.pdf"
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--out", str(out)])
    assert res.exit_code == 0, res.output
    game = open_game(str(folder))
    (island,) = game.model.components
    grid = island.grid
    from pypdf import PdfReader

    image = page_pixels(out, len(PdfReader(out).pages) - 1)  # the board: one A4 page, centred
    page_w, page_h = 210 * MM, 297 * MM
    x0, y0 = (page_w - island.width) / 2, (page_h - island.height) / 2
    palette = {"forest": (47, 122, 69), "pasture": (140, 193, 82), "field": (229, 192, 63),
               "hills": (192, 102, 58), "mountains": (138, 143, 153), "desert": (217, 196, 143)}
    rows = island.table.rows
    for cell, i in grid.cell_rows():
        # above the number token, inside the hex
        x, y = x0 + grid.dx + cell.x, y0 + grid.dy + cell.y - 0.6 * grid.lattice.radius
        got = image.getpixel((round(x), round(y)))
        want = palette[rows[i]["terrain"]]
        assert max(abs(a - b) for a, b in zip(got, want)) <= 8, (cell.label, got, want)
    sea = image.getpixel((round(x0 + 3), round(page_h / 2)))  # the frame's left corner
    assert max(abs(a - b) for a, b in zip(sea, (47, 111, 176))) <= 8


def test_hex_tiles_with_tessellate_share_their_cuts(tmp_path):
    folder = new_game("tiles", tmp_path, "hex-tiles")
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace("# tessellate = true ", "tessellate = true "))
    out = tmp_path / "cut"
    export(open_game(str(folder)), "cut", out, machine="cricut")
    svg = (out / "cut-01.svg").read_text()
    assert "<polygon" not in svg  # no hex cut on its own
    root = ET.fromstring(svg)
    lines = [tuple(float(el.get(k)) for k in ("x1", "y1", "x2", "y2"))
             for el in root.iter("{http://www.w3.org/2000/svg}line")]
    assert all(dist((a, b), (c, d)) == pytest.approx(22.5, abs=1e-3) for a, b, c, d in lines)
    assert len(lines) < 14 * 6  # 14 tiles of 45 mm: shared sides once
    assert min(min(a, c) for a, _, c, _ in lines) == pytest.approx(3)  # the bleed, 3 mm
    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert res.exit_code == 0, res.output
    toml.write_text(toml.read_text().replace('shape = "hex"', 'shape = "rect"'))
    res = _validate(folder)
    assert res.exit_code != 0 and '[[component]] "tile", field "tessellate": tessellate packs hex tiles' in \
        res.output, res.output


# ---- tile sheets on the paper printed on, with or without their backs --------------------------
def _tile_pages(pdf):
    """The footer of each of a kit's tile sheet pages, and the page's size in mm."""
    from pypdf import PdfReader

    pages = PdfReader(pdf).pages
    out = []
    for page in pages:
        footer = page.extract_text().strip().split("\n")[-1]
        if footer.startswith("Hex tiles"):
            box = page.mediabox
            out.append((footer, (float(box.width) / MM, float(box.height) / MM)))
    return out


def _tiles_with_backs(tmp_path):
    folder = _isle(tmp_path, TILES.replace('front = "layouts/hex.toml"',
                                           'front = "layouts/hex.toml"\nback = "layouts/back.toml"'))
    (folder / "layouts" / "back.toml").write_text(
        'ground = { type = "rect", from = "bleed", fill = "sea" }\n')
    toml = folder / "game.toml"  # the tiles only: the board is the same 19 hexes
    text = toml.read_text()
    board = text[text.index("[[component]]"):text.index("[palette]")]
    toml.write_text(text.replace(board, ""))
    return folder


@pytest.mark.parametrize("how", ["option", "game.toml"])
def test_a_tile_sheet_is_packed_for_the_paper_however_it_is_chosen(tmp_path, how):
    from pnp.faces.tessellate import sheet_area
    from pnp.project import prepare
    from pnp.render.kitplan import KitPlan, Options
    from pnp.units import PAPERS

    folder = _tiles_with_backs(tmp_path)
    args = ["build", "--game", str(folder), "--out", str(tmp_path / "a5.pdf")]
    if how == "option":
        args += ["--paper", "a5"]
    else:
        toml = folder / "game.toml"
        toml.write_text(toml.read_text() + '\n[print]\npaper = "a5"\n')
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    pages = _tile_pages(tmp_path / "a5.pdf")
    # 19 tiles of 36 mm on A5: two sheets, each one page (no board tiled over pages to glue),
    # each followed by its backs
    assert [t.split(" \u00b7 ")[0] for t, _ in pages] == [
        "Hex tiles: sheet 1 of 2", "Hex tiles: sheet 1 of 2, backs",
        "Hex tiles: sheet 2 of 2", "Hex tiles: sheet 2 of 2, backs"]
    assert all(size == pytest.approx((148, 210), abs=0.1) for _, size in pages)
    assert not any("glue" in t for t, _ in pages)
    # by numbers: every sheet fits what A5 leaves free, and each tile is on one of them once
    game = open_game(str(folder))
    kit, fonts, _ = prepare(game)
    plan = KitPlan(kit, Options(PAPERS["a5"]))
    plan.plan(fonts)
    area = sheet_area(*PAPERS["a5"])
    fronts = [b for b in plan.boards if not b.title.endswith("backs")]
    assert all(b.width <= area[0] + 1e-6 and b.height <= area[1] + 1e-6 for b in plan.boards)
    assert all(p.single for p in plan.tile_plans)
    assert sum(len(b.places) for b in fronts) == 19


def test_tile_sheets_on_landscape_and_larger_paper_fit_one_page_each(tmp_path):
    from pnp.faces.tessellate import AREA, sheet_area
    from pnp.layout.paper import parse_paper
    from pnp.layout.tiles import plan_tiles

    assert sheet_area(210 * MM, 297 * MM) == pytest.approx(AREA)  # A4 and Letter: as before
    assert sheet_area(612, 792) == pytest.approx(AREA)
    a3 = sheet_area(297 * MM, 420 * MM)
    assert a3[0] > AREA[0] and a3[1] > AREA[1]  # larger paper holds more tiles a sheet
    for name in ("a4-landscape", "a5", "a5-landscape", "a3", "letter-landscape", "150x150mm"):
        paper = parse_paper(name)
        w, h = sheet_area(*paper.size)
        assert plan_tiles(w, h, *paper.size).single, name  # a sheet that fits is one page
    folder = _tiles_with_backs(tmp_path)
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--paper", "a4-landscape",
                                    "--out", str(tmp_path / "l.pdf")])
    assert res.exit_code == 0, res.output
    pages = _tile_pages(tmp_path / "l.pdf")
    assert len(pages) == 2 and all(s == pytest.approx((297, 210), abs=0.1) for _, s in pages)


def test_a_tile_too_large_for_the_paper_chosen_names_the_option(tmp_path):
    folder = _tiles_with_backs(tmp_path)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('size = "36mm"', 'size = "160mm"'))
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--paper", "a5",
                                    "--out", str(tmp_path / "x.pdf")])
    assert usage_error(res, "--paper").startswith("a5: Hex tiles: a 139 x 160 mm tile does not fit")
    assert not (tmp_path / "x.pdf").exists()


def test_no_backs_leaves_out_the_tiles_backs_unless_they_matter(tmp_path):
    folder = _tiles_with_backs(tmp_path)
    out = tmp_path / "nb.pdf"
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--no-backs", "--out",
                                    str(out)])
    assert res.exit_code == 0, res.output
    assert "--no-backs: the backs of 19 hex tile(s) are left out" in res.output
    pages = _tile_pages(out)
    assert [t for t, _ in pages] == ["Hex tiles \u00b7 single-sided; cut on the grey lines"]
    from pypdf import PdfReader

    guide = PdfReader(out).pages[0].extract_text()  # the contents say how to print it
    assert "Hex tiles\nsingle-sided; cut on the grey lines" in guide, guide
    # tiles whose backs matter in play keep them, --no-backs or not
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('type = "tile"', 'type = "tile"\ntwo_sided = true'))
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--no-backs", "--out",
                                    str(out)])
    assert res.exit_code == 0, res.output
    assert "hex tile(s) are left out" not in res.output
    assert len(_tile_pages(out)) == 2


# ---- a cell's label is text ------------------------------------------------------------------
def test_a_cells_label_reaches_its_layout_as_text_other_columns_as_numbers(tmp_path):
    folder = _isle(tmp_path)
    hex_toml = folder / "layouts" / "hex.toml"
    hex_toml.write_text(hex_toml.read_text() + (
        'coord = { type = "text", text = "{{ cell }} {{ number + 1 if number else \'-\' }}", '
        'y = "80%", height = "4mm", size = 7, align = "centre" }\n'
        'mark = { type = "text", text = "top", y = "10%", height = "4mm", size = 7, '
        'align = "centre", when = "{{ cell == \'0201\' }}" }\n'))
    csv = folder / "hexes.csv"  # a spreadsheet that dropped a leading zero: 0202 as 202
    csv.write_text(csv.read_text().replace("\n0202,hills,6\n", "\n202,hills,6\n"))
    game = open_game(str(folder))
    (island,) = game.model.components
    rows = {island.context(i)["cell"]: island.context(i) for i in range(len(island.table.rows))}
    assert set(rows) == {c.label for c in island.grid.cells}
    assert rows["0202"]["row"]["cell"] == "0202" and rows["0202"]["number"] == 6
    out = tmp_path / "isle.pdf"
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--out", str(out)])
    assert res.exit_code == 0, res.output
    from pypdf import PdfReader

    text = PdfReader(out).pages[-1].extract_text()
    assert "0202 7" in text and "0201 11" in text and "0303 -" in text, text
    assert text.count("top") == 1
    words = text.split()
    assert "202" not in words and "201" not in words


# ---- a grid's cells are faces of their own: checked, and previewed -----------------------------
@pytest.mark.parametrize("tiles", [False, True], ids=["board", "tiles"])
def test_printed_is_played_looks_inside_every_cell(tmp_path, tiles):
    folder = _tiles_with_backs(tmp_path) if tiles else _isle(tmp_path)
    kind = "hex tile" if tiles else "island"
    toml = folder / "game.toml"
    toml.write_text(toml.read_text() + f'\n[shown]\n"{kind}" = ["terrain", "number"]\n')
    assert _validate(folder).exit_code == 0
    hex_toml = folder / "layouts" / "hex.toml"
    hex_toml.write_text(hex_toml.read_text().replace('text = "{{ number }}"',
                                                     'text = "{{ number + 1 }}"'))
    res = _validate(folder)
    assert res.exit_code != 0
    assert re.search(r'hexes\.csv, row 2, field "number": layouts/hex\.toml:number prints '
                     r"'11', not the row's number \(10\) \(and on 17 other rows\)", res.output), \
        res.output


def test_preview_finds_a_cell_by_its_row_or_its_name(tmp_path):
    from PIL import Image

    folder = _isle(tmp_path)
    runner = CliRunner()
    out = tmp_path / "c.png"
    res = runner.invoke(main, ["preview", "--game", str(folder), "--card", "hexes.csv:3",
                               "--out", str(out)])
    assert res.exit_code == 0 and "island 0301, front" in res.output, res.output
    image = Image.open(out).convert("RGB")
    w, h = image.size
    assert h > w  # a pointy hex's box, taller than wide
    assert image.getpixel((w // 2, h // 6)) == pytest.approx((140, 193, 82), abs=8)  # pasture
    assert image.getpixel((2, 2)) == (255, 255, 255)  # outside the hexagon: not printed
    res = runner.invoke(main, ["preview", "--game", str(folder), "--card", "island 0202",
                               "--out", str(out)])
    assert res.exit_code == 0 and "island 0202, front" in res.output, res.output
    res = runner.invoke(main, ["preview", "--game", str(folder), "--card", "hexes.csv:3",
                               "--back", "--out", str(out)])
    assert res.exit_code != 0 and "has no back" in res.output and "Traceback" not in res.output
    tiles = _tiles_with_backs(tmp_path / "t")
    res = runner.invoke(main, ["preview", "--game", str(tiles), "--card", "hexes.csv:3",
                               "--back", "--out", str(out)])
    assert res.exit_code == 0 and "hex tile 0301, back" in res.output, res.output
    back = Image.open(out).convert("RGB")
    assert back.getpixel((back.width // 2, back.height // 2)) == pytest.approx((47, 111, 176),
                                                                               abs=8)


# ---- a numbered wargame map, as the README tells it --------------------------------------------
WARGAME = """[game]
title = "War"
engine = "deck"

[[component]]
name = "map"
type = "board"
data = "hexes.csv"
front = "layouts/hex.toml"
[component.grid]
shape = "hex"
orient = "flat"
size = "30mm"
rows = 6
cols = 8
frame = "5mm"
frame_fill = "#d8d0b8"
stroke = "#333333"
labels = true

[palette]
clear = "#e8e4c9"
woods = "#2f7a45"
"""


def _wargame(tmp_path, name_at="45%"):
    folder = tmp_path / "war"
    (folder / "layouts").mkdir(parents=True)
    (folder / "game.toml").write_text(WARGAME)
    (folder / "booklet.md.j2").write_text("# Map\n\nMove your counters.\n")
    rows = ["cell,terrain"] + [f"{c:02d}{r:02d},{'woods' if (c + r) % 3 == 0 else 'clear'}"
                               for c in range(1, 9) for r in range(1, 7)]
    (folder / "hexes.csv").write_text("\n".join(rows) + "\n")
    (folder / "layouts" / "hex.toml").write_text(
        'ground = { type = "rect", from = "bleed", fill = "{{ terrain }}" }\n'
        f'name = {{ type = "text", text = "{{{{ terrain | capitalize }}}}", y = "{name_at}", '
        'height = "5mm", size = 8, align = "centre" }\n')
    return folder


def test_a_numbered_wargame_map_prints_every_label_readably_clear_of_the_art(tmp_path):
    from pypdf import PdfReader

    folder = _wargame(tmp_path)
    out = tmp_path / "war.pdf"
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--out", str(out)])
    assert res.exit_code == 0 and "warning" not in res.output, res.output
    index = len(PdfReader(out).pages) - 1
    words = PdfReader(out).pages[index].extract_text().split()
    labels = [f"{c:02d}{r:02d}" for c in range(1, 9) for r in range(1, 7)]
    assert all(words.count(label) == 2 for label in labels), words  # its halo, its letters
    game = open_game(str(folder))
    (board,) = game.model.components
    grid, lat = board.grid, board.grid.lattice
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(out))
    k = 4  # pixels a point
    image = doc[index].render(scale=k).to_pil().convert("RGB")
    doc.close()
    x0, y0 = (210 * MM - board.width) / 2, (297 * MM - board.height) / 2
    for cell in grid.cells:  # dark letters in their halo, on light and dark terrain alike
        cx, cy = x0 + grid.dx + cell.x, y0 + grid.dy + cell.y - lat.cell_h * (0.5 - 0.17)
        box = [sum(image.getpixel((round(k * cx) + dx, round(k * cy) + dy)))
               for dx in range(-28, 29) for dy in range(-12, 13)]
        assert min(box) < 120, cell.label  # the letters
        assert max(box) > 720, cell.label  # the halo, on woods too
    # art where the label goes is named, once
    folder = _wargame(tmp_path / "top", name_at="8%")
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert res.output.count("element 'name' prints over the cell's coordinate label") == 1, \
        res.output


def test_a_light_label_colour_gets_a_dark_halo_on_a_dark_map(tmp_path):
    # WarpWar's map: gold hex numbers on black space; a white halo made them read as white
    import pypdfium2 as pdfium

    folder = _wargame(tmp_path)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace("labels = true", 'labels = true\nlabel_colour = "gold"')
                    .replace('clear = "#e8e4c9"', 'clear = "#000000"\ngold = "#AA9A38"')
                    .replace('woods = "#2f7a45"', 'woods = "#000000"'))
    out = tmp_path / "war.pdf"
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--out", str(out)])
    assert res.exit_code == 0, res.output
    (board,) = open_game(str(folder)).model.components
    grid, lat = board.grid, board.grid.lattice
    doc = pdfium.PdfDocument(str(out))
    k = 4
    image = doc[len(doc) - 1].render(scale=k).to_pil().convert("RGB")
    doc.close()
    x0, y0 = (210 * MM - board.width) / 2, (297 * MM - board.height) / 2
    for cell in grid.cells:
        cx, cy = x0 + grid.dx + cell.x, y0 + grid.dy + cell.y - lat.cell_h * (0.5 - 0.17)
        box = [image.getpixel((round(k * cx) + dx, round(k * cy) + dy))
               for dx in range(-28, 29) for dy in range(-12, 13)]
        assert max(r + g + b for r, g, b in box) < 600, cell.label  # no white halo
        assert any(r > 120 and b < 100 for r, g, b in box), cell.label  # gold letters


def _board_page(tmp_path, folder):
    from pypdf import PdfReader

    out = tmp_path / "war.pdf"
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--out", str(out)])
    assert res.exit_code == 0, res.output
    reader = PdfReader(out)
    return res, reader.pages[len(reader.pages) - 1]


def test_a_label_format_prints_and_finds_cells_as_the_map_names_them(tmp_path):
    folder = _wargame(tmp_path)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace("labels = true",
                                             'labels = true\nlabel_format = "{col}{row_letter}"'))
    rows = ["cell,terrain"] + [f"{c}{'ABCDEF'[r - 1]},{'woods' if c == 3 else 'clear'}"
                               for c in range(1, 9) for r in range(1, 7)]
    (folder / "hexes.csv").write_text("\n".join(rows) + "\n")
    _, page = _board_page(tmp_path, folder)
    words = page.extract_text().split()
    for label in ("1A", "2B", "8F", "3D"):
        assert words.count(label) == 2, words  # its halo, its letters
    assert "0101" not in words
    game = open_game(str(folder))
    (board,) = game.model.components
    by_label = {c.label: c for c in board.grid.cells}
    woods = board.table.rows[board.grid.row_of["3D"]]
    assert woods["terrain"] == "woods" and (by_label["3D"].col, by_label["3D"].row) == (2, 3)
    # letters first, and a cell the format does not make named with the grid's own
    toml.write_text(toml.read_text().replace("{col}{row_letter}", "{col_letter}{row}"))
    (folder / "hexes.csv").write_text("cell,terrain\nB2,woods\n2B,clear\n")
    res = _validate(folder)
    assert res.exit_code != 0
    assert ("hexes.csv, row 3, field \"cell\": cell '2B' is not on the grid (8 columns x 6 rows, "
            "A1 to H6) (did you mean 'B2'?)") in res.output, res.output


@pytest.mark.parametrize("fmt, expect", [
    ("{col}{row}", "would both be labelled '111'"),
    ("{col}", "a label format names the row"),
    ("{col}{row.real}", "'{row.real}' is not a placeholder"),
    ("{col:0999}{row}", "is not a placeholder"),
])
def test_a_bad_label_format_is_named_by_its_field(tmp_path, fmt, expect):
    folder = _wargame(tmp_path)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace("cols = 8", f"cols = 12\nlabel_format = \"{fmt}\"")
                    .replace("rows = 6", "rows = 12"))
    res = _validate(folder)
    assert res.exit_code != 0 and "Traceback" not in res.output
    assert "component.grid.label_format" in res.output or "label_format" in res.output, res.output
    assert expect in res.output, res.output


def test_a_path_under_the_cells_is_drawn_before_their_names(tmp_path):
    folder = _wargame(tmp_path)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace("labels = true", 'labels = true\npaths = "warp.csv"'))
    (folder / "layouts" / "hex.toml").write_text(  # a space map: names, no ground
        'name = { type = "text", text = "{{ terrain | capitalize }}", y = "45%", '
        'height = "5mm", size = 8, align = "centre" }\n')
    (folder / "warp.csv").write_text("cells,colour,layer,along\n"  # a line across cells
                                     "0101 0202 0303,#ff0000,under,straight\n"
                                     "0501 0502,#0000ff,,\n")
    _, page = _board_page(tmp_path, folder)
    ops = page.get_contents().get_data().decode("latin-1")
    red, blue = ops.index("1 0 0 RG"), ops.index("0 0 1 RG")
    first_name = ops.index("(Clear)") if "(Clear)" in ops else ops.index("Clear")
    assert red < first_name < blue, (red, first_name, blue)
    (folder / "warp.csv").write_text("cells,colour,layer\n0101 0201,#ff0000,beneath\n")
    res = _validate(folder)
    assert res.exit_code != 0
    assert "warp.csv, row 2, field \"layer\": layer 'beneath' is not one of: over, under" in \
        res.output, res.output


def test_label_formats_letter_and_pad_as_maps_print_them():
    from pnp.layout.cellnames import check, formatted, letters

    assert [letters(n) for n in (1, 26, 27, 52, 53, 702, 703)] == \
        ["A", "Z", "AA", "AZ", "BA", "ZZ", "AAA"]
    assert formatted("{col}{row_letter}", 1, 3) == "2D"
    assert formatted("{col_letter}{row}", 27, 9) == "AB10"
    assert formatted("{col:02}.{row:03}", 2, 3) == "03.004"
    assert check("{col}{row_letter}") == "" and check("hex {col:02}{row:02}") == ""
    assert check("{row}") and check("{col}{row}{x}") and check("{col}{row:>9}")


def test_a_tile_page_fails_with_a_tile_whose_layout_error_was_said_on_an_earlier_face():
    """A layout's error is said once, on the first face it is on; a later page of tiles drawn
    from it failed too only if the tile's surface told its page (Surface.faulted)."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from pnp.faces.tessellate import draw_tiles
    from pnp.render.fonts import load_fonts

    def faulted(face):
        face.faulted = True

    lat = Lattice("hex", "flat", "odd", 20 * MM)
    c, spots = Canvas(io.BytesIO()), [lat.centre(0, 0), lat.centre(1, 0)]
    args = (c, load_fonts(), lat, spots)
    assert draw_tiles(*args, [faulted, None], [None, None], ["a", "b"], 500, 0, []) is True
    assert draw_tiles(*args, [lambda face: None] * 2, [None, None], ["a", "b"], 500, 0,
                      []) is False


def test_rows_a_new_radius_renamed_are_one_finding_not_one_a_row(tmp_path):
    """radius = 9 renames every cell of a radius-2 island: each of the 19 rows was an error of
    its own, each with a hint about the frame and a 'did you mean'."""
    folder = _isle(tmp_path)
    edit(folder / "hexes.csv", "0303,desert,\n", "")  # (18 rows: no whole smaller hexagon)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace("radius = 2", "radius = 9", 1))
    res = _validate(folder)
    assert res.exit_code == 2, res.output
    lines = [line for line in res.output.splitlines() if "hexes.csv" in line]
    assert len(lines) == 1, res.output
    assert re.search(r'^error: hexes\.csv, field "cell": \d+ of the 18 data rows name cells the '
                     r"grid does not have \(rows 2, 3, .*\); if radius = 9 changed, the grid's "
                     r"cells have new labels \(.*\): rename the rows' cells, or give the grid "
                     r"the size they were named for$", lines[0]), lines[0]


@pytest.mark.parametrize("radius,centre", [(3, "0404"), (9, "1010")])
def test_rows_named_for_a_smaller_hexagon_are_one_error_though_most_still_fit(tmp_path, radius,
                                                                              centre):
    """radius 2 grown to 3 (for a sea ring) renames every cell; 18 of the 19 labels are still
    cells of the larger grid, so one row was an error (its hint: make radius one larger, as
    was done) and 18 moved off-centre unsaid."""
    folder = _isle(tmp_path)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace("radius = 2", f"radius = {radius}", 1))
    res = _validate(folder)
    assert res.exit_code == 2, res.output
    lines = [line for line in res.output.splitlines() if "hexes.csv" in line]
    assert lines == [
        'error: hexes.csv, field "cell": the 19 rows name by label every cell of a hexagon of '
        f"radius 2, but the grid's radius is {radius}: its labels count from its top-left cell, "
        "so each row would be drawn in another cell, off-centre, or off the grid (its centre "
        f"is {centre}); rename the rows' cells for radius {radius}, or name them by q and r, "
        "which keep their places"], res.output


def test_rows_by_q_and_r_outside_a_smaller_grid_are_said_to_lie_outside_it(tmp_path):
    """q and r keep their names whatever the size: "names the cells anew" was wrong there."""
    folder, _ = _axial_isle(tmp_path)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace("radius = 2", "radius = 1", 1))
    res = _validate(folder)
    lines = [line for line in res.output.splitlines() if "hexes.csv" in line]
    assert lines == ['error: hexes.csv, field "q": 12 of the 19 data rows name cells the grid '
                     "does not have (rows 2, 3, 4, 5, 8, 9, 13, 14, 17, 18, ...); they lie "
                     "outside it: make the grid larger, or leave those rows out"], res.output


def test_q_and_r_beside_a_cell_column_are_said_when_they_name_another_cell(tmp_path):
    """A row's cell comes from `cell` when the data has it: q and r beside it that disagree
    were ignored unsaid; q and r that agree (kept to print) are said nothing."""
    folder = _isle(tmp_path)
    grid = next(c.grid for c in open_game(str(folder)).model.components if c.grid is not None)
    by_label = {c.label: c for c in grid.cells}
    csv = folder / "hexes.csv"
    lines = csv.read_text().splitlines()
    agree = [lines[0] + ",q,r"] + [
        f"{line},{by_label[line[:4]].q},{by_label[line[:4]].r}" for line in lines[1:]]
    csv.write_text("\n".join(agree) + "\n")
    res = _validate(folder)
    assert res.exit_code == 0 and "warning" not in res.output, res.output
    csv.write_text("\n".join(agree[:2] + [agree[2].rsplit(",", 2)[0] + ",5,5"] + agree[3:]) + "\n")
    res = _validate(folder)
    assert res.exit_code == 0, res.output
    cell = agree[2][:4]
    assert (f'warning: hexes.csv, row 3, field "q": its cell {cell} is q {by_label[cell].q}, r '
            f"{by_label[cell].r}, not the q and r columns' 5, 5: the cell column places the row, "
            "so q and r place nothing; leave them out or make them agree") in res.output, \
        res.output


def test_one_row_on_a_small_hexagon_is_no_renamed_map(tmp_path):
    """One row is every cell of a hexagon of radius 0: no map was named for it."""
    folder = _isle(tmp_path)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace("radius = 2", "radius = 1", 1))
    (folder / "roads.csv").write_text("cells,along,colour,width\n")
    csv = folder / "hexes.csv"
    lines = csv.read_text().splitlines()
    csv.write_text("\n".join([lines[0], "0101" + lines[1][4:]]) + "\n")  # radius 0's label
    res = _validate(folder)
    assert res.exit_code == 0 and "hexagon of radius 0" not in res.output, res.output


def test_rows_named_in_another_label_format_point_at_label_format(tmp_path):
    """Only label_format changed, and the hint said 'if radius = 2 changed'."""
    folder = _isle(tmp_path)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace(
        "radius = 2", 'radius = 2\nlabel_format = "{col}{row_letter}"', 1))
    (folder / "roads.csv").write_text("cells,along,colour,width\n")
    res = _validate(folder)
    assert res.exit_code == 2, res.output
    assert "if radius = 2 or label_format = '{col}{row_letter}' changed, the grid's cells have " \
        "new labels" in res.output, res.output


def test_a_branching_river_written_in_any_order_is_one_connected_line(tmp_path):
    """Sides drawn one by one: a fork, or a river written out of order, prints as meant."""
    folder = _isle(tmp_path)
    # the template's road, its sides out of order, and a fork from the desert's top corner
    (folder / "roads.csv").write_text("cells,along,colour,width\n"
                                      "0203/0202 0302/0303 0202/0303 0202/0302,edges,#6b4f2a,2mm\n")
    res = _validate(folder)
    assert res.exit_code == 0, res.output
