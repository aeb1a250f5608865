"""Jinja2's syntax errors said in the characters a designer writes: its parser named tokens
("unexpected 'end of print statement'") that appear in no file."""

import pytest

from helpers import TEXT_FRONT, card_game, first_error


@pytest.mark.parametrize("text,says", [
    ("{{ text }", "a brace stands alone: an expression is {{ ... }}, two braces each side"),
    ("{{ text | }}", "a name is missing before }}"),
    ("{{ text + }}", "it stops before its expression does: a value or name is missing "
                     "before }}"),
    ("{% if text %}x", "{% if %} is never closed: add {% endif %} after it"),
    ("{{ text ) }}", "a ) closes nothing: no ( before it"),
    ("{{ }}", "there is no expression between {{ and }}"),
    ("{{ (text }}", "a ( is never closed: add ) before }}"),
    ("{{ text ~ 'a }}", "a quote (') is never closed: add its pair"),
])
def test_a_layout_value_s_syntax_error_is_said_in_written_characters(tmp_path, text, says):
    written = f"'{text}'" if "'" not in text else f'"{text}"'  # (a TOML string of it)
    front = TEXT_FRONT.replace('text = "{{ text }}"', f"text = {written}")
    assert front != TEXT_FRONT
    error = first_error(card_game(tmp_path / "g", front, "text\nhi\n"))
    assert error.endswith(f": {says}"), error
    assert "print statement" not in error


def test_a_rule_s_expression_has_no_braces_of_its_own_to_blame(tmp_path):
    """pnp puts {{ }} round a rule's expression: its error says the expression's end."""
    from click.testing import CliRunner

    from helpers import changed_copy
    from pnp.cli import main
    from pnp.scaffold import new_game

    starter = new_game("mine", tmp_path / "s", "market")
    for n, (amount, says) in enumerate((
            ("card.points +", "a value or name is missing at its end"),
            ("(card.points", "a ( is never closed: add ) at its end"))):
        folder = changed_copy(starter, tmp_path / f"g{n}", "rules.toml",
                              'amount = "card.points"', f'amount = "{amount}"')
        res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
        assert res.exit_code == 2 and says in res.output and "}" not in res.output, res.output


def test_a_booklet_s_unclosed_block_names_its_end_tag(tmp_path):
    game = card_game(tmp_path / "g", TEXT_FRONT, "text\nhi\n")
    (game / "booklet.md.j2").write_text("# Rules\n\n{% for x in range(3) %}\nstep\n")
    from click.testing import CliRunner

    from pnp.cli import main

    res = CliRunner().invoke(main, ["build", "--game", str(game), "--out", str(tmp_path / "o.pdf")])
    assert res.exit_code == 2, res.output
    assert "template syntax error: {% for %} is never closed: add {% endfor %} after it" \
        in res.output, res.output


@pytest.mark.parametrize("text,says", [
    ("{% endif %}", "{% endif %} closes nothing: no {% if %} before it"),
    ("{% for x in %}{% endfor %}", "an expression is missing before %}"),
    ("{% raw %}x", "{% raw %} is never closed: add {% endraw %}"),
    ("{{ text }} {{", "it ends inside a {{ or {%: close it with }} or %}"),
    ("{{ text }}}", "'{{ text }}}' has }}}: one brace too many, which would print as text; an "
                    "expression is {{ ... }}"),
    ("{{{ text }}", "a brace too many: an expression is {{ ... }}, two braces each side, none "
                    "inside"),
    ("{{ {{ text }} }}", "a brace too many: an expression is {{ ... }}, two braces each side, "
                         "none inside"),
])
def test_more_syntax_errors_in_written_characters(tmp_path, text, says):
    front = TEXT_FRONT.replace('text = "{{ text }}"', f"text = '{text}'")
    error = first_error(card_game(tmp_path / "g", front, "text\nhi\n"))
    assert error.endswith(says), error


def test_a_tag_in_a_rule_s_expression_is_said_to_have_no_place_there():
    import jinja2

    from pnp.syntaxwords import said

    with pytest.raises(jinja2.TemplateSyntaxError) as err:
        jinja2.Environment().parse("{{ {% if x %} }}")      # a rule's `if`, as pnp reads it
    assert said(err.value.message, braced=False) == (
        "a rule's expression takes no {% %} tags: write the value or condition alone")


@pytest.mark.parametrize("text,shows", [
    ("{{{'a': 'x'}['a']}}", "x"), ("{{ '}}}' }}", "}}}"), ("{% raw %}{{{x}}}{% endraw %}", "{{{x}}}"),
])
def test_braces_an_expression_owns_are_no_stray_ones(tmp_path, text, shows):
    """A dict literal, a string of braces and a raw block are Jinja2's own: not refused."""
    from pnp.project import check, open_game

    written = f"'{text}'" if "'" not in text else f'"{text}"'
    game = card_game(tmp_path / "g", TEXT_FRONT.replace('text = "{{ text }}"', f"text = {written}"),
                     "text\nhi\n")
    assert [f for f in check(open_game(str(game))) if f.level == "error"] == []


def test_a_rule_s_error_names_no_braces_pnp_put_round_it():
    from pnp.syntaxwords import said

    assert said("expected token 'end of print statement', got 'me'", braced=False) == (
        "'me' follows a whole expression: join the two with an operator (+, and, or ...)")
    assert said("expected token 'end of statement block', got 'x'") == (
        "expected token '%}', got 'x'")
    assert said("unexpected char '}' or 'end of print statement'", braced=False) == (
        "unexpected char '}' or the expression's end")


def test_a_missing_booklet_nobody_named_is_not_blamed_on_game_toml(tmp_path):
    """Only a [booklet] template written in game.toml is game.toml's mistake."""
    from pnp.games.base import _no_template
    from pnp.project import open_game

    game = card_game(tmp_path / "g", TEXT_FRONT, "text\nhi\n")
    (game / "booklet.md.j2").unlink()
    folder = open_game(str(game)).folder
    said = str(_no_template(folder, "booklet.md.j2", "nosuch", None))
    assert said.startswith("booklet.md.j2: the game has no booklet.md.j2") and \
        "game.toml" not in said, said
    said = str(_no_template(folder, "rules.md.j2", "deck", "rules.md.j2"))
    assert said.startswith('game.toml, field "booklet.template": booklet template '
                           "'rules.md.j2'"), said
