"""A photo's EXIF orientation: a JPEG stored 400 x 200 with Orientation = 6 is shown portrait by
every photo viewer, so it prints portrait, previews portrait and its resolution is worked out
on the portrait size (a fresh-user trial found it printed landscape)."""

import shutil

from PIL import Image

from helpers import card_game, page_pixels
from pnp.printrun.digest import Digester
from pnp.project import build, check, open_game, prepare
from pnp.units import MM

FRONT = """[art]
type = "image"
src = "{{ art }}"
x = "5mm"
y = "5mm"
width = "100% - 10mm"
height = "100% - 10mm"
"""
ORIENTATION = 0x0112


def _photo(path, orientation=None, size=(400, 200), colours=("red", "blue")):
    """Stored landscape: its left half the first colour, its right half the second."""
    image = Image.new("RGB", size, colours[1])
    image.paste(Image.new("RGB", (size[0] // 2, size[1]), colours[0]), (0, 0))
    exif = Image.Exif()
    if orientation is not None:
        exif[ORIENTATION] = orientation
    image.save(path, "JPEG", quality=95, exif=exif.tobytes())


def _game(tmp_path, orientation=6, **photo):
    folder = card_game(tmp_path / "photo", FRONT, "name,art\nAsh,photo.jpg\n")
    _photo(folder / "photo.jpg", orientation, **photo)
    return folder


def test_a_turned_photo_is_measured_as_a_viewer_shows_it(tmp_path):
    from pnp.faces.art import picture

    folder = _game(tmp_path)
    pic = picture(folder / "photo.jpg", folder)
    assert (pic.width, pic.height) == (200, 400)
    _photo(folder / "plain.jpg")
    plain = picture(folder / "plain.jpg", folder)
    assert (plain.width, plain.height) == (400, 200)


def test_a_turned_photo_previews_and_prints_portrait(tmp_path):
    from pnp.preview import preview

    folder = _game(tmp_path)
    out = tmp_path / "face.png"
    preview(open_game(str(folder)), "cards.csv:2", out, dpi=50, bleed_mm=0)
    face = Image.open(out).convert("RGB")
    w, h = face.size
    # turned a quarter clockwise: its left half (red) on top, its right (blue) below
    top, bottom = face.getpixel((w // 2, h // 3)), face.getpixel((w // 2, 2 * h // 3))
    assert top[0] > 200 and top[2] < 80, top
    assert bottom[2] > 200 and bottom[0] < 80, bottom
    (rows, columns), _ = _spans(face)
    assert columns[1] - columns[0] < rows[1] - rows[0] + 3  # a square's half: not a band
    pdf = tmp_path / "kit.pdf"
    build(open_game(str(folder)), pdf)
    from pypdf import PdfReader

    sheet = len(PdfReader(pdf).pages) - 1  # (the guide's pages first)
    (red_rows, red_columns), (blue_rows, blue_columns) = _spans(page_pixels(pdf, sheet))
    assert red_rows[1] <= blue_rows[0] + 2, (red_rows, blue_rows)  # red above blue
    assert all(abs(a - b) <= 2 for a, b in zip(red_columns, blue_columns)), \
        (red_columns, blue_columns)  # (not side by side, as stored)


def _spans(page):
    """The rows and the columns (first, last) of the page's red and of its blue pixels."""
    found: dict = {"red": ([], []), "blue": ([], [])}
    w, h = page.size
    pixels = page.load()
    for y in range(h):
        for x in range(w):
            r, g, b = pixels[x, y]
            colour = ("red" if r > 200 and g < 80 and b < 80 else
                      "blue" if b > 200 and r < 80 and g < 80 else None)
            if colour:
                found[colour][0].append(y)
                found[colour][1].append(x)
    return [((min(ys), max(ys)), (min(xs), max(xs))) for ys, xs in found.values()]


def test_the_low_dpi_warning_uses_the_turned_size(tmp_path):
    # 200 x 400 px in a poker card's box less 10 mm (53.5 x 78.9 mm), contained: 200 px over
    # 39 mm is 130 dpi; read unturned (400 x 200 px, 53.5 x 26.8 mm) it was 192 dpi
    folder = _game(tmp_path)
    found = [str(f) for f in check(open_game(str(folder)))]
    assert any("prints at 130 dpi" in f and "at least 307 x 614 pixels" in f
               for f in found), found


def test_a_photo_without_an_orientation_is_drawn_from_its_file(tmp_path):
    from pnp.faces.art import picture, raster

    folder = _game(tmp_path, orientation=None)
    pic = picture(folder / "photo.jpg", folder)
    assert pic.orientation == 1 and raster(pic) == str(folder / "photo.jpg")
    _photo(folder / "one.jpg", orientation=1)
    assert raster(picture(folder / "one.jpg", folder)) == str(folder / "one.jpg")


def test_a_turned_photo_s_digest_is_its_content_the_same_each_build(tmp_path):
    from pnp.faces import art

    folder = _game(tmp_path)

    def digest():
        art._pictures.clear()  # as a new process reads it again
        art._turned.clear()
        kit, fonts, _ = prepare(open_game(str(folder)))
        sheet = kit.sheets[0]
        piece = sheet.pieces[0]
        return Digester(fonts).face(piece, piece.front, sheet.width, sheet.height, 3 * MM)

    first = digest()
    assert first == digest()
    moved = tmp_path / "moved"
    shutil.copytree(folder, moved)
    folder = moved
    assert digest() == first  # its content, not where it lies
    _photo(folder / "photo.jpg", 6, colours=("green", "blue"))
    assert digest() != first
    _photo(folder / "photo.jpg", 8)  # the same pixels turned the other way
    assert digest() != first


def test_a_turned_photo_is_separated_turned_for_a_cmyk_print(tmp_path):
    from pypdf import PdfReader

    from pnp.project import export

    folder = _game(tmp_path)
    out = tmp_path / "cmyk.pdf"
    export(open_game(str(folder)), "pod", out, cmyk=True)
    sizes = [(x["/Width"], x["/Height"]) for page in PdfReader(out).pages
             for x in (page["/Resources"].get("/XObject") or {}).values()
             if x.get_object().get("/Subtype") == "/Image"]
    assert sizes and set(sizes) == {(200, 400)}, sizes


def test_the_print_shop_check_names_a_turned_photo_by_its_file(tmp_path):
    from pnp.export.preflight import preflight
    from pnp.export.services import SERVICES

    folder = _game(tmp_path)
    kit, fonts, _ = prepare(open_game(str(folder)))
    found = [str(f) for f in preflight(kit, fonts, SERVICES["tgc"], cmyk=False)]
    assert any("image 'photo.jpg' in element \"art\" prints at 129 dpi" in f for f in found), found
