"""Loading a game's data is pure (issue 12): it neither imports reportlab nor registers fonts;
colours are plain values and font files are checked as data."""

import subprocess
import sys

import pytest

from helpers import ROOT, TINY_GAME
from pnp.data.colours import Colour, parse_colour
from pnp.data.fontfile import font_problem
from pnp.errors import DataError

LOAD = """
import sys
from pnp.project import open_game
game = open_game(sys.argv[1])
assert game.model.common.title
print("reportlab" in " ".join(sorted(sys.modules)))
"""


# (not tests/games/showcase: its cards name SVG pictures, read when the game opens as a PNG
# is, so an unreadable one is its row's error; svglib draws with reportlab's shapes)
@pytest.mark.parametrize("folder", [ROOT / "card_data" / "wuxing", ROOT / "card_data" / "experior",
                                    ROOT / "card_data" / "legolas",
                                    ROOT / "templates" / "new" / "deck", TINY_GAME])
def test_loading_a_games_data_imports_no_reportlab(folder):
    if not (folder / "game.toml").is_file():
        pytest.skip(f"{folder} is not a game folder")
    env_path = str(ROOT / "tests" / "fixtures" / "pnp_tiny")
    r = subprocess.run([sys.executable, "-c", LOAD, str(folder)], capture_output=True,
                       text=True, timeout=60, env={"PYTHONPATH": env_path, "PATH": ""})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "False", f"{folder.name}: loading its data imported reportlab"


def test_colours_read_as_reportlab_reads_them():
    c = parse_colour("#aa3311")
    assert c == Colour(0xaa / 255, 0x33 / 255, 0x11 / 255) and c.hexval() == "0xaa3311"
    assert (c.red, c.green, c.blue) == tuple(c)
    assert parse_colour("Ink", {"ink": Colour(0, 0, 0)}) == (0.0, 0.0, 0.0)
    with pytest.raises(DataError) as info:
        parse_colour("#abcd5", {"ink": Colour(0, 0, 0)})
    assert info.value.message == ("'#abcd5' is not a colour; use #rrggbb, a CSS colour name or "
                                  "a name from game.toml's [palette] (it has: ink)")


def test_css_colours_read_as_squib_and_the_web_write_them():
    # the palette first: a game's own "red" is its red
    assert parse_colour("red", {"red": Colour(0.5, 0, 0)}) == (0.5, 0, 0)
    for written in ("red", "Red", "#f00", "#FF0000", "rgb(255, 0, 0)", "hsl(0, 100%, 50%)"):
        assert parse_colour(written, {}).hexval() == "0xff0000", written
    assert parse_colour("Dark Green", {}).hexval() == "0x006400"  # (a name as a sheet spells it)
    with pytest.raises(DataError) as info:  # (Pillow reads it as written; CSS would clamp it)
        parse_colour("rgb(300, 0, 0)", {})
    assert info.value.message == ("'rgb(300, 0, 0)' has a channel over 255; each of red, green "
                                  "and blue is 0 to 255")
    assert parse_colour("rgba(255, 0, 0, 1)", {}) == parse_colour("#ff0000ff", {}) == (1, 0, 0)
    with pytest.raises(DataError) as info:  # (CSS's alpha is 0 to 1; Pillow's 0 to 255)
        parse_colour("rgba(255, 0, 0, 0.5)", {})
    assert info.value.message.endswith("write rgb(255, 0, 0) and give the element opacity = 0.5")
    with pytest.raises(DataError) as info:
        parse_colour("tomatoe", {})
    assert "(did you mean 'tomato'?)" in info.value.message
    with pytest.raises(DataError) as info:
        parse_colour("#ff000080", {})
    assert info.value.message == ("'#ff000080' has an alpha (see-through) part; a colour prints "
                                  "opaque: write #ff0000 and give the element opacity = 0.5")
    with pytest.raises(DataError) as info:
        parse_colour("leef", {"leaf": Colour(0, 1, 0)})
    assert info.value.message == ("'leef' is missing from game.toml's [palette] (did you mean "
                                  "'leaf'?); add it there or write the colour as #rrggbb or a "
                                  "CSS colour name")


def test_font_files_are_checked_as_data():
    good = (ROOT / "fonts" / "DejaVuSans.ttf").read_bytes()
    assert font_problem(good) is None
    assert font_problem(b"OTTO" + good[4:]).startswith("an OpenType font without CFF outlines")
    assert font_problem(b"\x00\x01\x00\x00garbage" * 50) == (
        "its table directory runs past the end of the file")
    assert font_problem(b"<html>not a font</html>") == "not a TrueType file"
    assert font_problem(good[:2000]) == (f"cut short: its tables need {len(good):,} bytes, the "
                                         "file has 2,000")
    # a colour emoji font draws pictures (Noto Color Emoji: CBDT, Apple's: sbix), no outlines
    import struct

    tags = [b"CBDT", b"CBLC", b"cmap", b"head", b"hhea", b"hmtx", b"maxp", b"name"]
    directory = b"".join(struct.pack(">4sIII", t, 0, 0, 0) for t in tags)
    emoji = b"\x00\x01\x00\x00" + struct.pack(">HHHH", len(tags), 0, 0, 0) + directory
    assert font_problem(emoji) == ("a colour emoji font of pictures (CBDT or sbix), which a PDF "
                                   "cannot embed as a font: use a black-and-white one, such as "
                                   "Noto Emoji")


def test_kit_modules_import_no_drawing():
    """The model is built first and the drawings take it: a game's kit module (its data)
    imports neither its faces nor the renderer, so the imports run one way."""
    import ast
    import importlib.util

    from pnp.games import registry

    for name, spec in registry.specs().items():
        if not spec.faces:
            continue
        path = importlib.util.find_spec(spec.kit).origin
        tree = ast.parse(open(path, encoding="utf-8").read())
        imported = [("." * node.level) + (node.module or "") for node in ast.walk(tree)
                    if isinstance(node, ast.ImportFrom)]
        imported += [a.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                     for a in node.names]
        # (pnp/faces/components.py is the layout compiler: it reads, it does not draw)
        assert not [m for m in imported if ("faces" in m and not m.endswith("faces.components"))
                    or "render" in m or m.startswith("reportlab")], (name, imported)
    compiler = importlib.util.find_spec("pnp.faces.components").origin
    tree = ast.parse(open(compiler, encoding="utf-8").read())
    imported = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert not [m for m in imported if m.startswith(("render", "reportlab", "draw"))
                or ".render" in m or m in ("draw", "rows")], imported


def test_every_bad_palette_colour_is_said_in_one_run(tmp_path):
    # (a last trial: four bad [palette] entries took four runs of validate)
    from click.testing import CliRunner

    from pnp.cli import main
    from pnp.scaffold import new_game

    deck = new_game("pal", tmp_path)
    toml = deck / "game.toml"
    toml.write_text(toml.read_text().replace(
        "\n[palette]\n", '\n[palette]\nc5 = "rgb(300,0,0)"\nc7 = "tomatoe"\nc8 = 5\n', 1))
    res = CliRunner().invoke(main, ["validate", "--game", str(deck)])
    errors = [line for line in res.output.splitlines() if line.startswith("error")]
    assert res.exit_code == 2 and [e.split('"')[1] for e in errors] == [
        "palette.c5", "palette.c7", "palette.c8"], res.output
