"""Printed = played, second pass: the layouts, booklet templates and colours a designer edits
cannot make the kit contradict its engine. Each contradicting edit is refused, naming the file
and the element or line; each edit that keeps the meaning (a box moved, a font size, a lighter
shade that stays distinct, rewording without numbers, a flavour paragraph) is accepted."""

import shutil

import pytest
from click.testing import CliRunner

from helpers import ROOT, edit_csv
from pnp.bound import check as check_template
from pnp.cli import main
from pnp.project import errors_in, meaning, open_game, prepare, validate
from pnp.render.colourdiff import ciede2000, difference, lab
from pnp.shown import check_faces, draw_faces

NO_ERRORS: list[str] = []


def printed_errors(folder) -> list[str]:
    """What `pnp validate` says of the printed kit: the data, the booklet and every face."""
    game = open_game(str(folder))
    kit, fonts, found = prepare(game, force=True)
    found = found + meaning(game, kit, fonts)
    return [str(f) for f in errors_in(found)]


def edited(game_copy, game: str, edits) -> list[str]:
    folder = game_copy(game)
    for file, old, new in edits:
        path = folder / file
        if not path.exists():  # the shipped booklet: the game folder's own copy overrides it
            shutil.copy(ROOT / "templates" / game / "booklet.md.j2", path)
        text = path.read_text(encoding="utf-8")
        assert old in text, old
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return printed_errors(folder)


def one_of(found: list[str], *parts: str) -> str:
    hits = [f for f in found if all(p in f for p in parts)]
    assert hits, f"no error with {parts} in {found}"
    return hits[0]


# ---- the shipped games and the starters validate cleanly ------------------------------------
@pytest.mark.parametrize("game", ["legolas", "wuxing", "experior"])
def test_the_shipped_games_print_what_they_play(game):
    assert printed_errors(ROOT / "card_data" / game) == NO_ERRORS


@pytest.mark.parametrize("template", ["deck", "hex-tiles", "tokens-and-board"])
def test_a_new_game_prints_what_its_checks_name(tmp_path, template):
    result = CliRunner().invoke(main, ["new", "mine", "--dir", str(tmp_path), "--template",
                                       template])
    assert result.exit_code == 0, result.output
    assert printed_errors(tmp_path / "mine") == NO_ERRORS


# ---- faces show what the rules need, each value from its own field ---------------------------
CHARACTER, MONSTER, MISSION = "layouts/character.toml", "layouts/monster.toml", \
    "layouts/mission.toml"
COINS = "text = \"{{ coins | fraction }} coin{{ 's' if coins > 1 }}\""
FACE_EDITS = {
    "defence as a literal 3": ([(CHARACTER, 'text = "{{ defence }}"', 'text = "3"')],
                               ("characters.csv, row 2", '"defence"', "character.toml:defence",
                                "the literal '3'")),
    "every character must challenge 12+": (
        [(CHARACTER, 'text = "{{ threshold }}+"', 'text = "12+"')],
        ("characters.csv, row 2", "character.toml:threshold", "the literal '12+'")),
    "the coins dropped": ([(MONSTER, COINS, 'text = "coins"'),
                           (MONSTER, 'args = { coins = "{{ coins }}" }', 'args = { coins = 1 }')],
                          ("monsters.csv", '"coins"', "monster.toml:coins")),
    "the TRAP band dropped": ([(MONSTER, 'text = "TRAP"', 'text = ""'),
                               (MONSTER, 'args = { fill = "trap", stripe = "ink" }',
                                'args = { fill = "gold", stripe = "ink" }')],
                              ("monsters.csv, row 2", '"kind"', "no element shows")),
    "the element dropped": ([(MONSTER, 'text = "{{ element | upper }}"', 'text = ""'),
                             (MONSTER, 'args = { element = "{{ element }}" }',
                              'args = { element = "fire" }')],
                            ("monsters.csv", '"element"')),
    "the boss VP dropped": ([(MONSTER, 'text = "BOSS {{ boss_vp | signed }} VP"',
                              'text = "BOSS"')],
                            ("monsters.csv, row 11", '"boss_vp"', "monster.toml:boss_vp")),
    "the corner shows another column": (
        [(MONSTER, 'text = "{{ value }}"\nfont = "bold"\nsize = 34\nalign = "centre"\n'
                   'colour = "{{ suit }}"\nx = "2.5mm"',
          'text = "{{ coins }}"\nfont = "bold"\nsize = 34\nalign = "centre"\n'
          'colour = "{{ suit }}"\nx = "2.5mm"')],
        ("monsters.csv, row 2", '"value"', "monster.toml:value prints '0.5' from coins")),
    "the corner shows value + 1": (
        [(MONSTER, 'text = "{{ value }}"\nfont', 'text = "{{ value + 1 }}"\nfont')],
        ("monsters.csv, row 2", '"value"', "monster.toml:value prints '2', not the row's "
                                           "value (1)")),
    "the level 3 box shows the level 2 text": (
        [(CHARACTER, 'text = "{{ level3_text }}"', 'text = "{{ level2_text }}"')],
        ("characters.csv, row 2", '"level3_text"', "character.toml:level3_text",
         "from level2_text")),
    "every suit printed as STEALTH": (
        [(MONSTER, 'text = "{{ suit | upper }}"', 'text = "STEALTH"')],
        ("monsters.csv, row 2", '"suit"', "monster.toml:suit prints the literal 'STEALTH'")),
    "another suit's name under the suit": (
        [(MONSTER, 'text = "{{ descriptor }}"', 'text = "stealth"')],
        ("monsters.csv, row 14", '"suit"', "monster.toml:descriptor prints 'stealth', but the "
                                          "row's suit is 'brute'")),
    "the mission's gain VP as a literal": (
        [(MISSION, 'text = "{{ gain_vp | signed }}"', 'text = "+1"')],
        ("missions.csv, row 2", '"gain_vp"', "mission.toml:gain_vp", "the literal '+1'")),
    "the element's VP dropped": (
        [(CHARACTER, 'text = "{{ element_vp | signed }} VP for each {{ element }} monster you '
                     'defeat."', 'text = "VP for each {{ element }} monster you defeat."')],
        ("characters.csv, row 2", '"element_vp"', "character.toml:element_vp")),
    "the mission's loss dropped": ([(MISSION, 'text = "{{ loss_text }}"', 'text = ""')],
                                   ("missions.csv", '"loss_text"')),
}


@pytest.mark.parametrize("name", FACE_EDITS)
def test_a_face_that_lies_is_refused_by_file_element_and_row(game_copy, name):
    edits, parts = FACE_EDITS[name]
    one_of(edited(game_copy, "legolas", edits), *parts)


@pytest.mark.parametrize("edits", [
    [(MONSTER, 'x = "18mm"\ny = "6.48mm"', 'x = "17mm"\ny = "6mm"')],  # a box moved
    [(CHARACTER, 'font = "bold"\nsize = 17', 'font = "bold"\nsize = 15')],  # a font size
    [(CHARACTER, 'text = "DEFENCE"', 'text = "DEFENSE"')],  # a label reworded
    [(MONSTER, 'text = "{{ value }} damage"', 'text = "deals {{ value }}"')],
], ids=["box moved", "font size", "label reworded", "value reworded"])
def test_a_face_edit_that_keeps_the_meaning_is_accepted(game_copy, edits):
    assert edited(game_copy, "legolas", edits) == NO_ERRORS


def test_the_face_check_takes_any_list_of_required_fields():
    """Rules kept as data (issue 25) plug in their own fields: the check is a function of the
    drawn faces and a mapping of piece kind to fields."""
    game = open_game("legolas")
    kit, fonts, _ = prepare(game, force=True)
    faces = draw_faces(kit, fonts, ["monster card"])
    assert check_faces(faces, {"monster card": ("value", "suit")}) == []
    found = [str(f) for f in check_faces(faces, {"monster card": ("descriptor", "nothing")})]
    assert any("must show 'nothing' (game.toml [shown]), which is not a field" in f for f in found), found


def test_a_designers_check_column_must_show_on_its_cards(tmp_path):
    CliRunner().invoke(main, ["new", "mine", "--dir", str(tmp_path)])
    folder = tmp_path / "mine"
    layout = folder / "layouts" / "card.toml"
    layout.write_text(layout.read_text().replace('text = "{{ title }}"', 'text = "Card"'))
    found = printed_errors(folder)
    one_of(found, "cards.csv, row 2", '"title"', "card.toml:title", "the literal 'Card'")


def test_a_designers_shown_table_is_checked_too(tmp_path):
    CliRunner().invoke(main, ["new", "mine", "--dir", str(tmp_path)])
    folder = tmp_path / "mine"
    toml = folder / "game.toml"
    toml.write_text(toml.read_text() + '\n[shown]\ncard = ["text"]\n')
    assert printed_errors(folder) == NO_ERRORS
    layout = folder / "layouts" / "card.toml"
    layout.write_text(layout.read_text().replace("{{ text }}", "Draw a card."))
    one_of(printed_errors(folder), "cards.csv", '"text"')


def test_a_field_no_face_shows_names_what_asks_for_it(tmp_path):
    """It always said "(game.toml [shown])", also of a field only a [[check]] names."""
    CliRunner().invoke(main, ["new", "mine", "--dir", str(tmp_path)])
    folder = tmp_path / "mine"
    toml = folder / "game.toml"
    toml.write_text(toml.read_text() + '\n[shown]\ncard = ["text"]\n')
    (folder / "layouts" / "card.toml").write_text('[band]\ntype = "rect"\nfill = "sun"\n')
    found = printed_errors(folder)
    title = [f for f in found if 'field "title"' in f and "no element shows" in f]
    text = [f for f in found if 'field "text"' in f and "no element shows" in f]
    assert title and all("(game.toml's [[check]] of 'title')" in f for f in title), found
    assert text and all("(game.toml [shown])" in f for f in text), found


def test_a_misspelt_shown_kind_is_an_error_not_a_check_dropped(tmp_path):
    CliRunner().invoke(main, ["new", "mine", "--dir", str(tmp_path)])
    folder = tmp_path / "mine"
    toml = folder / "game.toml"
    toml.write_text(toml.read_text() + '\n[shown]\ncrad = ["text"]\n')
    result = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "error: game.toml, field \"shown.crad\": no piece of the kit is of kind 'crad' " \
           "(did you mean 'card'?); its kinds: card" in result.output, result.output


# ---- numbers in booklet templates are bound ---------------------------------------------------
BOOKLET = "booklet.md.j2"
NUMBER_EDITS = {
    "win 3 paths": ("wuxing", "Win **{{ paths_to_win }} paths**", "Win **3 paths**", "'3'"),
    "all 5 link tokens": ("wuxing", "**all {{ all_tokens }} link tokens**",
                          "**all 5 link tokens**", "'5'"),
    "a draw after 20 rounds": ("wuxing", "{{ ruling.W14 }}",
                               "If nobody has won after 20 rounds, the game is a draw.", "'20'"),
    "hits 2 times harder": ("experior", "hits {{ strong.multiplier }} times harder",
                            "hits 2 times harder", "'2'"),
    "the game ends at 50 wounds": ("experior", "reaches **{{ wound_limit }} wounds**",
                                   "reaches **50 wounds**", "'50'"),
    "after four rounds": ("legolas", "After **{{ rounds }} rounds**", "After **four rounds**",
                          "'four'"),
    "two challenges a turn": ("legolas", "challenge a horde or pass.",
                              "challenge a horde or pass. Two challenges a turn.", "'Two'"),
    "a number in an expression": ("legolas", "After **{{ rounds }} rounds**",
                                  "After **{{ 4 }} rounds**", "'4'"),
    "a number in a string": ("legolas", "After **{{ rounds }} rounds**",
                             "After **{{ \"4 rounds\" }}**", "'4'"),
    "arithmetic on a bound value": ("legolas", "VP from {{ vp_min }} to {{ vp_max }}",
                                    "VP from {{ vp_min }} to {{ vp_loop + 1 }}", "'1'"),
    "twice": ("experior", "(it wins more often)", "(it wins twice as often)", "'twice'"),
    "a heading's number that is no section's": ("legolas", "## Credits",
                                                 "## Round 4: credits", "'4'"),
    "a heading's count": ("legolas", "## Credits", "## 3 players", "'3'"),
}


@pytest.mark.parametrize("name", NUMBER_EDITS)
def test_a_number_written_into_a_booklet_is_refused_with_its_line(game_copy, name):
    game, old, new, number = NUMBER_EDITS[name]
    found = edited(game_copy, game, [(BOOKLET, old, new)])
    hit = one_of(found, BOOKLET, "line ", number, "is written out")
    assert "| counting" in hit  # and it says how to mark a number that states no rule
    assert "[options]" not in hit  # (an engine's [options] are its own: no key of the booklet's)


def test_the_booklet_check_reads_the_tree_rendering_parsed(game_copy):
    folder = game_copy("legolas")
    text = (ROOT / "templates" / "legolas" / "booklet.md.j2").read_text(encoding="utf-8")
    (folder / BOOKLET).write_text(text.replace("VP from {{ vp_min }}", "VP from 3"),
                                  encoding="utf-8")
    kit, _, _ = prepare(open_game(str(folder)), force=True)
    source = kit.booklet.text.source
    assert source.tree is not None  # parsed once, when rendered
    args = (source.text, source.name, source.rulings, source.texts, source.values)
    found = check_template(*args, tree=source.tree)
    assert found and [str(f) for f in found] == [str(f) for f in check_template(*args)]


def test_the_hint_names_the_value_the_number_stands_for(game_copy):
    found = edited(game_copy, "legolas", [(BOOKLET, "After **{{ rounds }} rounds**",
                                           "After **5 rounds**")])
    one_of(found, "line 5", "{{ rounds }}")


@pytest.mark.parametrize("game,old,new", [
    ("legolas", "You are skilled adventurers", "Legends speak of skilled adventurers"),
    ("legolas", "## Components", "Grab your friends and a snack before you begin.\n\n"
                                 "## Components"),  # a flavour paragraph
    ("wuxing", "Anticipate your opponent's moves", "Read your opponent's moves"),
    ("legolas", "## Credits", "## {{ \"Appendix 1\" | counting }}: credits"),
    ("experior", "1. Shuffle the", "1. Shuffle the"),  # a list's own numbering is markup
    ("legolas", "## Credits", "## Chapter 9: credits"),  # so is a heading's
    ("legolas", "## Credits", "## 9.2. Credits"),
    ("legolas", "## Credits", "### Appendix 1"),
    ("legolas", "## Credits", "## Step 4: credits"),
], ids=["rewording", "flavour", "rewording wuxing", "counting marker", "list numbering",
        "chapter heading", "numbered heading", "appendix heading", "step heading"])
def test_a_booklet_edit_without_numbers_is_accepted(game_copy, game, old, new):
    assert edited(game_copy, game, [(BOOKLET, old, new)]) == NO_ERRORS


def test_the_counting_marker_prints_its_text_unchanged():
    from pnp.templating import environment

    assert environment().from_string('{{ "Step 1" | counting }}').render() == "Step 1"


# ---- tables: each column shows what its heading says ------------------------------------------
def test_a_table_column_filled_from_another_field_is_refused(game_copy):
    row = "| **{{ c.name }}** | a horde of {{ c.threshold }} or more | {{ c.defence }} |"
    found = edited(game_copy, "legolas", [(BOOKLET, row, "| **{{ c.name }}** | a horde of "
                                                          "{{ c.defence }} or more | "
                                                          "{{ c.threshold }} |")])
    one_of(found, BOOKLET, "column 'Defence' is not filled from defence")


@pytest.mark.parametrize("game,row,swapped,heading", [
    ("experior", "| {{ a.name }} | {{ a.colour }} | {{ a.beats }} |",
     "| {{ a.name }} | {{ a.beats }} | {{ a.colour }} |", "Colour"),
    ("legolas", "| {{ d.players }} | {{ d.each }} | {{ d.aside }} |",
     "| {{ d.players }} | {{ d.aside }} | {{ d.each }} |", "Set aside unseen"),
], ids=["attack table", "deal table"])
def test_table_cells_swapped_under_their_headings_are_refused(game_copy, game, row, swapped,
                                                              heading):
    one_of(edited(game_copy, game, [(BOOKLET, row, swapped)]), BOOKLET,
           f"column {heading!r} is not filled from")


def test_a_table_with_its_columns_moved_together_is_accepted(game_copy):
    head = "| Character | Must challenge | Defence |"
    row = "| **{{ c.name }}** | a horde of {{ c.threshold }} or more | {{ c.defence }} |"
    assert edited(game_copy, "legolas", [
        (BOOKLET, head, "| Character | Defence | Must challenge |"),
        (BOOKLET, row, "| **{{ c.name }}** | {{ c.defence }} | a horde of {{ c.threshold }} "
                       "or more |")]) == NO_ERRORS


# ---- every rule sentence has one home: its ruling ---------------------------------------------
SUBJECT_EDITS = {
    "the most coins shop first": (
        "legolas", "After scoring, players shop. {{ ruling.L13 }}",
        "After scoring, the player with the most coins shops first.", "ruling L13"),
    "named, but reversed": (
        "legolas", "After scoring, players shop. {{ ruling.L13 }}",
        "After scoring, the player with the most coins shops first (ruling L13).", "'most'"),
    "the fighter with more wounds wins": (
        "experior", "{{ ruling.E7 }}", "The fighter with more wounds wins.", "ruling E7"),
    "how a monster is defeated": (
        "legolas", "reveal them. {{ ruling.L9 }}",
        "reveal them. A monster is defeated while its damage stays below twice your defence.",
        "ruling L9"),
    "who wins a duel": ("wuxing", "The element that beats the other wins (see the cycles; "
                                  "ruling W6).",
                        "The element an arrow points to wins the duel.", "ruling W6"),
}


@pytest.mark.parametrize("name", SUBJECT_EDITS)
def test_a_rule_stated_outside_its_ruling_is_refused(game_copy, name):
    game, old, new, said = SUBJECT_EDITS[name]
    one_of(edited(game_copy, game, [(BOOKLET, old, new)]), BOOKLET, "line ", said)


def test_a_rule_sentence_that_names_its_ruling_and_agrees_is_accepted(game_copy):
    assert edited(game_copy, "legolas", [(
        BOOKLET, "After scoring, players shop. {{ ruling.L13 }}",
        "After scoring, players shop, the player with the fewest coins first (ruling L13).")]) \
        == NO_ERRORS


def test_a_subject_is_a_list_of_words():
    found = check_template("Players shop, the richest first.\n", "b.md.j2", [_Ruling()], {})
    assert len(found) == 1 and "ruling L13" in str(found[0])
    assert check_template("Players meet in the shop.\n", "b.md.j2", [_Ruling()], {}) == []


class _Ruling:
    id, title, text = "L13", "Shopping", "Players shop in order of fewest coins."
    subject = ("shop*", "first|order")


def test_a_malformed_subject_is_an_error_naming_the_ruling(game_copy):
    folder = game_copy("legolas")
    path = folder / "rulings.toml"
    text = path.read_text()
    path.write_text(text.replace('subject = ["challenge", "turn"]', 'subject = "turn"', 1))
    found = [str(f) for f in validate(open_game(str(folder)))]
    one_of(found, "rulings.toml, row 8", '"subject"')


# ---- colours that mean something stay told apart ----------------------------------------------
COLOUR_EDITS = {
    "two suits printed alike": ("legolas", "game.toml", 'brute = "#9c2a1c"',
                                'brute = "#2f5d50"', ("distinct.suits", "stealth", "brute")),
    "every frame in one suit's colour": (
        "legolas", MONSTER, 'fill = "{{ suit }}"', 'fill = "stealth"',
        ("monsters.csv, row 14", "monster.toml:frame is printed in the stealth colour")),
    "two players alike": ("legolas", "players.csv", "2,Blue,#1565c0", "2,Blue,#c62828",
                          ("distinct.players", "Red", "Blue")),
    "red and green for a deuteranope": (
        "legolas", "players.csv", "2,Blue,#1565c0", "2,Blue,#8a6d00",
        ("distinct.players", "deuteranopia")),
    "two elements alike": ("wuxing", "game.toml", 'metal = "#9aa1a8"', 'metal = "#b8860b"',
                           ("distinct.elements", "Earth", "Metal")),
    "two attack types alike": ("experior", "game.toml", 'bow = "#2e7d32"', 'bow = "#d32f2f"',
                               ("distinct.attacks",)),
    "two elements alike in Legolas": ("legolas", "game.toml", 'fire = "#d84315"',
                                      'fire = "#7a5a2b"', ("distinct.elements", "earth", "fire")),
    "the arrows' colours alike": ("wuxing", "game.toml", 'destroying = "#1565c0"',
                                  'destroying = "#d32f2f"', ("distinct.links",)),
    "the sides alike": ("experior", "game.toml", 'elf = "#d8b24c"', 'elf = "#4e3b31"',
                        ("distinct.sides", "Human", "Elf")),
    "the dark cell in the paper colour": (
        "experior", "game.toml", 'limit = "#8b1a1a"', 'limit = "#f6f1e6"',
        ("palette.limit", "'dark cell'", "is not dark")),
}


@pytest.mark.parametrize("name", COLOUR_EDITS)
def test_colours_that_lose_their_meaning_are_refused(game_copy, name):
    game, file, old, new, parts = COLOUR_EDITS[name]
    one_of(edited(game_copy, game, [(file, old, new)]), *parts)


@pytest.mark.parametrize("game,file,old,new", [
    ("legolas", "game.toml", 'brute = "#9c2a1c"', 'brute = "#b8402f"'),  # a lighter shade
    ("experior", "game.toml", 'limit = "#8b1a1a"', 'limit = "#a52a2a"'),  # still dark
    ("wuxing", "game.toml", 'metal = "#9aa1a8"', 'metal = "#b0b6bc"'),
], ids=["suit shade", "limit shade", "element shade"])
def test_a_shade_that_stays_distinct_is_accepted(game_copy, game, file, old, new):
    assert edited(game_copy, game, [(file, old, new)]) == NO_ERRORS


def test_ciede2000_matches_the_published_test_data():
    """Pairs from Sharma, Wu and Dalal (2005), table 1."""
    for lab1, lab2, want in [((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
                             ((50, -1.3802, -84.2814), (50, 0, -82.7485), 1.0000),
                             ((50, 2.5, 0), (73, 25, -18), 27.1492),
                             ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387),
                              1.2644),
                             ((90.8027, -2.0831, 1.441), (91.1528, -1.6435, 0.0447), 1.4441)]:
        assert ciede2000(lab1, lab2) == pytest.approx(want, abs=1e-4)


def test_simulated_deficiencies_bring_red_and_green_together():
    red, green = (0.8, 0.1, 0.1), (0.35, 0.45, 0.0)
    assert difference(red, green) > 30
    assert difference(red, green, "deuteranopia") < difference(red, green) / 2
    assert lab((1, 1, 1)) == pytest.approx((100, 0, 0), abs=0.01)
    assert lab((1, 1, 1), "tritanopia")[0] == pytest.approx(100, abs=0.5)


def test_a_bad_distinct_group_is_one_error_naming_it(game_copy):
    folder = game_copy("legolas")
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('players = "players.csv:colour"',
                                             'players = "players.csv:hue"'))
    one_of(printed_errors(folder), "game.toml", "distinct.players", "no column 'hue'")


def test_validate_names_a_lying_face_in_one_line(game_copy):
    folder = game_copy("legolas")
    path = folder / CHARACTER
    path.write_text(path.read_text().replace('text = "{{ defence }}"', 'text = "3"'))
    edit_csv(folder / "characters.csv", 2, "defence", "1")
    result = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert result.exit_code != 0
    lines = [line for line in result.output.splitlines() if "character.toml:defence" in line]
    assert len(lines) == 1 and "Traceback" not in result.output


# ---- card prose names no suit or element the engine does not play ---------------------------
@pytest.mark.parametrize("file,row,field,value", [
    ("treasures.csv", 10, "text", "Your neighbors take {amount:signed} damage from {target} and "
                                  "fire monsters."),
    ("missions.csv", 2, "gain_text", "for each {per} and each Brute monster."),
], ids=["treasure", "mission"])
def test_a_suit_or_element_written_into_card_prose_is_refused(game_copy, file, row, field,
                                                               value):
    folder = game_copy("legolas")
    edit_csv(folder / file, row, field, value)
    found = [str(f) for f in errors_in(validate(open_game(str(folder))))]
    one_of(found, f"{file}, row {row}", f'"{field}"', "names", "itself")


def test_card_prose_reworded_around_its_placeholders_is_accepted(game_copy):
    folder = game_copy("legolas")
    edit_csv(folder / "missions.csv", 2, "gain_text", "for every {per} you defeat.")
    assert errors_in(validate(open_game(str(folder)))) == []


# ---- W21's sentences about the board come from the board ------------------------------------
def test_w21_states_the_starting_islands_of_the_board_printed(game_copy):
    from pnp.games.wuxing.kit import start_links

    folder = game_copy("wuxing")
    assert start_links(open_game(str(folder)).model) == (
        "on path 1 Yang's island generates Yin's; on path 2 Yin's island destroys Yang's; "
        "on path 3 Yin's island destroys Yang's")
    new = [("wood", "fire", "earth", "metal", "water"), ("earth", "water", "metal", "wood", "fire"),
           ("metal", "earth", "water", "fire", "wood")]
    rows = ["path,position,element"] + [f"{k + 1},{i + 1},{e}" for k, p in enumerate(new)
                                        for i, e in enumerate(p)]
    (folder / "islands.csv").write_text("\n".join(rows) + "\n")
    links = start_links(open_game(str(folder)).model)
    # wood-water: water generates wood; earth-fire: fire generates earth; metal-wood: metal
    # destroys wood
    assert links == ("on path 1 Yin's island generates Yang's; on path 2 Yin's island "
                     "generates Yang's; on path 3 Yang's island destroys Yin's")
    kit, _, _ = prepare(open_game(str(folder)), force=True)
    assert links in " ".join(kit.booklet.text.split())


def test_w21_must_state_the_links_the_board_has(game_copy):
    folder = game_copy("wuxing")
    path = folder / "rulings.toml"
    path.write_text(path.read_text().replace("{start_links}", "on path 2 Yang's island "
                                                              "generates Yin's"))
    found = [str(f) for f in errors_in(validate(open_game(str(folder))))]
    one_of(found, "rulings.toml, row 21", "{start_links}")


def test_a_designers_own_rule_numbers_are_named_in_options(tmp_path):
    CliRunner().invoke(main, ["new", "mine", "--dir", str(tmp_path)])
    folder = tmp_path / "mine"
    booklet = folder / "booklet.md.j2"
    text = booklet.read_text()
    booklet.write_text(text + "\nEach player draws 5 cards.\n")
    game = open_game(str(folder))
    kit, fonts, found = prepare(game, force=True)
    said = [str(f) for f in found + meaning(game, kit, fonts)]
    # nothing plays a `pnp new` game's numbers: a warning, telling where the number goes
    hit = one_of(said, "warning: booklet.md.j2", "'5'", "is written out")
    assert "put it in game.toml as [options] cards = 5 and write {{ options.cards }}" in hit, hit
    assert printed_errors(folder) == NO_ERRORS
    booklet.write_text(text + "\nEach player draws {{ options.hand }} cards.\n")
    toml = folder / "game.toml"
    toml.write_text(toml.read_text() + "\n[options]\nhand = 5\n")
    assert printed_errors(folder) == NO_ERRORS
    kit, _, _ = prepare(open_game(str(folder)), force=True)
    assert "Each player draws 5 cards." in kit.booklet.text


# ---- a game nothing plays: a written number is a warning, telling where it goes ------------
FIRST_EDIT = """Each player takes 1 character and 5 action cards. On your turn:
1. Play an action card and pay its cost in :gem: gems.
2. Draw a card.
The first player to collect 20 gems wins.
"""
STARTER_RULES = ("Write your rules in booklet.md.j2 in the game folder: headings start with #, "
                 "lists with -, and **bold** works.\n")
GEM = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
       '<circle cx="5" cy="5" r="4"/></svg>')


def new_game(tmp_path, rules: str, template: str = "deck"):
    """A `pnp new` game whose booklet says `rules` where the starter asks for them; and the
    template's line of each of its lines."""
    result = CliRunner().invoke(main, ["new", "mine", "--dir", str(tmp_path), "--template",
                                       template])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "mine"
    (folder / "icons").mkdir()
    (folder / "icons" / "gem.svg").write_text(GEM, encoding="utf-8")
    booklet = folder / BOOKLET
    text = booklet.read_text(encoding="utf-8")
    anchor = STARTER_RULES if template == "deck" else "{{ how_to_play }}\n"
    assert anchor in text
    booklet.write_text(text.replace(anchor, rules + "\n" + anchor, 1), encoding="utf-8")
    lines = booklet.read_text(encoding="utf-8").splitlines()
    return folder, {line: i + 1 for i, line in reversed(list(enumerate(lines)))}


def test_a_new_games_first_rules_print_with_warnings_naming_the_options_to_add(tmp_path):
    """The first rules edit of a `pnp new` game exited 3 with three errors: a number it writes
    out is played by nothing, and nothing said it could go in game.toml's [options]."""
    folder, line = new_game(tmp_path, FIRST_EDIT)
    out = tmp_path / "kit.pdf"
    result = CliRunner().invoke(main, ["build", "--game", str(folder), "-o", str(out)])
    assert result.exit_code == 0 and out.is_file(), result.output
    assert "Traceback" not in result.output and "error:" not in result.output, result.output
    five = one_of(result.output.splitlines(), "'5'")
    assert five == (
        f"warning: booklet.md.j2: line {line[FIRST_EDIT.splitlines()[0]]}: 'player takes 1 "
        "character and 5 action cards. On your turn': the number '5' is written out; put it in "
        "game.toml as [options] action_cards = 5 and write {{ options.action_cards }} (one place "
        "to change it), or, if it states no rule (a step, a name), mark it: "
        "{{ \"5 action cards\" | counting }}"), five
    twenty = one_of(result.output.splitlines(), "'20'")
    assert twenty.startswith(f"warning: booklet.md.j2: line {line[FIRST_EDIT.splitlines()[3]]}:")
    assert "[options] gems = 20 and write {{ options.gems }}" in twenty, twenty
    assert "[options] character = 1 and write {{ options.character }}" in result.output
    assert len(result.output.splitlines()) == 4, result.output  # the 3 warnings, the PDF
    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert res.exit_code == 0 and "(3 warning(s))" in res.output, res.output

    # as told: the numbers in [options], the placeholders in the booklet; nothing more is said
    toml = folder / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8")
                    + "\n[options]\ncharacter = 1\naction_cards = 5\ngems = 20\n",
                    encoding="utf-8")
    booklet = folder / BOOKLET
    booklet.write_text(booklet.read_text(encoding="utf-8").replace(
        "takes 1 character and 5 action", "takes {{ options.character }} character and "
        "{{ options.action_cards }} action").replace("collect 20", "collect {{ options.gems }}"),
        encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "--game", str(folder), "-o", str(out)])
    assert result.exit_code == 0 and "warning" not in result.output, result.output
    kit, _, _ = prepare(open_game(str(folder)), force=True)
    assert "takes 1 character and 5 action cards" in kit.booklet.text
    assert "collect 20 gems wins" in kit.booklet.text


def test_a_page_of_written_numbers_is_three_warnings_and_a_line(tmp_path):
    rules = "".join(f"On turn {{{{ \"Turn {n}\" | counting }}}}, pay {n} coins and draw {n + 1} "
                    f"cards.\n" for n in range(1, 9))
    folder, line = new_game(tmp_path, rules)
    game = open_game(str(folder))
    kit, fonts, found = prepare(game, force=True)
    said = [str(f) for f in found + meaning(game, kit, fonts) if "written out" in str(f)]
    first = line[rules.splitlines()[0]]
    assert len(said) == 4 and all(s.startswith("warning: booklet.md.j2: line") for s in said)
    assert said[3] == (
        f"warning: booklet.md.j2: lines {', '.join(str(first + i) for i in range(1, 8))}: "
        "13 more numbers are written out: bind each as above (game.toml's [options] and "
        "{{ options.NAME }}), or mark it {{ \"...\" | counting }}"), said[3]
    # two numbers named alike are told apart by the word before (pay_coins), then the number
    assert "[options] coins = 1 " in said[0] and "[options] cards = 2 " in said[1], said
    assert "[options] pay_coins = 2 " in said[2], said


def test_a_rules_games_written_number_is_still_refused(tmp_path):
    """rules.toml plays the game's numbers: one the booklet writes out may differ from the one
    played, so the build refuses it, telling how to share it."""
    folder, line = new_game(tmp_path, "Each player takes 5 action cards.\n", "trick-taking")
    out = tmp_path / "kit.pdf"
    result = CliRunner().invoke(main, ["build", "--game", str(folder), "-o", str(out)])
    assert result.exit_code == 3 and not out.exists(), result.output
    hit = one_of(result.output.splitlines(), "'5'")
    assert hit.startswith(
        f"error: booklet.md.j2: line {line['Each player takes 5 action cards.']}: 'Each player "
        "takes 5 action cards.': the number '5' is written out; put it in game.toml as [options] "
        "action_cards = 5, then write {{ options.action_cards }} here and options.action_cards "
        "in rules.toml (so the booklet and the game share it), or"), hit
    assert CliRunner().invoke(main, ["validate", "--game", str(folder)]).exit_code == 3


def test_a_ruling_a_new_game_prints_nowhere_is_a_warning(tmp_path):
    folder, _ = new_game(tmp_path, "")
    (folder / "rulings.toml").write_text(
        '[[ruling]]\nid = "M1"\ntitle = "Ties"\ntext = "A tie is shared."\nkind = "kit"\n',
        encoding="utf-8")
    booklet = folder / BOOKLET
    booklet.write_text(booklet.read_text(encoding="utf-8").split("{% if rulings %}")[0],
                       encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "--game", str(folder), "-o",
                                       str(tmp_path / "kit.pdf")])
    assert result.exit_code == 0, result.output
    assert ("warning: booklet.md.j2: ruling M1 is printed nowhere in the booklet: print "
            "{{ ruling.M1 }} where it applies") in result.output, result.output


# ---- found trying it as a designer: build refuses what validate refuses ---------------------
def test_build_refuses_a_kit_whose_faces_lie_and_keeps_the_good_pdf(game_copy, tmp_path):
    folder = game_copy("legolas")
    out = tmp_path / "kit.pdf"
    runner = CliRunner()
    assert runner.invoke(main, ["build", "--game", str(folder), "-o", str(out)]).exit_code == 0
    good = out.read_bytes()
    face = folder / CHARACTER
    face.write_text(face.read_text(encoding="utf-8").replace(
        'text = "{{ defence }}"', 'text = "3"', 1), encoding="utf-8")
    refused = runner.invoke(main, ["build", "--game", str(folder), "-o", str(out)])
    assert refused.exit_code == 3, refused.output
    assert "character.toml:defence prints the literal '3'" in refused.output
    assert refused.output.count("Error:") == 1 and "Traceback" not in refused.output
    assert out.read_bytes() == good
    forced = runner.invoke(main, ["build", "--game", str(folder), "-o", str(out), "--force"])
    assert forced.exit_code == 0, forced.output
    assert "character.toml:defence" in forced.output and out.read_bytes() != good


def test_build_and_export_refuse_a_booklet_that_states_its_own_number(game_copy, tmp_path):
    folder = game_copy("experior")
    shutil.copy(ROOT / "templates" / "experior" / "booklet.md.j2", folder / "booklet.md.j2")
    book = folder / "booklet.md.j2"
    book.write_text(book.read_text(encoding="utf-8").replace(
        "it hits {{ strong.multiplier }} times harder", "it hits 2 times harder", 1),
        encoding="utf-8")
    for args in (["build", "-o", str(tmp_path / "kit.pdf")],
                 ["export", "--format", "booklet", "-o", str(tmp_path / "book.pdf")]):
        result = CliRunner().invoke(main, [*args, "--game", str(folder)])
        assert result.exit_code == 3, result.output
        assert "booklet.md.j2: line 5" in result.output and "'2'" in result.output
    assert not list(tmp_path.glob("*.pdf"))


RULINGS_LIST = ("{% for r in rulings %}\n- **{{ r.id }} {{ r.title }}.** {{ r.text }} "
                "*({{ r.label }})*\n\n{% endfor %}")


def test_a_booklet_that_prints_a_ruling_nowhere_is_refused(game_copy):
    book = "booklet.md.j2"
    found = edited(game_copy, "legolas", [(book, RULINGS_LIST, "")])
    error = one_of(found, "booklet.md.j2", "rulings L1, L2", "printed nowhere")
    assert "L16" not in error.split("printed")[0]  # the setup still prints it
    assert len([f for f in found if "printed nowhere" in f]) == 1  # one line for them all


def test_a_ruling_moved_from_the_setup_to_the_list_of_rulings_is_accepted(game_copy):
    assert edited(game_copy, "legolas", [("booklet.md.j2", "2. {{ ruling.L16 }}\n", "")]) \
        == NO_ERRORS


def test_a_wrong_number_is_not_suggested_a_placeholder_that_merely_equals_it():
    """"Win 3 paths" where the engine wins with 2: suggesting only {{ paths }} (3) would let
    the designer bind the lie; the error names the value named like the sentence."""
    values = {"paths": 3, "tokens_per_colour": 3, "paths_to_win": 2, "min_players": 2}
    wrong, = check_template("Win 3 paths to win.\n", "booklet.md.j2", values=values)
    assert "{{ paths }}" in wrong.message
    assert "but paths_to_win, named like this sentence, is 2" in wrong.message
    right, = check_template("Win 2 paths to win.\n", "booklet.md.j2", values=values)
    assert "write {{ paths_to_win }}," in right.message
    # min_players is 2 too, but nothing of the sentence is about players: no evidence
    assert "min_players" not in right.message and "but" not in right.message


def test_an_equal_value_named_unlike_the_sentence_is_not_suggested():
    """(A trial) "Play one rune from your hand." was told to write {{ options.draw }}, the
    cards drawn after playing, 1 too: bound, the booklet would say "Play 2 rune" with draw = 2;
    and asked whether options.hand (4) was meant, though the number counts runes."""
    values = {"options.draw": 1, "options.hand": 4, "options.goal": 15}
    said, = check_template("Play one rune from your hand.\n", "booklet.md.j2", values=values,
                           plays="rules")
    assert "options.draw" not in said.message and "options.hand" not in said.message
    assert "put it in game.toml as [options] rune = 1" in said.message, said.message
    # an equal value named like the sentence still is
    drawn, = check_template("Then draw 1 card.\n", "booklet.md.j2", values=values,
                            plays="rules")
    assert "write {{ options.draw }}" in drawn.message, drawn.message
    # one named otherwise is asked of, after the key to add ("4 runes" are options.hand's 4)
    dealt, = check_template("Deal each player 4 runes.\n", "booklet.md.j2", values=values,
                            plays="rules")
    assert "[options] runes = 4" in dealt.message, dealt.message
    assert "(or is it {{ options.hand }}, also 4?)" in dealt.message, dealt.message


@pytest.mark.parametrize("game, old, new, ruling", [
    ("experior", "The fighter with fewer wounds at the end wins (ruling E7).",
     "Whoever is hurt worst at the end is the winner.", "E7"),
    ("legolas", "After scoring, players shop. {{ ruling.L13 }}",
     "After scoring, the richest player goes shopping before the others.", "L13"),
    ("legolas", "{{ ruling.L36 }} {{ ruling.L15 }}",
     "The player who scored the least wins the game.", "L15"),
])
def test_a_rule_reversed_in_other_words_is_refused(game_copy, game, old, new, ruling):
    """Found trying it: the subjects knew one wording of the rule ("wounds", "coins", "VP")."""
    found = edited(game_copy, game, [("booklet.md.j2", old, new)])
    one_of(found, "booklet.md.j2: line", f"subject of ruling {ruling}")


def test_the_winner_s_order_word_names_what_the_ruling_does_not(game_copy):
    found = edited(game_copy, "experior", [(
        "booklet.md.j2", "The fighter with fewer wounds at the end wins (ruling E7).",
        "Whoever is hurt worst at the end is the winner (ruling E7).")])
    one_of(found, "booklet.md.j2: line 5", "says 'worst' where ruling E7")


@pytest.mark.parametrize("game, new", [
    ("experior", "Only the wise fighter wins."),
    ("legolas", "Coins buy treasures; shopping comes after scoring."),
])
def test_flavour_near_a_ruling_s_subject_is_accepted(game_copy, game, new):
    assert edited(game_copy, game, [("booklet.md.j2", "## Components",
                                     new + "\n\n## Components")]) == NO_ERRORS


def test_two_suits_alike_to_everyone_are_said_to_look_alike_with_normal_vision(game_copy):
    """Found trying it: nearly one colour was reported as alike "with tritanopia", which reads
    as if only some players could not tell them apart."""
    found = edited(game_copy, "legolas", [("game.toml", 'brute = "#9c2a1c"',
                                           'brute = "#2f5d52"')])
    error = one_of(found, 'field "distinct.suits"', "stealth (#2f5d50) and brute (#2f5d52)")
    assert "look alike with normal vision" in error


@pytest.mark.parametrize("game,edits", [
    ("legolas", FACE_EDITS["another suit's name under the suit"][0]),
    ("legolas", FACE_EDITS["the coins dropped"][0]),
    ("legolas", FACE_EDITS["the corner shows value + 1"][0]),
    ("legolas", [COLOUR_EDITS["every frame in one suit's colour"][1:4]]),
    ("legolas", [COLOUR_EDITS["two suits printed alike"][1:4]]),
    ("wuxing", [COLOUR_EDITS["two elements alike"][1:4]]),
])
def test_the_faces_read_as_the_pdf_draws_them_find_what_drawing_them_apart_finds(
        game_copy, game, edits):
    """The build hands each face to the checks as drawn, in the PDF's order, keeping nothing
    of it (shown.FaceChecks): the findings, their rows and their order are those of reading
    every face drawn apart, in the kit's order."""
    import io

    from pnp.project import face_checks
    from pnp.render.facelog import FaceLog
    from pnp.render.pdf import Options, render_kit
    from pnp.units import MM, PAPERS

    folder = game_copy(game)
    for file, old, new in edits:
        path = folder / file
        path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    opened = open_game(str(folder))
    kit, fonts, _ = prepare(opened, force=True)
    log = FaceLog(fonts, checks=face_checks(opened, kit))
    render_kit(kit, fonts, io.BytesIO(), Options(PAPERS["a4"], 3 * MM), placements=False,
               log=log)
    streamed = meaning(opened, kit, fonts, log)
    assert errors_in(streamed)
    assert streamed == meaning(opened, kit, fonts)


def test_a_number_is_weighed_against_values_named_like_its_own_sentence(tmp_path):
    # (a trial: '5' in "Each player takes 5 cards. The first to 20 points wins." was asked
    # whether options.goal, 20, was meant: the next sentence's words)
    from click.testing import CliRunner

    from pnp.cli import main
    from pnp.scaffold import new_game

    shop = new_game("shop", tmp_path, "market")
    booklet = shop / "booklet.md.j2"
    booklet.write_text(booklet.read_text() + "\nEach player takes 5 cards. The first to 20 "
                       "points wins.\n")
    res = CliRunner().invoke(main, ["validate", "--game", str(shop)])
    five, twenty = [line for line in res.output.splitlines() if "is written out" in line]
    assert "the number '5' is written out; put it in game.toml" in five, five
    assert "the number '20' is written out; write {{ options.goal }}" in twenty, twenty
