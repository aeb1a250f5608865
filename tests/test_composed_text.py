"""Accents kept decomposed (NFD: an e and a combining acute, as a Mac's files and some editors
keep text) printed as two glyphs, the accent beside or over the wrong letter: pnp composes all
text it reads (NFC), and a file named one way on disk is found when the data names it the other
(a folder copied from a Mac to Linux keeps its names decomposed)."""

import unicodedata

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from helpers import edit_csv
from pnp.cli import main
from pnp.project import check, open_game
from pnp.scaffold import new_game

NFD = unicodedata.normalize("NFD", "Élan café")


def _texts(pdf) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(pdf).pages)


@pytest.fixture
def deck(tmp_path):
    return new_game("nfd", tmp_path)


def _build(deck, tmp_path):
    out = tmp_path / "kit.pdf"
    res = CliRunner().invoke(main, ["build", "--game", str(deck), "--out", str(out)])
    assert res.exit_code == 0, res.output
    return out


def test_a_csv_cell_with_decomposed_accents_prints_them_composed(deck, tmp_path):
    assert len(NFD) == 11  # two combining accents
    edit_csv(deck / "cards.csv", 2, "title", NFD)
    texts = _texts(_build(deck, tmp_path))
    assert "Élan café" in texts and "\u0301" not in texts


def test_a_sheet_cell_and_the_booklet_with_decomposed_accents_print_them_composed(deck,
                                                                                tmp_path):
    import csv

    from xlsxmaker import write_xlsx

    rows = list(csv.reader((deck / "cards.csv").open(encoding="utf-8")))
    rows[1][0] = NFD
    write_xlsx(deck / "cards.xlsx", {"Cards": rows})
    toml = deck / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('"cards.csv"', '"cards.xlsx"'),
                    encoding="utf-8")
    booklet = deck / "booklet.md.j2"
    booklet.write_text(booklet.read_text(encoding="utf-8") + f"\n\nRésumé: {NFD}.\n",
                       encoding="utf-8")
    texts = _texts(_build(deck, tmp_path))
    assert texts.count("Élan café") >= 2 and "\u0301" not in texts, texts


@pytest.mark.parametrize("on_disk,in_data", [("NFD", "NFC"), ("NFC", "NFD")])
def test_a_picture_is_found_however_its_accented_name_is_stored(deck, tmp_path, on_disk,
                                                                in_data):
    name = "café.png"
    Image.new("RGB", (900, 600), (200, 30, 30)).save(
        deck / unicodedata.normalize(on_disk, name), dpi=(300, 300))
    cards = deck / "cards.csv"
    lines = cards.read_text(encoding="utf-8").splitlines()
    cards.write_text("\n".join([lines[0] + ",image", lines[1] + ","
                                + unicodedata.normalize(in_data, name)]) + "\n", encoding="utf-8")
    assert [str(f) for f in check(open_game(str(deck)))] == []
    assert len(PdfReader(_build(deck, tmp_path)).pages[4].images) == 1  # (the card's sheet)
