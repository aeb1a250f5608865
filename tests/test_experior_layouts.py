"""Experior's faces are layout files in its game folder (cards, markers, the board and its
halves): a designer moves a box by editing one, a mistake in one is named by file and property,
and a name too long for its box is named in the file it comes from."""

import re
import shutil
from collections import Counter
from functools import cache

import pytest
from PIL import ImageChops
from pypdf import PdfReader

from helpers import ROOT, page_pixels, page_texts, refused
from pnp.errors import in_game
from pnp.project import build, open_game
from pnp.units import MM

MOVE = 4.0  # mm


@pytest.fixture(scope="module")
def before(tmp_path_factory):
    """The shipped kit, built once from a copy of its folder, that the tests moving a box
    compare their edited copy's kit with; its texts read once a page (tests only read it)."""
    folder = tmp_path_factory.mktemp("before") / "experior"
    shutil.copytree(ROOT / "card_data" / "experior", folder)
    pdf = folder.parent / "before.pdf"
    build(open_game(str(folder)), pdf)
    return pdf, cache(lambda page: page_texts(pdf, page))


def test_moving_a_box_in_the_board_half_moves_it_on_both_halves_alone(game_copy, tmp_path,
                                                                      before):
    """The fighter's name under the locked-card slot, 4 mm lower in board-half.toml: the Human's
    (upright, at the bottom) is 4 mm lower on the page, the Elf's (turned across) 4 mm higher."""
    folder = game_copy("experior")
    before, before_texts = before
    layout = folder / "layouts" / "board-half.toml"
    text = layout.read_text()
    old = 'y = "{{ geo.margin + geo.slot_h + 7.4675 }}mm"'
    assert text.count(old) == 1
    layout.write_text(text.replace(old, 'y = "{{ geo.margin + geo.slot_h + 11.4675 }}mm"'))
    after = tmp_path / "after.pdf"
    build(open_game(str(folder)), after)

    page = len(PdfReader(before).pages) - 1  # the board
    old_texts, new_texts = before_texts(page), page_texts(after, page)
    names = {"HUMAN": -MOVE * MM, "ELF": MOVE * MM}  # PDF y grows upwards
    for name, shift in names.items():
        [(x0, y0)] = [(x, y) for t, x, y in old_texts if t == name]
        [(x1, y1)] = [(x, y) for t, x, y in new_texts if t == name]
        assert x1 == pytest.approx(x0, abs=0.02) and y1 - y0 == pytest.approx(shift, abs=0.02)
    # every other text of the board is exactly where it was
    assert Counter({k: n for k, n in old_texts.items() if k[0] not in names}) == \
        Counter({k: n for k, n in new_texts.items() if k[0] not in names})
    # and no pixel changed outside the bands the names left and reached (18 pt bold)
    a, b = page_pixels(before, page), page_pixels(after, page)
    width, height = a.size
    for name in names:
        ys = [y for t, _, y in list(old_texts) + list(new_texts) if t == name]
        band = (0, int(height - max(ys) - 18) - 1, width, int(height - min(ys) + 18) + 2)
        a.paste((255, 0, 255), band)
        b.paste((255, 0, 255), band)
    assert ImageChops.difference(a, b).getbbox() is None
    # the other pages are untouched
    for other in range(page):
        assert before_texts(other) == page_texts(after, other)


def test_moving_the_multiplier_in_attack_toml_moves_it_on_every_attack_card(game_copy,
                                                                            tmp_path, before):
    """The cards lie turned on their sheet: the multiplier, 4 mm further right on the card,
    moves 4 mm along the same direction on every card and nothing else moves."""
    folder = game_copy("experior")
    _, before_texts = before
    layout = folder / "layouts" / "attack.toml"
    text = layout.read_text()
    moved = re.sub(r'(\[multiplier\][^\[]*?\nx = )"7mm"', r'\1"11mm"', text)
    assert moved != text
    layout.write_text(moved)  # the multiplier, 4 mm further right; nothing else edited
    after = tmp_path / "after.pdf"
    build(open_game(str(folder)), after)

    for page in (6, 8):  # the two sheets of card fronts
        old_texts, new_texts = before_texts(page), page_texts(after, page)
        was = sorted((t, x, y) for t, x, y in old_texts.elements() if t.startswith("×"))
        now = sorted((t, x, y) for t, x, y in new_texts.elements() if t.startswith("×"))
        assert len(was) == len(now) >= 4
        shifts = {(round(x1 - x0, 1), round(y1 - y0, 1))
                  for (_, x0, y0), (_, x1, y1) in zip(was, now)}
        assert len(shifts) == 1  # every card's the same way
        (dx, dy), = shifts
        assert (dx * dx + dy * dy) ** 0.5 == pytest.approx(MOVE * MM, abs=0.05)
        assert Counter({k: n for k, n in old_texts.items() if not k[0].startswith("×")}) == \
            Counter({k: n for k, n in new_texts.items() if not k[0].startswith("×")})


def test_a_mistake_in_an_experior_layout_names_the_file_and_property(game_copy):
    folder = game_copy("experior")
    layout = folder / "layouts" / "role.toml"
    layout.write_text(layout.read_text().replace('text = "{{ sword }}"',
                                                 'text = "{{ swrod }}"'))
    err = refused(str(folder))
    assert err.value.path.name == "role.toml"
    assert err.value.field == "sword.text"
    assert "'swrod'" in err.value.message


def test_game_toml_chooses_each_faces_layout(game_copy, tmp_path):
    """[layouts] names the file of a face: the role back swapped for the aid's end side."""
    folder = game_copy("experior")
    toml = folder / "game.toml"
    text = toml.read_text()
    old = 'role_back = "layouts/role-back.toml"'
    assert old in text
    toml.write_text(text.replace(old, 'role_back = "layouts/aid-end.toml"'))
    out = tmp_path / "swapped.pdf"
    build(open_game(str(folder)), out)
    backs = PdfReader(out).pages[9].extract_text()  # the backs of the role and aid cards
    assert "role card" not in backs and backs.count("END OF THE GAME") == 4
    toml.write_text(toml.read_text().replace("role_back =", "role_bak ="))
    err = refused(str(folder))
    assert err.value.field == "layouts.role_bak"


def test_a_name_too_long_is_named_in_the_file_it_comes_from(game_copy, tmp_path):
    """An attack type's name prints on its cards and the role cards: one too long for its box
    is attacks.csv's row and field, said once, not at every card of the type. (The name shrinks
    to 70 % of its size at most, as a title must stay one.)"""
    from click.testing import CliRunner

    from pnp.cli import main

    folder = game_copy("experior")
    attacks = folder / "attacks.csv"
    attacks.write_text(attacks.read_text().replace("bow,Bow,", "bow,Bow of the Unreasonably "
                                                   "Long Name,"))
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--out",
                                    str(tmp_path / "x.pdf")])
    assert res.exit_code != 0 and not (tmp_path / "x.pdf").exists()
    errors = [line for line in res.output.splitlines() if line.startswith("error:")]
    said = [e for e in errors if e.startswith("error: attacks.csv")]
    assert said == [
        'error: attacks.csv, row 3, field "name": element "type_name" (layouts/attack.toml): text does '
        "not fit its box even at 11.9 pt: 'BOW OF THE UNREASONABLY LONG NAME'",
        'error: attacks.csv, row 3, field "name": element "bow_name" (layouts/role.toml): text does not '
        "fit its box even at 7 pt: 'Bow of the Unreasonably Long Name'"]


def test_the_board_halves_boxes_are_where_they_print(tmp_path):
    """Proofs outline each element where it lands: the Human's name band at the bottom right
    of the board, the Elf's (its half turned across the table) at the top left."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.fonts import load_fonts
    from pnp.render.surface import Surface

    game = open_game("experior")
    board = game.spec.build_kit(game.model, load_fonts()).boards[0]
    s = Surface(Canvas(io.BytesIO()), load_fonts(), board.width, board.height, 0, "board")
    board.draw(s)
    assert not s.findings
    human, elf = [e.rect for e in s.elements if e.name == "band_name"]
    W, H = board.width, board.height
    assert human.x > W / 2 and human.y + human.h < H / 2      # bottom right
    assert elf.x + elf.w < W / 2 and elf.y > H / 2            # top left
    # the one box turned half a turn about the board's centre is the other
    assert elf.x == pytest.approx(W - human.x - human.w) and elf.w == pytest.approx(human.w)
    assert elf.y == pytest.approx(H - human.y - human.h)


def test_in_ink_saver_the_faces_leave_out_their_big_fills():
    """An --ink-saver print leaves the player aid's ink band out for a rule under the title and
    an attack card without its paper panel; a normal print has them."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.fonts import load_fonts
    from pnp.render.surface import Surface

    game = open_game("experior")
    kit = game.spec.build_kit(game.model, load_fonts())
    pieces = {p.kind: p for sheet in kit.sheets for p in sheet.pieces}
    w, h = game.model.card_size

    def drawn(face, saving: bool) -> set[str]:
        s = Surface(Canvas(io.BytesIO()), load_fonts(), w, h, 0, "face", ink_saver=saving)
        face(s)
        assert not s.findings
        return {e.name for e in s.elements}

    aid, card = pieces["player aid card"], pieces["attack card"]
    assert {"band"} <= drawn(aid.front, False) and "band_line" not in drawn(aid.front, False)
    assert {"band_line"} <= drawn(aid.back, True) and "band" not in drawn(aid.back, True)
    assert "paper" in drawn(card.front, False) and "paper" not in drawn(card.front, True)


def test_a_name_too_long_for_the_turned_half_names_its_element_in_the_half(game_copy):
    """board.toml places board-half.toml for each side: the Elf's name, too long for its band
    on the turned half, is one finding naming the half's element and file; the Human's half,
    drawn from the same file, has none."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.fonts import load_fonts
    from pnp.render.surface import Surface

    folder = game_copy("experior")
    sides = folder / "sides.csv"
    sides.write_text(sides.read_text().replace("elf,Elf,", "elf,Elf of the Long Woods Beyond,"))
    game = open_game(str(folder))
    board = game.spec.build_kit(game.model, load_fonts()).boards[0]
    s = Surface(Canvas(io.BytesIO()), load_fonts(), board.width, board.height, 0, "board")
    board.draw(s)
    [finding] = s.findings
    assert finding.field == "band_name"
    assert in_game(finding.source.path) == "layouts/board-half.toml"
    # the finding's place names the half's file: its message does not again
    assert finding.message.startswith('element "band_name": text does not fit')
    assert "ELF OF THE LONG WOODS BEYOND" in finding.message


def test_the_half_turned_off_the_board_names_the_halfs_file_and_elements(game_copy):
    """rotate = 45 turns the Elf's half over the board's edge: each text crossing the cut is a
    finding naming board-half.toml and its element, not the board alone (the board has no data
    row to name)."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.fonts import load_fonts
    from pnp.render.surface import Surface

    folder = game_copy("experior")
    board_toml = folder / "layouts" / "board.toml"
    text = board_toml.read_text()
    turned = 'row = "sides.elf"\nheight = "{{ geo.half_h }}mm"\nrotate = 180\n'
    assert text.count(turned) == 1
    board_toml.write_text(text.replace(turned, turned.replace("180", "45")))
    game = open_game(str(folder))
    board = game.spec.build_kit(game.model, load_fonts()).boards[0]
    s = Surface(Canvas(io.BytesIO()), load_fonts(), board.width, board.height, 0, "board")
    board.draw(s)
    crossing = [f for f in s.findings if "crosses the cut line" in f.message]
    assert crossing and len(crossing) == len(s.findings)
    assert {f.source.path.name for f in crossing} == {"board-half.toml"}
    assert {"wounds_heading", "limit"} <= {f.field for f in crossing}
    assert str(crossing[0]).startswith('error: layouts/board-half.toml, field "')


def test_the_booklets_winning_order_is_a_layout_a_designer_moves_a_name_in(game_copy, tmp_path,
                                                                         before):
    """The booklet's triangle of badges is layouts/order.toml: the Sword's name, 4 mm lower
    there, is 4 mm lower in the booklet; nothing else on any page moves."""
    folder = game_copy("experior")
    before, before_texts = before
    layout = folder / "layouts" / "order.toml"
    text = layout.read_text()
    assert text.count('y = "2mm"') == 1
    layout.write_text(text.replace('y = "2mm"', 'y = "6mm"'))
    after = tmp_path / "after.pdf"
    build(open_game(str(folder)), after)

    moved = 0
    for page in range(len(PdfReader(before).pages)):
        old, new = before_texts(page), page_texts(after, page)
        if old == new:
            continue
        [(x0, y0)] = [(x, y) for t, x, y in old if t == "Sword (red)"]
        [(x1, y1)] = [(x, y) for t, x, y in new if t == "Sword (red)"]
        assert x1 == x0 and y1 - y0 == pytest.approx(-MOVE * MM, abs=0.02)
        assert Counter({k: n for k, n in old.items() if k[0] != "Sword (red)"}) == \
            Counter({k: n for k, n in new.items() if k[0] != "Sword (red)"})
        moved += 1
    assert moved == 1


def test_a_zero_size_element_of_the_placed_half_is_the_layout_file_s_mistake(game_copy):
    """A box of no width in board-half.toml (placed by board.toml) is that file's own
    mistake: bad data, exit 2, as the same box on a face of its own is (it exited 3, as text
    that does not fit does), named by the half's file and element once."""
    from click.testing import CliRunner

    from pnp.cli import main

    folder = game_copy("experior")
    half = folder / "layouts" / "board-half.toml"
    text = half.read_text()
    half.write_text(text.replace('width = "4.4mm"', 'width = "0mm"', 1))
    res = CliRunner().invoke(main, ["build", "--game", str(folder), "--out",
                                    str(folder / "out.pdf")])
    assert res.exit_code == 2 and not (folder / "out.pdf").exists(), res.output
    assert res.output.count("width and height must be more than 0") == 1, res.output
    assert ('error: layouts/board-half.toml, field "wounds_icon": Board: wound and experience '
            'tracks: element "wounds_icon": its box is 0 x 4.4 mm') in res.output, res.output


@pytest.mark.parametrize("old,new,field", [
    ('x = "{{ geo.margin }}mm"', 'x = "{{ geo.margin + 2000 }}mm"', "wounds_icon.x"),
    ('y = "{{ geo.top - 6.687 }}mm"', 'y = "{{ geo.top - 6.687 - 40 }}mm"', "wounds_heading.y"),
])
def test_an_element_placed_wholly_outside_its_half_is_warned(game_copy, old, new, field):
    """Off the board, the icon vanished; 40 mm up, the Elf's heading printed upside down in
    the Human's locked-card box: both validated without a word."""
    from click.testing import CliRunner

    from pnp.cli import main

    folder = game_copy("experior")
    half = folder / "layouts" / "board-half.toml"
    text = half.read_text()
    assert old in text
    half.write_text(text.replace(old, new, 1))
    res = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert res.exit_code == 0, res.output
    said = [line for line in res.output.splitlines() if line.startswith("warning")]
    assert len(said) == 1 and said[0].startswith(
        f'warning: layouts/board-half.toml, field "{field}": element ') and (
        "lies wholly outside the 190 x 128 mm box this layout is placed in") in said[0], said
