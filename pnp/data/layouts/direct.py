"""Simple layout expressions as Python functions of the row, with no Jinja2 at all: no lexer or
parser when the layout is read, no per-render set-up (a new context, a generator, a join) on
each card. `{{ image and not text }}`, `{{ kind == 'boss' }}`, `{{ suit | tint(0.8) }}`.

They mean what Jinja2 means by them: Python's and/or/not/==/!=, Jinja2's precedence (a filter
binds tightest, then == and !=, then not, and, or), its constants (true, false, none), the same
filter functions, plain text around the braces (`**{{ title }}**`) printed as it stands, and
`game.title` (a key of a dict that is the same on every row) looked up once, here. Anything else
(other attributes, calls, arithmetic, other operators or filters, escapes in strings, `{%` and
`{#` tags, whitespace control) gives None: it keeps Jinja2 and its sandbox."""

from __future__ import annotations

import re
from typing import Any, Callable

Row = dict[str, Any]
Fn = Callable[[Row], Any]

_TOKEN = re.compile(r"""\s*(?:(?P<num>(?:\d+\.\d+|0|[1-9]\d*))(?![\w.])|(?P<name>[A-Za-z_]\w*)
                    |(?P<str>'[^'\\{}]*'|"[^"\\{}]*")|(?P<op>==|!=|[()|,.]))""", re.X)
_EXPRESSION = re.compile(r"\{\{(.*?)\}\}", re.S)  # a {{ ... }}; its inside holds no braces
_CONSTANTS = {"true": True, "True": True, "false": False, "False": False, "none": None,
              "None": None}
_RESERVED = {"and", "or", "not", "in", "is", "if", "else"}
_SCALARS = (str, int, float, bool, type(None))


class _NotSimple(Exception):
    pass


class Undefined(Exception):
    """A name the row does not have (Jinja2: "'name' is undefined")."""


def _lookup(name: str) -> Fn:
    def get(row: Row) -> Any:
        try:
            return row[name]
        except KeyError:
            raise Undefined(name) from None
    return get


def compile_direct(raw: str, filters: dict[str, Callable],
                   constants: dict[str, Any] | None = None) -> tuple[Fn, frozenset[str]] | None:
    """(a function of the row, the names it reads) for `raw` when it is text around simple
    `{{ expression }}`s whose filters are among `filters` (pure functions of their value and
    constant arguments); else None. `constants`: names that are the same on every row (not
    columns), whose dict keys an expression may read as attributes (`game.title`)."""
    if "{%" in raw or "{#" in raw or "\r" in raw:  # tags; newlines Jinja2 would rewrite
        return None
    pieces = _EXPRESSION.split(raw)
    texts, inners = pieces[0::2], pieces[1::2]
    if not inners or any("{" in text for text in texts):
        return None
    parts, names = [], set()
    for inner in inners:
        if inner[:1] in "-+" or inner[-1:] in "-+" or "{" in inner or "}" in inner:
            return None  # whitespace control, or a tag inside a tag
        try:
            tokens = _tokens(inner)
            parser = _Parser(tokens, filters, constants or {})
            parts.append(parser.expression())
            if parser.at < len(tokens):
                raise _NotSimple
        except _NotSimple:
            return None
        names |= parser.names
    if texts == ["", ""]:
        return parts[0], frozenset(names)  # one expression: its value, as Jinja2's would be
    return _joined(texts, parts), frozenset(names)


def _tokens(text: str) -> list[tuple[str, str]]:
    out, pos = [], 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if m is None:
            raise _NotSimple
        kind = m.lastgroup
        assert kind is not None
        out.append((kind, m.group(kind)))
        pos = m.end()
    if not out:
        raise _NotSimple
    return out


class _Parser:
    def __init__(self, tokens: list[tuple[str, str]], filters: dict[str, Callable],
                 constants: dict[str, Any]):
        self.tokens, self.filters, self.constants, self.at = tokens, filters, constants, 0
        self.names: set[str] = set()

    def _peek(self) -> tuple[str, str]:
        return self.tokens[self.at] if self.at < len(self.tokens) else ("end", "")

    def _take(self, kind: str, text: str | None = None) -> str:
        k, t = self._peek()
        if k != kind or (text is not None and t != text):
            raise _NotSimple
        self.at += 1
        return t

    def _word(self, word: str) -> bool:
        if self._peek() == ("name", word):
            self.at += 1
            return True
        return False

    def expression(self) -> Fn:  # or
        return self._chain("or", self._and, _either)

    def _and(self) -> Fn:
        return self._chain("and", self._not, _both)

    def _chain(self, word: str, operand: Callable[[], Fn], join: Callable[[Fn, Fn], Fn]) -> Fn:
        """operand (word operand)*, joined left to right."""
        left = operand()
        while self._word(word):
            left = join(left, operand())
        return left

    def _not(self) -> Fn:
        if self._word("not"):
            inner = self._not()
            return lambda row: not inner(row)
        return self._compare()

    def _compare(self) -> Fn:
        left = self._filtered()
        kind, op = self._peek()
        if kind == "op" and op in ("==", "!="):
            self.at += 1
            right = self._filtered()
            if self._peek()[1] in ("==", "!="):
                raise _NotSimple  # a chain: Jinja2's meaning, not ours
            if op == "==":
                return lambda row: left(row) == right(row)
            return lambda row: left(row) != right(row)
        return left

    def _filtered(self) -> Fn:
        node = self._primary()
        while self._peek() == ("op", "|"):
            self.at += 1
            name = self._take("name")
            fn = self.filters.get(name)
            if fn is None:
                raise _NotSimple
            args: tuple = ()
            if self._peek() == ("op", "("):
                self.at += 1
                values = []
                while self._peek() != ("op", ")"):
                    values.append(self._constant())
                    if self._peek() == ("op", ","):
                        self.at += 1
                    elif self._peek() != ("op", ")"):
                        raise _NotSimple
                self.at += 1
                args = tuple(values)
            inner = node
            node = _filtered(fn, inner, args)
        return node

    def _constant(self) -> Any:
        kind, text = self._peek()
        if kind == "num":
            self.at += 1
            return float(text) if "." in text else int(text)
        if kind == "str":
            self.at += 1
            return text[1:-1]
        if kind == "name" and text in _CONSTANTS:
            self.at += 1
            return _CONSTANTS[text]
        raise _NotSimple

    def _primary(self) -> Fn:
        kind, text = self._peek()
        if kind == "op" and text == "(":
            self.at += 1
            inner = self.expression()
            self._take("op", ")")
            return inner
        if kind == "name" and text not in _CONSTANTS:
            if text in _RESERVED:
                raise _NotSimple
            self.at += 1
            if self._peek()[1] == "(":
                raise _NotSimple  # a call
            self.names.add(text)
            if self._peek() == ("op", "."):
                value = self._attributes(text)
                return lambda row: value
            return _lookup(text)
        value = self._constant()
        return lambda row: value


    def _attributes(self, name: str) -> Any:
        """`game.title`: Jinja2's sandbox, finding no such attribute of a dict, gives its item;
        worked out now when the dict is the same on every row and has that key (else Jinja2
        says what is wrong)."""
        if name not in self.constants:
            raise _NotSimple
        value = self.constants[name]
        while self._peek() == ("op", "."):
            self.at += 1
            key = self._take("name")
            if type(value) is not dict or key not in value or hasattr(value, key):
                raise _NotSimple
            value = value[key]
        if self._peek()[1] == "(" or not (type(value) in _SCALARS and len(str(value)) < 10_000):
            raise _NotSimple  # a call; a value the sandbox might find too large
        return value


# closures that build the compiled expression (named, so each binds its own parts)
def _either(a: Fn, b: Fn) -> Fn:
    return lambda row: a(row) or b(row)


def _both(a: Fn, b: Fn) -> Fn:
    return lambda row: a(row) and b(row)


def _filtered(fn: Callable[..., Any], inner: Fn, args: tuple) -> Fn:
    return lambda row: fn(inner(row), *args)


def _joined(texts: list[str], parts: list[Fn]) -> Fn:
    """Text and values in turn, each value printed as Jinja2 prints it (str)."""
    pairs = tuple(zip(parts, texts[1:]))
    first = texts[0]

    def run(row: Row) -> str:
        out = [first]
        for part, text in pairs:
            out.append(str(part(row)))
            out.append(text)
        return "".join(out)
    return run
