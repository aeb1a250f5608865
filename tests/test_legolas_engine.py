"""Tests of the Legolas vs. Gimli rules engine. Test names cite the ruling ids of
card_data/legolas/rulings.toml (L1..L37)."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from pnp.engine.core import CHANCE, TERMINAL, IllegalAction, RandomAgent, play, replay
from pnp.games.legolas.agents import GreedyAgent
from pnp.games.legolas.engine import (
    A_CHALLENGE, A_CHARACTER, A_DEFEAT, A_ELEMENTS, A_GATE, A_IGNORE, A_KEEP, A_MINION,
    A_MISSION, A_NET, A_NET_DECLINE, A_NO_MINION, A_PASS, A_PLAY, A_SPEND, A_STOP, A_TREASURE,
    CHARACTER_IDS, DEAL_TABLE, ELEMENTS, MISSIONS, PH_CHALLENGE, PH_DEAL, PH_FIRST_GATE,
    PH_MINION, PH_MISSION, PH_NET, PH_PLAY, PH_SHOP_KEEP, PH_SHOP_SPEND, PH_WIZ_CHOICE,
    PH_WIZARD, SUITS, T_MINION, T_NET, T_RING, TREASURE_IDS, LegolasGame, Monster, decode_action,
    default_folder, hand_sizes, load_standard,
)

DATA = load_standard()
MON = DATA["monsters"]
STEALTH, BRUTE, MAGIC, PSY_M, ESCAPIST, GAMBLER, UNTOUCHABLE = range(7)
FIRE = 1 << ELEMENTS.index("fire")


def card(suit: str, value: int, element: str, kind: str | None = None,
         coins: float | None = None) -> int:
    for i, m in enumerate(MON):
        if (m.suit, m.value, m.element) == (suit, value, element) and \
                (kind is None or m.kind == kind) and (coins is None or m.coins == coins):
            return i
    raise KeyError((suit, value, element, kind, coins))


# Named cards (suit initial, value, element)
S1E_HALF = card("stealth", 1, "earth", coins=0.5)   # trap, ½ coin
S1E_TRAP = card("stealth", 1, "earth", coins=0)     # trap, 0 coins
S1W = card("stealth", 1, "wind")                    # 1 coin
S1WA_TRAP = card("stealth", 1, "water")
S1F = card("stealth", 1, "fire")                    # 1 coin
S2W = card("stealth", 2, "wind")
S2WA = card("stealth", 2, "water")
S2F = card("stealth", 2, "fire")
S2E = card("stealth", 2, "earth")                   # 3 coins
S3W = card("stealth", 3, "wind")                    # boss +1
S3WA = card("stealth", 3, "water")                  # boss +2
S3F = card("stealth", 3, "fire")                    # boss +3
B1W_TRAP = card("brute", 1, "wind", coins=0)
B1WA = card("brute", 1, "water")
B1F_TRAP = card("brute", 1, "fire")
B2F = card("brute", 2, "fire")
B2W = card("brute", 2, "wind")                      # 3 coins
B3WA = card("brute", 3, "water")                    # boss +1
M1F = card("magic", 1, "fire")
M1WA_TRAP = card("magic", 1, "water")
M2F = card("magic", 2, "fire")
M2WA = card("magic", 2, "water")                    # 3 coins
M3F = card("magic", 3, "fire")
P1E = card("psychic", 1, "earth")
P1F_TRAP = card("psychic", 1, "fire")


def game(chars, first=0, rounds=5):
    return LegolasGame(len(chars), character_assignment=chars, first_player=first, rounds=rounds)


def pos(chars, first=0, rounds=5, **kw):
    """A state in the middle of a round, at the start of `active`'s turn."""
    st = game(chars, first, rounds).new_initial_state()
    kw.setdefault("missions", [STEALTH] * len(chars))
    st.set_position(**kw)
    return st


def play_at(h, c):
    return A_PLAY + h * 48 + c


def deal_all(st):
    """Deal the round by taking the first chance outcome each time."""
    while st.phase == PH_DEAL:
        st.apply_action(st.chance_outcomes()[0][0])


# ------------------------------------------------------------------------------------ data


def test_data_files_columns_and_rows():
    folder = default_folder()
    heads = {"monsters.csv": "suit,value,element,kind,coins,boss_vp",
             "treasures.csv": "id,name,effect,amount,target,text",
             "characters.csv": "id,name,threshold,element,element_vp,defence,level2_power,"
                               "level2_amount,level2_text,level3_power,level3_amount,"
                               "level3_text,copies",
             "missions.csv": "id,name,gain_vp,gain_per,gain_text,loss_vp,loss_per,loss_text"}
    for name, head in heads.items():
        assert (folder / name).read_text(encoding="utf-8").splitlines()[0] == head
    assert [t.id for t in DATA["treasures"]] == list(TREASURE_IDS)
    assert DATA["treasures"][2].name == "Hard Plate Armor"
    assert [c.id for c in DATA["characters"]] == list(CHARACTER_IDS)
    assert [m.id for m in DATA["missions"]] == list(MISSIONS)
    thr = {c.id: (c.threshold, c.element, c.defence, c.copies) for c in DATA["characters"]}
    assert thr == {"fighter": (12, "earth", 1, 2), "wizard": (10, "fire", 2, 2),
                   "rogue": (8, "wind", 3, 2), "psychic": (6, "water", 4, 2)}


def test_rulings_file_lists_every_ruling():
    path = Path(default_folder()) / "rulings.toml"
    rulings = tomllib.loads(path.read_text(encoding="utf-8"))["ruling"]
    ids = [r["id"] for r in rulings]
    assert ids == [f"L{i}" for i in range(1, 38)]
    for r in rulings:
        assert r["title"] and r["text"] and r["source"] in ("RULINGS.md", "pnp")


def test_L1_wind_is_the_air_element():
    assert ELEMENTS == ("earth", "wind", "water", "fire")
    assert {m.element for m in MON} == set(ELEMENTS)
    rogue = next(c for c in DATA["characters"] if c.id == "rogue")
    assert rogue.element == "wind"
    assert "star" not in " ".join(m.gain_text + m.loss_text for m in DATA["missions"]).lower()


def test_L2_deck_composition_and_half_coin():
    assert len(MON) == 48
    for s in SUITS:
        suit = [m for m in MON if m.suit == s]
        assert len(suit) == 12
        assert sorted(m.value for m in suit) == [1] * 5 + [2] * 4 + [3] * 3
        assert sum(m.kind == "trap" for m in suit) == 3
        assert sorted(m.boss_vp for m in suit if m.kind == "boss") == [1, 2, 3]
    assert [m.coins for m in MON].count(0.5) == 1
    assert MON[S1E_HALF].kind == "trap"
    assert sum(m.coins for m in MON) == 40.5
    with pytest.raises(ValueError):
        LegolasGame(2, MON[:47], DATA["treasures"], DATA["characters"])
    bad = list(MON)
    bad[0] = Monster("stealth", 1, "air", "trap", 0.5, 0)
    with pytest.raises(ValueError, match="air"):
        LegolasGame(2, bad, DATA["treasures"], DATA["characters"])


def test_L2_half_coin_rounds_down_for_shopping():
    # seat 0 has only the ½ coin: no whole coin, skipped; seat 1 has one coin
    st = pos(["fighter", "wizard"], hands=[[S1F], []], hordes=[(S1W, [])],
             defeated=[[S1E_HALF], [S1WA_TRAP, M1F]], missions=[STEALTH, STEALTH])
    assert st.coins2(0) == 1 and st.coins2(1) == 2
    st.apply_action(play_at(0, S1F))
    st.apply_action(A_PASS)
    assert st.phase == PH_SHOP_SPEND and st.current_player() == 1
    assert st.legal_actions() == [A_SPEND + 0, A_SPEND + 1]
    st.apply_action(A_SPEND + 0)
    assert st.phase == PH_DEAL                 # seat 0 never got a shopping turn


# ------------------------------------------------------------------------------------ setup


def test_L4_L16_characters_are_dealt_from_eight_cards():
    st = LegolasGame(3).new_initial_state()
    assert st.current_player() == CHANCE
    out = st.chance_outcomes()
    assert out == [(A_CHARACTER + k, 0.25) for k in range(4)]
    st.apply_action(A_CHARACTER + 0)
    st.apply_action(A_CHARACTER + 0)          # a second fighter is allowed
    out = dict(st.chance_outcomes())
    assert A_CHARACTER + 0 not in out          # both fighter cards are gone
    assert out[A_CHARACTER + 1] == pytest.approx(2 / 6)
    assert sum(out.values()) == pytest.approx(1.0)
    st.apply_action(A_CHARACTER + 3)
    assert st.chars == [0, 0, 3]
    assert st.current_player() == CHANCE       # then the first player is drawn (L17)
    assert st.chance_outcomes() == [(130, 1 / 3), (131, 1 / 3), (132, 1 / 3)]
    with pytest.raises(ValueError):
        game(["fighter", "fighter", "fighter"])


@pytest.mark.parametrize("n,sizes", [(2, [13, 13]), (3, [13, 13, 13]), (4, [12] * 4),
                                     (5, [10, 10, 10, 9, 9])])
def test_L5_dealing_sizes(n, sizes):
    assert hand_sizes(n) == sizes
    assert n in DEAL_TABLE
    chars = ["fighter", "wizard", "rogue", "psychic", "fighter"][:n]
    first = n - 1
    st = game(chars, first=first).new_initial_state()
    assert st.phase == PH_DEAL and len(st.chance_outcomes()) == 48
    deal_all(st)
    got = [len(st.hands[(first + i) % n]) for i in range(n)]
    assert got == sizes
    assert len(st.setaside) == 48 - sum(sizes)
    assert len(st.locations()) == 48


def test_L5_deck_is_dealt_again_every_round():
    st = pos(["fighter", "rogue"], hands=[[S1F], []], hordes=[(S1W, [])])
    st.apply_action(play_at(0, S1F))
    st.apply_action(A_PASS)                     # seat 1 has no card: the round ends
    assert st.round == 1 and st.phase == PH_DEAL
    assert len(st.deck) == 48 and not st.discard and not st.setaside


def test_L17_first_player_rotates_and_deals_from_first():
    st = pos(["fighter", "rogue", "wizard"], first=1, hands=[[], [S1F], []],
             hordes=[(S1W, [])], active=1)
    st.apply_action(play_at(0, S1F))
    st.apply_action(A_PASS)
    assert st.round == 1 and st.first == 2 and st.phase == PH_DEAL
    c = st.chance_outcomes()[0][0]
    st.apply_action(c)
    assert st.hands[2] == [c]                   # the first card goes to the new first player
    deal_all(st)
    assert st.current_player() == 2             # missions start with the first player (L18)


def test_L18_missions_are_hidden_until_all_chose_and_used_once():
    st = game(["fighter", "rogue", "wizard"], first=0).new_initial_state()
    deal_all(st)
    assert st.phase == PH_MISSION and st.current_player() == 0
    assert st.legal_actions() == [A_MISSION + m for m in range(7)]
    st.apply_action(A_MISSION + GAMBLER)
    assert st.observation(0).missions[0] == GAMBLER
    assert st.observation(1).missions[0] == -2  # chosen, face down
    assert st.current_player() == 1
    st.apply_action(A_MISSION + GAMBLER)        # another player may pick the same mission
    assert st.observation(2).missions[:2] == (-2, -2)
    st.apply_action(A_MISSION + UNTOUCHABLE)
    assert st.observation(1).missions == (GAMBLER, GAMBLER, UNTOUCHABLE)
    assert st.phase == PH_FIRST_GATE
    # next round: a used mission is no longer offered (L3)
    st.set_position(hands=[[S1F], [], []], hordes=[(S1W, [])], missions=[GAMBLER, GAMBLER,
                                                                          UNTOUCHABLE])
    st.apply_action(play_at(0, S1F))
    st.apply_action(A_PASS)
    deal_all(st)
    assert st.phase == PH_MISSION and st.current_player() == 1
    assert A_MISSION + GAMBLER not in st.legal_actions()
    assert len(st.legal_actions()) == 6
    with pytest.raises(IllegalAction, match="already used"):
        st.apply_action(A_MISSION + GAMBLER)


def test_L19_first_gate_is_the_first_players_whole_turn():
    st = game(["fighter", "rogue"], first=1).new_initial_state()
    deal_all(st)
    st.apply_action(A_MISSION + 0)
    st.apply_action(A_MISSION + 1)
    assert st.phase == PH_FIRST_GATE and st.current_player() == 1
    hand = list(st.hands[1])
    assert sorted(st.legal_actions()) == sorted(A_GATE + c for c in hand)
    g = hand[0]
    st.apply_action(A_GATE + g)
    assert st.current_player() == 0 and st.phase == PH_PLAY
    assert len(st.open) == 1 and st.open[0].gate == g and st.open[0].cards == []
    assert st.open[0].suit == SUITS.index(MON[g].suit)
    assert st.turns == 2


# ------------------------------------------------------------------------------------ turns


def test_L7_must_follow_suit():
    st = pos(["rogue", "fighter"], hands=[[S1F, B2F, B1WA], [P1E]], hordes=[(S1W, [S2W])])
    assert st.legal_actions() == [play_at(0, S1F)]
    with pytest.raises(IllegalAction, match="follow suit"):
        st.apply_action(play_at(0, B2F))


def test_L7_without_the_suit_value_at_least_top():
    st = pos(["rogue", "fighter"], hands=[[B2F, B1WA, M3F], [P1E]], hordes=[(S1W, [S2W])])
    assert sorted(st.legal_actions()) == sorted([play_at(0, B2F), play_at(0, M3F)])
    with pytest.raises(IllegalAction, match=">= 2"):
        st.apply_action(play_at(0, B1WA))


def test_L7_bare_gate_takes_any_card_and_any_horde_may_be_chosen():
    st = pos(["rogue", "fighter", "wizard"], hands=[[S1F, B1WA, M1F], [P1E], [M2F]],
             hordes=[(S3W, [S3WA]), (B3WA, []), (M3F, [])])
    legal = set(st.legal_actions())
    # horde 0 (stealth): must follow suit; horde 1 (brute): must follow suit;
    # horde 2 (magic, bare gate): the only magic card
    assert legal == {play_at(0, S1F), play_at(1, B1WA), play_at(2, M1F)}
    st2 = pos(["rogue", "fighter"], hands=[[B1WA, M1F], [P1E]], hordes=[(S3W, [])])
    assert set(st2.legal_actions()) == {play_at(0, B1WA), play_at(0, M1F)}


def test_L7_L20_no_legal_play_opens_a_gate_with_the_highest_card():
    st = pos(["rogue", "fighter"], hands=[[B1WA, M1F, P1E], [P1F_TRAP]],
             hordes=[(S1W, [S3W])])
    assert sorted(st.legal_actions()) == sorted(A_GATE + c for c in (B1WA, M1F, P1E))
    st = pos(["rogue", "fighter"], hands=[[B1WA, M2F, M1F], [P1F_TRAP]],
             hordes=[(S1W, [S3W])])
    assert st.legal_actions() == [A_GATE + M2F]
    with pytest.raises(IllegalAction, match="highest"):
        st.apply_action(A_GATE + M1F)
    st.apply_action(A_GATE + M2F)
    assert len(st.open) == 2 and st.open[1].suit == SUITS.index("magic")
    # L20: the turn goes on to Step 2 (horde 0 can be challenged)
    assert st.phase == PH_CHALLENGE and st.current_player() == 0
    assert st.legal_actions() == [A_PASS, A_CHALLENGE + 0]


def test_L8_must_challenge_at_threshold_and_only_with_cards():
    # rogue threshold 8: horde 0 totals exactly 8 after nothing is added to it
    st = pos(["rogue", "fighter"], hands=[[B1WA, M1F], [P1E]],
             hordes=[(S1W, [S3W, S3WA, S2W]), (B1W_TRAP, [])])
    st.apply_action(play_at(1, B1WA))
    assert st.phase == PH_CHALLENGE
    assert st.legal_actions() == [A_CHALLENGE + 0]
    with pytest.raises(IllegalAction, match="must challenge"):
        st.apply_action(A_PASS)
    # total 7: the challenge is voluntary; horde 1 now has a card and can be challenged too
    st = pos(["rogue", "fighter"], hands=[[B1WA, M1F], [P1E]],
             hordes=[(S1W, [S3W, S3WA, S1F]), (B1W_TRAP, [])])
    st.apply_action(play_at(1, B1WA))
    assert st.legal_actions() == [A_PASS, A_CHALLENGE + 0, A_CHALLENGE + 1]
    st.apply_action(A_PASS)
    assert st.current_player() == 1 and st.phase == PH_PLAY


def test_L8_no_challenge_possible_ends_the_turn():
    st = pos(["rogue", "fighter"], hands=[[B1WA, M1F], [P1E]], hordes=[])
    assert st.legal_actions() == [A_GATE + B1WA, A_GATE + M1F]
    st.apply_action(A_GATE + M1F)
    assert st.current_player() == 1 and st.phase == PH_PLAY   # a bare gate cannot be challenged


def test_L8_one_challenge_a_turn():
    st = pos(["rogue", "fighter"], hands=[[S1F, M1F], [P1E]], hordes=[(S1W, [S1WA_TRAP])])
    st.apply_action(play_at(0, S1F))
    st.apply_action(A_CHALLENGE + 0)
    assert st.current_player() == 1 and st.phase == PH_PLAY


def test_L34_several_hordes_at_threshold_choose_one():
    st = pos(["psychic", "fighter", "rogue"], hands=[[S1F, M1F], [P1E], [P1F_TRAP]],
             hordes=[(S1W, [S3W, S3WA]), (B1W_TRAP, [B3WA, B2F, B2W]), (M1WA_TRAP, [M2F])])
    st.apply_action(play_at(0, S1F))            # psychic threshold 6: hordes 0 (7) and 1 (7)
    assert st.legal_actions() == [A_CHALLENGE + 0, A_CHALLENGE + 1]
    with pytest.raises(IllegalAction):
        st.apply_action(A_CHALLENGE + 2)
    st.apply_action(A_CHALLENGE + 1)
    assert st.defeated[0] == [B3WA]             # psychic defence 4: 3 ok, 3+2 > 4


# ------------------------------------------------------------------------------------ challenges


def test_L9_partial_defeat_returns_the_rest_in_order():
    st = pos(["rogue", "fighter"], hands=[[S2E, M1F], [P1E]],
             hordes=[(S1W, [S1F, S2F, S1E_TRAP])])
    st.apply_action(play_at(0, S2E))
    st.apply_action(A_CHALLENGE + 0)            # defence 3: 1, 1+2=3 ok, +1 = 4 > 3
    assert st.defeated[0] == [S1F, S2F]
    h = st.hordes[0]
    assert h.open and h.cards == [S1E_TRAP, S2E] and h.total == 3
    assert st.closed[0] == []
    # L6 / L35: the returned cards are now known to everyone, the gate is not
    obs = st.observation(1)
    assert obs.hordes == ((0, 0, 3, 2, (S1E_TRAP, S2E)),)
    assert obs.defeated[0] == (S1F, S2F)


def test_L9_first_monster_too_strong_defeats_nothing():
    st = pos(["fighter", "rogue"], hands=[[S2W, M1F], [P1E]], hordes=[(S1W, [S1F])])
    st.apply_action(play_at(0, S2W))            # fighter level 1, defence 1
    st.apply_action(A_CHALLENGE + 0)            # 1 ok, 1+2 > 1
    assert st.defeated[0] == [S1F] and st.hordes[0].cards == [S2W]
    st = pos(["fighter", "rogue"], hands=[[S2W, M1F], [P1E]], hordes=[(S1W, [])])
    st.apply_action(play_at(0, S2W))
    st.apply_action(A_CHALLENGE + 0)
    assert st.defeated[0] == [] and st.hordes[0].cards == [S2W] and st.hordes[0].open


def test_L22_whole_horde_defeated_closes_the_gate():
    st = pos(["rogue", "fighter"], hands=[[S2F, M1F], [P1E]], hordes=[(S1W, [S1F])],
             missions=[UNTOUCHABLE, STEALTH])
    st.apply_action(play_at(0, S2F))
    st.apply_action(A_CHALLENGE + 0)            # 1 + 2 = 3 = defence
    assert st.defeated[0] == [S1F, S2F]
    assert st.closed[0] == [S1W] and not st.hordes[0].open and st.open == []
    assert st.locations()[S1W] == "closed0"
    # the closed gate is not a defeated monster: Untouchable counts 2, and no coin from it
    assert st.score_breakdown(0)[0] == 2 * (5 - 2)
    assert st.coins2(0) == 2 * (1 + 2)


def test_L10_round_ends_when_the_player_to_move_has_no_card():
    st = pos(["rogue", "fighter"], hands=[[S1F], []], hordes=[(S1W, [])])
    st.apply_action(play_at(0, S1F))
    st.apply_action(A_PASS)
    assert st.end_reasons == [1, 0] and st.rounds_done == 1
    assert st.round == 1 and st.phase == PH_DEAL


def test_L10_L21_round_ends_with_more_open_gates_than_players():
    # 2 players, 2 open hordes; seat 0 has no legal play and opens a third gate
    hordes = [(S1W, [S3W]), (B1W_TRAP, [B3WA])]
    st = pos(["rogue", "fighter"], hands=[[M1F, M2F], [P1E, P1F_TRAP]], hordes=hordes)
    st.apply_action(A_GATE + M2F)
    assert len(st.open) == 3 and st.phase == PH_CHALLENGE     # not ended yet (L21)
    st.apply_action(A_PASS)
    assert st.end_reasons == [0, 1] and st.round == 1
    # L21: closing a gate in the same turn keeps the round going
    st = pos(["rogue", "fighter"], hands=[[M1F, M2F], [P1E, P1F_TRAP]], hordes=hordes)
    st.apply_action(A_GATE + M2F)
    st.apply_action(A_CHALLENGE + 0)            # defence 3 defeats the 3: gate closes
    assert st.closed[0] == [S1W] and len(st.open) == 2
    assert st.end_reasons == [0, 0] and st.current_player() == 1 and st.phase == PH_PLAY


# ------------------------------------------------------------------------------------ scoring

PILE = [S1E_HALF, S1F, B1W_TRAP, S3W, B2W]   # traps: 2, bosses: 1 (+1), coins 4.5, no coin: 2


@pytest.mark.parametrize("mission,expected", [
    (STEALTH, 3 - 2), (BRUTE, 2 - 2), (MAGIC, 0 - 2), (PSY_M, 0 - 2),
    (ESCAPIST, 2 - 1), (GAMBLER, 4.5 - 2), (UNTOUCHABLE, 5 - 5)])
def test_L11_L33_each_mission_scores_as_printed(mission, expected):
    st = pos(["rogue", "fighter"], hands=[[S2F], [P1E]], defeated=[PILE, []],
             missions=[mission, STEALTH])
    mv, ev, bv = st.score_breakdown(0)
    assert mv == 2 * expected
    assert ev == 2 * 3          # rogue (wind): B1W_TRAP, S3W, B2W
    assert bv == 2 * 1          # the +1 boss


def test_L11_round_scoring_total_can_be_negative():
    st = pos(["fighter", "rogue"], hands=[[S1F], []], hordes=[(S1W, [])],
             missions=[MAGIC, ESCAPIST], defeated=[[B1W_TRAP, B1F_TRAP], [S3F, S3WA]])
    st.apply_action(play_at(0, S1F))
    st.apply_action(A_PASS)
    # seat 0: magic mission -2 traps, fighter earth bonus 0 => -2
    # seat 1: escapist -2 bosses, rogue wind 0, boss VP 3 + 2 => +3
    assert st.vp2 == [-4, 6]
    stats = st.stats()
    assert stats["scores"] == [-2.0, 3.0]
    assert stats["mission_vp"] == [[-2.0], [-2.0]] and stats["round_vp"] == [[-2.0], [3.0]]


def test_L12_levels_go_up_and_down():
    st = pos(["fighter", "rogue"], hands=[[S1F], []], hordes=[(S1W, [])],
             missions=[STEALTH, STEALTH], vp=[4, 0], defeated=[[S2WA], []])
    assert st.level[0] == 1 and st.defence(0) == 1
    st.apply_action(play_at(0, S1F))
    st.apply_action(A_PASS)                     # +1 stealth => 5 VP
    assert st.vp2[0] == 10 and st.level[0] == 2 and st.defence(0) == 5
    st.set_position(hands=[[S1F], []], hordes=[(S1W, [])], missions=[MAGIC, BRUTE],
                    vp=[10, 0], defeated=[[B1W_TRAP, B1F_TRAP], []])
    assert st.level[0] == 3 and st.defence(0) == 10
    st.apply_action(play_at(0, S1F))
    st.apply_action(A_PASS)                     # -2 => 8 VP
    assert st.vp2[0] == 16 and st.level[0] == 2 and st.defence(0) == 5
    assert st.stats()["levels"][0] == 2


def test_L15_ties_share_the_win_and_L36_no_shopping_after_last_round():
    st = pos(["fighter", "rogue", "wizard"], rounds=1, hands=[[S1F], [], []],
             hordes=[(S1W, [])], vp=[3, 3, 1], defeated=[[S2E], [], []],
             missions=[UNTOUCHABLE, STEALTH, STEALTH])
    st.apply_action(play_at(0, S1F))
    st.apply_action(A_PASS)
    # seat 0: untouchable 5 - 1 = 4, earth +1 => 8; 3 coins but no shopping after the last round
    assert st.is_terminal() and st.current_player() == TERMINAL
    assert st.vp2 == [16, 6, 2]
    assert st.returns() == [1.0, 0.0, 0.0]
    st = pos(["fighter", "rogue", "wizard"], rounds=1, hands=[[S1F], [], []],
             hordes=[(S1W, [])], vp=[3, 3, 1])
    st.apply_action(play_at(0, S1F))
    st.apply_action(A_PASS)
    assert st.returns() == [0.5, 0.5, 0.0] and st.stats()["winners"] == [0, 1]
    assert st.legal_actions() == []
    with pytest.raises(IllegalAction):
        st.apply_action(0)


def test_L23_defeated_rows_do_not_carry_over():
    st = pos(["fighter", "rogue"], hands=[[S1F], []], hordes=[(S1W, [])],
             defeated=[[S1WA_TRAP], [B1F_TRAP]])
    st.apply_action(play_at(0, S1F))
    st.apply_action(A_PASS)
    assert st.defeated == [[], []] and st.closed == [[], []]
    assert st.phase == PH_DEAL and len(st.deck) == 48


# ------------------------------------------------------------------------------------ shopping


def _shop_position(first, missions):
    return pos(["psychic", "fighter", "wizard"], first=first,
               hands=[[] if first != 0 else [S1F], [] if first != 1 else [S1F], []],
               hordes=[(S1W, [])], active=first, missions=missions,
               defeated=[[B2W], [M2WA], [B2F]])


def test_L13_L32_shopping_order_fewest_coins_then_vp_then_clockwise():
    # seat 0: 3 coins, 4 VP; seat 1: 3 coins; seat 2: 2 coins (wizard fire +1)
    st = _shop_position(0, [UNTOUCHABLE] * 3)
    st.apply_action(play_at(0, S1F))
    st.apply_action(A_PASS)
    assert st.vp2 == [8, 8, 10]
    assert st.order == [2, 0, 1] and st.phase == PH_SHOP_SPEND and st.current_player() == 2
    st = _shop_position(1, [UNTOUCHABLE] * 3)   # first player 1: seat 1 before seat 0
    st.apply_action(play_at(0, S1F))
    st.apply_action(A_PASS)
    assert st.order == [2, 1, 0]
    st = _shop_position(0, [UNTOUCHABLE, STEALTH, UNTOUCHABLE])   # seat 1 has fewer VP
    st.apply_action(play_at(0, S1F))
    st.apply_action(A_PASS)
    assert st.vp2[1] == 0 and st.order == [2, 1, 0]


def test_L13_L32_spend_draw_keep_and_reshuffle():
    st = _shop_position(0, [UNTOUCHABLE] * 3)
    st.apply_action(play_at(0, S1F))
    st.apply_action(A_PASS)
    assert st.legal_actions() == [A_SPEND + 0, A_SPEND + 1, A_SPEND + 2]
    with pytest.raises(IllegalAction, match="at most 2"):
        st.apply_action(A_SPEND + 3)
    st.apply_action(A_SPEND + 2)
    assert st.current_player() == CHANCE
    assert st.chance_outcomes() == [(A_TREASURE + t, 1 / 16) for t in range(16)]
    st.apply_action(A_TREASURE + T_RING)
    assert len(st.chance_outcomes()) == 15
    st.apply_action(A_TREASURE + T_NET)
    assert st.phase == PH_SHOP_KEEP and st.current_player() == 2
    assert st.observation(2).shop_drawn == (T_RING, T_NET)
    assert st.observation(0).shop_drawn == ()    # only the shopper sees the drawn cards
    st.apply_action(A_KEEP + T_RING)
    assert st.holder[T_RING] == 2 and T_NET in st.tdeck and len(st.tdeck) == 15
    assert st.observation(1).treasures[2] == (T_RING,)
    # seat 0 next: 3 coins; spending 1 keeps the drawn card automatically
    assert st.current_player() == 0 and st.legal_actions()[-1] == A_SPEND + 3
    st.apply_action(A_SPEND + 1)
    st.apply_action(A_TREASURE + T_NET)
    assert st.holder[T_NET] == 0 and st.current_player() == 1
    st.apply_action(A_SPEND + 0)
    assert st.phase == PH_DEAL and st.round == 1
    assert st.stats()["treasures_bought"]["ring_of_legend"] == 1
    assert st.stats()["treasures_bought"]["net"] == 1
    assert sum(st.stats()["treasures_bought"].values()) == 2


def test_L2_L31_coin_values_half_blade_and_rogue():
    st = pos(["rogue", "fighter"], hands=[[S1F], [P1E]], defeated=[[S1E_HALF, S3W], [S1W]],
             vp=[0, 0])
    assert st.coins2(0) == 1 and st.coins2(1) == 2         # ½ coin: 0 whole coins
    st.set_position(hands=[[S1F], [P1E]], defeated=[[S1E_HALF, S3W], []], vp=[5, 0])
    assert st.coins2(0) == 2                                # rogue level 2 doubles: 1 coin
    st.set_position(hands=[[S1F], [P1E]], defeated=[[S1E_HALF, S3W], []], vp=[10, 0],
                    treasures={"subtle_blade": 0})
    assert st.coins2(0) == (1 + 2 + 0 + 2) * 3              # blade +1 each, then triple
    st.set_position(hands=[[S1F], [P1E]], defeated=[[S1E_HALF, S3W], []], vp=[10, 0],
                    treasures={"subtle_blade": 0}, missions=[GAMBLER, STEALTH])
    assert st.score_breakdown(0)[0] == 1 - 2                # the Gambler: printed coins


# ------------------------------------------------------------------------------------ treasures


def test_L14_L24_barriers_hit_neighbours_only():
    chars = ["rogue", "fighter", "wizard", "psychic"]
    st = pos(chars, hands=[[S2F, M1F], [P1E], [B1WA], [M2F]], hordes=[(S1W, [S1F])],
             treasures={"fire_barrier": 3, "wind_barrier": 2})
    assert st.damage(0, S2F) == 3 and st.damage(0, S2W) == 2   # seat 3 is a neighbour, 2 not
    assert st.damage(1, S2W) == 3 and st.damage(1, S2F) == 2   # seat 1: neighbours 0 and 2
    assert st.damage(3, S2F) == 2                              # the holder is never hit
    st.apply_action(play_at(0, S2F))
    st.apply_action(A_CHALLENGE + 0)                          # S1F fire 2, then S2F fire 3 > 3
    assert st.defeated[0] == [S1F] and st.hordes[0].cards == [S2F]
    st2 = pos(["rogue", "fighter"], hands=[[S2F], [P1E]], treasures={"fire_barrier": 1})
    assert st2.damage(0, S2F) == 3                           # 2 players: +1 once


def test_L24_armour_and_suit_immunity():
    st = pos(["rogue", "fighter"], hands=[[S2F, M1F], [P1E]],
             treasures={"hard_plate_armor": 0, "leather_armor": 1, "chain_mail_armor": 1})
    assert st.defence(0) == 6 and st.defence(1) == 4
    st = pos(["rogue", "fighter"], hands=[[S3F, M1F], [P1E]], hordes=[(S1W, [S3W, S3WA])],
             treasures={"farsight_helm": 0})
    st.apply_action(play_at(0, S3F))
    assert st.legal_actions() == [A_CHALLENGE + 0]           # total 9 >= 8
    st.apply_action(A_CHALLENGE + 0)
    assert st.defeated[0] == [S3W, S3WA, S3F] and st.closed[0] == [S1W]
    for tid, suit_card in (("dragon_hide", B3WA), ("jewels_of_osiris", M3F),
                           ("silver_chains", P1E), ("farsight_helm", S3W)):
        st = pos(["rogue", "fighter"], hands=[[S1F], [P1E]], treasures={tid: 0,
                                                                        "fire_barrier": 1})
        assert st.damage(0, suit_card) == 0 and st.damage(1, suit_card) > 0


def test_L25_minion_reduces_damage_by_five():
    def start(extra=None):
        st = pos(["wizard", "fighter"], hands=[[S3WA, M1F], [P1E]], hordes=[(S1W, [S2W])],
                 treasures={"minion": 0, **(extra or {})})
        st.apply_action(play_at(0, S3WA))
        st.apply_action(A_CHALLENGE + 0)                      # defence 2: 2 ok, 2+3 = 5 > 2
        return st
    st = start()
    assert st.phase == PH_MINION and st.legal_actions() == [A_MINION, A_NO_MINION]
    assert st.observation(0).challenge[3:6] == (1, 5, 2)
    st.apply_action(A_MINION)
    assert st.defeated[0] == [S2W, S3WA] and st.closed[0] == [S1W]
    assert st.holder[T_MINION] == -2 and st.stats()["minions_used"] == 1
    st = start()
    st.apply_action(A_NO_MINION)
    assert st.defeated[0] == [S2W] and st.hordes[0].cards == [S3WA]
    assert st.holder[T_MINION] == 0
    st = pos(["wizard", "fighter"], hands=[[S3WA, M1F], [P1E]], hordes=[(S1W, [S2W])])
    st.apply_action(play_at(0, S3WA))
    st.apply_action(A_CHALLENGE + 0)                          # no minion: no question
    assert st.defeated[0] == [S2W] and st.current_player() == 1


def test_L26_net_steals_after_another_players_challenge():
    st = pos(["rogue", "fighter", "wizard"], hands=[[S2F, M1F], [P1E], [B1WA]],
             hordes=[(S1W, [S3W])], treasures={"net": 2}, missions=[STEALTH, STEALTH, STEALTH])
    st.apply_action(play_at(0, S2F))
    st.apply_action(A_CHALLENGE + 0)                          # 3 ok, then 2 > 3 => S3W only
    assert st.phase == PH_NET and st.current_player() == 2
    assert st.legal_actions() == [A_NET_DECLINE, A_NET + S3W]
    st.apply_action(A_NET + S3W)
    assert st.defeated[0] == [] and st.defeated[2] == [S3W]
    assert st.current_player() == 1 and st.phase == PH_PLAY
    assert st.stats()["net_steals"] == 1
    assert st.score_breakdown(2) == (2, 0, 2)                 # L33: boss VP go to the thief
    # the holder's own challenge: no Net question
    st = pos(["rogue", "fighter", "wizard"], hands=[[S2F, M1F], [P1E], [B1WA]],
             hordes=[(S1W, [S3W])], treasures={"net": 0})
    st.apply_action(play_at(0, S2F))
    st.apply_action(A_CHALLENGE + 0)
    assert st.current_player() == 1 and st.defeated[0] == [S3W]
    # decline
    st = pos(["rogue", "fighter", "wizard"], hands=[[S2F, M1F], [P1E], [B1WA]],
             hordes=[(S1W, [S3W])], treasures={"net": 1})
    st.apply_action(play_at(0, S2F))
    st.apply_action(A_CHALLENGE + 0)
    st.apply_action(A_NET_DECLINE)
    assert st.defeated == [[S3W], [], []] and st.current_player() == 1


def test_L27_ring_of_legend_gains_vp_for_any_boss_and_levels_at_once():
    st = pos(["rogue", "fighter"], hands=[[S3WA, M1F], [P1E]], hordes=[(S1W, [S1F])],
             treasures={"ring_of_legend": 1}, vp=[0, 4])
    st.apply_action(play_at(0, S3WA))
    st.apply_action(A_CHALLENGE + 0)                          # 1 + 3 = 4 > 3: no boss
    assert st.vp2 == [0, 8]
    st = pos(["rogue", "fighter"], hands=[[S3WA, M1F], [P1E]], hordes=[(S1W, [])],
             treasures={"ring_of_legend": 1}, vp=[0, 4])
    assert st.defence(1) == 1
    st.apply_action(play_at(0, S3WA))
    st.apply_action(A_CHALLENGE + 0)                          # the boss falls
    assert st.vp2 == [0, 10] and st.level[1] == 2 and st.defence(1) == 5
    assert st.stats()["ring_vp"] == [0.0, 1.0]
    st = pos(["rogue", "fighter"], hands=[[S3WA, M1F], [P1E]], hordes=[(S1W, [])],
             treasures={"ring_of_legend": 0})
    st.apply_action(play_at(0, S3WA))
    st.apply_action(A_CHALLENGE + 0)
    assert st.vp2 == [2, 0]                                   # the holder's own boss counts
    # variant option: only the holder's own bosses
    st = LegolasGame(2, character_assignment=["rogue", "fighter"], first_player=0,
                     ring_of_legend="own").new_initial_state()
    st.set_position(hands=[[S3WA, M1F], [P1E]], hordes=[(S1W, [])],
                    treasures={"ring_of_legend": 1}, missions=[STEALTH, STEALTH])
    st.apply_action(play_at(0, S3WA))
    st.apply_action(A_CHALLENGE + 0)
    assert st.vp2 == [0, 0]


def test_L28_lure_allows_one_extra_card():
    st = pos(["rogue", "fighter"], hands=[[S1F, S2F, B1WA], [P1E]], hordes=[(S1W, [])],
             treasures={"lure": 0})
    assert st.plays_allowed == 2
    st.apply_action(play_at(0, S1F))
    assert st.phase == PH_PLAY and st.current_player() == 0
    assert st.legal_actions() == [play_at(0, S2F), A_STOP]   # still must follow suit
    st.apply_action(play_at(0, S2F))
    assert st.phase == PH_CHALLENGE and st.hordes[0].cards == [S1F, S2F]
    st = pos(["rogue", "fighter"], hands=[[S1F, S2F, B1WA], [P1E]], hordes=[(S1W, [])],
             treasures={"lure": 0})
    st.apply_action(play_at(0, S1F))
    st.apply_action(A_STOP)
    assert st.phase == PH_CHALLENGE and st.hands[0] == [S2F, B1WA]
    # no legal extra card: no new gate, straight to Step 2
    st = pos(["rogue", "fighter"], hands=[[S3F, B1WA], [P1E]], hordes=[(S1W, [])],
             treasures={"lure": 0})
    st.apply_action(play_at(0, S3F))
    assert st.phase == PH_CHALLENGE and st.hands[0] == [B1WA] and len(st.open) == 1
    st = pos(["rogue", "fighter"], hands=[[S1F, S2F], [P1E]], hordes=[(S1W, [])])
    st.apply_action(play_at(0, S1F))
    assert st.phase == PH_CHALLENGE                            # without the Lure: one card


def test_L29_psychic_plays_anywhere_from_level_2_and_three_cards_at_level_3():
    hordes = [(S1W, [S3W]), (B1W_TRAP, [B2F])]
    st = pos(["psychic", "fighter"], hands=[[M1F, P1E], [S1F]], hordes=hordes, vp=[0, 0])
    assert st.legal_actions() == [A_GATE + M1F, A_GATE + P1E]   # level 1: no legal play
    st = pos(["psychic", "fighter"], hands=[[M1F, P1E], [S1F]], hordes=hordes, vp=[5, 0])
    assert set(st.legal_actions()) == {play_at(h, c) for h in (0, 1) for c in (M1F, P1E)}
    assert st.plays_allowed == 1
    st.apply_action(play_at(1, M1F))
    assert st.phase == PH_CHALLENGE
    st = pos(["psychic", "fighter"], hands=[[M1F, P1E, M2F, M3F, S1F], [S2E]],
             hordes=hordes, vp=[10, 0], treasures={"lure": 0})
    assert st.plays_allowed == 4
    for c in (M1F, P1E, M2F):
        st.apply_action(play_at(0, c))
        assert st.phase == PH_PLAY and A_STOP in st.legal_actions()
    st.apply_action(play_at(1, M3F))
    assert st.phase == PH_CHALLENGE and st.hands[0] == [S1F]
    assert st.hordes[0].cards == [S3W, M1F, P1E, M2F] and st.hordes[1].cards == [B2F, M3F]


def test_L30_wizard_names_elements_at_round_start():
    for vp, size in ((5, 4), (10, 6), (0, 0)):
        st = game(["wizard", "fighter"], first=0).new_initial_state()
        st.vp2[0] = 2 * vp
        st.level[0] = 1 if vp < 5 else 2 if vp < 10 else 3
        deal_all(st)
        st.apply_action(A_MISSION + 0)
        st.apply_action(A_MISSION + 0)
        if size == 0:
            assert st.phase == PH_FIRST_GATE
            continue
        assert st.phase == PH_WIZARD and st.current_player() == 0
        assert len(st.legal_actions()) == size
        mask = st.legal_actions()[-1] - A_ELEMENTS
        st.apply_action(A_ELEMENTS + mask)
        assert st.wiz[0] == mask and st.observation(1).wizard_elements[0] == mask
        assert st.phase == PH_FIRST_GATE


def test_L30_wizard_ignores_monsters_of_a_named_element():
    def start():
        st = pos(["wizard", "fighter"], hands=[[S1W, M1F], [P1E]], hordes=[(S1F, [S2F])],
                 vp=[5, 0], wizard_elements=[FIRE, 0])
        st.apply_action(play_at(0, S1W))
        st.apply_action(A_CHALLENGE + 0)
        return st
    st = start()
    assert st.phase == PH_WIZ_CHOICE and st.legal_actions() == [A_DEFEAT, A_IGNORE]
    st.apply_action(A_IGNORE)                   # no damage from the fire 2; the wind 1 falls
    assert st.defeated[0] == [S1W] and st.hordes[0].cards == [S2F] and st.hordes[0].open
    assert st.closed[0] == [] and st.hordes[0].total == 2
    st = start()
    st.apply_action(A_DEFEAT)                   # 2 = defence, then 1 more > 2
    assert st.defeated[0] == [S2F] and st.hordes[0].cards == [S1W]


def test_L6_hidden_information_in_observations():
    st = pos(["rogue", "fighter"], hands=[[S2F, M1F], [P1E, B2F]], hordes=[(S1W, [S3WA])])
    obs1 = st.observation(1)
    assert obs1.hand == (P1E, B2F)
    assert obs1.hand_sizes == (2, 2)
    hidx, suit, total, top, tokens = obs1.hordes[0]
    assert (suit, total, top) == (0, 3, 3) and tokens == (100 + 10 * 0 + 3,)
    assert S1W not in tokens and S3WA not in tokens
    assert all(not hasattr(obs1, name) for name in ("hands", "deck", "setaside"))


def test_decode_and_action_strings():
    st = pos(["rogue", "fighter"], hands=[[S2F, M1F], [P1E]], hordes=[(S1W, [])])
    assert decode_action(play_at(0, S2F)) == ("play", 0, S2F)
    assert st.action_to_string(play_at(0, S2F)) == "play stealth 2 fire 2c on horde 0"
    assert decode_action(A_CHALLENGE + 3) == ("challenge", 3)
    assert decode_action(A_SPEND + 2) == ("spend", 2)


def test_clone_is_independent():
    st = pos(["rogue", "fighter"], hands=[[S2F, M1F], [P1E]], hordes=[(S1W, [S1F])])
    cl = st.clone()
    cl.apply_action(play_at(0, S2F))
    cl.apply_action(A_CHALLENGE + 0)
    assert st.hands[0] == [S2F, M1F] and st.hordes[0].cards == [S1F] and st.defeated[0] == []
    assert cl.defeated[0] == [S1F, S2F]
    assert st.open[0] is st.hordes[0] and cl.open == []


# ------------------------------------------------------------------------------------ invariants


def _assert_final(st, n):
    stats = st.stats()
    assert stats["rounds"] == 5 and len(stats["scores"]) == n
    for s in range(n):
        assert len(stats["missions"][s]) == 5 and len(set(stats["missions"][s])) == 5
        assert len(stats["mission_vp"][s]) == 5
    ret = st.returns()
    assert len(ret) == n and sum(ret) == pytest.approx(1.0)
    assert stats["winners"] == [s for s in range(n) if ret[s] > 0]
    assert set(stats) >= set(["scores", "winners", "characters", "missions",
                                    "mission_vp", "treasures_bought", "rounds", "turns"])


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games_invariants_and_replay(n):
    game_ = LegolasGame(n)
    for seed in range(100):
        rec = play(game_, [RandomAgent()] * n, seed=seed, keep_actions=True)
        assert len(rec.returns) == n and sum(rec.returns) == pytest.approx(1.0)
        assert rec.stats["rounds"] == 5
        for s in range(n):
            assert len(set(rec.stats["missions"][s])) == 5
        if seed % 10 == 0:
            st = replay(game_, rec.actions)
            assert st.is_terminal() and st.returns() == rec.returns
            assert st.stats() == rec.stats
            _assert_final(st, n)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_conservation_and_legality_every_step(n):
    """Every monster in exactly one place at every step; legal actions exist until the end."""
    game_ = LegolasGame(n)
    agents = [GreedyAgent() if i % 2 else RandomAgent() for i in range(n)]
    for seed in range(12):
        rng = random.Random(seed)
        st = game_.new_initial_state()
        steps = 0
        while not st.is_terminal():
            steps += 1
            assert steps < 5 * (48 * 4 + 80)
            where = st.locations()
            assert len(where) == 48
            for h in st.open:
                assert h.open and h.total == sum(MON[c].value for c in h.cards)
            assert len(st.open) <= n + 1 or st.phase in (PH_DEAL,)
            p = st.current_player()
            if p == CHANCE:
                out = st.chance_outcomes()
                assert sum(x for _, x in out) == pytest.approx(1.0)
                a = out[rng.randrange(len(out))][0]
            else:
                legal = st.legal_actions()
                assert legal and len(set(legal)) == len(legal)
                obs = st.observation(p)
                assert obs.hand == tuple(st.hands[p])
                # the cached public parts are never stale
                assert obs.defeated == tuple(tuple(d) for d in st.defeated)
                assert obs.vp == tuple(v / 2 for v in st.vp2) and obs.levels == tuple(st.level)
                assert obs.treasures[p] == tuple(t for t in range(16) if st.holder[t] == p)
                assert obs.defence == st.defence(p)
                assert [h[:4] for h in obs.hordes] == [
                    (h.idx, h.suit, h.total, MON[h.cards[-1]].value if h.cards else 0)
                    for h in st.open]
                for h in obs.hordes:             # unrevealed horde cards show suit and value only
                    for tok, c in zip(h[4], st.hordes[h[0]].cards):
                        assert tok == c if st.revealed[c] else tok == 100 + 10 * (c // 12) + \
                            MON[c].value
                a = agents[p].choose(obs, legal, rng)
                assert a in legal
            st.apply_action(a)
        assert len(st.locations()) == 48
        _assert_final(st, n)


@pytest.mark.parametrize("n", [2, 5])
def test_greedy_games_and_greedy_beats_random(n):
    game_ = LegolasGame(n)
    wins = 0.0
    for seed in range(12):
        agents = [GreedyAgent()] + [RandomAgent()] * (n - 1)
        rec = play(game_, agents, seed=seed)
        wins += rec.returns[0]
        assert sum(rec.returns) == pytest.approx(1.0)
    assert wins / 12 > 1.5 / n


def test_same_seed_same_game_even_after_disturbing_random():
    game_ = LegolasGame(4)
    agents = [GreedyAgent(), RandomAgent(), GreedyAgent(), RandomAgent()]
    a = play(game_, agents, seed=7, keep_actions=True)
    random.seed(12345)
    random.random()
    b = play(game_, agents, seed=7, keep_actions=True)
    assert a.actions == b.actions and a.returns == b.returns and a.stats == b.stats


def test_illegal_actions_raise_with_reason():
    st = pos(["rogue", "fighter"], hands=[[S2F, M1F], [P1E]], hordes=[(S1W, [])])
    with pytest.raises(IllegalAction, match="not in seat 1's hand"):
        st.apply_action(play_at(0, P1E))
    with pytest.raises(IllegalAction, match="not an open horde"):
        st.apply_action(play_at(3, S2F))
    st2 = LegolasGame(2).new_initial_state()
    with pytest.raises(IllegalAction):
        st2.apply_action(A_MISSION)


def test_L37_scores_have_no_limit_beyond_the_printed_track():
    """A score the track cannot show still counts in full (kept on paper at the table)."""
    st = pos(["fighter", "rogue"], hands=[[S1F], []], hordes=[(S1W, [])],
             missions=[UNTOUCHABLE, STEALTH], vp=[-30, 150], defeated=[[S2E, S2WA], []])
    st.apply_action(play_at(0, S1F))
    st.apply_action(A_PASS)
    # untouchable: +5, -1 for each of 2 defeated monsters; earth +1 for the fighter's S2E
    assert st.vp2[0] == 2 * (-30 + 5 - 2 + 1)
    assert st.vp2[1] == 2 * 150
    assert st.level[1] == 3 and st.level[0] == 1


def test_determinize_redraws_the_gates_others_laid_by_suit_and_keeps_ones_own():
    """L6: a gate is face down, only its suit announced; the seat knows the gates it laid."""
    st = pos(["fighter", "rogue", "wizard"], hands=[[S1F, B2F], [M1F, P1E], [S2W]],
             hordes=[(S1W, [S2F]), (B1WA, []), (M2F, [])])
    for h, layer in zip(st.hordes, (0, 1, 2)):
        h.layer = layer
    seen: dict[int, set[int]] = {h.idx: set() for h in st.open}
    for k in range(40):
        d = st.determinize(0, random.Random(k))
        d.locations()                                   # every card in exactly one place
        for h, h2 in zip(st.open, d.open):
            assert st.g.suit[h2.gate] == h.suit
            seen[h.idx].add(h2.gate)
    assert seen[0] == {S1W}                             # laid by seat 0 itself
    assert len(seen[1]) > 1 and len(seen[2]) > 1


def test_legal_actions_are_the_callers_own_and_follow_every_deal():
    st = LegolasGame(3, character_assignment=["fighter", "rogue", "wizard"],
                     first_player=0).new_initial_state()
    legal = st.legal_actions()
    assert len(legal) == 48
    legal.clear()                                    # the caller's own list
    assert len(st.legal_actions()) == 48
    st.apply_action(st.legal_actions()[5])
    after = st.legal_actions()
    assert len(after) == 47 and 5 not in after      # not the list from before the deal
    with pytest.raises(IllegalAction, match=r"an action is a whole number \(an int\), not bool"):
        LegolasGame(3).new_initial_state().apply_action(True)
