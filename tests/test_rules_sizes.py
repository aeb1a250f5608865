"""The data engine keeps a zone's size in the players' dicts (`me.hand`) only when some
expression may read it (rules/sizes.py), and binds its effects to fast paths (a change to one
named seat, a run of effects under one `if`); Plan(reference=True) keeps every size and binds
none of them. Both play the same games, move for move, for the shipped data game and both data
starters, every player count; every size the fast plan keeps is the reference's."""

from pathlib import Path

import pytest

from pnp.data.game import GameFolder
from pnp.engine.core import RandomAgent, play
from pnp.games import registry
from pnp.rules.plan import Plan
from pnp.rules.sizes import sized_zones
from pnp.scaffold import new_game

SPEC = registry.get("rules")
EXPERIOR_DATA = Path(__file__).resolve().parents[1] / "card_data" / "experior-data"


@pytest.fixture(scope="module", params=["experior-data", "trick-taking", "market"])
def folder(request, tmp_path_factory):
    if request.param == "experior-data":
        return EXPERIOR_DATA
    return new_game("mine", tmp_path_factory.mktemp(request.param), request.param)


def _pair(folder, n):
    model = SPEC.load(GameFolder.open(folder))
    fast = SPEC.new_game(model, n)
    reference = SPEC.new_game(model, n)
    reference.plan = Plan(model.rules, n, reference=True)
    return model.rules, fast, reference


def _seen(game, record):
    state = game.new_initial_state()
    for action in record.actions:
        state.apply_action(action)
    return state


def test_the_fast_plan_plays_the_reference_plans_games(folder):
    rules = SPEC.load(GameFolder.open(folder)).rules
    low, high = rules.players
    for n in range(low, min(high, 4) + 1):
        rules, fast, reference = _pair(folder, n)
        assert reference.plan.sized == (True,) * len(reference.plan.slot_zone)
        for seed in range(30):
            records = [play(g, [RandomAgent() for _ in range(n)], seed, keep_actions=True)
                       for g in (fast, reference)]
            assert records[0].actions == records[1].actions, (folder, n, seed)
            assert records[0].returns == records[1].returns
            assert records[0].stats == records[1].stats
            a, b = _seen(fast, records[0]), _seen(reference, records[1])
            assert a.public_log() == b.public_log()
            assert [a.observation(s) for s in range(n)] == [b.observation(s) for s in range(n)]
            # what the fast plan keeps is the reference's; what it drops no expression reads
            for mine, theirs in zip(a.views + [a.shared], b.views + [b.shared]):
                assert mine == {k: v for k, v in theirs.items() if k in mine}
                assert set(theirs) - set(mine) <= set(rules.zones) - rules.sized


def test_experior_keeps_no_size_and_the_market_only_the_one_it_reads():
    model = SPEC.load(GameFolder.open(EXPERIOR_DATA))
    assert model.rules.sized == frozenset()
    state = SPEC.new_game(model, 2).new_initial_state()
    assert "hand" not in state.views[0] and "box" not in state.shared


def test_a_zone_is_kept_when_named_or_when_a_cell_may_name_it():
    zones = ["hand", "deck", "pile", "box"]
    assert sized_zones(zones, ["me.hand > 0", "shared.deck"], False, []) == {"hand", "deck"}
    assert sized_zones(zones, ["me['pile'] > 1"], False, []) == {"pile"}
    # a key worked out from a card's, role's or option's cell: any zone a cell names
    cards = [{"kind": "pile"}, {"kind": " deck"}]
    assert sized_zones(zones, ["me[card.kind] > 1"], False, [cards]) == {"pile", "deck"}
    assert sized_zones(zones, ["me[options.z]"], False, [{"z": "box"}]) == {"box"}
    assert sized_zones(zones, ["me.score > 1"], False, [cards]) == frozenset()
    # a key made of parts (joined, filtered) may be any zone's name
    assert sized_zones(zones, ["me['pi' + 'le']"], False, []) == set(zones)
    assert sized_zones(zones, ["me[card.kind | lower]"], False, [cards]) == set(zones)
    assert sized_zones(zones, ["me[card.kind] * card.n + 1"], False, [cards]) == {"pile", "deck"}
    # an expression in Jinja2 may read anything: every size kept
    assert sized_zones(zones, ["me.score"], True, []) == set(zones)


def test_an_expression_reading_a_size_by_a_cells_key_sees_it(tmp_path):
    """`me[card.kind]`, where a card's kind is a zone's name: that zone's size is kept, and
    the condition reads it (the card is playable only while its zone holds two or more)."""
    folder = new_game("mine", tmp_path, "market")
    (folder / "sizes.csv").write_text("name,kind\nA,hand\nB,hand\nC,hand\nD,hand\n")
    (folder / "rules.toml").write_text('''
[players]
count = 2
[cards]
data = "sizes.csv"
[zones.hand]
visible = "owner"
[zones.played]
visible = "public"
[counters.score]
max = 100
[[setup]]
give = "hand"
where = "(card.name == 'A' or card.name == 'B') == (target.seat == 1)"
[turn]
phases = ["play"]
limit = 4
[phases.play]
who = "active"
actions = ["put"]
pass = true
[actions.put]
from = "hand"
to = "played"
if = "me[card.kind] >= 2"
effects = [{ gain = "score" }]
''')
    model = SPEC.load(GameFolder.open(folder))
    assert "hand" in model.rules.sized and "played" not in model.rules.sized
    scores = [c["score"] for seed in range(20) for c in play(
        SPEC.new_game(model, 2), [RandomAgent(), RandomAgent()], seed).stats["counters"]]
    # each seat plays one of its two cards at most: then its hand holds one
    assert max(scores) == 1
