"""A game shipped as its own package (issue 12): installed through the `pnp.games` entry point,
it is built, validated, simulated and played by the real `pnp` command, like a shipped game."""

import json
import os
import shutil
import subprocess
import sys

import pytest
from pypdf import PdfReader

from helpers import PLUGIN_SITE, TINY_GAME


@pytest.fixture
def pnp(tmp_path):
    """Run the installed `pnp` with the plug-in's site folder on the path, in tmp_path."""
    env = {**os.environ, "PYTHONPATH": str(PLUGIN_SITE)}
    script = shutil.which("pnp", path=os.path.dirname(sys.executable))
    command = [script] if script else [sys.executable, "-m", "pnp"]

    def run(*args, stdin=""):
        return subprocess.run(command + list(args), cwd=tmp_path, env=env, input=stdin,
                              capture_output=True, text=True, timeout=120)

    return run


def test_an_entry_point_game_builds_validates_simulates_and_plays(pnp, tmp_path):
    game = shutil.copytree(TINY_GAME, tmp_path / "tiny")
    r = pnp("validate", "--game", str(game))
    assert r.returncode == 0, r.stderr
    assert "tiny: the card data matches the rules" in r.stdout

    r = pnp("build", "--game", str(game), "--out", "tiny.pdf")
    assert r.returncode == 0, r.stderr
    pages = PdfReader(tmp_path / "tiny.pdf").pages
    text = "\n".join(p.extract_text() for p in pages)
    assert "A pile of 11 tokens and 4 bonus cards." in text and "+3" in text

    r = pnp("simulate", "--game", str(game), "-n", "200", "--agents", "greedy,random",
            "--jobs", "2", "--json")
    assert r.returncode == 0, r.stderr
    fig = json.loads(r.stdout)
    assert fig["engine"] == "tiny" and fig["games"] == 200 and fig["agents"] == ["greedy",
                                                                                   "random"]
    greedy, rand = (s["wins"]["count"] for s in fig["seats"])
    assert greedy > rand          # taking the most tokens beats taking at random

    r = pnp("play", "--game", str(game), "--opponent", "random", "--seed", "3",
            stdin="1\n" * 12)
    assert r.returncode == 0, r.stderr
    assert "pile: 11 tokens" in r.stdout and "Game over." in r.stdout
    assert "Result:" in r.stdout


def test_without_the_package_the_engine_is_unknown(tmp_path):
    game = shutil.copytree(TINY_GAME, tmp_path / "tiny")
    r = subprocess.run([sys.executable, "-m", "pnp", "validate", "--game", str(game)],
                       capture_output=True, text=True, timeout=60,
                       env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert "game.toml" in r.stderr and "unknown engine 'tiny'" in r.stderr


def test_a_broken_game_package_stops_only_its_own_games(tmp_path):
    site = tmp_path / "site"
    info = site / "pnp_broken-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pnp-broken\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[pnp.games]\nbroken = pnp_broken_missing.game:SPEC\n")
    game = shutil.copytree(TINY_GAME, tmp_path / "broken")
    toml = game / "game.toml"
    toml.write_text(toml.read_text().replace('engine = "tiny"', 'engine = "broken"'))
    env = {**os.environ, "PYTHONPATH": str(site)}
    run = lambda *a: subprocess.run([sys.executable, "-m", "pnp", *a], capture_output=True,
                                    text=True, timeout=60, env=env)
    r = run("validate", "--game", "wuxing")
    assert r.returncode == 0, r.stderr
    r = run("validate", "--game", str(game))
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert ("the game package of engine 'broken' failed to load: ModuleNotFoundError: No module "
            "named 'pnp_broken_missing'") in r.stderr
