"""Legolas vs. Gimli: what is printed is what is played (issue 11). A design change in the card
data shows on the printed card (read back from the PDF) and in the engine's play; data the rules
cannot play gives findings naming file, row and field, never a traceback; no card text is under
7 pt or closer than 1 mm to a cut line."""

from __future__ import annotations

import io
import re

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

import pnp.render.surface as surface_mod
import pnp.render.text as text_mod
from helpers import edit_csv
from pnp.cli import main
from pnp.games.legolas.engine import A_PLAY, PH_PLAY, LegolasGame
from pnp.project import build, errors_in, open_game, validate
from pnp.render.fonts import load_fonts
from pnp.render.surface import Surface
from pnp.units import MM

PSYCHIC_MISSION, ESCAPIST, UNTOUCHABLE = 3, 4, 6


def _engine(model, chars):
    c = model.cards
    return LegolasGame(len(chars), c.monsters, c.treasures, c.characters, c.missions,
                       character_assignment=chars, first_player=0)


def _card(model, suit, value, element):
    return next(i for i, m in enumerate(model.cards.monsters)
                if (m.suit, m.value, m.element) == (suit, value, element))


@pytest.fixture(scope="module")
def redesigned(tmp_path_factory):
    """The shipped game with seven design changes, built to a PDF."""
    import shutil

    from helpers import ROOT

    folder = tmp_path_factory.mktemp("design") / "legolas"
    shutil.copytree(ROOT / "card_data" / "legolas", folder)
    edit_csv(folder / "monsters.csv", 12, "value", "4")           # stealth 3 water boss -> 4
    edit_csv(folder / "characters.csv", 2, "threshold", "11")     # Fighter must challenge 11
    edit_csv(folder / "characters.csv", 4, "level2_amount", "4")  # Rogue level 2: x4 coins
    edit_csv(folder / "characters.csv", 5, "level2_power", "defence")   # Psychic level 2
    edit_csv(folder / "characters.csv", 5, "level2_amount", "9")
    edit_csv(folder / "characters.csv", 5, "level2_text", "Defense {amount}.")
    edit_csv(folder / "missions.csv", 8, "gain_vp", "6")          # Untouchable +6
    edit_csv(folder / "missions.csv", 6, "gain_per", "boss")      # Escapist swapped
    edit_csv(folder / "missions.csv", 6, "loss_per", "trap")
    edit_csv(folder / "treasures.csv", 2, "amount", "2")          # Leather Armor +2
    edit_csv(folder / "treasures.csv", 5, "amount", "4")          # Minion: damage -4
    game = open_game(str(folder))
    out = folder.parent / "kit.pdf"
    result = build(game, out)
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(out).pages).split())
    return game, result, text


def test_a_design_change_is_accepted(redesigned):
    game, result, _ = redesigned
    assert validate(game) == []
    assert result.findings == []


def test_a_design_change_is_printed(redesigned):
    _, _, text = redesigned
    assert text.count("4 damage") == 1                      # the monster's new value
    assert "11+" in text and "12+" not in text               # the Fighter's threshold
    assert "Quadruple all coin values." in text and "Triple all coin values." in text
    assert "Defense 9." in text                              # the Psychic's new level 2
    assert "play one card on any horde" not in text
    # (on a mission card "+6" and "VP" are two elements: the extracted text may join them)
    assert len(re.findall(r"\+6 ?VP", text)) >= 5 and "+5 VP automatically" not in text
    assert "Escapist +1 VP for each boss taken. −1 VP for each trap defeated." in text
    assert "Defense +2." in text and "Defense +1." not in text
    assert "Discard to reduce accumulated damage by 4." in text       # the card ...
    assert "the damage drops by 4 (never below nothing)" in text        # ... and ruling L25


def test_a_design_change_is_played(redesigned):
    game, _, _ = redesigned
    model = game.model
    g = _engine(model, ["fighter", "rogue", "psychic"])
    boss = _card(model, "stealth", 4, "water")
    assert g.value[boss] == 4
    assert g.threshold[0] == 11
    st = g.new_initial_state()
    st.set_position(hands=[[30], [31], [32]], missions=[UNTOUCHABLE, ESCAPIST, PSYCHIC_MISSION],
                    vp=[0, 5, 5], defeated=[[], [boss, 0], []],
                    treasures={"leather_armor": 0})
    assert st.defence(0) == 1 + 2                            # Leather Armor +2
    assert st.score_breakdown(0)[0] == 2 * 6                 # Untouchable, nothing defeated
    assert st.score_breakdown(1)[0] == 2 * (1 - 1)           # +1 per boss, -1 per trap
    assert st.coins2(1) == 4 * 2 * (0 + 0.5)                 # x4: the boss 0 and the ½ coin
    assert g.minion_reduction == 4
    assert st.defence(2) == 9                                # Psychic level 2: Defense 9 ...
    assert not g.anywhere[3][2]                              # ... and no more play-anywhere


def test_psychic_plays_anywhere_only_while_the_data_says_so(redesigned):
    game, _, _ = redesigned
    model = game.model
    g = _engine(model, ["psychic", "fighter"])
    brute = _card(model, "brute", 1, "water")
    gate = _card(model, "stealth", 1, "wind")
    held = _card(model, "stealth", 2, "fire")
    st = g.new_initial_state()
    st.set_position(hands=[[brute, held], [0]], hordes=[(gate, [])], vp=[5, 0])
    assert st.phase == PH_PLAY
    assert A_PLAY + brute not in st.legal_actions()          # must follow suit now


def _delete_row(path, first_cell):
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(x for x in lines if not x.startswith(first_cell + ",")),
                    encoding="utf-8")


@pytest.mark.parametrize("file,row,expected", [
    ("characters.csv", "wizard", 'characters.csv, field "id": character \'wizard\' is missing'),
    ("missions.csv", "gambler", 'missions.csv, field "id": mission \'gambler\' is missing'),
    ("treasures.csv", "minion", 'treasures.csv, field "id": treasure \'minion\' is missing'),
    ("monsters.csv", "brute", 'monsters.csv, field "suit": the brute suit has 0 monster cards'),
])
def test_deleting_a_row_the_rules_need_is_a_finding_never_a_traceback(game_copy, tmp_path, file,
                                                                         row, expected):
    folder = game_copy("legolas")
    _delete_row(folder / file, row)
    runner = CliRunner()
    res = runner.invoke(main, ["validate", "--game", str(folder)])
    assert res.exit_code == 3 and not isinstance(res.exception, Exception) or \
        isinstance(res.exception, SystemExit), res.output
    assert expected in res.output
    assert "Traceback" not in res.output
    out = tmp_path / "forced.pdf"
    res = runner.invoke(main, ["build", "--game", str(folder), "--force", "--out", str(out)])
    assert isinstance(res.exception, (SystemExit, type(None))), repr(res.exception)
    assert res.exit_code == 0 and out.is_file(), res.output
    assert expected in res.output


def test_a_power_whose_text_describes_another_kind_is_refused(game_copy):
    """Psychic level 2 set to defence 9 while its text still tells of playing anywhere: the
    card would print "play nine cards on any horde" while the engine adds 9 defence."""
    folder = game_copy("legolas")
    edit_csv(folder / "characters.csv", 5, "level2_power", "defence")
    edit_csv(folder / "characters.csv", 5, "level2_amount", "9")
    found = [str(f) for f in errors_in(validate(open_game(str(folder))))]
    assert len(found) == 1, found
    assert found[0].startswith('error: characters.csv, row 5, field "level2_text": Psychic: the '
                               "text 'On your turn, you can play")
    assert found[0].endswith("does not describe a defence power (the character's defence from "
                             "this level on), which the engine plays; it should mention 'defen'")


def test_a_broken_template_is_reported_and_printed_as_written_with_force(game_copy, tmp_path):
    """--force prints a row with an error as its designer wrote it (it was left out of the PDF,
    silently, and the manifest then said the PDF held 6 character cards of 8)."""
    folder = game_copy("legolas")
    edit_csv(folder / "characters.csv", 4, "level2_text", "{amont:Times} all coin values.")
    edit_csv(folder / "treasures.csv", 9, "text", "Your neighbors take {amount damage.")
    found = [str(f) for f in validate(open_game(str(folder)))]
    assert found[0].startswith('error: treasures.csv, row 9, field "text": Earth Barrier: the '
                               "text 'Your neighbors take {amount damage.' has a broken "
                               "placeholder")
    assert found[1].startswith('error: characters.csv, row 4, field "level2_text": Rogue: the '
                               "text '{amont:Times} all coin values.' has an unknown placeholder "
                               "{amont}; this card has {amount}")
    forced = build(open_game(str(folder)), tmp_path / "f.pdf", force=True)
    sheets = next(s for s in forced.sections if s.title.startswith("Treasure, character"))
    # the treasure and character sheets read back (not all 39 pages: some 50 ms a page)
    text = " ".join(p.extract_text() for p in
                    PdfReader(tmp_path / "f.pdf").pages[sheets.first - 1:sheets.last])
    assert "FIGHTER" in text and "ROGUE" in text
    assert "{amont:Times} all coin" in text and "{amount damage" in text
    assert not [f for f in forced.findings if f.message.startswith("manifest:")]


def test_a_picture_that_cannot_be_drawn_names_its_row_and_what_it_does_not_know(game_copy,
                                                                               tmp_path):
    """A barrier's target no element: the card prints with --force, its picture's error said
    only "figure 'legolas.treasure': 'nosuch'"."""
    folder = game_copy("legolas")
    edit_csv(folder / "treasures.csv", 9, "target", "nosuch")
    forced = build(open_game(str(folder)), tmp_path / "f.pdf", force=True)
    assert ('error: treasures.csv, row 9, field "art": Earth Barrier treasure card: element '
            "\"art\" (layouts/treasure.toml): figure 'legolas.treasure': unknown name "
            "'nosuch'") in [str(f) for f in forced.findings]


def test_the_manifest_says_how_many_are_extra_and_from_where(game_copy, tmp_path):
    folder = game_copy("legolas")
    edit_csv(folder / "characters.csv", 2, "id", "knight")
    forced = build(open_game(str(folder)), tmp_path / "f.pdf", force=True)
    assert ("manifest: 2 character card(s) more than the rules need: the PDF holds 8 (from "
            "characters.csv), the rules need 6") in [f.message for f in forced.findings]


# ---- text size and distance from the cut line ----------------------------------------------------
@pytest.fixture
def text_calls(monkeypatch):
    """Every line of text drawn, as (text, size, box in trim coordinates)."""
    calls = []
    real = text_mod.draw_line

    def record(c, fonts, text, x, y, size, role="regular", align="left"):
        width = fonts.width(text, size, role)
        left = x - width / 2 if align == "centre" else x - width if align == "right" else x
        a, b, cc, d, e, f = c._currentMatrix
        corners = [(a * px + cc * py + e, b * px + d * py + f)
                   for px, py in ((left, y - 0.22 * size), (left + width, y + 0.74 * size))]
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        calls.append((text, size, (min(xs), min(ys), max(xs), max(ys))))
        return real(c, fonts, text, x, y, size, role, align)

    monkeypatch.setattr(text_mod, "draw_line", record)
    monkeypatch.setattr(surface_mod, "draw_line", record)
    return calls


def test_card_text_is_7_pt_or_more_and_1_mm_inside_the_cut(text_calls):
    from helpers import ROOT

    game = open_game(str(ROOT / "card_data" / "legolas"))
    kit = game.spec.build_kit(game.model, load_fonts())
    fonts = load_fonts()
    problems = []
    for sheet in kit.sheets:
        if sheet.shape != "rect":
            continue
        for piece in sheet.pieces:
            for side, drawer in (("front", piece.front), ("back", piece.back)):
                if drawer is None:
                    continue
                del text_calls[:]
                s = Surface(Canvas(io.BytesIO()), fonts, sheet.width, sheet.height, 3 * MM, piece.name)
                drawer(s)
                for text, size, (x0, y0, x1, y1) in text_calls:
                    if size < 7 - 1e-6:
                        problems.append(f"{piece.name} {side}: {text!r} at {size:.2f} pt")
                    margin = min(x0, y0, sheet.width - x1, sheet.height - y1)
                    if margin < 1 * MM:
                        problems.append(f"{piece.name} {side}: {text!r} {margin / MM:.2f} mm "
                                        "from the cut")
    assert sorted(set(problems)) == []
