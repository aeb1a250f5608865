"""align = "justify" (decksmith's and most layout tools'): every line of a paragraph but its
last runs from the box's left side to its right; the last, and a line of one word, stay left."""

from reportlab.pdfgen.canvas import Canvas

from helpers import card_game
from pnp.data.layouts.values import ValueProblem
from pnp.data.layouts.elements import ALIGN
from pnp.faces import richtext
from pnp.project import check, open_game
from pnp.render.fonts import load_fonts

FONTS = load_fonts()
TEXT = ("Shapes can have transparency, images can be transformed using filters, and elements "
        "can be placed relative to each other.\nA second paragraph, also long enough to wrap "
        "over lines.")


class Recording(Canvas):
    """A canvas that keeps where each string starts and ends."""

    def __init__(self, path):
        super().__init__(str(path))
        self.strings: list[tuple[float, float, float]] = []  # (baseline, left, right)

    def drawString(self, x, y, text, *args, **kwargs):
        self.strings.append((y, x, x + self.stringWidth(text, self._fontname, self._fontsize)))
        super().drawString(x, y, text, *args, **kwargs)


def _drawn(tmp_path, align):
    m = richtext.Measure(FONTS)
    width = 150.0
    fitted = richtext.fit(FONTS, m, TEXT, "regular", width, 500, 9, 9, 1.2, "en_US")
    c = Recording(tmp_path / "t.pdf")
    richtext.draw(c, FONTS, m, fitted, 10.0, 600.0, width, align, lambda *a: None)
    lines: dict[float, list[float]] = {}
    for y, left, right in c.strings:
        lines.setdefault(round(y, 3), []).extend((left, right))
    return fitted, [(min(v), max(v)) for _, v in sorted(lines.items(), reverse=True)]


def test_justified_lines_run_to_both_sides_but_a_paragraphs_last(tmp_path):
    fitted, spans = _drawn(tmp_path, "justify")
    assert len(spans) == len(fitted.lines) >= 5
    for line, (left, right) in zip(fitted.lines, spans):
        assert abs(left - 10.0) < 1e-6
        if line.last:
            assert abs(right - (10.0 + line.width * 9)) < 0.5  # ragged: its own width
        else:
            assert abs(right - 160.0) < 0.01, (line, right)
    assert sum(line.last for line in fitted.lines) == 2  # one a paragraph


def test_left_text_is_drawn_as_before(tmp_path):
    fitted, spans = _drawn(tmp_path, "left")
    for line, (left, right) in zip(fitted.lines, spans):
        assert abs(left - 10.0) < 1e-6 and abs(right - (10.0 + line.width * 9)) < 0.5


def test_justify_is_an_align_and_a_plain_text_card_builds_with_it(tmp_path):
    assert ALIGN("justify") == "justify"
    try:
        ALIGN("justified")
    except ValueProblem as exc:
        assert "justify" in str(exc)
    front = ('[body]\ntype = "text"\ntext = "{{ text }}"\nx = "5mm"\ny = "5mm"\n'
             'width = "100% - 10mm"\nheight = "40mm"\nalign = "justify"\n')
    folder = card_game(tmp_path / "g", front, f'text\n"{TEXT}"\n')
    assert [f for f in check(open_game(str(folder))) if f.level == "error"] == []
