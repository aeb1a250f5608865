"""The data engine's generated turns (pnp/rules/generate.py): the same games as the general
path (Plan(reference=True)) move for move, and no text of the game folder in the source, even
when the folder's names and cells are written to break out of it."""

import io
import tokenize
from pathlib import Path

import pytest

from pnp.data.game import GameFolder
from pnp.engine.core import RandomAgent, play
from pnp.games import registry
from pnp.rules.engine import Plan
from pnp.rules.generate import Tails
from pnp.scaffold import new_game

SPEC = registry.get("rules")
EXPERIOR_DATA = Path(__file__).resolve().parents[1] / "card_data" / "experior-data"
# the names the generated source may use besides k<i>, h<i> and x<i> (and S's attributes)
OWN_NAMES = {"def", "make", "K", "H", "S", "z", "V", "ctx", "log", "seats", "vals", "a", "ci",
             "t", "if", "elif", "else", "for", "in", "and", "or", "not", "return", "try",
             "except", "True", "False", "None", "c0", "c1", "r", "w", "l", "tie", "played",
             "left", "got", "best", "v", "p", "turn", "o", "seat", "now", "blind", "chooses",
             "rng", "out", "limit", "done", "by", "hold", "while", "player", "choose", "steps",
             "ph", "action", "s", "d", "pos", "acted", "continue", "finish", "score", "pass",
             "is"}


class Watching(RandomAgent):
    """A random player that is given its observation: its games are played move by move
    through apply_action, not in run_blind's loop."""

    reads_observation = True


def _hostile(tmp_path) -> Path:
    """A game whose zone, counter, pick and end names, card columns and cells are made to
    break out of generated source (dunders, the generator's own names, quotes, newlines,
    unicode), playing Experior's skeleton."""
    folder = new_game("mine", tmp_path, "market")
    cells = ["__import__('os').system('touch PWNED')", "x'); import os; ('", 'q"uo\'te',
             "line\nbreak", "λ→✓ 名前", "{{ 7 * 7 }}"]
    rows = ["owner,kind,\"mod'e\",power,name"]
    for owner in (1, 2):
        for i, kind in enumerate(["S", "ctx", "S", "ctx", "S", "ctx"]):
            mode = ["__class__", "q\"x"][i % 2]
            name = cells[i].replace('"', '""')
            rows.append(f'{owner},{kind},"{mode.replace(chr(34), chr(34) * 2)}",{i + 1},"{name}"')
    (folder / "hostile.csv").write_text("\n".join(rows) + "\n")
    (folder / "beats.csv").write_text("kind,beats\nS,ctx\n")
    (folder / "rules.toml").write_text('''
[players]
count = 2
[cards]
data = "hostile.csv"
[zones.__import__]
visible = "owner"
[zones.k0]
visible = "owner"
[zones.__builtins__]
visible = "public"
[counters.h0]
max = 1000
[counters.S]
max = 50
[counters.ctx]
max = 50
[[setup]]
give = "__import__"
where = "card.owner == target.seat"
[turn]
phases = ["choose", "resolve"]
limit = 40
rotate = false
[phases.choose]
who = "each"
actions = ["attack"]
[actions.attack]
from = "__import__"
to = "k0"
[phases.resolve]
who = "none"
effects = [
  { compare = "k0", by = [{ field = "kind", relation = "beats.csv", beats = "beats" },
                          { field = "mod'e", order = ["__class__", "q\\"x"] }] },
  { gain = "h0", who = "loser", amount = "winner[card.kind] * card.power + 1" },
  { gain = "{{ card.kind }}", who = "winner" },
  { pick = "__class__", by = [{ fewest = "target[card.kind]" }], if = "tie" },
  { gain = "{{ card.kind }}", who = "__class__", if = "tie" },
  { move = "__builtins__", to = "__import__", who = "each" },
  { move = "k0", to = "__builtins__", who = "each" },
]
[[end]]
name = "__import__('os').system('touch PWNED')"
if = "most.h0 >= 60"
[[finish]]
pick = "V"
by = [{ most = "([target.S, target.ctx] | max) - ([target.S, target.ctx] | min)" }]
[[finish]]
gain = "h0"
as = "V"
who = "opponent"
amount = "2 * ([me.S, me.ctx] | max)"
[score]
by = [{ fewest = "target.h0" }]
''')
    return folder


@pytest.fixture(scope="module", params=["experior-data", "trick-taking", "market", "hostile",
                                        "stuck"])
def folder(request, tmp_path_factory):
    if request.param == "experior-data":
        return EXPERIOR_DATA
    if request.param == "stuck":        # (games that end in a stalemate)
        from test_rules_stalemate import stuck_market

        return stuck_market(tmp_path_factory.mktemp("stuck"))
    if request.param == "hostile":
        return _hostile(tmp_path_factory.mktemp("hostile"))
    return new_game("mine", tmp_path_factory.mktemp(request.param), request.param)


def _games(folder, n):
    model = SPEC.load(GameFolder.open(folder))
    generated, reference = SPEC.new_game(model, n), SPEC.new_game(model, n)
    reference.plan = Plan(model.rules, n, reference=True)
    return model.rules, generated, reference


def _replayed(game, record):
    state = game.new_initial_state()
    for action in record.actions:
        state.apply_action(action)
    return state


def _counts(folder):
    low, high = SPEC.load(GameFolder.open(folder)).rules.players
    return range(low, min(high, 4) + 1)


def test_the_generated_turns_play_the_general_paths_games(folder):
    for n in _counts(folder):
        rules, generated, reference = _games(folder, n)
        assert generated.plan.tails is not None and reference.plan.tails is None
        seeds = 150 if folder == EXPERIOR_DATA else 40
        for seed in range(seeds):
            agents = [RandomAgent() for _ in range(n)] if seed % 3 else \
                [Watching()] + [RandomAgent() for _ in range(n - 1)]
            records = [play(g, agents, seed, keep_actions=True) for g in (generated, reference)]
            assert records[0].actions == records[1].actions, (folder, n, seed)
            assert records[0].returns == records[1].returns
            assert records[0].stats == records[1].stats
            a, b = _replayed(generated, records[0]), _replayed(reference, records[1])
            assert a.public_log() == b.public_log()
            assert [a.observation(s) for s in range(n)] == [b.observation(s) for s in range(n)]
            assert (a._seats, a._vals, a._first, a._phase) == (b._seats, b._vals, b._first,
                                                              b._phase)
            for mine, theirs in zip(a.views + [a.shared], b.views + [b.shared]):
                assert mine == {k: v for k, v in theirs.items() if k in mine}   # (kept sizes)


def test_the_generated_source_holds_no_text_of_the_game(folder):
    """Every name in the source is pnp's own (k<i> a constant, h<i> a helper, x<i> a local,
    or an attribute of the state); no string literal at all; numbers only."""
    for n in _counts(folder):
        _, game, _ = _games(folder, n)
        tails = Tails(game.plan)
        tails.build()
        tokens = list(tokenize.generate_tokens(io.StringIO(tails.code).readline))
        after_dot = False
        for token in tokens:
            assert token.type != tokenize.STRING, token
            if token.type == tokenize.NAME:
                assert after_dot and token.string.startswith("_") or \
                    after_dot and token.string in ("turn", "views", "shared", "append", "get",
                                                   "pop", "remove", "clear") or \
                    token.string in OWN_NAMES or token.string[:1] in "khx" and \
                    token.string[1:].isdigit() or token.string[:4] == "tail" and \
                    token.string[4:].isdigit(), token
            after_dot = token.type == tokenize.OP and token.string == "."
        assert all(type(c) is not str or c in _pnp_words() or c in _game_words(game)
                   for c in tails.src.constants)


def _pnp_words():
    from pnp.rules.spec import NAMES

    return NAMES | {"change", "compare", "turn limit", "stalemate"}


def _game_words(game):
    rules = game.plan.rules
    words = set(rules.zones) | set(rules.counters) | set(rules.picks) | \
        {e.name for e in rules.ends} | {k for row in rules.cards for k in row} | \
        {v for row in rules.cards for v in row.values() if isinstance(v, str)}
    return words


def test_a_hostile_folder_plays_and_runs_nothing_of_its_text(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = _hostile(tmp_path / "game")
    _, game, reference = _games(folder, 2)
    endings = {play(game, [RandomAgent(), RandomAgent()], seed).stats["ended_by"]
               for seed in range(40)}
    assert "__import__('os').system('touch PWNED')" in endings
    assert not list(tmp_path.rglob("PWNED"))
    # the game's names are in the constants, handed to the source, never written into it
    code = Tails(game.plan)
    code.build()
    for text in ("__import__", "__builtins__", "system", "PWNED", "mod'e", "λ", "{{"):
        assert text not in code.code


def _columns_named_as_dict_methods(tmp_path) -> Path:
    """The market game with its columns cost and points named `values` and `items` (what
    every dict has by those names); one condition runs in Jinja2 (`in`), the rest as Python."""
    folder = new_game("mine", tmp_path, "market")
    csv = folder / "cards.csv"
    csv.write_text(csv.read_text().replace("cost,points", "values,items", 1))
    layout = folder / "layouts" / "card.toml"
    layout.write_text(layout.read_text().replace("{{ cost }}", "{{ values }}")
                      .replace("cost !=", "values !=").replace("{{ points }}", "{{ items }}")
                      .replace("points !=", "items !="))
    rules = folder / "rules.toml"
    text = rules.read_text().replace("card.cost", "card.values").replace("card.points",
                                                                         "card.items")
    assert text.count('if = "me.coins >= card.values"') == 1
    rules.write_text(text.replace('if = "me.coins >= card.values"',
                                  'if = "me.coins >= card.values and card.values in [1, 2, 3, 4, 5]"'))
    return folder


def test_card_columns_named_as_dict_methods_are_read_as_fields(tmp_path):
    """`card.values` is the card's field in every path (direct, Jinja2, generated turns), so
    the game plays as the market game does with its own column names."""
    renamed = _columns_named_as_dict_methods(tmp_path / "renamed")
    original = new_game("mine", tmp_path / "original", "market")
    for n in (2, 3):
        plain = SPEC.new_game(SPEC.load(GameFolder.open(original)), n)
        rules, generated, reference = _games(renamed, n)
        assert generated.plan.tails is not None and reference.plan.tails is None
        for seed in range(15):
            agents = [RandomAgent() for _ in range(n)]
            records = [play(g, agents, seed, keep_actions=True)
                       for g in (plain, generated, reference)]
            assert records[0].actions == records[1].actions == records[2].actions, (n, seed)
            assert records[0].returns == records[1].returns == records[2].returns
