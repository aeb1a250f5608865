"""A piece whose data has no title, name or label column is named by its row, as every message
names a row ('tokens.csv, row 4'); it was "token 3", the rows counted under the header, one
less than the row the same message named ('tokens.csv, row 4, ...: token 3: ...')."""

from click.testing import CliRunner

from pnp.cli import main
from pnp.project import check, open_game, prepare
from pnp.scaffold import new_game


def _untitled_tokens(tmp_path):
    """The tokens-and-board starter with its name column gone: the tokens' [[component]] reads
    value, colour and flip; the third token's flip text is too long for its face."""
    game = new_game("chits", tmp_path, "tokens-and-board")
    (game / "tokens.csv").write_text("value,colour,flip,count\n1,gold,spent,8\n5,blue,spent,4\n"
                                     "9,red,This is a long text,6\n", encoding="utf-8")
    front = game / "layouts" / "token.toml"
    front.write_text(front.read_text(encoding="utf-8").replace("{{ name }}", "{{ value }}"),
                     encoding="utf-8")
    return game


def test_an_untitled_token_is_named_by_file_and_row_in_findings(tmp_path):
    said = [str(f) for f in check(open_game(str(_untitled_tokens(tmp_path))))]
    assert said and all("tokens.csv, row 4" in s for s in said), said
    assert not any("token 3" in s for s in said), said
    # the place names the row once: the piece is not said again after it
    assert not any(s.count("tokens.csv, row 4") > 1 for s in said if "prints at" not in s), said
    (sibling,) = [s for s in said if "prints at" in s]
    assert "on tokens.csv, row 2 but shrinks to 7.75 pt on tokens.csv, row 4 (" in sibling


def test_an_untitled_token_is_its_row_in_the_kit_and_a_preview(tmp_path):
    game = _untitled_tokens(tmp_path)
    kit = prepare(open_game(str(game)), force=True)[0]
    names = [p.name for s in kit.sheets for p in s.pieces if p.kind == "token"]
    assert sorted(set(names)) == ["tokens.csv, row 2", "tokens.csv, row 3", "tokens.csv, row 4"]
    res = CliRunner().invoke(main, ["preview", "--game", str(game), "--card", "tokens.csv:3",
                                    "--out", str(tmp_path / "t.png")])
    assert res.exit_code == 0 and "tokens.csv, row 3, front" in res.output, res.output
