"""Printed = played for the numbers of game.toml's [options]: a number the booklet prints as
`{{ options.hand }}` is one the rules must play as `options.hand`. A rule that writes its own
number instead (`count = 5` where the booklet deals `{{ options.hand }}` = 4) plays another
game than the booklet tells, and nothing else would notice: the booklet's number is right
by construction, the rules' is simply not the same field."""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from ..errors import Finding, Source, error, warning

# `options.hand`, `options['hand']`: one option read by name (quoted text left out first)
_BY_NAME = re.compile(r"(?<![\w.])options\s*(?:\.\s*([A-Za-z_]\w*)|\[\s*''\s*\])")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def options_read(texts: Iterable[str]) -> frozenset[str] | None:
    """The [options] keys the rules' expressions read; None when one reads `options` whole
    (`options | length`, `options[name]`): then any of them may be read."""
    found: set[str] = set()
    for text in texts:
        keys = [m.group(1) for m in re.finditer(
            r"(?<![\w.])options\s*\[\s*['\"]([^'\"]+)['\"]\s*\]", text)]
        plain = _QUOTED.sub("''", text)
        named = [m.group(1) for m in _BY_NAME.finditer(plain)]
        if len(re.findall(r"(?<![\w.])options\b", plain)) > len(named):
            return None
        found.update(keys, (k for k in named if k))
    return frozenset(found)


def printed_options(tree: Any) -> dict[str, int]:
    """Each [options] key a booklet template prints (`{{ options.hand }}`, in any expression
    that reaches the page), with the line it first does so on."""
    from jinja2 import nodes

    out: dict[str, int] = {}
    for output in tree.find_all(nodes.Output):
        for node in output.find_all((nodes.Getattr, nodes.Getitem)):
            if not (isinstance(node.node, nodes.Name) and node.node.name == "options"):
                continue
            key = node.attr if isinstance(node, nodes.Getattr) else \
                getattr(node.arg, "value", None)
            if isinstance(key, str):
                out[key] = min(out.get(key, node.lineno), node.lineno)
    return out


def unplayed(tree: Any, template: str, options: Mapping[str, Any], read: frozenset[str] | None,
             rules_file: str, toml: Source) -> list[Finding]:
    """Every number of [options] the booklet `template` prints that no rule reads: the
    booklet says it, the game plays some other number (or none). An option only cards print,
    or nobody prints, is no contradiction; a text ("Forest") or a switch plays no number."""
    if read is None or tree is None:
        return []
    out = []
    for key, line in sorted(printed_options(tree).items(), key=lambda kv: kv[1]):
        value = options.get(key)
        if key in read or isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        out.append(error(f"[options] {key} is printed by {template} line {line} but no rule "
                         f"in {rules_file} reads it: write options.{key} where the rules use it "
                         f"(the booklet says {value:g}; the game plays its own number, or none); "
                         "if it states no rule (a deck's size, a playing time), print it as "
                         f"written, marked: {{{{ \"{value:g} ...\" | counting }}}}",
                         toml, f"options.{key}"))
    return out


def unread(options: Mapping[str, Any], read: frozenset[str] | None, tree: Any,
           toml: Source) -> list[Finding]:
    """An option of [options] that neither rules.toml nor the booklet reads (`gaol = 30` beside
    `goal`: the typo played nothing, unsaid). Nothing is said when the booklet reads `options`
    whole (`options.get(k)`, a loop over it) or includes another template."""
    import difflib

    booklet = _booklet_keys(tree)
    if read is None or booklet is None:
        return []
    used = read | booklet
    out = []
    for key in sorted(set(options) - used):
        near = difflib.get_close_matches(key, sorted(used), 1, cutoff=0.75)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        out.append(warning(f"neither the rules nor the booklet read options.{key}{hint}: "
                           "delete it, or use it", toml, f"options.{key}"))
    return out


def _booklet_keys(tree: Any) -> set[str] | None:
    """Every [options] key the booklet's template reads anywhere ({{ }}, {% if %}, {% set %}),
    None when it may read others (`options` whole, an include); an empty set without one."""
    from jinja2 import nodes

    if tree is None:
        return set()
    if tree.find((nodes.Include, nodes.Import, nodes.FromImport, nodes.Extends)) is not None:
        return None
    keys = [node.attr if isinstance(node, nodes.Getattr) else getattr(node.arg, "value", None)
            for node in tree.find_all((nodes.Getattr, nodes.Getitem))
            if isinstance(node.node, nodes.Name) and node.node.name == "options"]
    names = sum(1 for n in tree.find_all(nodes.Name) if n.name == "options")
    if names > len(keys) or not all(isinstance(k, str) and k not in ("get", "items", "keys",
                                                                     "values") for k in keys):
        return None
    return {str(k) for k in keys}


# an [[end]]'s counter compared with a number written in it: `me.points >= 12`
_COMPARED = re.compile(r"(?<![\w.])[A-Za-z_]\w*\s*\.\s*([A-Za-z_]\w*)\s*(?:>=|<=|==|!=|>|<)\s*"
                       r"(-?\d+)(?![\w.])|(?<![\w.])(-?\d+)\s*(?:>=|<=|==|!=|>|<)\s*"
                       r"[A-Za-z_]\w*\s*\.\s*([A-Za-z_]\w*)(?![\w(])")


def _stems(text: str) -> set[str]:
    from ..bound import _stems as stems  # (the booklet check's: one way to match a word)

    return stems(re.findall(r"[A-Za-z]+", text))


def literal_ends(rules: Any, tree: Any, source: str, template: str) -> list[Finding]:
    """Every [[end]] that compares a counter with a number of its own where the booklet prints
    an option for it: `me.points >= 12` in the end 'goal' while the booklet says "reach {{
    options.goal }} points". The option is the end's when it is named like the end or the
    counter, or the booklet's line printing it names the counter, and no [[end]] reads it
    (`me.points < 0` beside `me.points >= options.goal` is another end, not the goal's)."""
    ended = options_read(str(e.condition.raw) for e in rules.ends)
    if ended is None or tree is None:
        return []
    read = rules.options_read  # (one no rule reads at all is unplayed()'s to say, once)
    printed = {k: v for k, v in printed_options(tree).items()
               if k not in ended and (read is None or k in read)}
    lines = source.splitlines()
    out = []
    for i, end in enumerate(rules.ends, 1):
        raw = str(end.condition.raw)
        for m in _COMPARED.finditer(_QUOTED.sub("''", raw)):
            counter, number = (m.group(1), m.group(2)) if m.group(1) else (m.group(4),
                                                                           m.group(3))
            held = rules.counters.get(counter)
            if held is None or int(number) in (held.low, held.start, 0):
                continue  # (`me.lives == 0`: the counter's floor, no option's number)
            key, line = _printed_for(printed, rules.options, lines, f"{end.name} {counter}",
                                     counter) or ("", 0)
            if key:
                value = rules.options[key]
                out.append(error(
                    f"[[end]] {end.name!r} compares {counter} with {number} where {template} "
                    f"line {line} prints {{{{ options.{key} }}}} ({value:g}): write "
                    f"options.{key} in place of {number} (one number for the booklet and the "
                    "game)",
                    Source(rules.path), f"{rules.prefix}end[{i}].if"))
    return out


def _printed_for(printed: dict[str, int], options: Mapping[str, Any], lines: list[str],
                 named: str, counter: str) -> tuple[str, int] | None:
    """The printed number option an end's own number stands in for: one named like the end or
    its counter first; else one printed on the only line that names the counter."""
    numbers = {k: line for k, line in printed.items()
               if not isinstance(options.get(k), bool) and isinstance(options.get(k), (int, float))}
    near = _stems(named)
    by_name = [(k, line) for k, line in numbers.items() if _stems(k) & near]
    if by_name:
        return min(by_name, key=lambda kv: kv[1])
    on_lines = [(k, line) for k, line in numbers.items()
                if 0 < line <= len(lines) and _stems(counter) & _stems(lines[line - 1])]
    return on_lines[0] if len(on_lines) == 1 else None
