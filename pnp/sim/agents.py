"""Which agents can play which game: a registry per engine mapping a name to a factory.

An agent is anything with a ``name`` and ``choose(observation, legal, rng) -> action`` (the
``pnp.engine.core.Agent`` protocol). It sees only its own player's observation, the legal actions
and a random generator it must use for every random choice (so games replay from their seed).

A factory is any callable taking no argument that returns a fresh agent -- a class works.
Agents are named on the command line in three ways:

* a registered name: ``random``, ``mcts``, the game's own (its GameSpec's ``agents``, e.g.
  ``greedy``) or one added with ``register``; ``name:ARG`` passes ARG to its factory
  (``mcts:200``: 200 playouts a move);
* ``module:Class`` -- an importable module (the current folder is searched too);
* ``path/to/file.py:Class`` -- a Python file anywhere.

Agents are built from these strings inside each worker process, so any of the three works with
``--jobs``.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.util
import math
import sys
from pathlib import Path
from typing import Any, Callable

from ..errors import OptionError, PnpError, clipped

Factory = Callable[..., Any]

# Every game gets the random agent and the search (which needs State.determinize when the game
# hides information; built by _search, which knows the game); its GameSpec adds its own
# ("module:attribute" strings, imported on first use).
DEFAULT = {"random": "pnp.engine.core:RandomAgent"}

_registered: dict[str, dict[str, Factory | str]] = {}


class AgentError(PnpError):
    """An agent name that cannot be resolved, or an object that is not an agent."""


def register(engine: str, name: str, factory: Factory | str | None = None):
    """Add an agent for an engine (game.toml's `engine` name).

    ``factory`` is a zero-argument callable (a class works) or a "module:attribute" string.
    Without a factory it works as a class decorator::

        @register("my-game", "cautious")
        class Cautious: ...
    """
    if factory is None:
        def deco(obj):
            register(engine, name, obj)
            return obj
        return deco
    if not name or ":" in name or "," in name:
        raise AgentError(f"agent name {name!r} must be a plain word (no ':' or ',')")
    _registered.setdefault(engine, {})[name] = factory
    return factory


def _search(engine: str, arg: str | None = None) -> Any:
    """The search agent for this game (mcts, mcts:200, mcts:0.5s:greedy: rollouts by the
    game's own greedy agent)."""
    from .mcts import for_engine

    return for_engine(engine, arg)


def _builtin(engine: str) -> dict[str, Factory | str]:
    """The random agent, the search and the game's own agents, from its GameSpec."""
    from ..games.registry import find

    spec = find(engine)
    return {**DEFAULT, "mcts": functools.partial(_search, engine),
            **(spec.agents if spec else {})}


def names(engine: str) -> list[str]:
    """Registered agent names for an engine, built-in first."""
    table: dict[str, Factory | str] = dict(_builtin(engine))
    table.update(_registered.get(engine, {}))
    return list(table)


def _lookup(engine: str, name: str) -> Factory | str | None:
    mine = _registered.get(engine, {})
    if name in mine:
        return mine[name]
    return _builtin(engine).get(name)


def _failed(ref: str, where: str, exc: BaseException) -> AgentError:
    return AgentError(f"{ref!r}: {where} failed to load: {type(exc).__name__}: "
                      f"{clipped(str(exc))}")


def _import_module(ref: str, where: str) -> Any:
    """Import `where` (the current folder is searched last). A module that is missing is "no
    module"; one that is there but fails (a SyntaxError, an exception, a missing module *it*
    imports) is "failed to load", like a file.py agent."""
    for attempt in (0, 1):
        try:
            return importlib.import_module(where)
        except ModuleNotFoundError as exc:
            # exc.name is the module that was not found: `where` or one of its packages means
            # the agent's module is missing; anything else is missing inside the agent's module
            missing = exc.name or ""
            if not (where == missing or where.startswith(missing + ".")):
                raise _failed(ref, where, exc) from None
            cwd = str(Path.cwd())
            if attempt or cwd in sys.path:
                raise AgentError(f"{ref!r}: no module {where!r}") from None
            sys.path.append(cwd)
        except (Exception, SystemExit) as exc:  # an exit() in a module is a failure too
            raise _failed(ref, where, exc) from None
    raise AssertionError("unreachable")


def _import_ref(ref: str) -> Any:
    """'module:attr' or 'file.py:attr' -> the object."""
    where, _, attr = ref.rpartition(":")
    if not where or not attr:
        raise AgentError(f"{ref!r}: write module:Class or file.py:Class")
    if not where.endswith(".py") and ("/" in where or "\\" in where or Path(where).is_file()):
        # a file, not a module's dotted name: an agent file is Python
        raise AgentError(f"{ref!r}: an agent file is a Python file ending in .py, not "
                         f"{Path(where).name!r}")
    if where.endswith(".py"):
        path = Path(where).expanduser().resolve()
        if not path.is_file():
            raise AgentError(f"{ref!r}: no file {where}")
        mod_name = "pnp_user_agents_" + hashlib.sha1(str(path).encode()).hexdigest()[:12]
        module = sys.modules.get(mod_name)
        if module is None:
            spec = importlib.util.spec_from_file_location(mod_name, path)
            if spec is None or spec.loader is None:
                raise AgentError(f"{ref!r}: {where} is not a Python file pnp can load")
            module = importlib.util.module_from_spec(spec)
            sys.modules[mod_name] = module
            try:
                spec.loader.exec_module(module)
            except (Exception, SystemExit) as exc:  # exit(0) must not end pnp with success
                del sys.modules[mod_name]
                raise _failed(ref, where, exc) from None
    else:
        module = _import_module(ref, where)
    obj = module
    for part in attr.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise AgentError(f"{ref!r}: {where} has no {attr!r}") from None
    return obj


def factory(engine: str, spec: str) -> Factory:
    """The factory for an agent spec (a registered name, module:Class or file.py:Class)."""
    spec = spec.strip()
    found = _lookup(engine, spec)
    name, _, arg = spec.partition(":")
    if found is None and arg and _lookup(engine, name) is not None:
        # "mcts:200": a registered agent given an argument
        return _given(spec, factory(engine, name), arg)
    if found is None:
        if ":" not in spec:
            game = "a game whose rules are data" if engine == "rules" else engine
            raise AgentError(f"unknown agent {spec!r} for {game}; known: "
                             f"{', '.join(names(engine))} (or module:Class, file.py:Class)")
        found = spec
    if isinstance(found, str):
        found = _import_ref(found)
    if not callable(found):
        raise AgentError(f"agent {spec!r} is not a class or factory")
    return found


_CONVERT: dict[Any, Callable[[str], Any]] = {int: int, float: float, "int": int,
                                             "float": float}


def _given(spec: str, make_one: Factory, arg: str) -> Factory:
    """The factory with `arg` (text from the command line) as its first argument, converted to
    the type that argument declares (greedy:0.8 is a float): a wrong one is refused here, with
    the agent's name, not found as a crash in the middle of a game."""
    import inspect

    try:
        params = list(inspect.signature(make_one).parameters.values())
    except (TypeError, ValueError):  # no signature to read (a builtin): pass the text
        return functools.partial(make_one, arg)
    takes = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD,
                                              p.VAR_POSITIONAL)]
    if not takes:
        raise AgentError(f"agent {spec!r}: {spec.partition(':')[0]} takes no argument")
    convert = _CONVERT.get(takes[0].annotation)
    if convert is not None:
        try:
            value = convert(arg)
        except ValueError:
            kind = "a whole number" if convert is int else "a number"
            raise AgentError(f"agent {spec!r}: its {takes[0].name} is {kind}, not {arg!r}") \
                from None
        if convert is float and not math.isfinite(value):
            raise AgentError(f"agent {spec!r}: its {takes[0].name} must be a finite number")
        return functools.partial(make_one, value)
    return functools.partial(make_one, arg)


def make(engine: str, spec: str) -> Any:
    """A fresh agent for a spec; checks it has name and choose()."""
    make_one = factory(engine, spec)
    try:
        agent = make_one()
    except PnpError:  # the agent's own clear refusal (a bad budget, say) says it best
        raise
    except SystemExit as exc:  # exit() in an agent must not end pnp, least of all with success
        raise AgentError(f"agent {spec!r} exited while being built (SystemExit: "
                         f"{exc.code!r})") from None
    except Exception as exc:  # a class that needs arguments, a function that is no agent
        raise AgentError(f"agent {spec!r} cannot be built without arguments "
                         f"({type(exc).__name__}: {str(exc)[:120]})") from None
    if not callable(getattr(agent, "choose", None)):
        raise AgentError(f"agent {spec!r} has no choose(observation, legal, rng) method")
    if not getattr(agent, "name", None):
        try:
            agent.name = spec
        except AttributeError:
            pass
    return agent


def check(engine: str, spec: str, option: str) -> None:
    """Build the agent `spec` once, before any game is played: one it cannot build (an unknown
    name, a bad budget, a file that fails) is a value `option` does not take."""
    try:
        make(engine, spec)
    except PnpError as exc:
        raise OptionError(option, str(exc)) from None


def parse(engine: str, text: str | None, num_players: int) -> list[str]:
    """The agent spec of each seat from --agents "a,b,..." (one spec: every seat). Checks each
    resolves."""
    specs = [s.strip() for s in ("random" if text is None else text).split(",")]
    if any(not s for s in specs):  # ("" played random agents without a word)
        said = "no agent given" if not "".join(specs) else f"empty agent name in {text!r}"
        raise OptionError("--agents", f"{said}; name one per seat or one for all: "
                          f"{', '.join(names(engine))} (or module:Class, file.py:Class)")
    if len(specs) == 1:
        specs *= num_players
    if len(specs) != num_players:
        raise OptionError("--agents", f"{len(specs)} agents given for {num_players} players; "
                          "give one per seat or one for all")
    for s in set(specs):
        check(engine, s, "--agents")
    return specs


def chose_illegally(agent: str, action: Any) -> str:
    """What pnp says of an agent whose move is not a legal one (`agent`: its spec, quoted, and
    maybe its seat), in play and in simulate alike."""
    return f"agent {agent} chose {str(action)[:40]}, which is not one of the legal moves"
