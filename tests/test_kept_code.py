"""Dataclass methods' code (pnp/classcache.py) and compressed page streams
(pnp/render/deflatecache.py) kept between runs: the next run makes the same classes and the
same PDF bytes without compiling or compressing again, and a damaged cache is only slower."""

import io
import os
import subprocess
import sys
import zlib

from reportlab.pdfgen.canvas import Canvas

from pnp.render import deflatecache

CLASSES = """
import dataclasses, sys
import pnp.classcache as cc

@dataclasses.dataclass(frozen=True)
class Card:
    name: str
    cost: int = 2

a, b = Card("Orc"), Card("Orc", 2)
try:
    a.cost = 3
    frozen = False
except dataclasses.FrozenInstanceError:
    frozen = True
print(repr(a), a == b, hash(a) == hash(b), frozen, Card.__init__.__defaults__, cc._fresh)
"""


def _run(code, cache):
    env = {**os.environ, "PNP_CACHE_DIR": str(cache)}
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True).stdout.split()


def test_a_dataclass_made_from_kept_code_is_the_same_class(tmp_path):
    first = _run(CLASSES, tmp_path / "cache")
    kept = list((tmp_path / "cache" / "classes").iterdir())
    assert len(kept) == 1 and kept[0].suffix == ".marshal"
    again = _run(CLASSES, tmp_path / "cache")
    assert first[:-1] == again[:-1] == ["Card(name='Orc',", "cost=2)", "True", "True", "True",
                                        "(2,)"]
    assert first[-1] == "True" and again[-1] == "False"  # compiled, then read back
    kept[0].write_bytes(b"not marshal")  # damaged: compiled again, same class
    assert _run(CLASSES, tmp_path / "cache") == first


def _pdf(pages=3):
    out = io.BytesIO()
    c = Canvas(out, pagesize=(595, 842), invariant=1, pageCompression=1)
    for p in range(pages):
        for i in range(200):  # several kB of operators a page
            c.line(10 + i, 10 + p, 500 - i, 800 - i * 0.5)
        c.showPage()
    c.save()
    return out.getvalue()


def test_kept_streams_make_the_same_pdf_without_compressing(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", "")
    plain = _pdf()
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    calls = []
    real = zlib.compress
    monkeypatch.setattr(zlib, "compress", lambda data, *a: calls.append(len(data)) or real(data, *a))
    with deflatecache.kept_deflates():
        first = _pdf()
    assert first == plain and sum(n >= deflatecache.SMALLEST for n in calls) == 3
    calls.clear()
    with deflatecache.kept_deflates():
        again = _pdf()
    assert again == plain and not [n for n in calls if n >= deflatecache.SMALLEST]
    assert "encode" not in vars(deflatecache.pdfdoc.PDFZCompress)  # put back after the save
    kept = next((tmp_path / "cache" / "streams").iterdir())
    kept.write_bytes(kept.read_bytes()[:-5])  # damaged: its digest fails, compressed again
    calls.clear()
    with deflatecache.kept_deflates():
        assert _pdf() == plain
    assert sum(n >= deflatecache.SMALLEST for n in calls) == 3
