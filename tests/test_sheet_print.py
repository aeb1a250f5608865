"""Card sheets by numbers, for every shipped game on A4 and Letter: no card can be told from its
back (no cut line between two back designs), the full bleed on every exposed edge, and nothing
printed within 5 mm of the paper's edge."""

import io
from collections import defaultdict

import pytest

from helpers import ROOT
from pnp.layout.grid import PRINTER_MARGIN
from pnp.project import prepare, open_game
from pnp.render.pdf import KitRenderer, Options
from pnp.units import MM, PAPERS

GAMES = ["wuxing", "experior", "legolas"]
BLEED = 3 * MM
EPS = 1e-3


@pytest.fixture(scope="module", params=[(g, p) for g in GAMES for p in ("a4", "letter")],
                ids=lambda v: f"{v[0]}-{v[1]}")
def drawn(request):
    game, paper = request.param
    kit, fonts, _ = prepare(open_game(game, cwd=ROOT), force=True)
    renderer = KitRenderer(kit, fonts, Options(PAPERS[paper], BLEED))
    pdf = io.BytesIO()
    result = renderer.render(pdf)
    rect_sheets = {s.title for s in kit.sheets if s.shape == "rect"}
    faces = [p for p in result.placements if p.sheet in rect_sheets]
    assert not [f for f in result.findings if "bleed" in str(f)]  # the full bleed fits
    return faces, pdf.getvalue(), paper


def _neighbour(a, b, side):
    """Does b's trim touch a's trim along `side` of a (sharing a stretch of cut line)?"""
    ta, tb = a.trim, b.trim
    overlap_y = min(ta.top, tb.top) - max(ta.y, tb.y) > EPS
    overlap_x = min(ta.right, tb.right) - max(ta.x, tb.x) > EPS
    return {"left": overlap_y and abs(tb.right - ta.x) < EPS,
            "right": overlap_y and abs(tb.x - ta.right) < EPS,
            "bottom": overlap_x and abs(tb.top - ta.y) < EPS,
            "top": overlap_x and abs(tb.y - ta.top) < EPS}[side]


def _covered(parts, x, y):
    return any(p.x - EPS <= x <= p.right + EPS and p.y - EPS <= y <= p.top + EPS for p in parts)


def _strip_points(trim, side, depth):
    """Sample points of the strip `depth` wide outside `side` of the trim."""
    ts = [i / 8 for i in range(9)]
    if side in ("left", "right"):
        x = trim.x - depth if side == "left" else trim.right + depth
        return [(x, trim.y + t * trim.h) for t in ts] + [((trim.x + x) / 2, trim.y + t * trim.h)
                                                          for t in ts]
    y = trim.y - depth if side == "bottom" else trim.top + depth
    return [(trim.x + t * trim.w, y) for t in ts] + [(trim.x + t * trim.w, (trim.y + y) / 2)
                                                     for t in ts]


def test_no_cut_line_between_two_back_designs_and_full_bleed_elsewhere(drawn):
    faces, _, _ = drawn
    by_page = defaultdict(list)
    for f in faces:
        by_page[f.page].append(f)
    exposed = shared = 0
    for page in by_page.values():
        for card in page:
            for side in ("left", "right", "bottom", "top"):
                near = [o for o in page if o is not card and _neighbour(card, o, side)]
                for other in near:
                    assert other.back_key == card.back_key, (card.name, side, other.name)
                    shared += 1
                if not near:  # an exposed edge: the art runs the full bleed beyond the trim
                    exposed += 1
                    for x, y in _strip_points(card.trim, side, BLEED):
                        assert _covered(card.art, x, y), (card.page, card.name, card.side, side)
    assert exposed > 0


def test_art_never_reaches_another_cards_trim(drawn):
    faces, _, _ = drawn
    by_page = defaultdict(list)
    for f in faces:
        by_page[f.page].append(f)
    for page in by_page.values():
        for card in page:
            for other in page:
                if other is card:
                    continue
                t = other.trim
                for p in card.art:
                    w = min(p.right, t.right) - max(p.x, t.x)
                    h = min(p.top, t.top) - max(p.y, t.y)
                    assert w < EPS or h < EPS, (card.name, other.name, w, h)


def test_nothing_printed_within_5_mm_of_the_paper_edge(drawn):
    import pypdfium2 as pdfium

    _, pdf, paper = drawn
    doc = pdfium.PdfDocument(pdf)
    scale = 100 / 72
    tolerance = 72 / 100  # one pixel of anti-aliasing
    try:
        for i in range(len(doc)):
            img = doc[i].render(scale=scale).to_pil().convert("L")
            box = img.point(lambda v: 255 if v < 245 else 0).getbbox()
            if box is None:
                continue
            w, h = img.size
            nearest = min(box[0], w - box[2], box[1], h - box[3]) / scale
            assert nearest >= PRINTER_MARGIN - tolerance, (paper, i + 1, nearest / MM)
    finally:
        doc.close()


@pytest.mark.parametrize("size,paper,per_page,turned", [
    ((100, 150), "a4", 2, True),  # turned: two a page where upright fits one
    ((44, 63), "a4", 18, True),  # minis: 6 rows of 3 turned, not 4 x 4
    ((63, 88), "a4", 9, False),
    ((63, 88), "letter", 8, True),  # Letter keeps the full bleed with one card fewer
])
def test_sheets_are_filled_turning_pieces_when_more_fit(size, paper, per_page, turned):
    from reportlab.lib.colors import HexColor

    from pnp.kit import Kit, Piece, Sheet, shared
    from pnp.render.fonts import load_fonts

    back = shared(lambda s: s.fill_bleed(HexColor("#334455")))
    pieces = tuple(Piece("card", f"card {i}", lambda s: None, back) for i in range(40))
    kit = Kit("t", sheets=[Sheet("Cards", size[0] * MM, size[1] * MM, pieces)])
    renderer = KitRenderer(kit, load_fonts(), Options(PAPERS[paper], BLEED))
    renderer.render(io.BytesIO())
    plan = renderer.plans[0]
    assert (plan.grid.per_page, plan.turned) == (per_page, turned)
    assert plan.grid.outer_bleed == pytest.approx(BLEED)
    assert [len(p) for p in plan.pages][0] == per_page


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_stay_above_the_sheet_label(game, paper):
    """Every crop mark ends above the label band; the label's tallest glyph stays below it."""
    from pnp.layout.grid import LABEL_BAND
    from pnp.render.pdf import FOOTER_BASELINE

    kit, fonts, _ = prepare(open_game(game, cwd=ROOT), force=True)
    renderer = KitRenderer(kit, fonts, Options(PAPERS[paper], BLEED))
    renderer.plan()
    band_top = PRINTER_MARGIN + LABEL_BAND
    from reportlab.pdfbase import pdfmetrics

    ascent = pdfmetrics.getAscent(fonts["regular"], 6.5)
    assert FOOTER_BASELINE + ascent < band_top - 0.3 * MM
    for plan in renderer.plans:
        for m in plan.grid.crop_marks():
            assert min(m.y1, m.y2) >= band_top - 1e-6


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tokens_ride_on_a_card_sheets_last_page_clear_of_every_card(paper):
    """Legolas's 7 markers fit the free cells of the monsters' last page: no sheet of their own,
    each marker's art (cut circle plus bleed) clear of every card's art, backs mirrored."""
    kit, fonts, _ = prepare(open_game("legolas", cwd=ROOT), force=True)
    renderer = KitRenderer(kit, fonts, Options(PAPERS[paper], BLEED))
    result = renderer.render(io.BytesIO())
    assert not [s for s in result.sections if s.title.startswith("Markers")]
    markers = [p for p in result.placements if p.sheet == "Markers"]
    assert len(markers) == 14 and result.placed["player marker"] == 5
    fronts = [p for p in markers if p.side == "front"]
    backs = [p for p in markers if p.side == "back"]
    page = fronts[0].page
    assert {p.page for p in fronts} == {page} and {p.page for p in backs} == {page + 1}
    pw = PAPERS[paper][0]
    for f, b in zip(fronts, backs):
        assert b.trim.x == pytest.approx(pw - f.trim.right)
    cards = [p for p in result.placements if p.page in (page, page + 1) and p.sheet != "Markers"]
    assert cards
    host = renderer.plans[[s.title for s in renderer.sheets].index(cards[0].sheet)].grid
    for m in fronts:  # a guillotine cut along any cut line misses every marker
        cx, cy, r = m.trim.x + m.trim.w / 2, m.trim.y + m.trim.h / 2, m.trim.w / 2
        assert all(abs(cx - x) > r for x in host.cut_xs())
        assert all(abs(cy - y) > r for y in host.cut_ys())
    for m in markers:
        cx, cy, r = m.trim.x + m.trim.w / 2, m.trim.y + m.trim.h / 2, m.trim.w / 2 + BLEED
        for card in (c for c in cards if c.page == m.page):
            for part in card.art:  # nearest point of the card's art to the marker's centre
                nx = min(max(cx, part.x), part.right)
                ny = min(max(cy, part.y), part.top)
                assert (nx - cx) ** 2 + (ny - cy) ** 2 >= r * r - EPS


HEX_GAME = """[game]
title = "Hexes"
engine = "deck"
[[component]]
name = "tile"
type = "tile"
shape = "hex"
data = "tiles.csv"
size = "{size}mm"
front = "layouts/front.toml"
back = "layouts/back.toml"
"""
FACE_HEX = """[edge]
type = "polygon"
sides = 6
width = "100%"
height = "100%"
stroke = "{colour}"
stroke_width = "0.5pt"
"""


def _corners(points):
    """The distinct corners of a closed path, rounded to 0.01 pt."""
    return sorted({(round(x, 2) + 0.0, round(y, 2) + 0.0) for x, y in points})


@pytest.mark.parametrize("paper,size,turned", [("a4", 45, True), ("a4", 60, True),
                                               ("letter", 45, True), ("letter", 60, False)])
def test_hex_cut_line_follows_the_hexagon_drawn_on_every_face(tmp_path, paper, size, turned):
    """A hex tile's cut line and the hexagon its face draws (a polygon filling the face) share
    their six corners, fronts and backs, whether or not the sheet turns the tiles a quarter
    (where more fit turned)."""
    from helpers import stroked_paths

    game = tmp_path / "hexes"
    (game / "layouts").mkdir(parents=True)
    (game / "game.toml").write_text(HEX_GAME.format(size=size))
    (game / "tiles.csv").write_text("name,count\nA,14\n")
    (game / "layouts" / "front.toml").write_text(FACE_HEX.format(colour="#ff0000"))
    (game / "layouts" / "back.toml").write_text(FACE_HEX.format(colour="#0000ff"))
    kit, fonts, _ = prepare(open_game(str(game)), force=False)
    renderer = KitRenderer(kit, fonts, Options(PAPERS[paper], BLEED))
    out = io.BytesIO()
    built = renderer.render(out)
    assert [p.turned for p in renderer.plans] == [turned]
    tiles = [p for p in built.placements if p.sheet == "Tiles"]
    assert len(tiles) == 28
    matched = 0
    for page in sorted({p.page for p in tiles}):
        paths = stroked_paths(out.getvalue(), page - 1)
        cuts = [_corners(pts) for col, pts in paths if col == (115, 115, 115)]
        faces = [_corners(pts) for col, pts in paths if col in ((255, 0, 0), (0, 0, 255))]
        assert len(cuts) == len(faces) == len([p for p in tiles if p.page == page])
        for cut in cuts:
            assert len(cut) == 6
            face = min(faces, key=lambda f: sum(abs(a[0] - b[0]) + abs(a[1] - b[1])
                                                for a, b in zip(f, cut)))
            for (cx, cy), (fx, fy) in zip(cut, face):
                assert (fx, fy) == pytest.approx((cx, cy), abs=0.02), (page, cut, face)
            matched += 1
    assert matched == 28


def test_gutterfold_line_stops_below_its_fold_label(monkeypatch):
    """The dashed fold line once ran up through its own "fold" label, striking the word out."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen.canvas import Canvas

    lines, labels = [], []
    line, centred = Canvas.line, Canvas.drawCentredString
    monkeypatch.setattr(Canvas, "line", lambda c, *a: (lines.append(a), line(c, *a))[1])
    monkeypatch.setattr(Canvas, "drawCentredString",
                        lambda c, x, y, t, *a, **k: (labels.append((x, y, t)),
                                                     centred(c, x, y, t, *a, **k))[1])
    kit, fonts, _ = prepare(open_game("wuxing", cwd=ROOT), force=True)
    KitRenderer(kit, fonts, Options(PAPERS["a4"], BLEED, layout="gutterfold")).render(io.BytesIO())
    folds = [(x, y) for x, y, t in labels if t == "fold"]
    assert folds
    x, baseline = folds[0]
    descent = -pdfmetrics.getDescent(fonts["regular"], 6.5)
    fold_lines = [a for a in lines if abs(a[0] - x) < EPS and abs(a[2] - x) < EPS]
    assert fold_lines
    for _, y1, _, y2 in fold_lines:
        assert max(y1, y2) < baseline - descent - 0.3 * MM
