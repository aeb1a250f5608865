"""A sweep's figures: every variant has every figure (an ending one variant never reaches is 0
games of it there), and an option's name is found as game.toml writes it (quoted, non-ASCII).
The game is a fresh-user trial's own (tests/games/runes): a points race to options.goal,
else the game ends when a hand runs out."""

import json
import shutil
import unicodedata
from pathlib import Path

import pypdfium2 as pdfium
from click.testing import CliRunner

from pnp.cli import main

RUNES = Path(__file__).parent / "games" / "runes"


def _game(tmp_path: Path) -> Path:
    game = tmp_path / "runes"
    shutil.copytree(RUNES, game)
    return game


def _sweep(game: Path, out: Path, *sets: str, games: int = 300) -> tuple[int, str]:
    args = ["sweep", "-g", str(game), "--games", str(games), "--seed", "1",
            "--jobs", "1", "--out", str(out)]
    for s in sets:
        args += ["--set", s]
    r = CliRunner().invoke(main, args)
    return r.exit_code, r.output


def _pdf_text(path: Path) -> str:
    pdf = pdfium.PdfDocument(str(path))
    return " ".join(" ".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
                    .split())


def test_an_ending_only_some_variants_reach_is_no_crash_and_is_charted(tmp_path):
    # (a trial: goal=10,15 said "this is a bug in pnp (KeyError: 'ended_by=goal')", exit 70,
    # and wrote no PDF: the goal is reached at 10, never at 15 nor in the base game)
    game, out = _game(tmp_path), tmp_path / "s.pdf"
    code, text = _sweep(game, out, "options.goal=10,15")
    assert code == 0, text
    assert "bug in pnp" not in text and out.exists()
    goal = [line.split() for line in text.splitlines() if "ended_by=goal" in line]
    assert len(goal) == 2                       # a row in each variant's table
    assert goal[1][1:5] == ["0.000", "0.000", "+0.000", "+0.000"]   # goal=15: none, none
    assert goal[0][-1] == "*"                   # goal=10: measurably more games end so
    assert "ended_by=goal" in _pdf_text(out).split("All figures")[0]   # and it is charted


def test_a_figure_measurable_in_a_later_variant_only_is_charted(tmp_path):
    # (a trial: Thunder.value=2..5 marked ended_by=goal measurable for value=5, the only
    # variant reaching the goal, yet the PDF neither charted it nor named it "not charted")
    game, out = _game(tmp_path), tmp_path / "s.pdf"
    r = CliRunner().invoke(main, ["sweep", "-g", str(game), "--games", "300",
                                  "--seed", "1", "--jobs", "1", "--json", "--out", str(out),
                                  "--set", "cards.csv:Thunder.value=2..5"])
    assert r.exit_code == 0, r.output
    variants = json.loads(r.output[r.output.index("{"):])["variants"]
    names = [list(v["figures"]) for v in variants]
    assert all(n == names[0] for n in names) and "ended_by=goal" in names[0]
    assert variants[-1]["figures"]["ended_by=goal"]["measurable"]
    assert not variants[0]["figures"]["ended_by=goal"]["measurable"]
    assert "ended_by=goal" in _pdf_text(out).split("All figures")[0]


def test_a_quoted_non_ascii_option_is_swept_however_its_accent_is_typed(tmp_path):
    # (a trial: game.toml's "zíl" = 15 played in validate, build and simulate, but sweep said
    # game.toml has no 'zíl' in [options]: it looked for the key bare, not quoted)
    game = _game(tmp_path)
    for name in ("game.toml", "rules.toml", "booklet.md.j2"):
        path = game / name
        text = path.read_text(encoding="utf-8").replace("goal = 15", '"zíl" = 15')
        path.write_text(text.replace("options.goal", "options.zíl"), encoding="utf-8")
    for typed in ("zíl", unicodedata.normalize("NFD", "zíl")):
        code, text = _sweep(game, tmp_path / "s.pdf", f"options.{typed}=10,15", games=20)
        assert code == 0, text
        assert "zíl=10:" in text
    code, text = _sweep(game, tmp_path / "s.pdf", "options.zil=10", games=20)
    assert code == 2 and "game.toml has no 'zil' in [options] (did you mean 'zíl'?)" in text
