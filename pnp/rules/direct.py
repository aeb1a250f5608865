"""Simple rules expressions as Python functions of a game's state, with no Jinja2 per call:
a data engine evaluates the same few expressions millions of times in a simulation, where
Jinja2's per-render set-up (a new context, a generator, a join) would dominate. Layouts and
booklets use Jinja2's sandbox alone; only pnp/rules/expr.py compiles through here.

They mean what Jinja2 means by them: Python's and/or/not, comparisons, + - * and `a if b else
c`, in Jinja2's precedence; its constants (true, false, none); the same filter functions
(pnp's own, and Jinja2's upper, lower, capitalize and round as Jinja2 defines them, round with
the sandbox's precision bound); + and * checked as its sandbox checks them; `me.wounds` and
`winner[card.type]` read as the sandbox reads a key or an index. Anything else gives None: it
keeps Jinja2 and its sandbox. tests/test_rules_expr.py holds the forms to Jinja2's values."""

from __future__ import annotations

import math
import operator
import re
from typing import Any, Callable

Row = dict[str, Any]
Fn = Callable[[Row], Any]

_TOKEN = re.compile(r"""\s*(?:(?P<num>(?:\d+\.\d+|0|[1-9]\d*))(?![\w.])|(?P<name>[A-Za-z_]\w*)
                    |(?P<str>'[^'\\{}]*'|"[^"\\{}]*")|(?P<op>==|!=|<=|>=|[<>()|,.+*\[\]-]))""", re.X)
_EXPRESSION = re.compile(r"\{\{(.*?)\}\}", re.S)  # a {{ ... }}; its inside holds no braces
_CONSTANTS = {"true": True, "True": True, "false": False, "False": False, "none": None,
              "None": None}
_RESERVED = {"and", "or", "not", "in", "is", "if", "else"}
_SCALARS = (str, int, float, bool, type(None))
_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
            ">": operator.gt, ">=": operator.ge}
_ARITHMETIC = {"+": operator.add, "-": operator.sub, "*": operator.mul}
_NUMBERS = (int, float)
LIST_FILTERS = {"max": max, "min": min}   # Jinja2's, without arguments, on a list of numbers


class _NotSimple(Exception):
    pass


def _grown(fn: Fn, tree: tuple) -> Fn:
    """`fn` marked with the parse tree it was built from (its `tree`: rules/generate.py
    writes Python source from it, and rules/expr.py finds the zones it reads there)."""
    fn.tree = tree  # type: ignore[attr-defined]
    return fn


def tree_of(fn: Fn) -> tuple:
    return getattr(fn, "tree", ("opaque",))


class Undefined(Exception):
    """A name the row does not have (Jinja2: "'name' is undefined")."""


class TooLarge(Exception):
    """A value the sandbox refuses as too large (pnp/sandbox.py's TemplateLimit)."""


def _lookup(name: str) -> Fn:
    def get(row: Row) -> Any:
        try:
            return row[name]
        except KeyError:
            raise Undefined(name) from None
    return get


def compile_direct(raw: str, filters: dict[str, Callable],
                   constants: dict[str, Any] | None = None,
                   lookups: bool = False,
                   aggregates: dict[str, tuple[str, Callable]] | None = None
                   ) -> tuple[Fn, frozenset[str]] | None:
    """(a function of the row, the names it reads) for `raw` when it is text around simple
    `{{ expression }}`s whose filters are among `filters` (pure functions of their arguments)
    or JINJA_FILTERS; else None. `constants`: names that are the same on every row (not
    columns), whose dict keys an expression may read as attributes (`game.title`).
    `lookups`: the row's values are dicts and lists (a rules engine's state), read with
    `me.wounds` and `me[card.type]` as the sandbox reads a key or an index. `aggregates`: names
    whose `.key` is worked out over a list of the row (`most.wounds`: {"most": ("players",
    max)} is the highest `wounds` of row["players"]), where the row holds no such name."""
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
            parser = _Parser(tokens, filters, constants or {}, lookups, aggregates or {})
            parts.append(parser.expression(printed=True))
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
                 constants: dict[str, Any], lookups: bool = False,
                 aggregates: dict[str, tuple[str, Callable]] | None = None):
        self.tokens, self.filters, self.constants, self.at = tokens, filters, constants, 0
        self.lookups = lookups
        self.aggregates = aggregates or {}
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

    def expression(self, printed: bool = False) -> Fn:
        """`a if test else b` (printed: the else may be left out, printing nothing, as
        Jinja2's Undefined prints), or an `or` chain."""
        value = self._chain("or", self._and, _either)
        if not self._word("if"):
            return value
        test = self._chain("or", self._and, _either)
        if self._word("else"):
            other = self.expression(printed)
        elif printed:
            other = _const("")
        else:
            raise _NotSimple  # an Undefined that goes on into other operations
        if self._peek() == ("name", "if"):
            raise _NotSimple
        return _grown(lambda row: value(row) if test(row) else other(row),
                      ("if", tree_of(value), tree_of(test), tree_of(other)))

    def _and(self) -> Fn:
        return self._chain("and", self._not, _both)

    def _chain(self, word: str, operand: Callable[[], Fn], join: Callable[[Fn, Fn], Fn]) -> Fn:
        """operand (word operand)*, joined left to right."""
        left = operand()
        while self._word(word):
            right = operand()
            left = _grown(join(left, right), (word, tree_of(left), tree_of(right)))
        return left

    def _not(self) -> Fn:
        if self._word("not"):
            inner = self._not()
            return _grown(lambda row: not inner(row), ("not", tree_of(inner)))
        return self._compare()

    def _compare(self) -> Fn:
        left = self._sum()
        kind, op = self._peek()
        if kind == "op" and op in _COMPARE:
            self.at += 1
            right = self._sum()
            if self._peek()[1] in _COMPARE:
                raise _NotSimple  # a chain: Jinja2's meaning, not ours
            return _grown(_binary(_COMPARE[op], left, right),
                          ("compare", op, tree_of(left), tree_of(right)))
        return left

    def _sum(self) -> Fn:  # + and -, then * (Jinja2's math1 and math2), left to right
        return self._arithmetic(("+", "-"), lambda: self._arithmetic(("*",), self._filtered))

    def _arithmetic(self, ops: tuple[str, ...], operand: Callable[[], Fn]) -> Fn:
        left = operand()
        while self._peek()[0] == "op" and self._peek()[1] in ops:
            op = self._take("op")
            right = operand()
            left = _grown(_binary(_ARITHMETIC[op], left, right) if op == "-" else
                          limited_op(op, left, right), ("arith", op, tree_of(left), tree_of(right)))
        return left

    def _filtered(self) -> Fn:
        node = self._primary()
        while self._peek() == ("op", "|"):
            self.at += 1
            name = self._take("name")
            fn = self.filters.get(name)
            if fn is None and self.lookups and name in LIST_FILTERS and \
                    self._peek() != ("op", "("):
                node = _grown(_of_list(LIST_FILTERS[name], node), ("of_list", name, tree_of(node)))
                continue
            if fn is None:
                if name not in JINJA_FILTERS:
                    raise _NotSimple
                fn = JINJA_FILTERS[name][0]
            args: list[tuple[Fn | None, Any]] = []  # (an expression, or None and a constant)
            if self._peek() == ("op", "("):
                self.at += 1
                while self._peek() != ("op", ")"):
                    if self._constant_argument():
                        args.append((None, self._constant()))
                    else:
                        args.append((self.expression(), None))
                    if self._peek() == ("op", ","):
                        self.at += 1
                    elif self._peek() != ("op", ")"):
                        raise _NotSimple
                self.at += 1
            if name in JINJA_FILTERS and len(args) > JINJA_FILTERS[name][1]:
                raise _NotSimple
            node = _grown(_filtered(fn, node, args), ("filter", name, tree_of(node), tuple(
                tree_of(arg) if arg is not None else ("const", value) for arg, value in args)))
        return node

    def _constant_argument(self) -> bool:
        """A constant that is the whole argument (`0.85,` or `'ceil')`)."""
        kind, text = self._peek()
        after = self.tokens[self.at + 1] if self.at + 1 < len(self.tokens) else ("end", "")
        return (kind in ("num", "str") or kind == "name" and text in _CONSTANTS) and \
            after in (("op", ","), ("op", ")"))

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
        if kind == "op" and text == "[" and self.lookups:
            return self._list()
        if kind == "name" and text not in _CONSTANTS:
            if text in _RESERVED:
                raise _NotSimple
            self.at += 1
            if self._peek()[1] == "(":
                raise _NotSimple  # a call
            self.names.add(text)
            if self._peek() == ("op", ".") and not (self.lookups and text not in self.constants):
                return _const(self._attributes(text))
            if text in self.constants:      # options['goal']: the game's, on every row
                node = _const(self.constants[text])
            elif text in self.aggregates:
                if self._peek() != ("op", "."):
                    raise _NotSimple   # most[k]: Jinja2, given the whole dict
                self.at += 1
                over, reduce = self.aggregates[text]
                key = self._key()
                node = _grown(_aggregate(over, reduce, key), ("aggregate", text, key))
            elif self.lookups and self._peek() == ("op", "."):
                self.at += 1
                key = self._key()
                node = _grown(_field(text, key), ("key", ("name", text), ("const", key)))
            elif self.lookups and self._peek() == ("op", "["):
                self.at += 1
                index = self.expression()
                self._take("op", "]")
                node = _grown(_name_keyed(text, index),    # winner[card.type]: one step too
                              ("key", ("name", text), tree_of(index)))
            else:
                node = _grown(_lookup(text), ("name", text))
            while self.lookups and self._peek() in (("op", "."), ("op", "[")):
                node = self._item(node)
            return node
        return _const(self._constant())

    def _key(self) -> str:
        return self._take("name")   # (`card.values`: the field, as the sandbox reads it)

    def _list(self) -> Fn:
        """`[a, b, c]`: a list literal (not empty: Jinja2 has its own ways with one)."""
        self._take("op", "[")
        items = [self.expression()]
        while self._peek() == ("op", ","):
            self.at += 1
            items.append(self.expression())
        self._take("op", "]")
        parts = tuple(items)
        return _grown(lambda row: [part(row) for part in parts],
                      ("list", tuple(tree_of(part) for part in parts)))

    def _item(self, node: Fn) -> Fn:
        """`.key` or `[expression]` after a value: the sandbox's getattr of a dict or list,
        which reads a dict's key before its attribute (`card.values`: the field)."""
        if self._take("op") == ".":
            key = self._take("name")
            return _grown(_keyed(node, _const(key)), ("key", tree_of(node), ("const", key)))
        index = self.expression()
        self._take("op", "]")
        whole, at = getattr(node, "constant", None), getattr(index, "constant", None)
        if whole and at and type(whole[0]) is dict and type(at[0]) is str and at[0] in whole[0] \
                and type(whole[0][at[0]]) in _SCALARS:
            return _const(whole[0][at[0]])      # options['goal']: its number, found now
        return _grown(_keyed(node, index), ("key", tree_of(node), tree_of(index)))

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


def _filtered(fn: Callable[..., Any], inner: Fn, args: list[tuple[Fn | None, Any]]) -> Fn:
    if all(arg is None for arg, _ in args):  # (most: `tint(0.85)`) constant arguments
        values = tuple(value for _, value in args)
        return lambda row: fn(inner(row), *values)
    parts = [arg or _const(value) for arg, value in args]
    return lambda row: fn(inner(row), *[arg(row) for arg in parts])


def _field(name: str, key: str) -> Fn:
    """`name.key`: the row's `name`, then its item `key`, as _keyed reads it, in one step."""
    def get(row: Row) -> Any:
        try:
            value = row[name]
        except KeyError:
            raise Undefined(name) from None
        if type(value) is dict:
            try:
                return value[key]
            except KeyError:
                raise Undefined(key) from None
        raise Undefined(key)
    return get


def _name_keyed(name: str, key: Fn) -> Fn:
    """`name[key]`: the row's `name`, then its item `key`, as _keyed reads it, in one step."""
    def get(row: Row) -> Any:
        try:
            value = row[name]
        except KeyError:
            raise Undefined(name) from None
        k = key(row)
        if type(value) not in (dict, list, tuple):
            raise Undefined(f"{k}")
        try:
            return value[k]
        except (KeyError, IndexError, TypeError):
            raise Undefined(f"{k}") from None
    return get


def _aggregate(over: str, reduce: Callable, key: str) -> Fn:
    """`most.wounds`: reduce (max, min) of `key` over the dicts of row[over]."""
    take = operator.itemgetter(key)

    def get(row: Row) -> Any:
        try:
            return reduce(map(take, row[over]))
        except KeyError:
            raise Undefined(key) from None
    return get


def _of_list(reduce: Callable, inner: Fn) -> Fn:
    """`[a, b] | max`: Jinja2's max and min filters, which for numbers are Python's; anything
    else goes to Jinja2's own filter."""
    def run(row: Row) -> Any:
        value = inner(row)
        if type(value) is list and value and all(type(v) in _NUMBERS for v in value):
            return reduce(value)
        from jinja2 import filters

        from ..templating import environment

        jinja = filters.do_max if reduce is max else filters.do_min
        return jinja(environment(), value)
    return run


def _keyed(node: Fn, key: Fn) -> Fn:
    def get(row: Row) -> Any:
        value, k = node(row), key(row)
        if type(value) not in (dict, list, tuple):
            raise Undefined(f"{k}")
        try:
            return value[k]
        except (KeyError, IndexError, TypeError):
            raise Undefined(f"{k}") from None
    return get


def _const(value: Any) -> Fn:
    def get(row: Row) -> Any:
        return value
    get.constant = (value,)  # type: ignore[attr-defined]  # (read by _binary)
    get.tree = ("const", value)  # type: ignore[attr-defined]
    return get


def _binary(op: Callable[[Any, Any], Any], a: Fn, b: Fn) -> Fn:
    constant = getattr(b, "constant", None)
    if constant is not None:       # (`most.wounds >= options.limit`: one call fewer)
        value = constant[0]
        return lambda row: op(a(row), value)
    return lambda row: op(a(row), b(row))


INT_BITS = 10_000  # sandbox.MAX_INT_BITS (not imported: it imports Jinja2)


def limited_op(symbol: str, a: Fn, b: Fn) -> Fn:
    """+ or *, as the sandbox does them: numbers at once; anything else (texts, lists, a
    product of whole numbers) through its size checks, with its words."""
    op = _ARITHMETIC[symbol]

    def checked(x: Any, y: Any) -> Any:
        from ..sandbox import TemplateLimit, check_binop, check_size

        try:
            check_binop(symbol, x, y)
            return check_size(op(x, y))
        except TemplateLimit as exc:
            raise TooLarge(str(exc)) from None

    if symbol == "*":
        def times(row: Row) -> Any:
            """run's checks for a product, whole numbers (the frequent case) first."""
            x, y = a(row), b(row)
            tx, ty = type(x), type(y)
            if tx is int and ty is int:
                if x.bit_length() + y.bit_length() <= INT_BITS:
                    return x * y
            elif tx in _NUMBERS and ty in _NUMBERS:     # a float among them
                return x * y
            return checked(x, y)
        return times

    def run(row: Row) -> Any:
        x, y = a(row), b(row)
        if type(x) in _NUMBERS and type(y) in _NUMBERS and (symbol == "+" or float in (
                type(x), type(y))):
            return op(x, y)
        return checked(x, y)
    return run


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


def _sized(value: Any) -> Any:
    """The sandbox's check of a filter's result: only a very long one can fail it, so only
    then is the sandbox (and Jinja2) imported to check it, and its words kept."""
    if isinstance(value, str) and len(value) > 100_000:
        from ..sandbox import TemplateLimit, check_size

        try:
            check_size(value)
        except TemplateLimit as exc:
            raise TooLarge(str(exc)) from None
    return value


def _text(value: Any) -> str:
    return value if isinstance(value, str) else str(value)  # Jinja2's soft_str


def _round(value: Any, precision: Any = 0, method: Any = "common") -> Any:
    """Jinja2's `round` filter, with the sandbox's bound on the precision."""
    from ..sandbox import check_round

    check_round(value, precision)
    if method not in {"common", "ceil", "floor"}:
        raise ValueError("method must be common, ceil or floor")
    if method == "common":
        return round(value, precision)
    return getattr(math, method)(value * (10**precision)) / (10**precision)


# Jinja2's own filters that simple expressions use, as Jinja2 defines them, with how many
# arguments each takes (more: Jinja2 says what is wrong)
JINJA_FILTERS: dict[str, tuple[Callable[..., Any], int]] = {
    "upper": (lambda v: _sized(_text(v).upper()), 0),
    "lower": (lambda v: _sized(_text(v).lower()), 0),
    "capitalize": (lambda v: _sized(_text(v).capitalize()), 0),
    "round": (_round, 2),
}
