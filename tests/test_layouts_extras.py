"""What the Legolas faces needed from the layout language, for every game: number filters
(`signed`, `fraction`), a `mix` colour filter, two-tone icons (`detail`), player shapes as
icons, layout text held to the print rules (7 pt, 1 mm from the cut), and expressions compiled
once between runs."""

import io
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from helpers import ROOT, card_game, first_error
from pnp.data.colours import parse_colour
from pnp.data.layouts.values import Scope, Value, fraction, signed, to_text
from pnp.faces.art import IconFinder
from pnp.project import build, check, open_game
from pnp.render.icons import PLAYER_SHAPES

SHOWCASE = ROOT / "tests" / "games" / "showcase"


@pytest.mark.parametrize("n,text", [(3, "+3"), (-2, "\u22122"), (0, "0"), (1.5, "+1\u00bd"),
                                    (-0.5, "\u2212\u00bd")])
def test_signed_prints_a_true_minus_and_halves(n, text):
    assert signed(n) == text


@pytest.mark.parametrize("n,text", [(2, "2"), (2.0, "2"), (0.5, "\u00bd"), (2.5, "2\u00bd"),
                                    (0.25, "0.25"), ("3", "3")])
def test_fraction_prints_numbers_as_a_player_reads_them(n, text):
    assert fraction(n) == text


def _value(raw, columns=("coins", "vp")):
    palette = {"ink": parse_colour("#000000"), "paper": parse_colour("#ffffff")}
    constants = {"ink": "#000000", "paper": "#ffffff"}
    return Value(raw, to_text, Scope(Path("card.toml"), columns, palette, constants), "x.text")


def test_layout_expressions_use_the_number_and_mix_filters():
    v = _value("{{ coins | fraction }} coin{{ 's' if coins > 1 }} for {{ vp | signed }} VP")
    assert v.get({"coins": 2.5, "vp": -1}) == "2\u00bd coins for \u22121 VP"
    assert v.get({"coins": 0.5, "vp": 2}) == "\u00bd coin for +2 VP"
    grey = _value("{{ ink | mix(paper, 0.25) }}")
    assert grey.static and grey.get({}) == "#404040"  # a quarter of the way to white


def _pixels(draw) -> set:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(100, 100))
    draw(c)
    c.save()
    image = pdfium.PdfDocument(buf.getvalue())[0].render(scale=1).to_pil().convert("RGB")
    return {image.getpixel((x, y)) for x in range(100) for y in range(100)}


def test_a_two_tone_icon_takes_its_detail_colour(tmp_path):
    icons = IconFinder(tmp_path)
    gold, gem = HexColor("#e0b12e"), HexColor("#7d1010")
    plain = _pixels(lambda c: icons.draw(c, "crown", 50, 50, 80, gold, "Helvetica"))
    jewelled = _pixels(lambda c: icons.draw(c, "crown", 50, 50, 80, gold, "Helvetica", gem))
    assert (0x7d, 0x10, 0x10) in jewelled and (0x7d, 0x10, 0x10) not in plain
    assert (0xe0, 0xb1, 0x2e) in jewelled


def test_player_shapes_are_built_in_icons(tmp_path):
    icons = IconFinder(tmp_path)
    for shape in PLAYER_SHAPES:
        seen = _pixels(lambda c, shape=shape: icons.draw(c, shape, 50, 50, 60, HexColor("#1565c0"),
                                                            "Helvetica"))
        assert (0x15, 0x65, 0xc0) in seen, shape


@pytest.fixture
def copy(tmp_path):
    target = tmp_path / "showcase"
    shutil.copytree(SHOWCASE, target)
    return target


def _set_title(folder, **props):
    layout = folder / "layouts" / "card.toml"
    text = layout.read_text()
    for key, value in props.items():
        old = {"x": 'x = "13mm"', "size": "size = 12\nmin_size = 8"}[key]
        assert old in text
        text = text.replace(old, value, 1)
    layout.write_text(text)


def test_layout_text_near_the_cut_is_a_finding(copy):
    assert not any("cut line" in str(f) for f in check(open_game(str(copy))))
    _set_title(copy, x='x = "0.4mm"')
    found = [str(f) for f in check(open_game(str(copy)))]
    assert any('field "title"' in f and "0.40 mm from the cut line" in f for f in found), found


def test_layout_text_under_7_pt_is_a_finding(copy):
    _set_title(copy, size="size = 6")  # (an own min_size under 7 pt makes it a note: 27.6)
    found = [str(f) for f in check(open_game(str(copy)))]
    assert any(f.startswith("error:") and 'field "title"' in f
               and "6.0 pt; printed text needs at least 7 pt" in f for f in found), found


def test_pnp_icons_lists_every_built_in_icon_and_the_games_own(tmp_path):
    from click.testing import CliRunner

    from pnp.cli import main
    from pnp.faces.art import BUILTIN_ICONS

    res = CliRunner().invoke(main, ["icons"])
    assert res.exit_code == 0, res.output
    listed = {n.strip().rstrip("*") for line in res.output.splitlines() if ":" in line
              and not line.startswith("*") for n in line.split(":", 1)[1].split(",")}
    assert listed == set(BUILTIN_ICONS)
    game = tmp_path / "g"
    shutil.copytree(SHOWCASE, game)
    res = CliRunner().invoke(main, ["icons", "--game", str(game)])
    own = sorted(p.stem for p in (game / "icons").iterdir())
    assert res.output.splitlines()[-1].split(":", 1)[1].strip() == ", ".join(own)


def test_an_unknown_icon_suggests_close_names_and_where_the_list_is(tmp_path):
    game = tmp_path / "g"
    shutil.copytree(SHOWCASE, game)
    layout = next(p for p in (game / "layouts").glob("*.toml") if 'type = "icon"' in p.read_text())
    text = layout.read_text()
    start = text.index('type = "icon"')
    line_start = text.index("icon = ", start + 5)
    line_end = text.index("\n", line_start)
    layout.write_text(text[:line_start] + 'icon = "swrod"' + text[line_end:])
    found = [str(f) for f in check(open_game(str(game)))]
    hits = [f for f in found if "no icon 'swrod'" in f]
    assert hits and all("did you mean 'sword'?" in f and "`pnp icons`" in f for f in hits), found


def _line_game(tmp_path, element: str):
    return card_game(tmp_path / "lines", element, "name\nA\n", title="Lines")


@pytest.mark.parametrize("dash,runs", [("[2, 1]", (2, 1)), ("[3, 1, 1, 1]", (3, 1, 1, 1)),
                                       ("2", (2, 2))])
def test_a_dashed_line_takes_one_length_or_a_pattern_in_mm(tmp_path, dash, runs):
    """The line's ink along its length, at 10 pixels a mm: dashes and gaps as the pattern says."""
    from click.testing import CliRunner
    from PIL import Image

    from pnp.cli import main

    game = _line_game(tmp_path, f'[rule]\ntype = "line"\nx = "10mm"\ny = "20mm"\n'
                                f'width = "40mm"\nheight = 0\nstroke_width = "1mm"\n'
                                f'dash = {dash}\n')
    out = tmp_path / "face.png"
    res = CliRunner().invoke(main, ["preview", "--game", str(game), "--card", "cards.csv:2",
                                    "--dpi", "254", "--bleed", "0", "--out", str(out)])
    assert res.exit_code == 0, res.output
    img = Image.open(out).convert("L")
    row = [img.getpixel((x, 200)) < 128 for x in range(100, 500)]  # y = 20 mm, x 10-50 mm
    lengths, run, ink = [], 0, row[0]
    for px in row:
        if px == ink:
            run += 1
        else:
            lengths.append((ink, run))
            ink, run = px, 1
    assert lengths[0][0]  # starts with a dash
    expected = [(i % 2 == 0, runs[i % len(runs)] * 10) for i in range(len(lengths))]
    for (got_ink, got), (want_ink, want) in zip(lengths, expected):
        assert got_ink == want_ink and abs(got - want) <= 2, (lengths, expected)
    assert len(lengths) >= 6


@pytest.mark.parametrize("element,message", [
    ('type = "line"\ndash = ["x", 1]', "or a list of lengths, dash then gap (dash = [2, 1]; "
                                       "bare numbers are mm), got ['x', 1]"),
    ('type = "polygon"\nsides = 100000000', "1e+08 is out of range (3 to 64)"),
    ('type = "polygon"\nsides = 2', "2 is out of range (3 to 64)"),
    ('type = "line"\nstroke_width = "8cm"', "a stroke width is at most 20mm, got '8cm'"),
    ('type = "rect"\nstroke_width = "100pt"', "a stroke width is at most 20mm, got '100pt'")])
def test_a_dash_that_is_not_lengths_and_a_polygon_of_too_many_sides_say_what_is_allowed(
        tmp_path, element, message):
    game = _line_game(tmp_path, f'[shape]\n{element}\nstroke = "#000000"\n')
    said = first_error(game)
    assert message in said and "front.toml" in said


@pytest.mark.parametrize("radius", ["0mm", "3mm"])
def test_a_rect_takes_a_dash_as_a_line_does(tmp_path, radius):
    """A rectangle's outline (square or rounded) dashed 2 mm on, 2 mm off: along its bottom
    edge, at 10 pixels a mm, ink and paper alternate in 2 mm runs; undashed it is solid."""
    from click.testing import CliRunner
    from PIL import Image

    from pnp.cli import main

    def bottom_edge(dash: str) -> list[tuple[bool, int]]:
        game = _line_game(tmp_path / dash, f'[box]\ntype = "rect"\nx = "10mm"\ny = "20mm"\n'
                                           f'width = "40mm"\nheight = "30mm"\nradius = "{radius}"'
                                           f'\nstroke = "#000000"\nstroke_width = "1mm"\n'
                                           f'dash = {dash}\n')
        out = tmp_path / f"{dash}.png"
        res = CliRunner().invoke(main, ["preview", "--game", str(game), "--card", "cards.csv:2",
                                        "--dpi", "254", "--bleed", "0", "--out", str(out)])
        assert res.exit_code == 0, res.output
        img = Image.open(out).convert("L")
        row = [img.getpixel((x, 500)) < 128 for x in range(160, 440)]  # y = 50 mm, x 16-44 mm
        runs: list[tuple[bool, int]] = []
        for px in row:
            if runs and runs[-1][0] == px:
                runs[-1] = (px, runs[-1][1] + 1)
            else:
                runs.append((px, 1))
        return runs

    assert bottom_edge("0") == [(True, 280)]
    dashed = bottom_edge("2")[1:-1]  # the runs cut by the window's ends left out
    assert len(dashed) >= 10 and {ink for ink, _ in dashed} == {True, False}
    assert all(abs(n - 20) <= 2 for _, n in dashed), dashed


def test_a_layout_may_ask_whether_it_is_an_ink_saver_print(tmp_path):
    """`ink_saver` is true in an --ink-saver build only: an element shown `when` it is prints
    there alone, one shown when it is not prints everywhere else (a colour may read it too)."""
    from pypdf import PdfReader

    game = _line_game(tmp_path, '[saving]\ntype = "text"\ntext = "SAVING INK"\n'
                                'when = "{{ ink_saver }}"\nx = "5mm"\ny = "10mm"\n'
                                'width = "100% - 10mm"\nheight = "8mm"\n\n'
                                '[full]\ntype = "text"\ntext = "FULL COLOUR {{ name }}"\n'
                                'colour = "{{ \'#000000\' if ink_saver else \'#aa0000\' }}"\n'
                                'when = "{{ not ink_saver }}"\nx = "5mm"\ny = "20mm"\n'
                                'width = "100% - 10mm"\nheight = "8mm"\n')
    texts = {}
    for saving in (False, True):
        out = tmp_path / f"{saving}.pdf"
        build(open_game(str(game)), out, ink_saver=saving)
        texts[saving] = "\n".join(p.extract_text() for p in PdfReader(out).pages)
    assert "FULL COLOUR A" in texts[False] and "SAVING INK" not in texts[False]
    assert "SAVING INK" in texts[True] and "FULL COLOUR" not in texts[True]
