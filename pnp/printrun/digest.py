"""The digest of a face: the drawing calls it makes, recorded on a scratch canvas
(render/displaylist.py) and hashed with the content of every file they name. Calls, not PDF
bytes: the bytes change with the faces printed before (font subsets, object numbers), the calls
only with the face. Fonts are registered under a name taken from their file's content
(render/fonts.py), so a changed font file changes the setFont calls; an image is drawn by its
path, so its file's content is hashed in."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.pathobject import PDFPathObject

from ..kit import Drawer, Piece
from ..render.displaylist import RecordingCanvas, TextRef
from ..render.fonts import Fonts
from ..render.fontcache import file_digest
from ..render.surface import Surface

DIGEST_LENGTH = 16  # hex digits: 64 bits, no collision among a kit's faces in practice


def face_digest(piece: Piece, drawer: Drawer | None, fonts: Fonts, w: float, h: float,
                bleed: float, shape: str = "rect", ink_saver: bool = False) -> str:
    """The digest of one face drawn at trim w x h (points) with `bleed`; a blank face (no
    drawer) has one too, so a back that appears or goes away is a change."""
    if drawer is None:
        return "blank"
    c = RecordingCanvas(w + 2 * bleed, h + 2 * bleed, fonts["regular"])
    c.translate(bleed, bleed)
    canvas: Any = c
    if ink_saver:  # ink saver redraws light text: digest what it prints
        from ..render.contrast import ContrastCanvas

        canvas = ContrastCanvas(c, [])
    surface = Surface(canvas, fonts, w, h, bleed, piece.name, piece.source, ink_saver=ink_saver,
                      shape=shape, record=False)
    drawer(surface)
    return ops_digest(c.take_page())


def ops_digest(ops: list) -> str:
    h = hashlib.sha256()
    for target, name, args, kwargs in ops:
        h.update(f"{target} {name} ".encode())
        files = args[:1] if name in ("drawImage", "drawInlineImage") else ()
        for value in (*args, *sorted(kwargs.items())):
            h.update(_canonical(value).encode("utf-8", "surrogateescape"))
            h.update(b"\x1f")
        for image in files:
            h.update(_image_content(image).encode())
        h.update(b"\n")
    return h.hexdigest()[:DIGEST_LENGTH]


def _canonical(value: Any) -> str:
    """A value as text that is the same in every run: no object addresses."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return repr(value)
    if isinstance(value, TextRef):
        return f"text{value.n}"
    if isinstance(value, (list, tuple)):
        return "(" + ",".join(map(_canonical, value)) + ")"
    if isinstance(value, PDFPathObject):
        return "path:" + value.getCode()
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
        return file_digest(Path(image))
    if isinstance(image, ImageReader):
        data = image.getRGBData()
        return hashlib.sha1(data if isinstance(data, bytes) else bytes(data)).hexdigest()
    return ""
