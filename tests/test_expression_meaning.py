"""One meaning for every layout expression: there is one evaluator (Jinja2 in its sandbox), a
plain `{{ column }}` prints what Jinja2 prints, `when` reads numbers as Jinja2's `if` does,
and an expression Jinja2 refuses is refused when the layout is read."""

from pathlib import Path

import pytest

from pnp.data.layouts.values import Scope, Value, render, to_bool, to_text
from pnp.errors import DataError

SCOPE = Scope(Path("card.toml"), ["cost", "title"], {}, {"game": {"title": "G"}})


def _value(raw: str, convert=to_text) -> Value:
    return Value(raw, convert, SCOPE, "element.when")


@pytest.mark.parametrize("cost", [0, 0.0, -0.0, "0", "0.0", "0.00", "", "none", False])
def test_when_is_false_for_zero_in_every_spelling(cost):
    assert _value("{{ cost }}", to_bool).get({"cost": cost, "title": ""}) is False
    assert to_bool(cost) is False


@pytest.mark.parametrize("cost", [1, 0.5, "2", "-1.5", "yes", True])
def test_when_is_true_for_other_numbers_and_words(cost):
    assert _value("{{ cost }}", to_bool).get({"cost": cost, "title": ""}) is True


@pytest.mark.parametrize("cost", [2, 2.0, 0.5, "x", None, True])
def test_a_plain_column_prints_what_jinja2_prints(cost):
    plain = _value("{{ cost }}").get({"cost": cost, "title": ""})
    rendered = render(SCOPE.compile("{{ cost }}!", "x"), {"cost": cost}).removesuffix("!")
    assert plain == rendered


@pytest.mark.parametrize("raw", ["{{ cost == 007 }}", "{{ cost + }}", "{{ title | nosuch }}",
                                 "{{ cost if }}"])
def test_an_expression_jinja2_refuses_is_refused_when_the_layout_is_read(raw):
    with pytest.raises(DataError, match=r'card\.toml, field "element\.when": expression'):
        _value(raw)


def test_an_expression_of_constants_is_worked_out_once_when_read():
    value = _value("{{ game.title }} {{ 1 + 2 }}")
    assert value.static and value.const == "G 3"


@pytest.mark.parametrize("raw", [
    "{{ cost }}", "{{ cost + 1 }}mm", "{{ title | upper }} {{ game.title }}",
    "{{ 'a' if cost > 2 and not title else row['cost'] }}", "{% if cost %}{{ title }}{% endif %}",
    "{{ cost is number }}", "{{ [cost, title][0] ~ {'k': game}.k }}", "{{ range(cost) | join(',') }}",
    "{% for c in cost %}{{ c }}{{ title }}{% endfor %}", "{% set t = title %}{{ t }}{{ cost }}",
    "{% for c in cost %}{{ loop.index }}{% endfor %}{{ c }}", "{{ self }}{{ cost }}",
])
def test_the_names_an_expression_reads_are_those_jinja2_finds(raw):
    # names told from the tree (an expression) agree with jinja2.meta's (which any template
    # with a for or a set gets)
    from jinja2 import meta

    assert SCOPE.names_in(raw, "x") == meta.find_undeclared_variables(SCOPE.tree(raw, "x"))
