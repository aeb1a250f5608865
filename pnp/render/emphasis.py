"""Bold and italic runs from stars, as the booklet and card texts (faces/richtext.py) both read
them: one reading, so a card and its booklet never print the same text differently."""

from __future__ import annotations

import re

_DELIMS = re.compile(r"\\[\\*]|\*+")  # a star escaped (or a backslash) is text, kept as written


def emphasis(text: str) -> list[tuple[str, bool, bool]]:
    """Split text into (piece, bold, italic) runs. `**bold**`, `*italic*` and `***both***`
    (also `***a** b*`); a delimiter opens only before a non-space and closes only after one, a
    single `*` between two letters or digits (2*3) is a star, and emphasis that crosses
    (`**a *b** c*`) or is never closed prints its stars as they are; `\\*` is a star, kept
    as written (the booklet prints it unescaped). Each run carries its own
    style, so the markup made from them is always well nested."""
    tokens = _tokens(text)
    _pair(tokens)
    return _runs(tokens)


def _tokens(text: str) -> list[dict]:
    """The text between runs of stars, and each run of stars as a delimiter: the kinds it may
    open or close (`i`, `b`, `bi`) and whether it can open (before a non-space) or close."""
    tokens: list[dict] = []
    pos = 0
    for m in _DELIMS.finditer(text):
        if m.start() > pos:
            tokens.append({"text": text[pos:m.start()]})
        pos = m.end()
        if m.group()[0] == "\\":
            tokens.append({"text": m.group()})
            continue
        before = text[m.start() - 1] if m.start() else " "
        after = text[m.end()] if m.end() < len(text) else " "
        kinds = {1: "i", 2: "b", 3: "bi"}.get(len(m.group()), "")
        if kinds == "i" and before.isalnum() and after.isalnum():
            kinds = ""
        tokens.append({"text": m.group(), "kinds": kinds, "open": set(), "close": set(),
                       "opens": not after.isspace(), "closes": not before.isspace()})
    if pos < len(text):
        tokens.append({"text": text[pos:]})
    return tokens


def _pair(tokens: list[dict]) -> None:
    """Match closers to openers, noting on each delimiter the kinds it opens and closes."""
    # (delimiter, "b" or "i") still open. A closer takes the last opener of its kind and what
    # opened after that can no longer close, so each entry is pushed and popped once: linear
    stack: list[tuple[dict, str]] = []
    open_kinds = {"b": 0, "i": 0}  # entries of each kind in the stack
    for tok in tokens:
        for kind in tok.get("kinds", "") if tok.get("closes") else "":
            if not open_kinds[kind]:
                continue
            kept = []  # the opener's other kind (`***`) stays open
            while stack[-1][1] != kind:
                kept.append(stack.pop())
            opener = stack.pop()[0]
            open_kinds[kind] -= 1
            for entry in kept:
                if entry[0] is opener:
                    stack.append(entry)
                else:
                    open_kinds[entry[1]] -= 1
            opener["open"].add(kind)
            tok["close"].add(kind)
        if tok.get("opens"):
            for k in tok["kinds"]:
                if k not in tok["close"]:
                    stack.append((tok, k))
                    open_kinds[k] += 1


def _runs(tokens: list[dict]) -> list[tuple[str, bool, bool]]:
    """The (piece, bold, italic) runs of paired tokens; a delimiter's unused stars print."""
    runs: list[tuple[list[str], bool, bool]] = []  # pieces joined at the end: linear
    bold = italic = 0

    def add(piece: str) -> None:
        style = (bold > 0, italic > 0)
        if runs and runs[-1][1:] == style:
            runs[-1][0].append(piece)
        elif piece:
            runs.append(([piece], *style))

    for tok in tokens:
        if "kinds" not in tok:
            add(tok["text"])
            continue
        used = tok["open"] | tok["close"]
        add("*" * (len(tok["text"]) - sum(2 if k == "b" else 1 for k in used)))
        for kind, step in [(k, -1) for k in tok["close"]] + [(k, 1) for k in tok["open"]]:
            if kind == "b":
                bold += step
            else:
                italic += step
    return [("".join(pieces), b, i) for pieces, b, i in runs]


def unclosed_bold(text: str) -> str | None:
    """The first `**` (or `***`) that opens bold and is never closed, so prints its stars as
    written (a typo a designer does not see until it prints); None if there is none. A lone
    `*` is not asked after: "5 * 3" and a footnote's star are meant as stars."""
    tokens = _tokens(text)
    _pair(tokens)
    for tok in tokens:
        if "b" in tok.get("kinds", "") and tok["opens"] and "b" not in tok["open"] | tok["close"]:
            return tok["text"]
    return None


def unclosed_said(stars: str) -> str:
    """What a message says of an unclosed `**` (unclosed_bold)."""
    return (f"{stars!r} opens bold that is never closed, so it prints as written (close it "
            f"with {stars}, or write {chr(92) + '*' + chr(92) + '*'} for two stars)")
