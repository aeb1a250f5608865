"""`pnp bench`: how fast pnp is, as ratios to floors measured in the same run.

The machine is shared and its load moves, so seconds alone mean little; each figure is set next
to a floor doing the same work in the same minute, and each ratio is printed with its goal:

- a cold `pnp build --game wuxing` against a cold `python -c "import reportlab..., click,
  jinja2"` (the imports no build can avoid);
- `pnp build` of a plain deck (`pnp new`, one distinct text a card, booklet included), run as a
  user runs it, against bare reportlab drawing the same cards (pnp/benchfloor.py); time and
  peak memory, at each size;
- the Experior engine through the engine protocol against a tight loop of the same rules.

Nothing here is part of the test suite's timing; a smoke test only checks the figures print.
"""

from __future__ import annotations

import csv
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

GOALS = {"cold build": 2.0, "deck": 1.5, "linear": 1.25, "memory": 1.3, "engine": 1 / 3,
         "layout card": 2.0}
WORDS = ("draw discard gain lose point card hand each other player two one three suit trick "
         "play reveal choose score move token board round").split()


def _run(args: list[str]) -> tuple[float, float]:
    """Wall time and peak memory (MB) of one cold process."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(args[:4])} failed: {err.strip()[-300:]}")
    scale = 1024 * 1024 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS
    return wall, usage.ru_maxrss / scale


def _best(args: list[str], repeat: int) -> tuple[float, float]:
    runs = [_run(args) for _ in range(repeat)]
    return min(r[0] for r in runs), min(r[1] for r in runs)


def _pnp() -> list[str]:
    script = shutil.which("pnp")  # the installed command, as a user runs it
    return [script] if script else [sys.executable, "-m", "pnp.cli"]


def make_deck(folder: Path, cards: int) -> Path:
    """A `pnp new` game with `cards` rows, each with its own title and text."""
    from .scaffold import new_game

    game = new_game(f"deck{cards}", folder)
    rng = random.Random(cards)
    with open(game / "cards.csv", "w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(["title", "text", "colour", "count"])
        for i in range(cards):
            text = " ".join(rng.choice(WORDS) for _ in range(18)).capitalize() + "."
            out.writerow([f"Card {i + 1}", text, rng.choice(("sun", "leaf", "rose")), 1])
    return game


def _verdict(ratio: float, goal: float, at_least: bool = False) -> str:
    met = ratio >= goal if at_least else ratio <= goal
    return f"goal {'>=' if at_least else '<='} {goal:.2f}: {'met' if met else 'NOT MET'}"


def _cold_build(folder: Path, pnp: list[str], echo: Callable) -> dict:
    out = folder / "wuxing.pdf"
    build, _ = _best(pnp + ["build", "--game", "wuxing", "--out", str(out)], 5)
    floor, _ = _best([sys.executable, "-c", "import reportlab.pdfgen.canvas, click, jinja2"], 5)
    ratio = build / floor
    echo("Cold build (best of 5):")
    echo(f"  pnp build --game wuxing {build:6.3f} s | imports alone {floor:6.3f} s | ratio "
         f"{ratio:5.2f}  {_verdict(ratio, GOALS['cold build'])}")
    return {"build": build, "imports": floor, "ratio": ratio}


def _decks(folder: Path, sizes, pnp: list[str], echo: Callable) -> list[dict]:
    from .resources import shipped

    echo("Plain deck through `pnp build` (booklet included) vs bare reportlab, cold processes:")
    echo(f"  {'cards':>6} {'pnp s':>8} {'ms/card':>8} {'peak MB':>8} | {'floor s':>8} "
         f"{'ms/card':>8} {'peak MB':>8} | {'time':>5} {'memory':>6}")
    rows = []
    for n in sizes:
        game = make_deck(folder, n)
        repeat = 3 if n <= 600 else 1
        out = folder / f"deck{n}.pdf"
        a_wall, a_mem = _best(pnp + ["build", "--game", str(game), "--out", str(out)], repeat)
        b_wall, b_mem = _best([sys.executable, "-m", "pnp.benchfloor", "deck",
                               str(game / "cards.csv"), str(folder / f"floor{n}.pdf"),
                               str(shipped("fonts"))], repeat)
        row = {"cards": n, "pnp": {"wall": a_wall, "peak_mb": a_mem},
               "floor": {"wall": b_wall, "peak_mb": b_mem},
               "ratio": a_wall / b_wall, "memory_ratio": a_mem / b_mem}
        rows.append(row)
        echo(f"  {n:>6} {a_wall:8.3f} {1000 * a_wall / n:8.3f} {a_mem:8.1f} | {b_wall:8.3f} "
             f"{1000 * b_wall / n:8.3f} {b_mem:8.1f} | {row['ratio']:5.2f} "
             f"{row['memory_ratio']:6.2f}")
    worst = max(r["ratio"] for r in rows)
    echo(f"  time, worst size: {worst:5.2f}  {_verdict(worst, GOALS['deck'])}")
    big = rows[-1]
    echo(f"  peak memory at {big['cards']} cards: {big['pnp']['peak_mb']:.0f} MB vs "
         f"{big['floor']['peak_mb']:.0f} MB, ratio {big['memory_ratio']:4.2f}  "
         f"{_verdict(big['memory_ratio'], GOALS['memory'])}")
    if len(rows) > 1 and rows[-1]["cards"] > rows[-2]["cards"]:
        per = [r["pnp"]["wall"] / r["cards"] for r in rows[-2:]]
        growth = per[1] / per[0]
        echo(f"  time a card, {rows[-1]['cards']} vs {rows[-2]['cards']} cards: "
             f"{growth:4.2f}  {_verdict(growth, GOALS['linear'])} (linear in cards)")
        # the deck's faces come from layout files: what one more card costs, start-up aside
        a, b = rows[-2], rows[-1]
        more = b["cards"] - a["cards"]
        pnp_ms = 1000 * (b["pnp"]["wall"] - a["pnp"]["wall"]) / more
        floor_ms = 1000 * (b["floor"]["wall"] - a["floor"]["wall"]) / more
        ratio = pnp_ms / floor_ms if floor_ms > 0 else float("inf")
        echo(f"  a card from its layout file, beyond {a['cards']}: {pnp_ms:.3f} ms vs floor "
             f"{floor_ms:.3f} ms, ratio {ratio:4.2f}  {_verdict(ratio, GOALS['layout card'])}")
    return rows


def _engine_ceiling(seconds: float, echo: Callable) -> dict:
    """Experior through core.play against the tight loop, interleaved; best rate of each."""
    from .benchfloor import experior_loop
    from .engine.core import RandomAgent, play
    from .project import open_game

    opened = open_game("experior")
    game = opened.module.new_game(opened.model)
    agents = [RandomAgent(), RandomAgent()]
    batch = 2000
    engine_rate = loop_rate = 0.0
    deadline = time.perf_counter() + seconds
    rounds = 0
    while rounds < 3 or time.perf_counter() < deadline:
        start = time.perf_counter()
        experior_loop(batch, seed=rounds * batch)
        loop_rate = max(loop_rate, batch / (time.perf_counter() - start))
        start = time.perf_counter()
        for s in range(rounds * batch, (rounds + 1) * batch):
            play(game, agents, s)
        engine_rate = max(engine_rate, batch / (time.perf_counter() - start))
        rounds += 1
    ratio = engine_rate / loop_rate
    echo("Engine against a tight loop of the same rules (Experior, random players, one core):")
    echo(f"  engine protocol {engine_rate:9.0f} games/s | tight loop {loop_rate:9.0f} games/s | "
         f"ratio {ratio:4.2f}  {_verdict(ratio, GOALS['engine'], at_least=True)}")
    return {"engine": engine_rate, "loop": loop_rate, "ratio": ratio}


def _games_per_second(name: str, seconds: float) -> float:
    from .engine.core import RandomAgent, play
    from .project import open_game

    game = open_game(name)
    engine = game.module.new_game(game.model)
    agents = [RandomAgent() for _ in range(engine.num_players)]
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        play(engine, agents, seed=n)
        n += 1
    return n / (time.perf_counter() - start)


def _simulation(games, seconds: float, echo: Callable) -> dict:
    echo(f"Simulation, random agents, one core ({seconds:g} s each):")
    rates = {}
    for g in games:
        try:
            rates[g] = _games_per_second(g, seconds)
        except Exception as exc:  # a game without an engine must not stop the benchmark
            echo(f"  {g:<10} unavailable: {exc}")
            continue
        echo(f"  {g:<10} {rates[g]:10.0f} games/s")
    return rates


def run(sizes=(54, 540, 5400, 54000), games=None, sim_seconds=2.0, echo=print) -> dict:
    from .data.game import list_games

    pnp = _pnp()
    known = list_games()
    games = [g for g in (games or known) if g in known]
    figures: dict = {"startup": {}}
    echo("Start-up (best of 3, includes the interpreter):")
    for label, args in (("pnp --help", ["--help"]), ("pnp list", ["list"])):
        figures["startup"][label] = _best(pnp + args, 3)[0]
        echo(f"  {label:<12} {figures['startup'][label]:6.3f} s")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        figures["cold_build"] = _cold_build(folder, pnp, echo)
        figures["decks"] = _decks(folder, sizes, pnp, echo)
    figures["engine"] = _engine_ceiling(sim_seconds, echo)
    figures["simulation"] = _simulation(games, sim_seconds, echo)
    return figures
