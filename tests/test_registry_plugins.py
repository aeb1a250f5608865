"""Odd `pnp.games` plug-ins (issue 12 review): each is refused with one clear reason, and the
shipped games keep working."""

import importlib.metadata
import sys
import textwrap

import pytest

from pnp.errors import DataError
from pnp.games import registry

SPEC = ('from pnp.games.registry import GameSpec, register\n'
        'SPEC = register(GameSpec(name={name!r}, title={title!r}, players={players!r}, '
        'kit="pnp.games.deck.kit"))\n')


@pytest.fixture
def plugins(tmp_path, monkeypatch):
    """Install plug-in modules (name -> source) as `pnp.games` entry points, on a fresh registry."""
    shipped = {name: spec for name, spec in registry.specs().items()
               if spec.kit.startswith("pnp.games.")}      # (imported once: register them first)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_specs", shipped)
    monkeypatch.setattr(registry, "_broken", {})
    monkeypatch.setattr(registry, "_scanned", False)
    points = []

    def install(module, source, ep_name=None):
        (tmp_path / f"{module}.py").write_text(textwrap.dedent(source))
        monkeypatch.delitem(sys.modules, module, raising=False)
        points.append(importlib.metadata.EntryPoint(ep_name or module, f"{module}:SPEC",
                                                    registry.ENTRY_POINTS))
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: list(points))
    return install


def reason(name):
    with pytest.raises(DataError) as caught:
        registry.get(name)
    return str(caught.value)


def test_a_plugin_named_like_a_shipped_game_does_not_replace_it(plugins):
    plugins("hijack", SPEC.format(name="wuxing", title="Hijack", players=(2, 2)), "wuxing")
    assert registry.specs()["wuxing"].title == "Wuxing Duel"
    assert registry.get("wuxing").kit == "pnp.games.wuxing.kit"


def test_two_plugins_with_one_name_are_both_refused(plugins):
    plugins("dup_a", SPEC.format(name="dup", title="A", players=(2, 2)), "dup")
    plugins("dup_b", SPEC.format(name="dup", title="B", players=(2, 2)), "dup")
    assert "dup" not in registry.specs()
    message = reason("dup")
    assert "two installed packages register it (dup_a:SPEC and dup_b:SPEC)" in message
    assert registry.get("experior").title == "Experior"      # the others still load


def test_players_fewest_above_most_is_refused_at_registration(plugins):
    plugins("badpl", SPEC.format(name="badpl", title="Bad", players=(3, 2)))
    assert "players (3, 2) must be (fewest, most)" in reason("badpl")
    with pytest.raises(ValueError):
        registry.GameSpec(name="x", title="X", kit="x", players=(0, 2))


def test_a_plugin_whose_import_fails_names_why(plugins):
    plugins("brok", "raise ImportError('no module named frobnicate')\n")
    assert "failed to load: ImportError: no module named frobnicate" in reason("brok")
    assert registry.get("legolas").title.startswith("Legolas")


def test_a_model_without_common_is_one_clear_error(tmp_path, monkeypatch):
    from pnp.data.game import GameFolder
    from pnp.errors import PnpError

    (tmp_path / "bare_kit.py").write_text("def load(folder):\n    return object()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "game.toml").write_text('[game]\ntitle = "Bare"\nengine = "bare"\n')
    spec = registry.GameSpec(name="bare", title="Bare", kit="bare_kit")
    with pytest.raises(PnpError, match=r"bare_kit: load\(\) must return a model with a `common`"):
        spec.load(GameFolder.open(tmp_path))


def test_a_crash_inside_a_game_package_blames_the_package_not_pnp(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from pnp.cli import main

    (tmp_path / "crashy.py").write_text(
        "from pnp.games.base import load_common\n"
        "class Model:\n    def __init__(self, common):\n        self.common = common\n"
        "def load(folder):\n    return Model(load_common(folder))\n"
        "def validate(model):\n    return 1 / 0\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "crashy", raising=False)
    monkeypatch.setattr(registry, "_specs", {**registry._specs, "crashy": registry.GameSpec(
        name="crashy", title="Crashy", kit="crashy")})
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.toml").write_text('[game]\ntitle = "Crashy"\nengine = "crashy"\n')
    result = CliRunner().invoke(main, ["validate", "--game", str(game)])
    assert result.exit_code == 70
    assert result.output == ("Error: the game package crashy failed (ZeroDivisionError: division "
                             "by zero); run again as `pnp --debug ...` for the details\n")
