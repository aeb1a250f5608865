"""One-face previews, proof overlays and element boxes: the geometry in points and pixels."""

import io

import pytest
from click.testing import CliRunner
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from pnp.cli import main
from pnp.errors import PnpError
from pnp.layout.grid import Rect
from pnp.preview import FaceSpec, draw_face, find_face, find_faces, kit_faces, rasterise
from pnp.project import open_game, prepare
from pnp.render.fonts import load_fonts
from pnp.render.proof import LABEL_SIZE, SAFE_MARGIN, label_tag, zones
from pnp.render.surface import Element, Surface
from pnp.units import MM


@pytest.fixture(scope="module")
def wuxing():
    kit, fonts, _ = prepare(open_game("wuxing"), force=True)
    return kit_faces(kit), fonts


@pytest.mark.parametrize("game", ["wuxing", "experior", "legolas"])
def test_every_piece_names_where_it_comes_from(game):
    kit, _, _ = prepare(open_game(game), force=True)
    missing = {f.name for f in kit_faces(kit) if f.source is None and not f.board}
    assert not missing


def test_file_row_names_the_piece_drawn_from_that_row(wuxing):
    faces, _ = wuxing
    assert find_face(faces, "cards.csv:3").name == "Yang fire card"
    back = find_face(faces, "cards.csv:3", back=True)
    assert back.back and back.name == "Yang fire card"
    assert find_face(faces, "game.toml").name == "reference card"  # a count in game.toml
    assert find_face(faces, "Reference Card").kind == "reference card"
    with pytest.raises(PnpError, match="no piece comes from 'cards.csv:99'.*cards.csv:2, "
                                       "cards.csv:3"):
        find_face(faces, "cards.csv:99")


def test_the_start_of_one_piece_s_name_names_it(wuxing):
    """A board's long name need not be typed whole ("Score board: −10 to 49 VP ..." has a
    minus sign no keyboard shows); a start that several names share is an error listing them
    (it said no piece came from it)."""
    faces, _ = wuxing
    board = next(f for f in faces if f.board)
    assert board.name.startswith("Board: ") and find_face(faces, "BOARD").name == board.name
    assert len({f.name for f in faces if f.name.lower().startswith("yang")}) > 1
    with pytest.raises(PnpError, match="'yang' is the start of 8 names: \"Yang wood card\", "
                                       "\"Yang fire card\", .*; give more of one"):
        find_face(faces, "yang")


def test_preview_writes_the_face_with_its_bleed_at_the_asked_dpi(tmp_path):
    out = tmp_path / "fire.png"
    res = CliRunner().invoke(main, ["preview", "--game", "wuxing", "--card", "cards.csv:3",
                                    "--dpi", "254", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert "Yang fire card, front, 254 dpi" in res.output
    img = Image.open(out)
    assert img.size == (690, 940)  # (63 + 2 x 3) mm x (88 + 2 x 3) mm at 10 px/mm
    bad = CliRunner().invoke(main, ["preview", "--game", "wuxing", "--card", "nope.csv:2",
                                    "--out", str(tmp_path / "x.png")])
    assert bad.exit_code == 1 and bad.output.startswith("Error: no piece comes from")
    assert not (tmp_path / "x.png").exists()


def test_proof_zones_in_points():
    z = zones(63 * MM, 88 * MM, 3 * MM)
    assert z["trim"] == Rect(0, 0, 63 * MM, 88 * MM)
    assert z["bleed"] == Rect(-3 * MM, -3 * MM, 69 * MM, 94 * MM)
    assert z["safe"] == Rect(SAFE_MARGIN, SAFE_MARGIN, 63 * MM - 2 * SAFE_MARGIN,
                             88 * MM - 2 * SAFE_MARGIN)
    assert zones(8 * MM, 8 * MM, 0)["safe"].w == pytest.approx(4 * MM)  # a tiny token keeps a zone


def test_proof_draws_trim_line_where_the_card_is_cut(wuxing):
    faces, fonts = wuxing
    face = find_face(faces, "cards.csv:3")
    plain = Image.open(io.BytesIO(rasterise(draw_face(face, fonts), 254))).convert("RGB")
    proof = Image.open(io.BytesIO(rasterise(draw_face(face, fonts, proof=True), 254)))
    proof = proof.convert("RGB")
    # 10 px per mm: the trim runs 3 mm in from the image's edges
    r, g, b = proof.getpixel((30, 470))
    assert r > 150 and r - max(g, b) > 100, (r, g, b)  # red (blended with its white halo)
    assert proof.getpixel((15, 470)) == plain.getpixel((15, 470))  # between bleed and trim


def test_element_boxes_land_where_drawn_through_a_turned_frame():
    fonts = load_fonts()
    c = Canvas(io.BytesIO())
    c.translate(100, 50)  # where the sheet put the piece
    s = Surface(c, fonts, 60, 80, 0)
    s.element("plain", 10, 20, 30, 5)
    c.saveState()
    c.translate(60, 0)
    c.rotate(90)  # the drawer turns its frame a quarter: x runs up, y runs left
    s.element("turned", 10, 5, 30, 8)
    c.restoreState()
    s.element("text", 5, 5, 50, 20, "Some rule text")
    boxes = {e.name: e.rect for e in s.elements}
    assert boxes["plain"] == Rect(10, 20, 30, 5)
    turned = boxes["turned"]
    assert (turned.x, turned.y, turned.w, turned.h) == pytest.approx((47, 10, 8, 30))
    assert boxes["text"] == Rect(5, 5, 50, 20)


def test_build_proof_outlines_every_card(tmp_path):
    import pypdfium2 as pdfium

    plain, proof = tmp_path / "plain.pdf", tmp_path / "proof.pdf"
    for out, extra in ((plain, []), (proof, ["--proof"])):
        res = CliRunner().invoke(main, ["build", "--game", "wuxing", "--out", str(out)] + extra)
        assert res.exit_code == 0, res.output
    a, b = pdfium.PdfDocument(str(plain)), pdfium.PdfDocument(str(proof))
    assert len(a) == len(b)
    sheet = next(i for i in range(len(a)) if "Element and reference cards · sheet 1" in
                 a[i].get_textpage().get_text_range())
    text = b[sheet].get_textpage().get_text_range()
    assert text.count("glyph") >= 9 and "name" in text  # element boxes carry their names
    assert "glyph" not in a[sheet].get_textpage().get_text_range()


def test_a_path_must_be_the_games_own_file_and_boards_are_named(wuxing):
    faces, _ = wuxing
    own = find_face(faces, "cards.csv:3").source.path
    assert find_face(faces, f"{own}:3").name == "Yang fire card"  # the file itself, by path
    for card in ("../cards.csv:3", "/elsewhere/cards.csv:3", f"{own.parent.parent}/cards.csv:3"):
        with pytest.raises(PnpError, match="no piece comes from"):  # same name, other file
            find_face(faces, card)
    board = find_face(faces, "board: 3 paths of 5 islands")
    assert board.board and board.name == "Board: 3 paths of 5 islands"
    with pytest.raises(PnpError, match="'Board: 3 paths of 5 islands' has no back: it prints "
                                       "single-sided"):
        find_face(faces, "Board: 3 paths of 5 islands", back=True)
    with pytest.raises(PnpError) as hint:
        find_face(faces, "cards.csv:1")
    listed = str(hint.value).split("try one of: ")[1].split(", ")
    assert listed[:4] == ["Board: 3 paths of 5 islands", "reference card", "cards.csv:2",
                          "cards.csv:3"]  # rows in number order: 10 comes after 9


def test_a_row_that_makes_several_pieces_names_the_others(tmp_path):
    kit, _, _ = prepare(open_game("legolas"), force=True)
    faces = find_faces(kit_faces(kit), "missions.csv:2")
    assert [f.name for f in faces] == [f"{c} Stealth mission card" for c in
                                       ("Red", "Blue", "Green", "Yellow", "Purple")]
    res = CliRunner().invoke(main, ["preview", "--game", "legolas", "--card", "missions.csv:2",
                                    "--dpi", "30", "--out", str(tmp_path / "m.png")])
    assert res.exit_code == 0, res.output
    assert ('missions.csv:2 also makes 4 more; name one with --card: "Blue Stealth mission '
            'card", "Green') in res.output


def test_preview_writes_png_only(tmp_path):
    for name in ("card.pdf", "card", "-"):
        res = CliRunner().invoke(main, ["preview", "--game", "wuxing", "--card", "cards.csv:2",
                                        "--out", str(tmp_path / name)])
        assert res.exit_code == 1 and "give a name ending in .png" in res.output, name
        assert not (tmp_path / name).exists()


def test_proof_marks_read_on_dark_art():
    """A black face: the trim line runs on a white halo and an element's name sits on a white
    tag just above its box, where it hides none of the box's content."""
    def black(s):
        s.fill_bleed((0, 0, 0))
        s.element("title", 10 * MM, 40 * MM, 30 * MM, 10 * MM)

    spec = FaceSpec("x", "g", "dark", "card", False, 50 * MM, 80 * MM, "rect", black, None)
    fonts = load_fonts()
    img = Image.open(io.BytesIO(rasterise(draw_face(spec, fonts, proof=True), 254)))
    img = img.convert("RGB")  # 10 px per mm; the trim is 3 mm in, at x = 30 px
    row = [img.getpixel((x, 400)) for x in range(26, 35)]
    assert min(sum(p) for p in row) < 400  # the red line itself (or black art)
    white = [x for x, p in zip(range(26, 35), row) if min(p) > 200]
    assert white and min(white) < 30 < max(white)  # a halo on both sides of the line
    assert max(row[0]) < 60 and max(row[-1]) < 60  # beyond the halo: the art
    tag = label_tag(Element("title", Rect(10 * MM, 40 * MM, 30 * MM, 10 * MM)), 12, 83 * MM)
    assert tag.y == pytest.approx(50 * MM) and tag.h == pytest.approx(1.3 * LABEL_SIZE)
    # the tag, in pixels from the image's top-left: above the box's top edge (at y = 330 px)
    top = round((80 * MM + 3 * MM - tag.top) / MM * 10)
    patch = [img.getpixel((x, y)) for x in range(132, 134 + 20) for y in range(top + 1, 329)]
    assert sum(min(p) > 200 for p in patch) > len(patch) // 2  # mostly white paper
    assert any(p[0] > 120 and p[1] < 80 and p[2] > 120 for p in patch)  # magenta letters
    inside = [img.getpixel((x, y)) for x in range(140, 380, 7) for y in range(335, 425, 7)]
    assert all(max(p) < 60 for p in inside)  # the box's own content is left in sight
    low = label_tag(Element("t", Rect(0, 79 * MM, 10 * MM, 4 * MM)), 12, 83 * MM)
    assert low.top == pytest.approx(83 * MM)  # no room above: inside the box's top instead


def test_a_face_with_an_error_is_written_and_the_preview_fails(tmp_path):
    # the image shows the problem (text cut at its box), and the exit says there is one
    from helpers import edit_csv
    from pnp.scaffold import new_game

    deck = new_game("overflow", tmp_path)
    edit_csv(deck / "cards.csv", 2, "text", "Draw two more cards and discard them all. " * 30)
    args = ["preview", "--game", str(deck), "--out"]
    res = CliRunner().invoke(main, [*args, str(tmp_path / "bad.png"), "--card", "cards.csv:2"])
    assert res.exit_code == 3, res.output
    assert 'cards.csv, row 2, field "text"' in res.output and "does not fit its box" in res.output
    assert "bad.png shows the face as `pnp build --force` would print it" in res.output
    # what the box holds is drawn, whole lines at min_size, and a red overset mark at its foot
    # (it was an empty box)
    def lower_half(name):
        img = Image.open(tmp_path / name).convert("RGB")
        w, h = img.size
        return [img.getpixel((x, y)) for x in range(0, w, 2) for y in range(h // 2, h, 2)]

    lower = lower_half("bad.png")
    assert sum(p[0] > 180 and p[1] < 40 and p[2] < 40 for p in lower) > 20  # the mark
    edit_csv(deck / "cards.csv", 2, "text", "Draw two more cards.")
    res = CliRunner().invoke(main, [*args, str(tmp_path / "short.png"), "--card", "cards.csv:2"])
    assert res.exit_code == 0, res.output
    short = lower_half("short.png")  # (the letters in the lower half: the overset's alone)
    assert sum(max(p) < 90 for p in lower) > sum(max(p) < 90 for p in short) + 200
    assert not any(p[0] > 180 and p[1] < 40 and p[2] < 40 for p in short)
    good = CliRunner().invoke(main, [*args, str(tmp_path / "good.png"), "--card", "cards.csv:3"])
    assert good.exit_code == 0 and "error:" not in good.output, good.output


def test_data_that_cannot_be_drawn_stops_a_preview_without_offering_force(tmp_path):
    # prepare's refusal is worded for build ("even with --force"): preview has no --force
    from helpers import edit_csv
    from pnp.scaffold import new_game

    deck = new_game("unread", tmp_path)
    edit_csv(deck / "cards.csv", 3, "count", "lots")
    out = tmp_path / "face.png"
    res = CliRunner().invoke(main, ["preview", "--game", str(deck), "--card", "cards.csv:2",
                                    "--out", str(out)])
    assert res.exit_code == 2 and "Traceback" not in res.output, res.output
    lines = res.output.strip().splitlines()
    assert 'error: cards.csv, row 3, field "count": expected a whole number' in lines[0]
    assert lines[-1] == ("Error: 1 problem(s) in the game's files; no face was drawn: a face "
                         "cannot be drawn from layouts with mistakes nor from data with missing "
                         "or unreadable rows (fix them, then preview again)")
    assert "--force" not in res.output and not out.exists()


def _two_sheet_deck(tmp_path):
    """A `pnp new` deck whose cards are a workbook's sheet Cards and whose second deck, of the
    same rows' shape, is its sheet Extra."""
    import csv

    from pnp.scaffold import new_game
    from xlsxmaker import write_xlsx

    game = new_game("xl", tmp_path)
    rows = list(csv.reader((game / "cards.csv").open(encoding="utf-8")))
    extra = [rows[0]] + [[f"Extra {i}", *r[1:]] for i, r in enumerate(rows[1:], 1)]
    write_xlsx(game / "cards.xlsx", {"Cards": rows, "Extra": extra})
    (game / "cards.csv").unlink()
    toml = game / "game.toml"
    text = toml.read_text(encoding="utf-8").replace('"cards.csv"', '"cards.xlsx"')
    card = text[text.index("[[component]]"):text.index("\n[", text.index("[[component]]") + 2)]
    extra_card = card.replace('name = "card"', 'name = "extra"').replace(
        '"cards.xlsx"', '"cards.xlsx#Extra"')
    toml.write_text(text + "\n" + extra_card + "\n", encoding="utf-8")
    return game


def test_a_workbook_row_is_named_by_file_and_row_or_by_its_sheet(tmp_path):
    # `--card cards.xlsx:3` named no piece: only "cards.xlsx [sheet Cards]:3" did
    game = _two_sheet_deck(tmp_path)
    kit, _, _ = prepare(open_game(str(game)), force=True)
    faces = kit_faces(kit)
    assert find_face(faces, "cards.xlsx#Extra:3").name.startswith("Extra 2")
    assert find_face(faces, "cards.xlsx [sheet Extra]:3").name.startswith("Extra 2")
    assert not find_face(faces, "cards.xlsx#Cards:3").name.startswith("Extra")
    with pytest.raises(PnpError) as caught:  # a row of two sheets: which one is asked
        find_faces(faces, "cards.xlsx:3")
    assert str(caught.value) == ("'cards.xlsx:3' is a row of 2 sheets; name one: "
                                 "cards.xlsx#Cards:3, cards.xlsx#Extra:3")
    with pytest.raises(PnpError) as caught:
        find_faces(faces, "cards.xlsx#Nope:3")
    assert "try one of: cards.xlsx#Cards:2," in str(caught.value), caught.value


def test_only_takes_a_workbook_s_rows_by_file_and_by_sheet(tmp_path):
    game = _two_sheet_deck(tmp_path)

    def only(spec):
        return CliRunner().invoke(main, ["build", "--game", str(game), "--only", spec,
                                         "--out", str(tmp_path / "part.pdf")])

    one = only("cards.xlsx#Extra:3")
    assert one.exit_code == 0 and "(2 piece(s) named by" in one.output, one.output  # 2 copies
    both = only("cards.xlsx:3")  # a file's row 3: of each of its sheets, as the file alone
    assert both.exit_code == 0 and "(4 piece(s) named by" in both.output, both.output
    none = only("cards.xlsx#Nope:3")
    assert none.exit_code == 1 and "try one of: cards.xlsx#Cards:2" in none.output, none.output
