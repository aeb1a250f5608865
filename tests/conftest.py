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
