"""`pnp play`: a game in the terminal against an agent, or hot-seat between people.

Before each of a person's moves it shows what that seat may see (its observation, drawn as text)
and the legal actions, numbered. Type a number, the text of an action, ``#N`` for an engine action
id (to try a move the list does not offer and read why the rules refuse it), ``?`` to list the
actions again or ``q`` to stop. End of input (Ctrl-D) ends the game cleanly.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ..engine.core import CHANCE, IllegalAction, decide
from ..errors import OptionError, PnpError
from . import agents as agent_registry
from .simulate import Setup

if TYPE_CHECKING:
    from ..games.registry import GameSpec

HELP = ("Type the number of your move (or its text). '#N' tries engine action N and shows why the "
        "rules refuse it; '?' lists the moves again; 'q' ends the game.")


@dataclass
class Outcome:
    finished: bool
    returns: list[float] | None
    stats: dict[str, Any] | None
    moves: int


class Quit(Exception):
    """The player ended the game (q or end of input)."""


# ---------------------------------------------------------------------------------------------
# Drawing observations as text
# ---------------------------------------------------------------------------------------------

class PublicNews:
    """What everyone at the table sees happen between two of your moves (a duel revealed and
    its outcome, say), which the position alone no longer shows: the game's public log, of
    which only the lines not shown yet are new."""

    def __init__(self, spec: GameSpec, state):
        self.spec = spec
        self.seen = len(spec.public_log(state))

    def since(self, state) -> list[str]:
        log = self.spec.public_log(state)
        lines, self.seen = log[self.seen:], len(log)
        return lines


def _generic(obs) -> list[str]:
    if hasattr(obs, "as_dict"):
        obs = obs.as_dict()
    if isinstance(obs, dict):
        return [f"  {k}: {v}" for k, v in obs.items()]
    return [f"  {obs!r}"]


def render(spec: GameSpec, obs, label: Callable[[int], str]) -> str:
    """A seat's observation as text: the game's own view, or its fields one a line."""
    try:
        lines = spec.observation_text(obs, label)
    except Exception:                      # a renderer must never stop a game
        lines = None
    return "\n".join(lines if lines is not None else _generic(obs))


# ---------------------------------------------------------------------------------------------
# Reading a move
# ---------------------------------------------------------------------------------------------

def _why(state, action: int) -> str | None:
    """The rules' reason for refusing `action` (None when the engine accepts it)."""
    trial = state.clone()
    try:
        trial.apply_action(action)
    except IllegalAction as exc:
        return str(exc)
    except Exception as exc:               # an engine that cannot even parse it
        return f"{type(exc).__name__}: {exc}"
    return None


def _find_by_text(state, text: str, legal: Sequence[int]) -> int | None:
    """An action id (not necessarily legal) whose text is `text`."""
    top = max(list(legal) + [0]) + 2000
    for a in range(top):
        try:
            if state.action_to_string(a).strip().lower() == text:
                return a
        except Exception:
            continue
    return None


_NUMBER = re.compile(r"-?[0-9]+")  # ASCII digits only: '²'.isdigit() is true, int('²') fails


NOT_TEXT = ("that line was not text (bytes that do not decode): type the number of your move "
            "(1 to {n})")


def _is_text(line: str) -> bool:
    """False for a line read from bytes that do not decode: Python keeps each such byte
    as a lone surrogate ('\\udcff'), which no text holds."""
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def parse_choice(state, legal: Sequence[int], labels: Sequence[str], text: str
                 ) -> tuple[int | None, str]:
    """(action, "") for an accepted choice, (None, reason) when refused."""
    t = text.strip()
    if not _is_text(t):
        return None, NOT_TEXT.format(n=len(legal))
    low = t.lower()
    shown = repr(t if len(t) <= 40 else t[:37] + "...")
    if not t:
        return None, f"type the number of your move (1 to {len(legal)}), '?' for help"
    if _NUMBER.fullmatch(low):
        if len(low.lstrip("-")) > 9:
            return None, f"there is no move {shown}: choose a number from 1 to {len(legal)}"
        k = int(low)
        if 1 <= k <= len(legal):
            return legal[k - 1], ""
        return None, f"there is no move {k}: choose a number from 1 to {len(legal)}"
    if low.startswith("#"):
        if not _NUMBER.fullmatch(low[1:]):
            return None, f"{shown}: write # and an engine action id, e.g. #3"
        if low[1] == "-":   # (an engine may read -1 as its last action, as a list does)
            return None, f"{shown} is out of range: engine action ids are 0 and up"
        if len(low) > 19:   # more than 18 digits: past any engine's ids (and a 64-bit int)
            return None, f"{shown} is out of range: no game has that many actions"
        a = int(low[1:])
        if a in legal:
            return a, ""
        why = _why(state, a)
        if why is None:
            return None, f"the engine accepts action {a} but does not list it as legal"
        return None, f"illegal: {why}"
    exact = [a for a, lab in zip(legal, labels) if lab.lower() == low]
    if len(exact) == 1:
        return exact[0], ""
    part = [i for i, lab in enumerate(labels) if low in lab.lower()]
    if len(part) == 1:
        return legal[part[0]], ""
    if len(part) > 1:
        return None, (f"{shown} fits several moves ({', '.join(str(i + 1) for i in part[:10])}"
                      f"{', ...' if len(part) > 10 else ''}): type its number")
    found = _find_by_text(state, low, legal)
    if found is not None:
        why = _why(state, found)
        if why is not None:
            return None, f"illegal: {why}"
    return None, f"{shown} is not one of your moves: type its number (1 to {len(legal)})"


# ---------------------------------------------------------------------------------------------
# The game loop
# ---------------------------------------------------------------------------------------------

def play_terminal(setup: Setup, *, seat: int = 0, opponent: str = "greedy",
                  seed: int | None = None, read: Callable[[], str],
                  write: Callable[..., None]) -> Outcome:
    """Play one game; `read()` returns a line ('' at end of input), `write(text, nl=True)`
    prints.
    seat is 0-based here; opponent is an agent spec or "human" (hot-seat)."""
    n = setup.game.num_players
    if not 0 <= seat < n:
        raise OptionError("--seat", f"{seat + 1} is not one of the game's seats, 1 to {n}")
    if seed is None:
        seed = random.SystemRandom().randrange(10 ** 6)
    table = _Table(setup, seat, opponent, seed, read, write)
    who = "hot-seat" if table.hot_seat else f"you are seat {seat + 1} against {opponent}"
    table.write(f"{setup.title}: {n} players, {who}, seed {seed}. {HELP}")
    try:
        table.play()
    except Quit as q:
        reason = "End of input" if str(q) == "end of input" else "You stopped"
        table.write(f"\n{reason}: the game is abandoned after {table.moves} moves (seed {seed}).")
        return Outcome(False, None, None, table.moves)
    return table.finish()


class _Table:
    """One game at the terminal: the state, who is a person and who an agent, what was said."""

    def __init__(self, setup: Setup, seat: int, opponent: str, seed: int,
                 read: Callable[[], str], write: Callable[..., None]):
        self.spec, self.seat, self.opponent = setup.spec, seat, opponent
        self.read, self.write = read, write
        n = setup.game.num_players
        self.hot_seat = opponent == "human"
        self.humans = set(range(n)) if self.hot_seat else {seat}
        self.bots = {} if self.hot_seat else {
            s: agent_registry.make(self.spec.name, opponent) for s in range(n)
            if s not in self.humans}
        self.rng = random.Random(seed)
        self.state = setup.game.new_initial_state()
        self.news = PublicNews(self.spec, self.state)
        self.moves = 0
        self.last_human: int | None = None
        self.heading: str | None = None     # the turn heading last shown

    def label(self, seat: int) -> str:
        return self.spec.seat_label(self.state, seat)

    def play(self) -> None:
        state = self.state
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply_action(state.sample_chance(self.rng))
                for item in self.news.since(state):   # what it turned up, before anyone moves
                    self.write(item)
            elif p in self.humans:
                self._person_moves(p)
            else:
                if self._new_turn():
                    self.write(f"\n{self.heading}.")   # (its moves name their seats)
                legal = list(state.legal_actions())
                state.apply_action(_bot_move(self.bots[p], self.opponent, state, p, legal,
                                             self.rng))
                self._moved(f"{self.label(p)} [{self.opponent}] has moved.")

    def _new_turn(self) -> bool:
        """Whether the game's turn heading changed since it was last shown (kept as shown)."""
        heading = self.spec.turn_heading(self.state)
        if heading is None or heading == self.heading:
            return False
        self.heading = heading
        return True

    def _moved(self, line: str) -> None:
        self.moves += 1
        news = self.news.since(self.state)
        if not (news and self.spec.logs_moves):    # else the log's own line names the move
            self.write(line)
        for item in news:
            self.write(item)

    def _person_moves(self, p: int) -> None:
        state = self.state
        if self.hot_seat and self.last_human != p:
            self.write(f"\n=== {self.label(p)} to play (others look away) ===")
        self.last_human = p
        legal = list(state.legal_actions())
        labels = [state.action_to_string(a) for a in legal]
        self._new_turn()      # (the position below begins with it)
        self.write("")
        self.write(render(self.spec, state.observation(p), self.label))
        self.write(_listing(labels, self.label(p)))
        a = self._ask(p, legal, labels)
        text = state.action_to_string(a)
        state.apply_action(a)
        self._moved(f"{self.label(p)}: {text}")

    def _ask(self, p: int, legal: list[int], labels: list[str]) -> int:
        """Read lines until one names a legal move (help and refusals in between)."""
        while True:
            self.write(f"{self.label(p)}> ", nl=False)
            try:
                line = self.read()
            except UnicodeDecodeError:     # a strict stdin refuses the bytes itself
                self.write(f"Refused: {NOT_TEXT.format(n=len(legal))}")
                continue
            if line == "":
                raise Quit("end of input")
            cmd = line.strip().lower()
            if cmd in ("q", "quit", "exit"):
                raise Quit("quit")
            if cmd in ("?", "h", "help"):
                self.write(HELP)
                self.write(_listing(labels, self.label(p)))
                continue
            a, why = parse_choice(self.state, legal, labels, line)
            if a is not None:
                return a
            self.write(f"Refused: {why}")

    def finish(self) -> Outcome:
        state = self.state
        returns = list(state.returns())
        viewer = self.seat if not self.hot_seat else 0
        self.write("\nGame over.")
        self.write(render(self.spec, state.observation(viewer), self.label))
        self.write(result_line(returns, self.label, set() if self.hot_seat else self.humans))
        stats = state.stats()
        brief = {k: v for k, v in stats.items() if isinstance(v, (int, float, str)) or v is None}
        if brief:
            self.write("Figures: " + ", ".join(f"{k} {v}" for k, v in brief.items()))
        return Outcome(True, returns, stats, self.moves)


def _bot_move(bot, spec: str, state, seat: int, legal: list[int], rng) -> int:
    """The agent's move; an agent that fails or breaks the rules ends the game with its name."""
    try:
        a = decide(bot, state, seat, legal, rng)
    except Exception as exc:
        raise PnpError(f"agent {spec!r} failed: {type(exc).__name__}: {str(exc)[:120]}") from None
    if a not in legal:
        raise PnpError(agent_registry.chose_illegally(repr(spec), a))
    return a


def _listing(labels: Sequence[str], who: str) -> str:
    width = len(str(len(labels)))
    return f"Moves for {who}:\n" + "\n".join(f"  {i + 1:>{width}}. {lab}"
                                            for i, lab in enumerate(labels))


def result_line(returns: Sequence[float], label: Callable[[int], str], you: set[int]) -> str:
    best = max(returns)
    winners = [s for s, r in enumerate(returns) if r == best and r > 0]
    name = lambda s: label(s) + (" (you)" if s in you else "")
    if len(winners) == len(returns):
        return "Result: a draw."
    if len(winners) == 1:
        return f"Result: {name(winners[0])} wins."
    return "Result: shared win for " + ", ".join(name(s) for s in winners) + "."
