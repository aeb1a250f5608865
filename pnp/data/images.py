"""Images named in card data: inside the game folder, readable, and of a sane size."""

from __future__ import annotations

from pathlib import Path

from ..errors import DataError, Source
from .files import inside

MAX_PIXELS = 60_000_000  # a 300 dpi A3 scan is about 17 MP; far beyond is a mistake or a bomb
MAX_BYTES = 50 * 1024 * 1024


def checked_image(root: Path, relative: str, source: Source, field: str) -> Path:
    """The image's path, after making sure Pillow can read it and it is not absurdly large."""
    from PIL import Image, UnidentifiedImageError

    path = inside(root, relative, source, field)
    where = (source.path, source.row, field)
    if not path.is_file():
        raise DataError(f"image {relative!r} not found in the game folder", *where)
    if path.stat().st_size > MAX_BYTES:
        raise DataError(f"image {relative!r} is over {MAX_BYTES // 1024 // 1024} MB", *where)
    try:
        with Image.open(path) as img:
            w, h = img.size
            if w * h > MAX_PIXELS:
                raise DataError(f"image {relative!r} is {w} x {h} pixels; more than "
                                f"{MAX_PIXELS // 1_000_000} megapixels is refused", *where)
            img.verify()
    except DataError:
        raise
    except Image.DecompressionBombError:
        raise DataError(f"image {relative!r} claims more than {MAX_PIXELS // 1_000_000} "
                        "megapixels; refused", *where) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise DataError(f"image {relative!r} cannot be read ({exc.__class__.__name__})",
                        *where) from None
    return path
