"""Colour meaning, where the rules give colour a meaning: the suits, elements, players or
attack types a colour stands for must stay told apart, also with a colour-vision deficiency
(render/colourdiff.py: CIEDE2000 of at least 10, and 5 under simulated protanopia,
deuteranopia and tritanopia), and a colour the booklet names ("the dark cell") must be one.

    [distinct]                                    # in game.toml
    elements = ["earth", "wind", "water", "fire"] # palette names or #rrggbb
    players = "players.csv:colour"                # every colour of a column
    suits = { piece = "monster card", field = "suit" }   # as drawn on those faces

A group tied to a kind of piece is checked on its faces as drawn (shown.FaceChecks reads them): the
elements coloured by the field give each value its colour, and an element in one value's
colour on a face of another value ("every frame in the stealth colour") is refused too.

    [colour_words]
    "dark cell" = "limit"     # the booklet's words, and the palette colour they describe
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import Any, Mapping

from .data.colours import Colour, parse_colour
from .errors import DataError, Finding, Source, error
from .render.colourdiff import MIN_DIFFERENCE, closest, difference, lab

SECTION, WORDS_SECTION = "distinct", "colour_words"


def _hex(c) -> str:
    return "#%02x%02x%02x" % tuple(round(float(v) * 255) for v in c[:3])


def apart(colours: Mapping[str, Any], where: Source, field: str, what: str) -> list[Finding]:
    """Every pair of differently meant colours far enough apart for every vision."""
    out = []
    for (a, ca), (b, cb) in combinations(colours.items(), 2):
        vision, d = closest(ca, cb)
        if d < MIN_DIFFERENCE[vision]:
            out.append(error(f"{what}: {a} ({_hex(ca)}) and {b} ({_hex(cb)}) look alike with "
                             f"{vision} (CIEDE2000 {d:.1f}, under {MIN_DIFFERENCE[vision]:g}); "
                             "colours that mean different things must stay told apart", where,
                             field))
    return out


def groups(folder, palette: Mapping[str, Colour]) -> tuple[dict, dict, list[Finding]]:
    """game.toml's [distinct]: (palette groups {name: {label: colour}}, drawn groups {name:
    (piece kind, field)}, problems)."""
    table = folder.config.get(SECTION, {})
    path = folder.toml_path
    plain: dict[str, dict[str, Any]] = {}
    drawn: dict[str, tuple[str, str]] = {}
    problems: list[Finding] = []
    if not isinstance(table, dict):
        return plain, drawn, [error(f"[{SECTION}] maps a group's name to its colours",
                                    Source(path), SECTION)]
    for name, spec in table.items():
        field = f"{SECTION}.{name}"
        try:
            if isinstance(spec, dict):
                if set(spec) != {"piece", "field"} or not all(isinstance(v, str)
                                                              for v in spec.values()):
                    raise DataError("a drawn group is { piece = \"monster card\", field = "
                                    "\"suit\" }", path, field=field)
                drawn[name] = (spec["piece"], spec["field"])
            elif isinstance(spec, str) and ":" in spec:
                plain[name] = _column(folder, spec, palette, field)
            elif isinstance(spec, list) and all(isinstance(c, str) for c in spec):
                plain[name] = {c: parse_colour(c, dict(palette), path, None, field) for c in spec}
            else:
                raise DataError("a group is a list of colours, \"file.csv:column\" or "
                                "{ piece, field }", path, field=field)
        except DataError as exc:
            problems.append(error(exc.message, Source(path), field))
    return plain, drawn, problems


def _column(folder, spec: str, palette, field: str) -> dict[str, Any]:
    from .data.sheets import read_table

    ref, _, column = spec.rpartition(":")
    table = read_table(folder.path, ref, Source(folder.toml_path), field)
    if column not in table.columns:
        raise DataError(f"{ref} has no column {column!r}", folder.toml_path, field=field)
    label = "name" if "name" in table.columns else table.columns[0]
    return {f"{r[label]} ({ref} row {r.source.row})": parse_colour(
        str(r[column]), dict(palette), r.source.path, r.source.row, column) for r in table.rows}


def check(folder, palette: Mapping[str, Colour], drawn: Mapping[str, "DrawnColours"] | None = None,
          root=None) -> list[Finding]:
    """Every [distinct] group and [colour_words] entry of a game folder; `drawn`: the drawn
    groups (drawn_groups()) once every face of their kinds was read."""
    plain, tied, out = groups(folder, palette)
    where = Source(folder.toml_path)
    for name, colours in plain.items():
        out += apart(colours, where, f"{SECTION}.{name}", f"the {name}")
    for name in tied:
        out += drawn[name].findings(where, root) if drawn and name in drawn else []
    out += _words(folder, palette)
    return out


def drawn_groups(folder, palette: Mapping[str, Colour]) -> dict[str, "DrawnColours"]:
    """The [distinct] groups tied to a kind of piece, ready to read its faces."""
    _, tied, _ = groups(folder, palette)
    return {name: DrawnColours(name, kind, field) for name, (kind, field) in tied.items()}


class DrawnColours:
    """A group tied to a kind of piece, read face by face (in any order; `at` is the face's
    place in the kit's order, which decides as if they were read in it): the colour each
    value is painted in by the elements its field colours, and the elements printed in
    another value's colour. What is kept is one entry per value and colour, and per element
    and colour, never a face."""

    def __init__(self, name: str, kind: str, field: str):
        self.name, self.kind, self.field = name, kind, field
        self._values: set[str] = set()
        self._painted: dict[str, tuple[int, Any]] = {}  # value -> (first face, its colour)
        # (value, element, origin, colours) -> (first face, element's place, its piece)
        self._others: dict[tuple, tuple[int, int, Any]] = {}

    def face(self, at: int, piece, row: dict, elements) -> None:
        value = str(row.get(self.field, ""))
        self._values.add(value)
        field = self.field
        painted = next((el.colours[0] for el, _ in elements
                        if field in el.paints and el.colours), None)
        if painted is not None and (value not in self._painted
                                    or at < self._painted[value][0]):
            self._painted[value] = (at, painted)
        for i, (el, origin) in enumerate(elements):
            if field in el.paints or not el.colours:
                continue
            key = (value, el.name, origin, el.colours)
            if key not in self._others or (at, i) < self._others[key][:2]:
                self._others[key] = (at, i, piece)

    def findings(self, where: Source, root) -> list[Finding]:
        from .shown import where as at

        name, kind, field = self.name, self.kind, self.field
        if not self._values:
            return []
        colour_of = {v: c for v, (_, c) in sorted(self._painted.items(),
                                                  key=lambda item: item[1][0])}
        if len(colour_of) < len(self._values):
            return [error(f"the {name}: no element of a {kind} is coloured by its {field}, but "
                          f"[{SECTION}] gives each {field} its colour", where,
                          f"{SECTION}.{name}")]
        out = apart(colour_of, where, f"{SECTION}.{name}", f"the {name} as printed on a {kind}")
        for (value, el_name, origin, colours), (_, _, piece) in sorted(
                self._others.items(), key=lambda item: item[1][:2]):
            for c in colours:  # another value's colour printed on this row's face
                other = next((v for v, cv in colour_of.items()
                              if v != value and difference(c, cv) < 2.0), None)
                if other is not None and difference(c, colour_of[value]) >= 2.0:
                    out.append(error(f"{at(origin, el_name, root)} is printed in the {other} "
                                     f"colour ({_hex(c)}) on a {value} {kind}", piece.source,
                                     field))
                    break
        return list(dict.fromkeys(_first_per_element(out)))


def _first_per_element(found: list[Finding]) -> list[Finding]:
    seen: set = set()
    out = []
    for f in found:
        key = f.message.split(" ", 1)[0] if f.source and f.source.row else f.message
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


# ---- the colours a booklet names -----------------------------------------------------------
def _hue(lo: float, hi: float):
    def test(L: float, C: float, h: float) -> bool:
        return C >= 15 and (lo <= h < hi if lo < hi else h >= lo or h < hi)
    return test


MEANS = {
    "dark": lambda L, C, h: L <= 50, "light": lambda L, C, h: L >= 70,
    "pale": lambda L, C, h: L >= 70, "black": lambda L, C, h: L <= 20,
    "white": lambda L, C, h: L >= 92 and C <= 10, "grey": lambda L, C, h: C <= 10,
    "gray": lambda L, C, h: C <= 10, "red": _hue(350, 45), "orange": _hue(45, 70),
    "yellow": _hue(70, 105), "gold": _hue(70, 105), "green": _hue(105, 200),
    "blue": _hue(200, 295), "purple": _hue(295, 350),
}


def _words(folder, palette: Mapping[str, Colour]) -> list[Finding]:
    table = folder.config.get(WORDS_SECTION, {})
    where = Source(folder.toml_path)
    if not isinstance(table, dict):
        return [error(f"[{WORDS_SECTION}] maps the booklet's words to a palette colour", where,
                      WORDS_SECTION)]
    out = []
    for phrase, name in table.items():
        field = f"{WORDS_SECTION}.{phrase}"
        if not isinstance(name, str) or name.lower() not in palette:
            out.append(error(f"{name!r} is not a [palette] colour", where, field))
            continue
        L, a, b = lab(palette[name.lower()])
        C, h = math.hypot(a, b), math.degrees(math.atan2(b, a)) % 360
        words = [w for w in phrase.lower().split() if w in MEANS]
        wrong = [w for w in words if not MEANS[w](L, C, h)]
        if wrong:
            out.append(error(f"the booklet says {phrase!r}, but {name} "
                             f"({_hex(palette[name.lower()])}, L* {L:.0f}) is not {wrong[0]}",
                             where, f"palette.{name.lower()}"))
    return out
