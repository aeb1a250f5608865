"""Parsed fonts and compiled templates come from the cache exactly as made anew, and a bad cache
is only slower."""

import hashlib
import marshal
import zlib

import pytest
from reportlab.pdfbase.ttfonts import TTFontFace

from pnp.cache import read_entry
from pnp.project import build, open_game
from pnp.render import fontcache
from pnp.resources import shipped


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "fonts"


def _font(name):
    path = shipped("fonts") / name
    digest = hashlib.sha1(path.read_bytes()).hexdigest()
    from reportlab.pdfbase.ttfonts import TTFont

    parsed = []

    def parse():
        parsed.append(1)
        return TTFont("T", str(path))

    return fontcache.cached_font("T", digest, path, parse), parsed


def test_a_cached_font_is_the_parsed_font(cache):
    first, parsed = _font("DejaVuSans-Oblique.ttf")
    assert parsed == [1] and len(list(cache.iterdir())) == 1
    again, parsed = _font("DejaVuSans-Oblique.ttf")
    assert parsed == []  # from the cache
    assert set(vars(again)) == set(vars(first))
    # glyphToChar, and the metrics only subsetting reads, come from their own pickles when
    # first asked for
    assert set(vars(again.face)) - {"_glyph_to_char", "_subset_tables", "_key"} == \
        set(vars(first.face)) - {"glyphToChar", "hmetrics", "glyphPos", "_ttf_data"}
    for key in ("charToGlyph", "charWidths", "glyphPos", "ascent", "descent", "bbox", "flags",
                "hmetrics", "glyphToChar", "_ttf_data"):
        assert getattr(again.face, key) == getattr(first.face, key), key
    assert [again.face._pdfScale(v) for v in (0, 1, 2048)] == \
        [first.face._pdfScale(v) for v in (0, 1, 2048)]
    assert again.stringWidth("Wuxing Duel ½", 11) == first.stringWidth("Wuxing Duel ½", 11)


def test_a_subset_from_the_cache_is_the_subset_made(cache):
    _font("DejaVuSans-Oblique.ttf")
    font, parsed = _font("DejaVuSans-Oblique.ttf")  # from the cache: subsets are kept
    codes = [ord(ch) for ch in "Wuxing Duel ½ \u2212"]
    fresh = TTFontFace(str(shipped("fonts") / "DejaVuSans-Oblique.ttf")).makeSubset(codes)
    assert font.face.makeSubset(codes) == fresh  # made (its metrics read when first needed)
    (entry,) = (cache.parent / "subsets").iterdir()
    again, _ = _font("DejaVuSans-Oblique.ttf")
    assert again.face.makeSubset(codes) == fresh and "hmetrics" not in vars(again.face)
    assert "_ttf_data" not in vars(again.face)  # the font file was not read either
    entry.write_bytes(entry.read_bytes()[:-7])  # cut short: made again, and kept whole
    third, _ = _font("DejaVuSans-Oblique.ttf")
    assert third.face.makeSubset(codes) == fresh and "hmetrics" in vars(third.face)
    assert marshal.loads(read_entry(entry)) == (fresh, zlib.compress(fresh))  # whole
    assert font.face.makeSubset(codes[:-1]) != fresh  # other characters, another entry
    assert len(list((cache.parent / "subsets").iterdir())) == 2


def test_builds_are_identical_with_and_without_the_cache(cache, tmp_path, monkeypatch):
    game = open_game("experior")
    outs = []
    for i, setting in enumerate((str(tmp_path / "cache"), str(tmp_path / "cache"), "")):
        monkeypatch.setenv("PNP_CACHE_DIR", setting)
        from reportlab.pdfbase import pdfmetrics

        # forget registrations so each build registers (and so reads the cache) again
        for name in [n for n in pdfmetrics.getRegisteredFontNames() if "-" in n]:
            pdfmetrics._fonts.pop(name, None)
        out = tmp_path / f"kit{i}.pdf"
        build(game, out)
        outs.append(out.read_bytes())
    assert outs[0] == outs[1] == outs[2]
    assert len(list(cache.iterdir())) >= 3


def test_a_damaged_cache_is_parsed_again(cache):
    _font("DejaVuSans-Oblique.ttf")
    (entry,) = cache.iterdir()
    entry.write_bytes(b"not a pickle")
    font, parsed = _font("DejaVuSans-Oblique.ttf")
    assert parsed == [1] and font.stringWidth("x", 10) > 0
    assert entry.read_bytes() != b"not a pickle"  # rewritten


def test_an_unwritable_cache_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder would go")
    monkeypatch.setenv("PNP_CACHE_DIR", str(blocker))
    font, parsed = _font("DejaVuSans-Oblique.ttf")
    assert parsed == [1] and font.stringWidth("x", 10) > 0



def test_compiled_templates_are_reused_and_a_broken_cache_only_costs_time(tmp_path, monkeypatch):
    from pnp.templating import render_template

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "t.md.j2").write_text("{% for i in range(n) %}{{ i }},{% endfor %}")
    assert render_template([tmp_path], "t.md.j2", {"n": 3}) == "0,1,2,"
    (entry,) = (tmp_path / "cache" / "templates").iterdir()
    assert render_template([tmp_path], "t.md.j2", {"n": 2}) == "0,1,"
    (tmp_path / "t.md.j2").write_text("{{ n * 2 }}")  # a new source is compiled anew
    assert render_template([tmp_path], "t.md.j2", {"n": 2}) == "4"
    for entry in (tmp_path / "cache" / "templates").iterdir():
        entry.write_bytes(b"garbage")
    assert render_template([tmp_path], "t.md.j2", {"n": 5}) == "10"
    for entry in (tmp_path / "cache" / "templates").iterdir():  # damaged, still loadable
        data = bytearray(entry.read_bytes())
        data[len(data) // 2] ^= 0x20
        entry.write_bytes(bytes(data))
    assert render_template([tmp_path], "t.md.j2", {"n": 7}) == "14"
    for entry in (tmp_path / "cache" / "templates").iterdir():
        entry.chmod(0o000)
    (tmp_path / "cache" / "templates").chmod(0o500)
    try:
        assert render_template([tmp_path], "t.md.j2", {"n": 6}) == "12"
    finally:
        (tmp_path / "cache" / "templates").chmod(0o700)


def test_parsed_toml_comes_back_as_parsed_new_objects_each_time(tmp_path, monkeypatch):
    import datetime
    import tomllib

    from pnp.data import tomlcache
    from pnp.data.files import read_toml
    from pnp.errors import DataError

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(tomlcache, "_entries", None)
    parses = []
    monkeypatch.setattr(tomllib, "loads", lambda text, f=tomllib.loads: parses.append(1) or f(text))
    toml = tmp_path / "game.toml"
    toml.write_text('[game]\ntitle = "A"\nplayers = [2, 4]\nbleed = 1.5\nfoil = true\n')
    first = read_toml(toml)
    assert first == {"game": {"title": "A", "players": [2, 4], "bleed": 1.5, "foil": True}}
    first["game"]["players"].append(9)  # a caller changing what it got changes no later read
    monkeypatch.setattr(tomlcache, "_entries", None)  # as a new run: read back from the disk
    again = read_toml(toml)
    assert again == {"game": {"title": "A", "players": [2, 4], "bleed": 1.5, "foil": True}}
    assert type(again["game"]["foil"]) is bool and parses == [1]
    toml.write_text('[game]\ntitle = "B"\n')  # edited: parsed anew
    assert read_toml(toml) == {"game": {"title": "B"}} and parses == [1, 1]
    toml.write_text('[game]\nreleased = 2024-05-01\n')  # marshal cannot keep a date
    assert read_toml(toml) == read_toml(toml) == {"game": {"released": datetime.date(2024, 5, 1)}}
    assert parses == [1, 1, 1, 1]
    toml.write_text('[game\ntitle = "C"\n')  # a mistake is named every time, never kept
    for _ in range(2):
        with pytest.raises(DataError, match="not valid TOML"):
            read_toml(toml)
    (entry,) = (tmp_path / "cache" / "toml").iterdir()
    entry.write_bytes(b"garbage")  # a damaged cache only costs the parse
    monkeypatch.setattr(tomlcache, "_entries", None)
    toml.write_text('[game]\ntitle = "B"\n')
    assert read_toml(toml) == {"game": {"title": "B"}} and len(parses) == 7


def test_the_parsed_toml_cache_keeps_to_its_size_dropping_the_oldest(tmp_path, monkeypatch):
    """Past its size the oldest entries go, but not those the run reads (a game's own files
    stay while old versions of them go); a file too big to be worth keeping is not kept."""
    from pnp.data import tomlcache
    from pnp.data.files import read_toml

    def key(i):
        return hashlib.blake2b((tmp_path / f"{i}.toml").read_bytes(), digest_size=16).digest()

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(tomlcache, "_entries", None)
    monkeypatch.setattr(tomlcache, "MAX_BYTES", 2_000)
    for i in range(12):  # each entry some 220 bytes
        (tmp_path / f"{i}.toml").write_text(f'[game]\ntitle = "{i}{"x" * 200}"\n')
        read_toml(tmp_path / f"{i}.toml")
    monkeypatch.setattr(tomlcache, "_entries", None)  # as a new run
    monkeypatch.setattr(tomlcache, "_used", set())
    kept = tomlcache._load()
    assert 6 <= len(kept) <= 9 and sum(map(len, kept.values())) <= 2_000
    assert key(11) in kept and key(0) not in kept  # the oldest went
    oldest = min(i for i in range(12) if key(i) in kept)
    read_toml(tmp_path / f"{oldest}.toml")  # this run uses the oldest entry kept...
    for i in range(12, 15):  # ... and adds three more
        (tmp_path / f"{i}.toml").write_text(f'[game]\ntitle = "{i}{"x" * 200}"\n')
        read_toml(tmp_path / f"{i}.toml")
    assert key(oldest) in tomlcache._entries and key(14) in tomlcache._entries
    assert key(oldest + 1) not in tomlcache._entries
    (tmp_path / "big.toml").write_text(f'[game]\ntitle = "{"x" * 600}"\n')
    read_toml(tmp_path / "big.toml")
    assert key("big") not in tomlcache._entries  # over a quarter of the cache


@pytest.mark.parametrize("name", ["wuxing", "legolas"])  # figures; tables and a long text
def test_a_booklet_laid_out_from_the_cache_prints_the_same(name, tmp_path, monkeypatch):
    from reportlab.pdfbase import pdfmetrics

    from pnp.render.booklet import Booklet

    laid_out = []
    real = Booklet._lay_out
    monkeypatch.setattr(Booklet, "_lay_out",
                        lambda self, *a: laid_out.append(1) or real(self, *a))
    game = open_game(name)
    outs = []
    for i, setting in enumerate((str(tmp_path / "cache"), str(tmp_path / "cache"), "")):
        monkeypatch.setenv("PNP_CACHE_DIR", setting)
        for font in [n for n in pdfmetrics.getRegisteredFontNames() if "-" in n]:
            pdfmetrics._fonts.pop(font, None)  # each build registers its fonts again
        build(game, tmp_path / f"kit{i}.pdf")
        outs.append((tmp_path / f"kit{i}.pdf").read_bytes())
    assert laid_out == [1, 1]  # the first build and the one without a cache
    assert outs[0] == outs[1] == outs[2]
    (entry,) = (tmp_path / "cache" / "booklets").iterdir()
    entry.write_bytes(b"not a pickle")  # a damaged entry: laid out again, and rewritten
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    build(game, tmp_path / "kit3.pdf")
    assert laid_out == [1, 1, 1] and (tmp_path / "kit3.pdf").read_bytes() == outs[0]
    assert entry.read_bytes() != b"not a pickle"


def test_a_booklet_s_layout_is_kept_for_its_own_inputs_only(tmp_path):
    from dataclasses import replace

    from reportlab.lib.pagesizes import A4, A5

    from pnp.project import prepare
    from pnp.render.layoutcache import _key
    from pnp.resources import shipped as shipped_file

    kit, fonts, _ = prepare(open_game("wuxing"))
    booklet = kit.booklet
    key = _key(booklet, fonts, *A4)
    assert key == _key(replace(booklet), fonts, *A4)
    assert key != _key(booklet, fonts, *A5)
    assert key != _key(replace(booklet, text=booklet.text + "\nOne more line."), fonts, *A4)
    assert key != _key(replace(booklet, title="Another"), fonts, *A4)
    figures = dict(booklet.figures)
    name, (w, h, draw) = next(iter(figures.items()))
    figures[name] = (w, h + 1, draw)  # a figure drawn one point taller
    assert key != _key(replace(booklet, figures=figures), fonts, *A4)
    other = tmp_path / "Bold.ttf"
    other.write_bytes((shipped_file("fonts") / "DejaVuSans-Bold.ttf").read_bytes())
    moved = type(fonts)(dict(fonts.paths, bold=other))
    assert key != _key(booklet, moved, *A4)


def test_the_booklet_caches_keep_the_entries_used_last(tmp_path):
    import os

    from pnp.cache import prune

    folder = tmp_path / "booklets"
    folder.mkdir()
    for i in range(5):
        (folder / f"{i}.pickle").write_bytes(b"x")
        os.utime(folder / f"{i}.pickle", ns=(i * 10**9, i * 10**9))
    os.utime(folder / "0.pickle")  # just read: the newest
    prune(folder, 3)
    assert sorted(p.name for p in folder.iterdir()) == ["0.pickle", "3.pickle", "4.pickle"]


def test_a_build_with_an_unwritable_cache_prints_its_booklet(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder would go")
    monkeypatch.setenv("PNP_CACHE_DIR", str(blocker))
    built = build(open_game("wuxing"), tmp_path / "kit.pdf")
    assert built.pages > 10 and any(s.title == "Rule booklet" for s in built.sections)


def test_a_font_rewritten_with_its_size_and_time_kept_is_hashed_again(cache, tmp_path,
                                                                       monkeypatch):
    """As an archive unpacked over a font, or `touch -r`: the change time still tells."""
    import os

    monkeypatch.setattr(fontcache, "_DIGESTS", None)
    font = tmp_path / "R.ttf"
    data = bytearray((shipped("fonts") / "DejaVuSans.ttf").read_bytes())
    font.write_bytes(data)
    before = fontcache.file_digest(font)
    assert before == hashlib.sha1(data).hexdigest()
    times = font.stat()
    data[-1] ^= 1
    font.write_bytes(data)
    os.utime(font, ns=(times.st_atime_ns, times.st_mtime_ns))
    assert font.stat().st_size == times.st_size and font.stat().st_mtime_ns == times.st_mtime_ns
    assert fontcache.file_digest(font) == hashlib.sha1(data).hexdigest() != before


def test_a_damaged_cache_entry_that_still_loads_is_not_used(tmp_path, monkeypatch):
    """A byte changed on disk (parsed TOML: a colour; the font digests: one hex digit) that
    still unpickles is caught by the entry's check: the file is parsed, the font hashed again."""
    from pnp.data import tomlcache
    from pnp.data.files import read_toml

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(tomlcache, "_entries", None)
    (tmp_path / "g.toml").write_text('[palette]\nink = "#1a1a1a"\n')
    assert read_toml(tmp_path / "g.toml")["palette"]["ink"] == "#1a1a1a"
    (entry,) = (tmp_path / "cache" / "toml").iterdir()
    entry.write_bytes(entry.read_bytes().replace(b"#1a1a1a", b"#cc0000"))
    monkeypatch.setattr(tomlcache, "_entries", None)  # as a new run
    assert read_toml(tmp_path / "g.toml")["palette"]["ink"] == "#1a1a1a"

    monkeypatch.setattr(fontcache, "_DIGESTS", None)
    font = shipped("fonts") / "DejaVuSans-Bold.ttf"
    right = fontcache.file_digest(font)
    table = tmp_path / "cache" / "digests" / "fonts.marshal"
    table.write_bytes(table.read_bytes().replace(right.encode(), ("0" * 40).encode()))
    monkeypatch.setattr(fontcache, "_DIGESTS", None)
    assert fontcache.file_digest(font) == right


def test_a_font_changed_while_pnp_builds_is_one_error_line(cache, tmp_path):
    from pnp.errors import PnpError

    _font("DejaVuSans-Oblique.ttf")
    font, _ = _font("DejaVuSans-Oblique.ttf")  # read back: its file is read for a new subset
    font.face.filename = str(tmp_path / "R.ttf")
    (tmp_path / "R.ttf").write_bytes(b"another font's bytes")
    with pytest.raises(PnpError, match=r"R.ttf: the font file changed while pnp was building; "
                                       r"nothing was printed, build again"):
        font.face.makeSubset([ord("x"), ord("y"), ord("q")])


def test_a_font_parsed_by_another_install_is_read_from_this_one(cache, tmp_path):
    """The face cache is known by the font's contents, so another install (a venv since
    removed) may have parsed it: a subset is made from this install's file."""
    import shutil

    from reportlab.pdfbase.ttfonts import TTFont

    elsewhere = tmp_path / "other-venv" / "DejaVuSans-Oblique.ttf"
    elsewhere.parent.mkdir()
    shutil.copy(shipped("fonts") / "DejaVuSans-Oblique.ttf", elsewhere)
    digest = hashlib.sha1(elsewhere.read_bytes()).hexdigest()
    fontcache.cached_font("T", digest, elsewhere, lambda: TTFont("T", str(elsewhere)))
    shutil.rmtree(elsewhere.parent)  # that install is gone
    here = shipped("fonts") / "DejaVuSans-Oblique.ttf"
    font = fontcache.cached_font("T", digest, here, lambda: pytest.fail("parsed again"))
    codes = [ord(ch) for ch in "Gone?"]
    assert font.face.makeSubset(codes) == TTFontFace(str(here)).makeSubset(codes)
