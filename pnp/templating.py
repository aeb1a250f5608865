"""Jinja2 in its sandbox: templates from a data folder can format the data they are given and
nothing else (no Python internals, no files outside their folders, no modules); undefined names
are errors, and rendering is bounded in time and size (pnp/sandbox.py). Every failure is one
DataError naming the template file and, where known, its line."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from . import syntaxwords
from .errors import DataError


_SCALARS = frozenset({type(None), bool, int, float, str})


def plain(value: Any) -> Any:
    """Only plain data reaches a template: no object whose methods could touch files."""
    import dataclasses

    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    # (scalars inline: a deck's booklet gets a dict for each of its thousands of rows)
    if isinstance(value, dict):
        return {str(k): v if type(v) in _SCALARS else plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [v if type(v) in _SCALARS else plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if hasattr(value, "hexval"):  # a reportlab colour
        return "#" + value.hexval()[2:]
    if isinstance(value, Path):
        return value.name
    raise TypeError(f"{type(value).__name__} is not plain data for a template")


class TemplateText(str):
    """A rendered text that remembers the template file it came from, so what goes wrong when
    it is laid out later (an unknown figure) names the file the designer must edit."""

    template: str = ""
    source: "TemplateSource | None" = None  # what pnp/bound.py checks it against
    parsed: tuple[str, Any] | None = None  # the template's text and its Jinja2 tree
    # the template line each of its lines began at, where a piece of output began on it (a
    # line inside a run of the template's own text has None: it is there as written)
    lines: tuple[int | None, ...] = ()


@dataclass(frozen=True)
class TemplateSource:
    """A booklet template as written, with what it may state (pnp/bound.py checks it)."""

    text: str
    name: str  # as the designer finds it: "templates/legolas/booklet.md.j2"
    rulings: tuple = ()
    texts: Mapping[str, str] = field(default_factory=dict)  # each ruling's printed text
    values: Mapping[str, Any] = field(default_factory=dict)  # numbers it may state by name
    # words a value's rule is about beyond its name: options.goal is "points" when an [[end]]
    # compares the points with it (a booklet's "reach 25 points" then contradicts it)
    related: Mapping[str, frozenset[str]] = field(default_factory=dict)
    tree: Any = field(default=None, compare=False, repr=False)  # `text` parsed, if it was


def _loader(folders: list[Path]):
    """A file loader that reads only files whose real path (links followed) lies inside one of
    its folders: the game folder and pnp's own templates. The same rule as images and CSVs."""
    import jinja2
    from jinja2.loaders import split_template_path

    from .data.files import MAX_FILE_BYTES, composed

    roots = [f.resolve() for f in folders]

    class InsideLoader(jinja2.FileSystemLoader):
        def get_source(self, environment, template):
            for folder in self.searchpath:  # look before reading: a link, a huge file
                path = Path(folder, *split_template_path(template))
                if path.is_file():
                    break
            else:
                raise jinja2.TemplateNotFound(template)
            real = path.resolve()
            if not any(real == r or r in real.parents for r in roots):
                raise _Refused(f"template {template!r} is a link to a file outside the game "
                               "folder; refused")
            if real.stat().st_size > MAX_FILE_BYTES:
                raise _Refused(f"template {template!r} is over "
                               f"{MAX_FILE_BYTES // 1024 // 1024} MB; refused")
            source, filename, uptodate = super().get_source(environment, template)
            return composed(source), filename, uptodate  # (as pnp reads all text)

    return InsideLoader([str(f) for f in folders], followlinks=False)


class _Refused(Exception):
    pass


def _place(exc: BaseException, folders: list[Path], default: str) -> tuple[str, int | None]:
    """(template file name, line) of the innermost template frame in the traceback: Jinja
    rewrites its frames to carry the template's file and line."""
    roots = [f.resolve() for f in folders]
    found: tuple[str, int | None] = (default, None)
    tb = exc.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if not filename.endswith(".py") and not filename.startswith("<"):
            real = Path(filename).resolve()
            if any(r in real.parents for r in roots):
                found = (real.name, tb.tb_lineno)
        tb = tb.tb_next
    return found


@functools.cache
def undefined_class() -> type:
    """Jinja2's StrictUndefined, an error however it is printed: also as an item of a list or
    table printed ({{ [x.titel] }}, map(attribute='titel')|list: their repr, which printed
    'Undefined'), formatted, or as JSON; the same error as printing it alone (the misspelt
    name, or the sandbox's refusal)."""
    import jinja2

    class Undefined(jinja2.StrictUndefined):
        __slots__ = ()
        __repr__ = __format__ = jinja2.StrictUndefined._fail_with_undefined_error

    return Undefined


def _json_default(value: Any) -> Any:
    """tojson's answer to what JSON has no form for: an undefined's own error."""
    import jinja2

    if isinstance(value, jinja2.Undefined):
        value._fail_with_undefined_error()
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def environment(loader=None):
    """The one sandbox setup, for booklets and layout expressions alike: limited (see
    sandbox.py), unknown names are errors however they are printed, nothing is escaped."""
    from .sandbox import LimitedSandbox

    env = LimitedSandbox(loader=loader, undefined=undefined_class(), autoescape=False,
                         trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.policies["json.dumps_kwargs"] = {"sort_keys": True, "default": _json_default}
    env.filters["plural"] = lambda n, word, many=None: word if n == 1 else (many or word + "s")
    env.filters["counting"] = lambda text: text  # marks a number that states no rule (bound.py)
    return env


def render_template(folders: list[Path], name: str, context: dict[str, Any]) -> TemplateText:
    """The template `name` (looked for in `folders`, first first) rendered with plain data."""
    return _render(folders, name, plain(context))


def _render(folders: list[Path], name: str, data: dict[str, Any]) -> TemplateText:
    import jinja2
    from jinja2.sandbox import SecurityError

    from . import sandbox

    env = environment(_loader(folders))
    source = ""
    try:
        with sandbox.Deadline.here():
            parts: list[str] = []
            lines: list[int | None] = [None]
            size = 0
            source, tree, template = _load(env, name)
            generated = template.generate(**data)
            for part in generated:
                size += len(part)
                if size > sandbox.MAX_OUTPUT:
                    raise sandbox.TemplateLimit(f"the text grows past {sandbox.MAX_OUTPUT:,} "
                                                "characters (a loop far too large?)")
                parts.append(part)
                if part and lines[-1] is None:
                    lines[-1] = _line_now(generated, template)
                lines.extend([None] * part.count("\n"))
        text = TemplateText("".join(parts))
        text.template = Path(template.filename or name).name
        text.parsed = (source, tree)
        text.lines = tuple(lines)
        return text
    except jinja2.TemplateSyntaxError as exc:
        where = Path(exc.filename).name if exc.filename else name
        raise DataError(f"line {exc.lineno}: template syntax error: "
                        f"{syntaxwords.said(exc.message or '')}", where) from None
    except jinja2.TemplateNotFound as exc:
        raise _error(exc, folders, name, f"template {exc.name!r} not found (looked in: "
                     f"{', '.join(str(f) for f in folders)})") from None
    except sandbox.TemplateTimeout as exc:
        raise _error(exc, folders, name, f"the template ran for more than "
                     f"{sandbox.MAX_SECONDS:g} s (a loop without end, or far too large?)") from None
    except jinja2.UndefinedError as exc:
        file, line = _place(exc, folders, name)
        written = source.splitlines()
        own = line is not None and Path(file).name == Path(name).name and line <= len(written)
        # (the line of the template itself: an included file's is another text)
        said = _unknown_key(exc.message or "", data, written[line - 1] if own and line else "")
        raise _error(exc, folders, name, f"template uses an unknown name: {said}") from None
    except SecurityError as exc:
        raise _error(exc, folders, name,
                     f"template tried something the sandbox forbids: {exc}") from None
    except RecursionError as exc:
        raise _error(exc, folders, name, "template nests too deeply or calls itself without "
                     "end (a circular include or macro)") from None
    except (_Refused, sandbox.TemplateLimit) as exc:
        raise _error(exc, folders, name, str(exc)) from None
    except Exception as exc:  # whatever a template does wrong is the template's to fix
        words = str(exc).strip() or type(exc).__name__
        raise _error(exc, folders, name, f"template error: {words[:300]}") from None


def _line_now(generated, template) -> int | None:
    """The line of the template its generator stands at (in a loop, a block: the innermost
    frame of its own code; an included template's is the include's line)."""
    frame = None
    step = generated
    while step is not None:
        if step.gi_frame is not None and step.gi_code.co_filename == template.filename:
            frame = step.gi_frame
        step = step.gi_yieldfrom
    return template.get_corresponding_lineno(frame.f_lineno) if frame is not None else None


def _load(env, name: str) -> tuple[str, Any, Any]:
    """The template `name`'s text, its parsed tree and the template compiled from that tree,
    as Jinja2's loader loads it: the tree is kept for pnp/bound.py's checks of a booklet
    template, which would otherwise parse it again (10 ms for a rule booklet)."""
    source, filename, uptodate = env.loader.get_source(env, name)
    tree = env.parse(source, name, filename)
    code = env.compile(tree, name, filename)
    return source, tree, env.template_class.from_code(env, code, env.make_globals(None), uptodate)


def _unknown_key(message: str, data: Mapping[str, Any], line: str) -> str:
    """Jinja2's "'dict object' has no attribute 'nope'" as the table it was asked of and the
    keys it has, when the template's line names it (`{{ game.nope }}`); else Jinja2's words."""
    import re

    from .errors import did_you_mean

    m = re.fullmatch(r"'dict object' has no attribute '(\w+)'", message)
    if m is None:
        return message
    key = m.group(1)
    for name in re.findall(rf"\b(\w+)\.{key}\b", line):
        table = data.get(name)
        if isinstance(table, Mapping) and key not in table:
            keys = sorted(str(k) for k in table)
            has = (f"it has {', '.join(keys[:30])}{', ...' if len(keys) > 30 else ''}" if keys
                   else "it is empty" + (f" (add {key} = ... under [options] in game.toml)"
                                         if name == "options" else ""))
            return f"{name}.{key}: {name} has no {key!r}{did_you_mean(key, keys)}; {has}"
    return message


def _error(exc: BaseException, folders: list[Path], name: str, message: str) -> DataError:
    file, line = _place(exc, folders, name)
    return DataError(f"line {line}: {message}" if line else message, file)
