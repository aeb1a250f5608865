"""Print-shop outputs, by numbers: gutterfold, saddle-stitch order, print-on-demand boxes, PNG
and Tabletop Simulator pixel sizes, the calibration square, ink saver and back offset."""


import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from helpers import ROOT, edit_csv
from pnp.cli import main
from pnp.export.tts import tts_grid
from pnp.layout.saddle import saddle_order
from pnp.project import build, export, open_game
from pnp.units import MM, PAPERS


@pytest.fixture(scope="module")
def wuxing():
    return open_game("wuxing", cwd=ROOT)


@pytest.fixture(scope="module")
def wuxing_pdf(wuxing, tmp_path_factory):
    """Wuxing's kit built once, as pnp builds it by default: tests read it."""
    out = tmp_path_factory.mktemp("kit") / "kit.pdf"
    build(wuxing, out)
    return out


@pytest.fixture(scope="module")
def wuxing_gutterfold(wuxing, tmp_path_factory):
    """Wuxing's kit built once with the gutterfold layout: its PDF and its build result."""
    out = tmp_path_factory.mktemp("gutterfold") / "g.pdf"
    return out, build(wuxing, out, layout="gutterfold")


@pytest.fixture(scope="module")
def wuxing_tts(wuxing, tmp_path_factory):
    """Wuxing exported for Tabletop Simulator once: tests read it (or copy it to change it)."""
    out = tmp_path_factory.mktemp("tts") / "tts"
    export(wuxing, "tts", out)
    return out


@pytest.mark.parametrize("pages,expected", [
    (8, [((8, 1), (2, 7)), ((6, 3), (4, 5))]),
    (12, [((12, 1), (2, 11)), ((10, 3), (4, 9)), ((8, 5), (6, 7))]),
    (16, [((16, 1), (2, 15)), ((14, 3), (4, 13)), ((12, 5), (6, 11)), ((10, 7), (8, 9))]),
    (6, [((None, 1), (2, None)), ((6, 3), (4, 5))]),
])
def test_saddle_stitch_page_order(pages, expected):
    assert saddle_order(pages) == expected


def test_saddle_order_uses_every_page_once():
    for n in range(1, 30):
        used = [p for sheet in saddle_order(n) for side in sheet for p in side if p]
        assert sorted(used) == list(range(1, n + 1))


def test_booklet_export_is_a5_pairs_on_landscape_a4(wuxing, tmp_path):
    out = tmp_path / "b.pdf"
    summary, _ = export(wuxing, "booklet", out)
    pdf = PdfReader(out)
    w, h = PAPERS["a4"]
    assert float(pdf.pages[0].mediabox.width) == pytest.approx(h)  # landscape
    assert float(pdf.pages[0].mediabox.height) == pytest.approx(w)
    pages = int(summary.split(":")[1].split("-page")[0])
    assert len(pdf.pages) == 2 * -(-pages // 4)
    assert "Wuxing Duel" in pdf.pages[0].extract_text()  # page 1 on the first sheet's front


def test_gutterfold_puts_each_back_beside_its_front(wuxing_gutterfold):
    out, result = wuxing_gutterfold
    assert any("fold on the middle line" in s.how for s in result.sections)
    from pnp.layout.grid import plan_grid

    w, h = PAPERS["a4"]
    grid = plan_grid(w / 2, h, 63 * MM, 88 * MM, bleed=3 * MM)
    assert grid.cols == 1 and grid.rows == 3  # a poker card per row in each half
    front = grid.trim(0)
    assert front.right <= w / 2 - 3 * MM  # the fold line never cuts a card
    back_x = w - front.x - front.w  # mirrored about the fold
    assert back_x >= w / 2 + 3 * MM
    assert back_x - w / 2 == pytest.approx(w / 2 - front.right)
    assert "fold" in PdfReader(out).pages[6].extract_text()


def test_pod_pages_are_trim_plus_bleed_with_boxes(wuxing, tmp_path):
    out = tmp_path / "pod.pdf"
    export(wuxing, "pod", out, bleed_mm=3)
    pdf = PdfReader(out)
    assert len(pdf.pages) == 2 * (12 + 13)  # every card and token, front and back
    card = pdf.pages[0]
    assert float(card.mediabox.width) == pytest.approx((63 + 6) * MM, abs=0.01)
    assert float(card.mediabox.height) == pytest.approx((88 + 6) * MM, abs=0.01)
    trim = [float(v) for v in card.trimbox]
    assert trim == pytest.approx([3 * MM, 3 * MM, 66 * MM, 91 * MM], abs=0.01)
    bleed = [float(v) for v in card.bleedbox]
    assert bleed == pytest.approx([0, 0, 69 * MM, 94 * MM], abs=0.01)


def test_png_size_matches_the_dpi(wuxing, tmp_path):
    export(wuxing, "png", tmp_path / "png", dpi=100, bleed_mm=0)
    files = sorted((tmp_path / "png").glob("*.png"))
    assert len(files) == 51  # 50 faces and the board, whole
    board = Image.open(tmp_path / "png" / "board-3-paths-of-5-islands.png")
    assert board.size == (round(260 / 25.4 * 100), round(190 / 25.4 * 100))
    card = Image.open(next(f for f in files if "yang-wood-card-front" in f.name))
    assert card.size == (round(63 / 25.4 * 100), round(88 / 25.4 * 100))
    token = Image.open(next(f for f in files if "first" in f.name))
    assert token.size == (round(24 / 25.4 * 100),) * 2


def test_tts_grid_is_the_standard_10_by_7_within_4096_px():
    assert tts_grid(63 * MM, 88 * MM) == (10, 7, 409, 571)
    cols, rows, w, h = tts_grid(70 * MM, 120 * MM)  # tall tarot cards: height limits
    assert (cols, rows) == (10, 7) and rows * h <= 4096 and cols * w <= 4096


def test_tts_export_writes_10_by_7_sheets_and_a_saved_object(wuxing_tts):
    import json

    out = wuxing_tts
    files = sorted(p.name for p in out.iterdir())
    faces = [f for f in files if "-faces-" in f]
    backs = [f for f in files if "-back-" in f]
    assert len(faces) == 3 and len(backs) == 3  # Yang, Yin and reference cards
    assert "10x7-5cards" in faces[0]
    sheet = Image.open(out / faces[0])
    assert sheet.size == (10 * 409, 7 * 571)
    # the 70th slot holds the hidden-card image: the deck's back
    back = Image.open(out / backs[0]).convert("RGB")
    slot = sheet.convert("RGB").crop((9 * 409, 6 * 571, 10 * 409, 7 * 571))
    assert slot.tobytes() == back.tobytes()
    save = json.loads((out / "wuxing-duel.json").read_text(encoding="utf-8"))
    decks = [d for d in save["ObjectStates"] if d["Name"] == "DeckCustom"]
    assert len(decks) == 3
    assert sorted(len(d["ContainedObjects"]) for d in decks) == [2, 5, 5]
    # decks that share a sheet are told apart by their cards' names, not left alike
    names = [d["Nickname"] for d in decks]
    assert len(set(names)) == 3 and any("(Yang)" in n for n in names), names
    for d in decks:
        (key, spec), = d["CustomDeck"].items()
        assert (spec["NumWidth"], spec["NumHeight"]) == (10, 7)
        assert spec["FaceURL"].startswith("file://") and spec["FaceURL"].endswith(".png")
        assert (out / spec["FaceURL"].rsplit("/", 1)[1]).is_file()
        assert (out / spec["BackURL"].rsplit("/", 1)[1]).is_file()
        ids = [c["CardID"] for c in d["ContainedObjects"]]
        assert d["DeckIDs"] == ids == [int(key) * 100 + i for i in range(len(ids))]
    assert str(out.resolve()) in decks[0]["CustomDeck"][next(iter(decks[0]["CustomDeck"]))][
        "FaceURL"]


def test_tts_sheets_hold_69_cards_and_the_hidden_slot(tmp_path):
    from reportlab.lib.colors import HexColor

    from pnp.export.tts import export_tts
    from pnp.kit import Kit, Piece, Sheet, shared
    from pnp.render.fonts import load_fonts

    back = shared(lambda s: s.fill_bleed(HexColor("#224466")))
    pieces = tuple(Piece("card", f"card {i}", lambda s: s.fill_bleed(HexColor("#eeeeee")), back)
                   for i in range(70))
    kit = Kit("big", sheets=[Sheet("Cards", 20 * MM, 28 * MM, pieces)])
    files, _ = export_tts(kit, load_fonts(), tmp_path)
    names = sorted(f.name for f in files)
    assert any(n.startswith("cards-faces-1-10x7-69cards-") for n in names)
    assert any(n.startswith("cards-faces-2-10x7-1cards-") for n in names)


def test_tts_images_are_named_by_their_content(tmp_path):
    """A table caches images by URL: a changed face must change its sheet's name, and only
    that sheet's; the same faces keep their names."""
    from helpers import TEXT_FRONT, card_game, edit_csv

    rows = "text\n" + "".join(f"card {i}\n" for i in range(75))  # two sheets
    folder = card_game(tmp_path / "g", TEXT_FRONT, rows)

    def pngs(name):
        export(open_game(str(folder)), "tts", tmp_path / name)
        return {p.name for p in (tmp_path / name).iterdir() if p.suffix == ".png"}

    same = pngs("a")
    assert len(same) == 2 and pngs("b") == same
    edit_csv(folder / "cards.csv", 72, "text", "changed")  # on the second sheet
    changed = pngs("c")
    assert len(same - changed) == 1 and len(changed - same) == 1
    (image,) = changed - same
    assert "-faces-2-" in image
    digest = image.rsplit("-", 1)[1].removesuffix(".png")
    assert len(digest) == 12 and digest in (tmp_path / "c" / "test.json").read_text()


def test_calibration_square_is_exactly_50_mm(tmp_path):
    out = tmp_path / "cal.pdf"
    res = CliRunner().invoke(main, ["calibrate", "--out", str(out)])
    assert res.exit_code == 0, res.output
    import re

    content = PdfReader(out).pages[0].get_contents().get_data().decode("latin-1")
    rects = [tuple(float(v) for v in m) for m in
             re.findall(r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re", content)]
    squares = [r for r in rects if abs(r[2] - r[3]) < 1e-3 and r[2] > 100]
    assert len(squares) == 1
    assert squares[0][2] == pytest.approx(50 * MM, abs=1e-3)  # 141.732 pt


def test_back_offset_shifts_only_the_back_pages(wuxing, wuxing_pdf, tmp_path):
    base, moved = wuxing_pdf, tmp_path / "b.pdf"
    build(wuxing, moved, back_offset_mm=(1.5, -0.5))
    a, b = PdfReader(base), PdfReader(moved)
    assert a.pages[6].get_contents().get_data() == b.pages[6].get_contents().get_data()  # fronts
    import re

    def first_clip(reader):  # the first card's art clip on the back page: x, y
        text = reader.pages[7].get_contents().get_data().decode("latin-1")
        return [float(v) for v in re.search(r"n ([-\d.]+) ([-\d.]+) [-\d.]+ [-\d.]+ re",
                                            text).groups()]

    (ax, ay), (bx, by) = first_clip(a), first_clip(b)
    assert bx - ax == pytest.approx(1.5 * MM, abs=1e-3)
    assert by - ay == pytest.approx(-0.5 * MM, abs=1e-3)


def test_ink_saver_drops_full_bleed_backgrounds(wuxing, wuxing_pdf, tmp_path):
    import pypdfium2 as pdfium

    normal, saver = wuxing_pdf, tmp_path / "s.pdf"
    build(wuxing, saver, ink_saver=True)

    def ink(path):
        img = pdfium.PdfDocument(str(path))[9].render(scale=0.3).to_pil().convert("L")
        from PIL import ImageStat

        return 255 - ImageStat.Stat(img).mean[0]

    assert ink(saver) < 0.5 * ink(normal)  # the black Yin backs are mostly gone


def test_cli_export_errors_are_clear(tmp_path):
    res = CliRunner().invoke(main, ["export", "--game", "wuxing", "--format", "nope"])
    assert res.exit_code == 2 and "Invalid value for '--format'" in res.output
    res = CliRunner().invoke(main, ["build", "--game", "wuxing", "--back-offset", "x",
                                    "--out", str(tmp_path / "x.pdf")])
    assert res.exit_code == 2 and "Invalid value for '--back-offset': takes two numbers" in res.output
    for option, value in (("--paper", "10x10mm"), ("--back-offset", "20,0"),  # out of range
                          ("--bleed", "nan")):  # (click's FloatRange let nan through: exit 1)
        res = CliRunner().invoke(main, ["build", "--game", "wuxing", option, value,
                                        "--out", str(tmp_path / "x.pdf")])
        assert res.exit_code == 2 and "Usage: " in res.output, res.output
    assert not (tmp_path / "x.pdf").exists()


def test_export_never_replaces_a_folder_it_did_not_make(wuxing, wuxing_tts, tmp_path):
    import shutil

    mine = tmp_path / "holiday-photos"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    res = CliRunner().invoke(main, ["export", "--game", "wuxing", "--format", "tts", "--out",
                                    str(mine)])
    assert res.exit_code == 1
    assert "already holds files that pnp did not make" in res.output
    assert (mine / "notes.txt").read_text() == "keep me"
    a_file = tmp_path / "deck.pdf"
    a_file.write_text("x")
    res = CliRunner().invoke(main, ["export", "--game", "wuxing", "--format", "png", "--out",
                                    str(a_file)])
    assert res.exit_code == 1 and "is a file" in res.output and a_file.read_text() == "x"
    out = tmp_path / "tts"
    shutil.copytree(wuxing_tts, out)  # a folder pnp's export made
    first = sorted(out.glob("*.png"))
    export(wuxing, "tts", out)  # its own folder is replaced whole
    # 6 deck images, 7 distinct token and pawn faces, 1 board
    assert (out / ".pnp-export").is_file() and sorted(out.glob("*.png")) == first
    assert len(first) == 14


def test_unwritable_output_is_a_clear_error(tmp_path):
    res = CliRunner().invoke(main, ["build", "--game", "wuxing", "--out", "/proc/kit.pdf"])
    assert res.exit_code == 1
    assert res.output.startswith("Error: cannot write /proc/kit.pdf")


def test_gutterfold_turns_cards_when_more_fit_and_backs_stand_upright_after_folding(
        wuxing_gutterfold):
    from pnp.layout.grid import Rect
    from pnp.render.cuts import piece_matrix

    _, result = wuxing_gutterfold
    cards = [s for s in result.sections if s.title.startswith("Element")][0]
    assert cards.last - cards.first + 1 == 3  # 12 cards, 4 a page when turned (3 upright)

    def apply(m, x, y):  # a direction vector through a PDF matrix
        a, b, c, d, _, _ = m
        return (round(a * x + c * y), round(b * x + d * y))

    trim = Rect(10, 10, 88, 63)  # a turned poker card's slot
    front, back = piece_matrix(trim, True, False), piece_matrix(trim, True, True)
    up, right = (0, 1), (1, 0)
    assert apply(front, *up) == (-1, 0)  # the front's top points to the page's left
    # Folding about the vertical middle line mirrors x; turning the folded card over about its
    # own vertical axis (the page's x direction here) mirrors y. The back must then have its
    # top where the card's top is, and read left to right (right = top turned clockwise).
    seen = lambda v: (-v[0], -v[1])
    clockwise = lambda v: (v[1], -v[0])
    assert seen(apply(back, *up)) == apply(front, *up)
    assert seen(apply(back, *right)) == clockwise(seen(apply(back, *up)))
    # printing the back turned like its front would put it upside down behind it
    assert seen(apply(front, *up)) != apply(front, *up)


@pytest.mark.parametrize("game", ["experior", "legolas"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_booklet_keeps_figures_on_their_page_and_fold_marks_printable(game, paper, tmp_path):
    """On every imposed sheet: nothing within 5 mm of the paper's edge, nothing crosses the fold
    between the two pages except the fold marks, and the fold marks are drawn."""
    import pypdfium2 as pdfium

    out = tmp_path / "b.pdf"
    export(open_game(game, cwd=ROOT), "booklet", out, paper=paper)
    doc = pdfium.PdfDocument(str(out))
    scale = 100 / 72
    px = lambda mm: round(mm * MM * scale)
    for i in range(len(doc)):
        img = doc[i].render(scale=scale).to_pil().convert("L")
        ink = img.point(lambda v: 255 if v < 245 else 0)
        w, h = img.size
        box = ink.getbbox()
        assert min(box[0], w - box[2], box[1], h - box[3]) >= px(5) - 1, (i, box)
        fold = ink.crop((w // 2 - px(3), px(12), w // 2 + px(3), h - px(12)))
        assert fold.getbbox() is None, (i, "something crosses the fold")
        marks = ink.crop((w // 2 - px(1), px(5), w // 2 + px(1), px(11)))
        assert marks.getbbox() is not None, (i, "no fold mark")
    doc.close()


@pytest.mark.parametrize("game", ["wuxing", "experior", "legolas"])
def test_ink_saver_keeps_every_text_readable(game):
    """Text keeps at least 4.5:1 contrast with the fill under it once ink saver leaves the
    backgrounds white (tracked from the fills each face draws)."""
    import io

    from pnp.project import prepare
    from pnp.render.contrast import contrast
    from pnp.render.pdf import KitRenderer, Options
    from reportlab.lib.colors import white

    kit, fonts, _ = prepare(open_game(game, cwd=ROOT), force=True)
    renderer = KitRenderer(kit, fonts, Options(PAPERS["a4"], ink_saver=True))
    renderer.render(io.BytesIO())
    runs = renderer.pieces.text_runs
    assert len(runs) > 100
    assert min(r.contrast for r in runs) >= 4.5
    rescued = [r for r in runs if r.changed]
    if game != "experior":  # Experior's faces already turn their text dark in ink saver
        assert rescued and all(contrast(r.colour, white) >= 4.5 for r in rescued
                               if set(r.under) == {white})


@pytest.mark.parametrize("game", ["experior", "legolas"])
def test_no_backs_keeps_the_player_aids_two_sided_and_says_what_it_drops(game, tmp_path):
    import io

    from pnp.project import prepare
    from pnp.render.pdf import KitRenderer, Options

    kit, fonts, _ = prepare(open_game(game, cwd=ROOT), force=True)
    renderer = KitRenderer(kit, fonts, Options(PAPERS["a4"], backs=False))
    result = renderer.render(io.BytesIO())
    aids = [p for p in result.placements if p.name == "player aid card"]
    fronts = [p for p in aids if p.side == "front"]
    backs = [p for p in aids if p.side == "back"]
    assert len(fronts) == len(backs) >= 2
    for f, b in zip(fronts, backs):  # printed beside its front, mirrored about the fold
        assert f.page == b.page
        assert b.trim.x == pytest.approx(PAPERS["a4"][0] - f.trim.right)
    assert not [p for p in result.placements if p.side == "back" and "aid" not in p.name
                and "marker" not in p.name]
    said = [str(f) for f in result.findings if "--no-backs" in str(f)]
    assert len(said) == 1
    assert ("attack card" if game == "experior" else "monster card") in said[0]


@pytest.mark.parametrize("args", [["validate"], ["build"], ["export", "--format", "pod"],
                                  ["export", "--format", "png"], ["export", "--format", "tts"],
                                  ["export", "--format", "cut", "--machine", "cricut"],
                                  ["export", "--format", "pod", "--service", "tgc"]],
                         ids=lambda args: "-".join(args[-2:]))
def test_a_problem_of_a_card_printed_thrice_is_reported_once(tmp_path, args):
    """Row 2 of a new deck makes 3 copies of its card: pod, png, tts and cut drew each copy and
    said its title does not fit 3 times ("3 problem(s)"); build and validate said it once."""
    from pnp.scaffold import new_game

    deck = new_game("odd", tmp_path, "deck")
    edit_csv(deck / "cards.csv", 2, "title", "Sunrise of a title far too long to fit on any "
             "card at all, whatever the size")
    out = [] if args == ["validate"] else ["--out", str(tmp_path / ("kit.pdf" if args == ["build"]
                                                                     else "out"))]
    result = CliRunner().invoke(main, [*args, "--game", str(deck), *out])
    errors = [line for line in result.output.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and 'cards.csv, row 2, field "title"' in errors[0], result.output
    assert result.exit_code == 3 and "Error: 1 problem(s)" in result.output


# ---- boards in the PNG and print-on-demand exports ------------------------------------------
def _export_cli(game, *args):
    return CliRunner().invoke(main, ["export", "--game", str(game), *map(str, args)])


def test_png_export_writes_each_board_whole_at_the_dpi(tmp_path):
    """A fresh-user trial: the tokens-and-board kit's PNGs were its 36 token faces, the 180 mm
    score board silently missing (the TTS export has it)."""
    from pnp.scaffold import new_game

    game = new_game("tb", tmp_path, "tokens-and-board")
    out = tmp_path / "png"
    res = _export_cli(game, "--format", "png", "--dpi", 40, "--out", out)
    assert res.exit_code == 0, res.output
    assert "36 PNG faces and 1 board at 40 dpi" in res.output
    board = Image.open(out / "board-score-board.png")
    assert board.size == (round(180 / 25.4 * 40),) * 2  # whole, not tiled, and no bleed
    assert board.info["dpi"] == pytest.approx((40, 40), abs=0.01)
    assert len(board.getcolors(1 << 16) or ()) > 2  # drawn, not a blank page


def test_png_export_of_a_kit_that_is_only_a_board_writes_the_board(tmp_path):
    """It said 'nothing to export as png: the kit has no faces (no cards, tiles, tokens or
    boards)' and exited 1, although the kit is a board."""
    from pnp.scaffold import new_game

    game = new_game("hb", tmp_path, "hex-board")
    out = tmp_path / "png"
    res = _export_cli(game, "--format", "png", "--dpi", 30, "--out", out)
    assert res.exit_code == 0, res.output
    assert "png/: 1 PNG board at 30 dpi" in res.output
    assert [p.name for p in out.glob("*.png")] == ["board-island.png"]


def test_png_export_scales_a_board_too_large_for_its_pixels_and_says_so(tmp_path, monkeypatch):
    from pnp.export import outputs
    from pnp.scaffold import new_game

    monkeypatch.setattr(outputs, "BOARD_MAX_PX", 300)
    game = new_game("tb", tmp_path, "tokens-and-board")
    out = tmp_path / "png"
    res = _export_cli(game, "--format", "png", "--dpi", 100, "--out", out)
    assert res.exit_code == 0, res.output
    assert Image.open(out / "board-score-board.png").size == (300, 300)
    assert ("warning: Score board: 180 x 180 mm at 100 dpi would be 709 x 709 px; drawn "
            "at 42 dpi (300 px a side at most)") in res.output, res.output
    # the summary said the board was at 100 dpi too
    assert res.output.endswith("png/: 36 PNG faces at 100 dpi and 1 board at 42 dpi\n"), \
        res.output


def test_card_services_say_boards_are_not_exported_not_that_there_are_none(tmp_path):
    """`pnp export --format pod --service tgc` of a kit that is only a board said the kit has
    no faces; of cards and a board, it left the board out without a word."""
    from pnp.scaffold import new_game

    hb = new_game("hb", tmp_path, "hex-board")
    res = _export_cli(hb, "--format", "pod", "--service", "tgc", "--out", tmp_path / "a")
    assert res.exit_code == 1 and "Traceback" not in res.output
    assert "has no faces" not in res.output
    assert "boards are not exported for The Game Crafter: Island" in res.output, res.output
    deck = new_game("deck", tmp_path, "deck")
    toml = deck / "game.toml"
    toml.write_text(toml.read_text().replace("\n[palette]\n", '\n[[component]]\nname = "map"\n'
                                             'type = "board"\nwidth = "150mm"\nheight = "100mm"\n'
                                             'front = "layouts/back.toml"\n'
                                             '\n[palette]\n'))
    res = _export_cli(deck, "--format", "pod", "--service", "tgc", "--out", tmp_path / "b")
    assert res.exit_code == 0, res.output
    assert "warning: boards are not exported for The Game Crafter: Map" in res.output
    res = _export_cli(hb, "--format", "pod", "--out", tmp_path / "c.pdf")
    assert res.exit_code == 1 and "has no faces" not in res.output
    assert "boards are not exported as pod: Island" in res.output, res.output
