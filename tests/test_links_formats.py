"""A game folder from a stranger (issue 22, links and file formats): no link in it takes a read,
a write or a copy outside it, and no file is opened as anything but what its name claims."""

import io

import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main
from pnp.project import open_game, validate


def _new_deck(tmp_path, image_cell: str = ""):
    CliRunner().invoke(main, ["new", "art", "--dir", str(tmp_path)])
    folder = tmp_path / "art"
    if image_cell:
        (folder / "cards.csv").write_text(
            f"title,text,colour,count,image\nSun,Draw a card.,sun,1,{image_cell}\n",
            encoding="utf-8")
    return folder


def _picture(fmt: str) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), "red").save(buf, fmt)
    return buf.getvalue()


EPS = (b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 8 8\n"
       b"/loop { loop } def { } loop\nshowpage\n")


# ---- 2. file formats -----------------------------------------------------------------------
@pytest.mark.parametrize("name,data,held", [
    ("art.png", _picture("TIFF"), "TIFF"), ("art.png", _picture("WEBP"), "WebP"),
    ("art.jpg", _picture("BMP"), "BMP"), ("art.jpg", _picture("GIF"), "GIF"),
    ("art.png", EPS, "PostScript"), ("art.png", _picture("JPEG"), "JPEG"),
], ids=["tiff", "webp", "bmp", "gif", "eps", "jpeg"])
def test_a_picture_under_another_formats_name_is_refused_naming_the_file(tmp_path, name, data,
                                                                         held):
    folder = _new_deck(tmp_path, name)
    (folder / name).write_bytes(data)
    claimed = "PNG" if name.endswith(".png") else "JPEG"
    assert [str(f) for f in validate(open_game(str(folder)))] == [
        f'error: cards.csv, row 2, field "image": image {name!r} is named .{name[-3:]} but holds '
        f'{held} data; save it as {claimed} from an image editor']


def test_a_disguised_icon_is_refused_not_drawn(tmp_path):
    from pnp.faces.art import ArtError, IconFinder

    folder = _new_deck(tmp_path)
    (folder / "icons").mkdir(exist_ok=True)
    (folder / "icons" / "sun.png").write_bytes(EPS)
    with pytest.raises(ArtError, match="'sun.png' is named .png but holds PostScript data"):
        IconFinder(folder).find("sun")


@pytest.mark.parametrize("shipped", ["folder", "file"])
def test_an_icon_that_links_out_of_the_game_folder_is_refused_not_drawn(tmp_path, shipped):
    """icons/ itself a link to a folder outside: its files were drawn on the cards (the check
    compared each file with the link's own target); a file link fell back to pnp's icon."""
    from pnp.faces.art import game_icons

    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "leaf.svg").write_text(_svg('<rect width="20" height="20" fill="#ff00ff"/>'))
    folder = _new_deck(tmp_path)  # its Growth card says :leaf:
    if shipped == "folder":
        (folder / "icons").symlink_to(outside)
    else:
        (folder / "icons").mkdir()
        (folder / "icons" / "leaf.svg").symlink_to(outside / "leaf.svg")
    from pnp.project import check

    assert [str(f) for f in check(open_game(str(folder))) if f.level == "error"] == [
        'error: cards.csv, row 3, field "text": Growth: element "text" (layouts/card.toml): icon '
        "'leaf': icons/leaf.svg leaves the game folder (a link); pnp reads only files inside it"]
    assert game_icons(folder) == []


def _svg(body: str, w: int = 20, h: int = 20) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="{w}" height="{h}">{body}</svg>')


def test_svg_text_is_set_in_pnps_fonts_without_asking_the_system(tmp_path, monkeypatch):
    from pnp.faces import svg

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    marker = tmp_path / "fc-match-ran"
    (bin_dir / "fc-match").write_text(f"#!/bin/sh\ntouch {marker}\n")
    (bin_dir / "fc-match").chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:{__import__('os').environ['PATH']}")
    game = tmp_path / "game"
    game.mkdir()
    (game / "a.svg").write_text(_svg('<text x="1" y="9" font-family="Nonesuch Sans">Hi</text>'
                                     '<text x="1" y="19" font-family="Other" '
                                     'font-weight="bold">Yo</text>'))
    drawing, _ = svg.read(game / "a.svg", game)
    names = []

    def walk(group):
        for shape in getattr(group, "contents", []):
            if hasattr(shape, "fontName"):
                names.append(shape.fontName)
            walk(shape)

    walk(drawing)
    assert not marker.exists()
    assert [n.rsplit("-", 1)[0] for n in names] == ["DejaVuSans", "DejaVuSans-Bold"]


def test_a_linked_svgs_text_is_refused(tmp_path):
    from pnp.faces import svg

    (tmp_path / "inner.svg").write_text(_svg('<text x="1" y="9">Hi</text>'))
    (tmp_path / "a.svg").write_text(_svg('<image xlink:href="inner.svg" width="9" height="9"/>'))
    with pytest.raises(svg.SvgError, match="draws 'inner.svg', which holds text"):
        svg.inspect(tmp_path / "a.svg", tmp_path)


def test_an_svg_linking_a_symlinked_svg_is_checked_as_svglib_resolves_it(tmp_path):
    """svglib reads the linked SVG's links from the link's folder, not from its target's."""
    from pnp.faces import svg

    game = tmp_path / "a" / "b" / "game"
    (game / "deep" / "er").mkdir(parents=True)
    png = _picture("PNG")
    (game / "x.png").write_bytes(png)  # where the target's folder would find it
    (tmp_path / "a" / "x.png").write_bytes(png)  # where svglib finds it: outside the game
    (game / "deep" / "er" / "real.svg").write_text(
        _svg('<image xlink:href="../../x.png" width="9" height="9"/>'))
    (game / "link.svg").symlink_to(game / "deep" / "er" / "real.svg")
    (game / "a.svg").write_text(_svg('<image xlink:href="link.svg" width="9" height="9"/>'))
    with pytest.raises(svg.SvgError, match="links to '../../x.png', outside the game folder"):
        svg.read(game / "a.svg", game)


def test_svgs_drawing_each_other_through_a_folder_link_stop(tmp_path):
    from pnp.faces import svg

    (tmp_path / "d").symlink_to(".")
    (tmp_path / "a.svg").write_text(_svg('<image xlink:href="d/a.svg" width="9" height="9"/>'))
    with pytest.raises(svg.SvgError, match=r"'a.svg' draws itself through a link \('a.svg' by "
                                            r"another name\)"):  # (svglib would follow it)
        svg.inspect(tmp_path / "a.svg", tmp_path)


@pytest.mark.parametrize("target,data", [("pic.png", EPS), ("pic.gif", None)],
                         ids=["eps-as-png", "gif"])
def test_a_picture_an_svg_links_is_the_png_or_jpeg_it_claims(tmp_path, target, data):
    from pnp.faces import svg

    (tmp_path / target).write_bytes(data or _picture("GIF"))
    (tmp_path / "a.svg").write_text(_svg(f'<image xlink:href="{target}" width="9" height="9"/>'))
    with pytest.raises(svg.SvgError, match=f"links to '{target}', which"):
        svg.inspect(tmp_path / "a.svg", tmp_path)


def test_a_picture_an_svg_embeds_is_the_png_it_claims(tmp_path):
    import base64

    from pnp.faces import svg

    data = base64.b64encode(EPS).decode()
    (tmp_path / "a.svg").write_text(
        _svg(f'<image xlink:href="data:image/png;base64,{data}" width="9" height="9"/>'))
    with pytest.raises(svg.SvgError, match="its embedded PNG picture"):
        svg.inspect(tmp_path / "a.svg", tmp_path)
    good = base64.b64encode(_picture("PNG")).decode()
    (tmp_path / "a.svg").write_text(
        _svg(f'<image xlink:href="data:image/png;base64,{good}" width="9" height="9"/>'))
    assert svg.inspect(tmp_path / "a.svg", tmp_path) == ([], {"xMidYMid meet"})  # notes, aspects


def test_an_href_spelled_as_data_that_names_a_file_is_checked_as_the_file_svglib_reads(
        tmp_path):
    """svglib decodes only `data:image/png;base64` (and jpeg), case and all; any other href is
    a file name to it: a file called "data:x.gif" is opened by Pillow whatever it holds."""
    import base64

    from pnp.faces import svg

    (tmp_path / "data:x.gif").write_bytes(_picture("GIF"))
    (tmp_path / "a.svg").write_text(_svg('<image xlink:href="data:x.gif" width="9" height="9"/>'))
    with pytest.raises(svg.SvgError, match="links to 'data:x.gif', which is not a .png or .jpg"):
        svg.read(tmp_path / "a.svg", tmp_path)
    (tmp_path / "data:x.svg").write_text(_svg('<text x="1" y="9">Hi</text>'))
    (tmp_path / "a.svg").write_text(_svg('<use xlink:href="data:x.svg"/>'))
    with pytest.raises(svg.SvgError, match="draws 'data:x.svg', which holds text"):
        svg.read(tmp_path / "a.svg", tmp_path)
    # embedded data svglib does not decode (no file has its name) is left out, and said so
    for kind in ("gif", "PNG"):
        data = base64.b64encode(_picture(kind.upper())).decode()
        (tmp_path / "a.svg").write_text(_svg(
            f'<rect width="5" height="5"/><image xlink:href="data:image/{kind};base64,{data}" '
            'width="9" height="9"/>'))
        _, notes = svg.read(tmp_path / "a.svg", tmp_path)
        assert notes == ["SVG 'a.svg' uses embedded images other than PNG and JPEG, which pnp "
                         "cannot print: they are left out (export the art with them flattened)"]


@pytest.mark.parametrize("held", ["GIF", "SVG"])
def test_a_linked_svg_named_in_capitals_is_checked_as_the_picture_svglib_opens(tmp_path, held):
    """svglib draws a linked file as an SVG only if its name ends in ".svg": x.SVG goes to
    Pillow, which reads any format it knows (EPS by running Ghostscript)."""
    from pnp.faces import svg

    (tmp_path / "x.SVG").write_bytes(_picture("GIF") if held == "GIF" else
                                     _svg('<rect width="5" height="5"/>').encode())
    (tmp_path / "a.svg").write_text(_svg('<image xlink:href="x.SVG" width="9" height="9"/>'))
    with pytest.raises(svg.SvgError, match="links to 'x.SVG': name the file in lower case, "
                                           "x.svg"):
        svg.read(tmp_path / "a.svg", tmp_path)


def test_an_svg_that_holds_no_xml_is_one_error_naming_it(tmp_path):
    folder = _new_deck(tmp_path, "art.svg")
    (folder / "art.svg").write_bytes(_picture("GIF"))
    code, errors, output = _run("build", "--game", str(folder), "--out",
                                str(tmp_path / "kit.pdf"))
    assert code not in (0, 70) and len(errors) == 1, output
    assert "image 'art.svg' is not an SVG file (it holds no XML)" in output
    assert not (tmp_path / "kit.pdf").exists()


@pytest.mark.parametrize("svg_head,body", [
    ('width="10" height="10" viewBox="0 0 1e300 1e300"', '<rect width="5" height="5"/>'),
    ('width="10" height="10"', '<g transform="scale(1e-300)"><rect width="5" height="5"/></g>'),
], ids=["viewbox", "scale"])
def test_an_svg_whose_transform_shrinks_to_nothing_is_one_error_naming_it(tmp_path, svg_head,
                                                                          body):
    """reportlab inverts each transform as it draws: one that shrinks to nothing (every number
    in it small, so the bound on large ones let it through) ended the build with "this is a
    bug in pnp" (ZeroDivisionError)."""
    folder = _new_deck(tmp_path, "art.svg")
    (folder / "art.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg" {svg_head}>'
                                    f'{body}</svg>')
    code, errors, output = _run("build", "--game", str(folder), "--out",
                                str(tmp_path / "kit.pdf"))
    assert code not in (0, 70) and len(errors) == 1, output
    assert "image 'art.svg': a group's transform shrinks it to nothing (a " \
           "viewBox or scale far out of range)" in output, output
    assert not (tmp_path / "kit.pdf").exists()


def test_a_huge_font_file_is_refused_before_it_is_read(game_copy):
    from pnp.errors import DataError

    folder = game_copy("wuxing")
    (folder / "fonts").mkdir()
    with open(folder / "fonts" / "Huge.ttf", "wb") as fh:  # sparse: no disk used
        fh.write(b"\x00\x01\x00\x00")
        fh.truncate(100 * 1024 * 1024)
    toml = (folder / "game.toml").read_text() + '\n[fonts]\nregular = "fonts/Huge.ttf"\n'
    (folder / "game.toml").write_text(toml)
    with pytest.raises(DataError) as info:
        open_game(str(folder))
    assert str(info.value) == ('game.toml, field "fonts.regular": fonts/Huge.ttf: font file is '
                               '100 MB; fonts over 64 MB are refused')


# ---- 1. links: outputs ---------------------------------------------------------------------
def _run(*args):
    result = CliRunner().invoke(main, list(args))
    lines = [line for line in result.output.splitlines() if line.startswith("Error:")]
    return result.exit_code, lines, result.output


@pytest.mark.parametrize("shipped", ["folder", "file"])
def test_the_default_output_is_never_written_through_a_link_the_game_ships(tmp_path,
                                                                          monkeypatch, shipped):
    folder = _new_deck(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    victim = home / "art.pdf" if shipped == "folder" else home / ".bashrc"
    victim.write_text("the user's own file\n")
    if shipped == "folder":
        (folder / "output").symlink_to(home)
    else:
        (folder / "output").mkdir()
        (folder / "output" / "art.pdf").symlink_to(victim)
    monkeypatch.chdir(folder)  # a downloaded folder, built where it was unpacked
    code, errors, output = _run("build", "--game", ".")
    assert code != 0 and len(errors) == 1, output
    assert {"folder": "output here is a link (to ",
            "file": "is a link inside the game folder; pnp never writes through a link"}[
        shipped] in errors[0]
    assert victim.read_text() == "the user's own file\n"


@pytest.mark.parametrize("command", [["build", "--game", "art"], ["export", "--game", "art",
                                     "--format", "booklet"], ["calibrate"]],
                         ids=["build", "export", "calibrate"])
def test_the_default_output_is_never_written_through_an_output_link_beside_the_game(
        tmp_path, monkeypatch, command):
    """A downloaded project (card_data/art/ and `output -> ~` beside it), built from where it
    was unpacked: the link is not the game folder's, and the build replaced ~/art.pdf."""
    project = tmp_path / "project"
    (project / "card_data").mkdir(parents=True)
    _new_deck(project / "card_data")
    home = tmp_path / "home"
    home.mkdir()
    for name in ("art.pdf", "art-booklet.pdf", "calibration.pdf"):
        (home / name).write_text("the user's own file\n")
    (project / "output").symlink_to(home)
    monkeypatch.chdir(project)
    code, errors, output = _run(*command)
    assert code != 0 and len(errors) == 1, output
    assert f"output here is a link (to {home}); pnp writes its default output only into a " \
           "real folder (give --out)" in errors[0]
    assert sorted(p.read_text() for p in home.iterdir()) == ["the user's own file\n"] * 3


def test_an_output_that_links_out_of_its_folder_is_refused(tmp_path):
    folder = _new_deck(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    (tmp_path / "outs").mkdir()
    (tmp_path / "outs" / "kit.pdf").symlink_to(victim)
    code, errors, output = _run("build", "--game", str(folder), "--out",
                                str(tmp_path / "outs" / "kit.pdf"))
    assert code != 0 and len(errors) == 1, output
    assert f"it is a link to {victim}, outside {tmp_path / 'outs'}" in errors[0]
    assert victim.read_text() == "keep me\n"
    # a link to a file beside it, in the folder the user named, is the user's own business
    (tmp_path / "outs" / "kit.pdf").unlink()
    (tmp_path / "outs" / "kit.pdf").symlink_to("real.pdf")
    code, errors, output = _run("build", "--game", str(folder), "--out",
                                str(tmp_path / "outs" / "kit.pdf"))
    assert code == 0, output
    assert (tmp_path / "outs" / "real.pdf").read_bytes().startswith(b"%PDF")


def test_an_export_folder_is_never_replaced_through_a_link_the_game_ships(tmp_path,
                                                                         monkeypatch):
    folder = _new_deck(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (folder / "output").mkdir()
    (folder / "output" / "art-png").symlink_to(elsewhere)
    monkeypatch.chdir(folder)
    code, errors, output = _run("export", "--game", ".", "--format", "png")
    assert code != 0 and len(errors) == 1, output
    assert "is a link inside the game folder" in errors[0]
    assert list(elsewhere.iterdir()) == []


def test_preview_never_overwrites_the_games_own_picture(tmp_path):
    folder = _new_deck(tmp_path, "art.png")
    (folder / "art.png").write_bytes(_picture("PNG"))
    before = (folder / "art.png").read_bytes()
    code, errors, output = _run("preview", "--game", str(folder), "--card", "cards.csv:2",
                                "--out", str(folder / "art.png"))
    assert code != 0 and errors == [
        f"Error: --out {folder / 'art.png'} is one of the game's own files; pnp will not "
        "overwrite it (give a new file name)"], output
    assert (folder / "art.png").read_bytes() == before


def test_sweep_refuses_an_out_that_is_the_games_data_before_it_runs(tmp_path):
    folder = _new_deck(tmp_path)
    before = (folder / "cards.csv").read_bytes()
    code, errors, output = _run("sweep", "--game", str(folder), "--set",
                                "cards.csv:#2.count=1,2", "--games", "2",
                                "--out", str(folder / "cards.csv"))
    assert code != 0 and len(errors) == 1 and "one of the game's own files" in errors[0], output
    assert "variant" not in output  # refused before a game was played
    assert (folder / "cards.csv").read_bytes() == before


def test_report_never_overwrites_the_games_data_with_its_cards_table(game_copy):
    folder = game_copy("wuxing")
    (folder / "balance-cards.csv").write_text("kept\n")
    code, errors, output = _run("report", "--game", str(folder), "--games", "2",
                                "--out", str(folder / "balance.pdf"))
    assert code != 0 and len(errors) == 1, output
    assert "balance-cards.csv is one of the game's own files" in errors[0]
    assert (folder / "balance-cards.csv").read_text() == "kept\n"


# ---- 1. links: sweep copies ----------------------------------------------------------------
def test_a_sweep_copy_keeps_inner_links_inside_the_copy(tmp_path):
    from pnp.data.gamecopy import copy_game

    game = tmp_path / "game"
    (game / "art").mkdir(parents=True)
    (game / "art" / "a.png").write_bytes(b"png")
    (game / "same.png").symlink_to(game / "art" / "a.png")  # absolute, inside
    (game / "pics").symlink_to("art")
    (game / "self").symlink_to(".")  # a link to a folder holding it: copied, not walked
    copy_game(game, tmp_path / "copy")
    copy = tmp_path / "copy"
    assert (copy / "same.png").resolve() == (copy / "art" / "a.png").resolve()
    assert (copy / "pics" / "a.png").resolve() == (copy / "art" / "a.png").resolve()
    assert (copy / "self").resolve() == copy.resolve()
    (copy / "art" / "a.png").write_bytes(b"changed")
    assert (game / "art" / "a.png").read_bytes() == b"png"


@pytest.mark.parametrize("make,message", [
    (lambda g, t: (g / "sys").symlink_to("/usr"), "is a link to /usr, outside the game folder"),
    (lambda g, t: ((g / "a").symlink_to("b"), (g / "b").symlink_to("a")),
     "its links lead round in a loop"),
    (lambda g, t: [(g / f"f{i}").mkdir() for i in range(60)], "holds more than 50 files"),
], ids=["outside", "loop", "too-many"])
def test_a_sweep_refuses_a_game_folder_it_cannot_copy_safely(game_copy, tmp_path, monkeypatch,
                                                             make, message):
    monkeypatch.setattr("pnp.data.gamecopy.MAX_COPY_ENTRIES", 50)  # (20,000 take a while)
    folder = game_copy("wuxing")
    make(folder, tmp_path)
    code, errors, output = _run("sweep", "--game", str(folder), "--set",
                                "options.reference_cards=1,2", "--games", "2")
    assert code != 0 and len(errors) == 1 and message in errors[0], output
    assert "Traceback" not in output and "[(" not in output


def test_a_sweep_copy_is_bounded_in_size(tmp_path):
    from pnp.data.gamecopy import copy_game
    from pnp.errors import PnpError

    (tmp_path / "game").mkdir()
    with open(tmp_path / "game" / "big.bin", "wb") as fh:  # sparse: no disk used
        fh.truncate(300 * 1024 * 1024)
    with pytest.raises(PnpError, match="or 256 MB; a sweep copies it once per variant"):
        copy_game(tmp_path / "game", tmp_path / "copy")
    assert not (tmp_path / "copy").exists()


# ---- 1. links: extends ---------------------------------------------------------------------
def test_extends_with_dotdot_that_stays_in_the_game_folder_is_accepted(tmp_path):
    from pnp.data.layouts.spec import load_spec
    from pnp.errors import DataError, Source

    game = tmp_path / "game"
    (game / "layouts" / "sub").mkdir(parents=True)
    (game / "base.toml").write_text('[title]\ntype = "text"\ntext = "base"\n')
    (game / "layouts" / "sub" / "card.toml").write_text(
        'extends = "../../base.toml"\n[title]\ntext = "mine"\n')
    spec = load_spec(game, "layouts/sub/card.toml", Source(game / "game.toml"), "front")
    assert spec.elements["title"]["text"] == "mine"
    assert spec.elements["title"]["type"] == "text"
    (game / "layouts" / "sub" / "card.toml").write_text('extends = "../../../base.toml"\n')
    with pytest.raises(DataError, match="leaves the game folder"):
        load_spec(game, "layouts/sub/card.toml", Source(game / "game.toml"), "front")
    (game / "layouts" / "sub" / "card.toml").write_text('extends = "../gone.toml"\n')
    with pytest.raises(DataError, match="'../gone.toml' not found beside the layout"):
        load_spec(game, "layouts/sub/card.toml", Source(game / "game.toml"), "front")


# ---- 2. printer profiles read back ---------------------------------------------------------
@pytest.mark.parametrize("text,reason", [
    ('[printers.p]\nback_offset = [500.0, 0.0]\n', "a back offset over 10 mm"),
    ('[printers.p]\nback_offset = [nan, 0.0]\n', "must be finite numbers"),
    ('[printers.p]\nscale = 7.0\n', "scale 7 is out of range"),
    ('[printers."bad name!"]\nscale = 1.0\n', "use letters, digits, - and _"),
    ('[printers.p]\nback_offset = ["a", "b"]\n', "back_offset and scale must be numbers"),
    ('printers = 3\n', "[printers] must be a table"),
    ('printers = { p = 3 }\n', "printer 'p' must be a table"),
    ('default = ["p"]\n[printers.p]\n', "default must name a printer"),
    (f'[printers.p]\nback_offset = [{"9" * 400}, 0]\n', "must be sane numbers"),
], ids=["offset", "nan", "scale", "name", "text", "not-table", "entry", "default", "huge-int"])
def test_a_hand_edited_printer_profile_is_checked_when_read(tmp_path, monkeypatch, text,
                                                            reason):
    config = tmp_path / "pnp-config"
    config.mkdir(exist_ok=True)
    (config / "printers.toml").write_text(text)
    folder = _new_deck(tmp_path)
    code, errors, output = _run("build", "--game", str(folder), "--out",
                                str(tmp_path / "kit.pdf"))
    assert code != 0 and len(errors) == 1, output
    assert errors[0].startswith(f"Error: {config / 'printers.toml'}: cannot read the printer "
                                "profiles (") and reason in errors[0]
    assert not (tmp_path / "kit.pdf").exists()


# ---- 2. spreadsheets: bounded before they are read -----------------------------------------
def _patched(src, dst, member: str, old: str, new: str) -> None:
    import zipfile

    with zipfile.ZipFile(src) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    text = parts[member].decode()
    assert old in text
    parts[member] = text.replace(old, new).encode()
    with zipfile.ZipFile(dst, "w") as z:
        if "mimetype" in parts:
            z.writestr(zipfile.ZipInfo("mimetype"), parts.pop("mimetype"))
        for name, data in parts.items():
            z.writestr(name, data, zipfile.ZIP_DEFLATED)


def _sheet_refusal(tmp_path, name: str) -> str:
    from pnp.data.sheets import read_table
    from pnp.errors import DataError, Source

    with pytest.raises(DataError) as info:
        read_table(tmp_path, name, Source(tmp_path / "game.toml"), "data")
    return str(info.value)


def test_an_xlsx_with_one_far_cell_is_refused_naming_the_sheet(tmp_path):
    """calamine would build the whole 16,384 x 1,048,576 rectangle (and abort the process)."""
    from xlsxmaker import write_xlsx

    write_xlsx(tmp_path / "base.xlsx", {"Monsters": [["name", "count"], ["Orc", 1]]})
    _patched(tmp_path / "base.xlsx", tmp_path / "far.xlsx", "xl/worksheets/sheet1.xml",
             "</sheetData>", '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>')
    assert _sheet_refusal(tmp_path, "far.xlsx") == (
        "far.xlsx [sheet Monsters]: 1,048,575 rows; pnp reads at most 60,000 rows from one sheet")
    _patched(tmp_path / "base.xlsx", tmp_path / "wide.xlsx", "xl/worksheets/sheet1.xml",
             "</row></sheetData>", '<c r="XFD2"><v>1</v></c></row></sheetData>')
    assert _sheet_refusal(tmp_path, "wide.xlsx") == (
        "wide.xlsx [sheet Monsters]: 16,384 columns; pnp reads at most 1,000 columns from one "
        "sheet")


def test_a_tiny_ods_that_repeats_a_row_a_million_times_is_refused_before_it_is_read(tmp_path):
    from xlsxmaker import write_ods

    write_ods(tmp_path / "base.ods", {"Deck": [["name", "count"], ["Orc", 1]]})
    _patched(tmp_path / "base.ods", tmp_path / "many.ods", "content.xml",
             '<table:table-row><table:table-cell office:value-type="string"><text:p>Orc',
             '<table:table-row table:number-rows-repeated="1000000"><table:table-cell '
             'office:value-type="string"><text:p>Orc')
    assert (tmp_path / "many.ods").stat().st_size < 1000
    assert _sheet_refusal(tmp_path, "many.ods") == (
        "many.ods [sheet Deck]: 1,000,000 rows; pnp reads at most 60,000 rows from one sheet")
    # empty repeated rows and columns (what spreadsheets write for formatting) hold nothing
    _patched(tmp_path / "base.ods", tmp_path / "styled.ods", "content.xml", "</table:table>",
             '<table:table-row table:number-rows-repeated="1000000"><table:table-cell '
             'table:number-columns-repeated="1024"/></table:table-row></table:table>')
    from pnp.data.sheets import read_table
    from pnp.errors import Source

    table = read_table(tmp_path, "styled.ods", Source(tmp_path / "game.toml"), "data")
    assert [dict(r) for r in table.rows] == [{"name": "Orc", "count": 1}]


FAR_ROW = '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>'


def test_a_far_cell_in_the_strict_namespace_is_counted_as_calamine_reads_it(tmp_path):
    """calamine reads Strict OOXML's namespace too: a scan matching only the usual one saw no
    cell, and calamine aborted the process building the rectangle."""
    from xlsxmaker import write_xlsx

    write_xlsx(tmp_path / "base.xlsx", {"Monsters": [["name", "count"], ["Orc", 1]]})
    _patched(tmp_path / "base.xlsx", tmp_path / "mid.xlsx", "xl/worksheets/sheet1.xml",
             "</sheetData>", FAR_ROW)
    _patched(tmp_path / "mid.xlsx", tmp_path / "strict.xlsx", "xl/worksheets/sheet1.xml",
             "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
             "http://purl.oclc.org/ooxml/spreadsheetml/main")
    assert _sheet_refusal(tmp_path, "strict.xlsx") == (
        "strict.xlsx [sheet Monsters]: 1,048,575 rows; pnp reads at most 60,000 rows from one "
        "sheet")


@pytest.mark.parametrize("target", ["./worksheets/sheet1.xml",
                                    "worksheets/../worksheets/sheet1.xml"])
def test_a_sheet_part_calamine_would_read_instead_of_the_one_scanned_is_counted(tmp_path,
                                                                                target):
    """calamine looks a sheet's part up by the link's literal text: a second member named
    "xl/./worksheets/sheet1.xml" was what it read, not the small one pnp scanned (and aborted
    the process)."""
    import zipfile

    from xlsxmaker import write_xlsx

    write_xlsx(tmp_path / "base.xlsx", {"Monsters": [["name", "count"], ["Orc", 1]]})
    _patched(tmp_path / "base.xlsx", tmp_path / "far.xlsx", "xl/worksheets/sheet1.xml",
             "</sheetData>", FAR_ROW)
    _patched(tmp_path / "base.xlsx", tmp_path / "two.xlsx", "xl/_rels/workbook.xml.rels",
             'Target="worksheets/sheet1.xml"', f'Target="{target}"')
    with zipfile.ZipFile(tmp_path / "far.xlsx") as far, \
            zipfile.ZipFile(tmp_path / "two.xlsx", "a") as two:
        two.writestr("xl/" + target, far.read("xl/worksheets/sheet1.xml"))
    assert _sheet_refusal(tmp_path, "two.xlsx") == (
        f"two.xlsx: cannot read the workbook: it holds a sheet part, xl/{target}, that none of "
        "its sheets names; save it again from a spreadsheet program")


def test_an_ods_whose_table_prefix_names_another_namespace_is_counted_as_calamine_reads_it(
        tmp_path):
    """calamine reads `table:table-row` by its prefix: bound to another namespace, the rows
    were invisible to the scan and a 700-byte file became 90 million cells (3 GB)."""
    from xlsxmaker import write_ods

    write_ods(tmp_path / "base.ods", {"Deck": [["name", "count"], ["Orc", 1]]})
    _patched(tmp_path / "base.ods", tmp_path / "many.ods", "content.xml",
             '<table:table-row><table:table-cell office:value-type="string"><text:p>Orc',
             '<table:table-row table:number-rows-repeated="1000000"><table:table-cell '
             'office:value-type="string"><text:p>Orc')
    _patched(tmp_path / "many.ods", tmp_path / "other.ods", "content.xml",
             'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
             'xmlns:table="urn:not-the-table-namespace"')
    assert _sheet_refusal(tmp_path, "other.ods") == (
        "other.ods [sheet Deck]: 1,000,000 rows; pnp reads at most 60,000 rows from one sheet")


def test_a_csv_of_too_many_cells_is_refused_while_it_is_read(tmp_path):
    (tmp_path / "wide.csv").write_text("name" + "," * 1500 + "\n")
    assert _sheet_refusal(tmp_path, "wide.csv") == (
        "wide.csv: 1,501 columns; pnp reads at most 1,000 columns from one file")


# ---- 2. a published sheet's cached copy ----------------------------------------------------
SHEET = "https://docs.google.com/spreadsheets/d/e/2PACX-test/pub?output=csv"


@pytest.mark.parametrize("cache", ["game.toml", "cards.csv"])
def test_a_fetched_sheet_never_replaces_a_file_other_than_its_own_cache(tmp_path, monkeypatch,
                                                                        cache):
    from pnp.data import sheets
    from pnp.errors import DataError, Source

    (tmp_path / "game.toml").write_text("[game]\n")
    (tmp_path / "cards.csv").write_text("name\nmine\n")
    before = (tmp_path / cache).read_bytes()
    monkeypatch.setattr(sheets, "_fetch", lambda url: b"name\nfetched\n")
    with pytest.raises(DataError, match="field \"cache\""):
        sheets.read_table(tmp_path, SHEET, Source(tmp_path / "game.toml"), "data", cache)
    assert (tmp_path / cache).read_bytes() == before
    # its own copy is fetched, kept and replaced again
    table = sheets.read_table(tmp_path, SHEET, Source(tmp_path / "game.toml"), "data",
                              "sheets/cards.csv")
    assert [r["name"] for r in table.rows] == ["fetched"]
    monkeypatch.setattr(sheets, "_fetch", lambda url: b"name\nagain\n")
    table = sheets.read_table(tmp_path, SHEET, Source(tmp_path / "game.toml"), "data",
                              "sheets/cards.csv")
    assert [r["name"] for r in table.rows] == ["again"]


def test_a_fetched_sheets_stamp_is_never_written_or_read_through_a_link(tmp_path, monkeypatch):
    """The stamp beside the cached copy (.cards.csv.link) was written with write_text: a game
    shipping it as a link to ~/.bashrc had the user's file replaced by the link's address."""
    from pnp.data import sheets
    from pnp.errors import DataError, Source

    game = tmp_path / "game"
    (game / "sheets").mkdir(parents=True)
    decoy = tmp_path / "home" / ".bashrc"
    decoy.parent.mkdir()
    decoy.write_text("export PATH=mine\n")
    (game / "sheets" / ".cards.csv.link").symlink_to(decoy)
    monkeypatch.setattr(sheets, "_fetch", lambda url: b"name\nfetched\n")
    table = sheets.read_table(game, SHEET, Source(game / "game.toml"), "data", "sheets/cards.csv")
    assert [r["name"] for r in table.rows] == ["fetched"]
    assert decoy.read_text() == "export PATH=mine\n"
    stamp = game / "sheets" / ".cards.csv.link"
    assert not stamp.is_symlink() and stamp.read_text() == SHEET + "\n"
    # a stamp that is a link (to a file saying the address) is not pnp's own
    decoy.write_text(SHEET + "\n")
    stamp.unlink()
    stamp.symlink_to(decoy)
    with pytest.raises(DataError, match="is not the cached copy of this link"):
        sheets.read_table(game, SHEET, Source(game / "game.toml"), "data", "sheets/cards.csv")


def test_a_fetched_sheets_stamp_that_is_a_pipe_does_not_hang_the_build(tmp_path, monkeypatch):
    import os
    import threading

    from pnp.data import sheets
    from pnp.errors import DataError, Source

    (tmp_path / "cards.csv").write_text("name\nold\n")
    os.mkfifo(tmp_path / ".cards.csv.link")
    monkeypatch.setattr(sheets, "_fetch", lambda url: b"name\nfetched\n")
    raised = []

    def read():
        try:
            sheets.read_table(tmp_path, SHEET, Source(tmp_path / "game.toml"), "data",
                              "cards.csv")
        except DataError as exc:
            raised.append(str(exc))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(20)
    if reader.is_alive():  # let the stuck reader go before failing
        with open(tmp_path / ".cards.csv.link", "w"):
            pass
    assert not reader.is_alive()
    assert len(raised) == 1 and "is not the cached copy of this link" in raised[0]


# ---- 1. links: watch -----------------------------------------------------------------------
def test_watch_never_follows_a_link_out_of_the_game_folder(tmp_path):
    import threading
    import time

    from pnp.watch import watch

    folder = _new_deck(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (folder / "ext").symlink_to(outside)
    builds: list[str] = []
    stop = threading.Event()
    thread = threading.Thread(target=watch, args=(lambda: "built", lambda: [folder]),
                              kwargs={"echo": builds.append, "stop": stop})
    thread.start()

    def wait(count: int) -> None:
        end = time.time() + 60  # a loaded machine is slow
        while len(builds) < count and time.time() < end:
            time.sleep(0.05)
        assert len(builds) >= count, builds

    try:
        wait(1)
        for i in range(3):  # what a build writing there would do: no rebuild, no loop
            (outside / f"kit{i}.pdf").write_text("x")
        time.sleep(1.5)
        assert len(builds) == 1, builds
        (folder / "art").mkdir()  # a new folder of the game's is watched from now on...
        (folder / "art" / "sun.png").write_bytes(b"x")  # ...what came in it counted
        wait(2)
        time.sleep(1.0)
        (folder / "art" / "moon.png").write_bytes(b"x")
        wait(3)
        time.sleep(1.0)
        assert len(builds) == 3, builds
    finally:
        stop.set()
        thread.join(10)
    assert not thread.is_alive()


def test_watch_goes_on_when_a_link_loop_appears_in_the_game_folder(tmp_path):
    """Looking whether a changed file lay in a hidden folder resolved its links: a loop ended
    the watch with "this is a bug in pnp"."""
    import threading
    import time

    from pnp.watch import watch

    folder = _new_deck(tmp_path)
    builds: list[str] = []
    failed: list[BaseException] = []
    stop = threading.Event()

    def run() -> None:
        try:
            watch(lambda: "built", lambda: [folder], echo=builds.append, stop=stop)
        except BaseException as exc:  # what the thread would die of
            failed.append(exc)

    thread = threading.Thread(target=run)
    thread.start()

    def wait(count: int) -> None:
        end = time.time() + 60  # a loaded machine is slow
        while len(builds) < count and time.time() < end and not failed:
            time.sleep(0.05)
        assert not failed and len(builds) >= count, (builds, failed)

    try:
        wait(1)
        (folder / "loop-a").symlink_to("loop-b")
        (folder / "loop-b").symlink_to("loop-a")
        time.sleep(1.0)
        (folder / "cards.csv").write_text("title,text,colour,count\nSun,Hi.,sun,1\n")
        wait(2)
    finally:
        stop.set()
        thread.join(10)
    assert not thread.is_alive() and not failed


def _huge_png(side: int) -> bytes:
    """A valid PNG header claiming side x side pixels."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I",
                                                                        zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")


def test_a_huge_picture_is_refused_in_an_svg_and_as_an_icon_too(tmp_path):
    from pnp.faces import svg
    from pnp.faces.art import ArtError, IconFinder

    (tmp_path / "big.png").write_bytes(_huge_png(9000))
    (tmp_path / "a.svg").write_text(_svg('<image xlink:href="big.png" width="9" height="9"/>'))
    with pytest.raises(svg.SvgError, match="'big.png', which is 9000 x 9000 pixels; more than "
                                           "60 megapixels is refused"):
        svg.inspect(tmp_path / "a.svg", tmp_path)
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "big.png").write_bytes(_huge_png(9000))
    with pytest.raises(ArtError, match="'big.png' is 9000 x 9000 pixels"):
        IconFinder(tmp_path).find("big")
