"""Experior's rule booklet: the template (booklet.md.j2 in the game folder) rendered with the
data's names and numbers and the engine's worked examples, and its two figures: the winning
order as a triangle of badges (a layout file, layouts/order.toml), and real card faces (a Quick
and a Strong card, both backs)."""

from __future__ import annotations

from ...render.booklet import Booklet, faces_figure
from ...render.surface import Surface
from ...units import MM
from ..pieces import game_booklet, layout_face
from . import engine
from .faces import attack_card, side_back
from .example import ended_before, worked_example
from .model import Card, Model, enforced_rulings


def _order_figure(model: Model):
    """The winning order's figure: its layout file (layouts/order.toml), drawn in the booklet."""
    drawer = layout_face(model, "order", {})

    def fig(c, fonts, w, h):
        drawer(Surface(c, fonts, w, h, 0, "figure: winning order", cut=False))

    return fig


def _cards_figure(model: Model, scale: float = 0.6):
    w, h = model.card_size
    order = {s: i for i, s in enumerate(engine.SIDES)}
    picks = []
    for sid in engine.SIDES:
        m = "quick" if sid == engine.SIDES[0] else "strong"
        card = next((cd for cd in model.cards if cd.side == sid and cd.modality == m), None)
        if card is not None:
            picks.append(attack_card(model, card))
    picks += [side_back(model, sid) for sid in sorted(model.sides, key=lambda sid: order[sid])]
    return faces_figure(picks, w, h, model.common.palette["ink"], scale, gap=5 * MM)


def _position_text(model: Model) -> dict | None:
    """The second example's start, in the booklet's words (names from the data)."""
    p = model.end_position
    if p is None:
        return None
    return {"turn": p.turn, "wounds": p.wounds,
            "exp": {s: {model.attacks[t].name: v for t, v in p.exp[s].items()} for s in p.exp},
            "locked": {s: model.card_name(Card(s, c[0], c[1], 0, p.source)) if c else None
                       for s, c in p.locked.items()}}


def booklet(model: Model) -> Booklet:
    pal = model.common.palette
    sides = [{"id": s.id, "name": s.name,
              "start": {model.attacks[t].name: s.start[t] for t in engine.TYPES}}
             for s in (model.sides[i] for i in engine.SIDES)]
    attacks = [{"id": a.id, "name": a.name, "colour": a.colour_name,
                "beats": model.attacks[a.beats].name}
               for a in (model.attacks[t] for t in engine.TYPES)]
    modalities = [{"id": m.id, "name": m.name, "multiplier": m.multiplier}
                  for m in (model.modalities[i] for i in engine.MODALITIES)]
    track, exp = model.wound_track, model.experience_track
    context = {
        "sides": sides,
        "attacks": attacks,
        "modalities": modalities,
        "quick": modalities[0], "strong": modalities[1],
        "order": model.layout_names["order"],
        "wound_limit": model.wound_limit,
        "bonus_multiplier": model.bonus_multiplier,
        "cards_per_side": engine.NUM_CARDS,
        "aid_cards": model.aid_cards,
        "track": {"first": track[0], "last": track[-1], "beyond": model.wound_cells_beyond,
                  "exp_first": exp[0], "exp_last": exp[-1], "exp_flip": model.experience_flip},
        "example": worked_example(model),
        "end_example": (worked_example(model, end=True)
                        if model.end_position and not ended_before(model) else []),
        "end_position": _position_text(model),
    }
    figures = {"order": (100 * MM, 74 * MM, _order_figure(model)),
               "cards": _cards_figure(model)}
    return game_booklet(model, context, enforced_rulings(model), figures, pal["ink"])
