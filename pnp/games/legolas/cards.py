"""Legolas vs. Gimli's cards: monsters, treasures, characters and missions, with their backs."""

from __future__ import annotations

from reportlab.lib.colors import Color, white

from ...kit import shared
from ...render.colours import mix
from ...render.icons import (cards_icon, coin_icon, crown_icon, dagger_icon, disc, eye_icon,
                             hat_icon, net_icon, person_icon, player_symbol, ring_icon,
                             shield_icon, spikes_icon, suit_icon, sword_icon, wall_icon)
from ...render.surface import Surface
from ...render.text import fit
from ...units import MM
from . import facts
from .facts import Mission
from .model import Model, Player
from .texts import level_texts, mission_lines, treasure_text
from .drawing import (HALF, back_frame, bow_and_axe, panel, title_case, coins_text,
                      element_badge, signed)


# ---- monster cards -------------------------------------------------------------------------------
def _index(s: Surface, model: Model, m: facts.Monster, x: float, top: float) -> None:
    """The corner index: the value, big, over the suit's icon."""
    col = model.colour(m.suit)
    s.c.setFillColor(col)
    s.line(str(m.value), x, top - 10.5 * MM, 34, "bold", "centre")
    suit_icon(s.c, m.suit, x, top - 16.2 * MM, 7.5 * MM, col)


def _hazard_band(c, x: float, y: float, w: float, h: float, fill: Color, stripe: Color) -> None:
    c.saveState()
    p = c.beginPath()
    p.roundRect(x, y, w, h, 1.2 * MM)
    c.clipPath(p, stroke=0, fill=0)
    c.setFillColor(fill)
    c.rect(x, y, w, h, stroke=0, fill=1)
    c.setFillColor(stripe)
    step = 3.2 * MM
    k = x - h
    while k < x + w:
        q = c.beginPath()
        q.moveTo(k, y)
        q.lineTo(k + step / 2, y)
        q.lineTo(k + step / 2 + h, y + h)
        q.lineTo(k + h, y + h)
        q.close()
        c.drawPath(q, stroke=0, fill=1)
        k += step
    c.restoreState()


def _monster_band(s: Surface, model: Model, m: facts.Monster) -> None:
    """The TRAP (striped) or BOSS (with its VP) band across the card."""
    c, w = s.c, s.w
    pal = model.common.palette
    ink = pal["ink"]
    band_y, band_h = 24 * MM, 8 * MM
    bx, bw = 5 * MM, w - 10 * MM
    if m.kind == "trap":
        _hazard_band(c, bx, band_y, bw, band_h, pal["trap"], ink)
        c.setFillColor(pal["trap"])
        c.roundRect(bx + 8 * MM, band_y + 1 * MM, bw - 16 * MM, band_h - 2 * MM, 1 * MM,
                    stroke=0, fill=1)
        spikes_icon(c, bx + 13 * MM, band_y + band_h / 2, 5.5 * MM, ink)
        c.setFillColor(ink)
        s.line("TRAP", bx + bw / 2 + 3 * MM, band_y + 2.3 * MM, 13, "bold", "centre")
    elif m.kind == "boss":
        c.setFillColor(pal["boss"])
        c.roundRect(bx, band_y, bw, band_h, 1.2 * MM, stroke=0, fill=1)
        crown_icon(c, bx + 6 * MM, band_y + band_h / 2, 6 * MM, pal["gold"], pal["boss"])
        c.setFillColor(white)
        s.line(f"BOSS  {signed(m.boss_vp)} VP", bx + bw / 2 + 3 * MM, band_y + 2.3 * MM, 13,
               "bold", "centre", max_width=bw - 14 * MM, field="boss_vp")


def _monster_coins(s: Surface, model: Model, m: facts.Monster) -> None:
    """The coins, bottom left: one icon each (a half icon for ½) and the number."""
    c, w = s.c, s.w
    pal = model.common.palette
    ink = pal["ink"]
    y, x, cr = 10 * MM, 7.5 * MM, 3.2 * MM
    if m.coins == 0:
        c.setFillColor(mix(ink, pal["parchment"], 0.35))
        s.line("no coin", 5.5 * MM, y - 1.2 * MM, 9, "italic")
        return
    whole = int(m.coins)
    for _ in range(whole):
        coin_icon(c, x, y, cr, pal["gold"], ink)
        x += 2 * cr + 1.2 * MM
    if m.coins != whole:
        coin_icon(c, x, y, cr, pal["gold"], ink, half=True)
        x += 2 * cr + 1.2 * MM
    c.setFillColor(ink)
    s.line(coins_text(m.coins), x - 0.5 * MM, y - 1.3 * MM, 9.5, "bold",
           max_width=w - 18 * MM - x, field="coins")


def monster_card(model: Model, m: facts.Monster):
    pal = model.common.palette
    ink, paper = pal["ink"], pal["parchment"]
    col = model.colour(m.suit)
    descriptor = model.suits.get(m.suit, "")

    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        panel(s, col, paper)
        # index top left; the same, turned, bottom right
        _index(s, model, m, 9.5 * MM, h - 3 * MM)
        c.saveState()
        c.translate(w, h)
        c.rotate(180)
        _index(s, model, m, 9.5 * MM, h - 3 * MM)
        c.restoreState()
        # suit name and descriptor
        c.setFillColor(col)
        s.line(m.suit.upper(), w - 6 * MM, h - 10.5 * MM, 12, "bold", "right",
               max_width=w - 24 * MM, field="suit")
        if descriptor:
            c.setFillColor(ink)
            s.line(descriptor, w - 6 * MM, h - 15 * MM, 7.5, "italic", "right",
                   max_width=w - 24 * MM, field=f"suits.{m.suit}", source=model.file("game.toml"))
        s.line(f"{m.value} damage", w - 6 * MM, h - 20 * MM, 8, "bold", "right",
               max_width=w - 24 * MM, field="value")
        # the element medallion
        cx, cy, r = w / 2, h - 38 * MM, 10.5 * MM
        disc(c, cx, cy, r + 1.2 * MM, paper, col, 1.4)
        element_badge(c, model, m.element, cx, cy, r)
        c.setFillColor(ink)
        s.line(m.element.upper(), cx, cy - r - 5 * MM, 10.5, "bold", "centre",
               max_width=w - 16 * MM, field="element")
        _monster_band(s, model, m)
        _monster_coins(s, model, m)

    return draw


def monster_back(model: Model):
    pal = model.common.palette

    @shared
    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        back_frame(s, pal["back"], pal["gold"])
        disc(c, w / 2, h / 2 + 6 * MM, 16 * MM, pal["back"], pal["gold"], 1.2)
        bow_and_axe(c, w / 2, h / 2 + 6 * MM, 24 * MM, pal["gold"])
        c.setFillColor(pal["gold"])
        s.line(model.common.title.upper(), w / 2, h / 2 - 17 * MM, 12, "bold", "centre",
               max_width=w - 14 * MM)
        s.line("MONSTER", w / 2, h / 2 - 23 * MM, 9, "regular", "centre")

    return draw


# ---- treasure cards ------------------------------------------------------------------------------
# Which ruling explains each kind of treasure effect (printed only if the ruling exists).
EFFECT_RULINGS = {"minion": "L25", "net": "L26", "boss_vp": "L27", "plays": "L28",
                  "coin_bonus": "L31", "defence": "L24", "barrier": "L24", "immunity": "L24"}


def _treasure_icon(c, model: Model, t: facts.Treasure, cx: float, cy: float,
                   size: float) -> None:
    pal = model.common.palette
    ink, gold = pal["ink"], pal["gold"]
    if t.effect == "defence":
        shield_icon(c, cx, cy, size, pal["treasure"])
    elif t.effect == "barrier":
        wall_icon(c, cx, cy - size * 0.1, size * 0.95, pal["brute"], pal["parchment"])
        element_badge(c, model, t.target, cx + size * 0.32, cy + size * 0.3, size * 0.24,
                      pal["parchment"])
    elif t.effect == "immunity":
        shield_icon(c, cx, cy, size, pal["treasure"])
        suit_icon(c, t.target, cx, cy + size * 0.08, size * 0.5, pal["parchment"])
    elif t.effect == "minion":
        person_icon(c, cx, cy, size * 0.85, pal["character"])
    elif t.effect == "net":
        net_icon(c, cx, cy, size * 0.95, ink)
    elif t.effect == "boss_vp":
        ring_icon(c, cx, cy, size * 0.9, gold, pal["boss"])
    elif t.effect == "plays":
        cards_icon(c, cx, cy, size * 0.9, ink, pal["paper"])
    elif t.effect == "coin_bonus":
        dagger_icon(c, cx - size * 0.15, cy, size * 0.95, ink, angle=-30)
        coin_icon(c, cx + size * 0.3, cy - size * 0.22, size * 0.18, gold, ink)
    else:
        coin_icon(c, cx, cy, size * 0.4, gold, ink)


def treasure_card(model: Model, t: facts.Treasure):
    pal = model.common.palette
    ink = pal["ink"]
    rulings = {r.id for r in model.common.rulings}
    note = EFFECT_RULINGS.get(t.effect)
    effect = treasure_text(t)

    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        panel(s, pal["treasure"], pal["parchment"])
        c.setFillColor(pal["treasure"])
        s.line("TREASURE", w / 2, h - 8.5 * MM, 7.5, "bold", "centre")
        c.setFillColor(ink)
        s.line(t.name, w / 2, h - 15 * MM, 14, "bold", "centre", max_width=w - 10 * MM,
               field="name")
        cy = h - 35 * MM
        disc(c, w / 2, cy, 14 * MM, mix(pal["parchment"], pal["gold"], 0.35), None)
        _treasure_icon(c, model, t, w / 2, cy, 20 * MM)
        if t.effect == "defence":
            c.setFillColor(white)
            s.line(f"+{t.amount}", w / 2, cy - 1 * MM, 20, "bold", "centre", field="amount")
        c.setFillColor(ink)
        s.paragraph(effect, 5.5 * MM, 10 * MM, w - 11 * MM, 27 * MM, size=11.5, min_size=7,
                    align="centre", valign="middle", field="text")
        if note and note in rulings:
            c.setFillColor(mix(ink, pal["parchment"], 0.4))
            s.line(f"see ruling {note}", w / 2, 5.5 * MM, 7, "italic", "centre")

    return draw


def treasure_back(model: Model):
    pal = model.common.palette

    @shared
    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        back_frame(s, pal["treasure"], pal["gold"])
        cx, cy = w / 2, h / 2 + 5 * MM
        for dx, dy in ((-6, -5), (6, -5), (0, -5), (-3, 0), (3, 0), (0, 5)):
            coin_icon(c, cx + dx * MM, cy + dy * MM, 5 * MM, pal["gold"], pal["ink"])
        c.setFillColor(pal["parchment"])
        s.line("TREASURE", w / 2, h / 2 - 16 * MM, 15, "bold", "centre")
        s.line(model.common.title, w / 2, h / 2 - 23 * MM, 8.5, "regular", "centre",
               max_width=w - 14 * MM)

    return draw


# ---- character cards -----------------------------------------------------------------------------
def _character_icon(c, cid: str, cx: float, cy: float, size: float, fill: Color,
                    detail: Color) -> None:
    if cid == "fighter":
        sword_icon(c, cx - size * 0.12, cy, size, fill, angle=-20)
        shield_icon(c, cx + size * 0.18, cy - size * 0.08, size * 0.62, fill, detail)
    elif cid == "wizard":
        hat_icon(c, cx, cy, size, fill, detail)
    elif cid == "rogue":
        dagger_icon(c, cx, cy, size, fill, angle=-25)
    elif cid == "psychic":
        eye_icon(c, cx, cy, size, fill, detail)
    else:
        person_icon(c, cx, cy, size, fill)


def _character_boxes(s: Surface, model: Model, ch: facts.Character, top: float,
                     bh: float) -> None:
    """Three boxes under the name: the challenge threshold, the defence, the element."""
    pal = model.common.palette
    ink, paper, frame = pal["ink"], pal["parchment"], pal["character"]
    c, w = s.c, s.w
    gap = 1.5 * MM
    bw = (w - 10 * MM - 2 * gap) / 3
    for i in range(3):
        x = 5 * MM + i * (bw + gap)
        c.setFillColor(mix(paper, frame, 0.12))
        c.setStrokeColor(frame)
        c.setLineWidth(0.6)
        c.roundRect(x, top - bh, bw, bh, 1.5 * MM, stroke=1, fill=1)
        cx = x + bw / 2
        c.setFillColor(ink)
        if i == 0:
            s.line("MUST", cx, top - 3.4 * MM, 7, "condensed-bold", "centre")
            s.line("CHALLENGE", cx, top - 6.2 * MM, 7, "condensed-bold", "centre",
                   max_width=bw - 1.2 * MM)
            s.line(f"{ch.threshold}+", cx, top - 13.6 * MM, 20, "bold", "centre",
                   max_width=bw - 2, field="threshold")
            s.line("horde total", cx, top - 17.4 * MM, 7, "regular", "centre",
                   max_width=bw - 1.5)
        elif i == 1:
            s.line("DEFENCE", cx, top - 3.4 * MM, 7, "bold", "centre", max_width=bw - 1.5)
            shield_icon(c, cx, top - 11.6 * MM, 12 * MM, frame)
            c.setFillColor(white)
            s.line(str(ch.defence), cx, top - 12.4 * MM, 17, "bold", "centre", field="defence")
        else:
            s.line("ELEMENT", cx, top - 3.4 * MM, 7, "bold", "centre", max_width=bw - 1.5)
            element_badge(c, model, ch.element, cx, top - 9.9 * MM, 4.3 * MM, ink)
            c.setFillColor(ink)
            s.line(title_case(ch.element), cx, top - 17.4 * MM, 8, "bold", "centre",
                   max_width=bw - 1.5, field="element")


def _character_levels(s: Surface, model: Model, ch: facts.Character, y: float) -> None:
    """The level 2 and 3 abilities from y down, their texts at one size, in the space left."""
    pal = model.common.palette
    c, w = s.c, s.w
    head, gap = 4.4 * MM, 1.2 * MM
    box = (y - 4 * MM - 2 * head - 2 * gap) / 2
    texts = tuple((level, vp, text, f"level{level}_text") for level, vp, text in
                  zip((2, 3), (facts.LEVEL_2_VP, facts.LEVEL_3_VP), level_texts(ch)))
    size = 10.0
    while size > 7 and not all(fit(s.fonts, text, w - 11 * MM, box, size, size, "condensed")
                               for _, _, text, _ in texts):
        size -= 0.25
    for level, vp, text, field in texts:
        c.setFillColor(pal["character"])
        c.roundRect(5 * MM, y - head, w - 10 * MM, head, 1 * MM, stroke=0, fill=1)
        c.setFillColor(white)
        s.line(f"LEVEL {level}", 7 * MM, y - 3.2 * MM, 8, "bold")
        s.line(f"from {vp} VP", w - 7 * MM, y - 3.2 * MM, 8, "bold", "right")
        c.setFillColor(pal["ink"])
        s.paragraph(text, 5.5 * MM, y - head - box - 0.3 * MM, w - 11 * MM, box,
                    size=size, min_size=7, role="condensed", valign="middle", field=field)
        y -= head + box + gap


def character_card(model: Model, ch: facts.Character):
    pal = model.common.palette
    frame = pal["character"]

    @shared  # the copies of a character share their face
    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        panel(s, frame, pal["parchment"])
        # name band
        c.setFillColor(frame)
        c.rect(-s.bleed, h - 12.5 * MM, w + 2 * s.bleed, 12.5 * MM + s.bleed, stroke=0, fill=1)
        _character_icon(c, ch.id, 10 * MM, h - 7.5 * MM, 8.5 * MM, pal["gold"], frame)
        c.setFillColor(white)
        s.line(ch.name.upper(), w / 2 + 4 * MM, h - 9.8 * MM, 16, "bold", "centre",
               max_width=w - 26 * MM, field="name")
        top, bh = h - 14.5 * MM, 19 * MM
        _character_boxes(s, model, ch, top, bh)
        c.setFillColor(pal["ink"])
        y = top - bh - 1 * MM
        s.paragraph(f"{signed(ch.element_vp)} VP for each {ch.element} monster you defeat.",
                    5 * MM, y - 5 * MM, w - 10 * MM, 5 * MM, size=8.5, min_size=7,
                    align="centre", valign="middle", field="element_vp")
        _character_levels(s, model, ch, y - 6 * MM)

    return draw


def character_back(model: Model):
    pal = model.common.palette

    @shared
    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        back_frame(s, pal["character"], pal["gold"])
        cx, cy = w / 2, h / 2 + 7 * MM
        for (dx, dy), cid in zip(((-8, 8), (8, 8), (-8, -8), (8, -8)), facts.CHARACTER_IDS):
            _character_icon(c, cid, cx + dx * MM, cy + dy * MM, 11 * MM, pal["gold"],
                            pal["character"])
        c.setFillColor(pal["parchment"])
        s.line("CHARACTER", w / 2, h / 2 - 17 * MM, 14, "bold", "centre")
        s.line(model.common.title, w / 2, h / 2 - 23.5 * MM, 8.5, "regular", "centre",
               max_width=w - 14 * MM)

    return draw


# ---- mission cards -------------------------------------------------------------------------------
# The note under a mission's lines, by what it scores per: (ruling, text).
MISSION_NOTES = {"trap": ("L33", "Traps of any suit count."),
                 "coin": ("L2", f"The {HALF} coin scores {HALF} VP."),
                 "round": ("L11", "Your VP can go below 0.")}


def mission_note(mission: Mission) -> tuple[str, str] | None:
    return next((MISSION_NOTES[p] for p in (mission.gain_per, mission.loss_per)
                 if p in MISSION_NOTES), None)


def _mission_icon(c, model: Model, mid: str, cx: float, cy: float, size: float) -> None:
    pal = model.common.palette
    if mid in facts.SUITS:
        suit_icon(c, mid, cx, cy, size, model.colour(mid))
    elif mid == "escapist":
        spikes_icon(c, cx, cy, size * 0.9, pal["ink"])
    elif mid == "gambler":
        for dx, dy in ((-0.22, -0.12), (0.22, -0.12), (0, 0.2)):
            coin_icon(c, cx + dx * size, cy + dy * size, size * 0.24, pal["gold"], pal["ink"])
    else:
        shield_icon(c, cx, cy, size, pal["character"], pal["parchment"])


def mission_card(model: Model, mission: Mission, player: Player):
    pal = model.common.palette
    ink, paper = pal["ink"], pal["paper"]
    rulings = {r.id for r in model.common.rulings}
    note = mission_note(mission)

    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        panel(s, player.colour, paper, inset=3 * MM)
        # the player's band
        c.setFillColor(player.colour)
        c.rect(-s.bleed, h - 13 * MM, w + 2 * s.bleed, 13 * MM + s.bleed, stroke=0, fill=1)
        player_symbol(c, player.symbol, 9.5 * MM, h - 8 * MM, 7.5 * MM, player.ink)
        c.setFillColor(player.ink)
        s.line(f"PLAYER {player.seat} \u00b7 {player.name.upper()}", w - 6 * MM, h - 9.5 * MM,
               9, "bold", "right", max_width=w - 20 * MM, field="name", source=player.source)
        c.setFillColor(mix(ink, paper, 0.3))
        s.line("MISSION", w / 2, h - 18.5 * MM, 7.5, "bold", "centre")
        c.setFillColor(ink)
        s.line(mission.name.upper(), w / 2, h - 25 * MM, 16, "bold", "centre",
               max_width=w - 10 * MM, field="name")
        _mission_icon(c, model, mission.id, w / 2, h - 38 * MM, 16 * MM)
        # the scoring lines
        lines = mission_lines(mission)
        y = h - 50 * MM
        row = min(13 * MM, (y - 11 * MM) / max(1, len(lines)))
        for (vp, rest), side in zip(lines, ("gain", "loss")):
            number = signed(vp)
            good = vp >= 0
            fill = Color(0.16, 0.45, 0.2) if good else Color(0.62, 0.12, 0.1)
            c.setFillColor(fill)
            c.roundRect(5 * MM, y - row + 1.5 * MM, 14 * MM, row - 3 * MM, 1.5 * MM,
                        stroke=0, fill=1)
            c.setFillColor(white)
            s.line(number, 12 * MM, y - row / 2 - 0.2 * MM, 15, "bold", "centre",
                   max_width=12 * MM, field=f"{side}_vp")
            s.line("VP", 12 * MM, y - row + 2.5 * MM, 6.5 * 1.1, "bold", "centre")
            c.setFillColor(ink)
            s.paragraph(title_case(rest), 21 * MM, y - row + 1 * MM, w - 26 * MM, row - 2 * MM,
                        size=10, min_size=7, valign="middle", field=f"{side}_text")
            y -= row
        if note and note[0] in rulings:
            c.setFillColor(mix(ink, paper, 0.35))
            s.paragraph(f"{note[1]} (ruling {note[0]})", 5 * MM, 5 * MM, w - 10 * MM, 5 * MM,
                        size=7, min_size=7, align="centre", role="italic", valign="middle")

    return draw


def mission_back(model: Model, player: Player):
    @shared
    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        back_frame(s, player.colour, player.ink)
        player_symbol(c, player.symbol, w / 2, h / 2 + 9 * MM, 26 * MM, player.ink)
        c.setFillColor(player.colour)
        s.line(str(player.seat), w / 2, h / 2 + 5.5 * MM, 24, "bold", "centre")
        c.setFillColor(player.ink)
        s.line(f"PLAYER {player.seat}", w / 2, h / 2 - 13 * MM, 13, "bold", "centre")
        s.line(player.name.upper(), w / 2, h / 2 - 19.5 * MM, 10, "bold", "centre",
               max_width=w - 16 * MM)
        s.line("MISSION", w / 2, h / 2 - 27 * MM, 9, "regular", "centre")

    return draw
