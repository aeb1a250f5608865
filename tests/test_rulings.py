"""Rulings the engine enforces, and what game.toml states about the engine: every ruling the
engine declares is in rulings.toml, every number in a ruling is bound to the engine's value, the
booklet says which rulings restate the published rules, the box's player count and the sides
are the engine's."""

import re

import pypdfium2 as pdfium
import pytest

from helpers import edit_csv
from pnp.errors import DataError
from pnp.games.experior.engine import ExperiorGame
from pnp.games.rulings import BARE_NUMBER
from pnp.games.wuxing.engine import WuxingGame
from pnp.project import build, errors_in, open_game, validate


def errors(folder) -> list[str]:
    return [str(f) for f in errors_in(validate(open_game(str(folder))))]


def set_text(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def drop_ruling(path, rid: str) -> None:
    text = path.read_text(encoding="utf-8")
    blocks = text.split("[[ruling]]")
    kept = [b for b in blocks if f'id = "{rid}"' not in b]
    assert len(kept) == len(blocks) - 1
    path.write_text("[[ruling]]".join(kept), encoding="utf-8")


def booklet_text(folder) -> str:
    game = open_game(str(folder))
    return game.spec.build_kit(game.model, {}).booklet.text


@pytest.mark.parametrize("game", ["wuxing", "experior"])
def test_shipped_rulings_hold_every_ruling_the_engine_enforces(game):
    engine = {"wuxing": WuxingGame, "experior": ExperiorGame}[game]
    opened = open_game(game)
    assert validate(opened) == []
    ids = [r.id for r in opened.model.common.rulings]
    assert set(engine.RULINGS) <= set(ids)
    for r in opened.model.common.rulings:
        assert BARE_NUMBER.findall(re.sub(r"\{\w+\}", "", r.text)) == [], r.id
        assert r.kind in ("published", "kit")


@pytest.mark.parametrize("game, rid", [("wuxing", "W14"), ("experior", "E12")])
def test_a_missing_ruling_is_an_error_naming_it(game_copy, game, rid):
    folder = game_copy(game)
    drop_ruling(folder / "rulings.toml", rid)
    found = errors(folder)
    assert len(found) == 1
    assert found[0].startswith(f'error: rulings.toml, field "id": the rules engine enforces '
                               f"ruling {rid} (with {{"), found
    assert found[0].endswith("but rulings.toml has no entry for it")


@pytest.mark.parametrize("command", [["validate"], ["build", "--force"]])
def test_a_missing_ruling_the_booklet_states_is_blamed_on_rulings_toml(game_copy, tmp_path,
                                                                        command):
    """The booklet states W9 (`{{ ruling.W9 }}`): without the entry it used to fail on its
    template ("'dict object' has no attribute 'W9'"), blaming booklet.md.j2."""
    from click.testing import CliRunner

    from pnp.cli import main

    folder = game_copy("wuxing")
    drop_ruling(folder / "rulings.toml", "W9")
    out = ["--out", str(tmp_path / "x.pdf")] if "build" in command else []
    result = CliRunner().invoke(main, [*command, "--game", str(folder), *out])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "booklet.md.j2" not in result.output, result.output
    assert result.output.splitlines()[-1] == ('Error: rulings.toml, field "id": the rules '
                                              "engine enforces ruling W9, but rulings.toml has "
                                              "no entry for it"), result.output


def test_a_missing_rulings_file_is_an_error_naming_it(game_copy):
    folder = game_copy("experior")
    (folder / "rulings.toml").unlink()
    found = errors(folder)
    assert len(found) == 1 and found[0].startswith(
        "error: rulings.toml: rulings.toml is missing; the rules engine enforces rulings E1, E2")


def test_a_number_written_into_a_ruling_is_refused_with_its_placeholder(game_copy):
    folder = game_copy("wuxing")
    set_text(folder / "rulings.toml", "after {max_rounds} rounds", "after 30 rounds")
    row = next(i for i, r in enumerate(open_game(str(folder)).model.common.rulings, 1)
               if r.id == "W14")
    assert errors(folder) == [
        f'error: rulings.toml, row {row}, field "text": W14: the text must state the engine\'s '
        "max_rounds as {max_rounds}",
        f'error: rulings.toml, row {row}, field "text": W14: the number 30 is written out; '
        "numbers in a ruling are placeholders (write {max_rounds}) so the booklet states what "
        "the engine plays"]


def test_unknown_placeholder_and_unknown_kind_are_named(game_copy):
    folder = game_copy("experior")
    set_text(folder / "rulings.toml", "{max_turns} turns", "{max_turn} turns")
    set_text(folder / "rulings.toml", 'kind = "kit"\nsource', 'kind = "ours"\nsource')
    found = errors(folder)
    assert any('field "text": E9: unknown placeholder {max_turn}; this ruling can state: '
               in f for f in found), found
    assert any('rulings.toml, row 7, field "kind": kind must be "published"' in f
               for f in found), found
    assert len(found) == 3, found  # E7 is not also reported missing


def test_round_limit_is_one_number_for_engine_ruling_and_booklet(game_copy):
    """A design change: options.max_rounds = 12 is accepted, the engine draws after 12 rounds
    and the booklet says 12 (under Winning and in W14), never 30."""
    folder = game_copy("wuxing")
    set_text(folder / "game.toml", "[options]\n", "[options]\nmax_rounds = 12\n")
    game = open_game(str(folder))
    assert validate(game) == []
    assert game.spec.new_game(game.model).max_rounds == 12
    text = booklet_text(folder)
    assert "If nobody has won after 12 rounds, the game is a draw." in text
    winning = text[text.index("## Winning"):text.index("## Rulings")]
    assert "12 rounds" in winning
    assert not re.search(r"\b30\b", text)


def test_experior_flip_follows_the_board(game_copy, tmp_path):
    """E12 states the wound marker's + side from [board] wound_cells_beyond: +20 in the booklet,
    on the markers and on the board alike."""
    folder = game_copy("experior")
    set_text(folder / "game.toml", "wound_cells_beyond = 30", "wound_cells_beyond = 20")
    out = tmp_path / "e.pdf"
    build(open_game(str(folder)), out)
    doc = pdfium.PdfDocument(out)          # reads text as a viewer does, 100 times pypdf's speed
    text = "\n".join(doc[i].get_textpage().get_text_bounded() for i in range(len(doc)))
    doc.close()
    flat = " ".join(text.split())
    assert "(+20 for wounds, +10 for experience)" in flat  # E12 in the booklet
    assert "turn the wound marker to +20" in flat  # the board
    assert flat.count("+20") >= 4  # and the two wound markers' backs
    assert "+30" not in flat


def test_booklet_marks_published_rules_and_kit_rulings():
    text = booklet_text(open_game("experior").folder.path)
    assert "the player with fewer wounds makes it. *(as published)*" in text
    assert "nobody makes the bonus attack. *(made for this kit)*" in text


# ---- what game.toml and the sides state about the engine ------------------------------------
def test_player_count_on_the_box_must_be_the_engines(game_copy):
    folder = game_copy("wuxing")
    set_text(folder / "game.toml", 'players = "2"', 'players = "2-3"')
    assert errors(folder) == ['error: game.toml, field "game.players": the box says 2-3 players '
                              'but the rules engine plays 2; write players = "2"']
    set_text(folder / "game.toml", 'players = "2-3"', 'players = "2+"')
    assert errors(folder) == ['error: game.toml, field "game.players": the box says 2+ players '
                              'but the rules engine plays 2; write players = "2"']
    set_text(folder / "game.toml", 'players = "2+"', 'players = "two"')  # (no count: any game's)
    with pytest.raises(DataError, match="players = 'two' is not a player count: write a count"):
        open_game(str(folder))


def test_legolas_box_count_is_checked_too(game_copy):
    folder = game_copy("legolas")
    toml = (folder / "game.toml").read_text()
    players = re.search(r'(?m)^players = "([^"]*)"', toml).group(1)
    set_text(folder / "game.toml", f'players = "{players}"', 'players = "2-6"')
    assert any('field "game.players": the box says 2-6 players' in f for f in errors(folder))


def test_side_names_must_be_unique_and_known(game_copy):
    folder = game_copy("experior")
    edit_csv(folder / "sides.csv", 3, "name", "Human")
    assert errors(folder) == ['error: sides.csv, row 3, field "name": two sides are named '
                              "'Human' (the other in row 2); players could not tell them apart"]
    folder = game_copy("wuxing")
    edit_csv(folder / "players.csv", 3, "name", "yang")
    assert any("two sides are named 'yang'" in f for f in errors(folder))


@pytest.mark.parametrize("game", ["wuxing", "experior", "legolas"])
def test_credits_do_not_point_at_rulings_that_come_before_them(game):
    """The credits close the booklet, after the rulings: they must not say "the rulings below"."""
    text = booklet_text(open_game(game).folder.path)
    assert text.index("## Rulings") < text.index("## Credits")
    assert "rulings below" not in text


def test_the_hint_for_a_written_number_names_the_rulings_own_parameter(game_copy):
    """W14 with "after 10 rounds": 10 is also the set-aside variant's age, but the number stands
    for the round limit W14 must state, so the hint is {max_rounds}, never {set_aside_age}."""
    folder = game_copy("wuxing")
    set_text(folder / "rulings.toml", "after {max_rounds} rounds", "after 10 rounds")
    found = [f for f in errors(folder) if "is written out" in f]
    assert len(found) == 1 and "W14: the number 10 is written out" in found[0], found
    assert "(write {max_rounds})" in found[0] and "set_aside_age" not in found[0], found
