"""Validation never crashes and reports everything: every data error is a finding naming its
file, row and field; one run reports them all; faces are only drawn from data that loaded
cleanly; `build --force` prints or refuses in one line, never a traceback."""

import csv
import io
import shutil

import pytest
from click.testing import CliRunner

from helpers import ROOT
from pnp.cli import main
from pnp.errors import PnpError
from pnp.project import build, check, drawable, errors_in, open_game, validate


def drop_row(path, first_cell: str) -> None:
    """Delete the data row whose first cell is `first_cell`."""
    rows = list(csv.reader(path.read_text(encoding="utf-8").splitlines()))
    kept = [r for r in rows if not r or r[0] != first_cell]
    assert len(kept) == len(rows) - 1
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(kept)
    path.write_text(buf.getvalue(), encoding="utf-8")


NEEDED = [
    ("wuxing", "elements.csv", "water",
     'error: elements.csv, field "element": the rules need a row for the element \'water\''),
    ("experior", "sides.csv", "elf",
     'error: sides.csv, field "side": the rules need a row for the side \'elf\''),
    ("experior", "attacks.csv", "magic",
     'error: attacks.csv, field "type": the rules need a row for the attack type \'magic\''),
    ("experior", "modalities.csv", "quick",
     'error: modalities.csv, field "modality": the rules need a row for the modality \'quick\''),
]


@pytest.mark.parametrize("game, name, key, message", NEEDED)
def test_a_deleted_row_the_rules_need_is_a_finding_not_a_crash(game_copy, tmp_path, game, name,
                                                               key, message):
    folder = game_copy(game)
    drop_row(folder / name, key)
    opened = open_game(str(folder))
    assert not drawable(opened)
    assert message in [str(f) for f in validate(opened)]
    assert message in [str(f) for f in check(opened)]
    runner = CliRunner()
    res = runner.invoke(main, ["validate", "--game", str(folder)])
    assert res.exit_code == 2 and res.exception is None or isinstance(res.exception, SystemExit)
    assert message in res.output and "Traceback" not in res.output
    out = tmp_path / "kit.pdf"
    res = runner.invoke(main, ["build", "--game", str(folder), "--force", "-o", str(out)])
    assert res.exit_code == 2 and "Traceback" not in res.output
    lines = res.output.strip().splitlines()
    assert message in lines
    assert lines[-1].startswith("Error: ") and lines[-1].endswith(
        "nothing was printed, even with --force: the kit cannot be drawn from layouts with "
        "mistakes nor from data with "
        "missing or unreadable rows")
    assert [line for line in lines if line.startswith("Error")] == [lines[-1]]
    assert not out.exists()


def test_one_run_reports_every_problem_in_every_file(game_copy):
    folder = game_copy("wuxing")
    text = (folder / "tokens.csv").read_text().replace("generating,Red link token,3",
                                                      "generating,Red link token,lots")
    (folder / "tokens.csv").write_text(text)
    text = (folder / "cards.csv").read_text().replace("yin,fire,water", "yin,fyre,water")
    (folder / "cards.csv").write_text(text)
    text = (folder / "islands.csv").read_text().replace("3,5,earth", "3,5,erth")
    (folder / "islands.csv").write_text(text)
    found = [str(f) for f in errors_in(validate(open_game(str(folder))))]
    for expected in ('tokens.csv, row 2, field "count": expected a whole number, got \'lots\'',
                     'cards.csv, row 8, field "element": unknown element \'fyre\'',
                     'islands.csv, row 16, field "element": unknown element \'erth\''):
        assert any(expected in f for f in found), (expected, found)


def test_a_wrong_value_in_a_complete_kit_still_prints_with_force(game_copy, tmp_path):
    """A rules error in data that loaded cleanly (a card's arrow) is refused without --force
    and printed with it: the faces can be drawn."""
    folder = game_copy("wuxing")
    text = (folder / "cards.csv").read_text().replace("yang,wood,metal,water,earth,fire",
                                                      "yang,wood,metal,water,fire,fire")
    (folder / "cards.csv").write_text(text)
    game = open_game(str(folder))
    assert drawable(game)
    with pytest.raises(PnpError):
        build(game, tmp_path / "a.pdf")
    assert not (tmp_path / "a.pdf").exists()
    result = build(game, tmp_path / "b.pdf", force=True)
    assert result.pages > 0 and any('field "destroys"' in str(f) for f in result.findings)


def _data_folders():
    yield "wuxing", ROOT / "card_data" / "wuxing"
    yield "experior", ROOT / "card_data" / "experior"
    yield "deck", ROOT / "templates" / "new" / "deck"


def _sampled_rows(count: int) -> list[int]:
    """The first, the middle and the last data row (lines 1..count): every row of a file of
    three or fewer (each rules table but the decks, the islands and the pawns)."""
    return sorted({1, (count + 1) // 2, count})


@pytest.mark.parametrize("game, source", list(_data_folders()), ids=lambda v: str(v)[-12:])
def test_deleting_or_garbling_any_row_never_crashes(tmp_path, game, source):
    """A data row of every CSV (its first, middle and last), deleted or overwritten with
    nonsense in every field: validate (and the dry render when the data can be drawn) gives
    findings, never an exception."""
    cases = 0
    for path in sorted(source.glob("*.csv")):
        lines = path.read_text(encoding="utf-8").splitlines()
        width = lines[0].count(",") + 1
        for i in _sampled_rows(len(lines) - 1):
            for replacement in ([], [",".join(["x"] * width)]):
                folder = tmp_path / f"{game}-{cases}"
                shutil.copytree(source, folder)
                (folder / path.name).write_text(
                    "\n".join(lines[:i] + replacement + lines[i + 1:]) + "\n", encoding="utf-8")
                opened = open_game(str(folder))
                findings = check(opened) if not drawable(opened) else validate(opened)
                assert all(f.level in ("error", "warning") for f in findings)
                cases += 1
    assert cases >= 6


BAD_CELL = [
    ("experior", "sides.csv", "human,Human,human,paper,3", "human,Human,human,paper,x",
     'error: sides.csv, row 2, field "sword": expected a whole number, got \'x\''),
    ("legolas", "characters.csv", "fighter,Fighter,12", "fighter,Fighter,-3",
     'error: characters.csv, row 2, field "threshold": -3 is less than the minimum 1'),
    ("legolas", "monsters.csv", "stealth,1,wind,,1,0", "stealth,1,wind,,abc,0",
     'error: monsters.csv, row 3, field "coins": expected a number, got \'abc\''),
]


@pytest.mark.parametrize("game, name, old, new, message", BAD_CELL)
def test_a_bad_cell_is_one_error_not_also_a_missing_row(game_copy, game, name, old, new,
                                                        message):
    """The row with a bad cell is there: it is not also reported missing (side 'human',
    character 'fighter') nor counted out of the deck (47 cards, 11 of a suit)."""
    folder = game_copy(game)
    text = (folder / name).read_text(encoding="utf-8")
    assert old in text
    (folder / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    found = validate(open_game(str(folder)))
    assert [str(f) for f in errors_in(found)] == [message]
    assert any(str(f).startswith(f"warning: {name}: the checks of the whole file")
               for f in found), found
