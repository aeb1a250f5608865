"""Where the shipped card data, templates and fonts are: inside the installed package
(pnp/_data/...) or, in a source checkout, at the top of the repository."""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def shipped(name: str) -> Path:
    """The folder `name` (card_data, templates or fonts) that ships with pnp."""
    for candidate in (_HERE / "_data" / name, _HERE.parent / name):
        if candidate.is_dir():
            return candidate
    return _HERE.parent / name
