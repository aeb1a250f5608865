"""The generated "How to play" reads as rules do: the acting player is "you", an amount that is
a card's cell is "coins equal to the card's cost" (not "the card's cost coins"), a zone with no
cards is empty, a counter a card names is "your counter for the card's colour"."""

import pytest

from pnp.data.game import GameFolder
from pnp.games.rules import kit
from pnp.rules.booklet import how_to_play
from pnp.scaffold import new_game


def _how_to_play(tmp_path, template):
    folder = new_game("mine", tmp_path, template)
    return how_to_play(kit.load(GameFolder.open(folder)).rules)


def test_the_market_reads_as_rules(tmp_path):
    text = _how_to_play(tmp_path, "market")
    assert "On your turn, do one of these once:" in text
    assert "**Buy**: a card from the market to your bought cards, if your coins ≥ the card's cost. " \
        "You lose coins equal to the card's cost. You gain points equal to the card's points. " \
        "You gain 1 on your counter for the card's colour." in text, text
    assert "**Gather**. You gain 2 coins." in text
    assert "a turn in which the market is empty (market empty)" in text
    for wrong in ("The player gains", "cost coins", "(the card's colour)", "table's market"):
        assert wrong not in text, wrong


def test_the_trick_taker_reads_as_rules(tmp_path):
    text = _how_to_play(tmp_path, "trick-taking")
    assert "- The winner gains 1 trick.\n" in text, text
    assert "The winner gains points equal to the total points of the cards." in text
    assert "a card from your hand to the trick; it must have the suit of the first card " \
        "there, if you have one" in text
    assert "A round ends when a player's hand is empty" in text     # (any player, as in an end)
    assert "sum(attribute" not in text
    # (a fresh-user trial: "moves all the cards of their taken", "... rank if ... else 0")
    assert "- Each player moves all their taken cards to the deck." in text
    assert "- The winner moves all the cards of the trick to their taken cards." in text
    assert "the highest value of the card's rank when the card's suit is the led card's " \
        "suit, else 0 wins" in text


def test_a_new_deck_given_rules_prints_how_to_play(tmp_path):
    """README step 6: `pnp new` deck, engine = "rules" and a rules.toml; its booklet printed
    "Write your rules in booklet.md.j2" until the designer found the line to add."""
    from click.testing import CliRunner
    from pypdf import PdfReader

    from pnp.cli import main

    folder = new_game("mine", tmp_path, "deck")
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('engine = "deck"', 'engine = "rules" #'))
    (folder / "rules.toml").write_text(
        '[players]\ncount = "2-4"\n[zones.deck]\nowner = "shared"\nvisible = "hidden"\n[zones.hand]\n'
        '[counters.points]\n'
        '[[setup]]\nmove = "box"\nto = "deck"\n'
        '[[setup]]\ndraw = "deck"\nto = "hand"\ncount = 1\nwho = "each"\n'  # (7 cards, 4 seats)
        '[phases.play]\nwho = "active"\nactions = ["play"]\n'
        '[actions.play]\nfrom = "hand"\nto = "deck"\neffects = [{ gain = "points" }]\n'
        '[[end]]\nname = "out"\nif = "me.hand == 0"\n'
        '[score]\nby = [{ most = "target.points" }]\n')
    out = tmp_path / "mine.pdf"
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--out", str(out)])
    assert res.exit_code == 0, res.output
    text = " ".join(p.extract_text() for p in PdfReader(out).pages[:4])
    assert "How to play" in text and "You gain 1 point." in text, text
    assert "Write your rules" not in text
    plain = tmp_path / "plain"       # a deck without rules keeps its invitation to write them
    res = CliRunner().invoke(main, ["build", "--game", str(new_game("p", plain, "deck")),
                                    "--out", str(tmp_path / "p.pdf")])
    assert res.exit_code == 0, res.output
    assert "Write your rules" in " ".join(p.extract_text()
                                          for p in PdfReader(tmp_path / "p.pdf").pages[:4])


def test_a_comparison_reads_as_rules(tmp_path):
    """"the card with the highest value of the card's rank", "If not tie" read as rules."""
    folder = new_game("mine", tmp_path, "trick-taking")
    path = folder / "rules.toml"
    text = path.read_text()
    old = 'highest = "card.rank if card.suit == lead.suit else 0"'
    assert old in text
    path.write_text(text.replace(old, 'highest = "card.rank"')
                    .replace('{ gain = "tricks", who = "winner" }',
                             '{ gain = "tricks", who = "winner", if = "not tie" }'))
    said = how_to_play(kit.load(GameFolder.open(folder)).rules)
    assert "the card with the highest rank wins" in said, said
    assert "If it is not a tie: the winner gains 1 trick." in said, said


def test_shared_zones_and_counters_are_nobodys(tmp_path):
    """tests/games/auction (written by a newcomer from the README) puts the treasures into a
    shared zone and the revealed treasure's points on a shared counter: the booklet said "You
    take every card ... into your treasures" and "You set your pot", though both are the
    table's."""
    from pathlib import Path

    folder = Path(__file__).parent / "games" / "auction"
    said = how_to_play(kit.load(GameFolder.open(folder)).rules)
    assert "Put every card for which the card's kind is treasure into the treasures." in said
    assert "Set the pot to the card's points." in said, said
    assert "the winner gains points equal to the pot." in said, said
    assert "a turn in which the treasures are empty (treasures gone)" in said, said
    for wrong in ("your treasures", "your pot", "table's pot"):
        assert wrong not in said, wrong


def test_a_booklet_number_of_an_option_is_told_its_placeholder(tmp_path):
    """A designer writing "reach 20 points" where game.toml's [options] goal is 20 was told only
    to "write the placeholder of the value it states", not which: options.goal was not among
    the names suggested. The quote began mid-word ('e first player...')."""
    import shutil
    from pathlib import Path

    from click.testing import CliRunner

    from pnp.cli import main

    folder = tmp_path / "auction"
    shutil.copytree(Path(__file__).parent / "games" / "auction", folder)
    booklet = folder / "booklet.md.j2"
    booklet.write_text(booklet.read_text().replace(
        "{% if how_to_play is defined %}",
        "Each turn a treasure is turned face up. The first player to reach 20 points wins.\n\n"
        "{% if how_to_play is defined %}"))
    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert res.exit_code != 0
    line = next(x for x in res.output.splitlines() if "'20'" in x)
    assert "write {{ options.goal }}" in line, line
    assert "'The first player to reach 20 points wins.'" in line, line



def test_a_booklet_number_that_contradicts_an_end_is_told_so(tmp_path):
    """"reach 25 points" where the [[end]] 'goal' is most.points >= options.goal (20) was told
    only to write a placeholder: nothing said the number is not the rules' one."""
    import shutil
    from pathlib import Path

    from click.testing import CliRunner

    from pnp.cli import main

    folder = tmp_path / "auction"
    shutil.copytree(Path(__file__).parent / "games" / "auction", folder)
    booklet = folder / "booklet.md.j2"
    booklet.write_text(booklet.read_text().replace(
        "{% if how_to_play is defined %}",
        "The first player to reach 25 points wins.\n\n{% if how_to_play is defined %}"))
    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert res.exit_code != 0
    line = next(x for x in res.output.splitlines() if "'25'" in x)
    assert "(but options.goal, named like this sentence, is 20: is the number right?)" in line, \
        line


@pytest.mark.parametrize("condition, said", [
    ("me.points >= 3 and me.coins == 0", "a player's points ≥ 3 and their coins is 0"),
    ("opponent.seat == 1", "a player's opponent's seat is 1"),
])
def test_an_end_naming_its_player_twice_reads_as_one_player(condition, said):
    # (a fresh-user trial: "a player's points ≥ 3 and a player's coins is 0" read as two
    # players, and "your opponent's seat" in a rule about any player)
    from pnp.rules.booklet import _ANY_WHOSE, words

    class Rules:
        options: dict = {}
        zones: dict = {}
        counters: dict = {}

    assert words(condition, Rules, _ANY_WHOSE) == said


def test_a_counters_start_and_teams_are_told(tmp_path):
    """A counter with `start = 5` gave every player 5 points the booklet never mentioned, and
    a game of [players] teams printed "The player with the most points wins" where the engine
    adds a team's points and the team wins together."""
    folder = new_game("mine", tmp_path, "market")
    path = folder / "rules.toml"
    text = path.read_text()
    for old, new in (('count = "2-4"', 'count = 4\nteams = [[1, 3], [2, 4]]'),
                     ("[counters.points]\nmax = 999", "[counters.points]\nmax = 999\nstart = 5"),
                     ("[counters.rose]", "[counters.rose]\nstart = 1")):
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('players = "2-4"', "players = 4"))
    said = how_to_play(kit.load(GameFolder.open(folder)).rules)
    assert "### Setup\n\n- Each player starts with 5 points.\n- Each player starts with 1 rose.\n" \
        in said, said
    assert "The players play in teams: seats 1 and 3; seats 2 and 4. A team adds up its " \
        "players' values: the team with the most points, then the most coins wins" in said, said
    assert "The player with" not in said, said


def _duel(tmp_path, extra=""):
    """A two-player duel as a fresh user writes it: the winner of a trick leads the next
    (rotate = false and a `lead`), the first player given a head start in setup."""
    folder = new_game("duel", tmp_path, "trick-taking")
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('players = "3-4"', "players = 2"))
    path = folder / "rules.toml"
    path.write_text(path.read_text().replace('count = "3-4"', "count = 2") + extra)
    return how_to_play(kit.load(GameFolder.open(folder)).rules)


def test_who_starts_a_turn_reads_as_the_engine_plays(tmp_path):
    """rotate = false with `lead = "winner"`: the booklet said "The first player starts every
    turn" (and each trick is played "from the first player"), though the winner leads."""
    said = _duel(tmp_path)
    assert "The first player starts every turn" not in said, said
    assert "The first player starts the first turn, and the next ones until another player " \
        "leads (below)." in said, said
    assert "Each player in turn, from the player who starts the turn, does" in said, said


def test_an_effect_of_the_setup_names_the_first_player(tmp_path):
    """A head start in setup (`gain = "points", amount = 2`, `me` the first seat) read "You
    gain 2 points.": every player reading it takes 2 points, the engine gives them to seat 1."""
    said = _duel(tmp_path, '\n[[setup]]\ngain = "points"\namount = 2\n')
    assert "- The first player gains 2 points." in said, said
    assert "You gain 2 points" not in said, said
    _duel(tmp_path / "round")
    folder = tmp_path / "round" / "duel"         # a round's setup runs as its first player's
    path = folder / "rules.toml"
    path.write_text(path.read_text().replace('  { move = "taken", to = "deck", who = "each" },',
                                             '  { move = "taken", to = "deck", who = "each" },\n'
                                             '  { gain = "points", amount = "me.tricks" },'))
    said = how_to_play(kit.load(GameFolder.open(folder)).rules)
    assert "- The player who starts the round gains points equal to the player who starts the " \
        "round's tricks." in said, said


def _said_after(tmp_path, template: str, old: str, new: str) -> str:
    """How to play of a `pnp new` game whose rules.toml has `old` replaced by `new`."""
    folder = new_game("mine", tmp_path, template)
    path = folder / "rules.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return how_to_play(kit.load(GameFolder.open(folder)).rules)


def test_the_end_of_a_round_is_in_the_booklet(tmp_path):
    """[round] effects run when a round is over; "How to play" left them out."""
    old = 'end = "me.hand == 0"'
    said = _said_after(tmp_path, "trick-taking", old,
                       old + '\neffects = [{ gain = "points", who = "each", amount = 3 }]')
    assert "When a round is over:\n\n- Each player gains 3 points." in said, said


def test_a_counters_own_bounds_are_rules_the_booklet_states(tmp_path):
    """The engine drops points past a counter's `max` (the market's coins stop at 99); the
    booklet never said so (a fresh-user trial)."""
    said = _said_after(tmp_path, "market", "[counters.leaf]", "[counters.leaf]\nmin = -3")
    # coins are paid (lost): their 0 stops a payment too (paying 6 with 3 left 0, unsaid)
    assert "- A player's coins never go below 0 nor above 99: what would pass it is lost." \
        in said, said
    assert "- A player's leaf never goes below -3: what would pass it is lost." in said, said
    assert "rose never" not in said  # (the default bounds, 0 to 1000, of a counter only gained)
    # a rule of the whole game, in its own section: not a step of the setup (a trial)
    limits = said.index("### Limits")
    assert said.index("### Setup") < limits < said.index("coins never go") < said.index("### A turn")


def test_the_opponent_of_a_game_of_more_than_two_is_said_to_be_the_next_player(tmp_path):
    """In a 2-4 player game the booklet said "the opponent loses 1 coin" and the engine took
    it from the next seat alone."""
    folder = new_game("mine", tmp_path, "market")
    rules = folder / "rules.toml"
    gather = 'effects = [{ gain = "coins", amount = "options.gather" }]'
    rules.write_text(rules.read_text().replace(gather, gather[:-1] +
                                               ', { lose = "coins", who = "opponent" }]'))
    text = how_to_play(kit.load(GameFolder.open(folder)).rules)
    assert "Your opponent, wherever the rules below name one, is the next player in seat " \
        "order." in text, text
    assert "opponent, wherever" not in _how_to_play(tmp_path / "plain", "market")


def test_a_shared_counter_lost_is_removed_not_taken(tmp_path):
    """`lose = "pot"` read "take 1 from the pot", and the player got nothing from it."""
    folder = new_game("mine", tmp_path, "market")
    rules = folder / "rules.toml"
    gather = 'effects = [{ gain = "coins", amount = "options.gather" }]'
    text = rules.read_text().replace(gather, gather[:-1] + ', { lose = "pot", amount = 1 }]')
    rules.write_text(text + '\n[counters.pot]\nowner = "shared"\nstart = 5\n')
    said = how_to_play(kit.load(GameFolder.open(folder)).rules)
    assert "Remove 1 from the pot." in said and "Take 1" not in said, said


def test_seats_reads_as_the_number_of_players(tmp_path):
    """`count = "options.market + seats"` printed "Draw 4 + seats cards"."""
    folder = new_game("mine", tmp_path, "market")
    rules = folder / "rules.toml"
    rules.write_text(rules.read_text().replace('count = "options.market"',
                                               'count = "options.market + seats"', 1))
    said = how_to_play(kit.load(GameFolder.open(folder)).rules)
    assert "(4 + the number of players)" in said and "seats" not in said, said
