"""The designer's daily loop: `pnp new` starts a game that builds at once; `pnp watch` rebuilds
after a change and keeps going after a mistake."""

import re
import threading
import time
from contextlib import contextmanager

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from helpers import edit_csv
from pnp.cli import main
from pnp.errors import PnpError
from pnp.scaffold import new_game
from pnp.project import build, open_game
from pnp.watch import watch


def test_new_game_builds_at_once(tmp_path):
    runner = CliRunner()
    res = runner.invoke(main, ["new", "space-duel", "--dir", str(tmp_path)])
    assert res.exit_code == 0, res.output
    folder = tmp_path / "space-duel"
    assert 'title = "Space Duel"' in (folder / "game.toml").read_text()
    out = tmp_path / "space.pdf"
    res = runner.invoke(main, ["build", "--game", str(folder), "--out", str(out)])
    assert res.exit_code == 0, res.output
    text = "".join(p.extract_text() for p in PdfReader(out).pages)
    assert "Sunrise" in text and "7 × card" in text
    again = runner.invoke(main, ["new", "space-duel", "--dir", str(tmp_path)])
    assert again.exit_code == 1 and "already exists" in again.output


@pytest.mark.parametrize("template", ["deck", "tokens-and-board"])
@pytest.mark.parametrize("where, argument", [
    ("card_data", "tb"), ("games", "games/tb"), (".", "./tb"),
    ("{tmp}/my games", '"{tmp}/my games/tb"')])
def test_a_new_game_s_toml_says_the_build_command_that_works(tmp_path, monkeypatch, template,
                                                            where, argument):
    # (a fresh-user trial: made with --dir elsewhere, game.toml said `pnp build --game tb`,
    # which is "unknown game"; the terminal said the right command)
    import shlex

    monkeypatch.chdir(tmp_path)
    where, argument = where.format(tmp=tmp_path), argument.format(tmp=tmp_path)
    res = CliRunner().invoke(main, ["new", "tb", "--template", template, "--dir", where])
    assert res.exit_code == 0, res.output
    assert res.output.rstrip().endswith(f"then: pnp build --game {argument}")
    toml = (tmp_path / where / "tb" / "game.toml").read_text()
    said = re.search(r"`pnp build --game ([^`]+)`", " ".join(toml.replace("#", " ").split()))
    # (the comment's works from anywhere: a relative --dir is said as the whole path)
    assert said and said.group(1) == (argument if where in ("card_data", f"{tmp_path}/my games")
                                      else str(tmp_path.resolve() / where / "tb").replace(
                                          "/./", "/")), toml
    [game] = shlex.split(said.group(1))
    monkeypatch.chdir(tmp_path / where / "tb" if where != "card_data" else tmp_path)
    assert CliRunner().invoke(main, ["validate", "--game", game]).exit_code == 0


@pytest.mark.parametrize("name, said", [
    ("../escape", "'../escape' is a path, not a game name"),
    ("a/b", "'a/b' is a path"), (".", "'.' is a path"),
    ("", "the game name is empty"), ("my game", "game name 'my game': use lower-case letters"),
    ("x" * 60, "is longer than 41 characters")])
def test_a_bad_new_game_name_is_a_usage_error_naming_the_argument(tmp_path, name, said):
    # a name that is no folder name (or would leave --dir) is a bad argument: exit 2, as click
    # refuses a value, with the usage line and NAME named; it was exit 1, a plain Error: line
    res = CliRunner().invoke(main, ["new", name, "--dir", str(tmp_path)])
    assert res.exit_code == 2, res.output
    assert "new [OPTIONS] NAME" in res.output and "Invalid value for 'NAME'" in res.output
    assert said in res.output
    assert not any(tmp_path.iterdir()) and not (tmp_path.parent / "escape").exists()


def test_watch_rebuilds_after_a_change_and_survives_a_mistake(tmp_path):
    runner = CliRunner()
    runner.invoke(main, ["new", "loop", "--dir", str(tmp_path)])
    folder = tmp_path / "loop"
    out = tmp_path / "loop.pdf"
    lines: list[str] = []
    stop = threading.Event()

    def rebuild():
        result = build(open_game(str(folder)), out)
        return f"{result.pages} pages"

    thread = threading.Thread(target=watch, args=(rebuild, lambda: [folder]),
                              kwargs={"echo": lines.append, "stop": stop,
                                      "max_builds": 3})
    thread.start()
    try:
        _wait(lambda: len(lines) >= 1)
        first = out.read_bytes()
        edit_csv(folder / "cards.csv", 2, "count", "12")  # 16 cards: a second sheet
        _wait(lambda: len(lines) >= 2)
        assert out.read_bytes() != first
        assert len(PdfReader(out).pages) > len(pages_of(first))
        good = out.read_bytes()
        edit_csv(folder / "cards.csv", 3, "count", "many")
        _wait(lambda: "still watching" in lines[-1])
        assert "Error:" in lines[-1]
        # the finding naming the cell comes first, then the one Error line
        assert 'error: cards.csv, row 3, field "count"' in lines[-2]
        assert out.read_bytes() == good  # the mistake did not destroy the last good PDF
    finally:
        stop.set()
        thread.join(5)


def pages_of(data: bytes):
    """The pages of a PDF held in memory."""
    import io

    return PdfReader(io.BytesIO(data)).pages


def _wait(condition, timeout=60.0):  # generous: a loaded 2-core machine is slow to start
    end = time.time() + timeout
    while time.time() < end:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError("timed out waiting for the watcher")


def test_deck_without_engine_cannot_be_simulated(tmp_path):
    CliRunner().invoke(main, ["new", "plain", "--dir", str(tmp_path)])
    game = open_game(str(tmp_path / "plain"))
    try:
        game.spec.new_game(game.model)
    except PnpError as exc:
        assert "has no rules engine" in str(exc) and exc.exit_code == 2
        assert 'game.toml, field "game.engine"' in str(exc)
    else:
        raise AssertionError("a plain deck has no engine")


def test_a_rules_file_beside_a_plain_deck_is_named_as_not_played(tmp_path):
    """engine = "deck" plays no rules.toml: validate warns so, and simulate's error (bad
    data, exit 2) names game.toml's [game] engine and says to set engine = "rules"."""
    CliRunner().invoke(main, ["new", "plain", "--dir", str(tmp_path)])
    folder = tmp_path / "plain"
    (folder / "rules.toml").write_text("[players]\ncount = 2\n", encoding="utf-8")
    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert res.exit_code == 0 and 'warning: game.toml, field "game.engine": rules.toml is ' \
        'not used: [game] engine = "deck" plays no rules; set engine = "rules"' in res.output, \
        res.output
    res = CliRunner().invoke(main, ["simulate", "--game", str(folder), "--games", "1"])
    assert res.exit_code == 2, res.output
    assert 'Error: game.toml, field "game.engine": Plain has no rules engine (engine = ' \
        '"deck"): set engine = "rules" to play the rules.toml beside it' in res.output


def test_watch_survives_atomic_saves_and_vanishing_files(tmp_path):
    """Editors save by writing a temporary file and renaming it over the original; files come and
    go between the event and any look at them. The watcher keeps going and builds the result."""
    import os

    runner = CliRunner()
    runner.invoke(main, ["new", "atomic", "--dir", str(tmp_path)])
    folder = tmp_path / "atomic"
    out = tmp_path / "atomic.pdf"
    lines: list[str] = []
    stop = threading.Event()

    def rebuild():
        return f"{build(open_game(str(folder)), out).pages} pages"

    thread = threading.Thread(target=watch, args=(rebuild, lambda: [folder]),
                              kwargs={"echo": lines.append, "stop": stop})
    thread.start()
    try:
        _wait(lambda: len(lines) >= 1)
        for i in range(30):  # files that vanish as soon as they appear
            flash = folder / f"scratch{i}.txt"
            flash.write_text("x")
            flash.unlink()
        text = (folder / "cards.csv").read_text(encoding="utf-8")
        tmp = folder / "cards.csv.new"  # a visible temporary, as some editors use
        tmp.write_text(text.replace("Sunrise", "Moonrise"), encoding="utf-8")
        os.replace(tmp, folder / "cards.csv")
        _wait(lambda: "Moonrise" in "".join(p.extract_text() for p in PdfReader(out).pages))
        assert thread.is_alive()
        assert not any("Error" in line for line in lines), lines
    finally:
        stop.set()
        thread.join(5)
    assert not thread.is_alive()


@pytest.mark.parametrize("cache", ["cache", ".pnpcache", "."])
def test_watch_with_its_output_inside_the_game_folder_builds_once_per_edit(tmp_path, cache):
    """`pnp watch --out` inside the watched folder: writing the PDF is not a change to rebuild
    for (it used to rebuild forever); nor is pnp's cache kept there (a hit touches its entry),
    nor a hidden folder's files."""
    import os

    CliRunner().invoke(main, ["new", "inside", "--dir", str(tmp_path)])
    folder = tmp_path / "inside"
    out = folder / "output" / "kit.pdf"
    env = dict(os.environ, PNP_CACHE_DIR=str(folder / cache))
    with _watching(["--game", str(folder), "--out", str(out)], env=env) as lines:
        _wait(lambda: sum("rebuilt" in line for line in lines) >= 1)
        edit_csv(folder / "cards.csv", 2, "count", "5")
        _wait(lambda: sum("rebuilt" in line for line in lines) >= 2)
        time.sleep(1.0)
        booklet = folder / "booklet.md.j2"  # rendered anew: its compiled template is kept
        booklet.write_text(booklet.read_text() + "\nA further line.\n")  # no number: bound.py
        _wait(lambda: sum("rebuilt" in line for line in lines) >= 3)
        (folder / ".git").mkdir()
        (folder / ".git" / "index").write_text("a commit")
        time.sleep(1.5)  # time for any build that writing the PDF would wrongly trigger
        assert sum("rebuilt" in line for line in lines) == 3, lines
        assert any((folder / cache).rglob("*.pickle"))  # the cache was there, and used
    assert "stopped" in lines[-1]


def test_watch_keeps_the_print_record_of_the_pdf_it_writes(tmp_path, monkeypatch):
    """`pnp watch` rewrites output/<game>.pdf and its record with it: `build --changed` then
    compares with the PDF last written (it used to compare with the last `pnp build`'s, so a
    card watch had printed anew and edited back read as unchanged)."""

    runner = CliRunner()
    runner.invoke(main, ["new", "wdemo", "--dir", str(tmp_path)])
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(main, ["build", "--game", "wdemo"]).exit_code == 0
    cards, output = tmp_path / "wdemo" / "cards.csv", tmp_path / "output"
    with _watching(["--game", "wdemo"], cwd=tmp_path) as lines:
        _wait(lambda: sum("rebuilt" in line for line in lines) >= 1)
        cards.write_text(cards.read_text("utf-8").replace("two", "three"), "utf-8")
        _wait(lambda: sum("rebuilt" in line for line in lines) >= 2)
        kept = [(output / name).read_bytes() for name in ("wdemo.pdf", "wdemo.printed.json")]
        edit_csv(cards, 3, "count", "many")  # a failed rebuild leaves both as they were
        _wait(lambda: "still watching" in lines[-1])
        assert [(output / name).read_bytes() for name in ("wdemo.pdf", "wdemo.printed.json")] \
            == kept
        edit_csv(cards, 3, "count", "2")
        _wait(lambda: sum("rebuilt" in line for line in lines) >= 3)
    assert "Draw three cards." in _words(output / "wdemo.pdf")
    cards.write_text(cards.read_text("utf-8").replace("three", "two"), "utf-8")
    res = runner.invoke(main, ["build", "--game", "wdemo", "--changed"])
    assert res.exit_code == 0 and "nothing changed" not in res.output, res.output
    assert "Draw two cards." in _words(output / "wdemo-changed.pdf")


@contextmanager
def _watching(args: list[str], **popen):
    """A real `pnp watch` process and the lines it prints (a list that grows); stopped with
    Ctrl-C at the end, its last line read."""
    import signal
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "pnp", "watch", *args], text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, **popen)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(proc.stdout.readline, "")),
                              daemon=True)
    reader.start()
    try:
        yield lines
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(10)
        reader.join(5)


def _words(pdf) -> str:
    """A PDF's text, a space between words (a bold word is a run of its own)."""
    return " ".join(" ".join(p.extract_text() for p in PdfReader(pdf).pages).split())


def test_a_game_named_dot_is_the_folder_it_is_in(tmp_path, monkeypatch):
    """`pnp watch --game .` from inside the game: its PDF is output/<folder>.pdf (it was
    output/.pdf) and `pnp serve` names it."""
    from pnp.data.game import find_game

    CliRunner().invoke(main, ["new", "here", "--dir", str(tmp_path)])
    monkeypatch.chdir(tmp_path / "here" / "layouts")
    assert find_game("..") == tmp_path / "here"
    monkeypatch.chdir(tmp_path / "here")
    assert find_game(".") == tmp_path / "here" and find_game(".").name == "here"


def test_a_hidden_game_folder_is_named_by_its_title_transliterated(tmp_path):
    # a folder whose name is hidden gives its outputs the title's slug: "Dédale" was "d-dale"
    new_game("hid", tmp_path)
    toml = tmp_path / "hid" / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('title = "Hid"',
                                                             'title = "Dédale"'), encoding="utf-8")
    (tmp_path / "hid").rename(tmp_path / ".hid")
    assert open_game(str(tmp_path / ".hid")).name == "dedale"


def test_a_cache_around_or_in_the_game_folder_hides_only_its_entries(tmp_path, monkeypatch):
    """The cache kept in the game folder itself (or one above it) shares fonts/ and layouts/
    with the game's files: its entries are not edits, the game's files still are."""
    from pnp.cache import is_entry

    game = tmp_path / "g"
    for cache in (game, tmp_path, game / ".pnpcache"):
        monkeypatch.setenv("PNP_CACHE_DIR", str(cache))
        assert is_entry(cache / "fonts" / "0123abcd.pickle")
        assert is_entry(cache / "fonts" / "x.pickle.part")
        assert not is_entry(cache / "elsewhere" / "x.pickle")
        for mine in ("layouts/card.toml", "fonts/R.ttf", "cards.csv", "game.toml"):
            assert not is_entry(game / mine), (cache, mine)


def test_a_hex_map_is_one_board_in_the_checklist_and_the_booklet(tmp_path):
    """The hex-board starter's checklist said "19 × island" and its booklet "Island | 19": a
    player looked for 19 pieces where the kit prints one board of 19 hexes."""
    from pnp.project import open_game
    from pnp.render.fonts import load_fonts
    from pnp.scaffold import new_game

    opened = open_game(str(new_game("map", tmp_path, "hex-board")))
    kit = opened.spec.build_kit(opened.model, load_fonts())
    assert kit.checklist() == [("Island, printed on it:", True), ("19 \u00d7 hex", False)]
    assert "| Island | 1 |" in kit.booklet.text
    assert kit.manifest()["island"] == 19       # (what printed = played counts: the cells)


def test_the_shipped_boards_list_what_is_printed_on_them_under_them():
    from pnp.project import open_game
    from pnp.render.fonts import load_fonts

    opened = open_game("wuxing")
    kit = opened.spec.build_kit(opened.model, load_fonts())
    lines = kit.checklist()
    assert ("Board: 3 paths of 5 islands, printed on it:", True) in lines
    assert ("15 \u00d7 island", False) in lines
    assert not any(line == "15 \u00d7 island" and piece for line, piece in lines)


def test_a_new_game_may_not_hide_a_shipped_one(tmp_path, monkeypatch):
    """`pnp new wuxing` made card_data/wuxing, and `pnp build --game wuxing` (the README's own
    command) then built a blank deck in its place."""
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(main, ["new", "wuxing"])
    assert res.exit_code == 1 and not (tmp_path / "card_data" / "wuxing").exists()
    assert "'wuxing' is a game pnp ships" in res.output, res.output
    # a card_data elsewhere hides it from a build run beside it, whatever the folder now
    res = CliRunner().invoke(main, ["new", "wuxing", "--dir", "proj/card_data"])
    assert res.exit_code == 1 and not (tmp_path / "proj").exists(), res.output
    assert "would hide it from --game wuxing run in proj (a card_data folder is looked in " \
        "first)" in res.output, res.output
    res = CliRunner().invoke(main, ["new", "wuxing", "--dir", "mine"])   # (hides nothing)
    assert res.exit_code == 0 and (tmp_path / "mine" / "wuxing" / "game.toml").is_file()
