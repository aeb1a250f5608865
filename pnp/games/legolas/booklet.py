"""Legolas vs. Gimli's rule booklet: its context from the data and the engine, and its
figures."""

from __future__ import annotations

from ...data.layouts.values import HALF, fraction as fmt, signed
from ...render.booklet import Booklet, faces_figure
from ..pieces import game_booklet
from . import facts
from .enforced import enforced_rulings
from .model import Model
from .printed import title_case
from .texts import level_texts, mission_lines, treasure_text
from .faces import back, character_card, mission_card, monster_card, treasure_card


# ---- booklet -------------------------------------------------------------------------------------
def _cards_figure(model: Model, drawers, scale: float = 0.55):
    w, h = model.card_size
    return faces_figure(drawers, w, h, model.common.colour("ink"), scale)


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def challenge_example(model: Model) -> dict:
    """A challenge worked through with the data's numbers (ruling L9): a horde of four monsters
    of one suit, values rising, and the character whose defence lets at least two of them
    through but not all."""
    for suit in facts.SUITS:
        ms = sorted((m for m in model.cards.monsters if m.suit == suit and m.kind != "trap"),
                    key=lambda m: m.value)
        picks = []
        for value in sorted({m.value for m in ms}):
            picks += [m for m in ms if m.value == value][:2 if value == 2 else 1]
        picks = picks[:4]
        if len(picks) < 3:
            continue
        first_two = picks[0].value + picks[1].value
        total = sum(m.value for m in picks)
        chosen = next((c for c in sorted(model.cards.characters, key=lambda c: c.defence)
                       if first_two <= c.defence < total), None)
        if chosen is None:
            continue
        steps, acc, beaten = [], 0, True
        for m in picks:
            acc += m.value
            beaten = beaten and acc <= chosen.defence
            steps.append({"card": f"{title_case(m.suit)} {m.value}", "damage": m.value,
                          "total": acc, "defeated": beaten})
        won = sum(1 for st in steps if st["defeated"])
        return {"character": chosen.name, "defence": chosen.defence, "steps": steps,
                "defeated": _plural(won, "monster", "monsters"),
                "back": _plural(len(steps) - won, "monster goes", "monsters go")}
    return {}


def _suit_rows(model: Model) -> list[dict]:
    rows = []
    for suit in facts.SUITS:
        ms = [m for m in model.cards.monsters if m.suit == suit]
        rows.append({
            "id": suit, "name": title_case(suit), "descriptor": model.suits.get(suit, ""),
            "cards": len(ms), "traps": sum(1 for m in ms if m.kind == "trap"),
            "bosses": ", ".join(f"{m.value} {m.element} {signed(m.boss_vp)}"
                                for m in ms if m.kind == "boss"),
            "coins": fmt(sum(m.coins for m in ms)),
            "spread": ", ".join(f"{n}\u00d7{v}" for v, n in sorted(
                {v: sum(1 for m in ms if m.value == v) for v in {m.value for m in ms}}.items())),
        })
    return rows


def _deal_rows(model: Model) -> list[dict]:
    deal = []
    deck = len(model.cards.monsters)
    for n in range(facts.MIN_PLAYERS, facts.MAX_PLAYERS + 1):
        sizes = facts.hand_sizes(n, deck)
        deal.append({"players": n, "each": str(sizes[0]) if len(set(sizes)) == 1
                     else ", ".join(map(str, sizes)), "aside": deck - sum(sizes)})
    return deal


def booklet_context(model: Model) -> dict:
    """Every number and card text the booklet prints, from the same fields as the cards."""
    chars = []
    for c in model.cards.characters:
        level2, level3 = level_texts(c)
        chars.append({"name": c.name, "threshold": c.threshold, "defence": c.defence,
                      "element": title_case(c.element), "element_vp": signed(c.element_vp),
                      "level2": level2, "level3": level3, "copies": c.copies})
    missions = [{"id": m.id, "name": m.name,
                 "lines": [{"vp": signed(vp), "gain": vp >= 0, "what": what}
                           for vp, what in mission_lines(m)]} for m in model.cards.missions]
    half = [m for m in model.cards.monsters if m.coins != int(m.coins)]
    minion = next((t.amount for t in model.cards.treasures if t.effect == "minion"), 0)
    return {
        "deck": len(model.cards.monsters), "suits": _suit_rows(model),
        "elements": [title_case(e) for e in facts.ELEMENTS],
        "kinds": {"traps": sum(1 for m in model.cards.monsters if m.kind == "trap"),
                  "bosses": sum(1 for m in model.cards.monsters if m.kind == "boss")},
        "half_coin": (f"{title_case(half[0].suit)} {half[0].value} {half[0].element}"
                      if half else ""),
        "treasures": [{"name": t.name, "effect": treasure_text(t)} for t in model.cards.treasures],
        "characters": chars, "character_cards": sum(c["copies"] for c in chars),
        "missions": missions, "players": [{"seat": p.seat, "name": p.name} for p in
                                          model.players],
        "min_players": facts.MIN_PLAYERS, "max_players": facts.MAX_PLAYERS,
        "rounds": facts.ROUNDS, "deal": _deal_rows(model), "aid_cards": model.aid_cards,
        "level2": facts.LEVEL_2_VP, "level3": facts.LEVEL_3_VP,
        "vp_loop": model.vp_loop, "vp_below": model.vp_below,
        "vp_min": -model.vp_below, "vp_max": model.vp_loop - 1, "vp_start": 0,
        "first_round": 1, "half": HALF,
        # the kit's single pieces (faces.build): one board, one round and one first-player marker
        "boards": 1, "round_markers": 1, "first_player_markers": 1,
        "example": challenge_example(model), "minion": minion,
    }


def _figures(model: Model) -> dict:
    sample = []
    for kind in ("trap", "", "boss"):
        m = next((m for m in model.cards.monsters if m.kind == kind and (kind or m.coins >= 2)),
                 None) or next((m for m in model.cards.monsters if m.kind == kind), None)
        if m is not None:
            sample.append(monster_card(model, m))
    sample.append(back(model, "monster"))
    others = []
    if model.cards.characters:
        others.append(character_card(model, model.cards.characters[0]))
    if model.cards.missions and model.players:
        others.append(mission_card(model, model.cards.missions[0], model.players[0]))
    if model.cards.treasures:
        others.append(treasure_card(model, model.cards.treasures[0]))
    return {"monsters": _cards_figure(model, sample), "cards": _cards_figure(model, others)}


def booklet(model: Model) -> Booklet:
    return game_booklet(model, booklet_context(model), enforced_rulings(model), _figures(model),
                        model.common.palette["character"])
