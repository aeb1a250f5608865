"""Issue 27, second pass of the layout language: a count column named in the component,
coloured and sized runs in a text, icons in text, `below` (placed where another element ends),
`like` (one element inheriting another with an offset), and a small print a designer chose."""

from pathlib import Path

import pytest

from helpers import TEXT_FRONT, card_game, first_error
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
    assert str(err.value) == ("game.toml, [[component]] \"card\", field \"count\": count column 'copies' is "
                              "not in "
                              "cards.csv (its columns: text, qty)")
    # a column the component's defaults add is listed as theirs, not as the file's
    _with(game, "front =", 'defaults = { image = "" }\nfront =')
    with pytest.raises(DataError) as err:
        open_game(str(game))
    assert str(err.value).endswith("cards.csv (its columns: text, qty; from defaults: image)")


def test_a_bad_count_default_is_game_toml_s_not_each_row_s(tmp_path):
    """cards.csv has no qty column: the default is what is wrong, and where to fix it."""
    game = _with(card_game(tmp_path / "g", TEXT_FRONT, "text\nhi\nho\n"), "front =",
                 'count = "qty"\ndefaults = { qty = "x" }\nfront =')
    with pytest.raises(DataError) as err:
        open_game(str(game))
    assert str(err.value) == ('game.toml, [[component]] "card", field "defaults.qty": expected '
                              "a whole number, got 'x'")
    _with(game, 'qty = "x"', "qty = 2")
    assert open_game(str(game)).model.components[0].counts == [2, 2]


def test_a_copies_column_left_unbound_is_a_warning_not_one_copy_silently(tmp_path):
    game = card_game(tmp_path / "g", TEXT_FRONT, "text,Qty\nhi,3\n")
    opened = open_game(str(game))
    assert opened.model.components[0].counts == [1]
    found = [str(f) for f in validate(opened)]
    assert ("warning: game.toml, [[component]] \"card\", field \"count\": cards.csv has a column "
            "'Qty' but each "
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
        'note: layouts/front.toml, field "flavour.min_size": element "flavour" prints at '
        "5.8 pt, under the 7 pt most players read across a table, as its min_size = 5.5 allows"]
    from pnp.project import build

    build(open_game(str(game)), tmp_path / "b.pdf")  # no --force needed
    assert (tmp_path / "b.pdf").stat().st_size > 0


def test_a_run_smaller_than_the_chosen_minimum_is_still_an_error(tmp_path):
    found = _findings(card_game(tmp_path / "a", FLAVOUR + "min_size = 5.5\n",
                                'text\n"Flavour {50%|tiny print}"\n'))
    assert [f for f in found if f.startswith("error:") and "is 2.9 pt" in f], found
    assert not [f for f in found if f.startswith("note:")]


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
         'layouts/front.toml, field "rules.below": element [rules] has below = \'descripton\', but this '
         "layout has no element of that name (did you mean 'description'?)"),
        (BELOW.replace('y = "10mm"', 'below = "rules"'),
         'layouts/front.toml, field "rules.below": elements sit below each other in a circle: '
         "description -> rules -> description"),
    ]
    cases += [
        (BELOW.replace('height = "10mm"', 'height = "10mm"\ny = "3mm"'),
         'layouts/front.toml, field "rules.y": element [rules] has both y and below; below places its '
         "top (give gap for the space between)"),
        ('[a]\ntype = "rect"\n[b]\nlike = "c"\n[c]\nlike = "b"\n',
         'layouts/front.toml, field "c.like": elements are like each other in a circle: b -> c -> b'),
        ('[a]\ntype = "rect"\n[b]\nlike = "aa"\n',
         'layouts/front.toml, field "b.like": element [b] has like = \'aa\', but this layout has no '
         "element of that name (did you mean 'a'?)"),
        ('[a]\ntype = "rect"\ndx = "2mm"\n',
         'layouts/front.toml, field "a.dx": element [a] has dx but no like = "..." to shift from'),
        # a chain thousands long, each named before its base: refused, not a RecursionError
        ("".join(f'[e{i}]\nlike = "e{i + 1}"\n' for i in range(2000)) + '[e2000]\ntype = "rect"\n',
         'layouts/front.toml, field "e50.like": elements are like each other more than 50 deep; make '
         "them like one element, with their own dx and dy"),
        ("".join(f'[e{i}]\ntype = "rect"\nbelow = "e{i + 1}"\n' for i in range(2000))
         + '[e2000]\ntype = "rect"\n',
         'layouts/front.toml, field "e49.below": elements sit below each other more than 50 deep'),
    ]
    for i, (front, message) in enumerate(cases):
        game = card_game(tmp_path / f"g{i}", front, "text\nhi\n")
        assert first_error(game) == message


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


# ---- coloured and sized runs in a text -----------------------------------------------------------
RUNS = TEXT_FRONT  # one text box, 40 mm tall, showing its row's `text`
PALETTE = '[palette]\nred = "#cc0000"\n'


def _runs(tmp_path: Path, cell: str, extra: str = PALETTE, front: str = RUNS):
    """(text, fill colour (r, g, b), size, y) of each string on the card's face."""
    from pypdf import PdfReader
    from pnp.faces.rows import faces
    from pnp.preview import FaceSpec, draw_face
    from pnp.render.fonts import load_fonts

    game = card_game(tmp_path / "g", front, f'text\n"{cell}"\n', extra_toml=extra)
    comp = open_game(str(game)).model.components[0]
    spec = FaceSpec("f", comp.title, "face", comp.name, False, comp.width, comp.height,
                    comp.shape, faces(comp)[0][0], None)
    pdf = tmp_path / "face.pdf"
    pdf.write_bytes(draw_face(spec, load_fonts(), bleed=0).pdf)
    fill = [(0.0, 0.0, 0.0)]
    found = []

    def operand(op, args, cm, tm):
        if op == b"rg":
            fill[0] = tuple(round(float(a), 3) for a in args)

    def text(t, cm, tm, font, size):
        if t.strip():
            found.append((t.strip(), fill[0], round(size * cm[0], 3),
                          round(tm[5] * cm[3] + cm[5], 3)))

    PdfReader(pdf).pages[0].extract_text(visitor_operand_before=operand, visitor_text=text)
    return found


def test_a_coloured_run_prints_in_its_palette_colour_and_the_rest_in_the_texts(tmp_path):
    found = _runs(tmp_path, "Gain 2. {red|Trash **1** Clay} then rest.")
    red = (0.8, 0.0, 0.0)
    assert [(t, c) for t, c, _, _ in found] == [
        ("Gain 2.", (0, 0, 0)), ("Trash", red), ("1", red), ("Clay", red),
        ("then", (0, 0, 0)), ("rest.", (0, 0, 0))]  # (53 mm wide: "rest." on line two)
    assert {s for _, _, s, _ in found} == {10.0}


def test_a_hex_run_and_a_sized_run_and_a_taller_line(tmp_path):
    from pnp.units import MM

    found = _runs(tmp_path, "Big {#0000cc 15pt|Boss}<br>small {80%|print}<br>plain")
    by = {t: (c, s, y) for t, c, s, y in found}
    assert by["Boss"][:2] == ((0.0, 0.0, 0.8), 15.0)
    assert by["print"][1] == 8.0 and by["small"][1] == by["plain"][1] == 10.0
    top = 88 * MM - 5 * MM
    # a line is as tall as its largest run: 15 pt x 1.2 for the first, 10 pt x 1.2 after
    assert by["Big"][2] == pytest.approx(top - 0.95 * 15, abs=0.01)
    assert by["small"][2] == pytest.approx(top - 18 - 0.95 * 10, abs=0.01)
    assert by["plain"][2] == pytest.approx(top - 18 - 12 - 0.95 * 10, abs=0.01)


def test_runs_shrink_with_their_text_and_never_are_cut(tmp_path):
    from pnp.faces import richtext
    from pnp.render.fonts import load_fonts

    fonts = load_fonts()
    m = richtext.Measure(fonts)
    text = "{200%|Huge} " + "word " * 30
    small = richtext.fit(fonts, m, text, "regular", 100, 60, 10, 5, 1.2, "en_US")
    assert small is not None and small.size < 10
    assert small.height() <= 60 + 1e-6 and all(line.width * small.size <= 100 + 1e-6
                                               for line in small.lines)
    first = small.lines[0].words[0][0]
    assert first.text == "Huge" and first.scale == 2.0 and small.lines[0].scale == 2.0
    # what does not fit even at the minimum is None (reported), not cut
    assert richtext.fit(fonts, m, "{400%|Huge} " + "word " * 80, "regular", 100, 30, 10, 9,
                        1.2, "en_US") is None


def test_run_mistakes_are_findings_and_stray_braces_print_as_they_are(tmp_path):
    from pnp.project import check

    game = card_game(tmp_path / "g", RUNS, 'text\n"{rde|x} {1000%|y} a {b} {open|c"\n',
                     extra_toml=PALETTE)
    found = [str(f) for f in check(open_game(str(game)))]
    assert any("run colour in" in f and "'rde' is missing from game.toml's [palette]" in f
               for f in found), found
    assert any("run '{1000%|' is 1000% of the text's 10 pt; a run is 25% to 400% of it" in f
               for f in found), found
    from pnp.faces.richtext import parse, plain_text

    assert plain_text(parse("a {b} {open|c \\{x\\}", "regular")) == "a {b} {open|c {x}"


def test_inline_icons_take_their_size_and_raise_from_the_element(tmp_path):
    from pnp.faces import richtext
    from pnp.render.fonts import load_fonts

    m = richtext.Measure(load_fonts(), 1.5)
    (words,) = richtext.parse("a :coin: b", "regular")
    assert m.word(words[1]) == pytest.approx(1.6)  # its side and ICON_PAD, in ems
    assert richtext.Measure(load_fonts()).icon == pytest.approx(1.3)  # the default: 1.2 em
    (name, x, y, side), = _drawn_icons(tmp_path)
    assert name == "coin" and side == pytest.approx(10 * 1.5)
    # its centre 0.37 em + icon_dy (0.2 em) above the baseline
    assert y == pytest.approx(_first_baseline() + 10 * (0.37 + 0.2), abs=0.01)


def _first_baseline() -> float:
    from pnp.units import MM

    return 88 * MM - 5 * MM - 0.95 * 10


class Drawn(list):
    colours: list


def _drawn_icons(tmp_path, cell: str = "Gain :coin: now", extra: str = ""):
    """(name, centre x, centre y, side) of each icon drawn on a face whose text is `cell`
    (icon_size 1.5, icon_dy 0.2); the colours they were drawn in are the list's `.colours`."""
    from pnp.faces import draw as face_draw
    from pnp.faces.rows import faces
    from pnp.preview import FaceSpec, draw_face
    from pnp.render.fonts import load_fonts

    front = RUNS + "icon_size = 1.5\nicon_dy = 0.2\n"
    game = card_game(tmp_path / "i", front, f'text\n"{cell}"\n', extra_toml=extra)
    comp = open_game(str(game)).model.components[0]
    face = faces(comp)[0][0]
    cache = face_draw.caches(face.layout)
    real, drawn = cache.icons, Drawn()

    class Recorded:  # the game's icons, each draw written down
        def find(self, name):
            return real.find(name)

        def draw(self, c, name, x, y, side, colour, *rest):
            drawn.append((name, round(x, 3), round(y, 3), round(side, 3)))
            drawn.colours.append(tuple(round(v, 3) for v in colour))
            return real.draw(c, name, x, y, side, colour, *rest)

    drawn.colours = []
    cache.icons = Recorded()
    spec = FaceSpec("f", comp.title, "face", comp.name, False, comp.width, comp.height,
                    comp.shape, face, None)
    draw_face(spec, load_fonts(), bleed=0)
    return drawn


def test_an_icon_in_a_run_takes_its_colour_and_size(tmp_path):
    drawn = _drawn_icons(tmp_path, "Gain {red 150%|:coin:} and :coin:", PALETTE)
    assert [d[3] for d in drawn] == [pytest.approx(10 * 1.5 * 1.5), pytest.approx(10 * 1.5)]
    assert drawn.colours == [(0.8, 0.0, 0.0), (0.0, 0.0, 0.0)]


@pytest.mark.parametrize("header,said", [
    ("text,Qty,Copies", "cards.csv has columns 'Qty' and 'Copies' but each row prints once: to "
                        "print that many copies, name it in game.toml: count = \"Qty\""),
    ("text,count,qty,copies", "cards.csv has 3 columns of copies, 'count', 'qty' and 'copies': "
                              "each row prints 'count' copies and 'qty' and 'copies' are not "
                              "read; to read 'qty', name it in game.toml: count = \"qty\""),
])
def test_every_column_like_copies_left_unread_is_named(tmp_path, header, said):
    # the warning named the first such column only: a sheet with Qty and Copies said 'Qty'
    cells = ",".join(["hi"] + ["2"] * (header.count(",")))
    game = card_game(tmp_path / "g", TEXT_FRONT, f"{header}\n{cells}\n")
    found = [str(f) for f in validate(open_game(str(game)))]
    assert f'warning: game.toml, [[component]] "card", field "count": {said}' in found, found


# ---- a number cell prints as written ------------------------------------------------------------
@pytest.mark.parametrize("front", [
    TEXT_FRONT,  # the cell alone
    TEXT_FRONT.replace('"{{ text }}"', '"No. {{ text }}"'),  # the cell in a sentence
], ids=["alone", "in a sentence"])
@pytest.mark.parametrize("cell", ["007", "2.50", "-05"])
def test_a_number_cell_prints_as_it_is_written(tmp_path, cell, front):
    """A card titled 007 printed as 7 and a price of 2.50 as 2.5: the cell was read as a number
    (so `cost > 3` works) and printed as Python prints that number."""
    found = " ".join(t for t, _, _, _ in _runs(tmp_path, cell, front=front))
    assert found.removeprefix("No. ") == cell


def test_a_number_cell_written_otherwise_still_counts_as_its_number():
    from pnp.faces.components import auto

    assert auto("007") == 7 and auto("007") + 1 == 8 and auto("007") > 6
    assert auto("2.50") == 2.5 and auto("2.50") * 2 == 5.0
    assert str(auto("007")) == "007" and str(auto("2.50")) == "2.50"
    assert type(auto("12")) is int and type(auto("1.5")) is float  # the common case as it was


def test_rows_whose_numbers_are_equal_but_written_apart_each_print_their_own(tmp_path):
    """A template's memo keyed by value gave the row "007" the rendering of the row "7" before it
    (and "1.0" that of "1")."""
    from pypdf import PdfReader
    from pnp.faces.rows import faces
    from pnp.preview import FaceSpec, draw_face
    from pnp.render.fonts import load_fonts

    front = TEXT_FRONT.replace('"{{ text }}"', '"No. {{ text }}"')
    cells = ["7", "007", "1", "1.0", "2.5", "2.50"]
    game = card_game(tmp_path / "g", front, "text\n" + "\n".join(cells) + "\n")
    comp = open_game(str(game)).model.components[0]
    fonts, printed = load_fonts(), []
    for face in faces(comp):
        spec = FaceSpec("f", comp.title, "face", comp.name, False, comp.width, comp.height,
                        comp.shape, face[0], None)
        pdf = tmp_path / "face.pdf"
        pdf.write_bytes(draw_face(spec, fonts, bleed=0).pdf)
        printed.append(PdfReader(pdf).pages[0].extract_text().strip())
    assert printed == [f"No. {c}" for c in cells]


def test_a_number_cell_written_otherwise_passes_the_shown_check_and_reaches_a_live_page(tmp_path):
    """A price "2.50" printed as written was refused: the face showed '2.50', the checks wanted
    2.5 or 2½; and `serve` kept a face whose cell changed from 7 to 007 (equal as numbers)."""
    from pnp.faces.components import auto
    from pnp.faces.rows import faces
    from pnp.live import row_inputs
    from pnp.preview import FaceSpec

    game = card_game(tmp_path / "g", TEXT_FRONT, "text\n2.50\n1.0\n7\n007\n")
    with (game / "game.toml").open("a", encoding="utf-8") as f:
        f.write('\n[shown]\ncard = ["text"]\n')
    assert not [f for f in validate(open_game(str(game))) if f.level == "error"]
    comp = open_game(str(game)).model.components[0]
    keys = [row_inputs(FaceSpec("f", comp.title, "face", comp.name, False, comp.width,
                                comp.height, comp.shape, front, None))
            for front, _ in faces(comp)]
    assert keys[2] != keys[3]  # (a face is drawn anew when its inputs differ)
    assert str(auto("1.0")) == "1.0" and type(auto("1.5")) is float


def test_a_diameter_is_refused_on_a_piece_that_is_not_round(tmp_path):
    """A card with `diameter = "25mm"` and no size was printed as a 25 mm square."""
    game = _with(card_game(tmp_path / "g", TEXT_FRONT, "text\nhi\n"), 'size = "poker"',
                 'diameter = "25mm"')
    with pytest.raises(DataError) as err:
        open_game(str(game))
    assert str(err.value) == ('game.toml, [[component]] "card", field "diameter": diameter is a '
                              'round piece\'s size (a token, or shape = "circle"); a rect card\'s '
                              "is size, or width and height")


def test_an_unknown_inline_icon_is_bad_data_as_an_icon_element_is(tmp_path):
    """`:nosuch:` in a row's text exited 3 (as text that does not fit), an icon element 2."""
    from click.testing import CliRunner

    from pnp.cli import main

    game = card_game(tmp_path / "g", TEXT_FRONT, "text\nDraw :nosuch: cards.\nhi\n")
    res = CliRunner().invoke(main, ["validate", "--game", str(game)])
    assert res.exit_code == 2, res.output
    assert res.output.startswith('error: cards.csv, row 2, field "text": ') and \
        "no icon 'nosuch'" in res.output, res.output


def test_a_round_piece_s_bad_size_names_the_key_written(tmp_path):
    game = _with(card_game(tmp_path / "g", TEXT_FRONT, "text\nhi\n"), 'size = "poker"',
                 'shape = "circle"\nsize = "pokr"')
    with pytest.raises(DataError) as err:
        open_game(str(game))
    assert str(err.value).startswith('game.toml, [[component]] "card", field "size": '), err.value
