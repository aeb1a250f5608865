"""What the booklet's Markdown prints: pictures of the game folder, headings of every level,
unknown markup named by line (and never printed as typed), the card list's column, and a game
without a booklet of its own."""

import pytest
from click.testing import CliRunner
from PIL import Image

from helpers import edit
from pnp.cli import main
from pnp.errors import DataError, RulesError
from pnp.project import build, check, open_game
from pnp.render.bookmarkup import read


@pytest.fixture
def deck(tmp_path):
    assert CliRunner().invoke(main, ["new", "deck", "--dir", str(tmp_path)]).exit_code == 0
    return tmp_path / "deck"


def _booklet(deck, text: str) -> None:
    (deck / "booklet.md.j2").write_text(text, encoding="utf-8")


def _booklet_text(pdf) -> str:
    import pypdf

    pages = pypdf.PdfReader(pdf).pages
    return "\n".join(p.extract_text() for p in pages if "\u00b7 Rules" in p.extract_text())


def _errors(deck) -> list[str]:
    return [str(f) for f in check(open_game(str(deck))) if f.level == "error"]


def _said(deck) -> list[str]:  # (a written number is a warning in a game nothing plays)
    return [str(f) for f in check(open_game(str(deck)))]


@pytest.mark.parametrize("line,what", [
    ("> Quoted.", "a block quote"),
    ("See [the site](https://example.com).", "a link (pnp prints no links)"),
    ("Type `pnp build`.", "`code` (pnp has no code font)"),
    ("Some __strong__ words.", "__bold__ (write **bold**)"),
    ("```", "a code fence"),
    ("***", "a rule (write --- for a new page)"),
    ("####### Too deep", "a heading deeper than ######"),
    ("#Heading", "a heading with no space after its #"),
    ("Say <b>hi</b>.", "an HTML tag"),
])
def test_unknown_markdown_is_an_error_naming_the_template_line(deck, tmp_path, line, what):
    _booklet(deck, f"# Rules\n\nA first paragraph.\n\n{line}\n")
    (found,) = _errors(deck)
    assert found.startswith("error: booklet.md.j2: line 5: ") and f"is {what};" in found
    with pytest.raises(RulesError):
        build(open_game(str(deck)), tmp_path / "kit.pdf")
    assert not (tmp_path / "kit.pdf").exists()


def test_forced_unknown_markdown_prints_its_words_not_its_marks(deck, tmp_path):
    _booklet(deck, "# Rules\n\n> Quoted words.\n\nSee [the site](https://x.org) and `this`.\n")
    build(open_game(str(deck)), tmp_path / "kit.pdf", force=True)
    text = _booklet_text(tmp_path / "kit.pdf")
    assert "Quoted words." in text and "See the site and this." in text
    assert not any(mark in text for mark in (">", "](", "`", "https"))


def test_the_markdown_understood_reads_as_blocks():
    blocks, unknown = read("# A\n\n###### F\n\n* star\n+ plus\n- dash\n3. three\n\n"
                           "![Cap](art/x.png)\n\n[[figure f]]\n\n---\n\n| a | b |\n|---|---|\n"
                           "| 1 | 2 |\n\nText *it* **b**.\n")
    assert unknown == []
    assert [(b.kind, b.level or b.bullet or b.src or b.text) for b in blocks] == [
        ("heading", 1), ("heading", 6), ("bullet", "\u2022"), ("bullet", "\u2022"),
        ("bullet", "\u2022"), ("bullet", "3."), ("image", "art/x.png"), ("figure", "f"),
        ("break", ""), ("table", ""), ("para", "Text *it* **b**.")]
    assert blocks[9].rows == [["a", "b"], ["1", "2"]]


def _png(path, w=300, h=150):
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (w, h), "#3d8b4f").save(path)


def test_a_picture_of_the_game_folder_prints_with_its_caption(deck, tmp_path):
    import pypdfium2 as pdfium

    _png(deck / "art" / "map.png")
    (deck / "art" / "star.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="60">'
        '<rect width="60" height="60" fill="#c0435a"/></svg>')
    _booklet(deck, "# Rules\n\n![The valley map](art/map.png)\n\n![](art/star.svg)\n\nAfter.\n")
    assert _errors(deck) == []
    build(open_game(str(deck)), tmp_path / "kit.pdf")
    assert "The valley map" in _booklet_text(tmp_path / "kit.pdf")
    page = pdfium.PdfDocument(str(tmp_path / "kit.pdf"))[2]  # after the two guide pages
    image = page.render(scale=1).to_pil().convert("RGB")
    w, h = image.size
    colours = {image.getpixel((x, y)) for x in range(0, w, 4) for y in range(0, h // 2, 4)}
    assert any(abs(r - 0x3d) < 8 and abs(g - 0x8b) < 8 and abs(b - 0x4f) < 8
               for r, g, b in colours)  # the PNG's green
    assert any(abs(r - 0xc0) < 8 and abs(g - 0x43) < 8 and abs(b - 0x5a) < 8
               for r, g, b in colours)  # the SVG's red


@pytest.mark.parametrize("src,message", [
    ("art/none.png", "line 3: image 'art/none.png' not found in the game folder"),
    ("../outside.png", "line 3: path '../outside.png' leaves the game folder"),
    ("art/pic.gif", "line 3: picture 'art/pic.gif': use a .png, .jpg or .svg file"),
    ("art/fake.png", "line 3: image 'art/fake.png' is named .png but holds JPEG data; save it "
                     "as PNG from an image editor"),
])
def test_a_picture_is_checked_as_on_a_card(deck, tmp_path, src, message):
    _png(tmp_path / "outside.png")
    (deck / "art").mkdir()
    Image.new("RGB", (20, 20)).save(deck / "art" / "fake.png", format="JPEG")
    _booklet(deck, f"# Rules\n\n![A picture]({src})\n")
    with pytest.raises(DataError) as info:
        build(open_game(str(deck)), tmp_path / "kit.pdf")
    assert str(info.value) == f"booklet.md.j2: {message}"


def test_the_card_list_uses_the_column_the_designer_names(deck, tmp_path):
    cards = deck / "cards.csv"
    rows = cards.read_text().splitlines()
    cards.write_text("\n".join([rows[0] + ",nickname"]
                               + [f"{r},Nick{chr(65 + i)}" for i, r in enumerate(rows[1:])]))
    toml = deck / "game.toml"
    toml.write_text(toml.read_text() + '\n[booklet]\ncard_list_column = "nickname"\n')
    build(open_game(str(deck)), tmp_path / "kit.pdf")
    text = _booklet_text(tmp_path / "kit.pdf")
    assert "NickA" in text and "NickB" in text and "Sunrise" not in text
    toml.write_text(toml.read_text().replace('"nickname"', '"nick"'))
    with pytest.raises(DataError) as info:
        build(open_game(str(deck)), tmp_path / "kit2.pdf")
    assert str(info.value).startswith(
        "game.toml, field \"booklet.card_list_column\": no column 'nick' in card's data to "
        "name the cards in the booklet; it has: title, text")


def test_a_game_without_a_booklet_of_its_own_says_it_printed_a_placeholder(deck, tmp_path):
    (deck / "booklet.md.j2").unlink()
    found = [str(f) for f in check(open_game(str(deck)))]
    assert any(f.startswith("warning: ") and "pnp's placeholder" in f for f in found), found
    built = build(open_game(str(deck)), tmp_path / "kit.pdf")
    assert any(s.title == "Rule booklet" for s in built.sections)
    assert any("placeholder" in str(f) for f in built.findings)


def test_a_game_may_have_no_booklet(deck, tmp_path):
    toml = deck / "game.toml"
    toml.write_text(toml.read_text() + '\n[booklet]\ntemplate = ""\n')
    built = build(open_game(str(deck)), tmp_path / "kit.pdf")
    assert not any(s.title == "Rule booklet" for s in built.sections)


def test_a_missing_picture_is_named_at_its_line_in_the_template(game_copy):
    """Not at its line in the text the template made (a loop above it adds lines)."""
    folder = game_copy("legolas")
    template = folder / "booklet.md.j2"
    from pnp.resources import shipped

    lines = (shipped("templates") / "legolas" / "booklet.md.j2").read_text(
        encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("| Character |"))
    lines[at:at] = ["![x](nosuch.png)", ""]
    template.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert result.exit_code != 0
    assert f"booklet.md.j2: line {at + 1}: image 'nosuch.png' not found" in result.output


def test_a_picture_a_loop_makes_is_named_at_its_line_in_the_template(deck, tmp_path):
    # (a fresh-user trial: it was named "line 7 of the rendered booklet")
    _booklet(deck, "# Rules\n\nPlay.\n{% for p in ['one', 'two'] %}\n\nPicture {{ p }}:\n\n"
                   "![pic {{ p }}](art/{{ p }}.png)\n{% endfor %}\n")
    with pytest.raises(DataError) as info:
        build(open_game(str(deck)), tmp_path / "kit.pdf")
    assert str(info.value) == "booklet.md.j2: line 8: image 'art/one.png' not found in the " \
                              "game folder"


@pytest.mark.parametrize("said", ["9**9**9", "your coins<the card's cost and x>2", "a*b*c",
                                  "__x__ or ~~y~~", "[a](b) `c` | d", "a \\* b"])
def test_a_text_made_literal_prints_as_written(said):
    """A rule sentence quotes expressions the designer wrote (`amount = "9**9**9"`): made
    literal, no star of it is bold, no `<...>` an HTML tag, nothing of it unknown markup."""
    from pnp.render.bookmarkup import literal, unescaped, unknown
    from pnp.render.emphasis import emphasis

    text = f"Gain {literal(said)}."
    assert unknown(text) == [] and unknown(f"| {literal(said)} | x |") == []
    assert [(unescaped(p), b, i) for p, b, i in emphasis(text)] == [(f"Gain {said}.", False,
                                                                      False)]
    (table,) = read(f"| {literal(said)} | x |\n")[0]
    assert [unescaped(c) for c in table.rows[0]] == [said, "x"]


def test_an_escaped_star_prints_as_a_star(deck, tmp_path):
    """As on a card, `\\*` in the booklet is a star, not emphasis (and not a backslash)."""
    _booklet(deck, "# Rules\n\nSay a\\*\\*b\\*\\*c and **win**.\n")
    assert _errors(deck) == []
    build(open_game(str(deck)), tmp_path / "kit.pdf")
    assert "Say a**b**c and win." in _booklet_text(tmp_path / "kit.pdf")


def test_an_empty_booklet_is_not_exported_as_blank_sheets(deck, tmp_path):
    from pnp.errors import PnpError
    from pnp.project import export

    out = tmp_path / "booklet.pdf"
    out.write_bytes(b"%PDF good")
    _booklet(deck, "{# nothing yet #}\n")
    with pytest.raises(PnpError, match=r"booklet\.md\.j2\) prints nothing"):
        export(open_game(str(deck)), "booklet", out)
    assert out.read_bytes() == b"%PDF good"


def _page_images(pdf) -> list[int]:
    """The number of image XObjects each booklet page holds."""
    import pypdf

    pages = [p for p in pypdf.PdfReader(pdf).pages if "\u00b7 Rules" in p.extract_text()]
    return [len(p.images) for p in pages]


def test_a_card_icon_in_the_booklet_is_drawn_in_its_line(deck, tmp_path):
    _booklet(deck, "# Rules\n\nGain a :leaf: each turn.\n\n- Gain a :leaf:.\n\n"
                   "| Gain | Cost |\n|---|---|\n| a :leaf: | none |\n")
    assert _errors(deck) == []
    build(open_game(str(deck)), tmp_path / "kit.pdf")
    assert _page_images(tmp_path / "kit.pdf") == [1]  # one picture of the leaf, drawn thrice
    assert ":leaf:" not in _booklet_text(tmp_path / "kit.pdf")


def test_an_unknown_icon_in_the_booklet_is_named_with_its_line(deck):
    _booklet(deck, "# Rules\n\nGain a :leaff: each turn.\n")
    (found,) = _errors(deck)
    assert found.startswith("error: booklet.md.j2: line 3: no icon 'leaff': did you mean 'leaf'?")


def test_a_damaged_svg_icon_is_an_error_in_the_booklet_and_on_a_card(deck):
    # a file cut off mid-tag: lxml's recovery read it as an empty drawing, printed as a blank
    # gap with nothing said; then as a warning; now an error, as a cut-off PNG icon is
    (deck / "icons").mkdir()
    (deck / "icons" / "gem.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><polygon points="5,0 10')
    _booklet(deck, "# Rules\n\nGain a :gem: each turn, and a :gem: more.\n")
    edit(deck / "cards.csv", "Draw **two** cards.", "Draw :gem: cards.")
    found = [str(f) for f in check(open_game(str(deck)))]
    damaged = [f for f in found if "SVG 'gem.svg' is damaged (line 1:" in f]
    assert [f.split(":")[0] for f in damaged] == ["error", "error"], found
    assert any(f.startswith("error: booklet.md.j2: line 3: icon 'gem': SVG 'gem.svg'")
               for f in damaged)
    assert any(f.startswith('error: cards.csv, row 2, field "text"') for f in damaged)


def test_an_escaped_icon_prints_as_typed(deck, tmp_path):
    _booklet(deck, "# Rules\n\nAs in a:b:c, write \\:leaf: so.\n")
    assert _errors(deck) == []
    build(open_game(str(deck)), tmp_path / "kit.pdf")
    assert "As in a:b:c, write :leaf: so." in _booklet_text(tmp_path / "kit.pdf")
    assert _page_images(tmp_path / "kit.pdf") == [0]


def test_a_nested_list_is_named_not_flattened_silently(deck):
    _booklet(deck, "# Rules\n\n- Shuffle.\n  - Again.\n- Deal.\n - Play.\n\n{% for i in 'ab' %}\n"
                   "  - Item {{ i }}.\n{% endfor %}\n")
    (found,) = _errors(deck)
    assert found.startswith("error: booklet.md.j2: line 4: '- Again.' is a nested list")


def test_an_empty_booklet_template_is_a_warning_in_validate_and_build(deck, tmp_path):
    """An emptied booklet.md.j2 left the booklet out of the kit, and nothing said so."""
    _booklet(deck, "{# to write #}\n")
    said = [str(f) for f in check(open_game(str(deck))) if "prints nothing" in str(f)]
    assert said == ["warning: booklet.md.j2: the booklet template prints nothing, so the kit has "
                    "no rule booklet: write the rules in it, or set [booklet] template = \"\" in "
                    "game.toml for none"], said
    res = CliRunner().invoke(main, ["build", "--game", str(deck), "--out", str(tmp_path / "k.pdf")])
    assert res.exit_code == 0 and "prints nothing" in res.output, res.output


@pytest.mark.parametrize("template", ["deck", "market"])
def test_a_booklet_template_that_is_nowhere_is_game_tomls_mistake(tmp_path, template):
    """[booklet] template = "nosuch.md.j2" was said as the template's own mistake (`Error:
    nosuch.md.j2: template ... not found`), not as game.toml's field that names it."""
    args = ["new", "g", "--dir", str(tmp_path), "--template", template]
    assert CliRunner().invoke(main, args).exit_code == 0
    toml = tmp_path / "g" / "game.toml"
    if "[booklet]" in toml.read_text():  # (the market names its own; a deck takes the default)
        edit(toml, 'template = "booklet.md.j2"', 'template = "nosuch.md.j2"')
    else:
        toml.write_text(toml.read_text() + '\n[booklet]\ntemplate = "nosuch.md.j2"\n')
    res = CliRunner().invoke(main, ["validate", "--game", str(tmp_path / "g")])
    engine = "deck" if template == "deck" else "rules"
    assert res.exit_code == 2 and res.output == (
        'Error: game.toml, field "booklet.template": booklet template \'nosuch.md.j2\' not found '
        f"in the game folder, nor among pnp's booklets for the {engine!r} engine: name a "
        "template file of the game folder, or leave [booklet] template out for pnp's own\n"), \
        res.output


def test_a_table_row_longer_than_its_header_is_named(deck):
    """A stray '|' gave the row a cell more, printed under an empty heading, and nothing said."""
    _booklet(deck, "# Rules\n\n| A | B |\n|---|---|\n| 1 | 2 |\n| 3 | 4 | 5 |\n| 6 |\n")
    found = _errors(deck)
    assert ("error: booklet.md.j2: line 6: '| 3 | 4 | 5 |' is a table row of 3 cells under a "
            "header of 2 (a stray '|'?)") in found, found
    assert not any("line 7" in f and "table row" in f for f in found)  # (a short one: padded)


def test_a_misspelt_key_of_a_table_names_the_table_and_its_keys(deck):
    """{{ game.titel }} said Jinja2's "'dict object' has no attribute 'titel'"."""
    _booklet(deck, "# Rules\n\nBy {{ game.titel }}.\n")
    with pytest.raises(DataError) as info:
        check(open_game(str(deck)))
    assert str(info.value).startswith("booklet.md.j2: line 3: template uses an unknown name: "
                                      "game.titel: game has no 'titel' (did you mean 'title'?); "
                                      "it has "), str(info.value)


def test_a_time_of_day_is_one_number_to_bind_not_three(deck):
    """'At 10:30:00' was three findings, '10', '30' and '00', each quoting odd fragments."""
    _booklet(deck, "# Rules\n\nAt 10:30:00 each turn, gain a coin.\n")
    found = [f for f in _said(deck) if "is written out" in f]
    assert len(found) == 1 and "the number '10:30:00' is written out" in found[0], found


def test_an_icon_whose_name_has_a_digit_is_no_number_to_bind(deck):
    (deck / "icons").mkdir()
    (deck / "icons" / "coin-2.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<circle cx="5" cy="5" r="4"/></svg>', encoding="utf-8")
    _booklet(deck, "# Rules\n\nPay a :coin-2: to draw.\n")
    assert _said(deck) == []


def test_a_number_beside_an_icon_is_quoted_with_the_icon_as_written(deck):
    # the quote showed the blanks the check reads in its place: '- Gain        two'
    _booklet(deck, "# Rules\n\n- Gain :leaf: two\n")
    (found,) = [f for f in _said(deck) if "the number 'two'" in f]
    assert found.startswith("warning: booklet.md.j2: line 3: '- Gain :leaf: two': "), found


@pytest.mark.parametrize("row", [":leaf: " * 40, "**" + " ".join([":coin:"] * 40) + "**"])
def test_a_paragraph_opening_with_a_row_of_icons_wraps_inside_the_page(deck, tmp_path, row):
    """Platypus broke no line between pictures before a paragraph's first word: a row of forty
    icons ran past the right margin and off the page, with nothing said."""
    import pypdf
    import pypdfium2 as pdfium

    from pnp.render.booklayout import booklet_margin

    _booklet(deck, f"# Rules\n\n{row}\n")
    assert _errors(deck) == []
    build(open_game(str(deck)), tmp_path / "kit.pdf")
    at = next(i for i, p in enumerate(pypdf.PdfReader(tmp_path / "kit.pdf").pages)
              if "\u00b7 Rules" in p.extract_text())
    page = pdfium.PdfDocument(tmp_path / "kit.pdf")[at]
    w_pt = page.get_width()
    img = page.render(scale=50 / 72).to_pil().convert("L")
    right = int((w_pt - booklet_margin(w_pt) + 2) * 50 / 72)  # past the text's right edge
    assert not any(img.getpixel((x, y)) < 128 for x in range(right, img.width)
                   for y in range(img.height)), "ink past the right margin"
