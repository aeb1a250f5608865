"""Drawings repeated as the operators reportlab wrote (pnp/render/repeat.py) make the same PDF,
byte for byte, and leave the canvas as drawing anew would."""

import io

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.render.icons import disc, sword_icon
from pnp.render.repeat import GRAPHICS, repeat

RED, BLUE, INK = Color(0.8, 0.1, 0.1), Color(0.1, 0.2, 0.8), Color(0.1, 0.1, 0.1)


def _badge(c, x, y, ring):
    disc(c, x, y, 10, RED, ring, 1.5 if ring else 1.0)
    sword_icon(c, x, y, 14, INK, angle=-45)


def _page(c, badge):
    """A page of badges drawn from different states: first from the very fill colour the badge
    sets (so it seems not to set it), then from others; a line width left set by a stroked ring;
    a moved frame; text between them; the next page's preamble reads the last colours."""
    states = []
    for i, (width, fill, ring) in enumerate([(1, RED, None), (1, BLUE, None), (3, INK, None),
                                             (1, BLUE, INK), (3, BLUE, INK), (1, BLUE, None)]):
        c.setLineWidth(width)
        c.setFillColor(fill)
        c.saveState()
        c.translate(40 * i, 20 * i)
        badge(c, 30, 30, ring)
        c.restoreState()
        badge(c, 60, 200, ring)  # in the page's own frame, the state left for what follows
        states.append(tuple(getattr(c, a) for a in GRAPHICS))
        c.drawString(20, 300 + 10 * i, f"badge {i}")
    c.showPage()
    c.rect(10, 10, 20, 20, stroke=1, fill=1)
    return states


def _pdf(badge, canvas=Canvas):
    buf = io.BytesIO()
    c = canvas(buf, pagesize=(300, 400), invariant=1)
    states = _page(c, badge)
    c.save()
    return buf.getvalue(), states


def test_a_repeated_drawing_writes_the_same_pdf_and_leaves_the_same_state():
    drawn = []

    def repeated(c, x, y, ring):
        repeat(c, "badge", (x, y, ring), lambda: drawn.append(1) or _badge(c, x, y, ring))

    fresh, fresh_states = _pdf(_badge)
    again, states = _pdf(repeated)
    assert again == fresh and states == fresh_states
    assert 4 <= len(drawn) < 12  # some repeated, some drawn anew (another state or place)


def test_a_canvas_that_watches_its_calls_and_a_key_with_a_list_are_drawn_every_time():
    class Watching(Canvas):
        pass

    drawn = []
    _pdf(lambda c, x, y, ring: repeat(c, "badge", (x, y, ring),
                                      lambda: drawn.append(1) or _badge(c, x, y, ring)), Watching)
    assert len(drawn) == 12
    drawn.clear()
    _pdf(lambda c, x, y, ring: repeat(c, "badge", (x, y, [ring]),
                                      lambda: drawn.append(1) or _badge(c, x, y, ring)))
    assert len(drawn) == 12
