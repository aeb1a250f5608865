"""A booklet's rendered text is read back only while the templates it read and the data it was
given are as they were; anything else renders again."""

import pytest

from pnp import textcache
from pnp.errors import DataError
from pnp.templating import render_template


@pytest.fixture
def folders(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    game, shipped = tmp_path / "game", tmp_path / "shipped"
    game.mkdir()
    shipped.mkdir()
    (game / "booklet.md.j2").write_text('# {{ title }}\n{% include "part.j2" %}'
                                        '{% include "extra.j2" ignore missing %}')
    (shipped / "part.j2").write_text("shipped part\n")
    return [game, shipped]


def _render(folders, title="Duel"):
    return str(render_template(folders, "booklet.md.j2", {"title": title}))


def _cached(folders, title="Duel"):
    return textcache.get(folders, "booklet.md.j2", {"title": title})


def test_a_render_is_kept_and_read_back(folders):
    assert _cached(folders) is None
    text = _render(folders)
    assert text == "# Duel\nshipped part\n"
    assert _cached(folders) == (text, "booklet.md.j2")
    assert _cached(folders, "Other") is None  # other data: another entry


@pytest.mark.parametrize("change", [
    lambda game, shipped: (game / "booklet.md.j2").write_text("# {{ title }}!\n"),
    lambda game, shipped: (shipped / "part.j2").write_text("changed part\n"),
    lambda game, shipped: (game / "part.j2").write_text("the game's own part\n"),  # shadows
    lambda game, shipped: (game / "extra.j2").write_text("an optional part appears\n"),
])
def test_any_template_it_read_changing_renders_again(folders, change):
    before = _render(folders)
    change(*folders)
    assert _cached(folders) is None
    assert _render(folders) != before


def test_a_template_error_is_raised_every_time_not_kept(folders):
    (folders[0] / "booklet.md.j2").write_text("{{ nope }}")
    for _ in range(2):
        with pytest.raises(DataError, match="unknown name"):
            _render(folders)


def test_an_unreadable_entry_only_costs_a_render(folders, tmp_path):
    _render(folders)
    for entry in (tmp_path / "cache" / "texts").iterdir():
        entry.write_bytes(b"not a pickle")
    assert _cached(folders) is None
    assert _render(folders) == "# Duel\nshipped part\n"
