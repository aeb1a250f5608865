"""Where card and booklet text may break a line, and what it prints: no-break spaces join
words, a soft hyphen breaks with a hyphen or prints nothing, pyphen hyphenates only letters;
characters no font has in a booklet are reported as on a card; a game title prints on one line."""

import pytest

from helpers import TEXT_FRONT, UNPRINTABLE_TAIL, card_game
from pnp.faces import richtext
from pnp.render.fonts import load_fonts
from pnp.render.text import fit, wrap

FONTS = load_fonts()
WORDS = ["keep", "these", "words", "together", "please"]
SPACE = 317.87109375 / 1000  # DejaVu Sans: a space (and a no-break space) at 1 pt
NARROW = 199.70703125 / 1000  # its narrow no-break space


def _rich(text: str, width: float, size: float = 10) -> list[str]:
    """The lines richtext sets `text` in (markup path: bold, hyphenation), as printed."""
    fitted = richtext.fit(FONTS, richtext.Measure(FONTS), text, "regular", width, 500, size,
                          size, 1.2, "en_US")
    assert fitted is not None
    return [" ".join("".join(b.text for b in w) for w in line.words) for line in fitted.lines]


@pytest.mark.parametrize("joiner,gap", [("\u00a0", SPACE), ("\u202f", NARROW),
                                        ("\u2007", 636.23046875 / 1000), ("\u2060", 0.0)])
def test_no_break_spaces_never_break_a_card_line(joiner, gap):
    group = joiner.join(WORDS)
    letters = sum(FONTS.width(w, 10) for w in WORDS)
    # printed at the joiner's own width (a no-break space as wide as a space)
    assert FONTS.width(group, 10) == pytest.approx(letters + 4 * gap * 10)
    width = FONTS.width(group, 10) + 1  # the group fits a line, but not after "Now"
    assert wrap(FONTS, "Now " + group, 10, width) == ["Now", group]
    fitted = fit(FONTS, "Now " + group, width, 100, 10, 10)
    assert fitted.lines == ("Now", group)
    assert fitted.span == pytest.approx(letters + 4 * gap * 10)
    assert _rich("**Now** " + group, width) == ["Now", group]
    # wider than the box: it does not fit, rather than break where the designer said not to
    assert wrap(FONTS, group, 10, width - 2) is None


def test_a_no_break_space_the_font_lacks_is_reported():
    from helpers import ROOT

    from pnp.data.fontfile import ROLES
    from pnp.render.fonts import LAST_RESORT, Fonts

    cjk = ROOT / "fonts" / "PnPCJKSubset.ttf"  # no Latin, no spaces
    own = Fonts({role: cjk for role in [*ROLES, LAST_RESORT]})  # (nor any fallback)
    assert own.missing("\u6728\u202f\u706b\u2007\u6728", "regular") == "\u202f\u2007"
    assert own.missing("\u6728 \u706b\u00a0\u6728\t\u00ad", "regular") == ""
    assert FONTS.missing("a\u202fb\u2007c\u00a0d\u00ade", "regular") == ""


def test_a_no_break_space_between_styles_joins_them():
    (words,) = richtext.parse("Deal **5**\u00a0damage now", "regular")
    assert [[(b.text, b.role) for b in w] for w in words] == [
        [("Deal", "regular")], [("5", "bold"), ("\u00a0damage", "regular")], [("now", "regular")]]


def test_a_soft_hyphen_prints_nothing_where_the_line_does_not_break():
    word = "Super\u00adcali\u00adfragi\u00adlistic"
    fitted = fit(FONTS, f"A {word} day", 300, 100, 10, 10)
    assert fitted.lines == ("A Supercalifragilistic day",)
    assert fitted.span == pytest.approx(FONTS.width("A Supercalifragilistic day", 10))
    assert _rich(f"*A* {word} day", 300) == ["A Supercalifragilistic day"]


def test_a_soft_hyphen_breaks_the_line_with_a_hyphen():
    word = "Super\u00adcali\u00adfragi\u00adlistic"
    width = FONTS.width("A Supercalifragi-", 10) + 0.5
    # the last soft hyphen whose part and hyphen fit the line; nothing else is hyphenated
    assert wrap(FONTS, f"A {word}", 10, width) == ["A Supercalifragi-", "listic"]
    assert _rich(f"*A* {word}", width) == ["A Supercalifragi-", "listic"]
    # a word wider than the box breaks at its soft hyphens, as often as it takes
    narrow = FONTS.width("Super-", 10) + 0.5  # the widest part
    assert wrap(FONTS, word, 10, narrow) == ["Super-", "cali-", "fragi-", "listic"]
    assert wrap(FONTS, "Super\u00adcalifragilistic", 10, narrow) is None  # a part too wide


def test_a_soft_hyphen_in_a_single_line_prints_nothing(tmp_path):
    from io import BytesIO

    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.text import draw_line

    out = BytesIO()
    c = Canvas(out, pagesize=(300, 100))
    draw_line(c, FONTS, "Super\u00adcali", 10, 50, 10)
    c.save()
    page = pdfium.PdfDocument(out.getvalue())[0]
    assert page.get_textpage().get_text_range().strip() == "Supercali"


def test_the_booklet_breaks_at_soft_hyphens_and_never_at_no_break_spaces():
    """reportlab's platypus already does both; this keeps it so."""
    from pnp.render import booklayout
    from pnp.render.booklet import Booklet

    long = "\u00ad".join(["Super", "cali", "fragi", "listic", "expi", "ali", "docious"])
    booklet = Booklet("T", f"Say {long} here and\u00a0there\u00a0again and again.\n")
    (para,) = booklayout.flowables(booklet, FONTS, 150)
    para.wrap(150, 1000)
    lines = [words for _, words in para.blPara.lines]
    assert lines == [["Say", "Supercalifragilisticexpi-"], ["alidocious", "here"],
                     ["and\u00a0there\u00a0again", "and", "again."]]


@pytest.mark.parametrize("word", ["back\\slash", "small-|3|", "ab\\c:d"])
def test_hyphenation_never_breaks_at_symbols(word):
    """pyphen sees only runs of letters: these have none it can hyphenate, so a box too narrow
    for them is reported (None), not filled with "back\\s-lash"."""
    width = FONTS.width(word, 10) * 0.7
    fitted = richtext.fit(FONTS, richtext.Measure(FONTS), word, "regular", width, 500, 10, 10,
                          1.2, "en_US")
    assert fitted is None


def test_hyphenation_still_breaks_the_letters_of_a_word_with_symbols():
    word = "Counterintelligence|3|"
    lines = _rich(word, FONTS.width(word, 10) * 0.6)
    assert len(lines) == 2 and lines[0].endswith("-") and lines[0][:-1].isalpha()
    assert "".join(lines).replace("-", "", 1) == word


def _page_texts(pdf) -> list[str]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


def test_a_card_prints_no_break_spaces_and_soft_hyphens_as_meant(tmp_path):
    from pnp.project import build, open_game

    text = ("Super\u00adcali\u00adfragi\u00adlistic is a word. "
            "keep\u00a0these\u00a0words\u00a0together\u00a0please ok")
    game = card_game(tmp_path / "g", TEXT_FRONT, f'text\n"{text}"\n')
    out = tmp_path / "g.pdf"
    build(open_game(str(game)), out)
    card = _page_texts(out)[-1]
    assert "\u00ad" not in card and "-" not in card.split("Cards")[0]
    # (reportlab prints a no-break space with the space's code: it reads back as a space)
    assert card.splitlines()[:3] == ["Supercalifragilistic is a word.",
                                     "keep these words together please", "ok"]


def _korean_game(tmp_path):
    game = card_game(tmp_path / "ko", TEXT_FRONT, "text\nhello\n", title="Ko")
    (game / "booklet.md.j2").write_text(
        "# Rules\n\nSay \ud55c\uad6d\uc5b4 here.\n\n## More \ud55c\n\nAnd \uc5b4 again.\n",
        encoding="utf-8")
    return game


def test_booklet_characters_no_font_has_are_an_error_once(tmp_path, monkeypatch):
    from pnp.errors import RulesError
    from pnp.project import build, check, open_game
    from pnp.render.booklet import Booklet

    game = _korean_game(tmp_path)
    found = [str(f) for f in check(open_game(str(game)))]
    assert found == ["error: booklet.md.j2: line 3: no font has the character(s) "
                     "'\ud55c\uad6d\uc5b4' (first in 'Say \ud55c\uad6d\uc5b4 here.'); they would "
                     "print as empty boxes " + UNPRINTABLE_TAIL]
    out = tmp_path / "ko.pdf"
    with pytest.raises(RulesError):
        build(open_game(str(game)), out)
    assert not out.exists()
    # found on the text: a check that lays nothing out still finds them
    import pnp.render.booklayout as layout

    monkeypatch.setattr(layout, "lay_out", lambda *a: pytest.fail("laid out"))
    assert [str(f.message) for f in Booklet("T", "Say \ud55c\uad6d\uc5b4 here.\n",
                                            source="booklet.md.j2").findings(load_fonts())] \
        == ["line 1: " + found[0].split(": ", 3)[3]]


def test_booklet_export_refuses_characters_no_font_has(tmp_path):
    from click.testing import CliRunner

    from pnp.cli import main

    game = _korean_game(tmp_path)
    out = tmp_path / "bk.pdf"
    res = CliRunner().invoke(main, ["export", "--game", str(game), "--format", "booklet",
                                    "--out", str(out)])
    assert res.exit_code == 3 and "booklet.md.j2: line 3: no font has" in res.output, res.output
    assert not out.exists()


def test_a_title_with_tabs_and_line_breaks_prints_on_one_line(tmp_path):
    from pnp.project import build, open_game

    game = card_game(tmp_path / "t", TEXT_FRONT, "text\nhello\n", title="Wu\\tXing\\n  Duel")
    out = tmp_path / "t.pdf"
    build(open_game(str(game)), out)
    pages = _page_texts(out)
    assert pages[0].splitlines()[0] == "Wu Xing Duel"  # the print guide
    headers = [line for p in pages for line in p.splitlines() if line.endswith("\u00b7 Rules")]
    assert headers == ["Wu Xing Duel \u00b7 Rules"]  # the booklet's running header


def test_a_title_with_another_control_character_is_refused(tmp_path):
    from click.testing import CliRunner

    from pnp.cli import main

    game = card_game(tmp_path / "t", TEXT_FRONT, "text\nhello\n", title="Wu\\u001bXing")
    res = CliRunner().invoke(main, ["build", "--game", str(game), "--out",
                                    str(tmp_path / "t.pdf")])
    assert res.exit_code == 2
    assert res.output.strip() == ('Error: game.toml, field "game.title": [game] title has the '
                                  "control character(s) U+001B; a title is one line of "
                                  "printable text")


def test_booklet_characters_the_bold_or_italic_face_lacks_are_an_error(tmp_path):
    """DejaVu Sans has the Arabic comma and the sans-serif maths capitals; its Oblique lacks
    the one and its Bold the other: set in them (a heading is bold) they print as boxes."""
    from pnp.project import check, open_game

    game = card_game(tmp_path / "st", TEXT_FRONT, "text\nhello\n", title="St")
    (game / "booklet.md.j2").write_text(
        "# Rules for \U0001d5a0\n\nPlain \U0001d5a0 and \u060c are fine; *not \u060c here*, "
        "**nor \U0001d5a0 here**.\n", encoding="utf-8")
    found = [str(f) for f in check(open_game(str(game)))]
    assert found == [
        "error: booklet.md.j2: the bold font has no '\U0001d5a0', which the text sets in it "
        "(first in '# Rules for \U0001d5a0'); they would print as empty boxes " + UNPRINTABLE_TAIL,
        "error: booklet.md.j2: the italic font has no '\u060c', which the text sets in it "
        "(first in 'not \u060c here'); they would print as "
        "empty boxes " + UNPRINTABLE_TAIL], found


@pytest.mark.parametrize("title", ["", " ", "\\t", "\\u200b"])
def test_an_empty_title_is_refused(tmp_path, title):
    from click.testing import CliRunner

    from pnp.cli import main

    game = card_game(tmp_path / "t", TEXT_FRONT, "text\nhello\n", title=title)
    res = CliRunner().invoke(main, ["build", "--game", str(game), "--out",
                                    str(tmp_path / "t.pdf")])
    assert res.exit_code == 2 and not (tmp_path / "t.pdf").exists()
    assert res.output.strip() == ('Error: game.toml, field "game.title": [game] title is empty; '
                                  "give the game its name")


@pytest.mark.parametrize("text,role,leading", [
    ("The Military Strategy", "bold", 1.0),  # a custom leading
    ("The Military Strategy", "bold", 1.2),
    ("The **Military** Strategy", "regular", 1.2),  # any markup
])
def test_a_whole_word_break_that_fits_is_taken_before_a_hyphen(text, role, leading):
    """Issue 27.10: "The Military Strate- / gy" although "The Military / Strategy" fits the
    box at the same size; plain text already broke it so."""
    width = FONTS.width("The Military Strate-", 12, "bold") + 1  # a third of the line left
    fitted = richtext.fit(FONTS, richtext.Measure(FONTS), text, role, width, 60, 12, 7,
                          leading, "en_US")
    assert fitted is not None and fitted.size == 12
    lines = [" ".join("".join(b.text for b in w) for w in line.words) for line in fitted.lines]
    assert lines == ["The Military", "Strategy"]
    assert fit(FONTS, "The Military Strategy", width, 60, 12, 7, "bold").lines == tuple(lines)


def test_hyphens_still_come_when_whole_words_fit_at_no_size():
    word = "Counterintelligence"
    width = FONTS.width(word, 10) * 0.6
    fitted = richtext.fit(FONTS, richtext.Measure(FONTS), f"**{word}**", "regular", width,
                          100, 10, 8, 1.0, "en_US")
    assert fitted is not None and fitted.size == 10  # hyphenated at full size, not shrunk
    assert "".join(b.text for b in fitted.lines[0].words[0]).endswith("-")


def _validated_with_first_title(tmp_path, title: str):
    """`pnp new` with its first card titled `title`: validate's exit code and lines."""
    from click.testing import CliRunner

    from pnp.cli import main

    assert CliRunner().invoke(main, ["new", "g", "--dir", str(tmp_path)]).exit_code == 0
    cards = tmp_path / "g" / "cards.csv"
    lines = cards.read_text(encoding="utf-8").splitlines()
    lines[1] = title + lines[1][lines[1].index(","):]
    cards.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--game", str(tmp_path / "g")])
    return result.exit_code, result.output.splitlines()


def test_right_to_left_text_is_an_error_on_a_card_and_in_the_booklet(tmp_path):
    """pnp sets text left to right: Hebrew and Arabic would print backwards without a word."""
    code, said = _validated_with_first_title(tmp_path, "שלום עולם")
    assert code != 0
    backwards = [s for s in said if "right-to-left script" in s]
    assert any(s.startswith('error: cards.csv, row 2, field "title"') for s in backwards), said
    assert any(s.startswith("error: booklet.md.j2") for s in backwards), said


def test_right_to_left_text_is_named_where_it_is_written(tmp_path):
    # (a fresh-user trial: the game's title was named at a players.csv column, a layout's own
    # text at a cards.csv row, and of the booklet only the first, with no line)
    from pnp.project import check, open_game

    front = TEXT_FRONT + ('[title]\ntype = "text"\ntext = "{{ game.title }}"\ny = "50mm"\n'
                          'height = "10mm"\ncolour = "{{ ink }}"\n'
                          '[label]\ntype = "text"\ntext = "مرحبا"\ny = "70mm"\nheight = "10mm"\n')
    game = card_game(tmp_path / "g", front, 'text,ink\na,#000000\nb,#111111\n', title="שלום")
    (game / "booklet.md.j2").write_text(
        "# Rules\n\nשלום here.\n{% for w in ['مرحبا', 'שלום'] %}\n\nSay {{ w }}.\n{% endfor %}\n",
        encoding="utf-8")
    found = [str(f).split(": the text")[0] for f in check(open_game(str(game)))
             if "right-to-left" in f.message]
    assert found == [
        "error: booklet.md.j2: line 3",
        "error: booklet.md.j2: line 6",
        "error: booklet.md.j2: line 6",
        'error: game.toml, field "game.title": element "title" (layouts/front.toml)',
        'error: layouts/front.toml, field "label.text": element "label" (layouts/front.toml)',
    ], found


def test_right_to_left_text_a_loop_writes_is_named_at_the_line_that_writes_it(tmp_path):
    # (a fresh-user trial: a card's title in the booklet's card table, written on line 17 in a
    # {% for %} of line 16, was named at line 16)
    _, said = _validated_with_first_title(tmp_path, "مرحبا")
    template = (tmp_path / "g" / "booklet.md.j2").read_text(encoding="utf-8").splitlines()
    row = next(i for i, w in enumerate(template, 1) if w.startswith("{% for c in cards")) + 1
    assert template[row - 1].startswith("| {{ c.title }}")
    said = [s for s in said if s.startswith("error: booklet.md.j2")]
    assert said and said[0].startswith(f"error: booklet.md.j2: line {row}: the text '| مرحبا"), \
        said


CJK = "木火土金水五行" * 8  # (characters the shipped CJK font has)


def test_cjk_text_without_spaces_wraps_between_its_characters(tmp_path):
    # (a fresh-user trial: a run of 中文 never wrapped, and did not fit even at 7 pt)
    width = FONTS.width("木" * 6, 10) + 1
    lines = wrap(FONTS, CJK[:28] + "、木火。Gain " + CJK[:7], 10, width)
    assert lines == ["木火土金水五", "行木火土金水", "五行木火土金", "水五行木火土",
                     "金水五行、木", "火。Gain 木", "火土金水五行"]  # never a line begun by 、
    assert _rich(f"**{CJK[:12]}** 木", width) == ["木火土金水五", "行木火土金水", "木"]
    game = card_game(tmp_path / "g", TEXT_FRONT, f'text\n"{CJK}"\n"**{CJK}**"\n')
    from pnp.project import check, open_game

    assert [str(f) for f in check(open_game(str(game)))] == []


def test_a_symbols_font_prints_what_the_other_roles_lack(tmp_path):
    # (a trial: "add a font with them under [fonts]" could not be followed for an emoji: the
    # roles were regular ... cjk, and cjk holds the CJK font)
    import shutil

    from helpers import ROOT
    from pypdf import PdfReader

    from pnp.project import build, check, open_game

    game = card_game(tmp_path / "sy", TEXT_FRONT, "text\nBurn \u6728 now\n", title="Sy")
    (game / "fonts").mkdir()
    shutil.copy(ROOT / "fonts" / "DejaVuSans.ttf", game / "fonts" / "plain.ttf")
    shutil.copy(ROOT / "fonts" / "PnPCJKSubset.ttf", game / "fonts" / "marks.ttf")
    toml = game / "game.toml"
    toml.write_text(toml.read_text() + '[fonts]\ncjk = "fonts/plain.ttf"\n')  # (lacks \u6728)
    found = [str(f) for f in check(open_game(str(game)))]
    assert found and all("'\u6728'" in f and UNPRINTABLE_TAIL in f for f in found), found
    toml.write_text(toml.read_text() + 'symbols = "fonts/marks.ttf"\n')
    assert [str(f) for f in check(open_game(str(game)))] == []
    out = tmp_path / "sy.pdf"
    build(open_game(str(game)), out)
    fonts = {str(f["/BaseFont"]) for page in PdfReader(out).pages
             for f in page["/Resources"].get("/Font", {}).values()
             for f in [f.get_object()]}
    assert any("PnPCJKSubset" in name for name in fonts), fonts


def test_a_games_symbols_font_takes_away_none_of_pnps_own(tmp_path):
    # (a trial: with regular = another font and symbols = a maths font, the stars DejaVu Sans
    # printed were said to be in no font)
    from helpers import ROOT

    cjk = ROOT / "fonts" / "PnPCJKSubset.ttf"  # (lacks the stars and the knight)
    fonts = load_fonts({"regular": cjk, "symbols": cjk})
    assert fonts.missing("\u2605\u265e", "regular") == ""
    assert {font for font, _ in fonts.runs("\u6728\u2605")} == {fonts["regular"],
                                                                fonts["pnp's own"]}


def test_missing_characters_are_said_in_the_text_s_order():
    """A trial: '漢字' that no font has was said as '字漢' (in code-point order)."""
    from helpers import ROOT

    from pnp.data.fontfile import ROLES
    from pnp.render.fonts import LAST_RESORT, Fonts

    cjk = ROOT / "fonts" / "PnPCJKSubset.ttf"  # no Latin
    own = Fonts({role: cjk for role in [*ROLES, LAST_RESORT]})
    assert own.missing("zzAy", "regular") == "zAy"     # each once, as the text has them


def test_a_printing_space_the_role_s_font_lacks_is_missing_though_a_fallback_has_it():
    """runs() prints a narrow no-break space in the role's own font, where it was an empty
    box; missing() said nothing, as the regular fallback had it."""
    from helpers import ROOT

    from pnp.data.fontfile import ROLES
    from pnp.render.fonts import LAST_RESORT, Fonts

    cjk = ROOT / "fonts" / "PnPCJKSubset.ttf"
    own = Fonts({**{role: cjk for role in [*ROLES, LAST_RESORT]},
                 "regular": ROOT / "fonts" / "DejaVuSans.ttf"})
    assert own.missing("\u6728\u202f\u706b", "bold") == "\u202f"
    assert own.missing("\u6728\u202f\u706b", "regular") == ""
