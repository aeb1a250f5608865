"""The rules' expressions are the layouts' (issue 25): lookups into the state (`me.wounds`,
`winner[card.type]`) run as Python, as the sandbox reads them; the rest keeps Jinja2."""

import pytest

from pnp.rules import direct
from pnp.rules.expr import Compiler
from pnp.sandbox import MAX_INT_BITS
from pnp.templating import environment

CONTEXT = {"me": {"wounds": 7, "sword": 3, "hand": 2}, "card": {"type": "sword", "multiplier": 3},
           "players": [{"wounds": 1}, {"wounds": 9}], "options": {"limit": 10}}


@pytest.mark.parametrize("raw", [
    "me.wounds", "me[card.type] * card.multiplier", "me.wounds >= options.limit",
    "players[1].wounds", "me.hand == 0 and card.type == 'sword'", "me['sword'] + 1",
    "me.wounds - 1 if card.multiplier > 2 else 0", "[me.sword, me.wounds] | max",
    "([me.sword, me.wounds] | max) - ([me.sword, me.hand] | min)", "[card.type, 'bow'] | max"])
def test_lookups_run_as_python_and_agree_with_jinja(raw):
    fast = direct.compile_direct("{{ " + raw + " }}", {}, None, lookups=True)
    assert fast is not None, raw
    assert fast[0](CONTEXT) == environment().compile_expression(raw)(**CONTEXT)


@pytest.mark.parametrize("raw", ["me.wounds // 2", "card.type in ['sword', 'bow']",
                                 "[me, me] | max(attribute='sword')"])
def test_the_rest_keeps_jinja(raw):
    assert direct.compile_direct("{{ " + raw + " }}", {}, None, lookups=True) is None
    compiled = Compiler("rules.toml", set(CONTEXT), {}).compile(raw, "x.if")
    assert compiled(CONTEXT) == environment().compile_expression(raw)(**CONTEXT)


@pytest.mark.parametrize("raw", ["card.values", "card.items + 1", "card['keys'] * 2",
                                 "players[0].get", "card.copy == 'yes'"])
def test_a_key_named_as_a_dict_method_is_the_field_in_python_and_jinja(raw):
    """A card column `values` read as `card.values` is the column, never dict.values (which
    compared silently false or failed mid-game), in both paths."""
    context = {"card": {"values": 4, "items": 2, "keys": 5, "copy": "yes"},
               "players": [{"get": 3}]}
    fast = direct.compile_direct("{{ " + raw + " }}", {}, None, lookups=True)
    assert fast is not None, raw
    jinja = environment().compile_expression(raw)(**context)
    assert fast[0](context) == jinja
    assert type(jinja) in (int, bool)


def test_a_dict_without_such_a_key_keeps_its_methods():
    assert environment().from_string("{% for k, v in d.items() %}{{ k }}{{ v }}{% endfor %}"
                                     ).render(d={"a": 1}) == "a1"
    fn, _ = direct.compile_direct("{{ me.items }}", {}, None, lookups=True)
    with pytest.raises(direct.Undefined):      # never the method: an error naming `items`
        fn(CONTEXT)


def test_most_and_least_are_worked_out_over_the_players():
    aggregates = {"most": ("players", max), "least": ("players", min)}
    fn, names = direct.compile_direct("{{ most.wounds - least.wounds >= 8 }}", {}, None,
                                      lookups=True, aggregates=aggregates)
    assert names == {"most", "least"}
    assert fn(CONTEXT) is True
    assert direct.compile_direct("{{ most['wounds'] }}", {}, None, lookups=True,
                                 aggregates=aggregates) is None    # the dict: Jinja2's
    compiled = Compiler("rules.toml", {"most", "least", "players"}, {}).compile(
        "most.wounds >= 9", "end[1].if")
    assert not compiled.aggregate and compiled.free      # no dict of maxima built for it
    assert compiled(CONTEXT) is True


def test_layouts_keep_their_meaning_without_lookups():
    assert direct.compile_direct("{{ me.wounds }}", {}, None) is None


def test_a_product_of_whole_numbers_is_bounded_as_the_sandbox_bounds_it():
    assert direct.INT_BITS == MAX_INT_BITS
    fn, _ = direct.compile_direct("{{ a * b }}", {}, None)
    assert fn({"a": 3, "b": 4}) == 12
    with pytest.raises(direct.TooLarge):
        fn({"a": 2 ** 6000, "b": 2 ** 6000})


def test_a_missing_key_reads_as_undefined():
    fn, _ = direct.compile_direct("{{ me.mana }}", {}, None, lookups=True)
    with pytest.raises(direct.Undefined):
        fn(CONTEXT)


@pytest.mark.parametrize("raw", ["me.wounds >= options['limit']", "options['limit'] - me.wounds",
                                 "options['limit']", "me.wounds >= options.limit"])
def test_the_games_options_read_by_key_are_its_options_on_every_row(raw):
    """`options` is fixed for a game (not in the row): `options['limit']` reads it as
    `options.limit` does, and a key it does not have is still undefined."""
    options = {"options": {"limit": 10}}
    compiled = Compiler("rules.toml", {"me"}, options).compile(raw, "end[1].if")
    row = {"me": {"wounds": 7}}
    assert compiled(row) == environment().compile_expression(raw)(**row, **options)
    with pytest.raises(Exception, match="goal"):   # (now, or when played)
        Compiler("rules.toml", {"me"}, options).compile(
            raw.replace("limit", "goal"), "end[1].if")(row)
