"""The board's geometry: where one half's tracks and locked-card slot lie, in points, from the
board, card and track sizes of the data. Pure numbers: the board's layout files place their
elements from these (rows.py hands them over as the half's row), and validation puts the
markers on these cells."""

from __future__ import annotations

from ...layout.places import Place, Track
from ...units import MM
from . import engine
from .model import Model, complete

STRIP = 14 * MM  # the band between the two halves
MARGIN = 3.5 * MM
MIN_CELL = 5 * MM      # a track cell smaller than this is too small for a marker's aim
NAME_BAND = 22 * MM    # under the locked-card slot: the fighter's name and the + notes


def board_layout(model: Model) -> dict:
    """The geometry of one half of the board (in points), and what does not fit, as
    (message, game.toml field) pairs for validation."""
    W, H = model.board_size
    half_h = (H - STRIP) / 2
    cw_card, ch_card = model.card_size
    slot_w, slot_h = cw_card + 2 * MM, ch_card + 2 * MM
    gap, col_gap, head_h = 3.5 * MM, 1.2 * MM, 11.5 * MM
    cell_w = (W - 2 * MARGIN - 2 * gap - slot_w - 2 * col_gap) / (10 + len(engine.TYPES))
    top = half_h - MARGIN - head_h
    rows = -(-len(model.wound_track) // 10)
    cell_h = min(11 * MM, (top - MARGIN) / max(rows, 1))
    exp_h = min(11 * MM, (top - MARGIN) / max(1, len(model.experience_track)))
    problems = []
    if cell_w < MIN_CELL:
        problems.append((f"the board is {W / MM:.0f} mm wide: with the locked-card slot its "
                         f"track cells would be {cell_w / MM:.1f} mm wide; make it wider",
                         "board.width"))
    if cell_h < MIN_CELL:
        problems.append((f"the wound track needs {rows} rows of 10 (0 to "
                         f"{model.wound_track[-1]}): on this board its cells would be "
                         f"{cell_h / MM:.1f} mm high; lower wound_limit or wound_cells_beyond, "
                         "or make the board taller", "options.wound_limit"))
    if exp_h < MIN_CELL:
        problems.append((f"the experience tracks' {model.experience_cells} cells would be "
                         f"{exp_h / MM:.1f} mm high; use fewer cells or a taller board",
                         "board.experience_cells"))
    if slot_h + NAME_BAND > half_h - 2 * MARGIN:
        problems.append((f"the locked-card slot ({slot_h / MM:.0f} mm high) does not fit a half "
                         f"of the board ({half_h / MM:.0f} mm); make the board taller",
                         "board.height"))
    return {"half_h": half_h, "slot": (slot_w, slot_h), "gap": gap, "col_gap": col_gap,
            "head_h": head_h, "cell_w": cell_w, "cell_h": cell_h, "exp_h": exp_h, "top": top,
            "rows": rows, "problems": problems}


def track_cells(model: Model, geo: dict | None = None) -> dict[str, list[tuple[int, float, float]]]:
    """Every cell of one half's tracks as (value, x, y of its lower-left corner), in the half's
    own coordinates (its fighter at the bottom edge): "wound", then one list per attack type.
    The board draws these cells and validation puts the markers on them."""
    geo = geo or board_layout(model)
    cell_w, cell_h, exp_h, top = geo["cell_w"], geo["cell_h"], geo["exp_h"], geo["top"]
    track = model.wound_track
    cells = {"wound": [(v, MARGIN + (v - track.start) % 10 * cell_w,
                        top - ((v - track.start) // 10 + 1) * cell_h) for v in track]}
    exp = model.experience_track
    ex0 = MARGIN + 10 * cell_w + geo["gap"]
    for k, t in enumerate(engine.TYPES):
        x = ex0 + k * (cell_w + geo["col_gap"])
        cells[t] = [(v, x, top - (len(exp) - j) * exp_h) for j, v in enumerate(exp)]
    return cells


def tracks(model: Model) -> list[Track]:
    """The markers on their tracks, both halves in board coordinates (the Elf's half is the
    Human's turned half a turn about the board's centre)."""
    geo = board_layout(model) if complete(model) else None
    if geo is None or geo["problems"]:
        return []  # a board that does not fit is said once (checks.py), its markers unplaced
    W, H = model.board_size
    sizes = {"wound": (geo["cell_w"], geo["cell_h"])}
    sizes.update({t: (geo["cell_w"], geo["exp_h"]) for t in engine.TYPES})
    out = []
    for s, turned in zip(engine.SIDES, (False, True)):
        for key, cells in track_cells(model, geo).items():
            w, h = sizes[key]
            places = tuple(Place(W - x - w / 2, H - y - h / 2, w, h) if turned
                           else Place(x + w / 2, y + h / 2, w, h) for _, x, y in cells)
            what = "wound" if key == "wound" else f"{model.attacks[key].name} experience"
            out.append(Track(f"the {model.sides[s].name}'s {what} track", f"{what} marker"
                             if key == "wound" else "experience marker", model.marker_diameter,
                             places, field="markers.diameter"))
    return out

