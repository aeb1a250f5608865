"""The Tabletop Simulator saved object by its JSON fields: tokens, tiles and boards besides
cards, GUIDs stable and unique, and links to the images' future address (--url-base)."""

import json
import re

import pytest
from PIL import Image
from reportlab.lib.colors import HexColor

from helpers import ROOT
from pnp.errors import PnpError
from pnp.export.tts import CARD_WIDTH_IN, export_tts
from pnp.kit import Board, Kit, Piece, Sheet
from pnp.project import export, open_game
from pnp.render.fonts import load_fonts
from pnp.units import MM


def _fill(colour):
    return lambda s: s.fill_bleed(HexColor(colour))


def _tokens_kit() -> Kit:
    red, blue, back = _fill("#cc2222"), _fill("#2222cc"), _fill("#444444")
    pieces = tuple(Piece("marker", "Red marker", red, back) for _ in range(3)) + \
        (Piece("marker", "Blue marker", blue, back),)
    hexes = (Piece("tile", "Forest", _fill("#228822"), back),)
    return Kit("Tokens only", sheets=[Sheet("Markers", 20 * MM, 20 * MM, pieces, shape="circle"),
                                      Sheet("Tiles", 40 * MM, 40 * MM, hexes, shape="hex")])


def _save(folder):
    (path,) = folder.glob("*.json")
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_tokens_only_game_exports_two_sided_tiles(tmp_path):
    files, _ = export_tts(_tokens_kit(), load_fonts(), tmp_path)
    objects = _save(tmp_path)["ObjectStates"]
    assert [o["Name"] for o in objects] == ["Custom_Tile"] * 5
    reds = [o for o in objects if o["Nickname"] == "Red marker"]
    assert len(reds) == 3
    assert [o["Transform"]["posY"] for o in reds] == [1.0, 1.1, 1.2]  # one stack
    assert len({o["CustomImage"]["ImageURL"] for o in reds}) == 1  # one image for all three
    (forest,) = [o for o in objects if o["Nickname"] == "Forest"]
    assert forest["CustomImage"]["CustomTile"]["Type"] == 1  # hex
    assert reds[0]["CustomImage"]["CustomTile"]["Type"] == 2  # circle
    assert reds[0]["Transform"]["scaleX"] == pytest.approx(20 / 25.4 / CARD_WIDTH_IN, abs=1e-3)
    front = reds[0]["CustomImage"]["ImageURL"]
    back = reds[0]["CustomImage"]["ImageSecondaryURL"]
    assert front != back and front.startswith("file://")
    red_px = Image.open(tmp_path / front.rsplit("/", 1)[1]).convert("RGB")
    assert red_px.getpixel((red_px.width // 2, red_px.height // 2)) == (204, 34, 34)
    assert red_px.size == (236, 236)  # 20 mm at 300 dpi


def test_guids_are_six_hex_digits_unique_and_stable(tmp_path):
    kit = _tokens_kit()
    export_tts(kit, load_fonts(), tmp_path / "a")
    export_tts(kit, load_fonts(), tmp_path / "b")
    first = [o["GUID"] for o in _save(tmp_path / "a")["ObjectStates"]]
    assert all(re.fullmatch(r"[0-9a-f]{6}", g) for g in first)
    assert len(set(first)) == len(first)
    assert first == [o["GUID"] for o in _save(tmp_path / "b")["ObjectStates"]]


def test_wuxing_exports_its_board_tokens_and_decks_with_guids(tmp_path):
    out = tmp_path / "tts"
    export(open_game("wuxing", cwd=ROOT), "tts", out)
    objects = _save(out)["ObjectStates"]
    names = [o["Name"] for o in objects]
    assert names.count("DeckCustom") == 3 and names.count("Custom_Board") == 1
    assert names.count("Custom_Tile") >= 10  # pawns and tokens
    (board,) = [o for o in objects if o["Name"] == "Custom_Board"]
    image = Image.open(out / board["CustomImage"]["ImageURL"].rsplit("/", 1)[1])
    assert max(image.size) <= 4096
    guids = [o["GUID"] for o in objects] + [c["GUID"] for o in objects
                                            for c in o.get("ContainedObjects", [])]
    assert len(set(guids)) == len(guids)


def test_url_base_links_every_image_to_its_future_address(tmp_path):
    out = tmp_path / "tts"
    export(open_game("wuxing", cwd=ROOT), "tts", out, url_base="https://example.org/wx")
    text = (out / "wuxing-duel.json").read_text(encoding="utf-8")
    links = re.findall(r'"(?:FaceURL|BackURL|ImageURL|ImageSecondaryURL)": "([^"]+)"', text)
    assert links and all(u.startswith("https://example.org/wx/") for u in links if u)
    assert "file://" not in text
    for u in {u for u in links if u}:
        assert (out / u.rsplit("/", 1)[1]).is_file()


@pytest.mark.parametrize("bad", ["ftp://x.org/a", "example.org/a", "https://x.org/a?b=1"])
def test_a_bad_url_base_is_refused_before_drawing(tmp_path, bad):
    with pytest.raises(PnpError, match="--url-base"):
        export(open_game("wuxing", cwd=ROOT), "tts", tmp_path / "t", url_base=bad)
    assert not (tmp_path / "t").exists()


def test_a_kit_with_nothing_for_the_table_is_refused(tmp_path):
    with pytest.raises(PnpError, match="nothing in this kit"):
        export_tts(Kit("empty"), load_fonts(), tmp_path)


def test_a_board_alone_is_a_custom_board(tmp_path):
    kit = Kit("b", boards=[Board("Map", 300 * MM, 200 * MM, _fill("#88aacc"))])
    export_tts(kit, load_fonts(), tmp_path)
    (board,) = _save(tmp_path)["ObjectStates"]
    assert board["Name"] == "Custom_Board"
    assert board["Transform"]["scaleX"] == pytest.approx(300 / 25.4 / CARD_WIDTH_IN, abs=1e-3)
    image = Image.open(tmp_path / board["CustomImage"]["ImageURL"].rsplit("/", 1)[1])
    assert image.size == (3543, 2362)  # 300 dpi


def test_a_url_base_with_a_space_is_escaped_once():
    """`--url-base 'https://example.org/my game/'` used to put a raw space into every link."""
    from pnp.export.tts import check_url_base

    assert check_url_base("https://example.org/my game/") == "https://example.org/my%20game/"
    assert check_url_base("https://example.org/my%20game") == "https://example.org/my%20game/"
    assert check_url_base("https://cdn.example.org:8443/a/b") == "https://cdn.example.org:8443/a/b/"


def test_built_in_icons_in_one_pdf_are_each_their_own_form():
    """The suits and player shapes are drawn by lambdas of one name: keyed by it alone, a
    triangle after a circle in the same place and colour printed the circle (tiles and
    print-on-demand faces share a PDF)."""
    import io

    import pypdfium2 as pdfium
    from reportlab.lib.colors import black
    from reportlab.pdfgen.canvas import Canvas

    from pnp.faces.art import IconFinder

    out = io.BytesIO()
    c = Canvas(out, pagesize=(40, 40))
    icons = IconFinder(ROOT)
    for name in ("circle", "triangle", "stealth", "brute"):
        assert icons.draw(c, name, 20, 20, 30, black, "Helvetica")
        c.showPage()
    c.save()
    doc = pdfium.PdfDocument(out.getvalue())
    pages = [doc[i].render(scale=1).to_pil().convert("L").tobytes() for i in range(4)]
    assert len(set(pages)) == 4


def test_an_accented_title_names_the_saved_object_transliterated(tmp_path):
    # "Dédale" made "d-dale.json": an accented letter split the word; now it loses its accent
    kit = Kit("Dédale: Größe Córdoba", boards=[Board("Carté", 100 * MM, 80 * MM,
                                                     _fill("#88aacc"))])
    export_tts(kit, load_fonts(), tmp_path)
    assert [p.name for p in tmp_path.glob("*.json")] == ["dedale-grosse-cordoba.json"]
    assert [p.name.rsplit("-", 1)[0] for p in tmp_path.glob("*.png")] == ["board-carte"]


@pytest.mark.parametrize("title, default, name", [
    ("Dédale", "deck", "dedale"), ("Straße", "deck", "strasse"), ("ÆSIR Œuvre", "deck",
                                                                   "aesir-oeuvre"),
    ("Søren Łódź", "deck", "soren-lodz"), ("Þór", "deck", "thor"), ("Ｆｕｌｌ ﬁve", "deck", "full-five"),
    ("Δέλτα Duel", "deck", "duel"), ("中文", "deck", "deck"), ("中文", "game", "game"),
    ("  ", "game", "game")])
def test_one_slug_transliterates_and_parts_words_at_what_has_no_ascii_form(title, default, name):
    from pnp.output import slug

    assert slug(title, default) == name


def _untitled_tokens(tmp_path, rows: str):
    """The tokens-and-board game of `pnp new`, its tokens with no name column: named by their
    place ("token 3"); `rows` of value,colour,flip,count."""
    from click.testing import CliRunner

    from pnp.cli import main

    assert CliRunner().invoke(main, ["new", "tb", "--dir", str(tmp_path), "--template",
                                     "tokens-and-board"]).exit_code == 0
    game = tmp_path / "tb"
    layout = game / "layouts" / "token.toml"
    layout.write_text(layout.read_text().split("[name]")[0])
    (game / "tokens.csv").write_text("value,colour,flip,count\n" + rows)
    return game


def _tiles(game, out):
    from click.testing import CliRunner

    from pnp.cli import main

    result = CliRunner().invoke(main, ["export", "-g", str(game), "--format", "tts", "--out",
                                       str(out)])
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    return [(o["GUID"], o["Nickname"]) for o in _save(out)["ObjectStates"]
            if o["Name"] == "Custom_Tile"]


def test_an_untitled_token_is_nicknamed_by_the_value_it_prints_and_keeps_its_guid(tmp_path):
    game = _untitled_tokens(tmp_path, "1,gold,spent,2\n3,blue,spent,1\n5,red,healed,1\n")
    tiles = _tiles(game, tmp_path / "a")
    # "token 3" was the third row: the playtester sees a 5
    assert [n for _, n in tiles] == ["token (value 1)"] * 2 + ["token (value 3)",
                                                               "token (value 5)"]
    csv = game / "tokens.csv"
    csv.write_text(csv.read_text().replace("5,red", "7,red"))
    again = _tiles(game, tmp_path / "b")
    assert again[-1][1] == "token (value 7)"
    assert [g for g, _ in again] == [g for g, _ in tiles]  # a nickname changed: GUIDs kept


def test_untitled_tokens_their_printed_column_cannot_tell_apart_keep_their_place(tmp_path):
    game = _untitled_tokens(tmp_path, "1,gold,spent,1\n1,blue,spent,1\n")  # two tokens of 1
    assert [n for _, n in _tiles(game, tmp_path / "a")] == ["token 1", "token 2"]


@pytest.mark.parametrize("fmt, said", [("tts", "1 Tabletop Simulator image and the saved object "
                                                "test.json"),
                                       ("png", "1 PNG face at 300 dpi")])
def test_a_one_card_export_says_its_one_file_in_the_singular(tmp_path, fmt, said):
    """A tiny game's summary read "1 Tabletop Simulator images"."""
    from click.testing import CliRunner

    from helpers import TEXT_FRONT, card_game
    from pnp.cli import main

    game = card_game(tmp_path / "one", TEXT_FRONT, "text\nHello\n")
    out = tmp_path / fmt
    res = CliRunner().invoke(main, ["export", "-g", str(game), "--format", fmt, "--out", str(out)])
    assert res.exit_code == 0 and res.output == f"{out}/: {said}\n", res.output
