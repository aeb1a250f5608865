"""CMYK output for print shops (`--cmyk`): a Canvas that separates every colour and image it is
given through a CMYK colour profile (Pillow's ImageCms, LittleCMS), with no transparency left
and no more ink than the profile allows, and a PDF/X-1a:2003 file around it (pdfx.py).

- The profile: pnp's own generic coated press with 240 % total ink (cmykprofile.py), or a
  service's own .icc file given with --profile (its ink limit is its own).
- Greys (text, rules, black) print on the black plate alone: a rich black under small text
  misregisters into colour fringes.
- Transparency: PDF/X-1a allows none, so a translucent colour is mixed, and an image with an
  alpha channel composited, over the face's background: the first opaque fill drawn on the page
  (a face draws its background first), white before there is one.
"""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from .cmykprofile import PROFILE, TOTAL_INK

WHITE = Color(1, 1, 1)
MAX_PROFILE_BYTES = 32 * 2**20  # press profiles are some 0.5 to 4 MB


def limit_ink(c: float, m: float, y: float, k: float, total: float = TOTAL_INK):
    """C, M, Y (and K as given) scaled down so that all four sum to at most `total`."""
    over = c + m + y + k - total
    if over <= 1e-9:
        return c, m, y, k
    cmy = c + m + y
    scale = max(0.0, total - k) / cmy if cmy else 0.0
    return c * scale, m * scale, y * scale, min(k, total)


class Separation:
    """RGB (or another profile's CMYK) to the output profile's CMYK, for colours and images."""

    def __init__(self, profile: Path = PROFILE, data: bytes | None = None):
        """`data`: the profile's bytes when they are already read (and checked)."""
        from PIL import ImageCms

        self.path = profile
        self.data = profile.read_bytes() if data is None else data
        self.profile = ImageCms.ImageCmsProfile(io.BytesIO(self.data))
        self.name = ImageCms.getProfileDescription(self.profile).strip() or profile.name
        self._transforms: dict[tuple[bytes, str], object] = {}
        self._colours: dict[tuple[float, float, float], CMYKColor] = {}

    def transform(self, mode: str, source: bytes | None = None):
        """`mode` pixels (tagged with the `source` profile an image embeds) to the output CMYK.
        An embedded profile LittleCMS cannot use (damaged, or for other pixels) is left out, as
        image viewers do: the pixels are read as untagged ones."""
        from PIL import ImageCms

        key = (source or b"", mode)
        found = self._transforms.get(key)
        if found is None:
            untagged = self.profile if mode == "CMYK" else ImageCms.createProfile("sRGB")
            try:
                found = self._build(ImageCms.ImageCmsProfile(io.BytesIO(source)), mode) \
                    if source else None
            except (OSError, ImageCms.PyCMSError):  # (Pillow raises either)
                found = None
            found = self._transforms[key] = found or self._build(untagged, mode)
        return found

    def _build(self, src, mode: str):
        from PIL import ImageCms

        return ImageCms.buildTransform(src, self.profile, mode, "CMYK",
                                       renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                       flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)

    def colour(self, rgb: tuple[float, float, float]) -> CMYKColor:
        """An sRGB colour (0..1) as CMYK: a grey on black ink alone, else through the profile."""
        hit = self._colours.get(rgb)
        if hit is None:
            r, g, b = rgb
            if abs(r - g) < 1e-6 and abs(g - b) < 1e-6:
                hit = CMYKColor(0, 0, 0, round(1 - r, 4))
            else:
                from PIL import Image, ImageCms

                pixel = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb))
                out = ImageCms.applyTransform(pixel, self.transform("RGB"))
                assert out is not None  # (None only when transforming in place)
                c, m, y, k = (v / 255 for v in out.getpixel((0, 0)))  # type: ignore[union-attr]
                hit = CMYKColor(*limit_ink(c, m, y, k))
            self._colours[rgb] = hit
        return hit

    def image(self, picture, background: Color):
        """A PIL image as CMYK, its transparency composited over `background`."""
        from PIL import Image, ImageCms

        source = picture.info.get("icc_profile")
        if picture.mode == "CMYK":
            return ImageCms.applyTransform(picture, self.transform("CMYK", source))
        if picture.mode in ("RGBA", "LA", "PA") or "transparency" in picture.info:
            rgba = picture.convert("RGBA")
            flat = Image.new("RGB", rgba.size, tuple(round(v * 255) for v in
                                                     (background.red, background.green,
                                                      background.blue)))
            flat.paste(rgba, mask=rgba.getchannel("A"))
            picture = flat
        elif picture.mode != "RGB":
            picture = picture.convert("RGB")
        return ImageCms.applyTransform(picture, self.transform("RGB", source))


def load_separation(path: Path) -> Separation:
    """A Separation through a profile file the designer gives (a service's own), checked: an
    ICC output profile for CMYK, else an error naming the file and what it is."""
    from ..errors import PnpError

    import stat

    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):  # a device or pipe would be read without end
            raise PnpError(f"--profile {path}: not a file")
        if info.st_size > MAX_PROFILE_BYTES:
            raise PnpError(f"--profile {path}: {info.st_size // 2**20} MB; an ICC profile is "
                           f"at most a few MB (pnp reads up to {MAX_PROFILE_BYTES // 2**20} MB)")
        data = path.read_bytes()
    except OSError as exc:
        raise PnpError(f"--profile {path}: cannot read it ({exc.strerror or exc})") from None
    if len(data) < 128 or data[36:40] != b"acsp":
        raise PnpError(f"--profile {path}: not an ICC colour profile")
    if data[16:20] != b"CMYK" or data[12:16] != b"prtr":
        raise PnpError(f"--profile {path}: a {data[16:20].decode('latin-1').strip()} "
                       f"{data[12:16].decode('latin-1')} profile; give a CMYK printer (output) "
                       "profile, such as the one the print shop names")
    try:
        separation = Separation(path, data)
        for mode in ("RGB", "CMYK"):  # LittleCMS reads some tables only when it builds one
            separation.transform(mode)
        return separation
    except Exception as exc:  # LittleCMS refuses a damaged table in many ways
        raise PnpError(f"--profile {path}: a damaged profile ({exc})") from None


class CmykCanvas(Canvas):
    """A Canvas whose every colour and image is CMYK through `separation`, never translucent."""

    def __init__(self, *args, separation: Separation | None = None, **kw):
        self.separation = separation or Separation()
        self._background: Color | None = None
        self._fill_want: tuple[Color, float] = (Color(0, 0, 0), 1.0)
        self._stroke_want: tuple[Color, float] = (Color(0, 0, 0), 1.0)
        self._setting = False
        self.target = args[0] if args else kw.get("filename")  # made PDF/X once written
        super().__init__(*args, **kw)

    # colours: what was asked for is kept, so a later alpha mixes the same colour again
    def _flat(self, colour: Color, alpha: float) -> CMYKColor:
        if isinstance(colour, CMYKColor):
            c, m, y, k = limit_ink(colour.cyan, colour.magenta, colour.yellow, colour.black)
            if alpha >= 1:
                return CMYKColor(c, m, y, k)
            bg = self.separation.colour(self._background_rgb())
            return CMYKColor(*(alpha * v + (1 - alpha) * b for v, b in
                               zip((c, m, y, k), (bg.cyan, bg.magenta, bg.yellow, bg.black))))
        r, g, b = colour.red, colour.green, colour.blue
        if alpha < 1:
            br, bg_, bb = self._background_rgb()
            r, g, b = (alpha * r + (1 - alpha) * br, alpha * g + (1 - alpha) * bg_,
                       alpha * b + (1 - alpha) * bb)
        return self.separation.colour((round(r, 5), round(g, 5), round(b, 5)))

    def _background_rgb(self) -> tuple[float, float, float]:
        bg = self._background or WHITE
        return (bg.red, bg.green, bg.blue)

    @staticmethod
    def _asked(colour, alpha) -> tuple[Color, float]:
        c = toColor(colour)
        a = c.alpha if alpha is None else alpha
        return c, 1.0 if a is None else float(a)

    def setFillColor(self, aColor, alpha=None):
        self._fill_want = self._asked(aColor, alpha)
        self._setting = True  # reportlab sets the colour's own alpha (1) after it: no ExtGState
        try:
            super().setFillColor(self._flat(*self._fill_want))
        finally:
            self._setting = False

    def setStrokeColor(self, aColor, alpha=None):
        self._stroke_want = self._asked(aColor, alpha)
        self._setting = True
        try:
            super().setStrokeColor(self._flat(*self._stroke_want))
        finally:
            self._setting = False

    def setFillColorRGB(self, r, g, b, alpha=None):
        self.setFillColor(Color(r, g, b), alpha)

    def setStrokeColorRGB(self, r, g, b, alpha=None):
        self.setStrokeColor(Color(r, g, b), alpha)

    def setFillColorCMYK(self, c, m, y, k, alpha=None):
        self.setFillColor(CMYKColor(c, m, y, k), alpha)

    def setStrokeColorCMYK(self, c, m, y, k, alpha=None):
        self.setStrokeColor(CMYKColor(c, m, y, k), alpha)

    def setFillGray(self, gray, alpha=None):
        self.setFillColor(Color(gray, gray, gray), alpha)

    def setStrokeGray(self, gray, alpha=None):
        self.setStrokeColor(Color(gray, gray, gray), alpha)

    def setFillAlpha(self, a):
        if not self._setting:  # an alpha of its own: the colour mixed again, no transparency
            self.setFillColor(self._fill_want[0], a)

    def setStrokeAlpha(self, a):
        if not self._setting:
            self.setStrokeColor(self._stroke_want[0], a)

    # the face's background: the first opaque fill of the page
    def _filled(self, fill) -> None:
        if fill and self._background is None and self._fill_want[1] >= 1:
            colour = self._fill_want[0]
            self._background = (Color(*colour.rgb()) if isinstance(colour, CMYKColor)
                                else colour)

    def rect(self, x, y, width, height, stroke=1, fill=0):
        super().rect(x, y, width, height, stroke, fill)
        self._filled(fill)

    def roundRect(self, x, y, width, height, radius, stroke=1, fill=0):
        super().roundRect(x, y, width, height, radius, stroke, fill)
        self._filled(fill)

    def drawPath(self, aPath, stroke=1, fill=0, *args, **kw):
        super().drawPath(aPath, stroke, fill, *args, **kw)
        self._filled(fill)

    def showPage(self):
        self._background = None
        super().showPage()

    def drawImage(self, image, *args, **kw):
        from PIL import Image

        turned = getattr(image, "image", None)  # a photo EXIF turns (faces/art.py Turned)
        if isinstance(image, ImageReader) and isinstance(turned, Image.Image):
            picture = turned  # its pixels as turned, alpha and all
        elif isinstance(image, ImageReader):  # an SVG's raster part: its pixels, no alpha left
            size = image.getSize()
            data = image.getRGBData()
            picture = Image.frombytes("CMYK" if len(data) == size[0] * size[1] * 4 else "RGB",
                                      size, data)
        else:
            picture = image if isinstance(image, Image.Image) else Image.open(image)
        kw.pop("mask", None)  # transparency is flattened: PDF/X-1a has no soft masks
        separated = self.separation.image(picture, self._background or WHITE)
        return super().drawImage(ImageReader(separated), *args, **kw)

    def save(self):
        from .pdfx import make_pdfx

        super().save()
        if isinstance(self.target, (str, Path)):
            make_pdfx(Path(self.target), self.separation)
