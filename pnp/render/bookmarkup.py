"""The booklet's Markdown subset read into blocks, and what it does not understand found.

Understood: `#` to `######` headings; paragraphs; `- `, `* `, `+ ` bullets and `1. ` items;
tables (`| a | b |` rows, the first the header, a `|---|` line skipped); `**bold**`, `*italic*`,
`***both***`; a card's icon `:name:` (drawn in the line, booklayout.py); `[[figure NAME]]` (a
figure the game draws from its data); `![caption](file)` on a line of its own (a PNG, JPEG or
SVG of the game folder); `---` for a new page.

Anything else Markdown would format (a link, `code`, a block quote, a rule of `***`, `__bold__`,
a seventh `#`, HTML, a nested list) is not printed as typed: `unknown()`
names each with its line, and the block keeps only its words (what `pnp build --force` prints).

A backslash before a character of markup prints that character (`\\*` a star, as on cards);
`literal()` escapes a text made by pnp (an expression quoted into a rule sentence) so the
booklet prints it as written: `9**9**9` is not bold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

MAX_LEVEL = 6


@dataclass
class Block:
    kind: str  # heading, para, bullet, table, figure, image, break
    text: str = ""
    level: int = 0  # a heading's; a numbered item's number is its `bullet`
    bullet: str = ""
    rows: list[list[str]] = field(default_factory=list)  # a table's, the header first
    src: str = ""  # an image's file
    line: int = 0  # where the block starts in the text (1-based)


@dataclass(frozen=True)
class Unknown:
    line: int  # in the rendered text, 1-based
    what: str  # "a link"
    shown: str  # the markup as written
    markdown: bool = True  # Markdown the booklet does not print (else a mistake in one it does)


# markup inside a line: what it is called, and the words to keep of it (an escaped mark,
# `\\[`, opens none)
_INLINE = [
    (re.compile(r"!\[([^\]]*)\]\(([^)]*)\)"), "an image inside a paragraph (put it on a line "
     "of its own)", r"\1"),
    (re.compile(r"(?<!\\)\[([^\]\n]+)\]\(([^)\s]*)\)"), "a link (pnp prints no links)", r"\1"),
    (re.compile(r"(?<!\\)`([^`\n]+)`"), "`code` (pnp has no code font)", r"\1"),
    (re.compile(r"(?<!\w)__(\S(?:.*?\S)?)__(?!\w)"), "__bold__ (write **bold**)", r"\1"),
    (re.compile(r"~~(\S(?:.*?\S)?)~~"), "~~struck~~ text", r"\1"),
    (re.compile(r"(?<!\\)</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>"), "an HTML tag", ""),
]
# a card's icon, as faces/richtext.py reads it (`a:b:c` and `\:leaf:` are text); split() gives
# the text and the icons' names in turn
ICON = re.compile(r"(?<![\w:\\]):([A-Za-z][A-Za-z0-9_-]*):(?![\w:])")
# what literal() escapes: a mark of its own, or `_` and `~` doubled (single, they are text)
_MARKS = re.compile(r"[\\*`\[<|]|__+|~~+|:(?=[A-Za-z])")  # (a colon that could open an icon)
_ESCAPED = re.compile(r"\\([\\*`\[<|_~:])")
# a whole line
_LINE = [
    (re.compile(r"(?:```|~~~).*"), "a code fence"),
    (re.compile(r">\s?.*"), "a block quote"),
    (re.compile(r"(?:\*\s*){3,}|(?:_\s*){3,}|={3,}"), "a rule (write --- for a new page)"),
    (re.compile(r"#{7,}\s.*"), f"a heading deeper than {'#' * MAX_LEVEL}"),
    (re.compile(r"#{1,6}[^#\s].*"), "a heading with no space after its #"),
]
_IMAGE = re.compile(r"!\[([^\]]*)\]\(\s*([^)\s]+)\s*\)")


def read(text: str) -> tuple[list[Block], list[Unknown]]:
    """The blocks of the text, and the markup in it that the booklet does not print."""
    reader = _Reader()
    for number, raw in enumerate(text.splitlines(), 1):
        reader.add(raw.strip(), number, len(raw.expandtabs(4)) - len(raw.expandtabs(4).lstrip()))
    reader.flush()
    return reader.blocks, reader.unknown


def unknown(text: str) -> list[Unknown]:
    return read(text)[1]


def icons(text: str) -> list[tuple[int, str]]:
    """The icons the text names: (line, name), in order."""
    return [(number, m.group(1)) for number, line in enumerate(text.splitlines(), 1)
            for m in ICON.finditer(line)]


def literal(text: str) -> str:
    """Text that prints as written inside a line of the booklet: each character its markup
    would read escaped (`9**9**9`, `a<b`, `__x__`)."""
    return _MARKS.sub(lambda m: "".join("\\" + c for c in m.group()), text)


def unescaped(text: str) -> str:
    """A block's text as printed: an escaped mark as the mark itself."""
    return _ESCAPED.sub(r"\1", text)


class _Reader:
    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.unknown: list[Unknown] = []
        self.para: list[str] = []
        self.para_line = 0
        self.table: Block | None = None
        self.bullet_indent: int | None = None  # the last line's, when it was a list item

    def flush(self) -> None:
        self.flush_para()
        if self.table is not None:
            self.blocks.append(self.table)
            self.table = None

    def flush_para(self) -> None:
        if self.para:
            self.blocks.append(Block("para", " ".join(self.para), line=self.para_line))
            self.para = []

    def inline(self, text: str, number: int) -> str:
        """The line's words, each unknown markup noted and reduced to its words."""
        for pattern, what, keep in _INLINE:
            m = pattern.search(text)
            if m:  # one finding for each kind of markup in the line
                self.unknown.append(Unknown(number, what, m.group()))
                text = pattern.sub(keep, text)
        return text

    def add(self, line: str, number: int, indent: int = 0) -> None:
        under, self.bullet_indent = self.bullet_indent, None
        if not line.startswith("|") and self.table is not None:
            self.blocks.append(self.table)
            self.table = None
        if not line:
            self.flush_para()
            return
        if line.startswith("|"):
            self.flush_para()
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip("|"))]
            if all(re.fullmatch(r":?-{2,}:?", c) for c in cells):
                return
            if self.table is None:
                self.table = Block("table", line=number)
            elif len(cells) > len(self.table.rows[0]):  # (it printed under an empty heading)
                self.unknown.append(Unknown(
                    number, f"a table row of {len(cells)} cells under a header of "
                    f"{len(self.table.rows[0])} (a stray '|'?)", line, markdown=False))
            self.table.rows.append([self.inline(c, number) for c in cells])
            return
        block = self.block(line, number, under, indent)
        if block is None:
            if not self.para:
                self.para_line = number
            self.para.append(self.inline(line, number))
        else:
            self.flush_para()
            self.blocks.append(block)

    def block(self, line: str, number: int, under: int | None = None,
              indent: int = 0) -> Block | None:
        """A block that stands alone; None for a line of a paragraph."""
        if line == "---":
            return Block("break", line=number)
        m = re.fullmatch(r"\[\[figure\s+([\w-]+)\]\]", line)
        if m:
            return Block("figure", m.group(1), line=number)
        m = _IMAGE.fullmatch(line)
        if m:
            return Block("image", self.inline(m.group(1), number), src=m.group(2), line=number)
        m = re.fullmatch(r"(#{1,6})\s+(.*)", line)
        if m:
            return Block("heading", self.inline(m.group(2), number), level=len(m.group(1)),
                         line=number)
        m = re.fullmatch(r"([-*+]|\d+\.)\s+(.*)", line)
        if m and not re.fullmatch(r"(?:\*\s*){3,}", line):
            bullet = m.group(1) if m.group(1)[0].isdigit() else "\u2022"
            # under the item before, past its marker (CommonMark's nesting: "- a" then " - b"
            # is a sibling): it printed as an item of the outer list
            if under is not None and indent >= under + len(m.group(1)) + 1:
                self.unknown.append(Unknown(number, "a nested list (the booklet prints one "
                                            "level of list)", line))
            self.bullet_indent = min(indent, under) if under is not None else indent
            return Block("bullet", self.inline(m.group(2), number), bullet=bullet, line=number)
        for pattern, what in _LINE:
            if pattern.fullmatch(line):
                self.unknown.append(Unknown(number, what, line))
                words = line.lstrip("`~>#*_= ").strip()
                return Block("para" if words else "none", self.inline(words, number),
                             line=number)
        return None
