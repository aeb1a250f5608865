"""A piece from a row with no title, name or label column is named by its kind and place
("token 4") in the kit and every export, as before; a message about it names its row alone:
"tokens.csv, row 5: token 4: ..." read as two pieces (the header is row 1)."""

import pytest

from pnp.errors import DataError
from pnp.project import check, open_game
from pnp.render.fonts import load_fonts
from pnp.scaffold import new_game

TOKENS = """

[[component]]
name = "token"
type = "token"
data = "tokens.csv"
size = "20mm"
front = "layouts/token.toml"
"""

TOKEN = """[background]
type = "rect"
from = "bleed"
fill = "sun"

[word]
type = "text"
text = "{{ word }}"
x = "{{ '0mm' if word == 'huge' else '5mm' }}"
y = "5mm"
width = "10mm"
height = "10mm"
size = 8
"""

@pytest.fixture
def game(tmp_path):
    deck = new_game("untitled", tmp_path)
    (deck / "game.toml").write_text((deck / "game.toml").read_text() + TOKENS)
    (deck / "tokens.csv").write_text("word,count\na,2\nb,1\nc,1\nhuge,1\n")
    (deck / "layouts" / "token.toml").write_text(TOKEN)
    return deck


def _found(folder) -> list[str]:
    try:
        return [str(f) for f in check(open_game(str(folder)))]
    except DataError as exc:
        return [f"Error: {exc}"]


def test_a_message_names_an_untitled_piece_by_its_row(game):
    found = _found(game)
    assert found == ['error: tokens.csv, row 5, field "word": text \'huge\' is 0.00 mm from the '
                     'cut line; keep it at least 1 mm inside'], found


def test_a_titled_piece_is_still_named_in_its_message(game):
    (game / "tokens.csv").write_text("title,word,count\nSun,a,1\nPlum,huge,1\n")
    found = _found(game)
    assert len(found) == 1 and 'tokens.csv, row 3, field "word": Plum: text' in found[0]


def test_the_kit_names_untitled_pieces_as_before(game):
    (game / "tokens.csv").write_text("word,count\na,2\nb,1\n")
    opened = open_game(str(game))
    kit = opened.spec.build_kit(opened.model, load_fonts())
    tokens = [p for s in kit.sheets for p in s.pieces if p.kind == "token"]
    assert [p.name for p in tokens] == ["token 1", "token 1", "token 2"]
    assert all(p.untitled for p in tokens)  # what a message and TTS read, not the name's type


def test_a_titled_piece_is_not_untitled(game):
    (game / "tokens.csv").write_text("Name,word,count\nSun,a,1\n,b,1\n")
    opened = open_game(str(game))
    kit = opened.spec.build_kit(opened.model, load_fonts())
    tokens = [(p.name, p.untitled) for s in kit.sheets for p in s.pieces if p.kind == "token"]
    assert tokens == [("Sun", False), ("token 2", True)]


@pytest.mark.parametrize("tessellate", [False, True])
def test_an_untitled_hex_tile_is_named_by_its_row_packed_or_not(tmp_path, tessellate):
    # tessellated tiles are drawn by tile pages, not as pieces: the same message either way
    folder = new_game("tiles", tmp_path, "hex-tiles")
    if tessellate:
        toml = folder / "game.toml"
        toml.write_text(toml.read_text().replace("# tessellate = true ", "tessellate = true "))
    (folder / "tiles.csv").write_text("terrain,icon,count\nforest,leaf,1\nwater,nosuch,2\n")
    layout = folder / "layouts" / "hex.toml"
    layout.write_text(layout.read_text().replace("{{ label }}", "tile"))
    found = _found(folder)
    assert len(found) == 1 and 'tiles.csv, row 3, field "icon": element "icon"' in found[0], found
    assert "tile 2" not in found[0]
