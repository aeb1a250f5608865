"""Parsed fonts and compiled templates come from the cache exactly as made anew, and a bad cache is only slower."""

import hashlib

import pytest

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

    return fontcache.cached_font("T", digest, parse), parsed


def test_a_cached_font_is_the_parsed_font(cache):
    first, parsed = _font("DejaVuSans-Oblique.ttf")
    assert parsed == [1] and len(list(cache.iterdir())) == 1
    again, parsed = _font("DejaVuSans-Oblique.ttf")
    assert parsed == []  # from the cache
    assert set(vars(again)) == set(vars(first))
    assert set(vars(again.face)) == set(vars(first.face))
    for key in ("charToGlyph", "charWidths", "glyphPos", "ascent", "descent", "bbox", "flags"):
        assert getattr(again.face, key) == getattr(first.face, key), key
    assert [again.face._pdfScale(v) for v in (0, 1, 2048)] == \
        [first.face._pdfScale(v) for v in (0, 1, 2048)]
    assert again.stringWidth("Wuxing Duel ½", 11) == first.stringWidth("Wuxing Duel ½", 11)


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
    for entry in (tmp_path / "cache" / "templates").iterdir():
        entry.chmod(0o000)
    (tmp_path / "cache" / "templates").chmod(0o500)
    try:
        assert render_template([tmp_path], "t.md.j2", {"n": 6}) == "12"
    finally:
        (tmp_path / "cache" / "templates").chmod(0o700)
