"""What a new-user trial met writing tests/games/duel (`pnp new duel`, then a rules.toml: 18
cards of three suits ranked 1-6, each player plays a card, the highest rank wins a point,
first to options.goal): every mistake an `Error:` naming the file, the row and the field,
found by validate before any game is played."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers import changed_copy
from pnp.cli import main

DUEL = Path(__file__).parent / "games" / "duel"


def _duel(tmp_path, file="rules.toml", old="", new=""):
    """A copy of the duel with `old` replaced by `new` in `file`."""
    return changed_copy(DUEL, tmp_path / "duel", file, old, new)


def _pnp(folder, *args):
    res = CliRunner().invoke(main, [*args, "--game", str(folder)])
    return res.exit_code, res.output


def test_the_duel_validates():
    code, out = _pnp(DUEL, "validate")
    assert code == 0 and "warning" not in out, out


@pytest.mark.parametrize("cell,says", [
    ("six", "'six' is not a number"),
    ("", "'' is not a number"),
    ("6.5", "'6.5' is not a whole number"),
])
def test_a_card_cell_compared_as_a_number_is_one(tmp_path, cell, says):
    """`highest = "card.rank"` with a rank "six" was a TypeError: exit 70 in validate and
    build ("this is a bug in pnp"), exit 1 in simulate. It is the card's cell to fix."""
    folder = _duel(tmp_path, "cards.csv", "6 of Rose,Rose,6,", f"6 of Rose,Rose,{cell},")
    for command in (["validate"], ["simulate", "--games", "3"],
                    ["build", "--out", str(tmp_path / "duel.pdf")]):
        code, out = _pnp(folder, *command)
        assert code == 2, (command, out)
        assert out == f'Error: cards.csv, row 19, field "rank": {says} ' \
            "(phases.play.effects[1].by[1].highest reads it)\n", (command, out)


@pytest.mark.parametrize("old,new,key", [
    ('{ highest = "card.rank" }', '{ highest = "card.rank + 0" }',
     "phases.play.effects[1].by[1].highest reads it: 'card.rank + 0'"),
    ('to = "table"\n', 'to = "table"\nif = "card.rank > 0"\n',
     "actions.play.if reads it: 'card.rank > 0'"),
])
def test_a_card_cell_an_expression_counts_with_is_a_number(tmp_path, old, new, key):
    """`card.rank + 0` or an action's `if = "card.rank > 0"` with a rank "six": exit 3 with
    Python's TypeError words, naming the rules key and not the cell."""
    folder = _duel(tmp_path, old=old, new=new)
    rules = folder / "rules.toml"       # (compare reads the rank too, before the action does)
    rules.write_text(rules.read_text().replace('{ highest = "card.rank" }', '{ field = "suit", '
                                               'order = ["Sun", "Leaf", "Rose"] }'))
    (folder / "cards.csv").write_text((folder / "cards.csv").read_text().replace(
        "6 of Rose,Rose,6,", "6 of Rose,Rose,six,"))
    code, out = _pnp(folder, "validate")
    assert code == 2, out
    assert out == f'Error: cards.csv, row 19, field "rank": \'six\' is not a number ({key})\n'


def test_a_card_cell_joined_to_text_need_not_be_a_number(tmp_path):
    folder = _duel(tmp_path, old='to = "table"\n',
                   new='to = "table"\nif = "card.suit + \'!\' != \'Moon!\'"\n')
    code, out = _pnp(folder, "validate")
    assert code == 0, out


def test_an_expression_that_fails_on_good_cells_is_the_rules_mistake(tmp_path):
    """`amount = "card.rank / 0"` was blamed on cards.csv row 2, whose rank is fine."""
    folder = _duel(tmp_path, old='if = "not tie" }', new='if = "not tie", amount = '
                   '"card.rank / 0" }')
    code, out = _pnp(folder, "validate")
    assert code == 2, out
    assert out == 'Error: rules.toml, field "phases.play.effects[2].amount": \'card.rank / 0\': ' \
        "division by zero (for the card of cards.csv, row 2)\n", out


def test_the_rules_play_the_cards_the_kit_prints(tmp_path):
    """`data = "cards.csv"` with `count = "rank"` played 63 cards where the kit printed 18,
    and validate said the card data matched the rules."""
    folder = _duel(tmp_path, old='component = "card"', new='data = "cards.csv"\ncount = "rank"')
    code, out = _pnp(folder, "validate")
    assert code == 2, out
    assert out == 'Error: rules.toml, field "cards.count": the rules play 2 cards of cards.csv ' \
        "row 3, the kit prints 1 card ([[component]] 'card'): write [cards] component = " \
        '"card" to play the cards it prints\n', out
    same = _duel(tmp_path / "same", old='component = "card"', new='data = "cards.csv"')
    assert _pnp(same, "validate")[0] == 0


@pytest.mark.parametrize("amount,says", [
    ("1.5", 'rules.toml, field "phases.play.effects[2].amount": an amount must be a whole '
     "number, not 1.5"),
    ("0.9", "an amount must be a whole number, not 0.9"),
    ('"card.rank / 4"', 'rules.toml, field "phases.play.effects[2].amount": \'card.rank / 4\' '
     "is 0.25, not a whole number (for the card of cards.csv, row 2)"),
])
def test_an_amount_is_a_whole_number(tmp_path, amount, says):
    """`amount = 1.5` gained 1 while the booklet said 1.5; 0.9 gained nothing, ever."""
    folder = _duel(tmp_path, old='if = "not tie" }', new=f'if = "not tie", amount = {amount} }}')
    code, out = _pnp(folder, "validate")
    assert code == 2 and out.startswith("Error: ") and says in out, out


def test_an_amount_worked_out_in_play_is_a_whole_number(tmp_path):
    folder = _duel(tmp_path, old='if = "not tie" }', new='if = "not tie", amount = '
                   '"(me.points + 1) / 2" }')
    code, out = _pnp(folder, "simulate", "--games", "2")
    assert code == 2, out
    assert out.startswith('Error: rules.toml, field "phases.play.effects[2].amount": an amount '
                          "must be a whole number, not 0.5 (game 0, seed "), out


@pytest.mark.parametrize("value,says", [
    ('"five"', "'five' is not a number"),
    ("true", "true is not a number"),
    ("5.5", "5.5 is not a whole number"),
    ("5.0", "5.0 is a decimal number in TOML (written with a point or an exponent): write 5"),
    ("inf", "inf is not a whole number"),
    ("nan", "nan is not a whole number"),
    ("[5]", "[5] is not a number"),
])
def test_an_option_the_rules_count_with_is_a_whole_number(tmp_path, value, says):
    """goal = "five" was Python's '>=' TypeError blamed on rules.toml end[1].if (exit 3); inf,
    nan, true and 5.5 were taken (the booklet printed "≥ inf", and inf never ended a game)."""
    folder = _duel(tmp_path, "game.toml", "goal = 5", f"goal = {value}")
    code, out = _pnp(folder, "validate")
    assert code == 2, out
    assert out == f'Error: game.toml, field "options.goal": {says} (end[1].if reads it: ' \
        "'most.points >= options.goal')\n", out


def test_an_option_the_rules_do_not_count_with_may_be_anything(tmp_path):
    folder = _duel(tmp_path, "game.toml", "goal = 5", 'goal = 5\nedition = "first"')
    assert _pnp(folder, "validate")[0] == 0


@pytest.mark.parametrize("hand,says", [
    ("-3", "a count is 0 or more, not -3"),
    ("10", "10 cards for each of 2 players is more than the 18 cards there are"),
    ("1000000000", "1,000,000,000 cards for each of 2 players is more than the 18 cards"),
])
def test_a_hand_the_deck_cannot_deal_is_the_options_mistake(tmp_path, hand, says):
    """hand = -3: the booklet said "draws -3 cards" and the engine drew none; a hand of 10
    from 18 cards dealt the second player 8."""
    folder = _duel(tmp_path, "game.toml", "hand = 3", f"hand = {hand}")
    code, out = _pnp(folder, "validate")
    assert code == 2, out
    assert out.startswith(f'Error: game.toml, field "options.hand": {says}'), out
    assert out.endswith(" (setup[2].count reads it)\n"), out
    assert _pnp(_duel(tmp_path / "nine", "game.toml", "hand = 3", "hand = 9"), "validate")[0] == 0


def test_a_count_below_0_in_the_rules_is_refused(tmp_path):
    folder = _duel(tmp_path, old='count = "options.hand"', new="count = -1")
    code, out = _pnp(folder, "validate")
    assert code == 2, out
    assert out == 'Error: rules.toml, field "setup[2].count": a count is 0 or more, not -1\n'


def test_an_end_that_always_holds_is_an_error(tmp_path):
    """goal = -5 ended every game after its first turn, without a word."""
    folder = _duel(tmp_path, "game.toml", "goal = 5", "goal = -5")
    code, out = _pnp(folder, "validate")
    assert code == 2, out
    assert out == 'Error: rules.toml, field "end[1].if": [[end]] \'goal\' always holds with ' \
        "option goal = -5: 'most.points >= options.goal' is always true (points is kept " \
        "within 0 to 99 and options.goal is -5), so every game would end after its first " \
        "turn; change goal in game.toml [options] (or the condition, or the bounds)\n", out


def test_an_end_of_me_holds_for_any_player(tmp_path):
    """`if = "me.points >= options.goal"`, which the booklet prints as every player's "your
    points", held only for the turn's first player: with who = "each", seat 2 reached the goal
    in seat 1's turn and the game went on (80 of 600 random games). It holds for any player,
    on the generated path and the reference one alike."""
    from pnp.engine.core import RandomAgent, play
    from pnp.project import open_game
    from pnp.rules.booklet import how_to_play
    from pnp.rules.engine import RulesGame
    from pnp.rules.plan import Plan

    folder = _duel(tmp_path, old='if = "most.points >= options.goal"',
                   new='if = "me.points >= options.goal"')
    rules = open_game(str(folder)).model.rules
    for reference in (False, True):
        game = RulesGame(rules, 2)
        game.plan = Plan(rules, 2, reference=reference)
        for seed in range(150):
            stats = play(game, [RandomAgent(), RandomAgent()], seed).stats
            reached = max(c["points"] for c in stats["counters"]) >= 5
            assert (stats["ended_by"] == "goal") == reached, (reference, seed, stats)
    said = how_to_play(rules)
    assert "after a turn in which a player's points ≥ 5 (goal)" in said, said
    assert "a player's hand is empty (out of cards)" in said, said


def test_a_round_end_of_me_holds_for_any_player(tmp_path):
    """A [round] end of `me` held only for the turn's first player, whereas an [[end]]'s
    holds for any player: with the goal a round's end (one round), `rotate = false` and who =
    "each", seat 2 reached it in seat 1's turn and the round went on. It holds for any player
    as an [[end]]'s does, and the booklet says "a player's", not "your"."""
    from pnp.engine.core import RandomAgent, play
    from pnp.project import open_game
    from pnp.rules.booklet import how_to_play
    from pnp.rules.engine import RulesGame
    from pnp.rules.plan import Plan

    folder = _duel(tmp_path, old='[[end]]\nname = "goal"\nif = "most.points >= options.goal"\n',
                   new='[round]\nend = "me.points >= options.goal"\nlimit = 1\n')
    rules_toml = folder / "rules.toml"
    rules_toml.write_text(rules_toml.read_text().replace('phases = ["play"]',
                                                         'phases = ["play"]\nrotate = false'))
    rules = open_game(str(folder)).model.rules
    for reference in (False, True):
        game = RulesGame(rules, 2)
        game.plan = Plan(rules, 2, reference=reference)
        by_seat2 = 0
        for seed in range(150):
            stats = play(game, [RandomAgent(), RandomAgent()], seed).stats
            points = [c["points"] for c in stats["counters"]]
            # a point a turn at most: the round (and game) ends in the turn one reaches 5
            assert max(points) <= 5, (reference, seed, stats)
            if stats["ended_by"] == "round limit":
                assert max(points) == 5, (reference, seed, stats)
                by_seat2 += points[1] == 5
        assert by_seat2 > 0, reference
    said = how_to_play(rules)
    assert "A round ends when a player's points ≥ 5;" in said, said


@pytest.mark.parametrize("cond", ['"3"', "3", '"options.goal"'])
def test_a_condition_that_is_a_number_whatever_happens_is_refused(tmp_path, cond):
    """`if = 3` was refused but `if = "3"` taken, and it always held."""
    folder = _duel(tmp_path, old='if = "not tie" }', new=f"if = {cond} }}")
    code, out = _pnp(folder, "validate")
    assert code == 2, out
    assert out.startswith('Error: rules.toml, field "phases.play.effects[2].if": a condition is '
                          'true, false or an expression ("me.coins >= 3"), not '), out


@pytest.mark.parametrize("file,old,new,field", [
    ("rules.toml", 'component = "card"', 'data = "game.toml"', 'rules.toml, field "cards.data"'),
    ("game.toml", 'data = "cards.csv"', 'data = "game.toml"',
     'game.toml, [[component]] "card", field "data"'),
])
def test_data_that_is_no_table_of_rows_is_refused(tmp_path, file, old, new, field):
    """game.toml read as a CSV: "card has: [game]", its first line a column."""
    code, out = _pnp(_duel(tmp_path, file, old, new), "validate")
    assert code == 2, out
    assert out == f"Error: {field}: 'game.toml' is not a table of rows: name a CSV file or a " \
        "spreadsheet (.csv, .xlsx, .xlsm, .ods)\n", out


def test_too_many_cards_to_play_names_the_column_of_copies(tmp_path):
    """"rules.toml, field "cards": 18000 cards: at most 10,000": the fix is the copies."""
    folder = _duel(tmp_path)
    csv = folder / "cards.csv"
    csv.write_text(csv.read_text().replace(",1\n", ",600\n"))
    code, out = _pnp(folder, "validate")
    assert code == 2, out
    assert out == 'Error: cards.csv, field "count": the copies add up to 10,800 cards; the ' \
        "rules play at most 10,000\n", out
    csv.write_text(csv.read_text().replace(",600\n", ",1\n").replace(",1\n", ",2000\n", 1))
    code, out = _pnp(folder, "validate")     # (a row's copies: the maximum written so too)
    assert 'cards.csv, row 2, field "count": 2000 is more than the maximum 1,000' in out, out


def test_rows_left_out_for_their_errors_are_named_not_the_deck_they_leave(tmp_path):
    """Every row's copies 5000: the rows' errors, not "3 cards for each of 2 players is more
    than the 0 cards there are" nor an end that always holds of an empty deck."""
    folder = _duel(tmp_path)
    csv = folder / "cards.csv"
    csv.write_text(csv.read_text().replace(",1\n", ",5000\n"))
    code, out = _pnp(folder, "validate")
    assert code != 0 and "Traceback" not in out, out
    assert 'error: cards.csv, row 2, field "count": 5000 is more than the maximum 1,000' in out
    assert "cards there are" not in out and "always holds" not in out, out


@pytest.mark.parametrize("amount", ['"10**400"', '"9**9**9"'])
def test_a_huge_whole_amount_is_kept_within_the_counter(tmp_path, amount):
    """(10**400 is whole: checking it as a float was an OverflowError, "a bug in pnp".)"""
    folder = _duel(tmp_path, old='if = "not tie" }', new=f'if = "not tie", amount = {amount} }}')
    code, out = _pnp(folder, "validate")
    assert code in (0, 2) and "bug in pnp" not in out, out


def test_the_booklet_says_a_zone_holding_cards_and_an_expression_as_written(tmp_path):
    """A fresh-user trial: "If the deck > 0" printed for `shared.deck > 0`, and an amount of
    9**9**9 printed as 999 with the middle 9 bold (the stars read as emphasis)."""
    from pnp.project import open_game
    from pnp.rules.booklet import how_to_play

    folder = _duel(tmp_path, old='{ gain = "points", who = "winner", if = "not tie" }',
                   new='{ gain = "points", who = "winner", if = "not tie", amount = "9**9**9" }')
    said = how_to_play(open_game(str(folder)).model.rules)
    assert "If the deck is not empty: each player draws" in said, said
    assert "gains points equal to 9\\*\\*9\\*\\*9" in said, said
    out = tmp_path / "kit.pdf"
    assert CliRunner().invoke(main, ["build", "--game", str(folder), "--out", str(out),
                                     "--force"]).exit_code == 0
    from pypdf import PdfReader
    assert "points equal to 9**9**9" in " ".join(p.extract_text() for p in PdfReader(out).pages)


@pytest.mark.parametrize("cond,said", [
    ("shared.deck >= 1", "If the deck is not empty"), ("shared.deck == 0", "If the deck is empty"),
    ("shared.deck >= 4", "If the deck holds at least 4 cards"),
    ("shared.deck < 2", "If the deck holds fewer than 2 cards"),
    ("shared.deck == 1", "If the deck holds exactly 1 card"),
    ("shared.deck != 3", "If the deck does not hold exactly 3 cards")])
def test_the_booklet_says_how_many_cards_a_zone_holds_in_words(tmp_path, cond, said):
    # (a fresh-user trial: "If the deck ≥ 1")
    from pnp.project import open_game
    from pnp.rules.booklet import how_to_play

    folder = _duel(tmp_path, old='if = "shared.deck > 0"', new=f'if = "{cond}"')
    assert f"{said}: each player draws" in how_to_play(open_game(str(folder)).model.rules)
