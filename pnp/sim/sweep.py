"""What-if sweeps: change the game's data, check it, and simulate each variant on the same seeds.

    pnp sweep --game my-duel --set options.wound_limit=50,75,100
    pnp sweep --game my-duel --set characters.csv:wizard.threshold=10..14

A setting is ``section.key`` of game.toml or ``file.csv:ROW.column``, ROW being the value of the
file's first column (its key, e.g. ``psychic``; it must name one row) or ``#N``, the row's number
(header = 1, as the per-card CSV's ``row``). Values are a comma list, integer ranges ``a..b``, or
both (``1..3,5``). With several --set the variants are every combination. Each variant is a copy of the
game folder in a temporary folder, with the values written in; it is validated as `pnp validate`
does (a variant that fails is reported with its first problems and not simulated), then played on
the same seeds as the base game: game i of every variant has seed ``derive_seed(seed, i)``
(common random numbers). Differences are taken game by game, so what the variants share (the
deal, the side draw, much of the agents' dice) cancels and the intervals of the differences are
tighter than those of two independent runs.

Figures per game (``outcomes``): each seat's return, the game length, each kind of ending the
engine's stats() names with a word (e.g. ``winner_side=human``), and for per-seat labels such as
characters, the return of the seats holding each label (``characters=psychic``).
"""

from __future__ import annotations

import csv
import io
import itertools
import math
import re
import tempfile
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from ..errors import OptionError, PnpError, did_you_mean
from . import agents as agent_registry
from .progress import Progress
from .simulate import Setup, chunks, default_jobs, load_game, seeded, setup_of
from .summary import Z95, Tally, figures

# ---------------------------------------------------------------------------------------------
# Settings: --set TARGET=VALUES
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setting:
    text: str                  # as given, e.g. "options.wound_limit"
    file: str                  # "game.toml" or a CSV file name
    path: tuple[str, ...]      # TOML: (section..., key); CSV: (row key, column)
    values: tuple[Any, ...]

    @property
    def place(self) -> str:
        """What the setting writes, as its errors name it: "game.toml [options] hand",
        "cards.csv, row 5, column 'rank'" (a row named by its key: row 'psychic')."""
        return _place(self.file, self.path)


def _place(file: str, path: Sequence[str]) -> str:
    if file == "game.toml":
        return f"game.toml [{'.'.join(path[:-1])}] {path[-1]}"
    row = path[0][1:] if re.fullmatch(r"#\d+", path[0]) else repr(path[0])
    return f"{file}, row {row}, column {path[1]!r}"


def _value(text: str) -> Any:
    text = text.strip()
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    if text in ("true", "false"):
        return text == "true"
    return text


MAX_VALUES = 100        # values of one --set
MAX_VARIANTS = 200      # combinations of all --set: each is a copy of the game, validated, played


def _values(place: str, values: str) -> tuple[Any, ...]:
    """"50,75,100", "10..14" or a mix, "1..3,5" -> the values, in order; a mistake names
    `place`, what they are written to (Setting.place)."""
    out: list[Any] = []
    for item in values.split(","):
        span = re.fullmatch(r"\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*", item)
        if span:
            a, b = int(span.group(1)), int(span.group(2))
            if b < a:
                raise OptionError("--set", f"{place}: the range {a}..{b} is empty")
            if b - a + 1 > MAX_VALUES:
                raise OptionError("--set", f"{place}: the range {a}..{b} has {b - a + 1:,} "
                                  f"values; a sweep takes at most {MAX_VALUES} values a setting")
            out.extend(range(a, b + 1))
        elif ".." in item:
            raise OptionError("--set", f"{place}: {item.strip()!r} is not a range of whole "
                              "numbers like 10..14")
        else:
            v = _value(item)
            if v == "":
                raise OptionError("--set", f"{place}: an empty value in {values!r}")
            out.append(v)
    twice = sorted({str(v) for v in out if out.count(v) > 1})
    if twice:
        raise OptionError("--set", f"{place}: {twice[0]} is given twice; each value is one "
                          "variant")
    if len(out) > MAX_VALUES:
        raise OptionError("--set", f"{place}: {len(out):,} values; a sweep takes at most "
                          f"{MAX_VALUES} values a setting")
    return tuple(out)


def parse_setting(text: str) -> Setting:
    """"options.wound_limit=50,75,100" or "characters.csv:psychic.threshold=10..14" (ranges and
    values may be mixed: "1..3,5"); a CSV row is its first column's value or #N, its line number
    as a spreadsheet shows it (header = 1)."""
    target, eq, values = text.partition("=")
    target = target.strip()
    if not eq or not target or not values.strip():
        raise OptionError("--set", f"{text!r}: write TARGET=VALUES, e.g. "
                          "options.wound_limit=50,75,100")
    if ":" in target:
        file, _, rest = target.partition(":")
        row, dot, column = rest.rpartition(".")
        if not file.endswith(".csv") or not dot or not row or not column:
            raise OptionError("--set", f"{text!r}: a CSV setting is file.csv:ROW.column, e.g. "
                              "characters.csv:psychic.threshold or monsters.csv:#11.coins")
        path: tuple[str, ...] = (row, column)
    else:
        file = "game.toml"  # (NFC: a key is named as game.toml's loader and the table name it)
        path = tuple(unicodedata.normalize("NFC", p.strip()) for p in target.split("."))
        if len(path) < 2 or not all(path):
            raise OptionError("--set", f"{text!r}: a game.toml setting is section.key, e.g. "
                              "options.wound_limit")
    return Setting(target, file, path, _values(_place(file, path), values))


def parse_settings(texts: Sequence[str]) -> list[Setting]:
    """Every --set; a target set twice, or more combinations than MAX_VARIANTS, is an error."""
    settings = [parse_setting(t) for t in texts]
    seen: set[tuple] = set()
    for s in settings:
        key = (s.file, s.path)
        if key in seen:
            raise OptionError("--set", f"{s.text} is given twice; give all its values in one "
                              f"--set, e.g. --set {s.text}=50,75")
        seen.add(key)
    count = math.prod(len(s.values) for s in settings)
    if count > MAX_VARIANTS:
        raise OptionError("--set", f"the values make {count:,} variants; a sweep plays at most "
                          f"{MAX_VARIANTS} (fewer values, or one sweep per setting)")
    return settings


def _toml_literal(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'


def _set_toml(path: Path, keys: Sequence[str], value: Any) -> None:
    """Replace `key = ...` inside [section] of a TOML file, keeping the comments around it."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    i, m = _toml_line(lines, keys)
    lines[i] = m["head"] + _toml_literal(_of_kind(_place("game.toml", keys), m["value"],
                                                  value)) + m["rest"]
    path.write_text("".join(lines), encoding="utf-8")


def _of_kind(place: str, old: str, value: Any) -> Any:
    """`value` as the key or cell at `place` holds it (`old`, as written). A whole number where
    the file has one is written as one, however typed (1e9, 25.0: else the variant's copy
    says "25.0 is a decimal number in TOML", of a file the designer never sees). A text or
    true/false where the file has a number is refused as a key the file lacks is: else the
    rules meet a text where they compare a number, and say so in Python's words ('>=' not
    supported between 'int' and 'str')."""
    number = re.fullmatch(r"[+-]?\d[\d_]*(\.\d+)?([eE][+-]?\d+)?", old)
    if number and isinstance(value, (str, bool)):
        raise OptionError("--set", f"{place} is a number ({old}), not "
                          f"{_toml_literal(value) if isinstance(value, bool) else repr(value)}")
    if number and not number.group(1) and not number.group(2) and type(value) is float \
            and value.is_integer():
        return int(value)
    return value


# `key = value`, the key bare or quoted ("zíl" = 15: TOML's bare keys are ASCII only)
_KEY_VALUE = re.compile(r"""(?P<head>\s*(?P<key>"[^"]*"|'[^']*'|[\w-]+)\s*=\s*)"""
                        r"""(?P<value>"[^"]*"|'[^']*'|[^#\s]+)(?P<rest>.*)$""", re.S)


def _same(name: str) -> str:
    """A key or table as compared: unquoted and NFC (a Mac's terminal may type í as i + ´)."""
    return unicodedata.normalize("NFC", name.strip().strip("\"'"))


def _toml_line(lines: list[str], keys: Sequence[str]) -> tuple[int, re.Match]:
    """The line of `key = value` inside [section] (its index, and its match: the text before
    the value, the value, the rest). A key the file lacks is refused, naming a close one, not
    added: the base game would still play the default, and a misspelt key would be swept with
    no effect in a game whose options are its own (a deck's, a rules.toml's)."""
    section, key = ".".join(keys[:-1]), keys[-1]
    current: str | None = None
    known: dict[str, list[str]] = {}  # each table's keys, to name a close one
    for i, line in enumerate(lines):
        head = re.match(r"\s*\[([^\[\]]+)\]\s*(#.*)?$", line)
        if head:
            current = _same(head.group(1))
            known.setdefault(current, [])
            continue
        m = _KEY_VALUE.match(line)
        if m and current is not None:
            if current == _same(section) and _same(m["key"]) == _same(key):
                return i, m
            known[current].append(_same(m["key"]))
    section = _same(section)
    missing = f"{key!r} in [{section}]{did_you_mean(key, known[section])}" \
        if section in known else f"table [{section}]{did_you_mean(section, known)}"
    raise OptionError("--set", f"game.toml has no {missing}; to sweep it, write it there "
                      f"first with the value the game plays now ([{section}] {key} = ...)")


def check_targets(folder: Path, settings: Sequence[Setting]) -> None:
    """Every setting names a key or a cell the game has, and each of its values is of the
    kind it holds, said before any game is played."""
    for s in settings:
        if s.file == "game.toml":
            text = (folder / "game.toml").read_text(encoding="utf-8")
            old = _toml_line(text.splitlines(keepends=True), s.path)[1]["value"]
        else:
            old = _cell(_csv_path(folder, s), s.path[0], s.path[1])[0]
        for value in s.values:
            _of_kind(_place(s.file, s.path), old, value)


def _read_csv(path: Path, column: str) -> tuple[list[list[str]], int]:
    """The file's rows (header first) and the index of `column`."""
    if not path.is_file():
        files = [f.name for f in path.parent.glob("*.csv")]
        raise OptionError("--set", f"the game has no {path.name}{did_you_mean(path.name, files)}")
    from ..data.files import csv_rows

    rows = csv_rows(path)  # (as a build reads it: a semicolon file's cells too)
    header = rows[0]
    if column not in header:
        raise OptionError("--set", f"{path.name} has no column {column!r}"
                          f"{did_you_mean(column, header)} (columns: {', '.join(header)})")
    return rows, header.index(column)


def _locate(name: str, rows: list[list[str]], row_key: str, column: str) -> int:
    """The row number (header = 1) of the row whose first column is `row_key` (there must be
    exactly one), or N for "#N" (numbered as the per-card CSV and a spreadsheet do)."""
    number = re.fullmatch(r"#(\d+)", row_key)
    if number:
        n = int(number.group(1))
        if not 2 <= n <= len(rows):
            raise OptionError("--set", f"{name} has no data row #{n} (its rows are #2 to "
                           f"#{len(rows)}; #1 is the header)")
        if not any(c.strip() for c in rows[n - 1]):  # (a trial: "no row #2 (rows #2 to #36)")
            raise OptionError("--set", f"{name} row #{n} is blank: it holds no card to change")
        return n
    first = rows[0][0]
    lines = [i + 1 for i, r in enumerate(rows) if i and r and r[0] == row_key]
    if not lines:
        keys = ", ".join(dict.fromkeys(r[0] for r in rows[1:] if r))
        close = did_you_mean(row_key, [r[0] for r in rows[1:] if r])
        raise OptionError("--set", f"{name} has no row {row_key!r}{close} in its first column "
                          f"{first!r} (rows: {keys}); or name a row by its number, "
                          f"{name}:#2.{column}")
    if len(lines) > 1:
        raise OptionError("--set", f"{name} has {len(lines)} rows {row_key!r} in its first "
                          f"column {first!r} (rows {', '.join(f'#{n}' for n in lines)}); name "
                          f"one by its row number, e.g. {name}:#{lines[0]}.{column}")
    return lines[0]


def _cell(path: Path, row_key: str, column: str) -> tuple[str, list[str], list[list[str]], int]:
    """The cell `column` of the row `row_key` names (see _locate) as written, its row (as
    long as the header), the file's rows and the cell's index."""
    rows, col = _read_csv(path, column)
    hit = rows[_locate(path.name, rows, row_key, column) - 1]
    while len(hit) <= col:
        hit.append("")
    return hit[col].strip(), hit, rows, col


def _set_csv(path: Path, row_key: str, column: str, value: Any) -> None:
    """Set `column` of the row `row_key` names, as its cell holds it (_of_kind)."""
    old, hit, rows, col = _cell(path, row_key, column)
    hit[col] = str(_of_kind(_place(path.name, (row_key, column)), old, value))
    from ..data.files import declared_separator, delimiter, read_text

    text = read_text(path)
    out = io.StringIO()
    if declared_separator(text) is not None:  # (kept: the file stays as its spreadsheet reads it)
        out.write(text.split("\n", 1)[0].rstrip("\r") + "\n")
    csv.writer(out, delimiter=delimiter(text), lineterminator="\n").writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")


def row_key(folder: Path, setting: Setting) -> str | None:
    """The first-column value of the CSV row a setting changes (None for game.toml), the name
    the figures give it (``characters=psychic``)."""
    if setting.file == "game.toml":
        return None
    rows, _ = _read_csv(_csv_path(folder, setting), setting.path[1])
    return rows[_locate(setting.file, rows, setting.path[0], setting.path[1]) - 1][0]


def check_distinct(folder: Path, settings: Sequence[Setting]) -> None:
    """The same CSV cell named twice (by its key and by #N) is an error, as a target given
    twice is (parse_settings)."""
    seen: dict[tuple, str] = {}
    for s in settings:
        if s.file == "game.toml":
            continue
        rows, _ = _read_csv(_csv_path(folder, s), s.path[1])
        key = (s.file, _locate(s.file, rows, s.path[0], s.path[1]), s.path[1])
        if key in seen:
            raise OptionError("--set", f"--set {seen[key]} and --set {s.text} change the same "
                              f"cell ({s.file}, row {key[1]}, column {key[2]!r}); give its "
                              "values once")
        seen[key] = s.text


def apply_setting(folder: Path, setting: Setting, value: Any) -> None:
    if setting.file == "game.toml":
        _set_toml(folder / "game.toml", setting.path, value)
    else:
        _set_csv(_csv_path(folder, setting), setting.path[0], setting.path[1], value)


def _csv_path(folder: Path, setting: Setting) -> Path:
    """The setting's CSV file, which must be in the game folder (a sweep changes only its
    own copy of the game: an absolute path or ../ would reach the original, or any file)."""
    from ..data.files import inside

    return inside(folder, setting.file, None, "--set")


# ---------------------------------------------------------------------------------------------
# Per-game outcomes and their paired differences
# ---------------------------------------------------------------------------------------------

def outcomes(returns: Sequence[float], stats: Mapping[str, Any], length: float,
             num_players: int) -> dict[str, float]:
    """The figures of one game that a sweep compares (see the module docstring)."""
    out = {f"seat {s + 1} return": float(r) for s, r in enumerate(returns)}
    out["length"] = float(length)
    for key, v in sorted(stats.items()):
        if isinstance(v, str):
            out[f"{key}={v}"] = 1.0
        elif (isinstance(v, list) and len(v) == num_players
              and all(isinstance(x, str) for x in v)):
            for seat, label in enumerate(v):
                name = f"{key}={label}"
                out[name] = out.get(name, 0.0) + float(returns[seat])
    return out


def play_paired_chunk(shared: tuple, start: int, stop: int) -> tuple[Tally, list]:
    """Games start..stop-1 of one variant: its tally and each game's outcomes."""
    setup, specs, seed = shared
    game = setup.game
    agents = [agent_registry.make(setup.engine, s) for s in specs]
    tally = Tally(setup.engine, game.num_players)
    games = []
    for rec in seeded(game, agents, seed, start, stop, f"{setup.name}: ", specs=specs):
        tally.add(rec.returns, rec.stats, rec.decisions)
        length = tally.extra.length(rec.stats, rec.decisions)
        games.append(outcomes(rec.returns, rec.stats, length, game.num_players))
    return tally, games


def figure_names(runs: Sequence[Sequence[Mapping[str, float]]]) -> list[str]:
    """Every figure any game of any run has, in the table's order: each variant then has the
    same figures (an ending one variant never reached is 0 games of it there, not missing)."""
    return sorted({k for run in runs for g in run for k in g}, key=_figure_order)


def paired(base: Sequence[Mapping[str, float]], other: Sequence[Mapping[str, float]],
           names: Sequence[str] | None = None) -> dict:
    """Per figure (`names`, else those of these two runs): base mean, variant mean, and the
    mean of the game-by-game differences with its 95 % interval; "measurable" when the
    interval leaves out 0. A figure a game lacks counts 0 in it."""
    names = figure_names([base, other]) if names is None else names
    n = len(base)
    out = {}
    for k in names:
        b = [g.get(k, 0.0) for g in base]
        v = [g.get(k, 0.0) for g in other]
        d = [y - x for x, y in zip(b, v)]
        mean = sum(d) / n
        var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
        half = Z95 * math.sqrt(var / n)
        # what two independent runs would give: the interval of a difference of two means
        vb = _var(b)
        vv = _var(v)
        unpaired = Z95 * math.sqrt((vb + vv) / n) if n > 1 else 0.0
        out[k] = {"base": sum(b) / n, "variant": sum(v) / n, "difference": mean,
                  "ci": [mean - half, mean + half], "unpaired_half_width": unpaired,
                  "measurable": (mean - half > 0 or mean + half < 0)}
    return out


def _var(xs: Sequence[float]) -> float:
    n = len(xs)
    if n < 2:
        return 0.0
    m = sum(xs) / n
    return sum((x - m) ** 2 for x in xs) / (n - 1)


def _figure_order(name: str) -> tuple:
    return (0 if name.startswith("seat ") else 1 if name == "length" else 2, name)


# ---------------------------------------------------------------------------------------------
# The sweep
# ---------------------------------------------------------------------------------------------

@dataclass
class Variant:
    label: str                             # "wound_limit=50" or "base"
    values: dict[str, Any]
    problems: list[str] = field(default_factory=list)
    setup: Setup | None = None


def make_variants(game: str, settings: Sequence[Setting], players: int | None,
                  workdir: Path) -> tuple[Setup, list[Variant]]:
    """The base game and one validated variant per combination of values."""
    from ..data.game import find_game
    from ..data.gamecopy import copy_game
    from ..project import check, errors_in, open_game

    source = find_game(game)
    base = load_game(str(source), players)
    base.name = source.name
    variants = []
    for k, combo in enumerate(itertools.product(*(s.values for s in settings))):
        folder = workdir / f"v{k}" / source.name
        copy_game(source, folder)
        values = {}
        for s, v in zip(settings, combo):
            apply_setting(folder, s, v)
            values[s.text] = v
        label = ", ".join(f"{'.'.join(s.path[-1:] if s.file == 'game.toml' else s.path)}={v}"
                          for s, v in zip(settings, combo))
        var = Variant(label, values)
        try:
            opened = open_game(str(folder))
            errors = errors_in(check(opened))
            var.problems = [str(f) for f in errors]
            if not errors:        # the game checked, not opened again (a second of Legolas)
                var.setup = setup_of(opened, players)
                var.setup.name = source.name
        except PnpError as exc:     # (said as a check's finding is: "error: file, field ...")
            var.problems = [f"error: {exc}"]
        variants.append(var)
    return base, variants


def sweep(game: str, sets: Sequence[str], *, games: int = 1000, seed: int = 1,
          agents: str = "random", players: int | None = None, jobs: int | None = None,
          scheduler: str | None = None,
          progress: Progress | None = None) -> dict[str, Any]:
    """Run a sweep; returns its figures (the --json output). `progress` is started with the
    games of every run and told of each chunk done."""
    from ..data.game import find_game
    from .executor import run_chunks

    if not sets:
        raise PnpError("give at least one --set TARGET=VALUES")
    if games < 2:
        raise OptionError("--games", "must be at least 2 for a sweep (differences need a spread)")
    settings = parse_settings(sets)
    folder = find_game(game)
    check_targets(folder, settings)
    check_distinct(folder, settings)
    jobs = default_jobs() if jobs is None or jobs <= 0 else jobs
    with tempfile.TemporaryDirectory(prefix="pnp-sweep-") as tmp:
        base, variants = make_variants(game, settings, players, Path(tmp))
    specs = agent_registry.parse(base.engine, agents, base.num_players)
    about = [k for k in (row_key(folder, s) for s in settings) if k]
    runs = [base] + [v.setup for v in variants if v.setup is not None]
    parts = chunks(games)
    tasks = [(k, a, b) for k in range(len(runs)) for a, b in parts]
    if progress is not None:
        progress.start(games * len(runs))
    done = (lambda i: progress(tasks[i][2] - tasks[i][1])) if progress else None
    results = run_chunks(_variant_chunk, (tuple(runs), tuple(specs), seed), tasks, jobs=jobs,
                         scheduler=scheduler, progress=done)
    merged: list[Tally | None] = [None] * len(runs)
    per_game: list[list] = [[] for _ in runs]
    for (k, _, _), (tally, outs) in zip(tasks, results):
        before = merged[k]
        merged[k] = tally if before is None else before.merge(tally)
        per_game[k].extend(outs)
    tallies = [t for t in merged if t is not None]   # every run plays at least one chunk
    base_fig = figures(tallies[0], title=base.title, game=base.name, seed=seed, agents=specs)
    rows = []
    names = figure_names(per_game)
    k = 1
    for v in variants:
        row: dict[str, Any] = {"label": v.label, "values": v.values}
        if v.setup is None:
            row.update(valid=False, problems=v.problems)
        else:
            row.update(valid=True, games=games,
                       figures=paired(per_game[0], per_game[k], names),
                       seats=figures(tallies[k], seed=seed, agents=specs)["seats"])
            k += 1
        rows.append(row)
    return {"game": base.name, "title": base.title, "engine": base.engine,
            "players": base.num_players, "games": games, "seed": seed, "agents": list(specs),
            "settings": [s.text for s in settings], "about": about, "base": base_fig,
            "variants": rows}


def _variant_chunk(shared: tuple, k: int, start: int, stop: int):
    runs, specs, seed = shared
    return play_paired_chunk((runs[k], specs, seed), start, stop)


# ---------------------------------------------------------------------------------------------
# Text
# ---------------------------------------------------------------------------------------------

def _fmt(x: float, scale: float | None = None) -> str:
    """Signed, three decimals under 10, one above; `scale` sets the decimals of an interval's
    ends from its difference (-10.3, -10.8 to -9.8, not -10.8 to -9.817)."""
    return f"{x:+.3f}" if abs(x if scale is None else scale) < 10 else f"{x:+.1f}"


def format_sweep(result: Mapping[str, Any]) -> str:
    """The table printed by `pnp sweep`: per variant, each figure of the base, of the variant,
    and their paired difference with its interval."""
    agents = result["agents"]
    who = " vs ".join(agents) if len(set(agents)) > 1 else f"{agents[0]} agents"
    out = [f"{result['title']}: sweep of {', '.join(result['settings'])}; "
           f"{result['games']:,} games per variant on the same seeds, {who}, "
           f"seed {result['seed']}",
           "Differences are variant minus base, game by game (95 % interval); * measurable."]
    for row in result["variants"]:
        out.append("")
        if not row["valid"]:
            out.append(f"{row['label']}: fails validation, not simulated:")
            out += [f"  {p}" for p in row["problems"][:5]]
            continue
        out.append(f"{row['label']}:")
        out.append(f"  {'figure':<28}  {'base':>8}  {'variant':>8}  {'difference':>10}  "
                   f"{'95 % CI':<17}  {'unpaired':>8}")
        for name, f in row["figures"].items():
            big = max(abs(f["difference"]), *(abs(x) for x in f["ci"]))
            ci = f"{_fmt(f['ci'][0], big)} to {_fmt(f['ci'][1], big)}"
            out.append(f"  {name:<28}  {f['base']:>8.3f}  {f['variant']:>8.3f}  "
                       f"{_fmt(f['difference'], big):>10}  {ci:<17}  "
                       f"{'±' + format(f['unpaired_half_width'], '.3f'):>8}"
                       + ("  *" if f["measurable"] else ""))
    note = agent_note(agents)
    if note and any(row["valid"] for row in result["variants"]):
        out += ["", note]
    return "\n".join(out)


def agent_note(agents: Sequence[str]) -> str:
    """How far a sweep played by random agents only can be trusted (a designer's own game has
    no greedy agent, so its sweep is random play unless told otherwise)."""
    if set(agents) != {"random"}:
        return ""
    return ("Played by random agents only: a difference in who wins may be random play's, not "
            "players'. To see whether it holds for stronger play, sweep again with --agents "
            "mcts:50 (slower); `pnp simulate --ladder` checks the base game only, not the "
            "variants.")
