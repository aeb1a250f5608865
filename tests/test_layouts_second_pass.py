"""Issue 27, second pass of the layout language: a count column named in the component,
coloured and sized runs in a text, icons in text, `below` (placed where another element ends),
`like` (one element inheriting another with an offset), and a small print a designer chose."""

from pathlib import Path

import pytest

from helpers import TEXT_FRONT, card_game
from pnp.errors import DataError
from pnp.project import open_game, validate


def _with(game: Path, old: str, new: str) -> Path:
    toml = game / "game.toml"
    toml.write_text(toml.read_text().replace(old, new, 1))
    return game


# ---- the count column, named in the component -------------------------------------------------
def test_a_count_column_of_another_name_is_named_in_the_component(tmp_path):
    game = _with(card_game(tmp_path / "g", TEXT_FRONT, "text,qty\nhi,3\nho,0\nhu,2\n"),
                 "front =", 'count = "qty"\nfront =')
    opened = open_game(str(game))
    assert opened.model.components[0].counts == [3, 0, 2]
    assert [f for f in validate(opened) if f.level == "error"] == []


def test_a_count_that_is_no_whole_number_is_named_by_file_row_and_field(tmp_path):
    game = _with(card_game(tmp_path / "g", TEXT_FRONT, "text,qty\nhi,3\nho,2.5\nhu,x\n"),
                 "front =", 'count = "qty"\nfront =')
    found = [str(f) for f in validate(open_game(str(game))) if f.level == "error"]
    assert found == ["error: cards.csv, row 3, field \"qty\": expected a whole number, got '2.5'",
                     "error: cards.csv, row 4, field \"qty\": expected a whole number, got 'x'"]


def test_a_count_column_that_is_not_there_is_an_error_naming_the_columns(tmp_path):
    game = _with(card_game(tmp_path / "g", TEXT_FRONT, "text,qty\nhi,3\n"),
                 "front =", 'count = "copies"\nfront =')
    with pytest.raises(DataError) as err:
        open_game(str(game))
    assert str(err.value) == ("game.toml, field \"card.count\": count column 'copies' is not in "
                              "cards.csv (its columns: text, qty)")


def test_a_copies_column_left_unbound_is_a_warning_not_one_copy_silently(tmp_path):
    game = card_game(tmp_path / "g", TEXT_FRONT, "text,Qty\nhi,3\n")
    opened = open_game(str(game))
    assert opened.model.components[0].counts == [1]
    found = [str(f) for f in validate(opened)]
    assert ("warning: game.toml, field \"card.count\": cards.csv has a column 'Qty' but each "
            "row prints once: to print that many copies, name it in game.toml: count = \"Qty\""
            ) in found


# ---- a small print the designer chose ----------------------------------------------------------
FLAVOUR = """[flavour]
type = "text"
text = "{{ text }}"
font = "italic"
size = 5.8
x = "5mm"
y = "70mm"
width = "100% - 10mm"
height = "10mm"
"""


def _findings(game: Path) -> list[str]:
    from pnp.project import check

    return [str(f) for f in check(open_game(str(game)))]


def test_text_under_7pt_is_an_error_unless_its_element_chose_a_smaller_minimum(tmp_path):
    rows = "text\nA whisper of flavour.\nAnother quiet line.\n"
    small = _findings(card_game(tmp_path / "a", FLAVOUR, rows))
    assert [f for f in small if f.startswith("error:") and "is 5.8 pt" in f] and len(
        [f for f in small if f.startswith("error:")]) == 2  # one a card, as before
    game = card_game(tmp_path / "b", FLAVOUR + "min_size = 5.5\n", rows)
    chosen = _findings(game)
    assert chosen == [
        'note: front.toml, field "flavour.min_size": element "flavour" prints at '
        "5.8 pt, under the 7 pt most players read across a table, as its min_size = 5.5 allows"]
    from pnp.project import build

    build(open_game(str(game)), tmp_path / "b.pdf")  # no --force needed
    assert (tmp_path / "b.pdf").stat().st_size > 0


def test_a_chosen_minimum_still_reports_text_that_does_not_fit(tmp_path):
    rows = "text\n" + "word " * 200 + "\n"
    found = _findings(card_game(tmp_path / "a", FLAVOUR + "min_size = 5.5\n", rows))
    assert any(f.startswith("error:") and "does not fit its box even at 5.5 pt" in f
               for f in found)


# ---- below: placed where another element ends ---------------------------------------------------
BELOW = """[description]
type = "text"
text = "{{ text }}"
x = "5mm"
y = "10mm"
width = "53mm"
height = "40mm"

[rules]
type = "text"
text = "RULES"
below = "description"
gap = "2mm"
x = "5mm"
height = "10mm"
"""


def _baseline(tmp_path: Path, game: Path, row: int, text: str) -> float:
    from test_layouts import face_texts

    return next(t[2] for t in face_texts(game, tmp_path, row) if t[0] == text)


def test_an_element_below_a_text_sits_under_its_last_line_and_moves_up_without_it(tmp_path):
    from pnp.units import MM

    game = card_game(tmp_path / "g", BELOW, 'text,n\nShort.,1\n,2\n"One\nTwo",3\n')
    top = 88 * MM - 10 * MM  # the description's top; a line is 10 pt x 1.2
    one, empty, two = (_baseline(tmp_path, game, i, "RULES") for i in range(3))
    assert one == pytest.approx(top - 12 - 2 * MM - 9.5, abs=0.01)
    assert two == pytest.approx(top - 24 - 2 * MM - 9.5, abs=0.01)
    assert empty == pytest.approx(top - 9.5, abs=0.01)  # no description: in its place, no gap


def test_below_and_like_mistakes_name_the_file_and_property(tmp_path):
    cases = [
        (BELOW.replace('below = "description"', 'below = "descripton"'),
         'front.toml, field "rules.below": element [rules] has below = \'descripton\', but this '
         "layout has no element of that name (did you mean 'description'?)"),
        (BELOW.replace('y = "10mm"', 'below = "rules"'),
         'front.toml, field "rules.below": elements sit below each other in a circle: '
         "description -> rules -> description"),
    ]
    cases += [
        (BELOW.replace('height = "10mm"', 'height = "10mm"\ny = "3mm"'),
         'front.toml, field "rules.y": element [rules] has both y and below; below places its '
         "top (give gap for the space between)"),
        ('[a]\ntype = "rect"\n[b]\nlike = "c"\n[c]\nlike = "b"\n',
         'front.toml, field "c.like": elements are like each other in a circle: b -> c -> b'),
        ('[a]\ntype = "rect"\n[b]\nlike = "aa"\n',
         'front.toml, field "b.like": element [b] has like = \'aa\', but this layout has no '
         "element of that name (did you mean 'a'?)"),
        ('[a]\ntype = "rect"\ndx = "2mm"\n',
         'front.toml, field "a.dx": element [a] has dx but no like = "..." to shift from'),
    ]
    for i, (front, message) in enumerate(cases):
        game = card_game(tmp_path / f"g{i}", front, "text\nhi\n")
        with pytest.raises(DataError) as err:
            open_game(str(game))
        assert str(err.value) == message


# ---- like: one element inheriting another ---------------------------------------------------------
LIKE = """[table1]
type = "rect"
x = "5mm"
y = "20%"
width = "20mm"
height = "8mm"
fill = "#cc0000"

[table2]
like = "table1"
dy = "10mm"

[table3]
like = "table2"
dx = "25mm"
dy = "-3mm"
fill = "#0000cc"
"""


def test_like_copies_an_element_with_an_offset_and_its_own_keys(tmp_path):
    from pnp.faces.rows import faces
    from pnp.units import MM

    game = card_game(tmp_path / "g", LIKE, "text\nhi\n")
    comp = open_game(str(game)).model.components[0]
    front = faces(comp)[0][0]
    boxes = {b["name"]: b for b in front.boxes(comp.width, comp.height)}
    top = 88 * MM - 0.2 * 88 * MM
    assert [round(boxes[n]["x"] / MM, 6) for n in ("table1", "table2", "table3")] == [5, 5, 30]
    assert [round((top - boxes[n]["y"] - 8 * MM) / MM, 6) for n in ("table1", "table2",
                                                                     "table3")] == [0, 10, 7]
    assert all(round(boxes[n]["width"] / MM, 6) == 20 for n in boxes)
    fills = {e.name: e.values["fill"].const for e in front.layout.elements}
    assert fills["table2"] == fills["table1"] != fills["table3"]
