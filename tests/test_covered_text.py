"""A filled shape listed after a text paints over it: a cost disc over the end of a long title
fitted its box and passed validate, yet printed "Draught of the Sun(3)" (a new user's trial).
It is a warning naming both elements, on the faces where the letters are hidden."""

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.scaffold import new_game
from walkthrough import COST_AND_ICON

# the README's cost disc (tests/walkthrough.py), alone
DISC = COST_AND_ICON[:COST_AND_ICON.index("[cost]")]
CARDS = ("title,text,colour,count\nFire Flask,Deal 3 damage.,rose,1\n"
         "Draught of the Sunfire,Every player draws two cards.,sun,1\n")
SAID = ('warning: cards.csv, row 3, field "title": Draught of the Sunfire: element "cost_disc" '
        "is drawn over the text of element \"title\" ('Draught of the Sunfire') in "
        'layouts/card.toml, hiding part of it: move one of them, or list "title" after '
        '"cost_disc"')


def _validate(tmp_path, fill="#ffffff", opacity=1, first=False):
    folder = new_game("potions", tmp_path)
    (folder / "cards.csv").write_text(CARDS, encoding="utf-8")
    card = folder / "layouts" / "card.toml"
    disc = DISC.replace('fill = "#ffffff"', f'fill = "{fill}"\nopacity = {opacity}')
    text = card.read_text(encoding="utf-8")
    card.write_text(disc + "\n" + text if first else text + disc, encoding="utf-8")
    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert res.exit_code == 0, res.output       # (a warning: the build goes on)
    return [line for line in res.output.splitlines() if "drawn over" in line]


def test_a_disc_over_the_end_of_a_long_title_is_said_on_that_card_alone(tmp_path):
    assert _validate(tmp_path) == [SAID]     # "Fire Flask", centred, ends before the disc


@pytest.mark.parametrize("how", [{"first": True}, {"fill": "none"}, {"opacity": 0.5}],
                         ids=["drawn before the title", "no fill", "see-through"])
def test_a_shape_that_hides_no_letter_is_not_said(tmp_path, how):
    assert _validate(tmp_path, **how) == []


def test_a_fixed_text_under_a_fixed_shape_is_the_layout_files_once(tmp_path):
    """A label the same on every card, under a band the same on every card: said once, at the
    layout file (it was said for each card, at a column cards.csv does not have)."""
    folder = new_game("potions", tmp_path)
    card = folder / "layouts" / "card.toml"
    card.write_text(card.read_text(encoding="utf-8") + """
[label]
type = "text"
text = "VICTORY POINTS HERE"
y = "70mm"
height = "8mm"
align = "centre"

[sticker]
type = "rect"
x = "20mm"
y = "70mm"
width = "20mm"
height = "8mm"
fill = "#ffffff"
""", encoding="utf-8")
    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    said = [line for line in res.output.splitlines() if "drawn over" in line]
    assert said == ['warning: layouts/card.toml, field "label": element "sticker" is drawn over '
                    "the text of element \"label\" ('VICTORY POINTS HERE') in layouts/card.toml, "
                    'hiding part of it: move one of them, or list "label" after "sticker"'], \
        res.output


# ---- the geometry, on synthetic texts (y up, as reportlab draws) ------------------------------
@pytest.fixture(scope="module")
def fonts():
    from pnp.render.fonts import load_fonts

    return load_fonts()


def _drawn(fonts, text, align="left", rich=False, w=100.0, size=10.0):
    """A one-box text at x 0, its top at y 100, `w` points wide."""
    from pnp.faces import covered, richtext
    from pnp.render.text import fit

    if rich:
        fitted = richtext.fit(fonts, richtext.Measure(fonts), text, "regular", w, 100, size,
                              size, 1.2, "en")
    else:
        fitted = fit(fonts, text, w, 100, size, size, "regular")
    return covered.Drawn(None, "text", text, fitted, 0.0, 100.0, w, align, "regular",
                         (0.0, 0.0, w, 100.0))


def _hides(fonts, drawn, kind, box, **v):
    from types import SimpleNamespace

    from pnp.data.layouts.values import Length
    from pnp.faces import covered

    s = SimpleNamespace(texts=[drawn], fonts=fonts)
    values = {"fill": "white", "opacity": 1, "rotate": 0, "points": None,
              "radius": Length(0, 0), **v}
    return covered.hidden(s, SimpleNamespace(type=kind), values, *box) == [drawn]


@pytest.mark.parametrize("rich", [False, True], ids=["plain", "rich"])
@pytest.mark.parametrize("align, box, hidden", [
    ("left", (2, 89, 6, 6), True),          # over the first letters
    ("left", (60, 89, 6, 6), False),        # right of a short left-aligned line
    ("right", (92, 89, 6, 6), True),        # over the last letters of a right-aligned one
    ("centre", (2, 89, 6, 6), False),       # left of a centred one
    ("left", (2, 80, 6, 7), False),         # under the descenders only (baseline at 90.5)
    ("left", (2, 96, 6, 6), False),         # above the letters' core
])
def test_a_shape_hides_a_line_where_it_covers_its_letters(fonts, rich, align, box, hidden):
    drawn = _drawn(fonts, "Fire Flask" if not rich else "Fire **Flask**", align, rich)
    assert _hides(fonts, drawn, "rect", box) is hidden


def test_an_ellipse_and_a_rounded_rect_leave_their_corners_bare(fonts):
    drawn = _drawn(fonts, "Fire Flask")
    corner = (-9, 94, 10, 10)               # its corner over the first letter's core
    assert _hides(fonts, drawn, "rect", corner)
    assert not _hides(fonts, drawn, "ellipse", corner)
    from pnp.data.layouts.values import Length

    assert not _hides(fonts, drawn, "rect", corner, radius=Length(5))
    assert not _hides(fonts, drawn, "polygon", (2, 89, 6, 6), points=["0,0", "1,0", "0,1"])
    assert _hides(fonts, drawn, "polygon", (2, 85, 10, 12))           # of `sides`
