"""Wuxing Duel's kit protocol (pnp/games/registry.py): the data (model.py), its checks against
the rules engine, what the rules need printed, the board's tracks and the engine built from the
data. The faces are layout files in the game folder, assembled by faces.py."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...data.colours import looks
from ...errors import Finding, Source, error
from ...units import MM
from ...layout.places import Place, Track
from ..facts import Side
from ..rulings import Enforced
from . import engine
from .model import Element, Island, Model, load  # noqa: F401 (load: the game module's API)

# game.toml's tables of its own and their keys (pnp/data/tables.py)
TABLES = {"board": frozenset({"width", "height", "island_diameter"}),
          "tokens": frozenset({"diameter"})}

# The published rules' variants for young players: below these ages (notes 1 and 2 of the
# text), no card is set aside; pawns never turn.
VARIANT_AGES = {"set_aside": 10, "pawns_turn": 8}
# W21 states how the layout was chosen: the simulator's figures, kept in the ruling's values
# with the layout they were measured on.
LAYOUT_RULING = "W21"
LAYOUT_FIGURES = ("games", "greedy_yang", "greedy_yin", "random_yang", "random_yin")


def _expected_faces(element: str) -> dict[str, str]:
    """What the engine says each arrow on an element's card must show."""
    return {
        "destroyed_by": next(e for e, t in engine.DESTROYS.items() if t == element),
        "generated_by": next(e for e, t in engine.GENERATES.items() if t == element),
        "destroys": engine.DESTROYS[element],
        "generates": engine.GENERATES[element],
    }


def validate(model: Model) -> list[Finding]:
    findings = [error(f"rules engine: {p}") for p in engine.check_cycles()]
    folder = model.common.folder
    # cards: each element once per player, arrows as the engine's cycles
    for player in model.players:
        findings += _one_each(player.name, "must have exactly one {} card",
                              [(c.element, c.source) for c in model.cards
                               if c.owner == player.id],
                              engine.ELEMENTS, Source(folder.path / "cards.csv"), "element")
    for card in model.cards:
        for face, want in _expected_faces(card.element).items():
            got = getattr(card, face)
            if got != want:
                findings.append(error(f"the {card.element} card shows {got} as "
                                      f"'{face.replace('_', ' ')}' but the cycles say {want}",
                                      card.source, face))
    findings += _validate_paths(model)
    findings += _validate_meaning(model)
    findings += _validate_layout_figures(model)
    findings += _validate_pawns(model)
    # tokens: the pool is the data's (the engine plays with as many of each colour as the red
    # tokens row prints), but both colours need as many and there is one first-player token
    tokens = {t.id: t for t in model.tokens}
    red, blue, starter = (tokens.get(k) for k in ("generating", "destroying", "first"))
    if red is not None and red.count < 1:
        findings.append(error(f"{red.name}: the pool needs at least one of each colour",
                              red.source, "count"))
    if red is not None and blue is not None and blue.count != red.count:
        findings.append(error(f"{blue.name}: the rules need as many as {red.name}s "
                              f"({red.count}), the data prints {blue.count}", blue.source,
                              "count"))
    if starter is not None and starter.count != 1:
        findings.append(error(f"{starter.name}: the rules need 1, the data prints {starter.count}",
                              starter.source, "count"))
    return findings


def tokens_per_colour(model: Model) -> int:
    """Link tokens of each colour: the red tokens' count in tokens.csv (the engine's default
    when that row is missing, which loading has noted)."""
    red = next((t for t in model.tokens if t.id == "generating"), None)
    return red.count if red is not None and red.count >= 1 else engine.TOKENS_PER_COLOUR


def layout_text(model: Model) -> str:
    """The layout as W21's values record it: each path from Yang's side, paths by " / "."""
    return " / ".join(" ".join(p) for p in model.paths())


def start_links(model: Model) -> str:
    """How each path's starting islands are linked, as W21 states it (computed from the board,
    so another layout cannot leave a false sentence): "on path 1 Yang's island generates
    Yin's; on path 2 Yin's destroys Yang's"."""
    first, second = (p.name for p in model.players[:2]) if len(model.players) >= 2 \
        else engine.SEAT_NAMES
    out = []
    for n, path in enumerate(model.paths(), 1):
        if not path:
            continue
        ours, theirs = path[0], path[-1]
        for table, verb in ((engine.GENERATES, "generates"), (engine.DESTROYS, "destroys")):
            if table.get(ours) == theirs:
                out.append(f"on path {n} {first}'s island {verb} {second}'s")
            elif table.get(theirs) == ours:
                out.append(f"on path {n} {second}'s island {verb} {first}'s")
        if ours == theirs:
            out.append(f"on path {n} both start on {ours}")
    return "; ".join(out)


def _validate_layout_figures(model: Model) -> list[Finding]:
    """W21 prints win rates measured on one layout: a new islands.csv needs new figures."""
    ruling = next((r for r in model.common.rulings if r.id == LAYOUT_RULING), None)
    if ruling is None or ruling.values.get("layout") == layout_text(model):
        return []
    return [error(f"{LAYOUT_RULING} prints win rates measured on the layout "
                  f"{ruling.values.get('layout')!r}, but islands.csv now holds "
                  f"{layout_text(model)!r}; measure it again (pnp simulate --game wuxing "
                  "--games 2000 --agents greedy --seed 1, and --agents random) and update the "
                  "ruling's values, layout included", ruling.origin, "values")]


def _validate_meaning(model: Model) -> list[Finding]:
    """What the rules and the booklet give a meaning to, the data cannot silently change:
    generating links red and destroying links blue (arrows: the palette; tokens: tokens.csv),
    Yang's cards white with 陽 and Yin's black with 陰, one glyph and one name per element."""
    findings = []
    toml = Source(model.common.folder.toml_path)
    hexval = lambda c: "#" + c.hexval()[2:]  # noqa: E731
    links = dict(zip(("generating", "destroying"), engine.COLOURS))
    for key, word in links.items():
        value = model.common.palette.get(key)
        if value is not None and not looks(value, word):
            findings.append(error(f"the {key} arrows are printed {hexval(value)}, but the rules "
                                  f"and the booklet call {key} links {word}", toml,
                                  f"palette.{key}"))
    for t in model.tokens:
        named = links.get(t.id)
        if named and not looks(t.colour, named):
            findings.append(error(f"{t.name} is printed {hexval(t.colour)}, but {t.id} links are "
                                  f"{named} (W10)", t.source, "colour"))
    for p in model.players:
        if p.id not in engine.SIDES:
            continue
        seat = engine.SIDES.index(p.id)
        symbol, word = engine.SYMBOLS[seat], engine.CARD_COLOURS[seat]
        if p.symbol != symbol:
            findings.append(error(f"{p.name}'s symbol is {symbol} ({engine.SEAT_NAMES[seat]}); "
                                  f"the data prints {p.symbol}", p.source, "symbol"))
        if not looks(p.colour, word):
            findings.append(error(f"{p.name}'s cards are {word} by the rules (W2); the data "
                                  f"prints {hexval(p.colour)}", p.source, "colour"))
    for field in ("glyph", "name"):
        seen: dict[str, Element] = {}
        for e in model.elements.values():
            value = getattr(e, field).strip()
            if value in seen:
                findings.append(error(f"{e.id} has the same {field} as {seen[value].id} "
                                      f"({value}); each element needs its own", e.source, field))
            seen.setdefault(value, e)
    return findings


def _validate_pawns(model: Model) -> list[Finding]:
    """One pawn per player per path: a second one, or one off the paths, by its row."""
    findings = []
    paths = sorted({i.path for i in model.islands})
    for player in model.players:
        on_paths = []
        for pawn in (p for p in model.pawns if p.owner == player.id):
            if pawn.path in paths:
                on_paths.append((pawn.path, pawn.source))
            else:
                findings.append(error(f"{player.name}'s pawn stands on path {pawn.path}, which "
                                      "islands.csv has not", pawn.source, "path"))
        findings += _one_each(player.name, "needs exactly one pawn on path {}", on_paths, paths,
                              Source(model.common.folder.path / "pawns.csv"), "path")
    return findings


def _one_each(who: str, needs: str, rows: list[tuple[Any, Source]], wanted, file: Source,
              field: str) -> list[Finding]:
    """Each of `wanted` once among `rows` ((value, source) in row order): a second one named
    by its row and the first's, a missing one by the file. `needs`: what `who` needs, its {}
    the value."""
    findings = []
    first: dict[Any, Source] = {}
    for value, source in rows:
        if value in first:
            findings.append(error(f"{who} {needs.format(value)}, has another (first in row "
                                  f"{first[value].row})", source, field))
        else:
            first[value] = source
    for value in wanted:
        if value not in first:
            findings.append(error(f"{who} {needs.format(value)}, has 0", file, field))
    return findings


def _validate_paths(model: Model) -> list[Finding]:
    """Paths 1 to NUM_PATHS, each positions 1 to PATH_LEN holding every element once, and no
    element at one distance on two paths: a row out of place is named by its row (the first
    of a pair too), what no row gives by the file."""
    findings = []
    src = Source(model.common.folder.path / "islands.csv")
    by_path: dict[int, list[Island]] = {}
    for island in model.islands:
        if 1 <= island.path <= engine.NUM_PATHS:
            by_path.setdefault(island.path, []).append(island)
        else:
            findings.append(error(f"there are paths 1 to {engine.NUM_PATHS}, not "
                                  f"{island.path}", island.source, "path"))
    for number in range(1, engine.NUM_PATHS + 1):
        islands = by_path.get(number, [])
        if not islands:
            findings.append(error(f"path {number} has no islands; it needs positions 1 to "
                                  f"{engine.PATH_LEN}", src, "path"))
            continue
        findings += _once_each(islands, "position", range(1, engine.PATH_LEN + 1),
                               f"path {number}", src)
        findings += _once_each(islands, "element", engine.ELEMENTS, f"path {number}", src)
    seen: dict[tuple[int, str], Island] = {}
    for island in sorted(model.islands, key=lambda i: (i.path, i.position)):
        key = (island.position, island.element)
        if key in seen:
            findings.append(error(f"{island.element} stands at position {island.position} on "
                                  f"path {seen[key].path} (row {seen[key].source.row}) and on "
                                  f"path {island.path}; no element may be at the same distance "
                                  "on two paths", island.source, "element"))
        else:
            seen[key] = island
    return findings


def _once_each(islands: list[Island], field: str, wanted, path: str,
               src: Source) -> list[Finding]:
    """Each of `wanted` in the islands' `field` once: a repeat or a stranger by its row, a
    value no row gives by the file."""
    findings: list[Finding] = []
    first: dict[object, Source] = {}
    for island in islands:
        value = getattr(island, field)
        if value not in wanted:
            findings.append(error(f"{path} has {field}s {wanted[0]} to {wanted[-1]}, not "
                                  f"{value}", island.source, field))
        elif value in first:
            findings.append(error(f"{path} must have {field} {value} once; it is here again "
                                  f"(first in row {first[value].row})", island.source, field))
        else:
            first[value] = island.source
    missing = [str(v) for v in wanted if v not in first]
    if missing:
        findings.append(error(f"{path} has no island with {field} {', '.join(missing)}", src,
                              field))
    return findings


def island_centres(places: list[tuple[int, int]], box: tuple[float, float, float, float],
                   d: float) -> dict[tuple[int, int], tuple[float, float]]:
    """Centre of every island (path, position) in the board's islands box (x, y, w, h in points,
    y up): the paths side by side across it, each running up from Yang's edge (position 1) to
    Yin's, islands `d` across 6 mm from the box's ends. The board's figure draws them here and
    the pawns stand on them."""
    x, y, w, h = box
    paths = sorted({p for p, _ in places})
    positions = max((pos for _, pos in places), default=1)
    margin = d / 2 + 6 * MM
    step = (h - 2 * margin) / max(1, positions - 1)
    column = w / max(1, len(paths))
    xs = {p: x + column * (k + 0.5) for k, p in enumerate(paths)}
    return {(p, pos): (xs[p], y + margin + (pos - 1) * step) for p, pos in places}


def tracks(model: Model) -> list[Track]:
    """Each path's islands and the two pawns on them (never both on one island), where the
    board's layout puts its islands."""
    from .printed import board_row

    W, H = model.board_size
    d = model.island_diameter
    layout = model.layouts.get("board")  # (none when the layouts did not load: noted)
    boxes = layout.boxes({**model.layout_names, **board_row(model)}, W, H) if layout else []
    box = next(((b["x"], b["y"], b["width"], b["height"]) for b in boxes
                if b["name"] == "islands"), None)
    if box is None:
        return []
    centres = island_centres([(i.path, i.position) for i in model.islands], box, d)
    out = []
    for path in sorted({i.path for i in model.islands}):
        places = tuple(Place(*centres[(path, pos)], d, d) for (p, pos) in sorted(centres)
                       if p == path)
        out.append(Track(f"path {path}", "pawn", model.token_diameter, places, pieces=2,
                         field="tokens.diameter"))
    return out


def required_kit(model: Model) -> Counter:
    """What the rules need printed, from the engine's facts."""
    players = 2
    return Counter({
        "element card": players * len(engine.ELEMENTS),
        "reference card": model.reference_cards,
        "island": engine.NUM_PATHS * engine.PATH_LEN,
        "pawn": players * engine.NUM_PATHS,
        "red link token": tokens_per_colour(model),
        "blue link token": tokens_per_colour(model),
        "first-player token": 1,
    })


def engine_class(model: Model) -> type[engine.WuxingGame]:
    return engine.WuxingGame


def sides(model: Model) -> list[Side]:
    return [Side(p.id, p.name, p.source, "player") for p in model.players]


def enforced_rulings(model: Model) -> Enforced:
    """The rulings the engine enforces, with the numbers it is built with from this data (the
    numbers do not depend on the layout, so the default one serves when the data's is bad)."""
    game = engine.WuxingGame(set_aside=model.set_aside, pawns_turn=model.pawns_turn,
                             generated_wins=model.generated_wins, max_rounds=model.max_rounds,
                             tokens_per_colour=tokens_per_colour(model))
    values: dict[str, object] = dict(game.ruling_values())
    # the options and variants a ruling names say whether this kit plays them
    used = {True: "used in this kit", False: "not used in this kit"}
    values.update(set_aside_age=VARIANT_AGES["set_aside"],
                  pawns_turn_age=VARIANT_AGES["pawns_turn"],
                  set_aside_variant=used[not model.set_aside],
                  pawns_turn_variant=used[not model.pawns_turn],
                  generated_wins_option=used[model.generated_wins],
                  start_links=start_links(model))
    params = dict(engine.WuxingGame.RULINGS)
    params.update(W21=LAYOUT_FIGURES + ("start_links",),
                  W3=("set_aside_age", "set_aside_variant"),
                  W6=("generated_wins_option",),
                  W8=("pawns_turn_age", "pawns_turn_variant"))
    return Enforced(params, values)


def new_game(model: Model, num_players: int | None = None) -> engine.WuxingGame:
    return engine.WuxingGame(model.paths(), set_aside=model.set_aside,
                             pawns_turn=model.pawns_turn, generated_wins=model.generated_wins,
                             max_rounds=model.max_rounds,
                             tokens_per_colour=tokens_per_colour(model))
