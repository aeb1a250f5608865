"""The tables of game.toml and the keys each takes, so a name written wrong (`[print] papper`,
`[bogus]`, `[variants.bw.filez]`) is an error naming it and the close name, never a setting
left out in silence. pnp's own tables are here; a game's kit module adds its own as `TABLES`
(Legolas's `[suits]`, Experior's `[markers]`). A game package that names none of its own may
read tables pnp does not know, so only the keys of pnp's are checked for it."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Optional

from ..errors import DataError, did_you_mean

Keys = Optional[frozenset]  # None: names the game chooses (colours, layouts), checked where read

COMMON: dict[str, Keys] = {
    "game": frozenset({"title", "engine", "players", "designer", "version", "ages", "duration",
                       "credits"}),
    "print": frozenset({"paper"}),
    "card": frozenset({"size", "width", "height"}),
    "booklet": frozenset({"template", "card_list_column"}),
    "back": frozenset({"colour", "text"}),
    "layout": frozenset({"safe", "language"}),
    "cut": frozenset({"corner_radius"}),
    # each checked by what reads it: an engine its [options], the fonts their roles, ...
    **dict.fromkeys(("palette", "layouts", "fonts", "options", "shown", "distinct",
                     "colour_words", "variants", "component", "check")),
}
# the settings of a [[component]] (pnp/faces/components.py), which a variant may change too
COMPONENT_KEYS = frozenset({
    "name", "type", "data", "cache", "size", "width", "height", "diameter", "shape", "front",
    "back", "back_column", "count", "two_sided", "title", "gap", "vars", "defaults", "grid",
    "tessellate", "group"})
# what a [variants.<name>] holds besides tables of the game (pnp/data/variants.py)
VARIANT_OWN = ("elements", "files", "component", "palette")


def merged(*tables: Mapping[str, Keys] | None) -> dict[str, Keys] | None:
    """pnp's tables with a game's: a table both name takes the keys of both. None when a
    game names no tables of its own (a game package that predates TABLES)."""
    if any(t is None for t in tables):
        return None
    out = dict(COMMON)
    for table in tables:
        for name, keys in (table or {}).items():
            old = out.get(name, frozenset())
            out[name] = None if keys is None or old is None else old | keys
    return out


def check_tables(config: Mapping[str, Any], path: Path, known: Mapping[str, Keys] | None,
                 note: Callable[[DataError], None]) -> None:
    """Note each table of game.toml, each key of a table and each table of a variant that
    `known` (merged()) lacks. A table written under a close name of one the file lacks
    (`[palete]`) is raised: the game cannot be read without the table it means, and what the
    missing table breaks would only hide the misspelling."""
    tables = known if known is not None else COMMON
    for name, value in config.items():
        if name not in tables:
            if known is not None:
                lacking = did_you_mean(name, [t for t in tables if t not in config])
                wrong = no_table(name, lacking or did_you_mean(name, tables), tables, path)
                if lacking:
                    raise wrong
                note(wrong)
            continue
        _check_keys(name, value, tables[name], path, note)
    variants = config.get("variants")
    for variant, overlay in (variants.items() if isinstance(variants, dict) else ()):
        for name, value in (overlay.items() if isinstance(overlay, dict) else ()):
            where = f"variants.{variant}.{name}"
            if name in VARIANT_OWN:
                continue
            if name not in tables:
                if known is not None:
                    note(DataError(f"a variant has no table [{where}]"
                                   f"{did_you_mean(name, [*VARIANT_OWN, *tables])}; it "
                                   f"changes {', '.join(VARIANT_OWN)} or a table of the game",
                                   path, field=where))
                continue
            _check_keys(name, value, tables[name], path, note, where)


def no_table(name: str, hint: str, tables: Iterable[str], path: Path) -> DataError:
    """game.toml's table [name] that is none of `tables`, with the close name (`hint`) and
    the tables it takes."""
    return DataError(f"game.toml has no table [{name}]{hint}; it takes: {_listed(tables)}",
                     path, field=name)


def _check_keys(name: str, value: Any, keys: Keys, path: Path,
                note: Callable[[DataError], None], where: str = "") -> None:
    if keys is None or not isinstance(value, dict):  # (not a table: said where it is read)
        return
    for key in value:
        if key not in keys:
            hint = did_you_mean(key, keys) or _layouts_meant(name, value[key])
            note(DataError(f"[{where or name}] has no key {key!r}{hint}; "
                           f"it takes: {', '.join(sorted(keys))}", path,
                           field=f"{where or name}.{key}"))


def _layouts_meant(name: str, value: Any) -> str:
    """The hint for a face's layout file written under [layout] (the layout settings) where
    [layouts] is meant."""
    if name == "layout" and isinstance(value, str) and value.endswith(".toml"):
        return " (did you mean [layouts]? the faces' layout files go there)"
    return ""


def _listed(tables: Iterable[str]) -> str:
    return ", ".join(f"[{t}]" for t in sorted(tables))


def check_entry(item: Any, kind: str, keys: Iterable[str], path: Path, where: str) -> dict:
    """One [[kind]] entry of game.toml: a table whose settings are all known ones."""
    if not isinstance(item, dict):
        raise DataError(f"each [[{kind}]] must be a table", path, field=where)
    known = set(keys)
    unknown = sorted(set(item) - known)
    if unknown:
        raise DataError(f"[[{kind}]] has no setting {unknown[0]!r}"
                        f"{did_you_mean(unknown[0], known)}; it takes: "
                        f"{', '.join(sorted(known))}", path, field=f"{where}.{unknown[0]}")
    return item
