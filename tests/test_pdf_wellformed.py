"""Every game's PDF, in every layout, read back by a strict PDF reader."""

import pytest
from pypdf import PdfReader

from helpers import ROOT
from pnp.project import build, open_game

GAMES = ("wuxing", "experior", "legolas")
LAYOUTS = {
    "a4 duplex": {},
    "letter": {"paper": "letter"},
    "gutterfold": {"layout": "gutterfold"},
    "no backs, no bleed": {"backs": False, "bleed_mm": 0},
    "ink saver": {"ink_saver": True},
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_pdf_is_well_formed(tmp_path, game, layout):
    out = tmp_path / f"{game}.pdf"
    result = build(open_game(game, cwd=ROOT), out, **LAYOUTS[layout])
    assert not [f for f in result.findings if f.level == "error"]
    pdf = PdfReader(out, strict=True)
    assert len(pdf.pages) == result.pages
    for page in pdf.pages:
        page.get_contents()  # every content stream decodes
        assert float(page.mediabox.width) > 500
    assert pdf.metadata.title
    assert _unembedded_fonts(pdf) == set()


def _unembedded_fonts(pdf: PdfReader) -> set[str]:
    """Fonts a page refers to without carrying their glyphs (a print shop's preflight error)."""
    missing = set()
    for page in pdf.pages:
        for ref in (page["/Resources"].get("/Font") or {}).values():
            font = ref.get_object()
            descriptors = [font.get("/FontDescriptor")] + [
                d.get_object().get("/FontDescriptor") for d in font.get("/DescendantFonts", [])]
            if not any(d is not None and "/FontFile2" in d.get_object() for d in descriptors):
                missing.add(str(font.get("/BaseFont")))
    return missing


@pytest.mark.parametrize("game", GAMES)
def test_print_guide_text_stays_inside_the_page(tmp_path, game):
    """The guide's long section titles wrap instead of running off the paper."""
    import pypdfium2 as pdfium

    out = tmp_path / f"{game}.pdf"
    build(open_game(game, cwd=ROOT), out)
    image = pdfium.PdfDocument(str(out))[0].render(scale=100 / 72).to_pil().convert("L")
    edge = round(100 / 25.4 * 5)  # the outer 5 mm must stay blank
    w, h = image.size
    strip = image.crop((w - edge, 0, w, h))
    assert min(strip.getextrema()) > 200, "something is printed in the right margin"
