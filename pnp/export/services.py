"""Print-on-demand presets: each service's card products (trim), bleed, safe zone, pixels at
300 dpi, file type and file naming, and the export that writes a deck the way it is uploaded,
with a CSV manifest of how many of each card to order.

Published specs (checked when this was written; services change them, so they live here only):
- The Game Crafter: poker card 2.5 x 3.5 in, 1/8 in bleed on each side, 825 x 1125 px PNG at
  300 dpi; keep text 1/8 in inside the trim (its poker-card template: 825 x 1125 px, trim
  750 x 1050, safe area 675 x 975; thegamecrafter.com/make/products/PokerDeck).
- MakePlayingCards: images at 300 dpi with 36 px (0.12 in) of bleed each side, so a poker card
  (2.5 x 3.5 in) is 822 x 1122 px; keep text 36 px inside the trim (makeplayingcards.com
  poker-size image guide). JPG or PNG per face.
- DriveThruCards: one PDF per deck, pages in the order back of card 1, front of card 1, back of
  card 2, ...; images 300 dpi; CMYK (total ink at most 240 %); 1/8 in bleed on all four sides;
  nothing important within 1/8 in of a finished edge; export as PDF/X-1a
  (help.drivethrupartners.com, "Printed card specifications").
"""

from __future__ import annotations

import csv
import io
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ..errors import Finding, PnpError, warning
from ..kit import Kit, Piece, Sheet
from ..render.fonts import Fonts
from ..units import MM

if TYPE_CHECKING:
    from ..render.cmyk import Separation

DPI = 300
FIT = 1.5 * MM  # a card within this of a product's trim (each way) prints as that product


@dataclass(frozen=True)
class Product:
    name: str
    w_in: float
    h_in: float


POKER, BRIDGE, MINI, TAROT = (Product("poker", 2.5, 3.5), Product("bridge", 2.25, 3.5),
                              Product("mini", 1.75, 2.5), Product("tarot", 2.75, 4.75))


@dataclass(frozen=True)
class Service:
    key: str
    name: str
    bleed_in: float  # each side
    safe_in: float  # inside the trim
    file_type: str  # "png": a file per face; "pdf": one PDF per deck
    wants_cmyk: bool
    products: tuple[Product, ...]
    naming: Callable[[str, int, str, str], str]  # (deck, number, card, side) -> relative path

    def pixels(self, product: Product) -> tuple[int, int]:
        return (round((product.w_in + 2 * self.bleed_in) * DPI),
                round((product.h_in + 2 * self.bleed_in) * DPI))

    def product_for(self, sheet: Sheet) -> Product | None:
        """The product a sheet's cards print as: upright, else turned a quarter (a landscape
        card on a portrait product; see `turned`)."""
        if not self.products:  # any size: the card's own
            return Product("own", sheet.width / 72, sheet.height / 72)
        for turned in (False, True):
            for p in self.products:
                if _fits(p, sheet, turned):
                    return p
        return None

    @staticmethod
    def turned(sheet: Sheet, product: Product) -> bool:
        """The sheet's cards print on the product only turned a quarter."""
        return not _fits(product, sheet, False)


def _fits(product: Product, sheet: Sheet, turned: bool) -> bool:
    w, h = (sheet.height, sheet.width) if turned else (sheet.width, sheet.height)
    return abs(product.w_in * 72 - w) <= FIT and abs(product.h_in * 72 - h) <= FIT


SERVICES = {s.key: s for s in (
    Service("tgc", "The Game Crafter", 0.125, 0.125, "png", False, (POKER, BRIDGE, MINI, TAROT),
            lambda deck, n, card, side: f"{deck}/{n:03d}-{card}-{side}.png"),
    Service("mpc", "MakePlayingCards", 0.12, 0.12, "png", False, (POKER, BRIDGE, MINI, TAROT),
            lambda deck, n, card, side: f"{deck}/{side}/{n:03d}.png"),
    Service("drivethru", "DriveThruCards", 0.125, 0.125, "pdf", True, (POKER, BRIDGE, MINI, TAROT),
            lambda deck, n, card, side: f"{deck}.pdf"),
)}


# The preflight of an export for no service in particular: a print shop's usual 1/8 in margins.
GENERIC = Service("any", "a print shop", 0.125, 0.125, "png", False, (),
                  lambda deck, n, card, side: "")


@dataclass(frozen=True)
class Card:
    """One distinct card of a deck and how many copies the deck holds."""
    sheet: Sheet
    piece: Piece
    count: int


def decks(kit: Kit, service: Service) -> tuple[list[tuple[Sheet, Product, list[Card]]], list[Finding]]:
    """The kit's card sheets the service can print, each as its distinct cards with counts."""
    out, skipped = [], []
    for sheet in kit.sheets:
        product = service.product_for(sheet) if sheet.shape == "rect" else None
        if product is None:
            skipped.append(warning(
                f"{sheet.title}: {service.name} has no {sheet.shape} card of "
                f"{sheet.width / MM:.0f} x {sheet.height / MM:.0f} mm; print these from the kit "
                "PDF"))
            continue
        counts: Counter = Counter()
        first: dict[tuple, Piece] = {}
        for p in sheet.pieces:
            key = (p.name, id(p.front), id(p.back))
            counts[key] += 1
            first.setdefault(key, p)
        out.append((sheet, product, [Card(sheet, first[k], n) for k, n in counts.items()]))
    return out, skipped


def export_service(kit: Kit, fonts: Fonts, folder: Path, key: str,
                   cmyk: bool | Separation) -> tuple[int, list[Finding]]:
    """Write every deck the service can print into `folder`, plus manifest.csv. Returns the
    number of files written and the findings (the preflight's included)."""
    from .outputs import Face, page_images, boards_left_out, deck_names, export_pod, piece_slug
    from .preflight import preflight

    service = SERVICES[key]
    chosen, findings = decks(kit, service)
    boards = boards_left_out(kit, f"for {service.name}")  # it prints cards only
    if not chosen:
        raise PnpError(f"nothing in this kit is a card size {service.name} prints "
                       f"({', '.join(f'{p.name} {p.w_in:g} x {p.h_in:g} in' for p in service.products)})"
                       + (f"; {boards}" if boards else ""))
    if boards:
        findings.append(warning(boards))
    findings += preflight(kit, fonts, service, bool(cmyk))
    rows, files = [], 0
    deck_of = deck_names(sheet for sheet, _, _ in chosen)
    with tempfile.TemporaryDirectory() as tmp:
        for sheet, product, cards in chosen:
            deck = deck_of[id(sheet)]
            trim = (product.w_in * 72, product.h_in * 72)
            turned = service.turned(sheet, product)
            bleed = service.bleed_in * 72
            px = service.pixels(product)
            names = [piece_slug(c.piece) for c in cards]
            if service.file_type == "pdf":
                order = [Face(sheet, c.piece, 0, side) for c in cards for _ in range(c.count)
                         for side in (True, False)]  # back, then front, card after card
                target = folder / service.naming(deck, 0, "", "")
                target.parent.mkdir(parents=True, exist_ok=True)
                findings += export_pod(kit, fonts, target, bleed, order, trim, cmyk, turned)
                files += 1
            else:
                order = [Face(sheet, c.piece, 0, side) for c in cards for side in (False, True)]
                pdf = Path(tmp) / f"{deck}.pdf"
                findings += export_pod(kit, fonts, pdf, bleed, order, trim, cmyk, turned)
                for face, image in zip(order, page_images(pdf, [px] * len(order))):
                    n = [c.piece for c in cards].index(face.piece) + 1
                    path = folder / service.naming(deck, n, names[n - 1],
                                                   "back" if face.back else "front")
                    path.parent.mkdir(parents=True, exist_ok=True)
                    image.save(path, dpi=(DPI, DPI))
                    files += 1
            for n, c in enumerate(cards, 1):
                front = service.naming(deck, n, names[n - 1], "front")
                back = service.naming(deck, n, names[n - 1], "back")
                rows.append([deck, c.piece.name, c.count, front, back, px[0], px[1],
                             product.name, service.bleed_in, service.safe_in])
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["deck", "card", "count", "front", "back", "width_px", "height_px",
                     "product", "bleed_in", "safe_in"])
    writer.writerows(rows)
    (folder / "manifest.csv").write_text(buf.getvalue(), encoding="utf-8")
    return files + 1, findings
