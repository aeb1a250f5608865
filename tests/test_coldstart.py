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


def test_the_booklet_breaks_each_paragraph_into_lines_once(monkeypatch):
    """Laying out a page wraps a paragraph several times at the same width; its lines are
    broken once, and the pages come out as when every wrap broke them again."""
    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import Paragraph

    from pnp.project import open_game, prepare
    from pnp.render import booklayout as bk

    kit, fonts, _ = prepare(open_game("wuxing"))
    breaks: list[int] = []
    real = Paragraph.breakLines
    monkeypatch.setattr(Paragraph, "breakLines",
                        lambda self, widths: breaks.append(id(self)) or real(self, widths))

    def pages():
        return [[(type(p.flowable).__name__, p.flowable.getPlainText()
                  if isinstance(p.flowable, Paragraph) else "", round(p.x, 3), round(p.y, 3))
                 for p in page] for page in bk.lay_out(kit.booklet, fonts, *A4)]

    once = pages()
    cached = len(breaks)
    # each paragraph once, bar one whose lines a split threw away (an orphan sent on)
    assert len(once) >= 3 and len(set(breaks)) > 50 and cached <= len(set(breaks)) + 2
    breaks.clear()
    monkeypatch.setattr(bk._Paragraph, "wrap", Paragraph.wrap)  # every wrap breaks again
    assert pages() == once
    assert len(breaks) > 1.5 * cached
