"""Tabletop Simulator: the whole kit as one saved object (kb.tabletopsimulator.com/custom-content/
save-file-format/). Cards become decks on the standard 10 x 7 deck sheet; round, hexagonal and
other non-card pieces become two-sided tiles (Custom_Tile: a front and a back image, the shape
cut by Tabletop Simulator); boards become Custom_Board objects. Every object has its own GUID,
stable from one export to the next. Images are named by a digest of their pixels (a table
caches images by link) and linked as file:// paths, or as the links they will have once
uploaded (`url_base`), so the saved object can be shared."""

from __future__ import annotations

import hashlib
import json
import re
import tempfile
from pathlib import Path

from ..errors import Finding, OptionError, PnpError
from ..kit import Kit, Piece, Sheet
from .outputs import Face, page_images, board_face, export_pod, faces, slug

TTS_COLS, TTS_ROWS, TTS_MAX_PX = 10, 7, 4096  # Tabletop Simulator's standard deck sheet
TILE_TYPES = {"rect": 0, "hex": 1, "circle": 2}  # CustomTile.Type: box, hex, circle
TILE_PX_PER_IN = 300  # a tile's image, capped at TILE_MAX_PX a side
TILE_MAX_PX, BOARD_MAX_PX = 1024, 4096
CARD_WIDTH_IN = 2.5  # a card at scale 1 on the table; tiles and boards are scaled to match it
TILE_THICKNESS = 0.1


def tts_grid(card_w: float, card_h: float) -> tuple[int, int, int, int]:
    """(columns, rows, card width px, card height px) of a Tabletop Simulator deck sheet: the
    standard 10 x 7 grid, within 4096 px both ways, cards as large as that allows."""
    cols, rows = TTS_COLS, TTS_ROWS
    px_w = TTS_MAX_PX // cols
    px_h = round(px_w * card_h / card_w)
    if px_h * rows > TTS_MAX_PX:
        px_h = TTS_MAX_PX // rows
        px_w = round(px_h * card_w / card_h)
    return cols, rows, px_w, px_h


def content_name(image) -> str:
    """A digest of an image's pixels for its file name: Tabletop Simulator caches images by
    URL, so a sheet whose faces changed must be a new URL or the table shows the old faces."""
    return hashlib.sha256(image.tobytes()).hexdigest()[:12]


def check_url_base(url_base: str | None) -> str | None:
    """The base the images will be uploaded under, checked: http(s), no query or fragment."""
    if url_base is None:
        return None
    from urllib.parse import urlsplit

    parts = urlsplit(url_base)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or \
            parts.fragment:
        raise OptionError("--url-base", f"{url_base!r}: give the http(s) address the images "
                          "will be uploaded to, e.g. https://example.org/mygame/ (no ?query or "
                          "#part)")
    # a quote, control character or the like would break every link; a space (or a letter
    # beyond ASCII) is escaped, as a browser sends it: Tabletop Simulator fetches the link as written
    odd = next((c for c in url_base if ord(c) < 32 or ord(c) == 127 or c in '"<>\\^`{|}'), None)
    if odd is not None:
        raise OptionError("--url-base", f"{url_base!r}: {odd!r} cannot stand in a link; write "
                          "the address as the browser's address bar shows it")
    if parts.username is not None or parts.password is not None:
        raise OptionError("--url-base", f"{url_base!r}: the saved object is shared, so its "
                          "links carry no user name or password; give the images' public "
                          "address")
    from urllib.parse import quote, urlunsplit

    path = quote(parts.path, safe="/%!$&'()*+,;=:@-._~")
    return urlunsplit((parts.scheme, parts.netloc, path, "", "")).rstrip("/") + "/"


class Links:
    """Each written image's link in the saved object: file:// in `final`, or under url_base."""

    def __init__(self, final: Path, url_base: str | None):
        self.final, self.base = final, url_base

    def __call__(self, path: Path) -> str:
        from urllib.parse import quote

        return self.base + quote(path.name) if self.base else (self.final / path.name).as_uri()


class Guids:
    """Six hex digits per object, as Tabletop Simulator writes them: from what the object is,
    so the same kit exported again keeps its GUIDs, and never two alike in one save."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def __call__(self, *what) -> str:
        seed = "\x1f".join(map(str, what))
        n = 0
        while True:
            guid = hashlib.sha1(f"{seed}\x1f{n}".encode()).hexdigest()[:6]
            if guid not in self.used:
                self.used.add(guid)
                return guid
            n += 1


def _transform(x: float, z: float = 0.0, y: float = 1.0, scale: float = 1.0,
               face_down: bool = False) -> dict:
    return {"posX": round(x, 3), "posY": round(y, 3), "posZ": round(z, 3), "rotX": 0.0,
            "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": round(scale, 4), "scaleY": 1.0, "scaleZ": round(scale, 4)}


def export_tts(kit: Kit, fonts, folder: Path, final: Path | None = None,
               url_base: str | None = None) -> tuple[list[Path], list[Finding]]:
    """Deck sheets, tile and board images and `<kit>.json`, a saved object Tabletop Simulator
    loads (Saved Objects folder, or Objects > Saved Objects). `final`: the folder the files
    will end up in, for file:// links; `url_base`: where they will be uploaded instead."""
    folder.mkdir(parents=True, exist_ok=True)
    links = Links((final or folder).resolve(), check_url_base(url_base))
    guids = Guids()
    written: list[Path] = []
    findings: list[Finding] = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        decks = _decks(kit, fonts, folder, work, links, guids, written, findings)
        tiles = _tiles(kit, fonts, folder, work, links, guids, written, findings,
                       z=-4.0 if decks else 0.0)
        boards = _boards(kit, fonts, folder, work, links, guids, written, findings)
    objects = decks + tiles + boards
    if not objects:
        raise PnpError("nothing in this kit goes on a Tabletop Simulator table (no cards, "
                       "tiles, tokens or boards)")
    save = {"SaveName": kit.title, "GameMode": "", "Date": "", "Table": "", "Sky": "",
            "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "ObjectStates": objects, "TabStates": {}, "VersionNumber": ""}
    out = folder / f"{slug(kit.title)}.json"
    out.write_text(json.dumps(save, indent=2, ensure_ascii=False), encoding="utf-8")
    written.append(out)
    return written, findings


# ---- cards --------------------------------------------------------------------------------
def face_dpi(sheet: Sheet) -> float:
    """The dpi a sheet's faces are drawn at: a card's on its deck sheet, a tile's image."""
    px = tts_grid(sheet.width, sheet.height)[2] if _is_card(sheet) else _tile_px(sheet)[0]
    return px / (sheet.width / 72)


def _is_card(sheet: Sheet) -> bool:
    return sheet.shape == "rect"


def _decks(kit, fonts, folder, work, links, guids, written, findings) -> list[dict]:
    """For every group of card pieces sharing a back, sheets of up to 69 faces on the 10 x 7
    grid (the 70th slot holds the hidden-card image, here the back) and the back's image."""
    from PIL import Image

    groups: dict[tuple, list[Face]] = {}
    for face in faces(kit, backs=False):
        if _is_card(face.sheet):
            groups.setdefault((face.sheet.title, id(face.piece.back)), []).append(face)
    titles = [title for title, _ in groups]
    objects: list[dict] = []
    deck_key = 0
    per_sheet = TTS_COLS * TTS_ROWS - 1  # the last slot is the hidden card
    shown_of: dict[int, dict[str, str]] = {}
    for number, ((title, _), members) in enumerate(groups.items(), 1):
        sheet = members[0].sheet
        back_piece = members[0].piece
        name = f"{number:02d}-{slug(title)}" if len(groups) > 1 else slug(title)
        cols, rows, pw, ph = tts_grid(sheet.width, sheet.height)
        if id(sheet) not in shown_of:  # one for all its decks
            shown_of[id(sheet)] = shown_names(sheet.pieces)
        shown = shown_of[id(sheet)]
        back_img, back_url = None, ""
        if back_piece.back is not None:
            pdf = work / f"{name}-back.pdf"
            findings += export_pod(kit, fonts, pdf, 0.0, [Face(sheet, back_piece, 0, True)])
            back_img = next(page_images(pdf, [(pw, ph)]))
            out = folder / f"{name}-back-{content_name(back_img)}.png"
            back_url = links(out)
            back_img.save(out)
            written.append(out)
        custom, cards = {}, []
        for part, start in enumerate(range(0, len(members), per_sheet), 1):
            chunk = members[start:start + per_sheet]
            pdf = work / f"{name}-{part}.pdf"
            findings += export_pod(kit, fonts, pdf, 0.0, chunk)
            image = Image.new("RGB", (cols * pw, rows * ph), "white")
            for i, face_img in enumerate(page_images(pdf, [(pw, ph)] * len(chunk))):
                image.paste(face_img, ((i % cols) * pw, (i // cols) * ph))
            if back_img is not None:
                image.paste(back_img, ((cols - 1) * pw, (rows - 1) * ph))
            out = folder / (f"{name}-faces-{part}-{cols}x{rows}-{len(chunk)}cards-"
                            f"{content_name(image)}.png")
            image.save(out, compress_level=3)  # 16 megapixels: level 6 costs twice the time
            written.append(out)
            deck_key += 1
            custom[str(deck_key)] = {
                "FaceURL": links(out), "BackURL": back_url,
                "NumWidth": cols, "NumHeight": rows, "BackIsHidden": True,
                "UniqueBack": False, "Type": 0}
            cards += [(deck_key * 100 + i, shown.get(f.piece.name, f.piece.name), deck_key)
                      for i, f in enumerate(chunk)]
        deck = title if titles.count(title) == 1 else f"{title} ({_common_start(members)})"
        objects.append(_tts_deck(deck, custom, cards, len(objects), guids))
    return objects


MAX_SHOWN = 20  # characters of a column's value in a nickname: a number, a word or two
_CLEAN = re.compile(r"[\w' .,+\-/#%]+")  # no markup (**, :icon:, {colour|...}), one line


def shown_names(pieces) -> dict[str, str]:
    """Nicknames for the pieces named by their place alone ("gem token 3", the third row of a
    file with no title, name or label column), by that name: their kind and the column their
    front prints as a text of its own ("gem token (value 5)"), when that tells each such row
    apart; {} when no column does so cleanly."""
    from ..data.layouts.values import Value, printed
    from ..faces.rows import RowFace

    untitled: dict[str, RowFace] = {}
    for p in pieces:
        if p.untitled and isinstance(p.front, RowFace):
            untitled.setdefault(p.name, p.front)
    if not untitled:
        return {}
    first = next(iter(untitled.values()))
    for e in first.layout.elements:
        text = e.values.get("text") if e.type == "text" and not e.when_reads else None
        if not isinstance(text, Value) or text.column is None:
            continue
        said = {name: str(printed(face.context[text.column])).strip()
                for name, face in untitled.items()}
        if (len(set(said.values())) == len(said)
                and all(len(v) <= MAX_SHOWN and _CLEAN.fullmatch(v) for v in said.values())):
            return {name: f"{first.component.name} ({text.column} {v})"
                    for name, v in said.items()}
    return {}


def _common_start(members: list[Face]) -> str:
    """What the pieces of one deck have in common at the start of their names ("Yang" for Yang's
    element cards), else their kinds: tells apart decks that share a sheet but not a back."""
    names = [f.piece.name.split() for f in members]
    common = []
    for words in zip(*names):
        if len(set(words)) > 1:
            break
        common.append(words[0])
    return " ".join(common) or ", ".join(dict.fromkeys(f.piece.kind for f in members))


def _tts_deck(title: str, custom: dict, cards: list[tuple[int, str, int]], place: int,
              guids: Guids) -> dict:
    """A saved DeckCustom object (or a lone Card): face down, decks side by side."""
    x = place * 3.0
    contained = [{"Name": "Card", "GUID": guids("card", title, card_id), "Nickname": nick,
                  "CardID": card_id, "CustomDeck": {str(key): custom[str(key)]},
                  "Transform": _transform(x, face_down=True)}
                 for card_id, nick, key in cards]
    if len(contained) == 1:  # Tabletop Simulator has no deck of one card
        return contained[0]
    return {"Name": "DeckCustom", "GUID": guids("deck", title), "Nickname": title,
            "Transform": _transform(x, face_down=True),
            "DeckIDs": [card_id for card_id, _, _ in cards], "CustomDeck": custom,
            "ContainedObjects": contained}


# ---- tiles and tokens ---------------------------------------------------------------------
def _tile_px(sheet: Sheet) -> tuple[int, int]:
    w_in, h_in = sheet.width / 72, sheet.height / 72
    scale = min(TILE_PX_PER_IN, TILE_MAX_PX / max(w_in, h_in))
    return max(1, round(w_in * scale)), max(1, round(h_in * scale))


def _tiles(kit, fonts, folder, work, links, guids, written, findings, z: float) -> list[dict]:
    """Every non-card piece as a Custom_Tile with its front and back images; identical
    pieces (same name and drawings) share their images and stand in one stack. Every face
    drawn into one PDF and rasterised in one pass, as the decks are."""
    stacks: list[tuple[Sheet, str, list[Piece]]] = []
    chosen: list[Face] = []
    for sheet in kit.sheets:
        if _is_card(sheet):
            continue
        same: dict[tuple, list[Piece]] = {}
        for piece in sheet.pieces:
            same.setdefault((piece.name, id(piece.front), id(piece.back)), []).append(piece)
        for (name, _, _), pieces in same.items():
            stacks.append((sheet, name, pieces))
            chosen.append(Face(sheet, pieces[0], 0, False))
            if pieces[0].back is not None and sheet.duplex:
                chosen.append(Face(sheet, pieces[0], 0, True))
    images = iter(_face_images(kit, fonts, chosen, [_tile_px(f.sheet) for f in chosen],
                               folder, work / "tiles.pdf", written, findings))
    objects: list[dict] = []
    shown = {id(sheet): shown_names(sheet.pieces) for sheet in kit.sheets if not _is_card(sheet)}
    for column, (sheet, name, pieces) in enumerate(stacks):
        piece = pieces[0]
        front = next(images)
        back = next(images) if piece.back is not None and sheet.duplex else front
        for height, _ in enumerate(pieces):
            objects.append({
                # (the GUID by the piece's name as ever: a nickname changed keeps it)
                "Name": "Custom_Tile", "GUID": guids("tile", sheet.title, name, height),
                "Nickname": shown[id(sheet)].get(name, name), "Description": piece.kind,
                "Transform": _transform(column * 2.0, z, 1.0 + height * TILE_THICKNESS,
                                        sheet.width / 72 / CARD_WIDTH_IN),
                "CustomImage": {
                    "ImageURL": links(front), "ImageSecondaryURL": links(back),
                    "ImageScalar": 1.0, "WidthScale": 0.0,
                    "CustomTile": {"Type": TILE_TYPES.get(sheet.shape, 0),
                                   "Thickness": TILE_THICKNESS, "Stackable": True,
                                   "Stretch": True}}})
    return objects


def _face_images(kit, fonts, chosen: list[Face], sizes: list[tuple[int, int]], folder: Path,
                 pdf: Path, written, findings, prefix: str = "") -> list[Path]:
    """Each face's image file, drawn into one PDF and rasterised in one pass."""
    if not chosen:
        return []
    findings += export_pod(kit, fonts, pdf, 0.0, chosen)
    out = []
    for face, image in zip(chosen, page_images(pdf, sizes)):
        # named by content alone: pieces that print alike (three pawns of one player) share
        path = folder / f"{prefix}{slug(face.sheet.title)}-{content_name(image)}.png"
        if not path.exists():
            image.save(path, compress_level=3)  # (a board is megapixels: level 6 costs twice)
            written.append(path)
        out.append(path)
    return out


# ---- boards -------------------------------------------------------------------------------
def _boards(kit, fonts, folder, work, links, guids, written, findings) -> list[dict]:
    """Every board as one image, its longer side BOARD_MAX_PX at most: all drawn into one PDF
    and rasterised in one pass."""
    chosen, sizes = [], []
    for board in kit.boards:
        chosen.append(board_face(board))
        scale = min(TILE_PX_PER_IN, BOARD_MAX_PX / (max(board.width, board.height) / 72))
        sizes.append((max(1, round(board.width / 72 * scale)),
                      max(1, round(board.height / 72 * scale))))
    images = _face_images(kit, fonts, chosen, sizes, folder, work / "boards.pdf", written,
                          findings, "board-")
    return [{"Name": "Custom_Board", "GUID": guids("board", board.title, number),
             "Nickname": board.title,
             "Transform": _transform(0.0, 8.0 + number * (board.height / 72 + 1), 1.0,
                                     board.width / 72 / CARD_WIDTH_IN),
             "CustomImage": {"ImageURL": links(out), "ImageSecondaryURL": "",
                             "ImageScalar": 1.0, "WidthScale": 0.0}}
            for number, (board, out) in enumerate(zip(kit.boards, images))]
