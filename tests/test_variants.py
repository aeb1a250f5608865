"""Variants: one game.toml, several builds ([variants.bw] overriding palette entries, layout
files, components and element properties), chosen with --variant."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from helpers import refused
from pnp.cli import main
from pnp.data.variants import apply_variant
from pnp.errors import DataError
from pnp.preview import preview
from pnp.project import open_game
from pnp.scaffold import new_game

ROOT = Path(__file__).resolve().parents[1]
TOML = Path("game.toml")
BASE = {"game": {"title": "T"}, "palette": {"night": "#26324a", "sun": "#e0a526"},
        "variants": {"bw": {"palette": {"night": "#000000"}, "print": {"paper": "a5"}}}}


def test_a_variant_overrides_the_palette_and_adds_settings_and_leaves_the_rest():
    config, variant = apply_variant(BASE, "bw", TOML)
    assert config["palette"] == {"night": "#000000", "sun": "#e0a526"}
    assert config["print"] == {"paper": "a5"}
    assert "variants" not in config and variant.elements == {} and variant.files == {}
    assert BASE["palette"]["night"] == "#26324a"  # the game's own settings are untouched


def test_an_unknown_variant_is_an_error_with_the_close_name():
    with pytest.raises(DataError, match=r"no variant 'bww' \(did you mean 'bw'\?\); game.toml "
                                        r"has bw") as exc:
        apply_variant(BASE, "bww", TOML)
    assert exc.value.field == "variants"
    with pytest.raises(DataError, match="the game has none"):
        apply_variant({"game": {}}, "bw", TOML)


def test_a_variant_colour_the_game_lacks_is_an_error_naming_the_close_one():
    config = {**BASE, "variants": {"bw": {"palette": {"nigth": "#000000"}}}}
    with pytest.raises(DataError, match=r"no colour 'nigth' \(did you mean 'night'\?\)") as exc:
        apply_variant(config, "bw", TOML)
    assert exc.value.field == "variants.bw.palette.nigth"


def _deck(tmp_path: Path, variant: str) -> Path:
    folder = new_game("v", tmp_path, "deck")
    (folder / "layouts" / "back-red.toml").write_text(
        'extends = "back.toml"\n[background]\nfill = "#ff0000"\n')
    with open(folder / "game.toml", "a") as f:
        f.write(variant)
    return folder


def _back_pixel(folder: Path, tmp_path: Path, variant: str | None) -> tuple[int, int, int]:
    out = tmp_path / f"{variant}.png"
    preview(open_game(str(folder), variant=variant), "cards.csv:2", out, back=True, dpi=100,
            bleed_mm=3)
    image = Image.open(out).convert("RGB")
    return image.getpixel((round(5 / 25.4 * 100), image.height // 2))  # 2 mm inside the trim


@pytest.mark.parametrize("variant,colour", [
    ('[variants.bw.palette]\nnight = "#000000"\n', (0, 0, 0)),
    ('[variants.bw.component.card]\nback = "layouts/back-red.toml"\n', (255, 0, 0)),
    ('[variants.bw.elements."layouts/back.toml".background]\nfill = "#00ff00"\n', (0, 255, 0)),
    ('[variants.bw.layouts]\n', (0x26, 0x32, 0x4a))])  # a variant that changes nothing
def test_each_kind_of_override_changes_the_printed_back(tmp_path, variant, colour):
    folder = _deck(tmp_path, variant)
    assert _back_pixel(folder, tmp_path, None) == pytest.approx((0x26, 0x32, 0x4a), abs=2)
    assert _back_pixel(folder, tmp_path, "bw") == pytest.approx(colour, abs=2)


def test_an_element_the_layout_lacks_is_an_error_naming_game_toml(tmp_path):
    folder = _deck(tmp_path, '[variants.bw.elements."layouts/back.toml".backgroud]\nfill = "red"\n')
    with pytest.raises(DataError, match=r"back.toml has no element \[backgroud\] \(did you mean "
                                        r"'background'\?\)") as exc:
        preview(open_game(str(folder), variant="bw"), "cards.csv:2", tmp_path / "x.png",
                back=True)
    assert exc.value.path == folder / "game.toml"


@pytest.mark.parametrize("variant,says", [
    # (not "did you mean 'cards.csv'?": the file it is read in place of)
    ('[variants.bw.files]\n"cards.csv" = "cardz.csv"\n', 'field "variants.bw.files.cards.csv": '
     "[variants.bw.files] reads 'cardz.csv' in place of 'cards.csv', but 'cardz.csv' is not in "
     "the game folder\n"),
    ('[variants.bw.component.card]\nbakc = "layouts/back.toml"\n', 'field '
     "\"variants.bw.component.card.bakc\": [[component]] has no setting 'bakc' (did you mean "
     "'back'?)"),
    ('[variants.bw.component.cardd]\nback = "layouts/back.toml"\n', 'field '
     "\"variants.bw.component.cardd\": no [[component]] named 'cardd' (did you mean 'card'?)"),
    ('[variants.bw.elements."bak.toml".background]\nfill = "#000000"\n', 'field '
     "\"variants.bw.elements.bak.toml\": the layout file it changes, 'bak.toml', is not in the "
     "game folder (did you mean 'layouts/back.toml'?)"),
    ('[variants.bw.elements."layouts/back.toml".backgroud]\nfill = "#000000"\n', 'field '
     "\"variants.bw.elements.layouts/back.toml.backgroud\": back.toml has no element "
     "[backgroud] (did you mean 'background'?)"),
])
@pytest.mark.parametrize("command", ["validate", "build"])
def test_a_variant_s_mistake_is_said_without_choosing_it(tmp_path, variant, says, command):
    folder = _deck(tmp_path, variant)
    args = ["--out", str(tmp_path / "x.pdf")] if command == "build" else []
    result = CliRunner().invoke(main, [command, "--game", str(folder), *args])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert result.output.startswith(f"Error: game.toml, {says}"), result.output
    assert len(result.output.splitlines()) == 1, result.output
    assert not (tmp_path / "x.pdf").exists()


def test_build_variant_bw_of_legolas_is_grey_and_named_apart(tmp_path, monkeypatch):
    import pypdfium2 as pdfium

    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["build", "-g", str(ROOT / "card_data" / "legolas"),
                                  "--variant", "bw"])
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "output" / "legolas-bw.pdf"
    doc = pdfium.PdfDocument(str(pdf))
    colours = set()
    for i in range(len(doc)):
        image = doc[i].render(scale=0.3).to_pil().convert("RGB")
        colours |= {c for _, c in image.getcolors(1 << 20)}
    doc.close()
    assert max(max(c) - min(c) for c in colours) <= 12  # no colour, only greys (anti-aliasing)
    wrong = runner.invoke(main, ["build", "-g", str(ROOT / "card_data" / "legolas"),
                                 "--variant", "bww"])
    assert wrong.exit_code != 0 and "Traceback" not in wrong.output
    assert wrong.output.strip().splitlines() == [
        "Error: game.toml, field \"variants\": no variant 'bww' (did you mean 'bw'?); "
        "game.toml has bw (add it as [variants.bww])"]


def test_a_variant_reads_another_data_file_and_a_missing_one_is_named(tmp_path):
    from pnp.project import prepare

    folder = _deck(tmp_path, '[variants.bw.files]\n"cards.csv" = "cards-bw.csv"\n')
    rows = (folder / "cards.csv").read_text().splitlines()
    exc = refused(str(folder), variant="bw")
    exc.match("cards-bw.csv")
    assert exc.value.field == "variants.bw.files.cards.csv"
    (folder / "cards-bw.csv").write_text("\n".join([rows[0], "Dusk,Draw one card.,night,1"]))
    kit, _, _ = prepare(open_game(str(folder), variant="bw"))
    assert [p.name for s in kit.sheets for p in s.pieces] == ["Dusk"]
    kit, _, _ = prepare(open_game(str(folder)))
    assert "Dusk" not in [p.name for s in kit.sheets for p in s.pieces]


def test_a_variant_may_choose_its_own_paper(tmp_path):
    from pypdf import PdfReader

    from pnp.project import build

    folder = _deck(tmp_path, '[variants.small.print]\npaper = "a5"\n')
    build(open_game(str(folder), variant="small"), tmp_path / "small.pdf")
    build(open_game(str(folder)), tmp_path / "own.pdf")
    small = PdfReader(tmp_path / "small.pdf").pages[0].mediabox
    own = PdfReader(tmp_path / "own.pdf").pages[0].mediabox
    assert (float(small.width), float(small.height)) == pytest.approx((419.53, 595.28), abs=0.01)
    assert (float(own.width), float(own.height)) == pytest.approx((595.28, 841.89), abs=0.01)


def test_validate_export_and_serve_take_the_variant(tmp_path, monkeypatch):
    from pnp.server import start

    monkeypatch.chdir(tmp_path)
    folder = _deck(tmp_path, '[variants.bw.palette]\nnight = "#000000"\n')
    runner = CliRunner()
    result = runner.invoke(main, ["validate", "-g", str(folder), "--variant", "bw"])
    assert result.exit_code == 0 and "v-bw: the card data matches the rules" in result.output
    result = runner.invoke(main, ["export", "-g", str(folder), "--variant", "bw", "--format",
                                  "pod"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "output" / "v-bw-pod.pdf").is_file()
    with pytest.raises(DataError, match="no variant 'colour'"):
        start(str(folder), variant="colour")


def test_a_bad_value_a_variant_gives_an_element_names_game_toml(tmp_path):
    folder = _deck(tmp_path, '[variants.bw.elements."layouts/back.toml".background]\n'
                             'fill = "notacolour"\n')
    exc = refused(str(folder), variant="bw")
    exc.match("'notacolour' is missing from game.toml's")
    assert exc.value.path == folder / "game.toml" and exc.value.field == "background.fill"
    # the game's own build says it too, naming the variant (the layout is compiled, not drawn)
    exc = refused(str(folder))
    exc.match(r"variant 'bw' \(variants.bw.elements.layouts/back.toml"
                                        r"\): 'notacolour' is missing")
    assert exc.value.path == folder / "game.toml" and exc.value.field == "background.fill"


@pytest.mark.parametrize("command", ["validate", "build"])
@pytest.mark.parametrize("layout,says", [
    ('extends = "back.toml"\n[background]\nfil = "#ff0000"\n',
     'error: layouts/back-red.toml, field "background.fil": variant \'bw\' '
     "(variants.bw.component.card.back = 'layouts/back-red.toml'): element [background] (rect) "
     "has no property 'fil'"),
    ('extends = "back.toml"\n[background]\nfill = "{{ nigth }}"\n',
     'error: layouts/back-red.toml, field "background.fill": variant \'bw\' '
     "(variants.bw.component.card.back = 'layouts/back-red.toml'): '{{ nigth }}' uses "
     "'nigth', which is neither a column"),
])
def test_a_mistake_in_a_layout_only_a_variant_uses_is_said_without_choosing_it(
        tmp_path, command, layout, says):
    # (a fresh-user trial: only `--variant bw` found it; the game's own build printed)
    folder = _deck(tmp_path, '[variants.bw.component.card]\nback = "layouts/back-red.toml"\n')
    (folder / "layouts" / "back-red.toml").write_text(layout)
    args = ["--out", str(tmp_path / "x.pdf")] if command == "build" else []
    result = CliRunner().invoke(main, [command, "--game", str(folder), *args])
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert result.output.startswith(says), result.output
    assert not (tmp_path / "x.pdf").exists()


def test_a_shipped_game_s_variant_layout_is_checked_without_choosing_it(tmp_path):
    from helpers import changed_copy

    folder = changed_copy(ROOT / "card_data" / "legolas", tmp_path / "legolas", "game.toml",
                          "[variants.bw.files]", '[variants.bw.layouts]\nmission = '
                          '"layouts/mission-bw.toml"\n\n[variants.bw.files]')
    (folder / "layouts" / "mission-bw.toml").write_text(
        'extends = "mission.toml"\n[gain_box]\nfil = "#000000"\n')
    result = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert result.exit_code == 2, result.output
    assert [line for line in result.output.splitlines() if line.startswith("error")] == [
        'error: layouts/mission-bw.toml, field "gain_box.fil": variant \'bw\' '
        "(variants.bw.layouts.mission = 'layouts/mission-bw.toml'): element [gain_box] (rect) "
        "has no property 'fil' (did you mean 'fill'?); it takes: dash, fill, from, height, "
        "opacity, radius, rotate, stroke, stroke_width, when, width, x, y"]
    (folder / "layouts" / "mission-bw.toml").write_text('extends = "mission.toml"\n')
    result = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert result.exit_code == 0, result.output


def test_a_variant_s_layouts_are_compiled_only_where_they_differ(monkeypatch):
    """The shipped bw variant changes two elements of mission.toml: that file alone is
    compiled again for it when the colour game opens, and nothing when it is chosen."""
    from pnp.faces import components

    loaded: list[str] = []
    real = components.load_spec

    def spy(root, ref, *args, **kwargs):
        loaded.append(ref)
        return real(root, ref, *args, **kwargs)

    monkeypatch.setattr(components, "load_spec", spy)
    open_game(str(ROOT / "card_data" / "legolas"))
    own = len([ref for ref in loaded if ref == "layouts/mission.toml"])
    assert own == 2 and len(loaded) == len(set(loaded)) + 1, loaded
    loaded.clear()
    open_game(str(ROOT / "card_data" / "legolas"), variant="bw")
    assert len(loaded) == len(set(loaded)), loaded


@pytest.mark.parametrize("variant", [
    '[variants.bw.files]\n"cards.csv" = "../outside.csv"\n',
    '[variants.bw.elements."../outside.toml".background]\nfill = "#000000"\n'])
def test_a_variant_cannot_name_a_file_outside_the_game_folder(tmp_path, variant):
    folder = _deck(tmp_path, variant)
    (tmp_path / "outside.csv").write_text("title,text,colour,count\nX,y,night,1\n")
    (tmp_path / "outside.toml").write_text('[background]\ntype = "rect"\n')
    exc = refused(str(folder), variant="bw")
    assert exc.value.path == folder / "game.toml" and exc.value.field.startswith("variants.bw.")


def test_the_shipped_bw_variant_validates_cleanly():
    # the greys stand for suits and elements: validate's [distinct] holds them apart in bw too
    result = CliRunner().invoke(main, ["validate", "-g", str(ROOT / "card_data" / "legolas"),
                                       "--variant", "bw"])
    assert result.exit_code == 0, result.output
    assert "legolas-bw: the card data matches the rules" in result.output


@pytest.mark.parametrize("command,writes", [("build", True), ("export", True), ("watch", True),
                                            ("validate", False), ("preview", False),
                                            ("serve", False)])
def test_variant_help_says_outputs_are_named_only_where_the_command_writes_them(command, writes):
    """`validate --help` said a variant's "outputs are named <game>-NAME": it writes none."""
    said = " ".join(CliRunner().invoke(main, [command, "--help"]).output.split())
    assert "--variant NAME A variant of the game" in said
    assert ("its outputs are named <game>-NAME" in said) == writes


TIGHT = ("element \"name\": leading = 0.5 sets its lines 0.5 em apart, but its font's letters "
         "reach 0.76 em above the baseline and 0.22 em below: lines would print over each other "
         "(use leading = 0.98 or more)")


def _legolas(tmp_path: Path, variant: str) -> Path:
    from helpers import changed_copy, edit

    folder = changed_copy(ROOT / "card_data" / "legolas", tmp_path / "legolas", "game.toml",
                          "[variants.bw.files]", variant + "\n[variants.bw.files]")
    (folder / "layouts" / "mission-bw.toml").write_text(
        (folder / "layouts" / "mission.toml").read_text())
    edit(folder / "layouts" / "mission-bw.toml", "size = 16\n", "size = 16\nleading = 0.5\n")
    return folder


@pytest.mark.parametrize("variant,says", [
    ('[variants.bw.layouts]\nmission = "layouts/mission-bw.toml"\n',
     "error: layouts/mission-bw.toml, field \"name.leading\": variant 'bw' "
     "(variants.bw.layouts.mission = 'layouts/mission-bw.toml'): "),
    ('[variants.bw.elements."layouts/mission.toml".name]\nleading = 0.5\n',
     "error: game.toml, field \"name.leading\": variant 'bw' "
     "(variants.bw.elements.layouts/mission.toml): ")])
def test_a_leading_under_the_letters_in_a_variant_s_layout_is_said_without_choosing_it(
        tmp_path, variant, says):
    # (a fresh-user trial: plain validate exited 0; only --variant bw said it, as every other
    # mistake in a variant's layout is said without choosing it)
    folder = _legolas(tmp_path, variant)
    result = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert result.exit_code == 3, result.output
    assert result.output.splitlines()[0] == says + TIGHT, result.output
    assert "Error: 1 problem(s) in legolas" in result.output
    chosen = CliRunner().invoke(main, ["validate", "--game", str(folder), "--variant", "bw"])
    assert chosen.exit_code == 3 and chosen.output.splitlines()[0].endswith(TIGHT), \
        chosen.output
    assert "variant 'bw'" not in chosen.output


def test_a_leading_under_the_letters_in_a_deck_variant_s_back_is_said(tmp_path):
    from pnp.project import check

    folder = _deck(tmp_path, '[variants.bw.component.card]\nback = "layouts/back-red.toml"\n')
    with open(folder / "layouts" / "back-red.toml", "a") as f:
        f.write("[name]\nleading = 0.5\n")
    found = [f for f in check(open_game(str(folder))) if f.level == "error"]
    assert [(f.message, f.source.path, f.field) for f in found] == [
        ("variant 'bw' (variants.bw.component.card.back = 'layouts/back-red.toml'): " + TIGHT,
         folder / "layouts" / "back-red.toml", "name.leading")]


def test_a_leading_the_game_s_own_layout_sets_is_its_own_finding_not_the_variant_s(tmp_path):
    """The shipped bw variant changes two elements of mission.toml: a leading that file
    itself sets too tight is the colour game's finding, named at the file, not a variant's
    mistake."""
    from helpers import changed_copy

    folder = changed_copy(ROOT / "card_data" / "legolas", tmp_path / "legolas",
                          "layouts/mission.toml", "size = 16\n", "size = 16\nleading = 0.5\n")
    result = CliRunner().invoke(main, ["validate", "--game", str(folder)])
    assert result.exit_code == 3, result.output
    assert result.output.splitlines() == [
        'error: layouts/mission.toml, field "name.leading": ' + TIGHT,
        "Error: 1 problem(s) in legolas"]
