"""Conditions and amounts of a rules file: expressions in the layouts' language (Jinja2's, in
pnp's limited sandbox), compiled once when the rules are read. Most are simple (`me.wounds >=
options.wound_limit`, `winner[card.type] * card.multiplier`) and run as plain Python functions
(rules/direct.py); the rest (filters such as `max`, lists, `in`) run in the sandbox with
its time and size limits. A bare expression gives its value; text with `{{ }}` in it is text
(an action's label)."""

from __future__ import annotations

import difflib
import re
from typing import Any, Callable

from ..errors import DataError

Context = dict[str, Any]
# most.wounds, least.wounds: the highest and lowest over the players (the context's `players`)
AGGREGATES = {"most": ("players", max), "least": ("players", min)}
AGGREGATED = frozenset(AGGREGATES)
PERSONAL = frozenset({"me", "target", "opponent"})
# top.discard, bottom.trick: the card on top (last placed) or at the bottom (first placed) of a
# zone, worked out only for an expression that reads them (RulesState.eval)
ZONAL = frozenset({"top", "bottom"})


class RulesRuntimeError(DataError):
    """An expression that failed while a game was played: one `Error:` naming the rules file
    and the key, as a mistake found when the rules are read is."""


class Expr:
    """One compiled expression, called with the names of the moment (me, card, ...)."""

    __slots__ = ("raw", "fn", "names", "path", "where", "aggregate", "constants", "free",
                 "zonal", "tree", "zone_reads")

    def __init__(self, raw: Any, fn: Callable[[Context], Any], names: frozenset[str], path,
                 where: str, constants: dict[str, Any] | None = None, direct: bool = False,
                 zone_reads: frozenset = frozenset()):
        self.raw, self.fn, self.names, self.path, self.where = raw, fn, names, path, where
        # a direct expression's parse tree (rules/direct.py), which rules/generate.py writes
        # as Python source; ("opaque",) for one Jinja2 runs
        self.tree = getattr(fn, "tree", ("opaque",)) if direct else ("opaque",)
        # ("top" | "bottom", zone name) of each zone's card read (`top.discard`); a name
        # of None: `top[...]`, any zone
        self.zone_reads = zone_reads
        self.constants = constants or {}
        # reads a name worked out only when asked for (most, least): Jinja2 is given them as
        # dicts; a direct expression works `most.wounds` out itself, from `players`
        self.aggregate = not direct and bool(names & AGGREGATED)
        self.zonal = bool(names & ZONAL)       # reads a zone's card: the engine lays it out
        # reads no player of the moment (me, target, opponent): the engine need not set them
        self.free = not self.aggregate and not self.zonal and not names & PERSONAL

    @property
    def constant(self) -> bool:
        return not self.names

    def __reduce__(self):
        """Pickled as its text, compiled again where it is unpickled (a worker process, a Dask
        worker): a compiled expression is a closure, which does not pickle."""
        if self.constant:
            return (_constant_expr, (self.fn({}), self.raw, self.path, self.where))
        return (_recompiled, (self.raw, self.path, self.where, self.constants))

    def __call__(self, context: Context) -> Any:
        try:
            return self.fn(context)
        except RulesRuntimeError:
            raise
        except Exception as exc:
            raise self.failure(exc) from None

    def failure(self, exc: Exception) -> RulesRuntimeError:
        """The error naming this expression's file and key, for `exc` raised by its fn."""
        from .direct import Undefined

        words = f"{exc.args[0]!r} is undefined here" if isinstance(exc, Undefined) else \
            (str(exc).strip() or type(exc).__name__)
        if self.zonal and isinstance(exc, Undefined):
            words += " (an empty zone's top or bottom is none: test its size first, as in " \
                "\"me.hand > 0 and top.hand.value > 3\")"
        return RulesRuntimeError(f"{self.raw!r}: {words[:300]}", self.path, field=self.where)


def constant(value: Any) -> Callable[[Context], Any]:
    return lambda context: value


def _constant_expr(value: Any, raw: Any, path, where: str) -> Expr:
    return Expr(raw, constant(value), frozenset(), path, where)


def _recompiled(raw: Any, path, where: str, constants: dict[str, Any]) -> Expr:
    return Compiler(path, set(), constants).compile(raw, where, check=False)


def _hint(name: str, known, prefix: str | None, listed: str) -> str:
    """" (did you mean me.wounds?)" for a typo of a known name (`prefix` "me."; None: the
    name quoted, 'me'), else what there is."""
    close = difflib.get_close_matches(name, sorted(known), 1)
    shown = (repr(close[0]) if prefix is None else prefix + close[0]) if close else ""
    return f" (did you mean {shown}?)" if close else \
        f"; {listed}: {', '.join(sorted(known)) or 'nothing'}"


_BRACES = re.compile(r"^\s*\{\{(.*)\}\}\s*$", re.S)
# `options['goal']`, `card["cost"]`: a key in brackets, which reads as the dotted `options.goal`
_KEYED = re.compile(r"""(?<![\w.\]])([A-Za-z_]\w*)\s*\[\s*(['"])([A-Za-z_]\w*)\2\s*\]""")


def dotted(text: str) -> str:
    """`text` with each key in brackets written dotted (`options['goal']` as `options.goal`):
    one form for the checks that read an expression's keys by its words."""
    return _KEYED.sub(lambda m: f"{m.group(1)}.{m.group(3)}", text)


class Compiler:
    """Compiles a rules file's expressions: `names` are those every expression may use (the
    engine's names and `options`), `constants` the ones fixed for the whole game."""

    def __init__(self, path, names: set[str], constants: dict[str, Any]):
        self.path = path
        self.names = set(names) | set(constants)
        self.constants = constants
        self.attributes: dict[str, set[str]] = {}   # name -> the keys `name.key` may read
        self.hidden: dict[str, str] = {}    # a hidden zone -> who holds its size ("shared")
        self.read: set[str] = set()     # every name an expression compiled here reads
        self.texts: list[str] = []      # every expression's text (spec.sized_zones reads them)
        self.opaque = False             # some expression runs in Jinja2 (it may read anything)
        self._env: Any = None

    def error(self, message: str, where: str) -> DataError:
        return DataError(message, self.path, field=where)

    def compile(self, raw: Any, where: str, allowed: set[str] | None = None,
                check: bool = True, label: bool = False) -> Expr:
        """`raw` (a number, true/false, or an expression's text) compiled; an unknown name is
        an error naming `where` (table.key) with the closest known name. A `label`:
        `raw` is words, with values in `{{ }}`, never a bare expression ("bank" is not a name).
        (Such an expression pickles unchanged: without `{{ }}` it is a constant, with them
        it is text anyway.)"""
        if isinstance(raw, (bool, int, float)):
            return Expr(raw, constant(raw), frozenset(), self.path, where)
        if not isinstance(raw, str) or not raw.strip():
            raise self.error(f"expected a number or an expression, got {raw!r}", where)
        if len(raw) > 2000:
            raise self.error("an expression of more than 2,000 characters is too long", where)
        text = raw.strip()
        whole = _BRACES.match(text)
        template = label or "{{" in text and not (whole and "{{" not in whole.group(1))
        body = text if template else (whole.group(1) if whole else text)
        known = self.names if allowed is None else (allowed | set(self.constants))
        from .direct import compile_direct, tree_of
        from ..data.layouts.values import NUMBER_FILTERS

        source = body if template else "{{ " + body + " }}"
        try:
            direct = compile_direct(source, dict(NUMBER_FILTERS), self.constants, lookups=True,
                                    aggregates=AGGREGATES)
            fn, names, zones = (*direct, _zone_reads(tree_of(direct[0]))) \
                if direct is not None else self._jinja(body, template, where)
            self.texts.append(body)
            self.opaque |= direct is None
        except RecursionError:      # Jinja2's parser recurses: some 100 brackets deep is enough
            raise self.error("the expression nests too deeply (brackets inside brackets)",
                             where) from None
        self.read |= names
        if check:
            self._check_names(raw, names, known, where)
            self._check_keys(body, where, raw)
        if not names - set(self.constants):   # the same in every game: worked out once
            value = Expr(raw, fn, frozenset(names), self.path, where)(dict(self.constants))
            return Expr(raw, constant(value), frozenset(), self.path, where)
        return Expr(raw, fn, frozenset(names), self.path, where, self.constants,
                    direct is not None, zones)

    def _check_names(self, raw: Any, names, known: set[str], where: str) -> None:
        for name in sorted(names):
            if name not in known:
                hint = _hint(name, known, None, "it may use")
                raise self.error(f"{raw!r} uses {name!r}, which the rules do not have here"
                                 f"{hint}", where)

    def _check_keys(self, body: str, where: str, raw: Any) -> None:
        """`me.wondes`: a key a player, a card or the options do not have, found before any
        game is played (text in quotes is left alone)."""
        if not self.attributes:
            return
        plain = re.sub(r"'[^']*'|\"[^\"]*\"", "''", dotted(body))
        found = re.findall(r"(?<![\w.])([A-Za-z_]\w*)\s*\.\s*([A-Za-z_]\w*)", plain)
        found += [("role", key) for key in      # me.role.bonus: a column of the roles' file
                  re.findall(r"(?<![\w.])[A-Za-z_]\w*\s*\.\s*role\s*\.\s*([A-Za-z_]\w*)", plain)]
        self._check_hidden_zones(body, plain, where, raw)
        self._check_whole_cards(plain, where, raw)
        self._check_zone_fields(plain, where, raw)
        for name, key in found:
            keys = self.attributes.get(name)
            if keys is not None and key not in keys:
                hint = _hint(key, keys, f"{name}.", f"{name} has")
                raise self.error(f"{raw!r} reads {name}.{key}, which the rules do not have"
                                 f"{hint}", where)

    def _check_hidden_zones(self, body: str, plain: str, where: str, raw: Any) -> None:
        """`top.deck` of a hidden zone (a draw pile) would let the rules, and so the players,
        know the card nobody may see: refused, as a hidden zone's cards cannot be chosen."""
        if not self.hidden:
            return
        read = re.findall(r"(?<![\w.])(top|bottom)\s*\.\s*([A-Za-z_]\w*)", plain)
        read += re.findall(r"(?<![\w.])(top|bottom)\s*\[\s*['\"]([A-Za-z_]\w*)['\"]\s*\]", body)
        for end, zone in read:
            if zone in self.hidden:
                raise self.error(
                    f"{raw!r} reads {end}.{zone}, the card at the {end} of [zones.{zone}], "
                    f"which is hidden: nobody may see it, so no rule may read it (its number of "
                    f"cards, {self.hidden[zone]}.{zone}, is public)", where)

    def _check_whole_cards(self, plain: str, where: str, raw: Any) -> None:
        """`top.market == 3`: a zone's card is a row of fields, never equal to a number nor
        ordered, so the condition is false in every game (or fails in play): one of its fields
        is meant. `top.market is none` (an empty zone) is the one thing to ask of it whole."""
        zones, columns = self.attributes.get("top"), self.attributes.get("card")
        if not zones:
            return
        for m in re.finditer(r"(?<![\w.])(top|bottom)\s*\.\s*([A-Za-z_]\w*)", plain):
            if m.group(2) not in zones or re.match(r"\s*(\.|is\b)", plain[m.end():]):
                continue
            field = f"{m.group(1)}.{m.group(2)}.{sorted(columns)[0] if columns else 'FIELD'}"
            raise self.error(f"{raw!r} uses {m.group(1)}.{m.group(2)}, a whole card, as a "
                             f"value; compare one of its fields ({field}), or ask "
                             f"`{m.group(1)}.{m.group(2)} is none` (the zone is empty)", where)

    def _check_zone_fields(self, plain: str, where: str, raw: Any) -> None:
        """`top.discard.valeu`: a field the cards do not have, read from a zone's card."""
        columns = self.attributes.get("card")
        if columns is None:
            return
        for name, zone, key in re.findall(r"(?<![\w.])(top|bottom)\s*\.\s*([A-Za-z_]\w*)\s*"
                                          r"\.\s*([A-Za-z_]\w*)", plain):
            if key not in columns:
                hint = _hint(key, columns, f"{name}.{zone}.", "a card has")
                raise self.error(f"{raw!r} reads {name}.{zone}.{key}, a field the cards do not "
                                 f"have{hint}", where)

    def _jinja(self, body: str, template: bool, where: str):
        import jinja2
        from jinja2 import meta

        from .. import syntaxwords
        from ..sandbox import Deadline, TemplateLimit, TemplateTimeout
        from ..templating import environment

        if self._env is None:
            self._env = environment()
            from ..data.layouts.values import NUMBER_FILTERS
            self._env.filters.update(NUMBER_FILTERS)
        env = self._env
        try:
            parsed = env.parse(body if template else "{{ " + body + " }}")
            names = meta.find_undeclared_variables(parsed)
            compiled = env.from_string(body) if template else env.compile_expression(body)
        except jinja2.TemplateError as exc:
            said = (getattr(exc, "message", None) or str(exc)).rstrip(".")
            if isinstance(exc, jinja2.TemplateSyntaxError):
                said = syntaxwords.said(said, braced=template)
            raise self.error(f"expression {body!r}: {said}", where) from None
        constants = self.constants

        def run(context: Context) -> Any:
            try:
                with Deadline.here():
                    if template:
                        return compiled.render({**constants, **context})
                    return compiled(**{**constants, **context})
            except TemplateTimeout:
                raise RulesRuntimeError(f"{body!r} still running after "
                                        f"{Deadline.here().seconds:g} s", self.path,
                                        field=where) from None
            except TemplateLimit as exc:
                raise RulesRuntimeError(f"{body!r}: {exc}", self.path, field=where) from None
        return run, frozenset(names), _jinja_zone_reads(parsed)


def _zone_reads(tree: tuple) -> frozenset:
    """The zones' cards a direct expression's tree reads: ("top", "discard") for
    `top.discard`, ("top", None) for `top[...]` (any zone)."""
    found: set = set()

    def walk(node: Any) -> None:
        if not isinstance(node, tuple):
            return
        if node[:1] == ("key",) and node[1][:1] == ("name",) and node[1][1] in ZONAL:
            key = node[2]
            found.add((node[1][1], key[1] if key[0] == "const" and isinstance(key[1], str)
                       else None))
        for part in node[1:]:
            if isinstance(part, tuple) and part:
                for child in ((part,) if isinstance(part[0], str) else part):  # (a list's items)
                    walk(child)
    walk(tree)
    return frozenset(found)


def _jinja_zone_reads(parsed) -> frozenset:
    """_zone_reads, of an expression Jinja2 parsed: `top.discard`, `top['discard']`, and
    ("top", None) for any other use of `top` (any zone)."""
    from jinja2 import nodes

    found: set = set()
    named: set = set()
    for node in parsed.find_all((nodes.Getattr, nodes.Getitem)):
        if isinstance(node.node, nodes.Name) and node.node.name in ZONAL:
            key = node.attr if isinstance(node, nodes.Getattr) else \
                node.arg.value if isinstance(node.arg, nodes.Const) and \
                isinstance(node.arg.value, str) else None
            found.add((node.node.name, key))
            named.add(id(node.node))
    for name in parsed.find_all(nodes.Name):
        if name.name in ZONAL and id(name) not in named:
            found.add((name.name, None))       # `top` itself, given away whole
    return frozenset(found)
