"""A rules expression reads a field of a card lying in a zone: `top.ZONE` (the card placed
last) and `bottom.ZONE` (the first: a trick's led card), none for an empty zone; a zone of
each player's is the player's the expression is about (issue 25)."""

import random
import shutil

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.data.game import GameFolder
from pnp.games import registry
from pnp.scaffold import new_game

SPEC = registry.get("rules")

RISING = '''[zones.bought]                  # your cards, face up in front of you
visible = "public"
ordered = true'''
BUY_IF = 'if = "me.coins >= card.cost"'


@pytest.fixture(scope="module")
def starter(tmp_path_factory):
    return new_game("mine", tmp_path_factory.mktemp("starter"), "market")


def _changed(starter, tmp_path, *edits):
    folder = tmp_path / "game"
    shutil.copytree(starter, folder)
    path = folder / "rules.toml"
    text = path.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return folder


def _validate(folder):
    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    return res.exit_code, res.output


def _rising(starter, tmp_path, condition, *more):
    return _changed(starter, tmp_path,
                    ('[zones.bought]                  # your cards, face up in front of you\n'
                     'visible = "public"', RISING),
                    (BUY_IF, f'if = "me.coins >= card.cost and {condition}"'), *more)


# The rising rules stall a game (no buy is legal any more) well before the 200th turn: every
# buy of a game happens within 40 turns, and validate's random games end there, not at 200
STALLS_SOONER = ("limit = 200", "limit = 40")


def test_a_condition_reads_the_top_card_of_the_players_own_zone(starter, tmp_path):
    """Buy only a card costing at least the one you bought last: every legal buy of every
    random game obeys it, and the rule is what changed the games."""
    folder = _rising(starter, tmp_path, "(me.bought == 0 or card.cost >= top.bought.cost)",
                     STALLS_SOONER)
    code, out = _validate(folder)
    assert code == 0, out
    game = SPEC.new_game(SPEC.load(GameFolder.open(folder)))
    checked = 0
    for seed in range(20):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            if seat >= 0:
                mine = state.observation(seat)["zones"][f"bought[{seat + 1}]"]
                top = state.cards[mine[-1]]["cost"] if mine else None
                for action in state.legal_actions():
                    if action < len(state.cards):        # a buy: its card
                        assert top is None or state.cards[action]["cost"] >= top
                        checked += 1
                action = rng.choice(state.legal_actions())
            else:
                action = state.sample_chance(rng)
            state.apply_action(action)
    assert checked > 100


def test_bottom_is_the_first_card_and_an_empty_zone_is_none(starter, tmp_path):
    """bottom.bought is the first card bought, not the last: a card costing less than the last
    but not less than the first may be bought. Before any, top.bought is none (the condition
    `top.bought is none` holds: Jinja2's test, through the sandbox)."""
    folder = _rising(starter, tmp_path, "(top.bought is none or card.cost >= bottom.bought.cost)",
                     STALLS_SOONER)
    code, out = _validate(folder)
    assert code == 0, out
    game = SPEC.new_game(SPEC.load(GameFolder.open(folder)))
    checked = between = 0
    for seed in range(10):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            if seat >= 0:
                mine = state.observation(seat)["zones"][f"bought[{seat + 1}]"]
                buys = [state.cards[a]["cost"] for a in state.legal_actions()
                        if a < len(state.cards)]
                if mine:
                    first, last = (state.cards[mine[i]]["cost"] for i in (0, -1))
                    assert all(cost >= first for cost in buys)
                    between += sum(cost < last for cost in buys)  # what `top` would forbid
                    checked += len(buys)
                elif seed == 0:
                    assert buys  # none bought yet: `top.bought is none`, every buy open
                action = rng.choice(state.legal_actions())
            else:
                action = state.sample_chance(rng)
            state.apply_action(action)
    assert checked > 20 and between > 0, (checked, between)


@pytest.mark.parametrize("condition,says", [
    ("card.cost >= top.bouhgt.cost", "reads top.bouhgt, which the rules do not have (did you "
                                     "mean top.bought?)"),
    ("card.cost >= top.bought.cots", "reads top.bought.cots, a field the cards do not have "
                                     "(did you mean top.bought.cost?)"),
    ("card.cost >= bottom.market.cots", "reads bottom.market.cots, a field the cards do not "
                                        "have (did you mean bottom.market.cost?)"),
])
def test_a_bad_zone_or_field_is_one_error_naming_file_table_and_key(starter, tmp_path,
                                                                     condition, says):
    code, out = _validate(_rising(starter, tmp_path, condition))
    lines = [line for line in out.splitlines() if line.strip()]
    assert code != 0 and len(lines) == 1, out
    assert lines[0].startswith('Error: rules.toml, field "actions.buy.if": '), out
    assert says in lines[0], out


def test_an_empty_zones_card_read_in_play_is_named(starter, tmp_path):
    """Reading a field of an empty zone's card is an Error naming the key, not a traceback."""
    folder = _rising(starter, tmp_path, "card.cost >= top.bought.cost")
    code, out = _validate(folder)
    assert code != 0
    assert 'rules.toml, field "actions.buy.if"' in out and "Traceback" not in out, out
    assert "an empty zone's top or bottom is none: test its size first" in out, out


def test_the_booklet_says_a_zones_card_in_words(starter):
    from pnp.rules.booklet import words

    rules = SPEC.load(GameFolder.open(starter)).rules
    assert words("card.cost >= top.bought.cost and card.colour == bottom.market.colour",
                 rules) == "the card's cost ≥ the cost of the top card of the bought and the " \
        "card's colour is the colour of the first card of the market"


@pytest.mark.parametrize("condition,read", [
    ("card.cost >= top.deck.cost", "top.deck"),
    ("bottom.deck is none", "bottom.deck"),
    ("top['deck'] is none", "top.deck"),
])
def test_the_card_of_a_hidden_zone_is_refused_when_the_rules_are_read(starter, tmp_path,
                                                                      condition, read):
    """top.deck of the face-down draw pile would tell the rules, and any agent reading
    them, the card nobody may see."""
    code, out = _validate(_rising(starter, tmp_path, condition))
    lines = [line for line in out.splitlines() if line.strip()]
    assert code != 0 and len(lines) == 1, out
    assert lines[0].startswith('Error: rules.toml, field "actions.buy.if": '), out
    assert f"reads {read}, the card at the {read.split('.')[0]} of [zones.deck], which is " \
        "hidden: nobody may see it, so no rule may read it (its number of cards, " \
        "shared.deck, is public)" in lines[0], out


@pytest.mark.parametrize("condition,used", [
    ("top.market == 3", "top.market"),
    ("card.cost > bottom.bought", "bottom.bought"),
    ("(top.bought) == card", "top.bought"),
])
def test_a_zones_card_compared_whole_is_an_error_saying_to_compare_a_field(
        starter, tmp_path, condition, used):
    """It was false in every game (a card is never 3), or a message about dicts in play."""
    code, out = _validate(_rising(starter, tmp_path, f"{condition} and me.coins > 0"))
    lines = [line for line in out.splitlines() if line.strip()]
    assert code != 0 and len(lines) == 1, out
    assert lines[0].startswith('Error: rules.toml, field "actions.buy.if": '), out
    assert f"uses {used}, a whole card, as a value; compare one of its fields ({used}.colour" \
        f"), or ask `{used} is none` (the zone is empty)" in lines[0], out


def test_the_zones_an_expression_reads_come_from_its_parse():
    """Plan.zonal reads `top.x` and `bottom.x` from the parsed expression (direct or Jinja2),
    not from its text: a word in quotes is no read, `top[...]` reads any zone."""
    from pnp.rules.expr import Compiler

    compiler = Compiler("rules.toml", {"top", "bottom", "me", "card"}, {})
    reads = {raw: compiler.compile(raw, "x", check=False).zone_reads for raw in (
        "top.discard.value > 3 and bottom.hand", "'top.deck' == card.name",
        "top[card.zone].value", "(top.pile.value | string) ~ 'x'")}
    assert reads == {"top.discard.value > 3 and bottom.hand": {("top", "discard"),
                                                              ("bottom", "hand")},
                     "'top.deck' == card.name": frozenset(),
                     "top[card.zone].value": {("top", None)},
                     "(top.pile.value | string) ~ 'x'": {("top", "pile")}}
