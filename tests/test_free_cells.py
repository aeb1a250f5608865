"""Free cells filled: a card sheet's last page (Legolas's three player aids on a duplex sheet of
their own) prints in free cells of another sheet of the same grid where the back rule allows;
the guide says where; every back still lands behind its front."""

from __future__ import annotations

import io

import pytest

from helpers import ROOT
from pnp.kit import Kit, Piece, Sheet, shared
from pnp.layout.pack import fit_into
from pnp.project import prepare, open_game
from pnp.render.fonts import load_fonts
from pnp.render.pdf import KitRenderer, Options
from pnp.units import MM, PAPERS

A4 = PAPERS["a4"]
# pages before this change (the aids alone on a sheet) and after: measured on A4
PAGES = {"legolas": (41, 39), "wuxing": (13, 13), "experior": (13, 13)}


def _render(kit: Kit, paper=A4):
    renderer = KitRenderer(kit, load_fonts(), Options(paper))
    result = renderer.render(io.BytesIO())
    return renderer, result


@pytest.fixture(scope="module", params=sorted(PAGES))
def shipped(request):
    kit, fonts, _ = prepare(open_game(request.param, cwd=ROOT), force=True)
    renderer = KitRenderer(kit, fonts, Options(A4))
    return request.param, kit, renderer, renderer.render(io.BytesIO())


def test_page_counts_of_the_shipped_games(shipped):
    name, _, _, result = shipped
    assert result.pages == PAGES[name][1]


def test_every_back_lands_behind_its_front_also_for_lodged_cards(shipped):
    name, kit, renderer, result = shipped
    duplex = {s.title for s in kit.sheets if s.duplex and any(p.back for p in s.pieces)}
    backs = {(p.page, p.sheet, p.name, p.trim) for p in result.placements if p.side == "back"}
    fronts = [p for p in result.placements if p.side == "front" and p.sheet in duplex]
    assert fronts
    for f in fronts:
        behind = f.trim.behind(*A4)
        assert (f.page + 1, f.sheet, f.name, behind) in backs, (name, f.page, f.name)
    if name == "legolas":  # the aids: on the monster cards' last sheet, backs behind
        aids = [p for p in fronts if p.name.startswith("player aid")]
        monsters = [p for p in fronts if p.sheet == "Monster cards"]
        assert len(aids) == 3 and {p.page for p in aids} == {max(p.page for p in monsters)}


def _sheet(title: str, n: int, back_word: str, kind: str) -> Sheet:
    def front(s):
        s.line(title, 5, 5, 8)

    @shared
    def back(s):
        s.line(back_word, 5, 5, 8)

    return Sheet(title, 63 * MM, 88 * MM,
                 tuple(Piece(kind, f"{kind} {i + 1}", front, back) for i in range(n)))


def test_a_small_sheet_moves_into_free_cells_away_from_other_backs():
    kit = Kit("Test", sheets=[_sheet("Cards", 3, "DECK", "card"),
                              _sheet("Aids", 3, "RULES", "aid")])
    renderer, result = _render(kit)
    assert result.pages == 2 + 2  # the guide, one duplex sheet holding both
    assert renderer.lodged == {1}
    cards, = result.sections[1:]
    assert "sheet 1 also holds the 3 aids" in cards.how
    on_page = {p.name: p for p in result.placements if p.side == "front"}
    # cards in the top row, the aids in the bottom row: a free row between the two backs
    assert {round(on_page[f"card {i}"].trim.y) for i in (1, 2, 3)} != \
        {round(on_page[f"aid {i}"].trim.y) for i in (1, 2, 3)}
    rows = sorted({round(p.trim.y) for p in on_page.values()})
    assert len(rows) == 2 and rows[1] - rows[0] > 2 * 88 * MM - 1


def test_no_room_beside_other_backs_keeps_the_sheet_its_own():
    kit = Kit("Test", sheets=[_sheet("Cards", 7, "DECK", "card"),
                              _sheet("Aids", 3, "RULES", "aid")])
    renderer, result = _render(kit)
    assert result.pages == 2 + 2 + 2 and renderer.lodged == set() and not renderer.moved


def test_fit_into_keeps_every_other_back_off_the_cut_lines():
    # a 3 x 3 page, A in the top row: B may not sit in the middle row
    taken = {0: "A", 1: "A", 2: "A"}
    assert fit_into(taken, ["B", "B", "B"], 3, 3) == [6, 7, 8]
    assert fit_into(taken, ["B"] * 4, 3, 3) is None
    assert fit_into(taken, ["A", "A"], 3, 3) == [3, 4]
    assert fit_into(taken, ["B"] * 6, 3, 3, separate=False) == [3, 4, 5, 6, 7, 8]
