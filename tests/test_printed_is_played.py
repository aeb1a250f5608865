"""Printed = played for Wuxing Duel and Experior: a design change shows up in print (the PDF's
text) and in play (the engine); what the rules give a colour or a symbol cannot be silently
changed; pieces fit the board; the Wuxing board is the engine's and favours neither seat."""

import re

import pytest
from pypdf import PdfReader

from helpers import edit_csv
from pnp.games.experior import engine as xengine
from pnp.games.wuxing.engine import DEFAULT_PATHS, WuxingGame
from pnp.project import build, errors_in, open_game, validate
from pnp.units import MM


def errors(folder) -> list[str]:
    return [str(f) for f in errors_in(validate(open_game(str(folder))))]


def pdf_text(folder, tmp_path) -> str:
    out = tmp_path / "kit.pdf"
    build(open_game(str(folder)), out)
    return _text_of(out)


def _text_of(pdf) -> str:
    return " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(pdf).pages)


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    """game -> (its shipped kit's PDF, the build's result), each built once when first asked."""
    folder = tmp_path_factory.mktemp("shipped")
    built: dict = {}

    def kit(game: str):
        if game not in built:
            built[game] = folder / f"{game}.pdf", build(open_game(game), folder / f"{game}.pdf")
        return built[game]
    return kit


def set_text(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# ---- Wuxing: the board is the engine's, and it is fair ------------------------------------------
def test_the_engines_default_board_is_the_printed_one():
    model = open_game("wuxing").model
    assert [tuple(p) for p in model.paths()] == [tuple(p) for p in DEFAULT_PATHS]
    assert WuxingGame().paths == open_game("wuxing").spec.new_game(model).paths


def test_the_layout_figures_in_W21_are_the_simulators():
    """W21 prints the win rates of 2,000 seeded games per kind of agent on this layout: the
    simulator gives exactly those figures again, and neither seat is over 55 %."""
    from pnp.sim.simulate import load_game, simulate

    model = open_game("wuxing").model
    values = next(r for r in model.common.rulings if r.id == "W21").values
    setup = load_game("wuxing")
    for agents in ("greedy", "random"):
        tally = simulate(setup, 2000, seed=1, agents=agents, jobs=1).tally
        yang, yin = (tally.outcomes[seat][1] / tally.games * 100 for seat in (0, 1))
        assert (round(yang, 1), round(yin, 1)) == (values[f"{agents}_yang"],
                                                   values[f"{agents}_yin"])
        assert max(yang, yin) <= 55


def test_a_new_layout_is_played_and_printed_but_needs_new_figures(game_copy, tmp_path):
    """A design change: another legal layout. The engine plays it, the board prints it, and
    W21's figures, measured on the old layout, are refused until they are measured again."""
    folder = game_copy("wuxing")
    new = [("wood", "fire", "earth", "metal", "water"), ("earth", "water", "metal", "wood", "fire"),
           ("metal", "earth", "water", "fire", "wood")]
    rows = ["path,position,element"] + [f"{k + 1},{i + 1},{e}" for k, p in enumerate(new)
                                        for i, e in enumerate(p)]
    (folder / "islands.csv").write_text("\n".join(rows) + "\n")
    found = errors(folder)
    assert len(found) == 1 and found[0].startswith("error: rulings.toml, row 21, field "
                                                   '"values": W21 prints win rates measured on')
    old = "earth water fire wood metal / metal wood water earth fire / water fire wood metal earth"
    set_text(folder / "rulings.toml", old, " / ".join(" ".join(p) for p in new))
    game = open_game(str(folder))
    assert errors(folder) == []
    assert game.spec.new_game(game.model).paths == tuple(new)
    out = tmp_path / "kit.pdf"
    build(game, out)
    board = PdfReader(out).pages[-1].extract_text()
    # the board prints each island's name: path by path from Yang's edge
    names = [w for w in board.split() if w in ("Wood", "Fire", "Earth", "Metal", "Water")]
    assert names[:5] == ["Wood", "Fire", "Earth", "Metal", "Water"]


# ---- Wuxing: the booklet follows the options ---------------------------------------------------
def test_generated_wins_option_is_told_everywhere_and_played(game_copy):
    folder = game_copy("wuxing")
    set_text(folder / "game.toml", "generated_wins = false", "generated_wins = true")
    game = open_game(str(folder))
    text = game.spec.build_kit(game.model, {}).booklet.text
    assert "the two elements that beat it" not in text  # the old rule, two paragraphs later
    assert "the element that generates it (red solid arrow), which it beats" in text
    assert "Option (used in this kit): in a generating link the generated element wins." in text
    g = game.spec.new_game(game.model)
    assert g.generated_wins and g._beat[0][1] == 1  # wood generates fire: fire wins


def test_generated_wins_option_builds_and_its_reference_card_says_it(game_copy, tmp_path):
    """The option is a design choice: it must validate clean and build without --force (its
    reference-card sentence once overflowed the box even at 7 pt)."""
    folder = game_copy("wuxing")
    set_text(folder / "game.toml", "generated_wins = false", "generated_wins = true")
    assert errors(folder) == []
    text = pdf_text(folder, tmp_path)
    assert "Blue arrow: its start wins the duel. Red arrow: its end wins." in text
    assert "The element an arrow starts from wins the duel." not in text


def test_variants_print_their_ages_and_are_played(game_copy):
    folder = game_copy("wuxing")
    set_text(folder / "game.toml", "set_aside = true", "set_aside = false")
    set_text(folder / "game.toml", "pawns_turn = true", "pawns_turn = false")
    game = open_game(str(folder))
    text = game.spec.build_kit(game.model, {}).booklet.text
    assert "This kit uses the variant for players under 10: no card is set aside." in text
    assert "This kit uses the variant for players under 8: pawns never turn." in text
    assert "Variant for players under 10 (used in this kit): no card is set aside." in text
    assert "Variant for players under 8 (used in this kit): pawns never turn." in text
    state = game.spec.new_game(game.model).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert state.phase == "assign"  # no set-aside phase


# ---- Wuxing: meaning carried by colour and symbol ----------------------------------------------
@pytest.mark.parametrize("file, row, field, value, message", [
    ("players.csv", 2, "symbol", "陰", 'players.csv, row 2, field "symbol": Yang\'s symbol is 陽 '
                                      "(Yang); the data prints 陰"),
    ("players.csv", 3, "colour", "yang", 'players.csv, row 3, field "colour": Yin\'s cards are '
                                         "black by the rules (W2); the data prints #f7f4ec"),
    ("tokens.csv", 2, "colour", "destroying", 'tokens.csv, row 2, field "colour": Red link token '
                                              "is printed #1565c0, but generating links are red"),
    ("elements.csv", 3, "glyph", "木", 'elements.csv, row 3, field "glyph": fire has the same '
                                      "glyph as wood (木); each element needs its own"),
])
def test_an_edit_against_the_booklets_words_is_a_finding(game_copy, file, row, field, value,
                                                        message):
    folder = game_copy("wuxing")
    edit_csv(folder / file, row, field, value)
    assert any(message in f for f in errors(folder)), errors(folder)


def test_arrow_colours_are_the_rules(game_copy):
    folder = game_copy("wuxing")
    set_text(folder / "game.toml", 'generating = "#d32f2f"', 'generating = "#1565c0"')
    assert errors(folder) == ['error: game.toml, field "palette.generating": the generating '
                              "arrows are printed #1565c0, but the rules and the booklet call "
                              "generating links red",
                              # the red tokens take the palette's colour: they turn blue too
                              'error: tokens.csv, row 2, field "colour": Red link token is '
                              "printed #1565c0, but generating links are red (W10)"]


# ---- pieces fit the table -------------------------------------------------------------------
def test_experior_markers_fit_their_cells_and_never_overlap():
    from pnp.games.experior.geometry import board_layout, tracks
    from pnp.layout.places import problems

    model = open_game("experior").model
    geo = board_layout(model)
    d = model.marker_diameter
    assert d == pytest.approx(8 * MM)
    assert d <= geo["cell_w"] and d <= geo["cell_h"] and d <= geo["exp_h"]
    assert geo["cell_w"] + geo["col_gap"] >= d  # neighbouring experience columns
    assert len(tracks(model)) == 8 and problems(tracks(model)) == []


def test_big_markers_are_refused_with_the_measures(game_copy):
    folder = game_copy("experior")
    set_text(folder / "game.toml", 'diameter = "8mm"', 'diameter = "14mm"')
    found = errors(folder)
    assert ('error: game.toml, field "markers.diameter": a 14 mm experience marker does not '
            "fit the 8.35 x 8.42 mm cells of the Human's Sword experience track") in found
    assert ('error: game.toml, field "markers.diameter": the experience marker on the Human\'s '
            "Sword experience track and the experience marker on the Human's Bow experience "
            "track overlap by 4.45 mm when they stand side by side (cells 9.55 mm apart)") in found


def test_wuxing_pawns_fit_their_islands(game_copy):
    folder = game_copy("wuxing")
    assert errors(folder) == []
    set_text(folder / "game.toml", 'diameter = "24mm"', 'diameter = "32mm"')
    assert errors(folder) == ['error: game.toml, field "tokens.diameter": a 32 mm pawn does not '
                              "fit the 30 x 30 mm cells of path 1",
                              'error: game.toml, field "tokens.diameter": a 32 mm pawn does not '
                              "fit the 30 x 30 mm cells of path 2",
                              'error: game.toml, field "tokens.diameter": a 32 mm pawn does not '
                              "fit the 30 x 30 mm cells of path 3"]
    set_text(folder / "game.toml", 'diameter = "32mm"', 'diameter = "24mm"')
    set_text(folder / "game.toml", 'height = "190mm"', 'height = "130mm"')
    # islands 22 mm apart: two pawns on neighbouring islands of a path overlap
    assert any("two pawns on neighbouring cells of path 1 overlap by" in f
               for f in errors(folder)), errors(folder)


# ---- Experior: design numbers are printed and played -------------------------------------------
def test_a_new_multiplier_is_printed_and_played(game_copy, tmp_path):
    folder = game_copy("experior")
    edit_csv(folder / "modalities.csv", 3, "multiplier", "4")
    for row in range(2, 14):
        if "strong" in (folder / "cards.csv").read_text().splitlines()[row - 1]:
            edit_csv(folder / "cards.csv", row, "multiplier", "4")
    assert errors(folder) == []
    text = pdf_text(folder, tmp_path)
    assert "strong x4" in text  # E1
    assert text.count("experience × 4") >= 6 and "experience × 3" not in text  # the cards
    game = open_game(str(folder))
    s = game.spec.new_game(game.model).state_at(human_seat=0)
    s.apply_action(xengine.card_id("sword", "strong"))
    s.apply_action(xengine.card_id("bow", "quick"))
    assert s.wounds == (0, 3 * 4)  # the Human's sword 3, times 4


def test_the_second_example_is_the_engines_end_of_a_game(shipped):
    from pnp.games.experior.example import worked_example

    game = open_game("experior")
    rows = worked_example(game.model, end=True)
    end = rows[-1]["end"]
    assert [r["turn"] for r in rows] == [21, 22]
    assert end["bonus_attacker"] == "Elf" and end["bonus_damage"] == 3 * 9
    assert (end["winner_before"], end["winner"]) == ("Human", "Elf")
    # the same cards through a plain engine from the same position
    p = game.model.end_position
    s = xengine.ExperiorGame().state_at(human_seat=0, turn=p.turn, exp=p.exp, wounds=p.wounds,
                                         locked={k: xengine.card_id(*c)
                                                 for k, c in p.locked.items()})
    for turn in game.model.end_example:
        s.apply_action(xengine.card_id(*turn.cards["human"]))
        s.apply_action(xengine.card_id(*turn.cards["elf"]))
    assert s.is_terminal() and s.stats()["wounds"] == end["wounds"] == {"human": 107, "elf": 100}
    text = _text_of(shipped("experior")[0])
    assert "| End |" not in text and "Example: the end of a game" in text
    assert "Elf: 3 × 9 = 27" in text and "The bonus attack decided the game." in text


def test_a_second_example_that_does_not_end_is_refused(game_copy):
    folder = game_copy("experior")
    set_text(folder / "game.toml", "elf = { wounds = 95", "elf = { wounds = 40")
    assert errors(folder) == [
        'error: game.toml, field "example_end": the second example must show the end of a '
        "game, but after its 2 turn(s) nobody has reached the wound limit (100); add turns to "
        "example_end.csv or start [example_end] with more wounds"]


# ---- text keeps clear of the cut ---------------------------------------------------------------
def _surface(shape="rect", w=30 * MM, h=30 * MM):
    import io

    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.fonts import load_fonts
    from pnp.render.surface import Surface

    return Surface(Canvas(io.BytesIO()), load_fonts(), w, h, 0, "token", shape=shape)


def test_text_must_keep_1_mm_from_the_cut_line():
    s = _surface()
    s.line("Fire", 1.2 * MM, 10 * MM, 8)  # 1.2 mm from the left edge: fine
    assert s.findings == []
    s.line("Fire", 0.5 * MM, 10 * MM, 8)
    assert [f"{f.subject}: {f.message}" for f in s.findings] == [
        "token: text 'Fire' is 0.50 mm from the cut line; keep it at least 1 mm inside"]


def test_text_inside_a_round_token_is_measured_against_the_circle():
    s = _surface("circle", 14 * MM, 14 * MM)
    s.line("Human", 7 * MM, 2 * MM, 7, "bold", "centre")  # the corners leave the circle
    assert len(s.findings) == 1 and "'Human'" in s.findings[0].message
    s = _surface("circle", 14 * MM, 14 * MM)
    s.line("Human", 7 * MM, 6 * MM, 7, "bold", "centre")
    assert s.findings == []


def test_turned_text_is_measured_where_it_lands():
    s = _surface(w=40 * MM, h=20 * MM)
    s.c.saveState()
    s.c.translate(40 * MM, 20 * MM)
    s.c.rotate(180)  # upside down: x = 0.5 mm here is 0.5 mm from the right edge
    s.line("Yin", 0.5 * MM, 10 * MM, 8)
    s.c.restoreState()
    assert len(s.findings) == 1 and "0.50 mm from the cut line" in s.findings[0].message


def test_card_text_under_7_pt_is_a_finding():
    s = _surface()
    s.line("small", 10 * MM, 10 * MM, 6.5)
    assert [f"{f.subject}: {f.message}" for f in s.findings] == [
        "token: text 'small' is 6.5 pt; printed text needs at least 7 pt to be read across a "
        "table"]


def test_shipped_kits_have_no_text_near_a_cut_and_none_under_7_pt(shipped):
    for game in ("wuxing", "experior"):
        _, result = shipped(game)
        assert [str(f) for f in result.findings] == [], game
    board = PdfReader(shipped("wuxing")[0]).pages[-1].extract_text()
    assert re.search(r"\bFire\b", board) and "on this side" in board


def test_more_link_tokens_are_printed_and_played(game_copy, tmp_path):
    """A design change: 4 tokens of each colour. The engine plays with 4, the booklet and W11
    say all 8 win, the PDF holds 4 of each."""
    folder = game_copy("wuxing")
    edit_csv(folder / "tokens.csv", 2, "count", "4")
    assert any('tokens.csv, row 3, field "count": Blue link token: the rules need as many as '
               "Red link tokens (4), the data prints 3" in f for f in errors(folder))
    edit_csv(folder / "tokens.csv", 3, "count", "4")
    assert errors(folder) == []
    game = open_game(str(folder))
    assert game.spec.new_game(game.model).tokens_per_colour == 4
    text = pdf_text(folder, tmp_path)
    assert "holds all 8 tokens wins at once" in text and "all 6" not in text
    assert text.count("Generating") >= 4 and "4 × red link token" in text


def test_experior_turn_limit_is_an_option(game_copy):
    folder = game_copy("experior")
    set_text(folder / "game.toml", "max_turns = 1000", "max_turns = 400")
    game = open_game(str(folder))
    assert errors(folder) == [] and game.spec.new_game(game.model).max_turns == 400
    assert "after 400 turns" in game.spec.build_kit(game.model, {}).booklet.text


def test_an_end_example_that_starts_past_the_wound_limit_is_left_out(game_copy):
    """wound_limit = 80 with [example_end] elf at 95 wounds: the booklet would narrate turn 21
    of a game already over. A low limit stays a design change: a warning names the entry and
    the booklet leaves that example out."""
    folder = game_copy("experior")
    set_text(folder / "game.toml", "wound_limit = 100 ", "wound_limit = 80 ")
    set_text(folder / "game.toml", "wound_cells_beyond = 30", "wound_cells_beyond = 40")
    game = open_game(str(folder))
    found = [str(f) for f in validate(game)]
    assert found == [
        'warning: game.toml, field "example_end.elf": the second example starts in turn 21 with '
        "the Elf at 95 wounds, already at or past the wound limit (80): that game was over, so "
        "the booklet leaves the example out; start it below the limit"]
    text = game.spec.build_kit(game.model, {}).booklet.text
    assert "Late in another game" not in text and "reaches **80 wounds**" in text


def test_the_closest_places_of_two_tracks_are_found_as_by_measuring_every_pair():
    """The board check finds the closest cells by a sweep in x: the same distance as measuring
    every pair, for tracks apart, crossing and one track with itself."""
    import random
    from math import hypot

    from pnp.layout.places import Place, _closest

    rng = random.Random(7)
    for _ in range(200):
        first, second = ([Place(rng.uniform(0, 60), rng.uniform(0, 60), 5, 5)
                          for _ in range(rng.randint(2, 25))] for _ in range(2))
        every = min(hypot(p.x - q.x, p.y - q.y) for p in first for q in second)
        assert _closest(tuple(first), tuple(second)) == pytest.approx(every)
        itself = min(hypot(p.x - q.x, p.y - q.y) for i, p in enumerate(first)
                     for q in first[i + 1:])
        assert _closest(tuple(first), tuple(first), same=True) == pytest.approx(itself)
