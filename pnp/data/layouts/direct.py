"""Simple layout expressions as Python functions of the row, skipping Jinja2's per-render
set-up (a new context, a generator, a join): `{{ image and not text }}`, `{{ kind == 'boss' }}`,
`{{ suit | tint(0.8) }}`. They mean what Jinja2 means by them: Python's and/or/not/==/!=, the
same filter functions. Anything else (attributes, calls, arithmetic, other filters, the
sandbox's checks) keeps Jinja2."""

from __future__ import annotations

from typing import Any, Callable

Row = dict[str, Any]


def compile_direct(tree, filters: dict[str, Callable], allowed: dict[str, Callable]):
    """A function of the row for a template `{{ expression }}` built only from the nodes
    above, or None."""
    from jinja2 import nodes

    body = tree.body
    if len(body) != 1 or not isinstance(body[0], nodes.Output) or len(body[0].nodes) != 1:
        return None
    try:
        return _node(body[0].nodes[0], filters, allowed)
    except _NotSimple:
        return None


class _NotSimple(Exception):
    pass


def _node(n, filters, allowed) -> Callable[[Row], Any]:
    from jinja2 import nodes

    if isinstance(n, nodes.Name) and n.ctx == "load":
        name = n.name
        return lambda row: row[name]
    if isinstance(n, nodes.Const) and isinstance(n.value, (str, int, float, bool, type(None))):
        value = n.value
        return lambda row: value
    if isinstance(n, nodes.Not):
        inner = _node(n.node, filters, allowed)
        return lambda row: not inner(row)
    if isinstance(n, nodes.And):
        left, right = _node(n.left, filters, allowed), _node(n.right, filters, allowed)
        return lambda row: left(row) and right(row)
    if isinstance(n, nodes.Or):
        left, right = _node(n.left, filters, allowed), _node(n.right, filters, allowed)
        return lambda row: left(row) or right(row)
    if isinstance(n, nodes.Compare) and len(n.ops) == 1 and n.ops[0].op in ("eq", "ne"):
        left, right = _node(n.expr, filters, allowed), _node(n.ops[0].expr, filters, allowed)
        if n.ops[0].op == "eq":
            return lambda row: left(row) == right(row)
        return lambda row: left(row) != right(row)
    if (isinstance(n, nodes.Filter) and n.node is not None and n.name in allowed
            and filters.get(n.name) is allowed[n.name] and not n.kwargs
            and n.dyn_args is None and n.dyn_kwargs is None
            and all(isinstance(a, nodes.Const) for a in n.args)):
        fn, args = allowed[n.name], tuple(a.value for a in n.args)
        inner = _node(n.node, filters, allowed)
        return lambda row: fn(inner(row), *args)
    raise _NotSimple
