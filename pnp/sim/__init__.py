"""The playtest lab: simulate many games, summarise them, draw a balance report, play by hand.

    from pnp.sim import load_game, simulate, figures_of
    setup = load_game("wuxing")
    run = simulate(setup, 1000, seed=1, agents="random,greedy", jobs=2)
    print(run.tally.games)

Modules: agents (the registry), simulate (seeds, chunks, worker processes), summary (the
figures), report (the PDF), play (the terminal game).
"""

from .agents import register
from .simulate import Setup, derive_seed, load_game, run_figures, simulate
from .summary import Tally, figures, format_text, wilson

__all__ = ["Setup", "Tally", "derive_seed", "figures", "format_text", "load_game", "register",
           "run_figures", "simulate", "wilson"]
