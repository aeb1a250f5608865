"""Columns a designer from another tool brings: names with a hyphen or a space (decksmith's
"first-paragraph") and a capitalised Name (Squib's data['Name'])."""


from helpers import card_game, refused
from pnp.project import check, open_game, validate

FRONT = """[body]
type = "text"
text = "{{ %s }}"
x = "5mm"
y = "5mm"
width = "100%% - 10mm"
height = "20mm"
"""


def test_a_hyphenated_column_is_read_through_row(tmp_path):
    folder = card_game(tmp_path / "g", FRONT % "row['first-paragraph']",
                       "title;first-paragraph\nWelcome;This is a card.\n")
    game = open_game(str(folder))
    assert not validate(game)
    assert game.model.components[0].context(0)["row"]["first-paragraph"] == "This is a card."


def test_a_hyphenated_name_says_how_to_read_it(tmp_path):
    folder = card_game(tmp_path / "g", FRONT % "first-paragraph",
                       "title;first-paragraph\nWelcome;This is a card.\n")
    caught = refused(str(folder))
    assert "{{ row['first-paragraph'] }}" in str(caught.value)


def test_a_misspelt_row_key_is_named_with_the_close_column(tmp_path):
    folder = card_game(tmp_path / "g", FRONT % "row['first-paragrap']",
                       "title;first-paragraph\nWelcome;This is a card.\n")
    caught = refused(str(folder))
    said = str(caught.value)
    assert "row['first-paragrap']" in said and "did you mean 'first-paragraph'" in said
    assert "body.text" in said


def test_a_capitalised_name_column_names_the_piece(tmp_path):
    from pnp.faces.rows import label

    folder = card_game(tmp_path / "g", FRONT % "Name", "Name,qty\nBasilisk,3\n")
    game = open_game(str(folder))
    assert label(game.model.components[0], 0) == "Basilisk"


def test_another_tools_markup_is_a_finding_not_printed_as_written(tmp_path):
    # Squib's data holds Pango markup: <b>, <i>, <span fgcolor="#ff0000">
    folder = card_game(tmp_path / "g", FRONT % "text",
                       'text\n"<b>Markup</b> is <span fgcolor=""#ff0000"">red</span>"\n'
                       "line one<br>line two\n")
    said = [str(f) for f in check(open_game(str(folder)))]
    assert len(said) == 1, said
    assert "row 2" in said[0] and "'<b>'" in said[0] and "**bold**" in said[0]
    assert "{#ff0000|red}" in said[0]
