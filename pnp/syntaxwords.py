"""Jinja2's syntax errors in a designer's words: its parser names tokens ("unexpected 'end of
print statement'"), which nobody wrote; said here by the characters that were (or were not)
written, `}}`, `)`, a quote, `{% endif %}`."""

from __future__ import annotations

import re

# (the parser's message, the words): {end} is where the expression ends, {empty} what an empty
# one is, each as it was written (with its {{ }}, or a rule's bare expression)
_SAID = [
    (r".*innermost block that needs to be closed is '(?P<tag>\w+)'",
     "{{% {tag} %}} is never closed: add {{% end{tag} %}} after it"),
    (r"unexpected char (['\"])(?P<quote>['\"])\1 at \d+",
     "a quote ({quote}) is never closed: add its pair"),
    (r"(?i:expected an expression), got 'end of print statement'", "{empty}"),
    (r"unexpected 'end of print statement'",
     "it stops before its expression does: a value or name is missing {end}"),
    (r"expected token '(?P<token>\w+)', got 'end of print statement'",
     "a {token} is missing {end}"),
    (r"unexpected '[)}\]]', expected '(?P<close>[)\]])'",
     "a {open} is never closed: add {close} {end}"),
    (r"unexpected '(?P<close>[)\]])'", "a {close} closes nothing: no {open} before it"),
    (r"expected token 'end of print statement', got '(?P<got>[^']*)'",
     "'{got}' follows a whole expression: join the two with an operator (+, and, or ...)"),
    (r"expected token ':', got '}'",  # ({{{ title }}, {{ {{ title }} }}: a dict begun)
     "a brace too many: an expression is {{{{ ... }}}}, two braces each side, none inside"),
    (r"Encountered unknown tag 'end(?P<tag>\w+)'",
     "{{% end{tag} %}} closes nothing: no {{% {tag} %}} before it"),
    (r"Encountered unknown tag '(?P<tag>\w+)'", "{{% {tag} %}} is no tag of Jinja2's"),
    (r"(?i:expected an expression), got 'end of statement block'",
     "an expression is missing before %}}"),
    (r"Missing end of raw directive", "{{% raw %}} is never closed: add {{% endraw %}}"),
    (r"unexpected 'end of template'", "it ends inside a {{{{ or {{%: close it with }}}} or %}}"),
]
_OPEN = {")": "(", "]": "["}
# the parser's names of the tokens a template is written with, in any other message
_TOKENS = {"end of print statement": "'}}'", "begin of print statement": "'{{'",
           "end of statement block": "'%}'", "begin of statement block": "'{%'",
           "end of template": "the end of the text"}


def said(message: str, braced: bool = True) -> str:
    """The error `message` of Jinja2's parser, reworded; `braced`: the text was written with
    its {{ }} (a layout's value, a booklet); else pnp put them round an expression (a rule's),
    so an end of print statement is the expression's own end."""
    message = message.strip().rstrip(".")
    for pattern, words in _SAID:
        m = re.fullmatch(pattern, message, re.S)
        if m:
            found = m.groupdict()
            return words.format(
                **found, open=_OPEN.get(found.get("close", ""), ""),
                end="before }}" if braced else "at its end",
                empty="there is no expression between {{ and }}" if braced else "it is empty")
    if message == "unexpected '}'" and braced:  # ({{ title } or {{{ title }})
        return "a brace stands alone: an expression is {{ ... }}, two braces each side"
    if message == "unexpected '%'" and not braced:
        return "a rule's expression takes no {% %} tags: write the value or condition alone"
    for token, written in _TOKENS.items():
        if not braced and token == "end of print statement":  # (pnp's braces, not written)
            written = "the expression's end"
        message = message.replace(f"'{token}'", written)
    return message
