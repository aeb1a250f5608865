"""A game folder from a stranger (issue 22, links and file formats): no link in it takes a read,
a write or a copy outside it, and no file is opened as anything but what its name claims."""

import io

import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main
from pnp.project import open_game, validate


def _new_deck(tmp_path, image_cell: str = ""):
    CliRunner().invoke(main, ["new", "art", "--dir", str(tmp_path)])
    folder = tmp_path / "art"
    if image_cell:
        (folder / "cards.csv").write_text(
            f"title,text,colour,count,image\nSun,Draw a card.,sun,1,{image_cell}\n",
            encoding="utf-8")
    return folder


def _picture(fmt: str) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), "red").save(buf, fmt)
    return buf.getvalue()


EPS = (b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 8 8\n"
       b"/loop { loop } def { } loop\nshowpage\n")


# ---- 2. file formats -----------------------------------------------------------------------
@pytest.mark.parametrize("name,data,held", [
    ("art.png", _picture("TIFF"), "TIFF"), ("art.png", _picture("WEBP"), "WebP"),
    ("art.jpg", _picture("BMP"), "BMP"), ("art.jpg", _picture("GIF"), "GIF"),
    ("art.png", EPS, "PostScript"), ("art.png", _picture("JPEG"), "JPEG"),
], ids=["tiff", "webp", "bmp", "gif", "eps", "jpeg"])
def test_a_picture_under_another_formats_name_is_refused_naming_the_file(tmp_path, name, data,
                                                                         held):
    folder = _new_deck(tmp_path, name)
    (folder / name).write_bytes(data)
    claimed = "PNG" if name.endswith(".png") else "JPEG"
    assert [str(f) for f in validate(open_game(str(folder)))] == [
        f'error: cards.csv, row 2, field "image": image {name!r} is named .{name[-3:]} but holds '
        f'{held} data; save it as {claimed} from an image editor']


def test_a_disguised_icon_is_refused_not_drawn(tmp_path):
    from pnp.faces.art import ArtError, IconFinder

    folder = _new_deck(tmp_path)
    (folder / "icons").mkdir(exist_ok=True)
    (folder / "icons" / "sun.png").write_bytes(EPS)
    with pytest.raises(ArtError, match="'sun.png' is named .png but holds PostScript data"):
        IconFinder(folder).find("sun")
