"""An export's preflight measures what an SVG picture holds (its text, its pictures) where it
prints on the card: the SVG is drawn in its own user units, then placed and scaled into its box,
so its text near the SVG's own edge is not near the card's trim unless the box is."""

import base64
import io

from click.testing import CliRunner
from PIL import Image

from helpers import card_game
from pnp.cli import main

# the picture's box: 50 mm square, `x` mm from the card's left, 20 mm down; one SVG unit of 100
# is 0.5 mm
FRONT = """[pic]
type = "image"
src = "{{ art }}"
x = "{{ x }}mm"
y = "20mm"
width = "50mm"
height = "50mm"
"""
SVG = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
       'width="100" height="100">{}</svg>')
# text 2 units (1 mm) in from the SVG's left edge, halfway down
EDGE_TEXT = '<text x="2" y="50" font-size="10">svg art</text>'


def _export(tmp_path, body: str, rows: list[str]) -> list[str]:
    """The warnings of a PNG export of a game whose cards (name,art,x) draw art/a.svg."""
    game = card_game(tmp_path / "g", FRONT, "name,art,x\n" + "".join(f"{r}\n" for r in rows),
                     title="Art")
    (game / "art").mkdir()
    (game / "art" / "a.svg").write_text(SVG.format(body))
    res = CliRunner().invoke(main, ["export", "--game", str(game), "--format", "png",
                                    "--out", str(tmp_path / "png")])
    assert res.exit_code == 0, res.output
    assert "Traceback" not in res.output
    return [line for line in res.output.splitlines() if line.startswith("warning")]


def test_svg_text_at_its_own_edge_is_measured_where_it_prints_on_the_card(tmp_path):
    # Inside: the box 10 mm in, the text 11 mm from the trim. Edge: the box at the trim, the
    # text 1 mm from it; its SVG's form is drawn once (for Inside) and set down again here
    said = _export(tmp_path, EDGE_TEXT, ["Inside,art/a.svg,10", "Edge,art/a.svg,0"])
    assert not [w for w in said if "Inside" in w], said
    edge = [w for w in said if "Edge" in w]
    assert len(edge) == 1, said
    assert edge[0].startswith("warning: cards.csv, row 3: Edge (front): text 'svg art' comes "
                              "within 1.0 mm of the trim"), edge


def test_a_small_picture_in_an_svg_is_measured_at_the_size_it_prints(tmp_path):
    """20 pixels across the whole 50 mm box: 10 dpi (measured in the SVG's own units, it was
    20 pixels on one unit, thousands of dpi, and no warning)."""
    buf = io.BytesIO()
    Image.new("RGB", (20, 20), "orange").save(buf, "PNG")
    data = base64.b64encode(buf.getvalue()).decode()
    body = f'<image x="0" y="0" width="100" height="100" xlink:href="data:image/png;base64,{data}"/>'
    said = _export(tmp_path, body, ["Photo,art/a.svg,10"])
    soft = [w for w in said if "dpi" in w]
    assert len(soft) == 1, said
    assert soft[0].startswith("warning: cards.csv, row 2: Photo (front): an embedded image in "
                              'element "pic" prints at 10 dpi'), soft
