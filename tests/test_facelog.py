"""One drawing of each face serves the PDF, the print record and the printed = played check
(pnp/render/facelog.py): a whole build draws every face once, and what the record and the
check read from that drawing is what drawing the face apart gives."""

import io

import pytest

from pnp import project
from pnp.faces.draw import LayoutFace
from pnp.printrun.record import kit_record, read_record
from pnp.render.facelog import FaceLog
from pnp.render.pdf import Options, render_kit
from pnp.units import MM


@pytest.mark.parametrize("game", ["legolas", "wuxing"])
@pytest.mark.parametrize("ink_saver", [False, True])
def test_the_record_from_the_pdfs_drawing_is_the_record_drawn_apart(game, ink_saver):
    opened = project.open_game(game)
    kit, fonts, _ = project.prepare(opened, force=True)
    log = FaceLog(fonts, ink_saver, project.face_checks(opened, kit))
    render_kit(kit, fonts, io.BytesIO(), Options(project._paper(opened, None).size, 3 * MM,
                                                 ink_saver=ink_saver), placements=False,
               log=log)
    settings = dict(game=game, version="1", bleed=3 * MM, bleed_mm=3.0, ink_saver=ink_saver)
    kept = kit_record(kit, fonts, opened.folder.path, drawn=log, **settings)
    apart = kit_record(kit, fonts, opened.folder.path, **settings)
    assert kept.pieces == apart.pieces
    # and the PDF did draw them: every face of a sheet has its digest in the log
    faces = [(p, d, s) for s in kit.sheets for p in s.pieces for d in (p.front, p.back) if d]
    assert all(log.digest(d, s.width, s.height, 3 * MM, s.shape) for _, d, s in faces)
    assert project.meaning(opened, kit, fonts, log) == project.meaning(opened, kit, fonts)


def test_a_whole_build_draws_each_piece_face_once(tmp_path, monkeypatch):
    """(A board is drawn in tiles and digested whole apart: boards are few.)"""
    opened = project.open_game("legolas")
    boards = {b.title for b in project.prepare(opened)[0].boards}
    calls: list[int] = []
    original = LayoutFace.__call__

    def counted(self, surface):
        if surface.name not in boards:
            calls.append(id(self))
        original(self, surface)

    monkeypatch.setattr(LayoutFace, "__call__", counted)
    out = tmp_path / "kit.pdf"
    project.build(opened, out, record=tmp_path / "kit.printed.json")
    assert calls and len(calls) == len(set(calls))  # no face drawn a second time
    record = read_record(tmp_path / "kit.printed.json")
    assert len(record.pieces) >= 100


def test_a_face_the_pdf_did_not_draw_is_drawn_for_the_record(tmp_path):
    """Without backs the PDF draws no back; the record still holds each back's digest."""
    opened = project.open_game("wuxing")
    project.build(opened, tmp_path / "a.pdf", record=tmp_path / "a.json")
    project.build(opened, tmp_path / "b.pdf", backs=False, record=tmp_path / "b.json")
    assert read_record(tmp_path / "a.json").pieces == read_record(tmp_path / "b.json").pieces


def test_the_build_command_pauses_the_collector_only_while_it_builds(tmp_path):
    import gc

    from click.testing import CliRunner

    from pnp.cli import collector_paused, main

    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    result = CliRunner().invoke(main, ["build", "--game", "wuxing", "--out",
                                       str(tmp_path / "w.pdf")])
    assert result.exit_code == 0, result.output
    assert gc.isenabled()


def test_what_a_paused_build_made_is_old_after_it_and_a_callers_frozen_objects_stay_frozen():
    import gc

    from pnp.cli import collector_paused

    with collector_paused():
        made = [[i] for i in range(5000)]
    assert gc.get_count()[0] < 100  # not 5,000 young objects for the next collection to walk
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with collector_paused():
            made += [[i] for i in range(10)]
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()


def _handed(opened, kit, fonts, proof: bool = False):
    """(what the PDF's drawing handed the meaning checks, face by face; the checks)."""
    checks = project.face_checks(opened, kit)
    handed: list = []
    read = checks.drawn

    def drawn(piece, drawer, elements, failed, context=None):
        handed.append(list(elements))
        read(piece, drawer, elements, failed, context)

    checks.drawn = drawn
    render_kit(kit, fonts, io.BytesIO(), Options(project._paper(opened, None).size, 3 * MM,
                                                 proof=proof),
               placements=False, log=FaceLog(fonts, checks=checks))
    return handed, checks


def test_the_checks_read_each_face_as_drawn_and_keep_none_of_it():
    """The check reads what an element showed and from which fields: a build that is not a
    proof hands it that (Shown), no element box, as each face is drawn; once the PDF is drawn
    no piece's faces are held any more (every piece with a row on both sides has had both)."""
    from pnp.render.surface import Element, Shown

    opened = project.open_game("legolas")
    kit, fonts, _ = project.prepare(opened, force=True)
    handed, checks = _handed(opened, kit, fonts)
    shown = [el for face in handed for el in face]
    assert shown and all(type(el) is Shown for el in shown)
    assert not checks._pending and not checks._skipped
    # a proof still works out the boxes it outlines
    handed, _ = _handed(opened, kit, fonts, proof=True)
    assert all(isinstance(el, Element) for face in handed for el in face)


def test_a_digest_is_of_the_calls_values_not_of_which_objects_hold_them():
    # marshal's format 2 (the plain faces' bytes) writes no reference to an object met before
    # and not whether a text is interned: equal calls held by other objects digest alike
    from pnp.printrun.digest import Digester
    from pnp.render.displaylist import TextRef

    for format in (1, 2):
        digester = Digester(None, format=format)  # type: ignore[arg-type]  # (reads no font)
        x, font = 8.5, "centre"
        same = [(0, "rect", (x, x, 2.0, 3.0), {"stroke": 0, "fill": 1}),
                (0, "textBlock", (font, 11.0, (font, font), x, x, font), {})]
        apart = [(0, "rect", (float("8.5"), float("8.5"), 2.0, 3.0), {"stroke": 0, "fill": 1}),
                 (0, "textBlock", ("".join("centre"), 11.0, ("cen" + "tre", "centr" + "e"),
                                   float("8.5"), float("8.5"), "centre"[:]), {})]
        assert digester.drawn(same, 3.0) == digester.drawn(apart, 3.0)
        assert digester.drawn(same, 3.0) != digester.drawn(same[:1], 3.0)
        # a value marshal refuses (a text object's reference) is digested by its repr, alike
        texts = [(0, "beginText", (x, x, None), {}), (0, "drawText", (TextRef(1),), {})]
        assert digester.drawn(texts, 3.0) == digester.drawn(
            [(0, "beginText", (8.5, float("8.5"), None), {}),
             (0, "drawText", (TextRef(1),), {})], 3.0)
    # format 1 is what every record written before format 2 holds: pinned to pnp's digest then
    assert Digester(None, format=1).drawn(same, 3.0) == "ed429ea1df57887b"  # type: ignore[arg-type]
    # the two formats hash a plain face differently (records say which they hold)
    assert Digester(None, format=1).drawn(same, 3.0) != Digester(  # type: ignore[arg-type]
        None, format=2).drawn(same, 3.0)  # type: ignore[arg-type]


def test_a_path_is_digested_as_it_was_drawn_and_as_records_hold_it():
    """A path is kept as its operators when drawn: extending it afterwards (as drawing code
    may, to draw it again) changes nothing noted; and a face with paths digests to what pnp
    wrote into print records of each format before paths were kept so (pinned), so no card
    with a rounded corner or a figure reads as changed."""
    from reportlab.lib.colors import Color

    from pnp.printrun.digest import Digester
    from pnp.render.displaylist import RecordingCanvas

    def face(extend: bool) -> list:
        c = RecordingCanvas(200, 200, "Helvetica")
        p = c.beginPath()
        p.moveTo(1, 2)
        p.lineTo(30.5, 40)
        c.setFillColor((0.25, 0.5, 1.0))
        c.drawPath(p, stroke=1, fill=0)
        if extend:
            p.lineTo(99, 99)
        c.clipPath(p, stroke=0)
        c.setStrokeColor(Color(0.1, 0.2, 0.3))
        return c.take_page()

    ops = face(extend=True)
    assert [op[2][0] for op in ops if op[1] == "drawPath"] == ["n 1 2 m 30.5 40 l"]
    pinned = {1: "06e0972cd82e343e", 2: "dcf7c5f7ff87db9e", 3: "dcf7c5f7ff87db9e"}
    for format, digest in pinned.items():
        assert Digester(None, format=format).drawn(ops, 3.0) == digest  # type: ignore[arg-type]
        assert Digester(None, format=format).drawn(  # type: ignore[arg-type]
            face(extend=False), 3.0) != digest
