"""The rule booklet laid out by platypus's own document template: typography checked by
numbers on the laid-out pages (which flowable went where), and the Markdown it reads."""

import re
from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A4, A5
from reportlab.platypus import Paragraph

from pnp.render import booklayout as bk
from pnp.render.booklet import Booklet
from pnp.render.fonts import load_fonts

FONTS = load_fonts()
WORDS = "Some words of rules text, long enough to wrap a line or two across the column."
BOOKLET_CODE = ["booklayout.py", "booklet.py", "bookmarkup.py", "bookimages.py"]


def _pages(text: str, size=A4, **kw) -> list[list[bk.Placed]]:
    return bk.lay_out(Booklet("T", text, **kw), FONTS, *size)


def _lines(f) -> int:
    return len(f.blPara.lines)


def _filler(n: int) -> str:
    """n paragraphs of one to seven lines, so what follows lands anywhere on a page."""
    return "\n\n".join(f"P{i} " + " ".join([WORDS] * (1 + i % 7)) for i in range(n))


def test_no_private_reportlab_attribute_in_the_booklet_code():
    """No Frame._y, Canvas._code, Paragraph._get_split_blParaFunc: the booklet lays out through
    BaseDocTemplate, PageTemplate, Frame, keepWithNext and CondPageBreak."""
    here = Path(bk.__file__).parent
    for name in BOOKLET_CODE:
        code = (here / name).read_text()
        found = re.findall(r"\b(?:frame|canv|canvas|c|doc|p|f|t|tx|style)\._[a-zA-Z]\w*", code)
        assert found == [], (name, found)
        assert "_get_split" not in code and "_code" not in code


@pytest.mark.parametrize("size", [A4, A5])
def test_no_page_ends_with_a_heading_nor_leaves_one_line_of_a_paragraph(size):
    """Each paragraph is split with at least two lines on each page (no orphan at the foot, no
    widow at the head), and a heading never ends a page, wherever the filler puts them."""
    checked = splits = 0
    for n in range(0, 40, 2):
        text = _filler(n) + "\n\n## A heading\n\n### Under it\n\n" + _filler(8)
        pages = _pages(text, size)
        for page, following in zip(pages, pages[1:] + [[]]):
            last = page[-1].flowable
            assert not bk._is_heading(last), (n, last.getPlainText())
            first = following[0].flowable if following else None
            if isinstance(last, Paragraph) and isinstance(first, Paragraph) \
                    and not re.match(r"P\d+ |T$", first.getPlainText()) \
                    and not bk._is_heading(first):  # the paragraph goes on over the page
                assert _lines(last) >= 2 and _lines(first) >= 2, (n, _lines(last), _lines(first))
                splits += 1
            checked += 1
    assert checked > 20 and splits > 5  # the cases happened


def test_a_heading_keeps_two_lines_of_its_paragraph_and_shares_a_page_with_them():
    for n in range(0, 30):
        pages = _pages(_filler(n) + "\n\n## Setup\n\n" + " ".join([WORDS] * 12))
        for page in pages:
            kinds = [bk._is_heading(p.flowable) for p in page]
            if any(kinds):
                at = kinds.index(True)
                assert at + 1 < len(page) and _lines(page[at + 1].flowable) >= 2


@pytest.mark.parametrize("headings", ["## Setup", "## Setup\n\n### First things"])
def test_a_heading_is_kept_with_the_figure_under_it(headings):
    """A figure cannot be split: a heading (and one under it) goes over to the next page with
    it, wherever on the page they would fall."""
    figure = (200.0, 180.0, lambda c, fonts, w, h: None)
    for filler in range(45):
        text = "\n\n".join([WORDS] * filler)
        pages = _pages(f"{text}\n\n{headings}\n\n[[figure cards]]\n\nAfter.",
                       figures={"cards": figure})
        for page in pages:
            kinds = {"heading" if bk._is_heading(p.flowable) else type(p.flowable).__name__
                     for p in page}
            assert "heading" not in kinds or "_Figure" in kinds, filler


def test_a_table_starts_with_its_header_and_two_rows_and_repeats_the_header():
    rows = "\n".join(f"| Row {i} | {WORDS} |" for i in range(30))
    parts_seen = 0
    for n in range(0, 40, 2):
        pages = _pages(_filler(n) + "\n\n| Name | Text |\n|---|---|\n" + rows + "\n")
        parts = [p.flowable for page in pages for p in page if isinstance(p.flowable, bk._Table)]
        assert sum(t.rows - 1 for t in parts) == 30  # every row once, each part with the header
        assert all(t.rows >= 3 for t in parts[:-1]), (n, [t.rows for t in parts])
        parts_seen += len(parts)
    assert parts_seen > 25


def test_a_long_table_shows_its_header_only_at_the_head_of_a_page():
    # (a trial's 60-row table showed it again mid-page, after a block of 40 rows)
    rows = "\n".join(f"| Row {i} | {' '.join([WORDS] * (3 if i % 5 == 0 else 1))} |"
                     for i in range(120))
    pages = _pages("| Name | Text |\n|---|---|\n" + rows + "\n")
    per_page = [[p for p in page if isinstance(p.flowable, bk._Table)] for page in pages]
    assert len(pages) >= 3 and all(len(tables) == 1 for tables in per_page)
    assert sum(t.flowable.rows - 1 for tables in per_page for t in tables) == 120


def test_headings_of_every_level_have_their_own_smaller_style():
    text = "\n\n".join(f"{'#' * n} Level {n}" for n in range(1, 7)) + "\n\nText."
    (page,) = _pages(text)
    heads = [p.flowable for p in page if bk._is_heading(p.flowable)]
    assert [h.style.name for h in heads] == [f"h{n}" for n in range(1, 7)]
    sizes = [h.style.fontSize for h in heads]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] > sizes[-1]


def test_italic_in_a_heading_is_bold_italic():
    (page,) = _pages("## A *quick* start\n\nSome *italic* words.")
    heading = page[0].flowable
    used = {frag.fontName for line in heading.blPara.lines for frag in line.words}
    assert FONTS["bold-italic"] in used and FONTS["bold"] in used, used


def test_a_page_break_on_an_empty_page_makes_no_blank_page():
    pages = _pages("---\n\nOne.\n\n---\n\n---\n\nTwo.\n\n---\n")
    assert [[p.flowable.getPlainText() for p in page] for page in pages] == [["One."], ["Two."]]
    assert _pages("---") == _pages("---\n---\n\n---") == _pages("") == []


def test_a_paragraph_too_long_to_lay_out_quickly_is_refused():
    from pnp.errors import DataError

    with pytest.raises(DataError, match=r"has 2\d,\d{3} characters; a booklet paragraph holds "
                                        r"at most 20,000 \(split it with a blank line;"):
        _pages(" ".join([WORDS] * 300))
    assert len(_pages("\n\n".join([WORDS * 3] * 300))) > 10  # the same text in paragraphs


def test_a_paragraph_of_one_long_word_is_quoted_by_its_start_and_counted_once():
    # the whole word was quoted, and the quote counted: "'ẪẪ...' (32,770 characters) has
    # 32,767 characters"
    from pnp.errors import DataError

    with pytest.raises(DataError) as raised:
        _pages("Ẫ" * 32_767)
    assert raised.value.message == (
        f"the paragraph '{'Ẫ' * 60}...' has 32,767 characters; a booklet paragraph holds at "
        "most 20,000 (split it with a blank line; a data cell the template prints counts too)")


def test_a_table_row_taller_than_a_page_is_named_by_its_first_cell():
    from pnp.errors import DataError

    long = " ".join(["A sentence of rules text that goes on."] * 160)
    text = "| Name | Text |\n|---|---|\n| Short | x |\n| Row 7 | " + long + " |\n"
    with pytest.raises(DataError, match=r"the table row 'Row 7 A sentence of rules text that.*'\.\.\. "
                                        r"is taller than a booklet page"):
        _pages(text)
    assert _pages(text.replace(long, "a few words"))  # a row that fits is set
