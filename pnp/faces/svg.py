"""Reading an SVG from a game folder (svglib) and drawing it into a PDF form. The file's links
(<image> and <use> hrefs) must stay inside the game folder, as every other file pnp reads,
checked as svglib resolves them (from the folder of the path it was given, links not followed)
and read as svglib reads them (an href is embedded data only in the one spelling svglib decodes,
any other is a file name; a file is an SVG only if its name ends in ".svg", lower case);
a picture it links or embeds must be the PNG or JPEG it claims; its text is set in pnp's own
fonts (svglib would ask fc-match and open system fonts). What svglib cannot draw (filters,
masks, patterns, gradients on strokes) is named in notes the build reports, never as svglib's
own log lines."""

from __future__ import annotations

import base64
import io
import logging
import math
import os
import re
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import NamedTuple

from reportlab.graphics.shapes import DirectDraw
from svglib.fonts import FontMap

HREFS = ("{http://www.w3.org/1999/xlink}href", "href")
FOLLOWED = ("image", "use")  # the elements whose links svglib reads (an <a> it never follows)
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
DRAWN_DATA = re.compile(r"^data:image/(jpe?g|png);base64")  # what svglib decodes, as it does
MAX_NESTING = 8  # SVGs drawing SVGs drawing SVGs...: deeper is a loop through a linked folder
# what svglib turns into a shape of its own, each one costing it about a millisecond: a real
# icon has a handful, card art hundreds; 20,000 (1 MB) made a build take 16 s without a word
SHAPES = frozenset("path rect circle ellipse line polyline polygon text image use".split())
MAX_SHAPES = 5000
MAX_COUNTED = 10 * MAX_SHAPES  # (a use-bomb's count stops here: 10 ** 7 is not worth summing)
UNSUPPORTED = {"filter": "filter effects (blur, shadow)", "mask": "masks",
               "pattern": "pattern fills", "foreignObject": "embedded HTML (foreignObject)"}


# An SVG's own size, in points, and every number in what svglib makes of it (a coordinate, a
# transform): finite and far from what the PDF writer refuses (1e20), checked before drawing.
MIN_SIZE, MAX_SIZE = 0.01, 1e6
MAX_NUMBER = 1e9


class SvgError(ValueError):
    """An SVG pnp will not read; the message names the file and what is wrong."""


def _tree(path: Path):
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, recover=True,
                             remove_comments=True, huge_tree=False)
    try:
        root = etree.parse(str(path), parser).getroot()
    except (etree.XMLSyntaxError, OSError) as exc:
        raise SvgError(f"SVG {path.name!r} cannot be read ({exc.__class__.__name__})") from None
    if root is None:  # nothing in it parses as XML: a picture or a document under an .svg name
        raise SvgError(f"SVG {path.name!r} is not an SVG file (it holds no XML)")
    return root, next((f"line {e.line}: {e.message.strip()}" for e in parser.error_log
                       if e.level >= etree.ErrorLevels.ERROR), None)


def _linked(path: Path, root: Path, href: str) -> Path | None:
    """The file an href names, checked to lie inside the game folder; None for a reference
    within the file itself, or data svglib does not decode and finds no file by (it reads every
    href but DRAWN_DATA as a file name: "data:x.gif" is a file, if one has that name)."""
    shown = href if len(href) <= 60 else href[:57] + "..."
    iri = href.split("#", 1)[0]
    if not iri.strip():
        return None
    target = Path(os.path.normpath(os.path.join(path.parent, iri)))  # as svglib resolves it
    data = iri.lower().startswith("data:")
    if data and not os.path.lexists(target):
        return None
    if (SCHEME.match(iri) and not data) or os.path.isabs(iri) or iri.startswith("\\"):
        raise SvgError(f"SVG {path.name!r} links to {shown!r}; an SVG may link only to files "
                       "in the game folder, by a path relative to the SVG (or embed them)")
    real_root = root.resolve()
    try:
        real = target.resolve()
    except (OSError, RuntimeError):
        real = None
    if real is None or (real != real_root and real_root not in real.parents):
        raise SvgError(f"SVG {path.name!r} links to {shown!r}, outside the game folder; an "
                       "SVG may link only to files in the game folder (or embed them)")
    if not real.is_file():
        from urllib.parse import unquote

        if unquote(iri) != iri and (path.parent / unquote(iri)).is_file():
            # svglib reads the href as a file name, so an escape like %20 is not decoded
            raise SvgError(f"SVG {path.name!r} links to {shown!r}: write the file name as it is, "
                           f"{unquote(iri)!r} (escapes such as %20 are not decoded)")
        raise SvgError(f"SVG {path.name!r} links to {shown!r}, which is not in the game folder "
                       f"(paths are relative to the SVG's folder)")
    if not is_svg_name(target) and target.suffix.lower() == ".svg":
        raise SvgError(f"SVG {path.name!r} links to {shown!r}: name the file in lower case, "
                       f"{target.stem}.svg (svglib draws a linked file as an SVG only then, and "
                       "opens this one as a picture)")
    if not is_svg_name(target):  # svglib hands it to Pillow as a picture, whatever it holds
        _check_picture(partial(open, real, "rb"), target.suffix, path, shown)
    return target  # not `real`: svglib reads the linked SVG's own links from this folder


def is_svg_name(path: Path) -> bool:
    """What svglib draws as an SVG when an SVG links it (x.SVG it opens as a picture)."""
    return str(path).endswith(".svg")


def _check_picture(opened, suffix: str, path: Path, shown: str) -> None:
    """A picture the SVG draws is the PNG or JPEG its name (or data type) claims: svglib hands
    it to Pillow, which would read any format (EPS by running Ghostscript)."""
    from PIL import Image, UnidentifiedImageError

    from ..data.images import FORMATS, PictureError, open_image

    claimed = FORMATS.get(suffix.lower())
    try:
        if claimed is None:
            raise PictureError("is not a .png or .jpg file")
        with opened() as fh, open_image(Path("picture" + suffix), fh):
            pass
    except PictureError as exc:
        raise SvgError(f"SVG {path.name!r} links to {shown!r}, which {exc}") from None
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError, ValueError):
        raise SvgError(f"SVG {path.name!r}: {shown!r} is not the {claimed} picture it claims "
                       "to be") from None


MAX_FILES = 200  # SVG files one SVG may draw, each read once (a real one draws a few)


def _real(file: Path) -> Path:
    return Path(os.path.normcase(file.resolve()))


def inspect(path: Path, root: Path) -> tuple[list[str], set[str]]:
    """Check an SVG's links (raising SvgError) and list what it uses that pnp cannot print; an
    SVG it links to is checked the same way. Also the preserveAspectRatio of its pictures.
    Shapes are counted as svglib draws them: a linked SVG once for every <image> or <use> that
    draws it (and every <use> of those), not once per file."""
    inspection = _Inspection(path, root)
    inspection.visit(path, ())
    return inspection.notes, inspection.aspects


def _external_entities(tree) -> list[str]:
    """The external entities (<!ENTITY x SYSTEM "file">) the SVG uses, as written with the
    file they name ("&x; = file:///etc/passwd"): never read (neither parser resolves entities
    nor loads a DTD), so their text is missing from the card."""
    from lxml import etree

    dtd = tree.getroottree().docinfo.internalDTD
    outside = {e.name: e.system_url for e in dtd.iterentities() if e.system_url} \
        if dtd is not None else {}
    used = (n.name for n in tree.iter() if isinstance(n, etree._Entity))
    return [f"&{name}; = {outside[name]}" for name in dict.fromkeys(used) if name in outside]


@dataclass
class _Links:
    """What one file's elements draw, as they are read (_Inspection.visit)."""

    written: int = 0  # shapes as written
    copies: bool = False  # whether an element draws another (a <use>, an <image> of "#id")
    found: set[str] = field(default_factory=set)  # what pnp cannot print
    own: dict = field(default_factory=dict)  # an element drawing another SVG: its shapes
    same: dict = field(default_factory=dict)  # an element naming this very file: the id
    # a file whose parts are used: svglib draws it whole once
    once: dict[Path, int] = field(default_factory=dict)


class _Inspection:
    """One SVG and those it draws: the notes, its pictures' aspects, each file's drawing (each
    file read once, however often it is drawn)."""

    def __init__(self, path: Path, root: Path):
        self.path, self.root = path, root
        self.notes: list[str] = []
        self.aspects: set[str] = set()
        self.counted: dict[Path, _Drawing] = {}

    def visit(self, file: Path, chain: tuple[Path, ...]) -> _Drawing | None:
        """`chain`: the files drawing this one. A file reached by other names (through links,
        or on a case-blind disk) is one file, read and counted once."""
        real = _real(file)
        if real in self.counted:
            return self.counted[real]
        if file in chain:  # a loop: svglib draws nothing of it (and says so)
            return None
        if real in map(_real, chain):  # (one svglib, reading names, would follow for ever)
            raise SvgError(f"SVG {self.path.name!r} draws itself through a link ({file.name!r} "
                           "by another name): draw each part once")
        if len(self.counted) >= MAX_FILES:
            raise SvgError(f"SVG {self.path.name!r} draws more than {MAX_FILES} SVG files; "
                           "export the art as one file")
        if len(chain) > MAX_NESTING:
            raise SvgError(f"SVG {self.path.name!r} draws SVGs that draw SVGs more than "
                           f"{MAX_NESTING} deep (a loop through a linked folder?)")
        tree, damage = _tree(file)
        if damage:  # unreadable, as a cut-off PNG is (an entity bomb says so here too)
            raise SvgError(f"SVG {file.name!r} is damaged ({damage}); save it again from the "
                           "drawing program")
        outside = _external_entities(tree)
        if outside:
            self.notes.append(f"SVG {file.name!r} uses external entities ({', '.join(outside)})"
                              ": pnp never reads the file an entity names, so its text is left "
                              "out (write the text into the SVG)")
        links = _Links()
        for node in tree.iter():
            if isinstance(node.tag, str):  # (not an entity, comment or processing instruction)
                self._node(node, file, chain, links)
        drawing = _Drawing(tree, links.own, links.same)
        whole = (drawing.count(tree) if links.copies or links.own or links.same
                 else links.written)  # (else no second pass)
        drawing.total = min(whole + sum(links.once.values()), MAX_COUNTED)
        _check_shapes(drawing.total, self.path)
        if links.found:
            self.notes.append(f"SVG {file.name!r} uses {', '.join(sorted(links.found))}, which "
                              "pnp cannot print: they are left out (export the art with them "
                              "flattened)")
        self.counted[real] = drawing
        return drawing

    def _node(self, node, file: Path, chain: tuple[Path, ...], links: _Links) -> None:
        local = node.tag.rsplit("}", 1)[-1]
        if local in SHAPES:
            links.written += 1
            links.copies |= local == "use"
        if chain:
            _check_linked(node, local, self.path, file)
        links.found |= _unprinted(node, local)
        for attr in HREFS if local in FOLLOWED else ():
            href = node.get(attr)
            if href is not None:
                self._href(node, local, href, file, chain, links)

    def _href(self, node, local: str, href: str, file: Path, chain: tuple[Path, ...],
              links: _Links) -> None:
        iri, _, fragment = href.partition("#")
        links.copies |= href.startswith("#")
        if local == "image" and not is_svg_name(Path(iri)):
            self.aspects.add(" ".join(node.get("preserveAspectRatio", DEFAULT_ASPECT).split()))
        drawn = DRAWN_DATA.match(href)
        if drawn:
            data = base64.decodebytes(href[drawn.end() + 1:].encode("ascii", "ignore"))
            _check_picture(partial(io.BytesIO, data), "." + drawn[1], file,
                           f"its embedded {drawn[1].upper()} picture")
            return
        linked = _linked(file, self.root, href)
        if linked is None and href.lower().startswith("data:"):
            links.found.add("embedded images other than PNG and JPEG")
        if linked is None or not is_svg_name(linked):
            return
        if linked == file:
            links.same[node] = fragment
            return
        inner = self.visit(linked, chain + (file,))
        if inner is None:
            links.own[node] = 0
        elif fragment:
            links.own[node] = inner.named(fragment)
            links.once[_real(linked)] = inner.total
        else:
            links.own[node] = inner.total


def _check_linked(node, local: str, path: Path, file: Path) -> None:
    """What an SVG that another draws may not hold: svglib reads it itself, so pnp can neither
    set its text in pnp's fonts nor size its linked pictures (an embedded one svglib sizes)."""
    if local == "text":  # (svglib would set it in fonts of its own choosing, system ones)
        raise SvgError(f"SVG {path.name!r} draws {file.name!r}, which holds text; pnp sets text "
                       "only in the SVG a layout names (put it there, or convert it to outlines)")
    href = next((node.get(a) for a in HREFS if node.get(a)), None)
    if local != "image" or not href or DRAWN_DATA.match(href):  # (svglib sizes embedded ones)
        return
    if not is_svg_name(Path(href.split("#", 1)[0])) and \
            (node.get("width") is None or node.get("height") is None):
        raise SvgError(f"SVG {path.name!r} draws {file.name!r}, whose <image> (line "
                       f"{node.sourceline}) gives no width and height; give both")


def _unprinted(node, local: str) -> set[str]:
    """What of the element pnp cannot print (svglib leaves it out)."""
    found = {UNSUPPORTED[local]} if local in UNSUPPORTED else set()
    style = node.get("style", "")
    stroke = node.get("stroke", "") + " " + "".join(re.findall(r"stroke\s*:[^;]*", style))
    if "url(" in stroke:
        found.add("gradients on strokes")
    return found


class _Drawing:
    """How many shapes svglib builds for an SVG file's tree or a part of it: a <use> (or an
    <image> naming a part) draws a copy of what it names, so ten uses of a group of ten uses of
    ... are counted as drawn (10 ** 7 took svglib 18 s), not as written; what <defs> or a
    <symbol> holds counts only where it is used. `own`: what an element draws of other files
    (a linked SVG's count), `same`: the id an element names by this file's own name. One pass,
    no recursion (a chain of uses may be long); a use that loops counts nothing (svglib's too).
    Counts stop at MAX_COUNTED. `total`: the file's, its linked files' included."""

    def __init__(self, tree, own: dict | None = None, same: dict | None = None) -> None:
        self.ids = {el.get("id"): el for el in tree.iter()
                    if isinstance(el.tag, str) and el.get("id")}
        self.own, self.same = own or {}, same or {}
        self.done: dict = {}  # element: its count, None while its parts are being counted
        self.parts: dict = {}
        self.total = 0

    def named(self, fragment: str) -> int:
        """The count of the element of that id (svglib draws nothing for an id not there)."""
        hit = self.ids.get(fragment)
        return 0 if hit is None else self.count(hit)

    def count(self, top) -> int:
        done, parts = self.done, self.parts
        stack = [top]
        while stack:
            el = stack[-1]
            if el not in parts:
                parts[el] = self._parts(el)
                done[el] = None
                stack.extend(p for p in parts[el] if p not in parts)
                continue
            stack.pop()
            if done[el] is None:
                local = el.tag.rsplit("}", 1)[-1]
                own = self.own.get(el, int(local in SHAPES and local != "use"))
                done[el] = min(own + sum(done[p] or 0 for p in parts[el]), MAX_COUNTED)
        return done[top] or 0

    def _parts(self, el) -> list:
        """What an element draws: its children (not those of a <defs> or <symbol> it holds),
        or for a <use> or <image>, the element it names in the same file."""
        local = el.tag.rsplit("}", 1)[-1]
        if local in FOLLOWED:
            href = next((el.get(a) for a in HREFS if el.get(a)), "")
            name = href[1:] if href.startswith("#") else self.same.get(el)
            hit = self.ids.get(name) if name else None
            return [hit] if hit is not None else []
        return [c for c in el if isinstance(c.tag, str)
                and c.tag.rsplit("}", 1)[-1] not in ("defs", "symbol")]


def _check_shapes(count: int, path: Path) -> None:
    if count > MAX_SHAPES:
        said = f"more than {MAX_COUNTED:,}" if count >= MAX_COUNTED else f"{count:,}"
        raise SvgError(f"SVG {path.name!r} draws {said} shapes (each <use> and each SVG it "
                       f"draws counted as often as drawn); pnp reads SVGs of up to "
                       f"{MAX_SHAPES:,} (an icon or a card's art needs far fewer: simplify it in "
                       "the drawing program, or export it as a PNG)")


class PnpFonts(FontMap):
    """Every font family an SVG names is set in pnp's bundled fonts (bold and italic kept):
    svglib's own map would run fc-match and open the system's fonts for a name it lacks."""

    def find_font(self, font_name: str, weight: str = "normal",
                  style: str = "normal") -> tuple[str, bool]:
        from ..data.fontfile import ROLES
        from ..render.fonts import register_font
        from ..resources import shipped

        w = str(weight).strip().lower()
        bold = w in ("bold", "bolder") or (w.isdigit() and int(w) >= 600)
        italic = str(style).strip().lower() in ("italic", "oblique")
        role = "-".join(n for n, on in (("bold", bold), ("italic", italic)) if on) or "regular"
        return register_font(shipped("fonts") / ROLES[role]), True


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def read(path: Path, root: Path):
    """(svglib Drawing, notes) for an SVG inside the game folder."""
    notes, aspects = inspect(path, root)
    log = logging.getLogger("svglib")
    collect = _Collect()
    old = log.propagate
    log.addHandler(collect)
    log.propagate = False  # svglib's complaints become notes, not lines on the user's terminal
    try:
        drawing = _render(path, root, notes)
    except SvgError:
        raise
    except Exception as exc:  # svglib raises lxml's and its own errors alike
        raise SvgError(f"SVG {path.name!r} cannot be read ({exc.__class__.__name__})") from None
    finally:
        log.removeHandler(collect)
        log.propagate = old
    if drawing is None or not drawing.width or not drawing.height:
        raise SvgError(f"SVG {path.name!r} cannot be read (no drawing or no size)")
    _check_numbers(drawing, path.name)
    if len(aspects) > 1:  # (svglib keeps no element's own: one way for the file's pictures)
        notes.append(f"SVG {path.name!r}: its pictures are fitted in ways of their own "
                     f"(preserveAspectRatio {', '.join(sorted(aspects))}); each prints as "
                     f"{min(aspects)!r}")
    _wrap_images(drawing, aspect_of(min(aspects, default=DEFAULT_ASPECT)))
    said = list(dict.fromkeys(m for m in collect.messages if m))
    if said:
        notes.append(f"SVG {path.name!r} may not print as drawn: {'; '.join(said[:3])}")
    return drawing, notes


def _render(path: Path, root: Path, notes: list[str]):
    """svglib's drawing of the file, its <image>s sized first (svglib failed on a linked
    picture without width and height, and sized an embedded one as stored, not as shown)."""
    from svglib.svglib import SvgRenderer, load_svg_file

    tree = load_svg_file(str(path))
    if tree is None:
        return None
    for node in list(tree.iter("{http://www.w3.org/2000/svg}image", "image")):
        _size_image(node, path, root, notes)
    renderer = SvgRenderer(str(path), external_reference_root=str(root), font_map=PnpFonts())
    return renderer.render(tree)


def _size_image(node, path: Path, root: Path, notes: list[str]) -> None:
    """An <image> without width or height drawn at its picture's size as shown (SVG 2's auto
    size: its pixels as user units, the other side by its proportions), and said; one of size
    0 not drawn at all, as both SVG 1.1 and 2 say (svglib took 0 for 'not given')."""
    given = {k: node.get(k) for k in ("width", "height") if node.get(k) is not None}
    if any(_length(v, k, node) == 0 for k, v in given.items()):
        node.getparent().remove(node)
        return
    href = next((node.get(a) for a in HREFS if node.get(a)), "")
    if len(given) == 2 or not href or is_svg_name(Path(href.split("#", 1)[0])):
        return
    odd = next(((k, v) for k, v in given.items() if _length(v, k, node) is None), None)
    if odd is not None:  # ("2em", a % of no known viewport: not the picture's pixels either)
        if DRAWN_DATA.match(href):
            return  # svglib sizes an embedded picture by the side given, as it reads it
        shown = href if len(href) <= 40 else href[:37] + "..."
        raise SvgError(f"SVG {path.name!r}: the <image> of {shown!r} (line {node.sourceline}) "
                       f"gives {odd[0]} {odd[1]!r} and no "
                       f"{'height' if odd[0] == 'width' else 'width'}; give both (or the "
                       f"{odd[0]} in px, mm, cm, in, pt or pc, or a % of an <svg> with a "
                       "viewBox)")
    size = _picture_size(href, path, root)
    if size is None:
        return
    w, h = float(size[0]), float(size[1])
    width, height = (_length(given.get(k, ""), k, node) for k in ("width", "height"))
    if width:
        w, h = width, width * h / w
    elif height:
        w, h = height * w / h, height
    node.set("width", f"{w:g}")
    node.set("height", f"{h:g}")
    shown = href if len(href) <= 40 else href[:37] + "..."
    how = "by the picture's proportions" if width or height else "the picture's own size"
    notes.append(f"SVG {path.name!r}: the <image> of {shown!r} (line {node.sourceline}) gives "
                 f"no {' or '.join(k for k in ('width', 'height') if k not in given)}; it is "
                 f"drawn {w:g} x {h:g}, {how} (give both, as SVG 1.1 needs)")


# user units (px) per absolute unit, as SVG (CSS) defines them: 96 an inch
PER_UNIT = {"px": 1.0, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4, "pt": 96 / 72, "pc": 16.0}
_LENGTH = re.compile(r"\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)(px|in|cm|mm|pt|pc|%)?\s*$")


def _length(value: str, side: str, node) -> float | None:
    """A width or height in user units: a number or an absolute unit ("2cm") as SVG converts
    it, a % of that side of the viewport the node is in (_viewport); None for any other
    ("2em", a % of a viewport of no known size)."""
    found = _LENGTH.match(value)
    if found is None:
        return None
    number, unit = float(found.group(1)), found.group(2) or "px"
    length: float | None = number * PER_UNIT[unit] if unit != "%" else None
    if unit == "%":
        full = _viewport(node, side)
        length = None if full is None else number / 100 * full
    return length if length is not None and math.isfinite(length) else None  # (not 1e999)


def _viewport(node, side: str) -> float | None:
    """That side of the nearest <svg> around the node in its own user units: its viewBox's,
    else its width or height (a % of the one around it in turn); None when none says it."""
    box = next((a for a in node.iterancestors() if str(a.tag).rsplit("}", 1)[-1] == "svg"),
               None)
    if box is None:
        return None
    view = (box.get("viewBox") or "").replace(",", " ").split()
    if len(view) == 4:
        try:
            return abs(float(view[2 if side == "width" else 3]))
        except ValueError:
            return None
    own = box.get(side)
    return None if own is None else _length(own, side, box)


def _picture_size(href: str, path: Path, root: Path) -> tuple[int, int] | None:
    """The pixel size, as shown, of the PNG or JPEG an href embeds or names (inspect has
    checked it: inside the game folder, the picture it claims to be)."""
    from PIL import Image

    drawn = DRAWN_DATA.match(href)
    if drawn:
        data = base64.decodebytes(href[drawn.end() + 1:].encode("ascii", "ignore"))
        with Image.open(io.BytesIO(data)) as img:
            return _oriented(img)
    linked = _linked(path, root, href)
    if linked is None:
        return None
    with _opened(str(linked)) as img:
        return _oriented(img)


def _oriented(img) -> tuple[int, int]:
    from .art import SIDEWAYS, orientation

    return img.size[::-1] if orientation(img) in SIDEWAYS else img.size


def _check_numbers(drawing, name: str) -> None:
    """Refuse a drawing whose size, or any number inside it, is NaN, infinite or absurd (a
    width of 1e30, a viewBox of 1e-30 scaled up to it)."""
    w, h = drawing.width, drawing.height
    if not (MIN_SIZE <= w <= MAX_SIZE and MIN_SIZE <= h <= MAX_SIZE):
        raise SvgError(f"SVG {name!r} is {w:g} x {h:g} pt; pnp prints SVGs from {MIN_SIZE:g} "
                       f"to {MAX_SIZE:,.0f} pt across (give it its real width, height and "
                       "viewBox)")
    nodes = [drawing]
    while nodes:
        node = nodes.pop()
        matrix = getattr(node, "transform", None)  # reportlab inverts it when drawing
        if isinstance(matrix, (list, tuple)) and len(matrix) == 6 and \
                not abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]) >= 1 / MAX_NUMBER:
            raise SvgError(f"SVG {name!r}: a {type(node).__name__.lower()}'s transform shrinks "
                           "it to nothing (a viewBox or scale far out of range)")
        for key, value in node.getProperties(recur=0).items():
            for v in value if isinstance(value, (list, tuple)) else (value,):
                if isinstance(v, (int, float)) and not abs(v) <= MAX_NUMBER:  # NaN too
                    raise SvgError(f"SVG {name!r}: a {type(node).__name__.lower()}'s {key} "
                                   f"is {v:g}; pnp reads numbers up to {MAX_NUMBER:g} only")
        nodes.extend(getattr(node, "contents", ()))


def needs_page(drawing) -> bool:
    """Whether the drawing uses what a PDF form of reportlab's lists no resource for: a
    gradient (a shading) or transparency (a graphics state). reportlab names both in a page's
    resources only, so such a drawing is drawn onto the page wherever it is used."""
    from reportlab.graphics.shapes import DirectDraw

    nodes = list(getattr(drawing, "contents", ()))
    while nodes:
        node = nodes.pop()
        if isinstance(node, DirectDraw) and not isinstance(node, _ImageForm):
            return True  # svglib's gradients paint themselves, as shadings
        for key in ("fillOpacity", "strokeOpacity"):
            value = getattr(node, key, None)
            if isinstance(value, (int, float)) and value < 1:
                return True
        nodes.extend(getattr(node, "contents", ()))
    return False


def draw(c, drawing, font: str) -> None:
    """Draw the drawing at the canvas's origin, with reportlab's public renderer; its raster
    parts as image forms (reportlab's renderer writes inline images, which a form cannot
    hold, and which a page would hold once per use)."""
    from reportlab.graphics.renderPDF import draw as render

    _image_forms(c, drawing)
    # the renderer starts from the drawing's font (else Helvetica, which no PDF of ours may
    # reference unembedded): give it the canvas's own, an embedded TrueType font
    drawing.__dict__["initialFontName"] = font  # (Drawing refuses it as attribute)
    render(drawing, c, 0, 0, showBoundary=False)


def _each_image(drawing):
    """(contents list, index, node) of every raster part of the drawing: svglib's Image nodes,
    or the _ImageForms they became."""
    from reportlab.graphics.shapes import Image

    groups = [drawing]
    while groups:
        group = groups.pop()
        contents = getattr(group, "contents", None)
        if not isinstance(contents, list):
            continue
        for i, node in enumerate(contents):
            if isinstance(node, (Image, _ImageForm)):
                yield contents, i, node
            else:
                groups.append(node)


def _wrap_images(drawing, aspect: "Aspect") -> None:
    for contents, i, node in list(_each_image(drawing)):
        if not isinstance(node, _ImageForm):
            contents[i] = _ImageForm(node, aspect)


def _image_forms(c, drawing) -> None:
    """Every raster part of the drawing drawn on `c` (the drawing is read once, drawn into
    many documents)."""
    for _, _, node in _each_image(drawing):
        node.canvas = c


DEFAULT_ASPECT = "xMidYMid meet"  # SVG's: the picture whole in its box, centred


class Aspect(NamedTuple):
    """An SVG preserveAspectRatio: where in its box a picture goes (0, 0.5, 1 across and up)
    and whether it fills the box and is cut (slice), lies whole inside it (meet) or is
    stretched to it (none)."""

    x: float
    y: float
    fit: str


def aspect_of(text: str) -> Aspect:
    words = text.replace("defer", "").split()
    align = words[0] if words else "xMidYMid"
    if align == "none":
        return Aspect(0.5, 0.5, "none")
    where = {"Min": 0.0, "Mid": 0.5, "Max": 1.0}
    m = re.fullmatch(r"x(Min|Mid|Max)Y(Min|Mid|Max)", align)
    if m is None:
        return aspect_of(DEFAULT_ASPECT)  # (as a browser takes a value it cannot read)
    fit = words[1] if len(words) > 1 and words[1] in ("meet", "slice") else "meet"
    # SVG's y runs down, the PDF's up: YMin is the box's top
    return Aspect(where[m[1]], 1.0 - where[m[2]], fit)


def placed(box: tuple[float, float, float, float], size: tuple[int, int], aspect: Aspect
           ) -> tuple[float, float, float, float]:
    """Where a picture of `size` pixels is drawn for its box (x, y, w, h) and aspect."""
    x, y, w, h = box
    if aspect.fit == "none" or not all(size):
        return box
    scale = (min if aspect.fit == "meet" else max)(w / size[0], h / size[1])
    pw, ph = size[0] * scale, size[1] * scale
    return x + (w - pw) * aspect.x, y + (h - ph) * aspect.y, pw, ph


class _ImageForm(DirectDraw):
    """A raster part of an SVG as a form of its own, named by its pixels: embedded once in a
    document however often the SVG is drawn; turned as its EXIF says (as a browser shows
    it) and fitted in its box as the SVG's preserveAspectRatio says (svglib stretches it)."""

    def __init__(self, image, aspect: Aspect, canvas=None):
        self.image, self.aspect, self.canvas = image, aspect, canvas

    def getBounds(self):
        i = self.image
        return i.x, i.y, i.x + i.width, i.y + i.height

    def drawDirectly(self, renderer) -> None:
        import hashlib

        from reportlab.lib.utils import ImageReader

        c, i = self.canvas, self.image
        src = i.path
        if src is None or (isinstance(src, str) and not os.path.exists(src)):
            return
        if isinstance(src, str):
            with open(src, "rb") as f:
                digest = hashlib.file_digest(f, "sha1").hexdigest()
        else:  # an embedded picture, decoded by svglib
            digest = hashlib.sha1(src.tobytes() + repr((src.mode, src.size)).encode()).hexdigest()
        name = f"svgimage{digest[:16]}"
        if not c.hasForm(name):
            drawn = _shown(src)
            c.beginForm(name, 0, 0, 1, 1)
            c.drawImage(drawn if isinstance(drawn, str) else ImageReader(drawn), 0, 0, 1, 1,
                        mask="auto")
            c.endForm()
        size = (1, 1) if self.aspect.fit == "none" else _shown_size(src)
        x, y, w, h = placed((i.x, i.y, i.width, i.height), size, self.aspect)
        c.saveState()
        if self.aspect.fit == "slice":
            clip = c.beginPath()
            clip.rect(i.x, i.y, i.width, i.height)
            c.clipPath(clip, stroke=0, fill=0)
        c.translate(x, y)
        c.scale(w, h)
        c.doForm(name)
        c.restoreState()


def _opened(src):
    """A picture of an SVG opened: its file as the format its name claims, or svglib's
    decoded pixels."""
    from contextlib import nullcontext

    from ..data.images import open_image

    return open_image(Path(src)) if isinstance(src, str) else nullcontext(src)


def _shown_size(src) -> tuple[int, int]:
    """A picture's size in pixels as its EXIF orientation shows it."""
    with _opened(src) as img:
        return _oriented(img)


def _shown(src):
    """What a picture is drawn from: its file, or its pixels turned as its EXIF says."""
    from PIL import ImageOps

    from .art import orientation

    with _opened(src) as img:
        return src if orientation(img) == 1 else ImageOps.exif_transpose(img)
