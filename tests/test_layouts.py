"""A game from data alone (tests/games/showcase): layout files with every element type, rich text
with icons, SVG art, a per-card back, two-sided tokens, hex tiles, a board and a mat with
generated tracks, cards from an .xlsx sheet and [[check]] rules. Its PDF is checked by numbers
(element positions, sizes, fonts, art embedded once) and by eye (visual goldens)."""

import shutil
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from helpers import ROOT, first_error
from pnp.errors import DataError
from pnp.project import build, check, open_game
from pnp.units import MM, PAPERS
from visual import assert_matches_golden, render_page

SHOWCASE = ROOT / "tests" / "games" / "showcase"
sys.path.insert(0, str(SHOWCASE))
import make_xlsx  # noqa: E402  (tests/games/showcase/make_xlsx.py)


@pytest.fixture(scope="module")
def showcase(tmp_path_factory):
    out = tmp_path_factory.mktemp("showcase") / "showcase.pdf"
    built = build(open_game(str(SHOWCASE)), out)
    return out, built


@pytest.fixture
def copy(tmp_path):
    target = tmp_path / "showcase"
    shutil.copytree(SHOWCASE, target)
    return target


def _page(built, title: str) -> int:
    """0-based index of the first page of a section of the print guide."""
    return next(s.first for s in built.sections if s.title.startswith(title)) - 1


def texts(pdf: Path, index: int) -> list[tuple[str, float, float, str, float]]:
    """(text, x, y, font, size) of every string drawn on a page, in page points."""
    found = []

    def visit(text, cm, tm, font, size):
        text = text.strip()
        if text:
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((text, x, y, font["/BaseFont"] if font else "", size * cm[0]))

    PdfReader(pdf).pages[index].extract_text(visitor_text=visit)
    return found


BLEED = 3 * MM


def face_texts(folder: Path, tmp: Path, row: int = 0, component: int = 0):
    """(text, x, y, font, size) on one front drawn alone (pnp preview's drawing), in points
    from the face's trim corner: positions as the layout file gives them, whatever the sheet
    imposition does with the card."""
    from pnp.faces.rows import faces
    from pnp.preview import FaceSpec, draw_face
    from pnp.render.fonts import load_fonts

    comp = open_game(str(folder)).model.components[component]
    front = faces(comp)[row][0]
    spec = FaceSpec("f", comp.title, "face", comp.name, False, comp.width, comp.height,
                    comp.shape, front, None)
    path = tmp / f"face-{row}.pdf"
    path.write_bytes(draw_face(spec, load_fonts(), bleed=BLEED).pdf)
    return [(t, x - BLEED, y - BLEED, f, size) for t, x, y, f, size in texts(path, 0)]


# ---- the PDF by numbers -----------------------------------------------------------------------
def test_showcase_builds_clean_with_every_piece(showcase):
    out, built = showcase
    assert [f for f in built.findings if f.level == "error"] == []
    titles = [s.title for s in built.sections]
    assert titles[1:] == ["Rule booklet", "Cards", "Tokens", "Tiles", "Score board", "Player mat"]
    text = "".join(p.extract_text() for p in PdfReader(out).pages[:2])
    for line in ("7 × card", "10 × token", "5 × tile", "1 × score board", "1 × player mat"):
        assert line in text


def test_title_sits_where_the_layout_puts_it(tmp_path):
    title = [t for t in face_texts(SHOWCASE, tmp_path) if t[0] == "Sun Knight"][0]
    _, x, y, font, size = title
    assert font.endswith("DejaVuSerif-Bold") and size == pytest.approx(12)
    assert x == pytest.approx(13 * MM, abs=0.01)  # x = "13mm" from the trim's left
    # y = "4.5mm", height = "7mm", valign = "middle": one 12 pt line centred in the box
    box_top = 88 * MM - 4.5 * MM
    text_top = box_top - 7 * MM + (7 * MM + 12 * 1.2) / 2
    assert y == pytest.approx(text_top - 12 * 0.95, abs=0.01)


def test_cost_is_centred_in_its_disc_and_rules_use_bold_italic_and_icons(tmp_path):
    from pnp.render.fonts import load_fonts

    drawn = face_texts(SHOWCASE, tmp_path)
    cost = [t for t in drawn if t[0] == "3" and t[1] < 13 * MM and t[2] > 75 * MM][0]
    width = load_fonts().width("3", 13, "bold")
    assert cost[1] + width / 2 == pytest.approx(8 * MM, abs=0.01)  # the disc's centre
    assert cost[3].endswith("DejaVuSans-Bold")
    fonts = {t[3].split("+")[-1] for t in drawn if t[0] in ("2", "Once per turn.")}
    assert {"DejaVuSans-Bold", "DejaVuSans-Oblique"} <= fonts


def test_element_boxes_for_proof_overlays():
    from pnp.faces.rows import faces

    game = open_game(str(SHOWCASE))
    cards = game.model.components[0]
    front, back = faces(cards)[0]
    boxes = {b["name"]: b for b in front.boxes(63 * MM, 88 * MM, 3 * MM)}
    assert boxes["cost_disc"]["x"] == pytest.approx(4 * MM)
    assert boxes["cost_disc"]["y"] == pytest.approx(88 * MM - 12 * MM)
    assert boxes["cost_disc"]["width"] == pytest.approx(8 * MM)
    assert boxes["frame"]["x"] == pytest.approx(3 * MM)  # from = "safe"
    assert boxes["frame"]["width"] == pytest.approx(57 * MM)
    assert boxes["background"]["x"] == pytest.approx(-3 * MM)  # from = "bleed"
    assert "boss" not in boxes  # when = cost >= 9: the Sun Knight costs 3
    dragon = faces(cards)[3][0]
    assert "boss" in {b["name"] for b in dragon.boxes(63 * MM, 88 * MM)}


def test_every_font_is_embedded_and_the_game_font_is_used(showcase):
    out, _ = showcase
    seen = {}
    for page in PdfReader(out).pages:
        for ref in page["/Resources"]["/Font"].get_object().values():
            font = ref.get_object()
            desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] \
                if "/DescendantFonts" in font else font.get("/FontDescriptor")
            seen[font["/BaseFont"]] = desc is not None and "/FontFile2" in desc.get_object()
    assert all(seen.values()), seen
    assert any(name.endswith("DejaVuSerif-Bold") for name in seen)  # fonts/SerifTitle.ttf


def _xobjects(pdf: Path):
    names: dict[str, set] = {}
    seen: set = set()

    def walk(resources):
        xo = resources.get("/XObject") if resources else None
        for name, ref in (xo.get_object().items() if xo else []):
            names.setdefault(name, set()).add(ref.idnum)
            if ref.idnum not in seen:
                seen.add(ref.idnum)
                obj = ref.get_object()
                if obj.get("/Subtype") == "/Form":
                    walk(obj.get("/Resources"))

    for page in PdfReader(pdf).pages:
        walk(page.get("/Resources"))
    return names


def test_svg_and_png_art_and_shared_backs_are_embedded_once(showcase):
    out, _ = showcase
    objects = _xobjects(out)
    assert all(len(ids) == 1 for ids in objects.values())  # one object per name, reused
    svgs = [k for k in objects if k.startswith("/FormXob.svg")]
    backs = [k for k in objects if k.startswith("/FormXob.face")]
    drawn = [k for k in objects if k.startswith(("/FormXob.rep", "/FormXob.marks", "/FormXob.img"))]
    images = [k for k in objects if k not in svgs + backs + drawn]  # reportlab's image forms
    assert len(svgs) == 2  # sunrise.svg on three cards and the board, icons/sun.svg in text
    assert len(images) == 2  # forest.png on three cards, icons/moon.png in text
    assert len(backs) == 2  # back.toml and boss-back.toml: no row values, so drawn once each


def test_formula_cells_give_their_cached_values(showcase):
    out, built = showcase
    text = PdfReader(out).pages[_page(built, "Cards")].extract_text()
    assert "6 VP" in text and "18 VP" in text  # score = cost * 2, as the spreadsheet left it


# ---- the PDF by eye ---------------------------------------------------------------------------
@pytest.mark.parametrize("section,name", [("Cards", "showcase-cards-front"),
                                          ("Tiles", "showcase-tiles"),
                                          ("Score board", "showcase-board")])
def test_showcase_pages_look_as_approved(showcase, section, name):
    out, built = showcase
    assert_matches_golden(render_page(out, _page(built, section)), name)


# ---- a layout file moves a box, with no Python ------------------------------------------------
def test_editing_the_layout_file_alone_moves_the_title(copy, tmp_path):
    layout = copy / "layouts" / "card.toml"
    layout.write_text(layout.read_text().replace('y = "4.5mm"\nwidth = "100% - 17mm"',
                                                 'y = "10.5mm"\nwidth = "100% - 17mm"'))
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    y0 = [t[2] for t in face_texts(SHOWCASE, tmp_path / "a") if t[0] == "Sun Knight"][0]
    y1 = [t[2] for t in face_texts(copy, tmp_path / "b") if t[0] == "Sun Knight"][0]
    assert y0 - y1 == pytest.approx(6 * MM, abs=0.01)
    built = build(open_game(str(copy)), tmp_path / "moved.pdf")  # and the kit still builds
    assert not [f for f in built.findings if f.level == "error"]


def test_extends_overrides_and_removes_elements(copy):
    from pnp.data.layouts.spec import load_spec
    from pnp.errors import Source

    (copy / "layouts" / "plain-back.toml").write_text(
        'extends = "boss-back.toml"\n[ring]\nremove = true\n[name]\nsize = 20\n')
    spec = load_spec(copy, "layouts/plain-back.toml", Source(copy / "game.toml"), "back")
    assert list(spec.elements) == ["background", "name"]
    assert spec.elements["background"]["fill"] == "moon"  # from boss-back.toml
    assert spec.elements["name"]["text"] == "Boss" and spec.elements["name"]["size"] == 20
    (copy / "layouts" / "a.toml").write_text('extends = "b.toml"\n')
    (copy / "layouts" / "b.toml").write_text('extends = "a.toml"\n')
    with pytest.raises(DataError, match="in a circle: layouts/a.toml -> layouts/b.toml -> layouts/a.toml"):
        load_spec(copy, "layouts/a.toml", Source(copy / "game.toml"), "back")


def test_a_missing_layout_says_what_its_path_is_relative_to(copy):
    """A back column's cell is relative to the game folder, `extends` to the layout naming it:
    the message says which, and where a file of that name is."""
    _cards(copy, {(4, "back"): "boss-back.toml"})  # written as if beside the other layouts
    found = _errors(copy)  # (a row's finding: every such row is named, not only the first)
    message = next(f for f in found if "row 4" in f)
    assert "cards.xlsx [sheet Cards], row 4" in message and '"back"' in message, message
    assert "'boss-back.toml' not found in the game folder (this path is relative to the game " \
           "folder); did you mean 'layouts/boss-back.toml'?" in message, message
    _cards(copy, {})
    (copy / "layouts" / "boss-back.toml").write_text('extends = "plain.toml"\n')
    with pytest.raises(DataError) as caught:
        open_game(str(copy))
    message = str(caught.value)
    assert message.startswith("boss-back.toml") or "boss-back.toml" in message.split(":")[0]
    assert "'plain.toml' not found beside the layout that extends it (in layouts/) nor in the " \
           "game folder" in message, message


# ---- findings name the file, the row and the element ------------------------------------------
def _cards(copy, changes):
    rows = [list(r) for r in make_xlsx.CARDS]
    for (row, column), value in changes.items():
        rows[row - 1][rows[0].index(column)] = value
    make_xlsx.write(copy / "cards.xlsx", rows)


def _errors(folder):
    return [str(f) for f in check(open_game(str(folder)))]


def test_text_that_does_not_fit_names_the_sheet_row_element_and_text(copy):
    _cards(copy, {(3, "rules"): "A very long rule. " * 40})
    found = _errors(copy)
    assert any(f.startswith('error: cards.xlsx [sheet Cards], row 3, field "rules": ')
               and 'element "rules" (layouts/card.toml): text does not fit its box even at 7 pt: '
               "'A very long rule." in f for f in found), found


def test_a_missing_icon_and_a_missing_glyph_are_findings(copy):
    _cards(copy, {(2, "rules"): "Deal :lightning: damage.", (4, "title"): "Moon 한"})
    found = _errors(copy)
    assert any("row 2" in f and "no icon 'lightning'" in f for f in found), found
    assert any("row 4" in f and "no font has the character(s) '한'" in f for f in found), found


def test_a_low_resolution_image_is_a_warning(copy):
    from PIL import Image

    Image.new("RGB", (120, 80), "green").save(copy / "art" / "forest.png")
    found = _errors(copy)
    assert any(f.startswith("warning: cards.xlsx [sheet Cards], row 3") and
               "image 'art/forest.png' prints at 58 dpi (under 200)" in f for f in found), found


def test_an_unknown_figure_is_a_finding(copy):
    layout = copy / "layouts" / "card.toml"
    layout.write_text(layout.read_text().replace('figure = "star"', 'figure = "comet"'))
    found = _errors(copy)
    # the figures known are every game's loaded so far (names are global): star among them;
    # a figure no row names is the layout file's mistake, said once
    said = [f for f in found if "comet" in f]
    assert len(said) == 1 and said[0].startswith(
        'error: layouts/card.toml, field "boss.figure": element "boss": no figure \'comet\'; '
        "known: ") and "star" in said[0].split("known: ")[1].split(", "), found


def test_expressions_stay_in_their_sandbox(copy):
    _cards(copy, {(2, "title"): "x"})
    layout = copy / "layouts" / "card.toml"
    layout.write_text(layout.read_text().replace('text = "{{ title }}"',
                                                 'text = "{{ title.__class__.__mro__ }}"', 1))
    found = _errors(copy)
    assert any('element "title"' in f and "the sandbox forbids: access to attribute '__class__'"
               in f for f in found), found


@pytest.mark.parametrize("old,new,message", [
    ('text = "{{ title }}"', 'text = "{{ titel }}"',
     'layouts/card.toml, field "title.text": \'{{ titel }}\' uses \'titel\', which is neither a column'),
    ('[frame]\ntype = "rect"', '[frame]\ntype = "rect"\ncolour = "red"',
     'layouts/card.toml, field "frame.colour": element [frame] (rect) has no property \'colour\''),
    ('[frame]\ntype = "rect"', '[frame]\ntype = "circle"',
     'layouts/card.toml, field "frame.type": element [frame] has type \'circle\'; use one of'),
    ('x = "13mm"', 'x = "13 millimetres"',
     'layouts/card.toml, field "title.x": expected a length such as 5mm'),
    ('font = "fonts/SerifTitle.ttf"', 'font = "fonts/Missing.ttf"',
     'layouts/card.toml, field "title.font": font file \'fonts/Missing.ttf\' not found'),
    ('size = 12\nmin_size = 8', 'size = 0\nmin_size = 8',
     'layouts/card.toml, field "title.size": 0 is out of range (1 to 500)'),
    ('[frame]\ntype = "rect"', '[frame]\ntype = "rect"\nopacity = 2',
     'layouts/card.toml, field "frame.opacity": 2 is out of range (0 to 1)'),
    # constant on every card: said once, where it is written (not once a card, as drawn)
    # a TOML true is no number (it was read as 1: size 1 pt, rotate 1 degree)
    ('size = 12\nmin_size = 8', 'size = true\nmin_size = 8',
     'layouts/card.toml, field "title.size": expected a number, got true'),
    ('[frame]\ntype = "rect"', '[frame]\ntype = "rect"\nrotate = true',
     'layouts/card.toml, field "frame.rotate": expected a number, got true'),
    ('size = 12\nmin_size = 8', 'size = 12\nmin_size = 20',
     'layouts/card.toml, field "title.min_size": element [title]: min_size 20 is larger than '
     'size 12'),
])
def test_layout_mistakes_name_the_file_and_property(copy, old, new, message):
    layout = copy / "layouts" / "card.toml"
    assert old in layout.read_text()
    layout.write_text(layout.read_text().replace(old, new, 1))
    said = first_error(copy)
    assert said.startswith(message), said


# ---- [[check]] rules --------------------------------------------------------------------------
def test_checks_name_file_row_and_field(copy):
    _cards(copy, {(3, "suit"): "star", (4, "title"): "Sun Knight", (2, "cost"): 12,
                    (5, "ability"): "fly"})
    found = _errors(copy)
    sheet = "cards.xlsx [sheet Cards]"
    expected = [
        # a layout paints with the suit: not a colour, so the row is refused when it opens
        f"error: {sheet}, row 3, field \"suit\": 'star' is missing from game.toml's [palette] "
        "(it has: ink, lake, leaf, moon, paper, sun); add it there or write the colour as "
        "#rrggbb or a CSS colour name",
        # counts over the whole file wait until its refused row is fixed
        f"warning: {sheet}: the checks of the whole file (rows the rules need, counts) run once "
        "its unreadable rows above are fixed",
        f"error: {sheet}, row 4, field \"title\": 'Sun Knight' appears twice (first in row 2)",
        f"error: {sheet}, row 2, field \"cost\": 12 is more than the maximum 10",
        f"error: {sheet}, row 5, field \"ability\": 'fly' is not a row of "
        "cards.xlsx#Abilities:name",
    ]
    for line in expected:
        assert line in found, (line, found)


def test_a_total_counts_copies(copy):
    (copy / "tokens.csv").write_text("name,value,colour,side,count\nCoin,1,sun,spent,7\n"
                                     "Wound,2,moon,healed,4\n")
    assert 'error: tokens.csv, field "value": adds up to 15; the check asks for 14' in _errors(copy)


def test_a_check_with_a_typo_is_a_clear_error(copy):
    toml = copy / "game.toml"
    toml.write_text(toml.read_text().replace('column = "cost"', 'column = "costs"'))
    with pytest.raises(DataError, match=r"field \"check\[3\].column\": cards.xlsx \[sheet Cards\] "
                                        r"has no column 'costs'"):
        open_game(str(copy))


# ---- spreadsheets and published sheets --------------------------------------------------------
def test_workbook_errors_name_the_sheet_and_row(copy):
    toml = copy / "game.toml"
    toml.write_text(toml.read_text().replace('"cards.xlsx#Cards"', '"cards.xlsx#Monsters"'))
    with pytest.raises(DataError, match="cards.xlsx has no sheet 'Monsters'; its sheets are: "
                                        "Cards, Abilities"):
        open_game(str(copy))
    toml.write_text(toml.read_text().replace('"cards.xlsx#Monsters"', '"cards.xlsx#Cards"'))
    _cards(copy, {(4, "count"): "many", (6, "art"): "art/missing.png"})
    from pnp.project import validate

    found = [str(f) for f in validate(open_game(str(copy)))]  # every bad row, in one run
    assert ('error: cards.xlsx [sheet Cards], row 4, field "count": expected a whole number, '
            "got 'many'") in found
    assert ('error: cards.xlsx [sheet Cards], row 6, field "art": image \'art/missing.png\' not '
            "found in the game folder") in found


def test_first_sheet_is_the_default(copy):
    from pnp.data.sheets import read_table
    from pnp.errors import Source

    table = read_table(copy, "cards.xlsx", Source(copy / "game.toml"), "data")
    assert table.columns[:4] == ("title", "suit", "cost", "score")
    assert [r["score"] for r in table.rows] == [6, 2, 8, 18, 4]
    assert table.rows[0].source.row == 2


class _Server:
    """A local web server for the tests' sheets: `folder`'s files, `/moved` redirecting to
    `moved_to`; `asked` lists every path requested."""

    def __init__(self, folder, moved_to: str = ""):
        import http.server
        import threading

        asked = self.asked = []

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *a, **k):
                super().__init__(*a, directory=str(folder), **k)

            def do_GET(self):
                asked.append(self.path)
                if self.path.startswith("/moved"):
                    self.send_response(302)
                    self.send_header("Location", moved_to)
                    self.end_headers()
                    return
                super().do_GET()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


SHEET = "https://docs.google.com/spreadsheets/d/e/2PACX-test/pub?gid=0&single=true&output=csv"


def test_a_published_sheet_is_fetched_cached_and_used_offline(copy, monkeypatch):
    """A published Google Sheet is fetched (here Google is a local server: the fetch itself is
    real HTTP), cached in the game folder and used from the cache offline."""
    from pnp.data import sheets

    served = copy / "served"
    served.mkdir()
    (served / "tokens.csv").write_text((copy / "tokens.csv").read_text())
    (copy / "tokens.csv").unlink()
    server = _Server(served)
    real = sheets._fetch
    monkeypatch.setattr(sheets, "_fetch", lambda url: real(url.replace(SHEET, server.url +
                                                                       "tokens.csv")))
    toml = copy / "game.toml"
    toml.write_text(toml.read_text().replace('data = "tokens.csv"',
                                             f'data = "{SHEET}"\ncache = "cache/tokens.csv"'))
    try:
        game = open_game(str(copy))
        assert (copy / "cache" / "tokens.csv").read_text() == (served / "tokens.csv").read_text()
        assert sum(game.model.components[1].counts) == 10
        assert server.asked == ["/tokens.csv"]
    finally:
        server.close()
    # offline: the cached copy answers, and validate says so
    found = [str(f) for f in check(open_game(str(copy)))]
    assert any(f.startswith("warning:") and f"cannot fetch {SHEET}" in f
               and "built from the cached copy cache/tokens.csv" in f for f in found), found
    # neither link nor cache: one clear error
    (copy / "cache" / "tokens.csv").unlink()
    with pytest.raises(DataError, match=r"cannot fetch https://docs.google.com/\S+ \(.*\) "
                                        r"and there is no cached copy \(cache/tokens.csv\) yet"):
        open_game(str(copy))


@pytest.mark.parametrize("link", [
    "{local}tokens.csv",  # plain http, this machine
    "https://example.com/tokens.csv", "http://docs.google.com/spreadsheets/d/x/pub?output=csv",
    "https://docs.google.com:8443/spreadsheets/d/x/pub?output=csv",
    "https://me@docs.google.com/spreadsheets/d/x/pub?output=csv",
    "https://docs.google.com.example.net/spreadsheets/d/x/pub?output=csv",
    "https://docs.google.com/document/d/x/export?format=txt", "file:///etc/hostname",
    "ftp://example.com/tokens.csv"])
def test_only_published_google_sheets_are_fetched(copy, link):
    """Card data may come from strangers: any other link is one Error naming game.toml and the
    field, and nothing is fetched."""
    from click.testing import CliRunner

    from pnp.cli import main

    served = copy / "served"
    served.mkdir()
    (served / "tokens.csv").write_text((copy / "tokens.csv").read_text())
    server = _Server(served)
    link = link.format(local=server.url)
    toml = copy / "game.toml"
    toml.write_text(toml.read_text().replace('data = "tokens.csv"', f'data = "{link}"'))
    try:
        res = CliRunner().invoke(main, ["build", "--game", str(copy), "--out",
                                        str(copy.parent / "x.pdf")])
    finally:
        server.close()
    assert server.asked == []
    assert res.exit_code != 0 and "Traceback" not in res.output
    (line,) = res.output.strip().splitlines()
    assert line.startswith('Error: game.toml, [[component]] "token", field "data"'), line
    assert "only links pnp fetches are published Google Sheets" in line
    assert not (copy.parent / "x.pdf").exists()


def test_a_sheet_link_redirecting_away_from_google_is_not_followed(tmp_path):
    from pnp.data import sheets

    elsewhere = _Server(tmp_path)
    (tmp_path / "x.csv").write_text("a\n1\n")
    server = _Server(tmp_path, moved_to=elsewhere.url + "x.csv")
    try:
        with pytest.raises(ValueError, match="redirects to http://127.0.0.1:.*not Google's"):
            sheets._fetch(server.url + "moved")
    finally:
        server.close()
        elsewhere.close()
    assert server.asked == ["/moved"] and elsewhere.asked == []
    assert sheets._google_host("https://doc-0s-3g-sheets.googleusercontent.com/pub/x")
    assert not sheets._google_host("https://googleusercontent.com.evil.net/x")


# ---- tracks and rich text, in numbers ---------------------------------------------------------
def test_track_cells_in_a_loop_a_serpentine_and_a_line():
    from pnp.data.layouts.track import cells

    loop = cells(36, "loop", 0, 0, 180, 180)
    assert len(loop) == 36 and loop[0].w == pytest.approx(18)
    assert (loop[0].x, loop[0].y) == (0, 162)  # top left
    assert (loop[9].x, loop[9].y) == pytest.approx((162, 162))  # top right
    assert (loop[10].x, loop[10].y) == pytest.approx((162, 144))  # then down the right side
    assert (loop[35].x, loop[35].y) == pytest.approx((0, 144))  # back up the left side
    snake = cells(12, "serpentine", 0, 0, 120, 40)
    assert [(round(c.x, 6), round(c.y, 6)) for c in snake[5:8]] == [(100, 20), (100, 0), (80, 0)]
    line = cells(10, "line", 0, 0, 100, 10)
    assert [c.x for c in line[:3]] == pytest.approx([0, 10, 20])
    with pytest.raises(ValueError, match="even number of cells"):
        cells(35, "loop", 0, 0, 100, 100)


def test_rich_text_parses_styles_icons_and_breaks():
    from pnp.faces.richtext import parse

    (first, second) = parse("Deal **2** :sword: damage.\n*Once* per\\*turn", "regular")
    assert [[(b.text, b.role, b.icon) for b in w] for w in first] == [
        [("Deal", "regular", False)], [("2", "bold", False)], [("sword", "regular", True)],
        [("damage.", "regular", False)]]
    assert [[(b.text, b.role) for b in w] for w in second] == [
        [("Once", "italic")], [("per*turn", "regular")]]


def test_a_long_word_is_hyphenated_to_fit_a_narrow_box():
    from pnp.faces.richtext import Measure, fit
    from pnp.render.fonts import load_fonts

    fonts = load_fonts()
    m = Measure(fonts)
    word = "Counterintelligence"
    width = fonts.width(word, 10) * 0.6
    fitted = fit(fonts, m, word, "regular", width, 100, 10, 10, 1.2, "en_US")
    lines = ["".join(b.text for w in line.words for b in w) for line in fitted.lines]
    assert len(lines) == 2 and lines[0].endswith("-") and "".join(lines).replace("-", "") == word
    assert all(line.width * 10 <= width + 1e-6 for line in fitted.lines)


# ---- starters and the README walkthrough --------------------------------------------------------
@pytest.mark.parametrize("template,pieces", [
    ("deck", ["7 × card"]), ("tokens-and-board", ["18 × token", "1 × score board"]),
    ("hex-tiles", ["14 × tile"]), ("trick-taking", ["40 × card"]), ("market", ["32 × card"])])
def test_every_new_game_template_builds_at_once(tmp_path, template, pieces):
    from click.testing import CliRunner

    from pnp.cli import main

    runner = CliRunner()
    res = runner.invoke(main, ["new", "mine", "--dir", str(tmp_path), "--template", template])
    assert res.exit_code == 0, res.output
    out = tmp_path / "mine.pdf"
    res = runner.invoke(main, ["build", "--game", str(tmp_path / "mine"), "--out", str(out)])
    assert res.exit_code == 0 and "Error" not in res.output and "warning" not in res.output, \
        res.output
    text = "".join(p.extract_text() for p in PdfReader(out).pages[:2])
    assert all(p in text for p in pieces), text


def test_the_readme_walkthrough_builds_and_places_the_cost(tmp_path):
    import walkthrough

    game = walkthrough.make(tmp_path)
    out = tmp_path / "potions.pdf"
    built = build(open_game(str(game)), out)
    assert not [f for f in built.findings if f.level == "error"]
    cost = [t for t in face_texts(game, tmp_path) if t[0] == "2"][0]
    from pnp.render.fonts import load_fonts

    half = load_fonts().width("2", 14, "bold") / 2
    assert cost[1] + half == pytest.approx(63 * MM - 12 * MM + 4.5 * MM, abs=0.01)
    assert "![" in (ROOT / "README.md").read_text() and (ROOT / "docs" /
                                                        "walkthrough-cards.png").is_file()


def test_the_readme_walkthrough_shows_the_rows_and_elements_the_picture_was_made_from():
    """The README's step 2 and 3 blocks are walkthrough.py's, which made the picture."""
    import walkthrough

    readme = (ROOT / "README.md").read_text()
    walk = readme[readme.index("### A card from scratch"):readme.index("### Layout files")]
    blocks, block = [], []
    for line in walk.splitlines():
        if line.startswith("       ") or (block and not line.strip()):
            block.append(line[7:])
        elif block:
            blocks.append("\n".join(block).strip())
            block = []
    assert blocks[0] == walkthrough.CARDS.strip()
    assert blocks[1] == walkthrough.COST_AND_ICON.strip()


def test_proofs_outline_each_layout_element_where_it_lands():
    from pnp.faces.rows import faces
    from pnp.preview import FaceSpec, draw_face
    from pnp.render.fonts import load_fonts

    cards = open_game(str(SHOWCASE)).model.components[0]
    front, back = faces(cards)[0]
    spec = FaceSpec("f", "Cards", "Sun Knight", "card", False, 63 * MM, 88 * MM, "rect", front,
                    None)
    drawn = draw_face(spec, load_fonts(), proof=True)
    boxes = {e.name: e.rect for e in drawn.elements}
    assert (boxes["cost_disc"].x, boxes["cost_disc"].y) == pytest.approx((4 * MM, 76 * MM))
    assert boxes["art"].w == pytest.approx(53 * MM) and boxes["art"].h == pytest.approx(34 * MM)
    turned = {e.name: e.rect for e in draw_face(
        FaceSpec("b", "Cards", "back", "card", True, 63 * MM, 88 * MM, "rect", back, None),
        load_fonts(), proof=True).elements}["name"]
    assert turned.h > 8 * MM  # back.toml turns its name 20 degrees: the box grows to hold it


def test_an_ods_sheet_is_read_like_a_csv(copy):
    from xlsxmaker import write_ods

    write_ods(copy / "tokens.ods", {"Notes": [["x"], ["y"]], "Tokens": [
        ["name", "value", "colour", "side", "count"],
        ["Coin", 1, "sun", "spent", ("=2*3", 6)],
        ["Wound", 2, "moon", "healed", 4]]})
    (copy / "tokens.csv").unlink()
    toml = copy / "game.toml"
    toml.write_text(toml.read_text().replace('data = "tokens.csv"', 'data = "tokens.ods#Tokens"'))
    game = open_game(str(copy))
    tokens = game.model.components[1]
    assert tokens.counts == [6, 4] and tokens.table.rows[1].source.row == 3
    assert tokens.table.name == "tokens.ods [sheet Tokens]"
    assert [str(f) for f in check(game) if f.level == "error"] == []


def test_ink_saver_turns_layout_backgrounds_into_outlines(tmp_path):
    from pnp.project import prepare
    from pnp.render.pdf import Options, render_kit

    game = open_game(str(SHOWCASE))
    kit, fonts, _ = prepare(game, force=False)
    full, saver = tmp_path / "full.pdf", tmp_path / "saver.pdf"
    render_kit(kit, fonts, full, Options(PAPERS["a4"]))
    render_kit(kit, fonts, saver, Options(PAPERS["a4"], ink_saver=True))
    dark = [render_page(pdf, 6).convert("L").point(lambda p: 255 if p < 200 else 0).histogram()[255]
            for pdf in (full, saver)]  # pixels of the token sheet darker than paper
    assert dark[1] < dark[0] / 3


@pytest.mark.parametrize("rows", ["", "A,x,sun,0\nB,y,leaf,0\n"])
def test_a_deck_with_nothing_to_print_builds_its_kit_and_says_so(tmp_path, rows):
    from click.testing import CliRunner

    from pnp.cli import main

    runner = CliRunner()
    assert runner.invoke(main, ["new", "mine", "--dir", str(tmp_path)]).exit_code == 0
    game = tmp_path / "mine"
    (game / "cards.csv").write_text("title,text,colour,count\n" + rows)
    out = tmp_path / "mine.pdf"
    for command in (["validate", "--game", str(game)],
                    ["build", "--game", str(game), "--out", str(out)]):
        res = runner.invoke(main, command)  # was IndexError: "a bug in pnp", exit 70
        assert res.exit_code == 0, res.output
        assert "warning: Cards: nothing to print (no rows, or every count is 0)" in res.output
    assert len(PdfReader(out).pages) >= 2  # the guide and the booklet, no card sheet
    assert "Cards" not in PdfReader(out).pages[0].extract_text()
    pod = tmp_path / "pod.pdf"  # was a PDF of no pages, which viewers refuse to open
    res = runner.invoke(main, ["export", "--game", str(game), "--format", "pod", "--out", str(pod)])
    assert res.exit_code == 1 and "nothing to export as pod: the kit has no faces" in res.output
    assert not pod.exists()


def test_a_new_game_has_a_version_to_mark_its_prints_with(tmp_path):
    from click.testing import CliRunner

    from pnp.cli import main

    runner = CliRunner()
    assert runner.invoke(main, ["new", "mine", "--dir", str(tmp_path)]).exit_code == 0
    out = tmp_path / "mine.pdf"
    res = runner.invoke(main, ["build", "--game", str(tmp_path / "mine"), "--out", str(out),
                               "--version-mark", "back"])  # failed: the game has no version
    assert res.exit_code == 0, res.output
    assert any("0.1" in page.extract_text() for page in PdfReader(out).pages)


@pytest.mark.parametrize("prop, written, read", [
    ("align", "center", "centre"), ("align", "Middle", "centre"), ("align", "centre", "centre"),
    ("valign", "center", "middle"), ("valign", "centre", "middle"), ("valign", "MIDDLE", "middle")])
def test_the_middle_is_called_either_way_in_either_spelling(written, prop, read):
    from pnp.data.layouts.elements import ALIGN, VALIGN
    from pnp.data.layouts.values import ValueProblem

    convert = ALIGN if prop == "align" else VALIGN
    assert convert(written) == read
    with pytest.raises(ValueProblem, match="is not one of"):   # the other axis's words are not
        convert("top" if prop == "align" else "left")
