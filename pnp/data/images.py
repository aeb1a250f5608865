"""Images named in card data: inside the game folder, of a sane size, and decoded in full once
when checked, so a file that only looks like an image (garbage data with valid checksums, a
cut-off JPEG) is named here instead of crashing the render or printing grey."""

from __future__ import annotations

from pathlib import Path

from ..errors import DataError, Source
from .files import inside, is_file

MAX_PIXELS = 60_000_000  # a 300 dpi A3 scan is about 17 MP; far beyond is a mistake or a bomb
MAX_BYTES = 50 * 1024 * 1024


def checked_image(root: Path, relative: str, source: Source, field: str) -> Path:
    """The image's path, after making sure Pillow can read it and it is not absurdly large."""
    from PIL import Image, UnidentifiedImageError

    path = inside(root, relative, source, field)
    where = (source.path, source.row, field)
    if not is_file(path):
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
        with Image.open(path) as img:
            img.load()  # every pixel: what the renderer will ask for
    except DataError:
        raise
    except Image.DecompressionBombError:
        raise DataError(f"image {relative!r} claims more than {MAX_PIXELS // 1_000_000} "
                        "megapixels; refused", *where) from None
    except UnidentifiedImageError:
        raise DataError(f"image {relative!r} is not a picture pnp can read; save it as PNG "
                        "or JPEG from an image editor", *where) from None
    except Exception as exc:  # Pillow's decoders raise many kinds for a broken file
        detail = str(exc).strip().splitlines()[0][:80] if str(exc).strip() else \
            type(exc).__name__
        raise DataError(f"image {relative!r} is damaged ({detail}); save it again from an "
                        "image editor", *where) from None
    return path
