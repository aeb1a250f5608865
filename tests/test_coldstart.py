"""A cold `pnp build` imports what it draws with and no more, and what it defers still works.
(The time itself is `pnp bench`'s business; these check the means.)"""

import json
import subprocess
import sys


# run in a new interpreter: pytest's own process has imported half of pnp already
BUILD = """
import json, sys
from pnp.cli import main
try:
    main(["build", "--game", sys.argv[1], "--out", sys.argv[2]], prog_name="pnp")
except SystemExit as exc:
    assert not exc.code, exc.code
print(json.dumps(sorted(sys.modules)))
"""


def _modules_of_build(game: str, tmp_path, env=None) -> set[str]:
    out = subprocess.run([sys.executable, "-c", BUILD, game, str(tmp_path / "kit.pdf")],
                         capture_output=True, text=True, check=True, env=env).stdout
    return set(json.loads(out.splitlines()[-1]))


def test_a_wuxing_build_imports_nothing_it_does_not_draw_with(tmp_path):
    modules = _modules_of_build("wuxing", tmp_path)
    assert (tmp_path / "kit.pdf").stat().st_size > 10_000
    assert "pnp.games.wuxing.faces" in modules and "pnp.render.booklet" in modules
    assert "pnp.faces.draw" in modules  # its faces are layout files
    unneeded = {m for m in modules if m.split(".")[0] in (
        "pypdfium2", "svglib", "python_calamine", "numpy", "pypdf", "dask", "lxml")}
    unneeded |= {m for m in modules if m.startswith((
        "pnp.sim", "pnp.export", "pnp.faces.svg", "pnp.games.experior", "pnp.games.legolas",
        "pnp.games.deck.kit", "pnp.games.deck.faces", "pnp.games.deck.game", "pnp.server",
        "pnp.live", "pnp.watch", "pnp.preview",
        "reportlab.graphics", "pnp.games.wuxing.lab", "pnp.games.wuxing.agents"))}
    assert not unneeded


def test_a_plain_deck_build_leaves_out_what_only_other_games_use(tmp_path):
    from pnp.scaffold import new_game

    game = new_game("plain", tmp_path)
    modules = _modules_of_build(str(game), tmp_path)
    assert (tmp_path / "kit.pdf").stat().st_size > 10_000
    assert "pnp.games.deck.kit" in modules and "pnp.data.layouts.compiled" in modules
    # tiled boards, boards of places, and the typo hints of a bad layout
    assert not modules & {"pnp.layout.tiles", "pnp.layout.places", "difflib"}


# what the process holds when the interpreter begins to exit (atexit runs before its last
# cycle collection): the `pnp` command freezes it, so that collection walks none of it
AT_EXIT = """
import atexit, gc, sys
atexit.register(lambda: print("frozen", gc.get_freeze_count()))
sys.argv = ["pnp", *sys.argv[1:]]
from pnp.__main__ import main
main()
"""


def test_the_command_leaves_what_it_made_to_the_exit_not_to_a_last_collection(tmp_path):
    out = subprocess.run([sys.executable, "-c", AT_EXIT, "build", "--game", "wuxing", "--out",
                          str(tmp_path / "kit.pdf")], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    frozen = int(out.stdout.split("frozen")[-1].split()[0])
    assert frozen > 50_000  # the build's objects (some 97,000), out of the collector's reach
    # as a failed command exits, too
    out = subprocess.run([sys.executable, "-c", AT_EXIT, "build", "--game", "no-such-game"],
                         capture_output=True, text=True)
    assert out.returncode != 0 and int(out.stdout.split("frozen")[-1].split()[0]) > 10_000
