"""One meaning for every layout expression: there is one evaluator (Jinja2 in its sandbox), a
plain `{{ column }}` prints what Jinja2 prints, `when` reads numbers as Jinja2's `if` does,
and an expression Jinja2 refuses is refused when the layout is read."""

import re
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


@pytest.mark.parametrize("raw", [
    "{{ " + " + ".join(["cost"] * 600) + " }}",            # too long a chain for Python's compiler
    "{{ " + "(" * 300 + "cost" + ")" * 300 + " }}",        # too deep for Jinja2's parser
    "{{ " + " ".join(["title if cost else"] * 500) + " title }}",
])
def test_an_expression_too_deep_or_long_to_compile_is_the_layouts_mistake(raw):
    with pytest.raises(DataError, match=r'card\.toml, field "element\.when": expression .* is '
                                        r'too deeply nested or too long to read'):
        _value(raw)


def test_an_unknown_filter_is_refused_wherever_it_stands_with_the_name_it_is_close_to():
    # (Jinja2 leaves one inside an if to fail on each card that reaches it)
    for raw in ("{{ title | uper }}", "{% if cost %}{{ title | uper }}{% endif %}"):
        with pytest.raises(DataError, match=r"No filter named 'uper' \(did you mean 'upper'\?\)"):
            _value(raw)
    with pytest.raises(DataError, match=r"No test named 'nuber' \(did you mean 'number'\?\)"):
        _value("{% if cost is nuber %}x{% endif %}")


def test_a_column_read_as_row_dot_name_is_checked_as_row_of_name_is():
    for raw, read in (("{{ row.titel }}", "row.titel"), ("{{ row['titel'] }}", "row['titel']")):
        with pytest.raises(DataError, match=rf"reads {re.escape(read)}, which is not a column of "
                                            r"the data \(cost, title\) \(did you mean 'title'\?\)"):
            _value(raw)
    assert _value("{{ row.title }}").get({"row": {"title": "T"}, "cost": 1, "title": "T"}) == "T"
    assert _value("{{ row.get('title') }}").get({"row": {"title": "T"}, "cost": 1,
                                                 "title": "T"}) == "T"  # the row's own method


def test_a_misspelt_name_is_told_the_name_it_is_close_to():
    with pytest.raises(DataError, match=r"uses 'titel', .* \(did you mean 'title'\?\)"):
        _value("{{ titel }}")


@pytest.mark.parametrize("raw", ["{{ '#ff0000' | tint(7) }}", "{{ '#ff0000' | shade(-0.5) }}",
                                 "{{ '#ff0000' | mix('#0000ff', 1.5) }}"])
def test_a_colour_filter_takes_an_amount_from_0_to_1(raw):
    with pytest.raises(ValueError, match=r"takes an amount from 0 to 1"):
        _value("{{ cost }}" + raw).get({"cost": 1, "title": ""})
    assert _value("{{ cost }}{{ '#ff0000' | tint(1) }}").get({"cost": 1, "title": ""}) == "1#ffffff"
