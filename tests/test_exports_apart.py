"""Exports keep every deck's files apart, and replace an old export in a way every operating
system allows."""

import os

import pytest
from click.testing import CliRunner

from pnp.cli import main


def _run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture
def two_decks(tmp_path):
    """Two decks of the same cards whose titles make the same file name (Chinese: none of
    their letters is in a slug)."""
    assert _run("new", "deck", "--dir", tmp_path).exit_code == 0
    deck = tmp_path / "deck"
    (deck / "more.csv").write_text((deck / "cards.csv").read_text())
    toml = (deck / "game.toml").read_text()
    toml = toml.replace('name = "card" ', 'name = "卡" ').replace('data = "card"\n',
                                                                 'data = "卡"\n')
    toml = toml.replace("\n[palette]\n", '\n[[component]]\nname = "牌"\ndata = "more.csv"\n'
                        'size = "poker"\nfront = "layouts/card.toml"\nback = "layouts/back.toml"'
                        '\ndefaults = { image = "" }\n\n[palette]\n')
    (deck / "game.toml").write_text(toml)
    return deck


def test_two_decks_png_files_never_overwrite_each_other(two_decks, tmp_path):
    out = tmp_path / "png"
    result = _run("export", "--game", two_decks, "--format", "png", "--out", out, "--dpi", 30)
    assert result.exit_code == 0, result.output
    files = sorted(p.name for p in out.glob("*.png"))
    assert len(files) == 28  # 7 cards a deck, a front and a back each: 14 were lost before
    assert "s-001-sunrise-front.png" in files and "s-2-001-sunrise-front.png" in files


def test_two_decks_for_a_service_go_to_two_folders(two_decks, tmp_path):
    out = tmp_path / "tgc"
    result = _run("export", "--game", two_decks, "--format", "pod", "--service", "tgc",
                  "--out", out)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == ["s", "s-2"]
    assert len(list((out / "s").glob("*.png"))) == len(list((out / "s-2").glob("*.png"))) == 6
    manifest = (out / "manifest.csv").read_text().splitlines()
    assert [line.split(",")[0] for line in manifest[1:]] == ["s"] * 3 + ["s-2"] * 3


def test_a_re_export_never_renames_onto_an_existing_folder(tmp_path, monkeypatch):
    from pnp import output

    rename = os.rename

    def as_windows_does(src, dst):  # refuses any existing destination, even an empty folder
        if os.path.exists(dst):
            raise FileExistsError(183, "Cannot create a file when that file already exists",
                                  str(dst))
        rename(src, dst)
    monkeypatch.setattr(output.os, "rename", as_windows_does)
    target = tmp_path / "out"
    for text in ("first", "second"):
        with output.atomic_folder(target) as staging:
            (staging / "a.txt").write_text(text)
    assert (target / "a.txt").read_text() == "second"
    assert [p.name for p in tmp_path.iterdir()] == ["out"]  # nothing left aside


def test_a_card_titled_in_greek_or_chinese_is_filed_under_its_kind_not_deck(tmp_path):
    assert _run("new", "deck", "--dir", tmp_path).exit_code == 0
    deck = tmp_path / "deck"
    cards = deck / "cards.csv"
    # (no letter has an ASCII form, as in 龍の騎士, and the game's fonts have them)
    cards.write_text(cards.read_text().replace("Sunrise,", "Ωμέγα,"))
    out = tmp_path / "png"
    result = _run("export", "--game", deck, "--format", "png", "--out", out, "--dpi", 30)
    assert result.exit_code == 0, result.output
    files = {p.name for p in out.glob("*.png")}
    # three copies, each its number; no letter of its title has an ASCII form
    assert {"cards-001-card-front.png", "cards-003-card-back.png",
            "cards-004-growth-front.png"} <= files
    assert not [f for f in files if "-deck-" in f]
    result = _run("export", "--game", deck, "--format", "pod", "--service", "tgc", "--out",
                  tmp_path / "tgc")
    assert result.exit_code == 0, result.output
    named = {p.name for p in (tmp_path / "tgc").rglob("*.png")}
    assert "001-card-front.png" in named and "002-growth-front.png" in named
