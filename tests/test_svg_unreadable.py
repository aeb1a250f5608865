"""An SVG pnp cannot read is what a PNG it cannot read is: an error when the game opens, naming
the CSV row, the column and the file as typed there, exit 2; --force prints a box in its place.
What svglib cannot draw of a readable SVG (a filter) stays a warning (tests/test_svg_art.py),
and so does text an external entity stands for: no file an entity names is ever read."""

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


SECRET = "PNP-SECRET-7Q3Z"  # in a file next to the game folder: must never reach the PDF
ENTITY_SVG = ('<?xml version="1.0"?><!DOCTYPE svg {dtd}><svg xmlns="http://www.w3.org/2000/svg" '
              'width="100" height="100"><rect width="100" height="100" fill="#14c814"/>'
              '<text x="5" y="50" font-size="8">{text}</text></svg>')
ENTITIES = {  # how an SVG could ask for a file: an entity in its text, in its DTD, its DTD
    "text": ('[<!ENTITY xx SYSTEM "{url}">]', "&xx;"),
    "parameter": ('[<!ENTITY % pp SYSTEM "{url}"> %pp;]', "said"),
    "dtd": ('SYSTEM "{url}"', "said"),
}


def _pdf_text(pdf: bytes) -> str:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return "".join(page.get_textpage().get_text_range() for page in doc)
    finally:
        doc.close()


@pytest.mark.parametrize("how", list(ENTITIES))
def test_an_svg_entity_naming_a_file_is_never_read_and_a_used_one_is_a_warning(tmp_path, how):
    secret = tmp_path / "secret.txt"
    secret.write_text(f"{SECRET}\n")
    dtd, text = ENTITIES[how]
    game = _game(tmp_path, {}, ["A,art/ent.svg"])
    (game / "art" / "ent.svg").write_text(ENTITY_SVG.format(dtd=dtd.format(url=secret.as_uri()),
                                                            text=text))
    out = tmp_path / "art.pdf"
    res = CliRunner().invoke(main, ["build", "--game", str(game), "--out", str(out)])
    assert res.exit_code == 0 and out.exists(), res.output
    assert SECRET not in res.output and SECRET.encode() not in out.read_bytes()
    pdf, (card,) = _render(game)
    assert SECRET not in _pdf_text(pdf) and SECRET.encode() not in pdf
    assert _near(_colour_at(pdf, card, 50, 20), (20, 200, 20))  # the rest of the art prints
    warnings = [line for line in res.output.splitlines() if line.startswith("warning")]
    if how == "text":  # its text is missing from the card: said, with the file it names
        assert len(warnings) == 1, res.output
        assert (f"SVG 'ent.svg' uses external entities (&xx; = {secret.as_uri()}): pnp never "
                "reads the file an entity names, so its text is left out" in warnings[0]), \
            warnings[0]
    else:
        assert "said" in _pdf_text(pdf) and not warnings, res.output
