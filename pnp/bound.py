"""A booklet template states no rule of its own: what it says is bound to the data, the engine
or game.toml, as the rulings are (pnp/games/rulings.py).

- Numbers. A number written in a template, in digits or words ("5", "five", "twice"), is an
  error: it is a placeholder (`{{ rounds }}`), or, when it states no rule (a step of a list,
  "level 2" as a name), it is marked so: `{{ "Step 1" | counting }}`. A list's own numbering
  ("1. ") is markup, not a number, as is a heading's ("## 3. Setup", "## Chapter 3",
  "## Step 2"). In a game nothing plays (no engine, no rules.toml: `pnp new`'s engine =
  "deck") it is a warning: no played number can differ from the printed one, so the print is
  not refused, but the designer is told to name it in game.toml's [options] (`{{ options.hand }}`),
  where a variant or a later rules.toml reads the same number.
- Tables. A column whose heading names a field another column is filled from ("Defence"
  above `{{ c.threshold }}` while the next column shows `{{ c.defence }}`) is an error.
- One home per rule. A ruling may name its subject (`subject = ["shop", "fewest|first"]` in
  rulings.toml: every item, or one of its `|` alternatives, is a word of the sentence; "shop*"
  also matches "shopping"). A
  template sentence on that subject must be the ruling's text (`{{ ruling.L13 }}`) or name it
  ("(ruling L13)"), and may not say "more" where the ruling says "fewer": its words of order
  and comparison must be the ruling's.

Findings name the template and the line."""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping, Sequence

from .errors import Finding, Source, error, warning
from .render.bookmarkup import ICON

MARKER = "counting"  # the filter that marks a number stating no rule
# what plays a game's numbers, which decides what a number its booklet writes out is
ENGINE = "engine"  # a Python engine (the shipped games): an error; bind it to the engine's value
RULES = "rules"    # rules.toml, reading game.toml's [options]: an error; put it in [options]
NOTHING = ""       # nothing (engine = "deck"): a warning; [options] still names it once
SHOWN = 3          # warnings of written numbers said in full; the rest are one line
NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                "fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty "
                "sixty seventy eighty ninety hundred thousand once twice thrice double triple "
                "quadruple half dozen").split()
# a time of day (10:30, 10:30:00) is one number, said once, not one for each of its parts
# "twenty-five" is one number (25), not two
COMPOUND = (r"\b(?:" + "|".join(NUMBER_WORDS[20:28]) + r")-(?:" + "|".join(NUMBER_WORDS[1:10])
            + r")\b")
NUMBER = re.compile(r"(?<![\w.:])\d{1,2}(?::\d\d){1,2}(?![\w:])|"
                    r"(?<![A-Za-z0-9_.])[-+]?\d+(?:[.,]\d+)?(?![A-Za-z0-9_])|[½¼¾⅓⅔]|"
                    + COMPOUND + r"|\b(?:" + "|".join(NUMBER_WORDS) + r")\b", re.IGNORECASE)
LIST_ITEM = re.compile(r"^[ \t]*\d+\.[ \t]", re.MULTILINE)  # "1. " numbers a list: markup
# a heading's own number numbers the booklet, not the game: "## 3. Setup", "## 2.1 Dice",
# "## Chapter 3", "## Step 4: score", "## Appendix 1: credits" (a step of the booklet's own
# list; "## Round 3" may state a rule: still a number)
# (a bare number needs its dot, "## 3. Setup": "## 3 players" states a rule)
SECTION = re.compile(r"^([ \t]*#{1,6}[ \t]+)((?:chapter|part|section|appendix|step)[ \t]+\d+(?:\.\d+)*"
                     r"\.?|\d+(?:\.\d+)*\.|\d+(?:\.\d+)+)(?=[ \t:)]|$)",
                     re.MULTILINE | re.IGNORECASE)
# words of order and comparison: a sentence on a ruling's subject uses only the ruling's own
ORDER_WORDS = ("most fewest more fewer less least higher lower highest lowest greater smaller "
               "above below first last best worst").split()
ORDER = re.compile(r"\b(" + "|".join(ORDER_WORDS) + r")\b", re.IGNORECASE)


def check(source: str, name: str, rulings: Sequence[Any] = (), texts: Mapping[str, str] = {},
          values: Mapping[str, Any] = {},
          related: Mapping[str, Iterable[str]] = {}, tree: Any = None,
          plays: str = ENGINE) -> list[Finding]:
    """Every unbound number, mislabelled table column and homeless rule sentence of a booklet
    template. `rulings`: rulings.toml's entries (their subjects), `texts`: each ruling's text
    as the booklet prints it, `values`: the template's plain values (to suggest a placeholder),
    `related`: words a value's rule is about besides its name's; `tree`: the source parsed,
    if rendering it parsed it; `plays`: what plays the game's numbers (ENGINE, RULES or
    NOTHING)."""
    import jinja2
    from jinja2 import nodes

    from .templating import environment

    try:
        tree = environment().parse(source) if tree is None else tree
    except jinja2.TemplateSyntaxError:
        return []  # rendering reports it, with its line
    where = Source(name)  # type: ignore[arg-type]  # shown as written: templates/x/booklet.md.j2
    found: list[tuple[int, str]] = []  # each number's line and message
    named: dict[str, str] = {}  # the [options] names suggested so far, each for its number
    for data in tree.find_all(nodes.TemplateData):
        text = LIST_ITEM.sub(lambda m: " " * len(m.group(0)), data.data)
        text = SECTION.sub(lambda m: m.group(1) + " " * len(m.group(2)), text)
        text = ICON.sub(lambda m: " " * len(m.group(0)), text)  # (:coin-2: is an icon's name)
        for m in NUMBER.finditer(text):
            line = data.lineno + text.count("\n", 0, m.start())
            # (quoted as written: the blanks stand in for marks only to find the numbers)
            found.append((line, _number(m.group(0), _around(data.data, m.start(), m.end()),
                                        line, values, text, (m.start(), m.end()), related,
                                        plays, named)))
    for const, line in _constants(tree):
        for m in NUMBER.finditer(const):
            found.append((line, _number(m.group(0), const, line, values, const,
                                        (m.start(), m.end()), related, plays, named)))
    out = _numbers(found, plays, where)
    out += _tables(source, where)
    out += _homes(source, rulings, texts, where)
    return out


def unprinted(rendered: str, name: str, texts: Mapping[str, str],
              plays: str = ENGINE) -> list[Finding]:
    """Every ruling the booklet prints nowhere: the engine enforces it, so a player must be
    able to read it (dropping `{{ ruling.L16 }}` from the setup, or the list of rulings, drops
    a rule). `texts`: each ruling's text as the booklet prints it. In a game nothing plays, a
    warning: the ruling is the designer's, and no game played contradicts a booklet without it."""
    flat = " ".join(rendered.split())
    missing = [rid for rid, text in texts.items() if " ".join(text.split()) not in flat]
    if not missing:
        return []
    one = f"{{{{ ruling.{missing[0]} }}}}"
    many = len(missing) > 1
    said = (f"{'rulings' if many else 'ruling'} {', '.join(missing)} {'are' if many else 'is'} "
            "printed nowhere in the booklet"
            + (f", yet the engine plays {'them' if many else 'it'}" if plays != NOTHING else "")
            + f": print {one} where it applies, or list every ruling ({{% for r in rulings %}})")
    return [(warning if plays == NOTHING else error)(
        said, Source(name))]  # type: ignore[arg-type]


def _numbers(found: list[tuple[int, str]], plays: str, where: Source) -> list[Finding]:
    """Each written number an error; in a game nothing plays a warning, SHOWN of them in full
    and the rest one line: a page of rules must not bury the build's output."""
    if plays != NOTHING:
        return [error(said, where) for _, said in found]
    out = [warning(said, where) for _, said in found[:SHOWN]]
    rest = found[SHOWN:]
    if rest:
        lines = sorted({line for line, _ in rest})
        shown = ", ".join(map(str, lines[:8])) + (", ..." if len(lines) > 8 else "")
        out.append(warning(f"line{'s' if len(lines) > 1 else ''} {shown}: {len(rest)} more "
                           f"number{'s are' if len(rest) > 1 else ' is'} written out: bind "
                           "each as above (game.toml's [options] and {{ options.NAME }}), or "
                           f"mark it {{{{ \"...\" | {MARKER} }}}}", where))
    return out


def _number(number: str, around: str, line: int, values: Mapping[str, Any], text: str,
            span: tuple[int, int], related: Mapping[str, Iterable[str]] = {},
            plays: str = ENGINE, named: dict[str, str] | None = None) -> str:
    """What to say of `number`, written at `span` of `text` (`around` it, as quoted)."""
    # its own sentence's words ("takes 5 cards", not the next sentence's "first to 20 points")
    near = _stems(re.findall(r"[A-Za-z]+", _sentence(around, text, span)))

    def kin(name: str) -> int:  # how many words of the sentence the value's name shares
        return len(_name_stems(name, related) & near)

    # an equal value is suggested only if named like the sentence: "Play one rune" is not
    # options.draw for being 1 too (bound, the booklet would follow draw's changes)
    equal = sorted((k for k, v in values.items() if _same(v, number) and kin(k)), key=kin,
                   reverse=True)
    # a value named like what the number counts that differs: the number may be wrong, not
    # just unbound ("Win 3 paths" where paths_to_win is 2; "one rune from your hand" counts
    # runes, not the hand options.hand deals)
    counted = _stems(re.findall(r"[A-Za-z]+", _counted(text, span[1])))
    unlike = max((k for k, v in values.items() if kin(k) and not _same(v, number)
                  and (not counted or _kin(k, related, counted))), key=kin, default=None)
    note = (f" (but {unlike}, named like this sentence, is {values[unlike]:g}: is the number "
            "right?)" if unlike and kin(unlike) > max(map(kin, equal[:1]), default=0) else "")
    key, phrase = _option(text, *span, values, {} if named is None else named)
    # equal values named otherwise: no evidence, yet often the one ("Deal each player 4
    # runes" is options.hand, 4 too): asked of, after the new key, never written for the user
    also = [k for k, v in values.items() if _same(v, number) and not kin(k)
            and not _same(1, number) and not _same(0, number)][:2]  # (1 and 0 are everywhere)
    maybe = (f" (or is it {' or '.join('{{ ' + k + ' }}' for k in also)}, also {number}?)"
             if also and not equal else "")
    if equal:
        bind = "write " + " or ".join("{{ " + k + " }}" for k in equal[:3])
    elif plays == ENGINE:  # a shipped engine's [options] are its own: the value is the engine's
        bind = "write the placeholder of the value it states"
    elif plays == RULES:  # game.toml's [options] reach the booklet as `options`, and rules.toml
        bind = (f"put it in game.toml as [options] {key} = {_toml(number)}, then write "
                f"{{{{ options.{key} }}}} here and options.{key} in rules.toml (so the booklet "
                "and the game share it)")
    else:
        bind = (f"put it in game.toml as [options] {key} = {_toml(number)} and write "
                f"{{{{ options.{key} }}}} (one place to change it)")
    return (f"line {line}: {around!r}: the number {number!r} is written out{note}; {bind}{maybe}, "
            f"or, if it states no rule (a step, a name), mark it: {{{{ \"{phrase}\" | {MARKER} }}}}")


def _kin(name: str, related: Mapping[str, Iterable[str]], words: set[str]) -> bool:
    return bool(_name_stems(name, related) & words)


def _name_stems(name: str, related: Mapping[str, Iterable[str]]) -> set[str]:
    """The words a value's name ("options.action_cards") and its rule's related words say."""
    return _stems([*re.split(r"[_.]", name), *related.get(name, ())])


def _counted(text: str, end: int) -> str:
    """The words a number counts: the one or two after it ("5 action cards", "3 **paths**")
    up to a word that names nothing (the, of, ...); "" when none follows."""
    after = re.match(r"(?:[ \t*_]+[A-Za-z][A-Za-z-]*){1,2}", text[end:])
    words = []
    for w in re.findall(r"[A-Za-z][A-Za-z-]*", after.group(0) if after else ""):
        if w.lower() in PLAIN:
            break
        words.append(w)
    return " ".join(words)


# words that name no number: an [options] key is made of the words beside it, not of these
# (and, or, not, in, is, if are Jinja's own: `options.in` would not parse)
PLAIN = set("a an the and or not in is if else of to on at by for with from per each every "
            "than then up your their its this that these those more less none true false"
            .split())


def _option(text: str, start: int, end: int, values: Mapping[str, Any],
            named: dict[str, str]) -> tuple[str, str]:
    """An [options] key for the number at text[start:end], from the words after it ("5 action
    cards": action_cards; a plural ends it: "20 gems wins", gems), else the word before ("Step
    1": step), else "number"; and the phrase a marker would wrap: the number with that word.
    A key `named` for another number already, or another value's, takes the word before
    ("pay_coins"), else the number ("coins_7")."""
    said = text[start:end]
    after = re.match(r"(?:[ \t]+[A-Za-z][A-Za-z-]*)+", text[end:])
    words: list[str] = []
    for w in after.group(0).split() if after else []:
        if len(words) == 2 or w.lower() in PLAIN or NUMBER.fullmatch(w) \
                or (words and words[-1].endswith("s")):
            break
        words.append(w)
    before = re.search(r"([A-Za-z][\w-]*)[ \t]+$", text[:start])
    word = before.group(1) if before and before.group(1).lower() not in PLAIN else ""
    key = re.sub(r"-", "_", "_".join(words or [word]).lower())
    if not re.fullmatch(r"[a-z][a-z0-9_]*", key):  # (a TOML key as written, and Jinja's name)
        key = "number"
    if hasattr(dict, key):  # `options.items` is the table's method, not its key
        key += "_count"
    def taken(k: str) -> bool:
        return named.get(k, said) != said or f"options.{k}" in values

    if taken(key) and words and word:  # "pay 7 coins" beside "gain 2 coins": pay_coins
        key = re.sub(r"-", "_", f"{word}_{key}".lower())
    if taken(key) or not re.fullmatch(r"[a-z][a-z0-9_]*", key):
        key = re.sub(r"-", "_", "_".join(words or [word]).lower())
        key = (key if re.fullmatch(r"[a-z][a-z0-9_]*", key) else "number") + "_" + re.sub(
            r"\W", "_", said.lower()).strip("_")
    named[key] = said
    phrase = (f"{said} {' '.join(words)}" if words else f"{before.group(1)} {said}" if before
              else said)
    return key, phrase


CARDINALS = {**{w: i for i, w in enumerate(NUMBER_WORDS[:20])},
             **{w: 10 * i for i, w in enumerate(NUMBER_WORDS[20:28], 2)},
             "hundred": 100, "thousand": 1000, "dozen": 12}


def _cardinal(word: str) -> int | None:
    """A number word's value: "five" 5, "twenty-five" 25; None for any other word."""
    tens, _, units = word.lower().partition("-")
    if units:
        return CARDINALS[tens] + CARDINALS[units] if tens in CARDINALS and units in CARDINALS \
            else None
    return CARDINALS.get(tens)


def _toml(number: str) -> str:
    """The number as game.toml's value: "5" 5, "five" 5, "1,5" 1.5, "1,000" 1000; a word that
    is no count ("twice", "½") or a time of day as a text, which prints as written."""
    low = number.lower().lstrip("+")
    value = _cardinal(low)
    if value is not None:
        return str(value)
    if re.fullmatch(r"-?\d+", low):
        return str(int(low))
    if re.fullmatch(r"-?\d{1,3}(?:,\d{3})+", low):
        return low.replace(",", "")
    if re.fullmatch(r"-?\d+[.,]\d+", low):
        return low.replace(",", ".")
    return f'"{number}"'


WORD_VALUES = {w: i for i, w in enumerate(NUMBER_WORDS[:20])}


def _same(value: Any, number: str) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    n = WORD_VALUES.get(number.lower()) if "-" not in number else _cardinal(number)
    try:
        return float(value) == (n if n is not None else float(number.replace(",", ".")))
    except ValueError:
        return False


def _sentence(around: str, text: str, span: tuple[int, int]) -> str:
    """The part of `around` (the words quoted about the number at `span`) in the number's own
    sentence."""
    start, end = span
    left = max(text.rfind(stop, 0, start) for stop in (". ", "! ", "? ", "\n"))
    right = min((i for i in (text.find(stop, end) for stop in (". ", "! ", "? ", "\n"))
                 if i >= 0), default=len(text))
    own = text[left + 1:right]
    return own if len(own) < len(around) else around


def _around(text: str, start: int, end: int, reach: int = 24) -> str:
    left = text.rfind("\n", 0, start) + 1
    right = text.find("\n", end)
    right = len(text) if right < 0 else right
    lo, hi = max(left, start - reach), min(right, end + reach)
    # whole words only: "'e first player to reach 25'" read as a typo of the template's
    while lo > left and text[lo - 1].isalnum():
        lo -= 1
    while hi < right and text[hi].isalnum():
        hi += 1
    return text[lo:hi].strip()


def _constants(tree) -> Iterable[tuple[str, int]]:
    """The numbers and texts written inside expressions that reach the page: not an index
    (suits[0]), a comparison (n > 1), a filter's argument (round(1)) or a marked number."""
    from jinja2 import nodes

    def walk(node, printed: bool):
        if isinstance(node, nodes.Filter) and node.name == MARKER:
            return
        if isinstance(node, nodes.Const) and printed:
            value = node.value
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                yield f"{value:g}", node.lineno
            elif isinstance(value, str):
                yield value, node.lineno
            return
        for name in node.fields:
            child = getattr(node, name, None)
            keep = printed and not (
                (isinstance(node, nodes.Getitem) and name == "arg")
                or isinstance(node, (nodes.Compare, nodes.Slice, nodes.Test))
                or (isinstance(node, (nodes.If, nodes.CondExpr)) and name == "test")
                or (isinstance(node, (nodes.Filter, nodes.Call)) and name in ("args", "kwargs"))
                or (isinstance(node, nodes.Macro) and name == "defaults"))
            for item in child if isinstance(child, list) else [child]:
                if isinstance(item, nodes.Node):
                    yield from walk(item, keep)

    yield from walk(tree, True)


# ---- tables --------------------------------------------------------------------------------
EXPR = re.compile(r"\{\{(.*?)\}\}", re.DOTALL)


def _stems(words: Iterable[str]) -> set[str]:
    return {w.lower().rstrip("s") for w in words if len(w) > 2}


def _tables(source: str, where: Source) -> list[Finding]:
    lines = source.splitlines()
    out = []
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if not (line.lstrip().startswith("|") and re.fullmatch(r"\s*\|[\s|:-]+\|\s*", nxt)):
            continue
        heads = [_stems(re.findall(r"[A-Za-z]+", EXPR.sub(" ", c))) for c in _cells(line)]
        shared = {w for i, h in enumerate(heads) for g in heads[i + 1:] for w in h & g}
        heads = [h - shared for h in heads]
        for j in range(i + 2, len(lines)):
            row = lines[j]
            if not row.strip() or row.lstrip().startswith("{%"):
                if not row.strip():
                    break
                continue
            if not row.lstrip().startswith("|"):
                break
            cells = [_stems(n for e in EXPR.findall(c) for n in re.findall(r"[A-Za-z_]+", e))
                     for c in _cells(row)]
            out += _columns(line, heads, cells, j + 1, where)
    return out


def _cells(line: str) -> list[str]:
    return [c.strip() for c in EXPR.sub(lambda m: m.group(0).replace("|", "\0"), line)
            .strip().strip("|").split("|")]


def _columns(header: str, heads: list[set[str]], cells: list[set[str]], line: int,
             where: Source) -> list[Finding]:
    names = _cells(header)
    out = []
    for i, head in enumerate(heads):
        if i >= len(cells) or head & cells[i]:
            continue
        for j, other in enumerate(cells):
            if j != i and head & other:
                word = sorted(head & other)[0]
                out.append(error(f"line {line}: the table's column {names[i]!r} is not filled "
                                 f"from {word}, which its heading names (column {names[j]!r} "
                                 "is): a column shows what its heading says", where))
                break
    return out


# ---- one home per rule ---------------------------------------------------------------------
SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|$)", re.MULTILINE)


def _says(sentence: str, word: str) -> bool:
    """A subject's word in a sentence: the whole word or phrase ("wound limit"), in any case;
    "shop*" also as the start of one (shops, shopping)."""
    word = word.strip()
    tail = r"\w*" if word.endswith("*") else ""
    return re.search(rf"\b{re.escape(word.rstrip('*'))}{tail}\b", sentence, re.IGNORECASE) \
        is not None


def _homes(source: str, rulings: Sequence[Any], texts: Mapping[str, str],
           where: Source) -> list[Finding]:
    subjects = [(r, [alt.split("|") for alt in r.subject]) for r in rulings
                if getattr(r, "subject", ())]
    if not subjects:
        return []
    # expressions stand as what they name: `{{ ruling.L13 }}` keeps "L13", a value is a word
    def keep_lines(m: re.Match) -> str:
        return "\n" * m.group(0).count("\n") or " "

    flat = re.sub(r"\{%.*?%\}|\{#.*?#\}", keep_lines, source, flags=re.DOTALL)
    flat = EXPR.sub(lambda m: " " + " ".join(re.findall(r"\b[A-Za-z]+\d+\b", m.group(1)))
                    + keep_lines(m).strip(" ") + " ", flat)
    flat = flat.replace("*", "")
    out = []
    for m in SENTENCE.finditer(flat):
        sentence = m.group(0)
        for r, subject in subjects:
            if not all(any(_says(sentence, a) for a in alts) for alts in subject):
                continue
            line = flat.count("\n", 0, m.start()) + 1
            said = sentence.strip()[:60]
            if not re.search(rf"\b{re.escape(r.id)}\b", sentence):
                out.append(error(f"line {line}: {said!r} states the subject of ruling {r.id} "
                                 f"({r.title}); print the ruling's text, {{{{ ruling.{r.id} }}}}"
                                 f", or name it: (ruling {r.id})", where))
                continue
            own = {w.lower() for w in ORDER.findall(texts.get(r.id, r.text))}
            other = [w for w in ORDER.findall(sentence) if w.lower() not in own]
            if other:
                out.append(error(f"line {line}: {said!r} says {other[0]!r} where ruling {r.id} "
                                 f"({r.title}) does not: state it as the ruling does", where))
    return out
