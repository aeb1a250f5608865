"""Images named in card data: inside the game folder, of a sane size, of the format their name
claims, and decoded in full once when checked, so a file that only looks like an image (garbage
data with valid checksums, a cut-off JPEG, a TIFF or PostScript under a .png name) is named here
instead of crashing the render, printing grey or starting an outside program."""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

from ..errors import DataError, Source
from .files import inside, is_file
from .meant import not_there

MAX_PIXELS = 60_000_000  # a 300 dpi A3 scan is about 17 MP; far beyond is a mistake or a bomb
MAX_BYTES = 50 * 1024 * 1024
# The one Pillow format each picture suffix may hold: Pillow would otherwise try every format it
# knows, EPS among them (which runs Ghostscript on the file).
FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}
# What a disguised file holds, told by its first bytes (only to word the message).
SIGNATURES = ((b"\x89PNG", "PNG"), (b"\xff\xd8", "JPEG"), (b"GIF8", "GIF"), (b"BM", "BMP"),
              (b"II*\x00", "TIFF"), (b"MM\x00*", "TIFF"), (b"%!", "PostScript"),
              (b"\xc5\xd0\xd3\xc6", "PostScript"), (b"\x00\x00\x01\x00", "ICO"))


class PictureError(ValueError):
    """A picture file pnp will not open: not what its name says, or too large; the message
    (to follow the file's name) says which."""


def _held(source: Path | BinaryIO) -> str | None:
    """The format a file's first bytes announce, if one of the common ones."""
    try:
        if isinstance(source, Path):
            with open(source, "rb") as fh:
                head = fh.read(12)
        else:
            source.seek(0)
            head = source.read(12)
    except OSError:
        return None
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "WebP"
    return next((name for magic, name in SIGNATURES if head.startswith(magic)), None)


def open_image(path: Path, fh: BinaryIO | None = None):
    """Pillow's image of a .png or .jpg file (read from `fh` if given), read only as the format
    its suffix names. PictureError when the name claims no picture format, or the file holds
    another or more than MAX_PIXELS."""
    from PIL import Image, UnidentifiedImageError

    claimed = FORMATS.get(path.suffix.lower())
    if claimed is None:
        raise PictureError("is not a .png or .jpg file")
    try:
        img = Image.open(fh if fh is not None else path, formats=[claimed])
    except UnidentifiedImageError:
        held = _held(fh if fh is not None else path)
        if held is None or held == claimed:
            raise
        raise PictureError(f"is named .{path.suffix[1:]} but holds {held} data; save it as "
                           f"{claimed} from an image editor") from None
    w, h = img.size
    if w * h > MAX_PIXELS:
        img.close()
        raise PictureError(f"is {w} x {h} pixels; more than {MAX_PIXELS // 1_000_000} "
                           "megapixels is refused")
    return img


def as_typed(name: str) -> str:
    """A file name quoted as the designer typed it: a Windows path's \\ once, not doubled as
    repr() writes it."""
    return repr(name).replace("\\\\", "\\")


def present_image(root: Path, relative: str, source: Source, field: str) -> Path:
    """The path of a picture a game names (a PNG, JPEG or SVG), inside the game folder; a
    DataError naming it as typed if it is not a file there, with a hint at the one meant (a
    name differing in case, a close one, a Windows path)."""
    path = inside(root, relative, source, field)
    if not is_file(path):
        missing = "is a folder, not a picture" if path.is_dir() else \
            not_there(root, path, relative)
        raise DataError(f"image {as_typed(relative)} {missing}", source.path, source.row, field)
    return path


def checked_image(root: Path, relative: str, source: Source, field: str) -> Path:
    """The image's path, after making sure Pillow can read it and it is not absurdly large."""
    from PIL import Image, UnidentifiedImageError

    path = present_image(root, relative, source, field)
    where = (source.path, source.row, field)
    if path.stat().st_size > MAX_BYTES:
        raise DataError(f"image {as_typed(relative)} is over {MAX_BYTES // 1024 // 1024} MB", *where)
    try:
        with open_image(path) as img:
            img.verify()
        with open_image(path) as img:
            img.load()  # every pixel: what the renderer will ask for
    except PictureError as exc:
        raise DataError(f"image {as_typed(relative)} {exc}", *where) from None
    except Image.DecompressionBombError:
        raise DataError(f"image {as_typed(relative)} claims more than {MAX_PIXELS // 1_000_000} "
                        "megapixels; refused", *where) from None
    except UnidentifiedImageError:
        raise DataError(f"image {as_typed(relative)} is not a picture pnp can read; save it as PNG "
                        "or JPEG from an image editor", *where) from None
    except Exception as exc:  # Pillow's decoders raise many kinds for a broken file
        detail = str(exc).strip().splitlines()[0][:80] if str(exc).strip() else \
            type(exc).__name__
        raise DataError(f"image {as_typed(relative)} is damaged ({detail}); save it again from an "
                        "image editor", *where) from None
    return path
