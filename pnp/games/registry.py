"""Every game pnp knows is one registered `GameSpec`: the rest of pnp asks it, never a table of
game names. A game package's `game.py` registers its spec; shipped games are the subpackages of
`pnp.games` with a `game.py`, others come through the `pnp.games` entry-point group. What the
spec's kit, faces and lab modules provide is listed in docs/games.md.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ..errors import DataError, PnpError

if TYPE_CHECKING:
    from collections import Counter

    from ..data.game import GameFolder
    from ..engine.core import Game, State
    from ..errors import Finding
    from ..kit import Kit
    from ..sim.stats import Extra

ENTRY_POINTS = "pnp.games"


@dataclass(frozen=True)
class GameSpec:
    """A game pnp can build: its names and the modules of its kit, faces, lab and agents."""

    name: str                              # the `engine` key of game.toml
    title: str
    kit: str                               # module path of the kit protocol (see above)
    players: tuple[int, int] = (2, 2)      # fewest and most players the engine takes
    faces: str = ""                        # module path of build_kit (default: the kit module)
    lab: str = ""                          # module path of the lab hooks (optional)
    agents: Mapping[str, str] = field(default_factory=dict)  # name -> "module:attribute"
    max_actions: int = 10_000              # no game takes more actions (chance included)
    data: Path | None = None               # a card-data folder shipped with the game

    def __post_init__(self) -> None:
        low, high = self.players
        if not 1 <= low <= high:
            raise ValueError(f"GameSpec {self.name!r}: players {self.players} must be "
                             "(fewest, most) with 1 <= fewest <= most")

    # -- the data and the print -----------------------------------------------------------
    def kit_module(self) -> Any:
        return importlib.import_module(self.kit)

    def load(self, folder: GameFolder) -> Any:
        model = self.kit_module().load(folder)
        if not hasattr(model, "common"):    # the rest of pnp reads fonts, rulings, players there
            raise PnpError(f"game package {self.kit}: load() must return a model with a `common` "
                           "attribute (pnp.games.base.load_common(folder))")
        return model

    def tables(self) -> dict | None:
        """game.toml's tables this game reads with pnp's (pnp/data/tables.py); None when its kit
        names none of its own (then tables pnp does not know are its to read)."""
        from ..data.tables import merged

        return merged(getattr(self.kit_module(), "TABLES", None))

    def validate(self, model: Any) -> list[Finding]:
        return list(self.kit_module().validate(model))

    def faces_module(self) -> Any:
        """The module of build_kit: the faces module, or the kit module of a small game."""
        return importlib.import_module(self.faces) if self.faces else self.kit_module()

    def build_kit(self, model: Any, fonts: Any) -> Kit:
        return self.faces_module().build_kit(model, fonts)

    def required_kit(self, model: Any) -> Counter:
        return self.kit_module().required_kit(model)

    # -- the rules engine -------------------------------------------------------------------
    @property
    def has_engine(self) -> bool:
        return callable(getattr(self.kit_module(), "new_game", None))

    def new_game(self, model: Any, num_players: int | None = None) -> Game:
        if not self.has_engine:
            common = getattr(model, "common", None)
            title = getattr(common, "title", self.title)
            folder = getattr(common, "folder", None)
            rules = folder is not None and (folder.path / "rules.toml").is_file()
            hint = ("set engine = \"rules\" to play the rules.toml beside it" if rules
                    else "to play rules of your own, write rules.toml and set engine = "
                    "\"rules\" (README, \"Your game's rules as data\")")
            raise DataError(f"{title} has no rules engine (engine = \"{self.name}\"): {hint}",
                            folder.toml_path if folder is not None else None,
                            field="game.engine")
        return self.kit_module().new_game(model, num_players)

    def example_folder(self) -> Path | None:
        """The card data that ships with the game (the contract test and `pnp bench` use it)."""
        if self.data is not None:
            return self.data
        from ..resources import shipped

        folder = shipped("card_data") / self.name
        return folder if (folder / "game.toml").is_file() else None

    # -- the playtest lab -------------------------------------------------------------------
    def _hook(self, name: str) -> Callable | None:
        if not self.lab:
            return None
        return getattr(importlib.import_module(self.lab), name, None)

    def figures_class(self) -> type[Extra]:
        from ..sim.stats import Extra

        hook = self._hook("Figures")
        return hook if isinstance(hook, type) and issubclass(hook, Extra) else Extra

    def charts(self, fig: Mapping[str, Any]) -> list:
        hook = self._hook("charts")
        return list(hook(fig)) if hook else []

    def observation_text(self, obs: Any, label: Callable[[int], str]) -> list[str] | None:
        hook = self._hook("observation_text")
        return hook(obs, label) if hook else None

    def seat_label(self, state: State, seat: int) -> str:
        hook = self._hook("seat_label")
        return hook(state, seat) if hook else f"seat {seat + 1}"

    def turn_heading(self, state: State) -> str | None:
        """The line that heads a turn in `pnp play` ("Turn 2"), when the game numbers its
        turns: the terminal shows it before the moves of a turn another seat plays."""
        hook = self._hook("turn_heading")
        return hook(state) if hook else None

    def public_log(self, state: State) -> list[str]:
        hook = self._hook("public_log")
        return list(hook(state)) if hook else []

    @property
    def logs_moves(self) -> bool:
        """The game's public_log names every move as it is made (`pnp play` then prints that
        line, not its own)."""
        return bool(self._hook("LOGS_MOVES"))

    def card_events(self) -> Callable | None:
        return self._hook("card_events")

    def speed_goal(self) -> float | None:
        """Random games a second (CPU, one core) the engine must reach, if the game sets one."""
        goal = self._hook("SPEED_GOAL")
        return float(goal) if isinstance(goal, (int, float)) else None

    def hidden_twin(self, game: Game, actions: Sequence[int], seat: int,
                    rng: random.Random) -> list[int] | None:
        hook = self._hook("hidden_twin")
        return hook(game, actions, seat, rng) if hook else None


def shipped(module: str, title: str, players: tuple[int, int], *, faces: bool = True,
            lab: bool = True, agents: Mapping[str, str] | None = None,
            max_actions: int = 10_000) -> GameSpec:
    """The spec of a game shipped as pnp.games.NAME, from its game.py (`module`, its __name__):
    named NAME, its kit, faces and lab the modules of those names in the package (faces=False:
    the kit module draws; lab=False: none), each agent "module:attribute" in the package."""
    package = module.rpartition(".")[0]
    return GameSpec(name=package.rpartition(".")[2], title=title, players=players,
                    kit=f"{package}.kit", faces=f"{package}.faces" if faces else "",
                    lab=f"{package}.lab" if lab else "",
                    agents={k: f"{package}.{v}" for k, v in (agents or {}).items()},
                    max_actions=max_actions)


_specs: dict[str, GameSpec] = {}
_broken: dict[str, str] = {}       # entry-point name -> why it did not load
_scanned = False


def register(spec: GameSpec) -> GameSpec:
    """Add a game (its game.py's last line). Registering the same name again replaces it."""
    if not isinstance(spec, GameSpec):
        raise TypeError(f"register() takes a GameSpec, not {type(spec).__name__}")
    _specs[spec.name] = spec
    return spec


def _scan() -> None:
    """Import every shipped game's game.py, then every `pnp.games` entry point."""
    global _scanned
    package = importlib.import_module("pnp.games")
    for info in pkgutil.iter_modules(package.__path__):
        if info.ispkg and (Path(package.__path__[0]) / info.name / "game.py").is_file():
            importlib.import_module(f"pnp.games.{info.name}.game")
    from importlib.metadata import entry_points

    claimed: dict[str, str] = {}   # engine name -> the entry point that registered it
    for ep in entry_points(group=ENTRY_POINTS):
        before = dict(_specs)
        try:
            found = ep.load()
        except Exception as exc:     # a broken plug-in must not stop the other games
            _specs.clear()
            _specs.update(before)
            _broken[ep.name] = f"{type(exc).__name__}: {exc}"
            continue
        # the plug-in's own register() call may have replaced a game: the first one stays
        _specs.clear()
        _specs.update(before)
        if not isinstance(found, GameSpec):
            _broken[ep.name] = f"{ep.value} is a {type(found).__name__}, not a GameSpec"
        elif found.name in claimed:
            # two packages claim one name: neither is chosen behind the user's back
            _specs.pop(found.name, None)
            _broken[found.name] = (f"two installed packages register it ({claimed[found.name]} "
                                   f"and {ep.value}); uninstall one")
        elif found.name not in _specs:     # (a shipped game keeps its name)
            register(found)
            claimed[found.name] = ep.value
    _scanned = True


def specs() -> dict[str, GameSpec]:
    """Every game pnp knows, by name."""
    if not _scanned:
        _scan()
    return dict(sorted(_specs.items()))


def registered() -> list[GameSpec]:
    """The games registered so far, without looking for more (an error being reported must
    not import plug-ins)."""
    return list(_specs.values())


def find(name: str) -> GameSpec | None:
    if name not in _specs and name.isidentifier():
        # a shipped game is its own package: import just it (listing every installed
        # package's entry points costs a cold build some 30 ms)
        package = importlib.import_module("pnp.games")
        if (Path(package.__path__[0]) / name / "game.py").is_file():
            importlib.import_module(f"pnp.games.{name}.game")
    if name not in _specs:
        _scan()         # a package added to the path since the last look registers now
    return _specs.get(name)


def get(name: str, where: Path | None = None) -> GameSpec:
    """The spec of game.toml's `engine`; an unknown name is a data error naming game.toml."""
    spec = find(name)
    if spec is None and name in _broken:
        raise DataError(f"the game package of engine {name!r} failed to load: {_broken[name]}",
                        where, field="game.engine")
    if spec is None:
        raise DataError(f"unknown engine {name!r}; pnp knows: {', '.join(specs())}", where,
                        field="game.engine")
    return spec
