"""Robustness: random input to the loaders, killed and concurrent builds, text that cannot be
printed. Every user mistake must end in a DataError (one clear line), never a traceback."""

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from pypdf import PdfReader

from helpers import ROOT, UNPRINTABLE_TAIL, edit_csv
from pnp.data.files import Column, read_csv, read_toml
from pnp.errors import DataError, RulesError
from pnp.project import build, open_game

COLUMNS = [Column("name"), Column("count", "int", min=0, max=50), Column("cost", "float", default=0),
           Column("flag", "bool", default=False)]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=400))
def test_random_bytes_as_csv_give_records_or_a_clear_error(tmp_path, data):
    path = tmp_path / "cards.csv"
    path.write_bytes(b"name,count,cost,flag\n" + data)
    try:
        records = read_csv(path, COLUMNS)
    except DataError as exc:
        assert str(exc).startswith("cards.csv")
    else:
        for r in records:
            assert isinstance(r["name"], str) and 0 <= r["count"] <= 50


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=300))
def test_random_text_as_toml_gives_a_table_or_a_clear_error(tmp_path, text):
    path = tmp_path / "game.toml"
    path.write_text(text, encoding="utf-8")
    try:
        assert isinstance(read_toml(path), dict)
    except DataError as exc:
        assert str(exc).startswith("game.toml")


@pytest.fixture(scope="module")
def wuxing_for_tokens(tmp_path_factory):
    """A copy of wuxing whose tokens.csv the fuzz test below writes anew for each example."""
    import shutil

    folder = tmp_path_factory.mktemp("fuzz") / "wuxing"
    shutil.copytree(ROOT / "card_data" / "wuxing", folder)
    return folder


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=8),
                         min_size=0, max_size=6), max_size=6))
def test_random_cells_in_a_real_game_give_a_model_or_a_clear_error(wuxing_for_tokens, rows):
    import csv
    import io

    folder = wuxing_for_tokens
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(["token", "name", "count", "colour", "label"])
    writer.writerows(rows)
    (folder / "tokens.csv").write_text(buf.getvalue(), encoding="utf-8")
    try:
        game = open_game(str(folder))
    except DataError:
        return
    game.spec.validate(game.model)  # findings are fine; exceptions are not


def test_absurd_counts_and_sizes_are_refused(game_copy, tmp_path):
    folder = game_copy("wuxing")
    edit_csv(folder / "tokens.csv", 2, "count", "100000")
    from pnp.project import validate

    assert any(str(f).startswith('error: tokens.csv, row 2, field "count": 100000 is more than')
               for f in validate(open_game(str(folder))))
    folder2 = folder
    edit_csv(folder2 / "tokens.csv", 2, "count", "3")
    toml = (folder2 / "game.toml").read_text().replace('size = "poker"', 'width = "0mm"\nheight = "88mm"')
    (folder2 / "game.toml").write_text(toml)
    with pytest.raises(RulesError) as info:
        build(open_game(str(folder2)), tmp_path / "x.pdf")
    assert [str(f) for f in info.value.findings] == [
        'error: game.toml, field "card.width": \'0mm\' is not a usable size (from 5mm to '
        "1000mm)"]
    for bad in ("nan", "inf", "-5mm"):
        (folder2 / "game.toml").write_text(toml.replace('width = "0mm"', f'width = "{bad}"'))
        assert any(str(f).startswith('error: game.toml, field "card.width"')
                   for f in validate(open_game(str(folder2))))
    toml = toml.replace('width = "0mm"', 'width = "300mm"')
    (folder2 / "game.toml").write_text(toml)
    with pytest.raises(DataError) as info:
        build(open_game(str(folder2)), tmp_path / "x.pdf")
    assert str(info.value) == (
        "game.toml: Element and reference cards: a 300 x 88 mm piece does not fit on a 210 x 297 "
        "mm page with margins for crop marks; make it smaller or use larger paper")


def test_a_character_no_font_has_is_reported_not_printed_blank(game_copy, tmp_path):
    folder = game_copy("wuxing")
    edit_csv(folder / "elements.csv", 3, "name", "Fire\U0001d11e")  # a musical G clef
    findings = [str(f) for f in build(open_game(str(folder)), tmp_path / "x.pdf",
                                      force=True).findings]
    # the booklet that prints the element names from the same data, and each element of a
    # face that prints the name (said once however many cards print it), all at the cell
    assert findings[0] == ("error: booklet.md.j2: line 5: no font has the character(s) "
                           "'\U0001d11e' (first in '...: **Wood** \u6728, **Fire\U0001d11e** "
                           "\u706b, **Earth** \u571f, *...'); they would print as empty boxes "
                           + UNPRINTABLE_TAIL)
    faces = findings[1:]
    assert faces and len(faces) == len(set(faces)) <= 7
    assert all(f.startswith('error: elements.csv, row 3, field "name": ') and
               "no font has the character(s) '\U0001d11e'" in f for f in faces), faces
    with pytest.raises(Exception, match="problem"):
        build(open_game(str(folder)), tmp_path / "y.pdf")
    assert not (tmp_path / "y.pdf").exists()


def test_plain_and_other_texts_are_split_among_the_fonts_alike():
    """A printable-ASCII text is told apart without the set of the font's characters; the
    answers are those the set gives, for a font with all of ASCII and for one without."""
    from pnp.render.fonts import load_fonts

    fonts = load_fonts()
    regular, cjk = fonts["regular"], fonts["cjk"]  # the CJK subset has no Latin letters
    assert fonts.runs("Deal 5 cards.", "regular") == [(regular, "Deal 5 cards.")]
    assert fonts.runs("Deal 5 cards.", "cjk") == [  # (spaces stay in the role's own font)
        (regular, "Deal"), (cjk, " "), (regular, "5"), (cjk, " "), (regular, "cards.")]
    assert fonts.runs("Fire \u706b", "regular") == [(regular, "Fire "), (cjk, "\u706b")]
    assert fonts.missing("Deal 5 cards.") == fonts.missing("Deal 5\ncards.") == ""
    assert fonts.missing("a\u0007b") == "\u0007"  # a control character no font has
    assert fonts.all_in(regular, ["Deal", "5 cards"]) and not fonts.all_in(cjk, ["Deal"])
    assert not fonts.all_in(regular, ["Deal", "\u706b"])


def test_a_character_no_font_has_prints_as_the_empty_box_the_message_says():
    """With --force the character prints as the font's empty box: ink where it stands, in a
    box about as wide as a letter."""
    import io

    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.fonts import load_fonts
    from pnp.render.text import draw_line

    fonts = load_fonts()
    assert fonts.missing("\U0001d11e", "regular")
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(60, 40))
    draw_line(c, fonts, "\U0001d11e", 20, 10, 20)
    c.save()
    image = pdfium.PdfDocument(buf.getvalue())[0].render(scale=2).to_pil().convert("L")
    box = image.point(lambda v: 255 if v < 128 else 0).getbbox()
    assert box is not None  # not a blank
    width, height = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
    assert 5 < width < 20 and 10 < height < 25, box  # an outlined box at 20 pt
    assert image.getpixel(((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)) > 200  # hollow


def test_text_too_long_for_its_space_is_a_finding_naming_the_piece_and_column(game_copy, tmp_path):
    folder = game_copy("wuxing")
    edit_csv(folder / "tokens.csv", 2, "label", "Generating " * 12)
    result = build(open_game(str(folder)), tmp_path / "x.pdf", force=True)
    assert any("Red link token" in str(f) and "does not fit" in str(f)
               and 'tokens.csv, row 2, field "label"' in str(f)
               and 'element "link_label" (layouts/token.toml)' in str(f) for f in result.findings)


def _build_cmd(out):
    return [sys.executable, "-m", "pnp", "build", "--game", "wuxing", "--out", str(out)]


def test_a_killed_build_leaves_the_old_pdf_intact(tmp_path):
    out = tmp_path / "kit.pdf"
    subprocess.run(_build_cmd(out), cwd=ROOT, check=True, capture_output=True)
    good = out.read_bytes()
    for delay in (0.05, 0.15, 0.25, 0.35):
        proc = subprocess.Popen(_build_cmd(out), cwd=ROOT, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        data = out.read_bytes()
        assert data == good or (data.rstrip().endswith(b"%%EOF") and len(PdfReader(out).pages) == 13)


def test_ctrl_c_during_a_build_changes_nothing(tmp_path):
    out = tmp_path / "kit.pdf"
    for delay in (0.1, 0.2, 0.3):  # a cold build takes about 0.25 s
        out.write_bytes(b"old")
        proc = subprocess.Popen(_build_cmd(out), cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate()
        if proc.returncode != 0:  # interrupted: before the rename, or (a quick build) after it
            data = out.read_bytes()
            assert data == b"old" or (data.rstrip().endswith(b"%%EOF")
                                      and len(PdfReader(out).pages) == 13)
            # under load the signal can land while the interpreter itself starts (runpy), before
            # any of pnp runs: nothing pnp could catch; from pnp's first line on, no traceback
            assert b"Traceback" not in err or not re.search(rb'File "[^"]*[/\\]pnp[/\\]', err)
            assert not [p for p in os.listdir(tmp_path) if p.endswith(".part")]


def test_two_builds_at_once_leave_one_whole_pdf(tmp_path):
    out = tmp_path / "kit.pdf"
    procs = [subprocess.Popen(_build_cmd(out), cwd=ROOT, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL) for _ in range(2)]
    assert [p.wait() for p in procs] == [0, 0]
    assert len(PdfReader(out, strict=True).pages) == 13
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".part")]


# ---- images, fonts and templates from a shared data folder --------------------------------------
def _deck_with_image(tmp_path, image_cell: str):
    from click.testing import CliRunner

    from pnp.cli import main

    CliRunner().invoke(main, ["new", "art", "--dir", str(tmp_path)])
    folder = tmp_path / "art"
    (folder / "cards.csv").write_text(
        f"title,text,colour,count,image\nSun,Draw a card.,sun,1,{image_cell}\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize("setup,cell,message", [
    (None, "missing.png", "image 'missing.png' not found in the game folder"),
    (lambda f: (f / "bad.png").write_bytes(b"not an image at all"), "bad.png",
     "image 'bad.png' is not a picture pnp can read; save it as PNG or JPEG from an image editor"),
    (lambda f: (f / "huge.png").write_bytes(_huge_png(9000)), "huge.png",
     "image 'huge.png' is 9000 x 9000 pixels; more than 60 megapixels is refused"),
    (lambda f: (f / "bomb.png").write_bytes(_huge_png(40000)), "bomb.png",
     "image 'bomb.png' claims more than 60 megapixels; refused"),
    (None, "../../outside.png", "path '../../outside.png' leaves the game folder"),
    (lambda f: (f / "link.png").symlink_to("/etc/hostname"), "link.png",
     "path 'link.png' leaves the game folder (it is a link to a file outside it)"),
    (lambda f: (f / "art").symlink_to("/etc"), "art/hostname",
     "path 'art/hostname' leaves the game folder (its folder 'art' is a link out of it)"),
    (None, "/etc/hostname",
     "absolute path '/etc/hostname' not allowed; give a path inside the game folder"),
])
def test_bad_images_are_named_by_file_row_and_field(tmp_path, setup, cell, message):
    folder = _deck_with_image(tmp_path, cell)
    if setup:
        setup(folder)
    from pnp.project import validate

    assert [str(f) for f in validate(open_game(str(folder)))] == [
        f'error: cards.csv, row 2, field "image": {message}']


def _huge_png(side: int) -> bytes:
    """A valid PNG header claiming side x side pixels (a decompression bomb's calling card)."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")


def test_one_image_on_many_cards_is_embedded_once(tmp_path):
    from PIL import Image

    folder = _deck_with_image(tmp_path, "sun.png")
    Image.effect_noise((300, 300), 80).convert("RGB").save(folder / "sun.png")  # ~250 KB of art
    sizes = []
    for copies in (1, 37):
        (folder / "cards.csv").write_text(
            f"title,text,colour,count,image\nSun,Draw a card.,sun,{copies},sun.png\n")
        out = tmp_path / f"{copies}.pdf"
        build(open_game(str(folder)), out)
        sizes.append(out.stat().st_size)
    assert (sizes[1] - sizes[0]) / 36 < 1024  # bytes per extra card with the same image


def test_corrupt_font_is_a_clear_error(game_copy, tmp_path):
    folder = game_copy("wuxing")
    (folder / "fonts").mkdir()
    (folder / "fonts" / "Broken.ttf").write_bytes(b"\x00\x01\x00\x00garbage" * 50)
    toml = (folder / "game.toml").read_text() + '\n[fonts]\nregular = "fonts/Broken.ttf"\n'
    (folder / "game.toml").write_text(toml)
    with pytest.raises(DataError) as info:
        open_game(str(folder))
    assert str(info.value).startswith(
        'game.toml, field "fonts.regular": fonts/Broken.ttf: not a usable TrueType font')


def test_circular_template_include_is_a_clear_error(game_copy, tmp_path):
    folder = game_copy("wuxing")
    (folder / "booklet.md.j2").write_text('# Title\n{% include "booklet.md.j2" %}\n')
    with pytest.raises(DataError, match="circular include"):
        build(open_game(str(folder)), tmp_path / "x.pdf")
    (folder / "booklet.md.j2").write_text('{% include "nowhere.md.j2" %}\n')
    with pytest.raises(DataError, match="template 'nowhere.md.j2' not found"):
        build(open_game(str(folder)), tmp_path / "x.pdf")


@pytest.mark.parametrize("attack", [
    "{{ game.__class__ }}",
    "{{ rulings.__class__.__mro__ }}",
    "{{ cycler.__init__.__globals__.os }}",
    "{{ lipsum.__globals__['os'].popen('id').read() }}",
    "{% for c in ().__class__.__base__.__subclasses__() %}{{ c }}{% endfor %}",
    "{{ self._TemplateReference__context }}",
])
def test_template_sandbox_escapes_are_refused(game_copy, tmp_path, attack):
    folder = game_copy("wuxing")
    (folder / "booklet.md.j2").write_text(attack)
    with pytest.raises(DataError) as info:
        build(open_game(str(folder)), tmp_path / "x.pdf")
    assert "booklet.md.j2" in str(info.value)
    assert not (tmp_path / "x.pdf").exists()


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=12), st.floats(allow_nan=True, allow_infinity=True),
                 st.integers(min_value=-10**9, max_value=10**9)))
def test_any_size_setting_is_a_usable_size_or_a_clear_error(value):
    from pnp.units import MM, size

    try:
        points = size(value, "game.toml", field="card.width")
    except DataError as exc:
        assert str(exc).startswith('game.toml, field "card.width": ')
    else:
        assert 0 < points <= 1000 * MM


def test_ctrl_c_while_the_cli_is_imported_prints_the_same_line():
    import pnp.__main__
    from pnp.errors import INTERRUPTED, INTERRUPTED_EXIT

    source = Path(pnp.__main__.__file__).read_text()
    assert INTERRUPTED in source and f"sys.exit({INTERRUPTED_EXIT})" in source
