"""Shared test helpers (importable as `helpers`: tests/ is on the pytest pythonpath)."""

import csv
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# the hex-board template's hexes as a sheet of tiles of their own (added to its game.toml)
HEX_TILES = """
[[component]]
name = "hex tile"
type = "tile"
data = "hexes.csv"
front = "layouts/hex.toml"
[component.grid]
shape = "hex"
orient = "pointy"
size = "36mm"
radius = 2
"""


def edit_csv(path: Path, row: int, field: str, value: str) -> None:
    """Set one cell (row numbered as a spreadsheet shows it, header = 1)."""
    rows = list(csv.reader(path.read_text(encoding="utf-8").splitlines()))
    col = rows[0].index(field)
    rows[row - 1][col] = value
    with path.open("w", encoding="utf-8", newline="") as fh:
        csv.writer(fh).writerows(rows)


def page_texts(pdf, index: int):
    """Every run of text on a page, with where it starts (points, rounded to 0.01): a Counter
    of (text, x, y)."""
    from collections import Counter

    from pypdf import PdfReader

    found: Counter = Counter()

    def visit(text, cm, tm, font, size):
        if text.strip():
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            found[(text.strip(), round(x, 2), round(y, 2))] += 1

    PdfReader(pdf).pages[index].extract_text(visitor_text=visit)
    return found


def page_pixels(pdf, index: int):
    """A page at 72 dpi: one pixel a point."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        return doc[index].render(scale=1).to_pil().convert("RGB")
    finally:
        doc.close()


# A site folder with one installed package, pnp_tiny, whose `pnp.games` entry point adds the game
# Tiny Pile (see tests/fixtures/pnp_tiny/README.md); TINY_GAME is its card data.
PLUGIN_SITE = ROOT / "tests" / "fixtures" / "pnp_tiny"
TINY_GAME = ROOT / "tests" / "fixtures" / "tiny_game"


def stroked_paths(pdf, index: int) -> list[tuple[tuple[int, int, int], list[tuple[float, float]]]]:
    """(stroke colour as 0-255 RGB, points in page points) of every stroked path on a page, the
    paths inside form XObjects included (pdfium reads the PDF as a viewer does)."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    def then(m, n):  # matrix m, then n
        return (m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
                m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
                m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5])

    out = []

    def walk(objects, parent):
        for obj in objects:
            fm = raw.FS_MATRIX()
            raw.FPDFPageObj_GetMatrix(obj, fm)
            m = then((fm.a, fm.b, fm.c, fm.d, fm.e, fm.f), parent)
            kind = raw.FPDFPageObj_GetType(obj)
            if kind == raw.FPDF_PAGEOBJ_FORM:
                walk([raw.FPDFFormObj_GetObject(obj, k)
                      for k in range(raw.FPDFFormObj_CountObjects(obj))], m)
                continue
            fill, stroke = ctypes.c_int(), ctypes.c_int()
            if kind != raw.FPDF_PAGEOBJ_PATH or not raw.FPDFPath_GetDrawMode(obj, fill, stroke) \
                    or not stroke.value:
                continue
            r, g, b, a = (ctypes.c_uint() for _ in range(4))
            raw.FPDFPageObj_GetStrokeColor(obj, r, g, b, a)
            pts = []
            for s in range(raw.FPDFPath_CountSegments(obj)):
                x, y = ctypes.c_float(), ctypes.c_float()
                raw.FPDFPathSegment_GetPoint(raw.FPDFPath_GetPathSegment(obj, s), x, y)
                pts.append((x.value * m[0] + y.value * m[2] + m[4],
                            x.value * m[1] + y.value * m[3] + m[5]))
            out.append(((r.value, g.value, b.value), pts))

    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[index]
        walk([raw.FPDFPage_GetObject(page, k) for k in range(raw.FPDFPage_CountObjects(page))],
             (1, 0, 0, 1, 0, 0))
    finally:
        doc.close()
    return out


# a card with one text box, 40 mm tall, showing its row's `text`
TEXT_FRONT = """[rules]
type = "text"
text = "{{ text }}"
x = "5mm"
y = "5mm"
width = "100% - 10mm"
height = "40mm"
"""


def card_game(folder: Path, front: str, cards_csv: str, title: str = "Test",
              extra_toml: str = "") -> Path:
    """A game of one poker-size card component: cards.csv drawn by layouts/front.toml (no back);
    `extra_toml` is appended to its game.toml (fonts, palette...)."""
    (folder / "layouts").mkdir(parents=True)
    (folder / "game.toml").write_text(
        f'[game]\ntitle = "{title}"\nengine = "deck"\n[[component]]\nname = "card"\n'
        'data = "cards.csv"\nsize = "poker"\nfront = "layouts/front.toml"\n' + extra_toml)
    (folder / "cards.csv").write_text(cards_csv)
    (folder / "layouts" / "front.toml").write_text(front)
    # a booklet of its own: without one the build warns that it printed pnp's placeholder
    (folder / "booklet.md.j2").write_text("# Rules\n\nPlay the cards.\n")
    return folder


def usage_error(result, option: str) -> str:
    """The message of the usage error a command ended with for a value `option` does not take:
    exit 2, click's usage line above, the option named as click names it."""
    assert result.exit_code == 2, result.output
    assert result.output.startswith("Usage: "), result.output
    last = result.output.rstrip("\n").splitlines()[-1]
    assert last.startswith(f"Error: Invalid value for '{option}'"), last
    assert "Traceback" not in result.output
    return last.split(": ", 2)[2]


def changed_copy(source: Path, folder: Path, file: str, old: str, new: str) -> Path:
    """A copy of the game folder `source` at `folder` with `old` replaced by `new` (once) in
    `file`; `old` must be there, so a test cannot pass by changing nothing."""
    shutil.copytree(source, folder)
    edit(folder / file, old, new)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    """`old` replaced by `new` (once) in the file; `old` must be there, so a test cannot pass
    by changing nothing."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# how a character no font has is said to be mended (render/surface.py UNPRINTABLE's words)
UNPRINTABLE_TAIL = ("(add a font that has them to game.toml's [fonts]: symbols = \"FILE.ttf\" for "
                    "symbols and emoji, cjk = \"FILE.ttf\" for Chinese, Japanese or Korean)")


def opening_errors(folder: Path) -> list:
    """The errors opening the game finds, as Findings: what it notes and goes on past (each
    layout mistake, each bad row) or, alone, the mistake that stops it."""
    from pnp.data.game import finding
    from pnp.errors import DataError
    from pnp.project import open_game

    try:
        opened = open_game(str(folder))
    except DataError as exc:
        return [finding(exc)]
    return [f for f in opened.folder.problems if f.level == "error"]


def first_error(folder: Path) -> str:
    """The first of opening_errors, as the CLI says it without its 'error: '."""
    found = opening_errors(folder)
    assert found, "the game opened without an error"
    return str(found[0]).removeprefix("error: ")


def refused(folder: str, **options):
    """The first mistake opening the game (open_game(folder, **options)) finds, as
    pytest.raises would catch it: the one raised, or the first noted (a layout's mistakes are
    each noted, and the game opens)."""
    import pytest

    from pnp.errors import DataError
    from pnp.project import open_game

    try:
        opened = open_game(folder, **options)
    except DataError as exc:
        return pytest.ExceptionInfo.from_exception(exc)
    found = [f for f in opened.folder.problems if f.level == "error"]
    assert found, "the game opened without an error"
    first, source = found[0], found[0].source
    with pytest.raises(DataError) as caught:  # (an ExceptionInfo needs its traceback)
        raise DataError(first.message, source.path if source else None,
                        source.row if source else None, first.field)
    return caught
