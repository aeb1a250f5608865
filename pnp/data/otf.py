"""Fonts beyond a TrueType file in the game folder: an OpenType font with CFF (PostScript)
outlines turned into TrueType outlines (reportlab embeds only those), and a font installed on
this computer found by its name in the platform's own font folders.

The conversion is fontTools' cu2qu: each cubic curve becomes quadratic ones within a tenth of a
font unit per thousand, invisible in print."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path
from typing import Callable

from ..errors import DataError
from ..stops import background

MAX_ERR = 1.0  # font units (of usually 1000 an em): the cubic-to-quadratic tolerance
FONT_SUFFIXES = (".ttf", ".otf", ".ttc")
MAX_SCANNED = 20_000  # font files looked at when finding an installed font by name
MAX_WALKED = 200_000  # files and folders walked past to find them (a font folder has thousands)
MAX_NAME = 200  # characters of an installed font's name (real ones have tens)
# A CFF glyph is a little program calling shared subroutines, and the calls can fan out (each
# calling the next twenty times, six deep: 64 million calls from 900 bytes). Its drawing is
# bounded before it can run for hours or fill memory:
MAX_NESTING = 10  # subroutine calls within calls: the CFF (Type 2) specification's own limit
MAX_GLYPH_POINTS = 65_535  # points of one glyph: a TrueType glyph can hold no more
# outline code run over the whole font, in bytes: a font's subroutines save it a half or so of
# its size, so 8 times the file (at least a megabyte) is plenty for any real font, and keeps
# the work in proportion to the file, as any parsing is
EXPANSION, MIN_EXECUTED = 8, 1_000_000


class FontTooComplex(ValueError):
    """A CFF font whose glyphs would take pnp without bound to draw (a font bomb, or broken)."""


def is_cff(data: bytes) -> bool:
    return data[:4] == b"OTTO"


def cff_to_truetype(data: bytes) -> bytes:
    """The bytes of a TrueType-outline font with the same glyphs, metrics and names."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont, newTable

    font = TTFont(io.BytesIO(data))
    if "CFF " not in font:
        raise ValueError("an OpenType font without a CFF table (CFF2 variable fonts are not "
                         "supported)")
    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    char_strings = font["CFF "].cff.topDictIndex[0].CharStrings
    budget = [max(MIN_EXECUTED, EXPANSION * len(data))]
    glyphs = {}

    def draw_all() -> None:
        for name in order:
            pen = TTGlyphPen(glyph_set)
            _draw_bounded(char_strings[name], Cu2QuPen(pen, MAX_ERR, reverse_direction=True),
                          budget, name)
            glyphs[name] = pen.glyph()

    _on_own_stack(draw_all)
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    glyf.compile(font)
    hmtx = font["hmtx"]
    for name, glyph in glyphs.items():  # left side bearings as the new outlines have them
        advance, _ = hmtx[name]
        hmtx[name] = (advance, getattr(glyph, "xMin", 0) if glyph.numberOfContours else 0)
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs",
                  "maxInstructionDefs", "maxStackElements", "maxSizeOfInstructions",
                  "maxComponentElements"):
        setattr(maxp, field, 1 if field == "maxZones" else 0)
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    font["head"].glyphDataFormat = 0
    font.sfntVersion = "\x00\x01\x00\x00"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _on_own_stack(work: Callable[[], None]) -> None:
    """Run `work` in a thread of its own and wait for it. The glyphs' subroutine calls recurse
    through fontTools' interpreter some hundred thousand times; at some depths of the caller's
    stack each call crossed the end of CPython 3.11's frame-stack chunk, mapped and unmapped
    again each time (a font bomb's refusal took 11 s instead of 2 under `pnp serve`'s or a test
    runner's deeper stack). A new thread starts its own frame stack: the same time wherever
    the font is loaded from."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            work()
        except BaseException as exc:  # raised again in the caller's thread
            failed.append(exc)

    background(run, "pnp-otf").join()  # (Ctrl-C stays the main thread's: pnp.stops)
    if failed:
        raise failed[0]


def _draw_bounded(char_string, pen, budget: list[int], glyph: str) -> None:
    """Draw one CFF glyph as fontTools' T2CharString.draw does, within MAX_NESTING,
    MAX_GLYPH_POINTS and what is left of the font's `budget` of executed bytes."""
    from fontTools.misc.psCharStrings import T2OutlineExtractor
    from fontTools.pens.filterPen import FilterPen

    class Counted(FilterPen):
        points = 0

        def _add(self, n: int) -> None:
            self.points += n
            if self.points > MAX_GLYPH_POINTS:
                raise FontTooComplex(f"glyph {glyph!r} has more than {MAX_GLYPH_POINTS:,} "
                                     "points")

        def moveTo(self, pt):
            self._add(1)
            super().moveTo(pt)

        def lineTo(self, pt):
            self._add(1)
            super().lineTo(pt)

        def curveTo(self, *points):
            self._add(len(points))
            super().curveTo(*points)

        def qCurveTo(self, *points):
            self._add(len(points))
            super().qCurveTo(*points)

    class Bounded(T2OutlineExtractor):
        def execute(self, charString):
            if self.subrLevel > MAX_NESTING:
                raise FontTooComplex(f"glyph {glyph!r} nests subroutines more than "
                                     f"{MAX_NESTING} deep (the CFF limit)")
            code = charString.bytecode
            budget[0] -= len(code) if code is not None else len(charString.program)
            if budget[0] < 0:
                raise FontTooComplex("its glyphs' subroutines call each other far more often "
                                     f"than any font's (at {glyph!r}, past {EXPANSION} times "
                                     "the file's size): a damaged font or a font bomb")
            super().execute(charString)

    private = char_string.private
    extractor = Bounded(Counted(pen), getattr(private, "Subrs", []), char_string.globalSubrs,
                        private.nominalWidthX, private.defaultWidthX, private)
    extractor.execute(char_string)


def font_folders() -> list[Path]:
    """Where this platform keeps installed fonts (pnp's own list; nothing a game names)."""
    home = Path.home()
    if sys.platform == "darwin":
        found = [Path("/System/Library/Fonts"), Path("/Library/Fonts"), home / "Library/Fonts"]
    elif sys.platform == "win32":
        windir = Path(os.environ.get("WINDIR", r"C:\Windows"))
        local = Path(os.environ.get("LOCALAPPDATA", home / "AppData/Local"))
        found = [windir / "Fonts", local / "Microsoft/Windows/Fonts"]
    else:
        data = Path(os.environ.get("XDG_DATA_HOME", home / ".local/share"))
        found = [Path("/usr/share/fonts"), Path("/usr/local/share/fonts"), data / "fonts",
                 home / ".fonts"]
    return [p for p in found if p.is_dir()]


def _names(path: Path) -> set[str]:
    """The names a font file answers to, lower case: its full name ("Noto Serif Bold") and,
    for its regular style, its family ("Noto Serif")."""
    from fontTools.ttLib import TTFont

    try:
        font = TTFont(str(path), lazy=True, fontNumber=0)
        table = font["name"]
    except Exception:  # a damaged or foreign file in a system folder: not this font
        return set()
    full = table.getDebugName(4)
    family = table.getDebugName(16) or table.getDebugName(1)
    style = (table.getDebugName(17) or table.getDebugName(2) or "").lower()
    names = {full.lower()} if full else set()
    if family:
        names.add(f"{family} {style}".lower())
        if style in ("regular", "book", "roman", "normal"):
            names.add(family.lower())
    return names


def _font_files():
    """The font files in the platform's font folders, at most MAX_SCANNED of them (links to
    folders not followed)."""
    scanned = walked = 0
    for folder in font_folders():
        for root, folders, files in os.walk(folder):
            walked += len(folders) + len(files)
            if walked > MAX_WALKED:
                return
            for file in sorted(files):
                if file.lower().endswith(FONT_SUFFIXES):
                    scanned += 1
                    if scanned > MAX_SCANNED:
                        return
                    yield Path(root) / file


def find_installed(name: str) -> Path | None:
    """The installed font file named `name` (a family for its regular style, or a full name
    like "Noto Serif Bold"), or None."""
    if len(name) > MAX_NAME:  # no font's name is that long
        return None
    wanted = name.strip().lower()
    for path in _font_files():
        if wanted in _names(path):
            return path
    return None


def searched_folders() -> str:
    """The font folders looked in, for a message."""
    return ", ".join(str(f) for f in font_folders()) or "no font folder on this computer"


# names that pick a font on the designer's machine only (Pango, CSS): a kit must name its font
GENERIC_FAMILIES = {"serif", "sans", "sans-serif", "sans serif", "monospace", "mono", "cursive",
                    "fantasy", "system-ui"}


def not_installed_hint(name: str) -> str | None:
    """What a font name that found no installed font most likely means, when it tells: far too
    long, Squib's and Pango's "Serif 12" (the size is a key of its own), or a generic family."""
    import re

    if len(name) > MAX_NAME:
        return (f'font "{name[:40]}..." is {len(name):,} characters long; a font\'s name has at '
                f"most {MAX_NAME}")
    sized = re.fullmatch(r"(.*\S)\s+(\d+(?:\.\d+)?)", name.strip())
    if sized:
        return (f"font {name!r}: give the size apart, font = \"{sized.group(1)}\" and size = "
                f"{sized.group(2)}")
    if name.strip().lower() in GENERIC_FAMILIES:  # Squib's "Serif", CSS's serif
        return (f"font {name!r} is a generic family, not a font: name one, such as the role "
                "regular (pnp's own DejaVu Sans) or an installed family (\"DejaVu Serif\", "
                "\"Liberation Serif\"), or a .ttf or .otf file in the game folder")
    return None


def installed_font(name: str, source: Path, field: str) -> Path:
    """The installed font file named `name`, or a DataError saying what to do."""
    found = find_installed(name)
    if found is not None:
        return found
    hint = not_installed_hint(name)
    if hint:
        raise DataError(hint, source, field=field)
    where = searched_folders()
    raise DataError(f'font "{name}" is not installed (looked in {where}): install it, or copy '
                    "its .ttf or .otf file into the game folder and give the file's name here",
                    source, field=field)
