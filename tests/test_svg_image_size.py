"""An <image> in an SVG without width or height is drawn at its picture's size as shown (SVG
2's auto size, its EXIF turn kept), the other side by its proportions, with a warning naming
the SVG, the picture and the size used: svglib failed on a linked picture ("cannot be read
(AttributeError)") and sized an embedded one as stored. Its href stays inside the game folder;
one of width 0 is not drawn (SVG 1.1 and 2); a linked SVG's is refused, naming it. The side
given may be in cm, mm, in, pt or pc (96 user units an inch) or a % of its <svg>'s viewport."""

import base64
import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from helpers import edit
from pnp.cli import main
from pnp.faces import svg
from pnp.scaffold import new_game

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
       'width="100" height="100" viewBox="0 0 100 100">{}</svg>')


@pytest.fixture
def deck(tmp_path):
    deck = new_game("sized", tmp_path)
    edit(deck / "cards.csv", "title,text,colour,count", "title,text,colour,count,image")
    edit(deck / "cards.csv", "Thorns,Each other player discards a card.,rose,2",
         "Thorns,Each other player discards a card.,rose,2,art.svg")
    return deck


def _photo(turned: bool = False) -> bytes:
    """80 x 40 pixels; `turned`: a JPEG whose EXIF shows it a quarter turned, 40 x 80."""
    out = io.BytesIO()
    if turned:
        exif = Image.Exif()
        exif[0x0112] = 6
        Image.new("RGB", (80, 40), (200, 30, 30)).save(out, "JPEG", exif=exif.tobytes())
    else:
        Image.new("RGB", (80, 40), (200, 30, 30)).save(out, "PNG")
    return out.getvalue()


def _build(deck, tmp_path):
    return CliRunner().invoke(main, ["build", "--game", str(deck), "--out",
                                     str(tmp_path / "out.pdf")])


def _sizes(deck) -> list[tuple[float, float]]:
    drawing, _ = svg.read(deck / "art.svg", deck)
    return [(n.image.width, n.image.height) for _, _, n in svg._each_image(drawing)]


def test_a_linked_picture_without_a_size_is_drawn_at_its_own_and_said(deck, tmp_path):
    (deck / "pic.png").write_bytes(_photo())
    (deck / "art.svg").write_text(SVG.format('<image x="10" y="10" xlink:href="pic.png"/>'))
    res = _build(deck, tmp_path)
    assert res.exit_code == 0, res.output
    assert ('warning: cards.csv, row 4, field "picture"' in res.output and "SVG 'art.svg': "
            "the <image> of 'pic.png' (line 1) gives no width or height; it is drawn 80 x 40, "
            "the picture's own size" in res.output), res.output
    assert _sizes(deck) == [(80, 40)]


@pytest.mark.parametrize("given,size", [('width="40"', (40, 20)), ('height="10px"', (20, 10))])
def test_one_side_given_sizes_the_other_by_the_pictures_proportions(deck, given, size):
    (deck / "pic.png").write_bytes(_photo())
    (deck / "art.svg").write_text(SVG.format(f'<image {given} xlink:href="pic.png"/>'))
    assert _sizes(deck) == [size]


def test_an_embedded_photo_is_sized_as_it_is_shown(deck):
    data = base64.b64encode(_photo(turned=True)).decode()
    (deck / "art.svg").write_text(SVG.format(
        f'<image xlink:href="data:image/jpeg;base64,{data}"/>'))
    assert _sizes(deck) == [(40, 80)]  # (svglib's own: 80 x 40, as stored)


def test_an_image_of_width_0_is_not_drawn(deck, tmp_path):
    (deck / "pic.png").write_bytes(_photo())
    (deck / "art.svg").write_text(SVG.format('<image width="0" xlink:href="pic.png"/>'))
    assert _sizes(deck) == []
    assert _build(deck, tmp_path).exit_code == 0


@pytest.mark.parametrize("href", ["../outside.png", "/etc/hostname"])
def test_an_unsized_picture_outside_the_game_folder_is_refused(deck, tmp_path, href):
    (deck.parent / "outside.png").write_bytes(_photo())
    (deck / "art.svg").write_text(SVG.format(f'<image xlink:href="{href}"/>'))
    res = _build(deck, tmp_path)
    assert res.exit_code != 0 and "Traceback" not in res.output
    assert f"image 'art.svg' links to {href!r}" in res.output and "game folder" in res.output


def test_a_linked_svgs_unsized_picture_is_refused_naming_it(deck, tmp_path):
    (deck / "pic.png").write_bytes(_photo())
    Path(deck / "inner.svg").write_text(SVG.format('<image id="i" xlink:href="pic.png"/>'))
    (deck / "art.svg").write_text(SVG.format('<use xlink:href="inner.svg#i"/>'))
    res = _build(deck, tmp_path)
    assert res.exit_code != 0 and "Traceback" not in res.output
    assert ("image 'art.svg' draws 'inner.svg', whose <image> (line 1) gives no width and "
            "height; give both" in res.output), res.output


def test_a_linked_svgs_embedded_picture_without_a_size_prints(deck, tmp_path):
    """svglib sizes a data: picture itself: only a linked file's unsized picture failed."""
    data = base64.b64encode(_photo()).decode()
    (deck / "inner.svg").write_text(SVG.format(
        f'<image xlink:href="data:image/png;base64,{data}"/>'))
    (deck / "art.svg").write_text(SVG.format(
        '<image xlink:href="inner.svg" width="50" height="50"/>'))
    res = _build(deck, tmp_path)
    assert res.exit_code == 0, res.output
    assert "width and height" not in res.output


def test_a_linked_svgs_image_of_an_svg_part_needs_no_size(deck, tmp_path):
    (deck / "icon.svg").write_text(SVG.format('<rect id="icon" width="9" height="9"/>'))
    (deck / "inner.svg").write_text(SVG.format('<image xlink:href="icon.svg#icon"/>'))
    (deck / "art.svg").write_text(SVG.format(
        '<image xlink:href="inner.svg" width="50" height="50"/>'))
    res = _build(deck, tmp_path)
    assert res.exit_code == 0, res.output
    assert "width and height" not in res.output


def test_a_side_given_not_in_pixels_is_not_overwritten(deck):
    """width="50%" is half the viewport (50 of 100), not the picture's 80 pixels."""
    data = base64.b64encode(_photo()).decode()
    (deck / "art.svg").write_text(SVG.format(
        f'<image width="50%" xlink:href="data:image/png;base64,{data}"/>'))
    assert _sizes(deck) == [(50, 25)]


@pytest.mark.parametrize("svg_open,given,size", [
    (SVG, 'width="2cm"', (2 / 2.54 * 96, 1 / 2.54 * 96)),  # 96 user units an inch, as SVG
    (SVG, 'height="1in"', (192, 96)), (SVG, 'width="15pt"', (20, 10)),
    (SVG, 'width="50%"', (50, 25)),  # half the viewBox's 100
    # no viewBox: a % of the width, itself in cm
    ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
     'width="10cm" height="5cm">{}</svg>', 'width="25%"', (2.5 / 2.54 * 96, 1.25 / 2.54 * 96)),
    (SVG.replace('viewBox="0 0 100 100">', 'viewBox="0 0 100 100"><svg viewBox="0 0 40 40" '
                 'width="80" height="80">').replace("</svg>", "</svg></svg>"),
     'width="50%"', (20, 10))])  # half the nested <svg>'s own viewBox
def test_a_linked_pictures_side_in_cm_or_percent_is_converted(deck, tmp_path, svg_open, given,
                                                              size):
    (deck / "pic.png").write_bytes(_photo())
    (deck / "art.svg").write_text(svg_open.format(f'<image {given} xlink:href="pic.png"/>'))
    res = _build(deck, tmp_path)
    assert res.exit_code == 0 and "Error" not in res.output, res.output
    # said as a warning: the side not given, as SVG 1.1 needs it
    assert f"it is drawn {size[0]:g} x {size[1]:g}, by the picture's proportions" in \
        res.output, res.output
    assert _sizes(deck) == [pytest.approx(size, abs=1e-3)]


def test_a_linked_picture_with_one_side_in_a_unit_of_its_text_is_refused_naming_it(deck,
                                                                                   tmp_path):
    (deck / "pic.png").write_bytes(_photo())
    (deck / "art.svg").write_text(SVG.format('<image width="3em" xlink:href="pic.png"/>'))
    res = _build(deck, tmp_path)
    assert res.exit_code != 0 and "Traceback" not in res.output
    assert ("image 'art.svg': the <image> of 'pic.png' (line 1) gives width '3em' and no "
            "height; give both (or the width in px, mm, cm, in, pt or pc, or a % of an <svg> "
            "with a viewBox)" in res.output), res.output
