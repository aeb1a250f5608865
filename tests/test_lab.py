"""Sweeps (variants of the data on common seeds) and per-card statistics."""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from helpers import usage_error
from pnp.cli import main
from pnp.data.game import find_game
from pnp.errors import OptionError, PnpError
from pnp.games.legolas.engine import PSYCHIC
from pnp.sim.cardstats import CardTally, card_figures, count_cards
from pnp.sim.simulate import load_game
from pnp.sim.sweep import make_variants, paired, parse_setting, row_key


def _pdf_text(path) -> str:
    pdf = pdfium.PdfDocument(str(path))
    return "\n".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))


# -- settings ---------------------------------------------------------------------------------

def test_parse_settings():
    s = parse_setting("options.wound_limit=50,75,100")
    assert (s.file, s.path, s.values) == ("game.toml", ("options", "wound_limit"), (50, 75, 100))
    s = parse_setting("characters.csv:psychic.threshold=10..14")
    assert (s.file, s.path, s.values) == ("characters.csv", ("psychic", "threshold"),
                                          (10, 11, 12, 13, 14))
    for bad in ("options.wound_limit", "wound_limit=3", "cards.csv:x=1", "options.x=5..2"):
        with pytest.raises(PnpError):
            parse_setting(bad)


def test_csv_variant_changes_one_row_of_a_copy(tmp_path):
    original = (find_game("legolas") / "characters.csv").read_text()
    base, variants = make_variants("legolas", [parse_setting(
        "characters.csv:psychic.threshold=10..11")], None, tmp_path)
    assert [v.label for v in variants] == ["psychic.threshold=10", "psychic.threshold=11"]
    assert base.game.threshold[PSYCHIC] == 6
    assert [v.setup.game.threshold[PSYCHIC] for v in variants] == [10, 11]
    assert variants[0].setup.game.threshold[:PSYCHIC] == base.game.threshold[:PSYCHIC]
    assert (find_game("legolas") / "characters.csv").read_text() == original


def test_unknown_targets_are_clear_errors(tmp_path):
    for text, words in (("characters.csv:nobody.threshold=1", "no row 'nobody'"),
                        ("characters.csv:psychic.speed=1", "no column 'speed'"),
                        ("options.nope=1", r"no .nope. in \[options\]")):
        with pytest.raises(PnpError, match=words):
            make_variants("legolas" if "csv" in text else "experior", [parse_setting(text)],
                          None, tmp_path / str(abs(hash(text))))


def test_paired_differences():
    base = [{"x": 1.0}, {"x": 0.0}, {"x": 1.0}, {"x": 0.0}]
    other = [{"x": 1.0}, {"x": 1.0}, {"x": 1.0}, {"x": 0.0}]
    f = paired(base, other)["x"]
    assert (f["base"], f["variant"], f["difference"]) == (0.5, 0.75, 0.25)
    # differences 0, 1, 0, 0: sd 0.5, half-width 1.96 * 0.5 / 2
    assert f["ci"] == pytest.approx([0.25 - 0.4899909961, 0.25 + 0.4899909961])
    assert not f["measurable"]


# -- the sweep ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def experior_sweep(tmp_path_factory):
    out = tmp_path_factory.mktemp("sweep") / "s.pdf"
    result = CliRunner().invoke(main, [
        "sweep", "-g", "experior", "--set", "options.wound_limit=30,100,0", "-n", "300",
        "--seed", "3", "--jobs", "1", "--json", "--out", str(out)])
    # wound_limit=0 fails: the others are compared and reported, the exit says not all were
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == ("Error: 1 of 3 variants fail validation (wound_limit=0): "
                                     "the report compares the others")
    return json.loads(result.stdout), out


def test_sweep_variants_and_common_random_numbers(experior_sweep):
    result, _ = experior_sweep
    short, same, broken = result["variants"]
    assert [v["label"] for v in result["variants"]] == [
        "wound_limit=30", "wound_limit=100", "wound_limit=0"]
    # the base value on the same seeds plays the very same games: differences exactly zero
    for f in same["figures"].values():
        assert f["difference"] == 0 and f["ci"] == [0, 0]
    # a lower wound limit: shorter games, measurably; the paired interval is tighter than
    # two independent runs would give
    length = short["figures"]["length"]
    assert length["difference"] < 0 and length["measurable"]
    half = (length["ci"][1] - length["ci"][0]) / 2
    assert half < length["unpaired_half_width"]
    assert broken["valid"] is False and "simulated" not in broken
    assert any("wound_limit" in p for p in broken["problems"])


def test_sweep_report_pdf(experior_sweep):
    result, pdf = experior_sweep
    text = _pdf_text(pdf)
    assert "what if options.wound_limit" in text
    assert "Not simulated (the data fails validation): wound_limit=0" in text
    assert "length" in text and "variant minus base" in text


# -- per-card statistics ----------------------------------------------------------------------

def test_card_tally_by_hand(tmp_path):
    (tmp_path / "cards.csv").write_text("name,cost\nAxe,1\nBow,2\n")
    t = CardTally()
    axe, bow = ("cards.csv", 0), ("cards.csv", (("name", "Bow"),))
    # game 1: seat 0 plays the axe and wins; game 2: seat 1 plays it and loses; bow held only
    t.add_game({(0, axe), (1, axe), (0, bow)}, Counter({(0, axe): 2}), [1.0, 0.0])
    t.add_game({(0, axe), (1, axe), (1, bow)}, Counter({(1, axe): 1}), [1.0, 0.0])
    t.add_game({(0, axe), (1, axe)}, Counter(), [0.5, 0.5])          # a draw: nobody wins
    axe_f, bow_f = card_figures(t, tmp_path)
    assert (axe_f["card"], axe_f["row"], axe_f["played_means"]) == ("Axe", 2, "played")
    assert (axe_f["when_played"]["wins"], axe_f["when_played"]["of"]) == (1, 2)
    assert (axe_f["when_not"]["wins"], axe_f["when_not"]["of"]) == (1, 4)
    assert axe_f["plays_per_game"] == 1.0 and axe_f["held_share"] == 1.0
    # held only: holders (1 win of 2) against every other seat-game (1 of 4)
    assert bow_f["played_means"] == "held"
    assert (bow_f["when_played"]["wins"], bow_f["when_played"]["of"]) == (1, 2)
    assert (bow_f["when_not"]["wins"], bow_f["when_not"]["of"]) == (1, 4)


def test_a_card_is_flagged_against_its_files_typical_difference(tmp_path):
    """Playing any card of the file goes with winning (+40 points): that alone flags nothing.
    The card that departs from it (C: no difference, 30 points below the typical) is flagged,
    and only with enough seat-games on each side."""
    (tmp_path / "cards.csv").write_text("name\nA\nB\nC\nD\n")

    def tally(scale: int) -> CardTally:
        t = CardTally()
        usual = Counter({(1, True): 6, (1, False): 4, (0, True): 2, (0, False): 8})
        flat = Counter({(1, True): 2, (1, False): 8, (0, True): 2, (0, False): 8})
        for i, c in enumerate((usual, usual, flat, usual)):
            t.rows["cards.csv", i] = Counter({k: n * scale for k, n in c.items()})
        t.games, t.seat_games, t.wins = 20 * scale, 20 * scale, 8 * scale
        return t

    cards = card_figures(tally(10), tmp_path)
    a, c = cards[0], cards[2]
    assert a["difference"] == pytest.approx(0.4) and a["difference_ci"][0] > 0
    assert a["file_difference"] == pytest.approx(0.3)     # won 200 of 400 played, 80 of 400 not
    assert c["excess"] == pytest.approx(-0.3) and c["excess_ci"][1] < 0
    assert [x["card"] for x in cards if x["measurable"]] == ["C"]
    assert a["verdict"] == ("no measurable effect (its interval holds the file's typical "
                            "difference)") and c["verdict"] == "a measurable effect"
    # 20 seat-games a side: below MIN_SEAT_GAMES, nothing is flagged, and the verdict says why
    few = card_figures(tally(2), tmp_path)
    assert not any(x["measurable"] for x in few)
    assert {x["verdict"] for x in few} == {"too few seat-games to judge (20 < 30)"}


def test_experior_card_counts_add_up():
    setup = load_game("experior")
    tally = count_cards(setup, 150, seed=2, agents=["greedy", "random"], jobs=1)
    cards = card_figures(tally, find_game("experior"))
    assert len(cards) == 12 and all(c["held_share"] == 0.5 for c in cards)
    from pnp.sim.simulate import simulate
    turns = simulate(setup, 150, seed=2, agents=["greedy", "random"], jobs=1).tally.length
    mean_turns = sum(v * n for v, n in turns.items()) / 150
    assert sum(c["plays_per_game"] for c in cards) == pytest.approx(2 * mean_turns)


def test_legolas_card_counts_add_up():
    setup = load_game("legolas")
    cards = card_figures(count_cards(setup, 40, seed=5, agents=["random"] * 4, jobs=1),
                         find_game("legolas"))
    by_file = Counter(c["file"] for c in cards)
    assert by_file == {"monsters.csv": 48, "treasures.csv": 16, "characters.csv": 4,
                       "missions.csv": 7}
    chars = [c for c in cards if c["file"] == "characters.csv"]
    assert sum(c["held_share"] for c in chars) == pytest.approx(1.0)   # one character a seat
    missions = [c for c in cards if c["file"] == "missions.csv"]
    assert all(c["held_share"] == 1.0 for c in missions)
    assert sum(c["plays_per_game"] for c in missions) == pytest.approx(5 * 4)  # a round each


def test_report_has_the_balance_proof_and_its_csv(tmp_path):
    out = tmp_path / "exp.pdf"
    result = CliRunner().invoke(main, ["report", "-g", "experior", "-n", "300", "--agents",
                                       "greedy,random", "--jobs", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    table = tmp_path / "exp-cards.csv"
    assert f"{table}: 12 card rows" in result.output
    rows = list(csv.DictReader(table.open()))
    assert [r["card"] for r in rows[:2]] == ["Human Quick Sword", "Human Strong Sword"]
    assert {r["file"] for r in rows} == {"cards.csv"}
    assert all(0 <= float(r["win_when_played"]) <= 1 for r in rows)
    # each "no" says why: too few games, or an interval holding the typical difference
    assert all(r["verdict"].startswith(("no measurable", "too few", "nothing to compare"))
               for r in rows if r["measurable"] == "no")
    assert all((r["measurable"] == "yes") == (r["verdict"] == "a measurable effect")
               for r in rows), rows
    text = _pdf_text(out)
    assert "Balance proof: card by card" in text
    assert "cards.csv, row 13" in text and "Elf Strong Magic" in text
    assert "in percentage points, pp: 52 % against 50 % is +2 pp" in " ".join(text.split())


def test_a_balance_proof_face_stays_inside_its_frame(tmp_path):
    """A mission card's red header band is drawn with its bleed; the thumbnail is cut at the
    trim like the card, so nothing of it lands outside its frame (issue 17 trial: it did)."""
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from pnp.sim.balanceproof import Face, kit_faces

    faces, fonts = kit_faces("legolas")
    piece, w, h, shape, _ = faces[("missions.csv", 2)]
    face = Face(piece, w, h, shape, fonts)
    margin = 10 * mm
    out = tmp_path / "face.pdf"
    c = Canvas(str(out), pagesize=(face.width + 2 * margin, face.height + 2 * margin))
    face.drawOn(c, margin, margin)
    c.save()
    scale = 4  # px per point
    img = pdfium.PdfDocument(str(out))[0].render(scale=scale).to_pil().convert("L")
    m, fw, fh = (round(v * scale) for v in (margin, face.width, face.height))
    inside = img.crop((m + 3, m + 3, m + fw - 3, m + fh - 3))
    assert inside.getextrema()[0] < 128                     # the face was drawn
    for box in ((0, 0, img.width, m - 2), (0, m + fh + 2, img.width, img.height),
                (0, 0, m - 2, img.height), (m + fw + 2, 0, img.width, img.height)):
        assert img.crop(box).getextrema() == (255, 255), box   # white around the frame


def test_values_mix_ranges_and_lists_within_a_cap():
    from pnp.sim.sweep import parse_settings

    assert parse_setting("options.wound_limit=1..3,5").values == (1, 2, 3, 5)
    assert parse_setting("options.wound_limit=7,1..2").values == (7, 1, 2)
    for bad, words in (("options.wound_limit=1..100000", "100,000 values; a sweep takes at "
                        "most 100 values a setting"),
                       ("options.wound_limit=1..x", "'1..x' is not a range"),
                       ("options.wound_limit=5..2,7", "the range 5..2 is empty")):
        with pytest.raises(PnpError, match=words):
            parse_setting(bad)
    with pytest.raises(PnpError, match="options.wound_limit is given twice"):
        parse_settings(["options.wound_limit=50", "options.wound_limit=75"])
    # one cell named by its key and by its number
    r = CliRunner().invoke(main, ["sweep", "-g", "legolas", "-n", "2", "--set",
                                  "characters.csv:psychic.threshold=7", "--set",
                                  "characters.csv:#5.threshold=8"])
    assert usage_error(r, "--set") == (
        "--set characters.csv:psychic.threshold and --set characters.csv:#5.threshold "
        "change the same cell (characters.csv, row 5, column 'threshold'); give its values once")
    with pytest.raises(PnpError, match="make 1,000 variants; a sweep plays at most 200"):
        parse_settings(["a.b=1..10", "a.c=1..10", "a.d=1..10"])


def test_a_csv_row_named_twice_is_an_error_and_a_row_number_names_one(tmp_path):
    with pytest.raises(PnpError, match=r"cards.csv has 6 rows 'human' in its first column 'side' "
                       r"\(rows #2, #3, #4, #5, #6, #7\); name one by its row number, e\.g\. "
                       r"cards.csv:#2.multiplier"):
        make_variants("experior", [parse_setting("cards.csv:human.multiplier=5")], None,
                      tmp_path / "a")
    base, variants = make_variants("experior", [parse_setting("cards.csv:#3.multiplier=5")],
                                   None, tmp_path / "b")
    assert variants[0].label == "#3.multiplier=5"
    # the copy's row 3 (the validator's and the per-card CSV's numbering) is the one changed
    assert any('cards.csv, row 3, field "multiplier"' in p for p in variants[0].problems)
    before = (find_game("experior") / "cards.csv").read_text().splitlines()
    after = (tmp_path / "b" / "v0" / "experior" / "cards.csv").read_text().splitlines()
    assert [i + 1 for i, (x, y) in enumerate(zip(before, after)) if x != y] == [3]
    assert (before[2], after[2]) == ("human,sword,strong,3", "human,sword,strong,5")
    # the figures name a row by its first column: what the sweep report charts first
    assert row_key(find_game("experior"), parse_setting("cards.csv:#8.multiplier=5")) == "elf"
    psychic = parse_setting("characters.csv:psychic.threshold=1")
    assert row_key(find_game("legolas"), psychic) == "psychic"
    assert row_key(find_game("experior"), parse_setting("options.wound_limit=5")) is None
    for bad in ("#1", "#99"):
        with pytest.raises(PnpError, match=r"cards.csv has no data row #\d+ \(its rows are #2 "
                           r"to #13; #1 is the header\)"):
            make_variants("experior", [parse_setting(f"cards.csv:{bad}.multiplier=5")], None,
                          tmp_path / bad[1:])


def test_a_sweep_whose_every_variant_fails_is_an_error(tmp_path):
    out = tmp_path / "s.pdf"
    r = CliRunner().invoke(main, ["sweep", "-g", "experior", "-n", "2", "--jobs", "1",
                                  "--set", "options.wound_limit=0", "--out", str(out)])
    assert r.exit_code == 2  # a data error, as each variant's is (it was 1)
    assert 'error: game.toml, field "options.wound_limit": [options] wound_limit must be 1 ' \
        "to 9999, got 0" in r.output
    assert r.output.strip().splitlines()[-1] == ("Error: every variant fails validation: "
                                                 "nothing was compared, no report written")
    assert not out.exists()


def test_the_sweep_charts_the_changed_card_and_the_strongest_changes_first(tmp_path):
    from pnp.sim.sweepreport import MAX_CHARTS, write_sweep_report

    def fig(diff, half):
        return {"base": 0.5, "variant": 0.5 + diff, "difference": diff,
                "ci": [diff - half, diff + half], "unpaired_half_width": 2 * half,
                "measurable": abs(diff) > half}

    figs = {"seat 1 return": fig(0.01, 0.05), "seat 2 return": fig(0.2, 0.05),
            "length": fig(-3.0, 0.5), "ended_by=wounds": fig(0.35, 0.05),
            "characters=fighter": fig(0.02, 0.05), "characters=psychic": fig(0.01, 0.05),
            "characters=rogue": fig(0.0, 0.05), "characters=wizard": fig(0.1, 0.05),
            "still": fig(0.0, 0.0)}
    result = {"title": "T", "settings": ["characters.csv:#5.threshold"], "about": ["psychic"],
              "games": 10, "seed": 1, "agents": ["greedy"], "base": {},
              "variants": [{"label": "#5.threshold=9", "valid": True, "values": {},
                            "figures": figs}]}
    charted = write_sweep_report(result, tmp_path / "s.pdf")
    assert MAX_CHARTS == 6
    # the psychic's own figure, then measurable by distance from zero in half-widths (ended_by
    # 7, length 6, seat 2 4, wizard 2), then the rest; "still" never moves, so is never charted
    assert charted == ["characters=psychic", "ended_by=wounds", "length", "seat 2 return",
                       "characters=wizard", "seat 1 return"]
    text = " ".join(_pdf_text(tmp_path / "s.pdf").split())
    assert ("Charted: 6 of the 8 figures that change" in text
            and "Not charted, in the table at the end and in --json: characters=fighter, "
                "characters=rogue." in text)


def test_a_sweep_changes_only_its_own_copy_of_the_game(tmp_path):
    import shutil

    game = tmp_path / "mygame"
    shutil.copytree(find_game("legolas"), game)
    original = (game / "characters.csv").read_text()
    outside = tmp_path / "outside.csv"
    outside.write_text("a,b\n1,2\n")
    for i, target in enumerate((f"{game}/characters.csv:psychic.threshold=10",
                                "../" * 12 + f"{str(outside).lstrip('/')}:#2.b=9")):
        with pytest.raises(PnpError, match="game folder"):
            make_variants(str(game), [parse_setting(target)], None, tmp_path / f"v{i}")
    assert (game / "characters.csv").read_text() == original
    assert outside.read_text() == "a,b\n1,2\n"


def test_a_card_row_with_too_few_games_says_so_not_no_effect():
    from pnp.sim.balanceproof import _words
    from pnp.sim.cardstats import MIN_SEAT_GAMES, verdict

    def card(of_not: int) -> dict:
        c = {"file": "treasures.csv", "row": 3, "card": "Net", "held_share": 0.4,
             "plays_per_game": 0.0, "played_means": "held",
             "when_played": {"of": 80, "rate": 0.6, "ci": [0.5, 0.7]},
             "when_not": {"of": of_not, "rate": 0.2, "ci": [0.1, 0.4]},
             "difference": 0.4, "difference_ci": [0.2, 0.6], "file_difference": 0.0,
             "excess": 0.4, "excess_ci": [0.2, 0.6], "measurable": of_not >= MIN_SEAT_GAMES}
        return {**c, "verdict": verdict(c)}

    assert f"too few seat-games to judge (26 &lt; {MIN_SEAT_GAMES})" in _words(card(26))
    assert "a measurable effect" in _words(card(40))
    # (a trial: "difference -0.9 points", in a game whose counter is its points)
    assert "difference +40.0 pp (+20.0 to +60.0)" in _words(card(40))
    assert "beyond the typical: +40.0 pp" in _words(card(40)) and "points" not in _words(card(40))


def test_a_mean_of_few_values_gets_students_wide_interval():
    from pnp.sim.charts import mean_ci

    lo, hi = mean_ci({"n": 2, "mean": 36.0, "stdev": 38.18})  # two seats, 63 and 9 VP
    assert (lo, hi) == pytest.approx((36 - 12.706 * 27.0, 36 + 12.706 * 27.0), rel=1e-3)
    lo, hi = mean_ci({"n": 400, "mean": 10.0, "stdev": 2.0})
    assert hi - 10 == pytest.approx(1.96 * 0.1, rel=1e-3)


def test_a_value_given_twice_in_one_set_is_an_error():
    with pytest.raises(PnpError, match="10 is given twice"):
        parse_setting("characters.csv:psychic.threshold=10,10")
    with pytest.raises(PnpError, match="11 is given twice"):
        parse_setting("characters.csv:psychic.threshold=10..12,11")


def test_a_setting_game_toml_leaves_to_its_default_says_to_write_it_first(tmp_path):
    """Wuxing plays its default max_rounds without a line for it: the sweep says how to sweep
    it."""
    with pytest.raises(OptionError) as caught:
        make_variants("wuxing", [parse_setting("options.max_rounds=10,20")], None, tmp_path)
    assert caught.value.message == ("game.toml has no 'max_rounds' in [options]; to sweep it, "
                                    "write it there first with the value the game plays now "
                                    "([options] max_rounds = ...)")


@pytest.mark.parametrize("target, said", [
    ("options.aid_card", "game.toml has no 'aid_card' in [options] (did you mean 'aid_cards'?)"),
    ("option.aid_cards", "game.toml has no table [option] (did you mean 'options'?)"),
    ("nosuch.key", "game.toml has no table [nosuch];"),
    ("characters.csv:fighter.threshhold", "characters.csv has no column 'threshhold' (did you "
                                          "mean 'threshold'?)"),
    ("characters.csv:fightr.threshold", "characters.csv has no row 'fightr' (did you mean "
                                        "'fighter'?)"),
    ("charactrs.csv:fighter.threshold", "the game has no charactrs.csv (did you mean "
                                        "'characters.csv'?)")])
def test_a_set_naming_no_setting_is_a_usage_error_naming_a_close_one(tmp_path, target, said):
    """It exited 1, after the base game was loaded, and named no close key."""
    r = CliRunner().invoke(main, ["sweep", "-g", "legolas", "-n", "2", "--jobs", "1",
                                  "--set", f"{target}=1", "-o", str(tmp_path / "s.pdf")])
    assert said in usage_error(r, "--set")


def test_a_sweep_says_how_far_random_agents_can_be_trusted(experior_sweep):
    """A designer's own game has no greedy agent: its sweep is random play unless told, and
    the table did not say what that means for a difference in who wins."""
    from pnp.sim.sweep import agent_note, format_sweep

    result, _ = experior_sweep
    assert set(result["agents"]) == {"random"}
    text = format_sweep(result)
    assert text.endswith(agent_note(["random", "random"]))
    assert "Played by random agents only" in text and "sweep again with --agents mcts:50" in text
    # it said `pnp simulate --ladder` tells whether a lead holds: of the base game only
    assert "`pnp simulate --ladder` checks the base game only, not the variants" in text
    assert agent_note(["mcts:50", "random"]) == "" and agent_note(["greedy"] * 2) == ""


def test_a_sweep_interval_has_the_decimals_of_its_difference():
    """"-10.3  -10.8 to -9.817": the end under 10 got three decimals, the rest one."""
    from pnp.sim.sweep import format_sweep

    row = {"label": "goal=15", "valid": True, "figures": {"length": {
        "base": 39.7, "variant": 29.4, "difference": -10.3, "ci": [-10.8, -9.817],
        "unpaired_half_width": 0.75, "measurable": True}}}
    text = format_sweep({"title": "T", "settings": ["options.goal"], "games": 200, "seed": 1,
                         "agents": ["greedy", "greedy"], "variants": [row]})
    assert "-10.8 to -9.8 " in text and "9.817" not in text


def test_a_text_swept_into_a_number_setting_is_named_not_left_to_python(tmp_path):
    """options.goal=abc in a new market game reached the rules, which said "'>=' not supported
    between instances of 'int' and 'str'". It is a value the setting cannot take: refused
    before any game is played, as a target the game lacks is (it was listed as a variant
    failing validation, the other values played)."""
    from pnp.scaffold import new_game

    new_game("mygame", tmp_path, "market")
    r = CliRunner().invoke(main, ["sweep", "-g", str(tmp_path / "mygame"), "--set",
                                  "options.goal=abc,30", "-n", "2", "--jobs", "1",
                                  "--out", str(tmp_path / "s.pdf")])
    assert usage_error(r, "--set") == "game.toml [options] goal is a number (20), not 'abc'"
    assert not (tmp_path / "s.pdf").exists()
    assert "not supported between" not in r.output


@pytest.mark.parametrize("value, said", [
    ("abc", "game.toml [options] hand is a number (3), not 'abc'"),
    ("3,abc", "game.toml [options] hand is a number (3), not 'abc'"),
    ("true", "game.toml [options] hand is a number (3), not true"),
    ("1..x", "game.toml [options] hand: '1..x' is not a range of whole numbers like 10..14"),
    ("5..2", "game.toml [options] hand: the range 5..2 is empty"),
    ("1..500", "game.toml [options] hand: the range 1..500 has 500 values; a sweep takes at "
               "most 100 values a setting"),
    ("2,,4", "game.toml [options] hand: an empty value in '2,,4'"),
    ("3,3", "game.toml [options] hand: 3 is given twice; each value is one variant"),
])
def test_a_value_a_set_cannot_take_is_a_usage_error_naming_what_it_sets(tmp_path, value, said):
    """A fresh-user trial: `--set options.hand=abc` was a variant "failing validation" with
    "error: game.toml [options] hand is a number", and `--set options.hand=1..x` named the
    whole text ('options.hand=1..x': ...), where `--set options.hnad=3` is a usage error
    naming game.toml and [options]. Each is that: exit 2 before any game, naming the file and
    the key the --set writes."""
    duel = Path(__file__).parent / "games" / "duel"
    r = CliRunner().invoke(main, ["sweep", "-g", str(duel), "--set", f"options.hand={value}",
                                  "-n", "2", "--jobs", "1", "--out", str(tmp_path / "s.pdf")])
    assert usage_error(r, "--set") == said
    assert not (tmp_path / "s.pdf").exists() and "Sweeping" not in r.output


def test_a_value_out_of_the_game_s_bounds_is_its_variant_s_problem_named_by_field(tmp_path):
    """What only the variant's validation finds (a count below 0, more cards than the game
    has) is that variant's, the other values still played: named by file and field, as
    each check's finding is."""
    duel = Path(__file__).parent / "games" / "duel"
    r = CliRunner().invoke(main, ["sweep", "-g", str(duel), "--set", "options.hand=-1,4",
                                  "-n", "2", "--jobs", "1", "--out", str(tmp_path / "s.pdf")])
    assert 'hand=-1: fails validation, not simulated:\n  error: game.toml, field ' \
        '"options.hand": a count is 0 or more, not -1 (setup[2].count reads it)\n' in r.output
    assert "hand=4:" in r.output and (tmp_path / "s.pdf").exists()
    # the report is written, and a script still learns the sweep was not whole
    assert r.exit_code == 2 and r.output.strip().splitlines()[-1] == (
        "Error: 1 of 2 variants fail validation (hand=-1): the report compares the others")


def test_a_csv_value_error_names_the_file_row_and_column(tmp_path):
    duel = Path(__file__).parent / "games" / "duel"
    r = CliRunner().invoke(main, ["sweep", "-g", str(duel), "--set", "cards.csv:#2.rank=5..2",
                                  "-n", "2", "--out", str(tmp_path / "s.pdf")])
    assert usage_error(r, "--set") == "cards.csv, row 2, column 'rank': the range 5..2 is empty"
    r = CliRunner().invoke(main, ["sweep", "-g", str(duel), "--set",
                                  "cards.csv:6 of Rose.rank=1,1", "-n", "2",
                                  "--out", str(tmp_path / "s.pdf")])
    assert usage_error(r, "--set") == \
        "cards.csv, row '6 of Rose', column 'rank': 1 is given twice; each value is one variant"


def test_a_player_count_the_game_cannot_take_names_the_game_once(tmp_path):
    """"mygame: mygame is for 2-4 players, not 9" (a game whose rules are data)."""
    from pnp.scaffold import new_game

    new_game("mygame", tmp_path, "market")
    r = CliRunner().invoke(main, ["simulate", "-g", str(tmp_path / "mygame"), "-p", "9",
                                  "-n", "2"])
    assert usage_error(r, "--players") == "mygame is for 2-4 players, not 9"
