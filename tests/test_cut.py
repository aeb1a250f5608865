"""Print-then-cut exports: the registration marks where the machine looks for them, and cut
paths (SVG and DXF) that lie on the printed pieces' edges, checked by numbers."""

import re
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from helpers import TEXT_FRONT, card_game, stroked_paths
from pnp.cli import main
from pnp.errors import PnpError
from pnp.project import export, open_game
from pnp.scaffold import new_game

MM = 72 / 25.4
A4_W, A4_H = 210.0, 297.0
SOLID = """[bg]
type = "rect"
fill = "#204080"
x = "-3mm"
y = "-3mm"
width = "100% + 6mm"
height = "100% + 6mm"
"""


def _deck(tmp_path, rows=8, front=SOLID, extra=""):
    csv = "text\n" + "".join(f"card {i}\n" for i in range(rows))
    return card_game(tmp_path / "deck", front, csv, extra_toml=extra)


def _cut(folder, out, machine="silhouette", **kw):
    export(open_game(str(folder)), "cut", out, machine=machine, **kw)
    return out


SVG = "{http://www.w3.org/2000/svg}"


def _svg_boxes(svg_path):
    """(x, y, w, h) in mm (y down) of every cut in an SVG, and the corner radius of each."""
    root = ET.parse(svg_path).getroot()
    boxes = []
    for el in root.iter():
        if el.tag == SVG + "rect":
            boxes.append((*(float(el.get(k)) for k in ("x", "y", "width", "height")), 0.0))
        elif el.tag == SVG + "path":
            xs, ys, radius = [], [], 0.0
            for op, args in re.findall(r"([MHVA])([^MHVAZ]*)", el.get("d")):
                nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", args)]
                if op == "H":
                    xs.append(nums[0])
                elif op == "V":
                    ys.append(nums[0])
                else:  # M x,y; A rx,ry rotation large sweep x,y: the end point
                    xs.append(nums[-2])
                    ys.append(nums[-1])
                    radius = nums[0] if op == "A" else radius
            x0, y0 = min(v for v in xs), min(v for v in ys)
            boxes.append((x0, y0, max(xs) - x0, max(ys) - y0, radius))
        elif el.tag == SVG + "circle":
            cx, cy, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
            boxes.append((cx - r, cy - r, 2 * r, 2 * r, r))
        elif el.tag == SVG + "polygon":
            pts = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            boxes.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), len(pts)))
    return root, boxes


def test_silhouette_marks_sit_where_studio_looks_for_them(tmp_path):
    out = _cut(_deck(tmp_path), tmp_path / "cut")
    lines = [pts for colour, pts in stroked_paths(str(out / "sheets.pdf"), 0)
             if colour == (0, 0, 0) and len(pts) == 2]
    in_mm = sorted(tuple(sorted((round(x / MM, 3), round(A4_H - y / MM, 3)) for x, y in pts))
                   for pts in lines)
    # Type 1: an L of two 20 mm arms at the top right and the bottom left of the rectangle
    # 10 mm in from every paper edge (mark to mark 190 x 277 mm on A4)
    assert in_mm == sorted([((180.0, 10.0), (200.0, 10.0)), ((200.0, 10.0), (200.0, 30.0)),
                            ((10.0, 287.0), (30.0, 287.0)), ((10.0, 267.0), (10.0, 287.0))])
    import pypdfium2 as pdfium

    dpi = 600
    page = pdfium.PdfDocument(str(out / "sheets.pdf"))[0]
    image = page.render(scale=dpi / 72).to_pil().convert("L")
    px = dpi / 25.4

    def dark(x_mm, y_mm):
        return image.getpixel((int(x_mm * px), int(y_mm * px))) < 64

    # the filled 5 mm square at the top left: its outer corner on the same rectangle
    assert dark(10.3, 10.3) and dark(14.7, 14.7) and not dark(15.4, 12.5)
    assert not dark(9.6, 12.5) and not dark(12.5, 15.4)
    # the arms are 0.3 mm wide (the width the marks register best at)
    column = [image.getpixel((int(190 * px), y)) < 128 for y in range(int(8 * px), int(12 * px))]
    assert abs(sum(column) / px - 0.3) < 0.06


def test_cut_paths_keep_clear_of_the_marks_and_inside_them(tmp_path):
    out = _cut(_deck(tmp_path, rows=20), tmp_path / "cut", bleed_mm=1.0)
    corner = 20 + 1  # the marks' 20 mm corner squares and their 1 mm of white
    files = sorted(out.glob("cut-*.svg"))
    assert len(files) == 4  # 20 cards, 6 a page (the marks' corners take two cards' room)
    for svg in files:
        root, boxes = _svg_boxes(svg)
        assert (root.get("width"), root.get("height")) == ("210mm", "297mm")
        assert root.get("viewBox") == "0 0 210 297"
        for x, y, w, h, _ in boxes:
            art = (x - 1, y - 1, x + w + 1, y + h + 1)  # the bleed printed around the cut
            assert 10 <= art[0] and art[2] <= 200 and 10 <= art[1] and art[3] <= 287
            for kx, ky in ((10, 10), (200 - corner, 10), (10, 287 - corner)):
                apart = (art[2] <= kx or art[0] >= kx + corner or art[3] <= ky
                         or art[1] >= ky + corner)
                assert apart, (svg.name, x, y)


def test_cut_paths_lie_on_the_printed_edges(tmp_path):
    """With no bleed, the printed colour must end exactly where the SVG cuts."""
    import pypdfium2 as pdfium

    out = _cut(_deck(tmp_path, rows=6), tmp_path / "cut", bleed_mm=0.0, corner_radius_mm=0)
    _, boxes = _svg_boxes(out / "cut-01.svg")
    assert len(boxes) == 6
    dpi = 300
    px = dpi / 25.4
    image = pdfium.PdfDocument(str(out / "sheets.pdf"))[0].render(scale=dpi / 72).to_pil()

    def colour(x_mm, y_mm):
        return image.convert("RGB").getpixel((int(x_mm * px), int(y_mm * px)))

    blue, white = (0x20, 0x40, 0x80), (255, 255, 255)
    for x, y, w, h, _ in boxes:
        assert (w, h) == (63, 88) or (w, h) == (88, 63)
        mx, my = x + w / 2, y + h / 2
        for inside, outside in (((x + 0.3, my), (x - 0.3, my)),
                                ((x + w - 0.3, my), (x + w + 0.3, my)),
                                ((mx, y + 0.3), (mx, y - 0.3)),
                                ((mx, y + h - 0.3), (mx, y + h + 0.3))):
            assert colour(*inside) == blue and colour(*outside) == white


def _dxf_entities(path):
    codes = path.read_text().splitlines()
    pairs = list(zip(codes[0::2], codes[1::2]))
    entities, current = [], None
    for code, value in pairs:
        if code == "0":
            current = {"type": value}
            entities.append(current)
        elif current is not None:
            current[code] = value
    return [e for e in entities if e["type"] in ("LINE", "ARC", "CIRCLE")]


def test_dxf_draws_the_svg_outlines_in_mm_with_y_up(tmp_path):
    out = _cut(_deck(tmp_path, rows=3), tmp_path / "cut")
    _, boxes = _svg_boxes(out / "cut-01.svg")
    entities = _dxf_entities(out / "cut-01.dxf")
    assert "$INSUNITS\n70\n4" in (out / "cut-01.dxf").read_text()
    arcs = [e for e in entities if e["type"] == "ARC"]
    lines = [e for e in entities if e["type"] == "LINE"]
    assert len(arcs) == 4 * len(boxes) and len(lines) == 4 * len(boxes)
    assert {float(a["40"]) for a in arcs} == {3.0}  # the poker card's 3 mm corners
    for x, y, w, h, r in boxes:
        assert r == 3.0
        # the top right corner's arc: centre r in from the corner, y measured up from the foot
        centre = (x + w - r, A4_H - (y + r))
        assert any(abs(float(a["10"]) - centre[0]) < 1e-3 and abs(float(a["20"]) - centre[1])
                   < 1e-3 and (a["50"], a["51"]) == ("0", "90") for a in arcs)
        # the bottom edge, from corner arc to corner arc
        foot = A4_H - (y + h)
        assert any(float(e["20"]) == pytest.approx(foot) and float(e["21"])
                   == pytest.approx(foot) and sorted((float(e["10"]), float(e["11"])))
                   == pytest.approx([x + r, x + w - r]) for e in lines)


def test_corner_radius_is_a_setting(tmp_path):
    folder = _deck(tmp_path, rows=1, extra='[cut]\ncorner_radius = "2mm"\n')
    _, boxes = _svg_boxes(_cut(folder, tmp_path / "a") / "cut-01.svg")
    assert boxes[0][4] == 2.0
    _, boxes = _svg_boxes(_cut(folder, tmp_path / "b", corner_radius_mm=0) / "cut-01.svg")
    assert boxes[0][4] == 0.0  # a plain <rect>
    _, boxes = _svg_boxes(_cut(folder, tmp_path / "c", corner_radius_mm=4.5) / "cut-01.svg")
    assert boxes[0][4] == 4.5
    bad = _deck(tmp_path / "bad", rows=1, extra='[cut]\ncorner_radius = "50mm"\n')
    with pytest.raises(PnpError, match="corner_radius"):
        _cut(bad, tmp_path / "d")


def test_cricut_sheets_are_print_then_cut_images(tmp_path):
    from PIL import Image

    out = _cut(_deck(tmp_path, rows=7), tmp_path / "cut", machine="cricut")
    images = sorted(out.glob("sheet-*.png"))
    assert [p.name for p in images] == ["sheet-01.png", "sheet-02.png"]
    with Image.open(images[0]) as im:
        assert im.size == (2025, 2775)  # 6.75 x 9.25 in at 300 dpi: Print Then Cut's largest
        assert im.convert("L").getpixel((5, 5)) == 255  # no marks: Design Space adds its own
    root, boxes = _svg_boxes(out / "cut-01.svg")
    assert (root.get("width"), root.get("height")) == ("171.45mm", "234.95mm")
    for x, y, w, h, _ in boxes:
        assert x - 3 >= 0 and y - 3 >= 0 and x + w + 3 <= 171.45 + 1e-6 and y + h + 3 <= 234.95


def test_hexes_and_circles_are_cut_as_what_they_are(tmp_path):
    hexes = new_game("hexes", tmp_path, "hex-tiles")
    out = _cut(hexes, tmp_path / "hex")
    svg = (out / "cut-01.svg").read_text()
    assert "<polygon" in svg and "<path" not in svg
    _, boxes = _svg_boxes(out / "cut-01.svg")
    assert {b[4] for b in boxes} == {6}  # six corners each
    dxf = _dxf_entities(out / "cut-01.dxf")
    assert len([e for e in dxf if e["type"] == "LINE"]) == 6 * len(boxes)
    tokens = new_game("tokens", tmp_path, "tokens-and-board")
    out = _cut(tokens, tmp_path / "tok")
    circles = [e for e in _dxf_entities(out / "cut-01.dxf") if e["type"] == "CIRCLE"]
    _, boxes = _svg_boxes(out / "cut-01.svg")
    assert circles and len(circles) == len(boxes)
    assert {float(c["40"]) for c in circles} == {b[2] / 2 for b in boxes}


def test_the_backs_follow_each_front_mirrored(tmp_path):
    back = '[bg]\ntype = "rect"\nfill = "#aa2222"\nx = "0mm"\ny = "0mm"\nwidth = "100%"\n' \
           'height = "100%"\n'
    folder = _deck(tmp_path, rows=2)
    (folder / "layouts" / "back.toml").write_text(back)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('front = "layouts/front.toml"\n',
                                             'front = "layouts/front.toml"\n'
                                             'back = "layouts/back.toml"\n'))
    from pypdf import PdfReader

    out = _cut(folder, tmp_path / "cut")
    assert len(PdfReader(out / "sheets.pdf").pages) == 2  # the front, then its back
    assert len(list(out.glob("cut-*.svg"))) == 1  # the machine cuts the front


def test_cut_needs_its_machine_and_only_cut_takes_one(tmp_path):
    folder = _deck(tmp_path, rows=1)
    runner = CliRunner()
    result = runner.invoke(main, ["export", "-g", str(folder), "--format", "cut",
                                  "-o", str(tmp_path / "x")])
    assert result.exit_code != 0 and "--machine" in result.output
    result = runner.invoke(main, ["export", "-g", str(folder), "--format", "png",
                                  "--machine", "cricut", "-o", str(tmp_path / "y")])
    assert result.exit_code != 0 and "--machine" in result.output
    big = card_game(tmp_path / "big", TEXT_FRONT, "text\na\n",
                    extra_toml="")
    toml = big / "game.toml"
    toml.write_text(toml.read_text().replace('size = "poker"', 'width = "160mm"\nheight = "230mm"'))
    result = runner.invoke(main, ["export", "-g", str(big), "--format", "cut", "--machine",
                                  "cricut", "-o", str(tmp_path / "z"), "--bleed", "10"])
    assert result.exit_code != 0 and "does not fit the Cricut cut area" in result.output
    assert "Traceback" not in result.output and not (tmp_path / "z").exists()


def test_a_board_left_off_the_mat_is_named_where_the_designer_looks(tmp_path):
    """Wuxing's board is printed whole by pnp build; the cut export used to leave it out
    without a word, so a designer hunted for it in the cut files."""
    from helpers import ROOT

    out = tmp_path / "cut"
    summary, _ = export(open_game("wuxing", cwd=ROOT), "cut", out, machine="silhouette")
    how = (out / "HOW-TO-CUT.txt").read_text()
    assert "Not on these sheets" in how and "Board: 3 paths of 5 islands" in how
    assert "1 board(s) not for the mat" in summary
    deck = _deck(tmp_path)  # a deck alone has no board to name
    summary, _ = export(open_game(str(deck)), "cut", tmp_path / "deck-cut", machine="cricut")
    assert "not for the mat" not in summary
    assert "Not on these sheets" not in (tmp_path / "deck-cut" / "HOW-TO-CUT.txt").read_text()
