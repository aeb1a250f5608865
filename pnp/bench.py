"""`pnp bench`: how fast pnp builds and simulates, next to what bare reportlab needs for the same
drawing (the floor). Each measurement of a deck runs in its own process so peak memory is its own.
Nothing here is part of the test suite's timing; a smoke test only checks every figure is printed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_MM = 72 / 25.4  # the floor script uses no pnp module, not even pnp.units
CARD_TEXT = ("When this card is played, every player draws two cards, then discards one card of "
             "their choice. Gain 1 VP for each card of the same suit in play.")


def _art(folder: Path) -> Path:
    """A full-bleed back image (a gradient), like a designer's scanned art."""
    from PIL import Image

    path = folder / "back.png"
    if not path.exists():
        img = Image.new("RGB", (760, 1060))
        px = img.load()
        for y in range(0, 1060):
            for x in range(0, 760):
                px[x, y] = (x * 255 // 760, y * 255 // 1060, 120)
        img.save(path)
    return path


def _synthetic_kit(n: int, art: Path):
    from reportlab.lib.colors import HexColor

    from .kit import Kit, Piece, Sheet, shared
    from .units import MM

    @shared
    def back(s):
        s.c.drawImage(str(art), -s.bleed, -s.bleed, s.w + 2 * s.bleed, s.h + 2 * s.bleed)

    def front_for(i: int):
        def front(s):
            s.fill_bleed(HexColor("#f4efe1"))
            s.c.setStrokeColor(HexColor("#333333"))
            s.c.roundRect(3 * MM, 3 * MM, s.w - 6 * MM, s.h - 6 * MM, 2 * MM)
            s.c.setFillColor(HexColor("#222222"))
            s.line(f"Card {i + 1}", s.w / 2, s.h - 12 * MM, 14, "bold", "centre")
            s.c.circle(s.w / 2, s.h / 2 + 10 * MM, 12 * MM, stroke=1, fill=0)
            s.paragraph(CARD_TEXT, 5 * MM, 6 * MM, s.w - 10 * MM, 30 * MM, size=8.5)
        return front

    pieces = tuple(Piece("card", f"card {i + 1}", front_for(i), back) for i in range(n))
    kit = Kit("Synthetic deck")
    kit.sheets.append(Sheet("Cards", 63 * MM, 88 * MM, pieces))
    return kit


def deck_child(n: int, mode: str, out: str, art: str) -> dict:
    """Build a synthetic n-card deck with pnp ("pnp") or bare reportlab ("floor")."""
    import resource

    start = time.perf_counter()
    if mode == "pnp":
        from .render.fonts import load_fonts
        from .render.pdf import Options, render_kit
        from .units import PAPERS

        fonts = load_fonts()
        render_kit(_synthetic_kit(n, Path(art)), fonts, Path(out), Options(PAPERS["a4"]))
    else:
        _floor(n, out, art)
    wall = time.perf_counter() - start
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"wall": wall, "peak_mb": peak_kb / 1024, "bytes": os.path.getsize(out)}


def _floor(n: int, out: str, art: str) -> None:
    """The same cards drawn with reportlab alone, written as a careful script would."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    from .resources import shipped

    fonts = shipped("fonts")
    pdfmetrics.registerFont(TTFont("F", str(fonts / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont("FB", str(fonts / "DejaVuSans-Bold.ttf")))
    W, H = 210 * _MM, 297 * _MM
    w, h = 63 * _MM, 88 * _MM
    x0, y0 = (W - 3 * w) / 2, (H - 3 * h) / 2
    c = Canvas(out, pagesize=(W, H), invariant=1)
    c.beginForm("back", 0, 0, w, h)
    c.drawImage(art, 0, 0, w, h)
    c.endForm()
    slots = [(x0 + (i % 3) * w, y0 + (2 - i // 3) * h) for i in range(9)]
    for first in range(0, n, 9):
        count = min(9, n - first)
        for i in range(count):
            _floor_card(c, first + i + 1, slots[i], w, h)
        for xm in (x0, x0 + w, x0 + 2 * w, x0 + 3 * w):
            c.line(xm, y0 - 9 * _MM, xm, y0 - 5 * _MM)
            c.line(xm, H - y0 + 5 * _MM, xm, H - y0 + 9 * _MM)
        c.showPage()
        for x, y in slots[:count]:
            c.saveState()
            c.translate(W - x - w, y)
            c.doForm("back")
            c.restoreState()
        c.showPage()
    c.save()



def _floor_card(c, number: int, at: tuple[float, float], w: float, h: float) -> None:
    """One front of the floor deck: ground, frame, title, circle and its own text."""
    from reportlab.lib.colors import HexColor
    from reportlab.lib.utils import simpleSplit

    c.saveState()
    c.translate(*at)
    c.setFillColor(HexColor("#f4efe1"))
    c.rect(0, 0, w, h, stroke=0, fill=1)
    c.setStrokeColor(HexColor("#333333"))
    c.roundRect(3 * _MM, 3 * _MM, w - 6 * _MM, h - 6 * _MM, 2 * _MM)
    c.setFillColor(HexColor("#222222"))
    c.setFont("FB", 14)
    c.drawCentredString(w / 2, h - 12 * _MM, f"Card {number}")
    c.circle(w / 2, h / 2 + 10 * _MM, 12 * _MM, stroke=1, fill=0)
    c.setFont("F", 8.5)
    ty = 36 * _MM
    for line in simpleSplit(CARD_TEXT, "F", 8.5, w - 10 * _MM):  # each card has its own text
        c.drawString(5 * _MM, ty, line)
        ty -= 8.5 * 1.2
    c.restoreState()


def _run_child(n: int, mode: str, folder: Path) -> dict:
    out = folder / f"{mode}-{n}.pdf"
    code = ("import json, sys; from pnp.bench import deck_child; "
            f"print(json.dumps(deck_child({n}, {mode!r}, {str(out)!r}, {str(_art(folder))!r})))")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(res.stdout.strip().splitlines()[-1])


def _time_command(args: list[str], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(args, capture_output=True, check=False)
        best = min(best, time.perf_counter() - start)
    return best


def _games_per_second(name: str, seconds: float) -> float:
    from .engine.core import RandomAgent, play
    from .project import open_game

    game = open_game(name)
    engine = game.spec.new_game(game.model)
    agents = [RandomAgent() for _ in range(engine.num_players)]
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        play(engine, agents, seed=n)
        n += 1
    return n / (time.perf_counter() - start)


def _shipped_games() -> tuple[str, ...]:
    """The registered games that ship card data of their own."""
    from .games.registry import specs

    return tuple(name for name, spec in specs().items() if spec.example_folder())


def run(sizes=(54, 540, 5400), games=None, sim_seconds=2.0, echo=print) -> dict:
    from .data.game import list_games

    import shutil

    figures: dict = {"startup": {}, "builds": {}, "decks": [], "simulation": {}}
    script = shutil.which("pnp")  # the installed command, as a user runs it
    pnp = [script] if script else [sys.executable, "-m", "pnp.cli"]
    figures["startup"]["pnp --help"] = _time_command(pnp + ["--help"])
    figures["startup"]["pnp list"] = _time_command(pnp + ["list"])
    echo("Start-up (best of 3, includes the interpreter):")
    for k, v in figures["startup"].items():
        echo(f"  {k:<12} {v:6.3f} s")
    known = list_games()
    games = _shipped_games() if games is None else games
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        echo("Game builds (a cold process each, best of 3):")
        for g in games:
            if g not in known:
                continue
            out = folder / f"{g}.pdf"
            t = _time_command(pnp + ["build", "--game", g, "--out", str(out)])
            size = out.stat().st_size if out.exists() else 0
            figures["builds"][g] = {"wall": t, "bytes": size}
            echo(f"  {g:<10} {t:6.3f} s  {size / 1024:8.1f} KB")
        echo("Synthetic decks (text, shapes, crop marks; full-bleed image back):")
        echo(f"  {'cards':>6} {'pnp s':>8} {'ms/card':>8} {'peak MB':>8} {'B/card':>8}"
             f" | {'floor s':>8} {'ms/card':>8} {'peak MB':>8} {'B/card':>8} | {'ratio':>5}")
        for n in sizes:
            a = _run_child(n, "pnp", folder)
            b = _run_child(n, "floor", folder)
            row = {"cards": n, "pnp": a, "floor": b, "ratio": a["wall"] / b["wall"]}
            figures["decks"].append(row)
            echo(f"  {n:>6} {a['wall']:8.3f} {1000 * a['wall'] / n:8.3f} {a['peak_mb']:8.1f} "
                 f"{a['bytes'] / n:8.0f} | {b['wall']:8.3f} {1000 * b['wall'] / n:8.3f} "
                 f"{b['peak_mb']:8.1f} {b['bytes'] / n:8.0f} | {row['ratio']:5.2f}")
    echo(f"Simulation, random agents, one core ({sim_seconds:g} s each):")
    for g in games:
        if g not in known:
            continue
        try:
            gps = _games_per_second(g, sim_seconds)
        except Exception as exc:  # a game without an engine yet must not stop the benchmark
            echo(f"  {g:<10} unavailable: {exc}")
            continue
        figures["simulation"][g] = gps
        echo(f"  {g:<10} {gps:10.0f} games/s")
    return figures
