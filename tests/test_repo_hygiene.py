"""The repository's top level holds only the project's own files: a test that writes into the
working directory (a fuzzed --out value, say) must not end up committed."""
import re
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


# reportlab's private canvas state and classes (issue 23): pnp uses its public API only
PRIVATE_REPORTLAB = re.compile(r"\._doc\b|\._code\b|_fillColorObj|_strokeColorObj|_shadingUsed|"
                               r"_PDFRenderer")


def test_pnp_reads_no_private_reportlab_attribute():
    found = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
             for p in sorted((ROOT / "pnp").rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if PRIVATE_REPORTLAB.search(line)]
    assert not found, "\n".join(found)
