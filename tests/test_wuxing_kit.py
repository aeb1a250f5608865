"""Wuxing Duel's kit: the PDF read back, validation against the engine, and the CLI."""

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from helpers import ROOT, edit_csv
from pnp.cli import main
from pnp.project import build, open_game, validate
from pnp.units import MM, PAPERS


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit") / "wuxing.pdf"
    game = open_game(str(ROOT / "card_data" / "wuxing"))
    result = build(game, out)
    return result, PdfReader(out)


def test_shipped_data_is_valid():
    assert validate(open_game("wuxing", cwd=ROOT)) == []


def test_pdf_pages_are_a4_and_the_guide_lists_every_section(built):
    result, pdf = built
    assert len(pdf.pages) == result.pages == 13
    for page in pdf.pages:
        assert float(page.mediabox.width) == pytest.approx(PAPERS["a4"][0], abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(PAPERS["a4"][1], abs=0.01)
    guide = pdf.pages[0].extract_text()
    for s in result.sections:
        assert s.title.split(" (")[0] in guide


def test_every_element_and_component_is_in_the_pdf(built):
    _, pdf = built
    text = "\n".join(p.extract_text() for p in pdf.pages)
    for name in ("WOOD", "FIRE", "EARTH", "METAL", "WATER", "YANG", "YIN", "木", "火", "土", "金",
                 "水", "The two cycles", "Path 1", "Path 3", "Generating", "Destroying", "1st"):
        assert name in text, name
    checklist = pdf.pages[1].extract_text()
    for line in ("10 × element card", "2 × reference card", "15 × island", "6 × pawn",
                 "3 × red link token", "3 × blue link token", "1 × first-player token"):
        assert line in checklist


def test_fonts_are_embedded_including_the_cjk_subset(built):
    _, pdf = built
    embedded = set()
    for page in pdf.pages:
        fonts = page["/Resources"].get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            for desc in [font.get("/FontDescriptor")] + [
                    d.get_object().get("/FontDescriptor") for d in font.get("/DescendantFonts", [])]:
                if desc is not None:
                    desc = desc.get_object()
                    if "/FontFile2" in desc:
                        embedded.add(str(desc["/FontName"]))
    assert any("PnPCJKSubset" in n for n in embedded)
    assert any("DejaVuSans" in n for n in embedded)


def test_single_board_page_has_trim_and_bleed_boxes(built):
    _, pdf = built
    board = pdf.pages[-1]
    trim = [float(v) for v in board.trimbox]
    assert trim[2] - trim[0] == pytest.approx(190 * MM, abs=0.01)  # turned to fit portrait
    assert trim[3] - trim[1] == pytest.approx(260 * MM, abs=0.01)
    assert "/TrimBox" not in pdf.pages[6]  # a sheet of 9 cards has no single trim box


def test_manifest_matches_the_rules(built):
    result, _ = built
    assert not [f for f in result.findings if f.level == "error"]


def test_letter_paper_and_no_backs():
    from pnp.project import build as run

    game = open_game("wuxing", cwd=ROOT)
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "w.pdf"
        result = run(game, out, paper="letter", backs=False)
        pdf = PdfReader(out)
        assert float(pdf.pages[0].mediabox.width) == pytest.approx(612)
        # 3 back pages fewer than A4's 13, but the booklet takes a fifth page on the shorter
        # letter paper and a blank page keeps the card sheets double-sided
        assert len(pdf.pages) == result.pages == 12


# ---- validation against the engine ----------------------------------------------------------
def _findings(folder):
    return [str(f) for f in validate(open_game(str(folder)))]


def test_wrong_arrow_is_named_by_file_row_and_field(game_copy):
    folder = game_copy("wuxing")
    edit_csv(folder / "cards.csv", 2, "destroys", "fire")
    assert _findings(folder) == [
        "error: cards.csv, row 2, field \"destroys\": the wood card shows fire as 'destroys' "
        "but the cycles say earth"]


def test_duplicate_element_card_is_reported(game_copy):
    folder = game_copy("wuxing")
    edit_csv(folder / "cards.csv", 3, "element", "wood")
    found = _findings(folder)
    assert 'error: cards.csv, row 3, field "element": Yang must have exactly one wood card, ' \
        'has another (first in row 2)' in found
    assert 'error: cards.csv, field "element": Yang must have exactly one fire card, has 0' in found


def test_an_element_listed_twice_names_its_first_row(game_copy):
    folder = game_copy("wuxing")
    edit_csv(folder / "elements.csv", 3, "element", "wood")  # fire's row says wood again
    found = _findings(folder)
    assert any('elements.csv, row 3, field "element": element \'wood\' is listed twice (first '
               'in row 2)' in f for f in found), found


def test_path_missing_an_element_and_same_distance_rule(game_copy):
    folder = game_copy("wuxing")
    edit_csv(folder / "islands.csv", 2, "element", "water")  # path 1 gets water twice
    found = _findings(folder)
    assert 'error: islands.csv, row 3, field "element": path 1 must have element water once; ' \
        'it is here again (first in row 2)' in found
    assert 'error: islands.csv, field "element": path 1 has no island with element earth' in found
    # path 3 starts with water too: the same distance from Yang on two paths
    assert any("islands.csv, row 12" in f and "same distance" in f for f in found)


def test_an_island_out_of_its_path_is_named_by_its_row(game_copy):
    folder = game_copy("wuxing")
    edit_csv(folder / "islands.csv", 5, "position", "9")
    edit_csv(folder / "islands.csv", 7, "path", "4")
    found = _findings(folder)
    assert 'error: islands.csv, row 5, field "position": path 1 has positions 1 to 5, not 9' \
        in found
    assert 'error: islands.csv, field "position": path 1 has no island with position 4' in found
    assert 'error: islands.csv, row 7, field "path": there are paths 1 to 3, not 4' in found


def test_a_pawn_on_a_path_there_is_not_is_named_by_its_row(game_copy):
    folder = game_copy("wuxing")
    edit_csv(folder / "pawns.csv", 2, "path", "7")
    assert 'error: pawns.csv, row 2, field "path": Yang\'s pawn stands on path 7, which ' \
        'islands.csv has not' in _findings(folder)


@pytest.mark.parametrize("rows,said", [
    ("1,yang,Yang,yang,ink,陽\n2,yang,Yin,yin,yang,陰\n",
     ['error: players.csv, row 3, field "player": player \'yang\' is listed twice (first in '
      'row 2)']),
    ("1,yang,Yang,yang,ink,陽\n2,yng,Yin,yin,yang,陰\n",
     ['error: players.csv, row 3, field "player": unknown player \'yng\'; use one of: yang, '
      'yin']),
    ("2,yang,Yang,yang,ink,陽\n1,yin,Yin,yin,yang,陰\n",
     ['error: players.csv, row 2, field "seat": the rules seat the player \'yang\' in seat 1 '
      "(Yang), not 2"]),
])
def test_players_csv_is_read_by_its_key_naming_file_row_and_field(game_copy, rows, said):
    folder = game_copy("wuxing")
    (folder / "players.csv").write_text("seat,player,name,colour,ink,symbol\n" + rows,
                                        encoding="utf-8")
    found = _findings(folder)
    for line in said:
        assert line in found, found
    assert not any("cards.csv" in f or "pawns.csv" in f for f in found), found


def test_token_count_must_match_the_engine(game_copy):
    folder = game_copy("wuxing")
    edit_csv(folder / "tokens.csv", 2, "count", "2")  # a design change needs both colours
    assert _findings(folder) == [
        'error: tokens.csv, row 3, field "count": Blue link token: the rules need as many as '
        "Red link tokens (2), the data prints 3"]


def test_missing_pawn(game_copy):
    folder = game_copy("wuxing")
    edit_csv(folder / "pawns.csv", 4, "path", "2")
    found = _findings(folder)
    assert 'error: pawns.csv, row 4, field "path": Yang needs exactly one pawn on path 2, has ' \
        'another (first in row 3)' in found
    assert 'error: pawns.csv, field "path": Yang needs exactly one pawn on path 3, has 0' in found


def test_engine_plays_the_printed_layout(game_copy):
    folder = game_copy("wuxing")
    model = open_game(str(folder)).model
    game = open_game(str(folder)).spec.new_game(model)
    assert [list(p) for p in game.paths] == model.paths()
    for row in range(2, 17):  # walk every path from the other end
        pos = int(open_game(str(folder)).model.islands[row - 2].position)
        edit_csv(folder / "islands.csv", row, "position", str(6 - pos))
    moved = open_game(str(folder))
    # W21's win rates were measured on the printed layout: the only finding
    assert [f.field for f in validate(moved)] == ["values"]
    assert list(moved.spec.new_game(moved.model).paths[0]) == [
        "metal", "wood", "fire", "water", "earth"]
    from pnp.engine.core import RandomAgent, play

    record = play(game, [RandomAgent(), RandomAgent()], seed=3)
    assert sum(record.returns) == pytest.approx(1.0)


def test_booklet_numbers_come_from_the_data(game_copy):
    folder = game_copy("wuxing")
    text = (folder / "game.toml").read_text().replace("set_aside = true", "set_aside = false")
    (folder / "game.toml").write_text(text)
    game = open_game(str(folder))
    from pnp.render.fonts import load_fonts

    kit = game.spec.build_kit(game.model, load_fonts())
    assert "no card is set aside" in kit.booklet.text
    assert "**Set aside.**" not in kit.booklet.text
    assert game.spec.new_game(game.model).set_aside is False


# ---- the CLI: clear errors, non-zero exits, nothing lost -------------------------------------
def _run(*args):
    return CliRunner().invoke(main, list(args))


def test_build_refuses_an_invalid_kit_and_keeps_the_old_pdf(game_copy, tmp_path):
    folder = game_copy("wuxing")
    out = tmp_path / "kit.pdf"
    good = _run("build", "--game", str(folder), "--out", str(out))
    assert good.exit_code == 0, good.output
    before = out.read_bytes()
    edit_csv(folder / "cards.csv", 5, "generates", "wood")
    bad = _run("build", "--game", str(folder), "--out", str(out))
    assert bad.exit_code == 3
    assert 'cards.csv, row 5, field "generates"' in bad.output
    assert "Error:" in bad.output and "Traceback" not in bad.output
    assert out.read_bytes() == before
    assert not list(tmp_path.glob(".kit.pdf.*"))  # no temporary file left behind
    forced = _run("build", "--game", str(folder), "--out", str(out), "--force")
    assert forced.exit_code == 0 and out.read_bytes() != before


@pytest.mark.parametrize("mutate,message", [
    (lambda f: (f / "cards.csv").write_text("owner,element\nyang,wood\n"),
     'cards.csv, row 1: missing column "destroyed_by"'),
    (lambda f: edit_csv(f / "tokens.csv", 3, "count", "three"),
     'tokens.csv, row 3, field "count": expected a whole number, got \'three\''),
    (lambda f: edit_csv(f / "cards.csv", 4, "element", "aether"),
     'cards.csv, row 4, field "element": unknown element \'aether\''),
    (lambda f: edit_csv(f / "elements.csv", 2, "colour", "greenish"),
     'elements.csv, row 2, field "colour": \'greenish\' is missing from game.toml\'s [palette]'),
    (lambda f: (f / "game.toml").write_text("[game\ntitle='x'"), "game.toml: not valid TOML"),
    (lambda f: (f / "islands.csv").write_bytes("path,position,element\n1,1,b\xe9\n".encode("latin-1")),
     "islands.csv: line 2 is not UTF-8 text"),
    (lambda f: (f / "game.toml").write_text((f / "game.toml").read_text()
                                           + '\n[fonts]\nregular = "../../../etc/passwd"\n'),
     "game.toml, field \"fonts.regular\": path '../../../etc/passwd' leaves the game folder"),
    (lambda f: (f / "game.toml").write_text((f / "game.toml").read_text()
                                           + '\n[fonts]\nregular = "missing.ttf"\n'),
     "game.toml, field \"fonts.regular\": file 'missing.ttf' not found in the game folder"),
    (lambda f: (f / "booklet.md.j2").write_text("# {{ game.titel }}\n"),
     "template uses an unknown name"),
    (lambda f: (f / "booklet.md.j2").write_text("{% for x in %}\n"), "template syntax error"),
    (lambda f: (f / "booklet.md.j2").write_text("{{ ''.__class__.__mro__[1].__subclasses__() }}"),
     "booklet.md.j2: line 1: template tried something the sandbox forbids: access to attribute "
     "'__class__' of 'str' object is unsafe"),
])
def test_bad_input_gives_one_clear_error(game_copy, tmp_path, mutate, message):
    folder = game_copy("wuxing")
    mutate(folder)
    result = _run("build", "--game", str(folder), "--out", str(tmp_path / "x.pdf"))
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_bom_and_crlf_are_read(game_copy, tmp_path):
    folder = game_copy("wuxing")
    raw = (folder / "cards.csv").read_text().replace("\n", "\r\n")
    (folder / "cards.csv").write_bytes("\ufeff".encode() + raw.encode())
    result = _run("validate", "--game", str(folder))
    assert result.exit_code == 0, result.output


def test_list_validate_help_and_version():
    assert "wuxing" in _run("list").output
    assert _run("--version").output.startswith("pnp, version")
    assert "--no-backs" in _run("build", "--help").output
    res = _run("validate", "--game", "wuxing")
    assert res.exit_code == 0 and "matches the rules" in res.output
    unknown = _run("build", "--game", "nosuchgame")
    assert unknown.exit_code == 2 and "unknown game 'nosuchgame'" in unknown.output
    typo = _run("build", "--game", "wuxin")
    assert typo.exit_code == 2 and "unknown game 'wuxin' (did you mean 'wuxing'?)" in typo.output
    shout = _run("build", "--game", "WUXING")
    assert "unknown game 'WUXING' (did you mean 'wuxing'?)" in shout.output


def test_duplicated_column_and_empty_rows(game_copy, tmp_path):
    folder = game_copy("wuxing")
    text = (folder / "pawns.csv").read_text()
    (folder / "pawns.csv").write_text(text.replace("\n", "\n\n\n"))  # blank rows are skipped
    assert _findings(folder) == []
    (folder / "pawns.csv").write_text("owner,path,owner\nyang,1,yin\n")
    res = _run("validate", "--game", str(folder))
    assert res.exit_code == 2
    assert 'error: pawns.csv, row 1: column "owner" appears twice in the header' in res.output


def test_a_board_larger_than_the_paper_is_tiled_with_an_assembly_map(game_copy, tmp_path):
    folder = game_copy("wuxing")
    toml = (folder / "game.toml").read_text().replace('width = "260mm"', 'width = "420mm"')
    (folder / "game.toml").write_text(toml.replace('height = "190mm"', 'height = "297mm"'))
    out = tmp_path / "big.pdf"
    result = build(open_game(str(folder)), out)
    board = [s for s in result.sections if s.title.startswith("Board")][0]
    assert "2 x 2 tiles" in board.how  # A3 on A4 with margins and a 10 mm overlap
    pdf = PdfReader(out)
    tiles = [pdf.pages[i - 1].extract_text() for i in range(board.first, board.last + 1)]
    assert len(tiles) == 4
    for n, text in enumerate(tiles, 1):
        assert f"tile {n} of 4" in text
    assert "10 mm glue margin" in tiles[0]
    assert "/TrimBox" not in pdf.pages[board.first - 1]  # no single-component boxes on tiles


def test_no_backs_keeps_the_backs_that_matter_in_play(tmp_path):
    """Pawns flip to Yin-Yang (W8): with --no-backs they are printed to fold, not dropped."""
    game = open_game("wuxing", cwd=ROOT)
    result = build(game, tmp_path / "nb.pdf", backs=False)
    tokens = [s for s in result.sections if s.title.startswith("Pawns and tokens")][0]
    assert tokens.how.startswith("single-sided; fold on the middle line, glue, cut")
    cards = [s for s in result.sections if s.title.startswith("Element")][0]
    assert cards.how.startswith("single-sided;") and cards.first == cards.last - 1  # 2 sheets
    text = PdfReader(tmp_path / "nb.pdf").pages[tokens.first - 1].extract_text()
    assert "fold" in text


def test_trailing_empty_columns_from_a_spreadsheet_are_ignored(game_copy):
    folder = game_copy("wuxing")
    lines = (folder / "pawns.csv").read_text().splitlines()
    (folder / "pawns.csv").write_text("\n".join([lines[0] + ",,"] + [line + ",," for line in lines[1:]]))
    assert _findings(folder) == []
