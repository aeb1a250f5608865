"""Readable goldens for faces, as Squib keeps them: the drawing calls a face makes, recorded on a
canvas that notes them (pnp/render/displaylist.py), written one a line with numbers rounded to
a hundredth of a point, and compared with a stored log. A review reads "size 14 became 12"
where a pixel golden gives only a number. Regenerate with PNP_UPDATE_GOLDEN=1 (then read the
diff before committing)."""

import difflib
import os
from pathlib import Path

from pnp.preview import FaceSpec
from pnp.render.displaylist import SETATTR, PathCode, RecordingCanvas, TextRef
from pnp.render.fonts import Fonts
from pnp.render.surface import Surface
from pnp.units import MM

CALLS = Path(__file__).parent / "golden" / "calls"


def _number(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _arg(v) -> str:
    if isinstance(v, bool) or v is None:
        return repr(v)
    if isinstance(v, (int, float)):
        return _number(v)
    if isinstance(v, TextRef):
        return f"text{v.n}"
    if isinstance(v, PathCode):
        words = [_number(float(w)) if w[0] in "-.0123456789" else w for w in v.split()]
        return "path[" + " ".join(words) + "]"
    if hasattr(v, "hexval"):  # a colour
        return "#" + v.hexval()[2:]
    if isinstance(v, tuple) and len(v) == 3 and all(isinstance(x, float) for x in v):
        return "#" + "".join(f"{round(x * 255):02x}" for x in v)  # a Colour (an RGB tuple)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(map(_arg, v)) + "]"
    return repr(v)


def face_calls(spec: FaceSpec, fonts: Fonts, bleed: float = 3 * MM) -> str:
    """The face's drawing calls as text, one a line: `name(args)` on the canvas,
    `textN.name(args)` on the N-th text object begun."""
    b = 0.0 if spec.board else bleed
    c = RecordingCanvas(spec.width + 2 * b, spec.height + 2 * b, fonts["regular"])
    c.translate(b, b)
    if spec.draw is not None:
        spec.draw(Surface(c, fonts, spec.width, spec.height, b, spec.name, spec.source,
                          shape=spec.shape))
    lines = []
    for target, name, args, kwargs in c.take_page():
        where = f"text{target}." if target else ""
        if name == SETATTR:
            lines.append(f"{where}{args[0]} = {_arg(args[1])}")
            continue
        shown = [_arg(a) for a in args] + [f"{k}={_arg(v)}" for k, v in sorted(kwargs.items())]
        lines.append(f"{where}{name}({', '.join(shown)})")
    return "\n".join(lines[1:]) + "\n"  # (the first is the frame's translate)


def assert_calls_match_golden(text: str, name: str) -> None:
    path = CALLS / f"{name}.txt"
    if os.environ.get("PNP_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
        return
    if not path.exists():
        raise AssertionError(f"no call log {path}; run with PNP_UPDATE_GOLDEN=1 to create it")
    golden = path.read_text(encoding="utf-8")
    if text != golden:
        diff = difflib.unified_diff(golden.splitlines(), text.splitlines(), f"golden/{name}",
                                    "drawn", lineterm="", n=1)
        shown = list(diff)
        raise AssertionError(f"{name}: the face's drawing calls changed "
                             f"({len(shown)} lines of diff; PNP_UPDATE_GOLDEN=1 to accept):\n"
                             + "\n".join(shown[:60]))
