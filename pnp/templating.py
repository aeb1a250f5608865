"""Jinja2 in its sandbox: templates from a data folder can format the data they are given and
nothing else (no Python internals, no files, no modules); undefined names are errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .errors import DataError


def plain(value: Any) -> Any:
    """Only plain data reaches a template: no object whose methods could touch files."""
    import dataclasses

    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if hasattr(value, "hexval"):  # a reportlab colour
        return "#" + value.hexval()[2:]
    if isinstance(value, Path):
        return value.name
    raise TypeError(f"{type(value).__name__} is not plain data for a template")


def sandbox(loader=None):
    """The one sandboxed environment setup: unknown names are errors, nothing is escaped."""
    import jinja2
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    env = ImmutableSandboxedEnvironment(loader=loader, undefined=jinja2.StrictUndefined,
                                        autoescape=False, trim_blocks=True, lstrip_blocks=True,
                                        keep_trailing_newline=True)
    env.filters["plural"] = lambda n, word, many=None: word if n == 1 else (many or word + "s")
    return env


def render_template(folders: list[Path], name: str, context: dict[str, Any]) -> str:
    import jinja2
    from jinja2.sandbox import SecurityError

    loader = jinja2.FileSystemLoader([str(f) for f in folders], followlinks=False)
    env = sandbox(loader)
    try:
        return env.get_template(name).render(**plain(context))
    except jinja2.TemplateNotFound as exc:
        raise DataError(f"template {exc.name!r} not found (looked in: "
                        f"{', '.join(str(f) for f in folders)})", name) from None
    except jinja2.TemplateSyntaxError as exc:
        where = Path(exc.filename).name if exc.filename else name
        raise DataError(f"line {exc.lineno}: template syntax error: {exc.message}",
                        where) from None
    except jinja2.UndefinedError as exc:
        raise DataError(f"template uses an unknown name: {exc.message}", name) from None
    except SecurityError as exc:
        raise DataError(f"template tried something the sandbox forbids: {exc}", name) from None
    except RecursionError:
        raise DataError("template includes itself (circular include)", name) from None
    except jinja2.TemplateError as exc:
        raise DataError(f"template error: {exc}", name) from None
    except (TypeError, ValueError, ZeroDivisionError, AttributeError, KeyError) as exc:
        raise DataError(f"template error: {exc}", name) from None
