"""The per-state caches every Legolas rule module reads, declared once for the type checker
(the rule modules are parts of one state class; state.py sets these)."""

from __future__ import annotations

from typing import Any


class StateCaches:
    _legal: list[int] | None
    _pending: Any
    _c_seats: Any
    _c_static: Any
    _c_hordes: Any
    _c_rows: Any
    _c_fight: list[Any]       # per seat: ChallengeRules._fight's figures, None when stale
