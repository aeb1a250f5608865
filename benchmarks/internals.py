"""The developer's benchmarks, beside the tests (what `pnp bench` measures is what a designer
feels; this is what one needs who works on pnp itself):

- start-up: `pnp --help` and `pnp list`, new processes;
- each engine through the engine protocol against a tight loop of the same rules (the
  *_ceiling.py modules here, which play the same games from the same seeds): goal, at least
  a third of the tight loop's games a second;
- the live page over HTTP: `pnp serve` on a 54-card deck, a client on its event stream, from
  saving an edited row to having fetched the redrawn face (wall time: what the page shows).

Run from the repository: `python benchmarks/internals.py [--sim-seconds 2]`.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).parent))

import experior_ceiling  # noqa: E402
import wuxing_ceiling  # noqa: E402

from pnp.bench import _pnp, _run, _set_cell, _verdict, make_deck  # noqa: E402

CEILINGS = {"wuxing": wuxing_ceiling.tight_loop, "experior": experior_ceiling.tight_loop}
ENGINE_GOAL = 1 / 3


def start_up(echo: Callable) -> dict:
    pnp = _pnp()
    echo("Start-up (best of 3, includes the interpreter; wall time):")
    figures = {}
    for label, args in (("pnp --help", ["--help"]), ("pnp list", ["list"])):
        figures[label] = min(_run(pnp + args)[0] for _ in range(3))
        echo(f"  {label:<12} {figures[label]:6.3f} s")
    return figures


def _engine_ceilings(games, seconds: float, echo: Callable) -> dict:
    """Each engine through core.play against its game's tight loop (its ceiling module
    here), interleaved in rounds; the best rate of each."""
    from pnp.engine.core import RandomAgent, play
    from pnp.project import open_game

    echo("Engines against a tight loop of the same rules (random players, one core):")
    rows = {}
    for name in games:
        loop = CEILINGS.get(name)
        if loop is None:
            continue
        opened = open_game(name)
        game = opened.spec.new_game(opened.model)
        agents = [RandomAgent() for _ in range(game.num_players)]
        batch, engine_rate, loop_rate, rounds = 1000, 0.0, 0.0, 0
        deadline = time.perf_counter() + seconds
        while rounds < 3 or time.perf_counter() < deadline:
            start = time.perf_counter()
            loop(batch, rounds * batch)
            loop_rate = max(loop_rate, batch / (time.perf_counter() - start))
            start = time.perf_counter()
            for s in range(rounds * batch, (rounds + 1) * batch):
                play(game, agents, s)
            engine_rate = max(engine_rate, batch / (time.perf_counter() - start))
            rounds += 1
        ratio = engine_rate / loop_rate
        rows[name] = {"engine": engine_rate, "loop": loop_rate, "ratio": ratio}
        echo(f"  {name:<10} engine protocol {engine_rate:8.0f} games/s | tight loop "
             f"{loop_rate:8.0f} games/s | ratio {ratio:4.2f}  "
             f"{_verdict(ratio, ENGINE_GOAL, at_least=True)}")
    return rows


def serve_latency(rounds: int = 5, cards: int = 54) -> list[float]:
    """Seconds from saving one edited card row to the page having the new face: `pnp serve` on a
    plain deck of `cards` cards, a client on its event stream that then fetches the state and
    the redrawn image, as the page does."""
    import http.client
    import json
    import threading

    from pnp.server import shutdown, start

    with tempfile.TemporaryDirectory() as tmp:
        folder = make_deck(Path(tmp), cards)
        stop = threading.Event()
        server, threads = start(str(folder), port=0, echo=lambda line: None, stop=stop)
        host, port = server.server_address[:2]
        events = http.client.HTTPConnection(host, port, timeout=30)
        try:
            events.request("GET", "/events")
            stream = events.getresponse()

            def next_version() -> int:
                while True:
                    line = stream.readline().decode()
                    if not line:
                        raise RuntimeError("the event stream ended")
                    if line.startswith("data: "):
                        return int(line[6:])

            while next_version() < 1:  # the first build
                pass
            times = []
            for i in range(rounds):
                start_time = time.perf_counter()
                _set_cell(folder / "cards.csv", 2, "title", f"Card 1, edit {i + 1}")
                next_version()
                get = http.client.HTTPConnection(host, port, timeout=30)
                get.request("GET", "/state.json")
                state = json.loads(get.getresponse().read())
                face = next(f for f in state["faces"] if f["id"] == "s0-0-f")
                get.request("GET", face["img"])
                get.getresponse().read()
                get.close()
                times.append(time.perf_counter() - start_time)
                time.sleep(0.3)  # let the editor's next save be a separate one
            return times
        finally:
            events.close()
            shutdown(server, threads, stop)


def _live_page(echo: Callable) -> dict:
    times = sorted(serve_latency())
    figures = {"best": times[0], "median": times[len(times) // 2]}
    echo("Live page (pnp serve): save one edited card row of a 54-card deck -> new face on the "
         "page (target 0.5 s):")
    echo(f"  best {figures['best']:.3f} s, median {figures['median']:.3f} s ({len(times)} edits)")
    return figures


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sim-seconds", type=float, default=2.0)
    args = parser.parse_args(argv)
    return {"startup": start_up(print),
            "engines": _engine_ceilings(list(CEILINGS), args.sim_seconds, print),
            "serve": _live_page(print)}


if __name__ == "__main__":
    main()
