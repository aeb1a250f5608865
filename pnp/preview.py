"""One face at a time: every printable face of a kit, drawn alone into a one-page PDF and
rasterised with pdfium. `pnp preview` renders one; `pnp serve` renders them all and redraws only
those whose PDF changed."""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from pathlib import Path

from .data.sheets import as_data, workbook_sheet
from .errors import UNDRAWABLE, Finding, PnpError, Source, UnloadedData
from .kit import Drawer, Kit, by_name
from .render.fonts import Fonts
from .render.surface import Element
from .units import MM


@dataclass(frozen=True)
class FaceSpec:
    """One printed face: a side of a piece, or a whole board. Sizes in points (trim)."""

    id: str  # stable while the kit's order is: "s<sheet>-<piece>-f|b" or "board<n>"
    group: str  # the sheet or board it belongs to
    name: str
    kind: str
    back: bool
    width: float
    height: float
    shape: str
    draw: Drawer | None
    source: Source | None
    board: bool = False
    untitled: bool = False  # `name` is made from its kind and place (kit.Piece.untitled)


def kit_faces(kit: Kit, backs: bool = True) -> list[FaceSpec]:
    """Every face of the kit in print order: each piece's front then its back, then the
    cells of grid boards and tessellated tile sheets (kit.face_sheets), then boards."""
    out = []
    for s, sheet in enumerate(kit.face_sheets()):
        for i, p in enumerate(sheet.pieces):
            sides = [(False, p.front)]
            if backs and sheet.duplex and p.back is not None:
                sides.append((True, p.back))
            for back, drawer in sides:
                out.append(FaceSpec(f"s{s}-{i}-{'b' if back else 'f'}", sheet.title, p.name,
                                    p.kind, back, sheet.width, sheet.height, sheet.shape,
                                    drawer, p.source, untitled=p.untitled))
    for b, board in enumerate(kit.boards):
        out.append(FaceSpec(f"board{b}", board.title, board.title, "board", False, board.width,
                            board.height, "rect", board.draw, board.source, board=True))
    return out


class DrawnFace:
    """A face drawn on its own canvas. `digest` hashes what was drawn (the page's operators)
    before the PDF is written, so an unchanged face costs no PDF and no
    rasterising; `pdf` writes the one-page document when it is needed."""

    def __init__(self, spec: FaceSpec, canvas, buf: io.BytesIO, bleed: float,
                 elements: list[Element], findings: list[Finding]):
        self.spec, self.bleed, self.elements, self.findings = spec, bleed, elements, findings
        self._canvas, self._buf = canvas, buf
        self._pdf: bytes | None = None
        # (pictures and repeated drawings are forms named by their contents: pnp/faces/art.py)
        page = canvas.getCurrentPageContent()
        self.digest = hashlib.sha256(page.encode("utf-8", "surrogateescape")).hexdigest()[:24]

    @property
    def pdf(self) -> bytes:
        pdf = self._pdf
        if pdf is None:
            self._canvas.showPage()
            self._canvas.save()
            pdf = self._pdf = self._buf.getvalue()
        return pdf


def draw_face(spec: FaceSpec, fonts: Fonts, bleed: float = 3 * MM,
              proof: bool = False) -> DrawnFace:
    """The face alone on a page of its size plus bleed, clipped like the printed sheet clips it."""
    from reportlab.lib.colors import white
    from reportlab.pdfgen.canvas import Canvas

    from .render.proof import overlay
    from .render.surface import Surface

    b = 0.0 if spec.board else bleed
    w, h = spec.width, spec.height
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(w + 2 * b, h + 2 * b), invariant=1, pageCompression=1,
               initialFontName=fonts["regular"])
    c.translate(b, b)
    c.setFillColor(white)
    c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
    if spec.shape == "circle":
        clip = c.beginPath()
        clip.circle(w / 2, h / 2, min(w, h) / 2 + b)
        c.clipPath(clip, stroke=0, fill=0)
    elif spec.shape == "hex":  # flat-top, or pointy-top when taller than wide (a grid's)
        from .layout.grid import Rect
        from .render.cuts import hexagon

        clip = c.beginPath()
        hexagon(clip, Rect(0, 0, w, h), b, turned=h > w)
        c.clipPath(clip, stroke=0, fill=0)
    surface = Surface(c, fonts, w, h, b, spec.name, spec.source,
                      untitled=spec.untitled, shape=spec.shape)
    if spec.draw is not None:
        spec.draw(surface)
    if proof:
        overlay(c, w, h, b, spec.shape, surface.elements, fonts["regular"])
    return DrawnFace(spec, c, buf, b, surface.elements, surface.findings)


def rasterise(drawn: DrawnFace, dpi: float) -> bytes:
    """A drawn face as PNG bytes: its trim plus bleed at the given resolution, to the pixel."""
    from .export.outputs import page_images, pixels

    b = 2 * drawn.bleed
    size = (pixels(drawn.spec.width + b, dpi), pixels(drawn.spec.height + b, dpi))
    out = io.BytesIO()
    next(page_images(drawn.pdf, [size])).save(out, format="PNG", dpi=(dpi, dpi),
                                            compress_level=1)
    return out.getvalue()


def find_faces(faces: list[FaceSpec], card: str, back: bool = False) -> list[FaceSpec]:
    """The faces a designer names, first the one to show: FILE:ROW (the data row a piece comes
    from, as validation names it, e.g. cards.csv:3), FILE alone for pieces set in that file
    without a row (a count in game.toml), or a piece's or board's name ("reference card"). A
    row may make several pieces (one per player colour): each differently named one is listed.
    A FILE with folders in it must be the game's own file, not one of the same name elsewhere."""
    file, _, row = card.rpartition(":")
    if not file or not row.strip().isascii() or not row.strip().isdigit():
        file, row = card, ""
    file, sheet = workbook_sheet(file.strip())
    named = Path(file)
    number = int(row) if row.strip() else 0

    def same_file(source: Path) -> bool:
        file, its_sheet = workbook_sheet(str(source))
        if sheet is not None and its_sheet != sheet:
            return False
        if len(named.parts) > 1:  # a path: the very file, wherever it was typed from
            return named.resolve() == Path(file).resolve()
        return Path(file).name == named.name

    def named_by(side: bool) -> list[FaceSpec]:
        wanted = [f for f in faces if f.back == side]
        return ([f for f in wanted if f.source and not f.board and (f.source.row or 0) == number
                 and same_file(f.source.path)]
                or by_name(wanted, card, lambda f: f.name))

    hits = named_by(back)
    if not hits and back and named_by(False):
        raise PnpError(f"{card!r} has no back: it prints single-sided; leave out --back")
    if not hits:
        wanted = [f for f in faces if f.back == back]
        names = sorted({(f.source.path.name, f.source.row, "") if f.source and f.source.row
                        else ("", 0, f.name) for f in wanted})
        shown = [f"{as_data(n)}:{r}" if r else name for n, r, name in names]
        raise PnpError(f"no piece comes from {card!r}; " + (
            f"try one of: {', '.join(shown[:12])}" + (" ..." if len(shown) > 12 else "")
            if shown else "the kit has none to show"))
    sheets = sorted({f.source.path.name for f in hits if f.source and f.source.row})
    if len(sheets) > 1 and sheet is None:  # one file's row: of which sheet?
        raise PnpError(f"{card!r} is a row of {len(sheets)} sheets; name one: "
                       + ", ".join(f"{as_data(n)}:{number}" for n in sheets))
    unique: dict[str, FaceSpec] = {}
    for f in hits:
        unique.setdefault(f.name, f)
    return list(unique.values())


def find_face(faces: list[FaceSpec], card: str, back: bool = False) -> FaceSpec:
    return find_faces(faces, card, back)[0]


NOT_PREVIEWED = (f"no face was drawn: a face cannot be drawn {UNDRAWABLE} (fix them, then "
                 "preview again)")


def preview(game, card: str, out: Path, *, back: bool = False, dpi: int = 150,
            bleed_mm: float = 3.0, proof: bool = False
            ) -> tuple[DrawnFace, list[Finding], list[str]]:
    """Render one face of an opened game to a PNG file (written atomically); also returns the
    names of the other pieces the same row makes."""
    from .output import atomic_output, check_file_target
    from .project import prepare

    if out.suffix.lower() != ".png":  # a kit.pdf full of PNG bytes would fool any viewer
        raise PnpError(f"--out {out}: pnp preview writes a PNG image; give a name ending in .png")
    check_file_target(out, game.folder.path)  # (before drawing; never one of the game's images)
    try:
        kit, fonts, findings = prepare(game, force=True)
    except UnloadedData as exc:  # prepare words it for build, whose --force preview has not
        raise UnloadedData(exc.findings, NOT_PREVIEWED) from None
    faces = find_faces(kit_faces(kit), card, back)
    drawn = draw_face(faces[0], fonts, bleed_mm * MM, proof)
    png = rasterise(drawn, dpi)
    with atomic_output(out, game.folder.path) as tmp:
        tmp.write_bytes(png)
    return drawn, findings + drawn.findings, [f.name for f in faces[1:]]
