"""CMYK output for print shops that ask for it: a Canvas that turns every colour it is given into
CMYK (images too), and a PDF/X-style output intent so a prepress check knows the press condition.
The conversion is the naive one (no ICC profile): good for proofs and for services that convert
again; a designer who needs exact colour supplies CMYK colours in the data."""

from __future__ import annotations

from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFString
from reportlab.pdfgen.canvas import Canvas

# FOGRA39 (ISO 12647-2 coated paper): a registered characterisation, named in the output intent
# without embedding its profile (www.color.org registry).
CONDITION = "FOGRA39"


def to_cmyk(colour) -> CMYKColor:
    c = toColor(colour)
    if isinstance(c, CMYKColor):
        return c
    r, g, b = c.red, c.green, c.blue
    k = 1 - max(r, g, b)
    if k >= 1:
        return CMYKColor(0, 0, 0, 1, alpha=c.alpha)
    return CMYKColor((1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k,
                     alpha=c.alpha)


class CmykCanvas(Canvas):
    def setFillColor(self, aColor, alpha=None):
        super().setFillColor(to_cmyk(aColor), alpha)

    def setStrokeColor(self, aColor, alpha=None):
        super().setStrokeColor(to_cmyk(aColor), alpha)

    def setFillColorRGB(self, r, g, b, alpha=None):
        self.setFillColor(Color(r, g, b), alpha)

    def setStrokeColorRGB(self, r, g, b, alpha=None):
        self.setStrokeColor(Color(r, g, b), alpha)

    def drawImage(self, image, *args, **kw):
        from PIL import Image

        picture = image if isinstance(image, Image.Image) else Image.open(image)
        if picture.mode != "CMYK":
            picture = picture.convert("RGB").convert("CMYK")
        kw.pop("mask", None)  # a CMYK image has no alpha to mask with
        return super().drawImage(ImageReader(picture), *args, **kw)

    def save(self):
        """Before writing: the output intent in the catalog (which reportlab only writes for
        keys it knows, hence the instance's own list)."""
        intent = PDFDictionary({
            "Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
            "OutputConditionIdentifier": PDFString(CONDITION),
            "RegistryName": PDFString("http://www.color.org"),
            "Info": PDFString("Coated FOGRA39 (ISO 12647-2:2004)")})
        catalog = self._doc.Catalog
        catalog.__NoDefault__ = [*catalog.__NoDefault__, "OutputIntents"]
        catalog.OutputIntents = PDFArray([intent])
        super().save()
