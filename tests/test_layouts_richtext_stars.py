"""Card text treats stars as the booklet does (render/emphasis.py): a card and its
booklet never print the same text differently."""

import pytest

from pnp.faces.richtext import parse, plain_text


@pytest.mark.parametrize("text,printed", [
    ("Deal 2*3 damage", "Deal 2*3 damage"),
    ("a * b", "a * b"),
    ("*unclosed", "*unclosed"),
    ("**a *b** c*", "a *b c*"),
    (r"an \*escaped\* star", "an *escaped* star"),
])
def test_stars_that_are_no_emphasis_print(text, printed):
    assert plain_text(parse(text, "regular")) == printed


def test_emphasis_still_styles_words():
    (words,) = parse("**bold** and *it* ***both***", "regular")
    assert [[(b.text, b.role) for b in w] for w in words] == [
        [("bold", "bold")], [("and", "regular")], [("it", "italic")], [("both", "bold-italic")]]


def _fonts_of(tmp_path, fonts_table: str = ""):
    """{word: font} of the card text "plain ***both*** **bold** *it*" as the PDF prints it."""
    import shutil

    from pypdf import PdfReader

    from helpers import ROOT, TEXT_FRONT, card_game
    from pnp.project import build, open_game

    game = card_game(tmp_path / "stars", TEXT_FRONT, "text\nplain ***both*** **bold** *it*\n",
                     title="Stars", extra_toml=fonts_table)
    (game / "booklet.md.j2").write_text("# Rules\n\nbooky ***bothbook*** text\n")
    shutil.copy(ROOT / "fonts" / "DejaVuSansCondensed-Bold.ttf", game / "mybold.ttf")
    out = tmp_path / "stars.pdf"
    build(open_game(str(game)), out)
    found = {}

    def visit(text, cm, tm, font, size):
        if text.strip() and font:
            found[text.strip()] = font["/BaseFont"].split("+")[-1]

    reader = PdfReader(out)
    for word in ("plain", "booky"):  # the card, and the booklet
        page = next(p for p in reader.pages if word in p.extract_text())
        page.extract_text(visitor_text=visit)
    return found


def test_bold_italic_on_a_card_prints_in_the_bold_italic_font(tmp_path):
    found = _fonts_of(tmp_path)
    assert found["both"] == found["bothbook"] == "DejaVuSans-BoldOblique", found
    assert (found["bold"], found["it"], found["plain"]) == (
        "DejaVuSans-Bold", "DejaVuSans-Oblique", "DejaVuSans"), found


def test_a_font_set_without_a_bold_italic_prints_it_in_its_bold(tmp_path):
    found = _fonts_of(tmp_path, '[fonts]\nbold = "mybold.ttf"\n')
    assert found["both"] == found["bold"] == found["bothbook"] == "DejaVuSansCondensed-Bold", \
        found


def test_a_bold_never_closed_is_named_on_a_card_and_in_the_booklet(tmp_path):
    # (a trial: "**bold" printed its stars and nothing said so; "2 * 3" and a footnote's
    # lone star are meant as stars, and are not asked after)
    from click.testing import CliRunner

    from pnp.cli import main
    from pnp.scaffold import new_game

    deck = new_game("deck", tmp_path)
    rows = (deck / "cards.csv").read_text().splitlines()
    rows[1] = 'Sunrise,"Draw **two cards, 2 * 3 *more",sun,3'
    (deck / "cards.csv").write_text("\n".join(rows) + "\n")
    booklet = deck / "booklet.md.j2"
    booklet.write_text(booklet.read_text() + "\nTake **all the cards\nat once.**\n\nAnd **"
                       "then\n")
    res = CliRunner().invoke(main, ["validate", "--game", str(deck)])
    said = [line for line in res.output.splitlines() if "never closed" in line]
    assert res.exit_code != 0 and len(said) == 2, res.output
    assert said[0].endswith(": 'And **then': '**' opens bold that is never closed, so it "
                            "prints as written (close it with **, or write \\*\\* for two "
                            "stars)"), said
    assert said[1].startswith('error: cards.csv, row 2, field "text": Sunrise: element "text" '
                              "(layouts/card.toml): 'Draw **two cards, 2 * 3 *more': '**' opens "
                              "bold that is never closed"), said


def test_a_brace_before_a_bar_that_opens_no_run_is_named(tmp_path):
    # (a trial: {Dark Green|...} and {rgb(0, 128, 0)|...} printed braces and all, unsaid;
    # rgb() written without spaces is a run's colour)
    from pnp.faces import richtext

    assert richtext.run_style("rgb(0,128,0)", 10) == ("rgb(0,128,0)", 1.0, True)
    for opener in ("{Dark Green|", "{rgb(0, 128, 0)|"):
        (said,) = richtext.run_problems(opener + "run}.", 10)
        assert said.startswith(f"{opener!r} opens no run, so it prints as written (a run opens "
                               "with a colour written without spaces"), said
    assert richtext.run_problems("{red 8pt|run} and \\{a|b} and {b}", 10) == []
