"""The sweep's PDF: a chart per compared figure (each variant's paired difference from the base,
with its interval) and the full table, drawn with the balance report's machinery."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Sequence

from reportlab.lib.units import mm

from ..render.platypus import Paragraph, Spacer
from .charts import bars
from .report import Styles, font_markup, chart_section, figures_flowables, report_styles, save_pdf
from .sweep import format_sweep

MAX_CHARTS = 6


def _strength(fig: Mapping[str, Any]) -> float:
    """How far a difference's interval is from zero, in half-widths (0 inside it)."""
    lo, hi = fig["ci"]
    half = (hi - lo) / 2
    return abs(fig["difference"]) / half if half > 0 else 0.0


_NONE = {"base": 0.0, "variant": 0.0, "difference": 0.0, "ci": [0.0, 0.0],
         "unpaired_half_width": 0.0, "measurable": False}


def _figure(row: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    """A variant's figure; one it lacks (no game of it, base or variant) is no change."""
    return row["figures"].get(name, _NONE)


def _chosen(valid: list, about: Sequence[str] = ()) -> tuple[list[str], list[str]]:
    """(figures to chart, figures left out). First the figures about the changed card rows
    (``characters=psychic`` for a --set on the psychic's row), then those some variant
    measurably changes, strongest first, then the rest; at most MAX_CHARTS. The figures are
    those of every variant (an ending only one variant reaches is charted or named too)."""
    every = dict.fromkeys(n for r in valid for n in r["figures"])
    names = [n for n in every                            # a figure no variant moves at all
             if any(_figure(r, n)["ci"] != [0, 0] for r in valid)]   # has nothing to draw
    keys = {a.lower() for a in about}
    mine = [n for n in names if n.partition("=")[2].lower() in keys]
    moved = sorted((n for n in names if n not in mine
                    and any(_figure(r, n)["measurable"] for r in valid)),
                   key=lambda n: -max(_strength(_figure(r, n)) for r in valid))
    order = mine + moved + [n for n in names if n not in mine and n not in moved]
    return order[:MAX_CHARTS], order[MAX_CHARTS:]


def write_sweep_report(result: Mapping[str, Any], out: Path) -> list[str]:
    """Write the sweep report to `out` (atomically); returns the charts' titles."""
    st = report_styles()
    invalid = [r for r in result["variants"] if not r["valid"]]
    story: list = [
        Paragraph(font_markup(f"{result['title']}: what if {', '.join(result['settings'])}?",
                          "bold"), st.title),
        Paragraph(font_markup(
            f"Each variant is the game's data with the values changed, validated, then played "
            f"{result['games']:,} times on the same seeds as the base game (seed "
            f"{result['seed']}, agents {', '.join(result['agents'])}). Bars are variant minus "
            "base, taken game by game, with 95 % intervals; an interval that leaves out zero "
            "is a measurable change."), st.body),
        Spacer(1, 3 * mm)]
    if invalid:
        story.append(Paragraph(font_markup(
            "Not simulated (the data fails validation): " + "; ".join(
                f"{r['label']}: {r['problems'][0] if r['problems'] else '?'}"
                for r in invalid) + "."), st.body))
    valid = [r for r in result["variants"] if r["valid"]]
    charted, left = _chosen(valid, result.get("about", [])) if valid else ([], [])
    if left:
        story.append(Paragraph(font_markup(
            f"Charted: {len(charted)} of the {len(charted) + len(left)} figures that change (the "
            "figures about the changed rows, then the measurable changes, strongest first). Not "
            f"charted, in the table at the end and in --json: {', '.join(left)}."), st.body))
    sections = _sections(valid, charted, st)
    story += [section for _, section in sections]
    story += [Spacer(1, 5 * mm), Paragraph(font_markup("All figures", "bold"), st.heading)]
    story += figures_flowables(format_sweep(result))
    save_pdf(story, out, f"{result['title']} sweep")
    return [name for name, _ in sections]


def _sections(valid: list, charted: list[str], st: Styles) -> list[tuple[str, Any]]:
    """(figure name, chart section) for each charted figure of the valid variants."""
    labels = [r["label"] for r in valid]
    out = []
    for name in charted:
        figs = [_figure(r, name) for r in valid]
        moved = [f"{lab} ({f['difference']:+.3f})" for lab, f in zip(labels, figs)
                 if f["measurable"]]
        words = f"Base: {figs[0]['base']:.3f}. Measurable changes: {', '.join(moved) or 'none'}."
        top = max([0.0] + [f["ci"][1] for f in figs])           # zero stays on the axis
        chart = bars(labels, [f["difference"] for f in figs], [tuple(f["ci"]) for f in figs],
                     vmax=top, value_label=f"{name}: variant minus base (95 % interval)")
        out.append((name, chart_section(name, chart, words, st)))
    return out
