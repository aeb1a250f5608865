"""The version mark: game.toml's [game] version printed small on every front or every back,
when the designer asks (`pnp build --version-mark back`), so cards of two print runs are told
apart at the table. It sits on a small white label at the foot of the face, inside the safe
zone, so it reads on any background."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from reportlab.lib.colors import Color, white

from ..errors import DataError, OptionError, PnpError
from ..kit import Drawer, Kit, shared
from ..render.fonts import Fonts
from ..render.surface import MIN_TEXT, Surface
from ..units import MM

MARK_SIZE = MIN_TEXT  # points: the smallest text pnp prints without a finding
MARK_INK = Color(0.3, 0.3, 0.3)
MARK_LIFT = 3 * MM  # the label's foot above the trim: inside the usual 3 mm safe zone
SIDES = ("front", "back")
MAX_MARK = 16  # characters: a 7 pt label fits the foot of a mini card ("v1.2.3-beta4")


def version_marked(kit: Kit, version: str, side: str, fonts: Fonts, toml: Path) -> Kit:
    """The kit with `v<version>` drawn on each piece's `side` (a back many cards share stays
    one shared drawing). A version that cannot print small on every card is game.toml's
    mistake, said once, not a finding on each card."""
    if side not in SIDES:
        raise OptionError("--version-mark", f"front or back, not {side!r}")
    if not version.strip():
        raise PnpError("--version-mark: game.toml has no [game] version to print; add one "
                       "(version = \"1.2\")")
    text = "v" + version.strip().removeprefix("v")
    if len(text) > MAX_MARK:
        raise DataError(f"--version-mark prints at most {MAX_MARK} characters on each card, "
                        f"not {len(text)}", toml, field="game.version")
    if missing := fonts.missing(text):
        raise DataError(f"--version-mark: no font has {missing!r}", toml, field="game.version")
    wrapped: dict[int, Drawer] = {}

    def mark(drawer: Drawer | None) -> Drawer | None:
        if drawer is None:
            return None
        if id(drawer) not in wrapped:
            wrapped[id(drawer)] = _with_mark(drawer, text)
        return wrapped[id(drawer)]

    sheets = []
    for sheet in kit.sheets:
        pieces = tuple(replace(p, front=mark(p.front) or p.front) if side == "front"
                       else replace(p, back=mark(p.back)) for p in sheet.pieces)
        sheets.append(replace(sheet, pieces=pieces))
    return replace(kit, sheets=sheets)


def _with_mark(drawer: Drawer, text: str) -> Drawer:
    def draw(s: Surface) -> None:
        drawer(s)
        c = s.c
        width = s.fonts.width(text, MARK_SIZE)
        pad = 0.6 * MM
        c.saveState()
        c.setFillColor(white)
        c.roundRect(s.w / 2 - width / 2 - pad, MARK_LIFT - pad, width + 2 * pad,
                    MARK_SIZE + pad, pad, stroke=0, fill=1)
        c.setFillColor(MARK_INK)
        s.line(text, s.w / 2, MARK_LIFT + 0.25 * MARK_SIZE, MARK_SIZE, align="centre")
        c.restoreState()
    return shared(draw) if getattr(drawer, "shared", False) else draw
