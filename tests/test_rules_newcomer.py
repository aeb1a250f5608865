"""What a newcomer met playing tests/games/auction, a sealed-bid game written from the README
alone (a treasure revealed by an effect, bids played face down, a shared counter)."""

from pathlib import Path


def test_play_names_no_seat_for_a_card_nobody_played():
    """The auction compares the treasure an effect revealed: `pnp play` showed it as
    "Treasure 3 (seat 0)", a seat no game has, and only after the player's first bid."""
    from click.testing import CliRunner

    from pnp.cli import main

    folder = Path(__file__).parent / "games" / "auction"
    res = CliRunner().invoke(main, ["play", "--game", str(folder), "--opponent", "random",
                                    "--seed", "3"], input="1\n1\nq\n")
    assert res.exit_code == 0, res.output
    assert "(seat 0)" not in res.output, res.output
    assert "(seat 1)" in res.output or "(seat 2)" in res.output
    # the treasure revealed before the first bid is told before it, not after it; reading it
    # by a compare of one card is no contest ("Treasure 3: nobody wins"), and it says it was
    # drawn: "  Treasure 3" alone read like a move
    first = res.output.index("Moves for seat 1")
    assert "\n  drawn: Treasure 3\n  the table: pot 0 -> 3\n" in res.output[:first], res.output
    assert "Treasure 3: nobody wins" not in res.output
    assert "\n  Treasure 3\n" not in res.output


def test_rules_without_a_score_are_warned(tmp_path):
    """Leaving out [score] validated silently, and every simulated game was a shared win."""
    import shutil

    from click.testing import CliRunner

    from pnp.cli import main

    folder = tmp_path / "auction"
    shutil.copytree(Path(__file__).parent / "games" / "auction", folder)
    rules = folder / "rules.toml"
    text = rules.read_text()
    rules.write_text(text[:text.index("[score]")])
    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert res.exit_code == 0, res.output
    assert 'rules.toml, field "score": there is no [score]' in res.output, res.output
    ok = CliRunner().invoke(main, ["validate", "--game", str(Path(__file__).parent / "games"
                                                              / "auction")])
    assert ok.exit_code == 0 and "warning" not in ok.output, ok.output


def test_a_phase_that_never_ends_its_turn_is_named_not_the_turn_limit(tmp_path):
    """A bid phase of limit 1000 with an action that changes nothing ("think") made games of
    2,000 moves a turn; validate blamed turn.limit and said to lower it, which cannot help."""
    import shutil

    from click.testing import CliRunner

    from pnp.cli import main

    folder = tmp_path / "auction"
    shutil.copytree(Path(__file__).parent / "games" / "auction", folder)
    rules = folder / "rules.toml"
    text = rules.read_text()
    old = '[phases.bid]\nwho = "each"\nactions = ["bid"]\n'
    assert old in text
    text = text.replace(old, '[phases.bid]\nwho = "each"\nactions = ["bid", "think"]\n'
                        'limit = 1000\n\n[actions.think]\neffects = []\n')
    rules.write_text(text.replace('[[end]]\nname = "treasures gone"\n'
                                  'if = "shared.treasures == 0"\n', ''))
    game = folder / "game.toml"
    game.write_text(game.read_text().replace("goal = 20", "goal = 60"))   # above all 55 points
    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert res.exit_code != 0
    assert 'rules.toml, field "phases.bid.limit": a game of 2 players made 50,000 moves' \
        in res.output, res.output
    assert "[phases.bid] limit = 1000 lets each seat act that many times a turn" in res.output
