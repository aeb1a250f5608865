"""Every mistake in a rules file is one `Error:` naming the file, table and key, with the
closest name for a typo (issue 25); rules that cannot end are named by a bounded check."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers import changed_copy, edit, usage_error
from pnp.cli import main
from pnp.scaffold import new_game


@pytest.fixture(scope="module")
def starter(tmp_path_factory):
    return new_game("mine", tmp_path_factory.mktemp("starter"), "market")


def _validate(folder):
    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    return res.exit_code, res.output


def _changed(starter, tmp_path, old, new, file="rules.toml"):
    return changed_copy(starter, tmp_path / "game", file, old, new)


def test_the_starter_validates(starter):
    code, out = _validate(starter)
    assert code == 0, out


@pytest.mark.parametrize("old,new,says", [
    ('visible = "hidden"', 'visble = "hidden"',
     'rules.toml, field "zones.deck.visble": [zones.deck] has no key \'visble\' (did you mean '
     '\'visible\'?)'),
    ('if = "me.coins >= card.cost"', 'if = "me.coins >= card.cots"',
     'field "actions.buy.if": \'me.coins >= card.cots\' reads card.cots, which the rules do '
     'not have (did you mean card.cost?)'),
    ('if = "me.coins >= card.cost"', 'if = "mee.coins >= card.cost"',
     "uses 'mee', which the rules do not have here (did you mean 'me'?)"),
    ('{ lose = "coins", amount = "card.cost" }', '{ lose = "coin", amount = "card.cost" }',
     "no counter 'coin' (did you mean 'coins'?)"),
    ('{ gain = "points", amount = "card.points" }', '{ gian = "points", amount = "card.points" }',
     "no verb 'gian' (did you mean 'gain'?)"),
    ('to = "bought"', 'to = "bougth"', 'field "actions.buy.to": no zone \'bougth\' (did you '
     'mean \'bought\'?)'),
    ('actions = ["buy", "gather"]', 'actions = ["buy", "gathr"]',
     "no action 'gathr' (did you mean 'gather'?)"),
    ('who = "each"', 'who = "eahc"', "'eahc' is not a player (did you mean 'each'?)"),
    ('if = "shared.market == 0"', 'if = "shared.market == = 0"', 'field "end[2].if": '
     "expression 'shared.market == = 0'"),
    ('count = "2-4"', 'count = "4-2"', 'field "players.count"'),
    ('[zones.market]', '[zones.turn]', "'turn' cannot be a name here"),
    ('pick = "rose_lead"', 'pick = -1', "-1 cannot be a name here"),
    # read after a dot, a table's own attribute: me.items was dict.items (an error mid-game;
    # shared.values == 0 silently false), me.__class__ a sandbox error mid-game
    ('[counters.coins]', '[counters.items]', "'items' cannot be a name here: "
     "every table has a built-in items (me.items), so a rule reading me.items could mean either"),
    ('[zones.market]', '[zones.values]', 'field "zones.values": \'values\' cannot be a name'),
    ('[counters.points]', '[counters.__class__]', "'__class__' cannot be a name here"),
    ('[counters.rose]', '[counters."очки"]', "'очки' cannot be a name here: use the letters "
     "a-z and A-Z"),
    ('[score]', '[scoer]', 'rules.toml, field "scoer": rules.toml has no table \'scoer\' '
     '(did you mean \'score\'?)'),
    ('[counters.coins]\nmax = 99', '[counters.coins]\nmin = 10\nmax = 5',
     'field "counters.coins.min": min 10 is above max 5'),
    ('if = "me.coins >= card.cost"', 'if = 3', 'field "actions.buy.if": a condition is true, '
     'false or an expression'),
    # a list where a name belongs was a TypeError ("a bug in pnp")
    ('actions = ["buy", "gather"]', 'actions = [["buy"], "gather"]',
     'field "phases.play.actions": no action [\'buy\'] (did you mean \'buy\'?)'),
    ('phases = ["play"]', 'phases = [["play"]]', 'field "turn.phases": no phase [\'play\']'),
    # written but never played
    ('actions = ["buy", "gather"]', 'actions = ["buy", "gather", "buy"]',
     'field "phases.play.actions": \'buy\' is listed twice'),
    # two ends of one name: ended_by and every message would say either
    ('name = "market empty"', 'name = "goal"', 'rules.toml, field "end[2].name": \'goal\' is '
     "end[1]'s name too; give each [[end]] a name of its own (ended_by and the findings report "
     "it)"),
    ('actions = ["buy", "gather"]', 'actions = ["buy"]', 'field "actions.gather": no phase '
     "lists the action 'gather', so nobody can take it"),
    ('[phases.play]', '[phases.idle]\nwho = "none"\n\n[phases.play]', 'field "phases.idle": '
     "[turn] phases does not list 'idle', so it is never played"),
    # an action nobody can take: validate blamed the [[end]] conditions, simulate ran every
    # game to the turn limit
    ('if = "me.coins >= card.cost"', 'if = "card.cost > 99"', 'field "actions.buy.if": '
     "'card.cost > 99' holds for no card, so nobody can ever take [actions.buy]"),
    ('if = "me.coins >= card.cost"', "if = false", 'field "actions.buy.if": [actions.buy] can '
     "never be taken: its if is false"),
    # a label that fails validated and stopped `pnp play` at its first turn
    ('label = "{{ card.title }} (', 'label = "{{ me.coins }} (', 'field "cards.label": \'{{ '
     "me.coins }} ({{ card.colour }}, cost {{ card.cost }})' reads me: a card's label reads the "
     "card (card.title) and options only"),
    ('label = "{{ card.title }} (', 'label = "{{ card.cost // 0 }} (', 'field "cards.label": '
     "'{{ card.cost // 0 }} ({{ card.colour }}, cost {{ card.cost }})': integer division or "
     "modulo by zero (for the card of cards.csv, row 2)"),
    ('to = "bought"\n', 'to = "bought"\nlabel = "buy {{ card.cost // 0 }}"\n',
     'field "actions.buy.label": \'buy {{ card.cost // 0 }}\': integer division or modulo by '
     "zero (for the card of cards.csv, row 2)"),
    # a count the same in every game is checked when the rules are read (inf: OverflowError)
    ('count = "options.market"', "count = inf", 'field "setup[2].count": a count must be a '
     "whole number, not inf"),
    ('count = "options.market"', 'count = "options.market / 8"', 'field "setup[2].count": '
     "a count must be a whole number, not 0.5"),
    # a key in brackets is a key as a dotted one is: found before any game, with its hint
    ('if = "me.coins >= card.cost"', "if = \"me['coins'] >= card['cots']\"",
     'field "actions.buy.if": "me[\'coins\'] >= card[\'cots\']" reads card.cots, which the '
     'rules do not have (did you mean card.cost?)'),
    ('amount = "options.gather"', "amount = \"options['gathr']\"",
     "reads options.gathr, which the rules do not have (did you mean options.gather?)"),
    # an action without from takes no card: gather's card.cost read the last card bought
    ('amount = "options.gather"', 'amount = "card.cost"', 'field "actions.gather.effects[1].'
     "amount\": 'card.cost' reads card, but [actions.gather] takes no card (it has no from = "
     '"zone"): give it one, or read the player\'s or the table\'s counters'),
    # a set the counter's bounds undo: coins = 500 with max = 99 played 99, printed 500
    ('amount = "options.coins"', "amount = 150", 'rules.toml, field "setup[3].amount": sets '
     "coins to 150, outside 0 to 99 (the min and max of [counters.coins]): the game would play "
     "99"),
    ('amount = "options.coins"', "amount = -1", 'field "setup[3].amount": sets coins to -1, '
     "outside 0 to 99 (the min and max of [counters.coins]): the game would play 0"),
    # TOML: a key written below a table belongs to it
    ('[counters.coins]\nmax = 99', '[counters.coins]\nmax = 99\nsetup = [{ set = "coins" }]',
     '[counters.coins] has no key \'setup\'; setup = ... written below [counters.coins] '
     'belongs to that table in TOML: write it above the first [table], or as [[setup]] tables'),
    ('[counters.coins]\nmax = 99', '[counters.coins]\nmax = "options.gaol"',
     'field "counters.coins.max": \'options.gaol\' reads options.gaol, which the rules do '
     'not have (did you mean options.goal?)'),
    ('visible = "hidden"', 'visible = true', 'field "zones.deck.visible": True is not one of: '
     'public, owner, hidden'),
    # Jinja2's parser recurses: deep brackets were a RecursionError ("a bug in pnp")
    ('amount = "card.points"', 'amount = "' + "(" * 300 + "card.points" + ")" * 300 + '"',
     'field "actions.buy.effects[2].amount": the expression nests too deeply'),
    # worked out once when the rules are read: a sandbox limit named like any other mistake
    ('amount = "card.points"', 'amount = "range(10**9) | sum"',
     'rules.toml, field "actions.buy.effects[2].amount": \'range(10**9) | sum\': Range too big'),
])
def test_a_mistake_is_one_error_naming_file_table_and_key(starter, tmp_path, old, new, says):
    code, out = _validate(_changed(starter, tmp_path, old, new))
    assert code != 0
    lines = [line for line in out.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), out
    assert says in lines[0], out
    assert "Traceback" not in out


@pytest.mark.parametrize("amount", ['"options.coins"', '"{{ options[\'coins\'] }}"'])
def test_a_starting_option_beyond_its_counter_is_the_options_mistake(starter, tmp_path, amount):
    """The booklet printed "never above 99" and "set your coins to 500"; a sweep of the
    option saw nothing change. The option is named where it is written."""
    folder = _changed(starter, tmp_path, "coins = 3 ", "coins = 500 ", "game.toml")
    edit(folder / "rules.toml", 'amount = "options.coins"', f"amount = {amount}")
    code, out = _validate(folder)
    assert code == 2 and out == ('Error: game.toml, field "options.coins": sets coins to 500, '
                                 "outside 0 to 99 (the min and max of [counters.coins]): the "
                                 "game would play 99 (setup[3].amount reads it)\n"), out


def test_an_action_taking_a_card_from_a_hidden_zone_is_refused(starter, tmp_path):
    """A card action lists every card of its zone as a move: from a face-down pile that named
    each hidden card in `pnp play` (take the one you want) and, for a player who always typed
    1, gave the cards in the CSV's order, never at random. The error says how to draw one."""
    code, out = _validate(_changed(starter, tmp_path, 'from = "market"', 'from = "deck"'))
    assert code != 0
    lines = [line for line in out.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), out
    assert 'rules.toml, field "actions.buy.from": [zones.deck] is hidden' in lines[0], out
    assert 'draw = "deck"' in lines[0] and "compare" in lines[0], out


def test_a_card_naming_a_counter_the_rules_lack_is_refused_by_file_row_field(starter, tmp_path):
    folder = _changed(starter, tmp_path, "Sprout,leaf,", "Sprout,lef,", "cards.csv")
    toml = folder / "game.toml"    # (a colour the palette has: the rules are what refuse it)
    toml.write_text(toml.read_text().replace('leaf = "#3d8b4f"', 'leaf = "#3d8b4f"\nlef = "#3d8b4f"'))
    code, out = _validate(folder)
    assert code != 0
    assert 'cards.csv, row 10, field "colour": \'lef\' is not a counter of the rules' in out, out
    assert "(did you mean 'leaf'?)" in out


def test_rules_that_may_never_end_are_warned(starter, tmp_path):
    """No [[end]] held in any random game, but none is certain never to hold: a warning."""
    folder = _changed(starter, tmp_path, 'if = "most.points >= options.goal"',
                      'if = "most.points >= options.goal + 10000"')
    text = (folder / "rules.toml").read_text()
    (folder / "rules.toml").write_text(text.replace('if = "shared.market == 0"',
                                                    'if = "shared.market + 1 < 0"'))
    code, out = _validate(folder)
    assert code == 0 and "the [[end]] conditions may never hold" in out, out


@pytest.mark.parametrize("old,new,says", [
    ('if = "shared.market == 0"', 'if = "shared.market < 0"',
     'field "end[2].if": [[end]] \'market empty\' can never hold: \'shared.market < 0\' is '
     'never true (market counts cards: 0 to 32)'),
    ('if = "most.points >= options.goal"', 'if = "most.points > 999"',
     'field "end[1].if": [[end]] \'goal\' can never hold: \'most.points > 999\' is never true '
     '(points is kept within 0 to 999)'),
    ('if = "most.points >= options.goal"', 'if = "me.tricks >= 1 or most.points > 2000"',
     "'me.tricks >= 1' is never true (no effect changes tricks, which stays 0); "
     "'most.points > 2000' is never true"),
    ('if = "shared.market == 0"', 'if = false', "[[end]] 'market empty' can never hold: it is "
     "false"),
])
def test_an_end_that_can_never_hold_is_an_error(starter, tmp_path, old, new, says):
    """Certain before any game: a count beyond its bounds, a counter nothing changes, false."""
    folder = _changed(starter, tmp_path, old, new)
    if "tricks" in new:
        text = (folder / "rules.toml").read_text()
        (folder / "rules.toml").write_text(text.replace("[counters.leaf]",
                                                        "[counters.tricks]\n[counters.leaf]"))
    code, out = _validate(folder)
    assert code == 2 and out.startswith("Error: rules.toml, ") and says in out, out


def test_a_round_that_can_never_end_is_an_error(tmp_path):
    folder = new_game("tricks", tmp_path, "trick-taking")
    path = folder / "rules.toml"
    path.write_text(path.read_text().replace('end = "me.hand == 0"', 'end = "me.hand < 0"'))
    code, out = _validate(folder)
    assert code == 2 and 'field "round.end": the round can never end: \'me.hand < 0\' is ' \
        "never true (hand counts cards: 0 to" in out, out


def test_an_expression_that_fails_in_play_is_named(starter, tmp_path):
    # (an amount of the card's cells alone is checked on every card before any game)
    folder = _changed(starter, tmp_path, '{ gain = "points", amount = "card.points" }',
                      '{ gain = "points", amount = "card.title if me.coins >= 0 else 1" }')
    code, out = _validate(folder)
    # exit 2, as a mistake found when the rules are read (and simulate's) is; said with the
    # other findings, and --force still prints
    assert code == 2 and out.startswith('error: rules.toml, field "actions.buy.effects[2].amount"'
                                        ": the amount is 'Comet', not a number (2 players, "
                                        "random game 0)"), out
    assert str(folder) not in out      # the file by its name, as every other mistake
    res = CliRunner().invoke(main, ["simulate", "--game", str(folder), "--games", "2",
                                    "--jobs", "1"])
    assert res.exit_code == 2 and 'field "actions.buy.effects[2].amount"' in res.output, \
        res.output
    pdf = tmp_path / "kit.pdf"
    build = ["build", "--game", str(folder), "--out", str(pdf)]
    assert CliRunner().invoke(main, build).exit_code == 2 and not pdf.exists()
    assert CliRunner().invoke(main, build + ["--force"]).exit_code == 0 and pdf.exists()


@pytest.mark.parametrize("cell,says", [
    ("x", "'x' is not a number (actions.buy.effects[2].amount reads it)"),
    ("", "'' is not a number"),
    ("1e300", "'1e300' is not a number"),
    ("٣", "'٣' is not a number"),  # (one rule for a cell: ASCII digits, as a layout reads it)
    ("9" * 23, "9" * 23 + " has more than 15 digits: the rules play whole numbers up to "
     "999,999,999,999,999"),
])
def test_a_card_cell_the_rules_count_with_is_a_number(starter, tmp_path, cell, says):
    """A card's points cell "x" was found in the middle of a random game and named by the rules
    key; it is the card's cell to fix, named by file, row and field before any game."""
    folder = _changed(starter, tmp_path, "Sprout,leaf,1,0,", f"Sprout,leaf,1,{cell},",
                      "cards.csv")
    code, out = _validate(folder)
    assert code == 2, out
    assert out.startswith('Error: cards.csv, row 10, field "points": ' + says), out


@pytest.mark.parametrize("old,new,says", [
    ('{ gain = "points", amount = "card.points" }',
     '{ gain = "points", amount = "card.title if me.coins >= 0 else 1" }',
     'field "actions.buy.effects[2].amount": the amount is'),
    # (not of the card's cells alone: `card.cost / 2` is checked on every card before any game)
    ('{ draw = "deck", to = "market" }', '{ draw = "deck", to = "market", count = "turn / 2" }',
     'field "actions.buy.effects[4].count": a count must be a whole number, not'),
])
def test_a_mistake_found_in_simulate_is_one_error_naming_file_and_key(starter, tmp_path, old,
                                                                       new, says):
    """Not a Python traceback's words ("replay it with pnp.engine.core.play(...)"): the key
    to fix, and the game and seed it failed in."""
    folder = _changed(starter, tmp_path, old, new)
    for jobs in ("1", "2"):        # and the same from a worker process
        res = CliRunner().invoke(main, ["simulate", "--game", str(folder), "--games", "4",
                                        "--jobs", jobs])
        lines = [line for line in res.output.splitlines() if line.strip()]
        assert res.exit_code == 2 and len(lines) == 1, res.output
        assert lines[0].startswith("Error: rules.toml, ") and says in lines[0], res.output
        assert "(game 0, seed " in lines[0] and "pnp.engine" not in lines[0], res.output


def test_the_booklet_says_how_to_play_with_the_numbers_the_rules_use(starter, tmp_path):
    """Printed = played: the generated "How to play" takes its numbers from [options], the
    field the rules read, so changing the goal changes both."""
    from pypdf import PdfReader

    folder = _changed(starter, tmp_path, "goal = 20", "goal = 27", "game.toml")
    out = tmp_path / "mine.pdf"
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--out", str(out)])
    assert res.exit_code == 0, res.output
    text = " ".join(p.extract_text() for p in PdfReader(out).pages[:4])
    assert "How to play" in text and "highest points ≥ 27 (goal)" in text, text
    assert "if your coins ≥ the card's cost" in text
    assert "≥ 20" not in text


def test_a_card_cell_the_rules_read_but_no_face_prints_is_named(starter, tmp_path):
    """Printed = played: the market charges a card's cost; a face without it is a warning."""
    folder = _changed(starter, tmp_path, 'text = "Cost: **{{ cost }}** coin{{ \'s\' if cost != 1 }}"',
                      'text = "Buy me"', "layouts/card.toml")
    code, out = _validate(folder)
    assert "warning: layouts/card.toml: the rules read the cards' 'cost', which no face of " \
        "card prints: the players cannot see it (show it with \"{{ cost }}\" in " \
        "layouts/card.toml)" in out, out
    assert "'points'" not in out


def test_a_face_that_prints_another_value_than_the_rules_play_is_refused(starter, tmp_path):
    """Printed = played: the rules score a card's points; a face printing `points * 2` tells
    the players another number (exit 3, naming the row, the layout and its element). The
    starter's own `point{{ 's' if points != 1 }}` prints a word, not a number, and passes."""
    folder = _changed(starter, tmp_path, 'text = "**{{ points }}**"',
                      'text = "**{{ points * 2 }}**"', "layouts/card.toml")
    code, out = _validate(folder)
    assert code == 3, out
    assert 'error: cards.csv, row 3, field "points": layouts/card.toml:points prints ' \
        "'**2**', not the row's points (1)" in out and "points_word" not in out, out


def test_a_game_that_plays_for_very_long_is_stopped_naming_the_turn_limit(starter, tmp_path,
                                                                          monkeypatch):
    """A turn limit of 100,000 and no end that holds (none certain not to): the engine stops a
    game at the moves no game needs, in validate and in simulate alike, with one error naming
    [turn] limit, instead of playing millions of moves."""
    from pnp.rules import plan

    # the cap at a tenth of its 50,000 moves: the same stop, a tenth of the moves to play
    monkeypatch.setattr(plan, "MAX_MOVES", 5_000)
    folder = _changed(starter, tmp_path, "limit = 200", "limit = 100000")
    text = (folder / "rules.toml").read_text()
    text = text.replace('if = "most.points >= options.goal"', 'if = "most.points > 998 + 1"')
    (folder / "rules.toml").write_text(text.replace('if = "shared.market == 0"',
                                                    'if = "shared.market + 1 < 0"')
                                       .replace('amount = "options.gather"', 'amount = 0'))
    code, out = _validate(folder)
    says = 'rules.toml, field "turn.limit": a game of 2 players made 5,000 moves without ending'
    assert code == 2 and says in out and "(2 players, random game 0)" in out, out
    res = CliRunner().invoke(main, ["simulate", "--game", str(folder), "--games", "2",
                                    "--jobs", "1"])
    assert res.exit_code == 2 and res.output.startswith("Error: " + says), res.output
    assert "(game 0, seed " in res.output and "Traceback" not in res.output


def test_a_rules_game_without_rules_does_not_validate(starter, tmp_path):
    """engine = "rules" and no rules.toml said "the card data matches the rules"."""
    folder = _changed(starter, tmp_path, 'engine = "rules"', 'engine = "rules"', "game.toml")
    (folder / "rules.toml").unlink()
    code, out = _validate(folder)
    assert code != 0, out
    assert 'error: game.toml, field "game.engine": engine = "rules", but there is no ' \
        'rules.toml' in out, out


def test_an_action_label_is_words_not_an_expression(starter, tmp_path):
    """`label = "take coins"` was read as an expression ("uses 'take'..." or a Jinja2 syntax
    error): a label is text, with values in {{ }}."""
    folder = _changed(starter, tmp_path, "[actions.gather]\n",
                      '[actions.gather]\nlabel = "take {{ options.gather }} coins & rest"\n')
    code, out = _validate(folder)
    assert code == 0, out
    res = CliRunner().invoke(main, ["play", "--game", str(folder), "--opponent", "random",
                                    "--seed", "4"], input="q\n")
    assert "take 2 coins & rest" in res.output, res.output


def test_a_typo_in_game_toml_rules_names_the_key_once(starter, tmp_path):
    """[rules] in game.toml: the key is rules.scoer (it was "rules.rules.scoer")."""
    folder = _changed(starter, tmp_path, "[options]", "[rules.scoer]\nby = 1\n\n[options]",
                      "game.toml")
    (folder / "rules.toml").unlink()
    code, out = _validate(folder)
    assert code == 2, out
    assert out.strip() == 'Error: game.toml, field "rules.scoer": [rules] has no table ' \
        "'scoer' (did you mean 'score'?)", out


def test_a_counter_bound_may_be_a_number_of_the_options(starter, tmp_path):
    """One field for the rule and the print: the points track as long as the goal."""
    from pnp.data.game import GameFolder
    from pnp.games.rules import kit

    folder = _changed(starter, tmp_path, "[counters.points]\nmax = 999",
                      '[counters.points]\nmax = "options.goal + 5"')
    assert _validate(folder)[0] == 0
    assert kit.load(GameFolder.open(folder)).rules.counters["points"].high == 25


def _experior_data(tmp_path, old, new):
    """card_data/experior-data (roles, compare by relation and order), with one change."""
    return _changed(Path(__file__).parent.parent / "card_data" / "experior-data", tmp_path,
                    old, new)


def test_a_typo_in_a_role_column_is_named_with_the_close_one(tmp_path):
    """target.role.swrod was found only in play ("'swrod' is undefined here")."""
    code, out = _validate(_experior_data(tmp_path, 'amount = "target.role.sword"',
                                         'amount = "target.role.swrod"'))
    assert code == 2, out
    assert "reads role.swrod, which the rules do not have (did you mean role.sword?)" in out, out


@pytest.mark.parametrize("order,says", [
    ('["quik", "strong"]', "no card has modality 'quik' (did you mean 'quick'?)"),
    ('[["quick"], "strong"]', "['quick'] is not a value of the cards' modality"),
    ('["quick", "strong", "quick"]', "a value is listed twice"),
])
def test_a_compare_order_names_values_the_cards_have(tmp_path, order, says):
    """order = [["quick"], ...] was a TypeError ("a bug in pnp"); a misspelt value never told
    two cards apart, silently."""
    code, out = _validate(_experior_data(tmp_path, 'order = ["quick", "strong"]',
                                         f"order = {order}"))
    assert code == 2 and out.count("\n") == 1, out
    assert out.startswith('Error: rules.toml, field "phases.resolve.effects[1].by[2].order": '
                          + says), out


@pytest.mark.parametrize("old,new,says", [
    ("magic,Magic,magic,blue,sword", "magic,Magic,magic,blue,magic",
     'attacks.csv, row 4, field "beats": \'magic\' beats itself'),
    ("magic,Magic,magic,blue,sword", "magic,Magic,magic,blue,bow",
     'attacks.csv, row 4, field "beats": \'magic\' beats \'bow\', but row 3 says \'bow\' '
     "beats 'magic': keep one"),
    ("magic,Magic,magic,blue,sword", "magic,Magic,magic,blue,swrod",
     "attacks.csv, row 4, field \"beats\": no card has type 'swrod' (did you mean 'sword'?)"),
])
def test_a_compare_relation_that_contradicts_itself_is_refused(tmp_path, old, new, says):
    """magic beating magic (or bow beating magic and magic bow) validated, and the first
    seat's card won every such meeting: seat 1 won 100 % of the games; a value no card has
    never told two cards apart, silently."""
    folder = _changed(Path(__file__).parent.parent / "card_data" / "experior-data",
                      tmp_path, old, new, file="attacks.csv")
    code, out = _validate(folder)
    assert code == 2 and out.count("\n") == 1, out
    assert out.startswith("Error: " + says), out


@pytest.mark.parametrize("new,says", [
    ('by = [{ most = "me.points" }]', 'field "score.by[1].most": \'me.points\' is the same for '
     "every player (it reads no target), so it tells no one apart and every game would be a "
     "shared win: write 'target.points'"),
    ('by = [{ most = "target.points" }, { fewest = "target.stars" }]', 'field '
     '"score.by[2].fewest": no effect changes stars, which stays 0 for every player'),
])
def test_a_score_that_tells_no_one_apart_is_refused(starter, tmp_path, new, says):
    """most = "me.points" (or a counter nothing changes) validated, and every game of
    `pnp simulate` was a shared win: 100 % draws."""
    folder = _changed(starter, tmp_path, 'by = [{ most = "target.points" }, '
                      '{ most = "target.coins" }]', new)
    edit(folder / "rules.toml", "[counters.rose]", "[counters.stars]\n[counters.rose]")
    code, out = _validate(folder)
    assert code == 2 and out.count("\n") == 1, out
    assert out.startswith("Error: rules.toml, " + says), out


def test_a_role_cell_read_as_a_number_is_one_by_its_row(tmp_path):
    """A sides.csv sword of 'three' was found only in a random game, as a rules.toml error
    of Python's words (unsupported operand type(s) ... 'int' and 'str'), exit 3."""
    folder = _changed(Path(__file__).parent.parent / "card_data" / "experior-data", tmp_path,
                      "human,Human,human,paper,3,2,2", "human,Human,human,paper,three,2,2",
                      file="sides.csv")
    code, out = _validate(folder)
    assert code == 2 and out.count("\n") == 1, out
    assert out.startswith('Error: sides.csv, row 2, field "sword": \'three\' is not a number '
                          '(setup[3].amount reads it)'), out


def test_an_unknown_agent_names_the_kind_of_game_not_the_engine(starter):
    """'unknown agent 'bogus' for rules' read as if 'rules' were a game."""
    res = CliRunner().invoke(main, ["simulate", "--game", str(starter), "--games", "2",
                                    "--jobs", "1", "--ladder", "random,bogus"])
    assert usage_error(res, "--ladder").startswith(
        "unknown agent 'bogus' for a game whose rules are data; known: random, mcts"), res.output


@pytest.mark.parametrize("effect,end,says", [
    ('{ lose = "debt" }', 'if = "me.debt >= 10"',
     "[[end]] 'goal' can never hold: 'me.debt >= 10' is never true (no effect raises debt, "
     "which starts at 5)"),
    ('{ gain = "debt", amount = "card.points" }', 'if = "shared.market == 0 and me.debt < 5"',
     "'me.debt < 5' is never true (no effect lowers debt, which starts at 5)"),
    ('{ set = "debt", amount = 7 }', 'if = "me.debt > 7"',
     "'me.debt > 7' is never true (the effects keep debt within 5 to 7)"),
])
def test_an_end_a_counter_can_only_move_away_from_is_an_error(starter, tmp_path, effect, end,
                                                              says):
    """A counter that only falls (or only rises, or is only set) from its start never reaches
    a goal on the other side: found before any game, naming rules.toml and the end's key."""
    folder = _changed(starter, tmp_path, '{ draw = "deck", to = "market" },\n]',
                      '{ draw = "deck", to = "market" },\n  ' + effect + ',\n]')
    path = folder / "rules.toml"
    text = path.read_text().replace("[counters.leaf]", "[counters.debt]\nstart = 5\n"
                                    "[counters.leaf]")
    path.write_text(text.replace('if = "most.points >= options.goal"', end))
    code, out = _validate(folder)
    assert code == 2 and out.startswith('Error: rules.toml, field "end[1].if": ') and \
        says in out and "Traceback" not in out, out


def test_a_counter_that_can_move_both_ways_may_reach_its_goal(starter, tmp_path):
    """A gain of a cell that may be negative, or a lose elsewhere, lets it go either way."""
    folder = _changed(starter, tmp_path, '{ draw = "deck", to = "market" },\n]',
                      '{ draw = "deck", to = "market" },\n  { lose = "debt" },\n]')
    path = folder / "rules.toml"
    text = path.read_text().replace("[counters.leaf]", "[counters.debt]\nstart = 5\n"
                                    "[counters.leaf]")
    text = text.replace('effects = [{ gain = "coins", amount = "options.gather" }]',
                        'effects = [{ gain = "coins", amount = "options.gather" }, '
                        '{ gain = "debt", amount = 2 }]')
    path.write_text(text.replace('if = "most.points >= options.goal"', 'if = "me.debt >= 10"'))
    code, out = _validate(folder)
    assert code == 0, out


def test_an_end_an_option_makes_impossible_names_the_option_and_its_value(starter, tmp_path):
    folder = _changed(starter, tmp_path, "goal = 20 ", "goal = 5000 ", file="game.toml")
    code, out = _validate(folder)
    assert code == 2 and out == (
        'Error: rules.toml, field "end[1].if": [[end]] \'goal\' can never hold with option '
        "goal = 5000: 'most.points >= options.goal' is never true (points is kept within 0 to "
        "999), so no game would end by it (only by 'market empty' or the turn limit); change "
        "goal in game.toml [options] (or the condition, or the bounds)\n"), out


def test_an_end_check_quotes_the_condition_as_written(starter, tmp_path):
    """options['goal'] is read as options.goal; the message quoted the dotted form, which is
    nowhere in the file."""
    folder = _changed(starter, tmp_path, "goal = 20 ", "goal = 5000 ", file="game.toml")
    edit(folder / "rules.toml", 'if = "most.points >= options.goal"',
         "if = \"most.points >= options['goal']\"")
    code, out = _validate(folder)
    assert code == 2 and "with option goal = 5000: \"most.points >= options['goal']\" is never " \
        "true (points is kept within 0 to 999)" in out, out


def test_a_sweep_value_that_makes_an_end_impossible_names_the_option(starter, tmp_path):
    res = CliRunner().invoke(main, ["sweep", "--game", str(starter), "--set",
                                    "options.goal=20,5000", "--games", "20", "--out",
                                    str(tmp_path / "sweep.pdf")])
    assert "goal=5000: fails validation" in res.output and "can never hold with option " \
        "goal = 5000: " in res.output and "Traceback" not in res.output, res.output


def test_an_end_the_setup_makes_true_is_named_from_the_random_games(starter, tmp_path):
    """market = 0 dealt an empty market, and 'market empty' ended every game after one turn,
    each won by whoever scored first: validate said the data matched the rules."""
    folder = _changed(starter, tmp_path, "market = 4 ", "market = 0 ", file="game.toml")
    code, out = _validate(folder)
    assert code == 0 and out.startswith(
        "warning: rules.toml, field \"end[2].if\": [[end]] 'market empty' ended all 20 random "
        "games of 2 to 4 players after their first turn: the setup may already make it true "
        "(look at the [[setup]] and the [options] it reads)\n"), out
    assert "warning" not in _validate(starter)[1]


def test_a_counter_ending_games_at_the_unwritten_max_is_warned(starter, tmp_path):
    """A gain past a counter's max is lost (the README: kept within min..max); with no max
    written the 1,000 is pnp's, not the designer's, so random games ending there are said."""
    folder = _changed(starter, tmp_path, "[counters.points]\nmax = 999\n", "[counters.points]\n")
    code, out = _validate(folder)
    assert code == 0 and "counters.points" not in out, out      # 20 points end the game
    edit(folder / "game.toml", "majority = 3 ", "majority = 5000 ")
    code, out = _validate(folder)
    assert code == 0 and out.count('field "counters.points"') == 1 and (
        "points ended 20 of 20 random games of 2 players at 1,000, the max a counter has when "
        "none is written: what it gained past it was lost (write the game's own max in "
        "rules.toml)") in out, out
    # simulate says it under the win rates, as a caveat of what they measure
    res = CliRunner().invoke(main, ["simulate", "--game", str(folder), "--games", "20"])
    assert res.exit_code == 0 and "but points ended 100.0 % of the games at 1,000, the max a " \
        "counter has when none is written: what it gained past it was lost (write the " \
        "game's own max in rules.toml)" in res.output, res.output
    # a max written is the game's own: reaching it is the design, not said
    edit(folder / "rules.toml", "[counters.points]\n", "[counters.points]\nmax = 1000\n")
    code, out = _validate(folder)
    assert code == 0 and "counters.points" not in out, out
    res = CliRunner().invoke(main, ["simulate", "--game", str(folder), "--games", "20"])
    assert res.exit_code == 0 and "gained past it" not in res.output, res.output


@pytest.mark.parametrize("word,hint", [("lots", ""), ("gathr", " (did you mean 'options.gather'?)")])
def test_a_word_where_a_number_goes_is_said_to_want_a_number_or_an_option(starter, tmp_path, word,
                                                                          hint):
    """`max = "lots"` said "'lots' uses 'lots', which the rules do not have here"."""
    folder = _changed(starter, tmp_path, "[counters.coins]\nmax = 99",
                      f'[counters.coins]\nmax = "{word}"')
    code, out = _validate(folder)
    assert code == 2 and out == ('Error: rules.toml, field "counters.coins.max": a number or one '
                                 f"of [options] (\"options.NAME\"), not '{word}'{hint}\n"), out


def test_a_winner_in_rules_that_compare_nothing_is_an_error(starter, tmp_path):
    """The booklet printed "The winner gains 1 coin" and nobody ever did."""
    folder = _changed(starter, tmp_path, '{ gain = "{{ card.colour }}" },',
                      '{ gain = "coins", who = "winner" },')
    code, out = _validate(folder)
    assert code == 2 and out == (
        'Error: rules.toml, field "actions.buy.effects[3].who": who = \'winner\' is the winner '
        "of a compare, and the rules compare nothing: nobody is the winner, so this never plays "
        "(a compare binds it; or name another player: me, opponent, each...)\n"), out


def test_a_hyphenated_number_word_is_one_number(starter, tmp_path):
    """"Twenty-five turns" was two written numbers, 20 and 5."""
    folder = tmp_path / "tf"
    import shutil

    shutil.copytree(starter, folder)
    with open(folder / "booklet.md.j2", "a", encoding="utf-8") as f:
        f.write("\nTwenty-five turns is typical.\n")
    code, out = _validate(folder)
    said = [line for line in out.splitlines() if "Twenty" in line or "'five'" in line]
    assert len(said) == 1 and "the number 'Twenty-five' is written out; put it in game.toml " \
        "as [options] turns = 25" in said[0], out


def test_an_option_nothing_reads_is_warned_with_the_one_meant(starter, tmp_path):
    """`gaol = 30` beside `goal` played nothing and validate said nothing."""
    folder = _changed(starter, tmp_path, "goal = 20 ", "goal = 20\ngaol = 30 ", file="game.toml")
    code, out = _validate(folder)
    assert code == 0 and out.startswith(
        'warning: game.toml, field "options.gaol": neither the rules nor the booklet read '
        "options.gaol (did you mean 'goal'?): delete it, or use it\n"), out
    code, out = _validate(starter)
    assert code == 0 and "neither the rules" not in out, out
    # read by the booklet alone, in an {% if %}, a {% set %} or a loop: read
    booklet = folder / "booklet.md.j2"
    for read in ("{% if options.gaol %}x{% endif %}", "{% set g = options.gaol %}{{ g }}",
                 "{% for i in range(options.gaol) %}.{% endfor %}"):
        booklet.write_text(booklet.read_text(encoding="utf-8") + "\n" + read + "\n")
        code, out = _validate(folder)
        assert "neither the rules" not in out, (read, out)
        edit(booklet, "\n" + read + "\n", "")
