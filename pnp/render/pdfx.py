"""A written CMYK PDF made a PDF/X-1a:2003 file (ISO 15930-4): the output intent with the
separation's ICC profile embedded, the PDF/X version keys in the document information, and
`Trapped` set. reportlab writes neither an output intent nor extra information keys through a
public call, so the finished file is rewritten with pikepdf (qpdf).

What the rest of PDF/X-1a asks for is made when drawing: every colour CMYK or grey (cmyk.py),
no transparency (alpha flattened, no soft masks), every font embedded (pnp only draws with
TrueType fonts it embeds), and a TrimBox and BleedBox on every page (outputs.export_pod).
pdfx_problems() checks a file for all of it, as a preflight validator does."""

from __future__ import annotations

import re
from pathlib import Path

VERSION = "PDF/X-1a:2003"


def make_pdfx(path: Path, separation) -> None:
    import pikepdf

    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        profile = pdf.make_stream(separation.data, N=4)
        pdf.Root.OutputIntents = pikepdf.Array([pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier="Custom", OutputCondition=separation.name,
            Info=separation.name, RegistryName="http://www.color.org",
            DestOutputProfile=profile)])
        pdf.docinfo["/GTS_PDFXVersion"] = VERSION
        pdf.docinfo["/GTS_PDFXConformance"] = VERSION
        pdf.docinfo["/Trapped"] = pikepdf.Name("/False")
        pdf.save(path, force_version="1.3", deterministic_id=True)


COLOUR_OPS = re.compile(rb"(?<![\w.])(rg|RG|sc|scn|SC|SCN|cs|CS)(?=\s)")


def pdfx_problems(path: Path) -> list[str]:
    """What a PDF/X-1a:2003 validator would reject in the file (empty: none found): version,
    PDF/X keys, output intent and its embedded CMYK profile, per page a TrimBox inside a
    BleedBox inside the MediaBox, colours and images in CMYK or grey only, no transparency
    (soft masks, constant alpha, transparency groups) and every font embedded."""
    from pypdf import PdfReader

    reader = PdfReader(path)
    out: list[str] = []
    if reader.pdf_header not in ("%PDF-1.3", "%PDF-1.4"):
        out.append(f"version {reader.pdf_header}: PDF/X-1a:2003 is PDF 1.3 or 1.4")
    info = reader.trailer.get("/Info")
    info = info.get_object() if info is not None else {}
    if info.get("/GTS_PDFXVersion") != VERSION:
        out.append("no /GTS_PDFXVersion (PDF/X-1a:2003) in the document information")
    if info.get("/Trapped") not in ("/True", "/False"):
        out.append("/Trapped is neither True nor False")
    if "/ID" not in reader.trailer:
        out.append("no file /ID in the trailer")
    intents = reader.root_object.get("/OutputIntents")
    intent = intents[0].get_object() if intents else None
    if not isinstance(intent, dict) or intent.get("/S") != "/GTS_PDFX":
        out.append("no GTS_PDFX output intent")
    else:
        profile = intent.get("/DestOutputProfile")
        data = profile.get_object().get_data() if profile is not None else b""
        if data[16:20] != b"CMYK" or data[36:40] != b"acsp":
            out.append("the output intent embeds no CMYK ICC profile")
    for number, page in enumerate(reader.pages, 1):
        out += [f"page {number}: {p}" for p in _page_problems(page)]
    return out


def _page_problems(page) -> list[str]:
    out = []
    media = [float(v) for v in page.mediabox]
    boxes = {}
    for name in ("/TrimBox", "/BleedBox"):
        if name not in page:
            out.append(f"no {name[1:]}")
        else:
            boxes[name] = [float(v) for v in page[name]]
    if len(boxes) == 2 and not (_inside(boxes["/TrimBox"], boxes["/BleedBox"])
                                and _inside(boxes["/BleedBox"], media)):
        out.append("the TrimBox is not inside the BleedBox inside the MediaBox")
    if "/Group" in page:
        out.append("a transparency group")
    out += _resources_problems(page.get("/Resources"), page.get_contents().get_data()
                               if page.get_contents() is not None else b"")
    return sorted(set(out))


def _resources_problems(resources, content: bytes) -> list[str]:
    out = []
    if COLOUR_OPS.search(content):
        out.append(f"a colour outside DeviceCMYK and DeviceGray "
                   f"({COLOUR_OPS.search(content).group(1).decode()})")  # type: ignore[union-attr]
    if resources is None:
        return out
    resources = resources.get_object()
    for gs in (resources.get("/ExtGState") or {}).values():
        gs = gs.get_object()
        if any(float(gs.get(k, 1)) < 1 for k in ("/CA", "/ca")) or \
                gs.get("/SMask", "/None") != "/None":
            out.append("transparency in a graphics state")
    for font in (resources.get("/Font") or {}).values():
        out += _font_problems(font.get_object())
    for xobject in (resources.get("/XObject") or {}).values():
        x = xobject.get_object()
        if x.get("/Subtype") == "/Image":
            if "/SMask" in x:
                out.append("an image with a soft mask")
            if x.get("/ColorSpace") not in ("/DeviceCMYK", "/DeviceGray"):
                out.append(f"an image in {x.get('/ColorSpace')}")
        elif x.get("/Subtype") == "/Form":
            if "/Group" in x:
                out.append("a transparency group")
            out += _resources_problems(x.get("/Resources"), x.get_data())
    return out


def _font_problems(font) -> list[str]:
    fonts = [font] + [d.get_object() for d in font.get("/DescendantFonts", [])]
    for f in fonts:
        descriptor = f.get("/FontDescriptor")
        if descriptor is not None and any(k in descriptor.get_object() for k in
                                          ("/FontFile", "/FontFile2", "/FontFile3")):
            return []
    return [f"font {font.get('/BaseFont')} is not embedded"]


def _inside(inner, outer) -> bool:
    eps = 0.01
    return (inner[0] >= outer[0] - eps and inner[1] >= outer[1] - eps
            and inner[2] <= outer[2] + eps and inner[3] <= outer[3] + eps)
