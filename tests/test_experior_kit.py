"""The Experior kit: card data checked against the rules engine, the PDF as a player gets it,
and the booklet's numbers played by the engine."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from pnp.errors import DataError
from pnp.games.experior import engine
from pnp.games.experior.example import worked_example
from pnp.games.experior.kit import new_game, required_kit
from pnp.project import build, errors_in, open_game, validate

DATA = Path(__file__).resolve().parents[1] / "card_data" / "experior"


# ---- helpers ----------------------------------------------------------------------------------
def copy_data(tmp_path: Path) -> Path:
    folder = tmp_path / "experior"
    shutil.copytree(DATA, folder)
    return folder


def edit_row(folder: Path, name: str, row: int, new: str) -> None:
    """Replace spreadsheet row `row` (the header is row 1) of a CSV file."""
    path = folder / name
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[row - 1] = new
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def set_option(folder: Path, key: str, value) -> None:
    path = folder / "game.toml"
    text, n = re.subn(rf"(?m)^{key} = \S+", f"{key} = {value}", path.read_text("utf-8"))
    assert n == 1, key
    path.write_text(text, encoding="utf-8")


def findings_for(folder: Path) -> list[str]:
    return [str(f) for f in errors_in(validate(open_game(str(folder))))]


def pdf_pages(path: Path) -> list[str]:
    from pypdf import PdfReader

    return [page.extract_text() or "" for page in PdfReader(str(path)).pages]


def pdf_text(path: Path) -> str:
    """All the text of a PDF as a viewer reads it (pdfium: a hundredth of pypdf's time)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(path)
    try:
        return "\n".join(doc[i].get_textpage().get_text_bounded() for i in range(len(doc)))
    finally:
        doc.close()


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("experior") / "experior.pdf"
    game = open_game(str(DATA))
    result = build(game, out)
    return game, result, out


# ---- the shipped data and its PDF ----------------------------------------------------------------
def test_shipped_data_matches_the_engine():
    game = open_game(str(DATA))
    assert validate(game) == []
    model = game.model
    g = new_game(model)
    assert g.wound_limit == model.wound_limit == 100
    assert g.start == engine.DEFAULT_START
    assert g.multipliers == engine.DEFAULT_MULTIPLIERS
    assert g.bonus_multiplier == 3
    assert required_kit(model) == Counter({
        "attack card": 12, "role card": 2, "player aid card": 2, "wound marker": 2,
        "experience marker": 6, "wound track": 2, "experience track": 6,
        "locked-card slot": 2})


def test_pdf_pages_text_and_manifest(built):
    game, result, out = built
    pages = pdf_pages(out)
    # guide 2 + booklet 4 + cards (2 fronts + 2 backs) + markers (front + back) + board 1
    assert len(pages) == result.pages == 13
    assert result.findings == []  # nothing clipped, too wide or missing from the manifest
    text = "\n".join(pages)
    fronts = "\n".join(p for p in pages if "Attack, role and aid cards" in p
                       and "\u00b7 fronts" in p)
    for name in ("SWORD", "BOW", "MAGIC"):
        assert fronts.count(name) == 4, name  # quick and strong, Human and Elf
    assert fronts.count("STRONG") == 6 and fronts.count("QUICK") == 6
    assert fronts.count("experience \u00d7 3") == 6 and fronts.count("experience \u00d7 1") == 6
    for words in ("deals Sword experience \u00d7 3", "deals Bow experience \u00d7 1",
                  "Same type: Quick beats Strong", "red", "green", "blue"):
        assert words in fronts, words
    for words in ("HUMAN", "ELF", "A TURN", "END OF THE GAME", "Starting experience",
                  "LOCKED CARD", "WOUNDS", "Sword > Bow > Magic > Sword", "+30", "+10"):
        assert words in text, words
    board = pages[-1]
    cells = {int(line) for line in board.splitlines() if line.strip().isdigit()}
    assert "limit 100" in board and max(cells) == 129 and set(range(130)) <= cells


def test_fonts_are_embedded(built):
    """Every font that shows text (pages and reused forms) is embedded in the PDF, the
    booklet's list markers included."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader = PdfReader(str(built[2]))
    embedded: set[str] = set()
    not_embedded: dict[str, set[str]] = {}

    def is_embedded(font) -> bool:
        descendants = font.get("/DescendantFonts")
        target = descendants[0].get_object() if descendants else font
        descriptor = target.get("/FontDescriptor")
        return descriptor is not None and any(
            k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))

    def walk(content, resources):
        resources = resources.get_object() if resources else {}
        fonts = resources.get("/Font") or {}
        font = None
        for operands, op in ContentStream(content, reader).operations:
            if op == b"Tf":
                font = fonts[operands[0]].get_object()
            elif op in (b"Tj", b"TJ", b"'", b'"'):
                name = str(font["/BaseFont"])
                if is_embedded(font):
                    embedded.add(name)
                else:
                    not_embedded.setdefault(name, set()).add(str(operands[-1]))
        for xobj in (resources.get("/XObject") or {}).values():
            xobj = xobj.get_object()
            if xobj.get("/Subtype") == "/Form":
                walk(xobj, xobj.get("/Resources"))

    for page in reader.pages:
        walk(page.get_contents(), page.get("/Resources"))
    assert {"DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique"} <= {
        n.split("+")[-1].lstrip("/") for n in embedded}
    assert not_embedded == {}, not_embedded


# ---- validation of broken copies ---------------------------------------------------------------
@pytest.mark.parametrize("name, row, new, where", [
    ("cards.csv", 3, "human,sword,strong,2", 'cards.csv, row 3, field "multiplier"'),
    ("cards.csv", 4, "human,sword,quick,1", 'cards.csv, row 4, field "type"'),
    # a new multiplier without reprinting the cards: the cards contradict it
    ("modalities.csv", 3, "strong,Strong,2", 'cards.csv, row 3, field "multiplier"'),
    ("attacks.csv", 2, "sword,Sword,sword,red,magic", 'attacks.csv, row 2, field "beats"'),
    ("attacks.csv", 3, "bow,Bow,bow,blue,magic", 'attacks.csv, row 3, field "colour_name"'),
    ("attacks.csv", 4, "magic,Magic,#c62828,blue,sword", 'attacks.csv, row 4, field "colour"'),
    ("example.csv", 3, "sword,strong,magic,quick", 'example.csv, row 3, field "human_type"'),
])
def test_broken_row_is_named(tmp_path, name, row, new, where):
    folder = copy_data(tmp_path)
    edit_row(folder, name, row, new)
    found = findings_for(folder)
    assert any(where in f for f in found), found


def test_missing_card_and_marker(tmp_path):
    folder = copy_data(tmp_path)
    edit_row(folder, "cards.csv", 13, "")       # the Elf's strong magic
    edit_row(folder, "markers.csv", 4, "")      # the Human's bow experience marker
    found = findings_for(folder)
    assert any("cards.csv" in f and "the elf has no strong magic card" in f for f in found)
    assert any("markers.csv" in f and "bow experience marker, has 0" in f for f in found)


def test_a_track_that_ends_before_the_limit_is_refused(tmp_path):
    folder = copy_data(tmp_path)
    set_option(folder, "wound_cells_beyond", 0)
    found = findings_for(folder)
    assert any('field "board.wound_cells_beyond"' in f and "before the wound limit 100" in f
               for f in found), found


@pytest.mark.parametrize("name, row, new, where", [
    ("cards.csv", 5, "human,axe,quick,1", 'cards.csv, row 5, field "type": unknown attack type'),
    ("cards.csv", 2, "human,sword,medium,1", 'cards.csv, row 2, field "modality"'),
    ("sides.csv", 2, "dwarf,Dwarf,human,paper,3,2,2", 'sides.csv, row 2, field "side"'),
    ("markers.csv", 3, "human,experience,axe", 'markers.csv, row 3, field "type"'),
])
def test_unknown_names_are_data_errors(tmp_path, name, row, new, where):
    """An unknown name is noted while loading (the row is left out) and nothing is drawn."""
    from pnp.project import drawable

    folder = copy_data(tmp_path)
    edit_row(folder, name, row, new)
    game = open_game(str(folder))
    assert not drawable(game)
    assert any(where in f for f in findings_for(folder))


def test_a_keyed_row_twice_names_the_first(tmp_path):
    """attacks.csv, modalities.csv and sides.csv give each name the rules know once; a second
    row of one names the first (pnp/games/base.py keyed_rows, as Wuxing's elements.csv)."""
    folder = copy_data(tmp_path)
    edit_row(folder, "attacks.csv", 4, "bow,Bow,bow,green,magic")  # magic's row: bow again
    found = findings_for(folder)
    assert any('attacks.csv, row 4, field "type": attack type \'bow\' is listed twice (first '
               'in row 3)' in f for f in found), found


# ---- the wound limit is one setting for track, engine and booklet ----------------------------------
def test_wound_limit_50_changes_track_engine_and_booklet(tmp_path):
    from pnp.games.experior.booklet import booklet

    folder = copy_data(tmp_path)
    set_option(folder, "wound_limit", 50)
    game = open_game(str(folder))
    model = game.model
    assert model.wound_track == range(0, 80)
    g = new_game(model)
    assert g.wound_limit == 50
    # a strong sword from 3 experience takes the Elf from 45 to 54 wounds: the game ends
    for limit_game, ends in ((g, True), (new_game(open_game(str(DATA)).model), False)):
        s = limit_game.state_at(human_seat=0, wounds={"elf": 45})
        s.apply_action(engine.card_id("sword", "strong"))
        s.apply_action(engine.card_id("bow", "quick"))
        assert s.is_terminal() is ends
    text = booklet(model).text
    assert "reaches **50 wounds**" in text and " 100 " not in text.replace("1000 turns", "")
    assert "reaches the wound limit, 50 wounds" in text
    assert "from 0 to 79" in text
    out = tmp_path / "experior50.pdf"
    result = build(game, out)
    pages = pdf_pages(out)
    board = pages[-1]
    cells = {int(line) for line in board.splitlines() if line.strip().isdigit()}
    assert "limit 50" in board and max(cells) == 79 and set(range(80)) <= cells
    cards = " ".join(" ".join(p.split()) for p in pages[result.sections[2].first - 1:])
    assert "reaches 50 wounds" in cards and "reaches 100" not in cards  # the aid card


def _validated(folder: Path) -> tuple[int, list[str]]:
    """`pnp validate`'s exit code and its lines of findings."""
    from click.testing import CliRunner

    from pnp.cli import main

    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.output
    return res.exit_code, [line for line in res.output.splitlines()
                           if line.startswith(("error:", "warning:"))]


@pytest.mark.parametrize("limit, rows", [(5000, "503 rows of 10 (0 to 5029)"),
                                         (300, "33 rows of 10 (0 to 329)")])
def test_a_wound_track_too_long_for_the_board_is_one_finding(tmp_path, limit, rows):
    """The refused track is said once: not each of its cells' numbers too small to read (5,030
    lines at 5,000) nor each fighter's marker too large for cells it refuses."""
    folder = copy_data(tmp_path)
    set_option(folder, "wound_limit", limit)
    code, said = _validated(folder)
    assert code == 3
    assert said == [
        f'error: game.toml, field "options.wound_limit": the wound track needs {rows}: on this '
        f"board its cells would be {'0.2' if limit == 5000 else '3.3'} mm high; lower "
        "wound_limit or wound_cells_beyond, or make the board taller",
        'error: game.toml, field "example_end": the second example must show the end of a game, '
        f"but after its 2 turn(s) nobody has reached the wound limit ({limit}); add turns to "
        "example_end.csv or start [example_end] with more wounds"]


def test_track_numbers_too_small_to_read_are_one_finding_for_the_track(tmp_path):
    """Cells the board accepts (5.5 mm high) whose numbers are under 7 pt: one finding for the
    track, not one a cell."""
    folder = copy_data(tmp_path)
    set_option(folder, "wound_limit", 170)
    code, said = _validated(folder)
    small = [line for line in said if "layouts/board-half.toml" in line]
    assert code == 3 and small == [
        'error: layouts/board-half.toml, field "wound_track": Board: wound and experience '
        "tracks: the wound track's 200 cells are 8.4 x 5.5 mm: their numbers would be 6.9 pt, "
        "and printed text needs at least 7 pt to be read across a table; give the track fewer "
        "cells or more room"], said


def test_the_wound_limit_comment_says_the_range_that_validates(tmp_path):
    """game.toml says which wound limits work with its board and examples: its highest does,
    one more does not."""
    folder = copy_data(tmp_path)
    comment = re.search(r"(?m)^wound_limit = \S+ +#.*\((\d+) to (\d+) work here",
                        (folder / "game.toml").read_text("utf-8"))
    assert comment, "the comment names the range"
    high = int(comment[2])
    set_option(folder, "wound_limit", high)
    assert _validated(folder)[0] == 0
    set_option(folder, "wound_limit", high + 1)
    assert _validated(folder)[0] == 3


# ---- the worked example is the engine's -----------------------------------------------------------
def test_worked_example_numbers_are_the_engines():
    from pnp.games.experior.booklet import booklet

    model = open_game(str(DATA)).model
    rows = worked_example(model)
    # replay the same cards with a plain engine
    g = engine.ExperiorGame()
    s = g.state_at(human_seat=0)
    for row, turn in zip(rows, model.example):
        before = s.wounds
        s.apply_action(engine.card_id(*turn.cards["human"]))
        s.apply_action(engine.card_id(*turn.cards["elf"]))
        assert row["wounds"] == {"human": s.wounds[0], "elf": s.wounds[1]}
        assert row["exp"]["human"] == dict(zip(engine.TYPES, s.exp[:3]))
        assert row["exp"]["elf"] == dict(zip(engine.TYPES, s.exp[3:]))
        assert row["damage"] == sum(s.wounds) - sum(before)
    # and the concrete story the booklet tells
    assert [(r["winner"], r["damage"], r["exp_before"], r["multiplier"]) for r in rows[:2]] == [
        ("Human", 9, 3, 3), ("Elf", 2, 2, 1)]
    assert rows[2]["outcome"] == "same" and rows[2]["gainer"] == "Human"
    assert rows[2]["exp_after"] == 3 and rows[2]["wounds"] == {"human": 2, "elf": 9}
    text = booklet(model).text
    assert "Human: 3 × 3 = **9**" in text and "Elf: 2 × 1 = **2**" in text
    assert "| Human 2, Elf 9 |" in text
    for r in model.common.rulings:
        assert f"**{r.id} {r.title}.**" in text


# ---- a low wound limit: the example game ends early ---------------------------------------------
@pytest.mark.parametrize("limit", [5, 1])
def test_low_wound_limit_builds_and_validates(tmp_path, limit):
    """With a wound limit of 9 or less the example game ends after turn 1 (9 wounds): the
    booklet shows turn 1 and the end of the game, validation warns about the unplayed rows,
    and neither `pnp validate` nor `pnp build` fails."""
    from click.testing import CliRunner

    from pnp.cli import main
    from pnp.games.experior.booklet import booklet

    folder = copy_data(tmp_path)
    set_option(folder, "wound_limit", limit)
    game = open_game(str(folder))
    findings = validate(game)
    assert errors_in(findings) == []
    assert [str(f) for f in findings] == [
        f"warning: example.csv, row 3: the example game ends after turn 1 (the Elf reached the "
        f"wound limit, {limit}): rows 3 to 4 of example.csv are not played and not shown in "
        "the booklet; delete them, or raise options.wound_limit in game.toml",
        # the second example starts past so low a limit: that game was over, it is left out
        'warning: game.toml, field "example_end.human": the second example starts in turn 21 '
        f"with the Human at 76 wounds, already at or past the wound limit ({limit}): that game "
        "was over, so the booklet leaves the example out; start it below the limit"]
    rows = worked_example(game.model)
    assert len(rows) == 1
    assert rows[0]["damage"] == 9 and rows[0]["wounds"] == {"human": 0, "elf": 9}
    end = rows[0]["end"]
    assert (end["bonus_attacker"], end["bonus_highest"], end["bonus_damage"]) == ("Human", 4, 12)
    assert end["wounds"] == {"human": 0, "elf": 21} and end["winner"] == "Human"
    text = booklet(game.model).text
    assert "| 1 | Strong Sword | Quick Bow | Human: 3 × 3 = **9** | Human 0, Elf 9 |" in text
    assert "| End | bonus attack | | Human: 3 × 4 = **12** | Human 0, Elf 21 |" in text
    assert (f"**The game ended there**, after turn 1: the Elf reached the wound limit, {limit}."
            in text)
    assert "Final wounds: Human 0, Elf 21: the Human wins (ruling E7)." in text
    example = text[text.index("## Example"):text.index("## End of the game")]
    assert "| 2 |" not in example and "Turn 2." not in example

    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert res.exception is None and res.exit_code == 0, res.output
    assert "the card data matches the rules (2 warning(s))" in res.output
    out = tmp_path / "experior.pdf"
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "-o", str(out)])
    assert res.exception is None and res.exit_code == 0, res.output
    # the early end, not the second example's (turn 22, at 100 wounds), is in the kit
    assert (f"The game ended there, after turn 1: the Elf reached the wound limit, {limit}."
            in pdf_text(out))


def test_example_after_the_end_is_not_called_locked(tmp_path):
    """Turn 1 ends the game (wound limit 5) and no bonus attack changes the wounds: the turns
    after the end are not played, so they are not reported as a locked card (E3)."""
    folder = copy_data(tmp_path)
    set_option(folder, "wound_limit", 5)
    set_option(folder, "bonus_multiplier", 0)
    assert findings_for(folder) == []


def test_wrong_example_row_with_a_low_limit_is_named(tmp_path):
    """Wound limit 10: turn 1 (9 wounds) does not end the game, so turn 2 is played and its
    locked card is a finding on example.csv, row 3, field "human_type"."""
    folder = copy_data(tmp_path)
    set_option(folder, "wound_limit", 10)
    edit_row(folder, "example.csv", 3, "sword,strong,magic,quick")
    found = findings_for(folder)
    assert found == ['error: example.csv, row 3, field "human_type": turn 2: the human cannot '
                     "play strong sword: it was played the turn before and is locked (E3)"]


def test_engine_disagreeing_with_the_example_is_a_data_error():
    """An engine not built with the data's numbers: a DataError naming example.csv, the row and
    the field (never a bare RuntimeError)."""
    model = open_game(str(DATA)).model
    other = engine.ExperiorGame(multipliers={"quick": 1, "strong": 2})
    with pytest.raises(DataError) as exc:
        worked_example(model, other)
    assert (Path(exc.value.path).name, exc.value.row, exc.value.field) == (
        "example.csv", 2, "human_modality")
    assert "the rules engine dealt 6 wounds, the example expects 3 x 3" in exc.value.message
