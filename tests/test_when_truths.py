"""A `when` made of names joined by and, or and not is remembered by each name's truth (a card's
own text then costs no rendering a card): it shows exactly when rendering it afresh says so."""

from itertools import product
from pathlib import Path

import pytest

from pnp.data.layouts.values import Scope, Value, render, to_bool

SCOPE = Scope(Path("card.toml"), ["a", "b", "c"], {}, {})
CELLS = ["", "0", "0.0", "-0", "no", "None", "x", "a long text. 0", " 0 ", "2"]


@pytest.mark.parametrize("raw", ["{{ a and b }}", "{{ a or not b }}", "{{ not a }}",
                                 "{{ (a or b) and not c }}"])
def test_a_truth_only_when_shows_as_a_fresh_rendering_says(raw):
    when = Value(raw, to_bool, SCOPE, "e.when")
    assert when.truths
    for a, b, c in product(CELLS, CELLS, ["", "7"]):
        row = {"a": a, "b": b, "c": c}
        fresh = to_bool(render(when.template, {n: row[n] for n in when.names}))
        assert when.get(row) is fresh, (raw, row)
    assert len(when.memo) < len(CELLS) ** 2 * 2  # rows alike in truth shared a rendering


@pytest.mark.parametrize("raw", ["{{ a ~ b }}", "{{ a | length > 3 and b }}",
                                 "{{ a == '0' }}", "x{{ a }}", "{{ a }}{{ b }}"])
def test_any_other_when_is_remembered_by_its_values(raw):
    when = Value(raw, to_bool, SCOPE, "e.when")
    assert not when.truths
    for a, b in product(CELLS, CELLS):
        row = {"a": a, "b": b, "c": ""}
        assert when.get(row) is to_bool(render(when.template, {n: row[n] for n in when.names}))
