"""The cut export: the sheets to print (a PDF; for Cricut also each sheet as the PNG image
Design Space takes), with the machine's registration marks, and each sheet's cut paths as SVG
and DXF in the same coordinates."""

from __future__ import annotations

from pathlib import Path

from reportlab import rl_config
from reportlab.lib.colors import Color, black
from reportlab.pdfgen.canvas import Canvas

from ..errors import Finding, OptionError, PnpError
from ..kit import Kit
from ..layout.grid import Rect
from ..render.fonts import Fonts
from ..render.cuts import piece_matrix
from ..render.pieces import PieceDrawer
from ..render.text import draw_line
from ..units import MM, mm
from .layout import CutPage, Placed, lay_out
from .machines import MACHINES, Machine, mark_shapes
from .paths import hexagon, outlines, tile_cuts, to_dxf, to_svg
from .tiles import TileCutPage, draw_tile_page, lay_out_tiles

GREY = Color(0.45, 0.45, 0.45)
DPI = 300  # Cricut: the PNG images' resolution
MAX_RADIUS = 20 * MM


def export_cut(kit: Kit, fonts: Fonts, folder: Path, machine_name: str,
               paper: tuple[float, float], bleed: float,
               radius: float) -> tuple[str, list[Finding]]:
    """Write sheets.pdf, cut-NN.svg and cut-NN.dxf (and for Cricut sheet-NN.png) and
    HOW-TO-CUT.txt into `folder`; returns a summary and what drawing found."""
    machine = MACHINES.get(machine_name)
    if machine is None:
        raise OptionError("--machine", f"one of {', '.join(MACHINES)}, not {machine_name!r}")
    if not 0 <= radius <= MAX_RADIUS:
        raise OptionError("--corner-radius", f"{mm(radius):g} mm is out of range (0 to "
                       f"{mm(MAX_RADIUS):g} mm)")
    page = machine.page(paper)
    pages: list = [*lay_out(kit, machine, page, bleed), *lay_out_tiles(kit, machine, page, bleed)]
    if not pages:
        raise PnpError("this kit has no sheets of pieces to cut (boards are printed whole)")
    folder.mkdir(parents=True, exist_ok=True)
    findings = _draw_pdf(kit, fonts, folder / "sheets.pdf", machine, page, pages, bleed)
    for n, p in enumerate(pages, 1):
        cuts = tile_cuts(p) if isinstance(p, TileCutPage) else outlines(p, page[1], radius)
        (folder / f"cut-{n:02d}.svg").write_text(to_svg(cuts, *page), encoding="utf-8")
        (folder / f"cut-{n:02d}.dxf").write_text(to_dxf(cuts, *page), encoding="utf-8")
    if not machine.marks:
        _write_pngs(folder, pages, page)
    left = _boards_left_out(kit)
    how = _how_to(machine, page, pages)
    if left:  # said, so a designer does not look for the board in the cut files
        how += (f"Not on these sheets (too large for the mat): {'; '.join(left)}. Print "
                "them from the kit's PDF (pnp build), tiled with glue margins.\n")
    (folder / "HOW-TO-CUT.txt").write_text(how, encoding="utf-8")
    pieces = sum(len(p.placed) for p in pages)
    return (f"{folder}/: {pieces} pieces on {len(pages)} {machine.name} sheet(s), cut paths "
            "as SVG and DXF (HOW-TO-CUT.txt says how)"
            + (f"; {len(left)} board(s) not for the mat: print them from pnp build"
               if left else "")), findings


def _boards_left_out(kit: Kit) -> list[str]:
    """The titles of the boards the cut sheets do not hold (a grid's tiles are cut: its
    tile pages are boards too, and lay_out_tiles places them)."""
    from ..faces.tessellate import TilePage

    return list(dict.fromkeys(b.title for b in kit.boards if not isinstance(b.draw, TilePage)))


def _front_pages(pages: list) -> list[int]:
    """The 0-based PDF page index of each cut page's front (a page with backs is followed by
    its back)."""
    out, at = [], 0
    for p in pages:
        out.append(at)
        at += 2 if p.has_backs else 1
    return out


def _draw_pdf(kit: Kit, fonts: Fonts, path: Path, machine: Machine, page: tuple[float, float],
              pages: list, bleed: float) -> list[Finding]:
    rl_config.useA85 = 0
    c = Canvas(str(path), pagesize=page, invariant=1, pageCompression=1,
               initialFontName=fonts["regular"])
    c.setTitle(f"{kit.title}: sheets for a {machine.name} print-then-cut")
    findings: list[Finding] = []
    drawer = PieceDrawer(c, fonts, findings, record=False)
    page_w, page_h = page
    for number, p in enumerate(pages, 1):
        tiles = isinstance(p, TileCutPage)  # packed edge to edge: one cut a shared side
        if tiles:
            draw_tile_page(c, fonts, p, page, bleed, findings, back=False)
        for placed in () if tiles else p.placed:
            _face(c, drawer, p, placed, placed.trim, bleed, back=False)
        _marks(c, machine, page_w, page_h)
        title = p.title if tiles else p.sheet.title
        label = f"{title} \u00b7 sheet {p.number} of {p.pages} \u00b7 cut file {number:02d}"
        _label(c, fonts, machine, page_w, label + (" \u00b7 fronts" if p.has_backs else ""))
        c.showPage()
        if p.has_backs:  # the reverse, mirrored for a long-edge flip; the machine cuts the front
            if tiles:
                draw_tile_page(c, fonts, p, page, bleed, findings, back=True)
            for placed in () if tiles else p.placed:
                _face(c, drawer, p, placed, placed.trim.mirror(page_w), bleed, back=True)
            _label(c, fonts, machine, page_w, label + " \u00b7 backs (reverse of the previous "
                   "page: print double-sided, flip on the long edge)")
            c.showPage()
    c.save()
    return findings


def _face(c: Canvas, drawer: PieceDrawer, page: CutPage, placed: Placed, trim: Rect,
          bleed: float, back: bool) -> None:
    """A face in its trim, its art clipped to the cut outline grown by the bleed."""
    piece, shape = placed.piece, page.sheet.shape
    draw = piece.back if back else piece.front
    if draw is None:
        return
    c.saveState()
    clip = c.beginPath()
    if shape == "circle":
        clip.circle(trim.x + trim.w / 2, trim.y + trim.h / 2, min(trim.w, trim.h) / 2 + bleed)
    elif shape == "hex":
        for i, (x, y) in enumerate(hexagon(trim.x, trim.y, trim.w, trim.h, bleed,
                                           placed.turned)):
            (clip.moveTo if i == 0 else clip.lineTo)(x, y)
        clip.close()
    else:
        clip.rect(trim.x - bleed, trim.y - bleed, trim.w + 2 * bleed, trim.h + 2 * bleed)
    c.clipPath(clip, stroke=0, fill=0)
    c.transform(*piece_matrix(trim, placed.turned, back))  # turned as the kit's sheets are
    drawer.draw(piece, draw, page.sheet.width, page.sheet.height, bleed, shape)
    c.restoreState()


def _marks(c: Canvas, machine: Machine, page_w: float, page_h: float) -> None:
    c.saveState()
    c.setFillColor(black)
    c.setStrokeColor(black)
    c.setLineWidth(machine.stroke)
    c.setLineCap(2)  # square caps: the L's two arms meet in a full corner
    for m in mark_shapes(machine, page_w, page_h):
        if m.kind == "square":
            c.rect(m.x1, m.y1, m.x2 - m.x1, m.y2 - m.y1, stroke=0, fill=1)
        else:
            c.line(m.x1, m.y1, m.x2, m.y2)
    c.restoreState()


def _label(c: Canvas, fonts: Fonts, machine: Machine, page_w: float, text: str) -> None:
    """A line in the band below the marks (Silhouette); the Cricut image carries none, for
    Design Space prints around it."""
    if not machine.marks:
        return
    c.setFillColor(GREY)
    size = min(6.5, 6.5 * (page_w - 2 * (machine.inset + machine.arm + machine.clear))
               / max(1e-6, fonts.width(text, 6.5)))
    draw_line(c, fonts, text, page_w / 2, machine.inset - 4 * MM, size, align="centre")


def _write_pngs(folder: Path, pages: list, page: tuple[float, float]) -> None:
    """Each sheet's front as the image Design Space takes, exactly the cut area's size."""
    from ..export.outputs import page_images, pixels

    size = (pixels(page[0], DPI), pixels(page[1], DPI))
    fronts = set(_front_pages(pages))
    total = max(fronts) + (2 if pages[-1].has_backs else 1)
    images = page_images(folder / "sheets.pdf", [size] * total)
    n = 0
    for index, image in enumerate(images):
        if index in fronts:
            n += 1
            image.save(folder / f"sheet-{n:02d}.png", dpi=(DPI, DPI))


def _how_to(machine: Machine, page: tuple[float, float], pages: list) -> str:
    w, h = mm(page[0]), mm(page[1])
    lines = [f"Print-then-cut on a {machine.name}: {len(pages)} sheet(s), "
             f"{w:.2f} x {h:.2f} mm.", ""]
    if machine.marks:
        lines += [
            "1. Print sheets.pdf at 100 % (actual size), never 'fit to page'; pages marked "
            "'backs' go on the reverse (double-sided, flip on the long edge).",
            "2. In Silhouette Studio: Page Setup, the same paper size; open cut-01.dxf (or .svg)"
            " and place it at the page's top left corner (0, 0).",
            f"3. {machine.studio_settings()}; it must match the printed marks.",
            "4. Load the printed front face up and send: the machine scans the three marks, then"
            " cuts along the outlines. Repeat with cut-02 and the next sheet.",
        ]
    else:
        lines += [
            "1. In Design Space: upload sheet-01.png and cut-01.svg; give both the same size, "
            f"{w:.2f} x {h:.2f} mm ({page[0] / 72:.2f} x {page[1] / 72:.2f} in), the largest "
            "image Print Then Cut takes, and align them on each other.",
            "2. Print Then Cut prints the sheet with Design Space's own registration frame and "
            "cuts along the outlines. Repeat with the next sheet.",
            "Backs (sheets.pdf, pages marked 'backs') are printed on the reverse by hand.",
        ]
    return "\n".join(lines) + "\n"
