"""The generated "How to play" reads as rules do: the acting player is "you", an amount that is
a card's cell is "coins equal to the card's cost" (not "the card's cost coins"), a zone with no
cards is empty, a counter a card names is "your counter for the card's colour"."""

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
    assert "**Buy**: a card from the market to your bought, if your coins ≥ the card's cost. " \
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
    assert "A round ends when your hand is empty" in text
    assert "sum(attribute" not in text
