"""Variants: builds of one game from one source (a colour and a black-and-white print, say).

A variant is a table under `[variants.<name>]` in game.toml that overrides the game's own
settings when it is chosen (`--variant <name>`):

    [variants.bw.palette]                 # palette entries (only ones the game has)
    sword = "#000000"
    [variants.bw.layouts]                 # the layout file of a face
    attack = "layouts/attack-bw.toml"
    [variants.bw.component.card]          # a [[component]]'s settings, by its name
    back = "layouts/back-bw.toml"
    [variants.bw.elements."layouts/attack.toml".ground]   # an element's properties
    fill = "#ffffff"
    [variants.bw.files]                   # a data file read in place of another
    "players.csv" = "players-bw.csv"

Any other table (`[variants.bw.print]`, `[variants.bw.options]`) is merged into the game's
table of that name and checked as if written there."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import DataError, did_you_mean
from .tables import COMPONENT_KEYS, check_entry

ELEMENTS = "elements"  # not game.toml sections: overrides of the layout files' elements,
FILES = "files"  # and of the data files read


@dataclass
class Variant:
    """A chosen variant's overrides of what is not in game.toml itself."""

    name: str
    elements: dict[str, dict[str, dict]] = field(default_factory=dict)  # file -> element -> props
    files: dict[str, str] = field(default_factory=dict)  # data file -> the one read instead


def apply_variant(config: dict[str, Any], name: str,
                  path: Path) -> tuple[dict[str, Any], Variant]:
    """game.toml's settings with variant `name` applied, and its overrides of layout elements
    and data files. An unknown name is an error naming the close one and the variants the
    game has."""
    table = config.get("variants")
    if table is not None and not isinstance(table, dict):
        raise DataError("[variants] must hold tables such as [variants.bw]", path,
                        field="variants")
    known = table or {}
    if name not in known:
        has = f"; {path.name} has {', '.join(known)}" if known else "; the game has none"
        raise DataError(f"no variant {name!r}{did_you_mean(name, known)}{has} (add it as "
                        f"[variants.{name}])", path, field="variants")
    overlay = known[name]
    if not isinstance(overlay, dict):
        raise DataError(f"[variants.{name}] must be a table", path, field=f"variants.{name}")
    merged = {k: v for k, v in config.items() if k != "variants"}
    variant = Variant(name)
    for section, value in overlay.items():
        where = f"variants.{name}.{section}"
        if not isinstance(value, dict):
            raise DataError(f"[{where}] must be a table of the settings it changes", path,
                            field=where)
        if section == ELEMENTS:
            variant.elements = _elements(value, path, where)
        elif section == FILES:
            for key, other in value.items():
                if not isinstance(other, str):
                    raise DataError(f"[{where}] names a file for each file: \"{key}\" = "
                                    "\"other.csv\"", path, field=f"{where}.{key}")
            variant.files = dict(value)
        elif section == "component":
            merged["component"] = _components(config.get("component"), value, path, where)
        elif section == "palette":
            palette = config.get("palette") or {}
            for key in value:
                if key not in palette:
                    raise DataError(f"[palette] has no colour {key!r}"
                                    f"{did_you_mean(key, palette)}; "
                                    "a variant changes the game's own colours", path,
                                    field=f"{where}.{key}")
            merged["palette"] = {**palette, **value}
        else:
            base = config.get(section) or {}
            merged[section] = {**base, **value} if isinstance(base, dict) else value
    return merged, variant


SIZE_KEYS = frozenset({"size", "width", "height", "diameter"})  # a [[component]]'s size


def _components(base: Any, value: dict, path: Path, where: str) -> list:
    """[[component]] entries with the variant's settings for each named one."""
    components = [dict(c) if isinstance(c, dict) else c for c in base or []]
    names = [c.get("name") for c in components if isinstance(c, dict)]
    for name, settings in value.items():
        if name not in names:
            raise DataError(f"no [[component]] named {name!r}{did_you_mean(name, names)}", path,
                            field=f"{where}.{name}")
        if not isinstance(settings, dict):
            raise DataError(f"[{where}.{name}] must be a table of settings", path,
                            field=f"{where}.{name}")
        check_entry(settings, "component", COMPONENT_KEYS, path, f"{where}.{name}")
        for c in components:
            if isinstance(c, dict) and c.get("name") == name:
                if SIZE_KEYS & settings.keys():  # a variant's size replaces the base's whole
                    for key in SIZE_KEYS - settings.keys():  # (its width beside the base's
                        c.pop(key, None)                     # size = "poker" is no mistake)
                c.update(settings)
    return components


def _elements(value: dict, path: Path, where: str) -> dict[str, dict[str, dict]]:
    for ref, elements in value.items():
        if not isinstance(elements, dict) or not all(isinstance(v, dict)
                                                     for v in elements.values()):
            raise DataError(f"[{where}.\"{ref}\"] holds element tables ([{where}.\"{ref}\"."
                            "title] colour = ...)", path, field=f"{where}.{ref}")
    return value


def override_elements(spec, overrides: dict[str, dict], path: Path, where: str) -> None:
    """Merge a variant's properties into the elements of a layout spec it names."""
    for name, props in overrides.items():
        if name not in spec.elements:
            raise DataError(f"{spec.path.name} has no element [{name}]"
                            f"{did_you_mean(name, spec.elements)}", path, field=f"{where}.{name}")
        spec.elements[name] = {**spec.elements[name], **props}
        spec.origins[name] = path  # a mistake in them is game.toml's, not the layout file's
