"""Printer profiles: a printer's duplex shift and scale correction, saved once in the user's config
folder (printers.toml) and used by `pnp build --printer NAME` or as the default printer.

Also the one place the calibration sheet's measurement becomes a --back-offset. A back page is
drawn shifted by the offset in its own frame, and the printer adds its error E (in the same frame),
so the offset that cancels it is -E. Seen from the back, the back cross sits E away from the front
cross showing through: offset = (-X, -Y). Seen from the front, the sheet was flipped on its long
edge, so x runs the other way: the cross appears at (-Ex, Ey), and offset = (X, -Y).
"""

from __future__ import annotations

import math
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from .errors import OptionError, PnpError

CONFIG_ENV = "PNP_CONFIG_DIR"  # overrides the config folder (tests, portable installs)
FILE = "printers.toml"
MAX_OFFSET = 10.0  # mm: beyond this it is a printer fault, not an offset
SCALE_RANGE = (0.9, 1.1)
NAME = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
NONE = "none"  # `--printer none`: no profile for this build, not even the default


@dataclass(frozen=True)
class Printer:
    """A saved printer profile: its duplex shift and scale correction."""

    name: str
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm
    scale: float = 1.0  # every page scaled about its centre (a printer printing 1 % small: 1.01)


def offset_from_measurement(x: float, y: float, seen_from: str) -> tuple[float, float]:
    """The --back-offset (mm) that cancels a shift of the back cross measured as (x right, y up)
    from the front cross, looking at the `seen_from` side ("back" or "front")."""
    if seen_from == "back":
        return (-x, -y)
    if seen_from == "front":
        return (x, -y)
    raise ValueError(seen_from)


def check(printer: Printer) -> Printer:
    """The profile, or the value of `printer set` it cannot take, as a usage error naming its
    argument or option (the file it is read back from is named by load())."""
    if not NAME.match(printer.name):
        raise OptionError("NAME", f"printer name {printer.name!r}: use letters, digits, - and _")
    if printer.name.lower() == NONE:
        raise OptionError("NAME", f"printer name {printer.name!r} is reserved: `--printer none` "
                          "builds without any profile")
    if not all(math.isfinite(v) for v in printer.back_offset):
        raise OptionError("--back-offset", f"printer {printer.name!r}: the offset must be "
                          "finite numbers")
    if any(abs(v) > MAX_OFFSET for v in printer.back_offset):
        raise OptionError("--back-offset", f"printer {printer.name!r}: a back offset over "
                          f"{MAX_OFFSET:g} mm is a printer fault, not an offset")
    if not SCALE_RANGE[0] <= printer.scale <= SCALE_RANGE[1]:  # (nan is in no range)
        raise OptionError("--scale", f"printer {printer.name!r}: scale {printer.scale:g} is out "
                          f"of range ({SCALE_RANGE[0]:g} to {SCALE_RANGE[1]:g}); print at 100 % "
                          "and measure the 50 mm square again")
    return printer


def config_dir() -> Path:
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    if sys.platform.startswith("linux"):
        # platformdirs' answer there (XDG), without importing it: every build reads this
        base = os.environ.get("XDG_CONFIG_HOME", "")
        if not base.strip():
            base = os.path.expanduser("~/.config")
        return Path(base) / "pnp"
    from platformdirs import user_config_dir

    return Path(user_config_dir("pnp", appauthor=False))


def profiles_path() -> Path:
    return config_dir() / FILE


def load() -> tuple[dict[str, Printer], str | None]:
    """(printers by name, the default printer's name or None)."""
    path = profiles_path()
    if not path.is_file():
        return {}, None
    import tomllib  # (only when there are profiles: 2 ms of every build otherwise)

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        printers = {name: _read_back(name, entry)
                    for name, entry in _table(data.get("printers", {}), "[printers]").items()}
        default = data.get("default")
        if default is not None and not isinstance(default, str):
            raise ValueError("default must name a printer")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, TypeError, ValueError,
            PnpError) as exc:
        said = exc.message if isinstance(exc, OptionError) else exc  # (no option: the file's)
        raise PnpError(f"{path}: cannot read the printer profiles ({said}); fix or delete the "
                       "file") from None
    return printers, default if default in printers else None


def _table(value, what: str) -> dict:
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be a table")
    return value


def _read_back(name: str, entry) -> Printer:
    """A saved profile, checked as when it was saved: the file may have been edited by hand."""
    entry = _table(entry, f"printer {name!r}")
    offset = entry.get("back_offset", [0.0, 0.0])
    if not isinstance(offset, list) or len(offset) != 2:
        raise ValueError(f"printer {name!r}: back_offset must be two numbers, [x, y]")
    values = [*offset, entry.get("scale", 1.0)]
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        raise ValueError(f"printer {name!r}: back_offset and scale must be numbers")
    if any(isinstance(v, int) and abs(v) > 10**6 for v in values):  # float() of 10**400 fails
        raise ValueError(f"printer {name!r}: back_offset and scale must be sane numbers (an "
                         "offset of a few mm, a scale near 1)")
    return check(Printer(name, (float(offset[0]), float(offset[1])), float(values[2])))


def save(printers: dict[str, Printer], default: str | None) -> Path:
    from .output import atomic_output

    lines = ["# pnp printer profiles: pnp printer set NAME --back-offset X,Y --scale S", ""]
    if default:
        lines += [f'default = "{default}"', ""]
    for p in printers.values():
        lines += [f'[printers."{p.name}"]', f"back_offset = [{p.back_offset[0]!r}, "
                  f"{p.back_offset[1]!r}]", f"scale = {p.scale!r}", ""]
    path = profiles_path()
    with atomic_output(path) as tmp:
        tmp.write_text("\n".join(lines), encoding="utf-8")
    return path


def set_printer(printer: Printer, make_default: bool = False) -> Path:
    check(printer)
    printers, default = load()
    printers[printer.name] = printer
    if make_default or default is None:
        default = printer.name
    return save(printers, default)


def remove_printer(name: str) -> Path:
    """Forget a profile; if it was the default, the first one left becomes the default."""
    printers, default = load()
    if name not in printers:
        raise PnpError(_unknown(name, printers))
    del printers[name]
    if default == name:
        default = next(iter(printers), None)
    return save(printers, default)


def _unknown(name: str, printers: dict[str, Printer]) -> str:
    known = ", ".join(printers) or "none yet"
    return (f"no printer named {name!r} (saved: {known}); add it with "
            f"pnp printer set {name} --back-offset X,Y --scale S")


def describe(printer: Printer) -> str:
    return (f"printer {printer.name!r}: back offset {printer.back_offset[0]:g},"
            f"{printer.back_offset[1]:g} mm, scale {printer.scale:g}")


def choose(name: str | None) -> Printer | None:
    """The named profile, else the default one, else None; `none` means no profile at all."""
    if name is not None and name.lower() == NONE:
        return None
    printers, default = load()
    if name is None:
        return printers[default] if default else None
    if name not in printers:
        raise PnpError(_unknown(name, printers))
    return printers[name]
