"""--cmyk by numbers: the generated profile's ink limit, transparency flattened on the face's
background, no colour over 240 % ink, and a PDF/X-1a:2003 file as a validator checks it."""

import re
import struct

import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.colors import Color

from helpers import ROOT
from pnp.export.outputs import Face, export_pod
from pnp.kit import Kit, Piece, Sheet
from pnp.project import export, open_game
from pnp.render.cmyk import Separation, limit_ink
from pnp.render.cmykprofile import PROFILE, TOTAL_INK, separate
from pnp.render.fonts import load_fonts
from pnp.render.pdfx import pdfx_problems
from pnp.units import MM

CMYK_OP = re.compile(rb"([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) [kK](?=\s)")


@pytest.fixture(scope="module")
def wuxing_cmyk(tmp_path_factory):
    out = tmp_path_factory.mktemp("cmyk") / "c.pdf"
    export(open_game("wuxing", cwd=ROOT), "pod", out, cmyk=True)
    return out


def _b2a_table(data: bytes) -> list[tuple[int, ...]]:
    count = struct.unpack(">I", data[128:132])[0]
    for i in range(count):
        tag, offset, _ = struct.unpack(">4sII", data[132 + 12 * i:144 + 12 * i])
        if tag == b"B2A0":
            inputs, grid = data[offset + 8], data[offset + 10]
            start = offset + 52 + 4 * inputs  # header, matrix, curve sizes; 2-point curves
            n = grid ** inputs
            return [struct.unpack(">4H", data[start + 8 * j:start + 8 * j + 8])
                    for j in range(n)]
    raise AssertionError("no B2A0")


def test_every_separation_of_the_shipped_profile_is_within_240_percent():
    table = _b2a_table(PROFILE.read_bytes())
    assert len(table) == 17 ** 3
    assert max(sum(row) for row in table) <= TOTAL_INK * 65535 + 4
    assert max(sum(row) for row in table) > 2.3 * 65535  # the limit is used, not far below


def test_separation_puts_grey_in_black_and_dark_colours_within_the_limit():
    c, m, y, k = separate((50.0, 0.0, 0.0))
    assert k > 0.4 and c + m + y < 1.2  # much of the grey replaced by black ink
    for lab in ((5, 0, 0), (20, 40, -60), (30, -50, 30)):
        assert sum(separate(lab)) <= TOTAL_INK + 1e-6
    assert limit_ink(1, 1, 1, 1) == pytest.approx((0.4667, 0.4667, 0.4667, 1), abs=1e-3)


def test_colours_are_cmyk_and_at_most_240_percent(wuxing_cmyk):
    reader = PdfReader(wuxing_cmyk)
    totals = [sum(map(float, m)) for page in reader.pages
              for m in CMYK_OP.findall(page.get_contents().get_data())]
    assert totals and max(totals) <= TOTAL_INK + 0.01


def test_the_export_passes_the_pdfx_checks_and_embeds_the_profile(wuxing_cmyk):
    assert pdfx_problems(wuxing_cmyk) == []
    reader = PdfReader(wuxing_cmyk)
    assert reader.pdf_header == "%PDF-1.3"
    assert reader.trailer["/Info"]["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
    intent = reader.trailer["/Root"]["/OutputIntents"][0]
    assert intent["/DestOutputProfile"].get_object().get_data() == PROFILE.read_bytes()
    for page in reader.pages:
        trim = [float(v) for v in page["/TrimBox"]]
        bleed = [float(v) for v in page["/BleedBox"]]
        assert bleed[0] < trim[0] and trim[2] < bleed[2]


def test_the_checks_find_what_an_rgb_file_lacks(tmp_path):
    rgb = tmp_path / "rgb.pdf"
    export(open_game("wuxing", cwd=ROOT), "pod", rgb)
    found = "\n".join(pdfx_problems(rgb))
    for expected in ("GTS_PDFXVersion", "no GTS_PDFX output intent", "outside DeviceCMYK"):
        assert expected in found


def _one_face(tmp_path, draw):
    piece = Piece("card", "pic", draw)
    sheet = Sheet("Cards", 63 * MM, 88 * MM, (piece,))
    out = tmp_path / "c.pdf"
    export_pod(Kit("k", sheets=[sheet]), load_fonts(), out, 3 * MM,
               [Face(sheet, piece, 0, False)], cmyk=True)
    return out


def _image_pixels(pdf) -> Image.Image:
    page = PdfReader(pdf).pages[0]
    for x in page["/Resources"]["/XObject"].values():
        x = x.get_object()
        if x["/Subtype"] == "/Image":
            assert x["/ColorSpace"] == "/DeviceCMYK" and "/SMask" not in x
            return Image.frombytes("CMYK", (x["/Width"], x["/Height"]), x.get_data())
    raise AssertionError("no image")


def test_a_transparent_png_prints_on_the_card_background_not_as_a_black_box(tmp_path):
    picture = tmp_path / "t.png"
    art = Image.new("RGBA", (40, 40), (0, 0, 0, 0))
    art.paste((200, 30, 30, 255), (10, 10, 30, 30))
    art.save(picture)
    green = Color(0.2, 0.6, 0.3)

    def draw(s):
        s.c.setFillColor(green)
        s.c.rect(-s.bleed, -s.bleed, s.w + 2 * s.bleed, s.h + 2 * s.bleed, stroke=0, fill=1)
        s.c.drawImage(str(picture), 0, 0, s.w, s.h, mask="auto")

    out = _one_face(tmp_path, draw)
    pixels = _image_pixels(out)
    background = Separation().colour((0.2, 0.6, 0.3))
    corner = pixels.getpixel((0, 0))
    assert corner == pytest.approx([round(v * 255) for v in (background.cyan, background.magenta,
                                                             background.yellow, background.black)],
                                   abs=2)
    assert corner[3] < 128  # not the black box (300 % ink) a dropped alpha channel gives
    assert max(sum(pixels.getpixel((x, y))) for x in range(40) for y in range(40)) \
        <= TOTAL_INK * 255 + 4
    assert pdfx_problems(out) == []


def test_a_translucent_fill_is_mixed_not_transparent(tmp_path):
    def draw(s):
        s.c.setFillColor(Color(1, 1, 1))
        s.c.rect(0, 0, s.w, s.h, stroke=0, fill=1)
        s.c.setFillColor(Color(0, 0, 0), alpha=0.5)
        s.c.rect(10, 10, 20, 20, stroke=0, fill=1)

    out = _one_face(tmp_path, draw)
    content = PdfReader(out).pages[0].get_contents().get_data()
    assert b"0 0 0 .5 k" in content or b"0 0 0 0.5 k" in content
    assert pdfx_problems(out) == []


def test_a_print_shops_own_profile_is_embedded_and_named(tmp_path):
    own = tmp_path / "shop.icc"
    own.write_bytes(PROFILE.read_bytes())
    out = tmp_path / "p.pdf"
    export(open_game("wuxing", cwd=ROOT), "pod", out, cmyk=True, profile=own)
    intent = PdfReader(out).trailer["/Root"]["/OutputIntents"][0]
    assert intent["/DestOutputProfile"].get_object().get_data() == own.read_bytes()
    assert pdfx_problems(out) == []


def test_a_profile_that_is_not_cmyk_is_refused_naming_it(tmp_path):
    from PIL import ImageCms

    from pnp.errors import PnpError

    rgb = tmp_path / "srgb.icc"
    rgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    junk = tmp_path / "junk.icc"
    junk.write_bytes(b"not a profile" * 20)
    game = open_game("wuxing", cwd=ROOT)
    for path, said in ((rgb, "give a CMYK printer"), (junk, "not an ICC colour profile")):
        with pytest.raises(PnpError, match=said) as caught:
            export(game, "pod", tmp_path / "x.pdf", cmyk=True, profile=path)
        assert path.name in str(caught.value)
    with pytest.raises(PnpError, match="--profile: goes with --cmyk"):
        export(game, "pod", tmp_path / "x.pdf", profile=rgb)
    assert not (tmp_path / "x.pdf").exists()


def test_an_image_given_as_a_reader_is_separated_too(tmp_path):
    from reportlab.lib.utils import ImageReader

    reader = ImageReader(Image.new("RGB", (8, 8), (30, 90, 200)))
    out = _one_face(tmp_path, lambda s: s.c.drawImage(reader, 0, 0, s.w, s.h))
    assert _image_pixels(out).getpixel((0, 0))[0] > 128  # cyan for a blue
    assert pdfx_problems(out) == []


def test_colours_inside_the_press_gamut_print_as_they_were_asked():
    """sRGB to CMYK through the profile and back to Lab lands within a small colour difference
    for muted colours a press can print (what a wrong table would break)."""
    import math

    from PIL import ImageCms

    sep = Separation()
    lab = ImageCms.createProfile("LAB")
    intent = ImageCms.Intent.RELATIVE_COLORIMETRIC
    to_lab = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), lab, "RGB", "LAB",
                                     renderingIntent=intent)
    back = ImageCms.buildTransform(sep.profile, lab, "CMYK", "LAB", renderingIntent=intent)
    muted = [(200, 170, 140), (120, 140, 110), (90, 110, 150), (160, 160, 160),
             (210, 200, 120), (150, 100, 90), (230, 230, 230)]
    image = Image.new("RGB", (len(muted), 1))
    for i, rgb in enumerate(muted):
        image.putpixel((i, 0), rgb)
    asked = ImageCms.applyTransform(image, to_lab)
    printed = ImageCms.applyTransform(ImageCms.applyTransform(image, sep.transform("RGB")), back)

    def lab_of(p):
        return p[0] * 100 / 255, p[1] - 128, p[2] - 128

    for i, rgb in enumerate(muted):
        delta = math.dist(lab_of(asked.getpixel((i, 0))), lab_of(printed.getpixel((i, 0))))
        assert delta < 6, (rgb, delta)


def _made_pdfx(tmp_path, name, draw, boxes=True):
    """A one-page PDF drawn with a plain (RGB) canvas, then given the PDF/X keys: what the
    checks must still find in it is what `draw` put there."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.pdfx import make_pdfx

    path = tmp_path / f"{name}.pdf"
    c = Canvas(str(path), pagesize=(200, 200), initialFontName=load_fonts()["regular"])
    if boxes:
        c.setTrimBox((10, 10, 190, 190))
        c.setBleedBox((0, 0, 200, 200))
    draw(c)
    c.showPage()
    c.save()
    make_pdfx(path, Separation())
    return pdfx_problems(path)


def test_each_pdfx_check_finds_its_own_fault(tmp_path):
    from reportlab.lib.utils import ImageReader

    def cmyk_fill(c):
        c.setFillColorCMYK(0, 0, 0, 1)
        c.rect(20, 20, 50, 50, stroke=0, fill=1)

    assert _made_pdfx(tmp_path, "clean", cmyk_fill) == []
    assert any("no TrimBox" in p for p in _made_pdfx(tmp_path, "boxes", cmyk_fill,
                                                     boxes=False))

    def helvetica(c):
        c.setFillColorCMYK(0, 0, 0, 1)
        c.setFont("Helvetica", 10)
        c.drawString(20, 20, "Helvetica is not embedded")

    assert any("not embedded" in p for p in _made_pdfx(tmp_path, "font", helvetica))

    def alpha(c):
        c.setFillColorCMYK(0, 0, 0, 1, alpha=0.5)
        c.rect(20, 20, 50, 50, stroke=0, fill=1)

    assert any("transparency" in p for p in _made_pdfx(tmp_path, "alpha", alpha))

    def rgb(c):
        c.setFillColorRGB(1, 0, 0)
        c.rect(20, 20, 50, 50, stroke=0, fill=1)

    assert any("outside DeviceCMYK" in p for p in _made_pdfx(tmp_path, "rgb", rgb))

    def masked(c):
        c.drawImage(ImageReader(Image.new("RGBA", (4, 4), (255, 0, 0, 128))), 20, 20, 40, 40,
                    mask="auto")

    found = _made_pdfx(tmp_path, "image", masked)
    assert any("soft mask" in p for p in found) and any("/DeviceRGB" in p for p in found)


def test_the_shipped_profile_is_what_the_generator_writes_at_sample_points():
    """The whole table takes some 15 s to make again; sample grid points instead."""
    from pnp.render.cmykprofile import B2A_GRID

    table = _b2a_table(PROFILE.read_bytes())
    n = B2A_GRID
    for i, j, k in ((0, 8, 8), (8, 8, 8), (16, 8, 8), (5, 12, 3), (11, 2, 14), (3, 15, 15)):
        lab = (i / (n - 1) * 100, j / (n - 1) * 255 - 128, k / (n - 1) * 255 - 128)
        expected = tuple(round(v * 65535) for v in separate(lab))
        assert table[(i * n + j) * n + k] == expected


def test_the_pdfx_checks_run_without_the_test_extras(wuxing_cmyk, tmp_path):
    """The README offers pdfx_problems to designers: it must work after a plain `pip install`
    (pypdf is a test extra; the checks read the file with pikepdf, which pnp installs)."""
    import subprocess
    import sys

    rgb = tmp_path / "rgb.pdf"
    export(open_game("wuxing", cwd=ROOT), "pod", rgb)
    script = ("import sys; sys.modules['pypdf'] = None\n"
              "from pnp.render.pdfx import pdfx_problems\n"
              f"print(len(pdfx_problems({str(wuxing_cmyk)!r})), "
              f"'no GTS_PDFX output intent' in pdfx_problems({str(rgb)!r}))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0", "True"]
