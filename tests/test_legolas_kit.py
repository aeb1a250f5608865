"""Legolas vs. Gimli's kit: the PDF read back, validation against the rules engine, and the CLI."""

import random

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from helpers import ROOT, edit_csv
from pnp.cli import main
from pnp.engine.core import RandomAgent, play
from pnp.errors import RulesError
from pnp.games.legolas import engine
from pnp.games.legolas.texts import treasure_text
from pnp.project import build, open_game, validate
from pnp.units import PAPERS

FOLDER = ROOT / "card_data" / "legolas"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit") / "legolas.pdf"
    result = build(open_game(str(FOLDER)), out)
    pdf = PdfReader(out)
    return result, pdf, [p.extract_text() for p in pdf.pages]


def _section(result, title):
    return next(s for s in result.sections if s.title.startswith(title))


def test_shipped_data_is_valid():
    assert validate(open_game("legolas", cwd=ROOT)) == []


def test_pdf_pages_and_sections(built):
    result, pdf, _ = built
    # guide 2 + booklet 8 + monsters 6x2 (the player aids and the markers in the free cells
    # of the last) + treasure/character 3x2 + missions 5x2 + board 1 (cards with different
    # backs never share a sheet's cut lines, so treasures, characters, and each colour's
    # missions take their own; the aids, alone on a fourth sheet, moved)
    assert len(pdf.pages) == result.pages == 39
    for page in pdf.pages:
        assert float(page.mediabox.width) == pytest.approx(PAPERS["a4"][0], abs=0.01)
    assert [(s.first, s.last) for s in result.sections[2:]] == [
        (11, 22), (23, 28), (29, 38), (39, 39)]
    monsters, others = result.sections[2], result.sections[3]
    assert "sheet 6 also holds the 3 player aid cards" in monsters.how
    assert "the 3 player aid cards are on sheet 6 of the monster cards" in others.how
    assert not result.findings


def test_checklist_matches_the_rules(built):
    _, _, text = built
    for line in ("48 × monster card", "16 × treasure card", "8 × character card",
                 "35 × mission card", "3 × player aid card", "5 × player marker",
                 "1 × round marker", "1 × first-player marker", "1 × score track",
                 "1 × round track"):
        assert line in text[1], line


def test_every_monster_is_printed_once_with_its_facts(built):
    result, _, text = built
    sec = _section(result, "Monster cards")
    fronts = "\n".join(text[p - 1] for p in range(sec.first, sec.last + 1, 2))
    aids = fronts.index("YOUR TURN")  # the player aids lodged on the last sheet, after them
    fronts = fronts[:aids]
    assert fronts.count(" damage") == 48
    for suit in engine.SUITS:
        assert fronts.count(suit.upper()) == 12, suit
    assert fronts.count("TRAP") == 12
    assert fronts.count("BOSS") == 12
    for vp in (1, 2, 3):
        assert fronts.count(f"BOSS +{vp} VP") == 4
    assert fronts.count("½ coin") == 1
    assert fronts.count("3 coins") == 4
    assert fronts.count("no coin") == 23  # 12 bosses and 11 of the 12 traps
    for element in engine.ELEMENTS:
        assert fronts.count(element.upper()) == 12, element
    for descriptor in ("physical, subtle", "physical, forceful", "mental, forceful",
                       "mental, subtle"):
        assert fronts.count(descriptor) == 12


def test_treasures_characters_missions_and_aids_are_printed(built):
    result, _, text = built
    sec = _section(result, "Treasure, character")
    fronts = "\n".join(text[p - 1] for p in range(sec.first, sec.last + 1, 2))
    backs = "\n".join(text[p] for p in range(sec.first, sec.last + 1, 2))
    treasures = engine.load_standard(FOLDER)["treasures"]
    assert len(treasures) == 16
    flat = " ".join(fronts.split())
    for t in treasures:
        assert t.name in fronts
        assert treasure_text(t) in flat, treasure_text(t)
    for effect in ("Defense +3.", "Discard to reduce accumulated damage by 5.",
                   "Gain 1 VP any time a boss is defeated.", "You may play two cards on your turn",
                   "Your neighbors take +1 damage from earth monsters.",
                   "The treasure value of each monster is raised by one.",
                   "Defeat psychic monsters without taking damage from them."):
        assert effect in flat, effect
    for name, threshold in (("FIGHTER", 12), ("WIZARD", 10), ("ROGUE", 8), ("PSYCHIC", 6)):
        assert fronts.count(name) == 2
        assert f"{threshold}+" in fronts
    assert "Defense 10." in fronts and "Triple all coin values." in flat
    assert "Double all coin values." in flat and "Defense 5." in fronts
    assert "Choose one element at the start of a round." in flat
    assert "Choose two elements at the start of a round." in flat
    assert "play one card on any horde, ignoring suit and value." in flat
    assert "play up to three cards, each on any horde" in flat
    assert flat.count("+1 VP for each earth monster you defeat.") == 2
    # the aids are printed in the free cells of the monster cards' last sheet (the guide
    # says so), fronts and backs
    monsters = _section(result, "Monster cards")
    assert text[monsters.last - 2].count("YOUR TURN") == 3
    assert text[monsters.last - 1].count("END OF A ROUND") == 3
    assert fronts.count("YOUR TURN") == 0
    assert "5p: 10/10/10/9/9" in text[monsters.last - 2]
    sec = _section(result, "Mission cards")
    fronts = "\n".join(text[p - 1] for p in range(sec.first, sec.last + 1, 2))
    backs = "\n".join(text[p] for p in range(sec.first, sec.last + 1, 2))
    for seat, colour in enumerate(("RED", "BLUE", "GREEN", "YELLOW", "PURPLE"), 1):
        assert fronts.count(f"PLAYER {seat} · {colour}") == 7
        assert backs.count(f"PLAYER {seat}") == 7
    for mission in ("STEALTH", "BRUTE", "MAGIC", "PSYCHIC", "ESCAPIST", "GAMBLER",
                    "UNTOUCHABLE"):
        assert fronts.count(mission) == 5, mission
    assert "The ½ coin scores ½ VP." in fronts


def test_markers_and_board(built):
    result, _, text = built
    sec = _section(result, "Monster cards")  # the markers ride on its last sheet
    assert "also holds the markers" in sec.how
    assert text[sec.last - 1].count("+50") == 5
    assert "1st" in text[sec.last - 2] and "ROUND" in text[sec.last - 2]
    board = text[-1]
    for label in ("−10", "−1", "49", "LEVEL 2", "LEVEL 3", "+50", "ROUND",
                  "2p: 13", "5p: 10/10/10/9/9"):
        assert label in board, label


def test_booklet_numbers_come_from_the_data_and_the_engine(built):
    result, _, text = built
    sec = _section(result, "Rule booklet")
    booklet = " ".join(" ".join(text[p - 1] for p in range(sec.first, sec.last + 1)).split())
    for n in range(2, 6):
        sizes = engine.hand_sizes(n)
        each = str(sizes[0]) if len(set(sizes)) == 1 else ", ".join(map(str, sizes))
        assert f"{n} {each} {48 - sum(sizes)}" in booklet, n
    for k in range(1, 38):
        assert f"L{k} " in booklet, k
    assert "The Rogue (defence 3) challenges" in booklet
    assert "The Rogue defeats 2 monsters; 2 monsters go back" in booklet
    assert "Untouchable +5 VP automatically." in booklet
    assert "a horde of 12 or more" in booklet


def test_fonts_are_embedded(built):
    _, pdf, _ = built
    seen, embedded = set(), set()
    for page in pdf.pages:
        fonts = page["/Resources"].get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            descs = [font.get("/FontDescriptor")] + [
                d.get_object().get("/FontDescriptor") for d in font.get("/DescendantFonts", [])]
            for desc in descs:
                if desc is not None:
                    desc = desc.get_object()
                    seen.add(str(desc["/FontName"]))
                    if "/FontFile2" in desc:
                        embedded.add(str(desc["/FontName"]))
    assert seen and seen == embedded
    assert any("DejaVuSans" in n for n in embedded)


# ---- the engine and the manifest -------------------------------------------------------------
def test_required_kit_and_new_game():
    game = open_game(str(FOLDER))
    need = game.spec.required_kit(game.model)
    assert need["monster card"] == 48 and need["treasure card"] == 16
    assert need["character card"] == 8 and need["mission card"] == 35
    assert need["player marker"] == 5
    g = game.spec.new_game(game.model)
    assert g.num_players == 4
    three = game.spec.new_game(game.model, 3)
    record = play(three, [RandomAgent()] * 3, seed=7)
    assert len(record.returns) == 3 and sum(record.returns) == pytest.approx(1.0)
    assert three.monsters == game.model.cards.monsters


# ---- validation against the engine ----------------------------------------------------------
def _findings(folder):
    return [str(f) for f in validate(open_game(str(folder)))]


def _delete_row(path, row):
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    del lines[row - 1]
    path.write_text("".join(lines), encoding="utf-8")


def test_unknown_suit_is_a_data_error_naming_file_row_and_field(game_copy):
    folder = game_copy("legolas")
    edit_csv(folder / "monsters.csv", 5, "suit", "sneaky")
    edit_csv(folder / "characters.csv", 3, "defence", "lots")
    found = _findings(folder)          # every bad cell in one run, its row left out
    assert found[:2] == [
        'error: monsters.csv, row 5, field "suit": \'sneaky\' is not one of: stealth, brute, '
        "magic, psychic",
        'error: characters.csv, row 3, field "defence": expected a whole number, got \'lots\'']


def test_unknown_element_and_the_air_alias(game_copy):
    folder = game_copy("legolas")
    edit_csv(folder / "monsters.csv", 3, "element", "Air")  # ruling L1: air is wind
    game = open_game(str(folder))
    assert game.model.cards.monsters[1].element == "wind"
    assert _findings(folder) == []
    edit_csv(folder / "characters.csv", 4, "element", "metal")
    assert _findings(folder)[0].startswith(
        'error: characters.csv, row 4, field "element": \'metal\' is not one of')


def test_missing_monster_is_reported(game_copy):
    folder = game_copy("legolas")
    _delete_row(folder / "monsters.csv", 13)  # the stealth boss 3 fire
    found = _findings(folder)
    assert "error: monsters.csv: the monster deck has 47 cards, the rules need 48" in found
    assert 'error: monsters.csv, field "suit": the stealth suit has 11 monster cards; the rules ' \
           "need 12 of each of the 4 suits" in found


def test_boss_vp_on_a_plain_monster_is_placed_at_its_row(game_copy):
    folder = game_copy("legolas")
    edit_csv(folder / "monsters.csv", 3, "boss_vp", "2")
    assert _findings(folder) == [
        'error: monsters.csv, row 3, field "boss_vp": boss_vp 2 does not fit kind \'monster\' '
        "(only a boss has boss VP, and every boss has some)"]


def test_too_few_character_cards_for_five_players(game_copy):
    folder = game_copy("legolas")
    for row in (2, 3, 4):
        edit_csv(folder / "characters.csv", row, "copies", "1")
    assert _findings(folder) == []  # 1 + 1 + 1 + 2 cards: enough for 5 players
    edit_csv(folder / "characters.csv", 5, "copies", "1")
    assert _findings(folder) == [
        'error: characters.csv, field "copies": 4 character cards cannot deal one to each of 5 '
        "players"]
    edit_csv(folder / "characters.csv", 5, "copies", "0")
    found = _findings(folder)
    assert 'error: characters.csv, row 5, field "copies": Psychic: needs at least one card (the ' \
           "rules have it)" in found


def test_unknown_treasure_id(game_copy):
    folder = game_copy("legolas")
    edit_csv(folder / "treasures.csv", 3, "id", "chainmail")
    found = _findings(folder)
    assert found[0].startswith('error: treasures.csv, row 3, field "id": unknown treasure '
                               "'chainmail' (Chain Mail Armor); the rules engine knows: "
                               "leather_armor, chain_mail_armor")
    assert 'error: treasures.csv, field "id": treasure \'chain_mail_armor\' is missing; the ' \
           "rules need all 16" in found
    assert len(found) == 2


def test_printed_numbers_must_be_placeholders_bound_to_the_engine_fields(game_copy):
    folder = game_copy("legolas")
    edit_csv(folder / "treasures.csv", 2, "text", "Defense +2.")
    edit_csv(folder / "treasures.csv", 14, "text", "Defeat magic monsters without damage.")
    edit_csv(folder / "characters.csv", 2, "level3_text", "Defense twelve.")
    edit_csv(folder / "characters.csv", 4, "level2_text", "Quadruple all coin values.")
    edit_csv(folder / "characters.csv", 5, "level2_text", "Defense 9.")
    edit_csv(folder / "missions.csv", 8, "gain_text", "+6 VP automatically.")
    edit_csv(folder / "missions.csv", 6, "gain_text", "for each boss defeated.")
    assert _findings(folder) == [
        'error: treasures.csv, row 2, field "text": Leather Armor: the text \'Defense +2.\' '
        "writes '2' itself; a number must be a placeholder such as {amount} bound to its field",
        'error: treasures.csv, row 2, field "text": Leather Armor: the text \'Defense +2.\' '
        "does not show {amount}; the card must print the amount the engine plays",
        'error: treasures.csv, row 14, field "text": Silver Chains: the text \'Defeat magic '
        "monsters without damage.' does not show {target}; the card must print the target the "
        "engine plays",
        'error: treasures.csv, row 14, field "text": Silver Chains: the text \'Defeat magic '
        "monsters without damage.' names 'magic' itself; the engine plays only the card's "
        "fields, so a suit or element it names is a placeholder ({target}, {per})",
        'error: characters.csv, row 2, field "level3_text": Fighter: the text \'Defense '
        "twelve.' writes 'twelve' itself; a number must be a placeholder such as {amount} bound "
        "to its field",
        'error: characters.csv, row 2, field "level3_text": Fighter: the text \'Defense '
        "twelve.' does not show {amount}; the card must print the amount the engine plays",
        'error: characters.csv, row 4, field "level2_text": Rogue: the text \'Quadruple all coin '
        "values.' writes 'Quadruple' itself; a number must be a placeholder such as {amount} "
        "bound to its field",
        'error: characters.csv, row 4, field "level2_text": Rogue: the text \'Quadruple all coin '
        "values.' does not show {amount}; the card must print the amount the engine plays",
        'error: characters.csv, row 5, field "level2_text": Psychic: the text \'Defense 9.\' '
        "writes '9' itself; a number must be a placeholder such as {amount} bound to its field",
        'error: characters.csv, row 5, field "level2_text": Psychic: the text \'Defense 9.\' '
        "does not show {amount}; the card must print the amount the engine plays",
        'error: characters.csv, row 5, field "level2_text": Psychic: the text \'Defense 9.\' '
        "does not describe a play_anywhere power (cards a turn, each on any horde ignoring suit "
        "and value (L29)), which the engine plays; it should mention 'play'",
        'error: missions.csv, row 6, field "gain_text": Escapist: the text \'for each boss '
        "defeated.' does not show {per}; the card must print the per the engine plays",
        'error: missions.csv, row 8, field "gain_text": Untouchable: the text \'+6 VP '
        "automatically.' writes '6' itself; a number must be a placeholder such as {vp} bound to "
        "its field"]


def test_unknown_power_effect_and_scoring_kinds_are_findings(game_copy):
    folder = game_copy("legolas")
    edit_csv(folder / "characters.csv", 4, "level2_power", "coin_doubler")
    edit_csv(folder / "treasures.csv", 5, "effect", "defence")
    edit_csv(folder / "missions.csv", 7, "loss_per", "card")
    assert _findings(folder) == [
        'error: treasures.csv, row 5, field "effect": Minion: the rules engine plays minion as '
        "'minion', not 'defence'",
        'error: characters.csv, row 4, field "level2_power": Rogue: unknown power '
        "'coin_doubler'; the rules engine knows: defence, ignore_elements, coin_multiplier, "
        "play_anywhere, none",
        'error: missions.csv, row 7, field "loss_per": Gambler: the mission cannot score per '
        "'card'; it scores per one of: stealth, brute, magic, psychic, trap, boss, coin, "
        "coinless, monster, round"]


def test_missions_and_players(game_copy):
    folder = game_copy("legolas")
    edit_csv(folder / "missions.csv", 7, "id", "gamble")
    edit_csv(folder / "players.csv", 3, "symbol", "circle")
    found = _findings(folder)
    assert 'error: missions.csv, row 7, field "id": unknown mission \'gamble\' (Gambler); the ' \
           "rules engine knows: stealth, brute, magic, psychic, escapist, gambler, untouchable" \
           in found
    assert 'error: missions.csv, field "id": mission \'gambler\' is missing; the rules need ' \
           "all 7" in found
    assert 'error: players.csv, row 3, field "symbol": player 2 has the same symbol as player ' \
           "1; players must differ by more than colour" in found


def test_suit_descriptor_missing(game_copy):
    folder = game_copy("legolas")
    toml = folder / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('magic = "mental, forceful"\n', ""),
                    encoding="utf-8")
    assert _findings(folder) == [
        'error: game.toml, field "suits.magic": the magic suit has no descriptor (such as '
        '"physical, subtle") to print on its cards']


# ---- text that must fit its card --------------------------------------------------------------
def test_long_effect_is_shrunk_and_too_long_is_reported(game_copy, tmp_path):
    folder = game_copy("legolas")
    longer = ("When another player challenges a horde, you may steal one of their defeated "
              "monsters, and you keep the Net for the rest of the game, using it again after "
              "every later challenge.")
    edit_csv(folder / "treasures.csv", 6, "text", longer)
    result = build(open_game(str(folder)), tmp_path / "a.pdf")
    assert result.findings == []
    sec = _section(result, "Treasure, character")  # (pypdf reads a page in some 50 ms)
    pages = PdfReader(tmp_path / "a.pdf").pages[sec.first - 1:sec.last]
    text = " ".join(" ".join(p.extract_text() for p in pages).split())
    assert longer in text
    edit_csv(folder / "treasures.csv", 6, "text", " ".join([longer] * 5))
    with pytest.raises(RulesError):
        build(open_game(str(folder)), tmp_path / "b.pdf")
    assert not (tmp_path / "b.pdf").exists()
    forced = build(open_game(str(folder)), tmp_path / "b.pdf", force=True)
    assert [str(f) for f in forced.findings] == [
        'error: treasures.csv, row 6, field "text": Net treasure card: element "text" '
        "(layouts/treasure.toml): text does not fit its box even at 7 pt: 'When another player "
        "challenges a horde, you may steal one of'..."]


# ---- the command line ----------------------------------------------------------------------------
def test_cli_validate_and_build(tmp_path):
    runner = CliRunner()
    res = runner.invoke(main, ["validate", "--game", str(FOLDER)])
    assert res.exit_code == 0, res.output
    assert "the card data matches the rules" in res.output
    out = tmp_path / "leg.pdf"
    random.seed(1)
    res = runner.invoke(main, ["build", "--game", str(FOLDER), "--out", str(out),
                               "--paper", "letter"])
    assert res.exit_code == 0, res.output
    assert len(PdfReader(out).pages) >= 39


def test_a_seat_listed_twice_names_its_row_and_the_first(game_copy):
    folder = game_copy("legolas")
    edit_csv(folder / "players.csv", 4, "seat", "2")
    assert 'error: players.csv, row 4, field "seat": seat 2 is listed twice (first in row 3); ' \
        "the seats are numbered 1, 2, 3... once each" in _findings(folder)


def test_a_seat_past_the_end_says_which_seat_no_row_has(game_copy):
    folder = game_copy("legolas")
    edit_csv(folder / "players.csv", 4, "seat", "9")
    assert 'error: players.csv, field "seat": the seats are numbered 1, 2, 3... once each: no ' \
        "row has seat 3" in _findings(folder)


def test_a_card_listed_twice_is_worded_as_every_game_words_it(game_copy):
    folder = game_copy("legolas")
    first = (folder / "missions.csv").read_text(encoding="utf-8").splitlines()[1].split(",")[0]
    edit_csv(folder / "missions.csv", 3, "id", first)
    assert any("is listed twice (first in row 2)" in f and "missions.csv, row 3" in f
               for f in _findings(folder)), _findings(folder)


def test_coins_that_are_not_halves_are_an_error_not_a_half_coin(game_copy):
    from pnp.project import open_game, validate

    folder = game_copy("legolas")
    csv = folder / "monsters.csv"
    lines = csv.read_text(encoding="utf-8").splitlines()
    column = lines[0].split(",").index("coins")
    for i in (1, 2):
        cells = lines[i].split(",")
        cells[column] = "0.3"
        lines[i] = ",".join(cells)
    csv.write_text("\n".join(lines) + "\n", encoding="utf-8")
    said = [str(f) for f in validate(open_game(str(folder)))]
    assert sum("0.3 coins: coins must be a whole or half number" in s for s in said) == 2
    assert not any("with a half coin" in s for s in said), said


def test_a_suit_with_a_card_too_many_is_named_at_its_last_row(game_copy):
    from pnp.project import open_game, validate

    folder = game_copy("legolas")
    csv = folder / "monsters.csv"
    lines = csv.read_text(encoding="utf-8").splitlines()
    csv.write_text("\n".join(lines + [lines[2]]) + "\n", encoding="utf-8")   # a row copied
    said = [str(f) for f in validate(open_game(str(folder)))]
    suit = lines[2].split(",")[0]
    assert f'error: monsters.csv, row {len(lines) + 1}, field "suit": the {suit} suit has 13 ' \
           "monster cards, the last in this row; the rules need 12 of each of the 4 suits" \
        in said, said
