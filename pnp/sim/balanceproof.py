"""The "balance proof" section of the balance report: each card's printed face beside its
figures (cardstats.py). Faces are drawn by the kit's own drawers (the same as the printed kit),
scaled down, straight onto the report's canvas as vectors."""

from __future__ import annotations

from typing import Any, Mapping, Sequence
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm

from ..render.pieces import PieceDrawer
from ..render.platypus import Flowable, Paragraph, Table, TableStyle
from .cardstats import MIN_SEAT_GAMES
from .progress import Progress
from .charts import font as _font
from .report import font_markup
from .summary import pct, pct_ci

FACE_HEIGHT = 30 * mm
FLAG = colors.HexColor("#fdecea")


_drawers: dict[int, PieceDrawer] = {}


def _drawer(canvas, fonts) -> PieceDrawer:
    """One PieceDrawer per canvas: a face many pieces share is defined once as a form there."""
    d = _drawers.get(id(canvas))
    if d is None or d.c is not canvas:
        _drawers.clear()
        d = _drawers[id(canvas)] = PieceDrawer(canvas, fonts, [])
    return d


class Face(Flowable):
    """One piece's front, scaled to FACE_HEIGHT."""

    def __init__(self, piece, w: float, h: float, shape: str, fonts):
        super().__init__()
        self.piece, self.w, self.h, self.shape, self.fonts = piece, w, h, shape, fonts
        self.scale = FACE_HEIGHT / h
        self.width, self.height = w * self.scale, FACE_HEIGHT

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.scale(self.scale, self.scale)
        # the piece is drawn with its bleed (a mission's header band runs past its edges):
        # clip to the trim, as the card is cut
        trim = c.beginPath()
        trim.rect(0, 0, self.w, self.h)
        c.clipPath(trim, stroke=0, fill=0)
        _drawer(c, self.fonts).draw(self.piece, self.piece.front, self.w, self.h, 0, self.shape)
        c.restoreState()
        c.setStrokeColor(colors.HexColor("#999999"))
        c.setLineWidth(0.3)
        c.rect(0, 0, self.width, self.height)


def kit_faces(game: str) -> tuple[dict[tuple[str, int], tuple], Any]:
    """(file, row) -> (piece, width, height, shape) of the first piece drawn from that row of
    the game's data, and the kit's fonts."""
    from ..project import prepare, open_game

    kit, fonts, _ = prepare(open_game(game), force=True)
    faces: dict[tuple[str, int], tuple[Any, float, float, str]] = {}
    names: dict[tuple[str, int], set] = {}
    for sheet in kit.sheets:
        for p in sheet.pieces:
            if p.source is not None and p.source.row is not None:
                key = (p.source.path.name, p.source.row)
                faces.setdefault(key, (p, sheet.width, sheet.height, sheet.shape))
                names.setdefault(key, set()).add(p.name)
    # a row printed under several names (a mission in each player colour) keeps its data name
    return {k: v + (len(names[k]) == 1,) for k, v in faces.items()}, fonts


def _words(c: Mapping[str, Any]) -> str:
    yes, no = c["when_played"], c["when_not"]
    what = c["played_means"]
    lines = [f"<b>{c['file']}, row {c['row']}</b>",
             f"held in {pct(c['held_share'])} of seat-games"
             + (f", played {c['plays_per_game']:.2f} times a game" if c["plays_per_game"] else "")]
    if yes["of"]:
        lines.append(f"its holder wins {pct(yes['rate'])} ({pct_ci(yes['ci'])}) of "
                     f"{yes['of']:,} seat-games when {what}")
    if no["of"]:
        lines.append(f"and {pct(no['rate'])} ({pct_ci(no['ci'])}) of {no['of']:,} when not")
    if c["difference"] is not None:
        lo, hi = c["difference_ci"]
        elo, ehi = c["excess_ci"]
        verdict = escape(c["verdict"])
        lines.append(f"difference {100 * c['difference']:+.1f} pp "
                     f"({100 * lo:+.1f} to {100 * hi:+.1f}); its file's typical "
                     f"{100 * c['file_difference']:+.1f}")
        lines.append(f"beyond the typical: {100 * c['excess']:+.1f} pp "
                     f"({100 * elo:+.1f} to {100 * ehi:+.1f}): <b>{verdict}</b>")
    return "<br/>".join(lines)


def balance_proof(cards: Sequence[Mapping[str, Any]], faces: Mapping, fonts,
                  size: float = 8.0) -> list:
    """The section's flowables: a sentence naming the flagged cards, then one table row per
    card: its face, its name and figures; flagged rows are tinted."""
    body = ParagraphStyle("proof", fontName=_font(), fontSize=size, leading=size * 1.3)
    flagged = [c for c in cards if c["measurable"]]
    intro = (f"{len(cards)} card rows. Each compares its holder's win rate when the card is "
             "played (or, for a card only held, its holders with everyone else) with the rate "
             "when it is not. Playing any card of a file can go with winning by itself (a "
             "monster left in hand goes with a lost game), so a card is flagged when its "
             "difference departs measurably from its file's typical one (all its rows pooled), "
             f"with at least {MIN_SEAT_GAMES} seat-games on each side (differences of win "
             "rates are in percentage points, pp: 52 % against 50 % is +2 pp). Flagged: "
             f"{len(flagged)}"
             + (": " + ", ".join(c["card"] for c in flagged) if flagged else "")
             + f". With {len(cards)} rows, about {max(1, round(0.05 * len(cards)))} would be "
             "flagged by chance alone at this 95 % confidence, so a flag that one seed shows and "
             "another does not means little. A flag is a correlation over these games, not yet a "
             "cause: confirm it with pnp sweep, changing the card.")
    out: list = [Paragraph(font_markup(intro), body)]
    rows, style = [], [("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                       ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.HexColor("#cccccc")),
                       ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]
    for i, c in enumerate(cards):
        face = faces.get((c["file"], c["row"]))
        cell = Face(face[0], face[1], face[2], face[3], fonts) if face else \
            Paragraph(font_markup("(no face)"), body)
        name = Paragraph(font_markup(c["card"], "bold"), body)
        text = Paragraph(_words(c).replace("<b>", f'<font name="{_font("bold")}">')
                         .replace("</b>", "</font>"), body)
        rows.append([cell, name, text])
        if c["measurable"]:
            style.append(("BACKGROUND", (0, i), (-1, i), FLAG))
    if rows:
        out.append(Table(rows, colWidths=[26 * mm, 36 * mm, None], style=TableStyle(style),
                         hAlign="LEFT", repeatRows=0))
    return out


def label_cards(cards: Sequence[dict], faces: Mapping) -> None:
    """Name each card as its printed piece is named ("Human Quick Sword")."""
    for c in cards:
        face = faces.get((c["file"], c["row"]))
        if face and face[4]:
            name = face[0].name
            c["card"] = name[:-5] if name.endswith(" card") else name


def card_section(game: str, setup, games: int, *, seed: int, agents: Sequence[str],
                 csv_out, jobs: int | None = None, scheduler: str | None = None,
                 progress: Progress | None = None):
    """Count the cards over the run's games, write the CSV and return the section's flowables
    and the card figures ([] and [] when the engine says nothing about its cards)."""
    from ..data.game import find_game
    from .cardstats import card_figures, count_cards, write_csv

    if setup.spec.card_events() is None:
        return [], []
    if progress is not None:             # a sim.progress.Progress: the replay's games
        progress.start(games)
    tally = count_cards(setup, games, seed=seed, agents=agents, jobs=jobs, scheduler=scheduler,
                        progress=progress)
    faces, fonts = kit_faces(game)
    cards = card_figures(tally, find_game(game))
    label_cards(cards, faces)
    write_csv(cards, csv_out)
    return balance_proof(cards, faces, fonts), cards
