"""A Jinja2 sandbox with limits, for templates from a downloaded game folder: rendering stops
after a few seconds, no value or output grows past a few megabytes, and the operations that
build a huge number or string in one step (9**999999999, 'x' * 10**9, '%999999999d' % 1,
'x'|center(10**9), 13|round(-999999999), [s] * 300|join) are refused before they run, from the
size their result would have, since no watchdog can interrupt one C call (nor SIGTERM)."""

from __future__ import annotations

import math
import re
import string
import threading
import time
from typing import Any, Callable

from jinja2 import Template
from jinja2.compiler import CodeGenerator
from jinja2.runtime import Macro
from jinja2.sandbox import ImmutableSandboxedEnvironment

from .stops import background

MAX_SECONDS = 5.0  # a booklet renders in milliseconds; seconds mean a loop without end
MAX_OUTPUT = 2_000_000  # characters of text (or items of a list): some 600 booklet pages
MAX_WIDTH = 1000  # a field width or precision in a format, a padding width
MAX_INT_BITS = 10_000  # about 3,000 digits


class TemplateLimit(Exception):
    """The template asked for more time, text or number than a rule booklet needs."""


class TemplateTimeout(TemplateLimit):
    """Raised inside the rendering thread by the watchdog."""


def _too_big(value: Any) -> bool:
    return isinstance(value, (str, list, tuple, dict)) and len(value) > MAX_OUTPUT


def check_size(value: Any) -> Any:
    if _too_big(value):
        raise TemplateLimit(f"a value of {len(value):,} characters or items is too large "
                            f"(at most {MAX_OUTPUT:,})")
    return value


def _length(value: Any) -> int:
    return len(value) if isinstance(value, (str, list, tuple, dict)) else 0


def printed_size(value: Any, limit: int = MAX_OUTPUT) -> tuple[int, int]:
    """(about how many characters str(value) makes, how deeply it nests), counted through lists,
    tuples and dicts and stopping once past `limit`: a list of one long text a thousand times
    is small as a list but a gigabyte in print."""
    total, depth = 0, 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack and total <= limit:
        item, level = stack.pop()
        depth = max(depth, level)
        if isinstance(item, str):
            total += len(item) + (2 if level else 0)  # inside a list: with its quotes
        elif isinstance(item, (list, tuple, set, frozenset)):
            total += 2 + 2 * len(item)
            if total <= limit:
                stack.extend((v, level + 1) for v in item)
        elif isinstance(item, dict):
            total += 2 + 4 * len(item)
            if total <= limit:
                stack.extend((v, level + 1) for pair in item.items() for v in pair)
        elif isinstance(item, int):
            total += item.bit_length() // 3 + 2
        else:
            total += 24  # a float, None, a macro: a short word
    return total, depth


def check_printed(what: str, *values: Any, factor: int = 1) -> None:
    """Refuse printing `values` (times `factor`) when that makes more than MAX_OUTPUT
    characters."""
    total = sum(printed_size(v)[0] for v in values) * max(1, factor)
    if total > MAX_OUTPUT:
        raise TemplateLimit(f"{what} would make over {MAX_OUTPUT:,} characters")


_PERCENT = re.compile(r"%(?:\([^)]*\))?[-+ #0]*(\*|\d+)?(?:\.(\*|\d+))?")


def check_format(fmt: Any) -> None:
    """Refuse field widths and precisions beyond MAX_WIDTH in a %-format or a str.format
    text: they make a string of that many characters in one step."""
    if not isinstance(fmt, str):
        return
    specs = [w for m in _PERCENT.finditer(fmt) for w in m.groups() if w]
    try:
        specs += [spec for _, _, spec, _ in string.Formatter().parse(fmt) if spec]
    except ValueError:
        pass  # not a str.format text; str.format itself will say so if it is called
    for spec in specs:
        if "*" in spec or "{" in spec:
            raise TemplateLimit(f"format {fmt[:40]!r}: a width taken from an argument is not "
                                "allowed")
        if any(int(n) > MAX_WIDTH for n in re.findall(r"\d+", spec)):
            raise TemplateLimit(f"format {fmt[:40]!r}: widths over {MAX_WIDTH} are not allowed")


def _check_width(what: str, width: Any) -> None:
    if isinstance(width, int) and not isinstance(width, bool) and abs(width) > MAX_WIDTH:
        raise TemplateLimit(f"{what}({width}) is too wide (at most {MAX_WIDTH})")


def _check_replace(text: Any, old: Any, new: Any) -> None:
    if isinstance(text, str) and isinstance(old, str) and isinstance(new, str):
        worst = (len(text) // max(1, len(old)) + 1) * len(new) + len(text)
        if worst > MAX_OUTPUT:
            raise TemplateLimit(f"replace could make {worst:,} characters (at most "
                                f"{MAX_OUTPUT:,})")


def _check_join(items: Any, sep: Any) -> None:
    try:
        n = len(items)
    except TypeError:
        return
    if n * _length(sep) > MAX_OUTPUT:
        raise TemplateLimit(f"join would make over {MAX_OUTPUT:,} characters")
    check_printed("join", items)


def _text_times(what: str, text: Any, times: Any) -> None:
    """Refuse `what` on `text` when it may repeat `times` characters for each character."""
    if isinstance(text, str) and isinstance(times, int) and len(text) * times > MAX_OUTPUT:
        raise TemplateLimit(f"{what} could make {len(text) * times:,} characters (at most "
                            f"{MAX_OUTPUT:,})")


def _check_translate(text: Any, table: Any) -> None:
    if isinstance(table, dict):
        _text_times("translate", text, max((_length(v) for v in table.values()), default=1))


def _check_indent(text: Any, width: Any) -> None:
    if isinstance(text, str):  # every line gets the indent
        _check_width("indent", width)
        wide = len(width) if isinstance(width, str) else width
        _text_times("indent", text, 1 + (wide if isinstance(wide, int) else 0))


def check_round(value: Any, precision: Any) -> None:
    """A precision of a billion makes 10**1000000000 before rounding: a minute of one C call."""
    if isinstance(precision, int) and abs(precision) > MAX_WIDTH:
        raise TemplateLimit(f"round({precision}): a precision of more than {MAX_WIDTH} "
                            "digits is not allowed")


def _check_sum(items: Any, start: Any) -> None:
    """A sum of lists or texts is one list (or text) as long as all of them."""
    if isinstance(start, (str, list, tuple)) and isinstance(items, (list, tuple)):
        if len(start) + sum(_length(v) for v in items) > MAX_OUTPUT:
            raise TemplateLimit(f"sum would make over {MAX_OUTPUT:,} items")


# What a str method or filter may be given before it runs: (name) -> check(args, kwargs).
def _width_arg(position: int, keyword: str) -> Callable[[str, tuple, dict], None]:
    def check(name: str, args: tuple, kwargs: dict) -> None:
        width = args[position] if len(args) > position else kwargs.get(keyword)
        _check_width(name, width)
    return check


def _arg(args: tuple, kwargs: dict, i: int, key: str, default: Any = None) -> Any:
    return args[i] if len(args) > i else kwargs.get(key, default)


def _expandtabs(name: str, args: tuple, kwargs: dict) -> None:
    size = _arg(args, kwargs, 1, "tabsize", 8)
    _check_width(name, size)
    _text_times(name, args[0], size)


def _tojson(name: str, args: tuple, kwargs: dict) -> None:
    indent = _arg(args, kwargs, 1, "indent")
    _check_width(name, indent)
    depth = printed_size(args[0] if args else None)[1]  # each line indented to its depth
    check_printed("tojson", args[0] if args else None,
                  factor=1 + depth * (indent if isinstance(indent, int) else 0))


def _wordwrap(name: str, args: tuple, kwargs: dict) -> None:
    _check_width(name, _arg(args, kwargs, 1, "width"))
    _text_times(name, args[0] if args else None,
                1 + _length(_arg(args, kwargs, 4, "wrapstring", "")))


def _format(args: tuple, kwargs: dict) -> None:
    check_format(args[0] if args else None)
    check_printed("format", *args[1:], *kwargs.values())


STR_METHODS: dict[str, Callable[[str, tuple, dict], None]] = {
    "ljust": _width_arg(1, "width"), "rjust": _width_arg(1, "width"),
    "center": _width_arg(1, "width"), "zfill": _width_arg(1, "width"),
    "expandtabs": _expandtabs,
    "replace": lambda n, a, k: _check_replace(*(list(a[:3]) + [None] * 3)[:3]),
    "join": lambda n, a, k: _check_join(_arg(a, k, 1, "iterable"), a[0] if a else None),
    "translate": lambda n, a, k: _check_translate(a[0], _arg(a, k, 1, "table")),
}
# What no booklet needs and builds a huge value in one step: bytes, whose methods and
# operators the checks above would all have to repeat ('x'.encode() * 10**9).
REFUSED_ATTRIBUTES = frozenset({"encode", "to_bytes"})
FILTERS: dict[str, Callable[[str, tuple, dict], None]] = {
    "center": _width_arg(1, "width"),
    "indent": lambda n, a, k: _check_indent(a[0] if a else None, _arg(a, k, 1, "width", 4)),
    "wordwrap": _wordwrap, "truncate": _width_arg(1, "length"),
    "slice": _width_arg(1, "slices"), "batch": _width_arg(1, "linecount"),
    "tojson": _tojson,
    "round": lambda n, a, k: check_round(a[0] if a else None, _arg(a, k, 1, "precision")),
    "string": lambda n, a, k: check_printed("string", *a[:1]),
    "pprint": lambda n, a, k: check_printed("pprint", *a[:1],
                                            factor=1 + printed_size(a[:1])[1]),
    "sum": lambda n, a, k: _check_sum(a[0] if a else None, _arg(a, k, 2, "start", 0)),
    "format": lambda n, a, k: _format(a, k),
    "replace": lambda n, a, k: _check_replace(_arg(a, k, 0, "s"), _arg(a, k, 1, "old"),
                                              _arg(a, k, 2, "new")),
    "join": lambda n, a, k: _check_join(a[0] if a else None, _arg(a, k, 1, "d", "")),
}


def _guarded_filter(name: str, func: Callable) -> Callable:
    """The filter with its arguments checked before and its result after."""
    import functools

    check = FILTERS.get(name)
    skip = 1 if getattr(func, "jinja_pass_arg", None) is not None else 0  # context/env first

    @functools.wraps(func)
    def guarded(*args, **kwargs):
        if check is not None:
            check(name, args[skip:], kwargs)
        return check_size(func(*args, **kwargs))

    return guarded


def _ints(left: Any, right: Any) -> bool:
    return all(isinstance(v, int) and not isinstance(v, bool) for v in (left, right))


def check_binop(operator: str, left: Any, right: Any) -> None:
    """Refuse `**`, `*`, `+` and `%` whose result would be too large to build."""
    if operator == "**" and _ints(left, right) and right > 0 and abs(left) > 1:
        if right * math.log2(abs(left)) > MAX_INT_BITS:
            raise TemplateLimit(f"{left} ** {right} is too large a number")
    elif operator == "*":
        if _ints(left, right):
            if left.bit_length() + right.bit_length() > MAX_INT_BITS:
                raise TemplateLimit("a product of more than 3,000 digits is too large a number")
        else:
            for seq, n in ((left, right), (right, left)):
                if _length(seq) and isinstance(n, int) and _length(seq) * n > MAX_OUTPUT:
                    raise TemplateLimit(f"repeating a text or list {n:,} times is too large")
    elif operator == "+" and _length(left) + _length(right) > MAX_OUTPUT:
        raise TemplateLimit(f"a value of over {MAX_OUTPUT:,} characters or items is too large")
    elif operator == "%" and isinstance(left, str):
        check_format(left)
        check_printed("a % format", right)


def bounded_join(parts: Any) -> str:
    """"".join(parts), stopping once the text grows past MAX_OUTPUT: each part may be as long
    as that, and a loop may give many."""
    kept, size = [], 0
    for part in parts:
        size += len(part)
        if size > MAX_OUTPUT:
            raise TemplateLimit(f"the text grows past {MAX_OUTPUT:,} characters (a loop far "
                                "too large?)")
        kept.append(part)
    return "".join(kept)


def _concat_checked(parts: tuple) -> str:
    """What `a ~ b ~ c` compiles to: each part printed, checked first."""
    check_printed("joining texts with ~", *parts)
    return "".join(map(str, parts))


def _printable(value: Any) -> Any:
    """Every {{ value }} passes here before it is printed."""
    if not isinstance(value, str):
        check_printed("printing a value", value)
    return value


class _CheckedConcat(CodeGenerator):
    """Jinja2's compiler, with `~` calling _concat_checked (Jinja2 joins in one C call)."""

    def visit_Concat(self, node, frame) -> None:
        if frame.eval_ctx.autoescape or frame.eval_ctx.volatile:
            return super().visit_Concat(node, frame)  # pnp never escapes
        self.write("environment.concat_checked((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


class BoundedTemplate(Template):
    """A template whose render stops once its text grows past MAX_OUTPUT."""

    def render(self, *args, **kwargs) -> str:
        return bounded_join(self.generate(*args, **kwargs))


class LimitedSandbox(ImmutableSandboxedEnvironment):
    """The immutable sandbox, with every call, attribute, item and risky operator checked."""

    intercepted_binops = frozenset({"**", "*", "+", "%"})  # also stops compile-time folding
    code_generator_class = _CheckedConcat
    template_class = BoundedTemplate
    concat_checked = staticmethod(_concat_checked)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, finalize=_printable, **kwargs)
        self.globals.pop("lipsum", None)  # placeholder text of any length: no use in a booklet
        self.filters = {n: _guarded_filter(n, f) for n, f in self.filters.items()}

    def call_binop(self, context, operator, left, right):
        check_binop(operator, left, right)
        return check_size(super().call_binop(context, operator, left, right))

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (jinja's signature)
        if not isinstance(__obj, Macro):
            owner = getattr(__obj, "__self__", None)
            check = STR_METHODS.get(getattr(__obj, "__name__", "")) if isinstance(owner, str) \
                else None
            if check is not None:
                check(__obj.__name__, (owner,) + args, kwargs)
        for value in list(args) + list(kwargs.values()):
            check_size(value)
        return check_size(super().call(__context, __obj, *args, **kwargs))

    def wrap_str_format(self, value):
        wrapped = super().wrap_str_format(value)  # how the sandbox hands out str.format
        if wrapped is None:
            return None
        check_format(value.__self__)

        def checked(*args, **kwargs):
            check_printed("format", *args, *kwargs.values())
            return wrapped(*args, **kwargs)
        return checked

    def is_safe_attribute(self, obj, attr, value) -> bool:
        return attr not in REFUSED_ATTRIBUTES and super().is_safe_attribute(obj, attr, value)

    def getattr(self, obj, attribute):
        # a dict's key before its attribute: a data column named `values` or `items` is read
        # as `card.values`, never as the dict's method (a silent wrong value)
        if isinstance(obj, dict) and type(attribute) is str and attribute in obj:
            return check_size(obj[attribute])
        return check_size(super().getattr(obj, attribute))

    def getitem(self, obj, argument):
        return check_size(super().getitem(obj, argument))


def raise_in(thread_id: int, exc: type[BaseException]) -> None:
    """Raise `exc` in a thread at its next bytecode, in place of one still pending."""
    import ctypes  # here: only a template that runs too long needs it (1.5 ms to import)

    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id), ctypes.py_object(exc))


class _Spent(BaseException):
    """Takes the place of a timeout raised but not delivered when its render has ended."""


def drop_pending() -> None:
    """Drop an exception raised in this thread and not yet delivered. It is replaced and caught
    here, not cancelled: CPython 3.11 leaves the interpreter's pending flag set after a cancel,
    so every later call checked it again, and a traced call (coverage, a debugger) hung."""
    try:
        raise_in(threading.get_ident(), _Spent)
        for _ in range(1000):  # the interpreter delivers it at its next check, in here
            pass
    except _Spent:
        pass


def cpu_clock(thread_id: int) -> Callable[[], float]:
    """The CPU time the thread has used, where the platform can tell (Linux, macOS): a time
    limit counts the template's own work, so a loaded machine does not fail an honest build;
    elsewhere wall time."""
    try:
        clock = time.pthread_getcpuclockid(thread_id)
    except (AttributeError, OSError):
        return time.monotonic

    def used() -> float:
        try:
            return time.clock_gettime(clock)
        except OSError:  # the thread has ended: its time is up
            return math.inf
    return used


# however busy the machine, a render ends after this many times its CPU limit of wall time
WALL_FACTOR = 20


class Deadline:
    """A time limit for renders (a layout's expressions card after card, a booklet template):
    once armed, TemplateTimeout is raised in the thread that armed it when it has used its
    seconds of CPU time (and again every quarter second, should template code swallow it).
    Pure-Python loops see it at once; the single huge C operations it could not interrupt are
    refused beforehand. One watcher thread per rendering thread, armed for each render, instead
    of a thread a render: arming and disarming cost about a microsecond. Armed again inside a
    render, the inner limit holds until it ends, then the outer one again."""

    _local = threading.local()

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.lock = threading.Lock()
        self.thread_id = threading.get_ident()
        self.clock = cpu_clock(self.thread_id)
        self.until: float | None = None  # on self.clock
        self.wall_end = 0.0
        self.outer: list[tuple[float | None, float]] = []  # the limits a nested arming holds up
        self.fired = False
        background(self._watch)  # (Ctrl-C stays the main thread's: pnp.stops)

    @classmethod
    def here(cls) -> "Deadline":
        """This thread's deadline (made on first use), of MAX_SECONDS as it is now."""
        mine = getattr(cls._local, "deadline", None)
        if mine is None:
            mine = cls._local.deadline = cls(MAX_SECONDS)
        mine.seconds = MAX_SECONDS
        return mine

    def __enter__(self) -> "Deadline":
        with self.lock:
            self.outer.append((self.until, self.wall_end))
            self.until, self.fired = self.clock() + self.seconds, False
            self.wall_end = time.monotonic() + WALL_FACTOR * self.seconds
        return self

    def __exit__(self, *exc_info) -> None:
        with self.lock:
            self.until, self.wall_end = self.outer.pop()
            if self.fired:
                drop_pending()

    def _watch(self) -> None:
        while True:
            time.sleep(0.25)
            with self.lock:
                if self.until is not None and (self.clock() > self.until
                                               or time.monotonic() > self.wall_end):
                    self.fired = True
                    self.until = self.clock() + 0.25  # again, should it be swallowed
                    self.wall_end = time.monotonic() + 0.25
                    raise_in(self.thread_id, TemplateTimeout)
