"""Robustness corpus, second pass: a downloaded game folder or a careless command line can never
read outside the game folder, replace what was not asked for, hang, or end in a traceback. Each
case is one thing a stranger's folder or command line did, with the exact line pnp must answer."""

import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers import ROOT, usage_error
from pnp import sandbox
from pnp.cli import main
from pnp.data.files import MAX_PIECES, MAX_ROWS
from pnp.errors import DataError
from pnp.project import build, open_game
from pnp.templating import render_template


def _run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def _no_traceback(result):
    assert "Traceback" not in result.output
    assert "bug in pnp" not in result.output


def refusal(deck) -> str:
    """The first error the deck gets, as `pnp validate` names it: loading refuses what it cannot
    read at all, validation reports the rest (each bad cell a finding)."""
    from pnp.project import validate

    try:
        game = open_game(str(deck))
    except DataError as exc:
        return str(exc)
    found = [f for f in validate(game) if f.level == "error"]
    assert found, "the deck was accepted"
    return str(found[0]).removeprefix("error: ")


@pytest.fixture
def deck(tmp_path):
    """A fresh plain deck (what `pnp new` makes): the smallest game that builds."""
    assert _run("new", "deck", "--dir", tmp_path).exit_code == 0
    return tmp_path / "deck"


def _render(folder: Path, text: str) -> str:
    (folder / "booklet.md.j2").write_text(text, encoding="utf-8")
    return render_template([folder], "booklet.md.j2", {})


# ---- nothing outside the game folder is read ---------------------------------------------------
@pytest.mark.parametrize("tag", ['{% include "leak.md.j2" %}', '{% extends "leak.md.j2" %}',
                                 '{% import "leak.md.j2" as leak %}',
                                 '{% from "leak.md.j2" import x %}'])
def test_a_template_link_to_a_file_outside_the_game_folder_is_refused(tmp_path, tag):
    secret = tmp_path / "secret.txt"
    secret.write_text("API_KEY=12345")
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "leak.md.j2").symlink_to(secret)
    with pytest.raises(DataError) as info:
        _render(folder, f"# Rules\n\n{tag}\n")
    assert str(info.value) == ("booklet.md.j2: line 3: template 'leak.md.j2' is a link to a "
                               "file outside the game folder; refused")


def test_a_template_link_inside_the_game_folder_still_works(tmp_path):
    folder = tmp_path / "game"
    (folder / "parts").mkdir(parents=True)
    (folder / "parts" / "setup.md.j2").write_text("Shuffle the deck.")
    (folder / "setup.md.j2").symlink_to(folder / "parts" / "setup.md.j2")
    assert _render(folder, '{% include "setup.md.j2" %}') == "Shuffle the deck."


def test_the_booklet_template_itself_as_an_outside_link_is_refused(deck, tmp_path):
    (tmp_path / "secret.txt").write_text("API_KEY=12345")
    (deck / "booklet.md.j2").unlink()
    (deck / "booklet.md.j2").symlink_to(tmp_path / "secret.txt")
    result = CliRunner().invoke(main, ["build", "--game", str(deck), "--out",
                                       str(tmp_path / "kit.pdf")])
    assert result.exit_code == 2
    assert result.output == ('Error: game.toml, field "booklet.template": path '
                             "'booklet.md.j2' leaves the game folder (it is a link to a file "
                             "outside it)\n")


def test_the_build_of_an_including_template_never_prints_the_outside_file(deck, tmp_path):
    (tmp_path / "secret.txt").write_text("API_KEY=12345")
    (deck / "leak.md.j2").symlink_to(tmp_path / "secret.txt")
    (deck / "booklet.md.j2").write_text('# Rules\n\n{% include "leak.md.j2" %}\n')
    result = CliRunner().invoke(main, ["build", "--game", str(deck), "--out",
                                       str(tmp_path / "kit.pdf")])
    assert result.exit_code == 2
    assert result.output == ("Error: booklet.md.j2: line 3: template 'leak.md.j2' is a link to "
                             "a file outside the game folder; refused\n")
    assert not (tmp_path / "kit.pdf").exists()


# ---- nothing hangs or explodes: templates -----------------------------------------------------
@pytest.mark.parametrize("text,message", [
    ("{{ 9**999999999 }}", "line 1: 9 ** 999999999 is too large a number"),
    ("{{ range(10**9) }}", "line 1: template error: Range too big. The sandbox blocks ranges "
                           "larger than MAX_RANGE (100000)."),
    ("{{ 'x' * 10**9 }}", "line 1: repeating a text or list 1,000,000,000 times is too large"),
    ("{{ [0] * 10**9 }}", "line 1: repeating a text or list 1,000,000,000 times is too large"),
    ("{{ 'x'|center(10**9) }}", "line 1: center(1000000000) is too wide (at most 1000)"),
    ("{{ 'x'.ljust(10**9) }}", "line 1: ljust(1000000000) is too wide (at most 1000)"),
    ("{{ 'a\tb'.expandtabs(10**9) }}", "line 1: expandtabs(1000000000) is too wide (at most 1000)"),
    ("{{ 'x'|indent(10**9) }}", "line 1: indent(1000000000) is too wide (at most 1000)"),
    ("{{ [1]|tojson(indent=10**9) }}", "line 1: tojson(1000000000) is too wide (at most 1000)"),
    ("{{ '%999999999d'|format(1) }}",
     "line 1: format '%999999999d': widths over 1000 are not allowed"),
    ("{{ '%999999999d' % 1 }}", "line 1: format '%999999999d': widths over 1000 are not allowed"),
    ("{{ '%*d' % (10**9, 1) }}",
     "line 1: format '%*d': a width taken from an argument is not allowed"),
    ("{{ '{:>999999999}'.format(1) }}",
     "line 1: format '{:>999999999}': widths over 1000 are not allowed"),
    ("{{ ('x' * 100000)|replace('', 'y' * 100000) }}",
     "line 1: replace could make 10,000,200,000 characters (at most 2,000,000)"),
    ("{{ range(100000)|join('x' * 100) }}", "line 1: join would make over 2,000,000 characters"),
    ("{% set ns = namespace(s='x') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}"
     "{% endfor %}", "line 1: joining texts with ~ would make over 2,000,000 characters"),
    ("{% for i in range(100000) %}{% for j in range(1000) %}xxxxxxxxxx{% endfor %}{% endfor %}",
     "the text grows past 2,000,000 characters (a loop far too large?)"),
    ("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}",
     "line 1: template nests too deeply or calls itself without end (a circular include or "
     "macro)"),
    ("{{ lipsum(10**6) }}", "line 1: template uses an unknown name: 'lipsum' is undefined"),
    ("{{ 'x'|wordwrap(0) }}", "line 1: template error: invalid width 0 (must be > 0)"),
    ("{{ 'x'|truncate(-5) }}", "line 1: template error: expected length >= 3, got -5"),
    ("{{ 'a'|replace() }}", "line 1: template error: do_replace() missing 2 required "
                            "positional arguments: 'old' and 'new'"),
    ("{{ [1, 'a']|max }}",
     "line 1: template error: '>' not supported between instances of 'str' and 'int'"),
    ("{{ 1|round(2, 'x') }}", "line 1: template error: method must be common, ceil or floor"),
    ("{{ 9**4000 }}", "line 1: 9 ** 4000 is too large a number"),
    ("{{ (9**1400) * (9**1400) * (9**1400) }}",
     "line 1: a product of more than 3,000 digits is too large a number"),
    ("{{ {}|dictsort(by='x') }}",
     "line 1: template error: You can only sort by either \"key\" or \"value\""),
    ("# Rules\n\n{{ 1 / 0 }}", "line 3: template error: division by zero"),
])
def test_every_template_error_is_one_line_naming_the_file_and_line(tmp_path, text, message):
    with pytest.raises(DataError) as info:
        _render(tmp_path, text)
    assert str(info.value) == f"booklet.md.j2: {message}"


@pytest.mark.parametrize("text", [
    "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
    # no call, no output: only a watchdog sees this loop
    "{% set a = [0] * 2000 %}{% for i in a %}{% for j in a %}{% for k in a %}{% endfor %}"
    "{% endfor %}{% endfor %}",
])
def test_a_template_that_runs_too_long_is_stopped_naming_it(tmp_path, monkeypatch, text):
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.3)
    with pytest.raises(DataError) as info:
        _render(tmp_path, "# Rules\n" + text)
    assert str(info.value) == ("booklet.md.j2: line 2: the template ran for more than 0.3 s (a "
                               "loop without end, or far too large?)")
    assert _render(tmp_path, "{{ 6 * 7 }}") == "42"  # the watchdog is gone afterwards


def test_a_long_template_loop_stops_a_real_build_with_one_line(deck, tmp_path, monkeypatch):
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.3)
    (deck / "booklet.md.j2").write_text("{% for i in range(100000) %}{% for j in range(100000) %}"
                                        "{% endfor %}{% endfor %}\n")
    result = CliRunner().invoke(main, ["validate", "--game", str(deck)])
    assert result.exit_code == 2
    assert result.output == ("Error: booklet.md.j2: line 1: the template ran for more than 0.3 s "
                             "(a loop without end, or far too large?)\n")


# ---- nothing hangs or explodes: pieces and layout ---------------------------------------------
def test_total_pieces_and_rows_are_bounded_with_quick_errors(deck):
    from pnp.data.files import MAX_PIECES

    rows = "".join(f"Card {i},x,sun,1000\n" for i in range(9000))
    (deck / "cards.csv").write_text("title,text,colour,count\n" + rows)
    assert refusal(deck) == ('cards.csv, field "count": the counts add up to 9,000,000 pieces; '
                               f"a kit holds at most {MAX_PIECES:,}")
    rows = "".join(f"Card {i},x,sun,1\n" for i in range(MAX_ROWS + 1))
    (deck / "cards.csv").write_text("title,text,colour,count\n" + rows)
    assert refusal(deck) == (f"cards.csv: {MAX_ROWS + 1:,} rows; pnp reads at most "
                               f"{MAX_ROWS:,} rows from one file")


@pytest.mark.parametrize("width", ["0.001mm", "4.9mm", "0.01in"])
def test_a_piece_too_small_to_cut_is_refused(deck, width):
    toml = deck / "game.toml"
    toml.write_text(toml.read_text().replace('size = "poker"',
                                             f'width = "{width}"\nheight = "88mm"'))
    assert refusal(deck) == (f'game.toml, [[component]] "card", field "width": {width!r} is not a '
                             'usable size '
                               "(from 5mm to 1000mm)")


def test_sigterm_stops_simulate_and_its_workers_without_a_traceback():
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "simulate", "--game", "legolas",
                             "-n", "5000", "--jobs", "2"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    children_file = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
    workers: list[int] = []
    for _ in range(100):  # until both workers run
        time.sleep(0.1)
        workers = [int(p) for p in children_file.read_text().split()] if children_file.exists() \
            else []
        if len(workers) >= 2:
            break
    assert len(workers) >= 2
    time.sleep(0.3)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert err.decode() == "Error: interrupted; no output was changed\n"
    time.sleep(0.5)
    for pid in workers:
        assert not Path(f"/proc/{pid}").exists() or \
            Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"


# ---- nothing the user did not ask to replace is replaced --------------------------------------
@pytest.mark.parametrize("name", ["cards.csv", "game.toml", "booklet.md.j2", "art.png",
                                  "fonts/Mine.ttf"])
def test_out_naming_one_of_the_games_own_files_is_refused(deck, name):
    (deck / "booklet.md.j2").write_text("# Rules\n")
    (deck / "fonts").mkdir()
    (deck / "fonts" / "Mine.ttf").write_bytes((ROOT / "fonts" / "PnPCJKSubset.ttf").read_bytes())
    (deck / "art.png").write_bytes(b"\x89PNG")
    before = (deck / name).read_bytes()
    result = CliRunner().invoke(main, ["build", "--game", str(deck), "--out", str(deck / name)])
    assert result.exit_code == 1
    assert result.output == (f"Error: --out {deck / name} is one of the game's own files; pnp "
                             "will not overwrite it (give a new file name)\n")
    assert (deck / name).read_bytes() == before


def test_out_naming_a_pipe_or_a_device_is_refused(deck, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for target in (fifo, Path("/dev/null")):
        result = CliRunner().invoke(main, ["build", "--game", str(deck), "--out", str(target)])
        assert result.exit_code == 1
        assert result.output == (f"Error: --out {target} is not a regular file (a device, pipe "
                                 "or socket); give a file name\n")
    assert fifo.is_fifo() and Path("/dev/null").is_char_device()


def test_a_pdf_inside_the_game_folder_may_be_replaced_and_a_linked_pdf_keeps_its_link(deck,
                                                                                    tmp_path):
    assert CliRunner().invoke(main, ["build", "--game", str(deck), "--out",
                                     str(deck / "kit.pdf")]).exit_code == 0
    assert CliRunner().invoke(main, ["build", "--game", str(deck), "--out",
                                     str(deck / "kit.pdf")]).exit_code == 0
    (tmp_path / "real.pdf").write_bytes(b"old")
    (tmp_path / "link.pdf").symlink_to(tmp_path / "real.pdf")
    assert CliRunner().invoke(main, ["build", "--game", str(deck), "--out",
                                     str(tmp_path / "link.pdf")]).exit_code == 0
    assert (tmp_path / "link.pdf").is_symlink()
    assert (tmp_path / "real.pdf").read_bytes().startswith(b"%PDF")


def _png_export(deck, out, dpi=30):
    return CliRunner().invoke(main, ["export", "--game", str(deck), "--format", "png",
                                     "--dpi", str(dpi), "--out", str(out)])


def test_export_into_the_folder_you_stand_in_replaces_its_files_not_the_folder(deck, tmp_path,
                                                                              monkeypatch):
    out = tmp_path / "faces"
    assert _png_export(deck, out).exit_code == 0
    inode = out.stat().st_ino
    monkeypatch.chdir(out)
    result = _png_export(deck, ".", dpi=40)
    assert result.exit_code == 0, result.output
    assert result.output == "./: 14 PNG faces at 40 dpi\n"
    assert Path.cwd() == out and out.stat().st_ino == inode
    names = sorted(p.name for p in out.iterdir())
    assert len(names) == 15 and names[0] == ".pnp-export"
    from PIL import Image

    with Image.open(out / "cards-001-sunrise-front.png") as img:
        assert img.info["dpi"][0] == pytest.approx(40, abs=0.01)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_export_through_a_linked_folder_keeps_the_link(deck, tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "faces").symlink_to(tmp_path / "real")
    for _ in range(2):
        result = _png_export(deck, tmp_path / "faces")
        assert result.exit_code == 0, result.output
    assert (tmp_path / "faces").is_symlink()
    assert len(list((tmp_path / "real").glob("*.png"))) == 14
    assert [p.name for p in tmp_path.iterdir()] != [] and \
        sorted(p.name for p in tmp_path.iterdir()) == ["deck", "faces", "real"]


def test_export_never_replaces_the_game_folder_or_a_folder_holding_it(deck, tmp_path):
    for target in (deck, tmp_path):
        result = _png_export(deck, target)
        assert result.exit_code == 1
        assert result.output == (f"Error: --out {target} holds the game folder; choose a new "
                                 "folder\n")
    assert (deck / "cards.csv").is_file()


def test_build_of_the_game_you_stand_in_is_named_after_its_folder(deck, monkeypatch):
    monkeypatch.chdir(deck)
    result = CliRunner().invoke(main, ["build", "--game", "."])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("output/deck.pdf: 6 pages")
    assert sorted(os.listdir(deck / "output")) == ["deck.pdf", "deck.printed.json"]


def test_a_game_in_a_hidden_folder_is_named_after_its_title(tmp_path):
    assert _run("new", "dune-sea", "--dir", tmp_path).exit_code == 0
    os.rename(tmp_path / "dune-sea", tmp_path / ".draft")
    assert open_game(str(tmp_path / ".draft")).name == "dune-sea"


# ---- no traceback, ever ----------------------------------------------------------------------
@pytest.mark.parametrize("markup", ["***bold italic***", "**a *b** c*", "*a **b* c**",
                                    "**never closed", "*** spaced ***", "a ** b", "2*3*4 = 24",
                                    "<b>not a tag</b> & co", "**木火** *土* ***金***"])
def test_any_emphasis_in_a_booklet_or_ruling_prints(deck, tmp_path, markup):
    from pypdf import PdfReader

    (deck / "booklet.md.j2").write_text(
        f"# Rules\n\n{markup}\n\n- {markup}\n\n| {markup} | x |\n|---|---|\n| {markup} | y |\n\n"
        "{% for r in rulings %}- **{{ r.title }}.** {{ r.text }}\n{% endfor %}\n")
    (deck / "rulings.toml").write_text(f'[[ruling]]\nid = "r1"\ntitle = "One"\n'
                                       f'text = "{markup}"\n')
    built = build(open_game(str(deck)), tmp_path / "kit.pdf", force=True)  # its numbers: bound.py
    text = "".join(p.extract_text() for p in PdfReader(tmp_path / "kit.pdf").pages)
    assert built.pages == 6
    for word in re.findall(r"[A-Za-z\u4e00-\u9fff]+", markup):
        assert word in text


@pytest.mark.parametrize("text,runs", [
    ("***both***", [("both", True, True)]),
    ("**a *b** c*", [("a *b", True, False), (" c*", False, False)]),
    ("*a **b* c**", [("a **b", False, True), (" c**", False, False)]),
    ("***a** b*", [("a", True, True), (" b", False, True)]),
    ("***a* b**", [("a", True, True), (" b", True, False)]),
    ("2*3*4", [("2*3*4", False, False)]),
    ("**open", [("**open", False, False)]),
    ("** spaced **", [("** spaced **", False, False)]),
    ("****", [("****", False, False)]),
    ("**bold** and *it*", [("bold", True, False), (" and ", False, False), ("it", False, True)]),
])
def test_emphasis_runs_are_well_nested(text, runs):
    from pnp.render.emphasis import emphasis

    assert emphasis(text) == runs


def _font_game(deck, data: bytes):
    (deck / "Mine.ttf").write_bytes(data)
    toml = deck / "game.toml"
    toml.write_text(toml.read_text() + '\n[fonts]\nregular = "Mine.ttf"\n')


@pytest.mark.parametrize("cut,message", [
    (30_000, "not a usable TrueType font (cut short: its tables need {end:,} bytes, the file "
             "has {size:,})"),
    (-2000, "not a usable TrueType font (cut short: its tables need {end:,} bytes, the file has "
            "{size:,})"),
])
def test_a_truncated_font_is_named_when_registered(deck, cut, message):
    data = (ROOT / "fonts" / "DejaVuSans.ttf").read_bytes()
    _font_game(deck, data[:cut])
    message = message.format(end=_last_table_end(data), size=len(data[:cut]))
    assert refusal(deck) == f'game.toml, field "fonts.regular": Mine.ttf: {message}'


def _last_table_end(font: bytes) -> int:
    (count,) = struct.unpack(">H", font[4:6])
    return max(sum(struct.unpack(">II", font[20 + 16 * i: 28 + 16 * i])) for i in range(count))


def test_a_nul_character_in_a_toml_path_is_named(deck):
    toml = deck / "game.toml"
    toml.write_text(toml.read_text() + '\n[fonts]\nregular = "a\\u0000b.ttf"\n')
    assert refusal(deck) == ('game.toml, field "fonts.regular": path \'a\\x00b.ttf\' contains '
                               "a NUL character")


def test_deeply_nested_toml_is_named(deck):
    (deck / "game.toml").write_text("a = " + "[" * 5000 + "]" * 5000 + "\n")
    assert refusal(deck) == "game.toml: not valid TOML: arrays or tables nested too deeply"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _garbage_png() -> bytes:
    """A PNG whose checksums are all right and whose pixel data is not zlib at all."""
    header = struct.pack(">IIBBBBB", 64, 64, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", b"garbage" * 30)
            + _chunk(b"IEND", b""))


def _truncated_jpeg() -> bytes:
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.effect_noise((200, 200), 80).convert("RGB").save(buf, "JPEG")
    return buf.getvalue()[: len(buf.getvalue()) // 2]


def _image_game(deck, cell: str):
    (deck / "cards.csv").write_text(f"title,text,colour,count,image\nSun,Draw,sun,1,{cell}\n")


@pytest.mark.parametrize("name,data,message", [
    ("garbage.png", _garbage_png(), "image 'garbage.png' is damaged (broken data stream when "
                                    "reading image file); save it again from an image editor"),
    ("cut.jpg", _truncated_jpeg(), "image 'cut.jpg' is damaged (image file is truncated"),
])
def test_an_image_that_only_looks_like_one_is_named_when_checked(deck, name, data, message):
    (deck / name).write_bytes(data)
    _image_game(deck, name)
    assert refusal(deck).startswith(f'cards.csv, row 2, field "image": {message}')


def test_an_image_name_longer_than_the_system_allows_is_named(deck):
    _image_game(deck, "a" * 300 + ".png")
    assert refusal(deck) == ('cards.csv, row 2, field "image": path '
                               "'" + "a" * 57 + "...': a file name longer than 255 bytes cannot "
                               "exist")


@pytest.mark.parametrize("args,message", [
    (["new", "x", "--dir", "/proc/nowhere"],
     "Error: cannot create /proc/nowhere/x: No such file or directory"),
    (["new", "x", "--dir", "/etc/hostname/sub"],
     "Error: cannot create /etc/hostname/sub/x: Not a directory"),
    (["calibrate", "--out", "/proc/c.pdf"], "Error: cannot write /proc/c.pdf: No such file or "
                                            "directory"),
    (["calibrate", "--out", "/etc/hostname/c.pdf"],
     "Error: cannot create folder /etc/hostname: a file has that name"),
    (["build", "--game", "wuxing", "--back-offset", "nan,0"],
     "Error: Invalid value for '--back-offset': takes two numbers in mm, like 0.5,-1 (got "
     "'nan,0')"),
    (["build", "--game", "wuxing", "--back-offset", "1,inf"],
     "Error: Invalid value for '--back-offset': takes two numbers in mm, like 0.5,-1 (got "
     "'1,inf')"),
    (["build", "--game", "wuxing", "--back-offset", "1,2,3"],
     "Error: Invalid value for '--back-offset': takes two numbers in mm, like 0.5,-1 (got "
     "'1,2,3')"),
    (["build", "--game", "wuxing", "--paper", "10x10mm"],
     "Error: Invalid value for '--paper': each side must be from 90 to 1200 mm (got 10 mm)"),
    (["simulate", "--game", "wuxing", "-n", "2", "--jobs", "1", "--agents", "os:system"],
     "Error: Invalid value for '--agents' / '-a': agent 'os:system' cannot be built without "
     "arguments (TypeError: system() missing required argument 'command' (pos 1))"),
    (["simulate", "--game", "wuxing", "-n", "2", "--jobs", "1", "--agents", "json:dumps"],
     "Error: Invalid value for '--agents' / '-a': agent 'json:dumps' cannot be built without "
     "arguments (TypeError: dumps() missing 1 required positional argument: 'obj')"),
    (["simulate", "--game", "wuxing", "-n", "2", "--jobs", "1", "--agents", "json:JSONDecoder"],
     "Error: Invalid value for '--agents' / '-a': agent 'json:JSONDecoder' has no "
     "choose(observation, legal, rng) method"),
])
def test_unusable_paths_and_values_on_the_command_line_are_one_line(args, message):
    result = CliRunner().invoke(main, args)
    assert result.exit_code != 0
    assert result.output.strip().splitlines()[-1] == message
    _no_traceback(result)


def test_an_agent_that_breaks_the_rules_in_play_is_named(tmp_path, monkeypatch):
    (tmp_path / "cheat.py").write_text("class Cheat:\n    name = 'cheat'\n"
                                       "    def choose(self, obs, legal, rng):\n"
                                       "        return 10 ** 6\n")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["play", "--game", "wuxing", "--seed", "1", "--opponent",
                                       "cheat.py:Cheat"], input="1\n1\n1\n")
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == ("Error: agent 'cheat.py:Cheat' chose 1000000, "
                                              "which is not one of the legal moves")


@pytest.mark.parametrize("typed,answer", [
    ("²", "'²' is not one of your moves: type its number (1 to 5)"),
    ("①", "'①' is not one of your moves: type its number (1 to 5)"),
    ("1" * 5000, "there is no move '" + "1" * 37 + "...': choose a number from 1 to 5"),
    ("#" + "1" * 5000, "'#" + "1" * 36 + "...' is out of range: no game has that many "
     "actions"),
    ("#99999999999999999999", "'#99999999999999999999' is out of range: no game has that many "
     "actions"),
    ("#-1", "'#-1' is out of range: engine action ids are 0 and up"),
    ("#-99999999999999999", "'#-99999999999999999' is out of range: engine action ids are 0 "
     "and up"),
    ("#²", "'#²': write # and an engine action id, e.g. #3"),
    ("-3", "there is no move -3: choose a number from 1 to 5"),
])
def test_odd_numbers_typed_in_play_are_refused_politely(typed, answer):
    from pnp.sim.play import parse_choice
    from pnp.sim.simulate import load_game

    state = load_game("wuxing").game.new_initial_state()
    from pnp.engine.core import CHANCE
    import random

    rng = random.Random(1)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance(rng))
    legal = list(state.legal_actions())
    labels = [state.action_to_string(a) for a in legal]
    assert len(legal) == 5
    assert parse_choice(state, legal, labels, typed) == (None, answer)


def test_a_large_engine_action_id_is_the_engines_to_refuse_with_its_range(tmp_path):
    """#99999999999999999 is a number: the rules engine says which ids it has."""
    from pnp.scaffold import new_game
    from pnp.sim.play import parse_choice
    from pnp.sim.simulate import load_game

    import random

    from pnp.engine.core import CHANCE

    state = load_game(str(new_game("mine", tmp_path, "market"))).game.new_initial_state()
    rng = random.Random(1)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance(rng))
    legal = list(state.legal_actions())
    labels = [state.action_to_string(a) for a in legal]
    action, why = parse_choice(state, legal, labels, "#99999999999999999")
    assert action is None and why.startswith("illegal: ") and "(actions are 0 to " in why, why


# ---- every message names the file to edit -----------------------------------------------------
def test_a_truncated_game_toml_is_reported_as_a_missing_palette_entry(game_copy):
    folder = game_copy("wuxing")
    toml = folder / "game.toml"
    toml.write_text(toml.read_text()[:700])
    assert refusal(folder) == ('elements.csv, row 2, field "colour": \'wood\' is missing from '
                               "game.toml's [palette] (it is empty); add it there or write the "
                               "colour as #rrggbb or a CSS colour name")


def test_an_unknown_palette_name_in_a_csv_names_the_palette(deck):
    (deck / "cards.csv").write_text("title,text,colour,count\nSun,Draw,sunny,1\n")
    assert refusal(deck) == ('cards.csv, row 2, field "colour": \'sunny\' is missing from '
                             "game.toml's [palette] (did you mean 'sun'?); add it there or "
                             "write the colour as #rrggbb or a CSS colour name")


@pytest.mark.parametrize("text,message", [
    ("# Rules\n\n[[figure nope]]\n",
     "line 3: [[figure nope]]: unknown figure; this game has: none"),
    ("| " + "word " * 3000 + "|\n", "a table is taller than a booklet page; split it"),
])
def test_booklet_layout_errors_name_the_template_file(deck, tmp_path, text, message):
    (deck / "booklet.md.j2").write_text(text)
    with pytest.raises(DataError) as info:
        build(open_game(str(deck)), tmp_path / "kit.pdf")
    assert str(info.value) == f"booklet.md.j2: {message}"


def test_a_missing_or_outside_cards_csv_is_named_as_cards_csv(deck, tmp_path):
    (deck / "cards.csv").unlink()
    # named where it is asked for, the setting a typo would be in
    assert refusal(deck) == ("game.toml, [[component]] \"card\", field \"data\": file 'cards.csv' not "
                             "found in "
                             "the game folder")
    (tmp_path / "elsewhere.csv").write_text("title,text,colour,count\n")
    (deck / "cards.csv").symlink_to(tmp_path / "elsewhere.csv")
    assert refusal(deck) == ("game.toml, [[component]] \"card\", field \"data\": path "
                             "'cards.csv' leaves the game folder (it is a link to a file "
                             "outside it)")


# ---- the boundary --------------------------------------------------------------------------
def test_a_bug_in_pnp_is_one_line_asking_for_a_report_and_a_traceback_with_debug(monkeypatch):
    import pnp.project

    def broken(*args, **kwargs):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(pnp.project, "check", broken)
    result = CliRunner().invoke(main, ["validate", "--game", "wuxing"])
    assert result.exit_code == 70
    assert result.output == ("Error: this is a bug in pnp, please report it (ZeroDivisionError: "
                             "boom); run again as `pnp --debug ...` for the details\n")
    result = CliRunner().invoke(main, ["--debug", "validate", "--game", "wuxing"])
    assert isinstance(result.exception, ZeroDivisionError)


def test_an_error_from_the_system_is_one_line_naming_the_path(monkeypatch):
    import pnp.project

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied", "/srv/games/duel/cards.csv")

    monkeypatch.setattr(pnp.project, "check", refused)
    result = CliRunner().invoke(main, ["validate", "--game", "wuxing"])
    assert result.exit_code == 1
    assert result.output == "Error: /srv/games/duel/cards.csv: Permission denied\n"


# ---- found by trying to break it again --------------------------------------------------------
def test_a_game_toml_that_links_outside_the_game_folder_is_not_read(deck, tmp_path,
                                                                   monkeypatch):
    (tmp_path / "private.toml").write_text((deck / "game.toml").read_text())
    (deck / "game.toml").unlink()
    (deck / "game.toml").symlink_to(tmp_path / "private.toml")
    with pytest.raises(DataError) as info:
        open_game(str(deck))
    assert str(info.value) == ("game.toml: path 'game.toml' leaves the game folder (it is a link "
                               "to a file outside it)")
    (tmp_path / "card_data").mkdir()
    shutil.move(str(deck), tmp_path / "card_data" / "deck")
    monkeypatch.chdir(tmp_path)
    listed = CliRunner().invoke(main, ["list"]).output.splitlines()
    # (names and titles padded to the longest listed)
    assert listed[0].split() == ["deck", "(game.toml", "has", "errors)",
                                 f"[{tmp_path / 'card_data' / 'deck'}]"]
    assert len({line.index("[") for line in listed}) == 1  # the paths in one column


def test_a_template_file_too_large_to_be_a_booklet_is_not_read(tmp_path, monkeypatch):
    import pnp.data.files

    monkeypatch.setattr(pnp.data.files, "MAX_FILE_BYTES", 1024 * 1024)
    (tmp_path / "big.md.j2").write_text("x" * (1024 * 1024 + 1))
    with pytest.raises(DataError) as info:
        _render(tmp_path, '{% include "big.md.j2" %}')
    assert str(info.value) == "booklet.md.j2: line 1: template 'big.md.j2' is over 1 MB; refused"


def test_a_template_nested_too_deeply_says_so(tmp_path):
    with pytest.raises(DataError) as info:
        _render(tmp_path, "{{ " + "(" * 500 + "1" + ")" * 500 + " }}")
    assert str(info.value) == ("booklet.md.j2: template nests too deeply or calls itself without "
                               "end (a circular include or macro)")


def test_bench_refuses_deck_sizes_no_machine_can_hold():
    result = CliRunner().invoke(main, ["bench", "--sizes", "1,99999999999"])
    assert usage_error(result, "--sizes") == (f"takes whole numbers from 1 to {MAX_PIECES:,}, "
                                              "separated by commas, not '1,99999999999'")


def test_output_cut_short_by_a_closed_pipe_ends_quietly(tmp_path):
    # the pipe's reading end is closed before pnp writes a byte, so its first write fails (with
    # `| head -1` the game could fit the pipe's buffer and end before head closed it)
    (tmp_path / "moves.txt").write_text("1\n" * 200)
    read_end, write_end = os.pipe()
    os.close(read_end)
    with open(tmp_path / "moves.txt") as moves, open(tmp_path / "err.txt", "w") as err:
        done = subprocess.run([sys.executable, "-m", "pnp.cli", "play", "--game", "wuxing",
                               "--seed", "1"], stdin=moves, stdout=write_end, stderr=err,
                              cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)})
    os.close(write_end)
    assert done.returncode == 141
    assert (tmp_path / "err.txt").read_text() == ""
