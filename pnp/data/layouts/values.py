"""Layout property values. A value is a constant (checked and converted once, when the layout is
read) or a sandboxed Jinja2 expression over the card's row, compiled once per layout and
evaluated per card (rows that share the names an expression reads share one rendering). A plain
`{{ column }}` is looked up, not rendered: it is most values, and it gives the text Jinja2 would
print."""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable

from ...errors import DataError, did_you_mean
from ..colours import Colour, parse_colour
from ..files import WrittenFloat, WrittenInt, cell_number, exact_whole
from ...units import MAX_PIECE_MM, MM, length

# `{{ column }}` (not `{{ true }}`, a constant)
_ROW_KEY = re.compile(r"""\brow(?:\[\s*(['"])(.*?)\1\s*\]|\.([A-Za-z_]\w*))""")
_DICT_ATTRIBUTES = frozenset(dir(dict))  # row.get(...): the row's own method, no column
_PLAIN = re.compile(r"^\{\{\s*(?!(?:[tT]rue|[fF]alse|[nN]one)\s*\}\})([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$")
FALSE = {"", "false", "no", "0", "none", "off", "n"}


class ValueProblem(ValueError):
    """A value that cannot be used; the drawer turns it into a finding naming row and element.
    `props`: the element's properties it comes from, where the drawing knows them (a problem
    of properties no row sets is the layout file's, said once)."""

    def __init__(self, message: str = "", *props: str):
        super().__init__(message)
        self.props = props


class TimedOut(ValueProblem):
    """An expression stopped for running out its time on one card."""


@dataclass(frozen=True)
class Length:
    """Points plus a percentage of the frame it is measured in: "5mm", "50%", "100% - 6mm"."""

    points: float
    percent: float = 0.0

    def of(self, whole: float) -> float:
        return self.points + whole * self.percent / 100


# A layout's lengths stay within ten of the largest piece (and percentages of it): beyond, a
# value is a typo, and PDF numbers that large are refused by the writer (1e20 crashed a build).
MAX_LENGTH = 10 * MAX_PIECE_MM * MM
MAX_PERCENT = 1000.0
_TERM = re.compile(r"\s*([+-]?)\s*([^+\s-][^+-]*?)\s*(?=[+-]|$)")


def to_length(raw: Any) -> Length:
    def wrong() -> ValueProblem:  # (made only when needed)
        return ValueProblem(f"expected a length such as 5mm, 0.25in, 12pt, 50% or 100% - 6mm, "
                            f"got {raw!r}")

    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        try:
            return _bounded(raw, length(raw), 0.0)
        except DataError:  # nan or inf (TOML has both)
            raise wrong() from None
    text = str(raw).strip()
    points = percent = 0.0
    pos = 0

    for m in _TERM.finditer(text):
        if m.start() != pos or not m.group(2):
            raise wrong()
        pos = m.end()
        sign = -1.0 if m.group(1) == "-" else 1.0
        term = m.group(2).strip()
        try:
            if term.endswith("%"):
                percent += sign * float(term[:-1])
            else:
                points += sign * length(term)
        except (ValueError, DataError):
            raise wrong() from None
    if pos != len(text) or not text:
        raise wrong()
    return _bounded(raw, points, percent)


def _bounded(raw: Any, points: float, percent: float) -> Length:
    if not (abs(points) <= MAX_LENGTH and abs(percent) <= MAX_PERCENT):  # NaN fails too
        raise ValueProblem(f"{raw!r} is too large: a layout's lengths are at most "
                           f"{MAX_PIECE_MM * 10:,} mm and {MAX_PERCENT:,.0f} %")
    return Length(points, percent)


def to_dash(raw: Any) -> tuple[Length, ...]:
    """A dash pattern: one length (dashes and gaps alike) or a list of lengths, dash, gap,
    dash... (`[2, 1]`: 2 mm on, 1 mm off); 0 is a solid line."""
    items = list(raw) if isinstance(raw, (list, tuple)) else [raw]
    if not 1 <= len(items) <= 8:
        raise ValueProblem(f"a dash is one length or a list of 1 to 8 lengths, got {raw!r}")
    try:
        pattern = tuple(to_length(item) for item in items)
    except ValueProblem:
        raise ValueProblem(f"a dash is one length (dash = 2) or a list of lengths, dash then "
                           f"gap (dash = [2, 1]; bare numbers are mm), got {raw!r}") from None
    if any(p.points < 0 or p.percent for p in pattern):
        raise ValueProblem(f"dash lengths are 0 or more, in mm, cm, in or pt; got {raw!r}")
    return pattern


def to_number(raw: Any) -> float:
    if isinstance(raw, bool):  # (float(True) is 1: size = true printed at 1 pt)
        raise ValueProblem(f"expected a number, got {str(raw).lower()}")
    try:
        value = float(raw)
    except (TypeError, ValueError):
        raise ValueProblem(f"expected a number, got {raw!r}") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueProblem(f"expected a finite number, got {raw!r}")
    return value


def to_bool(raw: Any) -> bool:
    """Words as a designer means them (no, off, none); any number that is zero (0, 0.0, -0) is
    false, as it is to Jinja2's `if`."""
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in FALSE:
        return False
    number = cell_number(text)  # (a number as a cell is one: "0.0" and "-0", not "0e0" or "٠")
    return number is None or number != 0


def to_text(raw: Any) -> str:
    written = getattr(raw, "written", None)  # a number cell, as written (components.auto)
    if isinstance(written, str):
        return written
    if exact_whole(raw):
        return str(int(raw))
    return "" if raw is None else str(raw)


def choice(*allowed: str, same: dict[str, str] | None = None) -> Callable[[Any], str]:
    """One of `allowed`, in any case; `same` maps other words for them ("center")."""
    def convert(raw: Any) -> str:
        text = str(raw).strip().lower()
        text = (same or {}).get(text, text)
        if text not in allowed:
            raise ValueProblem(f"{raw!r} is not one of: {', '.join(allowed)}"
                               f"{did_you_mean(text, allowed)}")
        return text
    return convert


def colour_in(palette: dict[str, Colour]) -> Callable[[Any], Colour | None]:
    """A colour, or None for "none" (no fill, no stroke). A deck repeats a few colours on
    every card: each text is parsed once (colours are immutable tuples), by one converter per
    palette."""
    hit = _CONVERTERS.get(id(palette))
    if hit is None or hit[0] is not palette:
        if len(_CONVERTERS) > 16:  # games opened one after another (tests, pnp serve)
            _CONVERTERS.clear()
        hit = _CONVERTERS[id(palette)] = (palette, _colour_converter(palette))
    return hit[1]


_CONVERTERS: dict[int, tuple[dict, Callable[[Any], Colour | None]]] = {}


def _colour_converter(palette: dict[str, Colour]) -> Callable[[Any], Colour | None]:
    seen: dict[str, Colour] = {}

    def convert(raw: Any) -> Colour | None:
        text = str(raw).strip()
        hit = seen.get(text)
        if hit is not None:
            return hit
        if text.lower() in ("", "none", "transparent"):
            return None
        try:
            colour = parse_colour(text, palette)
        except DataError as exc:
            raise ValueProblem(exc.message) from None
        if len(seen) < 1024:
            seen[text] = colour
        return colour
    return convert


# names a face's expressions may read that are known only when it is drawn: the row itself, and
# whether this is an --ink-saver print (its backgrounds outlined, so marks on them go dark)
DRAWN = frozenset({"row", "ink_saver"})

_EXPRESSION = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)


def literal(raw: Any) -> str:
    """A template's own words: its text without the expressions in braces."""
    return _EXPRESSION.sub("", str(raw))


def _spelled_hint(unknown: list[str], columns) -> str:
    """How to read a column whose name is no plain word ("first-paragraph", "Card Name"), when
    the unknown names are its pieces: `{{ first-paragraph }}` subtracts two names."""
    for column in sorted(columns):
        if not column.isidentifier() and set(unknown) <= set(re.split(r"\W+", column)):
            return (f"; a column named {column!r} is read as {{{{ row['{column}'] }}}} "
                    "(a - or a space in a name is Jinja2 arithmetic or a new word)")
    return ""


class Value:
    """One property of one element, ready to give its value for a card."""

    __slots__ = ("static", "const", "column", "template", "convert", "raw", "names", "memo",
                 "truths", "stopped")

    def __init__(self, raw: Any, convert: Callable[[Any], Any], scope: "Scope", where: str):
        self.raw, self.convert = raw, convert
        self.column: str | None = None
        self.template: Any = None
        self.truths = False  # a `when` of names and and/or/not: remembered by their truth
        self.stopped: TimedOut | None = None  # once it ran out its time on a card
        self.static = not (isinstance(raw, str) and ("{{" in raw or "{%" in raw))
        self.const = None
        if self.static:
            try:
                self.const = convert(raw)
            except ValueProblem as exc:
                raise DataError(str(exc), scope.path, field=where) from None
            return
        m = _PLAIN.match(raw)
        names = {m.group(1)} if m else scope.names_in(raw, where)
        unknown = sorted(n for n in names if n not in scope.known)
        if unknown:
            has = ", ".join(sorted(scope.columns)) or "no columns"
            hint = (_spelled_hint(unknown, scope.columns)
                    or did_you_mean(unknown[0], sorted(scope.known)))
            raise DataError(f"{raw!r} uses {', '.join(map(repr, unknown))}, which is neither a "
                            f"column of the data ({has}) nor a palette colour or setting{hint}",
                            scope.path, field=where)
        for _, key, attribute in _ROW_KEY.findall(raw):  # row['first-paragraph'], row.cost
            column = key or attribute
            if attribute in _DICT_ATTRIBUTES or not scope.columns or column in scope.columns:
                continue
            read = f"row.{column}" if attribute else f"row[{column!r}]"
            raise DataError(f"{raw!r} reads {read}, which is not a column of the data "
                            f"({', '.join(sorted(scope.columns))})"
                            f"{did_you_mean(column, sorted(scope.columns))}", scope.path,
                            field=where)
        if m:
            self.column = m.group(1)
        else:
            self.names = tuple(sorted(names))
            self.memo: dict[Any, tuple[Any] | ValueProblem] = {}
            self.template = scope.compile(raw, where)
            self.truths = convert is to_bool and _truth_only(scope.tree(raw, where))
        if not names & (scope.columns | DRAWN):
            # the same on every row (palette, game, vars): work it out once, here
            try:
                self.const = convert(render(self.template, scope.constants) if self.template
                                     else printed(scope.constants[str(self.column)]))
            except ValueProblem as exc:
                raise DataError(str(exc), scope.path, field=where) from None
            self.static, self.column, self.template = True, None, None

    def get(self, context: dict[str, Any]) -> Any:
        if self.static:
            return self.const
        if self.column is not None:
            return self.convert(printed(context[self.column]))
        # a template's result depends only on the names it uses: rows that share them (the
        # same suit, the same cost) share one rendering, and it is given only those (Jinja2
        # copies what it is given into each render's context)
        used = {n: context[n] for n in self.names}
        try:
            key = _truth_key(used.values()) if self.truths else _memo_key(used.values())
            hit = self.memo.get(key)
        except TypeError:  # an unhashable value (a list): render every time
            return self._rendered(used)
        if hit is None:
            if len(self.memo) > 4096:
                self.memo.clear()
            try:
                hit = (self._rendered(used),)
            except ValueProblem as exc:
                # the same names give the same problem: an expression that ran out its time
                # (5 s) on a card is not run again for each copy of that card
                hit = exc
            self.memo[key] = hit
        if isinstance(hit, ValueProblem):
            raise ValueProblem(*hit.args)
        return hit[0]

    def _rendered(self, used: dict[str, Any]) -> Any:
        if self.stopped is not None:  # each other card would wait as long: one wait a build
            was = str(self.stopped).removeprefix("expression ")
            raise ValueProblem(f"expression not run for this card: on an earlier one it was {was}")
        try:
            return self.convert(render(self.template, used))
        except TimedOut as exc:
            self.stopped = exc
            raise


def _truth_only(tree) -> bool:
    """Whether a template is one expression of names joined by and, or and not: its value is
    then one of the names' values (and, or) or a truth (not), chosen by the names' truths, so
    whether it shows depends only on each name's truth and to_bool() (a `when` that reads a
    card's own text, `{{ image and text }}`, is then worked out once for all cards alike)."""
    from jinja2 import nodes

    def joined(node) -> bool:
        if isinstance(node, nodes.Name):
            return True
        if isinstance(node, (nodes.And, nodes.Or)):
            return joined(node.left) and joined(node.right)
        return isinstance(node, nodes.Not) and joined(node.node)

    body = tree.body
    return (len(body) == 1 and isinstance(body[0], nodes.Output) and len(body[0].nodes) == 1
            and joined(body[0].nodes[0]))


_PRINTED_APART = frozenset({float, bool, WrittenInt, WrittenFloat})


def _memo_key(values) -> tuple:
    """The memo's key for a template: equal numbers that print apart (1, 1.0 and True; 7 and a
    cell "007") are told apart by their type and text, or one row would print another's."""
    return tuple((type(v), str(v)) if type(v) in _PRINTED_APART else v for v in values)


def _truth_key(values) -> tuple:
    """The memo's key for a truth-only `when`: a text by its truth to Jinja2's and/or/not and to
    to_bool() (what decides which value is printed and what that prints as); other values as
    they are."""
    return tuple((v != "", to_bool(v)) if type(v) is str else v for v in values)


def printed(value: Any) -> Any:
    """A value as `{{ value }}` prints it: a number, truth or none as Jinja2 renders it (str), so
    a column looked up and the same column inside a longer expression read alike (a cell 2.0
    prints 2.0 both ways); a table or list as it is (a figure's args take a game's cycle)."""
    return str(value) if isinstance(value, (int, float, bool)) or value is None else value


def render(template, context: dict[str, Any]) -> str:
    import jinja2
    from jinja2.sandbox import SecurityError

    from ...sandbox import Deadline, TemplateLimit, TemplateTimeout, bounded_join

    try:
        with Deadline.here():
            # (Value.get gives only the names the expression reads: a small context to make)
            ctx = template.new_context(context)
            return bounded_join(template.root_render_func(ctx))  # a loop stops at the bound
    except TemplateTimeout:
        raise TimedOut("expression still running after "
                       f"{Deadline.here().seconds:g} s (a loop without end, or far too "
                       "large?)") from None
    except TemplateLimit as exc:
        raise ValueProblem(f"expression too large: {exc}") from None
    except SecurityError as exc:
        raise ValueProblem(f"the expression tried something the sandbox forbids: {exc}") \
            from None
    except jinja2.TemplateError as exc:
        raise ValueProblem(f"expression error: {exc}") from None
    except ValueProblem:
        raise
    except RecursionError:
        raise ValueProblem("expression error: it nests too deeply or calls itself without "
                           "end") from None
    except Exception as exc:  # whatever an expression does wrong is the layout's to fix
        words = str(exc).strip() or type(exc).__name__
        if isinstance(exc, TypeError) and words.startswith("no loader for this environment"):
            raise ValueProblem("an expression cannot {% include %}, {% import %} or {% extends "
                               "%} a file (a layout's expressions read the row, the palette "
                               "and the game; a layout file extends another with extends = "
                               "\"base.toml\")") from None
        raise ValueProblem(f"expression error: {words[:300]}{_texts_read(exc, context)}") \
            from None


def _texts_read(exc: Exception, context: dict[str, Any]) -> str:
    """For a text met where a number was meant (`cost + 1` on a cell "1e3", Python's "can only
    concatenate str (not "int") to str"), the cells the expression read that are texts, not
    numbers: what the designer is to fix (a number cell is digits: 1000, 2.5, -3)."""
    if not isinstance(exc, TypeError) or "str" not in str(exc):
        return ""
    texts = [(name, value) for name, value in context.items() if type(value) is str]
    texts = [t for t in texts if any(c.isdigit() for c in t[1])] or texts  # ("1e3" first)
    said = [f"{name} is the text {value!r}" for name, value in texts[:3]]
    return f" ({', '.join(said)}, not a number)" if said else ""


class Scope:
    """The names a layout's expressions may use (the data's columns, `palette`, `game`, the
    component's vars), and the one sandboxed Jinja2 environment they compile in."""

    def __init__(self, path, columns, palette: dict[str, Colour], constants: dict[str, Any]):
        self.path = path
        self.columns = frozenset(columns)
        self.palette = palette
        self.constants = constants  # palette, game and the component's vars
        self.known = self.columns | DRAWN | set(constants)
        self._env: Any = None  # Jinja2's, made when an expression first needs it

    @property
    def env(self):
        if self._env is None:
            self._env, self._parsed, self._cache = _environment(self.palette)
        return self._env

    def tree(self, raw: str, where: str):
        """The expression's parsed template (parsed once, as for compiling it)."""
        return self._parse(raw, where)

    def _parse(self, raw: str, where: str):
        import jinja2

        from ... import syntaxwords

        env = self.env
        tree = self._parsed.get(raw)
        if tree is None:
            try:
                with self._not_too_deep(raw, where):
                    tree = env.parse(raw)
            except jinja2.TemplateSyntaxError as exc:
                raise DataError(f"expression {raw!r}: {syntaxwords.said(exc.message or '')}",
                                self.path, field=where) from None
            self._check_filters(tree, raw, where)
            self._check_braces(raw, where)
            self._parsed[raw] = tree  # (kept only once it passed: other layouts reuse it)
        return tree

    def _check_braces(self, raw: str, where: str) -> None:
        """A brace beside an expression's own ({{ title }}}, {{{ title }}) is one too many:
        Jinja2 prints it as text ("Sunrise}"); a brace inside one ({{ {'a': 1}[k] }}) is
        its."""
        tokens = [(kind, text) for _, kind, text in self.env.lex(raw)]
        for (kind, text), (after, later) in zip(tokens, tokens[1:]):
            stray = ("}" if kind == "variable_end" and after == "data" and later.startswith("}")
                     else "{" if kind == "data" and text.endswith("{") and
                     after == "variable_begin" else "")
            if stray:
                raise DataError(f"{raw!r} has {stray * 3}: one brace too many, which would "
                                "print as text; an expression is {{ ... }}", self.path,
                                field=where)

    @contextmanager
    def _not_too_deep(self, raw: str, where: str):
        """Jinja2's parser and Python's compiler recurse: an expression nested or chained
        deeper than they go is refused as the layout's mistake, not pnp's."""
        try:
            yield
        except (RecursionError, MemoryError, SyntaxError):  # (Python's, compiling Jinja2's code)
            raise DataError(f"expression {raw[:80]!r}... is too deeply nested or too long to "
                            f"read ({len(raw)} characters): split it into several values",
                            self.path, field=where) from None

    def _check_filters(self, tree, raw: str, where: str) -> None:
        """A filter or test the environment lacks is refused wherever it stands (Jinja2 leaves
        one inside an {% if %} to fail card after card), with the name it is close to."""
        from jinja2 import nodes

        for node in tree.find_all((nodes.Filter, nodes.Test)):
            known = self.env.filters if isinstance(node, nodes.Filter) else self.env.tests
            if node.name not in known:
                kind = "filter" if isinstance(node, nodes.Filter) else "test"
                raise DataError(f"expression {raw!r}: No {kind} named {node.name!r}"
                                f"{did_you_mean(node.name, known)}", self.path, field=where)

    def names_in(self, raw: str, where: str) -> set[str]:
        import jinja2
        from jinja2 import meta

        tree = self._parse(raw, where)
        with self._not_too_deep(raw, where):
            read = _names_read(tree, self.env)
            if read is not None:
                return read
            try:
                return set(meta.find_undeclared_variables(tree))
            except jinja2.TemplateError as exc:  # found while compiling it
                said = (exc.message or str(exc)).rstrip(".")
                raise DataError(f"expression {raw!r}: {said}", self.path, field=where) from None

    def compile(self, raw: str, where: str):
        """The expression's template, compiled from the tree already parsed (syntax errors
        name the layout file and property); the same text in another layout of the game
        reuses it."""
        env = self.env
        template = self._cache.get(raw)
        if template is None:
            tree = self._parse(raw, where)
            with self._not_too_deep(raw, where):
                code = env.compile(tree)
            template = self._cache[raw] = env.template_class.from_code(
                env, code, env.make_globals(None))
        return template


def _names_read(tree, env) -> set[str] | None:
    """The names a template made only of expressions (and ifs) reads, from its tree: none of
    its nodes declares a name, as a for or a set would, so every name it loads comes from its
    context (or is one of the environment's globals). None for any other template: jinja2.meta
    tells those, by generating the template's code (about as long as compiling it). (Its
    filters and tests are known: Scope._parse refused any other.)"""
    from jinja2 import nodes

    plain = (nodes.Expr, nodes.Output, nodes.If, nodes.Keyword, nodes.Pair, nodes.Operand)
    names = set()
    for node in tree.find_all(nodes.Node):
        if isinstance(node, nodes.Name):
            if node.name == "self":  # the template itself to Jinja2, not a name it looks up
                return None
            if node.name not in env.globals:  # (range, dict...: as jinja2.meta counts)
                names.add(node.name)
        elif not isinstance(node, plain):
            return None
    return names


# one environment per palette's colours: a game's layouts (and the bases they extend) share it,
# with its parsed and compiled expressions, and so does the same game opened again (`pnp watch`
# after each edit: its layouts' Jinja2 code is half of opening Legolas)
_ENVIRONMENTS: dict[tuple, tuple[Any, dict, dict]] = {}


def _environment(palette: dict[str, Colour]):
    from ...templating import environment

    colours = tuple(palette.items())  # (the filters read only these; Colours are tuples)
    hit = _ENVIRONMENTS.get(colours)
    if hit is None:
        env = environment()
        env.filters.update(colour_filters(dict(palette)))
        env.filters.update(NUMBER_FILTERS)
        if len(_ENVIRONMENTS) > 16:  # games opened one after another (tests, pnp serve)
            _ENVIRONMENTS.clear()
        hit = _ENVIRONMENTS[colours] = (env, {}, {})
    return hit


def colour_filters(palette: dict[str, Colour]) -> dict[str, Callable]:
    """Jinja2 filters for colours: `{{ suit | tint(0.8) }}` mixes toward white, `shade` toward
    black, `ink` gives black or white, whichever reads on the colour."""

    def rgb(value: Any) -> Colour:
        return colour_in(palette)(value) or Colour(1, 1, 1)

    def amount(name: str, t: Any) -> float:
        share = float(t)
        if not 0 <= share <= 1:  # (beyond, the channels leave 0-255: no colour at all)
            raise ValueError(f"{name} takes an amount from 0 to 1, not {t!r}")
        return share

    def mix(c: Colour, to: float, t: float, name: str) -> str:
        t = amount(name, t)
        return "#" + Colour(*(v + (to - v) * t for v in c)).hexval()[2:]

    def ink(value: Any) -> str:
        r, g, b = rgb(value)
        return "#000000" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.5 else "#ffffff"

    def towards(value: Any, other: Any, t: float = 0.5) -> str:
        a, b, t = rgb(value), rgb(other), amount("mix", t)
        return "#" + Colour(*(x + (y - x) * t for x, y in zip(a, b))).hexval()[2:]

    return {"tint": lambda v, t=0.5: mix(rgb(v), 1.0, t, "tint"),
            "shade": lambda v, t=0.5: mix(rgb(v), 0.0, t, "shade"),
            "mix": towards, "ink": ink}


MINUS = "\u2212"
HALF = "\u00bd"


def fraction(n: Any) -> str:
    """A number as printed on a card: 2, 0.5 as ½, 2.5 as 2½ (no "2.0")."""
    n = to_number(n)
    whole = int(n)
    if n == whole:
        return str(whole)
    if abs(n - whole) == 0.5:
        return (f"{whole}" if whole else ("-" if n < 0 else "")) + HALF
    return f"{n:g}"


def signed(n: Any) -> str:
    """+3, −2 (a true minus sign), 0: a score as printed."""
    n = to_number(n)
    text = fraction(abs(n))
    return f"+{text}" if n > 0 else f"{MINUS}{text}" if n < 0 else "0"


# `{{ vp | signed }}`, `{{ coins | fraction }}`: numbers printed as a player reads them
NUMBER_FILTERS: dict[str, Callable] = {"signed": signed, "fraction": fraction}
