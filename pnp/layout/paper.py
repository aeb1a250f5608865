"""Paper: a named size (a4, letter, a3, tabloid, ...), its landscape form (`a4-landscape`) or a
size of its own (`300x200mm`, `11x17in`), parsed in one place, and how a duplex back page lies
behind its front.

Every sheet is printed double-sided flipping on the long edge. On a portrait sheet that edge is
upright, so a back is its front mirrored left-right; on a landscape sheet it lies across the
top, so a back is mirrored top-bottom and the faces on it stand upside down (once the card is
turned over like a book page, the back reads upright behind its front)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import DataError, PnpError
from ..units import MM, PAPERS, length, width_by_height

LANDSCAPE = "-landscape"
MIN_SIDE_MM, MAX_SIDE_MM = 90, 1200  # a postcard to A0 (a smaller sheet would tile a board
# over hundreds of pages)
DEFAULT = "a4"


@dataclass(frozen=True)
class Paper:
    """A sheet as it lies on the table when printed: width and height in points."""

    name: str  # as it was chosen, for messages ("a4-landscape", "300x200mm")
    width: float
    height: float
    where: str = "--paper"  # the option or game.toml setting it came from ("": the default)

    @property
    def size(self) -> tuple[float, float]:
        return self.width, self.height

    @property
    def landscape(self) -> bool:
        return self.width > self.height


def choices() -> str:
    return ", ".join(PAPERS) + f" (each also as <name>{LANDSCAPE}) or a size such as 300x200mm"


def parse_paper(text: str, where: str = "--paper", path: Path | None = None) -> Paper:
    """A paper from its name or its size. A mistake is one error naming `where` (the option,
    or with `path` the game.toml setting)."""
    def wrong(message: str) -> PnpError:
        if path is not None:
            return DataError(message, path, field=where)
        shown = text if len(text) <= 40 else text[:37] + "..."
        return PnpError(f"{where} {shown!r}: {message}")

    name = str(text).strip().lower()
    turn = name.endswith(LANDSCAPE)
    base = name[:-len(LANDSCAPE)] if turn else name
    if base in PAPERS:
        w, h = PAPERS[base]
    else:
        sides = width_by_height(base)
        if sides is None:
            from difflib import get_close_matches  # (only to word the error: 2 ms a build)

            close = get_close_matches(base, list(PAPERS), n=1)
            hint = f"did you mean {close[0]}? " if close else ""
            raise wrong(f"unknown paper; {hint}use {choices()}")
        w, h = length(sides[0]), length(sides[1])
        for side in (w, h):
            if not MIN_SIDE_MM * MM - 1e-9 <= side <= MAX_SIDE_MM * MM:
                raise wrong(f"each side must be from {MIN_SIDE_MM} to {MAX_SIDE_MM} mm "
                            f"(got {side / MM:g} mm)")
    if turn:
        w, h = max(w, h), min(w, h)
    return Paper(name, w, h, where)


def game_paper(config: dict, path: Path) -> Paper | None:
    """`[print] paper = "a3"` in game.toml, or None when the game does not choose."""
    table = config.get("print")
    if table is None:
        return None
    if not isinstance(table, dict):
        raise DataError("[print] must be a table", path)
    value = table.get("paper")
    if value is None:
        return None
    if not isinstance(value, str):
        raise DataError(f"[print] paper must be text such as \"a3\", got {value!r}", path,
                        field="print.paper")
    return parse_paper(value, "print.paper", path)


def choose_paper(given: str | Paper | None, config: dict, path: Path) -> Paper:
    """The paper a command prints on: the option given, else the game's, else A4."""
    if isinstance(given, Paper):
        return given
    if given is not None:
        return parse_paper(given)
    return game_paper(config, path) or parse_paper(DEFAULT, where="")


def flip_back(x: float, y: float, w: float, h: float, page_w: float,
              page_h: float) -> tuple[float, float]:
    """Where a box (lower left x, y; size w, h) on a front page lies on its duplex back page,
    flipped on the long edge: mirrored left-right on portrait paper, top-bottom on landscape."""
    if page_w > page_h:
        return x, page_h - y - h
    return page_w - x - w, y
