"""Legolas vs. Gimli's player aid cards and markers."""

from __future__ import annotations

from reportlab.lib.colors import white

from ...kit import shared
from ...render.icons import player_symbol
from ...render.surface import Surface
from ...render.text import draw_fitted, fit
from ...units import MM
from . import facts
from .model import Model, Player
from .drawing import bow_and_axe, panel, signed
from .texts import mission_lines


# ---- player aid ----------------------------------------------------------------------------------
def deal_text(sep: str = " \u00b7 ") -> str:
    parts = []
    for n in range(facts.MIN_PLAYERS, facts.MAX_PLAYERS + 1):
        sizes = facts.hand_sizes(n)
        each = str(sizes[0]) if len(set(sizes)) == 1 else "/".join(map(str, sizes))
        parts.append(f"{n}p: {each}")
    return sep.join(parts)


def _aid_blocks(s: Surface, title: str, blocks: list[tuple[str, str]], model: Model) -> None:
    """A titled card of (heading, text) blocks, top down, all at the largest common size
    (8.5 pt down to 7 pt) at which they fit; reported if even 7 pt does not."""
    pal = model.common.palette
    c, w, h = s.c, s.w, s.h
    panel(s, pal["character"], pal["parchment"])
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
    for (heading, _), f in zip(blocks, fitted):
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
        text = " ".join(f"{signed(vp)} VP {what}" for vp, what in mission_lines(m))
        if m.gain_per in facts.SUITS and m.gain_per == m.id:
            text = text.replace(facts.per_phrase(m.gain_per), "monster of that suit")
        groups.setdefault(text, []).append(m.name)
    return [f"{'/'.join(names)}: {text}" for text, names in groups.items()]


def _element_vp(model: Model) -> str:
    """The characters' element bonus ("+1"), or "+1/+2" when they differ."""
    return "/".join(dict.fromkeys(signed(c.element_vp) for c in model.characters)) or "+0"


def aid_scoring(model: Model):
    lines = "\n".join(mission_summary(model))

    @shared
    def draw(s: Surface) -> None:
        _aid_blocks(s, "END OF A ROUND", [
            ("SCORE YOUR MISSION", lines),
            ("", f"{_element_vp(model)} VP per monster of your character's element; each "
                 "boss's VP."),
            ("LEVELS", f"Level 2 from {facts.LEVEL_2_VP} VP, level 3 from {facts.LEVEL_3_VP} VP"
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
        bow_and_axe(c, r, r + 1.8 * MM, 7 * MM, pal["gold"])
        c.setFillColor(pal["gold"])
        s.line("ROUND", r, r - 3.9 * MM, 7, "condensed-bold", "centre")  # 1 mm inside the cut

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
        s.line("FIRST", r, r - 4.7 * MM, 7, "condensed-bold", "centre")  # 1 mm inside the cut

    return draw
