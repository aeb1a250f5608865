"""Print runs: the record a build keeps of each face's drawing, `build --changed` printing only
what changed since (with the changelog page), and `--only` printing named rows."""

import json
import shutil

import pytest
from click.testing import CliRunner
from PIL import Image

from helpers import ROOT, card_game, edit_csv, page_texts
from pnp.cli import main
from pnp.errors import DataError, PnpError
from pnp.printrun.record import Printed, Record, compare, read_record
from pnp.project import build, open_game

FRONT = """[name]
type = "text"
text = "{{ name }}"
font = "face.ttf"
x = "5mm"
y = "5mm"
width = "100% - 10mm"
height = "20mm"

[art]
type = "image"
src = "{{ art }}"
x = "5mm"
y = "30mm"
width = "30mm"
height = "30mm"
"""


def _png(path, colour):
    Image.new("RGB", (60, 60), colour).save(path)


@pytest.fixture
def deck(tmp_path):
    """Four cards, each a name in the game's own font and a picture; one built, its record."""
    folder = card_game(tmp_path / "deck", FRONT,
                       "name,art\nAsh,a.png\nBirch,b.png\nCedar,a.png\nDamson,b.png\n")
    shutil.copy(ROOT / "fonts" / "DejaVuSans.ttf", folder / "face.ttf")
    _png(folder / "a.png", "red")
    _png(folder / "b.png", "blue")
    out = tmp_path / "out" / "deck.pdf"
    build(open_game(str(folder)), out, record=out.with_suffix(".printed.json"))
    return folder, out, out.with_suffix(".printed.json")


def _changed(folder, out, record):
    part = out.with_name("deck-changed.pdf")
    return build(open_game(str(folder)), part, since=record), part


def _text(pdf, index):
    return " ".join(text for text, _, _ in page_texts(pdf, index))


def _record_ids(record):
    return [(p["id"], p["name"]) for p in json.loads(record.read_text())["pieces"]]


def test_the_record_names_every_piece_by_its_row_and_reads_as_text(deck):
    _, _, record = deck
    assert _record_ids(record) == [("cards.csv:2", "Ash"), ("cards.csv:3", "Birch"),
                                   ("cards.csv:4", "Cedar"), ("cards.csv:5", "Damson")]
    lines = record.read_text().splitlines()
    assert sum('"id": "cards.csv:' in line for line in lines) == 4  # one piece a line


def test_nothing_changed_prints_nothing_and_says_so(deck):
    folder, out, record = deck
    built, part = _changed(folder, out, record)
    assert built.pages == 0 and "nothing changed" in built.note
    assert not part.exists()


def test_one_csv_cell_reprints_that_card_alone(deck):
    folder, out, record = deck
    edit_csv(folder / "cards.csv", 3, "name", "Beech")
    built, part = _changed(folder, out, record)
    assert built.note.startswith("1 changed, 0 added, 0 removed")
    first = _text(part, 0)
    assert "cards.csv:3" in first and "Beech" in first
    assert "cards.csv:2" not in first
    texts = " ".join(_text(part, i) for i in range(built.pages))
    assert "Beech" in texts and "Ash" not in texts and "Cedar" not in texts
    # the record now says what the deck holds: a second run has nothing to print
    again, _ = _changed(folder, out, record)
    assert again.pages == 0


def test_an_image_file_reprints_the_cards_that_show_it(deck):
    folder, out, record = deck
    _png(folder / "b.png", "green")
    built, part = _changed(folder, out, record)
    first = _text(part, 0)
    assert "Birch" in first and "Damson" in first and "Ash" not in first
    assert built.note.startswith("2 changed")


def test_a_layout_file_reprints_every_card_it_draws(deck):
    folder, out, record = deck
    layout = folder / "layouts" / "front.toml"
    layout.write_text(layout.read_text().replace('y = "30mm"', 'y = "31mm"'))
    built, _ = _changed(folder, out, record)
    assert built.note.startswith("4 changed")


def test_a_font_file_reprints_every_card_set_in_it(deck):
    folder, out, record = deck
    shutil.copy(ROOT / "fonts" / "DejaVuSans-Bold.ttf", folder / "face.ttf")
    built, _ = _changed(folder, out, record)
    assert built.note.startswith("4 changed")


def test_added_and_removed_rows_are_listed_by_name(deck):
    folder, out, record = deck
    rows = (folder / "cards.csv").read_text().splitlines()
    # Cedar removed; Elm added at the end; Damson moves up a row but draws the same
    (folder / "cards.csv").write_text("\n".join(rows[:3] + rows[4:] + ["Elm,a.png"]) + "\n")
    built, part = _changed(folder, out, record)
    assert built.note.startswith("0 changed, 1 added, 1 removed")
    first = _text(part, 0)
    assert "Elm" in first and "Cedar" in first and "Damson" not in first


def test_a_failed_build_keeps_the_old_record(deck):
    folder, out, record = deck
    before = record.read_bytes()
    edit_csv(folder / "cards.csv", 3, "name", "Beech")
    (folder / "face.ttf").write_bytes(b"not a font")
    with pytest.raises(PnpError):
        _changed(folder, out, record)
    assert record.read_bytes() == before
    with pytest.raises(PnpError):
        build(open_game(str(folder)), out, record=record)
    assert record.read_bytes() == before


def test_only_prints_a_range_of_rows(deck):
    folder, out, record = deck
    part = out.with_name("deck-only.pdf")
    before = record.read_bytes()
    built = build(open_game(str(folder)), part, only="cards.csv:3-4")
    first = _text(part, 0)
    assert "Birch" in first and "Cedar" in first and "Ash" not in first
    assert built.note.startswith("2 piece(s)")
    assert record.read_bytes() == before  # a proof of a few rows is not a print of the deck
    with pytest.raises(PnpError, match="names no piece; try one of: cards.csv:2"):
        build(open_game(str(folder)), part, only="cards.csv:30-40")


def test_only_takes_the_start_of_a_name_as_preview_card_does(deck):
    """`--only` took a whole name only, where `pnp preview --card` takes its start too."""
    folder, out, _ = deck
    part = out.with_name("deck-only.pdf")
    built = build(open_game(str(folder)), part, only="bir")
    assert built.note.startswith("1 piece(s)")
    assert "Birch" in _text(part, 0) and "Ash" not in _text(part, 0)
    edit_csv(folder / "cards.csv", 3, "name", "Ashby")
    with pytest.raises(PnpError, match="^--only 'as' is the start of 2 names: \"Ash\", "
                                       "\"Ashby\"; give more of one$"):
        build(open_game(str(folder)), part, only="as")
    built = build(open_game(str(folder)), part, only="ash")  # a whole name: that one
    assert built.note.startswith("1 piece(s)")


def test_the_version_and_print_settings_are_said_on_the_first_page(deck):
    folder, out, record = deck
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('[game]\n', '[game]\nversion = "0.2"\n'))
    built = build(open_game(str(folder)), out.with_name("c.pdf"), since=record, bleed_mm=0)
    first = _text(out.with_name("c.pdf"), 0)
    assert "now version 0.2" in first and "3 mm bleed then, 0 mm now" in first
    assert built.note.startswith("4 changed")


def test_a_record_that_is_not_one_is_named(deck, tmp_path):
    folder, out, _ = deck
    bad = tmp_path / "bad.json"
    bad.write_text('{"pieces": []}')
    with pytest.raises(DataError, match="not a print record"):
        build(open_game(str(folder)), out, since=bad)
    with pytest.raises(PnpError, match="no print record here") as raised:  # not bad data
        build(open_game(str(folder)), out, since=tmp_path / "none.json")
    assert raised.value.exit_code == 1


def _p(id, name, front, back="blank"):
    return Printed(id, name, "card", "Cards", front, back)


def test_compare_matches_by_row_then_by_drawing():
    old = Record("g", "1", 3.0, False, [_p("c.csv:2", "A", "a"), _p("c.csv:3", "B", "b"),
                                        _p("c.csv:4", "C", "c")])
    new = Record("g", "1", 3.0, False, [_p("c.csv:2", "B", "b"), _p("c.csv:3", "A", "a"),
                                        _p("c.csv:4", "C2", "d"), _p("c.csv:5", "E", "e")])
    changes = compare(old, new)  # A and B swapped rows: nothing to print for them
    assert [p.name for p in changes.changed] == ["C2"]  # renamed in its row: replaced
    assert {k: p.name for k, p in changes.in_place_of.items()} == {("c.csv:4", "C2"): "C"}
    assert [p.name for p in changes.added] == ["E"]
    assert changes.removed == []
    gone = compare(new, old)
    assert [p.name for p in gone.removed] == ["E"] and [p.name for p in gone.changed] == ["C"]


def test_cli_changed_writes_beside_the_kit_and_keeps_the_whole_pdf(deck, tmp_path, monkeypatch):
    folder, _, _ = deck
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["build", "-g", str(folder)])
    assert result.exit_code == 0, result.output
    whole = (tmp_path / "output" / "deck.pdf").read_bytes()
    assert (tmp_path / "output" / "deck.printed.json").exists()
    result = runner.invoke(main, ["build", "-g", str(folder), "--changed"])
    assert result.exit_code == 0 and "nothing changed" in result.output
    edit_csv(folder / "cards.csv", 2, "name", "Alder")
    result = runner.invoke(main, ["build", "-g", str(folder), "--changed"])
    assert result.exit_code == 0 and "1 changed" in result.output
    assert (tmp_path / "output" / "deck-changed.pdf").exists()
    assert (tmp_path / "output" / "deck.pdf").read_bytes() == whole
    result = runner.invoke(main, ["build", "-g", str(folder), "--changed", "--only", "x"])
    assert result.exit_code != 0 and "give one" in result.output


def test_shipped_games_keep_duplex_pairs_in_a_changed_print(game_copy, tmp_path):
    folder = game_copy("legolas")
    out = tmp_path / "legolas.pdf"
    record = out.with_suffix(".printed.json")
    build(open_game(str(folder)), out, record=record)
    assert read_record(record).pieces
    edit_csv(folder / "monsters.csv", 3, "element", "fire")
    part = tmp_path / "part.pdf"
    built = build(open_game(str(folder)), part, since=record)
    titles = [s.title for s in built.sections]
    assert titles[:2] == ["Legolas vs. Gimli: what changed", "Print guide and checklist"]
    sheet = built.sections[2]
    assert sheet.first % 2 == 1 and (sheet.last - sheet.first + 1) % 2 == 0  # front, back
    assert "fronts" in _text(part, sheet.first - 1)
    assert "backs" in _text(part, sheet.first)


def test_the_version_mark_is_printed_only_when_asked_on_the_side_asked(deck):
    folder, out, _ = deck
    with pytest.raises(PnpError, match="no \\[game\\] version"):
        build(open_game(str(folder)), out, version_mark="front")
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('[game]\n', '[game]\nversion = "2.1"\n'))
    plain = build(open_game(str(folder)), out)
    sheet = plain.sections[-1].first - 1
    assert "v2.1" not in _text(out, sheet)
    build(open_game(str(folder)), out, version_mark="front")
    marks = [(x, y) for text, x, y in page_texts(out, sheet) if text == "v2.1"]
    assert len(marks) == 4  # every card, centred at its foot, 3 mm above the trim
    names = {text: (x, y) for text, x, y in page_texts(out, sheet)}
    assert all(y < names["Ash"][1] for _, y in marks)


@pytest.mark.parametrize("version,says", [
    ("2.1 \U0001f3b2", "no font has '\U0001f3b2'"),
    ("2.1-release-candidate-7", "at most 16 characters on each card, not 24")])
def test_a_version_that_cannot_be_marked_is_game_tomls_mistake_not_a_cards(deck, version, says):
    folder, out, _ = deck
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('[game]\n', f'[game]\nversion = "{version}"\n'))
    before = out.read_bytes()
    with pytest.raises(DataError) as raised:  # was a finding on each card, naming its row
        build(open_game(str(folder)), out, version_mark="back")
    assert str(raised.value).startswith('game.toml, field "game.version": --version-mark')
    assert says in str(raised.value) and out.read_bytes() == before


def test_a_marked_version_counts_as_a_change(deck):
    folder, out, record = deck
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('[game]\n', '[game]\nversion = "2"\n'))
    built = build(open_game(str(folder)), out.with_name("c.pdf"), since=record,
                  version_mark="front")
    assert built.note.startswith("4 changed")


SVG_ART = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
           '<rect width="10" height="10" fill="{}"/></svg>')


def test_an_svg_picture_is_digested_by_its_drawing_wherever_it_is_first_drawn(tmp_path):
    from pnp.printrun.digest import Digester
    from pnp.project import prepare
    from pnp.units import MM

    folder = card_game(tmp_path / "svg", FRONT.replace('font = "face.ttf"\n', ""),
                       "name,art\nAsh,p.svg\nBirch,p.svg\nCedar,q.png\n")
    (folder / "p.svg").write_text(SVG_ART.format("#ff0000"))
    _png(folder / "q.png", "red")
    kit, fonts, _ = prepare(open_game(str(folder)))
    sheet = kit.sheets[0]

    def digests(order):
        d = Digester(fonts)
        got = {p.name: d.face(p, p.front, sheet.width, sheet.height, 3 * MM)
               for p in (sheet.pieces[i] for i in order)}
        return [got[p.name] for p in sheet.pieces]

    first = digests([0, 1, 2])
    assert first == digests([1, 2, 0]) == digests([2, 1, 0])  # who drew the form first: no matter
    out = tmp_path / "deck.pdf"
    record = out.with_suffix(".printed.json")
    build(open_game(str(folder)), out, record=record)
    (folder / "p.svg").write_text(SVG_ART.format("#00ff00"))
    # a new process, as each build is (a process reads a picture once)
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "pnp", "build", "-g", str(folder), "--since",
                          str(record), "-o", str(tmp_path / "c.pdf")],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "(2 changed, 0 added, 0 removed" in run.stdout  # Ash and Birch show it; not Cedar


def test_a_record_in_the_game_folder_is_replaced_but_no_game_file_is(deck):
    folder, _, _ = deck
    out = folder / "kit.pdf"
    build(open_game(str(folder)), out, record=out.with_suffix(".printed.json"))
    build(open_game(str(folder)), out, record=out.with_suffix(".printed.json"))  # its own
    mine = folder / "notes.printed.json"
    mine.write_text('{"the designer": "wrote this"}')
    with pytest.raises(PnpError, match="one of the game's own files"):
        build(open_game(str(folder)), folder / "notes.pdf", record=mine)
    assert mine.read_text() == '{"the designer": "wrote this"}'


@pytest.mark.parametrize("body", [
    '"pieces": 5', '"pieces": [5]', '"pieces": [{"id": "cards.csv:2"}]', '"pieces": []',
])
def test_a_malformed_record_is_said_to_be_one_naming_the_file_and_what_it_should_hold(tmp_path,
                                                                                     body):
    """A record whose pieces were a number said "('int' object is not iterable)"."""
    bad = tmp_path / "kit.printed.json"
    bad.write_text('{"format": "pnp print record 3", ' + body + "}")
    with pytest.raises(DataError) as raised:
        read_record(bad)
    assert str(raised.value).startswith(f"{bad}: a malformed print record: expected an object "
                                        'of "format", "game", "version", "bleed_mm" (a number)')
    assert 'each with "id", "name", "kind", "sheet", "front", "back"' in str(raised.value)
    assert "object is not" not in str(raised.value) and "KeyError" not in str(raised.value)


def test_a_since_that_is_no_record_is_named_by_the_path_given(deck):
    folder, out, _ = deck
    result = CliRunner().invoke(main, ["build", "--game", str(folder), "--since", "/etc/passwd",
                                       "--out", str(out.with_name("c.pdf"))])
    assert result.exit_code == 2
    assert result.output.startswith("Error: /etc/passwd: not a print record pnp wrote ("), \
        result.output


def test_a_record_nested_without_end_is_one_clear_error(deck, tmp_path):
    folder, out, _ = deck
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(DataError, match="not a print record pnp wrote"):
        build(open_game(str(folder)), out, since=deep)


def test_a_picture_s_warning_is_still_said_in_a_partial_print(tmp_path):
    body = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs><filter '
            'id="f"><feGaussianBlur stdDeviation="3"/></filter></defs><rect width="10" '
            'height="10" fill="#14c814" filter="url(#f)"/></svg>')
    folder = card_game(tmp_path / "g", FRONT.replace('font = "face.ttf"\n', ""),
                       "name,art\nAsh,blur.svg\nBirch,blur.svg\n")
    (folder / "blur.svg").write_text(body)
    built = build(open_game(str(folder)), tmp_path / "only.pdf", only="cards.csv:2")
    said = [str(f) for f in built.findings if "filter effects" in str(f)]
    assert len(said) == 1, built.findings


def _cli_changed(folder, tmp_path, monkeypatch, edit):
    """Build through the CLI, `edit` the game, build --changed: its output and first page."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["build", "-g", str(folder)])
    assert result.exit_code == 0, result.output
    edit(folder / "cards.csv")
    result = runner.invoke(main, ["build", "-g", str(folder), "--changed"])
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    return result.output, _text(tmp_path / "output" / "deck-changed.pdf", 0)


def test_a_row_now_holding_another_card_names_the_card_it_replaces(deck, tmp_path, monkeypatch):
    def edit(cards):  # Damson's row deleted, Elm appended into it; Ash's picture changed
        rows = cards.read_text().splitlines()
        cards.write_text("\n".join(rows[:4] + ["Elm,a.png"]) + "\n")
        edit_csv(cards, 2, "art", "b.png")

    said, first = _cli_changed(deck[0], tmp_path, monkeypatch, edit)
    assert "(2 changed, 0 added, 0 removed" in said  # as the page lists them
    assert "Replace these pieces (reprinted here) (2)" in first
    # the playtester finds the old card by its name, not by its row
    assert "cards.csv:5 \u00b7 Elm (card), in place of Damson" in first
    assert "cards.csv:2 \u00b7 Ash (card)" in first and first.count("in place of") == 1


def test_a_card_moved_up_a_row_and_edited_is_replaced_by_its_name(deck, tmp_path, monkeypatch):
    def edit(cards):  # Birch deleted: Cedar moves up to row 3, its picture changed
        rows = cards.read_text().splitlines()
        cards.write_text("\n".join(rows[:2] + ["Cedar,b.png"] + rows[4:]) + "\n")

    said, first = _cli_changed(deck[0], tmp_path, monkeypatch, edit)
    assert "(1 changed, 0 added, 1 removed" in said
    assert "cards.csv:3 \u00b7 Cedar (card)" in first and "in place of" not in first
    assert "Take these pieces out of the kit (1) \u2610  cards.csv:3 \u00b7 Birch" in first


def test_cli_changed_finds_the_record_of_a_kit_built_with_out(deck, tmp_path, monkeypatch):
    """`build -o kit.pdf` keeps kit.printed.json; a later `--changed` compares with it (and
    updates it) instead of asking for output/<game>.printed.json."""
    folder, _, _ = deck
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    runner = CliRunner()
    assert runner.invoke(main, ["build", "-g", str(folder), "-o", "kit.pdf"]).exit_code == 0
    assert (here / "kit.printed.json").exists() and not (here / "output").exists()
    edit_csv(folder / "cards.csv", 3, "name", "Beech")
    result = runner.invoke(main, ["build", "-g", str(folder), "--changed"])
    assert result.exit_code == 0, result.output
    assert "comparing with kit.printed.json" in result.output and "1 changed" in result.output
    updated = read_record(here / "kit.printed.json").pieces  # the record now holds the new card
    assert any("Beech" in p.name for p in updated)
    result = runner.invoke(main, ["build", "-g", str(folder), "--changed"])
    assert result.exit_code == 0 and "nothing changed" in result.output


def test_cli_changed_with_two_records_of_the_game_asks_which(deck, tmp_path, monkeypatch):
    folder, _, _ = deck
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    runner = CliRunner()
    for name in ("home.pdf", "shop.pdf"):
        assert runner.invoke(main, ["build", "-g", str(folder), "-o", name]).exit_code == 0
    (here / "other.printed.json").write_text("not a record")  # not a candidate, no complaint
    result = runner.invoke(main, ["build", "-g", str(folder), "--changed"])
    assert result.exit_code == 1
    assert result.output.startswith("Error: output/deck.printed.json: ")
    assert "home.printed.json" in result.output and "shop.printed.json" in result.output
    assert "--since" in result.output and "Traceback" not in result.output
    assert not (here / "output").exists()


def test_cli_changed_without_any_record_says_where_out_keeps_one(deck, tmp_path, monkeypatch):
    folder, _, _ = deck
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["build", "-g", str(folder), "--changed"])
    assert result.exit_code == 1  # a request pnp cannot carry out, not bad data
    assert "output/deck.printed.json: no print record here" in result.output
    assert "--since FILE.printed.json" in result.output


def test_a_partial_print_never_replaces_the_whole_kit_it_compares_with(deck, tmp_path,
                                                                       monkeypatch):
    """`build --changed -o kit.pdf` used to write the few changed cards over kit.pdf."""
    folder, _, _ = deck
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["build", "-g", str(folder), "-o", "kit.pdf"]).exit_code == 0
    kit = (tmp_path / "kit.pdf").read_bytes()
    edit_csv(folder / "cards.csv", 2, "name", "Alder")
    for extra in (["--changed"], ["--since", "kit.printed.json"], ["--only", "cards.csv:2"]):
        result = runner.invoke(main, ["build", "-g", str(folder), "-o", "kit.pdf", *extra])
        assert result.exit_code == 1 and result.output.startswith("Error: --out kit.pdf: ")
        assert (tmp_path / "kit.pdf").read_bytes() == kit
    result = runner.invoke(main, ["build", "-g", str(folder), "-o", "part.pdf", "--changed"])
    assert result.exit_code == 0 and "1 changed" in result.output, result.output
    assert (tmp_path / "kit.pdf").read_bytes() == kit


def test_a_proof_goes_beside_the_kit_and_leaves_its_pdf_and_record_alone(deck, tmp_path,
                                                                        monkeypatch):
    """`build --proof` wrote the proof over output/<game>.pdf, whose record then described
    the print PDF no more."""
    folder, _, _ = deck
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["build", "-g", str(folder)]).exit_code == 0
    kit = (tmp_path / "output" / "deck.pdf").read_bytes()
    record = (tmp_path / "output" / "deck.printed.json").read_bytes()
    result = runner.invoke(main, ["build", "-g", str(folder), "--proof"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("a proof, not for cutting, goes to output/deck-proof.pdf; "
                                    "the print PDF output/deck.pdf is left as it is")
    assert (tmp_path / "output" / "deck-proof.pdf").exists()
    assert (tmp_path / "output" / "deck.pdf").read_bytes() == kit
    assert (tmp_path / "output" / "deck.printed.json").read_bytes() == record
    result = runner.invoke(main, ["build", "-g", str(folder), "--proof", "-o", "output/deck.pdf"])
    assert result.exit_code == 1 and "a proof goes to another file" in result.output
    assert (tmp_path / "output" / "deck.pdf").read_bytes() == kit


def test_a_partial_print_s_checklist_says_it_holds_a_part_not_the_kit(deck):
    """The guide's checklist of a partial print used to be headed "What is in the kit" over
    the two cards reprinted."""
    folder, out, _ = deck
    part = out.with_name("deck-only.pdf")
    build(open_game(str(folder)), part, only="cards.csv:3-4")
    checklist = _text(part, 3)  # the cover's two pages, then the guide's two
    assert "What this print holds" in checklist and "What is in the kit" not in checklist
    assert "2 \u00d7 card" in checklist
    assert "What is in the kit" in _text(out, 1)


def test_a_record_of_the_older_format_is_compared_as_it_digested_then_replaced(tmp_path):
    # records of format 1 hold each plain face's digest of its calls' repr; format 2 digests
    # marshal's bytes of them. Compared with an older record, the kit is digested its way, so
    # an upgrade of pnp reprints nothing that did not change
    from pnp.printrun.record import kit_record
    from pnp.project import prepare
    from pnp.units import MM

    folder = card_game(tmp_path / "deck", FRONT.split("[art]")[0], "name\nAsh\nBirch\nCedar\n")
    shutil.copy(ROOT / "fonts" / "DejaVuSans.ttf", folder / "face.ttf")
    out = tmp_path / "out" / "deck.pdf"
    record = out.with_suffix(".printed.json")
    build(open_game(str(folder)), out, record=record)
    new = read_record(record)
    kit, fonts, _ = prepare(open_game(str(folder)))
    old = kit_record(kit, fonts, folder, game="deck", version="", bleed=3 * MM, bleed_mm=3.0,
                     ink_saver=False, format=1)
    assert [p.key for p in old.pieces] == [p.key for p in new.pieces]
    assert all(o.front != n.front for o, n in zip(old.pieces, new.pieces))  # plain faces
    record.write_text("".join(old.json_parts()), encoding="utf-8")
    assert '"format": "pnp print record 1"' in record.read_text()
    assert read_record(record).format == 1

    built, part = _changed(folder, out, record)
    assert built.pages == 0 and "nothing changed" in built.note
    assert read_record(record).format == 3  # kept anew even so: the next compare is plain
    record.write_text("".join(old.json_parts()), encoding="utf-8")
    edit_csv(folder / "cards.csv", 3, "name", "Beech")
    built, part = _changed(folder, out, record)
    assert built.note.startswith("1 changed, 0 added, 0 removed")
    texts = " ".join(_text(part, i) for i in range(built.pages))
    assert "Beech" in texts and "Ash" not in texts and "Cedar" not in texts
    # the record kept after that print is of the new format, the kit as it is now
    kept = read_record(record)
    assert kept.format == 3 and '"format": "pnp print record 3"' in record.read_text()
    again, _ = _changed(folder, out, record)
    assert again.pages == 0


def test_nothing_changed_keeps_the_record_anew_with_the_rows_as_they_are_now(deck, tmp_path):
    folder, out, record = deck
    rows = (folder / "cards.csv").read_text().splitlines()
    (folder / "cards.csv").write_text("\n".join([rows[0], *rows[2:], rows[1]]) + "\n")
    built, _ = _changed(folder, out, record)
    assert built.pages == 0 and "nothing changed" in built.note  # a moved row draws the same
    moved = {p.name: p.id for p in read_record(record).pieces}
    assert moved[rows[1].split(",")[0]] == f"cards.csv:{len(rows)}", moved  # its row now


def test_a_game_folder_moved_reprints_nothing(deck, tmp_path):
    # its pictures count by their content: digested with their paths (format 2), every card
    # with a picture was reprinted once the folder moved or was built from another checkout
    folder, out, record = deck
    moved = shutil.copytree(folder, tmp_path / "elsewhere" / "deck")
    assert read_record(record).format == 3
    built = build(open_game(str(moved)), out.with_name("part.pdf"), since=record)
    assert built.pages == 0 and "nothing changed" in built.note
    (moved / "a.png").write_bytes((folder / "b.png").read_bytes())  # Ash's and Cedar's art
    built = build(open_game(str(moved)), out.with_name("part.pdf"), since=record)
    assert built.note.startswith("2 changed, 0 added, 0 removed"), built.note


def test_a_record_of_format_2_is_compared_as_it_digested(deck, tmp_path):
    from pnp.printrun.record import kit_record
    from pnp.project import prepare
    from pnp.units import MM

    folder, out, record = deck
    kit, fonts, _ = prepare(open_game(str(folder)))
    old = kit_record(kit, fonts, folder, game="deck", version="", bleed=3 * MM, bleed_mm=3.0,
                     ink_saver=False, format=2)
    new = read_record(record)
    assert [o.front != n.front for o, n in zip(old.pieces, new.pieces)] == [True] * 4  # pictures
    record.write_text("".join(old.json_parts()), encoding="utf-8")
    built, _ = _changed(folder, out, record)
    assert built.pages == 0 and "nothing changed" in built.note
    assert read_record(record).format == 3


def test_a_record_of_another_game_is_refused_and_kept(deck, tmp_path):
    folder, out, record = deck
    other = tmp_path / "other.printed.json"
    other.write_text(record.read_text().replace('"game": "deck"', '"game": "wuxing"'))
    before = other.read_bytes()
    with pytest.raises(PnpError, match="a print record of the game 'wuxing', not 'deck'"):
        build(open_game(str(folder)), out.with_name("part.pdf"), since=other)
    assert other.read_bytes() == before and not out.with_name("part.pdf").exists()


def test_a_record_that_is_a_pipe_or_a_device_is_refused_unread(deck, tmp_path):
    import os

    folder, out, _ = deck
    fifo, zero = tmp_path / "fifo.printed.json", tmp_path / "zero.printed.json"
    os.mkfifo(fifo)  # would be read for ever
    zero.symlink_to("/dev/zero")  # would fill memory: its size says 0
    for path in (fifo, zero):
        with pytest.raises(PnpError, match="cannot read this print record \\(not a regular "
                                           "file: a pipe or a device\\)"):
            build(open_game(str(folder)), out.with_name("part.pdf"), since=path)


def test_a_record_that_cannot_be_kept_fails_the_build_before_its_pdf(deck, tmp_path):
    folder, out, record = deck
    before = out.read_bytes()
    record.unlink()
    record.mkdir()
    with pytest.raises(PnpError, match="the print record .* is a folder"):
        build(open_game(str(folder)), out, record=record)
    assert out.read_bytes() == before  # a failed build keeps the PDF it would have replaced
    record.rmdir()
    record.symlink_to(out.name)  # written through, the record replaced the kit's PDF
    with pytest.raises(PnpError, match="the print record .* is a link"):
        build(open_game(str(folder)), out, record=record)
    assert out.read_bytes() == before
    inside = folder / "kit.printed.json"
    inside.write_text("the designer's notes")
    with pytest.raises(PnpError, match="the print record .* is one of the game's own files"):
        build(open_game(str(folder)), folder / "kit.pdf", record=inside)
    assert not (folder / "kit.pdf").exists()


def test_a_record_of_a_newer_pnp_says_so(deck, tmp_path):
    folder, out, _ = deck
    newer = tmp_path / "newer.printed.json"
    newer.write_text('{"format": "pnp print record 9", "pieces": []}')
    with pytest.raises(DataError, match=r"newer than this one \('pnp print record 9'; this pnp "
                                        r"reads formats 1, 2, 3\): update pnp"):
        build(open_game(str(folder)), out, since=newer)
    newer.write_text('{"format": "something else", "pieces": []}')
    with pytest.raises(DataError, match="not a print record pnp wrote"):
        build(open_game(str(folder)), out, since=newer)
