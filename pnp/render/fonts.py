"""Fonts: the bundled TrueType fonts (or a game's own) registered once under unique names, with
per-character fallback so the CJK glyphs and symbols come from a font that has them."""

from __future__ import annotations

import hashlib
import io
import struct
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from ..data.fontfile import ROLES
from ..data.otf import FontTooComplex, cff_to_truetype, is_cff
from ..errors import DataError
from ..resources import shipped
from .fontcache import cached_font

# after a text's own font, the first of these that has a character prints it; pnp's own DejaVu
# Sans last of all (LAST_RESORT), so a game's symbols font adds characters and takes none away
LAST_RESORT = "pnp's own"
FALLBACK_ROLES = ("regular", "cjk", "symbols", LAST_RESORT)
# the letters whose tops and bottoms are a font's ascender and descender
ASCENDERS, DESCENDERS = "bdhklH", "gjpqy"


def register_font(path: Path) -> str:
    """Register a TTF under a name derived from its content: two files with the same internal
    PostScript name (a font and its subset) must never share glyphs. A game's own font is
    parsed in full first (every table and glyph), so a damaged file is named here and not
    when the PDF is written."""
    data, digest = font_file(path)
    name = f"{path.stem}-{digest[:10]}"
    if name not in pdfmetrics.getRegisteredFontNames():
        try:
            converted = is_cff(data)
            if converted:  # PostScript outlines: embedded as TrueType ones
                data = cff_to_truetype(data)
            font = cached_font(name, path, data, digest,
                               lambda: _parse(name, path, data, converted))
        except TTFError as exc:
            raise DataError(f"not a usable TrueType font ({exc})", path) from None
        except FontTooComplex as exc:
            raise DataError(f"not a usable OpenType font ({exc})", path) from None
        except Exception:  # reportlab's parser (or fontTools') meets a damaged file in many ways
            raise DataError("not a usable TrueType or OpenType font (damaged or cut short)",
                            path) from None
        pdfmetrics.registerFont(font)
    return name


def font_file(path: Path) -> tuple[bytes, str]:
    """A font file's bytes and their SHA-1 (what it is known by: its name, its cache entry)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DataError(f"cannot read font: {exc.strerror or exc}", path) from None
    return data, hashlib.sha1(data).hexdigest()


def _parse(name: str, path: Path, data: bytes, converted: bool = False) -> TTFont:
    """`converted`: `data` is an .otf file's outlines made TrueType, parsed from memory."""
    font = TTFont(name, io.BytesIO(data) if converted else str(path))
    if converted:
        font.face.filename = str(path)  # (the subset's name in the PDF, as for any file)
    if not _shipped(path):
        _check_tables(data)
        font.face.makeSubset(sorted(font.face.charToGlyph))
    return font


def _shipped(path: Path) -> bool:
    folder = shipped("fonts").resolve()
    return folder in path.resolve().parents


def _check_tables(data: bytes) -> None:
    """Every table the font's directory lists lies inside the file (a cut-off download does
    not; reportlab would only notice when it writes the PDF)."""
    import struct

    if data[:4] == b"ttcf":
        return  # a collection: reportlab reads the chosen member's tables itself
    (count,) = struct.unpack(">H", data[4:6])
    ends = [sum(struct.unpack(">II", data[20 + 16 * i: 28 + 16 * i])) for i in range(count)]
    if max(ends, default=0) > len(data):
        raise TTFError(f"cut short: its tables need {max(ends):,} bytes, the file has "
                       f"{len(data):,}")


@dataclass
class Fonts:
    """Font files by role, each registered when first used (parsing a TrueType font costs
    about 20 ms, and a kit rarely uses all six); `runs()` splits text among the fonts that
    have its characters."""

    paths: dict[str, Path]
    _names: dict[str, str] = field(default_factory=dict)
    _ascii: dict[str, bool] = field(default_factory=dict)  # has every printable ASCII character
    _words: dict[str, dict[str, float]] = field(default_factory=dict)
    _digests: dict[str, str] = field(default_factory=dict)
    _ink: dict[str, tuple[float, float]] = field(default_factory=dict)
    _boxes: dict[str, dict[str, tuple[float, float]]] = field(default_factory=dict)
    # each role's characters' (top, depth), in the font that prints each (text_ink)
    _letters: dict[str, dict[str, tuple[float, float]]] = field(default_factory=dict)

    def digest(self, role: str) -> str:
        """The SHA-1 of the role's font file (read once a build)."""
        found = self._digests.get(role)
        if found is None:
            found = self._digests[role] = font_file(self.paths[role])[1]
        return found

    def __getitem__(self, role: str) -> str:
        name = self._names.get(role)
        if name is None:
            name = self._names[role] = register_font(self.paths[role])
        return name

    def _lacking(self, font: str, chars) -> set[str]:
        """Those of the characters the font does not have, looked up in its character map:
        making a set of all of a font's characters cost most of a millisecond a font, more
        than the few texts with characters beyond ASCII take to look up."""
        have = pdfmetrics.getFont(font).face.charToGlyph
        return {ch for ch in set(chars) if ord(ch) not in have}

    def lacking(self, role: str, text: str) -> set[str]:
        """The characters of the text the role's font alone lacks (no fallback)."""
        return set() if self._plain(self[role], text) else self._lacking(self[role], text)

    def _plain(self, font: str, text: str) -> bool:
        """Whether the text is printable ASCII and the font has all of it: most texts, told
        without making the set of the font's characters (most of a millisecond a font)."""
        if not (text.isascii() and text.isprintable()):
            return False
        ok = self._ascii.get(font)
        if ok is None:
            have = pdfmetrics.getFont(font).face.charToGlyph
            ok = self._ascii[font] = all(code in have for code in range(32, 127))
        return ok

    def all_in(self, font: str, texts) -> bool:
        """Whether the font alone has every character of the texts."""
        if self._plain(font, "".join(texts)):  # (each text is, when all together are)
            return True
        return not any(self._lacking(font, t) for t in texts)

    def covers(self, font: str, char: str) -> bool:
        return ord(char) in pdfmetrics.getFont(font).face.charToGlyph

    def missing(self, text: str, role: str = "regular") -> str:
        """Characters that neither the role's font nor any fallback can print."""
        if self._plain(self[role], text):
            return ""
        # white space breaks lines and is not printed, but a figure or narrow no-break space
        # prints (in the primary font: a box if it lacks it; reportlab draws a no-break space
        # as a space); a soft hyphen prints as a hyphen or not at all. Left out before the
        # fallbacks are asked: a text's newlines alone (no font has one) had every fallback
        # font registered, parsed on a first build, to find nothing
        lacking = self._lacking(self[role], text)
        spaces = lacking & set("\u2007\u202f")  # (runs() prints them in the primary font only)
        chars = {ch for ch in lacking if ch not in "\xad\xa0" and not ch.isspace()}
        for r in FALLBACK_ROLES:
            if not chars:
                break
            chars = self._lacking(self[r], chars)
        chars |= spaces
        return "".join(ch for ch in dict.fromkeys(text) if ch in chars)  # (in the text's order)

    def runs(self, text: str, role: str = "regular") -> list[tuple[str, str]]:
        """[(font, text)] pieces: each character from the first font that has it. (Not
        remembered: most lines are printable ASCII the font has, told in two string tests,
        and a big deck's lines are each drawn once.)"""
        primary = self[role]
        # white space is the primary font's wherever it stands (no font has a newline): a
        # text lacking only that is one piece, and no fallback font is registered for it
        if self._plain(primary, text) or all(ch.isspace() for ch in self._lacking(primary, text)):
            out = [(primary, text)]
        else:
            chain = list(dict.fromkeys([primary] + [self[r] for r in FALLBACK_ROLES]))
            out = []
            for ch in text:
                font = next((f for f in chain if ch.isspace() or self.covers(f, ch)), primary)
                if out and out[-1][0] == font:
                    out[-1] = (font, out[-1][1] + ch)
                else:
                    out.append((font, ch))
        return out

    def ink(self, role: str = "regular") -> tuple[float, float]:
        """How far the role's letters reach above and below the baseline, in ems (the depth
        positive): the tops of its ASCENDERS and bottoms of its DESCENDERS, read from their
        glyphs. (A font's declared ascent and descent are its maker's line spacing, not its
        ink: DejaVu Sans declares 0.93 + 0.24 (hhea) or 0.76 + 0.24 (OS/2), Liberation Mono
        0.83 + 0.30 or 0.61 + 0.19, for letters of 0.76 + 0.21 and 0.72 + 0.21.) A font with
        none of those letters has its declared (OS/2) ones."""
        found = self._ink.get(role)
        if found is None:
            font = self[role]
            boxes = [self._box(font, ch) for ch in ASCENDERS + DESCENDERS]
            tops = [top for top, _ in boxes[:len(ASCENDERS)] if top]
            bottoms = [depth for _, depth in boxes[len(ASCENDERS):] if depth]
            face = pdfmetrics.getFont(font).face
            found = self._ink[role] = (max(tops, default=face.ascent / 1000),
                                       max(bottoms, default=-face.descent / 1000))
        return found

    def text_ink(self, text: str, role: str = "regular") -> tuple[float, float]:
        """How far a line of the text's own letters reaches above and below the baseline, in
        ems (the depth positive; 0 for none, white space is none), each in the font that
        prints it: an accented capital, Å, reaches above the font's ascenders, and a line of
        "aaaa" or "HELLO" reaches no lower than its letters do, not to the g's descender
        (ink(), the font's, is what a leading must leave room for whatever the text).
        Cheap: a character is looked at once a role, and a text costs a set of its
        characters and a look-up of each. (Which font prints a character is the character's
        own, so a few are split among the fonts as the whole text would be.)"""
        boxes = self._letters.setdefault(role, {})
        chars = set(text)
        new = "".join(chars.difference(boxes))
        for font, piece in self.runs(new, role) if new else ():
            for ch in piece:
                boxes[ch] = (0.0, 0.0) if ch.isspace() else self._box(font, ch)
        return (max((boxes[ch][0] for ch in chars), default=0.0),
                max((boxes[ch][1] for ch in chars), default=0.0))

    def _box(self, font: str, ch: str) -> tuple[float, float]:
        """The top and depth of the font's glyph for `ch`, in ems ((0, 0) for none),
        remembered."""
        boxes = self._boxes.get(font)
        if boxes is None:
            boxes = self._boxes[font] = {}
        found = boxes.get(ch)
        if found is None:
            face = pdfmetrics.getFont(font).face
            bottom, top = _extent(face, ch)
            found = boxes[ch] = (top / face.unitsPerEm, -bottom / face.unitsPerEm)
        return found

    def width(self, text: str, size: float, role: str = "regular") -> float:
        return sum(pdfmetrics.stringWidth(t, f, size) for f, t in self.runs(text, role))

    def word_widths(self, role: str = "regular") -> dict[str, float]:
        """The widths word_width() remembers for the role (read them, never write: a word not
        in it is measured by word_width())."""
        widths = self._words.get(role)
        if widths is None:
            widths = self._words[role] = {}
        return widths

    def word_width(self, word: str, role: str = "regular") -> float:
        """A word's width at 1 pt, remembered: card texts repeat their words, and wrapping
        measures every word at every size it tries."""
        widths = self._words.get(role)
        if widths is None:
            widths = self._words[role] = {}
        w = widths.get(word)
        if w is None:
            if len(widths) > 50_000:
                widths.clear()
            w = widths[word] = self.width(word, 1.0, role)
        return w


def _extent(face, ch: str) -> tuple[int, int]:
    """(bottom, top) of the parsed face's outline for `ch`, in font units ((0, 0) for none):
    read from its glyph's header in the TrueType bytes the face was parsed from (an .otf
    file's are its outlines made TrueType), where the face's tables say each glyph starts."""
    glyf, starts, data = face.table.get("glyf"), face.glyphPos, face._ttf_data
    g = face.charToGlyph.get(ord(ch))
    if glyf is not None and g is not None and starts[g] != starts[g + 1]:
        at = glyf["offset"] + starts[g] + 2  # past its count of contours: x, y min; x, y max
        if at + 8 <= len(data):
            _, bottom, _, top = struct.unpack(">hhhh", data[at:at + 8])
            return bottom, top
    return 0, 0


def load_fonts(overrides: dict[str, Path] | None = None) -> Fonts:
    """The bundled fonts, with any role replaced by a game's own font file."""
    folder = shipped("fonts")
    paths = {}
    for role, filename in ROLES.items():
        path = (overrides or {}).get(role) or folder / filename
        if not path.is_file():
            raise DataError(f'font file for "{role}" not found', path)
        paths[role] = path
    if overrides and "bold-italic" not in overrides and {"regular", "bold", "italic"} & set(overrides):
        paths["bold-italic"] = paths["bold"]  # a set of the game's own without a bold italic
    paths[LAST_RESORT] = folder / ROLES["regular"]
    return Fonts(paths)
