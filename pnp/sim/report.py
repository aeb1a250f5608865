"""The balance report: a PDF of charts drawn with reportlab.graphics, each with a title and a
line of plain words under it saying what it shows (computed from the figures).

Every text is set in the project's bundled fonts (pnp.render.fonts), so every font in the report
is embedded: no Helvetica or Courier. The figures table, monospaced in the terminal, is laid out
as tables in the regular font."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm

from ..render.platypus import (Indenter, KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table,
                               TableStyle)
from ..render.text import xml_escape
from .charts import Chart, bars, font, histogram, report_fonts
from .seats import seat_sentence
from .summary import format_text, num, span


# ---------------------------------------------------------------------------------------------
# The charts every game gets
# ---------------------------------------------------------------------------------------------

def _seat_chart(fig) -> Chart:
    seats = fig["seats"]
    labels = [s["name"] + (f" ({s['agent']})" if s["agent"] else "") for s in seats]
    values = [s["wins"]["rate"] for s in seats]
    ivs = [tuple(s["wins"]["ci"]) for s in seats]
    draws = seats[0]["draws"]["rate"] if fig["players"] == 2 else None
    if draws:
        labels.append("draw")
        values.append(draws)
        ivs.append(tuple(seats[0]["draws"]["ci"]))
    words = seat_sentence(fig)
    words = words[:1].upper() + words[1:] + "."
    return Chart("Win rate by seat", bars(labels, values, ivs, percent=True,
                                          value_label="wins (95 % interval)"), words)


def _length_chart(fig) -> Chart:
    d = fig["length"]
    unit = d["unit"]
    words = (f"Games last {d['mean']:,.1f} {unit} on average (median {num(d['median'])}, "
             f"standard deviation {d['stdev']:,.1f}, from {span(d['min'], d['max'])} {unit}).")
    return Chart(f"Game length ({unit})", histogram(d["histogram"], unit="games"), words)


def charts(fig: Mapping[str, Any]) -> list[Chart]:
    """The charts every game gets, then the game's own (its spec's chart builders)."""
    from ..games.registry import find

    out = [_seat_chart(fig), _length_chart(fig)]
    spec = find(fig["engine"])
    if spec and fig.get("details"):
        out += spec.charts(fig)
    return out


# ---------------------------------------------------------------------------------------------
# The PDF
# ---------------------------------------------------------------------------------------------

def font_markup(text: str, role: str = "regular") -> str:
    """Paragraph markup of plain text: each character from a bundled font that has it."""
    fonts = report_fonts()
    return "".join(f'<font name="{f}">{xml_escape(t)}</font>' for f, t in fonts.runs(text, role))


def _tabular(line: str) -> bool:
    """A line of a column table (two spaces somewhere after its indent), not a sentence."""
    return "  " in line.strip()


def _columns(lines: Sequence[str]) -> list[tuple[int, int]]:
    """(start, end) of the columns of fixed-width lines: they are split where every line has
    two or more spaces (a single space belongs to a value: "18.8 %", "seat 1")."""
    width = max(len(line) for line in lines)
    padded = [line.ljust(width) + "  " for line in lines]
    blank = [all(line[i] == " " for line in padded) for i in range(width + 2)]
    cols, start, i = [], 0, 0
    while i < width:
        if blank[i] and blank[i + 1]:
            j = i
            while j < width and blank[j]:
                j += 1
            if i > start:
                cols.append((start, i))
            start = i = j
        else:
            i += 1
    if start < width:
        cols.append((start, width))
    return cols


def _table(lines: Sequence[str], size: float) -> Table:
    """A block of fixed-width lines as a table; a column whose cells all end at its right edge
    (numbers) is right-aligned, as in the terminal."""
    cols = _columns(lines)
    rows = [[line[a:b].strip() for a, b in cols] for line in lines]
    style = [("FONT", (0, 0), (-1, -1), font(), size, size * 1.25),
             ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 5),
             ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
             ("VALIGN", (0, 0), (-1, -1), "BOTTOM")]
    for k, (a, b) in enumerate(cols):
        cells = [line[a:b] for line in lines if line[a:b].strip()]
        ends = {len(c.rstrip()) for c in cells}
        starts = {len(c) - len(c.lstrip()) for c in cells}
        if len(ends) == 1 and len(starts) > 1:
            style.append(("ALIGN", (k, 0), (k, -1), "RIGHT"))
    return Table(rows, style=TableStyle(style), hAlign="LEFT")


def figures_flowables(text: str, size: float = 7.5) -> list:
    """The figures text of `pnp simulate` (format_text) for the PDF: its sentences as
    paragraphs, its column blocks as tables, in the bundled regular font."""
    body = ParagraphStyle("figures", fontName=font(), fontSize=size, leading=size * 1.3)
    indent = size * 1.4
    out: list = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            out.append(Spacer(1, size * 0.6))
            i += 1
            continue
        depth = (len(line) - len(line.lstrip())) // 2
        if _tabular(line):
            block = []
            while (i < len(lines) and lines[i].strip() and _tabular(lines[i])
                   and (len(lines[i]) - len(lines[i].lstrip())) // 2 == depth):
                block.append(lines[i][depth * 2:])
                i += 1
            out += [Indenter(left=depth * indent), _table(block, size),
                    Indenter(left=-depth * indent)]
            continue
        out.append(Paragraph(font_markup(re.sub(r"\s+", " ", line.strip())),
                             ParagraphStyle("figures-line", parent=body,
                                            leftIndent=depth * indent)))
        i += 1
    return out


@dataclass(frozen=True)
class Styles:
    """The report's paragraph styles, all in the bundled fonts."""

    title: ParagraphStyle
    heading: ParagraphStyle
    body: ParagraphStyle


def report_styles() -> Styles:
    base = getSampleStyleSheet()
    bold = font("bold")
    return Styles(
        ParagraphStyle("report-title", parent=base["Title"], fontName=bold),
        ParagraphStyle("chart", parent=base["Heading2"], fontName=bold, fontSize=13,
                       spaceBefore=8, spaceAfter=2),
        ParagraphStyle("caption", parent=base["BodyText"], fontName=font("regular"),
                       fontSize=9.5, leading=12))


def chart_section(title: str, drawing: Any, caption: str, st: Styles) -> KeepTogether:
    """A chart with its title above and its plain words below, kept on one page."""
    return KeepTogether([Paragraph(font_markup(title, "bold"), st.heading), drawing,
                         Paragraph(font_markup(caption), st.body)])


def save_pdf(story: list, out: Path, title: str) -> None:
    """Lay the story out on A4 and write it to `out` atomically."""
    from ..output import atomic_output

    with atomic_output(Path(out)) as tmp:
        doc = SimpleDocTemplate(str(tmp), pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm,
                                topMargin=16 * mm, bottomMargin=16 * mm, title=title,
                                author="pnp",
                                initialFontName=font())  # no Helvetica in the page resources
        doc.build(story)


def _rerun(fig: Mapping[str, Any]) -> str:
    """The command that gives the same figures."""
    agents = fig["agents"]
    again = (f"pnp simulate --game {fig['game']} --games {fig['games']} --seed {fig['seed']} "
             f"--players {fig['players']}")
    if set(agents) != {"random"}:
        again += f" --agents {','.join(agents) if len(set(agents)) > 1 else agents[0]}"
    return again


TEXT_WIDTH = A4[0] - 36 * mm        # between save_pdf's margins


def ladder_flowables(ladder: Mapping[str, Any]) -> list:
    """The ladder's table and verdicts, at 6.5 pt: four levels' columns beside a card's name
    ran past A4's right margin at the figures' 7.5 pt."""
    from .ladder import format_ladder

    return figures_flowables(format_ladder(ladder), size=6.5)


def write_report(fig: Mapping[str, Any], out: Path, proof: Sequence = ()) -> list[str]:
    """Write the balance report of a run's figures to `out` (atomically), ending with the
    `proof` flowables (the card-by-card section, balanceproof.py) when given. Returns the charts'
    titles."""
    st = report_styles()
    agents = fig["agents"]
    who = " vs ".join(agents) if len(set(agents)) > 1 else f"{agents[0]} agents"
    story: list = [
        Paragraph(font_markup(f"{fig['title']}: balance report", "bold"), st.title),
        Paragraph(font_markup(f"{fig['games']:,} simulated games, {fig['players']} players, {who}, "
                          f"seed {fig['seed']}. Intervals are 95 % (Wilson for rates). The same "
                          f"seed gives the same figures: {_rerun(fig)}."), st.body),
        Spacer(1, 4 * mm),
    ]
    made = charts(fig)
    story += [chart_section(ch.title, ch.drawing, ch.caption, st) for ch in made]
    text = {k: v for k, v in fig.items() if k != "run"}
    if fig.get("ladder"):
        story += [Spacer(1, 6 * mm), Paragraph(font_markup("How far to trust it: the agent ladder",
                                                       "bold"), st.heading)]
        story += ladder_flowables(fig["ladder"])
    story += [Spacer(1, 6 * mm), Paragraph(font_markup("All figures", "bold"), st.heading)]
    story += figures_flowables(format_text(text))
    if proof:
        story += [Spacer(1, 6 * mm),
                  Paragraph(font_markup("Balance proof: card by card", "bold"), st.heading)]
        story += list(proof)
    save_pdf(story, out, f"{fig['title']} balance report")
    return [c.title for c in made]
