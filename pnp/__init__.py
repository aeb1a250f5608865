"""pnp: print-and-play kits and rules engines for tabletop games."""

__version__ = "0.1.0"

from . import classcache  # noqa: E402 (before any of pnp's dataclasses is made)

classcache.install()
