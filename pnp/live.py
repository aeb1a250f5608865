"""The state behind `pnp serve`: every face of a game as a PNG, rebuilt after each change. A face
is rasterised again only when its drawing changed (its digest), so editing one card row redraws
one picture. A broken edit keeps the last good faces and records the error; the fix clears it."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from .errors import Finding, PnpError, RulesError
from .preview import DrawnFace, FaceSpec, draw_face, kit_faces, rasterise
from .units import MM

MAX_BOARD_PX = 1400  # a board's longer side on screen; pieces use the page's dpi
DATA_SUFFIXES = (".csv", ".xlsx", ".ods")  # what a face's row comes from


def row_inputs(spec: FaceSpec) -> tuple | None:
    """What a face drawn from a layout file and one data row is made of: its layout file and
    its row's values as its expressions read them (palette, game and vars among them); None
    for any other face (drawn every time)."""
    from .faces.rows import RowFace

    draw = spec.draw
    if type(draw) is not RowFace:
        return None
    return (str(draw.layout.path), draw.component.name, spec.back, spec.width, spec.height,
            repr(sorted(draw.context.items())))


def _mm(v: float) -> float:
    return round(v / MM, 3)


def _box(x: float, y: float, w: float, h: float, face_h: float, bleed: float) -> dict:
    """A rectangle of the face's frame (points, y up from the trim's corner) in millimetres from
    the image's top-left corner (the bleed edge), as the page's SVG overlay wants it."""
    return {"x": _mm(x + bleed), "y": _mm(face_h + bleed - y - h), "w": _mm(w), "h": _mm(h)}


def read_table(path: Path) -> list[list[str]]:
    """A CSV file's rows, header first, as the page shows them (read as a build reads them:
    a semicolon file's cells too)."""
    from .data.files import csv_rows

    return csv_rows(path)


def row_pairs(table: list[list[str]], row: int) -> list[list[str]]:
    """[column, value] pairs of one row as a spreadsheet numbers it (header = row 1)."""
    if not table or not 1 < row <= len(table):
        return []
    header, values = table[0], table[row - 1]
    return [[name, values[i] if i < len(values) else ""] for i, name in enumerate(header)]


class LiveKit:
    def __init__(self, folder: Path, dpi: int = 150, bleed_mm: float = 3.0,
                 variant: str | None = None):
        self.folder, self.dpi, self.bleed = folder, dpi, bleed_mm * MM
        self.variant = variant  # a [variants.<name>] of game.toml, applied on every rebuild
        self.images: dict[str, bytes] = {}  # digest -> PNG
        self._shown: set[str] = set()  # the digests of the last good build
        # the last good build's faces drawn from a layout and one row: (their inputs, drawing)
        self._by_row: dict[str, tuple[tuple, DrawnFace]] = {}
        self.state: dict = {"version": 0, "title": folder.name, "faces": [], "groups": [],
                            "findings": [], "rows": {}, "error": None}
        self.changed = threading.Condition()
        self.version = 0

    # ---- rebuilding ---------------------------------------------------------------------
    def rebuild(self, changed: set[Path] | None = None) -> dict:
        """Rebuild from the files; returns the new state (also published to waiters)."""
        from .project import open_game, prepare

        start = time.perf_counter()
        if changed and any(p.suffix.lower() in (".ttf", ".otf", ".ttc") for p in changed):
            self.images.clear()  # a font's glyphs changed under the same name: redraw all
        try:
            game = open_game(str(self.folder), variant=self.variant)
            kit, fonts, findings = prepare(game, force=True)
            rows_only = changed is not None and bool(changed) and all(
                p.suffix.lower() in DATA_SUFFIXES for p in changed)
            state = self._state(kit.title, kit_faces(kit), fonts, findings, rows_only)
        except RulesError as exc:  # every problem the data has, one a line
            lines = [str(f).removeprefix("error: ") for f in exc.findings if f.level == "error"]
            state = dict(self.state, error="\n".join(lines) or str(exc), redrawn=0)
        except PnpError as exc:
            state = dict(self.state, error=str(exc), redrawn=0)  # the last good faces stay
        except Exception as exc:  # a bug must not end the designer's session; say what it was
            state = dict(self.state, error=f"unexpected {exc.__class__.__name__}: {exc}",
                         redrawn=0)
        state["seconds"] = round(time.perf_counter() - start, 3)
        with self.changed:
            self.version += 1
            state["version"] = self.version
            self.state = state
            self.changed.notify_all()
        return state

    def _state(self, title: str, specs: list[FaceSpec], fonts, findings: list[Finding],
               rows_only: bool = False) -> dict:
        """`rows_only`: only data tables changed (no layout, picture, font or game.toml), so a
        face drawn from a layout and a row that reads as it did is the drawing it was."""
        drawn_by: dict[tuple, DrawnFace] = {}  # faces sharing a drawing are drawn once
        by_row: dict[str, tuple[tuple, DrawnFace]] = {}
        tables: dict[Path, list[list[str]]] = {}  # each CSV read once, not once per face
        faces: list = []
        rows: dict[str, object] = {}
        used: dict[str, bytes] = {}
        redrawn = 0
        for spec in specs:
            key = (id(spec.draw), spec.width, spec.height, spec.shape, spec.board)
            if key not in drawn_by:
                inputs = row_inputs(spec)
                kept = self._by_row.get(spec.id) if rows_only and inputs else None
                drawn_by[key] = (kept[1] if kept and kept[0] == inputs
                                 else draw_face(spec, fonts, self.bleed))
                findings += drawn_by[key].findings
                if inputs:
                    by_row[spec.id] = (inputs, drawn_by[key])
            drawn = drawn_by[key]
            if drawn.digest not in used:
                image = self.images.get(drawn.digest)
                if image is None:
                    image = rasterise(drawn, self._dpi(spec))
                    redrawn += 1
                used[drawn.digest] = image
            faces.append(self._face(spec, drawn))
            src = spec.source
            row_key = f"{src.path.name}:{src.row}" if src else ""
            if src and src.row and src.path.suffix.lower() == ".csv" and row_key not in rows:
                if src.path not in tables:
                    tables[src.path] = read_table(src.path)
                rows[row_key] = row_pairs(tables[src.path], src.row)
        self.images.update(used)
        # keep memory to what the page shows, and to what a page still showing the previous
        # build may ask for before it hears of this one
        for digest in set(self.images) - set(used) - self._shown:
            del self.images[digest]
        self._shown = set(used)
        self._by_row = by_row
        loose = self._attach(faces, list(dict.fromkeys(findings)))
        groups = list(dict.fromkeys(f["group"] for f in faces))
        return {"title": title, "faces": faces, "groups": groups, "findings": loose,
                "rows": rows, "error": None, "redrawn": redrawn}

    def _dpi(self, spec: FaceSpec) -> float:
        if not spec.board:
            return self.dpi
        return min(self.dpi, MAX_BOARD_PX * 72 / max(spec.width, spec.height))

    def _face(self, spec: FaceSpec, drawn: DrawnFace) -> dict:
        from .render.proof import zones

        b, h = drawn.bleed, spec.height
        src = spec.source
        return {
            "id": spec.id, "group": spec.group, "kind": spec.kind, "name": spec.name,
            "back": spec.back, "shape": spec.shape, "img": f"/face/{drawn.digest}.png",
            "w": _mm(spec.width + 2 * b), "h": _mm(h + 2 * b),
            "source": ({"file": src.path.name, "row": src.row} if src else None),
            "zones": {k: _box(r.x, r.y, r.w, r.h, h, b)
                      for k, r in zones(spec.width, h, b).items()},
            "elements": [dict(_box(e.rect.x, e.rect.y, e.rect.w, e.rect.h, h, b), name=e.name)
                         for e in drawn.elements],
            "findings": [],
        }

    @staticmethod
    def _attach(faces: list[dict], findings: list[Finding]) -> list[dict]:
        """Put each finding beside the faces drawn from the row it names; the rest are
        returned for the top of the page."""
        by_row: dict[tuple, list[dict]] = {}
        for face in faces:  # fronts only: a piece's back repeats the row's finding for nothing
            if face["source"] and not face["back"]:
                by_row.setdefault((face["source"]["file"], face["source"]["row"]), []).append(face)
        loose = []
        for f in findings:
            item = {"level": f.level, "text": str(f)}
            key = (f.source.path.name, f.source.row) if f.source else None
            if key in by_row:
                for face in by_row[key]:
                    face["findings"].append(item)
            else:
                loose.append(item)
        return loose

    # ---- waiting ------------------------------------------------------------------------
    def wait(self, after: int, timeout: float) -> int:
        """Block until a version newer than `after` exists (or the timeout); the version."""
        with self.changed:
            self.changed.wait_for(lambda: self.version > after, timeout)
            return self.version
