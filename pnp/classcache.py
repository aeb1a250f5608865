"""Dataclasses made without compiling their methods anew in every run.

Making a dataclass compiles Python source it writes for the class (its __init__, __repr__,
__eq__, and a frozen one's __setattr__ and __delattr__): half a millisecond a class, and a
build defines about fifty, a tenth of a warm `pnp build` (20 ms of Legolas's 230). Python keeps
a module's own compiled code in __pycache__; this keeps the code of those generated methods the
same way, on disk (pnp/cache.py says where), keyed by their source text and the interpreter's
bytecode version. The dataclasses module runs the text with exec(); that name, in that module
only, is pointed at one that compiles each text once and runs the kept code: the same text
compiles to the same code, so the classes made are the same. Anything wrong with the cache
means compiling, as before.
"""

from __future__ import annotations

import atexit
import dataclasses
import marshal
import sys
from importlib.util import MAGIC_NUMBER
from types import CodeType

from .cache import cache_dir, write_entry

KEEP = 3000  # texts kept; past this, only those the last run used (old versions of classes go)

_codes: dict[str, CodeType] = {}
_used: set[str] = set()
_fresh = False  # a text was compiled in this run: the cache is written at exit


def _exec(source, globals=None, locals=None, /):
    """exec(), with a text's code compiled once (dataclasses passes its globals always)."""
    global _fresh
    if type(source) is not str or type(globals) is not dict:
        frame = sys._getframe(1)  # what exec() would have used: the caller's namespaces
        return exec(source, frame.f_globals if globals is None else globals,
                    (frame.f_locals if globals is None else globals) if locals is None
                    else locals)
    code = _codes.get(source)
    if code is None:
        # as exec(text) compiles it in the dataclasses module, which has no __future__ imports
        code = _codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
        _fresh = True
    _used.add(source)
    return exec(code, globals, locals)


def _path():
    try:
        folder = cache_dir("classes")
    except (RuntimeError, KeyError):  # no home folder to find the cache in: none, not an error
        return None
    return None if folder is None else folder / f"{sys.implementation.cache_tag}-{MAGIC_NUMBER.hex()}.marshal"


def _load() -> None:
    path = _path()
    if path is None:
        return
    try:
        kept = marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):  # none yet, or not one of ours
        return
    if isinstance(kept, dict):
        _codes.update((k, v) for k, v in kept.items()
                      if type(k) is str and type(v) is CodeType)


def _save() -> None:
    if not _fresh:
        return
    path = _path()
    if path is None:
        return
    codes = _codes if len(_codes) <= KEEP else {k: _codes[k] for k in _used}
    try:
        write_entry(path, marshal.dumps(codes))
    except (OSError, ValueError):  # a cache that cannot be written is no error
        pass


def install() -> None:
    """Make dataclasses use the kept code, from now on in this process."""
    if getattr(dataclasses, "exec", None) is _exec:
        return
    _load()
    dataclasses.exec = _exec  # type: ignore[attr-defined]  # found before the builtin
    atexit.register(_save)
