"""Card text treats stars as the booklet does (render/booklet.py emphasis()): a card and its
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
        [("bold", "bold")], [("and", "regular")], [("it", "italic")], [("both", "bold")]]
