"""reportlab.platypus, imported without what pnp never uses from it at import time.

Importing reportlab.platypus compiles, in reportlab.platypus.paragraph, a case-insensitive URL
pattern over most of Unicode (`uri_pat`, read only to hyphenate a URL at a line end): about
25 ms, a tenth of a cold `pnp build`. Import platypus through this module (``from
.platypus import Paragraph``) and that pattern (and one other, smaller) is compiled on first
use instead, and pyphen is not loaded for it; every other pattern, and everything platypus
does, is reportlab's own.
"""

from __future__ import annotations

import re
import sys
from typing import Any

# how the costly patterns start (reportlab 5): the URL pattern, and reportlab.lib.textsplit's
# pattern of CJK characters (cjkwrap; 3 ms); a pattern no longer matched here is simply
# compiled at import, as without this module
_LAZY_PATTERNS = ("(^(?:[a-z0-9\\.\\-\\+]*)://)", "([\u2e80-\uffff])")


class _CompiledOnFirstUse:
    """Stands for re.compile(pattern, flags) until it is used."""

    def __init__(self, pattern: str, flags: int):
        self._args = (pattern, flags)
        self._compiled: re.Pattern | None = None

    def __getattr__(self, name: str) -> Any:  # match, search, pattern, ...: the real one's
        if self._compiled is None:
            self._compiled = re.compile(*self._args)
        return getattr(self._compiled, name)


def _import_platypus() -> None:
    if "reportlab.platypus.paragraph" in sys.modules:
        return
    real = re.compile

    def compile(pattern, flags=0):
        if isinstance(pattern, str) and pattern.startswith(_LAZY_PATTERNS):
            return _CompiledOnFirstUse(pattern, flags)
        return real(pattern, flags)

    # pyphen too is left out: platypus would load it (and list its dictionaries) for
    # hyphenation, which none of pnp's paragraph styles asks for (richtext imports its own)
    pyphen_before = sys.modules.get("pyphen", _ABSENT)
    if pyphen_before is _ABSENT:
        sys.modules["pyphen"] = None  # type: ignore[assignment]  # import pyphen: ImportError
    re.compile = compile  # only while platypus is imported
    try:
        import reportlab.platypus  # noqa: F401
    finally:
        re.compile = real
        if pyphen_before is _ABSENT:
            del sys.modules["pyphen"]


_ABSENT = object()
_import_platypus()

# what pnp's booklet and reports use
from reportlab.platypus import (Flowable, Frame, Indenter, KeepTogether, Paragraph,  # noqa: E402,F401
                                SimpleDocTemplate, Spacer, Table, TableStyle)
