"""Jinja2's syntax errors in a designer's words: its parser names tokens ("unexpected 'end of
print statement'"), which nobody wrote; said here by the characters that were (or were not)
written, `}}`, `)`, a quote, `{% endif %}`."""

from __future__ import annotations

import re

# the parser's names of the tokens a template is written with
_TOKENS = {"end of print statement": "'}}'", "begin of print statement": "'{{'",
           "end of statement block": "'%}'", "begin of statement block": "'{%'",
           "end of template": "the end of the text"}
_OPEN = {")": "(", "]": "["}


def said(message: str, braced: bool = True) -> str:
    """The error `message` of Jinja2's parser, reworded; `braced`: the text was written with
    its {{ }} (a layout's value, a booklet); else pnp put them round an expression (a rule's),
    so an end of print statement is the expression's own end."""
    message = message.strip().rstrip(".")
    end = "before }}" if braced else "at its end"
    block = re.search(r"innermost block that needs to be closed is '(\w+)'", message)
    if block:
        return f"{{% {block[1]} %}} is never closed: add {{% end{block[1]} %}} after it"
    quote = re.fullmatch(r"unexpected char (['\"])(['\"])\1 at \d+", message)
    if quote:
        return f"a quote ({quote[2]}) is never closed: add its pair"
    if re.fullmatch(r"expected an expression, got 'end of print statement'", message, re.I):
        return "there is no expression between {{ and }}" if braced else "it is empty"
    if message == "unexpected 'end of print statement'":
        return f"it stops before its expression does: a value or name is missing {end}"
    missing = re.fullmatch(r"expected token '(\w+)', got 'end of print statement'", message)
    if missing:
        return f"a {missing[1]} is missing {end}"
    unclosed = re.fullmatch(r"unexpected '[)}\]]', expected '([)\]])'", message)
    if unclosed:
        return f"a {_OPEN[unclosed[1]]} is never closed: add {unclosed[1]} {end}"
    stray = re.fullmatch(r"unexpected '([)\]])'", message)
    if stray:
        return f"a {stray[1]} closes nothing: no {_OPEN[stray[1]]} before it"
    if message == "unexpected '}'" and braced:
        return "a single } ends it: close the expression with }}"
    for token, written in _TOKENS.items():
        message = message.replace(f"'{token}'", written)
    return message
