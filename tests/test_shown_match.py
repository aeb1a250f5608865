"""shows() skips compiling a value's pattern where it cannot match (the whole text is the
value; an ASCII text that does not contain it): it answers as the patterns alone do."""

import itertools

from pnp.shown import _pattern, forms, shows

TEXTS = ["Card 7", "card 7", "CARD 7.", "Card 17", "Card 7.5", "7", "Deal 3 damage", "3.",
         "x3", "three cards", "Three", "½ a point", "1½", "sun", "Sunny", "SUN-lit",
         "the rose", "rosé", "Straße", "strasse", "KELVIN", "-2 coins", "a-2", "", "big_cat",
         "big cat", "BIG CAT!"]
VALUES = ["Card 7", 7, 3, 0.5, 1.5, -2, "sun", "rose", "rosé", "straße", "kelvin",
          "big_cat", "three", 17, ""]


def test_shows_agrees_with_the_patterns_alone():
    for text, value in itertools.product(TEXTS, VALUES):
        alone = any(_pattern(f).search(text) for f in forms(value))
        assert shows(text, value) == alone, (text, value)


def test_a_long_number_is_shown_as_written():
    """A cell of 123456789 printed whole shows it (%g alone would say 1.23457e+08)."""
    assert shows("123456789", 123456789) and shows("1234567.5", 1234567.5)
    assert not shows("123456780", 123456789)
