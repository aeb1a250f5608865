"""Legolas vs. Gimli's printed pieces: monster, treasure, character, mission and player aid cards,
the score board, markers and the booklet's figures. Every name, number and colour comes from the
model (the card data) or from the rules engine's facts."""

from __future__ import annotations

import re

from reportlab.lib.colors import Color, white

from ...kit import Board, Kit, Piece, Sheet, shared
from ...render.booklet import Booklet, faces_figure
from ...render.colours import ink_on, mix
from ...render.icons import (arrow, axe_icon, bow_icon, cards_icon, coin_icon, crown_icon,
                             dagger_icon, disc, element_icon, eye_icon, hat_icon, net_icon,
                             person_icon, player_symbol, ring_icon, shield_icon, spikes_icon,
                             suit_icon, sword_icon, wall_icon)
from ...render.surface import Surface
from ...render.text import draw_fitted, fit
from ...units import MM
from ..base import booklet_text
from . import engine
from .kit import Mission, Model, Player

MINUS = "\u2212"
HALF = "\u00bd"



def signed(n: float) -> str:
    """+3, −2, 0 (a true minus sign)."""
    text = fmt(abs(n))
    return f"+{text}" if n > 0 else f"{MINUS}{text}" if n < 0 else "0"


def fmt(n: float) -> str:
    """A number as printed: 2, 0.5 as ½, 2.5 as 2½."""
    whole = int(n)
    if n == whole:
        return str(whole)
    return (f"{whole}" if whole else "") + HALF if n - whole == 0.5 else f"{n:g}"


def coins_text(coins: float) -> str:
    if coins == 0:
        return "no coin"
    return f"{fmt(coins)} coin" + ("" if coins <= 1 else "s")


# ---- common parts --------------------------------------------------------------------------------
def _panel(s: Surface, frame: Color, paper: Color, inset: float = 2.5 * MM,
           radius: float = 2.5 * MM) -> None:
    """A frame colour to the bleed and a paper panel inside it."""
    s.fill_bleed(frame)
    s.c.setFillColor(paper)
    s.c.roundRect(inset, inset, s.w - 2 * inset, s.h - 2 * inset, radius, stroke=0, fill=1)


def element_badge(c, model: Model, element: str, cx: float, cy: float, r: float,
                  ring: Color | None = None) -> None:
    col = model.colour(element)
    disc(c, cx, cy, r, col, ring, max(0.6, r / 10))
    icon = ink_on(col)
    element_icon(c, element, cx, cy, r * 1.25, icon,
                 model.colour("gold") if element == "fire" else mix(col, white, 0.75))


def _title(text: str) -> str:
    return text[:1].upper() + text[1:]


def _back_frame(s: Surface, fill: Color, line: Color) -> None:
    c, w, h = s.c, s.w, s.h
    s.fill_bleed(fill)
    c.setStrokeColor(line)
    c.setLineWidth(1.4)
    c.roundRect(4 * MM, 4 * MM, w - 8 * MM, h - 8 * MM, 3 * MM, stroke=1, fill=0)
    c.setLineWidth(0.5)
    c.roundRect(5.5 * MM, 5.5 * MM, w - 11 * MM, h - 11 * MM, 2 * MM, stroke=1, fill=0)


def _bow_and_axe(c, cx: float, cy: float, size: float, fill: Color) -> None:
    """The game's emblem: Legolas's bow crossed with Gimli's axe."""
    bow_icon(c, cx - size * 0.2, cy, size * 0.55, fill)
    axe_icon(c, cx + size * 0.27, cy, size * 0.6, fill, angle=0)


# ---- monster cards -------------------------------------------------------------------------------
def _index(s: Surface, model: Model, m: engine.Monster, x: float, top: float) -> None:
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


def monster_card(model: Model, m: engine.Monster):
    pal = model.common.palette
    ink, paper = pal["ink"], pal["parchment"]
    col = model.colour(m.suit)
    descriptor = model.suits.get(m.suit, "")

    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        _panel(s, col, paper)
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
               max_width=w - 24 * MM)
        # the element medallion
        cx, cy, r = w / 2, h - 38 * MM, 10.5 * MM
        disc(c, cx, cy, r + 1.2 * MM, paper, col, 1.4)
        element_badge(c, model, m.element, cx, cy, r)
        c.setFillColor(ink)
        s.line(m.element.upper(), cx, cy - r - 5 * MM, 10.5, "bold", "centre",
               max_width=w - 16 * MM, field="element")
        # trap or boss band
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
        # coins, bottom left
        y = 10 * MM
        x = 7.5 * MM
        cr = 3.2 * MM
        if m.coins == 0:
            c.setFillColor(mix(ink, paper, 0.35))
            s.line("no coin", 5.5 * MM, y - 1.2 * MM, 9, "italic")
        else:
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

    return draw


def monster_back(model: Model):
    pal = model.common.palette

    @shared
    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        _back_frame(s, pal["back"], pal["gold"])
        disc(c, w / 2, h / 2 + 6 * MM, 16 * MM, pal["back"], pal["gold"], 1.2)
        _bow_and_axe(c, w / 2, h / 2 + 6 * MM, 24 * MM, pal["gold"])
        c.setFillColor(pal["gold"])
        s.line(model.common.title.upper(), w / 2, h / 2 - 17 * MM, 12, "bold", "centre",
               max_width=w - 14 * MM)
        s.line("MONSTER", w / 2, h / 2 - 23 * MM, 9, "regular", "centre")

    return draw


# ---- treasure cards ------------------------------------------------------------------------------
# Which ruling explains each treasure (printed only if the ruling exists).
TREASURE_RULINGS = {"minion": "L25", "net": "L26", "ring_of_legend": "L27", "lure": "L28",
                    "subtle_blade": "L31"}
for _t in engine.TREASURE_IDS:
    if _t.endswith("_barrier") or _t.endswith("_armor") or _t in (
            "silver_chains", "jewels_of_osiris", "dragon_hide", "farsight_helm"):
        TREASURE_RULINGS.setdefault(_t, "L24")


def _treasure_icon(c, model: Model, tid: str, cx: float, cy: float, size: float) -> None:
    pal = model.common.palette
    ink, gold = pal["ink"], pal["gold"]
    ids = engine.TREASURE_IDS
    armour = {ids[i]: v for i, v in getattr(engine, "ARMOR", ())}
    barrier = {ids[i]: engine.ELEMENTS[k]
               for k, i in enumerate(getattr(engine, "BARRIER_OF_ELEMENT", ()))}
    immune = {ids[i]: engine.SUITS[k]
              for k, i in enumerate(getattr(engine, "IMMUNITY_OF_SUIT", ()))}
    if tid in armour:
        shield_icon(c, cx, cy, size, pal["treasure"])
        return
    if tid in barrier:
        wall_icon(c, cx, cy - size * 0.1, size * 0.95, pal["brute"], pal["parchment"])
        element_badge(c, model, barrier[tid], cx + size * 0.32, cy + size * 0.3, size * 0.24,
                      pal["parchment"])
        return
    if tid in immune:
        shield_icon(c, cx, cy, size, pal["treasure"])
        suit_icon(c, immune[tid], cx, cy + size * 0.08, size * 0.5, pal["parchment"])
        return
    if tid == "minion":
        person_icon(c, cx, cy, size * 0.85, pal["character"])
    elif tid == "net":
        net_icon(c, cx, cy, size * 0.95, ink)
    elif tid == "ring_of_legend":
        ring_icon(c, cx, cy, size * 0.9, gold, pal["boss"])
    elif tid == "lure":
        cards_icon(c, cx, cy, size * 0.9, ink, pal["paper"])
    elif tid == "subtle_blade":
        dagger_icon(c, cx - size * 0.15, cy, size * 0.95, ink, angle=-30)
        coin_icon(c, cx + size * 0.3, cy - size * 0.22, size * 0.18, gold, ink)
    else:
        coin_icon(c, cx, cy, size * 0.4, gold, ink)


def treasure_card(model: Model, t: engine.Treasure):
    pal = model.common.palette
    ink = pal["ink"]
    rulings = {r.id for r in model.common.rulings}
    note = TREASURE_RULINGS.get(t.id)
    armour = {engine.TREASURE_IDS[i]: v for i, v in getattr(engine, "ARMOR", ())}

    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        _panel(s, pal["treasure"], pal["parchment"])
        c.setFillColor(pal["treasure"])
        s.line("TREASURE", w / 2, h - 8.5 * MM, 7.5, "bold", "centre")
        c.setFillColor(ink)
        s.line(t.name, w / 2, h - 15 * MM, 14, "bold", "centre", max_width=w - 10 * MM,
               field="name")
        cy = h - 35 * MM
        disc(c, w / 2, cy, 14 * MM, mix(pal["parchment"], pal["gold"], 0.35), None)
        _treasure_icon(c, model, t.id, w / 2, cy, 20 * MM)
        if t.id in armour:
            c.setFillColor(white)
            s.line(f"+{armour[t.id]}", w / 2, cy - 1 * MM, 20, "bold", "centre")
        c.setFillColor(ink)
        s.paragraph(t.effect, 5.5 * MM, 10 * MM, w - 11 * MM, 27 * MM, size=11.5, min_size=7,
                    align="centre", valign="middle", field="effect")
        if note and note in rulings:
            c.setFillColor(mix(ink, pal["parchment"], 0.4))
            s.line(f"see ruling {note}", w / 2, 5.5 * MM, 7, "italic", "centre")

    return draw


def treasure_back(model: Model):
    pal = model.common.palette

    @shared
    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        _back_frame(s, pal["treasure"], pal["gold"])
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


def character_card(model: Model, ch: engine.Character):
    pal = model.common.palette
    ink, paper, frame = pal["ink"], pal["parchment"], pal["character"]
    l2, l3 = engine.LEVEL_2_VP, engine.LEVEL_3_VP

    @shared  # the copies of a character share their face
    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        _panel(s, frame, paper)
        # name band
        c.setFillColor(frame)
        c.rect(-s.bleed, h - 12.5 * MM, w + 2 * s.bleed, 12.5 * MM + s.bleed, stroke=0, fill=1)
        _character_icon(c, ch.id, 10 * MM, h - 7.5 * MM, 8.5 * MM, pal["gold"], frame)
        c.setFillColor(white)
        s.line(ch.name.upper(), w / 2 + 4 * MM, h - 9.8 * MM, 16, "bold", "centre",
               max_width=w - 26 * MM, field="name")
        # three boxes: challenge threshold, defence, element
        top = h - 14.5 * MM
        gap = 1.5 * MM
        bw, bh = (w - 10 * MM - 2 * gap) / 3, 19 * MM
        for i in range(3):
            x = 5 * MM + i * (bw + gap)
            c.setFillColor(mix(paper, frame, 0.12))
            c.setStrokeColor(frame)
            c.setLineWidth(0.6)
            c.roundRect(x, top - bh, bw, bh, 1.5 * MM, stroke=1, fill=1)
            cx = x + bw / 2
            c.setFillColor(ink)
            if i == 0:
                s.line("MUST", cx, top - 3.4 * MM, 7, "bold", "centre")
                s.line("CHALLENGE", cx, top - 6.2 * MM, 7, "bold", "centre", max_width=bw - 2 * MM)
                s.line(f"{ch.threshold}+", cx, top - 13.6 * MM, 20, "bold", "centre",
                       max_width=bw - 2, field="threshold")
                s.line("horde total", cx, top - 17.4 * MM, 7, "regular", "centre",
                       max_width=bw - 1.5)
            elif i == 1:
                s.line("DEFENCE", cx, top - 3.4 * MM, 7, "bold", "centre", max_width=bw - 1.5)
                shield_icon(c, cx, top - 11.6 * MM, 12 * MM, frame)
                c.setFillColor(white)
                s.line(str(ch.defence), cx, top - 12.4 * MM, 17, "bold", "centre",
                       field="defence")
            else:
                s.line("ELEMENT", cx, top - 3.4 * MM, 7, "bold", "centre", max_width=bw - 1.5)
                element_badge(c, model, ch.element, cx, top - 9.9 * MM, 4.3 * MM, ink)
                c.setFillColor(ink)
                s.line(_title(ch.element), cx, top - 17.4 * MM, 8, "bold", "centre",
                       max_width=bw - 1.5, field="element")
        c.setFillColor(ink)
        y = top - bh - 1 * MM
        s.paragraph(f"+1 VP for each {ch.element} monster you defeat.", 5 * MM, y - 5 * MM,
                    w - 10 * MM, 5 * MM, size=8.5, min_size=7, align="centre", valign="middle")
        # the two levels, their texts at one size, in the space left
        y -= 6 * MM
        head, gap = 4.4 * MM, 1.2 * MM
        box = (y - 4 * MM - 2 * head - 2 * gap) / 2
        texts = ((2, l2, ch.level2, "level2"), (3, l3, ch.level3, "level3"))
        size = 10.0
        while size > 7 and not all(fit(s.fonts, text, w - 11 * MM, box, size, size,
                                       "condensed") for _, _, text, _ in texts):
            size -= 0.25
        for level, vp, text, field in texts:
            c.setFillColor(frame)
            c.roundRect(5 * MM, y - head, w - 10 * MM, head, 1 * MM, stroke=0, fill=1)
            c.setFillColor(white)
            s.line(f"LEVEL {level}", 7 * MM, y - 3.2 * MM, 8, "bold")
            s.line(f"from {vp} VP", w - 7 * MM, y - 3.2 * MM, 8, "bold", "right")
            c.setFillColor(ink)
            s.paragraph(text, 5.5 * MM, y - head - box - 0.3 * MM, w - 11 * MM, box,
                        size=size, min_size=7, role="condensed", valign="middle", field=field)
            y -= head + box + gap

    return draw


def character_back(model: Model):
    pal = model.common.palette

    @shared
    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        _back_frame(s, pal["character"], pal["gold"])
        cx, cy = w / 2, h / 2 + 7 * MM
        for (dx, dy), cid in zip(((-8, 8), (8, 8), (-8, -8), (8, -8)), engine.CHARACTER_IDS):
            _character_icon(c, cid, cx + dx * MM, cy + dy * MM, 11 * MM, pal["gold"],
                            pal["character"])
        c.setFillColor(pal["parchment"])
        s.line("CHARACTER", w / 2, h / 2 - 17 * MM, 14, "bold", "centre")
        s.line(model.common.title, w / 2, h / 2 - 23.5 * MM, 8.5, "regular", "centre",
               max_width=w - 14 * MM)

    return draw


# ---- mission cards -------------------------------------------------------------------------------
MISSION_NOTES = {"escapist": ("L33", "Traps of any suit count."),
                 "gambler": ("L33", f"The {HALF} coin scores {HALF} VP."),
                 "untouchable": ("L11", "Your VP can go below 0.")}
for _s in engine.SUITS:
    MISSION_NOTES[_s] = ("L33", "Traps of any suit count.")


def _mission_icon(c, model: Model, mid: str, cx: float, cy: float, size: float) -> None:
    pal = model.common.palette
    if mid in engine.SUITS:
        suit_icon(c, mid, cx, cy, size, model.colour(mid))
    elif mid == "escapist":
        spikes_icon(c, cx, cy, size * 0.9, pal["ink"])
    elif mid == "gambler":
        for dx, dy in ((-0.22, -0.12), (0.22, -0.12), (0, 0.2)):
            coin_icon(c, cx + dx * size, cy + dy * size, size * 0.24, pal["gold"], pal["ink"])
    else:
        shield_icon(c, cx, cy, size, pal["character"], pal["parchment"])


def _score_lines(text: str) -> list[tuple[str, str]]:
    """'+1 VP for each X. -1 VP for each trap.' -> [('+1', 'for each X.'), ('−1', ...)]."""
    out = []
    for sentence in re.split(r"(?<=\.)\s+", text.strip()):
        m = re.match(r"([+\-\u2212]\s*\d+(?:[.,]5)?)\s*VP\b\s*(.*)", sentence, re.I)
        if m:
            number = m.group(1).replace(" ", "").replace("-", MINUS)
            out.append((number, m.group(2)))
        elif sentence:
            out.append(("", sentence))
    return out


def mission_card(model: Model, mission: Mission, player: Player):
    pal = model.common.palette
    ink, paper = pal["ink"], pal["paper"]
    rulings = {r.id for r in model.common.rulings}
    note = MISSION_NOTES.get(mission.id)

    def draw(s: Surface) -> None:
        c, w, h = s.c, s.w, s.h
        _panel(s, player.colour, paper, inset=3 * MM)
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
        lines = _score_lines(mission.text)
        y = h - 50 * MM
        row = min(13 * MM, (y - 11 * MM) / max(1, len(lines)))
        for number, rest in lines:
            if number:
                good = not number.startswith(MINUS)
                fill = Color(0.16, 0.45, 0.2) if good else Color(0.62, 0.12, 0.1)
                c.setFillColor(fill)
                c.roundRect(5 * MM, y - row + 1.5 * MM, 14 * MM, row - 3 * MM, 1.5 * MM,
                            stroke=0, fill=1)
                c.setFillColor(white)
                s.line(number, 12 * MM, y - row / 2 - 0.2 * MM, 15, "bold", "centre",
                       max_width=12 * MM, field="text")
                s.line("VP", 12 * MM, y - row + 2.5 * MM, 6.5 * 1.1, "bold", "centre")
                c.setFillColor(ink)
                s.paragraph(_title(rest), 21 * MM, y - row + 1 * MM, w - 26 * MM, row - 2 * MM,
                            size=10, min_size=7, valign="middle", field="text")
            else:
                c.setFillColor(ink)
                s.paragraph(rest, 5 * MM, y - row + 1 * MM, w - 10 * MM, row - 2 * MM, size=10,
                            min_size=7, valign="middle", align="centre", field="text")
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
        _back_frame(s, player.colour, player.ink)
        player_symbol(c, player.symbol, w / 2, h / 2 + 9 * MM, 26 * MM, player.ink)
        c.setFillColor(player.colour)
        s.line(str(player.seat), w / 2, h / 2 + 5.5 * MM, 24, "bold", "centre")
        c.setFillColor(player.ink)
        s.line(f"PLAYER {player.seat}", w / 2, h / 2 - 13 * MM, 13, "bold", "centre")
        s.line(player.name.upper(), w / 2, h / 2 - 19.5 * MM, 10, "bold", "centre",
               max_width=w - 16 * MM)
        s.line("MISSION", w / 2, h / 2 - 27 * MM, 9, "regular", "centre")

    return draw


# ---- player aid ----------------------------------------------------------------------------------
def deal_text(sep: str = " \u00b7 ") -> str:
    parts = []
    for n in range(engine.LegolasGame.min_players, engine.LegolasGame.max_players + 1):
        sizes = engine.hand_sizes(n)
        each = str(sizes[0]) if len(set(sizes)) == 1 else "/".join(map(str, sizes))
        parts.append(f"{n}p: {each}")
    return sep.join(parts)


def _aid_blocks(s: Surface, title: str, blocks: list[tuple[str, str]], model: Model) -> None:
    """A titled card of (heading, text) blocks, top down, all at the largest common size
    (8.5 pt down to 7 pt) at which they fit; reported if even 7 pt does not."""
    pal = model.common.palette
    c, w, h = s.c, s.w, s.h
    _panel(s, pal["character"], pal["parchment"])
    c.setFillColor(pal["character"])
    c.rect(-s.bleed, h - 11.5 * MM, w + 2 * s.bleed, 11.5 * MM + s.bleed, stroke=0, fill=1)
    c.setFillColor(white)
    s.line(title, w / 2, h - 8.7 * MM, 11, "bold", "centre", max_width=w - 10 * MM)
    top, bottom = h - 13 * MM, 4 * MM
    width = w - 10 * MM
    head, gap = 3.8 * MM, 1.0 * MM
    size = 8.5
    while True:
        fitted = [fit(s.fonts, text, width, h, size, size, "condensed") for _, text in blocks]
        need = sum(f.height() if f else h for f in fitted) + \
            sum(head for heading, _ in blocks if heading) + gap * (len(blocks) - 1)
        if need <= top - bottom or size <= 7:
            break
        size -= 0.25
    if need > top - bottom:
        s.report(f"the player aid {title.lower()!r} does not fit its card even at 7 pt")
    y = top
    for (heading, text), f in zip(blocks, fitted):
        if heading:
            c.setFillColor(pal["character"])
            s.line(heading, 5 * MM, y - 3 * MM, 8, "bold", max_width=width)
            y -= head
        if f is not None:
            c.setFillColor(pal["ink"])
            draw_fitted(c, s.fonts, f, 5 * MM, y, width, "condensed")
            y -= f.height()
        y -= gap


def aid_turn(model: Model):
    @shared
    def draw(s: Surface) -> None:
        _aid_blocks(s, "YOUR TURN", [
            ("1 \u00b7 ADD A CARD TO A HORDE",
             "Play on any horde: a card of its suit; holding none of that suit, a card of value "
             "\u2265 its top card (a bare gate is 0). No legal play anywhere: your highest card "
             "becomes a new gate, face down (worth 0, its suit announced)."),
            ("2 \u00b7 CHALLENGE OR PASS",
             "A horde whose total is at or above your threshold must be challenged (one "
             "challenge a turn). Reveal from the bottom up: each monster deals its value as "
             "damage; it is defeated while your total damage stays \u2264 your defence. The "
             "rest go back. Whole horde defeated: take its gate (closed)."),
            ("ROUND ENDS",
             "when the player to play has no card, or more gates are open than there are "
             "players."),
            ("CARDS DEALT EACH ROUND", deal_text()),
        ], model)

    return draw


def mission_summary(model: Model) -> list[str]:
    """One line per mission; the suit missions, worded alike, share one line."""
    groups: dict[str, list[str]] = {}
    for m in model.missions:
        text = m.text
        if m.id in engine.SUITS:
            text = re.sub(rf"\b{re.escape(m.name)} monster", "monster of that suit", text)
        groups.setdefault(text, []).append(m.name)
    return [f"{'/'.join(names)}: {text}" for text, names in groups.items()]


def aid_scoring(model: Model):
    lines = "\n".join(mission_summary(model)).replace("-1 VP", f"{MINUS}1 VP")

    @shared
    def draw(s: Surface) -> None:
        _aid_blocks(s, "END OF A ROUND", [
            ("SCORE YOUR MISSION", lines),
            ("", "+1 VP per monster of your character's element; each boss's VP."),
            ("LEVELS", f"Level 2 from {engine.LEVEL_2_VP} VP, level 3 from {engine.LEVEL_3_VP} VP"
                       " (and back down if you lose VP)."),
            ("SHOPPING", "Fewest coins first. Spend N coins: draw N treasures, keep 1, shuffle "
                         "the rest back. Then discard all defeated monsters."),
        ], model)

    return draw


# ---- markers -------------------------------------------------------------------------------------
def marker_front(model: Model, player: Player):
    @shared
    def draw(s: Surface) -> None:
        c, r = s.c, s.w / 2
        s.fill_bleed(player.colour)
        c.setStrokeColor(player.ink)
        c.setLineWidth(0.8)
        c.circle(r, r, r - 1 * MM, stroke=1, fill=0)
        player_symbol(c, player.symbol, r, r, r * 1.25, player.ink)
        c.setFillColor(player.colour)
        dy = -0.9 * MM if player.symbol == "triangle" else 0
        s.line(str(player.seat), r, r - 1.1 * MM + dy, 9 if player.symbol != "star" else 7,
               "bold", "centre")

    return draw


def marker_back(model: Model, player: Player):
    lap = model.vp_loop

    @shared
    def draw(s: Surface) -> None:
        c, r = s.c, s.w / 2
        s.fill_bleed(player.colour)
        c.setStrokeColor(player.ink)
        c.setLineWidth(0.8)
        c.circle(r, r, r - 1 * MM, stroke=1, fill=0)
        player_symbol(c, player.symbol, r, r + 3.2 * MM, 3.2 * MM, player.ink)
        c.setFillColor(player.ink)
        s.line(f"+{lap}", r, r - 2.6 * MM, 11, "bold", "centre", max_width=2 * r - 3 * MM)

    return draw


def round_marker(model: Model):
    pal = model.common.palette

    @shared
    def draw(s: Surface) -> None:
        c, r = s.c, s.w / 2
        s.fill_bleed(pal["back"])
        c.setStrokeColor(pal["gold"])
        c.setLineWidth(0.8)
        c.circle(r, r, r - 1 * MM, stroke=1, fill=0)
        _bow_and_axe(c, r, r + 1.3 * MM, 7 * MM, pal["gold"])
        c.setFillColor(pal["gold"])
        s.line("ROUND", r, r - 4.4 * MM, 7, "bold", "centre")

    return draw


def first_marker(model: Model):
    pal = model.common.palette

    @shared
    def draw(s: Surface) -> None:
        c, r = s.c, s.w / 2
        s.fill_bleed(pal["paper"])
        c.setStrokeColor(pal["boss"])
        c.setLineWidth(1.2)
        c.circle(r, r, r - 1 * MM, stroke=1, fill=0)
        c.setFillColor(pal["boss"])
        s.line("1st", r, r - 0.8 * MM, 13, "bold", "centre")
        s.line("FIRST", r, r - 4.7 * MM, 7, "bold", "centre")

    return draw


# ---- the score board -----------------------------------------------------------------------------
def loop_layout(n: int, W: float, H: float) -> tuple[int, int]:
    """Columns and rows of a loop of n spaces round a W x H board, spaces as square as can be."""
    best = None
    for cols in range(3, n):
        rows = n // 2 + 2 - cols
        if rows < 3:
            break
        score = abs(W / cols - H / rows)
        if best is None or score < best[0]:
            best = (score, cols, rows)
    assert best is not None
    return best[1], best[2]


def loop_cells(n: int, W: float, H: float) -> list[tuple[float, float, float, float]]:
    """(x, y, w, h) of spaces 0..n-1: 0 in the bottom-left corner, then up the left edge, along
    the top, down the right edge and back along the bottom."""
    cols, rows = loop_layout(n, W, H)
    cw, ch = W / cols, H / rows
    cells = []
    for r in range(rows):                       # up the left edge
        cells.append((0, r * ch))
    for k in range(1, cols):                    # along the top
        cells.append((k * cw, (rows - 1) * ch))
    for r in range(rows - 2, -1, -1):           # down the right edge
        cells.append(((cols - 1) * cw, r * ch))
    for k in range(cols - 2, 0, -1):            # back along the bottom
        cells.append((k * cw, 0))
    return [(x, y, cw, ch) for x, y in cells]


def board(model: Model):
    pal = model.common.palette
    W, H = model.board_size
    ink, paper = pal["ink"], pal["parchment"]
    n, below = model.vp_loop, model.vp_below
    l2, l3 = engine.LEVEL_2_VP, engine.LEVEL_3_VP
    tint = {1: paper, 2: mix(paper, pal["wind"], 0.3), 3: mix(paper, pal["gold"], 0.55)}
    negative = mix(paper, pal["brute"], 0.22)

    def level(v: int) -> int:
        return 3 if v >= l3 else 2 if v >= l2 else 1

    def cell(s: Surface, x, y, cw, ch, v: int, fill: Color) -> None:
        c = s.c
        c.setFillColor(fill)
        c.setStrokeColor(ink)
        c.setLineWidth(0.6)
        c.rect(x, y, cw, ch, stroke=1, fill=1)
        c.setFillColor(ink)
        big = v % 5 == 0
        s.line(signed(v) if v < 0 else str(v), x + cw / 2, y + ch / 2 - (4.2 if big else 3.2),
               15 if big else 11, "bold" if big else "regular", "centre")

    def draw(s: Surface) -> None:
        c = s.c
        c.setFillColor(mix(paper, pal["back"], 0.08))
        c.rect(0, 0, W, H, stroke=0, fill=1)
        cells = loop_cells(n, W, H)
        cw, ch = cells[0][2], cells[0][3]
        for v, (x, y, w_, h_) in enumerate(cells):
            cell(s, x, y, w_, h_, v, tint[level(v)])
        # level thresholds: a thick bar where each level starts, and its name in the space
        for v, name in ((l2, "LEVEL 2"), (l3, "LEVEL 3")):
            if v < n:
                x, y, w_, h_ = cells[v]
                c.setStrokeColor(pal["boss"])
                c.setLineWidth(3)
                if x == 0:
                    c.line(x, y, x + w_, y)
                else:
                    c.line(x, y, x, y + h_)
                c.setFillColor(pal["boss"])
                s.line(name, x + w_ / 2, y + h_ - 4.2 * MM, 7, "bold", "centre",
                       max_width=w_ - 2 * MM)
        # after the last space: on to 0, the marker flipped to +n
        x, y, w_, h_ = cells[-1]
        disc(c, x, y + h_ * 0.22, 3.6 * MM, pal["gold"], ink, 0.8)
        c.setFillColor(ink)
        s.line(f"+{n}", x, y + h_ * 0.22 - 0.9 * MM, 7, "bold", "centre")
        # spaces below 0, inside the bottom edge
        x0, y0 = cw + 5 * MM, ch + 5 * MM
        bw = min(cw, (W - 2 * cw - 10 * MM) / max(1, below))
        for k in range(1, below + 1):
            cell(s, x0 + (k - 1) * bw, y0, bw, ch, -k, negative)
        if below:
            arrow(c, cw * 0.8, ch * 0.97, x0 - 0.8 * MM, y0 + ch * 0.35, ink, width=1.2,
                  head=5)
            c.setFillColor(ink)
            s.line(f"below 0: {signed(-1)} to {signed(-below)} VP", x0, y0 + ch + 1.8 * MM, 8.5,
                   "bold")
        # the middle: title, round track, levels, dealing and round end
        inner_l, inner_r = cw + 8 * MM, W - cw - 8 * MM
        mid = (inner_l + inner_r) / 2
        top = H - ch - 12 * MM
        c.setFillColor(ink)
        s.line(model.common.title.upper(), mid, top, 22, "bold", "centre",
               max_width=inner_r - inner_l)
        s.line("Victory points", mid, top - 8 * MM, 11, "italic", "centre")
        # round track
        rounds = engine.ROUNDS
        rw, rh = 20 * MM, 15 * MM
        rx0 = mid - rounds * rw / 2
        ry = top - 30 * MM
        s.line("ROUND", rx0 - 3 * MM, ry + rh / 2 - 1.5 * MM, 10, "bold", "right")
        for k in range(rounds):
            c.setFillColor(pal["paper"])
            c.setStrokeColor(ink)
            c.setLineWidth(0.8)
            c.rect(rx0 + k * rw, ry, rw, rh, stroke=1, fill=1)
            c.setFillColor(ink)
            s.line(str(k + 1), rx0 + k * rw + rw / 2, ry + rh / 2 - 4, 14, "bold", "centre")
        s.line("after round 5: the most VP wins", rx0 + rounds * rw + 3 * MM,
               ry + rh / 2 - 1.5 * MM, 8, "italic", max_width=inner_r - rx0 - rounds * rw - 3)
        # levels legend
        ly = ry - 16 * MM
        lw = 46 * MM
        lx0 = mid - 1.5 * lw - 3 * MM
        legends = ((1, f"Level 1: below {l2} VP"), (2, f"Level 2: {l2} VP or more"),
                   (3, f"Level 3: {l3} VP or more"))
        for k, (lv, text) in enumerate(legends):
            x = lx0 + k * (lw + 3 * MM)
            c.setFillColor(tint[lv])
            c.setStrokeColor(ink)
            c.setLineWidth(0.6)
            c.rect(x, ly, lw, 8 * MM, stroke=1, fill=1)
            c.setFillColor(ink)
            s.line(text, x + lw / 2, ly + 2.8 * MM, 9, "bold", "centre", max_width=lw - 3 * MM)
        # dealing and the end of a round
        c.setFillColor(ink)
        ty = ly - 9 * MM
        s.line("Cards dealt to each player every round: " + deal_text("   "), mid, ty, 9,
               "regular", "centre", max_width=inner_r - inner_l)
        s.line("A round ends when the player to play has no card, or more gates are open than "
               "there are players.", mid, ty - 6 * MM, 9, "regular", "centre",
               max_width=inner_r - inner_l)
        s.line(f"Past {n - 1} VP: go on from 0 and flip your marker to its +{n} side.", mid,
               ty - 12 * MM, 9, "regular", "centre", max_width=inner_r - inner_l)
        c.setStrokeColor(ink)
        c.setLineWidth(0.8)
        c.rect(0, 0, W, H, stroke=1, fill=0)

    return Board(f"Score board: {signed(-below)} to {n - 1} VP and the round track", W, H, draw,
                 ("score track", "round track"))


# ---- booklet -------------------------------------------------------------------------------------
def _cards_figure(model: Model, drawers, scale: float = 0.55):
    w, h = model.card_size
    return faces_figure(drawers, w, h, model.colour("ink"), scale)


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def challenge_example(model: Model) -> dict:
    """A challenge worked through with the data's numbers (ruling L9): a horde of four monsters
    of one suit, values rising, and the character whose defence lets at least two of them
    through but not all."""
    for suit in engine.SUITS:
        ms = sorted((m for m in model.monsters if m.suit == suit and m.kind != "trap"),
                    key=lambda m: m.value)
        picks = []
        for value in sorted({m.value for m in ms}):
            picks += [m for m in ms if m.value == value][:2 if value == 2 else 1]
        picks = picks[:4]
        if len(picks) < 3:
            continue
        first_two = picks[0].value + picks[1].value
        total = sum(m.value for m in picks)
        chosen = next((c for c in sorted(model.characters, key=lambda c: c.defence)
                       if first_two <= c.defence < total), None)
        if chosen is None:
            continue
        steps, acc, beaten = [], 0, True
        for m in picks:
            acc += m.value
            beaten = beaten and acc <= chosen.defence
            steps.append({"card": f"{_title(m.suit)} {m.value}", "damage": m.value,
                          "total": acc, "defeated": beaten})
        won = sum(1 for st in steps if st["defeated"])
        return {"character": chosen.name, "defence": chosen.defence, "steps": steps,
                "defeated": _plural(won, "monster", "monsters"),
                "back": _plural(len(steps) - won, "monster goes", "monsters go")}
    return {}


def booklet(model: Model) -> Booklet:
    pal = model.common.palette
    suits = []
    for suit in engine.SUITS:
        ms = [m for m in model.monsters if m.suit == suit]
        suits.append({
            "id": suit, "name": _title(suit), "descriptor": model.suits.get(suit, ""),
            "cards": len(ms), "traps": sum(1 for m in ms if m.kind == "trap"),
            "bosses": ", ".join(f"{m.value} {m.element} {signed(m.boss_vp)}"
                                for m in ms if m.kind == "boss"),
            "coins": fmt(sum(m.coins for m in ms)),
            "spread": ", ".join(f"{n}\u00d7{v}" for v, n in sorted(
                {v: sum(1 for m in ms if m.value == v) for v in {m.value for m in ms}}.items())),
        })
    deal = []
    deck = len(model.monsters)
    for n in range(engine.LegolasGame.min_players, engine.LegolasGame.max_players + 1):
        sizes = engine.hand_sizes(n, deck)
        deal.append({"players": n, "each": str(sizes[0]) if len(set(sizes)) == 1
                     else ", ".join(map(str, sizes)), "aside": deck - sum(sizes)})
    chars = [{"name": c.name, "threshold": c.threshold, "defence": c.defence,
              "element": _title(c.element), "level2": c.level2, "level3": c.level3,
              "copies": c.copies} for c in model.characters]
    missions = [{"id": m.id, "name": m.name, "text": m.text,
                 "lines": [{"vp": n, "what": r} for n, r in _score_lines(m.text)]}
                for m in model.missions]
    half = [m for m in model.monsters if m.coins != int(m.coins)]
    players = engine.LegolasGame.max_players
    context = {
        "deck": deck, "suits": suits, "elements": [_title(e) for e in engine.ELEMENTS],
        "kinds": {"traps": sum(1 for m in model.monsters if m.kind == "trap"),
                  "bosses": sum(1 for m in model.monsters if m.kind == "boss")},
        "half_coin": (f"{_title(half[0].suit)} {half[0].value} {half[0].element}"
                      if half else ""),
        "treasures": [{"name": t.name, "effect": t.effect} for t in model.treasures],
        "characters": chars, "character_cards": sum(c["copies"] for c in chars),
        "missions": missions, "players": [{"seat": p.seat, "name": p.name} for p in
                                          model.players],
        "min_players": engine.LegolasGame.min_players, "max_players": players,
        "rounds": engine.ROUNDS, "deal": deal, "aid_cards": model.aid_cards,
        "level2": engine.LEVEL_2_VP, "level3": engine.LEVEL_3_VP,
        "vp_loop": model.vp_loop, "vp_below": model.vp_below,
        "example": challenge_example(model),
        "minion": getattr(engine, "MINION_REDUCTION", 5),
    }
    text = booklet_text(model.common, context)
    sample = []
    for kind in ("trap", "", "boss"):
        m = next((m for m in model.monsters if m.kind == kind and (kind or m.coins >= 2)),
                 None) or next((m for m in model.monsters if m.kind == kind), None)
        if m is not None:
            sample.append(monster_card(model, m))
    sample.append(monster_back(model))
    others = []
    if model.characters:
        others.append(character_card(model, model.characters[0]))
    if model.missions and model.players:
        others.append(mission_card(model, model.missions[0], model.players[0]))
    if model.treasures:
        others.append(treasure_card(model, model.treasures[0]))
    figures = {"monsters": _cards_figure(model, sample), "cards": _cards_figure(model, others)}
    return Booklet(model.common.title, text, figures, accent=pal["character"],
                   source=str(model.common.folder.path / "booklet"))


# ---- the kit -------------------------------------------------------------------------------------
def build(model: Model, fonts) -> Kit:
    w, h = model.card_size
    order = {s: i for i, s in enumerate(engine.SUITS)}
    mback = monster_back(model)
    monsters = sorted(zip(model.monsters, model.monster_sources),
                      key=lambda ms: (order.get(ms[0].suit, 9), ms[1].row or 0))
    pieces = [Piece("monster card", f"{_title(m.suit)} {m.value} {m.element}"
                    + (f" {m.kind}" if m.kind else "") + " monster card",
                    monster_card(model, m), mback, src) for m, src in monsters]
    kit = Kit(model.common.title)
    kit.sheets.append(Sheet("Monster cards", w, h, tuple(pieces), note="one common back"))
    tback, cback = treasure_back(model), character_back(model)
    pieces = [Piece("treasure card", f"{t.name} treasure card", treasure_card(model, t), tback,
                    src) for t, src in model.treasure_rows()]
    for ch, src in model.character_rows():
        face = character_card(model, ch)
        pieces += [Piece("character card", f"{ch.name} character card", face, cback, src)
                   for _ in range(ch.copies)]
    turn, scoring = aid_turn(model), aid_scoring(model)
    pieces += [Piece("player aid card", "player aid card", turn, scoring)
               for _ in range(model.aid_cards)]
    kit.sheets.append(Sheet("Treasure, character and player aid cards", w, h, tuple(pieces),
                            note="player aid: scoring on the back"))
    pieces = []
    for p in model.players:
        back = mission_back(model, p)
        pieces += [Piece("mission card", f"{p.name} {m.name} mission card",
                         mission_card(model, m, p), back, m.source) for m in model.missions]
    kit.sheets.append(Sheet("Mission cards", w, h, tuple(pieces),
                            note=f"{len(model.missions)} per player colour"))
    d = model.token_diameter
    tokens = [Piece("player marker", f"{p.name} player marker", marker_front(model, p),
                    marker_back(model, p), p.source) for p in model.players]
    rm, fm = round_marker(model), first_marker(model)
    tokens.append(Piece("round marker", "round marker", rm, rm))
    tokens.append(Piece("first-player marker", "first-player marker", fm, fm))
    kit.sheets.append(Sheet("Markers", d, d, tuple(tokens), shape="circle",
                            note=f"player markers: +{model.vp_loop} on the back", two_sided=True))
    kit.boards.append(board(model))
    kit.booklet = booklet(model)
    return kit
