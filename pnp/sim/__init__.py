"""The playtest lab: simulate many games, summarise them, draw a balance report, play by hand.

    from pnp.sim.simulate import load_game, run_figures, simulate
    from pnp.sim.summary import format_text

    setup = load_game("my-game")                      # engine built from card_data/my-game
    run = simulate(setup, 1000, seed=1, agents="random,greedy", jobs=2)
    print(format_text(run_figures(setup, run, seed=1, agents=["random", "greedy"])))

Modules: agents (the agents of each game), simulate (seeds, chunks, worker processes),
summary (the figures), report (the balance PDF), play (a game in the terminal).
"""

from .agents import register

__all__ = ["register"]
