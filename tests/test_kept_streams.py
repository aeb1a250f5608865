"""Compressed page streams (pnp/render/deflatecache.py) kept between runs: the next run makes
the same PDF bytes without compressing again, and a damaged cache is only slower."""

import io
import zlib

from reportlab.pdfgen.canvas import Canvas

from pnp.render import deflatecache


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
