"""Lines and inline icons that would print over each other (a user trial: `leading = 0.5` in a
`pnp new` deck stacked a two-line text's lines, and `icon_size = 4` drew an icon up into the
title band, both with validate and build clean). A leading under the font's letters is refused
for the layout file; a larger run or an icon that reaches out of its line is a finding for its
row. What pnp's own defaults print is neither."""

from pathlib import Path

from helpers import TEXT_FRONT, card_game
from pnp.project import check, open_game
from pnp.render.fonts import load_fonts

TWO_LINES = "Gain 1 :leaf: for each card in your hand. Then every other player gains one less."
SECOND = "Gain one card for each card in your hand, then :leaf: more."  # its icon on line 2
PLAIN = "Gypsy jugglers quickly play bold, deft high kicks; glyphs typify lyrical hydras."
ICONS = ("Gain :leaf: for each :coin: in your hand. Then every :crown: other player gains "
         ":leaf: one :leaf: less than you did this :drop: turn. Gyp :leaf: jig.")


def _errors(tmp_path: Path, extra: str = "", *cells: str) -> list[str]:
    rows = "text\n" + "".join(f'"{c}"\n' for c in cells or (TWO_LINES,))
    game = card_game(tmp_path / "g", TEXT_FRONT + extra, rows)
    return [str(f) for f in check(open_game(str(game))) if f.level == "error"]


def test_a_font_s_ink_is_read_from_its_letters():
    fonts = load_fonts()
    up, down = fonts.ink("regular")
    assert (round(up, 3), round(down, 3)) == (0.76, 0.208)  # DejaVu Sans's d and p
    assert sum(fonts.ink("bold")) > up + down  # its g reaches lower


def test_a_leading_under_the_font_s_letters_is_refused_once_for_the_layout(tmp_path):
    found = _errors(tmp_path, "leading = 0.5\n", TWO_LINES, TWO_LINES, "One line.")
    assert found == [
        'error: layouts/front.toml, field "rules.leading": element "rules": leading = 0.5 sets '
        "its lines 0.5 em apart, but its font's letters reach 0.76 em above the baseline and "
        "0.21 em below: lines would print over each other (use leading = 0.97 or more)"]


def test_a_leading_the_font_s_letters_fit_in_is_clean(tmp_path):
    assert _errors(tmp_path, "leading = 0.97\n", PLAIN) == []
    assert _errors(tmp_path / "default") == []
    assert _errors(tmp_path / "bold", 'font = "bold"\nleading = 0.97\n', PLAIN) != []


def test_an_icon_taller_than_its_line_is_a_finding_for_its_row(tmp_path):
    found = _errors(tmp_path, "icon_size = 4\n")
    assert found == [
        'error: cards.csv, row 2, field "rules": element "rules" (layouts/front.toml): '
        "inline icon :leaf: reaches 5.0 mm above the element's box: icon_size = 4 is over its "
        "line's leading = 1.2 (keep icon_size within the leading, or give the text room)"]
    second = _errors(tmp_path / "second", "icon_size = 2\n", SECOND)
    # (into the letters of "Gain one card for each card" above: they have no descenders)
    assert len(second) == 1 and "inline icon :leaf: reaches 0.6 mm into the line above: " \
        "icon_size = 2" in second[0], second


def test_an_icon_moved_out_of_its_line_is_a_finding(tmp_path):
    found = _errors(tmp_path, "icon_dy = 0.5\n", SECOND)
    assert "into the line above: icon_dy = 0.5 moves it out of its line" in found[0], found


def test_default_icons_on_every_line_and_icons_within_a_tight_leading_are_clean(tmp_path):
    assert _errors(tmp_path, "", ICONS) == []
    assert _errors(tmp_path / "tight", "leading = 1\nicon_size = 1\n", ICONS) == []
    assert _errors(tmp_path / "big", "", ":crown: :crown:") == []  # one line: its own room


def test_a_larger_run_over_a_tight_leading_overlapping_the_next_line_is_a_finding(tmp_path):
    cell = "{200%|Gypsy jugglers} kicks high"  # a line at twice the size, then one at its own
    found = _errors(tmp_path, "leading = 1\n", cell)
    assert len(found) == 1 and "lines 1 and 2 print" in found[0] and \
        "mm over each other: a larger run needs more room than leading = 1" in found[0], found
    assert _errors(tmp_path / "default", "", cell) == []


def test_the_trial_a_new_deck_with_a_tiny_leading_or_a_huge_icon_is_not_clean(tmp_path):
    from pnp.scaffold import new_game

    game = new_game("my-game", tmp_path)
    assert [f for f in check(open_game(str(game))) if f.level == "error"] == []
    cards = game / "cards.csv"
    cards.write_text(cards.read_text().replace("for each card in your hand.", "for each card "
                                               "in your hand; then every other player gains one less."))
    layout = game / "layouts" / "card.toml"
    text = layout.read_text()
    for extra, said in (("leading = 0.5", 'field "text.leading"'),
                        ("icon_size = 4", "inline icon :leaf: reaches")):
        layout.write_text(text.replace('colour = "#1a1a1a"\n', f'colour = "#1a1a1a"\n{extra}\n', 1))
        found = [str(f) for f in check(open_game(str(game))) if f.level == "error"]
        assert len(found) == 1 and said in found[0], found


def test_accented_capitals_under_a_tight_leading_are_measured_by_their_own_ink(tmp_path):
    # (a fresh-user trial: at leading = 0.97 the ring of Å touched the y above it, clean)
    fonts = load_fonts()
    assert fonts.text_ink("Åland", "regular")[0] > fonts.ink("regular")[0] + 0.15
    cell = "Gypsy jugglers quickly play gypsy jigs; ÅÉÎ ÅÉÎ ÅÉÎ Åland Élan Île ÅÉÎ ÅÉÎ ÅÉÎ"
    found = _errors(tmp_path, "leading = 0.97\n", cell)
    assert found == [
        'error: cards.csv, row 2, field "rules": element "rules" (layouts/front.toml): '
        "lines 1 and 2 print 0.6 mm over each other: their letters reach 0.93 em above the "
        "baseline and 0.21 em below, more than leading = 0.97 leaves room for (use leading = "
        "1.14 or more)"]
    assert _errors(tmp_path / "roomy", "leading = 1.14\n", cell) == []


def test_lines_that_overlap_are_said_once_not_again_as_an_icon_clash(tmp_path):
    # its :leaf: (1.2 em) is over the leading too: one problem, the lines
    cell = "Gain :leaf: gypsy jugglers quickly play gypsy jigs; Åland Élan Île ÅÉÎ ÅÉÎ ÅÉÎ"
    found = _errors(tmp_path, "leading = 0.97\n", cell)
    assert len(found) == 1 and "lines 1 and 2 print" in found[0], found


def test_a_defaults_leading_is_refused_once_at_defaults(tmp_path):
    front = "[defaults]\nleading = 0.5\n" + TEXT_FRONT + (
        '[title]\ntype = "text"\ntext = "A title over two lines of gypsy jugglers"\n'
        'x = "5mm"\ny = "60mm"\nwidth = "30mm"\nheight = "15mm"\n')
    game = card_game(tmp_path / "g", front, f'text\n"{TWO_LINES}"\n')
    found = [str(f) for f in check(open_game(str(game))) if f.level == "error"]
    assert found == [
        'error: layouts/front.toml, field "defaults.leading": [defaults] (taken by element '
        '"rules"): leading = 0.5 sets its lines 0.5 em apart, but its font\'s letters reach '
        "0.76 em above the baseline and 0.21 em below: lines would print over each other (use "
        "leading = 0.97 or more)"]


def test_a_text_that_prints_nothing_is_not_checked(tmp_path):
    front = '[empty]\ntype = "text"\ntext = "<br>{{ note }}{red|}"\nleading = 0.5\n'
    game = card_game(tmp_path / "g", front, "text,note\na,\n")
    assert [str(f) for f in check(open_game(str(game)))] == []


def test_a_leading_refused_on_a_face_the_booklet_pictures_first_is_still_said(game_copy):
    # experior's booklet draws an attack card's back before the cards are drawn; the refusal,
    # said once, was spent on that picture, whose findings are dropped
    game = game_copy("experior")
    layout = game / "layouts" / "attack-back.toml"
    layout.write_text(layout.read_text().replace('text = "{{ game.title }}"\n',
                                                 'text = "{{ game.title }}"\nleading = 0.5\n'))
    found = [str(f) for f in check(open_game(str(game))) if f.level == "error"]
    assert len(found) == 1 and 'layouts/attack-back.toml, field "title.leading"' in found[0], \
        found


# stacked Vietnamese capitals (a circumflex and a tilde on A: 1.06 em in DejaVu Sans) under a
# line of descenders: at pnp's own leading, 1.2, the tilde prints into the g and y above
STACKED = "Gypsy jugglers quickly jig.\nẪỞ ẴẰ ẪẪ Ữ Ặ"


def test_stacked_diacritics_at_the_default_leading_are_measured_as_a_tighter_one_is(tmp_path):
    """A fresh-user trial: a plain text (no markup) at the default leading was never measured
    (its lines are the renderer's plain ones), so validate and build were clean, while the
    same text with leading = 1.21 was refused. Its lines are measured as any text's are."""
    said = ("lines 1 and 2 print 0.2 mm over each other: their letters reach 1.06 em above the "
            "baseline and 0.21 em below, more than leading = 1.2 leaves room for (use leading = "
            "1.27 or more)")
    for cell in (STACKED, STACKED.replace("\n", "<br>")):     # plain, and rich
        found = _errors(tmp_path / str(len(cell)), "", cell)
        assert len(found) == 1 and found[0].endswith(said), found
    assert _errors(tmp_path / "roomy", "leading = 1.27\n", STACKED) == []


def test_vietnamese_that_keeps_within_the_default_leading_is_clean(tmp_path):
    """Lowercase Vietnamese and capitals whose marks reach 0.99 em (Ở: 0.0002 em into the
    leading's room, no mark a print can show) are not findings."""
    cells = ("Mỗi người chơi rút hai lá bài, rồi đặt một lá xuống bàn.\n"
             "Người chơi kế tiếp được quyền chọn trước; ai hết bài trước sẽ thắng ván đó.",
             "Gypsy jugglers quickly jig.\nỞ Ở Ờ Ợ")
    assert _errors(tmp_path, "", *cells) == []


def test_a_plain_text_is_measured_once_whole_unless_its_letters_could_overfill(tmp_path,
                                                                             monkeypatch):
    """The per-line ink of a plain text costs one look at its characters, not a measure of
    each line: only a text whose letters together could reach past the leading is measured
    line by line."""
    from pnp.render.fonts import Fonts

    calls: list[str] = []
    measure = Fonts.text_ink
    monkeypatch.setattr(Fonts, "text_ink", lambda self, text, role="regular":
                        calls.append(text) or measure(self, text, role))
    _errors(tmp_path / "plain", "", PLAIN + " " + PLAIN)     # (two lines or more)
    assert len(calls) == 1 and "\n" in calls[0], calls
    calls.clear()
    _errors(tmp_path / "tall", "", STACKED)     # then each line, and the two it names
    assert calls[0] == STACKED and calls[1:3] == STACKED.split("\n"), calls


def test_a_line_s_own_letters_are_its_ink_not_its_font_s_descenders():
    """A line of no descenders reaches no lower than its letters (the a's and O's overshoot),
    though its font's g and p reach 0.21 em below."""
    fonts = load_fonts()
    descent = fonts.ink("regular")[1]
    for line in ("aaaa aaaa", "HELLO WORLD", "ẪẪẪ"):
        assert fonts.text_ink(line, "regular")[1] < 0.02, line
    assert fonts.text_ink("gjpy", "regular")[1] == descent
    assert fonts.text_ink("", "regular") == fonts.text_ink(" \n", "regular") == (0.0, 0.0)


def test_stacked_accents_under_a_line_without_descenders_are_clean(tmp_path):
    """A fresh-user trial: "aaaa aaaa<br>ẪẪẪ" and "HELLO WORLD<br>ẪẪẪ" were refused at the
    default leading ("their letters reach 1.06 em above the baseline and 0.21 em below"),
    the first line credited with its font's descenders. Stacked accents under g j p y still
    are found, with <br> or a newline; on the first or only line they are not."""
    clean = ("aaaa aaaa<br>ẪẪẪ", "HELLO WORLD<br>ẪẪẪ", "aaaa aaaa\nẪẪẪ", "HELLO WORLD\nẪẪẪ",
             "ẪẪẪ<br>gjpy gjpy", "ẪẪẪ\ngjpy gjpy", "ẪẪẪ")
    assert _errors(tmp_path / "clean", "", *clean) == []
    said = ("lines 1 and 2 print 0.2 mm over each other: their letters reach 1.06 em above "
            "the baseline and 0.21 em below, more than leading = 1.2 leaves room for (use "
            "leading = 1.27 or more)")
    for name, cell in (("rich", "gjpy gjpy<br>ẪẪẪ"), ("plain", "gjpy gjpy\nẪẪẪ")):
        found = _errors(tmp_path / name, "", cell)
        assert len(found) == 1 and found[0].endswith(said), found
