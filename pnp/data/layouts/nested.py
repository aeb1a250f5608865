"""A `layout` element: another layout file drawn in the element's box, compiled once when the
layout that places it is read, as the game's faces are (its variants, its expressions checked
against the row it will have). Its row is a table the layouts may name, given by its dotted name
(`row = "sides.elf"`: the Elf's row of sides.csv, where a game names its tables so), or, without
`row`, the face's own row. The drawing is pnp/faces/draw.py.

    [elf_half]                    # the Elf's half of a board, turned for the player across
    type = "layout"
    layout = "layouts/board-half.toml"
    row = "sides.elf"
    height = "50% - 7mm"
    rotate = 180
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import DataError, Source, in_game
from .spec import MAX_DEPTH, resolve

PLACING = "placing layouts"  # Env.caches: the files being compiled, to refuse a circle


@dataclass(frozen=True)
class Placed:
    """What a layout element draws: the compiled layout, the row it is given (None: the face's
    own) and the names it may read besides (the placing layout's)."""

    layout: Any
    row: dict[str, Any] | None
    constants: dict[str, Any]

    @property
    def static(self) -> bool:
        """The same on every piece of the face: a row of its own, or a layout of constants."""
        return self.row is not None or self.layout.static

    def context(self, ctx: dict[str, Any]) -> dict[str, Any]:
        """What the placed layout's expressions see on a face whose own context is `ctx`."""
        if self.row is None:
            return ctx
        return {**self.constants, **self.row, "row": self.row}


def placed(name: str, values: dict[str, Any], scope, env) -> Placed:
    """Compile the layout file element [name] places, with its row."""
    path = Path(scope.path)
    for prop, what in (("layout", "a layout file's name (\"layouts/half.toml\")"),
                       ("row", "a table's dotted name (\"sides.elf\")")):
        v = values[prop]
        if v is not None and (not v.static or not isinstance(v.const, str)
                              or "{" in str(v.raw)):
            raise DataError(f"element [{name}] (layout): {prop} is {what}, read when the layout "
                            "is, not an expression", path, field=f"{name}.{prop}")
    row = None if values["row"] is None else _table(scope.constants, values["row"].const,
                                                     path, f"{name}.row")
    columns = tuple(row) if row is not None else tuple(sorted(scope.columns))
    if env.compile is None:
        raise DataError(f"element [{name}] places a layout, which only a game's faces can",
                        path, field=f"{name}.layout")
    ref, where = values["layout"].const, f"{name}.layout"
    target = resolve(env.root, ref, Source(path), where)  # (a .toml file, no game.toml)
    stack: list[Path] = env.caches.setdefault(PLACING, [])
    if target == path or target in stack:
        chain = " -> ".join(in_game(p) for p in (*stack, path, target))
        raise DataError(f"layouts place each other in a circle: {chain}", path, field=where)
    if len(stack) >= MAX_DEPTH:  # no circle, only deep: the first and last files say enough
        raise DataError(f"layouts place layouts more than {MAX_DEPTH} deep "
                        f"({in_game(stack[0])} -> ... -> {in_game(path)} -> "
                        f"{in_game(target)}); a layout placed in a layout placed in ... is "
                        "enough a few levels down", path, field=where)
    stack.append(path)
    try:
        layout = env.compile(ref, columns, scope.constants, Source(path), where)
    finally:
        stack.pop()
    return Placed(layout, row, scope.constants)


def _table(constants: dict[str, Any], dotted: str, path: Path, where: str) -> dict[str, Any]:
    """The table `dotted` names among the layouts' names: sides.elf is names["sides"]["elf"]."""
    value: Any = constants
    for i, key in enumerate(part.strip() for part in dotted.split(".")):
        if not isinstance(value, dict) or key not in value:
            have = sorted(k for k, v in value.items() if isinstance(v, dict)) \
                if isinstance(value, dict) else []
            at = ".".join(dotted.split(".")[:i]) or "the layouts' names"
            raise DataError(f"row = {dotted!r}: {at} has no table {key!r}"
                            + (f"; it has {', '.join(have)}" if have else ""), path, field=where)
        value = value[key]
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise DataError(f"row = {dotted!r} is not a table of columns (a row)", path, field=where)
    return value
