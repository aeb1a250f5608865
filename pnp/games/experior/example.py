"""The booklet's worked examples, played by the rules engine from the data: who won each turn,
the wounds dealt, the experience gained and the totals after it, so the booklet's numbers cannot
drift from the played ones."""

from __future__ import annotations

from typing import Any

from ...engine.core import IllegalAction
from ...errors import DataError
from . import engine
from .model import ExampleTurn, Model, new_game


def ended_before(model: Model) -> tuple[str, int] | None:
    """(side, wounds) of a fighter who starts the second example at or past the wound limit: that
    game ended before the example's first turn, so the booklet cannot tell it."""
    p = model.end_position
    if p is None:
        return None
    return next(((sid, w) for sid, w in p.wounds.items() if w >= model.wound_limit), None)


def worked_example(model: Model, game: engine.ExperiorGame | None = None,
                   end: bool = False) -> list[dict]:
    """Play example.csv's turns with the engine from the start position (Human in seat 0) and
    describe each turn with the engine's numbers: who won, the wounds dealt (experience x
    multiplier), the experience gained, and the totals after the turn. With `end`, play the
    second example instead: example_end.csv from the position [example_end] of game.toml.

    When the game ends (a fighter reaches the wound limit) the example stops there: the last
    row's "end" describes the bonus attack and the result, and the turns after it are not
    played (validation warns about them). Every other row has "end" None. A row the engine
    refuses is a DataError naming the CSV file, the row and the field."""
    game = game or new_game(model)
    seat = {"human": 0, "elf": 1}
    if end:
        p = model.end_position
        assert p is not None      # a second example is only played when the data has one
        state = game.state_at(human_seat=0, turn=p.turn, exp=p.exp, wounds=p.wounds,
                              locked={s: engine.card_id(*c) for s, c in p.locked.items() if c})
        first, played = p.turn, model.end_example
    else:
        state = game.state_at(human_seat=0)
        first, played = 1, model.example
    turns = []
    for number, turn in enumerate(played, first):
        if state.is_terminal():
            break
        before_w, before_x = state.wounds, state.exp
        locked = state.locked
        ids = {s: engine.card_id(*turn.cards[s]) for s in engine.SIDES}
        for s in sorted(engine.SIDES, key=lambda side: seat[side]):
            try:
                state.apply_action(ids[s])
            except IllegalAction as exc:
                if ids[s] == locked[seat[s]]:
                    why = "it was played the turn before and is locked (E3)"
                else:
                    why = f"the rules engine refuses it ({exc})"
                raise DataError(f"turn {number}: the {s} cannot play {turn.cards[s][1]} "
                                f"{turn.cards[s][0]}: {why}", turn.source.path,
                                turn.source.row, f"{s}_type") from None
        after_w, after_x = state.wounds, state.exp
        ending = None
        if state.is_terminal():
            # the engine has already made the bonus attack: take it out of the turn's wounds
            stats = state.stats()
            ending = _example_end(model, game, stats)
            bonus_to = {"human": "elf", "elf": "human"}.get(stats["bonus_attacker"])
            if bonus_to is not None:
                after_w = tuple(w - stats["bonus_damage"] if i == seat[bonus_to] else w
                                for i, w in enumerate(after_w))
        turns.append({
            "turn": number,
            "cards": {s: _card_text(model, *turn.cards[s]) for s in engine.SIDES},
            **_outcome(model, number, turn, ids, (before_w, before_x), (after_w, after_x)),
            "wounds": {s: after_w[seat[s]] for s in engine.SIDES},
            "exp": {s: {t: after_x[seat[s] * 3 + i] for i, t in enumerate(engine.TYPES)}
                    for s in engine.SIDES},
            "end": ending,
        })
    return turns


def _outcome(model: Model, number: int, turn: ExampleTurn, ids: dict[str, int], before,
             after) -> dict:
    """Who won the turn and why, the wounds dealt and the experience gained (or, with the same
    card, who gained and from what), from the wounds and experience before and after it."""
    (before_w, before_x), (after_w, after_x) = before, after
    seat = {"human": 0, "elf": 1}
    winner = engine.resolve(ids["human"], ids["elf"])
    row: dict[str, Any] = {"outcome": "win" if winner is not None else "same", "winner": None, "loser": None,
           "damage": 0, "exp_before": 0, "multiplier": 0, "exp_after": 0, "gainer": None,
           "type": None, "levels": {}, "reason": ""}
    if winner is not None:
        w = engine.SIDES[0] if winner == 0 else engine.SIDES[1]
        lo = next(s for s in engine.SIDES if s != w)
        t, m = turn.cards[w]
        i = seat[w] * 3 + engine.TYPES.index(t)
        damage = after_w[seat[lo]] - before_w[seat[lo]]
        exp_before = before_x[i]
        mult = model.modalities[m].multiplier
        if damage != exp_before * mult or after_x[i] != exp_before + 1:
            # not expected with any data: the engine is not built from the data's numbers
            raise DataError(f"turn {number}: the rules engine dealt {damage} wounds, the "
                            f"example expects {exp_before} x {mult}; the engine was not "
                            "built with the data's numbers", turn.source.path,
                            turn.source.row, f"{w}_modality")
        lt = turn.cards[lo][0]
        reason = (f"{model.attacks[t].name} beats {model.attacks[lt].name}" if t != lt else
                  f"Same type: {model.modalities['quick'].name} beats "
                  f"{model.modalities['strong'].name}")
        row.update(winner=model.sides[w].name, loser=model.sides[lo].name, damage=damage,
                   exp_before=exp_before, multiplier=mult, type=model.attacks[t].name,
                   gainer=model.sides[w].name, exp_after=after_x[i], reason=reason)
    else:
        t = turn.cards["human"][0]
        k = engine.TYPES.index(t)
        gained = [s for s in engine.SIDES
                  if after_x[seat[s] * 3 + k] > before_x[seat[s] * 3 + k]]
        row.update(type=model.attacks[t].name, reason="same card",
                   levels={model.sides[s].name: before_x[seat[s] * 3 + k]
                           for s in engine.SIDES})
        if gained:
            g = gained[0]
            row.update(gainer=model.sides[g].name, exp_after=after_x[seat[g] * 3 + k])
    return row


def _example_end(model: Model, game: engine.ExperiorGame, stats: dict) -> dict:
    """The end of the example game, from the engine's figures: why it ended, the bonus
    attack (E6, E8) and the result (E7)."""
    name = {s: model.sides[s].name for s in engine.SIDES}
    exp = stats["experience"]
    high = {s: max(exp[s].values()) for s in engine.SIDES}
    diff = {name[s]: high[s] - min(exp[s].values()) for s in engine.SIDES}
    final = stats["wounds"]
    attacker = stats["bonus_attacker"]
    before = {s: final[s] - (stats["bonus_damage"] if attacker and s != attacker else 0)
              for s in engine.SIDES}
    if stats["ended_by"] == "wounds":
        reached = [name[s] for s in engine.SIDES if before[s] >= game.wound_limit]
        why = f"the {' and the '.join(reached)} reached the wound limit, {game.wound_limit}"
    else:
        why = f"the turn limit, {game.max_turns} turns, was reached"
    winner = stats["winner_side"]
    return {
        "why": why,
        "limit": game.wound_limit,
        "diffs": diff,
        "bonus_attacker": name[attacker] if attacker else None,
        "bonus_defender": (name[next(s for s in engine.SIDES if s != attacker)]
                           if attacker else None),
        "bonus_highest": high[attacker] if attacker else 0,
        "bonus_multiplier": game.bonus_multiplier,
        "bonus_damage": stats["bonus_damage"],
        "wounds": {s: final[s] for s in engine.SIDES},
        "winner": name[winner] if winner else None,
        "winner_before": (name[stats["winner_before_bonus"]] if stats["winner_before_bonus"]
                          else None),
    }


def _card_text(model: Model, type_: str, modality: str) -> str:
    return f"{model.modalities[modality].name} {model.attacks[type_].name}"

