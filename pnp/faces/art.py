"""Pictures on a face: raster images (PNG, JPEG) and SVG drawn as vectors, each embedded once in
the PDF however many cards use it; icons from the game's icons/ folder or pnp's built-in vector
icon families. Fit modes: contain (whole picture, kept in proportion), cover (fills the box,
cropped), stretch (fills the box, distorted)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from reportlab.lib.colors import Color, white
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from ..errors import opening
from ..render import icons as vec

MIN_DPI = 200
ICON_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg")


def _one_tone(draw: Callable) -> Callable:
    return lambda c, x, y, s, col, detail=None: draw(c, x, y, s, col)


def _builtin() -> dict[str, Callable]:
    """Built-in icons by name: each draws centred on (cx, cy) in a square of side `size`, in
    `col`; the two-tone ones take a second colour, `detail` (a gem, a mark, an outline)."""
    plain = {"sword": vec.sword_icon, "bow": vec.bow_icon, "magic": vec.magic_icon,
             "leaf": vec.leaf_icon, "drop": vec.drop_icon, "dagger": vec.dagger_icon,
             "axe": vec.axe_icon, "wind": vec.wind_icon, "water": vec.water_icon,
             "spikes": vec.spikes_icon, "person": vec.person_icon, "net": vec.net_icon}
    table: dict[str, Callable] = {k: _one_tone(f) for k, f in plain.items()}
    two_tone = {"shield": vec.shield_icon, "earth": vec.earth_icon, "fire": vec.fire_icon,
                "crown": vec.crown_icon, "eye": vec.eye_icon, "hat": vec.hat_icon,
                "ring": vec.ring_icon}
    table.update(two_tone)
    table["coin"] = lambda c, x, y, s, col, detail=None: vec.coin_icon(
        c, x, y, s / 2, col, detail or Color(0, 0, 0))
    table["wall"] = lambda c, x, y, s, col, detail=None: vec.wall_icon(c, x, y, s, col,
                                                                       detail or white)
    table["cards"] = lambda c, x, y, s, col, detail=None: vec.cards_icon(c, x, y, s, col,
                                                                         detail or white)
    for suit in vec.SUIT_ICONS:
        table[suit] = (lambda n: lambda c, x, y, s, col, detail=None:
                       vec.suit_icon(c, n, x, y, s, col))(suit)
    for shape in vec.PLAYER_SHAPES:  # the plain shapes that tell players apart
        table[shape] = (lambda n: lambda c, x, y, s, col, detail=None:
                        vec.player_symbol(c, n, x, y, s, col))(shape)
    return table


BUILTIN_ICONS = _builtin()
# the built-in icons by family, as `pnp icons` lists them (a name may be in two families)
ICON_FAMILIES = {
    "elements": ("earth", "fire", "water", "wind", "leaf", "drop"),
    "weapons": ("sword", "bow", "dagger", "axe", "shield", "spikes", "net", "magic"),
    "suits": tuple(vec.SUIT_ICONS),
    "things": ("coin", "crown", "ring", "hat", "eye", "cards", "wall", "person"),
    "player shapes": vec.PLAYER_SHAPES,
}
TWO_TONE = ("shield", "earth", "fire", "crown", "eye", "hat", "ring", "coin", "wall", "cards")
assert {n for names in ICON_FAMILIES.values() for n in names} == set(BUILTIN_ICONS)


@dataclass(frozen=True)
class Picture:
    """An image file, with its size in pixels (raster) or points (SVG), and what of it cannot
    be printed (notes for the build to report)."""

    path: Path
    width: float
    height: float
    vector: bool
    notes: tuple[str, ...] = ()
    digest: str = ""  # of the file's contents: the name of its form in a PDF
    # EXIF's orientation of a photo (1: shown as stored; 2 to 8: turned or mirrored to be
    # shown, as every photo viewer does); width and height are as it is shown
    orientation: int = 1


# read once per process, again when the file's size or time of change moves (pnp serve and
# watch rebuild in one process; st_mtime, not st_ctime, which is the creation time on Windows)
_pictures: dict[tuple[Path, Path], tuple[tuple[int, int], Picture]] = {}
_drawings: dict[Path, Any] = {}


class ArtError(ValueError):
    pass


def picture(path: Path, root: Path) -> Picture:
    """Read a picture's size and digest once (SVG: parse it once, its links confined to the
    game folder `root`)."""
    stat = path.stat()
    seen = (stat.st_size, stat.st_mtime_ns)
    hit = _pictures.get((path, root))
    if hit is not None and hit[0] == seen:
        return hit[1]
    if path.suffix.lower() == ".svg":
        from . import svg

        try:
            drawing, notes = svg.read(path, root)
        except svg.SvgError as exc:
            raise ArtError(str(exc)) from None
        _drawings[path] = drawing
        pic = Picture(path, drawing.width, drawing.height, True, tuple(notes), _digest(path))
    else:
        from PIL import Image, UnidentifiedImageError

        from ..data.images import PictureError, open_image

        try:
            with open_image(path) as img:
                turn = orientation(img)
                w, h = img.size if turn not in SIDEWAYS else img.size[::-1]
                pic = Picture(path, w, h, False, (), _digest(path), turn)
        except PictureError as exc:
            raise ArtError(f"{path.name!r} {exc}") from None
        except (UnidentifiedImageError, Image.DecompressionBombError, OSError):
            raise ArtError(f"{path.name!r} is not a picture pnp can read; save it as PNG or "
                           "JPEG from an image editor") from None
    _pictures[(path, root)] = (seen, pic)
    return pic


def _digest(path: Path) -> str:
    return hashlib.sha1(path.read_bytes()).hexdigest()[:16]


EXIF_ORIENTATION = 0x0112
SIDEWAYS = (5, 6, 7, 8)  # the orientations that turn a picture a quarter: its sides swap


def orientation(img) -> int:
    """A photo's EXIF orientation, 1 (as stored) for a file without EXIF, as most are: those
    are told by Pillow's header read alone, without parsing any EXIF (nor, for a PNG, reading
    on to find an eXIf chunk after the pixels). A damaged EXIF block is shown as stored."""
    if "exif" not in img.info:
        return 1
    try:
        value = img.getexif().get(EXIF_ORIENTATION, 1)
    except Exception:  # Pillow's EXIF parser raises many kinds for a broken block
        return 1
    return value if value in range(2, 9) else 1


class Turned(ImageReader):
    """A photo's pixels as its EXIF orientation shows them (reportlab reads a file's pixels
    as stored): `image` is the turned Pillow image; `content` names it for a print record's
    digest by its file's content (pnp/printrun/digest.py), not by pixels hashed each face;
    `path` its file, to name it by (preflight)."""

    def __init__(self, source, image, content: str, path: Path):
        super().__init__(source)
        self.image, self.content, self.path = image, content, path


_turned: dict[str, Turned] = {}  # by the file's digest; a few (each holds its pixels)


def raster(pic: Picture) -> str | Turned:
    """What a raster picture is drawn from: its file, or for a photo EXIF turns its pixels
    turned (a JPEG's encoded again as a JPEG at quality 95, so the PDF keeps it compressed
    as its file was, not as raw pixels several times its size). Opened as the format its name
    claims (pnp/data/images.py), as every picture is."""
    if pic.orientation == 1:
        return str(pic.path)
    hit = _turned.get(pic.digest)
    if hit is None:
        import io

        from PIL import ImageOps

        from ..data.images import open_image

        with open_image(pic.path) as img:
            jpeg = img.format == "JPEG"
            turned = ImageOps.exif_transpose(img)
        source: Any = turned
        if jpeg:
            buffer = io.BytesIO()
            turned.save(buffer, "JPEG", quality=95)
            buffer.seek(0)
            source = buffer
        if len(_turned) >= 4:
            _turned.clear()
        hit = _turned[pic.digest] = Turned(source, turned, f"{pic.digest} turned",
                                                   pic.path)
    return hit


def _form(c, pic: Picture, font: str) -> str | None:
    """The picture's form in this PDF, defined the first time a face uses it. Named by the
    file's contents, so every canvas drawing into the same document finds it, and what a page
    draws (its operators) changes when a picture does (pnp serve compares them). `font`: the
    registered font an SVG's text starts in (an embedded one; never Helvetica). None for an
    SVG that a form cannot hold (svg.needs_page)."""
    name = ("svg" if pic.vector else "img") + pic.digest
    if not c.hasForm(name):
        if pic.vector:
            from . import svg

            drawing = _drawings[pic.path]
            if svg.needs_page(drawing):
                return None
            c.beginForm(name, 0, 0, drawing.width, drawing.height)
            svg.draw(c, drawing, font)
            c.endForm()
        else:
            c.beginForm(name, 0, 0, pic.width, pic.height)
            c.drawImage(raster(pic), 0, 0, pic.width, pic.height, mask="auto")
            c.endForm()
    return name


def placement(pic: Picture, x: float, y: float, w: float, h: float,
              fit: str) -> tuple[float, float, float, float]:
    """Where the whole picture lands for a box (x, y, w, h): (x, y, width, height)."""
    if fit == "stretch":
        return x, y, w, h
    sx, sy = w / pic.width, h / pic.height
    s = min(sx, sy) if fit == "contain" else max(sx, sy)
    dw, dh = pic.width * s, pic.height * s
    return x + (w - dw) / 2, y + (h - dh) / 2, dw, dh


def effective_dpi(pic: Picture, drawn_w: float, drawn_h: float) -> float:
    """Pixels per inch of a raster picture drawn at this size (the lower of the two axes)."""
    return min(pic.width / (drawn_w / 72), pic.height / (drawn_h / 72))


def draw_picture(c, pic: Picture, x: float, y: float, w: float, h: float, fit: str,
                 font: str) -> None:
    """Draw `pic` in the box (x, y, w, h) as `fit` says; an SVG's text starts in `font`."""
    px, py, pw, ph = placement(pic, x, y, w, h, fit)
    c.saveState()
    if fit == "cover":
        clip = c.beginPath()
        clip.rect(x, y, w, h)
        c.clipPath(clip, stroke=0, fill=0)
    if pic.vector or type(c) is Canvas:
        name = _form(c, pic, font)
        c.translate(px, py)
        c.scale(pw / pic.width, ph / pic.height)
        if name is None:  # gradients or transparency: drawn onto the page itself
            from . import svg

            svg.draw(c, _drawings[pic.path], font)
        else:
            c.doForm(name)
    else:  # a canvas that watches images (preflight's resolution) or converts them (CMYK)
        c.drawImage(raster(pic), px, py, pw, ph, mask="auto")
    c.restoreState()


def _inside(path: Path, root: Path) -> bool:
    """Does `path`, links followed, lie in the game folder `root`?"""
    try:
        real, real_root = path.resolve(), root.resolve()
    except (OSError, RuntimeError):  # a link loop
        return False
    return real_root in real.parents


def game_icons(root: Path) -> list[str]:
    """The names of a game's own icons (icons/NAME.svg|png|jpg; a link out of the game folder,
    the folder's own included, is none of them)."""
    folder = root / "icons"
    if not folder.is_dir() or not _inside(folder, root):
        return []
    return sorted({p.stem for p in folder.iterdir()
                   if p.suffix.lower() in ICON_SUFFIXES and p.is_file() and _inside(p, root)})


def unknown_icon(name: str, root: Path, text: str = "") -> str:
    """The message for an icon nobody has (in `text`, if inline): close names, and where the
    list of names is."""
    import difflib

    known = sorted(set(BUILTIN_ICONS) | set(game_icons(root)))
    close = difflib.get_close_matches(name, known, n=3, cutoff=0.6)
    where = f" for {opening(text)}" if text else ""
    hint = f": did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    return (f"no icon {name!r}{where}{hint} (`pnp icons` lists pnp's own; a game's own go in "
            "icons/ as NAME.svg, .png or .jpg)")


class IconFinder:
    """Icons by name: the game's icons/NAME.svg|png|jpg first, then pnp's built-in ones."""

    def __init__(self, root: Path):
        self.root = root
        self.folder = root / "icons"
        self._found: dict[str, Picture | Callable | ArtError | None] = {}

    def find(self, name: str):
        """The icon's Picture or built-in drawer, None if there is none; ArtError for an SVG
        icon pnp will not read (every time it is asked for)."""
        if name not in self._found:
            hit: Picture | Callable | ArtError | None = None
            for suffix in ICON_SUFFIXES:
                path = self.folder / f"{name}{suffix}"
                if "/" in name or "\\" in name or not path.is_file():
                    continue
                if not _inside(path, self.root):  # icons/ or the file links out of the game
                    hit = ArtError(f"icons/{path.name} leaves the game folder "
                                   "(a link); pnp reads only files inside it")
                    break
                try:
                    hit = picture(path, self.root)
                except ArtError as exc:
                    hit = exc
                break
            else:
                hit = BUILTIN_ICONS.get(name)
            self._found[name] = hit
        found = self._found[name]
        if isinstance(found, ArtError):
            raise found
        return found

    def draw(self, c, name: str, cx: float, cy: float, size: float, colour: Color, font: str,
             detail: Color | None = None) -> bool:
        """Draw icon `name` centred on (cx, cy) in a square of side `size`; False if unknown or
        unreadable (find says why). `font`: the registered font an SVG icon's text starts in."""
        try:
            hit = self.find(name)
        except ArtError:
            return False
        if hit is None:
            return False
        if isinstance(hit, Picture):
            draw_picture(c, hit, cx - size / 2, cy - size / 2, size, size, "contain", font)
        else:  # a built-in icon: drawn once a PDF as a form (render/repeat.py), keyed by its
            from ..render.repeat import repeat  # name: the suits and shapes share one lambda

            c.saveState()
            repeat(c, hit, (name, cx, cy, size, colour, detail),
                   lambda: hit(c, cx, cy, size, colour, detail))
            c.restoreState()
        return True
