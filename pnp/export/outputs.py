"""Outputs beyond the home-print kit: a saddle-stitched booklet, print-on-demand PDFs (one face
per page with trim and bleed boxes), PNG per card and a duplex calibration sheet (Tabletop
Simulator: tts.py)."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab import rl_config
from reportlab.lib.colors import Color, black
from reportlab.pdfgen.canvas import Canvas

from ..errors import Finding, OptionError, PnpError, warning
from ..kit import Board, Kit, Piece, Sheet
from ..layout.grid import PRINTER_MARGIN
from ..layout.paper import flip_back
from ..layout.saddle import saddle_order
from ..output import slug as file_slug
from ..render.fonts import Fonts
from ..render.pieces import PieceDrawer
from ..render.text import draw_line
from ..units import MM

if TYPE_CHECKING:
    from ..render.cmyk import Separation

GREY = Color(0.45, 0.45, 0.45)
CALIBRATION_MIN = (200 * MM, 205 * MM)  # its 150 mm ruler and lines of steps
FOLD_MARK = (PRINTER_MARGIN + 0.5 * MM, PRINTER_MARGIN + 6 * MM)  # from the sheet's edge
BOARD_MAX_PX = 8192  # a board's longer side in the PNG export (8192 x 8192: 67 megapixels)


def _canvas(path: Path, size, fonts: Fonts, cmyk: bool | Separation = False) -> Canvas:
    """A canvas whose default font is ours, so no un-embedded Helvetica is referenced; with
    cmyk, a PDF/X-1a file, every colour and image separated through pnp's CMYK profile (or
    the Separation given: a service's own profile)."""
    from ..render.cmyk import CmykCanvas, Separation

    rl_config.useA85 = 0
    if cmyk:
        return CmykCanvas(str(path), pagesize=size, invariant=1, pageCompression=1,
                          initialFontName=fonts["regular"],
                          separation=cmyk if isinstance(cmyk, Separation) else None)
    return Canvas(str(path), pagesize=size, invariant=1, pageCompression=1,
                  initialFontName=fonts["regular"])


def slug(text: str) -> str:
    return file_slug(text, "deck")


def piece_slug(piece: Piece) -> str:
    """A piece's part of a file name: its name's slug, else (a name with no ASCII form, "龍の
    騎士") its kind's, since the file's number already tells it apart ("deck" said nothing)."""
    return file_slug(piece.name, "") or file_slug(piece.kind, "piece")


def deck_names(sheets) -> dict[int, str]:
    """A file name for each sheet (by id), distinct within the kit: decks whose titles make
    the same slug ("Cards" and "cards!", or two titled in Chinese, both "s") get -2, -3...,
    so that one deck's files never overwrite another's."""
    names: dict[int, str] = {}
    used: set[str] = set()
    for sheet in sheets:
        base = name = slug(sheet.title)
        n = 2
        while name in used:
            name, n = f"{base}-{n}", n + 1
        used.add(name)
        names[id(sheet)] = name
    return names


# ---- booklet ------------------------------------------------------------------------------------
def export_booklet(kit: Kit, fonts: Fonts, path: Path, paper: tuple[float, float]) -> int:
    """The rule booklet at half the paper size, two pages a side on the paper turned landscape,
    in saddle-stitch order: print double-sided (flip on the SHORT edge), fold, staple.
    Returns the number of booklet pages."""
    if kit.booklet is None:
        raise PnpError("this game has no rule booklet")
    sheet_w, sheet_h = max(paper), min(paper)  # landscape
    page_w, page_h = sheet_w / 2, sheet_h
    c = _canvas(path, (sheet_w, sheet_h), fonts)
    c.setTitle(f"{kit.title}: rule booklet")
    pages = kit.booklet.draw_forms(c, fonts, page_w, page_h, prefix="bk")
    if not pages:  # an empty template: no booklet to fold (it wrote two blank sides)
        raise PnpError(f"the rule booklet ({kit.booklet.source}) prints nothing: it has no text "
                       "to export")
    for front, back in saddle_order(pages):
        for left, right in (front, back):
            for number, x in ((left, 0.0), (right, page_w)):
                if number is not None:
                    c.saveState()
                    c.translate(x, 0)
                    c.doForm(f"bk{number}")
                    c.restoreState()
            c.setStrokeColor(GREY)
            c.setLineWidth(0.3)
            c.setDash(2, 3)
            # fold marks inside the printable area (home printers leave 5 mm at the edges)
            c.line(page_w, FOLD_MARK[0], page_w, FOLD_MARK[1])
            c.line(page_w, sheet_h - FOLD_MARK[1], page_w, sheet_h - FOLD_MARK[0])
            c.setDash()
            c.showPage()
    c.save()
    return pages


# ---- print on demand --------------------------------------------------------------------------
@dataclass(frozen=True)
class Face:
    sheet: Sheet
    piece: Piece
    index: int  # within the sheet
    back: bool


def faces(kit: Kit, backs: bool = True) -> list[Face]:
    """Every printed face of every piece, front then its back."""
    out = []
    for sheet in kit.sheets:
        for i, piece in enumerate(sheet.pieces):
            out.append(Face(sheet, piece, i, False))
            if backs and sheet.duplex and piece.back is not None:
                out.append(Face(sheet, piece, i, True))
    return out


def board_face(board: Board) -> Face:
    """A board as the one face of a sheet of its own, to draw it as faces are drawn."""
    sheet = Sheet(board.title, board.width, board.height,
                  (Piece("board", board.title, board.draw, source=board.source),), duplex=False)
    return Face(sheet, sheet.pieces[0], 0, False)


def boards_left_out(kit: Kit, to: str) -> str | None:
    """What an export of faces alone (`to`: "as pod", "for The Game Crafter") says of the
    kit's boards, which it leaves out; None without boards. A set of tile sheets is named
    once, by its tiles."""
    from ..faces.tessellate import TilePage

    titles = dict.fromkeys(b.draw.tiles.title if isinstance(b.draw, TilePage) else b.title
                           for b in kit.boards)
    if not titles:
        return None
    return (f"boards are not exported {to}: {'; '.join(titles)}; print them from the kit's "
            "PDF (pnp build), or as images with --format png")


def export_pod(kit: Kit, fonts: Fonts, path: Path, bleed: float,
               chosen: list[Face] | None = None, size: tuple[float, float] | None = None,
               cmyk: bool | Separation = False, turned: bool = False) -> list[Finding]:
    """One face per page: MediaBox = trim + bleed, TrimBox and BleedBox set, in the order
    front 1, back 1, front 2, back 2 ... (what print-on-demand services ask for). `size`: the
    trim to draw every face at (a service's product), instead of the sheet's own. `turned`: a
    landscape card on a portrait product, its face a quarter turn round (as on a kit sheet:
    fronts anticlockwise, backs the other way, so a back stands upright behind its front)."""
    from ..layout.grid import Rect
    from ..render.pdf import piece_matrix

    findings: list[Finding] = []
    c = _canvas(path, (100, 100), fonts, cmyk)
    c.setTitle(f"{kit.title}: print-on-demand faces")
    drawer = PieceDrawer(c, fonts, findings)
    for face in chosen if chosen is not None else faces(kit):
        w, h = size or (face.sheet.width, face.sheet.height)
        c.setPageSize((w + 2 * bleed, h + 2 * bleed))
        c.setTrimBox((bleed, bleed, bleed + w, bleed + h))
        c.setBleedBox((0, 0, w + 2 * bleed, h + 2 * bleed))
        c.saveState()
        c.translate(bleed, bleed)
        if turned:
            c.transform(*piece_matrix(Rect(0, 0, w, h), True, face.back))
        fn = face.piece.back if face.back else face.piece.front
        if fn is not None:
            drawer.draw(face.piece, fn, *((h, w) if turned else (w, h)), bleed, face.sheet.shape)
        c.restoreState()
        c.showPage()
    c.save()
    return findings


def page_images(pdf: Path | bytes, sizes_px: list[tuple[int, int]], clear: bool = False):
    """Each page as an image of exactly the given pixel size (pdfium may round a pixel up);
    `clear`: on no paper, what is not drawn transparent (RGBA)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        for i, (width, height) in enumerate(sizes_px):
            page = doc[i]
            image = page.render(scale=width / page.get_width(),
                                fill_color=(255, 255, 255, 0 if clear else 255)).to_pil()
            image = image.convert("RGBA" if clear else "RGB")
            yield image if image.size == (width, height) else image.resize((width, height))
    finally:
        doc.close()


def pixels(length: float, dpi: float) -> int:
    return round(length / 72 * dpi)


def export_png(kit: Kit, fonts: Fonts, folder: Path, dpi: int,
               bleed: float) -> tuple[int, list[float], list[Finding]]:
    """A PNG of every face at `dpi`, with bleed, named sheet-number-name-front/back.png, and of
    every board, whole and without bleed (as Tabletop Simulator's), named board-title.png: its
    longer side BOARD_MAX_PX at most, drawn at a lower dpi (and said) if it would be more.
    Returns the number of faces, the dpi each board was drawn at, and what drawing them
    found."""
    if not 30 <= dpi <= 1200:
        raise OptionError("--dpi", f"{dpi} is out of range (30 to 1200)")
    folder.mkdir(parents=True, exist_ok=True)
    chosen = faces(kit)
    decks = deck_names(kit.sheets)
    boards = [board_face(b) for b in kit.boards]
    findings: list[Finding] = []
    at: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "faces.pdf"
        if chosen:
            findings += export_pod(kit, fonts, pdf, bleed, chosen)
        sizes = [(pixels(f.sheet.width + 2 * bleed, dpi), pixels(f.sheet.height + 2 * bleed, dpi))
                 for f in chosen]
        for face, image in zip(chosen, page_images(pdf, sizes)):
            name = (f"{decks[id(face.sheet)]}-{face.index + 1:03d}-{piece_slug(face.piece)}-"
                    f"{'back' if face.back else 'front'}.png")
            image.save(folder / name, dpi=(dpi, dpi))
        if boards:
            pdf = Path(tmp) / "boards.pdf"
            findings += export_pod(kit, fonts, pdf, 0.0, boards)
            at = [_board_dpi(face.sheet, dpi, findings) for face in boards]
            sizes = [(max(1, pixels(f.sheet.width, d)), max(1, pixels(f.sheet.height, d)))
                     for f, d in zip(boards, at)]
            names = deck_names(face.sheet for face in boards)
            for face, image, d in zip(boards, page_images(pdf, sizes), at):
                name = names[id(face.sheet)]
                name = name if name.startswith("board") else f"board-{name}"
                image.save(folder / f"{name}.png", dpi=(d, d))
    return len(chosen), at, findings


def _board_dpi(sheet: Sheet, dpi: int, findings: list[Finding]) -> float:
    """The dpi a board's PNG is drawn at: the export's, unless its longer side would be more
    than BOARD_MAX_PX (said)."""
    w, h = pixels(sheet.width, dpi), pixels(sheet.height, dpi)
    if max(w, h) <= BOARD_MAX_PX:
        return dpi
    lower = BOARD_MAX_PX * 72 / max(sheet.width, sheet.height)
    findings.append(warning(
        f"{sheet.title}: {sheet.width / MM:.0f} x {sheet.height / MM:.0f} mm at {dpi} dpi would "
        f"be {w} x {h} px; drawn at {lower:.0f} dpi ({BOARD_MAX_PX} px a side at most)"))
    return lower


# ---- calibration ----------------------------------------------------------------------------------
def export_calibration(fonts: Fonts, path: Path, paper: tuple[float, float]) -> None:
    """Two pages: rulers and a 50 mm square to check "print at 100 %", and crosshairs on both
    sides so the duplex shift can be measured (the back is mirrored like a card back)."""
    W, H = paper
    if W < CALIBRATION_MIN[0] or H < CALIBRATION_MIN[1]:  # its rulers and steps would be cut
        raise OptionError("--paper", f"the calibration sheet needs at least "
                          f"{CALIBRATION_MIN[0] / MM:.0f} x {CALIBRATION_MIN[1] / MM:.0f} mm (A4 or "
                          f"Letter, either way round); this paper is {W / MM:.0f} x {H / MM:.0f} mm")
    c = _canvas(path, paper, fonts)
    c.setTitle("pnp calibration sheet")
    targets = [(W / 2, H / 2), (30 * MM, H - 30 * MM), (W - 30 * MM, H - 30 * MM),
               (30 * MM, 30 * MM), (W - 30 * MM, 30 * MM)]
    _calibration_front(c, fonts, W, H, targets)
    c.showPage()
    _calibration_back(c, fonts, W, H, targets)
    c.showPage()
    c.save()


def _calibration_front(c, fonts: Fonts, W: float, H: float, targets) -> None:
    """The rulers, the 50 mm square, the crosses and how to measure the scale."""
    c.setStrokeColor(black)
    c.setLineWidth(0.4)
    _ruler(c, fonts, 20 * MM, 48 * MM, int((W - 40 * MM) / MM) // 10 * 10)
    _ruler(c, fonts, 12 * MM, 48 * MM, 150, vertical=True)
    sx, sy = W / 2 + 15 * MM, 70 * MM
    c.rect(sx, sy, 50 * MM, 50 * MM)
    draw_line(c, fonts, "50 mm x 50 mm", sx + 25 * MM, sy + 24 * MM, 11, "bold", "centre")
    for x, y in targets:
        _cross(c, x, y)
    y = H - 48 * MM
    for line in ("Calibration: print both pages double-sided at 100 % (flip on the long edge).",
                 "1. The square must measure 50 mm and the rulers match a real ruler. If the square",
                 "   measures M mm, save the correction: pnp printer set home --scale 50/M (e.g. 1.01).",
                 "2. Turn the sheet over: the duplex shift is measured on the BACK, as it says there."):
        draw_line(c, fonts, line, 40 * MM, y, 9)
        y -= 5 * MM


def _calibration_back(c, fonts: Fonts, W: float, H: float, targets) -> None:
    """The crosses mirrored about the long edge, like a card back, and how to measure the
    duplex shift on them."""
    c.setStrokeColor(black)
    c.setLineWidth(0.4)
    for x, y in targets:
        _cross(c, *flip_back(x, y, 0, 0, W, H))
    y = H / 2 - 22 * MM
    for size, line in ((10, "Back of the calibration sheet: measure on THIS side."),
                       (9, "Hold the sheet against a light: the crosses printed on this side are "
                           "solid, the front's show through faintly."),
                       (9, "Measure how far this side's cross sits from the faint one: X to the "
                           "right (negative: to the left)"),
                       (9, "and Y upwards (negative: downwards), in mm, looking at this side."),
                       (9, "Then build with --back-offset=-X,-Y (both signs turned), or save it:"),
                       (9, "pnp printer set home --back-offset=-X,-Y"),
                       (8, "Example: this side's cross is 1 mm right of and 0.5 mm below the faint "
                           "one: --back-offset=-1,0.5")):
        draw_line(c, fonts, line, W / 2, y, size, align="centre")
        y -= 5 * MM


def _cross(c, x: float, y: float, size: float = 8 * MM) -> None:
    c.line(x - size, y, x + size, y)
    c.line(x, y - size, x, y + size)
    c.circle(x, y, size / 2)


def _ruler(c, fonts: Fonts, x: float, y: float, length_mm: int, vertical: bool = False) -> None:
    """A ruler of mm ticks, longer at each 5 and 10 mm, numbered every 10 mm."""
    for i in range(length_mm + 1):
        tick = (4 if i % 10 == 0 else 2.5 if i % 5 == 0 else 1.5) * MM
        if vertical:
            c.line(x, y + i * MM, x + tick, y + i * MM)
        else:
            c.line(x + i * MM, y, x + i * MM, y + tick)
        if i % 10 == 0:
            if vertical:
                draw_line(c, fonts, str(i), x + 5 * MM, y + i * MM - 2, 6)
            else:
                draw_line(c, fonts, str(i), x + i * MM, y + 5 * MM, 6, align="centre")

