"""The stalemate ruling: a game in which nobody can move any more, and nothing changes, ends
at once (ended_by "stalemate") and is scored as usual, instead of passing turn after turn to the
turn limit. The engine (RulesState._stalled) and the booklet's "How to play" (ruling) both ask
can_stall, so the booklet says the ruling exactly when the engine may apply it."""

from __future__ import annotations

from .spec import Rules

ENDED_BY = "stalemate"      # RulesState.ended_by, and the simulation report's "Games end by"


def can_stall(rules: Rules) -> bool:
    """A turn may go by with no seat able to move: no phase a seat acts in has an action that
    is always there (no card, no `if`), and nothing reads the turn or round (a move that
    `turn >= 10` allows, or an end it makes, may come later: the game is not stuck)."""
    if rules.reads & {"turn", "round"}:
        return False
    return not any(phase.who != "none" and any(a.source is None and a.condition is None
                                               for a in phase.actions)
                   for phase in rules.phases)


def ruling(rules: Rules) -> str | None:
    """The booklet's sentence of the ruling (None when it cannot happen)."""
    if not can_stall(rules):
        return None
    only = " (or can only pass)" if any(p.can_pass for p in rules.phases) else ""
    return (f"If a whole round of turns (one turn for each player) goes by in which no player "
            f"can make a move{only} and nothing changes, the game is stuck: it ends at once (a "
            f"stalemate) and is scored as usual.")


def unfinished(limited: bool, stuck: bool) -> str:
    """How games that no [[end]] ended did end, as the reports say it: "ended at the turn or
    round limit", "ended in a stalemate (...)", or both."""
    limit, stalemate = "at the turn or round limit", "in a stalemate (no player could move)"
    return "ended " + (f"{limit} or {stalemate}" if limited and stuck else
                       stalemate if stuck else limit)
