"""Bounded work: nothing a game folder writes can hang pnp or exhaust its memory. Each input that
sets how much work is done is checked against its bound before the work, with one line naming
the file and field."""

import time

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.errors import DataError
from test_robustness_corpus import _render


def _run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture
def deck(tmp_path):
    assert _run("new", "deck", "--dir", tmp_path).exit_code == 0  # a plain deck
    return tmp_path / "deck"


# ---- the sandbox: sizes predicted before the one C call that would build them ----------------
S = "{% set s = 'x' * 1000000 %}"


@pytest.mark.parametrize("text,message", [
    ("{{ 13 | round(-999999999) }}",
     "round(-999999999): a precision of more than 1000 digits is not allowed"),
    ("{{ 13.5 | round(999999999, 'floor') }}",
     "round(999999999): a precision of more than 1000 digits is not allowed"),
    ("{{ 'x'.encode() * 300000000 }}",
     "template tried something the sandbox forbids: access to attribute 'encode' of 'str' "
     "object is unsafe."),
    ("{{ (13).to_bytes(300000000, 'big') }}",
     "template tried something the sandbox forbids: access to attribute 'to_bytes' of 'int' "
     "object is unsafe."),
    ("{{ ('\\t' * 300000).expandtabs(1000) }}",
     "expandtabs could make 300,000,000 characters (at most 2,000,000)"),
    ("{{ ('\\n' * 300000) | indent(1000, blank=true) }}",
     "indent could make 300,300,000 characters (at most 2,000,000)"),
    ("{{ ('\\n' * 300000) | indent(' ' * 1000, blank=true) }}",
     "indent could make 300,300,000 characters (at most 2,000,000)"),
    ("{{ ('a ' * 300000) | wordwrap(1, wrapstring='x' * 1000) }}",
     "wordwrap could make 600,600,000 characters (at most 2,000,000)"),
    ("{{ ('a' * 1000000).translate({97: 'x' * 300}) }}",
     "translate could make 300,000,000 characters (at most 2,000,000)"),
    (S + "{{ ([s] * 300) | join }}", "join would make over 2,000,000 characters"),
    (S + "{{ ''.join([s] * 300) }}", "join would make over 2,000,000 characters"),
    (S + "{{ ([s] * 300) | string }}", "string would make over 2,000,000 characters"),
    (S + "{{ [s] * 300 }}", "printing a value would make over 2,000,000 characters"),
    (S + "{{ ([s] * 300) | tojson }}", "tojson would make over 2,000,000 characters"),
    (S + "{{ s ~ s ~ s }}", "joining texts with ~ would make over 2,000,000 characters"),
    (S + "{{ '{}{}{}'.format(s, s, s) }}", "format would make over 2,000,000 characters"),
    (S + "{{ '%s%s%s' % (s, s, s) }}", "a % format would make over 2,000,000 characters"),
    (S + "{{ '%s'|format([s] * 3) }}", "format would make over 2,000,000 characters"),
    ("{% set a = [0] * 1000000 %}{{ [a, a, a] | sum(start=[]) | length }}",
     "sum would make over 2,000,000 items"),
])
def test_a_template_never_builds_a_huge_value_before_its_size_is_checked(tmp_path, text,
                                                                         message):
    with pytest.raises(DataError) as info:
        _render(tmp_path, text)
    assert str(info.value) == f"booklet.md.j2: line 1: {message}"


def test_what_the_checks_allow_still_renders_as_jinja2_does(tmp_path):
    text = ("{{ 12.345 | round(2) }} {{ 1234 | round(-2) }} {{ 'a' ~ 1 ~ [1, 2] }} "
            "{{ '{:>4}'.format('a') }} {{ [1, 2] | join(',') }} {{ 'a\\tb'.expandtabs(4) }} "
            "{{ 'a\\nb' | indent(2) }} {{ [[1], [2]] | sum(start=[]) }} {{ '%s!' % 'hi' }}")
    assert _render(tmp_path, text) == ("12.35 1200 a1[1, 2]    a 1,2 a   b a\n  b [1, 2] hi!")


def test_a_layout_loop_printing_a_long_text_stops_at_the_bound(deck):
    (deck / "layouts" / "card.toml").write_text(
        '[t]\ntype = "text"\ntext = "{% set s = \'x\' * 1000000 %}{% for i in range(300) %}'
        '{{ s }}{% endfor %}"\n')
    result = _run("validate", "--game", deck)
    assert result.exit_code == 2
    assert _said(result) == ('error: layouts/card.toml, field "t.text": expression too large: the text '
                             "grows past 2,000,000 characters (a loop far too large?)\n")


def test_a_huge_rounding_precision_in_a_layout_is_one_error_not_a_hang(deck):
    layout = deck / "layouts" / "card.toml"
    layout.write_text(layout.read_text().replace("size = 13",
                                                 'size = "{{ 13 | round(-999999999) }}"'))
    result = _run("validate", "--game", deck)
    assert result.exit_code == 2
    assert _said(result) == ('error: layouts/card.toml, field "title.size": expression too large: '
                             "round(-999999999): a precision of more than 1000 digits is not "
                             "allowed\n")


# ---- text fitting: linear in the text, however long its words -----------------------------
def _measured(monkeypatch):
    """Fonts whose word_width counts the characters it is asked to measure."""
    from pnp.render.fonts import load_fonts

    fonts = load_fonts()
    count = [0]
    real = fonts.word_width

    def word_width(word, role="regular"):
        count[0] += len(word)
        return real(word, role)
    monkeypatch.setattr(fonts, "word_width", word_width)
    return fonts, count


@pytest.mark.parametrize("text", ["ab\xad" * 600, ("supercalifragilistic" * 5 + " ") * 20])
def test_hyphenating_a_long_word_measures_each_letter_a_few_times_only(monkeypatch, text):
    from pnp.faces import richtext

    fonts, count = _measured(monkeypatch)
    fitted = richtext.fit(fonts, richtext.Measure(fonts), text, "regular", 100, 4000, 11, 7,
                          1.2, "en_GB")
    assert fitted is not None and len(fitted.lines) > 10  # broken across many lines
    assert count[0] < 40 * len(text)  # was 100 to 1,000 times the text: quadratic


def test_a_word_of_soft_hyphens_wraps_in_linear_work_in_plain_text(monkeypatch):
    from pnp.render.text import SHY, fit

    fonts, count = _measured(monkeypatch)
    text = "ab\xad" * 600
    fitted = fit(fonts, text, 150, 2000, 11, 7)
    assert fitted is not None and len(fitted.lines) > 10
    assert "".join(line.rstrip("-") for line in fitted.lines) == text.replace(SHY, "")
    assert count[0] < 10 * len(text)


def test_a_text_far_too_long_for_its_box_is_refused_without_wrapping_it(monkeypatch):
    from pnp.faces import richtext
    from pnp.render.text import fit

    fonts, count = _measured(monkeypatch)
    text = "supercalifragilistic" * 250  # 5,000 letters: 34 s and 420 MB in a card's text box
    assert fit(fonts, text, 150, 200, 11, 7) is None
    assert richtext.fit(fonts, richtext.Measure(fonts), text, "regular", 150, 200, 11, 7, 1.2,
                        "en_GB") is None
    assert count[0] < 5 * len(text)


# ---- star markup: parsed in linear time ---------------------------------------------------
def _steps(func, *args) -> int:
    """How many lines of Python `func` runs (a count of the work, the same on every machine)."""
    import sys

    count = [0]

    def trace(frame, event, arg):
        if event == "line":
            count[0] += 1
        return trace
    sys.settrace(trace)
    try:
        func(*args)
    finally:
        sys.settrace(None)
    return count[0]


@pytest.mark.parametrize("make", [
    lambda n: "*a " * n + "b** " * n,  # openers no closer matches: each closer searched them all
    lambda n: "*a **b " * n + "c** d* " * n,  # nested and crossing
    lambda n: "**a *b " * n + "c** d* " * n,
])
def test_star_markup_is_read_in_linear_time(make):
    from pnp.render.emphasis import emphasis

    small, large = _steps(emphasis, make(300)), _steps(emphasis, make(1200))
    assert large < 5 * small  # four times the text, four times the work (was 16 times)


def test_star_markup_still_reads_as_before():
    from pnp.render.emphasis import emphasis

    assert emphasis("***a** b* and **c *d** e* 2*3") == [
        ("a", True, True), (" b", False, True), (" and ", False, False),
        ("c *d", True, False), (" e* 2*3", False, False)]


# ---- layouts: counts, lengths and pictures with a bound -----------------------------------
def _add_element(deck, toml: str) -> None:
    layout = deck / "layouts" / "card.toml"
    layout.write_text(layout.read_text() + "\n" + toml)


def _said(result) -> str:
    """The one error line (a layout's mistake, said before the count of problems)."""
    errors = [line for line in result.output.splitlines() if line.startswith("error")]
    assert len(errors) == 1, result.output
    return errors[0] + "\n"


def _first_error(result) -> str:
    return next(line for line in result.output.splitlines() if line.startswith(("error", "Error")))


@pytest.mark.parametrize("args,message", [
    ("{ points = 100000000 }", "points = 100000000: expected a whole number from 2 to 200"),
    ("{ points = 2.5 }", "points = 2.5: expected a whole number from 2 to 200"),
    ("{ points = nan }", "points = nan: expected a whole number from 2 to 200"),
    ("{ inner = inf }", "inner = inf: expected a number from 0 to 1"),
    ("{ points = 'many' }", "points = 'many' is not a number"),
])
def test_a_star_figure_with_a_huge_point_count_is_one_error(deck, args, message):
    _add_element(deck, f'[star]\ntype = "figure"\nfigure = "star"\nargs = {args}\n')
    result = _run("validate", "--game", deck)
    assert result.exit_code == 2  # the layout file's own mistake, said once
    assert _said(result) == (f'error: layouts/card.toml, field "star.args": element "star": '
                             f"figure 'star': {message}\n")


@pytest.mark.parametrize("value,shown", [
    ('"99999999999999999999mm"', "'99999999999999999999mm' is too large"),
    ('"100000000mm"', "'100000000mm' is too large"),
    ("1e30", "1e+30 is too large"),
    ('"50% + 20000mm"', "'50% + 20000mm' is too large"),
    ('"100000%"', "'100000%' is too large"),
])
def test_a_huge_length_in_a_layout_is_one_error_naming_the_field(deck, value, shown):
    _add_element(deck, f'[bad]\ntype = "rect"\nx = {value}\nfill = "#000000"\n')
    result = _run("build", "--game", deck, "--out", deck / "kit.pdf")
    assert result.exit_code == 2
    assert _said(result) == (f'error: layouts/card.toml, field "bad.x": {shown}: a layout\'s lengths '
                             "are at most 10,000 mm and 1,000 %\n")
    assert not (deck / "kit.pdf").exists()


@pytest.mark.parametrize("value", ["nan", "inf", '"nan"', '"-inf mm"'])
def test_nan_and_infinite_lengths_are_refused(deck, value):
    _add_element(deck, f'[bad]\ntype = "rect"\nwidth = {value}\nfill = "#000000"\n')
    result = _run("validate", "--game", deck)
    assert result.exit_code == 2
    assert _said(result).startswith('error: layouts/card.toml, field "bad.width": expected a length')


@pytest.mark.parametrize("svg,message", [
    ('width="1e30" height="1e30"', " is 7.5e+29 x 7.5e+29 pt; pnp prints SVGs from 0.01 to "
                                   "1,000,000 pt across (give it its real width, height and "
                                   "viewBox)"),
    ('viewBox="0 0 1e30 1e30"', " is 7.5e+29 x 7.5e+29 pt; pnp prints SVGs from 0.01 to "
                                "1,000,000 pt across (give it its real width, height and "
                                "viewBox)"),
    ('viewBox="0 0 1e-30 1e-30" width="10" height="10"',
     ": a group's transform is 7.5e+30; pnp reads numbers up to 1e+09 only"),
    ('width="10" height="10"><rect width="1e30" height="2"/',
     ": a rect's width is 1e+30; pnp reads numbers up to 1e+09 only"),
])
def test_an_svg_of_absurd_size_is_one_finding_not_a_crash(deck, svg, message):
    (deck / "pic.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg" {svg}>'
                                  '<rect width="5" height="5" fill="red"/></svg>')
    (deck / "cards.csv").write_text("title,text,colour,count,image\nSun,Hi,sun,1,pic.svg\n")
    result = _run("build", "--game", deck, "--out", deck / "kit.pdf")
    assert result.exit_code == 2  # an unreadable picture: its row's error, as a PNG's
    assert _first_error(result) == ('error: cards.csv, row 2, field "image": image \'pic.svg\''
                                    + message)
    assert not (deck / "kit.pdf").exists()


def _booklet_refused(deck, tmp_path, text: str) -> str:
    """The one line a build of a booklet of `text` fails with (and that it wrote nothing)."""
    (deck / "booklet.md.j2").write_text(text)
    result = _run("build", "--game", deck, "--out", tmp_path / "kit.pdf")
    assert result.exit_code == 2
    assert not (tmp_path / "kit.pdf").exists()
    return result.output


def test_a_booklet_table_wider_than_the_page_is_one_error_not_a_crash(deck, tmp_path):
    head = "| " + " | ".join(f"Column{i}" for i in range(60)) + " |"
    text = f"# Rules\n\n{head}\n|{'---|' * 60}\n|{' x |' * 60}\n"
    assert _booklet_refused(deck, tmp_path, text) == (
        "Error: booklet.md.j2: the table 'Column0 | Column1 | Column2 | Column3 |'... has 60 "
        "columns; a booklet page 170 mm wide (its paper's width less the margins) holds at "
        "most 13 (split it, or print on wider paper)\n")


def test_a_booklet_table_as_wide_as_the_page_allows_prints(deck, tmp_path):
    head = "| " + " | ".join(f"C{i}" for i in range(13)) + " |"
    (deck / "booklet.md.j2").write_text(f"# Rules\n\n{head}\n|{'---|' * 13}\n|{' x |' * 13}\n")
    assert _run("build", "--game", deck, "--out", tmp_path / "kit.pdf").exit_code == 0


# ---- pnp serve: no client holds a thread for ever, and threads are counted -----------------
@pytest.fixture
def small_server(deck, monkeypatch):
    import threading

    from pnp import server as srv_module

    monkeypatch.setattr(srv_module, "IDLE", 1.0, raising=False)
    monkeypatch.setattr(srv_module, "REQUEST", 2.0, raising=False)
    monkeypatch.setattr(srv_module, "MAX_CONNECTIONS", 3, raising=False)
    stop = threading.Event()
    srv, threads = srv_module.start(str(deck), port=0, dpi=20, echo=lambda line: None,
                                    stop=stop)
    srv.live.wait(0, 30)
    yield srv
    srv_module.shutdown(srv, threads, stop)


def _connect(srv):
    import socket

    conn = socket.create_connection(srv.server_address[:2], timeout=10)
    return conn


def _closed_within(conn, seconds: float, trickle: bytes = b"") -> bool:
    """Whether the server closes the connection within `seconds`, sending `trickle` (a byte
    of a header at a time) every 0.1 s meanwhile."""
    import time

    conn.settimeout(0.1)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            if trickle:
                conn.sendall(trickle)
            if conn.recv(1000) == b"":
                return True
        except TimeoutError:
            continue
        except OSError:  # reset or broken pipe: closed too
            return True
    return False


def test_an_idle_connection_is_closed(small_server):
    conn = _connect(small_server)
    assert _closed_within(conn, 8)
    conn.close()


def test_a_request_sent_a_byte_at_a_time_is_cut_off(small_server):
    conn = _connect(small_server)
    conn.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    assert _closed_within(conn, 8, trickle=b"X")  # each byte within IDLE: only REQUEST ends it
    conn.close()


def test_connections_beyond_the_cap_are_turned_away_then_served_again(small_server):
    import http.client
    import time

    held = [_connect(small_server) for _ in range(3)]
    for conn in held:  # each holds a thread, reading its request
        conn.sendall(b"GET / HTTP/1.1\r\n")
    time.sleep(0.2)
    extra = http.client.HTTPConnection(*small_server.server_address[:2], timeout=10)
    extra.request("GET", "/")
    assert extra.getresponse().status == 503
    extra.close()
    for conn in held:
        conn.close()
    end = time.monotonic() + 10
    status = None
    while time.monotonic() < end and status != 200:
        again = http.client.HTTPConnection(*small_server.server_address[:2], timeout=10)
        again.request("GET", "/")
        status = again.getresponse().status
        again.close()
        time.sleep(0.1)
    assert status == 200


# ---- booklets: work in proportion to the text --------------------------------------------
def test_a_booklet_word_of_many_soft_hyphens_is_one_error_not_a_hang(deck, tmp_path):
    text = "# Rules\n\n" + "ab\xad" * 8000 + "\n"  # was 45 s
    assert _booklet_refused(deck, tmp_path, text) == (
        "Error: booklet.md.j2: a word of 24,000 characters with soft hyphens "
        "('ababababababababababababababab'...); at most 200 (put spaces in it)\n")


def test_a_booklet_word_with_a_few_soft_hyphens_still_prints(deck, tmp_path):
    (deck / "booklet.md.j2").write_text("# Rules\n\nDonau\xaddampf\xadschiff\xadfahrt.\n")
    assert _run("build", "--game", deck, "--out", tmp_path / "kit.pdf").exit_code == 0


def test_headings_in_a_row_share_pages_and_are_laid_out_in_linear_work(deck):
    from pnp.render import booklayout
    from pnp.render.booklet import Booklet
    from pnp.render.fonts import load_fonts

    text = "# Rules\n\n" + "## A heading\n\n" * 600 + "The end.\n"
    booklet = Booklet(title="t", text=text, source=deck / "booklet.md.j2")
    pages = booklayout.lay_out(booklet, load_fonts(), 420, 595)
    # 600 headings of 18 pt leading and 14 pt space: some 15 to an A5 page, not one a page
    # (and each heading measured all the headings after it: quadratic)
    assert 20 < len(pages) < 60
    assert sum(len(p) for p in pages) == 602


# ---- tracks and polygons: counts and numbers a layout gives are bounded -------------------
TRACK = '[t]\ntype = "track"\npath = "line"\ny = "70mm"\nheight = "8mm"\ncells = 6\n'


@pytest.mark.parametrize("prop,value,shown", [
    ("start", "1e28", "1e+28"), ("step", "1e308", "1e+308"), ("start", "-2000000", "-2e+06")])
def test_a_track_numbered_past_a_million_is_one_error(deck, prop, value, shown):
    # it printed 9999999999999999583119736832 for 1e28: digits the data never had
    _add_element(deck, TRACK + f"{prop} = {value}\n")
    result = _run("build", "--game", deck, "--out", deck / "kit.pdf")
    assert result.exit_code == 2
    assert _said(result) == (f'error: layouts/card.toml, field "t.{prop}": {shown} is out of range '
                             "(-1e+06 to 1e+06)\n")
    assert not (deck / "kit.pdf").exists()


def test_a_highlight_between_two_cells_is_named_not_rounded_down(deck):
    _add_element(deck, TRACK + "highlight = [2.5]\n")  # it lit cell 2
    result = _run("validate", "--game", deck)
    assert result.exit_code == 2    # the layout file's own mistake: bad data, as when read
    # (the same on every card: the layout's, said once, not on each card's row)
    assert _first_error(result) == ('error: layouts/card.toml, field "t.highlight": element "t": '
                                    "highlight names cell 2.5, which the track does "
                                    "not have (its cells run 1 to 6 in steps of 1)")


def test_a_track_in_tenths_highlights_its_cells(deck):
    _add_element(deck, TRACK + "start = 1\nstep = 0.1\nhighlight = [1.2, 1.5]\n")
    assert _run("validate", "--game", deck).exit_code == 0


def test_a_polygon_of_too_many_points_is_one_error(deck):
    points = ", ".join(['"50%,0%"', '"100%,100%"'] * 600)  # 200,000 took 27 s
    _add_element(deck, f'[p]\ntype = "polygon"\nfill = "#000000"\npoints = [{points}]\n')
    result = _run("validate", "--game", deck)
    assert result.exit_code == 2
    assert _said(result) == ('error: layouts/card.toml, field "p.points": element "p": a polygon '
                             "has 3 to 1,000 points, got 1,200\n")


@pytest.mark.skipif(not hasattr(time, "pthread_getcpuclockid"), reason="no per-thread CPU clock")
def test_a_templates_time_limit_counts_its_own_work_not_a_busy_machine():
    from pnp import sandbox

    deadline = sandbox.Deadline(0.3)
    with deadline:
        time.sleep(0.6)  # the machine busy elsewhere: no CPU of this thread used
    with pytest.raises(sandbox.TemplateTimeout):
        with deadline:
            while True:
                pass


_TRACED_AFTER_A_TIMEOUT = """
import sys
from pnp import sandbox
try:
    with sandbox.Deadline(0.2):
        while True:
            pass
except sandbox.TemplateTimeout:
    pass
sys.settrace(lambda frame, event, arg: None)
print(sum(range(3)))
"""


def test_traced_code_still_runs_after_a_template_was_stopped():
    # the stop used to leave the interpreter's pending flag set, so a debugger, coverage or
    # a line-count test hung at the next call (in a child: a hang fails at the guard below)
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _TRACED_AFTER_A_TIMEOUT], capture_output=True,
                          text=True, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (0, "3\n", "")


@pytest.mark.parametrize("element,value,shown", [
    ('type = "rect"\nstroke = "#000000"', '"-2mm"', "'-2mm'"),
    ('type = "line"', '"50% - 1pt"', "'50% - 1pt'"),
    ('type = "ellipse"\nstroke = "#000000"', "-1", "-1"),
])
def test_a_negative_stroke_width_is_refused_naming_the_field(deck, element, value, shown):
    """reportlab draws a negative line width as if it were positive: a typo, refused."""
    _add_element(deck, f"[bad]\n{element}\nstroke_width = {value}\n")
    result = _run("validate", "--game", deck)
    assert result.exit_code == 2
    assert _said(result) == ('error: layouts/card.toml, field "bad.stroke_width": a stroke width '
                             f"is 0 or more (0 draws no line), got {shown}\n")


def test_a_negative_stroke_width_from_a_row_names_the_row(deck):
    _add_element(deck, '[bad]\ntype = "line"\n'
                 "stroke_width = \"{{ -1 if title == 'Sunrise' else 1 }}pt\"\n")
    result = _run("validate", "--game", deck)
    assert result.exit_code == 2  # a layout's value that fails on a row is bad data
    assert _first_error(result) == ('error: cards.csv, row 2, field "bad.stroke_width": Sunrise: '
                                    'element "bad" (layouts/card.toml): a stroke width is 0 or '
                                    "more (0 draws no line), got '-1pt'")


def test_a_huge_value_is_quoted_by_its_start_end_and_length_not_whole(deck):
    _add_element(deck, f'[bad]\ntype = "rect"\nx = "{"9" * 100_000}q"\n')
    result = _run("validate", "--game", deck)
    assert result.exit_code == 2
    assert _said(result) == ('error: layouts/card.toml, field "bad.x": expected a length such as '
                             "5mm, 0.25in, 12pt, 50% or 100% - 6mm, got '" + "9" * 120 + "..."
                             + "9" * 59 + "q' (100,001 characters)\n")


def test_a_message_keeps_short_quotes_and_apostrophes_whole():
    from pnp.errors import DataError, bounded, error

    said = "--url-base 'https://me@ex.org/': the images' public address, not the player's"
    assert bounded(said + " " * 300) == said + " " * 300
    path = "'/tmp/" + "a" * 200 + "/agents.py:Agent'"  # a long path, whole
    assert bounded(f"Error: {path} failed") == f"Error: {path} failed"
    long = "x" * 500
    assert str(DataError(f"got {long!r}", "a.csv")) == \
        f"a.csv: got '{'x' * 120}...{'x' * 60}' (500 characters)"
    assert error(f'text "{long}" here').message == f'text "{"x" * 120}...{"x" * 60}" (500 ' \
        "characters) here"


def test_a_huge_unquoted_value_is_cut_with_the_whole_message(deck):
    dash = ", ".join(["0.001"] * 100_000)
    _add_element(deck, f'[bad]\ntype = "line"\nx = "0mm"\ny = "0mm"\nwidth = "5mm"\n'
                       f'dash = [{dash}]\n')
    result = _run("validate", "--game", deck)
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert max(len(line) for line in result.output.splitlines()) < 4100
    assert "characters)" in result.output


@pytest.mark.parametrize("points,said", [
    ('["50%,0%", "100%,100%"]', "a polygon has 3 to 1,000 points, got 2"),
    ("[]", "a polygon has 3 to 1,000 points, got 0"),
    ('"50%,0% 100%,100% 0%,100%"', 'points is a list of "x,y", ["50%,0%", "100%,100%", '
                                   "\"0%,100%\"], not '50%,0% 100%,100% 0%,100%'"),
    ('["50%,0%", "abc,100%", "0%,100%"]', "polygon point 'abc,100%': expected a length such as "
                                          "5mm, 0.25in, 12pt, 50% or 100% - 6mm, got 'abc'"),
])
def test_a_polygon_s_bad_points_are_the_layout_file_s_once(deck, points, said):
    """Two points, none, one text of them all, a point no length: each printed nothing or was
    said once a card, naming the element alone."""
    _add_element(deck, f'[p]\ntype = "polygon"\nfill = "#000000"\npoints = {points}\n')
    result = _run("validate", "--game", deck)
    assert result.exit_code == 2
    assert _said(result) == f'error: layouts/card.toml, field "p.points": element "p": {said}\n'
