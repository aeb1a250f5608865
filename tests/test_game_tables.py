"""game.toml's tables and their keys (pnp/data/tables.py): a table, a key or a variant's table
written wrong is an error naming the file, the field and the close name. Each used to be
ignored: `[print] papper = "a3"` printed on A4, `"player.csv" = ...` under a variant's files
printed the colour players in the black-and-white kit."""

import re

import pytest

from helpers import refused
from click.testing import CliRunner

from pnp.cli import main
from pnp.data.tables import COMMON, merged
from pnp.games.registry import get
from pnp.project import open_game, validate


def _said(folder, variant=None):
    return [str(f) for f in validate(open_game(str(folder), variant=variant))]


def _edit(folder, old, new):
    toml = folder / "game.toml"
    text = toml.read_text(encoding="utf-8")
    assert re.search(old, text, re.M), old
    toml.write_text(re.sub(old, new, text, count=1, flags=re.M), encoding="utf-8")


@pytest.mark.parametrize("game", ["wuxing", "experior", "legolas", "experior-data"])
def test_the_shipped_games_use_only_known_tables_and_keys(game_copy, game):
    said = _said(game_copy(game))
    assert not [s for s in said if "has no table" in s or "has no key" in s], said


@pytest.mark.parametrize("old,new,message", [
    (r"^\[game\]$", "[game]\nfoo = 1",
     "error: game.toml, field \"game.foo\": [game] has no key 'foo'; it takes: ages, credits, "
     "designer, duration, engine, players, title, version"),
    (r"\Z", "\n[print]\npapper = \"a3\"\n",
     "error: game.toml, field \"print.papper\": [print] has no key 'papper' (did you mean "
     "'paper'?); it takes: paper"),
    (r"^\[tokens\]$", "[tokens]\ndiamater = \"20mm\"",
     "error: game.toml, field \"tokens.diamater\": [tokens] has no key 'diamater' (did you "
     "mean 'diameter'?); it takes: diameter"),
    (r"^\[palette\]$", "[palete]\nx = \"#000000\"\n[palette]",
     "error: game.toml, field \"palete\": game.toml has no table [palete] (did you mean "
     "'palette'?); it takes: "),
    (r"^\[variants\.bw\.files\]$", "[variants.bw.filez]",
     "error: game.toml, field \"variants.bw.filez\": a variant has no table "
     "[variants.bw.filez] (did you mean 'files'?); it changes elements, files, component, "
     "palette or a table of the game"),
])
def test_a_misspelt_table_or_key_is_an_error_with_the_close_name(game_copy, old, new, message):
    folder = game_copy("legolas")
    _edit(folder, old, new)
    said = _said(folder)
    assert any(s.startswith(message) for s in said), said
    result = CliRunner().invoke(main, ["build", "--game", str(folder), "--out",
                                       str(folder / "x.pdf")])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert not (folder / "x.pdf").exists()


@pytest.mark.parametrize("game,table,written", [
    ("legolas", "palette", "palete"), ("wuxing", "palette", "palete"),
    ("wuxing", "game", "gmae"), ("experior", "board", "bord"), ("experior-data", "game", "gmae"),
])
def test_a_misspelt_required_table_is_the_error_not_what_its_absence_breaks(
        game_copy, game, table, written):
    folder = game_copy(game)
    _edit(folder, rf"^\[{table}\]", f"[{written}]")
    result = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert result.output.startswith(
        f"Error: game.toml, field \"{written}\": game.toml has no table [{written}] (did you "
        f"mean '{table}'?); it takes: "), result.output
    assert f"[{table}]" in result.output.split("it takes: ")[1], result.output


def test_a_misspelt_game_table_lists_the_tables_game_toml_takes(tmp_path):
    """`[gmae]` in a new deck named [game] but not the tables it takes, as every other
    table or key written wrong does (a fresh-user trial)."""
    folder = _new_deck(tmp_path)
    _edit(folder, r"^\[game\]$", "[gmae]")
    for command in (["validate"], ["build", "--out", str(tmp_path / "g.pdf")]):
        result = CliRunner().invoke(main, [*command, "--game", str(folder)])
        assert result.exit_code == 2, result.output
        assert result.output == (
            "Error: game.toml, field \"gmae\": game.toml has no table [gmae] (did you mean "
            "'game'?); it takes: [back], [booklet], [card], [check], [colour_words], "
            "[component], [cut], [distinct], [fonts], [game], [layout], [layouts], [options], "
            "[palette], [print], [shown], [variants]\n"), result.output


def test_a_game_s_own_table_is_known_only_to_that_game(game_copy):
    folder = game_copy("wuxing")
    _edit(folder, r"\Z", "\n[suits]\nbrute = \"physical\"\n")   # Legolas's table
    assert any(s.startswith("error: game.toml, field \"suits\": game.toml has no table "
                            "[suits]") for s in _said(folder))


def test_a_variant_s_file_it_replaces_must_be_in_the_folder(game_copy):
    folder = game_copy("legolas")
    _edit(folder, r'^"players.csv" =', '"player.csv" =')
    exc = refused(str(folder), variant="bw")
    assert exc.value.field == "variants.bw.files.player.csv"
    assert exc.value.message == ("[variants.bw.files] reads 'players-bw.csv' in place of "
                                 "'player.csv', but 'player.csv' is not in the game folder (did "
                                 "you mean 'players.csv'?)")


def test_a_missing_file_a_variant_reads_is_not_taken_for_the_one_it_replaces(game_copy):
    # (a fresh-user trial: a missing players-bw.csv was "did you mean 'players.csv'?", the
    # very file the variant reads it in place of)
    folder = game_copy("legolas")
    (folder / "players-bw.csv").unlink()
    exc = refused(str(folder))
    assert exc.value.field == "variants.bw.files.players.csv"
    assert exc.value.message == ("[variants.bw.files] reads 'players-bw.csv' in place of "
                                 "'players.csv', but 'players-bw.csv' is not in the game folder")
    (folder / "players_bw.csv").write_text((folder / "players.csv").read_text())
    refused(str(folder)).match(r"is not in the game folder \(did you mean "
                                        r"'players_bw.csv'\?\)$")


def test_a_folder_a_variant_reads_in_place_of_a_file_is_named_as_a_folder(game_copy):
    folder = game_copy("legolas")
    _edit(folder, r'^"players.csv" = "players-bw.csv"', '"players.csv" = "layouts"')
    exc = refused(str(folder))
    assert exc.value.message == ("[variants.bw.files] reads 'layouts' in place of "
                                 "'players.csv', but 'layouts' is a folder, not a file")


def test_a_table_a_variant_reads_is_read_on_a_plain_open(game_copy):
    # (a fresh-user trial: a malformed players-bw.csv passed a plain validate)
    folder = game_copy("legolas")
    bw = folder / "players-bw.csv"
    lines = bw.read_text().splitlines(keepends=True)
    bw.write_text(lines[0] + '"' + "".join(lines[1:]))
    exc = refused(str(folder))
    assert (exc.value.path.name, exc.value.row) == ("players-bw.csv", 2), exc.value
    assert "quote opened in the row at line 2 is never closed" in exc.value.message
    _edit(folder, r'^"players.csv" = "players-bw.csv"', '"players.csv" = "game.toml"')
    exc = refused(str(folder))
    exc.match("'game.toml' is not a table of rows")
    assert exc.value.field == "variants.bw.files.players.csv"


def test_a_game_package_without_tables_of_its_own_may_read_others():
    assert merged(None) is None          # its tables: not checked, its keys of pnp's still are
    assert merged({"board": frozenset({"x"})})["board"] == frozenset({"x"})
    assert merged({"print": frozenset({"like"})})["print"] == COMMON["print"] | {"like"}
    assert get("rules").tables()["markers"] == frozenset({"diameter"})  # printed like Experior


def _new_deck(tmp_path):
    result = CliRunner().invoke(main, ["new", "g", "--dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    return tmp_path / "g"


def test_a_component_s_blank_data_is_named_not_read_as_a_board(tmp_path):
    folder = _new_deck(tmp_path)
    _edit(folder, r'^data = "cards.csv"', 'data = ""')
    exc = refused(str(folder))
    assert exc.value.field == '[[component]] "card".data' and "leave it out for a component without rows" \
        in exc.value.message


def test_a_game_without_components_says_so(tmp_path):
    folder = _new_deck(tmp_path)
    toml = folder / "game.toml"
    toml.write_text(re.sub(r"(?ms)^\[\[(component|check)\]\].*?(?=^\[[a-z]|\Z)", "",
                           toml.read_text(encoding="utf-8")), encoding="utf-8")
    exc = refused(str(folder))
    assert exc.value.field == "component" and "the game has no [[component]]" in exc.value.message


def _new_game(tmp_path):
    CliRunner().invoke(main, ["new", "mine", "--dir", str(tmp_path)])
    return tmp_path / "mine"


@pytest.mark.parametrize("game,old,new,message", [
    ("new", r"^front = ", "frnt = ", "game.toml, field \"component[1].frnt\": "
     "[[component]] has no setting 'frnt' (did you mean 'front'?); it takes: "),
    ("new", r"^column = ", "colum = ", "game.toml, field \"check[1].colum\": [[check]] "
     "has no setting 'colum' (did you mean 'column'?); it takes: "),
    ("wuxing", r"^pawn_back = ", "pawn_bak = ", "game.toml, field \"layouts.pawn_bak\": "
     "[layouts] has no face 'pawn_bak' (did you mean 'pawn_back'?); it takes: "),
    ("wuxing", r"\Z", "\n[fonts]\nbolt = \"Helvetica\"\n", "game.toml, field "
     "\"fonts.bolt\": unknown font role 'bolt' (did you mean 'bold'?); use one of "),
    ("wuxing", r"^\[layouts\]", "[layout]", "game.toml, field \"layout.element\": "
     "[layout] has no key 'element' (did you mean [layouts]? the faces' layout files go "
     "there); it takes: language, safe"),
])
def test_a_misspelt_key_names_the_close_one(game_copy, tmp_path, game, old, new, message):
    folder = _new_game(tmp_path) if game == "new" else game_copy(game)
    _edit(folder, old, new)
    result = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert message in result.output, result.output


@pytest.mark.parametrize("file,hint", [("cards.csv", True), ("game.toml", False)])
def test_only_a_csv_file_not_utf8_is_told_of_a_spreadsheet_s_csv_utf8(game_copy, file, hint):
    folder = game_copy("wuxing")
    with open(folder / file, "ab") as out:
        out.write(b"\xff\n")
    result = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert result.exit_code != 0 and f"{file}: line " in result.output, result.output
    assert ("(in a spreadsheet: 'CSV UTF-8')" in result.output) == hint, result.output
