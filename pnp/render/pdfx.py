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
    (soft masks, constant alpha, transparency groups) and every font embedded. Read with
    pikepdf, which pnp installs (so it works after a plain `pip install`)."""
    import pikepdf

    with pikepdf.open(path) as pdf:
        out: list[str] = []
        if pdf.pdf_version not in ("1.3", "1.4"):
            out.append(f"version %PDF-{pdf.pdf_version}: PDF/X-1a:2003 is PDF 1.3 or 1.4")
        info = pdf.trailer.get("/Info")
        info = info if isinstance(info, pikepdf.Dictionary) else pikepdf.Dictionary()
        if str(info.get("/GTS_PDFXVersion", "")) != VERSION:
            out.append("no /GTS_PDFXVersion (PDF/X-1a:2003) in the document information")
        if info.get("/Trapped") not in (pikepdf.Name("/True"), pikepdf.Name("/False")):
            out.append("/Trapped is neither True nor False")
        if "/ID" not in pdf.trailer:
            out.append("no file /ID in the trailer")
        intents = pdf.Root.get("/OutputIntents")
        intent = intents[0] if isinstance(intents, pikepdf.Array) and len(intents) else None
        if not isinstance(intent, pikepdf.Dictionary) or intent.get("/S") != "/GTS_PDFX":
            out.append("no GTS_PDFX output intent")
        else:
            profile = intent.get("/DestOutputProfile")
            data = profile.read_bytes() if isinstance(profile, pikepdf.Stream) else b""
            if data[16:20] != b"CMYK" or data[36:40] != b"acsp":
                out.append("the output intent embeds no CMYK ICC profile")
        for number, page in enumerate(pdf.pages, 1):
            out += [f"page {number}: {p}" for p in _page_problems(page)]
        return out


def _page_problems(page) -> list[str]:
    import pikepdf

    out = []
    media = [float(v) for v in page.obj.MediaBox]
    boxes = {}
    for name in ("/TrimBox", "/BleedBox"):
        if name not in page.obj:
            out.append(f"no {name[1:]}")
        else:
            boxes[name] = [float(v) for v in page.obj[name]]
    if len(boxes) == 2 and not (_inside(boxes["/TrimBox"], boxes["/BleedBox"])
                                and _inside(boxes["/BleedBox"], media)):
        out.append("the TrimBox is not inside the BleedBox inside the MediaBox")
    if "/Group" in page.obj:
        out.append("a transparency group")
    contents = page.obj.get("/Contents")
    if isinstance(contents, pikepdf.Array):
        content = b"\n".join(part.read_bytes() for part in contents)
    else:
        content = contents.read_bytes() if isinstance(contents, pikepdf.Stream) else b""
    out += _resources_problems(page.obj.get("/Resources"), content)
    return sorted(set(out))


def _resources_problems(resources, content: bytes) -> list[str]:
    import pikepdf

    out = []
    found = COLOUR_OPS.search(content)
    if found:
        out.append(f"a colour outside DeviceCMYK and DeviceGray ({found.group(1).decode()})")
    if not isinstance(resources, pikepdf.Dictionary):
        return out
    for gs in dict(resources.get("/ExtGState", {})).values():
        if any(float(gs.get(k, 1)) < 1 for k in ("/CA", "/ca")) or \
                gs.get("/SMask", pikepdf.Name("/None")) != "/None":
            out.append("transparency in a graphics state")
    for font in dict(resources.get("/Font", {})).values():
        out += _font_problems(font)
    for x in dict(resources.get("/XObject", {})).values():
        if x.get("/Subtype") == "/Image":
            if "/SMask" in x:
                out.append("an image with a soft mask")
            space = x.get("/ColorSpace")
            if space not in (pikepdf.Name("/DeviceCMYK"), pikepdf.Name("/DeviceGray")):
                out.append(f"an image in {space}")
        elif x.get("/Subtype") == "/Form":
            if "/Group" in x:
                out.append("a transparency group")
            out += _resources_problems(x.get("/Resources"), x.read_bytes())
    return out


def _font_problems(font) -> list[str]:
    fonts = [font] + list(font.get("/DescendantFonts", []))
    for f in fonts:
        descriptor = f.get("/FontDescriptor")
        if descriptor is not None and any(k in descriptor for k in
                                          ("/FontFile", "/FontFile2", "/FontFile3")):
            return []
    return [f"font {font.get('/BaseFont')} is not embedded"]


def _inside(inner, outer) -> bool:
    eps = 0.01
    return (inner[0] >= outer[0] - eps and inner[1] >= outer[1] - eps
            and inner[2] <= outer[2] + eps and inner[3] <= outer[3] + eps)
