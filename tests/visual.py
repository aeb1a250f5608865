"""Low-resolution visual comparison of a rendered page with a checked-in PNG.
Regenerate goldens with PNP_UPDATE_GOLDEN=1 (then look at them before committing)."""

import os
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

GOLDEN = Path(__file__).parent / "golden"
DPI = 30


def render_page(pdf: Path, index: int) -> Image.Image:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        return doc[index].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        doc.close()


def assert_matches_golden(image: Image.Image, name: str, tolerance: float = 1.5) -> None:
    """Mean absolute difference per channel (0-255) must stay under `tolerance`."""
    path = GOLDEN / f"{name}.png"
    if os.environ.get("PNP_UPDATE_GOLDEN") or not path.exists():
        if not os.environ.get("PNP_UPDATE_GOLDEN"):
            raise AssertionError(f"no golden {path}; run with PNP_UPDATE_GOLDEN=1 to create it")
        image.save(path)
        return
    golden = Image.open(path).convert("RGB")
    assert golden.size == image.size, f"{name}: size {image.size} != golden {golden.size}"
    diff = ImageStat.Stat(ImageChops.difference(golden, image)).mean
    assert max(diff) < tolerance, f"{name}: differs from the golden by {diff}"
