"""Pictures in the booklet (`![caption](art/map.png)`): files of the game folder, checked and
drawn by the same code as the pictures on faces (pnp/data/images.py, pnp/faces/art.py), so a
file refused on a card is refused here for the same reason."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from reportlab.pdfgen.canvas import Canvas

from ..errors import DataError, Source

if TYPE_CHECKING:
    from ..faces.art import Picture
    from .booklet import Booklet

RASTER_DPI = 150  # a picture's printed size: its pixels at this resolution, shrunk to fit
SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")


class BookletPicture(NamedTuple):
    picture: Picture
    size: tuple[float, float]  # points, before fitting the column


def booklet_picture(booklet: Booklet, src: str, line: int) -> BookletPicture:
    """The picture a booklet line names, or a DataError naming the template and the line."""
    from ..data.files import inside
    from ..data.images import checked_image
    from ..faces.art import ArtError, picture

    def refuse(message: str) -> DataError:
        return DataError(f"{booklet.place(line)}: {message}", booklet.source)

    if booklet.root is None:
        raise refuse(f"a picture ({src!r}) needs the game's folder; this booklet has none")
    if not src.lower().endswith(SUFFIXES):
        raise refuse(f"picture {src!r}: use a .png, .jpg or .svg file")
    root = Path(booklet.root)
    where = Source(Path(booklet.source))
    try:
        if src.lower().endswith(".svg"):
            path = inside(root, src, where, "picture")
            if not path.is_file():
                raise refuse(f"picture {src!r} not found in the game folder")
        else:
            path = checked_image(root, src, where, "picture")
        pic = picture(path, root)
    except DataError as exc:
        if exc.message.startswith("line "):
            raise
        raise refuse(exc.message) from None
    except ArtError as exc:
        raise refuse(str(exc)) from None
    if pic.vector:
        return BookletPicture(pic, (pic.width, pic.height))
    return BookletPicture(pic, (pic.width * 72 / RASTER_DPI, pic.height * 72 / RASTER_DPI))


def draw_booklet_picture(c: Canvas, pic: BookletPicture, w: float, h: float, font: str) -> None:
    """The picture in a box w x h; an SVG's text starts in `font` (the body's)."""
    from ..faces.art import draw_picture

    draw_picture(c, pic.picture, 0, 0, w, h, "contain", font)


ICON_SIDE = 24.0  # points: the square an icon is drawn in, then scaled (1.2 em up to 20 pt)
# of that square: an icon by body text (1.2 em of 10 pt) prints at 600 dpi. Platypus decodes
# an icon's picture anew at each use and keeps it: 600 dpi here held 900 icons in 430 MB
ICON_DPI = 300


def icon_png(finder, name: str, colour, font: str, pad: float = 0.0) -> bytes | None:
    """Icon `name` drawn by the cards' code (faces/art.py) in `colour`, as a transparent PNG: a
    platypus paragraph sets a picture in its line, not a drawing. None if unknown or unreadable
    (the booklet's check names it). `pad`: room beside it, a part of its side."""
    import io

    from ..export.outputs import page_images, pixels

    pdf = io.BytesIO()
    width = ICON_SIDE * (1 + pad)
    c = Canvas(pdf, pagesize=(width, ICON_SIDE), invariant=1)
    if not finder.draw(c, name, width / 2, ICON_SIDE / 2, ICON_SIDE, colour, font):
        return None
    c.showPage()
    c.save()
    size = (pixels(width, ICON_DPI), pixels(ICON_SIDE, ICON_DPI))
    image = next(page_images(pdf.getvalue(), [size], clear=True))
    png = io.BytesIO()
    image.save(png, "PNG", optimize=True)
    return png.getvalue()
