"""Contracts every engine and kit keeps: actions are ints (anything else is refused with a clear
message), legal_actions hands out a sequence of the caller's own, and the manifest check fails
when the PDF lacks a piece the rules need."""

import random
from dataclasses import replace

import pytest

from pnp.engine.core import CHANCE, TERMINAL, IllegalAction
from pnp.errors import RulesError
from pnp.games.experior.engine import ExperiorGame
from pnp.games.legolas.engine import LegolasGame
from pnp.games.wuxing.engine import WuxingGame
from pnp.project import build, open_game

GAMES = {"wuxing": lambda: WuxingGame(), "experior": lambda: ExperiorGame(),
         "legolas": lambda: LegolasGame(3)}


def started(make):
    """A state past the opening chance draws, a player to move."""
    s = make().new_initial_state()
    rng = random.Random(3)
    while s.current_player() == CHANCE:
        s.apply_action(rng.choice(list(s.legal_actions())))
    return s


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bad, shown", [(1.0, "float 1.0"), (True, "bool True"),
                                        ("3", "str '3'"), (None, "NoneType None")])
def test_an_action_of_the_wrong_type_is_refused_clearly(game, bad, shown):
    s = started(GAMES[game])
    before = repr(s.observation(s.current_player()))
    with pytest.raises(IllegalAction) as info:
        s.apply_action(bad)
    assert str(info.value) == f"an action is a whole number (an int), not {shown}"
    assert repr(s.observation(s.current_player())) == before  # nothing changed


def test_an_integer_type_other_than_int_is_accepted():
    class Index:  # what numpy's integers look like to Python
        def __init__(self, v):
            self.v = v

        def __index__(self):
            return self.v

    s, t = started(GAMES["experior"]), started(GAMES["experior"])
    s.apply_action(Index(3))
    t.apply_action(3)
    assert repr(s) == repr(t)


@pytest.mark.parametrize("game", ["wuxing", "experior"])
def test_changing_the_legal_list_changes_nothing(game):
    """Sort, trim and append to every list legal_actions hands out: the game plays on exactly
    as a game whose lists were left alone."""
    rng = random.Random(11)
    for _ in range(20):
        s = GAMES[game]().new_initial_state()
        steps = 0
        while s.current_player() != TERMINAL:
            legal = s.legal_actions()
            kept = list(legal)
            legal.append(-99)
            legal.reverse()
            del legal[0]
            assert list(s.legal_actions()) == kept
            s.apply_action(rng.choice(kept))
            steps += 1
        assert steps > 2


# ---- the manifest check, in its failing direction ---------------------------------------------
@pytest.mark.parametrize("game, kind", [("wuxing", "element card"), ("wuxing", "pawn"),
                                        ("experior", "experience marker"), ("experior", "role card")])
def test_a_pdf_that_lacks_a_piece_the_rules_need_is_refused(tmp_path, monkeypatch, game, kind):
    opened = open_game(game)
    kit_module = opened.spec.faces_module()
    real = kit_module.build_kit

    def short_kit(model, fonts):
        kit = real(model, fonts)
        for i, sheet in enumerate(kit.sheets):
            pieces = [p for p in sheet.pieces if p.kind == kind]
            if pieces:
                kept = tuple(p for p in sheet.pieces if p is not pieces[-1])
                kit.sheets[i] = replace(sheet, pieces=kept)
                return kit
        raise AssertionError(f"no {kind} in the kit")

    monkeypatch.setattr(kit_module, "build_kit", short_kit)
    need = opened.spec.required_kit(opened.model)[kind]
    out = tmp_path / "kit.pdf"
    with pytest.raises(RulesError) as info:
        build(opened, out)
    assert any(str(f).startswith(f"error: manifest: 1 {kind}(s) missing: the rules need {need}, "
                                 f"the PDF holds {need - 1}") for f in info.value.findings)
    assert not out.exists()
