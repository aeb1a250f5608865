"""The one cache (pnp/cache.py): parsed fonts come back exactly as made anew,
an entry is keyed by its inputs' contents (never a file's times), and a bad cache is only
slower."""

import hashlib
import os

import pytest
from reportlab.pdfbase.ttfonts import TTFontFace

from pnp import cache as pnp_cache
from pnp.project import build, open_game
from pnp.render import fontcache
from pnp.resources import shipped


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "fonts"


def _font(name, path=None):
    path = path or shipped("fonts") / name
    from reportlab.pdfbase.ttfonts import TTFont

    parsed = []

    def parse():
        parsed.append(1)
        return TTFont("T", str(path))

    data = path.read_bytes()
    return fontcache.cached_font("T", path, data, hashlib.sha1(data).hexdigest(), parse), parsed


def test_a_cached_font_is_the_parsed_font(cache):
    first, parsed = _font("DejaVuSans-Oblique.ttf")
    assert parsed == [1] and len(list(cache.iterdir())) == 1
    again, parsed = _font("DejaVuSans-Oblique.ttf")
    assert parsed == []  # from the cache
    assert set(vars(again)) == set(vars(first))
    assert set(vars(again.face)) == set(vars(first.face))
    for key in ("charToGlyph", "charWidths", "glyphPos", "ascent", "descent", "bbox", "flags",
                "hmetrics", "glyphToChar", "_ttf_data"):
        assert getattr(again.face, key) == getattr(first.face, key), key
    assert [again.face._pdfScale(v) for v in (0, 1, 2048)] == \
        [first.face._pdfScale(v) for v in (0, 1, 2048)]
    assert again.stringWidth("Wuxing Duel ½", 11) == first.stringWidth("Wuxing Duel ½", 11)
    codes = [ord(ch) for ch in "Wuxing Duel ½ \u2212"]
    fresh = TTFontFace(str(shipped("fonts") / "DejaVuSans-Oblique.ttf")).makeSubset(codes)
    assert again.face.makeSubset(codes) == fresh


def test_a_font_changed_with_its_size_and_times_kept_is_parsed_again(cache, tmp_path):
    """The key is the file's contents: a file rewritten with its size and times kept (an
    archive unpacked over it, `touch -r`) is another font, on every platform."""
    font = tmp_path / "R.ttf"
    data = bytearray((shipped("fonts") / "DejaVuSans.ttf").read_bytes())
    font.write_bytes(data)
    _, parsed = _font("", font)
    times = font.stat()
    data[-1] ^= 1
    font.write_bytes(data)
    os.utime(font, ns=(times.st_atime_ns, times.st_mtime_ns))
    assert font.stat().st_size == times.st_size and font.stat().st_mtime_ns == times.st_mtime_ns
    _, parsed = _font("", font)
    assert parsed == [1] and len(list(cache.iterdir())) == 2


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


def test_a_font_parsed_by_another_install_is_read_from_this_one(cache, tmp_path):
    """The face cache is known by the font's contents, so another install (a venv since
    removed) may have parsed it: a subset is made from this install's file."""
    import shutil

    from reportlab.pdfbase.ttfonts import TTFont

    elsewhere = tmp_path / "other-venv" / "DejaVuSans-Oblique.ttf"
    elsewhere.parent.mkdir()
    shutil.copy(shipped("fonts") / "DejaVuSans-Oblique.ttf", elsewhere)
    data = elsewhere.read_bytes()
    digest = hashlib.sha1(data).hexdigest()
    fontcache.cached_font("T", elsewhere, data, digest, lambda: TTFont("T", str(elsewhere)))
    shutil.rmtree(elsewhere.parent)  # that install is gone
    here = shipped("fonts") / "DejaVuSans-Oblique.ttf"
    font = fontcache.cached_font("T", here, data, digest, lambda: pytest.fail("parsed again"))
    codes = [ord(ch) for ch in "Gone?"]
    assert font.face.makeSubset(codes) == TTFontFace(str(here)).makeSubset(codes)


def test_a_build_with_an_unwritable_cache_prints_its_booklet(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder would go")
    monkeypatch.setenv("PNP_CACHE_DIR", str(blocker))
    built = build(open_game("wuxing"), tmp_path / "kit.pdf")
    assert built.pages > 10 and any(s.title == "Rule booklet" for s in built.sections)


def test_a_damaged_entry_that_still_loads_is_not_used(cache):
    """A byte changed on disk that still unpickles is caught by the entry's check."""
    made = []
    value = pnp_cache.memo("fonts", ("x",), lambda: made.append(1) or {"ink": "#1a1a1a"})
    (entry,) = (cache.parent / "fonts").iterdir()
    entry.write_bytes(entry.read_bytes().replace(b"#1a1a1a", b"#cc0000"))
    again = pnp_cache.memo("fonts", ("x",), lambda: made.append(1) or {"ink": "#1a1a1a"})
    assert value == again == {"ink": "#1a1a1a"} and made == [1, 1]
    assert pnp_cache.memo("fonts", ("x",), lambda: pytest.fail("made again")) == value


def test_each_kind_keeps_the_entries_used_last(cache, monkeypatch):
    monkeypatch.setitem(pnp_cache.KEEP, "fonts", 3)
    for i in range(5):
        pnp_cache.memo("fonts", i, lambda i=i: i)
        folder = cache.parent / "fonts"
        for p in folder.iterdir():  # (one a second: times far enough apart on any file system)
            os.utime(p, ns=(p.stat().st_mtime_ns - 10**9,) * 2)
    pnp_cache.memo("fonts", 2, lambda: pytest.fail("2 was kept"))  # used: now the newest
    pnp_cache.memo("fonts", 5, lambda: 5)
    assert len(list(folder.iterdir())) == 3
    pnp_cache.memo("fonts", 2, lambda: pytest.fail("2 was kept"))
    pnp_cache.memo("fonts", 4, lambda: pytest.fail("4 was kept"))


def test_the_cache_lives_in_the_platforms_cache_folder(monkeypatch):
    from platformdirs import user_cache_dir

    monkeypatch.delenv("PNP_CACHE_DIR")
    assert str(pnp_cache.root()) == user_cache_dir("pnp", appauthor=False)
    monkeypatch.setenv("PNP_CACHE_DIR", "")
    assert pnp_cache.root() is None
    assert pnp_cache.memo("fonts", 1, lambda: "made") == "made"


def test_a_kind_not_kept_is_a_mistake_in_pnp():
    with pytest.raises(ValueError, match="no cache kind 'toml'"):
        pnp_cache.memo("toml", 1, lambda: 1)
