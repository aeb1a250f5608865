"""Playing many seeded games, in worker processes, and tallying them.

Game i of a run with seed S is ``core.play(game, agents, derive_seed(S, i))``: its seed depends on
(S, i) only. Games are cut into chunks whose size depends on the number of games only; each
chunk is played by one process with fresh agents and sends back a small ``Tally`` (counts, not
records), and the tallies merge exactly. So the same seed gives the same figures for any --jobs.
"""

from __future__ import annotations

import hashlib
import os
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ..engine.core import IllegalAction, PlayerCountError, play
from ..errors import DataError, OptionError, PnpError, RulesError, UnloadedData, clipped
from . import agents as agent_registry
from .summary import Tally, figures

if TYPE_CHECKING:
    from ..games.registry import GameSpec
    from ..project import OpenGame


class SimulationError(PnpError):
    """A game of the run failed (an engine or agent error); names its seed to replay it."""


@dataclass
class Setup:
    """A game ready to simulate: its engine built from the card data."""

    name: str          # the game folder's name
    engine: str        # the name of its GameSpec (game.toml's `engine`)
    title: str
    game: Any          # the core.Game

    @property
    def num_players(self) -> int:
        return self.game.num_players

    @property
    def spec(self) -> GameSpec:
        from ..games.registry import get

        return get(self.engine)


def load_game(name: str, players: int | None = None) -> Setup:
    """Open a game (name or folder) and build its rules engine from the card data."""
    from ..project import open_game

    return setup_of(open_game(name), players)


NOT_PLAYED = "nothing was played (fix them: `pnp validate` lists every problem)"


def setup_of(opened: OpenGame, players: int | None = None) -> Setup:
    """The rules engine of an opened game (load_game's, for a game opened already)."""
    # a value that could not be read has a stand-in (wound_limit 100 for "-5"): games played
    # on it would measure a game nobody wrote
    errors = opened.folder.blocking_errors()  # (a picture not made yet: played all the same)
    if errors:
        raise UnloadedData(errors, NOT_PLAYED)
    title = getattr(getattr(opened.model, "common", None), "title", "")
    try:
        game = opened.spec.new_game(opened.model, players)
    except ValueError as exc:
        raise _refused(opened, exc) from None
    if players is not None and game.num_players != players:
        raise OptionError("--players", f"{opened.name} is for "
                          f"{players_text(game.min_players, game.max_players)}, not {players}")
    return Setup(opened.name, opened.spec.name, title or opened.name, game)


def _refused(opened: OpenGame, exc: ValueError) -> PnpError:
    """What an engine refusing the data is said as: a player count --players names; data
    `pnp validate` finds wrong, its findings (each naming file, row and field); else the
    engine's message, the game named once (an engine's message may name it already)."""
    from ..project import errors_in, validate

    said = str(exc) if str(exc).startswith(f"{opened.name} ") else f"{opened.name}: {exc}"
    if isinstance(exc, PlayerCountError):
        return OptionError("--players", said)
    errors = errors_in(validate(opened))
    return RulesError(errors, NOT_PLAYED) if errors else PnpError(said)


def players_text(low: int, high: int) -> str:
    """"2 players", "2-4 players", "1 player": the player count as people say it."""
    count = str(low) if low == high else f"{low}-{high}"
    return f"{count} player{'' if high == 1 else 's'}"


def derive_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed` (64 bits, the same on every machine)."""
    digest = hashlib.blake2b(f"pnp-sim:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def chunk_size(games: int) -> int:
    """Games per chunk: a function of the number of games only (never of --jobs)."""
    return max(1, min(250, -(-games // 64)))


def chunks(games: int) -> list[tuple[int, int]]:
    size = chunk_size(games)
    return [(a, min(games, a + size)) for a in range(0, games, size)]


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


# -- the work of one chunk (module level so worker processes can run it) ----------------------

def play_chunk(shared: tuple[Setup, Sequence[str], int], start: int, stop: int) -> Tally:
    """Play games start..stop-1 of a run (its setup, agent specs and seed) and tally them."""
    setup, specs, seed = shared
    engine = setup.engine
    game = setup.game
    players = [agent_registry.make(engine, s) for s in specs]
    tally = Tally(engine, game.num_players)
    add = tally.add
    for rec in seeded(game, players, seed, start, stop, specs=specs):
        add(rec.returns, rec.stats, rec.decisions)
    return tally


def seeded(game, agents, seed: int, start: int, stop: int, who: str = "",
           specs: Sequence[str] = ()):
    """The records of games start..stop-1 of a run, each from its own seed; a game that fails
    is named by its number and seed (a data mistake found in play by its file and key too, an
    agent that broke the rules by its spec in `specs` and its seat)."""
    for i in range(start, stop):
        s = derive_seed(seed, i)
        try:
            yield play(game, agents, s)
        except DataError as exc:    # a mistake in the game's data found in play (rules.toml)
            raise DataError(f"{exc.message} (game {i}, seed {s})", exc.path, exc.row,
                            exc.field) from None
        except Exception as exc:
            why = f"{type(exc).__name__}: {clipped(str(exc))}"
            if isinstance(exc, IllegalAction):
                breaker = _rule_breaker(game, agents, s, specs)
                why = f"{breaker} ({clipped(str(exc))})" if breaker else why
            raise SimulationError(
                f"{who}game {i} (seed {s}) failed: {why}; replay it "
                f"with pnp.engine.core.play(game, agents, {s})") from None


def _rule_breaker(game, agents, seed: int, specs: Sequence[str]) -> str | None:
    """Which agent made a failed game's illegal move, in the words `pnp play` uses, found by
    playing the game again with each move checked first (the fast loop checks none: the engine
    refuses it without knowing whose agent chose it). None when the replay plays otherwise
    (an agent that remembers earlier games)."""
    class Broke(Exception):
        pass

    def check(state, player: int, action) -> None:
        if player >= 0 and action not in state.legal_actions():
            raise Broke(player, action)

    try:
        play(game, agents, seed, observe=check)
    except Broke as broke:
        seat, action = broke.args
        name = repr(specs[seat]) if seat < len(specs) else type(agents[seat]).__name__
        return agent_registry.chose_illegally(f"{name} (seat {seat + 1})", action)
    except Exception:               # the replay failed otherwise: keep the engine's message
        return None
    return None


@dataclass
class Run:
    tally: Tally
    seconds: float
    jobs: int
    scheduler: str | None = None  # a Dask cluster's address: its workers played, not `jobs`


def simulate(setup: Setup, games: int, *, seed: int = 0, agents: Sequence[str] | str = "random",
             jobs: int | None = None, progress: Callable[[int], None] | None = None,
             scheduler: str | None = None) -> Run:
    """Play `games` seeded games; `progress(n)` is called with the games done by each chunk.
    With `scheduler` (tcp://HOST:PORT) the chunks run on that Dask cluster (executor.py)."""
    from .executor import run_chunks

    if games < 1:
        raise OptionError("--games", "must be at least 1")
    specs = agents if not isinstance(agents, str) else \
        agent_registry.parse(setup.engine, agents, setup.num_players)
    if len(specs) != setup.num_players:
        raise OptionError("--agents", f"{len(specs)} agents for {setup.num_players} players")
    jobs = default_jobs() if jobs is None or jobs <= 0 else jobs
    parts = chunks(games)
    jobs = min(jobs, len(parts))
    start = time.perf_counter()
    done = (lambda i: progress(parts[i][1] - parts[i][0])) if progress else None
    total = Tally(setup.engine, setup.num_players)
    for part in run_chunks(play_chunk, (setup, tuple(specs), seed), parts, jobs=jobs,
                           scheduler=scheduler, progress=done):
        total.merge(part)
    return Run(total, time.perf_counter() - start, jobs, scheduler)


def run_figures(setup: Setup, run: Run, *, seed: int, agents: Sequence[str]) -> dict[str, Any]:
    """The figures of a run, with how long it took under "run"."""
    fig = figures(run.tally, title=setup.title, game=setup.name, seed=seed, agents=agents)
    fig["run"] = {"jobs": None if run.scheduler else run.jobs, "scheduler": run.scheduler,
                  "seconds": round(run.seconds, 3),
                  "games_per_second": round(run.tally.games / run.seconds, 1)
                  if run.seconds > 0 else 0.0}
    return fig
