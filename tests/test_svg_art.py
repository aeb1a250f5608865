"""SVG art as designers export it (Inkscape, Illustrator): raster parts, linked or embedded, print
as images; gradients print; what pnp cannot print (filters) is a warning naming the file; and an
SVG's links stay inside the game folder like every other file pnp reads."""

import base64
import io
import os

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image

from helpers import card_game
from pnp.cli import main
from pnp.project import prepare, open_game
from pnp.render.pdf import KitRenderer, Options
from pnp.units import MM, PAPERS

# the picture's box: 50 mm square at the card's top left, so one SVG unit (of 100) is 0.5 mm
FRONT = """[pic]
type = "image"
src = "{{ art }}"
width = "50mm"
height = "50mm"
"""
SVG = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
       'width="100" height="100">{}</svg>')
RED, BLUE, GREEN = (220, 20, 20), (20, 20, 220), (20, 200, 20)


def _two_tone() -> Image.Image:
    """40 x 40 pixels, red over blue: an image drawn upside down shows blue on top."""
    img = Image.new("RGB", (40, 40), BLUE)
    img.paste(RED, (0, 0, 40, 20))
    return img


def _game(tmp_path, svgs: dict[str, str], rows: list[str]):
    game = card_game(tmp_path / "art", FRONT, "name,art\n" + "".join(f"{r}\n" for r in rows),
                     title="Art")
    (game / "art").mkdir()
    for name, body in svgs.items():
        (game / "art" / name).write_text(SVG.format(body))
    return game


def _render(game):
    """(PDF bytes, the card placements) of the game built on A4."""
    kit, fonts, findings = prepare(open_game(str(game)), force=True)
    renderer = KitRenderer(kit, fonts, Options(PAPERS["a4"], 3 * MM))
    out = io.BytesIO()
    result = renderer.render(out)
    return out.getvalue(), [p for p in result.placements if p.sheet == "Cards"]


def _colour_at(pdf: bytes, card, u: float, v: float) -> tuple[int, int, int]:
    """The printed colour at SVG point (u, v) of a card's picture (units from its top left)."""
    scale = 4
    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[card.page - 1]
        height = page.get_height()
        image = page.render(scale=scale).to_pil().convert("RGB")
    finally:
        doc.close()
    x = card.trim.x + u * 0.5 * MM
    y = card.trim.top - v * 0.5 * MM
    return image.getpixel((round(x * scale), round((height - y) * scale)))


def _near(colour, target, tol=40) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(colour, target))


def test_an_svg_with_linked_and_embedded_png_prints_vectors_and_images(tmp_path):
    buf = io.BytesIO()
    _two_tone().save(buf, "PNG")
    data = base64.b64encode(buf.getvalue()).decode()
    body = ('<rect x="60" y="0" width="40" height="40" fill="#14c814"/>'
            '<image xlink:href="pic.png" x="0" y="0" width="40" height="40"/>'
            f'<image xlink:href="data:image/png;base64,{data}" x="50" y="50" width="40" '
            'height="40"/>')
    game = _game(tmp_path, {"mixed.svg": body}, ["A,art/mixed.svg", "B,art/mixed.svg"])
    _two_tone().save(game / "art" / "pic.png")
    res = CliRunner().invoke(main, ["build", "--game", str(game), "--out",
                                    str(tmp_path / "art.pdf")])
    assert res.exit_code == 0 and "bug" not in res.output, res.output
    pdf, cards = _render(game)
    assert len(cards) == 2
    for card in cards:
        assert _near(_colour_at(pdf, card, 80, 20), GREEN)  # the vector rectangle
        assert _near(_colour_at(pdf, card, 20, 10), RED)  # the linked PNG, right way up
        assert _near(_colour_at(pdf, card, 20, 30), BLUE)
        assert _near(_colour_at(pdf, card, 70, 60), RED)  # the embedded PNG, right way up
        assert _near(_colour_at(pdf, card, 70, 80), BLUE)
        assert _near(_colour_at(pdf, card, 45, 95), (255, 255, 255), 8)  # nothing else
    # each picture is embedded once for both cards: two image XObjects in the whole file
    assert pdf.count(b"/Subtype /Image") == 2


GRADIENTS = ('<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0">'
             '<stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/>'
             '</linearGradient><radialGradient id="r"><stop offset="0" stop-color="#ffff00"/>'
             '<stop offset="1" stop-color="#00a000"/></radialGradient></defs>'
             '<rect x="0" y="0" width="100" height="40" fill="url(#g)"/>'
             '<circle cx="50" cy="75" r="20" fill="url(#r)"/>')


def test_svg_gradients_print_as_gradients_not_black(tmp_path):
    game = _game(tmp_path, {"sky.svg": GRADIENTS}, ["A,art/sky.svg"])
    pdf, (card,) = _render(game)
    left, middle, right = (_colour_at(pdf, card, u, 20) for u in (2, 50, 98))
    assert _near(left, (250, 5, 5)) and _near(right, (5, 5, 250))
    assert _near(middle, (128, 0, 128), 30)  # half way: purple
    assert _near(_colour_at(pdf, card, 50, 75), (255, 255, 0), 30)  # the radial's yellow centre
    assert _near(_colour_at(pdf, card, 50, 94), (0, 160, 0), 40)  # its green rim


def test_svg_transparency_and_gradients_print_on_every_card_that_uses_them(tmp_path):
    """A form of reportlab's lists no shading or transparency among its resources: such an SVG
    is drawn onto each page that uses it, through reportlab's public renderer."""
    body = GRADIENTS + '<rect x="0" y="45" width="40" height="10" fill="#0000ff" fill-opacity="0.5"/>'
    game = _game(tmp_path, {"sky.svg": body}, ["A,art/sky.svg", "B,art/sky.svg"])
    pdf, cards = _render(game)
    assert len(cards) == 2
    for card in cards:
        assert _near(_colour_at(pdf, card, 2, 20), (250, 5, 5))
        assert _near(_colour_at(pdf, card, 98, 20), (5, 5, 250))
        assert _near(_colour_at(pdf, card, 10, 50), (128, 128, 255), 30)  # half-seen blue


def test_an_svg_filter_is_a_warning_naming_the_file_and_the_rest_prints(tmp_path):
    body = ('<defs><filter id="f"><feGaussianBlur stdDeviation="3"/></filter></defs>'
            '<rect x="0" y="0" width="100" height="100" fill="#14c814" filter="url(#f)"/>')
    game = _game(tmp_path, {"blur.svg": body}, ["A,art/blur.svg", "B,art/blur.svg"])
    res = CliRunner().invoke(main, ["build", "--game", str(game), "--out",
                                    str(tmp_path / "art.pdf")])
    assert res.exit_code == 0, res.output
    warnings = [line for line in res.output.splitlines() if line.startswith("warning")]
    assert len(warnings) == 1, res.output  # once for the file, not once per card
    assert "'blur.svg'" in warnings[0] and "filter effects" in warnings[0]
    pdf, cards = _render(game)
    assert _near(_colour_at(pdf, cards[0], 50, 50), GREEN)  # drawn, without the blur


PLACEHOLDER = (235, 235, 235)  # a forced build's box where a picture cannot be drawn


def _outside(tmp_path):
    """A picture next to the game folder, and its colour (which must never print)."""
    Image.new("RGB", (10, 10), (250, 0, 250)).save(tmp_path / "outside.png")
    return tmp_path / "outside.png"


@pytest.mark.parametrize("how", ["relative", "absolute", "symlink", "url", "nested svg"])
def test_an_svg_cannot_read_a_file_outside_the_game_folder(tmp_path, how):
    outside = _outside(tmp_path)
    href = {"relative": "../../outside.png", "absolute": str(outside),
            "symlink": "link.png", "url": "file:///etc/hostname", "nested svg": "inner.svg#x"}[how]
    svgs = {"art.svg": f'<image xlink:href="{href}" width="100" height="100"/>'}
    if how == "nested svg":  # an SVG it uses may not leave the folder either
        svgs["inner.svg"] = '<g id="x"><image xlink:href="../../outside.png" width="100" ' \
                            'height="100"/></g>'
        svgs["art.svg"] = f'<use xlink:href="{href}"/>'
    game = _game(tmp_path, svgs, ["A,art/art.svg"])
    if how == "symlink":
        os.symlink(outside, game / "art" / "link.png")
    res = CliRunner().invoke(main, ["build", "--game", str(game), "--out",
                                    str(tmp_path / "art.pdf")])
    assert res.exit_code != 0
    lines = res.output.strip().splitlines()
    problem = [line for line in lines if line.startswith("error")]
    shown = "../../outside.png" if how == "nested svg" else href
    shown = shown if len(shown) <= 60 else shown[:57] + "..."  # long paths are cut short
    named = "'inner.svg'" if how == "nested svg" else "'art/art.svg'"  # as typed in the CSV
    assert len(problem) == 1 and f"{shown!r}" in problem[0] and named in problem[0], res.output
    assert "game folder" in problem[0]
    assert len(lines) == 2 and lines[1].startswith("Error:"), res.output  # no library log lines
    assert not (tmp_path / "art.pdf").exists()
    pdf, (card,) = _render(game)  # --force: the picture is never read; a box marks its place
    assert _near(_colour_at(pdf, card, 50, 20), PLACEHOLDER, 8)


def test_a_hyperlink_in_an_svg_is_not_a_file_it_reads(tmp_path):
    body = ('<a xlink:href="https://example.com/"><rect x="0" y="0" width="100" height="100" '
            'fill="#14c814"/></a>')
    game = _game(tmp_path, {"linked.svg": body}, ["A,art/linked.svg"])
    res = CliRunner().invoke(main, ["build", "--game", str(game), "--out",
                                    str(tmp_path / "art.pdf")])
    assert res.exit_code == 0 and "warning" not in res.output, res.output
    pdf, (card,) = _render(game)
    assert _near(_colour_at(pdf, card, 50, 50), GREEN)


def test_an_svg_linking_a_missing_file_names_it(tmp_path):
    game = _game(tmp_path, {"art.svg": '<image xlink:href="gone.png" width="10" height="10"/>'},
                 ["A,art/art.svg"])
    res = CliRunner().invoke(main, ["build", "--game", str(game), "--out",
                                    str(tmp_path / "art.pdf")])
    assert res.exit_code != 0 and "'gone.png'" in res.output and "relative to the SVG" \
        in res.output, res.output


def test_an_escaped_space_in_an_svg_link_says_to_write_the_name_as_it_is(tmp_path):
    game = _game(tmp_path, {"art.svg": '<image xlink:href="my%20pic.png" width="10" height="10"/>'},
                 ["A,art/art.svg"])
    Image.new("RGB", (4, 4), RED).save(game / "art" / "my pic.png")
    res = CliRunner().invoke(main, ["build", "--game", str(game), "--out",
                                    str(tmp_path / "art.pdf")])
    assert res.exit_code != 0 and "'my%20pic.png'" in res.output and "'my pic.png'" in \
        res.output and "%20 are not decoded" in res.output, res.output


def test_what_svglib_complains_of_is_a_warning_naming_the_svg_not_a_log_line(tmp_path):
    body = '<rect x="0" y="0" width="100" height="100" fill="nocolour"/>'
    game = _game(tmp_path, {"odd.svg": body}, ["A,art/odd.svg"])
    res = CliRunner().invoke(main, ["build", "--game", str(game), "--out",
                                    str(tmp_path / "art.pdf")])
    assert res.exit_code == 0, res.output
    lines = res.output.strip().splitlines()
    assert len(lines) == 2 and lines[1].startswith(str(tmp_path / "art.pdf")), res.output
    assert lines[0].startswith("warning:") and "'odd.svg' may not print as drawn" in lines[0] \
        and "Can't handle color: nocolour" in lines[0], lines[0]


def test_an_svg_with_a_dtd_entity_in_its_text_prints(tmp_path):
    # Illustrator exports carry a DOCTYPE with entities; an entity node is not an element
    game = _game(tmp_path, {"ent.svg": '<rect x="0" y="0" width="100" height="100" '
                            'fill="#14c814"/><text y="50">&st;</text>'}, ["A,art/ent.svg"])
    svg = game / "art" / "ent.svg"
    svg.write_text('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY st "fill:#fc3">]>'
                   + svg.read_text().split("?>", 1)[-1])
    res = CliRunner().invoke(main, ["build", "--game", str(game), "--out",
                                    str(tmp_path / "art.pdf")])
    assert res.exit_code == 0, res.output
    pdf, (card,) = _render(game)
    assert _near(_colour_at(pdf, card, 50, 90), GREEN)


def _wide() -> Image.Image:
    """80 x 40 pixels: red left half, blue right half."""
    img = Image.new("RGB", (80, 40), BLUE)
    img.paste(RED, (0, 0, 40, 40))
    return img


BACKDROP = '<rect width="100" height="100" fill="#14c814"/>'


@pytest.mark.parametrize("aspect,samples", [
    # SVG's default (xMidYMid meet): the 2:1 picture whole, centred: the box's top and bottom
    # quarters show what is behind (a browser's view; svglib stretched it to the square)
    ("", {(25, 10): GREEN, (25, 50): RED, (75, 50): BLUE, (25, 90): GREEN}),
    ('preserveAspectRatio="none"', {(25, 10): RED, (75, 90): BLUE}),
    ('preserveAspectRatio="xMidYMin meet"', {(25, 10): RED, (25, 60): GREEN}),
    # slice fills the box, cut at its sides: the middle half of the picture, so a red first
    # quarter is cut off (stretched, it showed on the box's left quarter)
    ('preserveAspectRatio="xMidYMid slice"', {(10, 50): BLUE, (10, 10): BLUE, (90, 90): BLUE}),
])
def test_a_picture_in_an_svg_is_fitted_in_its_box_as_its_aspect_says(tmp_path, aspect,
                                                                      samples):
    game = _game(tmp_path, {"a.svg": BACKDROP + f'<image x="0" y="0" width="100" height="100" '
                            f'{aspect} xlink:href="wide.png"/>'}, ["A,art/a.svg"])
    picture = _wide()
    if "slice" in aspect:
        picture.paste(BLUE, (20, 0, 40, 40))  # red only in its first quarter
    picture.save(game / "art" / "wide.png")
    pdf, cards = _render(game)
    for (u, v), colour in samples.items():
        assert _near(_colour_at(pdf, cards[0], u, v), colour), (u, v, colour)


def test_a_photo_in_an_svg_is_turned_as_its_exif_says(tmp_path):
    # stored 80 x 40 (red left, blue right), Orientation 6: shown 40 x 80 turned a quarter
    # clockwise, red on top, centred in the square box
    photo = _wide()
    exif = Image.Exif()
    exif[0x0112] = 6
    game = _game(tmp_path, {"a.svg": BACKDROP + '<image x="0" y="0" width="100" height="100" '
                            'xlink:href="photo.jpg"/>'}, ["A,art/a.svg"])
    photo.save(game / "art" / "photo.jpg", "JPEG", quality=95, exif=exif.tobytes())
    pdf, cards = _render(game)
    for (u, v), colour in {(50, 25): RED, (50, 75): BLUE, (10, 50): GREEN,
                           (90, 50): GREEN}.items():
        assert _near(_colour_at(pdf, cards[0], u, v), colour), (u, v, colour)


def test_pictures_of_one_svg_fitted_in_different_ways_are_a_warning(tmp_path):
    game = _game(tmp_path, {"a.svg": '<image width="50" height="50" xlink:href="wide.png"/>'
                            '<image y="50" width="50" height="50" preserveAspectRatio="none" '
                            'xlink:href="wide.png"/>'}, ["A,art/a.svg"])
    _wide().save(game / "art" / "wide.png")
    res = CliRunner().invoke(main, ["build", "--game", str(game), "--out",
                                    str(tmp_path / "kit.pdf")])
    said = [line for line in res.output.splitlines() if "preserveAspectRatio" in line]
    assert len(said) == 1 and "none, xMidYMid meet" in said[0] and "'none'" in said[0], \
        res.output
