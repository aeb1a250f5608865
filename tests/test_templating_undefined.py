"""A misspelt name is an error wherever it stands in a template: printed alone, or inside a
list or a table that is printed (Jinja2's StrictUndefined printed as 'Undefined' there, and the
build went on: a fresh-user trial)."""

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.errors import DataError
from pnp.scaffold import new_game
from pnp.templating import render_template

CARDS = {"cards": [{"title": "Sunrise"}, {"title": "Dusk"}, {"title": "Noon"}]}
UNKNOWN = "'dict object' has no attribute 'titel'"


def _render(tmp_path, text: str) -> str:
    (tmp_path / "booklet.md.j2").write_text(text)
    return render_template([tmp_path], "booklet.md.j2", CARDS)


@pytest.mark.parametrize("text", [
    "{{ cards[0].titel }}",  # (raised before)
    "{{ cards|map(attribute='titel')|list }}",
    "{{ [cards[0].titel] }}",
    "{{ {'name': cards[0].titel} }}",
    "{{ [cards[0].titel]|string }}",
    "{{ [cards[0].titel]|pprint }}",
    "{{ '%s'|format([cards[0].titel]) }}",
    "{{ '{}'.format([cards[0].titel]) }}",
    "{{ [cards[0].titel]|tojson }}",
])
def test_a_misspelt_name_in_a_list_or_table_is_the_error_a_lone_one_is(tmp_path, text):
    with pytest.raises(DataError) as info:
        _render(tmp_path, f"# Rules\n\n{text}\n")
    assert str(info.value) == f"booklet.md.j2: line 3: template uses an unknown name: {UNKNOWN}"


def test_an_attribute_the_sandbox_forbids_is_refused_in_a_list_too(tmp_path):
    with pytest.raises(DataError) as info:
        _render(tmp_path, "{{ cards|map(attribute='__class__')|list }}")
    assert str(info.value) == ("booklet.md.j2: line 1: template tried something the sandbox "
                               "forbids: access to attribute '__class__' of 'dict' object is "
                               "unsafe.")


def test_what_asks_whether_a_name_is_there_still_works(tmp_path):
    text = ("{{ cards[0].titel is defined }} {{ cards[0].titel|default('none') }} "
            "{% if cards[0].titel is defined %}x{% else %}y{% endif %} "
            "{{ [cards[0].title, 2] }} {{ cards|map(attribute='title')|list }}")
    assert _render(tmp_path, text) == "False none y ['Sunrise', 2] ['Sunrise', 'Dusk', 'Noon']"


def test_a_build_stops_at_it_naming_the_booklet_and_line(tmp_path):
    game = new_game("dk", tmp_path, "deck")
    booklet = game / "booklet.md.j2"
    booklet.write_text(booklet.read_text() + "\n{{ cards|map(attribute='titel')|list }}\n")
    line = booklet.read_text().splitlines().index("{{ cards|map(attribute='titel')|list }}") + 1
    res = CliRunner().invoke(main, ["build", "--game", str(game), "--out", str(tmp_path / "k.pdf")])
    assert res.exit_code == 2, res.output
    assert res.output == (f"Error: booklet.md.j2: line {line}: template uses an unknown name: "
                          f"{UNKNOWN}\n")


@pytest.mark.parametrize("text", ["{{ [game.titel] }}", "{{ {'a': game.titel} }}",
                                  "{{ game.titel }}"])
def test_a_card_field_with_a_misspelt_name_in_a_list_fails_validate(tmp_path, text):
    """`text = "{{ [game.titel] }}"` on a card passed pnp validate, printing [Undefined]."""
    game = new_game("dk", tmp_path, "deck")
    layout = game / "layouts" / "card.toml"
    toml = layout.read_text()
    assert 'text = "{{ text }}"' in toml
    layout.write_text(toml.replace('text = "{{ text }}"', f'text = "{text}"', 1))
    res = CliRunner().invoke(main, ["validate", "--game", str(game)])
    assert res.exit_code == 2, res.output
    assert res.output.startswith('error: layouts/card.toml, field "text.text": expression error: '
                                 f"{UNKNOWN}"), res.output


@pytest.mark.parametrize("table", ["", "\n[options]\n"], ids=["no [options]", "empty [options]"])
def test_an_option_the_booklet_prints_with_no_options_says_where_to_add_it(tmp_path, table):
    """(a trial: "options has no 'hand'; it has " ended there)"""
    game = new_game("dk", tmp_path, "deck")
    (game / "game.toml").write_text((game / "game.toml").read_text() + table)
    booklet = game / "booklet.md.j2"
    booklet.write_text(booklet.read_text() + "\nDeal {{ options.hand }} cards.\n")
    res = CliRunner().invoke(main, ["validate", "--game", str(game)])
    assert res.exit_code == 2, res.output
    assert res.output.rstrip().endswith("template uses an unknown name: options.hand: options has "
                                        "no 'hand'; it is empty (add hand = ... under [options] "
                                        "in game.toml)"), res.output
