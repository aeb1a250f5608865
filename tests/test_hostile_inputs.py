"""Hostile inputs to this session's features, each found by trying them as a stranger's game
folder would: every one ends in an Error naming what to fix, in bounded time, never a hang or
a traceback."""

from click.testing import CliRunner
from fontTools.fontBuilder import FontBuilder
from fontTools.misc.psCharStrings import T2CharString
from fontTools.pens.t2CharStringPen import T2CharStringPen

from pnp.cli import main


def _run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


# ---- .otf: a CFF glyph is a program; its subroutine calls must not fan out without bound ----
def bomb_otf(path, levels, fan, leaf=("return",)):
    """An .otf of under 1 KB whose 'A' calls subroutine 0, which calls subroutine 1 `fan` times,
    and so on `levels` deep: fan ** levels calls of `leaf` (fontTools follows every one)."""
    fb = FontBuilder(1000, isTTF=False)
    fb.font.recalcBBoxes = False  # (fontTools itself would run the bomb to measure it)
    order = [".notdef", "space", "A"]
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({32: "space", 65: "A"})
    bias = 107  # the CFF's subroutine index bias for fewer than 1,240 of them
    plain = {g: T2CharStringPen(w, None).getCharString() for g, w in ((".notdef", 500),
                                                                       ("space", 250))}
    a = T2CharString(program=[600, 0, 0, "rmoveto", -bias, "callgsubr", "endchar"])
    fb.setupCFF("Bomb-Regular", {"FullName": "Bomb Regular"}, {**plain, "A": a}, {})
    subrs = fb.font["CFF "].cff.GlobalSubrs
    for k in range(levels):
        subrs.append(T2CharString(program=[k + 1 - bias, "callgsubr"] * fan + ["return"],
                                  globalSubrs=subrs))
    subrs.append(T2CharString(program=list(leaf), globalSubrs=subrs))
    fb.setupHorizontalMetrics({g: (w, 0) for g, w in zip(order, (500, 250, 600))})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Bomb", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    fb.save(str(path))
    assert path.stat().st_size < 1024
    return path


def _font_game(tmp_path, font):
    from helpers import TEXT_FRONT, card_game

    folder = card_game(tmp_path / "g", TEXT_FRONT, "text\nA\n",
                       extra_toml='[fonts]\nregular = "Bomb.otf"\n')
    bomb_otf(folder / "Bomb.otf", *font)
    return folder


def _one_error(result, *said):
    lines = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert result.exit_code != 0 and len(lines) == 1, result.output
    assert "Traceback" not in result.output and "bug in pnp" not in result.output
    for s in said:
        assert s in lines[0], lines[0]


def test_an_otf_whose_subroutines_fan_out_is_refused_not_run(tmp_path):
    # 20 ** 6 = 64 million calls that draw nothing: fontTools ran them for minutes
    folder = _font_game(tmp_path, (6, 20))
    _one_error(_run("validate", "--game", folder), "Bomb.otf", "font bomb")


def test_an_otf_whose_subroutines_draw_millions_of_points_is_refused(tmp_path):
    # each call draws two lines: memory filled with points before TrueType's limit was met
    folder = _font_game(tmp_path, (6, 20, (10, 0, "rlineto", -10, 0, "rlineto", "return")))
    _one_error(_run("validate", "--game", folder), "Bomb.otf", "more than 65,535 points")


def test_an_otf_nesting_subroutines_past_the_cff_limit_is_refused(tmp_path):
    folder = _font_game(tmp_path, (30, 1))
    _one_error(_run("validate", "--game", folder), "Bomb.otf", "more than 10 deep")


def test_a_font_calling_its_subroutines_a_few_times_still_converts(tmp_path):
    from pnp.data.otf import cff_to_truetype

    font = bomb_otf(tmp_path / "Fine.otf", 3, 4, (10, 0, "rlineto", -10, 0, "rlineto", "return"))
    assert cff_to_truetype(font.read_bytes())[:4] == b"\x00\x01\x00\x00"


# ---- --profile FILE.icc: a pipe, a device, a profile cut short ----------------------------
def test_a_profile_that_is_a_pipe_or_a_device_is_refused_before_reading(tmp_path):
    import os

    from pnp.render.cmyk import load_separation

    fifo = tmp_path / "shop.icc"
    os.mkfifo(fifo)  # reading it would wait for ever; /dev/zero would fill memory
    for path in (fifo, "/dev/zero"):
        try:
            load_separation(__import__("pathlib").Path(path))
        except Exception as exc:
            assert "not a file" in str(exc) and str(path) in str(exc)
        else:
            raise AssertionError(f"{path} accepted")


def test_a_profile_cut_short_is_named_before_any_face_is_drawn(tmp_path):
    from pnp.render.cmykprofile import PROFILE

    cut = tmp_path / "cut.icc"
    cut.write_bytes(PROFILE.read_bytes()[:len(PROFILE.read_bytes()) // 3])
    assert _run("new", "deck", "--dir", tmp_path).exit_code == 0
    out = tmp_path / "pod"
    result = _run("export", "--game", tmp_path / "deck", "--format", "pod", "--cmyk",
                  "--profile", cut, "--out", out)
    _one_error(result, "cut.icc", "damaged profile")
    assert not out.exists()


# ---- [fonts] by installed name: what a name may be, and how far the font folders are walked -
def _fonts_game(tmp_path, value):
    from helpers import TEXT_FRONT, card_game

    return card_game(tmp_path / "g", TEXT_FRONT, "text\nA\n",
                     extra_toml=f"[fonts]\nregular = {value}\n")


def test_a_font_that_is_no_name_says_what_a_font_is(tmp_path):
    for i, value in enumerate(('""', "42", '["Noto Sans"]')):
        result = _run("validate", "--game", _fonts_game(tmp_path / str(i), value))
        _one_error(result, 'field "fonts.regular"', "a font is a file in the game folder")


def test_a_very_long_font_name_is_refused_in_a_short_line(tmp_path):
    result = _run("validate", "--game", _fonts_game(tmp_path, '"' + "A" * 100_000 + '"'))
    _one_error(result, "100,000 characters long")
    assert len(result.output) < 500


def test_the_font_folders_walk_stops_at_its_bound(tmp_path, monkeypatch):
    from pnp.data import otf

    fonts = tmp_path / "fonts"
    fonts.mkdir()
    for j in range(300):  # files that are no fonts: walked past, counted all the same
        (fonts / f"f{j}.txt").write_text("")
    (fonts / "Last.ttf").write_text("")
    monkeypatch.setattr(otf, "font_folders", lambda: [tmp_path])
    assert [p.name for p in otf._font_files()] == ["Last.ttf"]
    monkeypatch.setattr(otf, "MAX_WALKED", 100)
    assert list(otf._font_files()) == []


# ---- tts --url-base: what goes into every link as it is -----------------------------------
def test_a_url_base_with_a_space_quote_newline_or_password_is_refused(tmp_path):
    import pytest

    from pnp.errors import PnpError
    from pnp.export.tts import check_url_base

    assert check_url_base("https://example.org/my%20game") == "https://example.org/my%20game/"
    # a space or a letter beyond ASCII is escaped as a browser sends it (tests/test_tts.py)
    assert check_url_base("https://ex.org/caf\u00e9/") == "https://ex.org/caf%C3%A9/"
    for bad, said in (('https://ex.org/a"b/', "cannot stand in a link"),
                      ("https://ex.org/a\nb/", "cannot stand in a link"),
                      ("https://me:secret@ex.org/", "no user name or password")):
        with pytest.raises(PnpError, match=said):
            check_url_base(bad)
    assert _run("new", "deck", "--dir", tmp_path).exit_code == 0
    out = tmp_path / "tts"
    result = _run("export", "--game", tmp_path / "deck", "--format", "tts", "--url-base",
                  'https://ex.org/a"b/', "--out", out)
    _one_error(result, "--url-base")
    assert not out.exists()


# ---- grids: a row naming no cell, or a cell of pages of text -------------------------------
def test_a_grid_row_naming_no_cell_or_a_long_text_says_so_shortly(tmp_path):
    assert _run("new", "isle", "--template", "hex-board", "--dir", tmp_path).exit_code == 0
    hexes = tmp_path / "isle" / "hexes.csv"
    rows = hexes.read_text().splitlines()
    rows[1] = "," + rows[1].split(",", 1)[1]
    rows[2] = "X" * 5000 + "," + rows[2].split(",", 1)[1]
    hexes.write_text("\n".join(rows) + "\n")
    result = _run("validate", "--game", tmp_path / "isle")
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert 'row 2, field "cell": the row names no cell; give its label (19 cells' in result.output
    assert 'row 3, field "cell": cell \'' + "X" * 40 + "...' is not on the grid" in result.output
    assert len(result.output) < 3000


# ---- tiled boards on small paper: the footer stays beside its map, on the paper -----------
def test_a_tiles_footer_on_small_paper_stays_left_of_its_map(tmp_path):
    import pypdfium2 as pdfium

    from pnp.layout.tiles import TILE_MARGIN
    from pnp.units import MM

    assert _run("new", "isle", "--template", "hex-board", "--dir", tmp_path).exit_code == 0
    game = tmp_path / "isle"
    text = (game / "game.toml").read_text().replace('title = "Isle"', 'title = "' + "Isle " * 40
                                                    + '"')
    (game / "game.toml").write_text(text)
    out = tmp_path / "kit.pdf"
    assert _run("build", "--game", game, "--paper", "90x90mm", "--out", out).exit_code == 0
    doc = pdfium.PdfDocument(out)
    footers = 0
    try:
        for page in doc:
            width = page.get_width()
            chars = page.get_textpage()
            text = chars.get_text_range()
            if "cut on" not in text:
                continue
            footers += 1
            for start in (text.rfind("\n", 0, text.find("\u00b7 tile")) + 1,
                          text.find("cut on")):
                end = min(e for e in (text.find("\r", start), text.find("\n", start),
                                      len(text)) if e >= 0)
                right = max(chars.get_charbox(i)[2] for i in range(start, end))
                assert right <= width - TILE_MARGIN - 4 * MM, text[start:end]
    finally:
        doc.close()
    assert footers > 4


# ---- --cmyk: an image of the game folder whose embedded ICC profile is damaged -------------
def test_an_image_with_a_damaged_embedded_profile_separates_as_untagged(tmp_path):
    from PIL import Image
    from reportlab.lib.colors import white

    from pnp.render.cmyk import Separation

    assert _run("new", "deck", "--dir", tmp_path).exit_code == 0
    deck = tmp_path / "deck"
    Image.new("RGB", (400, 400), (200, 30, 30)).save(deck / "pic.png", icc_profile=b"junk" * 50)
    Image.new("CMYK", (400, 400), (0, 200, 30, 0)).save(deck / "pic.jpg", icc_profile=b"x" * 99)
    rows = (deck / "cards.csv").read_text().splitlines()
    rows[0] += ",image"
    rows[1] += ",pic.png"
    rows[2] += ",pic.jpg"
    (deck / "cards.csv").write_text("\n".join(rows) + "\n")
    out = tmp_path / "pod"
    result = _run("export", "--game", deck, "--format", "pod", "--cmyk", "--out", out)
    assert result.exit_code == 0 and "Error" not in result.output, result.output
    sep = Separation()
    red = Image.new("RGB", (1, 1), (200, 30, 30))
    red.info["icc_profile"] = b"junk" * 50
    plain = Image.new("RGB", (1, 1), (200, 30, 30))
    assert sep.image(red, white).getpixel((0, 0)) == sep.image(plain, white).getpixel((0, 0))


def test_a_font_name_with_a_slash_is_a_path_and_checked_as_one(tmp_path):
    result = _run("validate", "--game", _fonts_game(tmp_path / "a", '"../../../etc/passwd"'))
    _one_error(result, 'field "fonts.regular"', "leaves the game folder")
    result = _run("validate", "--game", _fonts_game(tmp_path / "b", '"fonts/Lora"'))
    _one_error(result, 'field "fonts.regular"', "not found in the game folder")
