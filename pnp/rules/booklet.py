"""The rules in plain sentences: the booklet's generated "How to play" (setup, a turn, the end,
scoring), written from the same rules the engine plays, with the numbers of [options] filled
in, so the booklet cannot say another number than the game uses. A designer may write their
own text instead: the booklet template decides whether to print {{ how_to_play }}."""

from __future__ import annotations

import re
from typing import Any

from ..render.bookmarkup import literal
from . import stalemate, verbs
from .ending import every_effect, played_effects
from .spec import DEFAULT_BOUNDS, Rules

# how an expression reads: `me.coins >= card.cost` -> "your coins ≥ the card's cost"
_WHOSE = {"me": "your", "target": "their", "opponent": "your opponent's",
          "winner": "the winner's", "loser": "the loser's", "card": "the card's",
          "lead": "the led card's", "shared": "the table's", "most": "the highest",
          "least": "the lowest"}
# in an [[end]] or the [round] end, `me` is any player (engine.RulesState.holds_for_any):
# "a player's points", and after that one "their" (the same player, not another)
_ANY = "\x00"
_ANY_WHOSE = {**_WHOSE, "me": _ANY, "target": _ANY, "opponent": f"{_ANY} opponent's"}
_OPERATORS = [(">=", "≥"), ("<=", "≤"), ("!=", "≠"), ("==", "is"), (" and ", " and "),
              (" or ", " or "), ("not ", "not ")]


def words(raw: Any, rules: Rules, whose: dict[str, str] = _WHOSE) -> str:
    """An expression as a sentence part; option names become their numbers; `whose`: how
    each player reads ("your" for me)."""
    if isinstance(raw, bool):
        return "always" if raw else "never"
    if not isinstance(raw, str):
        return str(raw)
    text = raw.strip()
    text = re.sub(r"^\{\{\s*|\s*\}\}$", "", text) if text.count("{{") == 1 else text
    # a quoted value reads as the card prints it ("is strike", not "is 'strike'"): kept aside
    # as \x01i\x02 so no rewording below reads inside it
    quoted: list[str] = []
    text = re.sub(r"(?<![\w=])'([^']*)'|(?<![\w=])\"([^\"]*)\"",
                  lambda m: _aside(quoted, m), text)
    text = re.sub(r"\boptions\.([A-Za-z_]\w*)",
                  lambda m: str(rules.options.get(m.group(1), m.group(0))), text)
    text = re.sub(r"\b(me|target|opponent|winner|loser|shared)\s*\.\s*([A-Za-z_]\w*)\s*"
                  r"(==|!=|>=|<=|>|<)\s*(\d+)(?![\w.])", lambda m: _held(m, rules, whose), text)
    text = re.sub(r"\bshared\s*\.\s*([A-Za-z_]\w*)", lambda m: f"the {m.group(1)}"
                  if m.group(1) in rules.zones or m.group(1) in rules.counters
                  else m.group(0), text)
    text = re.sub(r"\b([A-Za-z_]\w*)\s*\|\s*sum\(attribute=['\"](\w+)['\"]\)",
                  r"the total \2 of the \1", text)
    text = re.sub(r"\b(top|bottom)\s*\.\s*([A-Za-z_]\w*)\s*\.\s*([A-Za-z_]\w*)",
                  lambda m: f"the {m.group(3)} of the "
                  f"{'top' if m.group(1) == 'top' else 'first'} card of the {m.group(2)}", text)
    text = re.sub(r"\b(me|target|opponent|winner|loser|card|lead|shared|most|least)\s*\.\s*"
                  r"([A-Za-z_]\w*)", lambda m: f"{whose[m.group(1)]} {m.group(2)}", text)
    text = re.sub(r"\b(me|target|opponent|winner|loser)\s*\[\s*([^\]]+?)\s*\]",
                  lambda m: f"{whose[m.group(1)]} counter for {m.group(2)}", text)
    text = re.sub(r"\brole\.([A-Za-z_]\w*)", r"role's \1", text)
    text = re.sub(r"\(?\[([^\[\]]*)\]\s*\|\s*(max|min)\)?",
                  lambda m: f"the {'highest' if m.group(2) == 'max' else 'lowest'} of "
                  f"{m.group(1)}", text)
    text = re.sub(r"(?<![\w.])seats\b(?![\w.(\[])", "the number of players", text)
    text = re.sub(r"\bnot\s+tie\b", "it is not a tie", text)    # compare's tie
    text = re.sub(r"(?<![\w'.])tie\b(?!\s*[.\[(])", "it is a tie", text) \
        if "it is not a tie" not in text else text
    for op, said in _OPERATORS:
        text = text.replace(op, f" {said} " if op.strip() not in ("and", "or", "not") else said)
    text = text.replace(" * ", " × ")
    text = text.replace(_ANY, "a player's", 1).replace(_ANY, "their")
    text = re.sub(r"^(.+?) if (.+) else (.+)$", r"\1 when \2, else \3", text)  # Python's order
    text = re.sub("\x01(\\d+)\x02", lambda m: quoted[int(m.group(1))], text)
    return literal(re.sub(r"\s+", " ", text).strip())   # 9**9**9 as written, not bold


def _aside(quoted: list[str], m: re.Match) -> str:
    quoted.append(m.group(1) if m.group(1) is not None else m.group(2))
    return f"\x01{len(quoted) - 1}\x02"


# how many cards a zone holds, compared with a number: "the deck is empty", "holds at least 2 cards"
_HOLDS = {">=": "at least", "<=": "at most", ">": "more than", "<": "fewer than",
          "==": "exactly"}


def _held(m: re.Match, rules: Rules, whose: dict[str, str]) -> str:
    owner, name, op, n = m.group(1), m.group(2), m.group(3), int(m.group(4))
    if name not in rules.zones:
        return m.group(0)
    plural = name.endswith("s") and not name.endswith("ss")    # the treasures
    zone = f"{'the' if owner == 'shared' else whose[owner]} {name}"
    if (op, n) == ("==", 0):
        return f"{zone} {'are' if plural else 'is'} empty"
    if (op, n) in (("!=", 0), (">", 0), (">=", 1)):
        return f"{zone} {'are' if plural else 'is'} not empty"
    if op == "!=":
        return f"{zone} {'do' if plural else 'does'} not hold exactly {n} card{'s' * (n != 1)}"
    return f"{zone} {'hold' if plural else 'holds'} {_HOLDS[op]} {n} card{'s' * (n != 1)}"


# zones named for what befell their cards read as those cards: "their taken cards"
_BEFELL = {"taken", "bought", "won", "kept", "held", "drawn", "sold", "lost", "stolen", "spent",
           "used", "shown", "chosen", "given"}


def _zone(zone) -> str:
    name = zone.name
    told = name in _BEFELL or (name.endswith("ed") and len(name) > 5)
    return f"{name} cards" if told else name


def _phrase(text: str) -> str:
    """A value that reads as one thing ("3", "their wounds") as it is, a longer one in ()."""
    plain = re.fullmatch(r"(?:the [\w ]+'s |your |their |the card's )?[\w.]+", text)
    return text if plain or text.startswith("(") else f"({text})"


def _who(who: str) -> str:
    return {"me": "the player", "opponent": "the opponent", "next": "the next player",
            "previous": "the previous player", "each": "each player",
            "others": "every other player", "winner": "the winner",
            "loser": "the loser"}.get(who, f"the {who.replace('_', ' ')}")


def _subject(who: str, me: str | None = None) -> tuple[str, str, str]:
    """Who an effect is about, the verb's ending and whose: the acting player is "you", or
    `me` where nobody is acting (the setup's: "the first player")."""
    if who == "me":
        return ("you", "", "your") if me is None else (me, "s", "their")
    return (_who(who), "s", "their")


def _amount(effect: Any, name: str, rules: Rules, whose: dict[str, str] = _WHOSE) -> str:
    """"3 points", "1 coin", "coins equal to the card's cost"."""
    said = words(effect.amount.raw, rules, whose)
    if not re.fullmatch(r"-?\d+(\.\d+)?", said):
        return f"{name} equal to {said}"
    if said == "1" and name.endswith("s") and not name.endswith("ss"):
        name = name[:-1]
    return f"{said} {name}"


def _cards(count: str) -> str:
    """"1 card", "3 cards": the noun agrees with the number (an option's, filled in); a
    count worked out is in () ("(4 + the number of players) cards")."""
    return f"{count} card" if count == "1" else f"{_phrase(count)} cards"


def effect_sentence(effect: Any, rules: Rules, me: str | None = None) -> str:
    """One effect as one sentence; `me`: who the acting player is where nobody acts (the
    setup's effects run as the first player's: RulesState's setup)."""
    who, s, whose = _subject(effect.who, me)
    reads = _WHOSE if me is None else {**_WHOSE, "me": f"{me}'s"}
    if isinstance(effect, verbs.Roles):
        roles = ", ".join(str(r[rules.role_key]) for r in rules.roles or [])
        said = f"Deal each player a role at random ({roles})"
    elif isinstance(effect, verbs.Give):
        cond = f" for which {words(effect.where_.raw, rules, reads)}" if effect.where_ else ""
        said = f"{who} take{s} every card{cond} into {whose} {_zone(effect.zone)}" \
            if effect.zone.per_player else \
            f"Put every card{cond} into the {effect.zone.name}"    # a shared zone is nobody's
    elif isinstance(effect, verbs.Draw):
        n = "a card" if effect.count is None else _cards(words(effect.count.raw, rules, reads))
        said = f"{who} draw{s} {n} from the {effect.source.name} to {whose} " \
               f"{_zone(effect.dest)}" if effect.dest.per_player else \
               f"Draw {n} from the {effect.source.name} to the {effect.dest.name}"
    elif isinstance(effect, verbs.Move):
        n = "all the cards" if effect.count is None else \
            _cards(words(effect.count.raw, rules, reads))
        mine = f"{whose} " if effect.source.per_player else "the "
        to = f"{whose if effect.dest.per_player else 'the'} {_zone(effect.dest)}"
        cards = f"{n} of {mine}{_zone(effect.source)}"
        if effect.count is None and _zone(effect.source) != effect.source.name:
            cards = f"all {mine}{_zone(effect.source)}"    # all their taken cards
        said = f"{who} move{s} {cards} to {to}" \
            if effect.source.per_player or effect.dest.per_player else \
            f"Move {n} of the {effect.source.name} to {to}"
    elif isinstance(effect, verbs.Change) and effect.shared:   # the table's, nobody's own
        said = _shared_change(effect, rules, reads)
    elif isinstance(effect, verbs.Change):
        name = effect.name or f"{whose} counter for " \
            f"{words(getattr(effect.named, 'raw', ''), rules, reads)}"
        if effect.verb == "set":
            said = f"{who} set{s} {whose if effect.name else ''} {name} to " \
                   f"{_phrase(words(effect.amount.raw, rules, reads))}"
        elif effect.name:
            said = f"{who} {effect.verb}{s} {_amount(effect, name, rules, reads)}"
        else:       # a counter a card's cell names
            said = f"{who} {effect.verb}{s} {words(effect.amount.raw, rules, reads)} on {name}"
    elif isinstance(effect, verbs.Compare):
        said = f"Compare the cards of the {effect.zone.name}: " + _criteria(effect.by, rules)
    elif isinstance(effect, verbs.Pick):
        said = f"The {effect.name.replace('_', ' ')} is the player with " + \
            _ranking(effect.by, rules) + " (nobody on a tie)"
    elif isinstance(effect, verbs.Lead):
        said = f"{who} lead{s} the next turn"
    else:
        said = "The round ends after this turn"
    said = re.sub(r"\s+", " ", said[0].upper() + said[1:])
    if effect.as_ is not None:
        said = f"As the {effect.as_.replace('_', ' ')}: " + said[0].lower() + said[1:]
    if effect.cond is not None:
        said = f"If {words(effect.cond.raw, rules, reads)}: " + said[0].lower() + said[1:]
    return said + "."


def _shared_change(effect: Any, rules: Rules, whose: dict[str, str] = _WHOSE) -> str:
    """"Set the pot to the card's points", "Add 2 to the pot", "Remove 1 from the pot": a
    shared counter is nobody's."""
    said = words(effect.amount.raw, rules, whose)
    if effect.verb == "set":
        return f"Set the {effect.name} to {_phrase(said)}"
    if effect.verb == "gain":
        return f"Add {_phrase(said)} to the {effect.name}"
    # (not "take": it would read as if the player got it, and nobody does)
    return f"Remove {_phrase(said)} from the {effect.name}"


def _criteria(by, rules: Rules) -> str:
    parts = []
    for kind, *args in by:
        if kind == "relation":
            column, pairs = args
            parts.append("by " + column + ": " + ", ".join(f"{a} beats {b}"
                                                            for a, b in sorted(pairs)))
        elif kind == "order":
            column, ranks = args
            parts.append(f"by {column}: " + " beats ".join(map(str, sorted(ranks, key=ranks.get))))
        else:
            how, expr = args
            said = words(expr.raw, rules)
            plain = re.fullmatch(r"the card's (\w+)", said)   # "the highest rank"
            parts.append(f"the card with the {how} {plain.group(1)} wins" if plain else
                         f"the card with the {how} value of {said} wins")
    return "; then ".join(parts) + ". The card that beats every other one wins; " \
        "else nobody does"


def _ranking(by, rules: Rules) -> str:
    parts = []
    for how, expr in by:
        said = words(expr.raw, rules).replace("their ", "")
        if said.startswith("counter for "):    # target[card.type]: "the lowest counter for"
            parts.append(f"the {'highest' if how == 'most' else 'lowest'} {said}")
        else:
            parts.append(f"the {'most' if how == 'most' else 'fewest'} {_phrase(said)}")
    return ", then ".join(parts)


def _names_opponent(rules: Rules) -> bool:
    """Whether an effect is the opponent's, or an action's condition reads one."""
    effects = every_effect(rules)
    return any("opponent" in (e.who, e.as_) for e in effects) or any(
        a.condition is not None and re.search(r"\bopponent\b", str(a.condition.raw))
        for a in rules.actions)


def how_to_play(rules: Rules) -> str:
    """The rules as a booklet section, in Markdown."""
    out = ["## How to play"] + _setup(rules)
    bounds = _bounds(rules)     # (a rule of the whole game, not a step of its setup)
    if bounds:
        out += ["", "### Limits", ""] + [f"- {said}" for said in bounds]
    out += ["", "### A turn", ""]
    leads = _leads(rules)
    if not rules.rotate:     # (RulesState._next_first: a `lead` starts the next turn)
        out.append("The first player starts the first turn, and the next ones until another "
                   "player leads (below)." if leads else "The first player starts every turn.")
    else:
        out.append("The players take turns in seat order; the first starts" +
                   (", and a player who leads (below) starts the next turn instead." if leads
                    else "."))
    if rules.players[1] > 2 and _names_opponent(rules):  # (plan.py: the next seat is it)
        out.append("Your opponent, wherever the rules below name one, is the next player in "
                   "seat order.")
    for phase in rules.phases:
        out += ["", f"**{phase.name.replace('_', ' ').capitalize()}.** " +
                _phase(phase, rules, leads or rules.rotate)]
        for action in phase.actions:
            out.append(f"- {_action(action, rules)}")
        if phase.effects:
            out += ["", "Then:", ""] + [f"- {effect_sentence(e, rules)}" for e in phase.effects]
    if rules.round_effects:     # (RulesState._end_turn: run when the round is over)
        out += ["", "When a round is over:", ""] + \
            [f"- {effect_sentence(e, rules, 'the player who started the last turn')}"
             for e in rules.round_effects]
    out += ["", "### The end", ""]
    for end in rules.ends:
        out.append(f"- The game ends after a {end.at} in which "
                   f"{words(end.condition.raw, rules, _ANY_WHOSE)} ({end.name}).")
    if rules.has_rounds and rules.round_end is not None:
        out.append(f"- A round ends when {words(rules.round_end.raw, rules, _ANY_WHOSE)}; "
                   f"the game ends after round {rules.round_limit}.")
    if rules.turn_limit_set:    # (the default 1000 is a guard, not the designer's rule)
        out.append(f"- The game ends after turn {rules.turn_limit} in any case.")
    stuck = stalemate.ruling(rules)     # (RulesState._stalled enforces it)
    if stuck:
        out.append(f"- {stuck}")
    if rules.finish:
        out += ["", "When the game ends:", ""] + \
            [f"- {effect_sentence(e, rules)}" for e in rules.finish]
    out += ["", "### Scoring", ""]
    if rules.score and rules.teams:     # (RulesState._score: a team's values added)
        teams = [" and ".join(str(s + 1) for s in team) for team in rules.teams]
        out.append(f"The players play in teams: seats {'; seats '.join(teams)}. A team adds "
                   f"up its players' values: the team with {_ranking(rules.score, rules)} wins "
                   "(all its players); teams still tied share the win.")
    elif rules.score:
        out.append(f"The player with {_ranking(rules.score, rules)} wins; players still tied "
                   "share the win.")
    else:
        out.append("Everybody shares the win.")
    return "\n".join(out) + "\n"


def _setup(rules: Rules) -> list[str]:
    """The setup section: counters that start elsewhere than 0, the setup's effects, and each
    round's."""
    starts = _starts(rules)
    if not (rules.setup or rules.round_setup or starts):
        return []
    out = ["", "### Setup", ""] + [f"- {said}" for said in starts]
    out += [f"- {effect_sentence(e, rules, 'the first player')}" for e in rules.setup]
    if rules.round_setup:
        out += ["", f"The game is played in at most {rules.round_limit} rounds. At the start "
                "of each round:", ""]
        out += [f"- {effect_sentence(e, rules, 'the player who starts the round')}"
                for e in rules.round_setup]
    return out


def _bounds(rules: Rules) -> list[str]:
    """A counter's own max (or min): the engine drops what goes past it, so the rules say so
    ("points over the cap" were lost with no sentence of the booklet saying why)."""
    from .verbs import Change

    # a counter something takes from stops at its min, 0 too (paying 6 with 3 left 0, unsaid)
    lost = {e.name for e in every_effect(rules)
            if isinstance(e, Change) and e.verb == "lose"}
    out = []
    for c in rules.counters.values():
        bounds = ([f"below {c.low}"] if c.low != DEFAULT_BOUNDS[0] or c.name in lost else []) + \
            ([f"above {c.high}"] if c.high != DEFAULT_BOUNDS[1] else [])
        if bounds:
            name = c.name.replace("_", " ")
            verb = "go" if name.endswith("s") and not name.endswith("ss") else "goes"
            whose = "A player's" if c.per_player else "The"
            out.append(f"{whose} {name} never {verb} {' nor '.join(bounds)}: what would pass "
                       "it is lost.")
    return out


def _starts(rules: Rules) -> list[str]:
    """A counter that starts at another number than 0 (`start = 5`, or a `min` above 0): the
    engine gave every player 5 points the booklet never mentioned."""
    out = []
    for c in rules.counters.values():
        if c.start == 0:
            continue
        name = c.name.replace("_", " ")
        if abs(c.start) == 1 and name.endswith("s") and not name.endswith("ss"):
            name = name[:-1]
        out.append(f"Each player starts with {c.start} {name}." if c.per_player else
                   f"The {c.name.replace('_', ' ')} starts at {c.start}.")
    return out


def _leads(rules: Rules) -> bool:
    """A `lead` effect somewhere: who starts a turn is not only the seat order's."""
    return any(isinstance(e, verbs.Lead) for e in played_effects(rules))


def _phase(phase, rules: Rules, moves_on: bool = False) -> str:
    """`moves_on`: another seat than the first may start a turn (rotate, a `lead`), and a
    phase of each player goes round from that seat (RulesState._start_turn)."""
    if phase.who == "none":
        return "Nobody chooses here."
    times = "once" if phase.limit == 1 else f"up to {phase.limit} times"
    if phase.who == "active":
        return f"On your turn, do one of these {times}{', or pass' if phase.can_pass else ''}:"
    passing = ", or passes" if phase.can_pass else ""
    start = "the player who starts the turn" if moves_on else "the first player"
    return f"Each player in turn, from {start}, does one of these {times}{passing}:"


def _action(action, rules: Rules) -> str:
    name = action.name.replace("_", " ").capitalize()
    if action.source is None:
        said = f"**{name}**"
    else:
        mine = "your " if action.source.per_player else "the "
        to = f" to {'your' if action.dest.per_player else 'the'} {_zone(action.dest)}" \
            if action.dest is not None else ""
        face = " (face down)" if action.dest is not None and action.dest.visible != "public" \
            else ""
        said = f"**{name}**: a card from {mine}{action.source.name}{to}{face}"
    if action.condition is not None:
        said += f", if {words(action.condition.raw, rules)}"
    if action.follow:
        said += f"; it must have the {action.follow} of the first card there, if you have one"
    if action.effects:
        said += ". " + " ".join(effect_sentence(e, rules) for e in action.effects)
    return said if said.endswith(".") else said + "."
