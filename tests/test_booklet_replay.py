"""The booklet's pages are laid out by platypus once and kept as display lists (the calls that
draw them); a build that reads them back replays those calls without importing platypus, and
prints exactly what drawing the laid-out flowables prints."""

import io
import json
import os
import pickle
import subprocess
import sys

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from pnp.project import open_game, prepare
from pnp.render.displaylist import RecordingCanvas, replay


def _pdf(pages, draw, fonts) -> bytes:
    """A document of the pages, each drawn by draw(canvas, page)."""
    out = io.BytesIO()
    c = Canvas(out, pagesize=A4, invariant=1, pageCompression=0,
               initialFontName=fonts["regular"])
    for page in pages:
        draw(c, page)
        c.showPage()
    c.save()
    return out.getvalue()


def _drawn_and_replayed(draw, fonts) -> tuple[bytes, bytes]:
    """A one-page PDF of draw(canvas), drawn directly, and drawn on a recording canvas and
    replayed."""
    def pdf(record: bool) -> bytes:
        out = io.BytesIO()
        c = Canvas(out, pagesize=A4, invariant=1, pageCompression=0,
                   initialFontName=fonts["regular"])
        if record:
            rec = RecordingCanvas(*A4, fonts["regular"])
            draw(rec)
            replay(c, rec.take_page(), lambda *a: None)
        else:
            draw(c)
        c.showPage()
        c.save()
        return out.getvalue()

    return pdf(record=False), pdf(record=True)


def test_replayed_pages_are_the_laid_out_pages_drawn(monkeypatch):
    """Wuxing's booklet (figures, tables, bullets, headings over four pages): its flowables
    drawn on a canvas as platypus draws them, and the same pages recorded and replayed, make
    the same PDF, byte for byte."""
    from pnp.render.booklayout import draw_pages, lay_out

    monkeypatch.setenv("PNP_CACHE_DIR", "")
    kit, fonts, _ = prepare(open_game("wuxing"))
    booklet = kit.booklet
    figures = booklet.figures

    class Direct(Canvas):
        def figure(self, name, w, h):  # what the recording canvas leaves to replay
            figures[name][2](self, fonts, w, h)

    def direct(c, page):
        c.__class__ = Direct
        for placed in page:
            placed.draw_at(c)

    laid_out = lay_out(booklet, fonts, *A4)
    recorded = draw_pages(booklet, fonts, *A4)
    assert len(laid_out) == len(recorded) >= 3
    assert sum(op[1] == "figure" for page in recorded for op in page) == len(figures) >= 1
    drawn = _pdf(laid_out, direct, fonts)
    replayed = _pdf(recorded, lambda c, ops: replay(c, ops, lambda c, n, w, h: figures[n][2](
        c, fonts, w, h)), fonts)
    assert b"Tj" in drawn and len(drawn) > 20_000
    assert replayed == drawn


def test_links_bookmarks_and_underlines_survive_replay():
    """What platypus draws through the text object's canvas (links, destinations, underlines,
    backgrounds) is recorded too: the replayed page equals the page drawn directly."""
    from pypdf import PdfReader

    from pnp.render.fonts import load_fonts
    from pnp.render.platypus import Frame, Paragraph, Table, TableStyle
    from reportlab.lib.styles import ParagraphStyle

    fonts = load_fonts()
    style = ParagraphStyle("p", fontName=fonts["regular"], fontSize=10, leading=13)
    story = lambda: [  # noqa: E731  # new flowables for each canvas
        Paragraph('<a name="start"/>See <a href="https://example.org/rules">the rules</a>, '
                  '<u>underlined</u>, <strike>struck</strike>, <span backColor="#ffee88">'
                  'marked</span> and <a href="#start" color="blue">back to the start</a>.', style),
        Table([["a", "b"], ["1", "2"]], style=TableStyle([("GRID", (0, 0), (-1, -1), 0.5,
                                                           "black")])),
    ]

    def draw(c) -> None:
        Frame(50, 50, 400, 700).addFromList(story(), c)

    drawn, replayed = _drawn_and_replayed(draw, fonts)
    assert replayed == drawn
    page = PdfReader(io.BytesIO(replayed)).pages[0]
    links = [a.get_object() for a in page["/Annots"]]
    assert [a["/A"]["/URI"] for a in links if "/URI" in a.get("/A", {})] == [
        "https://example.org/rules"]
    assert any("/Dest" in a or a.get("/A", {}).get("/S") == "/GoTo" for a in links)
    assert b"start" in replayed  # the destination's name


def test_a_text_object_s_font_set_from_outside_is_replayed():
    """platypus resets a text object's font by assigning its attribute, then writes text in
    it: the assignment is part of the display list, the text prints in that font."""
    from pypdf import PdfReader

    from pnp.render.fonts import load_fonts

    fonts = load_fonts()

    def draw(c) -> None:
        tx = c.beginText(50, 700)
        tx.setFont(fonts["regular"], 12)
        tx._fontname = fonts["bold"]
        tx._textOut("Heavy", 1)
        c.drawText(tx)

    drawn, replayed = _drawn_and_replayed(draw, fonts)
    assert replayed == drawn
    page = PdfReader(io.BytesIO(replayed)).pages[0]
    assert [f.get_object()["/BaseFont"].split("+")[-1]
            for f in page["/Resources"]["/Font"].values()] == ["DejaVuSans-Bold"]


# a build's modules, in a new interpreter (pytest's own has imported platypus already)
BUILDS = """
import json, sys
from pnp.cli import main
for args in json.loads(sys.argv[1]):
    main(args, standalone_mode=False)
print(json.dumps(sorted(m for m in sys.modules if m.startswith("reportlab.platypus"))))
"""


def test_a_second_build_draws_its_booklet_without_platypus(tmp_path):
    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache")}
    subprocess.run([sys.executable, "-m", "pnp", "new", "deck", "--dir", str(tmp_path)],
                   check=True, capture_output=True, env=env)
    games = ["wuxing", str(tmp_path / "deck")]

    def build(tag: str) -> list[str]:
        args = [["build", "--game", g, "--out", str(tmp_path / f"{i}-{tag}.pdf")]
                for i, g in enumerate(games)]
        out = subprocess.run([sys.executable, "-c", BUILDS, json.dumps(args)], check=True,
                             capture_output=True, text=True, env=env).stdout
        return json.loads(out.splitlines()[-1])

    assert "reportlab.platypus.paragraph" in build("first")  # laid out: platypus
    assert build("second") == []  # read back and replayed
    for i in range(len(games)):
        assert (tmp_path / f"{i}-first.pdf").read_bytes() == \
            (tmp_path / f"{i}-second.pdf").read_bytes()


@pytest.mark.parametrize("damage", [
    lambda entry: b"not a pickle",
    lambda entry: entry[:len(entry) // 2],  # cut short
    lambda entry: entry[:20] + bytes([entry[20] ^ 1]) + entry[21:],  # one byte flipped
])
def test_a_damaged_booklet_entry_is_laid_out_again(damage, tmp_path, monkeypatch):
    from pnp.render import booklayout

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    laid_out = []
    real = booklayout.draw_pages
    monkeypatch.setattr(booklayout, "draw_pages",
                        lambda *a: laid_out.append(1) or real(*a))
    kit, fonts, _ = prepare(open_game("wuxing"))
    first = pickle.dumps(kit.booklet.layout(fonts, *A4))
    (entry,) = (tmp_path / "cache" / "booklets").iterdir()
    good = entry.read_bytes()
    entry.write_bytes(damage(good))
    kit.booklet._layouts.clear()
    assert pickle.dumps(kit.booklet.layout(fonts, *A4)) == first
    assert laid_out == [1, 1] and entry.read_bytes() == good  # and written again
    kit.booklet._layouts.clear()
    kit.booklet.layout(fonts, *A4)
    assert laid_out == [1, 1]  # now read back


def test_a_booklet_read_back_parses_only_the_fonts_its_pages_use(tmp_path, monkeypatch):
    """Laying out a booklet with stars registers the italic face in case it is used; a
    booklet with only **bold** never sets a word in it, and reading it back leaves it out."""
    from pnp.render.booklet import Booklet
    from pnp.render.fonts import load_fonts

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    text = "# Rules\n\nSome **bold** words.\n\n- and a list\n"
    first, again = load_fonts(), load_fonts()
    pages = Booklet("T", text).layout(first, *A4)
    assert first.registered_roles() == ["bold", "italic", "regular"]
    assert pickle.dumps(Booklet("T", text).layout(again, *A4)) == pickle.dumps(pages)
    assert again.registered_roles() == ["bold", "regular"]


@pytest.mark.parametrize("headings", ["## Setup", "## Setup\n\n### First things"])
def test_a_heading_is_kept_with_the_figure_under_it(headings):
    """A figure cannot be split: a heading (and one under it) goes over to the next page with
    it, wherever on the page they would fall (it was left alone at the page's foot)."""
    from pnp.render.booklayout import _FigureFlowable, _is_heading, lay_out
    from pnp.render.booklet import Booklet
    from pnp.render.fonts import load_fonts

    fonts = load_fonts()
    figure = (200.0, 180.0, lambda c, fonts, w, h: None)
    apart = []
    for filler in range(45):
        text = "\n\n".join(["Some words of rules text, long enough to wrap a line or two "
                            "across the booklet's column."] * filler)
        booklet = Booklet("T", f"{text}\n\n{headings}\n\n[[figure cards]]\n\nAfter.",
                          figures={"cards": figure})
        for page in lay_out(booklet, fonts, *A4):
            kinds = [("heading" if _is_heading(p) else
                      "figure" if isinstance(p.inner, _FigureFlowable) else "text")
                     for p in page]
            if "heading" in kinds and "figure" not in kinds:
                apart.append(filler)
    assert apart == []


def test_italic_in_a_heading_is_bold_italic():
    from pnp.render.booklayout import lay_out
    from pnp.render.booklet import Booklet
    from pnp.render.fonts import load_fonts

    fonts = load_fonts()
    (page,) = lay_out(Booklet("T", "## A *quick* start\n\nSome *italic* words."), fonts, *A4)
    heading = page[0].inner
    used = {frag.fontName for line in heading.blPara.lines for frag in line.words}
    assert fonts["bold-italic"] in used and fonts["bold"] in used, used
