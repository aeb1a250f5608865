"""pnp: print-and-play kits and rules engines for tabletop games."""

__version__ = "0.1.0"
