"""A plain deck (what `pnp new` starts from): cards only, no rules engine."""

from ..registry import register, shipped

SPEC = register(shipped(__name__, "Plain deck", (1, 99), lab=False))
