"""A filled shape listed after a text paints over it: a cost disc over the end of a long title
fitted its box and passed validate, yet printed "Draught of the Sun(3)" (a new user's trial).
It is a warning naming both elements, on the faces where the letters are hidden."""

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.scaffold import new_game

DISC = """
[cost_disc]
type = "ellipse"
x = "100% - 12mm"
y = "3.5mm"
width = "9mm"
height = "9mm"
fill = "{fill}"
opacity = {opacity}
"""
CARDS = ("title,text,colour,count\nFire Flask,Deal 3 damage.,rose,1\n"
         "Draught of the Sunfire,Every player draws two cards.,sun,1\n")
SAID = ('warning: cards.csv, row 3, field "title": Draught of the Sunfire: element "cost_disc" '
        "is drawn over the text of element \"title\" ('Draught of the Sunfire'), hiding part of "
        'it: move one of them, or list "title" after "cost_disc" in the layout file')


def _validate(tmp_path, fill="#ffffff", opacity=1, first=False):
    folder = new_game("potions", tmp_path)
    (folder / "cards.csv").write_text(CARDS, encoding="utf-8")
    card = folder / "layouts" / "card.toml"
    disc = DISC.format(fill=fill, opacity=opacity)
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
