"""Call-log goldens beside the pixel goldens (tests/test_visual.py): for a front and a back of
each shipped game and of a plain deck, the drawing calls the face makes, rounded, compared with
a stored log (tests/calllog.py; PNP_UPDATE_GOLDEN=1 regenerates)."""

import pytest

from calllog import assert_calls_match_golden, face_calls
from helpers import ROOT
from pnp.preview import find_faces, kit_faces
from pnp.project import open_game, prepare

FACES = [("wuxing", "cards.csv:2", False), ("wuxing", "cards.csv:2", True),
         ("experior", "cards.csv:2", False), ("legolas", "monsters.csv:2", False),
         ("legolas", "missions.csv:2", True), ("showcase", "cards.xlsx [sheet Cards]:2", False)]


def _faces(game: str):
    folder = ROOT / "tests" / "games" / game if game == "showcase" else game
    kit, fonts, _ = prepare(open_game(str(folder)), force=True)
    return kit_faces(kit), fonts


@pytest.mark.parametrize("game,card,back", FACES)
def test_a_face_draws_the_calls_approved(game, card, back):
    faces, fonts = _faces(game)
    spec = find_faces(faces, card, back)[0]
    row = "-".join(card.replace("[", "").replace("]", "").replace(".", " ").replace(":", " ")
                   .split())
    name = f"{game}-{row}-{'back' if back else 'front'}"
    assert_calls_match_golden(face_calls(spec, fonts), name)


def test_a_changed_size_shows_in_the_log(tmp_path):
    """What the log is for: a layout's text size edited reads as that number changed."""
    import shutil

    from pnp.scaffold import new_game

    game = new_game("logged", tmp_path)
    faces, fonts = _faces(str(game))
    before = face_calls(find_faces(faces, "cards.csv:2")[0], fonts)
    layout = game / "layouts" / "card.toml"
    text = layout.read_text(encoding="utf-8")
    assert "size = 13" in text
    layout.write_text(text.replace("size = 13", "size = 12", 1), encoding="utf-8")
    faces, fonts = _faces(str(game))
    after = face_calls(find_faces(faces, "cards.csv:2")[0], fonts)
    changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines()) if a != b]
    assert changed and all("13" in a and "12" in b for a, b in changed[:1]), changed
    shutil.rmtree(game)


def test_a_log_that_differs_fails_with_the_lines_that_changed():
    from calllog import CALLS

    golden = (CALLS / "wuxing-cards-csv-2-back.txt").read_text(encoding="utf-8")
    lines = golden.splitlines()
    lines[1] = lines[1] + " changed"
    with pytest.raises(AssertionError, match=r"(?s)drawing calls changed.*\+.* changed"):
        assert_calls_match_golden("\n".join(lines) + "\n", "wuxing-cards-csv-2-back")
