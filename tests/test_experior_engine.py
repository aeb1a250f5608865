"""Tests for the Experior rules engine: one scenario per ruling (E1..E11) plus invariants."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from pnp.engine.core import CHANCE, TERMINAL, IllegalAction, RandomAgent, play, replay
from pnp.games.experior.agents import GreedyAgent
from pnp.games.experior.engine import (
    BEATS, CARDS, COLOURS, DEFAULT_MULTIPLIERS, DEFAULT_START, MODALITIES, SIDES, TYPES,
    ExperiorGame, card_id, resolve,
)

RULINGS = Path(__file__).resolve().parents[1] / "card_data" / "experior" / "rulings.toml"

QS, SS = card_id("sword", "quick"), card_id("sword", "strong")
QB, SB = card_id("bow", "quick"), card_id("bow", "strong")
QM, SM = card_id("magic", "quick"), card_id("magic", "strong")


def turn(state, card0, card1):
    """Play one turn: seat 0 chooses card0, seat 1 chooses card1."""
    assert state.current_player() == 0
    state.apply_action(card0)
    assert state.current_player() == 1
    state.apply_action(card1)


def exp_of(state, side):
    seat = state.human_seat if side == "human" else 1 - state.human_seat
    return state.exp[seat * 3:seat * 3 + 3]


def wounds_of(state, side):
    seat = state.human_seat if side == "human" else 1 - state.human_seat
    return state.wounds[seat]


# -- the rulings file ---------------------------------------------------------------------------

def test_rulings_file_lists_all_rulings():
    data = tomllib.loads(RULINGS.read_text(encoding="utf-8"))
    ids = [r["id"] for r in data["ruling"]]
    assert ids == [f"E{i}" for i in range(1, 13)]
    assert ids == list(ExperiorGame.RULINGS)  # the engine declares every one it enforces
    for r in data["ruling"]:
        assert {"id", "title", "text", "kind", "source"} <= set(r) <= {
            "id", "title", "text", "kind", "source", "subject"}  # subject: bound.py
        assert r["source"] in ("RULINGS.md", "pnp")
        assert r["title"] and r["text"]
    # E7 adds the draw on equal wounds, which the published text does not mention
    assert [r["id"] for r in data["ruling"] if r["kind"] == "kit"] == [
        "E7", "E8", "E9", "E10", "E11", "E12"]


# -- E1 cards -------------------------------------------------------------------------------------

def test_E1_cards_and_ids():
    assert TYPES == ("sword", "bow", "magic")
    assert MODALITIES == ("quick", "strong")
    assert SIDES == ("human", "elf")
    assert CARDS == (("sword", "quick"), ("sword", "strong"), ("bow", "quick"),
                     ("bow", "strong"), ("magic", "quick"), ("magic", "strong"))
    assert [card_id(t, m) for t, m in CARDS] == [0, 1, 2, 3, 4, 5]
    assert DEFAULT_MULTIPLIERS == {"quick": 1, "strong": 3}
    assert COLOURS == {"sword": "red", "bow": "green", "magic": "blue"}
    with pytest.raises(ValueError):
        card_id("axe", "quick")
    s = ExperiorGame().state_at()
    assert s.legal_actions() == [0, 1, 2, 3, 4, 5]
    assert s.action_to_string(SB) == "strong bow"


def test_E1_custom_multipliers():
    g = ExperiorGame(multipliers={"quick": 2, "strong": 5})
    s = g.state_at(human_seat=0)
    turn(s, SS, QB)           # human strong sword (exp 3) beats elf quick bow
    assert s.wounds == (0, 15)
    s = g.state_at(human_seat=0)
    turn(s, QS, SS)           # quick beats strong, quick x2
    assert s.wounds == (0, 6)


# -- E2 setup -------------------------------------------------------------------------------------

def test_E2_sides_drawn_by_chance_and_start_experience():
    g = ExperiorGame()
    s = g.new_initial_state()
    assert s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert sorted(a for a, _ in outcomes) == [0, 1]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert all(p == pytest.approx(0.5) for _, p in outcomes)
    s.apply_action(1)         # Human sits at seat 1
    assert s.current_player() == 0
    assert s.human_seat == 1
    assert s.exp == (2, 3, 2, 3, 2, 2)
    assert s.wounds == (0, 0)
    assert s.observation(1).side == "human" and s.observation(0).side == "elf"
    assert s.observation(0).my_exp == (2, 3, 2) and s.observation(0).opp_exp == (3, 2, 2)
    s2 = g.new_initial_state()
    s2.apply_action(0)
    assert s2.exp == (3, 2, 2, 2, 3, 2)
    assert s2.stats()["human_seat"] == 0
    with pytest.raises(IllegalAction):
        g.new_initial_state().apply_action(2)
    assert DEFAULT_START == {"elf": {"sword": 2, "bow": 3, "magic": 2},
                             "human": {"sword": 3, "bow": 2, "magic": 2}}


def test_E2_custom_start():
    g = ExperiorGame(start={"elf": {"sword": 1, "bow": 5, "magic": 1},
                            "human": {"sword": 4, "bow": 1, "magic": 2}})
    s = g.new_initial_state()
    s.apply_action(0)
    assert s.exp == (4, 1, 2, 1, 5, 1)
    with pytest.raises(ValueError):
        ExperiorGame(start={"elf": {"sword": 1}, "human": DEFAULT_START["human"]})


# -- E3 lock --------------------------------------------------------------------------------------

def test_E3_card_played_is_locked_next_turn_then_returns():
    s = ExperiorGame().state_at(human_seat=0)
    assert s.legal_actions() == [0, 1, 2, 3, 4, 5]
    s.apply_action(SS)
    assert s.legal_actions() == [0, 1, 2, 3, 4, 5]     # turn 1: seat 1 has all six too
    s.apply_action(QM)
    # turn 2: each seat's own last card is locked and face up for both
    assert s.turn == 2
    assert s.legal_actions() == [0, 2, 3, 4, 5]
    assert s.observation(0).locked == (SS, QM) == s.observation(1).locked
    with pytest.raises(IllegalAction, match="locked"):
        s.apply_action(SS)
    s.apply_action(QS)
    assert s.legal_actions() == [0, 1, 2, 3, 5]
    with pytest.raises(IllegalAction, match="locked"):
        s.apply_action(QM)
    s.apply_action(SM)         # seat 1 may play the other magic card
    # turn 3: strong sword is back in seat 0's hand, quick sword is now locked
    assert s.turn == 3
    assert s.legal_actions() == [1, 2, 3, 4, 5]
    s.apply_action(SS)
    assert s.legal_actions() == [0, 1, 2, 3, 4]
    with pytest.raises(IllegalAction):
        s.apply_action(7)


def test_E3_refusals_name_the_player_as_people_see_it():
    """Refusals name the 1-based seat and the side ("seat 2 (Human)"), never engine seat 0."""
    s = ExperiorGame().state_at(human_seat=1)     # the Elf in seat 1, the Human in seat 2
    with pytest.raises(IllegalAction) as exc:
        s.apply_action(999)
    assert str(exc.value) == "seat 1 (Elf): 999 is not a card (0..5)"
    turn(s, SS, QM)
    with pytest.raises(IllegalAction) as exc:
        s.apply_action(SS)
    assert str(exc.value) == ("seat 1 (Elf) played strong sword last turn: it is locked this "
                              "turn (E3)")
    s.apply_action(QS)
    with pytest.raises(IllegalAction) as exc:
        s.apply_action(QM)
    assert str(exc.value) == ("seat 2 (Human) played quick magic last turn: it is locked this "
                              "turn (E3)")
    with pytest.raises(IllegalAction) as exc:
        ExperiorGame().new_initial_state().apply_action(2)
    assert str(exc.value) == ("chance outcome must be 0 (the Human in seat 1) or 1 (the Human "
                              "in seat 2), not 2")


# -- E4 attack ------------------------------------------------------------------------------------

def test_E4_resolve_table():
    assert BEATS == {"sword": "bow", "bow": "magic", "magic": "sword"}
    assert resolve(("sword", "strong"), ("bow", "quick")) == 0
    assert resolve(("bow", "quick"), ("sword", "strong")) == 1
    assert resolve(("bow", "strong"), ("magic", "quick")) == 0
    assert resolve(("magic", "strong"), ("sword", "quick")) == 0
    assert resolve(("sword", "quick"), ("magic", "quick")) == 1
    assert resolve(("bow", "quick"), ("bow", "strong")) == 0
    assert resolve(("bow", "strong"), ("bow", "quick")) == 1
    assert resolve(("magic", "strong"), ("magic", "strong")) is None
    assert resolve(QS, QS) is None and resolve(SM, QM) == 1


def test_E4_winner_deals_experience_times_multiplier_then_gains():
    s = ExperiorGame().state_at(human_seat=0)
    turn(s, SS, QB)                        # strong sword (3) beats bow: 3 x 3
    assert s.wounds == (0, 9)
    assert exp_of(s, "human") == (4, 2, 2) and exp_of(s, "elf") == (2, 3, 2)
    turn(s, QM, SS)                        # quick magic (2) beats sword: 2 x 1
    assert s.wounds == (0, 11)
    assert exp_of(s, "human") == (4, 2, 3)
    turn(s, SS, SB)                        # strong sword (4) beats strong bow: 4 x 3
    assert s.wounds == (0, 23)
    assert exp_of(s, "human") == (5, 2, 3)
    turn(s, SM, QB)                        # elf's quick bow (3) beats magic: 3 x 1
    assert s.wounds == (3, 23)
    assert exp_of(s, "elf") == (2, 4, 2)
    assert not s.is_terminal()


def test_E4_same_type_quick_beats_strong():
    s = ExperiorGame().state_at(human_seat=0)
    turn(s, SB, QB)                        # elf quick bow (3) beats human strong bow
    assert s.wounds == (3, 0)
    assert exp_of(s, "elf") == (2, 4, 2) and exp_of(s, "human") == (3, 2, 2)
    turn(s, QS, SS)                        # human quick sword (3) beats elf strong sword
    assert s.wounds == (3, 3)
    assert exp_of(s, "human") == (4, 2, 2) and exp_of(s, "elf") == (2, 4, 2)


# -- E5 same card ---------------------------------------------------------------------------------

def test_E5_same_card_unequal_experience_lower_gains():
    s = ExperiorGame().state_at(human_seat=1)
    turn(s, QS, QS)                        # elf (seat 0) sword 2 < human sword 3
    assert s.wounds == (0, 0)
    assert exp_of(s, "elf") == (3, 3, 2) and exp_of(s, "human") == (3, 2, 2)
    turn(s, SB, SB)                        # human bow 2 < elf bow 3
    assert s.wounds == (0, 0)
    assert exp_of(s, "human") == (3, 3, 2) and exp_of(s, "elf") == (3, 3, 2)


def test_E5_same_card_equal_experience_nobody_gains():
    s = ExperiorGame().state_at(human_seat=0)
    turn(s, QM, QM)                        # magic 2 = 2
    assert s.wounds == (0, 0) and s.exp == (3, 2, 2, 2, 3, 2)
    turn(s, SM, SM)
    assert s.wounds == (0, 0) and s.exp == (3, 2, 2, 2, 3, 2)
    assert s.turn == 3


# -- E6 end and bonus attack ----------------------------------------------------------------------

def test_E6_wound_limit_50_and_bonus_by_greater_difference():
    g = ExperiorGame(wound_limit=50)
    s = g.state_at(human_seat=0, wounds={"elf": 41})
    turn(s, SS, QB)                        # elf 41 + 9 = 50: reaches the limit exactly
    assert s.is_terminal() and s.current_player() == TERMINAL
    assert s.legal_actions() == []
    # human (4,2,2) diff 2 > elf (2,3,2) diff 1: human deals 3 x 4
    assert s.wounds == (0, 62)
    st = s.stats()
    assert st["bonus_attacker"] == "human" and st["bonus_damage"] == 12
    assert st["winner_side"] == "human" and st["bonus_decided"] is False
    assert st["wounds"] == {"human": 0, "elf": 62}
    assert st["turns"] == 1 and st["ended_by"] == "wounds"
    assert s.returns() == [1.0, 0.0]
    with pytest.raises(IllegalAction):
        s.apply_action(0)
    # the same position with the default limit of 100 goes on
    s = ExperiorGame().state_at(human_seat=0, wounds={"elf": 41})
    turn(s, SS, QB)
    assert not s.is_terminal() and s.wounds == (0, 50)


def test_E6_equal_differences_fewer_wounds_attacks():
    s = ExperiorGame().state_at(human_seat=0, wounds={"human": 10, "elf": 98})
    turn(s, QM, SS)                        # human magic 2 -> elf 100; human (3,2,3) diff 1
    assert s.is_terminal()
    st = s.stats()                         # elf (2,3,2) diff 1: equal, human has fewer wounds
    assert st["bonus_attacker"] == "human"
    assert st["wounds"] == {"human": 10, "elf": 109}
    assert st["winner_side"] == "human" and not st["bonus_decided"]
    # mirrored, with the Human at seat 1 and the Elf attacking
    s = ExperiorGame().state_at(human_seat=1, wounds={"human": 98, "elf": 10})
    turn(s, QM, SS)                        # elf (seat 0) magic 2 -> human 100
    st = s.stats()
    assert st["bonus_attacker"] == "elf"
    assert st["wounds"] == {"human": 109, "elf": 10}
    assert st["winner_side"] == "elf" and s.returns() == [1.0, 0.0]


# -- E7 winner and draw ---------------------------------------------------------------------------

def test_E7_bonus_attack_makes_a_draw():
    s = ExperiorGame().state_at(human_seat=0, wounds={"human": 80, "elf": 92},
                                exp={"elf": {"bow": 7}})
    turn(s, SS, QB)                        # elf 92 + 9 = 101; human (4,2,2) diff 2
    st = s.stats()                         # elf (2,7,2) diff 5: elf deals 21
    assert st["bonus_attacker"] == "elf" and st["bonus_damage"] == 21
    assert st["wounds"] == {"human": 101, "elf": 101}
    assert st["winner_side"] is None and st["winner_before_bonus"] == "human"
    assert st["bonus_decided"] is True
    assert s.returns() == [0.5, 0.5]


def test_E7_fewer_wounds_wins():
    s = ExperiorGame(wound_limit=14).state_at(human_seat=1, wounds={"human": 10, "elf": 5})
    turn(s, QS, QB)                        # human (seat 1) quick bow loses to elf sword 2
    assert s.wounds == (5, 12) and not s.is_terminal()
    turn(s, SB, SS)                        # elf strong bow loses to human strong sword 3 x 3
    assert s.is_terminal() and wounds_of(s, "human") == 12
    assert wounds_of(s, "elf") == 14 + 3 * 4   # bonus: human (4,2,2) diff 2 vs elf (3,3,2) diff 1
    assert s.stats()["winner_side"] == "human" and s.returns() == [0.0, 1.0]


# -- E8 full tie ----------------------------------------------------------------------------------

def test_E8_equal_differences_and_equal_wounds_no_bonus_draw():
    g = ExperiorGame(max_turns=1)
    s = g.new_initial_state()
    s.apply_action(0)
    turn(s, QM, QM)                        # nothing happens; diffs 1 and 1, wounds 0 and 0
    assert s.is_terminal()
    st = s.stats()
    assert st["bonus_attacker"] is None and st["bonus_damage"] == 0
    assert st["wounds"] == {"human": 0, "elf": 0}
    assert st["winner_side"] is None and st["bonus_decided"] is False
    assert st["ended_by"] == "max_turns" and st["turns"] == 1
    assert s.returns() == [0.5, 0.5]


# -- E9 turn limit --------------------------------------------------------------------------------

def test_E9_endless_game_stops_after_1000_turns():
    g = ExperiorGame()
    assert g.max_turns == 1000
    s = g.state_at(human_seat=0)
    n = 0
    while not s.is_terminal():
        c = QM if n % 2 == 0 else SM       # both repeat the same magic cards: nothing ever happens
        turn(s, c, c)
        n += 1
    assert n == 1000
    st = s.stats()
    assert st["turns"] == 1000 and st["ended_by"] == "max_turns"
    assert st["winner_side"] is None and s.returns() == [0.5, 0.5]


def test_E9_turn_limit_ends_with_the_bonus_attack():
    s = ExperiorGame(max_turns=2).state_at(human_seat=0)
    turn(s, QM, QM)
    assert not s.is_terminal()
    turn(s, QS, SS)                        # human quick sword 3 -> elf 3; human (4,2,2) diff 2
    assert s.is_terminal()
    st = s.stats()
    assert st["ended_by"] == "max_turns" and st["bonus_attacker"] == "human"
    assert st["wounds"] == {"human": 0, "elf": 3 + 12}


# -- E10 wounds beyond the limit ------------------------------------------------------------------

def test_E10_checked_after_the_turn_and_overshoot_counts():
    s = ExperiorGame().state_at(human_seat=0, wounds={"human": 0, "elf": 99},
                                exp={"human": {"sword": 10}})
    turn(s, SS, QB)                        # 99 + 30 = 129, not cut to 100
    assert s.is_terminal()
    # human (11,2,2) diff 9: bonus 33
    assert s.stats()["wounds"] == {"human": 0, "elf": 129 + 33}
    # one wound short of the limit: the game goes on
    s = ExperiorGame().state_at(human_seat=0, wounds={"elf": 97})
    turn(s, QM, SS)                        # 97 + 2 = 99
    assert not s.is_terminal() and s.current_player() == 0


# -- E12 no upper limit on the tracks -------------------------------------------------------------

def test_E12_wounds_and_experience_go_past_the_printed_tracks():
    s = ExperiorGame().state_at(human_seat=0, wounds={"human": 0, "elf": 99},
                                exp={"human": {"sword": 30}})
    turn(s, SS, QB)                        # 99 + 90 = 189: past the track's 149, not capped
    assert s.is_terminal()
    st = s.stats()
    assert st["wounds"]["elf"] == 189 + 3 * 31  # the bonus attack adds 3 x 31 on top
    assert st["experience"]["human"]["sword"] == 31  # past the track's 16


# -- E11 bonus attack can change the winner -------------------------------------------------------

def test_E11_player_at_the_limit_wins_with_the_bonus_attack():
    s = ExperiorGame().state_at(human_seat=0, wounds={"human": 81, "elf": 92},
                                exp={"elf": {"bow": 7}})
    turn(s, SS, QB)                        # elf reaches 101, but the elf's bonus: human 81 + 21
    st = s.stats()
    assert st["bonus_attacker"] == "elf"
    assert st["wounds"] == {"human": 102, "elf": 101}
    assert st["winner_before_bonus"] == "human" and st["winner_side"] == "elf"
    assert st["bonus_decided"] is True and s.returns() == [0.0, 1.0]


# -- observation, clone ---------------------------------------------------------------------------

def test_observation_hides_the_face_down_choice():
    g = ExperiorGame()
    base = g.state_at(human_seat=1, wounds={"human": 4}, locked={"human": QB, "elf": SM})
    seen = set()
    for c in base.legal_actions():
        s = base.clone()
        s.apply_action(c)
        o1 = s.observation(1)
        seen.add(repr(o1.as_dict()))
        assert s.observation(0).my_choice == c
        assert o1.my_choice == -1
    assert len(seen) == 1
    o = base.observation(1)
    assert o.turn == 1 and o.side == "human" and o.my_wounds == 4 and o.opp_wounds == 0
    assert o.my_locked == QB and o.opp_locked == SM
    # after the reveal both cards are public
    s = base.clone()
    turn(s, QS, SB)
    assert s.observation(0).locked == (QS, SB) == s.observation(1).locked


def test_clone_is_independent():
    s = ExperiorGame().state_at(human_seat=0)
    c = s.clone()
    turn(s, SS, QB)
    assert c.wounds == (0, 0) and c.exp == (3, 2, 2, 2, 3, 2) and c.turn == 1
    turn(c, QB, QB)
    assert s.wounds == (0, 9) and s.locked == (SS, QB)


def test_bad_options_rejected():
    for kw in ({"wound_limit": 0}, {"max_turns": 0}, {"bonus_multiplier": -1},
               {"multipliers": {"quick": 1}}):
        with pytest.raises(ValueError):
            ExperiorGame(**kw)
    with pytest.raises(ValueError):
        ExperiorGame(3)


# -- invariants over many seeds -------------------------------------------------------------------

class CheckingAgent:
    """Wraps an agent and checks what it receives and returns."""

    def __init__(self, inner):
        self.inner = inner
        self.name = inner.name

    def choose(self, observation, legal, rng):
        assert len(legal) in (5, 6)
        a = self.inner.choose(observation, legal, rng)
        assert a in legal
        return a


def _check_game(game, agents, seed):
    rec = play(game, agents, seed, keep_actions=True)
    assert len(rec.returns) == 2 and sum(rec.returns) == pytest.approx(1.0)
    st = rec.stats
    assert 1 <= st["turns"] <= game.max_turns
    assert rec.decisions == 2 * st["turns"]
    assert len(rec.actions) == 1 + rec.decisions
    w = st["wounds"]
    if st["ended_by"] == "wounds":
        assert max(w.values()) >= game.wound_limit
    if st["winner_side"] is None:
        assert w["human"] == w["elf"] and rec.returns == [0.5, 0.5]
    else:
        loser = "elf" if st["winner_side"] == "human" else "human"
        assert w[st["winner_side"]] < w[loser]
        win_seat = st["human_seat"] if st["winner_side"] == "human" else 1 - st["human_seat"]
        assert rec.returns[win_seat] == 1.0
    # replay reproduces the final state
    s = replay(game, rec.actions)
    assert s.is_terminal() and s.returns() == rec.returns and s.stats() == st
    # every prefix had legal actions until the end
    s = game.new_initial_state()
    for a in rec.actions:
        assert not s.is_terminal() and a in s.legal_actions()
        s.apply_action(a)
    assert s.is_terminal()
    # the same seed gives the same game, whatever the global random module did
    random.seed(seed * 7 + 1)
    random.random()
    rec2 = play(game, agents, seed, keep_actions=True)
    assert rec2.actions == rec.actions and rec2.returns == rec.returns
    return rec


def test_invariants_random_agents():
    game = ExperiorGame()
    agents = [CheckingAgent(RandomAgent()), CheckingAgent(RandomAgent())]
    sides = {"human": 0, "elf": 0, None: 0}
    for seed in range(400):
        rec = _check_game(game, agents, seed)
        sides[rec.stats["winner_side"]] += 1
    assert sides["human"] > 120 and sides["elf"] > 120


def test_invariants_greedy_and_small_limit():
    game = ExperiorGame(wound_limit=50)
    for seed in range(60):
        agents = [CheckingAgent(GreedyAgent()), CheckingAgent(RandomAgent())]
        if seed % 2:
            agents.reverse()
        _check_game(game, agents, seed)
    for seed in range(20):
        _check_game(ExperiorGame(), [CheckingAgent(GreedyAgent()), CheckingAgent(GreedyAgent())],
                    seed)


def test_greedy_beats_random():
    game = ExperiorGame()
    wins = 0.0
    for seed in range(100):
        rec = play(game, [GreedyAgent(), RandomAgent()], seed)
        wins += rec.returns[0]
    assert wins >= 75


def test_greedy_prefers_the_big_hit():
    """Against an opponent with locked quick magic, check the choice is the best expected one."""
    s = ExperiorGame().state_at(human_seat=0, exp={"human": {"sword": 9}},
                                locked={"human": QM, "elf": QM})
    a = GreedyAgent().choose(s.observation(0), s.legal_actions(), random.Random(0))
    assert a == SS       # strong sword with 9 experience: +27 against either bow card
