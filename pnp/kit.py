"""What a game asks to be printed: pieces on sheets, boards and a booklet. A game module builds a
Kit from its data; the renderer lays it out and draws it, and reports what it placed."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from .errors import PnpError, Source

if TYPE_CHECKING:
    from .render.surface import Surface

Drawer = Callable[["Surface"], None]
T = TypeVar("T")


def shared(drawer: Drawer) -> Drawer:
    """Mark a face that many pieces share (a card back): the renderer draws it once as a form
    and reuses it, so a deck of a thousand cards embeds its back art once."""
    drawer.shared = True  # type: ignore[attr-defined]
    return drawer


@dataclass(frozen=True, slots=True)  # one per card: a big deck holds 54,000
class Piece:
    """One physical piece cut from a sheet: a card, a tile, a token. `kind` is what the rules
    count (e.g. "element card"); `back` None means a blank back."""

    kind: str
    name: str
    front: Drawer
    back: Drawer | None = None
    source: Source | None = None
    two_sided: bool = False  # its back carries rules (a player aid): kept, folded, with --no-backs
    # named by its kind and place ("token 4"), its row having no title, name or label: a
    # message names it by its row alone (faces/rows.untitled)
    untitled: bool = False


@dataclass(frozen=True)
class Sheet:
    """Pieces of one size, printed n-up with crop marks (rect) or cut circles (circle)."""

    title: str
    width: float
    height: float
    pieces: tuple[Piece, ...]
    shape: str = "rect"
    gap: float = 0.0
    duplex: bool = True  # print backs on the reverse
    note: str = ""  # a line for the print guide (e.g. "fold each pawn")
    two_sided: bool = False  # the backs matter in play (a flipping pawn): never dropped


@dataclass(frozen=True)
class Board:
    """A single large drawing; tiled over pages when larger than the paper. `places` lists the
    pieces the board itself provides (e.g. 15 islands), for the manifest."""

    title: str
    width: float
    height: float
    draw: Drawer
    places: tuple[str, ...] = ()
    source: Source | None = None
    how: str = ""  # how to print it, when not single-sided (a tile sheet and its backs)
    # its places are printed on it (a map's islands, a grid's cells), not pieces cut from it
    # (a tile sheet's tiles) nor the board itself (a mat): the checklist lists them under it
    printed_on: bool = False
    cell: str = ""   # what the checklist calls each place, when not by its kind (a grid's: hex)


@dataclass
class Kit:
    """Everything a game prints: sheets of pieces, boards and the rule booklet."""

    title: str
    sheets: list[Sheet] = field(default_factory=list)
    boards: list[Board] = field(default_factory=list)
    booklet: Any = None  # a render.booklet.Booklet, or None
    changes: Any = None  # a partial print's first pages: a printrun.changelist.ChangeList

    def face_sheets(self) -> list[Sheet]:
        """The sheets, then the pieces boards are made of (a grid board's cells, a tile
        sheet's tiles: what a board's drawer lists with `cells()`), as sheets: what checks
        and previews that look at one face at a time go through."""
        out = list(self.sheets)
        for board in self.boards:
            cells = getattr(board.draw, "cells", None)
            sheet = cells() if callable(cells) else None
            if sheet is not None:
                out.append(sheet)
        return out

    def manifest(self) -> Counter:
        """Pieces by kind, as the kit says it prints them."""
        counts: Counter = Counter()
        for sheet in self.sheets:
            counts.update(p.kind for p in sheet.pieces)
        for board in self.boards:
            counts.update(board.places)
        return counts

    def checklist(self) -> list[tuple[str, bool]]:
        """What a player finds in the print, a line each (and whether it is a piece to tick,
        or what is printed on the board above it): the pieces by kind, then each board that
        has things printed on it, those below it ("Board: 3 paths of 5 islands, printed on
        it:", "15 x island"; a board of 19 hexes is one board, not 19 pieces)."""
        counts = self.manifest()
        for board in self.boards:
            if board.printed_on:
                counts.subtract(board.places)
        lines = [(f"{n} \u00d7 {kind}", True) for kind, n in sorted(counts.items()) if n > 0]
        for board in self.boards:
            if board.printed_on:
                on = sorted(Counter(board.cell or kind for kind in board.places).items())
                lines.append((board.title + (", printed on it:" if on else ""), True))
                lines += [(f"{n} \u00d7 {kind}", False) for kind, n in on]
        return lines

    def files(self) -> dict[str, set[str]]:
        """The files each kind of piece is drawn from, as errors name them ("cards.csv")."""
        from .errors import in_game

        files: dict[str, set[str]] = {}
        # each kind and file once: naming a file looks for its game.toml on disk
        pieces = {(p.kind, p.source.path) for sheet in self.sheets for p in sheet.pieces
                  if p.source is not None}
        pieces |= {(kind, b.source.path) for b in self.boards for kind in b.places
                   if b.source is not None}
        for kind, path in pieces:
            files.setdefault(kind, set()).add(in_game(Path(path)))
        return files


def compare_manifest(placed: Counter, required: Counter,
                     files: dict[str, set[str]] | None = None) -> list[str]:
    """Differences between what was drawn and what the rules need, as sentences saying how
    many of a kind are missing or extra; `files`: the files each kind is drawn from."""
    problems = []
    for kind in sorted(set(placed) | set(required)):
        have, need = placed.get(kind, 0), required.get(kind, 0)
        drawn = sorted((files or {}).get(kind, ()))
        held = f"the PDF holds {have}" + (f" (from {', '.join(drawn)})" if drawn else "")
        if have < need:
            problems.append(f"{need - have} {kind}(s) missing: the rules need {need}, {held}")
        elif have > need:
            problems.append(f"{have - need} {kind}(s) more than the rules need: {held}, the "
                            f"rules need {need}")
    return problems


NAMES_SHOWN = 12  # names an ambiguous start lists


def by_name(items: list[T], said: str, name: Callable[[T], str], option: str = "") -> list[T]:
    """The pieces (or faces) a designer names (`pnp preview --card`, `pnp build --only`): those
    of that name, in any case; else those whose name starts with it ("score board" for "Score
    board: -10 to 49 VP ..."), when it is the start of one name. The start of several names is
    an error listing them (after `option`, the option that named them, when given)."""
    said = said.strip()
    low = said.lower()
    exact = [i for i in items if name(i).lower() == low]
    if exact or not low:
        return exact
    starting = [i for i in items if name(i).lower().startswith(low)]
    names = list(dict.fromkeys(name(i) for i in starting))
    if len(names) > 1:
        shown = ", ".join(f'"{n}"' for n in names[:NAMES_SHOWN])
        who = f"{option} {said!r}" if option else repr(said)
        raise PnpError(f"{who} is the start of {len(names)} names: {shown}"
                       + (" ..." if len(names) > NAMES_SHOWN else "") + "; give more of one")
    return starting
