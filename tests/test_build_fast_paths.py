"""The build's fast paths give what the general paths give: simple layout expressions worked
out in Python equal Jinja2's rendering of them, and a fitted text drawn as one PDF text object
puts every glyph where the line-by-line drawing puts it."""

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.data.colours import parse_colour
from pnp.data.layouts.values import Scope, Value, ValueProblem, colour_in, render, to_bool
from pnp.render.fonts import load_fonts
from pnp.render.surface import set_colour
from pnp.render.text import LEADING, Fitted, draw_fitted
from pnp.render.tracking import TrackingCanvas

PALETTE = {"sun": parse_colour("#e0a526", {}), "night": parse_colour("#26324a", {})}
GAME = {"title": "Gate Keepers", "players": "2-4", "version": 2}
SCOPE = Scope(Path("card.toml"), ["title", "text", "image", "kind", "cost", "colour"], PALETTE,
              {"sun": "#e0a526", "night": "#26324a", "game": GAME})
ROWS = [
    {"title": "Gate", "text": "Draw two.", "image": "", "kind": "boss", "cost": 3,
     "colour": "sun"},
    {"title": "Wall", "text": "", "image": "wall.png", "kind": "minion", "cost": 0,
     "colour": "#3d8b4f"},
    {"title": "", "text": "no", "image": "a.png", "kind": "", "cost": 1.5, "colour": "night"},
]
SIMPLE = ["{{ image and text }}", "{{ image and not text }}", "{{ not image }}",
          "{{ kind == 'boss' }}", "{{ kind != 'boss' or cost }}", "{{ title or 'Untitled' }}",
          "{{ cost == 3 }}", "{{ colour | tint(0.85) }}", "{{ colour | ink }}",
          "{{ colour | shade }}", "{{ not (image or text) }}", "{{ not kind == 'boss' }}",
          "{{ image or text and kind }}", "{{ (image or text) and kind }}",
          '{{ title == "Gate" }}', "{{ cost | fraction }}", "{{ cost | signed }}",
          "{{ colour | mix('night', 0.25) }}", "{{ cost == 3 | signed }}",
          "{{ image and true }}", "{{ text or False }}", "{{image or none}}",
          "{{ colour | tint(0.5) | ink }}", "a {{ title }}", "{{ title }} {{ text }}",
          "**{{ title }}** · {{ cost | signed }} VP", "x }} y {{ title }}", "a\n{{ text }}\n",
          "{{ game.title }}", "**{{ game.title }}**", "{{ game . players }}",
          "{{ game.title == title }}", "v{{ game.version }}: {{ kind or game.title }}",
          "{{ cost == 0 }}", "{{ cost == 01.5 }}",
          # Jinja2's own filters; filter arguments that are names; comparisons; arithmetic
          "{{ title | upper }}", "{{ kind | capitalize }}", "{{ title | lower }}",
          "{{ cost | round }}", "{{ cost | round(1, 'floor') }}", "{{ 'sun' | mix(colour, 0.3) }}",
          "{{ cost > 1 }}", "{{ cost >= 1.5 }}", "{{ cost < 3 }}", "{{ cost <= 0 }}",
          "{{ title > text }}", "{{ cost + 1 }}", "{{ cost - 1 }}", "{{ 2 * cost }}",
          "{{ 1 + cost * 2 - 1.5 }}", "{{ (1 + cost) * 2 }}", "{{ 7 + 7.6 * (cost | round(0, 'ceil')) }}mm",
          "{{ (0 - cost) | signed }}", "{{ kind + title }}", "{{ title * 2 }}", "{{ true + 1 }}",
          "{{ 3 * 4 }}", "{{ cost + 1 > 2 }}",
          # conditional values; printed alone, a missing else prints nothing
          "{{ title if kind else text }}", "{{ 'x' if image }}", "a{{ 'x' if image }}b",
          "{{ 'boss' if kind == 'boss' else 'minion' if cost else 'none' }}",
          "{{ cost | fraction }} coin{{ 's' if cost > 1 }}", "{{ '#297333' if cost >= 1 else '#9e1f1a' }}",
          "{{ (cost if image else 2) * 3 }}", "{{ sun | mix(colour if image else night, 0.5) }}",
          "{{ true }}", "{{ none }}", "{{ False }}"]


def _value(raw: str, convert=str) -> Value:
    return Value(raw, convert, SCOPE, "element.when")


@pytest.mark.parametrize("raw", SIMPLE)
def test_simple_expressions_skip_jinja_and_agree_with_it(raw):
    from jinja2 import meta

    direct = SCOPE.direct(raw)
    assert direct is not None
    # the names it reads, as Jinja2 finds them (they decide which values are worked out once)
    assert set(direct[1]) == meta.find_undeclared_variables(SCOPE.env.parse(raw))
    value = _value(raw)
    assert value.template is None and (value.direct is not None or value.static)
    template = SCOPE.compile(raw, "element.when")
    for row in ROWS:
        context = {**SCOPE.constants, **row}
        assert value.get(context) == render(template, context)
        assert _value(raw, to_bool).get(context) == to_bool(render(template, context))


@pytest.mark.parametrize("raw", ["{{ kind[0] }}", "{{ title | title }}", "{{ cost / 2 }}",
                                 "{{ cost ** 2 }}", "{{ cost // 2 }}", "{{ cost % 2 }}",
                                 "{{ cost < 2 < 3 }}", "{{ (title if kind) | upper }}",
                                 "{{ title ~ '!' }}", "{% if kind %}x{% endif %}", "{{- title }}",
                                 "{{ title.upper() }}", "{# note #}{{ title }}",
                                 "a {{ title -}} b", "{ {{ title }}", "a\r\n{{ title }}",
                                 "{{ kind in ['boss'] }}", "{{ -cost }}", "{{ title or 'it\\'s' }}",
                                 "{{ kind == 'a' == kind }}", "{{ kind is defined }}",
                                 "{{ cost == 1e3 }}", "{{ cost == 1_000 }}"])
def test_other_expressions_keep_jinja(raw):
    value = _value(raw)
    assert value.direct is None and value.template is not None
    assert value.get(ROWS[0]) == render(value.template, ROWS[0])


@pytest.mark.parametrize("raw", ["{{ game.items }}", "{{ game.nope }}", "{{ game.title.x }}",
                                 "{{ game.__class__ }}", "{{ game.0 }}", "{{ cost == 007 }}",
                                 "{{ title.x }}", "{{ row.title }}", "{{ game.title.upper() }}",
                                 "{{ game.title }}{% if kind %}x{% endif %}",
                                 "{{ title | upper(1) }}", "{{ cost | round(1, 'ceil', 2) }}",
                                 "{{ 1 if kind if cost else 2 }}", "{{ cost + -1 }}"])
def test_attributes_other_than_a_constant_dicts_keys_keep_jinja(raw):
    assert SCOPE.direct(raw) is None


def test_a_column_hides_a_constant_of_its_name():
    scope = Scope(Path("card.toml"), ["game"], PALETTE, {"game": GAME})
    assert scope.direct("{{ game.title }}") is None
    assert scope.direct("{{ game }}") is not None


def test_simple_expression_errors_read_as_jinja_ones():
    bad_colour = _value("{{ colour | tint(0.5) }}", colour_in(PALETTE))
    row = dict(ROWS[0], colour="blurple")
    template = SCOPE.compile("{{ colour | tint(0.5) }}", "x")
    with pytest.raises(ValueProblem) as direct:
        bad_colour.get(row)
    with pytest.raises(ValueProblem) as jinja:
        render(template, row)
    assert str(direct.value) == str(jinja.value)
    assert "blurple" in str(direct.value)
    # what the sandbox refuses as too large, and Python's own complaints, in the same words
    long = dict(ROWS[0], text="x" * 2_000_001)
    for raw, row in (("{{ title * 3000000 }}", ROWS[0]), ("{{ text | upper }}", long),
                     ("{{ cost | round(0, 'up') }}", ROWS[0]), ("{{ cost + title }}", ROWS[0]),
                     ("{{ title > cost }}", ROWS[0]), ("{{ text | lower }}", long)):
        with pytest.raises(ValueProblem) as direct:
            _value(raw).get(row)
        with pytest.raises(ValueProblem) as jinja:
            render(SCOPE.compile(raw, "x"), row)
        assert _value(raw).direct is not None
        assert str(direct.value) == str(jinja.value), raw
    lacking = {k: v for k, v in ROWS[0].items() if k != "text"}
    with pytest.raises(ValueProblem, match="expression error: 'text' is undefined"):
        _value("{{ image and not text }}").get(dict(lacking, image="x.png"))


def _random_expression(rng, depth: int = 0) -> str:
    if depth > 3 or rng.random() < 0.3:
        return rng.choice(["title", "text", "image", "kind", "cost", "colour", "sun",
                           "game.title", "game.version", "0", "1", "2.5", "'boss'", "''",
                           "true", "none", "'sun'"])
    a, b = (_random_expression(rng, depth + 1) for _ in range(2))
    return rng.choice([
        f"{a} {rng.choice(['+', '-', '*'])} {b}", f"{a} {rng.choice(['==', '!=', '<', '>='])} {b}",
        f"not {a}", f"{a} {rng.choice(['and', 'or'])} {b}", f"({a})",
        f"{a} if {b} else {_random_expression(rng, depth + 1)}",
        f"{a} | " + rng.choice(["upper", "capitalize", "round", "round(1, 'floor')", "signed",
                                "fraction", "tint(0.3)", "ink", "mix(colour, 0.5)"])])


def test_random_simple_expressions_agree_with_jinja_in_value_and_error_words():
    """Hundreds of expressions made at random from the forms direct.py works out: on every
    row, the same value, or the same words of the same error."""
    import random

    from pnp.errors import DataError

    def outcome(fn, *args):
        try:
            return fn(*args)
        except (ValueProblem, DataError) as exc:
            return f"error: {getattr(exc, 'message', exc)}"

    rng = random.Random(18)
    compared = 0
    while compared < 300:
        raw = "{{ " + _random_expression(rng) + rng.choice([" }}", " }} x", " if cost }}"])
        if SCOPE.direct(raw) is None:
            continue
        compared += 1
        template = SCOPE.compile(raw, "element.when")
        for row in ROWS:
            context = {**SCOPE.constants, **row}
            direct = outcome(lambda r, c: _value(r).get(c), raw, context)
            assert direct == outcome(render, template, context), (raw, row)


def test_row_independent_simple_expression_is_worked_out_once():
    value = _value("{{ sun | ink }}")
    assert value.static and value.const == "#000000"


def _glyph_boxes(pdf: Path) -> list[tuple[str, tuple[float, ...]]]:
    page = pdfium.PdfDocument(str(pdf))[0]
    text = page.get_textpage()
    return [(text.get_text_range(i, 1), text.get_charbox(i)) for i in range(text.count_chars())
            if not text.get_text_range(i, 1).isspace()]


@pytest.mark.parametrize("align", ["left", "centre", "right"])
def test_a_text_block_is_one_text_object_with_glyphs_where_lines_put_them(tmp_path, align):
    fonts = load_fonts()
    fitted = Fitted(9.5, ("Draw two cards,", "then discard one", "of them."))
    paths = []
    for name, wrap in (("block", lambda c: c), ("lines", TrackingCanvas)):
        path = tmp_path / f"{name}.pdf"
        c = Canvas(str(path), pagesize=(200, 200), pageCompression=0)
        draw_fitted(wrap(c), fonts, fitted, 20, 150, 120, "regular", align)
        c.save()
        paths.append(path)
    block, lines = (_glyph_boxes(p) for p in paths)
    assert [ch for ch, _ in block] == [ch for ch, _ in lines] == list("".join(
        fitted.lines).replace(" ", ""))
    for (_, a), (_, b) in zip(block, lines):
        assert a == pytest.approx(b, abs=0.01)
    # (each page also opens with one text object setting the canvas's initial font)
    assert [p.read_bytes().count(b"BT ") for p in paths] == [2, 4]


def _pdf(path: Path, draw) -> bytes:
    c = Canvas(str(path), pagesize=(300, 300), pageCompression=0, invariant=1)
    draw(c)
    c.save()
    return path.read_bytes()


def _text_object_block(c, fonts, fitted, x, top, width, role, align):
    """A block as reportlab's TextObject writes it: beginText, then a textLine a line."""
    font, size = fonts[role], fitted.size
    leading = size * LEADING
    ax = {"left": x, "centre": x + width / 2, "right": x + width}[align]
    y = top - size * 0.95
    c.setFont(font, size, leading)
    t = c.beginText(ax, y)
    for line in fitted.lines:
        if align != "left":
            share = 0.5 if align == "centre" else 1.0
            t.setTextOrigin(ax - share * c.stringWidth(line, font, size), y)
            y -= leading
        t.textLine(line)
    c.drawText(t)


@pytest.mark.parametrize("align", ["left", "centre", "right"])
def test_a_text_block_writes_the_bytes_reportlabs_text_object_writes(tmp_path, align):
    # escapes, characters new to the PDF in each block, a no-break space, two fonts
    fonts = load_fonts()
    blocks = [(Fitted(9.5, ("Draw two cards (then", "discard one) \\ back-slash")), "regular"),
              (Fitted(12, ("Café Ødegård", "naïve\u00a0façade ½ — “quoted”")), "bold"),
              (Fitted(8, ("Ωmega, Ψ and ß", "Draw two cards (then")), "regular")]

    def draw(block):
        return lambda c: [block(c, fonts, fitted, 20, 280 - 80 * i, 200, role, align)
                          for i, (fitted, role) in enumerate(blocks)]

    assert _pdf(tmp_path / "ours.pdf", draw(draw_fitted)) == \
        _pdf(tmp_path / "reportlab.pdf", draw(_text_object_block))


def test_a_block_beyond_a_fonts_first_256_codes_is_drawn_line_by_line(tmp_path):
    fonts = load_fonts()
    font = fonts["regular"]
    chars = [chr(n) for n in range(0x100, 0x300) if fonts.covers(font, chr(n))]
    assert len(chars) > 256
    fitted = Fitted(6, tuple("".join(chars[i:i + 40]) for i in range(0, len(chars), 40)))
    block = _pdf(tmp_path / "block.pdf", lambda c: draw_fitted(c, fonts, fitted, 5, 290, 290))
    lines = _pdf(tmp_path / "lines.pdf",
                 lambda c: draw_fitted(TrackingCanvas(c), fonts, fitted, 5, 290, 290))
    assert block == lines
    assert "".join(ch for ch, _ in _glyph_boxes(tmp_path / "block.pdf")) == "".join(chars)


def test_a_colour_is_written_as_reportlab_writes_it(tmp_path):
    from pnp.data.colours import Colour

    colours = [Colour(0.1, 0.2, 0.3), PALETTE["sun"], Colour(1, 1, 1), PALETTE["sun"]]

    def draw(fill, stroke):
        def go(c):
            for colour in colours:
                fill(c, colour)
                stroke(c, colour)
                c.rect(10, 10, 50, 50, stroke=1, fill=1)
                assert c._fillColorObj == c._strokeColorObj == colour  # as saveState keeps it
        return go

    ours = _pdf(tmp_path / "ours.pdf", draw(set_colour, lambda c, col: set_colour(c, col, True)))
    theirs = _pdf(tmp_path / "reportlab.pdf",
                  draw(Canvas.setFillColor, Canvas.setStrokeColor))
    assert ours == theirs


def test_each_row_with_a_bad_picture_or_colour_is_named_though_good_cells_are_checked_once(
        tmp_path):
    from pnp.project import open_game, validate
    from pnp.scaffold import new_game

    game = new_game("checked", tmp_path)
    rows = ["title,text,colour,count,image",
            "One,a,sun,1,", "Two,b,sun,1,gone.png", "Three,c,blurple,1,",
            "Four,d,sun,1,gone.png", "Five,e,blurple,1,", "Six,f,leaf,1,"]
    (game / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    opened = open_game(str(game))
    found = [str(f) for f in validate(opened)]
    for row, field in ((3, "image"), (5, "image"), (4, "colour"), (6, "colour")):
        assert any(f'cards.csv, row {row}, field "{field}"' in f for f in found), (row, found)
    assert [r["title"] for r in opened.model.components[0].table.rows] == ["One", "Six"]


def test_a_fitted_text_knows_its_widest_line_as_measured():
    from pnp.render.text import fit

    fonts = load_fonts()
    text = "Draw two cards, then discard one of them.\nGain 2 gold (or 3 in winter)."
    for role, width in (("regular", 120.0), ("bold", 90.0), ("condensed", 60.0)):
        fitted = fit(fonts, text, width, 200.0, 11, 7, role)
        assert fitted is not None and len(fitted.lines) >= 3
        measured = max(fonts.width(line, fitted.size, role) for line in fitted.lines)
        assert fitted.span == pytest.approx(measured, abs=1e-6)
        assert fitted.span <= width + 1e-6


def test_drawing_pauses_the_cycle_collector_and_gives_it_back_as_it_was():
    import gc

    from pnp.render.pdf import _collector_paused

    assert gc.isenabled()
    with pytest.raises(RuntimeError):
        with _collector_paused():
            assert not gc.isenabled()
            raise RuntimeError("a failed build")
    assert gc.isenabled()
    gc.disable()
    try:
        with _collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # a caller that had it off keeps it off
    finally:
        gc.enable()
