import atexit
import os
import shutil
import sys
import tempfile

import pytest
from hypothesis import settings

from helpers import ROOT

# property tests draw the same examples every run: a red suite (or CI) is a change's doing,
# not a new random draw (hunt with more examples by hand)
settings.register_profile("pnp", derandomize=True)
settings.load_profile("pnp")

# compiled bytecode is kept between runs, outside the source tree, even in a shell that asks
# for none (PYTHONDONTWRITEBYTECODE, as this machine's): else every `pnp` a test starts compiles
# pnp from source again and every worker rewrites every test module's asserts again (a fifth
# of the suite's time)
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
    if not sys.pycache_prefix:  # (a prefix of the shell's own is kept)
        sys.pycache_prefix = os.path.join(tempfile.gettempdir(),
                                          f"pnp-test-bytecode-{os.getuid()}")
    os.environ["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix  # the workers and commands started
    sys.dont_write_bytecode = False  # (and this process)

# parsed fonts are cached between runs (pnp/render/fontcache.py): the suite keeps its own cache,
# shared by its subprocesses, and leaves the user's alone (nor leaves one behind: a run made
# one a worker, and 1,500 were left in /tmp)
_CACHE = os.environ["PNP_CACHE_DIR"] = tempfile.mkdtemp(prefix="pnp-test-cache-")
atexit.register(shutil.rmtree, _CACHE, True)


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
