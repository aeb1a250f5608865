"""OpenType (CFF) fonts turned into TrueType outlines and embedded, and installed fonts found by
name in the platform's font folders, with a real .otf made here with fontTools' FontBuilder."""

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.ttLib import TTFont as FTFont
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from helpers import refused
from pnp.data import otf
from pnp.data.fontfile import check_font
from pnp.errors import DataError
from pnp.render.fonts import register_font


def _charstring(width, curve):
    pen = T2CharStringPen(width, None)
    if curve:
        pen.moveTo((100, 0))
        pen.curveTo((100, 400), (300, 700), (500, 700))
        pen.lineTo((500, 0))
        pen.closePath()
    return pen.getCharString()


def make_otf(path, family="Pnp Test", style="Regular"):
    fb = FontBuilder(1000, isTTF=False)
    order = [".notdef", "space", "A", "B"]
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({32: "space", 65: "A", 66: "B"})
    widths = {".notdef": 500, "space": 250, "A": 600, "B": 700}
    fb.setupCFF(f"{family.replace(' ', '')}-{style}", {"FullName": f"{family} {style}"},
                {g: _charstring(widths[g], g in "AB") for g in order}, {})
    fb.setupHorizontalMetrics({g: (widths[g], 100 if g in "AB" else 0) for g in order})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": family, "styleName": style})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    fb.save(str(path))
    return path


def test_an_otf_is_accepted_converted_and_embedded_as_truetype(tmp_path):
    font = make_otf(tmp_path / "PnpTest.otf")
    assert font.read_bytes()[:4] == b"OTTO"
    check_font(font)  # no longer refused
    converted = FTFont(__import__("io").BytesIO(otf.cff_to_truetype(font.read_bytes())))
    assert "glyf" in converted and "CFF " not in converted
    assert converted["hmtx"]["B"][0] == 700  # metrics kept
    name = register_font(font)
    assert pdfmetrics.stringWidth("AB", name, 10) == pytest.approx(13.0)
    pdf = tmp_path / "t.pdf"
    c = Canvas(str(pdf))
    c.setFont(name, 12)
    c.drawString(72, 72, "AB BA")
    c.save()
    fonts = PdfReader(pdf).pages[0]["/Resources"]["/Font"]
    descriptors = [f.get_object()["/FontDescriptor"].get_object() for f in fonts.values()
                   if "/FontDescriptor" in f.get_object()]
    assert descriptors and all("/FontFile2" in d for d in descriptors)


def test_a_damaged_otf_is_named(tmp_path):
    font = make_otf(tmp_path / "Cut.otf")
    font.write_bytes(font.read_bytes()[:400])
    with pytest.raises(DataError) as caught:
        check_font(font)
        register_font(font)
    assert "Cut.otf" in str(caught.value)


def test_an_installed_font_is_found_by_family_or_full_name(tmp_path, monkeypatch):
    folder = tmp_path / "system-fonts" / "otf"
    folder.mkdir(parents=True)
    regular = make_otf(folder / "PnpTest-Regular.otf")
    bold = make_otf(folder / "PnpTest-Bold.otf", style="Bold")
    monkeypatch.setattr(otf, "font_folders", lambda: [tmp_path / "system-fonts"])
    assert otf.installed_font("Pnp Test", tmp_path / "game.toml", "fonts.regular") == regular
    assert otf.installed_font("pnp test bold", tmp_path / "game.toml", "fonts.bold") == bold


def test_a_missing_installed_font_says_what_to_do(tmp_path, monkeypatch):
    monkeypatch.setattr(otf, "font_folders", lambda: [tmp_path])
    with pytest.raises(DataError) as caught:
        otf.installed_font("Nowhere Sans", tmp_path / "game.toml", "fonts.regular")
    said = str(caught.value)
    assert 'font "Nowhere Sans" is not installed' in said and "fonts.regular" in said
    assert "copy its .ttf or .otf file into the game folder" in said


def _fonts_in_pdf(pdf) -> set[str]:
    names = set()
    for page in PdfReader(pdf).pages:
        for font in page["/Resources"]["/Font"].values():
            names.add(str(font.get_object()["/BaseFont"]))
    return names


def test_a_game_builds_with_an_otf_file_and_an_installed_font_by_name(tmp_path, monkeypatch):
    from helpers import TEXT_FRONT, card_game
    from pnp.project import build, open_game

    system = tmp_path / "system"
    system.mkdir()
    make_otf(system / "Installed.otf", family="Pnp Installed")
    monkeypatch.setattr(otf, "font_folders", lambda: [system])
    folder = card_game(tmp_path / "g", TEXT_FRONT + 'font = "bold"\n', "text\nAB BA\n",
                       extra_toml='[fonts]\nregular = "Own.otf"\nbold = "Pnp Installed"\n')
    make_otf(folder / "Own.otf", family="Pnp Own")
    out = tmp_path / "kit.pdf"
    # forced: the two test fonts have only A, B and space, and the booklet prints more
    build(open_game(str(folder)), out, force=True)
    used = _fonts_in_pdf(out)
    assert any("Installed" in n for n in used), used


def test_a_game_naming_a_font_nobody_installed_fails_validation(tmp_path, monkeypatch):
    from helpers import TEXT_FRONT, card_game

    monkeypatch.setattr(otf, "font_folders", lambda: [])
    folder = card_game(tmp_path / "g", TEXT_FRONT, "text\nAB\n",
                       extra_toml='[fonts]\nregular = "Nowhere Sans"\n')
    caught = refused(str(folder))
    assert 'font "Nowhere Sans" is not installed' in str(caught.value)


def test_the_search_of_installed_fonts_is_bounded(tmp_path, monkeypatch):
    make_otf(tmp_path / "a.otf", family="Pnp First")
    make_otf(tmp_path / "b.otf", family="Pnp Second")
    monkeypatch.setattr(otf, "font_folders", lambda: [tmp_path])
    monkeypatch.setattr(otf, "MAX_SCANNED", 1)
    assert otf.installed_font("Pnp First", tmp_path / "game.toml", "fonts.regular").name == "a.otf"
    with pytest.raises(DataError):
        otf.installed_font("Pnp Second", tmp_path / "game.toml", "fonts.regular")


def test_a_layout_element_names_an_installed_font_by_family(tmp_path, monkeypatch):
    # a designer coming from Squib writes font = "Serif" on the element, not a [fonts] role
    from helpers import TEXT_FRONT, card_game
    from pnp.project import build, open_game

    system = tmp_path / "system"
    system.mkdir()
    make_otf(system / "Installed.otf", family="Pnp Element")
    monkeypatch.setattr(otf, "font_folders", lambda: [system])
    folder = card_game(tmp_path / "g", TEXT_FRONT + 'font = "Pnp Element"\n', "text\nAB BA\n")
    out = tmp_path / "kit.pdf"
    build(open_game(str(folder)), out, force=True)  # the test font has only A, B and space
    assert any("Element" in n for n in _fonts_in_pdf(out)), _fonts_in_pdf(out)


def test_a_layout_font_nobody_installed_says_what_to_do(tmp_path, monkeypatch):
    from helpers import TEXT_FRONT, card_game

    monkeypatch.setattr(otf, "font_folders", lambda: [tmp_path])
    folder = card_game(tmp_path / "g", TEXT_FRONT + 'font = "Nowhere Sans"\n', "text\nAB\n")
    caught = refused(str(folder))
    said = str(caught.value)
    assert "'Nowhere Sans'" in said and "rules.font" in said and "front.toml" in said
    assert "installed on this computer" in said and "copy its font file" in said


def test_a_font_nobody_installed_is_looked_for_once_however_many_rows_name_it(tmp_path,
                                                                              monkeypatch):
    # a font column with a typo on every row must not walk the font folders per row
    from helpers import card_game
    from pnp.project import check, open_game

    monkeypatch.setattr(otf, "font_folders", lambda: [tmp_path])
    walks = []
    real = otf.find_installed
    monkeypatch.setattr("pnp.data.layouts.compiled.find_installed",
                        lambda name: walks.append(name) or real(name))
    front = ('[rules]\ntype = "text"\ntext = "{{ text }}"\nfont = "{{ face }}"\nx = "5mm"\n'
             'y = "5mm"\nwidth = "100% - 10mm"\nheight = "40mm"\n')
    rows = "text,face\n" + "".join(f"card {i},Nowhere Sans\n" for i in range(12))
    found = check(open_game(str(card_game(tmp_path / "g", front, rows))))
    assert sum("Nowhere Sans" in str(f) for f in found) == 12  # each row still named
    assert walks == ["Nowhere Sans"]


def test_a_generic_family_is_named_as_one(tmp_path, monkeypatch):
    # Squib's layouts say font: 'Serif 12'; pnp wants a font it can embed
    from helpers import TEXT_FRONT, card_game

    monkeypatch.setattr(otf, "font_folders", lambda: [tmp_path])
    folder = card_game(tmp_path / "g", TEXT_FRONT + 'font = "Serif"\n', "text\nAB\n")
    caught = refused(str(folder))
    said = str(caught.value)
    assert "'Serif' is a generic family" in said and "DejaVu Serif" in said
    assert "rules.font" in said


def test_a_font_with_its_size_says_to_give_the_size_apart(tmp_path, monkeypatch):
    from helpers import TEXT_FRONT, card_game

    monkeypatch.setattr(otf, "font_folders", lambda: [tmp_path])
    folder = card_game(tmp_path / "g", TEXT_FRONT + 'font = "Serif 12"\n', "text\nAB\n")
    caught = refused(str(folder))
    assert 'font = "Serif" and size = 12' in str(caught.value)
