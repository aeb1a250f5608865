"""An SVG of more shapes than any icon or card art has is refused before svglib builds them
(it spent 16 s on an icon of 20,000 circles, saying nothing): the message names the file, how
many shapes it draws and the limit. A <use> counts as the copy it draws (ten uses of ten uses
of ... made svglib build 10 ** 7 shapes), what <defs> holds only where it is used."""

import pytest
from click.testing import CliRunner

from helpers import edit
from pnp.cli import main
from pnp.faces.svg import MAX_SHAPES
from pnp.scaffold import new_game

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
       'width="24" height="24" viewBox="0 0 24 24">{}</svg>')


def _circles(n: int) -> str:
    return SVG.format("".join(f'<circle cx="{i % 24}" cy="{i // 24 % 24}" r="0.4"/>'
                              for i in range(n)))


def _uses(depth: int, fan: int) -> str:
    """A circle in <defs>, used `fan` times by a group, used `fan` times by ...: fan ** depth."""
    groups = ['<circle id="g0" cx="12" cy="12" r="2"/>'] + [
        f'<g id="g{d}">' + f'<use xlink:href="#g{d - 1}"/>' * fan + "</g>"
        for d in range(1, depth + 1)]
    return SVG.format(f'<defs>{"".join(groups)}</defs><use xlink:href="#g{depth}"/>')


@pytest.fixture
def deck(tmp_path):
    return new_game("shapes", tmp_path)


def _build(deck, tmp_path):
    return CliRunner().invoke(main, ["build", "--game", str(deck), "--out",
                                     str(tmp_path / "out.pdf")])


@pytest.fixture
def rendered(monkeypatch):
    """Each SVG svglib was asked to draw: a refused one must never reach it (it is what
    takes the time)."""
    from svglib.svglib import SvgRenderer

    calls: list = []
    real = SvgRenderer.render

    def render(self, node):
        calls.append(self.source_path)
        return real(self, node)

    monkeypatch.setattr(SvgRenderer, "render", render)
    return calls


def _icon(deck, svg: str) -> None:
    (deck / "icons").mkdir()
    (deck / "icons" / "many.svg").write_text(svg)
    edit(deck / "cards.csv", "Gain 1 :leaf:", "Gain 1 :many:")


def test_an_icon_of_too_many_shapes_is_refused_naming_it_its_count_and_the_limit(
        deck, tmp_path, rendered):
    _icon(deck, _circles(MAX_SHAPES + 1000))
    res = _build(deck, tmp_path)
    assert not rendered  # refused before svglib builds a shape
    assert res.exit_code != 0 and "Traceback" not in res.output
    assert ("cards.csv, row 3" in res.output and "icon 'many': SVG 'many.svg' draws 6,000 "
            "shapes (each <use> and each SVG it draws counted as often as drawn); pnp reads SVGs "
            "of up to 5,000" in res.output), res.output


def test_uses_count_as_the_shapes_they_draw(deck, tmp_path, rendered):
    edit(deck / "cards.csv", "title,text,colour,count", "title,text,colour,count,image")
    edit(deck / "cards.csv", "Thorns,Each other player discards a card.,rose,2",
         "Thorns,Each other player discards a card.,rose,2,art.svg")
    (deck / "art.svg").write_text(_uses(8, 10))  # 10 ** 8 circles as drawn, 81 elements
    res = _build(deck, tmp_path)
    assert not rendered  # refused before svglib builds a shape
    assert res.exit_code != 0 and "Traceback" not in res.output
    assert ("image 'art.svg' draws more than 50,000 shapes (each <use> and each SVG it draws "
            "counted as often as drawn); pnp reads SVGs of up to 5,000" in res.output), res.output


def test_an_icon_of_many_uses_under_the_limit_prints(deck, tmp_path, rendered):
    _icon(deck, _uses(3, 10))  # 1,000 circles drawn; a thousand in <defs> are not counted twice
    res = _build(deck, tmp_path)
    assert res.exit_code == 0, res.output
    assert any(str(p).endswith("many.svg") for p in rendered)  # (what the others assert unseen)
    assert "shapes" not in res.output


def _images(href: str, n: int) -> str:
    return SVG.format(f'<image xlink:href="{href}" width="4" height="4"/>' * n)


def _rects(n: int) -> str:
    return SVG.format('<rect width="1" height="1"/>' * n)


def test_a_linked_svg_counts_once_for_every_image_that_draws_it(tmp_path):
    """a.svg draws b.svg 15 times, b.svg draws c.svg 15 times, c.svg has 30 rects: svglib
    builds 15 * 15 * 30 = 6,750 of them (each file read once by pnp, drawn each time)."""
    from pnp.faces import svg

    (tmp_path / "a.svg").write_text(_images("b.svg", 15))
    (tmp_path / "b.svg").write_text(_images("c.svg", 15))
    (tmp_path / "c.svg").write_text(_rects(30))
    with pytest.raises(svg.SvgError, match=r"SVG 'a.svg' draws 6,750 shapes \(each <use> "
                                           r"and each SVG it draws counted as often as drawn\); "
                                           "pnp reads SVGs of up to 5,000"):
        svg.inspect(tmp_path / "a.svg", tmp_path)


def test_linked_svgs_fanning_out_deep_are_refused_at_the_first_file_over(tmp_path):
    """10 ** 9 rects as drawn: refused where the count first passes the limit (s5.svg draws
    10,000), naming the SVG the game uses, before the deeper files are summed."""
    from pnp.faces import svg

    for i in range(8):
        (tmp_path / f"s{i}.svg").write_text(_images(f"s{i + 1}.svg", 10))
    (tmp_path / "s8.svg").write_text(_rects(10))
    with pytest.raises(svg.SvgError, match=r"SVG 's0.svg' draws 10,000 shapes \("):
        svg.inspect(tmp_path / "s0.svg", tmp_path)


def test_uses_of_an_image_of_a_linked_svg_count_each_copy(tmp_path):
    from pnp.faces import svg

    (tmp_path / "a.svg").write_text(SVG.format(
        '<defs><g id="g">' + '<image xlink:href="c.svg" width="4" height="4"/>' * 10 + "</g>"
        "</defs>" + '<use xlink:href="#g"/>' * 20))
    (tmp_path / "c.svg").write_text(_rects(30))  # 20 * 10 * 30 = 6,000
    with pytest.raises(svg.SvgError, match="draws 6,000 shapes"):
        svg.inspect(tmp_path / "a.svg", tmp_path)


def test_an_image_of_a_part_of_the_file_counts_as_the_copy_it_draws(tmp_path):
    from pnp.faces import svg

    (tmp_path / "a.svg").write_text(SVG.format(
        '<defs><g id="g">' + '<rect width="1" height="1"/>' * 100 + "</g></defs>"
        + '<image xlink:href="#g" width="4" height="4"/>' * 60))
    with pytest.raises(svg.SvgError, match="draws 6,0"):
        svg.inspect(tmp_path / "a.svg", tmp_path)


def test_a_part_of_a_linked_svg_counts_as_that_part(tmp_path):
    """A sheet of icons used one by one is not counted whole for each use."""
    from pnp.faces import svg

    icons = "".join(f'<g id="i{k}">' + '<rect width="1" height="1"/>' * 40 + "</g>"
                    for k in range(100))  # 4,000 rects, drawn once whole by svglib
    (tmp_path / "icons.svg").write_text(SVG.format(icons))
    (tmp_path / "a.svg").write_text(SVG.format(
        "".join(f'<use xlink:href="icons.svg#i{k}"/>' for k in range(20))))  # + 800
    assert svg.inspect(tmp_path / "a.svg", tmp_path) == ([], set())


def test_linked_svgs_fanning_out_under_the_limit_print(deck, tmp_path):
    edit(deck / "cards.csv", "title,text,colour,count", "title,text,colour,count,image")
    edit(deck / "cards.csv", "Thorns,Each other player discards a card.,rose,2",
         "Thorns,Each other player discards a card.,rose,2,art.svg")
    (deck / "art.svg").write_text(_images("b.svg", 5))
    (deck / "b.svg").write_text(_images("c.svg", 5))
    (deck / "c.svg").write_text(_rects(30))  # 750 rects drawn
    res = _build(deck, tmp_path)
    assert res.exit_code == 0, res.output
    assert "shapes" not in res.output


def test_an_svg_reached_by_many_names_is_read_once(tmp_path, monkeypatch):
    # (a review: four links to "." and eight SVGs each drawing the next through all four made
    # 4 ** 8 parses, 34 s, counting no shape; a file is one file by its real path)
    import os

    from pnp.faces import svg

    for name in "abcd":
        os.symlink(".", tmp_path / name)
    for i in range(8):
        nxt = "".join(f'<image href="{d}/s{i + 1}.svg" width="1" height="1"/>' for d in "abcd")
        (tmp_path / f"s{i}.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg">{nxt}</svg>')
    (tmp_path / "s8.svg").write_text(_rects(1))
    reads = []
    real_tree = svg._tree
    monkeypatch.setattr(svg, "_tree", lambda file: reads.append(file) or real_tree(file))
    with pytest.raises(svg.SvgError, match=r"draws 16,384 shapes \("):  # (s1's: 4 ** 7)
        svg.inspect(tmp_path / "s0.svg", tmp_path)
    assert len(reads) == 9, len(reads)
