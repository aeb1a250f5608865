"""The sweep's PDF: a chart per compared figure (each variant's paired difference from the base,
with its interval) and the full table, drawn with the balance report's machinery."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer

from .charts import bars, font as _font
from .report import _markup, figures_flowables
from .sweep import format_sweep

MAX_CHARTS = 6


def _chosen(valid: list) -> list[str]:
    """The figures to chart: those some variant measurably changes first, then the rest."""
    names = list(valid[0]["figures"])
    moved = [n for n in names if any(r["figures"][n]["measurable"] for r in valid)]
    return (moved + [n for n in names if n not in moved])[:MAX_CHARTS]


def write_sweep_report(result: Mapping[str, Any], out: Path) -> list[str]:
    """Write the sweep report to `out` (atomically); returns the charts' titles."""
    from ..output import atomic_output

    styles = getSampleStyleSheet()
    h1 = ParagraphStyle("sweep-title", parent=styles["Title"], fontName=_font("bold"))
    h2 = ParagraphStyle("sweep-chart", parent=styles["Heading2"], fontName=_font("bold"),
                        fontSize=13, spaceBefore=8, spaceAfter=2)
    body = ParagraphStyle("sweep-body", parent=styles["BodyText"], fontName=_font(),
                          fontSize=9.5, leading=12)
    valid = [r for r in result["variants"] if r["valid"]]
    invalid = [r for r in result["variants"] if not r["valid"]]
    story: list = [
        Paragraph(_markup(f"{result['title']}: what if {', '.join(result['settings'])}?",
                          "bold"), h1),
        Paragraph(_markup(
            f"Each variant is the game's data with the values changed, validated, then played "
            f"{result['games']:,} times on the same seeds as the base game (seed "
            f"{result['seed']}, agents {', '.join(result['agents'])}). Bars are variant minus "
            "base, taken game by game, with 95 % intervals; an interval that leaves out zero "
            "is a measurable change."), body),
        Spacer(1, 3 * mm)]
    if invalid:
        story.append(Paragraph(_markup(
            "Not simulated (the data fails validation): " + "; ".join(
                f"{r['label']}: {r['problems'][0] if r['problems'] else '?'}"
                for r in invalid) + "."), body))
    titles = []
    if valid:
        labels = [r["label"] for r in valid]
        for name in _chosen(valid):
            figs = [r["figures"][name] for r in valid]
            moved = [lab for lab, f in zip(labels, figs) if f["measurable"]]
            words = (f"Base: {figs[0]['base']:.3f}. Measurable changes: "
                     + (", ".join(f"{lab} ({f['difference']:+.3f})"
                                  for lab, f in zip(labels, figs) if f["measurable"])
                        if moved else "none") + ".")
            chart = bars(labels, [f["difference"] for f in figs],
                         [tuple(f["ci"]) for f in figs],
                         value_label=f"{name}: variant minus base (95 % interval)")
            titles.append(name)
            story.append(KeepTogether([Paragraph(_markup(name, "bold"), h2), chart,
                                       Paragraph(_markup(words), body)]))
    story += [Spacer(1, 5 * mm), Paragraph(_markup("All figures", "bold"), h2)]
    story += figures_flowables(format_sweep(result))
    with atomic_output(Path(out)) as tmp:
        doc = SimpleDocTemplate(str(tmp), pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm,
                                topMargin=16 * mm, bottomMargin=16 * mm,
                                title=f"{result['title']} sweep", author="pnp",
                                initialFontName=_font())
        doc.build(story)
    return titles
