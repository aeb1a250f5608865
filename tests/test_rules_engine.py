"""Rules as data (issue 25): the data engine keeps the engine contract, and Experior written as
data (card_data/experior-data) plays exactly the Python engine's games, move by move."""

import json

import pytest

from pnp.data.game import GameFolder
from pnp.engine.contract import check_determinize, check_game, check_hidden
from pnp.engine.core import CHANCE, RandomAgent, play, replay
from pnp.games import registry
from pnp.games.experior.engine import TYPES, ExperiorGame
from pnp.resources import shipped

SPEC = registry.get("rules")


def data_game(folder, players=None):
    model = SPEC.load(GameFolder.open(folder))
    return SPEC.new_game(model, players)


@pytest.fixture(scope="module")
def experior_data():
    return data_game(shipped("card_data") / "experior-data")


def _python_view(state):
    return [(state._wounds[s], *state._exp[s * 3:s * 3 + 3]) for s in (0, 1)]


def _data_view(state):
    return [(v["wounds"], *(v[t] for t in TYPES)) for v in state.views]


def test_experior_data_plays_the_python_engines_games_move_by_move(experior_data):
    python = ExperiorGame()
    agents = [RandomAgent(), RandomAgent()]
    for seed in range(300):
        a = play(experior_data, agents, seed, keep_actions=True)
        b = play(python, agents, seed, keep_actions=True)
        assert len(a.actions) == len(b.actions), seed
        sa, sb = experior_data.new_initial_state(), python.new_initial_state()
        for x, y in zip(a.actions, b.actions):
            if sa.current_player() != CHANCE:
                assert sa.current_player() == sb.current_player()
                # the same cards in the same order (the Elf's cards have ids of their own)
                assert [sa.action_to_string(m) for m in sa.legal_actions()] == \
                    [sb.action_to_string(m) for m in sb.legal_actions()]
                assert sa.action_to_string(x) == sb.action_to_string(y), seed
            else:
                assert x == y                                      # the Human's seat
            sa.apply_action(x)
            sb.apply_action(y)
            assert _data_view(sa) == _python_view(sb), seed
        assert a.returns == b.returns, seed
        assert a.stats["turns"] == b.stats["turns"]
        assert a.stats["ended_by"] == b.stats["ended_by"]
        assert a.stats["roles"][b.stats["human_seat"]] == "human"


def test_experior_data_simulates_as_experior(experior_data):
    """`pnp simulate` of both gives the same seats, lengths and decisions (and the details of
    each engine: the Human's wins are the Human role's)."""
    from pnp.sim.simulate import load_game, simulate
    from pnp.sim.summary import figures

    a, b = load_game("experior-data"), load_game("experior")
    fa = figures(simulate(a, 300, seed=5, jobs=1).tally)
    fb = figures(simulate(b, 300, seed=5, jobs=1).tally)
    for key in ("seats", "length", "decisions", "seat_advantage"):
        assert json.dumps(fa[key]) == json.dumps(fb[key]), key
    assert fa["details"]["roles"]["human"]["count"] == fb["details"]["sides"]["human"]["count"]


def test_the_data_engine_keeps_the_contract(experior_data):
    histories = check_game(experior_data, max_actions=SPEC.max_actions, seed=2, playouts=2)
    assert check_hidden(experior_data, histories, SPEC.hidden_twin, seed=2) > 0
    assert check_determinize(experior_data, histories, seed=2)


def test_a_face_down_choice_stays_hidden(experior_data):
    """Seat 2 sees that seat 1 has chosen, not what; seat 1 sees its own card."""
    state = experior_data.new_initial_state()
    state.apply_action(0)
    state.apply_action(state.legal_actions()[3])
    mine, theirs = state.observation(0), state.observation(1)
    assert mine["zones"]["choice[1]"] == (3,)
    assert theirs["zones"]["choice[1]"] == ("hidden", (0,))
    sample = state.determinize(1, __import__("random").Random(1))
    assert sample.observation(1) == theirs


def test_an_illegal_move_is_refused_and_changes_nothing(experior_data):
    from pnp.engine.core import IllegalAction

    state = experior_data.new_initial_state()
    state.apply_action(1)
    card = state.legal_actions()[0]
    state.apply_action(card)
    state.apply_action(state.legal_actions()[0])
    before = repr(state.observation(0))
    with pytest.raises(IllegalAction, match="not allowed now"):
        state.apply_action(card)           # locked: played last turn (E3)
    assert repr(state.observation(0)) == before
    replayed = replay(experior_data, [1, card])
    assert replayed.current_player() == 1


def test_a_card_not_where_the_action_takes_it_from_is_named_so(tmp_path):
    """`pnp play`'s '#2' said "'buy Petal' is not allowed now (phase play: buy, gather)" while
    the moves listed buy: Petal was not in the market."""
    from pnp.engine.core import IllegalAction
    from pnp.project import open_game
    from pnp.scaffold import new_game

    opened = open_game(str(new_game("shop", tmp_path, "market")))
    state = opened.spec.new_game(opened.model).new_initial_state()
    while state.current_player() < 0:
        state.apply_action(state.legal_actions()[0])
    legal = set(state.legal_actions())
    card = next(a for a in range(40) if a not in legal)       # a card of buy's, not in market
    with pytest.raises(IllegalAction, match=r"is not allowed now \(that card, card \d+ of the "
                                            r"rules' cards, is not in the market\)$"):
        state.apply_action(card)


def test_a_data_game_pickles_for_worker_processes_and_dask(experior_data):
    """Its compiled expressions are closures: each pickles as its text and is compiled again
    where it lands, and the game plays the same games there."""
    import pickle

    other = pickle.loads(pickle.dumps(experior_data))
    agents = [RandomAgent(), RandomAgent()]
    for seed in range(20):
        assert play(other, agents, seed, keep_actions=True).actions == \
            play(experior_data, agents, seed, keep_actions=True).actions


def test_experior_data_prints_the_same_kit_as_experior(tmp_path):
    """The same cards, markers, board and booklet ([print] like = "experior", from the
    folder's own copies of the data and layout files): page for page the same text, and the
    same pieces."""
    import pypdfium2 as pdfium
    from click.testing import CliRunner

    from pnp.cli import main

    pages = {}
    for name in ("experior", "experior-data"):
        out = tmp_path / f"{name}.pdf"
        res = CliRunner().invoke(main, ["build", "--game", name, "--out", str(out)])
        assert res.exit_code == 0, res.output
        # pdfium reads the text as a viewer does, a hundred times faster than pypdf
        doc = pdfium.PdfDocument(out)
        pages[name] = [doc[i].get_textpage().get_text_bounded() for i in range(len(doc))]
        doc.close()
    assert len(pages["experior-data"]) == len(pages["experior"]) >= 10
    assert pages["experior-data"] == pages["experior"]
    model = SPEC.load(GameFolder.open(shipped("card_data") / "experior-data"))
    python = registry.get("experior")
    assert SPEC.required_kit(model) == python.required_kit(
        python.load(GameFolder.open(shipped("card_data") / "experior")))


def _experior_data_changed(tmp_path, file, old, new):
    import shutil

    folder = tmp_path / "experior-data"
    shutil.copytree(shipped("card_data") / "experior-data", folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


@pytest.mark.parametrize("file,old,new,says", [
    # the rules hold their own wound limit: the board and the aid cards print 100
    ("rules.toml", 'if = "most.wounds >= options.wound_limit"', 'if = "most.wounds >= 90"',
     "error: rules.toml: the rules play other games than the kit prints (Experior's rules "
     "with game.toml's numbers): random game 0 takes 22 turns"),
    # a face that prints another multiplier than the cell the rules read
    ("layouts/attack.toml", 'text = "×{{ multiplier }}"', 'text = "×{{ multiplier + 1 }}"',
     "error: cards.csv, row 2, field \"multiplier\": layouts/attack.toml:multiplier prints "
     "'×2', not the row's multiplier (1)"),
])
def test_experior_data_refuses_a_print_other_than_its_play(tmp_path, file, old, new, says):
    from click.testing import CliRunner

    from pnp.cli import main

    folder = _experior_data_changed(tmp_path, file, old, new)
    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert res.exit_code != 0 and res.output.startswith(says), res.output


@pytest.mark.parametrize("new,says", [
    ('like = "legolas"', "Error: game.toml, field \"print.like\": [print] like = 'legolas': a "
     "data game may print like experior"),
    ('like = "experior"\nsize = 2', "error: game.toml, field \"print.size\": [print] has no "
     "key 'size'; it takes: like, paper"),
])
def test_a_print_like_another_game_is_one_that_pnp_can(tmp_path, new, says):
    from click.testing import CliRunner

    from pnp.cli import main

    folder = _experior_data_changed(tmp_path, "game.toml", 'like = "experior"', new)
    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert res.exit_code == 2 and res.output.startswith(says), res.output


@pytest.mark.parametrize("game,old,new", [
    ("experior-data", '[print]                   # printed', '[print]\npaper = "a5"\n#'),
    ("auction", "[palette]", '[print]\npaper = "a5"\n\n[palette]'),
])
def test_a_rules_game_prints_on_its_print_paper_as_the_others_do(tmp_path, game, old, new):
    """[print] paper is the paper a build takes when none is asked for, for a game whose rules
    are data as for Wuxing (it used to be refused: [print] took only `like`)."""
    import shutil
    from pathlib import Path

    from pypdf import PdfReader

    from pnp.project import build, open_game
    from pnp.units import MM

    here = Path(__file__).parent
    folder = tmp_path / game
    shutil.copytree(here / "games" / game if game == "auction"
                    else shipped("card_data") / game, folder)
    toml = folder / "game.toml"
    assert old in toml.read_text(encoding="utf-8")
    toml.write_text(toml.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    build(open_game(str(folder)), tmp_path / "kit.pdf")
    box = PdfReader(tmp_path / "kit.pdf").pages[0].mediabox
    assert sorted((round(box.width / MM), round(box.height / MM))) == [148, 210]
