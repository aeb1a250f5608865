"""Layout files: TOML naming the elements of a face, in drawing order. A top-level table is an
element (its `type` says which); `[defaults]` gives properties every element takes unless it sets
its own; `extends` inherits a base layout (a file in the game folder, or `starter:NAME` shipped
with pnp) whose elements a child overrides key by key, or drops with `remove = true`. An element
may be `like` another of the merged layout (its type comes from there: relations.py).

    extends = "starter:card"
    [title]
    type = "text"
    text = "{{ name }}"
    y = "6mm"
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..files import OWN_FILES, a_folder, inside, nearest_file, read_toml
from ..meant import NOT_PLAIN
from ...errors import DataError, Source, did_you_mean, in_game

STARTER = "starter:"
MAX_DEPTH = 50  # of `extends`: deeper is a generated mistake, and Python's stack has a limit


def starters_folder() -> Path:
    return Path(__file__).parent / "starters"


@dataclass
class LayoutSpec:
    """A layout file with its bases merged in: elements by name, in drawing order."""

    path: Path
    elements: dict[str, dict[str, Any]] = field(default_factory=dict)
    origins: dict[str, Path] = field(default_factory=dict)  # the file that last set an element
    defaults: dict[str, Any] = field(default_factory=dict)
    defaults_from: dict[str, Path] = field(default_factory=dict)  # the file that set each


def resolve(root: Path, ref: str, source: Source, field_name: str) -> Path:
    """A layout reference: `starter:NAME` or a path inside the game folder."""
    ref = str(ref).strip()
    if ref.startswith(STARTER):
        name = ref[len(STARTER):]
        path = starters_folder() / f"{name}.toml"
        if not name.replace("-", "").replace("_", "").isalnum() or not path.is_file():
            known = ", ".join(sorted(p.stem for p in starters_folder().glob("*.toml")))
            raise DataError(f"no starter layout {name!r}; pnp ships: {known}", source.path,
                            source.row, field_name)
        return path
    folder = None
    real = root.resolve() if field_name == "extends" else None
    if real is not None and source.path.parent.is_relative_to(real):
        # a base named by another layout file is looked for beside it first (`../base.toml`
        # from layouts/ is the game folder's: inside() compares the resolved paths)
        folder = source.path.parent.relative_to(real)
        beside = inside(root, str(folder / ref), source, field_name)
        if beside.is_file():
            return beside
    try:
        found = inside(root, ref, source, field_name)
    except DataError:
        if folder is None:
            raise
        found = None  # `../x` beside the layout stays inside the game folder: only not there
    if found is not None and found.is_dir():
        raise DataError(a_folder(root, ref, found, "layout file", "a .toml file", (".toml",)),
                        source.path, source.row, field_name)
    if found is not None and found.exists() and not found.is_file():
        raise DataError(f"layout file {ref!r} {NOT_PLAIN}", source.path, source.row, field_name)
    if found is None or not found.is_file():
        raise DataError(_missing(root, ref, folder), source.path, source.row, field_name)
    own = found.parent == root.resolve() and found.name in OWN_FILES
    if own or found.suffix.lower() != ".toml":  # (read as TOML, it was named as no layout)
        what = "the game's settings, not a layout file" if own else "not a layout file"
        raise DataError(f"{ref!r} is {what} (a layout is a .toml file of elements, such as "
                        f"{_a_layout(root)!r})", source.path, source.row, field_name)
    return found


def _a_layout(root: Path) -> str:
    """A layout file of the game to name as an example (its layouts/ folder's first)."""
    try:
        files = sorted(p.name for p in (root / "layouts").glob("*.toml") if p.is_file())
    except OSError:
        files = []
    return f"layouts/{files[0]}" if files else "layouts/card.toml"


def _near_name(base: Path, ref: Path) -> list[str]:
    """A .toml file in the folder `ref` points into (from `base`, the game folder or an
    extending layout's) whose name is close to its name, as `ref` would name it."""
    near = nearest_file(base / ref.parent, base, ref.name, (".toml",))
    return [(ref.parent / near).as_posix()] if near else []


def _missing(root: Path, ref: str, folder: Path | None) -> str:
    """Where a layout file was looked for, and where a file of that name is, if anywhere near:
    `extends` is relative to the layout that names it (then to the game folder); game.toml's
    front and back and a back column's cells are relative to the game folder."""
    name = Path(ref).name
    try:
        folders = [root, *(d for d in root.iterdir() if d.is_dir())]
    except OSError:
        folders = []
    near = sorted(p for p in (str(d.relative_to(root) / name) for d in folders
                              if (d / name).is_file()) if p != ref)
    if not near:  # a misspelt name beside where it points: 'board-hlf.toml'
        near = _near_name(root / (folder or "."), Path(ref))
    hint = f"; did you mean {near[0]!r}?" if near else ""
    if folder is not None and folder != Path("."):
        return (f"layout file {ref!r} not found beside the layout that extends it (in "
                f"{folder.as_posix()}/) nor in the game folder{hint}")
    return (f"layout file {ref!r} not found in the game folder (this path is relative to the "
            f"game folder){hint}")


def _check_defaults(defaults: dict[str, Any], path: Path) -> None:
    """A default no element type takes is a typo (`color` for `colour`), not a no-op."""
    from .elements import TYPES

    known = {prop for props in TYPES.values() for prop in props}
    for key in defaults:
        if key not in known:
            import difflib  # (only to word the error: 2 ms a build otherwise)

            close = difflib.get_close_matches(key, known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise DataError(f"[defaults] has {key!r}, which no element takes{hint}", path,
                            field=f"defaults.{key}")


def load_spec(root: Path, ref: str, source: Source, field_name: str,
              _seen: tuple[Path, ...] = ()) -> LayoutSpec:
    if len(_seen) >= MAX_DEPTH:
        raise DataError(f"layouts extend each other more than {MAX_DEPTH} deep; a base of a "
                        "base of ... is enough a few levels down", _seen[-1], field="extends")
    path = resolve(root, ref, source, field_name)
    if path in _seen:
        chain = " -> ".join(in_game(p) for p in _seen + (path,))
        raise DataError(f"layouts extend each other in a circle: {chain}", _seen[-1],
                        field="extends")
    data = read_toml(path)
    base = data.pop("extends", None)
    if base is not None:
        if not isinstance(base, str):
            raise DataError("extends must name a layout file", path, field="extends")
        spec = load_spec(root, base, Source(path), "extends", _seen + (path,))
        spec.path = path
    else:
        spec = LayoutSpec(path)
    defaults = data.pop("defaults", {})
    if not isinstance(defaults, dict):
        raise DataError("[defaults] must be a table of properties", path, field="defaults")
    _check_defaults(defaults, path)
    spec.defaults = {**spec.defaults, **defaults}
    spec.defaults_from.update(dict.fromkeys(defaults, path))
    for name, table in data.items():
        if not isinstance(table, dict):
            raise DataError(f"{name!r}: a layout holds element tables ([{name}] with a type) "
                            "and `extends`; move this setting into an element", path,
                            field=name)
        if table.get("remove") is True:
            if spec.elements.pop(name, None) is None:
                raise DataError(f"element [{name}] has remove = true, but no base layout has "
                                f"an element [{name}] to remove"
                                f"{did_you_mean(name, spec.elements)}", path,
                                field=f"{name}.remove")
            continue
        merged = {**spec.elements.get(name, {}), **table}
        if "type" not in merged and "like" not in merged:  # `like` brings its element's
            # a typeless table in a child is meant to override a base's element: [frme]
            near = did_you_mean(name, spec.elements) if base is not None else ""
            where = f"; no base layout has an element [{name}]{near}" if near else ""
            raise DataError(f"element [{name}] needs a type (text, rect, ellipse, line, polygon, "
                            f"image, icon, figure, track or layout){where}", path, field=name)
        spec.elements[name] = merged
        spec.origins[name] = path
    return spec
