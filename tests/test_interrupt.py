"""Ctrl-C during start-up (issue 12): while `pnp` is still importing its command-line layer,
Ctrl-C ends with one line and exit code 130, as it does during a command; no traceback."""

import os
import signal
import subprocess
import sys
import tomllib

from helpers import ROOT


def test_ctrl_c_while_pnp_starts_exits_130_with_one_line(tmp_path):
    # A stand-in for click that says when pnp is importing it, then waits: the interrupt
    # lands in the middle of start-up, every time.
    (tmp_path / "click").mkdir()
    (tmp_path / "click" / "__init__.py").write_text(
        "import time\nprint('importing click', flush=True)\ntime.sleep(60)\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "list"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "importing click"
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert err.strip().splitlines() == ["Error: interrupted; no output was changed"]


def test_the_pnp_command_starts_through_the_same_entry_point():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["pnp"] == "pnp.__main__:main"


def test_a_library_failing_while_ctrl_c_unwinds_it_ends_as_an_interrupt(monkeypatch):
    """Ctrl-C inside Dask's wait made its lock's clean-up fail (RuntimeError: release unlocked
    lock): still an interrupt, not "a bug in pnp"."""
    from click.testing import CliRunner

    from pnp import cli

    def wait_then_fail(*args, **kwargs):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise RuntimeError("release unlocked lock") from None

    monkeypatch.setattr("pnp.sim.simulate.simulate", wait_then_fail)
    res = CliRunner().invoke(cli.main, ["simulate", "--game", "wuxing", "--games", "4"])
    assert res.exit_code == 130 and "interrupted" in res.output, res.output
