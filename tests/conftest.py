import os
import shutil
import tempfile

import pytest
from hypothesis import settings

from helpers import ROOT

# property tests draw the same examples every run: a red suite (or CI) is a change's doing,
# not a new random draw (hunt with more examples by hand)
settings.register_profile("pnp", derandomize=True)
settings.load_profile("pnp")

# parsed fonts are cached between runs (pnp/render/fontcache.py): the suite keeps its own cache,
# shared by its subprocesses, and leaves the user's alone
os.environ["PNP_CACHE_DIR"] = tempfile.mkdtemp(prefix="pnp-test-cache-")


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
