"""The games pnp knows: one package each, with a game.py registering its GameSpec (see
registry.py); third-party games come in through the `pnp.games` entry-point group."""
