"""The digest of a face: the drawing calls it makes, recorded on a scratch canvas
(render/displaylist.py) and hashed with the content of every file they name. Calls, not PDF
bytes: the bytes change with the faces printed before (font subsets, object numbers), the calls
only with the face. Fonts are registered under a name taken from their file's content
(render/fonts.py), so a changed font file changes the setFont calls; an image is drawn by its
path, so its file's content is hashed in, in place of the path (format 3: a game folder moved
or built from another checkout draws the same faces); a photo its EXIF turns is drawn from its
turned pixels, named by its file's content too (faces/art.py Turned)."""

from __future__ import annotations

import hashlib
import marshal
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.utils import ImageReader

from ..kit import Drawer, Piece
from ..render.displaylist import PathCode, RecordingCanvas, TextRef
from ..render.fonts import Fonts
from ..render.surface import Surface

# how faces are digested now, which a print record names: 2 since as marshal's bytes, 3 since
# an image file counts by its content alone, not its path too
FORMAT = 3
DIGEST_LENGTH = 16  # hex digits: 64 bits, no collision among a kit's faces in practice
_STABLE = (type(None), bool, int, float, str, TextRef)  # values whose repr is the same each run


class Digester:
    """Digests faces one after another on one recording canvas (a page each). A form (an SVG
    picture, defined once in a document and then reused) is digested from the calls that
    define it, and stands for them wherever a face uses it, so a face's digest does not depend
    on which face drew the picture first.

    `format`: how faces are hashed -- 3, a picture file by its content only; 2, by its path
    too; 1, a face of plain calls as their repr, not marshal's bytes (what print records of
    that format hold: compared with one, a kit is digested so)."""

    def __init__(self, fonts: Fonts, ink_saver: bool = False, format: int = FORMAT):
        self.fonts, self.ink_saver, self.format = fonts, ink_saver, format
        self._canvas: Any = None  # a RecordingCanvas (made by type(), so not a type to mypy)
        self._page: tuple[float, float] = (0.0, 0.0)
        self._forms: dict[str, str] = {}
        self.findings: list = []  # what drawing noted (a note said once per picture: here)

    def face(self, piece: Piece, drawer: Drawer | None, w: float, h: float, bleed: float,
             shape: str = "rect") -> str:
        """The digest of one face drawn at trim w x h (points) with `bleed`; a blank face (no
        drawer) has one too, so a back that appears or goes away is a change."""
        if drawer is None:
            return "blank"
        page = (w + 2 * bleed, h + 2 * bleed)
        if self._canvas is None or page != self._page:  # a new document: its own forms
            self._canvas = RecordingCanvas(*page, self.fonts["regular"])
            self._page, self._forms = page, {}
        c = self._canvas
        c.translate(bleed, bleed)
        canvas: Any = c
        if self.ink_saver:  # ink saver redraws light text: digest what it prints
            from ..render.contrast import ContrastCanvas

            canvas = ContrastCanvas(c, [])
        surface = Surface(canvas, self.fonts, w, h, bleed, piece.name, piece.source,
                          untitled=piece.untitled, ink_saver=self.ink_saver, shape=shape,
                          record=False)
        drawer(surface)
        self.findings += surface.findings
        return self._digest(c.take_page())

    def drawn(self, ops: list, bleed: float) -> str:
        """The digest of a face from the calls it made while drawn elsewhere (the build's own
        PDF canvas, render/displaylist.py PrintingCanvas), faces in the order drawn: the same
        digest face() gives, whose scratch page begins with moving to the trim's corner."""
        return self._digest([(0, "translate", (bleed, bleed), {})] + ops)

    def _digest(self, ops: list) -> str:
        # most faces are plain calls with plain values, forms and pictures aside: hashed in one
        # go, as marshal's format 2 bytes (numbers in binary; repr() of them was most of a
        # digest). Format 2 writes values, never references to objects met before nor whether
        # a text is interned, so equal calls give equal bytes in every run. What it refuses (a
        # text object's TextRef, a colour object) is hashed as the list's repr (a quoted name
        # is how a call shows in it); a face holding a path or an object shown by its address,
        # a form or a picture goes the long way, which names each by its content
        if self.format >= 2:
            try:
                data = marshal.dumps(ops, 2)
            except ValueError:
                pass
            else:
                if any(name in data for name in _NAMED_BYTES):
                    return self._digest_parts(ops)
                return hashlib.sha256(data).hexdigest()[:DIGEST_LENGTH]
        # (marshal refuses a path, a str subclass: only a face it did not take is looked at)
        if _has_path(ops):
            return self._digest_parts(ops)
        text = repr(ops)
        if " at 0x" in text or any(n in text for n in _NAMED_TEXTS):
            return self._digest_parts(ops)
        return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[
            :DIGEST_LENGTH]

    def _digest_parts(self, ops: list) -> str:
        # each open hasher's bytes, the innermost open form's last; a hasher fed its parts one
        # by one gives the hash of their join, so each is joined once (a face is a few dozen
        # calls: one update each was a tenth of a large deck's build). A text's bytes joined
        # are its join's bytes, so format 1 digests as it did when the parts were text
        face = hashlib.sha256()
        hashing: list[tuple[Any, list[bytes]]] = [(face, [])]
        names: list[str] = []
        for op in ops:
            target, name, args, kwargs = op
            if name == "beginForm":
                names.append(str(args[0]))
                hashing.append((hashlib.sha256(), []))
                continue
            if name == "endForm" and names:
                form, data = hashing.pop()
                form.update(b"".join(data))
                self._forms[names.pop()] = form.hexdigest()
                continue
            parts = hashing[-1][1]
            image = args[0] if name in _IMAGES else None
            if isinstance(image, (str, Path)) and self.format >= 3:
                # its content stands for it, not where the game folder lies (format 3)
                args = ("file", *args[1:])
                op = (target, name, args, kwargs)
            if _stable(args) and (not kwargs or _stable(kwargs.values())):
                parts.append(self._plain(op))
            else:
                parts.append(_bytes(f"{target} {name} "))
                for value in (*args, *sorted(kwargs.items())):
                    parts.append(_bytes(_canonical(value) + "\x1f"))
            if name in _IMAGES:
                parts.append(_bytes(_image_content(image)))
            elif name == "doForm":
                parts.append(_bytes(self._forms.get(str(args[0]), "")))
            parts.append(b"\n")
        face.update(b"".join(hashing[0][1]))
        return face.hexdigest()[:DIGEST_LENGTH]

    def _plain(self, op: tuple) -> bytes:
        """A call of plain values as bytes: marshal's (format 2) where it writes them all."""
        if self.format >= 2:
            try:
                return marshal.dumps(op, 2)
            except ValueError:  # a colour object
                pass
        return _bytes(repr(op))


def _bytes(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


_STABLE_TYPES = frozenset(_STABLE)
# calls whose digest holds more than their arguments: a form's own digest, an image's content
# (as repr and as marshal write each name: quoted, and after its length)
_IMAGES = ("drawImage", "drawInlineImage")
_NAMED = ("beginForm", "endForm", "doForm", *_IMAGES)
_NAMED_TEXTS = tuple(map(repr, _NAMED))
_NAMED_BYTES = tuple(marshal.dumps(n, 2) for n in _NAMED)


def _stable(values) -> bool:
    """Whether every value's repr is the same each run (a colour's too)."""
    for v in values:
        if type(v) not in _STABLE_TYPES and not isinstance(v, Color):
            return False
    return True


def _has_path(ops: list) -> bool:
    """Whether a call of the face was given a path (as an argument or a keyword's value)."""
    return any(type(v) is PathCode for _, _, args, kwargs in ops
               for v in (*args, *kwargs.values()))


def _canonical(value: Any) -> str:
    """A value as text that is the same in every run: no object addresses."""
    if type(value) is PathCode:
        return "path:" + value
    if isinstance(value, _STABLE) or isinstance(value, Color):
        return repr(value)
    if isinstance(value, (list, tuple)):
        if _stable(value):  # (a colour's channels: each value's repr, in one go)
            return "(" + ",".join(map(repr, value)) + ")"
        return "(" + ",".join(map(_canonical, value)) + ")"
    if isinstance(value, ImageReader):
        return "image"  # its content is hashed as the image's
    text = repr(value)
    if " at 0x" in text:  # an object without a value's repr: its class and attributes
        fields = sorted(vars(value).items()) if hasattr(value, "__dict__") else []
        return type(value).__name__ + _canonical(fields)
    return text


def _image_content(image: Any) -> str:
    """What an image's pixels are: its file's digest, or a hash of its decoded pixels."""
    if isinstance(image, (str, Path)) and Path(image).is_file():
        with open(image, "rb") as f:
            return hashlib.file_digest(f, "sha1").hexdigest()
    content = getattr(image, "content", None)  # a photo EXIF turns: its file's digest
    if isinstance(image, ImageReader) and isinstance(content, str):  # (faces/art.py Turned)
        return content
    if isinstance(image, ImageReader):
        data = image.getRGBData()
        return hashlib.sha1(data if isinstance(data, bytes) else bytes(data)).hexdigest()
    return ""
