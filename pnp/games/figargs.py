"""A shipped game's figure arguments read as its figures (pnp/games/*/figures.py) take them: a
colour by palette name or hex, a length with its unit, a flag, a whole number. A bad value is
a ValueError, which the layout reports against the figure's element."""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import Color, white

from ..data.layouts.values import colour_in, to_length
from ..faces.figures import Figure


def colour_or_none(s: Figure, args: dict[str, Any], key: str, default: str | None) -> Color | None:
    """The colour `key` names (missing or empty: `default`, None when that is None)."""
    value = args.get(key)
    if value is None or value == "":
        value = default
    return None if value is None else colour_in(s.palette)(value)


def colour_arg(s: Figure, args: dict[str, Any], key: str, default: str = "ink") -> Color:
    """The colour `key` names, else `default`'s; one that names no colour ("none") is white."""
    return colour_or_none(s, args, key, default) or white


def length_arg(args: dict[str, Any], key: str, default: str) -> float:
    """A length in points ("4.8mm", "1.8pt"; a bare number is mm)."""
    return to_length(args.get(key, default)).of(0)


def flag_arg(args: dict[str, Any], key: str, default: bool = False) -> bool:
    value = args.get(key, default)
    return value is True or str(value).strip().lower() in ("true", "yes", "1")


def int_arg(args: dict[str, Any], key: str) -> int:
    """A whole number that must be there (3, 3.0, "3")."""
    value = float(args[key])
    if value != int(value):
        raise ValueError(f"{key} must be a whole number, got {args[key]!r}")
    return int(value)
