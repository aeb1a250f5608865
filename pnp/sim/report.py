"""The balance report: a PDF of charts drawn with reportlab.graphics, each with a title and a
line of plain words under it saying what it shows (computed from the figures).

Every text is set in the project's bundled fonts (pnp.render.fonts), so every font in the report
is embedded: no Helvetica or Courier. The figures table, monospaced in the terminal, is laid out
as tables in the regular font."""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.shapes import Drawing, Line, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import (Indenter, KeepTogether, Paragraph, SimpleDocTemplate, Spacer,
                                Table, TableStyle)

from ..render.text import xml_escape
from .summary import Z95, format_text, num, pct, pct_ci, seat_sentence, span

WIDTH = 170 * mm
HEIGHT = 62 * mm
BAR = colors.HexColor("#4a6fa5")
BAR2 = colors.HexColor("#c0504d")
WHISKER = colors.HexColor("#222222")


@functools.lru_cache(maxsize=1)
def report_fonts():
    """The bundled fonts (registered once): every text of the report uses them."""
    from ..render.fonts import load_fonts

    return load_fonts()


def _font(role: str = "regular") -> str:
    return report_fonts()[role]


@dataclass
class Chart:
    title: str
    drawing: Drawing
    caption: str


# ---------------------------------------------------------------------------------------------
# Drawing helpers
# ---------------------------------------------------------------------------------------------

def _nice_step(span_: float, target: int = 5) -> float:
    raw = span_ / target if span_ > 0 else 1
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


def bars(labels: Sequence[str], values: Sequence[float],
         intervals: Sequence[tuple[float, float]] | None = None, *, percent: bool = False,
         value_label: str = "", vmin: float | None = None, vmax: float | None = None,
         height: float = HEIGHT, colour=BAR) -> Drawing:
    """A bar chart; `intervals` (lo, hi) per bar are drawn as whiskers. Percent: values 0..1."""
    scale = 100.0 if percent else 1.0
    vals = [v * scale for v in values]
    ivs = [(lo * scale, hi * scale) for lo, hi in intervals] if intervals else None
    top = max(vals + [hi for _, hi in ivs] if ivs else vals) if vals else 1
    bottom = min(vals + [lo for lo, _ in ivs] if ivs else vals) if vals else 0
    lo_axis = min(0.0, bottom) if vmin is None else vmin
    hi_axis = max(top, lo_axis + 1e-9) if vmax is None else vmax
    step = _nice_step(hi_axis - lo_axis)
    lo_axis = math.floor(lo_axis / step) * step
    hi_axis = math.ceil(hi_axis / step) * step
    if hi_axis <= lo_axis:
        hi_axis = lo_axis + step

    many = len(labels) > 8
    d = Drawing(WIDTH, height + (14 * mm if many else 0), initialFontName=_font())
    c = VerticalBarChart()
    c.x = 16 * mm
    c.y = (22 * mm if many else 9 * mm)
    c.width = WIDTH - c.x - 4 * mm
    c.height = d.height - c.y - 6 * mm
    c.data = [vals]
    c.categoryAxis.categoryNames = list(labels)
    c.categoryAxis.labels.fontName = _font()
    c.categoryAxis.labels.fontSize = 7
    c.categoryAxis.labelAxisMode = "low"       # labels under the chart, even for negative bars
    if many:
        c.categoryAxis.labels.angle = 40
        c.categoryAxis.labels.boxAnchor = "ne"
        c.categoryAxis.labels.dx = 2
        c.categoryAxis.labels.dy = -2
    c.valueAxis.valueMin = lo_axis
    c.valueAxis.valueMax = hi_axis
    c.valueAxis.valueStep = step
    c.valueAxis.labels.fontName = _font()
    c.valueAxis.labels.fontSize = 7
    c.valueAxis.labelTextFormat = (lambda v: f"{v:g} %") if percent else (lambda v: f"{v:g}")
    c.valueAxis.visibleGrid = True
    c.valueAxis.gridStrokeColor = colors.HexColor("#dddddd")
    c.valueAxis.gridStrokeWidth = 0.3
    c.bars[0].fillColor = colour
    c.bars[0].strokeColor = None
    c.barWidth = 10
    c.groupSpacing = 6
    d.add(c)
    n = len(vals)
    slot = c.width / n if n else c.width

    def y_of(v: float) -> float:
        return c.y + (v - lo_axis) / (hi_axis - lo_axis) * c.height

    if ivs:
        for i, (lo, hi) in enumerate(ivs):
            x = c.x + (i + 0.5) * slot
            cap = min(6.0, slot * 0.15)
            for a, b in (((x, y_of(lo)), (x, y_of(hi))), ((x - cap, y_of(lo)), (x + cap, y_of(lo))),
                         ((x - cap, y_of(hi)), (x + cap, y_of(hi)))):
                d.add(Line(a[0], a[1], b[0], b[1], strokeColor=WHISKER, strokeWidth=0.8))
    if n <= 12:
        for i, v in enumerate(vals):
            x = c.x + (i + 0.5) * slot
            text = f"{v:.1f} %" if percent else num(round(v, 2))
            y = y_of(ivs[i][1] if ivs else max(v, 0)) + 2.5
            d.add(String(x + (4 if ivs else 0), y, text, fontName=_font(), fontSize=7,
                         textAnchor="start" if ivs else "middle"))
    if value_label:
        d.add(String(2, d.height - 8, value_label, fontName=_font(), fontSize=7))
    return d


def histogram(hist: Sequence[Sequence[float]], *, max_bins: int = 30, unit: str = "",
              colour=BAR) -> Drawing:
    """Bars of the share of games per value (or per bin of values) of a [[value, count]] list."""
    if not hist:
        return bars(["-"], [0.0], percent=True)
    total = sum(c for _, c in hist)
    lo, hi = hist[0][0], hist[-1][0]
    width = max(1, math.ceil((hi - lo + 1) / max_bins))
    start = math.floor(lo / width) * width
    nbins = int((hi - start) // width) + 1
    counts = [0] * nbins
    for v, c in hist:
        counts[int((v - start) // width)] += c
    whole = all(float(v).is_integer() for v, _ in hist)
    labels = []
    every = max(1, nbins // 16)
    for i in range(nbins):
        a = start + i * width
        last = a + width - (1 if whole else 0.5)      # the highest value the bin holds
        text = num(a) if last == a else f"{num(a)} to {num(last)}"
        labels.append(text if i % every == 0 else "")
    return bars(labels, [c / total for c in counts], percent=True,
                value_label=f"share of {unit}" if unit else "", colour=colour)


# ---------------------------------------------------------------------------------------------
# The charts of each game
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
    if fig["players"] == 2:
        words = seat_sentence(fig) + "."
    else:
        best = max(seats, key=lambda s: s["wins"]["rate"])
        worst = min(seats, key=lambda s: s["wins"]["rate"])
        overlap = best["wins"]["ci"][0] <= worst["wins"]["ci"][1]
        words = (f"Sole wins by seat over {fig['games']:,} games: {best['name']} "
                 f"{pct(best['wins']['rate'])}, {worst['name']} {pct(worst['wins']['rate'])}: "
                 + ("the intervals overlap, no measurable seat advantage." if overlap else
                    f"{best['name']} has a measurable advantage over {worst['name']}."))
    return Chart("Win rate by seat", bars(labels, values, ivs, percent=True,
                                          value_label="wins (95 % interval)"), words)


def _length_chart(fig) -> Chart:
    d = fig["length"]
    unit = d["unit"]
    words = (f"Games last {d['mean']:.1f} {unit} on average (median {num(d['median'])}, "
             f"standard deviation {d['stdev']:.1f}, from {span(d['min'], d['max'])} {unit}).")
    return Chart(f"Game length ({unit})", histogram(d["histogram"], unit="games"), words)


def _wuxing(fig) -> list[Chart]:
    det = fig["details"]
    fp = det["first_player"]
    sh = fp["share_of_decisive"]
    labels = ["first player wins", "second player wins", "draw"]
    parts = [fp["wins"], fp["losses"], fp["draws"]]
    c1 = Chart("First-player advantage",
               bars(labels, [p["rate"] for p in parts], [tuple(p["ci"]) for p in parts],
                    percent=True, value_label="games (95 % interval)"),
               f"The first player wins {pct(sh['rate'])} ({pct_ci(sh['ci'])}) of "
               f"{sh['of']:,} decisive games: {fp['verdict']}.")
    ends = det["ends"]
    c2 = Chart("How games end",
               bars(list(ends), [e["rate"] for e in ends.values()],
                    [tuple(e["ci"]) for e in ends.values()], percent=True,
                    value_label="games (95 % interval)"),
               ", ".join(f"{pct(e['rate'])} of games end by {k}" if k != "draw" else
                         f"{pct(e['rate'])} in a draw at the round limit"
                         for k, e in ends.items()) + ".")
    return [c1, c2]


def _experior(fig) -> list[Chart]:
    det = fig["details"]
    s = det["sides"]
    sh = s["human_share_of_decisive"]
    parts = [("Human", s["human"]), ("Elf", s["elf"]), ("draw", s["draw"])]
    c1 = Chart("Side balance: Human vs Elf",
               bars([p for p, _ in parts], [r["rate"] for _, r in parts],
                    [tuple(r["ci"]) for _, r in parts], percent=True,
                    value_label="games won (95 % interval)"),
               f"The Human wins {pct(s['human']['rate'])} and the Elf "
               f"{pct(s['elf']['rate'])} of {fig['games']:,} games; the Human takes "
               f"{pct(sh['rate'])} ({pct_ci(sh['ci'])}) of decisive games: {s['verdict']}.")
    b = det["bonus_decides"]
    bf = det["bonus_decides_for"]
    n = fig["games"] or 1
    before = det["before_bonus"]
    c2 = Chart("The bonus attack",
               bars(["decides the game", "turned to Human", "turned to Elf", "turned to draw"],
                    [b["rate"], bf["human"] / n, bf["elf"] / n, bf["draw"] / n],
                    [tuple(b["ci"]), tuple(_ci(bf["human"], n)), tuple(_ci(bf["elf"], n)),
                     tuple(_ci(bf["draw"], n))], percent=True,
                    value_label="games (95 % interval)"),
               f"The bonus attack changes the result of {pct(b['rate'])} ({pct_ci(b['ci'])}) "
               f"of games ({b['count']:,} of {fig['games']:,}); before it the Human led "
               f"{pct(before['human']['rate'])} of games and the Elf "
               f"{pct(before['elf']['rate'])}.")
    return [c1, c2]


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _ci(k: int, n: int):
    from .summary import wilson
    return wilson(k, n)


def _mean_ci(dist: Mapping[str, Any]) -> tuple[float, float]:
    n = dist["n"] or 1
    half = Z95 * (dist["stdev"] or 0.0) / math.sqrt(n)
    return (dist["mean"] - half, dist["mean"] + half)


def _legolas(fig) -> list[Chart]:
    det = fig["details"]
    charts = []
    sc = det["scores"]
    ws = det["winning_score"]
    charts.append(Chart(
        "Final score distribution (all players)",
        histogram(sc["histogram"], unit="final scores"),
        f"Players finish with {sc['mean']:.1f} VP on average (median {num(sc['median'])}, "
        f"standard deviation {sc['stdev']:.1f}, from {span(sc['min'], sc['max'])}); the winner "
        f"has {ws['mean']:.1f} VP on average."))
    ch = det["characters"]
    if ch:
        names = list(ch)
        means = [ch[c]["score"]["mean"] for c in names]
        best = max(names, key=lambda c: ch[c]["score"]["mean"])
        worst = min(names, key=lambda c: ch[c]["score"]["mean"])
        sep = _mean_ci(ch[best]["score"])[0] > _mean_ci(ch[worst]["score"])[1]
        charts.append(Chart(
            "Score by character",
            bars(names, means, [_mean_ci(ch[c]["score"]) for c in names],
                 value_label="mean final VP (95 % interval of the mean)"),
            f"The {best} scores {ch[best]['score']['mean']:.1f} VP on average and the {worst} "
            f"{ch[worst]['score']['mean']:.1f} VP: "
            + ("a measurable difference." if sep else "no measurable difference.")))
        wins = [ch[c]["wins"] for c in names]
        charts.append(Chart(
            "Win rate by character",
            bars(names, [w["rate"] for w in wins], [tuple(w["ci"]) for w in wins], percent=True,
                 value_label="share of its seats that win (95 % interval)"),
            _sentence("; ".join(f"the {c} wins {pct(ch[c]['wins']['rate'])} of "
                                f"{ch[c]['seats']:,} seats" for c in names))))
    ms = det["missions"]
    if ms:
        names = list(ms)
        best = max(names, key=lambda m: ms[m]["mission_vp"]["mean"])
        worst = min(names, key=lambda m: ms[m]["mission_vp"]["mean"])
        charts.append(Chart(
            "Score by mission",
            bars(names, [ms[m]["mission_vp"]["mean"] for m in names],
                 [_mean_ci(ms[m]["mission_vp"]) for m in names],
                 value_label="mean mission VP per round (95 % interval of the mean)"),
            f"The {best} mission scores {ms[best]['mission_vp']['mean']:.2f} VP per round on "
            f"average and the {worst} mission {ms[worst]['mission_vp']['mean']:.2f} VP "
            f"(round totals with element and boss VP: {ms[best]['round_vp']['mean']:.2f} and "
            f"{ms[worst]['round_vp']['mean']:.2f})."))
    tr = det["treasures"]
    if tr:
        names = list(tr)
        most, least = names[0], names[-1]
        charts.append(Chart(
            "Treasures bought",
            bars(names, [tr[t]["games"]["rate"] for t in names],
                 [tuple(tr[t]["games"]["ci"]) for t in names], percent=True,
                 value_label="games in which it is bought (95 % interval)", colour=BAR2),
            f"The {most.replace('_', ' ')} is bought in {pct(tr[most]['games']['rate'])} of "
            f"games, the {least.replace('_', ' ')} in {pct(tr[least]['games']['rate'])}."))
    return charts


GAME_CHARTS = {"wuxing": _wuxing, "experior": _experior, "legolas": _legolas}


def charts(fig: Mapping[str, Any]) -> list[Chart]:
    out = [_seat_chart(fig), _length_chart(fig)]
    extra = GAME_CHARTS.get(fig["engine"])
    if extra and fig.get("details"):
        out += extra(fig)
    return out


# ---------------------------------------------------------------------------------------------
# The PDF
# ---------------------------------------------------------------------------------------------

def _markup(text: str, role: str = "regular") -> str:
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
    style = [("FONT", (0, 0), (-1, -1), _font(), size, size * 1.25),
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
    body = ParagraphStyle("figures", fontName=_font(), fontSize=size, leading=size * 1.3)
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
        out.append(Paragraph(_markup(re.sub(r"\s+", " ", line.strip())),
                             ParagraphStyle("figures-line", parent=body,
                                            leftIndent=depth * indent)))
        i += 1
    return out


def write_report(fig: Mapping[str, Any], out: Path) -> list[str]:
    """Write the balance report of a run's figures to `out` (atomically). Returns the charts'
    titles."""
    from ..output import atomic_output

    styles = getSampleStyleSheet()
    regular, bold = _font("regular"), _font("bold")
    h1 = ParagraphStyle("report-title", parent=styles["Title"], fontName=bold)
    h2 = ParagraphStyle("chart", parent=styles["Heading2"], fontName=bold, fontSize=13,
                        spaceBefore=8, spaceAfter=2)
    body = ParagraphStyle("caption", parent=styles["BodyText"], fontName=regular, fontSize=9.5,
                          leading=12)
    agents = fig["agents"]
    who = " vs ".join(agents) if len(set(agents)) > 1 else f"{agents[0]} agents"
    again = (f"pnp simulate --game {fig['game']} --games {fig['games']} --seed {fig['seed']} "
             f"--players {fig['players']}")
    if set(agents) != {"random"}:
        again += f" --agents {','.join(agents) if len(set(agents)) > 1 else agents[0]}"
    story: list = [
        Paragraph(_markup(f"{fig['title']}: balance report", "bold"), h1),
        Paragraph(_markup(f"{fig['games']:,} simulated games, {fig['players']} players, {who}, "
                          f"seed {fig['seed']}. Intervals are 95 % (Wilson for rates). The same "
                          f"seed gives the same figures: {again}."), body),
        Spacer(1, 4 * mm),
    ]
    made = charts(fig)
    for ch in made:
        story.append(KeepTogether([Paragraph(_markup(ch.title, "bold"), h2), ch.drawing,
                                   Paragraph(_markup(ch.caption), body)]))
    text = {k: v for k, v in fig.items() if k != "run"}
    story += [Spacer(1, 6 * mm), Paragraph(_markup("All figures", "bold"), h2)]
    story += figures_flowables(format_text(text))
    with atomic_output(Path(out)) as tmp:
        doc = SimpleDocTemplate(str(tmp), pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm,
                                topMargin=16 * mm, bottomMargin=16 * mm,
                                title=f"{fig['title']} balance report", author="pnp",
                                initialFontName=regular)  # no Helvetica in the page resources
        doc.build(story)
    return [c.title for c in made]
