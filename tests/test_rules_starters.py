"""The two starters written only as data (issue 25): `pnp new --template trick-taking` and
`--template market` each validate, print, keep the engine contract, simulate with random and
MCTS agents and can be played in `pnp play`."""

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.data.game import GameFolder
from pnp.engine.contract import check_determinize, check_game, check_hidden
from pnp.engine.core import RandomAgent, play
from pnp.games import registry
from pnp.scaffold import new_game

SPEC = registry.get("rules")
TEMPLATES = ("trick-taking", "market")


@pytest.fixture(scope="module", params=TEMPLATES)
def starter(request, tmp_path_factory):
    return new_game("mine", tmp_path_factory.mktemp(request.param), request.param)


def _game(folder, players=None):
    return SPEC.new_game(SPEC.load(GameFolder.open(folder)), players)


def test_it_validates_and_prints(starter, tmp_path):
    runner = CliRunner()
    res = runner.invoke(main, ["validate", "--game", str(starter)])
    assert res.exit_code == 0 and "matches the rules" in res.output, res.output
    out = tmp_path / "mine.pdf"
    res = runner.invoke(main, ["build", "--game", str(starter), "--out", str(out)])
    assert res.exit_code == 0 and "Error" not in res.output and "warning" not in res.output, \
        res.output
    doc = pdfium.PdfDocument(out)          # reads text as a viewer does, 100 times pypdf's speed
    text = " ".join(doc[i].get_textpage().get_text_bounded() for i in range(min(5, len(doc))))
    doc.close()
    assert "How to play" in text and "Scoring" in text


def test_it_keeps_the_engine_contract_at_every_player_count(starter):
    low, high = SPEC.load(GameFolder.open(starter)).rules.players
    for n in range(low, high + 1):
        game = _game(starter, n)
        histories = check_game(game, max_actions=SPEC.max_actions, seed=n, playouts=2)
        twins = check_hidden(game, histories, SPEC.hidden_twin, seed=n)
        # another card dealt into a hand a seat cannot see: the others see a difference in
        # the trick-taker (it is played later), nobody in the market (the deck is hidden)
        assert twins if "trick" in str(starter.parent) else twins >= 0
        telling = check_determinize(game, histories, seed=n)
        # trick-taking hides the hands (a sample deals them again: other seats see it); the
        # market hides only the deck, from everybody alike
        assert telling if "trick" in str(starter.parent) else telling == 0


def test_the_trick_taker_follows_suit(tmp_path):
    game = _game(new_game("tricks", tmp_path, "trick-taking"), 4)
    for seed in range(20):
        record = play(game, [RandomAgent()] * 4, seed, keep_actions=True)
        state = game.new_initial_state()
        for action in record.actions:
            player = state.current_player()
            if player >= 0 and state.zone_cards(state.slot(game.rules.zones["trick"], 0)):
                trick = state.zone_cards(state.slot(game.rules.zones["trick"], 0))
                led = state.cards[trick[0]]["suit"]
                hand = state.zone_cards(state.slot(game.rules.zones["hand"], player))
                played = state.cards[action % len(state.cards)]
                if any(state.cards[c]["suit"] == led for c in hand):
                    assert played["suit"] == led
            state.apply_action(action)
        stats = state.stats()
        # rounds of 10 tricks (4 players, 10 cards each), 3 unless a player reached the target
        assert stats["turns"] == 10 * stats["rounds"]
        assert stats["rounds"] == 3 or stats["ended_by"] == "target"
        assert sum(v["tricks"] for v in state.views) == stats["turns"]


def test_it_simulates_with_random_and_mcts_agents(starter):
    runner = CliRunner()
    res = runner.invoke(main, ["simulate", "--game", str(starter), "--games", "40",
                               "--agents", "random", "--jobs", "1"])
    assert res.exit_code == 0 and "Games end by" in res.output, res.output
    players = SPEC.load(GameFolder.open(starter)).rules.players[0]
    agents = ",".join(["mcts:8"] + ["random"] * (players - 1))
    res = runner.invoke(main, ["simulate", "--game", str(starter), "--games", "2",
                               "--agents", agents, "--jobs", "1"])
    assert res.exit_code == 0 and "mcts:8" in res.output, res.output


def test_it_can_be_played(starter):
    res = CliRunner().invoke(main, ["play", "--game", str(starter), "--opponent", "random",
                                    "--seed", "4"], input="1\n" * 400)
    assert res.exit_code == 0, res.output
    assert "Moves for seat 1" in res.output and "you" in res.output
    assert "wins" in res.output or "draw" in res.output.lower(), res.output[-600:]


def test_play_names_each_move_once(starter):
    """The game's log names a move as it is made: `pnp play` prints that line alone (it
    printed its own line too, so every move read twice)."""
    res = CliRunner().invoke(main, ["play", "--game", str(starter), "--opponent", "random",
                                    "--seed", "4"], input="1\n" * 400)
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    mine = [i for i, line in enumerate(lines) if line.startswith("seat 1> seat 1: ")]
    assert mine, res.output[:2000]
    for i in mine:
        assert not lines[i + 1].startswith("seat 1: "), lines[i:i + 2]
    assert "has moved." not in res.output
    others = [line for line in lines if line.startswith("seat 2: ")]
    assert others, res.output[:2000]         # the others' moves are named too


def test_play_heads_the_turns_the_others_play(starter):
    """A turn is one seat's: a two-player game showed Turn 1, Turn 3, Turn 5 over your own
    moves and nothing over the others'. Every turn's number is shown, in order."""
    import re

    res = CliRunner().invoke(main, ["play", "--game", str(starter), "--opponent", "random",
                                    "--seed", "4"], input="1\n" * 400)
    assert res.exit_code == 0, res.output
    turns = [int(n) for n in re.findall(r"^Turn (\d+)[.;,]", res.output, re.M)]
    assert turns and sorted(set(turns)) == list(range(1, max(turns) + 1)), turns
    assert re.search(r"^Turn \d+\.\nseat [2-4]: ", res.output, re.M), res.output[:2000]


def test_it_is_played_against_mcts_when_no_opponent_is_named(starter):
    """`pnp play --game mine` asked for the greedy agent a data game does not have."""
    res = CliRunner().invoke(main, ["play", "--game", str(starter), "--seed", "4"],
                             input="q\n")
    assert res.exit_code == 0, res.output
    assert "against mcts" in res.output, res.output


def test_per_card_statistics_count_the_market_as_held(tmp_path):
    """A card a seat could have bought is held; the card it buys is played too."""
    game = _game(new_game("shop", tmp_path, "market"), 2)
    state = game.new_initial_state()
    while state.current_player() < 0:
        state.apply_action(state.legal_actions()[0])
    market = state.zone_cards(state.slot(game.rules.zones["market"], 0))
    buy = next(a for a in state.legal_actions() if a < len(state.cards))
    events = registry.get("rules").card_events()(state, 0, buy)
    held = {row for seat, _, row, what in events if what == "held"}
    assert held == {state._p.rules.card_rows[c][1] for c in market}
    assert [row for _, _, row, what in events if what == "played"] == \
        [state._p.rules.card_rows[buy][1]]


def test_teams_score_together_and_win_together(tmp_path):
    folder = new_game("pairs", tmp_path, "trick-taking")
    rules = folder / "rules.toml"
    rules.write_text(rules.read_text().replace('count = "3-4"', 'count = 4\nteams = [[1, 3], [2, 4]]'))
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('players = "3-4"', 'players = "4"'))
    game = _game(folder)
    for seed in range(30):
        record = play(game, [RandomAgent()] * 4, seed)
        state_points = [c["points"] for c in record.stats["counters"]]
        team = [state_points[0] + state_points[2], state_points[1] + state_points[3]]
        r = record.returns
        assert r[0] == r[2] and r[1] == r[3]
        if team[0] != team[1]:
            assert (r[0] > r[1]) == (team[0] > team[1]) and sum(r) == 1.0
    bad = rules.read_text().replace("teams = [[1, 3], [2, 4]]", "teams = [[1, 3], [2, 3]]")
    rules.write_text(bad)
    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert res.exit_code != 0 and 'field "players.teams"' in res.output, res.output


def test_a_zone_moved_onto_itself_keeps_its_cards(tmp_path):
    """move = "deck", to = "deck" is the deck as it was (it was emptied once: its cards were
    added to it and then cleared)."""
    import random

    folder = new_game("mine", tmp_path, "market")
    path = folder / "rules.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        '[[setup]]\ndraw = "deck"', '[[setup]]\nmove = "deck"\nto = "deck"\n[[setup]]\ndraw = "deck"', 1),
        encoding="utf-8")
    state = _game(folder).new_initial_state()
    rng = random.Random(1)
    while state.current_player() < 0:
        state.apply_action(state.sample_chance(rng))
    seen = state.observation(0)["zones"]
    assert len(seen["deck"][1]) == 28 and len(seen["market"]) == 4, seen


def test_the_trick_taker_scores_the_cards_of_the_trick_and_its_led_suit(tmp_path):
    """A compare binds `cards` and `lead` for rules that read them (the engine binds only the
    names a rules file's expressions read): the player of the highest card of the suit led
    takes the trick and gains the points of all its cards."""
    game = _game(new_game("tricks", tmp_path, "trick-taking"), 3)
    trick_zone, n, nc = game.rules.zones["trick"], 3, len(game.rules.cards)
    tricks = 0
    for seed in range(10):
        record = play(game, [RandomAgent()] * n, seed, keep_actions=True)
        state = game.new_initial_state()
        played: list[tuple[int, dict]] = []      # (seat, card) of the trick so far
        for action in record.actions:
            seat = state.current_player()
            if seat < 0:
                state.apply_action(action)
                continue
            before = [v["points"] for v in state.views]
            state.apply_action(action)
            played.append((seat, state.cards[action % nc]))
            if state.zone_cards(state.slot(trick_zone, 0)):
                continue            # the trick goes on
            led = played[0][1]["suit"]
            taker = max((c["rank"], s) for s, c in played if c["suit"] == led)[1]
            gained = [v["points"] - b for v, b in zip(state.views, before)]
            worth = sum(c["points"] for _, c in played)
            assert gained == [worth if s == taker else 0 for s in range(n)], (seed, played)
            played, tricks = [], tricks + 1
    assert tricks > 50


def test_a_verdict_on_games_the_turn_limit_ended_says_so_beside_it(tmp_path):
    """Every game stopped at the turn limit and simulate gave its seat verdict all the same;
    the only hint was 'Games end by: turn limit 100.0 %' at the foot (a fresh-user trial)."""
    from click.testing import CliRunner

    from pnp.cli import main
    from pnp.scaffold import new_game

    game = new_game("mk", tmp_path, "market")
    rules = game / "rules.toml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("limit = 200", "limit = 3"),
                     encoding="utf-8")
    res = CliRunner().invoke(main, ["simulate", "--game", str(game), "--games", "100"])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    verdict = next(i for i, line in enumerate(lines) if "seat advantage" in line)
    assert lines[verdict + 1].strip().startswith("but 100.0 % of the games ended at the turn "
                                                 "or round limit"), res.output
    fair = CliRunner().invoke(main, ["simulate", "--game", str(new_game("ok", tmp_path, "market")),
                                     "--games", "100"])
    assert "ended at the turn or round limit" not in fair.output, fair.output


def test_games_ended_at_the_last_round_are_finished_not_unfinished(tmp_path):
    """The trick-taking starter's `[round] limit` is its last round ("most points after the
    last round wins"): simulate called most of its games unfinished."""
    from click.testing import CliRunner

    from pnp.cli import main
    from pnp.scaffold import new_game

    game = new_game("tt", tmp_path, "trick-taking")
    res = CliRunner().invoke(main, ["simulate", "--game", str(game), "--games", "60",
                                    "--players", "4"])
    assert res.exit_code == 0 and "round limit" in res.output, res.output
    assert "not by an [[end]]" not in res.output, res.output


def test_a_box_count_unlike_the_rules_names_rules_toml_too(tmp_path):
    """A game whose rules are data may have the box right and rules.toml's count wrong: the
    error named only game.toml's players (a fresh-user trial)."""
    import re

    from pnp.project import check, open_game
    from pnp.scaffold import new_game

    game = new_game("mk", tmp_path, "market")
    toml = game / "game.toml"
    text = toml.read_text(encoding="utf-8")
    toml.write_text(re.sub(r'(?m)^players = .*$', 'players = "2-6"', text), encoding="utf-8")
    said = [str(f) for f in check(open_game(str(game))) if "players" in str(f)]
    assert said and said[0].endswith('write players = "2-4" (or rules.toml\'s [players] count, '
                                     'if the box is right)'), said
