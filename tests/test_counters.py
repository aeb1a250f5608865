"""Wargame counters: a sheet on landscape paper, and each side's counters printed together."""

from __future__ import annotations

from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import main

GAME = """[game]
title = "Front"
engine = "deck"

[print]
paper = "{paper}"

[[component]]
name = "counter"
type = "token"
shape = "rect"
width = "16mm"
height = "16mm"
data = "units.csv"
front = "layouts/unit.toml"
{extra}
"""


def _front(tmp_path, rows, paper="a4", extra=""):
    folder = tmp_path / "front"
    (folder / "layouts").mkdir(parents=True)
    (folder / "game.toml").write_text(GAME.format(paper=paper, extra=extra))
    (folder / "booklet.md.j2").write_text("# Front\n\nPlay the counters.\n")
    (folder / "units.csv").write_text("\n".join(rows) + "\n")
    (folder / "layouts" / "unit.toml").write_text(
        'name = { type = "text", text = "{{ name }}", x = "2mm", y = "5mm", width = "12mm", '
        'height = "6mm", size = 7, align = "centre" }\n')
    return folder


def _build(tmp_path, folder):
    out = tmp_path / "front.pdf"
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--out", str(out)])
    assert res.exit_code == 0, res.output
    return PdfReader(out)


def _sheet_words(reader):
    return [w for page in reader.pages for w in page.extract_text().split()
            if w[:1] in "GS" and w[1:].isdigit()]


def test_a_counter_sheet_on_landscape_paper(tmp_path):
    rows = ["name,count"] + [f"G{i}," for i in range(1, 121)]
    reader = _build(tmp_path, _front(tmp_path, rows, paper="a4-landscape"))
    words = _sheet_words(reader)
    assert sorted(words) == sorted(f"G{i}" for i in range(1, 121))
    sheets = [p for p in reader.pages if any(w.startswith("G") for w in p.extract_text().split())]
    for page in sheets:
        assert float(page.mediabox.width) > float(page.mediabox.height)  # landscape
    assert len(sheets) == 1  # 120 counters of 16 mm on one A4 sheet, turned


def test_each_sides_counters_print_together_in_data_order(tmp_path):
    rows = ["name,side,count"] + [f"{'G' if i % 2 else 'S'}{i},{'axis' if i % 2 else 'allies'},"
                                  "2" for i in range(1, 13)]
    words = _sheet_words(_build(tmp_path, _front(tmp_path, rows)))
    german = [w for w in words if w.startswith("G")]
    assert words == german + [w for w in words if w.startswith("S")], words  # axis first
    assert german == [g for g in (f"G{i}" for i in range(1, 13, 2)) for _ in range(2)]
    # group = "" keeps the data's order; group names another column; a wrong one is named
    words = _sheet_words(_build(tmp_path, _front(tmp_path / "kept", rows, extra='group = ""')))
    assert words[:4] == ["G1", "G1", "S2", "S2"], words
    folder = _front(tmp_path / "bad", rows, extra='group = "army"')
    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert res.exit_code != 0 and "Traceback" not in res.output
    assert ('game.toml, [[component]] "counter", field "group": group column \'army\' is not in units.csv'
            in res.output), res.output
