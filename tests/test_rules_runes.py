"""What a new-user trial of a rules-as-data game found (tests/games/runes, its Rune Duel:
hand, goal and draw in [options], a booklet of its own above {{ how_to_play }}).

Printed = played for game.toml's [options]: a number the booklet prints as {{ options.hand }}
is one the rules must play as options.hand. A rule that wrote its own number in its place
validated silently, and the built booklet contradicted itself on one page."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers import changed_copy, edit
from pnp.cli import main

RUNES = Path(__file__).parent / "games" / "runes"


def _validate(folder: Path):
    return CliRunner().invoke(main, ["validate", "--game", str(folder)])


def _errors(result) -> list[str]:
    assert "Traceback" not in result.output
    return [line for line in result.output.splitlines() if line.lower().startswith("error:")]


def test_the_rune_duel_validates():
    result = _validate(RUNES)
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output and "error" not in result.output.lower()


def test_a_setup_count_written_where_the_booklet_prints_an_option_is_refused(tmp_path):
    """`count = 5` where the booklet deals {{ options.hand }} = 4: hand is read by no rule."""
    folder = changed_copy(RUNES, tmp_path / "g", "rules.toml", 'count = "options.hand"',
                          "count = 5")
    result = _validate(folder)
    assert result.exit_code != 0
    first, *_ = _errors(result)
    assert first == ('error: game.toml, field "options.hand": [options] hand is printed by '
                     "booklet.md.j2 line 7 but no rule in rules.toml reads it: write "
                     "options.hand where the rules use it (the booklet says 4; the game plays "
                     "its own number, or none); if it states no rule (a deck's size, a playing "
                     "time), print it as written, marked: {{ \"4 ...\" | counting }}"), \
        result.output


def test_an_end_written_with_its_own_number_where_the_booklet_prints_the_goal_is_refused(
        tmp_path):
    """`me.points >= 12` where the booklet says "reach {{ options.goal }} points" (15): the
    counter's max still reads options.goal, so the goal is read, but by no [[end]]."""
    folder = changed_copy(RUNES, tmp_path / "g", "rules.toml", 'if = "me.points >= options.goal"',
                          'if = "me.points >= 12"')
    result = _validate(folder)
    assert result.exit_code != 0
    assert _errors(result)[0] == (
        'error: rules.toml, field "end[1].if": [[end]] \'goal\' compares points with 12 where '
        "booklet.md.j2 line 17 prints {{ options.goal }} (15): write options.goal in place of "
        "12 (one number for the booklet and the game)"), result.output
    # the same number written twice is still two fields: a variant changes one of them
    same = changed_copy(RUNES, tmp_path / "s", "rules.toml", 'if = "me.points >= options.goal"',
                        'if = "me.points >= 15"')
    assert "compares points with 15" in _validate(same).output


@pytest.mark.parametrize("old,new", [
    # `me.points < 0` beside `me.points >= options.goal` is an end of its own
    ('if = "me.hand == 0"', 'if = "me.hand == 0 or me.points < 0"'),
    # options.draw read as `options['draw']` is read all the same
    ('count = "options.draw"', "count = \"options['draw']\""),
], ids=["another end of the goal's counter", "an option read by subscript"])
def test_rules_that_read_the_printed_options_are_clean(tmp_path, old, new):
    result = _validate(changed_copy(RUNES, tmp_path / "g", "rules.toml", old, new))
    assert result.exit_code == 0, result.output


def test_an_end_at_a_counters_floor_is_no_option_written_out(tmp_path):
    """(A review) `me.lives == 0` beside "starts with {{ options.lives }} lives" (10) was
    told to write options.lives in place of 0: the floor is the counter's, no option's."""
    folder = changed_copy(RUNES, tmp_path / "g", "rules.toml", "[counters.points]",
                          '[counters.lives]\nstart = "options.lives"\n[counters.points]')
    edit(folder / "rules.toml", 'name = "out of cards"',
         'name = "knocked out"\nif = "me.lives == 0"\n[[end]]\nname = "out of cards"')
    edit(folder / "rules.toml", '  { draw = "deck", to = "hand", count = "options.draw" },',
         '  { draw = "deck", to = "hand", count = "options.draw" },\n'
         '  { lose = "lives", amount = "1", who = "opponent", if = "card.kind == \'drain\'" },')
    edit(folder / "game.toml", "draw = 1 ", "lives = 10\ndraw = 1 ")
    with open(folder / "booklet.md.j2", "a", encoding="utf-8") as f:
        f.write("\nEach player starts with {{ options.lives }} lives.\n")
    result = _validate(folder)
    assert "knocked out" not in result.output and "in place of 0" not in result.output, \
        result.output


def test_options_the_booklet_does_not_print_or_that_play_no_number_are_no_contradiction(
        tmp_path):
    """An option nobody prints, and a text option the booklet prints (a name), need no rule."""
    folder = changed_copy(RUNES, tmp_path / "g", "game.toml", "draw = 1 ",
                          'draw = 1\nspare = 3\nland = "the Fens"\n#')
    with open(folder / "booklet.md.j2", "a", encoding="utf-8") as f:
        f.write("\nA duel fought in {{ options.land }}.\n")
    result = _validate(folder)
    assert result.exit_code == 0, result.output
    assert "error" not in result.output.lower()


def test_an_end_never_reached_names_the_direction_that_keeps_it_away(tmp_path):
    """(A trial) strikes gaining `card.value - card.value` (0) while drains lose points: the
    goal `me.points >= options.goal` can never hold, "(no effect lowers points ...)" said the
    wrong way round: the drain does lower them; nothing raises them."""
    folder = changed_copy(RUNES, tmp_path / "up", "rules.toml",
                          'gain = "points", amount = "card.value"',
                          'gain = "points", amount = "card.value - card.value"')
    result = _validate(folder)
    assert result.exit_code != 0
    assert ("'me.points >= options.goal' is never true (no effect raises points, which starts "
            "at 0)") in result.output, result.output
    # the other way: points that start at 3 and only rise never fall below 3
    down = changed_copy(RUNES, tmp_path / "down", "rules.toml", 'if = "me.hand == 0"',
                        'if = "me.points < 3"')
    rules = (down / "rules.toml").read_text().replace('max = "options.goal"',
                                                      'max = "options.goal"\nstart = 3')
    (down / "rules.toml").write_text(rules.replace(
        '{ lose = "points", amount = "card.value", who = "opponent", if = "card.kind == '
        "'drain'\" },", ""))
    result = _validate(down)
    assert result.exit_code != 0
    assert ("'me.points < 3' is never true (no effect lowers points, which starts at 3)"
            in result.output), result.output


@pytest.mark.parametrize("old, new, field, expr", [
    ("if = \"card.kind == 'strike'\"", 'if = "card.kind + 1 > 2"',
     "actions.play.effects[1].if", "card.kind + 1 > 2"),
    ('count = "options.draw"', 'count = "card.kind"', "actions.play.effects[4].count",
     "card.kind"),
])
def test_a_rule_reading_a_text_column_as_a_number_is_the_rules_mistake(tmp_path, old, new,
                                                                      field, expr):
    """(A trial) `card.kind + 1` blamed cards.csv row 2, whose 'strike' is a good cell: kind
    is a word on every card, so the fix is in rules.toml."""
    folder = changed_copy(RUNES, tmp_path / "g", "rules.toml", old, new)
    result = _validate(folder)
    assert result.exit_code == 2, result.output
    assert result.output == (
        f'Error: rules.toml, field "{field}": \'{expr}\' uses kind as a number, but kind is '
        "text on every card ('strike', 'drain', 'charm')\n"), result.output


def test_a_word_among_numbers_still_names_its_row(tmp_path):
    folder = changed_copy(RUNES, tmp_path / "g", "cards.csv", "Bolt,strike,2,", "Bolt,strike,two,")
    result = _validate(folder)
    assert result.exit_code == 2, result.output
    assert result.output.startswith('Error: cards.csv, row 3, field "value": \'two\' is not a '
                                    "number"), result.output


def _how_to_play(folder: Path) -> str:
    """The generated How to play as the built booklet prints it (pnp export, its text)."""
    from pnp.project import open_game
    from pnp.rules.booklet import how_to_play

    return how_to_play(open_game(str(folder)).model.rules)


def test_how_to_play_reads_as_the_cards_and_the_rules_say(tmp_path):
    """(A trial) "You draw 1 cards", "If the card's kind is 'strike'" (the cell quoted), and
    "The game ends after turn 1000 in any case" for a game of at most 18 turns: the limit
    is pnp's guard, not a rule the designer wrote."""
    from pypdf import PdfReader

    out = tmp_path / "runes.pdf"
    res = CliRunner().invoke(main, ["build", "--game", str(RUNES), "--out", str(out)])
    assert res.exit_code == 0, res.output
    said = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(out).pages[:4])
    assert "How to play" in said, said
    assert "You draw 1 card from the deck to your hand." in said, said
    assert "Each player draws 4 cards from the deck" in said, said
    assert "If the card's kind is strike: you gain points" in said, said
    assert "'" + "strike'" not in said and "in any case" not in said, said
    # a limit the rules set is theirs: said, with the option's value
    limited = changed_copy(RUNES, tmp_path / "g", "rules.toml", 'phases = ["play"]',
                           'phases = ["play"]\nlimit = 40')
    assert "- The game ends after turn 40 in any case." in _how_to_play(limited)
    drawn = changed_copy(RUNES, tmp_path / "d", "game.toml", "draw = 1 ", "draw = 2 ")
    assert "You draw 2 cards from the deck" in _how_to_play(drawn)
