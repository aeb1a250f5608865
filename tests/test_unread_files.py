"""A data file that cannot be read is named once, where it went wrong: an unclosed quote at the
row it opens in (not the file's end), and the checks that need the file wait until it reads
(an empty treasures.csv used to add 16 "treasure ... is missing" errors after the real one)."""

from pnp.project import open_game, validate


def _said(folder):
    return [str(f) for f in validate(open_game(str(folder)))]


def test_an_unclosed_quote_is_named_at_the_row_it_opens_in(game_copy):
    folder = game_copy("legolas")
    csv = folder / "monsters.csv"
    lines = csv.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2].replace(",", ',"', 1)
    csv.write_text("\n".join(lines) + "\n", encoding="utf-8")
    said = _said(folder)
    assert said[0] == ("error: monsters.csv, row 3: malformed CSV: the quote opened in the row "
                       "at line 3 is never closed")
    assert [s for s in said if s.startswith("error")] == said[:1]


def test_the_checks_that_need_an_unreadable_file_wait_for_it(game_copy):
    folder = game_copy("legolas")
    (folder / "treasures.csv").write_text("", encoding="utf-8")
    (folder / "rulings.toml").write_text("[[[", encoding="utf-8")
    said = _said(folder)
    errors = [s for s in said if s.startswith("error")]
    assert len(errors) == 2, said
    assert sorted(e.split(":")[1] for e in errors) == [" rulings.toml", " treasures.csv"]
    assert "warning: rulings.toml, treasures.csv: the checks that read it run once it reads" \
        in said


def test_a_booklet_template_that_is_not_utf8_is_an_error_not_a_crash(game_copy):
    from click.testing import CliRunner

    from pnp.cli import main

    folder = game_copy("wuxing")
    (folder / "booklet.md.j2").write_bytes(b"# Rules\n\nCaf\xe9\n")
    result = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert result.exit_code == 2, result.output
    assert "booklet.md.j2: line 3 is not UTF-8 text" in result.output
