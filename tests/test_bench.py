"""The benchmark runs (tiny sizes) and prints every figure; no test asserts a time."""

from pnp.bench import run


def test_bench_prints_every_figure():
    lines: list[str] = []
    figures = run(sizes=(9,), games=("wuxing",), sim_seconds=0.05, echo=lines.append)
    text = "\n".join(lines)
    for heading in ("Start-up", "pnp --help", "pnp list", "Game builds", "wuxing",
                    "Synthetic decks", "ms/card", "peak MB", "B/card", "floor", "ratio",
                    "Simulation", "games/s", "Live page", "median"):
        assert heading in text, heading
    deck = figures["decks"][0]
    assert deck["cards"] == 9 and deck["pnp"]["bytes"] > 0 and deck["floor"]["bytes"] > 0
    assert deck["ratio"] > 0 and figures["simulation"]["wuxing"] > 0
    assert figures["builds"]["wuxing"]["bytes"] > 10_000
    assert 0 < figures["serve"]["best"] <= figures["serve"]["median"]
