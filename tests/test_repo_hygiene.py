"""The repository's top level holds only the project's own files: a test that writes into the
working directory (a fuzzed --out value, say) must not end up committed."""
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOP_LEVEL = {".gitignore", "README.md", "pyproject.toml"}


def test_no_stray_files_are_tracked_at_the_top_level():
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                             check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    names = {n.decode("utf-8", "surrogateescape") for n in out.split(b"\0") if n}
    stray = sorted(n for n in names if "/" not in n and n not in TOP_LEVEL)
    assert not stray, f"stray files tracked at the top level: {stray!r}"
