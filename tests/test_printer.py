"""Printer profiles and the calibration sheet's algebra: the suggested --back-offset cancels the
printer's duplex error whichever side it is measured from."""

import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import main
from pnp.printer import CONFIG_ENV, offset_from_measurement
from pnp.units import MM, PAPERS

W = PAPERS["a4"][0] / MM  # mm
H = PAPERS["a4"][1] / MM


def printed_back_cross(qx, qy, error, offset):
    """Where the back's cross lands, in the back's own frame (x right, y up, seen from the back):
    drawn mirrored behind the front cross at (qx, qy), shifted by the offset, plus the printer's
    error (also in the back's frame, as the renderer shifts back pages)."""
    return W - qx + offset[0] + error[0], qy + offset[1] + error[1]


def measured(qx, qy, error, offset, side):
    """What the user reads: the back cross relative to the front one, seen from `side`."""
    bx, by = printed_back_cross(qx, qy, error, offset)
    if side == "back":  # the front cross shows through at its mirror image
        return bx - (W - qx), by - qy
    return (W - bx) - qx, by - qy  # seen from the front, the back's x runs the other way


@pytest.mark.parametrize("side", ["back", "front"])
def test_suggested_offset_cancels_the_duplex_error(side):
    rng = random.Random(4)
    for _ in range(50):
        error = (rng.uniform(-3, 3), rng.uniform(-3, 3))
        qx, qy = rng.uniform(20, 190), rng.uniform(20, 270)
        x, y = measured(qx, qy, error, (0, 0), side)
        offset = offset_from_measurement(x, y, side)
        after = measured(qx, qy, error, offset, side)
        assert after == pytest.approx((0, 0), abs=1e-9)


def test_the_old_advice_read_from_the_front_doubled_a_horizontal_error():
    error = (1.0, 0.0)
    x, y = measured(50, 50, error, (0, 0), "front")
    after = measured(50, 50, error, (-x, -y), "front")  # "--back-offset=-X,-Y" from the front
    assert abs(after[0]) == pytest.approx(2.0)


def test_calibration_sheet_says_where_to_measure_and_which_sign(tmp_path):
    out = tmp_path / "cal.pdf"
    assert CliRunner().invoke(main, ["calibrate", "--out", str(out)]).exit_code == 0
    back = " ".join(PdfReader(out).pages[1].extract_text().split())
    assert "measure on THIS side" in back
    assert "--back-offset=-X,-Y" in back
    # the worked example follows the same algebra as the code
    assert offset_from_measurement(1, -0.5, "back") == (-1, 0.5)
    assert "--back-offset=-1,0.5" in back


@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "config"))
    return tmp_path / "config"


def test_printer_profiles_are_saved_listed_and_used(config, tmp_path):
    run = CliRunner().invoke
    res = run(main, ["printer", "list"])
    assert res.exit_code == 0 and "no printers saved" in res.output
    res = run(main, ["printer", "set", "home", "--back-offset=-1,0.5", "--scale", "1.01"])
    assert res.exit_code == 0, res.output
    assert (config / "printers.toml").is_file()
    run(main, ["printer", "set", "office", "--back-offset", "2,0"])
    res = run(main, ["printer", "list"])
    assert "* home" in res.output and "  office" in res.output and "-1,0.5" in res.output
    # the default printer shifts the backs and scales the pages without any option
    plain, homed = tmp_path / "plain.pdf", tmp_path / "home.pdf"
    assert run(main, ["build", "-g", "wuxing", "--out", str(homed)]).exit_code == 0
    assert run(main, ["build", "-g", "wuxing", "--printer", "office", "--out",
                      str(plain)]).exit_code == 0
    for page in PdfReader(homed).pages:  # every page, the booklet's too, scaled about its centre
        first = page.get_contents().get_data().decode("latin-1").splitlines()[1].split()
        assert first[-1] == "cm"  # the page's first matrix after reportlab's own identity
        assert [float(v) for v in first[:-1]] == pytest.approx(
            [1.01, 0, 0, 1.01, -0.01 * W / 2 * MM, -0.01 * H / 2 * MM], abs=1e-5)
    assert "1.01 0 0" not in PdfReader(plain).pages[0].get_contents().get_data().decode(
        "latin-1")
    res = run(main, ["build", "-g", "wuxing", "--printer", "nope", "--out", str(plain)])
    assert res.exit_code == 1 and "no printer named 'nope'" in res.output


def test_printer_mistakes_are_clear(config):
    run = CliRunner().invoke
    res = run(main, ["printer", "set", "home", "--scale", "2"])
    assert res.exit_code == 2 and "scale 2 is out of range" in res.output \
        and "Invalid value for '--scale'" in res.output, res.output
    res = run(main, ["printer", "set", "ho me"])
    assert res.exit_code == 2 and "printer name" in res.output and "'NAME'" in res.output
    (config).mkdir(parents=True, exist_ok=True)
    (config / "printers.toml").write_text("default = [", encoding="utf-8")
    res = run(main, ["printer", "list"])
    assert res.exit_code == 1 and "cannot read the printer profiles" in res.output


def test_a_profile_in_use_is_named_and_can_be_left_out_or_removed(config, tmp_path):
    run = CliRunner().invoke
    assert run(main, ["printer", "set", "home", "--back-offset=1,0", "--scale", "1.01"]
               ).exit_code == 0
    out = tmp_path / "a.pdf"
    res = run(main, ["build", "-g", "wuxing", "--out", str(out)])
    assert res.exit_code == 0 and "using printer 'home'" in res.output
    assert "--printer none" in res.output  # the way out is named where the default is applied
    res = run(main, ["build", "-g", "wuxing", "--printer", "none", "--out", str(out)])
    assert res.exit_code == 0 and "using printer" not in res.output
    assert "1.010000 0 0" not in PdfReader(out).pages[0].get_contents().get_data().decode(
        "latin-1")
    res = run(main, ["printer", "set", "None"])
    assert res.exit_code == 2 and "reserved" in res.output
    run(main, ["printer", "set", "office"])
    res = run(main, ["printer", "remove", "home"])
    assert res.exit_code == 0 and "removed" in res.output
    assert "* office" in run(main, ["printer", "list"]).output  # the default passes on
    res = run(main, ["printer", "remove", "home"])
    assert res.exit_code == 1 and "no printer named 'home'" in res.output


@pytest.mark.parametrize("xdg", [None, "", "  ", "/somewhere/conf"])
def test_config_dir_is_where_platformdirs_puts_it(monkeypatch, xdg):
    # pnp works it out itself on Linux (platformdirs' import costs every build 2-3 ms)
    from platformdirs import user_config_dir

    from pnp.printer import config_dir

    monkeypatch.delenv(CONFIG_ENV, raising=False)
    if xdg is None:
        monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CONFIG_HOME", xdg)
    assert config_dir() == Path(user_config_dir("pnp", appauthor=False))
