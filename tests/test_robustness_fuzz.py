"""Fuzzing what a stranger's game folder or command line can hold: template texts, booklet and
ruling markup, image bytes, font bytes, command-line values and `pnp play` input. Each answer
is a result or one DataError/Error line; never a traceback, never a hang. Example counts are
bounded so the suite stays fast."""

import contextlib
import io
import shutil
import struct
import zlib

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import ROOT
from pnp import sandbox
from pnp.errors import DataError, PnpError

def fuzz(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])

# ---- template texts --------------------------------------------------------------------------
JINJA = ["{{", "}}", "{%", "%}", "{#", "#}", " ", "\n", "(", ")", "[", "]", ",", "|", ".", "'",
         "~", "*", "**", "%", "+", "-", "/", "//", "9", "99999", "0", "-1", "x", "i", "range",
         "for", "in", "endfor", "if", "endif", "set", "=", "macro", "endmacro", "call",
         "include", "import", "extends", "block", "endblock", "raw", "endraw", "namespace",
         "game", "rulings", "title", "loop", "index", "join", "center", "format", "replace",
         "wordwrap", "truncate", "indent", "int", "string", "list", "length", "sum", "max",
         "tojson", "batch", "slice", "plural", "'a'", "'%s'", "'{}'", "'{:>9}'", "__class__",
         "self", "super", "true", "none", "10**9", "9**99", "attr", "map", "select"]


@fuzz(250)
@given(st.lists(st.sampled_from(JINJA), max_size=40).map("".join))
def test_any_template_text_renders_or_is_one_clear_error(tmp_path, monkeypatch, text):
    from pnp.templating import render_template

    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.5)
    (tmp_path / "booklet.md.j2").write_text(text, encoding="utf-8")
    context = {"game": {"title": "Duel", "players": "2"}, "rulings": [{"title": "A", "text": "B"}]}
    try:
        out = render_template([tmp_path], "booklet.md.j2", context)
    except DataError as exc:
        assert str(exc).startswith("booklet.md.j2: ") and "\n" not in str(exc)
    else:
        assert isinstance(out, str) and len(out) <= sandbox.MAX_OUTPUT


# ---- markup in booklets, rulings and card text -------------------------------------------------
MARKUP = st.text(alphabet=st.sampled_from(list("ab *_#|-1.[]<>&\\`\u6728\u2022")), max_size=60)


@fuzz(200)
@given(st.lists(st.one_of(MARKUP, MARKUP.map(lambda t: "- " + t), MARKUP.map(lambda t: "# " + t),
                          MARKUP.map(lambda t: f"| {t} | {t[::-1]} |"),
                          st.sampled_from(["", "---", "[[figure nope]]", "|---|---|"])),
                max_size=12).map("\n".join))
def test_any_booklet_markup_lays_out_or_is_one_clear_error(text):
    from pnp.render.booklet import Booklet
    from pnp.render.emphasis import emphasis
    from pnp.render.fonts import load_fonts
    from pnp.units import PAPERS

    for line in text.splitlines():
        runs = emphasis(line)
        assert "".join(r[0] for r in runs).replace("*", "") == line.replace("*", "")
    try:
        Booklet("Fuzz", text).count_pages(*PAPERS["a4"], load_fonts())
    except DataError as exc:
        assert "\n" not in str(exc)


@fuzz(8)
@given(title=MARKUP.filter(str.strip), text=MARKUP)
def test_any_ruling_and_card_text_builds_a_real_deck(tmp_path_factory, title, text):
    import csv

    from pnp.project import build, open_game

    folder = tmp_path_factory.mktemp("deck") / "deck"
    shutil.copytree(ROOT / "templates" / "new" / "deck", folder)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace("{{title}}", "Fuzz").replace("{{game}}", "fuzz"))
    with (folder / "cards.csv").open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows([["title", "text", "colour", "count"], [title, text, "sun", 1]])
    ruling = {"id": "r1", "title": title, "text": text or "x", "kind": "kit"}
    (folder / "rulings.toml").write_text(
        "[[ruling]]\n" + "".join(f"{k} = {_toml_string(v)}\n" for k, v in ruling.items()))
    try:
        build(open_game(str(folder)), folder / "kit.pdf", force=True)
    except PnpError as exc:  # a bad cell, or a ruling with a blank text: refused in one line
        assert "\n" not in str(exc)
    else:
        assert (folder / "kit.pdf").read_bytes().startswith(b"%PDF")


def _toml_string(value: str) -> str:
    return '"' + "".join(c if c.isprintable() and c not in '"\\' else f"\\u{ord(c):04x}"
                         for c in value) + '"'


# ---- image bytes -------------------------------------------------------------------------------
def _png_bytes() -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.effect_noise((24, 16), 60).convert("RGB").save(buf, "PNG")
    return buf.getvalue()


def _jpeg_bytes() -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.effect_noise((24, 16), 60).convert("RGB").save(buf, "JPEG")
    return buf.getvalue()


def _fix_png_checksums(data: bytes) -> bytes:
    """Recompute every chunk's CRC, so only the content is broken (what passed the old check)."""
    out, pos = bytearray(data[:8]), 8
    while pos + 8 <= len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        body = data[pos + 4:pos + 8 + length]
        out += data[pos:pos + 4] + body + struct.pack(">I", zlib.crc32(body))
        pos += 12 + length
    return bytes(out)


@fuzz(200)
@given(base=st.sampled_from(["png", "jpeg"]), cut=st.integers(0, 2000),
       flips=st.lists(st.tuples(st.integers(0, 4000), st.integers(0, 255)), max_size=6),
       checksums=st.booleans())
def test_any_image_bytes_are_checked_usable_or_named(tmp_path, base, cut, flips, checksums):
    from reportlab.lib.utils import ImageReader

    from pnp.data.images import checked_image
    from pnp.errors import Source

    data = bytearray(_png_bytes() if base == "png" else _jpeg_bytes())
    for at, value in flips:
        data[at % len(data)] = value
    data = bytes(data[: len(data) - cut % len(data)])
    if base == "png" and checksums:
        data = _fix_png_checksums(data)
    (tmp_path / "art.img").write_bytes(data)
    try:
        path = checked_image(tmp_path, "art.img", Source(tmp_path / "cards.csv", 2), "image")
    except DataError as exc:
        assert str(exc).startswith('cards.csv, row 2, field "image": image \'art.img\' ')
    else:  # accepted: the renderer must be able to read every pixel
        reader = ImageReader(str(path))
        w, h = reader.getSize()
        assert len(reader.getRGBData()) == w * h * 3


# ---- font bytes --------------------------------------------------------------------------------
FONTS = {name: (ROOT / "fonts" / name).read_bytes()
         for name in ("PnPCJKSubset.ttf", "DejaVuSans.ttf")}


@fuzz(120)
@given(font=st.sampled_from(sorted(FONTS)), cut=st.integers(0, 5000),
       flips=st.lists(st.tuples(st.integers(0, 10 ** 6), st.integers(0, 255)), max_size=4))
def test_any_font_bytes_register_and_print_or_are_named(tmp_path, font, cut, flips):
    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.fonts import register_font

    data = bytearray(FONTS[font])  # the small CJK subset is quick to vary; DejaVu is a real one
    for at, value in flips:
        data[at % len(data)] = value
    data = bytes(data[: len(data) - cut % len(data)])
    path = tmp_path / "Mine.ttf"
    path.write_bytes(data)
    try:
        name = register_font(path)
    except DataError as exc:
        assert str(exc).startswith(f"{path.name}: not a usable TrueType")
        return
    c = Canvas(io.BytesIO())  # registered: it must embed when the PDF is written
    c.setFont(name, 12)
    c.drawString(10, 10, "\u6728\u706b\u571f\u91d1\u6c34 Aa\u00e9\u03a9")
    c.showPage()
    c.save()


# ---- command-line values -----------------------------------------------------------------------
VALUES = st.one_of(st.sampled_from(["nan,0", "inf", "-0", "1e308", "0x10", "", " ", "1,", ",",
                                    "\u00b2", "\u2460", "1" * 400, "../..", "/dev/null", "-",
                                    "--help", "a\u0301", "0", "-5", "9" * 30, "3.5", "1,2,3"]),
                   st.text(max_size=12).filter(lambda t: "\x00" not in t))


@fuzz(60)
@given(option=st.sampled_from(["--back-offset", "--bleed", "--paper", "--layout", "--out"]),
       value=VALUES)
def test_any_build_option_value_builds_or_is_one_error_line(tmp_path_factory, option, value):
    from pnp.cli import main

    folder = tmp_path_factory.mktemp("cli")
    args = ["build", "--game", "wuxing", option, value]
    if option != "--out":
        args += ["--out", str(folder / "kit.pdf")]
    with contextlib.chdir(folder):  # a relative --out lands in the temp folder
        result = CliRunner().invoke(main, args)
    _one_clear_answer(result)


@fuzz(60)
@given(option=st.sampled_from(["--agents", "--players", "--games", "--seed"]),
       value=VALUES)
def test_any_simulate_option_value_runs_or_is_one_error_line(option, value):
    from pnp.cli import main

    args = ["simulate", "--game", "wuxing", "--jobs", "1", "--games", "3", option, value]
    if option == "--games" and value.strip().isascii() and value.strip().isdigit() \
            and int(value) > 50:
        return  # a valid but long run
    result = CliRunner().invoke(main, args)
    _one_clear_answer(result)


@fuzz(40)
@given(name=VALUES, where=VALUES)
def test_any_new_game_name_and_folder_is_made_or_refused(tmp_path_factory, monkeypatch, name,
                                                         where):
    from pnp.cli import main

    monkeypatch.chdir(tmp_path_factory.mktemp("new"))
    if where.startswith("/") or ".." in where:
        where = "games"  # stay inside the test's folder
    result = CliRunner().invoke(main, ["new", name, "--dir", where or "games"])
    _one_clear_answer(result)


def _one_clear_answer(result) -> None:
    assert "Traceback" not in result.output and "bug in pnp" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    if result.exit_code not in (0,):
        assert result.output.strip().splitlines()[-1].startswith("Error: ")


# ---- pnp play input -----------------------------------------------------------------------------
@fuzz(30)
@given(lines=st.lists(st.one_of(VALUES, st.integers(-3, 12).map(str),
                                st.integers(0, 300).map(lambda n: f"#{n}"),
                                st.sampled_from(["?", "h", "#", "#-1", "wood", "set aside"])),
                      max_size=25),
       game=st.sampled_from(["wuxing", "experior", "legolas"]))
def test_any_typed_input_in_play_is_answered(lines, game):
    from pnp.sim.play import play_terminal

    setup = _setup(game)
    feed = iter([line + "\n" for line in lines] + ["q\n"])
    said: list[str] = []
    outcome = play_terminal(setup, seat=0, opponent="random", seed=3, read=lambda: next(feed),
                            write=lambda text, nl=True: said.append(text))
    assert outcome.moves >= 0 and said


_SETUPS: dict = {}


def _setup(game):
    from pnp.sim.simulate import load_game

    if game not in _SETUPS:
        _SETUPS[game] = load_game(game)
    return _SETUPS[game]
