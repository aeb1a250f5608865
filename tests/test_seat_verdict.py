"""The seat-advantage line of `pnp simulate` prints the figure its verdict is judged on, for any
number of players, and judges no seat when the seats play different agents. The game is a
fresh-user trial's own (tests/games/runes), played by 2 or 3 as the trial's copy was."""

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers import edit
from pnp.cli import main

RUNES = Path(__file__).parent / "games" / "runes"


@pytest.fixture(scope="module")
def runes(tmp_path_factory) -> str:
    """The trial's game for 2-3 players."""
    game = tmp_path_factory.mktemp("g") / "runes"
    shutil.copytree(RUNES, game)
    edit(game / "game.toml", "players = 2", 'players = "2-3"')
    edit(game / "rules.toml", "count = 2", 'count = "2-3"')
    return str(game)


def _simulate(game: str, *args: str) -> str:
    r = CliRunner().invoke(main, ["simulate", "-g", game, "--jobs", "1", *args])
    assert r.exit_code == 0, r.output
    return r.output


def test_two_seats_are_judged_on_the_decisive_games_the_line_prints(runes):
    # (a trial: "seat 1 wins 44.4 % (42.2-46.6 %) of 2,000 games: no measurable seat
    # advantage": an interval leaving out 50 % beside a verdict of none, judged on a share of
    # the decisive games that was never printed)
    text = _simulate(runes, "--players", "2", "--games", "2000", "--seed", "1")
    line = next(x.strip() for x in text.splitlines() if "seat advantage" in x)
    m = re.fullmatch(r"of the ([\d,]+) decisive games \(([\d,]+) draws\), seat 1 wins "
                     r"[\d.]+ % \(([\d.]+)-([\d.]+) %\): no measurable seat advantage", line)
    assert m, line
    decisive, draws = (int(g.replace(",", "")) for g in m.groups()[:2])
    assert decisive + draws == 2000 and draws > 0
    assert float(m.group(3)) <= 50 <= float(m.group(4))   # the interval shown holds one half


def test_three_seats_are_each_judged_against_the_seats_mean(runes):
    # (a trial: with 3 players seat 3's 27.2 % (25.7-28.9 %) against seat 1's 30.7 % had no
    # seat-advantage line at all; --ladder judged each seat against the seats' mean)
    text = _simulate(runes, "--players", "3", "--games", "3000", "--seed", "5")
    assert ("each seat's sole wins against the seats' mean of 29.2 % (3,000 games): seat 3 "
            "behind (27.2 %, 25.7-28.9 %): a measurable seat advantage") in text
    assert "one fair game in 20 looks like this by chance" in text   # a lead to confirm
    fig = json.loads(_simulate(runes, "--players", "3", "--games", "300", "--seed", "5", "--json"))
    adv = fig["seat_advantage"]
    assert adv["verdict"] == "no measurable seat advantage" and adv["same_agents"]
    assert [s["versus_fair"] for s in adv["seats"]] == ["even"] * 3
    assert "no measurable seat advantage" in _simulate(runes, "--players", "3", "--games", "300",
                                                       "--seed", "5")


def test_seats_playing_different_agents_are_not_judged_as_seats(runes):
    # (a trial: "seat 1 (mcts:50) has a measurable edge" was filed under seat advantage: the
    # edge is the agent's)
    r = CliRunner().invoke(main, ["simulate", "-g", "wuxing", "-n", "200", "--jobs", "1",
                                  "--agents", "greedy,random"])
    assert r.exit_code == 0, r.output
    line = next(x.strip() for x in r.output.splitlines() if "different agents" in x)
    assert line.startswith("of the 200 games (no draws), Yang (greedy) wins 88.0 %")
    assert line.endswith("seats play different agents, so a lead is the agents', not a seat "
                         "advantage (see each seat's agent and win rate above; to judge the "
                         "seats, give every seat the same agent)")
    assert "measurable" not in line and "by chance" not in r.output
    three = _simulate(runes, "--players", "3", "--games", "10", "--agents", "random,random,mcts:5")
    assert "seats play different agents" in three and "seats' mean" not in three
