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


def _modules_of_build(game: str, tmp_path) -> set[str]:
    out = subprocess.run([sys.executable, "-c", BUILD, game, str(tmp_path / "kit.pdf")],
                         capture_output=True, text=True, check=True).stdout
    return set(json.loads(out.splitlines()[-1]))


def test_a_wuxing_build_imports_nothing_it_does_not_draw_with(tmp_path):
    modules = _modules_of_build("wuxing", tmp_path)
    assert (tmp_path / "kit.pdf").stat().st_size > 10_000
    assert "pnp.games.wuxing.faces" in modules and "pnp.render.booklet" in modules
    unneeded = {m for m in modules if m.split(".")[0] in (
        "pypdfium2", "svglib", "python_calamine", "numpy", "pypdf", "dask", "lxml")}
    unneeded |= {m for m in modules if m.startswith((
        "pnp.sim", "pnp.export", "pnp.faces", "pnp.games.experior", "pnp.games.legolas",
        "pnp.games.deck", "pnp.server", "pnp.live", "pnp.watch", "pnp.preview",
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


def test_platypus_compiles_its_url_pattern_when_first_used_and_leaves_pyphen_out():
    code = """
import re, sys
import pnp.render.booklet
from reportlab.platypus import paragraph
lazy = type(paragraph.uri_pat).__name__
assert re.compile.__module__ == "re"            # put back once platypus is imported
assert paragraph.pyphen is None and "pyphen" not in sys.modules
from reportlab.lib import textsplit
assert type(textsplit.rx).__name__ == "_CompiledOnFirstUse"
assert textsplit.rx.split("ab\u9670\u967dcd") == ["ab", "\u9670", "", "\u967d", "cd"]
import pyphen                                   # still there for those who ask for it
assert pyphen.Pyphen(lang="en_US").inserted("hyphenation") == "hy-phen-ation"
print(lazy, paragraph._uri_split_pairs("https://example.org/rules/wuxing"),
      paragraph._uri_split_pairs("not a link"), type(paragraph._hy_letters_pat).__name__)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split(" ", 1)
    assert out[0] == "_CompiledOnFirstUse"
    assert out[1].strip() == ("[('https://example.org/rules/', 'wuxing'), "
                              "('https://example.org/', 'rules/wuxing'), "
                              "('https://', 'example.org/rules/wuxing')] None Pattern")


def test_the_booklet_breaks_each_paragraph_into_lines_once(monkeypatch):
    """Laying out a page wraps a paragraph several times at the same width; its lines are
    broken once, and the pages come out as when every wrap broke them again."""
    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import Paragraph

    from pnp.project import open_game, prepare
    from pnp.render import booklet as bk

    monkeypatch.setenv("PNP_CACHE_DIR", "")  # laid out here, not read back from an earlier run
    kit, fonts, _ = prepare(open_game("wuxing"))
    breaks: list[int] = []
    real = Paragraph.breakLines
    monkeypatch.setattr(Paragraph, "breakLines",
                        lambda self, widths: breaks.append(id(self)) or real(self, widths))

    def pages():
        kit.booklet._layouts.clear()
        return [[(type(p.inner).__name__, p.inner.getPlainText()
                  if isinstance(p.inner, Paragraph) else "", [round(v, 3) for v in p.at])
                 for p in page] for page in kit.booklet.layout(fonts, *A4)]

    once = pages()
    cached = len(breaks)
    # each paragraph once, bar one whose lines a split threw away (an orphan sent on)
    assert len(once) >= 3 and len(set(breaks)) > 50 and cached <= len(set(breaks)) + 2
    breaks.clear()
    monkeypatch.setattr(bk._Paragraph, "wrap", Paragraph.wrap)  # every wrap breaks again
    assert pages() == once
    assert len(breaks) > 1.5 * cached


def test_a_second_build_renders_its_booklet_without_jinja2(tmp_path):
    import os

    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache")}

    def modules() -> set[str]:
        out = subprocess.run([sys.executable, "-c", BUILD, "wuxing", str(tmp_path / "kit.pdf")],
                             capture_output=True, text=True, check=True, env=env).stdout
        return set(json.loads(out.splitlines()[-1]))

    assert "jinja2" in modules()  # the first build renders the template
    first = (tmp_path / "kit.pdf").read_bytes()
    assert "jinja2" not in modules()  # the same template and data: its text read back
    assert (tmp_path / "kit.pdf").read_bytes() == first
