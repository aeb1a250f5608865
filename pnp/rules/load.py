"""Finding and reading a game folder's rules, and the checks `pnp validate` runs on them: a
card cell or an option the rules count with is a whole number (file:row:field), the cards
played are the cards printed, a count can be dealt, the cards name only counters the rules
have, and random playouts end (a bounded check, so rules that cannot end are named instead of
left to hang)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Sequence

from ..data.game import GameFolder
from ..errors import BadFile, DataError, Finding, Source, clipped, in_game, warning
from .expr import dotted
from .spec import AT_DEFAULT_MAX, MAX_CELL, Reader, Rules, close

RULES_FILE = "rules.toml"
PLAYOUTS = 20          # random games validate plays, each of every player count
MAX_CARDS = 10_000     # cards the rules play (a copies column of 1,000 a row is a typo)


def load_rules(folder: GameFolder, components: Sequence[Any]) -> Rules | None:
    """The folder's rules (None when it has none)."""
    in_toml = folder.config.get("rules")
    own = folder.path / RULES_FILE
    if in_toml is not None and own.is_file():
        raise DataError(f"the rules are in {RULES_FILE} and in game.toml's [rules]: keep one",
                        folder.toml_path, field="rules")
    if in_toml is not None:
        data, path, prefix = in_toml, folder.toml_path, "rules."
    elif own.is_file():
        data, path, prefix = folder.toml(RULES_FILE), own, ""
    else:
        return None
    options = folder.config.get("options", {})
    if not isinstance(options, dict):
        raise DataError("[options] must be a table", folder.toml_path, field="options")
    texts = rule_texts(data)
    _check_number_options(texts, options, folder, prefix)
    reader = Reader(data, path, folder.path, _card_rows(folder, components), dict(options),
                    prefix)
    rules = reader.read()
    _check_number_cells(texts, reader, rules)
    _check_counter_fields(reader, rules)
    _check_cardless(reader)
    _check_card_numbers(reader, rules)
    # (no cards, or rows left out for their errors: the deck is not yet the one meant)
    short = not rules.cards or bool(folder.blocking_errors())
    _check_counts(rules, folder, short)
    _check_sets(rules, folder)
    _check_compared(rules)
    from .ending import changed_counters, check_ends

    check_ends(rules, changed_counters(rules), short)
    _check_score(rules, changed_counters(rules))
    if not short:
        _check_actions(rules)
    _check_label(rules)
    return rules


# `card.cost`, `card['cost']`: the card an expression reads (text in quotes left out first)
_READS_CARD = re.compile(r"(?<![\w.])card\s*[.\[]")


def _check_cardless(reader) -> None:
    """An action without `from` takes no card: its `if` and its effects (before one draws or
    compares a card, which `card` then is) cannot read `card`. In play it read the last card
    anyone played (gather's amount = "card.cost" gave the cost of the card bought before)."""
    actions = reader.data.get("actions", {})
    for name, table in actions.items() if isinstance(actions, dict) else ():
        if not isinstance(table, dict) or "from" in table:
            continue
        effects = table.get("effects", [])
        items = [("if", table.get("if"))] + [
            (f"effects[{i}]", item) for i, item in enumerate(effects if isinstance(effects, list)
                                                              else [], 1)]
        for key, item in items:
            if isinstance(item, dict) and {"compare", "draw"} & set(item):
                break       # (a card drawn or compared is `card` from here on)
            for text, where, _ in rule_texts(item, f"actions.{name}.{key}"):
                if _READS_CARD.search(re.sub(r"'[^']*'|\"[^\"]*\"", "''", text)):
                    raise reader.error(f"{text!r} reads card, but [actions.{name}] takes no "
                                       "card (it has no from = \"zone\"): give it one, or read "
                                       "the player's or the table's counters", where)


def _check_label(rules: Rules) -> None:
    """[cards] label is a card's name in `pnp play`, read of the card alone: "{{ me.points }}"
    or "{{ card.value / 0 }}" validated and stopped `pnp play` at its first turn."""
    label = rules.card_label
    if label is not None:
        other = sorted(label.names - {"card", "options"})
        if other:
            raise DataError(f"{label.raw!r} reads {', '.join(other)}: a card's label reads the "
                            "card (card.title) and options only", rules.path,
                            field=rules.prefix + "cards.label")
        _label_of_cards(rules, label, rules.prefix + "cards.label")
    for action in rules.actions:    # (a move's label read of its card alone: "buy {{ card.title }}")
        if action.label is not None and action.source is not None and \
                action.label.names <= {"card", "options"}:
            _label_of_cards(rules, action.label, rules.prefix + f"actions.{action.name}.label")


def _label_of_cards(rules: Rules, label: Any, where: str) -> None:
    from .expr import RulesRuntimeError

    for card, source in zip(rules.cards, rules.card_sources):
        try:
            label({"card": card})
        except RulesRuntimeError as exc:
            raise DataError(f"{exc.message} (for the card of {source.at()})", rules.path,
                            field=where) from None


def _check_actions(rules: Rules) -> None:
    """An action whose `if` holds for no card (`card.value > 10` of cards 1 to 5, or `if =
    false`) can never be taken: validate warned that the [[end]] conditions may never hold
    and every simulated game ran to the turn limit with no move made."""
    from .expr import RulesRuntimeError

    for action in rules.actions:
        cond = action.condition
        if cond is None or cond.names - {"card", "options"}:
            continue
        where = rules.prefix + f"actions.{action.name}.if"
        if cond.constant:
            if cond.fn({}) is False:
                raise DataError(f"[actions.{action.name}] can never be taken: its if is false",
                                rules.path, field=where)
            continue
        if action.source is None or cond.names != {"card"}:
            continue        # (one reading an option may be a variant's switch: left to play)
        try:
            if any(cond({"card": card}) for card in rules.cards):
                continue
        except RulesRuntimeError:
            continue        # (named in play, with the card it failed on)
        raise DataError(f"{cond.raw!r} holds for no card, so nobody can ever take "
                        f"[actions.{action.name}]", rules.path, field=where)


def _check_score(rules: Rules, changed: set[str] | None) -> None:
    """A [score] criterion that tells no players apart: one that reads no `target` (`most =
    "me.points"` gave every player the same value) or a counter no effect changes (`most =
    "target.stars"` of stars nothing gains) made every game a shared win, silently."""
    from .verbs import Change

    if changed is not None:
        for effect in rules.finish:
            if isinstance(effect, Change):
                if effect.named is not None:
                    changed = None
                    break
                changed = changed | {str(effect.name)}
    for i, (how, expr) in enumerate(rules.score, 1):
        field = rules.prefix + f"score.by[{i}].{how}"
        if not expr.names & {"target", "top", "bottom"}:
            fixed = re.sub(r"\bme\b", "target", str(expr.raw))
            said = f"write {fixed!r}" if "me" in expr.names else "write target.<counter>"
            raise DataError(f"{expr.raw!r} is the same for every player (it reads no target), "
                            "so it tells no one apart and every game would be a shared win: "
                            f"{said} (target is each player in turn)", rules.path, field=field)
        m = re.fullmatch(r"\s*(?:\{\{)?\s*target\s*\.\s*(\w+)\s*(?:\}\})?\s*", str(expr.raw))
        counter = rules.counters.get(m.group(1)) if m else None
        if counter is not None and counter.per_player and changed is not None \
                and counter.name not in changed:
            raise DataError(f"no effect changes {counter.name}, which stays {counter.start} for "
                            "every player, so it tells no one apart (every game would be a "
                            "shared win)", rules.path, field=field)


def _card_rows(folder: GameFolder, components: Sequence[Any]):
    """The rows the cards come from: a component's (what is printed) or a data file."""
    def find(table: dict, reader: Reader):
        if "data" in table:
            from ..data.sheets import read_table
            from .copies import card_counts

            rows = read_table(folder.path, reader.text(table["data"], "cards.data"),
                              Source(reader.path), reader.prefix + "cards.data")
            counts, column = card_counts(rows, table, reader, folder.problems)
            _check_printed_counts(rows, counts, table, reader, components)
            _check_total(rows.rows, counts, column)
            return rows.rows, counts, rows.columns, rows.name
        if "count" in table:     # (a component's copies are its own count, in game.toml)
            raise reader.error("count names the column of copies of data = \"cards.csv\"; a "
                               "component's copies are its own count in game.toml",
                               "cards.count")
        names = [c.name for c in components]
        name = table.get("component", names[0] if names else None)
        if name is None:
            return None
        table["component"] = name
        for c in components:
            if c.name == name:
                _check_total(c.table.rows, c.counts, c.count_column)
                return c.table.rows, c.counts, c.table.columns, c.table.name
        raise reader.error(f"no component {name!r}{close(str(name), names)}", "cards.component")
    return find


def _check_counts(rules: Rules, folder: GameFolder, short: bool) -> None:
    """A count the same in every game (`count = "options.hand"`) is 0 or more, and no more
    cards than there are (each player's, drawn from a shared pile): hand = -3 drew no card
    while the booklet said "draws -3 cards"; hand = 10 of 18 cards dealt two players 18. A
    count that is one option is that option's mistake (game.toml). (`short`: the cards are
    not all there, so they are not counted.)"""
    from .ending import every_effect
    from .verbs import Move

    players, cards = rules.players[1], len(rules.cards)
    for effect in every_effect(rules):
        count = getattr(effect, "count", None)
        if not isinstance(effect, Move) or count is None or not count.constant:
            continue
        n = int(count.fn({}))
        takers = 1 if effect.source.per_player else \
            {"each": players, "others": players - 1}.get(effect.who, 1)
        if n < 0:
            said = f"a count is 0 or more, not {n:,}"
        elif n * takers > cards and not short:
            each = f" for each of {takers} players" if takers > 1 else ""
            said = f"{n:,} cards{each} is more than the {cards:,} cards there are"
        else:
            continue
        raise _blamed(said, count, rules, folder)


def _check_sets(rules: Rules, folder: GameFolder) -> None:
    """A `set` the same in every game sets its counter within the counter's bounds: coins = 500
    with max = 99 played 99 while the booklet printed both numbers (and a sweep of the
    option saw no change), where `start = 500` is refused."""
    from .ending import every_effect
    from .verbs import Change

    for effect in every_effect(rules):
        if not isinstance(effect, Change) or effect.verb != "set" or effect.name is None \
                or not effect.amount.constant:
            continue
        n, held = effect.amount.fn({}), rules.counters[effect.name]
        if not held.low <= n <= held.high:
            raise _blamed(f"sets {effect.name} to {n:,}, outside {held.low:,} to {held.high:,} "
                          f"(the min and max of [counters.{effect.name}]): the game would play "
                          f"{min(max(n, held.low), held.high):,}", effect.amount, rules, folder)


def _check_compared(rules: Rules) -> None:
    """`who = "winner"` (or loser, or as) is a compare's: in rules that compare nothing nobody
    is the winner, and the effect never played while the booklet printed it."""
    from .ending import every_effect
    from .verbs import Compare

    effects = every_effect(rules)
    if any(isinstance(e, Compare) for e in effects):
        return
    for effect in effects:
        for key, seat in (("who", effect.who), ("as", effect.as_)):
            if seat in ("winner", "loser"):
                raise DataError(f"{key} = {seat!r} is the {seat} of a compare, and the rules "
                                f"compare nothing: nobody is the {seat}, so this never plays "
                                "(a compare binds it; or name another player: me, opponent, "
                                "each...)", rules.path, field=rules.prefix + f"{effect.where}.{key}")


# `options.hand`, `{{ options.hand }}` (or options['hand']: expr.dotted): one option alone
_ONE_OPTION = re.compile(r"\s*(?:\{\{)?\s*options\.(\w+)\s*(?:\}\})?\s*")


def _blamed(said: str, expr, rules: Rules, folder: GameFolder) -> DataError:
    """A constant's mistake: the option's (game.toml) when it is one option, else the rule's."""
    option = _ONE_OPTION.fullmatch(dotted(str(expr.raw)))
    if option:
        return DataError(f"{said} ({rules.prefix}{expr.where} reads it)", folder.toml_path,
                         field=f"options.{option.group(1)}")
    return DataError(said, rules.path, field=rules.prefix + expr.where)


def _check_total(rows: list, counts: list[int], column: str | None) -> None:
    """At most MAX_CARDS cards to play, refused at the column whose copies add up to more."""
    total = sum(counts)
    if total > MAX_CARDS:
        made = "the copies add up to" if column else "one card a row makes"
        raise DataError(f"{made} {total:,} cards; the rules play at most {MAX_CARDS:,}",
                        rows[0].source.path, field=column)


def _check_printed_counts(rows: Any, counts: list[int], table: dict, reader: Reader,
                          components: Sequence[Any]) -> None:
    """Printed = played: `data = "cards.csv"` naming the file a [[component]] prints from
    plays each row as many times as the kit prints it (a count = "rank" played 63 cards of
    the 18 printed)."""
    for c in components:
        printed = {(r.source.path, r.source.row): n for r, n in zip(c.table.rows, c.counts)}
        for row, n in zip(rows.rows, counts):
            m = printed.get((row.source.path, row.source.row))
            if m is not None and m != n:
                where = "cards.count" if "count" in table else "cards.data"
                raise reader.error(
                    f"the rules play {_cards(n)} of {rows.name} row {row.source.row}, the kit "
                    f"prints {_cards(m)} ([[component]] {c.name!r}): write [cards] component "
                    f"= \"{c.name}\" to play the cards it prints", where)


def _cards(n: int) -> str:
    return f"{n:,} card" + ("" if n == 1 else "s")


def _check_counter_fields(reader: Reader, rules: Rules) -> None:
    """A counter named by a card's field ("{{ card.type }}"): every card's cell must name a
    counter the rules have, refused by file:row:field."""
    for expr, where in reader.counter_fields:
        if expr.names - {"card", "options"}:
            continue
        column = next(iter(sorted(rules.cards[0]))) if rules.cards else ""
        for card, source in zip(rules.cards, rules.card_sources):
            value = expr({"card": card})
            if value not in rules.counters:
                field = _column_of(expr.raw) or column
                raise DataError(f"{value!r} is not a counter of the rules ({where} names a "
                                f"counter by this card's {field}){close(str(value), list(rules.counters))}",
                                source.path, source.row, field)


# the keys whose whole value is a number: `highest = "card.rank"` reads the rank as one
NUMBER_KEYS = frozenset({"amount", "count", "highest", "lowest", "min", "max", "start", "limit"})


def rule_texts(data: Any, where: str = "") -> list[tuple[str, str, bool]]:
    """Every text of a rules table but a label, with its key (`phases.play.effects[1].if`)
    and whether its key's whole value is a number."""
    if isinstance(data, dict):
        return [t for k, v in data.items() if k != "label"
                for t in rule_texts(v, f"{where}.{k}" if where else str(k))]
    if isinstance(data, list):
        return [t for i, v in enumerate(data, 1) for t in rule_texts(v, f"{where}[{i}]")]
    if isinstance(data, str):
        return [(data, where, re.sub(r"\[\d+\]$", "", where).rpartition(".")[2] in NUMBER_KEYS)]
    return []


def _check_number_options(texts: list, options: dict, folder: GameFolder, prefix: str) -> None:
    """An option the rules use as a number (`most.points >= options.goal`, `count =
    "options.hand"`) is a whole number: "five", true, 5.5 or inf in game.toml's [options] is
    refused there, not found comparing it mid-game (or printed as "≥ inf")."""
    for text, where, whole in texts:
        for name in sorted(number_fields(text, whole, _OPTION) & set(options)):
            said = _not_whole(options[name])
            if said:
                raise DataError(f"{said} ({prefix}{where} reads it{_how(text, _OPTION)})",
                                folder.toml_path, field=f"options.{name}")


def _check_number_cells(texts: list, reader: Reader, rules: Rules) -> None:
    """A card cell an expression uses as a number (`highest = "card.rank"`, `card.cost + 1`,
    `card.rank > 0`) must be a whole number on every card: "six" is refused by
    file:row:field before any game is played, not found comparing two cards mid-game."""
    for text, where, whole in texts:
        for column in sorted(number_fields(text, whole, _FIELD) & set(reader.columns)):
            _text_column(rules, column, text, reader.prefix + where)
            seen = set()
            for card, source in zip(rules.cards, rules.card_sources):
                if (source.path, source.row) in seen:
                    continue                # (the copies of a row)
                seen.add((source.path, source.row))
                said = _not_whole(card[column])
                if said:
                    raise DataError(f"{said} ({reader.prefix}{where} reads it"
                                    f"{_how(text, _FIELD)})", source.path, source.row, column)
    for text, where, whole in texts:      # a role's cell, as a card's (me.role.bonus + 1)
        for column in sorted(number_fields(text, whole, _ROLE) & set((rules.roles or [{}])[0])):
            for role, source in zip(rules.roles or (), reader.role_sources):
                said = _not_whole(role[column])
                if said:
                    raise DataError(f"{said} ({reader.prefix}{where} reads it"
                                    f"{_how(text, _ROLE)})", source.path, source.row, column)


def _text_column(rules: Rules, column: str, text: str, where: str) -> None:
    """A column of words on every card ('strike', 'drain') read as a number: the mistake is
    the rule's, not the first row's good cell."""
    cells = [card[column] for card in rules.cards]
    words = [v for v in cells if re.search(r"[^\W\d_]", str(v))]  # (not blank, not digits)
    if not cells or len(words) < len(cells):  # a row's cell to fix, named by its row
        return
    shown = ", ".join(repr(v) for v in list(dict.fromkeys(map(str, cells)))[:3])
    raise DataError(f"{text.strip()!r} uses {column} as a number, but {column} is text on "
                    f"every card ({shown}{', ...' if len(set(map(str, cells))) > 3 else ''})",
                    rules.path, field=where)


_FIELD = (r"(?<![\w.])(?:card|lead|(?:top|bottom)\s*\.\s*[A-Za-z_]\w*)\s*\.\s*"
          r"([A-Za-z_]\w*)(?![\w(])")
_ROLE = r"(?<![\w.])[A-Za-z_]\w*\s*\.\s*role\s*\.\s*([A-Za-z_]\w*)(?![\w(])"
_OPTION = r"(?<![\w.])options\s*\.\s*([A-Za-z_]\w*)(?![\w(])"
_OP = r"(\*\*|//|[<>]=|[-+*/%<>])"        # arithmetic and ordering (not == or !=)
_OP_AFTER = re.compile(r"\s*\)*\s*" + _OP + r"\s*(.?)")
_OP_BEFORE = re.compile(r"(.?)\s*" + _OP + r"\s*\(*\s*$")


def _alone(text: str, field: str) -> re.Match | None:
    """`text` is one field and nothing else (`card.rank`, `{{ options.hand }}`)."""
    return re.fullmatch(r"[\s({]*" + field + r"[\s)}]*", text)


def _how(text: str, field: str) -> str:
    """": 'card.rank + 0'", the expression a field is read in (nothing for the field alone)."""
    return "" if _alone(text, field) else f": {text.strip()!r}"


def number_fields(text: str, whole: bool, field: str) -> set[str]:
    """The keys of `field` (a card's, an option's) that `text` uses as numbers: beside an
    arithmetic or ordering operator (`+` beside a quoted text joins text), summed
    (`sum(attribute='points')`, a card's), or, when `whole` (an amount, a count, a
    criterion), the whole expression."""
    plain = re.sub(r"'[^']*'|\"[^\"]*\"", "''", text)
    found = set(re.findall(r"\bsum\(\s*attribute\s*=\s*['\"](\w+)['\"]", text)) \
        if field == _FIELD else set()
    alone = _alone(plain, field)
    if whole and alone:
        found.add(alone.group(1))
    for m in re.finditer(field, plain):
        after = _OP_AFTER.match(plain, m.end())
        before = _OP_BEFORE.search(plain[:m.start()])
        if after and not (after.group(1) == "+" and after.group(2) == "'") or \
                before and not (before.group(2) == "+" and before.group(1) == "'"):
            found.add(m.group(1))
    return found


def _not_whole(value: Any) -> str:
    """Why a value is no whole number ("" when it is one)."""
    if type(value) is int:
        return ""
    if type(value) is bool:
        return f"{str(value).lower()} is not a number"
    if type(value) is float and value.is_integer():     # (20.0, or 1e9: TOML's floats both)
        return f"{value!r} is a decimal number in TOML (written with a point or an " \
               f"exponent): write {int(value)}"
    if re.fullmatch(r"\s*[+-]?\d{16,}\s*", str(value)) and str(value).strip().isascii():
        return f"{clipped(str(value).strip(), 24)} has more than 15 digits: the rules play " \
               f"whole numbers up to {MAX_CELL:,}"
    if type(value) is float or re.fullmatch(r"\s*[+-]?(\d+[.,]\d*|[.,]\d+)\s*", str(value)):
        return f"{value!r} is not a whole number"
    return f"{value!r} is not a number"


def _check_card_numbers(reader: Reader, rules: Rules) -> None:
    """An amount or a count worked out from a card's cells alone (`card.cost * 2`) must be a
    whole number on every card. The cells it reads as numbers are numbers (_check_number_cells),
    so what fails is the rule's: named by its key, with the card it failed on."""
    from .expr import RulesRuntimeError

    for expr in reader.card_numbers:
        if "card" not in expr.names or expr.names - {"card", "options"}:
            continue
        for card, source in zip(rules.cards, rules.card_sources):
            try:
                value = expr({"card": card})
                fine = type(value) is int or type(value) is float and value.is_integer()
                said = f"{expr.raw!r} is {value!r}, not a whole number"
            except RulesRuntimeError as exc:
                fine, said = False, exc.message
            if not fine:
                raise DataError(f"{said} (for the card of {source.at()})", reader.path,
                                field=reader.prefix + expr.where)


def _column_of(raw: Any) -> str | None:
    m = re.search(r"card\.([A-Za-z_]\w*)", str(raw))
    return m.group(1) if m else None


def rules_findings(rules: Rules, components: Sequence[Any], common: Any) -> list[Finding]:
    """Random playouts of every player count: an expression that fails in play is raised as
    the rules file's mistake, and so is a game that makes more moves than the rules allow
    (the engine stops it at its bound, as it would in `pnp simulate`: naming turn.limit); all
    of them running to the turn limit, or ending in a stalemate, is a warning (the ends may
    hold in other games), and so is every one ended by one [[end]] after its first turn (the
    setup made it true: market = 0 dealt an empty market, and "market empty" ended the game)."""
    from .stalemate import ENDED_BY as STALEMATE, unfinished

    findings: list[Finding] = list(_unprinted(rules, components))
    where = Source(rules.path)
    if not rules.score:     # legal (a co-operative game), but forgetting it makes every game a draw
        findings.append(warning("there is no [score]: every player shares the win of every game "
                                "(add [score] by = [{ most = \"target.points\" }] to rank them)",
                                where, rules.prefix + "score"))
    low, high = rules.players
    at_first: dict[str, list[int]] = {}      # an end that ended every game at once: its counts
    held_at: set[str] = set()                # counters already said to reach the default max
    for n in range(low, high + 1):
        games = _playouts(rules, n)
        if isinstance(games, Finding):      # (the rest is not known: a game failed)
            return findings + [games]
        ended = [stats.get("ended_by") for stats in games]
        limited = sum(e in ("turn limit", "round limit") for e in ended)
        stuck = ended.count(STALEMATE)
        if limited + stuck == PLAYOUTS and rules.ends:
            how = unfinished(limited > 0, stuck > 0)
            findings.append(warning(f"{n} players: all {PLAYOUTS} random games {how}: the [[end]] "
                                    "conditions may never hold", where, rules.prefix + "end"))
        if all(stats.get("turns", 0) <= 1 for stats in games) and len(set(ended)) == 1:
            at_first.setdefault(str(ended[0]), []).append(n)
        findings += _held_at_default_max(rules, n, games, held_at)
    names = [end.name for end in rules.ends]
    for name, counts in at_first.items():
        if name in names:
            run = len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1))
            who = f"{counts[0]} to {counts[-1]}" if run else " and ".join(map(str, counts))
            findings.append(warning(
                f"[[end]] {name!r} ended all {PLAYOUTS} random games of {who} players after "
                "their first turn: the setup may already make it true (look at the [[setup]] "
                "and the [options] it reads)", where,
                rules.prefix + f"end[{names.index(name) + 1}].if"))
    return findings


def _held_at_default_max(rules: Rules, n: int, games: list[dict[str, Any]],
                         said: set[str]) -> list[Finding]:
    """A player's counter with no max written that random games end at the default max: its
    gains past it were lost unsaid (a score of 1,000 may be meant as 1,400)."""
    found = []
    for name in rules.counters:  # (the engine's stats name them: RulesState.stats)
        at_max = sum(name in stats.get("at_default_max", ()) for stats in games)
        if at_max and name not in said:
            said.add(name)
            found.append(warning(
                f"{name} ended {at_max} of {len(games)} random games of {n} players at "
                f"{AT_DEFAULT_MAX}",
                Source(rules.path), rules.prefix + f"counters.{name}"))
    return found


def _playouts(rules: Rules, n: int) -> list[dict[str, Any]] | Finding:
    """The stats of PLAYOUTS random games of `n` players; or, when a rule fails in one, that
    rules file's mistake (exit 2 where it stops a command, as `simulate` says it: a BadFile
    among the checks' findings, so `validate` says the others too and `--force` prints)."""
    from ..engine.core import RandomAgent, play
    from .engine import RulesGame
    from .expr import RulesRuntimeError
    from .plan import move_bound

    game = RulesGame(rules, n)
    budget = move_bound(rules, n) + 10      # the engine's own bound comes first
    out = []
    for seed in range(PLAYOUTS):
        try:
            out.append(play(game, [RandomAgent() for _ in range(n)], seed,
                            max_steps=budget).stats)
        except RulesRuntimeError as exc:
            return BadFile("error", f"{exc.message} ({n} players, random game {seed})",
                           Source(rules.path), exc.field)
        except RuntimeError:     # play()'s "no end after N steps": never before the engine's
            return BadFile("error", f"{n} players: random game {seed} made {budget:,} moves "
                           "without ending", Source(rules.path), rules.prefix + "turn.limit")
    return out


def _unprinted(rules: Rules, components: Sequence[Any]) -> list[Finding]:
    """Printed = played: a card cell the rules read that the card's faces never show is a
    number the players cannot see (warned, naming the layout)."""
    component = next((c for c in components if c.name == rules.card_component), None)
    if component is None:
        return []
    shown: set[str] = set()
    layouts = [component.front, *[b for b in component.backs.values() if b is not None]]
    for layout in layouts:
        for element in layout.elements:
            for value in element.values.values():
                raw = getattr(value, "raw", None)
                if isinstance(raw, str):
                    for inner in re.findall(r"\{\{(.*?)\}\}|\{%(.*?)%\}", raw, re.S):
                        shown.update(re.findall(r"[A-Za-z_]\w*", " ".join(inner)))
    front = Path(component.front.path)
    named = in_game(front)      # as the designer finds it: layouts/card.toml, not card.toml
    return [warning(f"the rules read the cards' {column!r}, which no face of "
                    f"{component.name} prints: the players cannot see it (show it with "
                    f"\"{{{{ {column} }}}}\" in {named})", Source(front))
            for column in sorted(rules.card_columns - shown)]
