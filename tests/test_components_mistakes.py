"""A [[component]]'s mistakes, found by a fresh-user trial: each an error naming game.toml's
field, or the CSV row and field, never a silent choice nor another file's error."""

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.project import open_game
from pnp.scaffold import new_game


@pytest.fixture
def deck(tmp_path):
    return new_game("deck", tmp_path)


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _validate(folder):
    return CliRunner().invoke(main, ["validate", "--game", str(folder)])


def test_size_and_width_and_height_together_are_refused(deck):
    _edit(deck / "game.toml", 'size = "poker"',
          'size = "poker"\nwidth = "40mm"\nheight = "40mm"')
    res = _validate(deck)
    assert res.exit_code == 2, res.output
    assert res.output.strip() == ('Error: game.toml, field "card.size": give size, or width '
                                  "and height, not both (size = \"poker\" and width, height)")


@pytest.mark.parametrize("given", ['width = "40mm"', 'height = "40mm"'])
def test_size_and_one_side_are_refused(deck, given):
    _edit(deck / "game.toml", 'size = "poker"', f'size = "poker"\n{given}')
    res = _validate(deck)
    assert res.exit_code == 2, res.output
    assert "give size, or width and height, not both" in res.output, res.output


def test_a_diameter_and_a_size_are_refused(tmp_path):
    game = new_game("tb", tmp_path, template="tokens-and-board")
    _edit(game / "game.toml", 'diameter = "25mm"', 'diameter = "25mm"\nsize = "30mm"')
    res = _validate(game)
    assert res.exit_code == 2, res.output
    assert res.output.strip() == ('Error: game.toml, field "token.diameter": give diameter, '
                                  "not also size (a round token's size is its diameter)")


def test_a_variant_s_width_and_height_replace_the_base_s_size(deck, tmp_path):
    from PIL import Image

    from pnp.preview import preview

    with (deck / "game.toml").open("a", encoding="utf-8") as f:
        f.write('\n[variants.square.component.card]\nwidth = "40mm"\nheight = "40mm"\n')
    out = tmp_path / "square.png"
    preview(open_game(str(deck), variant="square"), "cards.csv:2", out, dpi=100, bleed_mm=0)
    assert Image.open(out).size == (round(40 / 25.4 * 100),) * 2
