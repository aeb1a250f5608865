"""Reading rows of card data from CSV files and sheets, found by a fresh-user trial: each
mistake is an error naming the file, row and column (exit 2), never a value read wrong in
silence nor Python's own wording."""

import os
import sys
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers import ROOT
from pnp.cli import main
from pnp.data.sheets import read_table
from pnp.errors import DataError, Source
from pnp.scaffold import new_game

sys.path.insert(0, str(ROOT / "tests"))
import xlsxmaker  # noqa: E402

HEADER = ["title", "text", "colour", "count"]


def _read(folder: Path, ref: str):
    return read_table(folder, ref, Source(folder / "game.toml"), "data")


def _refusal(folder: Path, ref: str) -> str:
    with pytest.raises(DataError) as raised:
        _read(folder, ref)
    return str(raised.value)


@pytest.fixture
def deck(tmp_path):
    return new_game("rows", tmp_path)


def _use(deck: Path, data: str) -> None:
    toml = deck / "game.toml"
    text = toml.read_text(encoding="utf-8")
    assert 'data = "cards.csv"' in text
    toml.write_text(text.replace('data = "cards.csv"', f'data = "{data}"', 1), encoding="utf-8")


def _build(deck: Path, tmp_path: Path):
    return CliRunner().invoke(main, ["build", "--game", str(deck), "--out",
                                     str(tmp_path / "out.pdf")])


def test_a_formula_openpyxl_wrote_without_a_saved_value_is_refused(deck, tmp_path):
    # openpyxl writes a formula with an empty <v/>: calamine reads it as an empty cell, so
    # `=1+1` copies printed once and a text formula printed nothing
    xlsxmaker.write_xlsx(deck / "cards.xlsx", {"Cards": [
        HEADER, ["Growth", "Gain", "leaf", ("=1+1", ...)]]})
    sheet = zipfile.ZipFile(deck / "cards.xlsx").read("xl/worksheets/sheet1.xml")
    assert b"<f>1+1</f><v/>" in sheet
    _use(deck, "cards.xlsx")
    result = _build(deck, tmp_path)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert ('cards.xlsx [sheet Cards], row 2, field "count": the cell has the formula =1+1 but '
            "no calculated value" in result.output), result.output
    xlsxmaker.write_xlsx(deck / "cards.xlsx", {"Cards": [
        HEADER, ["Growth", ('="Ga"&"in"', ...), "leaf", 2]]})
    assert ('row 2, field "text": the cell has the formula ="Ga"&"in" but no calculated value'
            in _refusal(deck, "cards.xlsx"))


def test_a_formula_with_a_saved_value_or_an_empty_text_result_reads(tmp_path):
    xlsxmaker.write_xlsx(tmp_path / "cards.xlsx", {"Cards": [
        HEADER, ["Growth", ('=IF(1,"","x")', ""), "leaf", ("=1+1", 2)]]})
    (row,) = _read(tmp_path, "cards.xlsx").rows
    assert (row["text"], row["count"]) == ("", 2)


def test_a_shared_formula_without_a_saved_value_is_refused(tmp_path):
    xlsxmaker.write_xlsx(tmp_path / "cards.xlsx", {"Cards": [HEADER, ["Growth", "Gain", "leaf",
                                                                      ("=1+1", 2)]]})
    _patched(tmp_path / "cards.xlsx", "<f>1+1</f><v>2</v>", '<f t="shared" si="0"/>')
    assert "no calculated value" in _refusal(tmp_path, "cards.xlsx")


def _patched(path: Path, old: str, new: str, member: str = "xl/worksheets/sheet1.xml") -> None:
    with zipfile.ZipFile(path) as z:
        parts = {i.filename: z.read(i) for i in z.infolist()}
    assert old.encode() in parts[member]
    parts[member] = parts[member].replace(old.encode(), new.encode())
    with zipfile.ZipFile(path, "w") as z:
        for name, data in parts.items():
            z.writestr(name, data)


@pytest.mark.parametrize("suffix,write", [("xlsx", xlsxmaker.write_xlsx),
                                          ("ods", xlsxmaker.write_ods)])
def test_a_cell_right_of_the_header_names_its_row_and_column(tmp_path, suffix, write):
    write(tmp_path / f"m.{suffix}", {"Cards": [HEADER, ["Sunrise", "Draw.", "sun", 3],
                                              ["Growth", "Gain.", "leaf", 2, "oops"]]})
    assert _refusal(tmp_path, f"m.{suffix}") == (
        f"m.{suffix} [sheet Cards], row 3: the cell in column E is outside the header's "
        "columns (the header has 4); name its column in row 1, or clear the cell")


def test_a_stray_cell_far_right_and_below_is_named_where_it_is(tmp_path):
    rows = [HEADER, ["Sunrise", "Draw.", "sun", 3]] + [[] for _ in range(97)]
    rows.append([""] * 701 + ["stray"])      # ZZ100
    xlsxmaker.write_xlsx(tmp_path / "m.xlsx", {"Cards": rows})
    assert _refusal(tmp_path, "m.xlsx") == (
        "m.xlsx [sheet Cards], row 100: the cell in column ZZ is outside the header's columns "
        "(the header has 4); name its column in row 1, or clear the cell")


def test_a_sheet_column_without_a_name_is_still_the_headers_fault(tmp_path):
    xlsxmaker.write_xlsx(tmp_path / "m.xlsx", {"Cards": [["title", "", "count"],
                                                         ["Sunrise", "Draw.", 3]]})
    assert _refusal(tmp_path, "m.xlsx") == (
        "m.xlsx [sheet Cards], row 1: a column has no name in the header row")


def test_a_csv_row_longer_than_its_header_says_so(tmp_path):
    (tmp_path / "cards.csv").write_text("title,text,colour,count\nA,b,sun,1\nB,c,d,sun,2\n",
                                        encoding="utf-8")
    assert _refusal(tmp_path, "cards.csv") == (
        "cards.csv, row 3: row has 5 cells but the header has 4; is there an unquoted comma?")


def test_an_empty_header_row_above_the_rows_is_named(tmp_path):
    xlsxmaker.write_xlsx(tmp_path / "m.xlsx", {"Cards": [[], HEADER, ["Sunrise", "Draw.", "sun",
                                                                      3]]})
    (tmp_path / "cards.csv").write_text("\ntitle,count\nA,1\n", encoding="utf-8")
    for ref, shown in (("m.xlsx", "m.xlsx [sheet Cards]"), ("cards.csv", "cards.csv")):
        assert _refusal(tmp_path, ref) == (
            f"{shown}, row 1: the header row is empty; the first row names the columns")


@pytest.mark.parametrize("cell", ["x" * 131_073, '"' + "y, " * 50_000 + '"'])
def test_a_csv_cell_over_the_limit_is_said_plainly_naming_its_column(tmp_path, cell):
    (tmp_path / "cards.csv").write_text(f'title,text,count\nA,"a, b",1\nB,{cell},2\n',
                                        encoding="utf-8")
    assert _refusal(tmp_path, "cards.csv") == (
        'cards.csv, row 3, field "text": a cell longer than 128 KB (131,072 characters); card '
        "text this long cannot print")


def test_a_csv_header_cell_over_the_limit_is_named_as_the_headers_column(tmp_path):
    # it was "row 1: a cell longer than 128 KB; card text this long cannot print", no column
    (tmp_path / "cards.csv").write_text("title," + "t" * 140_000 + "\nA,1\n", encoding="utf-8")
    assert _refusal(tmp_path, "cards.csv") == (
        "cards.csv, row 1: the name of the header's column 2 (B) is longer than 128 KB "
        "(131,072 characters); the header row names the columns")


def test_a_count_cell_over_the_limit_gets_the_counts_message_not_card_texts(tmp_path):
    (tmp_path / "cards.csv").write_text("title,text,count\nA,b," + "9" * 140_000 + "\n",
                                        encoding="utf-8")
    assert _refusal(tmp_path, "cards.csv") == (
        'cards.csv, row 2, field "count": expected a whole number, got a cell longer than '
        "128 KB (131,072 characters)")


def test_an_unclosed_quote_that_takes_in_over_128_kb_is_said_as_the_unclosed_quote(tmp_path):
    # it was "row 2: a cell longer than 128 KB": no column, and not the quote that caused it
    rows = "Growth,Gain,leaf,2\n" * 9000
    (tmp_path / "cards.csv").write_text(f'title,text,colour,count\nA,"Draw,sun,3\n{rows}',
                                        encoding="utf-8")
    assert _refusal(tmp_path, "cards.csv") == (
        'cards.csv, row 2, field "text": malformed CSV: the quote opened in the row at line 2 '
        "is never closed")
    (tmp_path / "cards.csv").write_text(f'title,text,colour,count\nA,"Draw,sun,3\n{rows}'
                                        'B,c",sun,1\n', encoding="utf-8")
    assert _refusal(tmp_path, "cards.csv") == (
        'cards.csv, row 2, field "text": malformed CSV: the quote opened in the row at line 2 '
        "closes only at line 9003, making a cell longer than 128 KB; is a closing quote "
        "missing?")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
def test_a_utf16_csv_is_named_as_utf16_with_how_to_save_it_as_utf8(tmp_path, encoding):
    data = "title,count\nSunrise,3\n".encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data
    (tmp_path / "cards.csv").write_bytes(data)
    assert _refusal(tmp_path, "cards.csv") == (
        "cards.csv: the file is UTF-16 text (what Excel saves as 'Unicode Text'); save it as "
        "UTF-8 (in a spreadsheet, 'CSV UTF-8')")


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("rows", ["Sunrise,3\n", "Café,3\nÉté,2\n"])
def test_a_utf16_csv_without_a_byte_order_mark_is_named_as_utf16(tmp_path, encoding, rows):
    # ASCII text read as UTF-8 with NULs between ("is it a spreadsheet?"); an accent as a
    # byte that is not UTF-8
    (tmp_path / "cards.csv").write_bytes(f"title,count\n{rows}".encode(encoding))
    assert _refusal(tmp_path, "cards.csv") == (
        "cards.csv: the file is UTF-16 text (what Excel saves as 'Unicode Text'); save it as "
        "UTF-8 (in a spreadsheet, 'CSV UTF-8')")


def test_nul_bytes_that_are_not_utf16_are_still_said_as_nul_bytes(tmp_path):
    (tmp_path / "cards.csv").write_bytes(b"title,count\nSunrise,3\n\x00\x00\x00\n")
    assert _refusal(tmp_path, "cards.csv") == (
        "cards.csv: file contains NUL bytes; is it a spreadsheet (.xlsx) rather than CSV or "
        "text?")


def test_a_utf16_text_file_is_named_as_utf16(tmp_path):
    from pnp.data.files import read_text

    (tmp_path / "rules.toml").write_bytes("[game]\n".encode("utf-16"))
    with pytest.raises(DataError) as raised:
        read_text(tmp_path / "rules.toml")
    assert raised.value.message == ("the file is UTF-16 text; save it as UTF-8 (a text "
                                    "editor's encoding)")


def test_a_count_column_beside_a_qty_column_is_a_warning_naming_both(deck, tmp_path):
    from pnp.project import check, open_game

    csv = deck / "cards.csv"
    lines = csv.read_text(encoding="utf-8").splitlines()
    csv.write_text("\n".join([lines[0] + ",qty"] + [f"{line},5" for line in lines[1:]]) + "\n",
                   encoding="utf-8")
    found = [str(f) for f in check(open_game(str(deck)))]
    assert ("warning: game.toml, [[component]] \"card\", field \"count\": cards.csv has 2 columns of "
            "copies, 'count' and 'qty': each row prints 'count' copies and 'qty' is not read; "
            "to read 'qty', name it in game.toml: count = \"qty\"") in found, found
    toml = deck / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'data = "cards.csv"', 'data = "cards.csv"\ncount = "count"', 1), encoding="utf-8")
    assert not any("columns of copies" in str(f) for f in check(open_game(str(deck))))


def test_a_huge_whole_number_in_a_sheet_prints_as_the_double_it_is_not_its_noise(tmp_path):
    from pnp.data.layouts.values import to_text

    xlsxmaker.write_xlsx(tmp_path / "m.xlsx", {"Cards": [
        ["title", "big", "small", "edge"],
        ["A", 123456789012345678901234567890, 3, 2 ** 53]]})
    (row,) = _read(tmp_path, "m.xlsx").rows
    assert (to_text(row["big"]), str(row["big"])) == ("1.2345678901234568e+29",) * 2
    assert (row["small"], row["edge"]) == (3, 2 ** 53)
    assert type(row["small"]) is int and to_text(3.0) == "3"


@pytest.mark.parametrize("suffix,write,cell", [("xlsx", xlsxmaker.write_xlsx, ...),
                                               ("xlsx", xlsxmaker.write_xlsx, None),
                                               ("ods", xlsxmaker.write_ods, None)])
def test_a_header_formula_without_a_saved_value_names_the_cell_and_formula(
        tmp_path, suffix, write, cell):
    # it read as a blank name: "a column has no name in the header row", its cause unsaid
    write(tmp_path / f"m.{suffix}", {"Cards": [[('=UPPER("title")', cell)] + HEADER[1:],
                                              ["Sunrise", "Draw.", "sun", 3]]})
    assert _refusal(tmp_path, f"m.{suffix}") == (
        f'm.{suffix} [sheet Cards], row 1: the cell A1 has the formula =UPPER("title") but no '
        "calculated value; open and save the file in a spreadsheet program, which stores the "
        "result")


def test_a_header_formula_right_of_the_names_is_refused_too(tmp_path):
    # a blank right of the last name ends the header: the formula went unseen
    xlsxmaker.write_xlsx(tmp_path / "m.xlsx", {"Cards": [HEADER + [("=1+1", ...)],
                                                         ["Sunrise", "Draw.", "sun", 3]]})
    assert "row 1: the cell E1 has the formula =1+1 but no calculated value" in _refusal(
        tmp_path, "m.xlsx")


@pytest.mark.parametrize("suffix,write", [("xlsx", xlsxmaker.write_xlsx),
                                          ("ods", xlsxmaker.write_ods)])
def test_a_formula_right_of_the_header_is_refused_as_a_value_there_is(deck, tmp_path, suffix,
                                                                        write):
    # it read as blank and passed (exit 0), where a plain value there is refused
    write(deck / f"cards.{suffix}", {"Cards": [
        HEADER, ["Sunrise", "Draw.", "sun", 3], ["Growth", "Gain.", "leaf", 2, "", ("=1+1", None)]]})
    _use(deck, f"cards.{suffix}")
    result = _build(deck, tmp_path)
    assert result.exit_code == 2, result.output
    assert (f"cards.{suffix} [sheet Cards], row 3: the cell in column F is outside the header's "
            "columns (the header has 4); name its column in row 1, or clear the cell"
            in result.output), result.output


@pytest.mark.parametrize("suffix,write", [("xlsx", xlsxmaker.write_xlsx),
                                          ("ods", xlsxmaker.write_ods)])
def test_a_sheet_cell_over_the_csv_limit_is_refused_as_a_csv_cell_is(deck, tmp_path, suffix,
                                                                      write):
    # a 200,000-character title reached the booklet: "booklet.md.j2: the paragraph ..."
    write(deck / f"cards.{suffix}", {"Cards": [HEADER, ["Sunrise", "Draw.", "sun", 3],
                                              ["Ẫ" * 200_000, "Draw.", "sun", 3]]})
    _use(deck, f"cards.{suffix}")
    result = _build(deck, tmp_path)
    assert result.exit_code == 2, result.output
    assert result.output.strip() == (
        f'Error: cards.{suffix} [sheet Cards], row 3, field "title": a cell longer than 128 KB '
        "(131,072 characters); card text this long cannot print"), result.output


def test_a_sheet_header_or_count_cell_over_the_limit_is_worded_as_in_a_csv(tmp_path):
    xlsxmaker.write_xlsx(tmp_path / "h.xlsx", {"Cards": [["title", "t" * 140_000],
                                                         ["Sunrise", "Draw."]]})
    assert _refusal(tmp_path, "h.xlsx") == (
        "h.xlsx [sheet Cards], row 1: the name of the header's column 2 (B) is longer than "
        "128 KB (131,072 characters); the header row names the columns")
    xlsxmaker.write_xlsx(tmp_path / "c.xlsx", {"Cards": [HEADER, ["A", "b", "sun", "9" * 140_000]]})
    assert _refusal(tmp_path, "c.xlsx") == (
        'c.xlsx [sheet Cards], row 2, field "count": expected a whole number, got a cell '
        "longer than 128 KB (131,072 characters)")


@pytest.mark.parametrize("encoding", ["utf-32", "utf-32-le", "utf-32-be"])
def test_a_utf32_csv_is_named_as_utf32_not_utf16(tmp_path, encoding):
    # with or without its byte order mark (whose first two bytes are UTF-16's)
    (tmp_path / "cards.csv").write_bytes("title,count\nSunrise,3\n".encode(encoding))
    assert _refusal(tmp_path, "cards.csv") == (
        "cards.csv: the file is UTF-32 text; save it as UTF-8 (in a spreadsheet, 'CSV UTF-8')")


@pytest.mark.parametrize("data, said", [
    ("layouts", "'layouts' is a folder, not a data file: name a CSV file or a spreadsheet in it"),
    ("tables/", "'tables/' is a folder, not a data file: name a CSV file or a spreadsheet in it "
                "such as 'tables/cards.csv'")])
def test_data_naming_a_folder_says_it_is_a_folder(deck, tmp_path, data, said):
    # it said "file 'layouts' not found in the game folder": the reader looked for a typo
    (deck / "tables").mkdir()
    (deck / "tables" / "cards.csv").write_text("title,count\nSunrise,3\n", encoding="utf-8")
    _use(deck, data)
    res = _build(deck, tmp_path)
    assert res.exit_code == 2, res.output
    assert res.output.strip() == f'Error: game.toml, [[component]] "card", field "data": {said}'


@pytest.mark.parametrize("data, said", [
    ("Cards.csv", "file 'Cards.csv' not found in the game folder (its name differs in case from "
                  "'cards.csv', which a Mac or Windows would find and Linux would not: write "
                  "the name as the file has it)"),
    ("card.csv", "file 'card.csv' not found in the game folder (did you mean 'cards.csv'?)"),
    ("pipe.csv", "file 'pipe.csv' is not a plain file (a pipe or a device?): pnp reads files "
                 "alone")])
def test_a_data_file_not_there_names_the_one_meant(deck, tmp_path, data, said):
    # a name differing in case alone, or a pipe, said "not found": the designer looks for a typo
    os.mkfifo(deck / "pipe.csv")
    _use(deck, data)
    res = _build(deck, tmp_path)
    assert res.exit_code == 2, res.output
    assert res.output.strip() == f'Error: game.toml, [[component]] "card", field "data": {said}'


@pytest.mark.parametrize("given, folder", [("game.toml", "."), ("rows/cards.csv", "rows")])
def test_a_game_given_by_one_of_its_files_is_sent_to_its_folder(deck, given, folder, monkeypatch):
    monkeypatch.chdir(deck.parent if "/" in given else deck)
    res = CliRunner().invoke(main, ["validate", "--game", given])
    assert res.exit_code == 2, res.output
    assert res.output.strip() == f"Error: {given!r} is a file: give the game's folder, {folder!r}"


def test_a_missing_data_file_is_offered_a_table_not_a_picture(deck, tmp_path):
    (deck / "unit.png").write_bytes(b"")
    _use(deck, "units.csv")
    res = _build(deck, tmp_path)
    assert res.exit_code == 2 and "did you mean" not in res.output, res.output
    (deck / "units.xlsx").write_bytes(b"")
    res = _build(deck, tmp_path)
    assert res.output.strip().endswith("(did you mean 'units.xlsx'?)"), res.output


def test_a_data_file_moved_into_a_folder_is_found_there(deck, tmp_path):
    (deck / "data").mkdir()
    (deck / "cards.csv").rename(deck / "data" / "cards.csv")
    res = _build(deck, tmp_path)
    assert res.exit_code == 2, res.output
    assert res.output.strip().endswith("file 'cards.csv' not found in the game folder (did you "
                                       "mean 'data/cards.csv'?)"), res.output


def test_a_layout_file_that_is_a_pipe_says_so(deck, tmp_path):
    (deck / "layouts" / "back.toml").unlink()
    os.mkfifo(deck / "layouts" / "back.toml")
    res = _build(deck, tmp_path)
    assert res.exit_code == 2, res.output
    assert res.output.strip() == ('Error: game.toml, [[component]] "card", field "back": layout '
                                  "file 'layouts/back.toml' is not a plain file (a pipe or a "
                                  "device?): pnp reads files alone")


def test_a_file_of_no_game_is_not_sent_to_its_folder(tmp_path, monkeypatch):
    (tmp_path / "notes.txt").write_text("x\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(main, ["validate", "--game", "notes.txt"])
    assert res.exit_code == 2, res.output
    assert res.output.strip() == ("Error: 'notes.txt' is a file: give a game's folder (one "
                                  "holding game.toml)")


def test_a_font_file_that_is_a_folder_says_so(deck, tmp_path):
    (deck / "odd.ttf").mkdir()
    toml = deck / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + '\n[fonts]\nregular = "odd.ttf"\n',
                    encoding="utf-8")
    res = _build(deck, tmp_path)
    assert res.exit_code == 2, res.output
    assert "field \"fonts.regular\": file 'odd.ttf' is a folder, not a file" in res.output
