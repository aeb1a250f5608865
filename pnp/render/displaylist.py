"""Drawing kept as the calls that made it.

What drawing a face did is recorded here as a display list (canvas and text-object calls with
their arguments): what a print record digests (printrun/digest.py) and the call-log goldens
compare (tests/calllog.py). Calls are kept, not PDF operators: a font's subset codes and
resource names belong to one document.

Recording is done by a Canvas (and text objects) of reportlab's own, whose methods also note
each call made from outside; a call the canvas makes to itself (rect() sets the fill colour,
drawString() begins a text) is not noted: the outer call stands for it. Plain values
that the drawing code sets on a text object's own attributes (platypus resets its font and
leading that way) are noted too.
"""

from __future__ import annotations

import io
from typing import Any, Callable, NamedTuple

from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.pdfgen.textobject import PDFTextObject

from .textblock import write_block

# an operation: (target: 0 the canvas, n the n-th text object begun, method, args, kwargs)
Op = tuple[int, str, tuple, dict]
SETATTR = "="  # an attribute set: args (name, value)
BEGIN_TEXT = "beginText"
TEXT_BLOCK = "textBlock"  # a fitted text's lines, drawn by textblock.draw_block


class TextRef(NamedTuple):
    """A text object in the arguments of a call (drawText(tx)): the n-th begun."""

    n: int


class PathCode(str):
    """A path in the arguments of a call (drawPath(p), clipPath(p)): its PDF operators as they
    were when it was drawn (the path object itself may be extended afterwards)."""

    __slots__ = ()


class _Notes:
    """What one recording canvas and its text objects share: the calls noted, and how deep
    inside a noted call the drawing is (calls made from within one are not noted)."""

    def __init__(self) -> None:
        self.ops: list[Op] = []
        self.depth = 1  # nothing is noted until the canvas is made
        self.texts = 0

    def note(self, target: int, name: str, args: tuple, kwargs: dict) -> None:
        # (most calls' values are all plain, told by one C-level pass over their types; the
        # keyword dict is the call's own, made for it)
        if not _PLAIN_TYPES.issuperset(map(type, args)):
            args = tuple(map(_kept, args))
        if not kwargs:
            kwargs = _NO_KWARGS
        elif not _PLAIN_TYPES.issuperset(map(type, kwargs.values())):
            kwargs = {k: _kept(v) for k, v in kwargs.items()}
        self.ops.append((target, name, args, kwargs))


_NO_KWARGS: dict = {}
_PLAIN = (type(None), bool, int, float, str)
_PLAIN_TYPES = frozenset(_PLAIN)


def _kept(value: Any) -> Any:
    """An argument as the display list keeps it: as it is now (a path or list drawn could be
    changed after the call) and with no class of the code that drew it (platypus's str
    subclasses), so reading the list back imports nothing of that code."""
    if type(value) in _PLAIN_TYPES:
        return value
    # (a tuple first: a text block's lines, a colour; pnp's Colour, an RGB tuple, too, kept as
    # its channels as printed)
    if isinstance(value, tuple):
        return tuple(value) if _PLAIN_TYPES.issuperset(map(type, value)) else tuple(
            map(_kept, value))
    if isinstance(value, _NotingTextBase):
        return TextRef(value._target)
    if isinstance(value, str):  # (a subclass: plain ones were kept above)
        return str.__str__(value)
    if type(value) is list:
        return list(map(_kept, value))
    if isinstance(value, PDFPathObject):
        return PathCode(value.getCode())
    return value


def _noting(name: str, method: Callable) -> Callable:
    def call(self, *args, **kwargs):
        notes = self._notes
        if notes.depth:
            return method(self, *args, **kwargs)
        notes.depth += 1
        try:
            notes.note(self._target, name, args, kwargs)
            return method(self, *args, **kwargs)
        finally:
            notes.depth -= 1
    call.__name__ = name
    return call


def _noted_methods(cls: type, extra: tuple[str, ...] = ()) -> dict[str, Callable]:
    """Every method that draws or sets drawing state: the public ones but for queries."""
    names = [n for n in dir(cls) if (not n.startswith("_") or n in extra)
             and callable(getattr(cls, n)) and not n.startswith("get")
             and n not in ("stringWidth", "pageHasData", "hasForm", "listLoadedFonts0",
                                          "absolutePosition")]
    return {n: _noting(n, getattr(cls, n)) for n in names}


class _NotingTextBase(PDFTextObject):
    """A text object that notes the calls made on it, and a change, made from outside its own
    methods, to an attribute it had of its own (platypus resets a text's font and leading
    so); what the drawing code keeps on it for itself (platypus's underline and link
    bookkeeping) is left out."""

    _target: int  # the n-th text object begun on its canvas

    def __init__(self, canvas: Canvas, x: float, y: float, direction: Any, notes: _Notes,
                 target: int):
        object.__setattr__(self, "_notes", notes)
        object.__setattr__(self, "_target", target)
        super().__init__(canvas, x, y, direction)
        object.__setattr__(self, "_own", frozenset(self.__dict__))

    def __setattr__(self, name: str, value: Any) -> None:
        own = self.__dict__
        notes = own.get("_notes")
        if (notes is not None and not notes.depth and name in own.get("_own", ())
                and isinstance(value, _PLAIN) and own[name] != value):
            notes.note(self._target, SETATTR, (name, value), {})
        object.__setattr__(self, name, value)


class _RecordingTextBase(_NotingTextBase):
    """A noting text object of a scratch canvas: it encodes nothing."""

    def _formatText(self, text: str) -> str:
        """Nothing: the recording's own PDF is never written, and the real document encodes
        the text (in its fonts' subsets) at replay."""
        return ""


# platypus writes its text with two private methods of the text object too
_RecordingText = type("_RecordingText", (_RecordingTextBase,),
                      _noted_methods(PDFTextObject, ("_textOut", "_setFont")))
# the same for a canvas that writes a real PDF: the text is encoded as ever
_PrintingText = type("_PrintingText", (_NotingTextBase,),
                     _noted_methods(PDFTextObject, ("_textOut", "_setFont")))


class _NotingCanvasBase(Canvas):
    # (the canvas's own attributes are not watched as the text object's are: platypus sets
    # them only while measuring a table, and puts them back)
    _target = 0
    _notes: _Notes
    _text_class: type = _RecordingText

    def beginText(self, x=0, y=0, direction=None):
        notes = self._notes
        if notes.depth:  # drawString's own
            return super().beginText(x, y, direction)
        notes.depth += 1
        try:
            notes.note(0, BEGIN_TEXT, (x, y, direction), {})
            notes.texts += 1
            tx = self._text_class(self, x, y, direction, notes, notes.texts)
        finally:
            notes.depth -= 1
        return tx

    def textBlock(self, fonts: Any, font: str, size: float, lines: tuple[str, ...], x: float,
                  y: float, align: str) -> bool:
        """textblock.draw_block() noted as one call: a fitted text's lines as one text object,
        its calls inside not noted one by one (a few a line: a tenth of a big deck's build).
        False, noting and drawing nothing, when a line needs a fallback font."""
        if not fonts.all_in(font, lines):
            return False
        notes = self._notes
        if notes.depth:
            write_block(self, font, size, lines, x, y, align)
            return True
        notes.depth += 1
        try:
            notes.note(0, TEXT_BLOCK, (font, size, lines, x, y, align), {})
            write_block(self, font, size, lines, x, y, align)
        finally:
            notes.depth -= 1
        return True


NotingCanvas = _NotingCanvasBase  # what a recording and a printing canvas are


class _RecordingCanvasBase(_NotingCanvasBase):
    def __init__(self, page_w: float, page_h: float, font: str):
        notes = self._notes = _Notes()
        super().__init__(io.BytesIO(), pagesize=(page_w, page_h), initialFontName=font)
        notes.depth = 0

    def take_page(self) -> list[Op]:
        """The calls noted since the last page; the next starts on a fresh page, as a real
        canvas's does after showPage()."""
        notes = self._notes
        ops, notes.ops, notes.texts = notes.ops, [], 0
        notes.depth += 1
        try:
            Canvas.showPage(self)
        finally:
            notes.depth -= 1
        return ops


def _noted_canvas(name: str, base: type) -> type:
    """`base` with every drawing method of Canvas noted, but for those it defines itself."""
    own = set().union(*(vars(k) for k in base.__mro__ if issubclass(k, _NotingCanvasBase)))
    return type(name, (base,), {n: m for n, m in _noted_methods(Canvas).items()
                                if n not in own})


RecordingCanvas = _noted_canvas("RecordingCanvas", _RecordingCanvasBase)
RecordingCanvas.__doc__ = ("A scratch canvas that notes the calls drawing makes on it "
                           "(take_page() hands them over).")


class _PrintingCanvasBase(_NotingCanvasBase):
    """A canvas writing a real PDF that notes the calls made on it while a face is open
    (begin_face() to end_face()), as a RecordingCanvas notes a page's: the build's one
    drawing of a face serves its print record's digest too (pnp/printrun/digest.py)."""

    _text_class = _PrintingText

    def __init__(self, *args: Any, **kwargs: Any):
        self._notes = _Notes()  # depth 1: nothing is noted outside a face
        super().__init__(*args, **kwargs)

    def begin_face(self) -> None:
        notes = self._notes
        notes.ops, notes.texts, notes.depth = [], 0, 0

    def end_face(self) -> list[Op]:
        notes = self._notes
        ops, notes.ops, notes.depth = notes.ops, [], 1
        return ops


PrintingCanvas = _noted_canvas("PrintingCanvas", _PrintingCanvasBase)

