"""Shared test helpers (importable as `helpers`: tests/ is on the pytest pythonpath)."""

import csv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def edit_csv(path: Path, row: int, field: str, value: str) -> None:
    """Set one cell (row numbered as a spreadsheet shows it, header = 1)."""
    rows = list(csv.reader(path.read_text(encoding="utf-8").splitlines()))
    col = rows[0].index(field)
    rows[row - 1][col] = value
    with path.open("w", encoding="utf-8", newline="") as fh:
        csv.writer(fh).writerows(rows)

# A site folder with one installed package, pnp_tiny, whose `pnp.games` entry point adds the game
# Tiny Pile (see tests/fixtures/pnp_tiny/README.md); TINY_GAME is its card data.
PLUGIN_SITE = ROOT / "tests" / "fixtures" / "pnp_tiny"
TINY_GAME = ROOT / "tests" / "fixtures" / "tiny_game"
