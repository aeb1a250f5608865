"""A `layout` element draws another layout file in its box, with the face's row or a table the
layouts name (`row`), turned as any element is; a quarter turn gives the placed layout a frame
as wide as the box is high, so it fills the box. Mistakes in one are data errors naming the
file and property."""

import io

import pytest
from reportlab.pdfgen.canvas import Canvas

from helpers import card_game, refused
from pnp.project import open_game
from pnp.units import MM

PLACES = """[inner]
type = "layout"
layout = "layouts/inner.toml"
x = "5mm"
y = "5mm"
width = "40mm"
height = "20mm"
{extra}
"""
INNER = """[label]
type = "text"
text = "{{ text }}"
size = 8
width = "100%"
height = "5mm"
"""


def _game(tmp_path, extra: str = "", inner: str = INNER, toml: str = ""):
    game = card_game(tmp_path / "g", PLACES.format(extra=extra), "text\nhi\n", extra_toml=toml)
    (game / "layouts" / "inner.toml").write_text(inner)
    return game


def _drawn(game, variant: str | None = None) -> dict:
    """Each element box the card's front drew (in the card's frame, mm, y up), by name."""
    from pnp.faces.rows import faces
    from pnp.render.fonts import load_fonts
    from pnp.render.surface import Surface

    front = faces(open_game(str(game), variant=variant).model.components[0])[0][0]
    s = Surface(Canvas(io.BytesIO()), load_fonts(), 63 * MM, 88 * MM, 0, "card")
    front(s)
    assert not s.findings
    return {e.name: (e.rect.x / MM, e.rect.y / MM, e.rect.w / MM, e.rect.h / MM, e.shows)
            for e in s.elements}


def test_the_placed_layout_fills_the_box_with_the_cards_row(tmp_path):
    x, y, w, h, shows = _drawn(_game(tmp_path))["label"]
    # the box's top-left is 5 mm from the card's: y up, the card 88 mm high
    assert (x, y + h, w, h) == pytest.approx((5, 83, 40, 5)) and shows == "hi"


def test_a_quarter_turn_puts_the_placed_layouts_top_at_the_boxs_right(tmp_path):
    """Turned 90 degrees clockwise, the placed frame is 20 mm wide and 40 mm high: its top
    row (the label) runs down the box's right side, the box's full height."""
    drawn = _drawn(_game(tmp_path, "rotate = 90"))
    assert drawn["label"][:4] == pytest.approx((40, 63, 5, 20))
    assert drawn["inner"][:4] == pytest.approx((5, 63, 40, 20))  # the box itself, for proofs


def test_a_half_turn_puts_it_upside_down_in_the_same_box(tmp_path):
    assert _drawn(_game(tmp_path, "rotate = 180"))["label"][:4] == pytest.approx((5, 63, 40, 5))


def test_row_names_a_table_of_the_layouts_names(tmp_path):
    """`row = "corner"`: the component's vars table `corner` is the placed layout's row."""
    game = _game(tmp_path, 'row = "corner"',
                 toml='vars = { corner = { text = "from the vars" } }\n')
    assert _drawn(game)["label"][4] == "from the vars"


def test_a_variant_changes_an_element_of_the_placed_file(tmp_path):
    toml = ('[variants.short.elements."layouts/inner.toml".label]\n'
            'text = "variant {{ text }}"\n')
    game = _game(tmp_path, toml=toml)
    assert _drawn(game)["label"][4] == "hi"
    assert _drawn(game, "short")["label"][4] == "variant hi"


def test_a_column_the_given_row_lacks_is_named_in_the_placed_file(tmp_path):
    game = _game(tmp_path, 'row = "corner"', INNER.replace("{{ text }}", "{{ cost }}"),
                 toml='vars = { corner = { text = "x" } }\n')
    err = refused(str(game))
    assert err.value.path.name == "inner.toml" and err.value.field == "label.text"
    assert "'cost'" in err.value.message


@pytest.mark.parametrize("extra,said", [
    ('row = "nothing"', "has no table 'nothing'"),
    ('row = "{{ corner }}"', "not an expression"),
    ('row = "corner.text"', "is not a table of columns"),
])
def test_a_row_that_is_no_table_is_named_by_file_and_property(tmp_path, extra, said):
    game = _game(tmp_path, extra, toml='vars = { corner = { text = "x" } }\n')
    err = refused(str(game))
    assert err.value.path.name == "front.toml" and err.value.field == "inner.row"
    assert said in err.value.message


def test_layouts_that_place_each_other_in_a_circle_are_an_error(tmp_path):
    inner = PLACES.format(extra="").replace("layouts/inner.toml", "layouts/front.toml")
    err = refused(str(_game(tmp_path, inner=inner)))
    assert "in a circle" in err.value.message and err.value.field == "inner.layout"


def test_layouts_placed_very_deep_are_named_deep_not_a_circle(tmp_path):
    """Sixty files each placing the next: no file comes twice, so the error says how deep,
    not that they place each other in a circle (it said so)."""
    game = _game(tmp_path)
    for i in range(60):
        (game / "layouts" / f"n{i}.toml").write_text(
            PLACES.format(extra="").replace("inner.toml", f"n{i + 1}.toml"))
    (game / "layouts" / "n60.toml").write_text(INNER)
    (game / "layouts" / "inner.toml").write_text(
        PLACES.format(extra="").replace("inner.toml", "n0.toml"))
    err = refused(str(game))
    assert "circle" not in err.value.message and "more than 50 deep" in err.value.message
    assert err.value.field == "inner.layout" and err.value.path.name.startswith("n")


@pytest.mark.parametrize("ref,said", [
    ("../outside.toml", "leaves the game folder"),
    ("/etc/passwd", "absolute path"),
    ("layouts/link.toml", "leaves the game folder"),  # a symlink to a file outside
    ("cards.csv", "'cards.csv' is not a layout file"),  # was cards.csv's TOML error alone
])
def test_a_placed_file_outside_the_game_folder_or_no_layout_is_refused(tmp_path, ref, said):
    outside = tmp_path / "outside.toml"
    outside.write_text(INNER)
    game = _game(tmp_path)
    (game / "layouts" / "link.toml").symlink_to(outside)
    (game / "layouts" / "front.toml").write_text(
        PLACES.format(extra="").replace("layouts/inner.toml", ref))
    err = refused(str(game))
    assert err.value.path.name == "front.toml" and err.value.field == "inner.layout"
    assert said in err.value.message


@pytest.mark.parametrize("ref", ["layouts", "layouts/", "."])
def test_a_folder_for_the_placed_file_is_said_to_be_a_folder(tmp_path, ref):
    game = _game(tmp_path)
    (game / "layouts" / "front.toml").write_text(
        PLACES.format(extra="").replace("layouts/inner.toml", ref))
    err = refused(str(game))
    assert err.value.path.name == "front.toml" and err.value.field == "inner.layout"
    assert f"{ref!r} is a folder, not a layout file" in err.value.message
    assert ("such as 'layouts/" in err.value.message) == (ref != ".")
    assert "not found" not in err.value.message


def test_a_missing_placed_file_is_named_where_it_is_placed(tmp_path):
    game = _game(tmp_path)
    (game / "layouts" / "inner.toml").unlink()
    err = refused(str(game))
    assert err.value.path.name == "front.toml" and err.value.field == "inner.layout"
    assert "not found" in err.value.message


def test_a_finding_inside_the_placed_file_names_it_on_a_card_with_its_own_row(tmp_path):
    """The card's row is the placed layout's too, but `label` is the placed file's element, no
    column of cards.csv: the finding names layouts/inner.toml and the element, and the card."""
    from pnp.project import check

    game = _game(tmp_path, inner=INNER.replace('width = "100%"', 'x = "-30mm"\nwidth = "100%"'))
    findings = [f for f in check(open_game(str(game))) if "crosses the cut line" in f.message]
    assert len(findings) == 1
    assert str(findings[0]).startswith('error: layouts/inner.toml, field "label": card 1: ')
