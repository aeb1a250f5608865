"""An SVG pnp cannot read is what a PNG it cannot read is: an error when the game opens, naming
the CSV row, the column and the file as typed there, exit 2; --force prints a box in its place.
What svglib cannot draw of a readable SVG (a filter) stays a warning (tests/test_svg_art.py)."""

import pytest
from click.testing import CliRunner

from pnp.cli import main
from test_svg_art import PLACEHOLDER, _colour_at, _game, _near, _render

BOMB = ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
        + "".join(f'<!ENTITY {n} "{("&" + p + ";") * 10}">'
                  for p, n in zip("abcdefgh", "bcdefghi"))
        + ']><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">'
          '<text y="50">&i;</text></svg>')
BROKEN = {
    "no size": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 0 0"><rect width="1" '
                'height="1"/></svg>', "cannot be read (no drawing or no size)"),
    "huge viewBox": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e308 1e308"/>',
                     "is 7.5e+307 x 7.5e+307 pt; pnp prints SVGs from 0.01 to"),
    "entity bomb": (BOMB, "is damaged (line 1: Maximum entity amplification"),
    "broken XML": ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">'
                   '<rect width="100" height="100" fill="#14c814"/><g></svg>',
                   "is damaged (line 1: "),
}


@pytest.mark.parametrize("kind", list(BROKEN))
def test_an_unreadable_svg_is_an_error_of_its_row_and_column_and_forced_prints_a_box(tmp_path,
                                                                                     kind):
    body, said = BROKEN[kind]
    game = _game(tmp_path, {}, ["Fine,", "Broken,art/bad.svg"])
    (game / "art" / "bad.svg").write_text(body)
    out = tmp_path / "art.pdf"
    for command in (["validate", "--game", str(game)],
                    ["build", "--game", str(game), "--out", str(out)]):
        res = CliRunner().invoke(main, command)
        assert res.exit_code == 2, res.output
        errors = [line for line in res.output.splitlines() if line.startswith("error")]
        assert len(errors) == 1, res.output
        assert errors[0].startswith('error: cards.csv, row 3, field "art": image '
                                    f"'art/bad.svg' {said}"), errors[0]
        assert "Traceback" not in res.output
    assert not out.exists()
    res = CliRunner().invoke(main, ["build", "--game", str(game), "--out", str(out), "--force"])
    assert res.exit_code == 0 and out.exists(), res.output
    pdf, cards = _render(game)
    assert _near(_colour_at(pdf, cards[1], 50, 20), PLACEHOLDER, 8)  # the box, not the art

