import shutil

import pytest

from helpers import ROOT


@pytest.fixture
def game_copy(tmp_path):
    """A private copy of a shipped game folder that a test may break."""

    def copy(name: str):
        target = tmp_path / name
        shutil.copytree(ROOT / "card_data" / name, target)
        return target

    return copy


@pytest.fixture(autouse=True)
def no_user_printers(tmp_path, monkeypatch):
    """Builds never pick up the printer profiles of whoever runs the tests."""
    monkeypatch.setenv("PNP_CONFIG_DIR", str(tmp_path / "pnp-config"))
