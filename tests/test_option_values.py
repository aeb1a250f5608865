"""A value an option does not take ends as the README promises: exit 2, click's usage line above
one `Error:` naming the option, wherever the value is checked (click, a callback, the command or
the library it calls)."""

import shutil

import pytest
from click.testing import CliRunner

from helpers import ROOT, usage_error
from pnp.cli import main


@pytest.mark.parametrize("args,option,said", [
    (["simulate", "--game", "wuxing", "--agents", "nosuch"], "--agents", "unknown agent 'nosuch'"),
    (["simulate", "--game", "wuxing", "--agents", "mcts:-5"], "--agents", "mcts budget '-5'"),
    # "" played random agents without a word
    (["simulate", "--game", "wuxing", "--agents", ""], "--agents",
     "no agent given; name one per seat or one for all: random, mcts, greedy (or module:Class, "
     "file.py:Class)"),
    (["sweep", "--game", "wuxing", "--agents", " ", "--set", "options.reference_cards=1"],
     "--agents", "no agent given; name one per seat"),
    (["report", "--game", "wuxing", "--agents", "random,"], "--agents",
     "empty agent name in 'random,'; name one per seat or one for all: random, mcts, greedy"),
    (["simulate", "--game", "wuxing", "--players", "7"], "--players", "wuxing is for 2 players"),
    # (a trial: click's "'abc' is not a valid integer range.")
    (["simulate", "--game", "wuxing", "--players", "abc"], "--players",
     "'abc' is not a number of players: give one such as 2 or 3"),
    (["sweep", "--game", "wuxing", "--players", "0", "--set", "options.reference_cards=1"],
     "--players", "'0' is not a number of players: give one such as 2 or 3"),
    (["play", "--game", "wuxing", "--seat", "3"], "--seat", "3 is not one of the game's seats"),
    (["play", "--game", "wuxing", "--opponent", "nosuch"], "--opponent", "unknown agent"),
    (["bench", "--sizes", "0"], "--sizes", "takes whole numbers from 1 to"),
    # the ladder's agents are checked before the run's 2,000 games, not after them
    (["report", "--game", "wuxing", "--ladder", "nosuch"], "--ladder", "a ladder compares agents"),
    (["report", "--game", "wuxing", "--ladder", "random,nosuch"], "--ladder", "unknown agent"),
    (["bench", "--sim-seconds", "0.01"], "--sim-seconds", "0.01 is not in the range"),
])
def test_a_value_an_option_does_not_take_is_a_usage_error_naming_it(tmp_path, monkeypatch, args,
                                                                     option, said):
    monkeypatch.chdir(tmp_path)  # (a report run by mistake writes output/ here)
    result = CliRunner().invoke(main, args, input="")
    assert said in usage_error(result, option)
    assert result.output.count("Error:") == 1
    assert not list(tmp_path.iterdir())


TGC = ["--format", "pod", "--service", "tgc"]


@pytest.mark.parametrize("args,option,kind", [
    (TGC + ["--dpi", "30"], "--dpi", "pod --service tgc"),
    (TGC + ["--bleed", "0"], "--bleed", "pod --service tgc"),
    (TGC + ["--paper", "letter"], "--paper", "pod --service tgc"),
    (TGC + ["--cmyk"], "--cmyk", "pod --service tgc"),
    (["--format", "tts", "--dpi", "100"], "--dpi", "tts"),
    (["--format", "tts", "--bleed", "1"], "--bleed", "tts"),
    (["--format", "tts", "--paper", "letter"], "--paper", "tts"),
    (["--format", "tts", "--corner-radius", "2"], "--corner-radius", "tts"),
    (["--format", "png", "--cmyk"], "--cmyk", "png"),
    (["--format", "png", "--machine", "cricut"], "--machine", "png"),
    (["--format", "png", "--service", "tgc"], "--service", "png"),
    (["--format", "booklet", "--bleed", "2"], "--bleed", "booklet"),
    (["--format", "pod", "--url-base", "https://example.org/"], "--url-base", "pod"),
    # a Cricut's sheets are its print-then-cut area, whatever the paper: a3 was ignored
    (["--format", "cut", "--machine", "cricut", "--paper", "a3"], "--paper",
     "cut --machine cricut"),
])
def test_an_export_option_the_format_does_not_use_is_refused_not_ignored(tmp_path, args, option,
                                                                          kind):
    """`--format pod --service tgc --dpi 30 --bleed 0 --paper letter` wrote The Game Crafter's
    own 300 dpi files without a word, and tts ignored --dpi, --bleed, --paper and
    --corner-radius; --cmyk and --machine were refused (exit 1). Each is a usage error now."""
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["export", "--game", "wuxing", *args, "--out", str(out)])
    assert usage_error(result, option).startswith(f"--format {kind} does not use it (")
    assert not out.exists()


def test_a_paper_too_small_for_a_cut_piece_is_named_where_it_was_set(tmp_path):
    """The Silhouette's sheets are the paper: --paper 100x100mm, too small for a poker card,
    was blamed on game.toml; a game.toml [print] paper is named there."""
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["export", "--game", "wuxing", "--format", "cut",
                                       "--machine", "silhouette", "--paper", "100x100mm",
                                       "--out", str(out)])
    assert usage_error(result, "--paper").startswith("100x100mm: Element and reference cards: "
                                                     "a 63 x 88 mm piece does not fit the "
                                                     "Silhouette cut area of 80 x 80 mm")
    game = tmp_path / "wuxing"
    shutil.copytree(ROOT / "card_data" / "wuxing", game)
    with (game / "game.toml").open("a", encoding="utf-8") as fh:
        fh.write('\n[print]\npaper = "100x100mm"\n')
    result = CliRunner().invoke(main, ["export", "--game", str(game), "--format", "cut",
                                       "--machine", "silhouette", "--out", str(out)])
    assert result.exit_code == 2 and result.output.startswith(
        'Error: game.toml, field "print.paper": Element and reference cards: a 63 x 88 mm '
        "piece does not fit"), result.output
    assert not out.exists()


def test_an_option_error_crosses_a_process_as_it_was_made():
    import pickle

    from pnp.errors import OptionError

    back = pickle.loads(pickle.dumps(OptionError("--agents", "unknown agent 'x'")))
    assert (back.option, back.message, str(back)) == ("--agents", "unknown agent 'x'",
                                                      "--agents: unknown agent 'x'")
