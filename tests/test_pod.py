"""Print-on-demand by numbers: each service's pixels at 300 dpi, file naming and manifest, the
preflight naming cards by file and row, and CMYK colour spaces read back from the PDF."""

import csv
import re

import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.colors import HexColor

from helpers import ROOT
from pnp.errors import Source
from pnp.export.preflight import preflight
from pnp.export.services import SERVICES
from pnp.kit import Kit, Piece, Sheet, shared
from pnp.project import export, open_game
from pnp.render.fonts import load_fonts
from pnp.units import MM


@pytest.fixture(scope="module")
def wuxing():
    return open_game("wuxing", cwd=ROOT)


@pytest.mark.parametrize("key,px", [("tgc", (825, 1125)), ("mpc", (822, 1122)),
                                    ("drivethru", (825, 1125))])
def test_poker_card_pixels_at_300_dpi(key, px):
    service = SERVICES[key]
    sheet = Sheet("Cards", 63 * MM, 88 * MM, ())  # a 63 x 88 mm card prints as their poker card
    product = service.product_for(sheet)
    assert product.name == "poker"
    assert service.pixels(product) == px


@pytest.mark.parametrize("key,front", [
    ("tgc", "element-and-reference-cards/001-yang-wood-card-front.png"),
    ("mpc", "element-and-reference-cards/front/001.png")])
def test_png_services_write_a_file_per_face_and_a_manifest(wuxing, tmp_path, key, front):
    out = tmp_path / key
    summary, findings = export(wuxing, "pod", out, service=key)
    image = Image.open(out / front)
    assert image.size == SERVICES[key].pixels(SERVICES[key].products[0])
    assert round(image.info["dpi"][0]) == 300
    rows = list(csv.DictReader((out / "manifest.csv").open(encoding="utf-8")))
    assert sum(int(r["count"]) for r in rows) == 12  # every element and reference card
    reference = [r for r in rows if "reference" in r["card"]]
    assert len(reference) == 1 and reference[0]["count"] == "2"  # identical cards: one file
    for r in rows:
        assert (out / r["front"]).is_file() and (out / r["back"]).is_file()
    assert any("no circle card" in str(f) for f in findings)  # pawns are not cards


def test_drivethru_is_one_cmyk_pdf_per_deck_back_then_front(wuxing, tmp_path):
    out = tmp_path / "dtc"
    export(wuxing, "pod", out, service="drivethru", cmyk=True)
    pdf = PdfReader(out / "element-and-reference-cards.pdf")
    assert len(pdf.pages) == 2 * 12  # back and front of every copy
    page = pdf.pages[0]
    assert float(page.mediabox.width) == pytest.approx(2.75 * 72)
    assert float(page.mediabox.height) == pytest.approx(3.75 * 72)
    assert [float(v) for v in page.trimbox] == pytest.approx([9, 9, 189, 261])
    assert "YANG" in pdf.pages[0].extract_text()  # a back first
    assert "WOOD" in pdf.pages[1].extract_text()


def test_drivethru_without_cmyk_says_to_add_cmyk_not_that_the_data_is_wrong(wuxing, tmp_path):
    from pnp.errors import PnpError, RulesError

    with pytest.raises(PnpError) as caught:
        export(wuxing, "pod", tmp_path / "dtc", service="drivethru")
    assert not isinstance(caught.value, RulesError)
    assert "add --cmyk" in str(caught.value) and "card data" not in str(caught.value)
    assert not (tmp_path / "dtc").exists()


@pytest.mark.parametrize("fmt,service", [("pod", "tgc"), ("pod", "mpc"), ("png", None),
                                         ("tts", None)])
def test_cmyk_where_it_would_be_ignored_is_refused_before_drawing(wuxing, tmp_path, fmt, service):
    """The Game Crafter and MakePlayingCards take RGB PNGs: a --cmyk export used to write them
    anyway, silently, with every colour shifted by the round trip through CMYK."""
    from pnp.errors import PnpError, RulesError

    with pytest.raises(PnpError) as caught:
        export(wuxing, fmt, tmp_path / "x", service=service, cmyk=True)
    assert not isinstance(caught.value, RulesError)
    said = str(caught.value)
    assert "--cmyk" in said and ("RGB" in said or "--format pod" in said)
    assert not (tmp_path / "x").exists()


def test_preflight_still_names_rgb_cards_by_row_for_a_cmyk_service(wuxing):
    from pnp.project import prepare

    kit, fonts, _ = prepare(wuxing)
    kit_findings = [str(f) for f in preflight(kit, fonts, SERVICES["drivethru"], cmyk=False)]
    named = [s for s in kit_findings if "wants CMYK" in s
             and re.match(r"error: cards\.csv, row \d+: Yi?[na]n?g? \w+ card", s)]
    assert len(named) == 12  # the ten element cards' fronts and the two backs, by row


def _content_ops(pdf):
    """Every content stream of every page and form XObject, decoded."""
    texts = []
    for page in pdf.pages:
        texts.append(page.get_contents().get_data().decode("latin-1"))
        resources = page.get("/Resources") or {}
        for xobj in (resources.get("/XObject") or {}).values():
            obj = xobj.get_object()
            if obj.get("/Subtype") == "/Form":
                texts.append(obj.get_data().decode("latin-1"))
    return texts


def test_cmyk_pdf_reads_back_as_cmyk_with_an_output_intent(wuxing, tmp_path):
    rgb, cmyk = tmp_path / "rgb.pdf", tmp_path / "cmyk.pdf"
    export(wuxing, "pod", rgb)
    export(wuxing, "pod", cmyk, cmyk=True)
    colour_ops = re.compile(r"(?<![\w.])(rg|RG|k|K|sc|scn|SC|SCN|cs|CS)(?=\s)")
    ops_rgb = {m for t in _content_ops(PdfReader(rgb)) for m in colour_ops.findall(t)}
    ops_cmyk = {m for t in _content_ops(PdfReader(cmyk)) for m in colour_ops.findall(t)}
    assert "rg" in ops_rgb
    assert ops_cmyk <= {"k", "K"} and "k" in ops_cmyk
    intent = PdfReader(cmyk).trailer["/Root"]["/OutputIntents"][0]
    assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "Custom"
    assert "240" in intent["/OutputCondition"]


def test_cmyk_converts_images(tmp_path):
    from pnp.export.outputs import Face, export_pod

    picture = tmp_path / "p.png"
    Image.new("RGB", (40, 40), (200, 30, 30)).save(picture)
    piece = Piece("card", "pic", lambda s: s.c.drawImage(str(picture), 0, 0, s.w, s.h))
    sheet = Sheet("Cards", 63 * MM, 88 * MM, (piece,))
    out = tmp_path / "c.pdf"
    export_pod(Kit("k", sheets=[sheet]), load_fonts(), out, 3 * MM,
               [Face(sheet, piece, 0, False)], cmyk=True)
    images = PdfReader(out).pages[0]["/Resources"]["/XObject"]
    spaces = {x.get_object()["/ColorSpace"] for x in images.values()
              if x.get_object()["/Subtype"] == "/Image"}
    assert spaces == {"/DeviceCMYK"}


def test_preflight_names_text_in_the_margin_and_soft_images_by_file_and_row(tmp_path):
    picture = tmp_path / "small.png"
    Image.new("RGB", (60, 80), "white").save(picture)
    src = Source(tmp_path / "cards.csv", 7)

    def near_edge(s):  # 1 mm from the left trim: inside TGC's 1/8 in (3.2 mm) margin
        s.line("Edge", 1 * MM, s.h / 2, 10)

    def soft(s):  # 80 px down a 3.5 in card: 23 dpi
        s.c.drawImage(str(picture), 0, 0, s.w, s.h)
        s.line("Centre", s.w / 2, s.h / 2, 10, align="centre")

    back = shared(lambda s: s.fill_bleed(HexColor("#123456")))
    kit = Kit("k", sheets=[Sheet("Cards", 63 * MM, 88 * MM, (
        Piece("card", "edge card", near_edge, back, src), Piece("card", "soft card", soft, back,
                                                                 Source(src.path, 8))))])
    found = [str(f) for f in preflight(kit, load_fonts(), SERVICES["tgc"], cmyk=False)]
    assert any(s.startswith("warning: cards.csv, row 7: edge card (front): text 'Edge' comes "
                            "within 1.0 mm of the trim") for s in found), found
    assert any(s.startswith("warning: cards.csv, row 8: soft card (front): image 'small.png' "
                            "prints at 23 dpi") for s in found), found
    assert not any("Centre" in s for s in found)


def test_every_export_runs_the_preflight_naming_the_card(tmp_path):
    """A plain deck with a thumbnail-sized picture: `pnp export` warns before writing, naming
    the card's row in cards.csv."""
    from pnp.scaffold import new_game

    folder = new_game("soft", tmp_path)
    Image.new("RGB", (30, 30), "orange").save(folder / "tiny.png")
    lines = (folder / "cards.csv").read_text(encoding="utf-8").splitlines()
    lines[0] += ",image"
    lines[1] += ",tiny.png"
    lines[2:] = [line + "," for line in lines[2:]]
    (folder / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    summary, findings = export(open_game(str(folder)), "pod", tmp_path / "soft.pdf")
    said = [str(f) for f in findings if "dpi" in str(f)]
    assert len(said) == 1 and said[0].startswith("warning: cards.csv, row 2: Sunrise")
    # the print shop's own check names the image and the layout element too
    summary, findings = export(open_game(str(folder)), "pod", tmp_path / "tgc", service="tgc")
    said = [str(f) for f in findings if "300 dpi" in str(f)]
    assert said and said[0].startswith("warning: cards.csv, row 2: Sunrise (front): image "
                                       "'tiny.png' in element \"picture\" prints at "), said


def test_preflight_refuses_a_font_that_would_not_be_embedded():
    def helvetica(s):  # a PDF standard font: referenced by name, never embedded
        s.c.setFont("Helvetica", 9)
        s.c.drawString(10 * MM, 40 * MM, "Standard")

    kit = Kit("k", sheets=[Sheet("Cards", 63 * MM, 88 * MM, (
        Piece("card", "plain card", helvetica, None, Source(ROOT / "cards.csv", 3)),))])
    found = [str(f) for f in preflight(kit, load_fonts(), SERVICES["mpc"], cmyk=False)]
    assert found == ["error: cards.csv, row 3: plain card (front): font Helvetica is not "
                     "embedded; MakePlayingCards needs every font embedded (use a TrueType font "
                     "under [fonts] in game.toml)"]


def test_the_soft_image_warning_says_the_dpi_the_export_draws_at(tmp_path):
    # (a fresh-user trial: every export said "a print shop prints at 300 dpi")
    from pnp.scaffold import new_game

    folder = new_game("soft", tmp_path)
    Image.new("RGB", (100, 100), "orange").save(folder / "logo.png")  # 254 dpi at 10 mm
    with (folder / "layouts" / "card.toml").open("a", encoding="utf-8") as f:
        f.write('\n[logo]\ntype = "image"\nsrc = "logo.png"\nx = "5mm"\ny = "5mm"\n'
                'width = "10mm"\nheight = "10mm"\n')
    game = open_game(str(folder))

    def said(fmt, **options):
        found = export(game, fmt, tmp_path / f"{fmt}-{options}", **options)[1]
        return {str(f).split("dpi; ")[1] for f in found if "look soft" in str(f)}

    assert said("png", dpi=600) == {"the PNG export draws its faces at 600 dpi, so it will "
                                    "look soft"}
    assert said("png", dpi=150) == set()  # 254 dpi is more than a 150 dpi PNG holds
    assert said("tts") == set()  # (a card on a deck sheet: 164 dpi)
    assert said("pod") == {"a print shop prints at 300 dpi, so it will look soft"}


def test_a_cmyk_pod_file_is_written_beside_the_rgb_one_and_says_so(tmp_path, monkeypatch):
    """`--cmyk` wrote output/<game>-pod.pdf over the RGB file of the same name and said only
    "16 faces, one a page": the two are kept, and the summary names the colour."""
    from click.testing import CliRunner

    from pnp.cli import main
    from pnp.scaffold import new_game

    new_game("deck", tmp_path / "card_data")
    monkeypatch.chdir(tmp_path)
    said = {}
    for extra in ([], ["--cmyk"]):
        res = CliRunner().invoke(main, ["export", "--game", "deck", "--format", "pod", *extra])
        assert res.exit_code == 0, res.output
        said[bool(extra)] = res.output.strip().splitlines()[-1]
    assert said[False].startswith("output/deck-pod.pdf: ") and "CMYK" not in said[False]
    assert said[True].startswith("output/deck-pod-cmyk.pdf: ")
    assert said[True].endswith(", CMYK (PDF/X-1a)")
    out = tmp_path / "output"
    assert "/OutputIntents" not in PdfReader(out / "deck-pod.pdf").trailer["/Root"]
    assert "/OutputIntents" in PdfReader(out / "deck-pod-cmyk.pdf").trailer["/Root"]
