"""Match logs as JSON lines, and replaying them (docs/design.md: the event list is the replay).

A log starts with a header line naming the ruleset, the seed and the first hand's fixed
dice, then holds every event and every action of every hand in the order they happened.
A match is reproduced from (ruleset, seed, actions): replay re-plays the actions and
checks that the engine says the very same events.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.ruleset import MAX_PLAYERS, Ruleset
from game.core.tiles import TileSyntaxError, parse_tile
from game.engine.actions import Action, ActionKind
from game.engine.events import Event, HandEnded, HandSettled, event_from_json
from game.engine.round import HandSetup, Round
from game.files.bounded_io import MAX_LOG_BYTES, JsonRefused, TextSink, loads_json, read_text_limited
from game.files.safe_paths import name_problem

LOG_FORMAT = "guiyang-match-log"
LOG_VERSION = 1
MAX_SEED_CHARS = 200
STAND_IN = "stand_in"  # an action's mark: an AI made this move for the person whose seat it is
_ACTION_KEYS = {"type", "kind", "seat", "tile", "declare", STAND_IN}


class LogError(ValueError):
    """A log that cannot be read or does not replay; the message names the line."""


def header(rules: Ruleset, seed: str, setup: HandSetup) -> dict[str, Any]:
    """The first line of a match log."""
    return {
        "type": LOG_FORMAT,
        "version": LOG_VERSION,
        "ruleset": rules.name,
        "seed": seed,
        "first_roller": setup.first_roller,
        "dealer_dice": list(setup.dealer_dice) if setup.dealer_dice else None,
        "break_dice": list(setup.break_dice) if setup.break_dice else None,
    }


def header_problem(head: Any) -> str | None:
    """What is wrong with a log header (also a save's), or None: every field of the right type and range."""
    if not isinstance(head, dict):
        return "the header is not an object"
    if head.get("type") != LOG_FORMAT:
        return f"not a match log (type {str(head.get('type'))[:40]!r})"
    if head.get("version") != LOG_VERSION:
        return f"log version {str(head.get('version'))[:20]!r}, this game reads {LOG_VERSION}"
    ruleset, seed = head.get("ruleset"), head.get("seed")
    if not isinstance(ruleset, str) or name_problem(ruleset, "ruleset") is not None:
        return f"the ruleset must be a ruleset's name, found {str(ruleset)[:60]!r}"
    if not isinstance(seed, str) or not 0 < len(seed) <= MAX_SEED_CHARS:
        return f"the seed must be a text of 1 to {MAX_SEED_CHARS} characters"
    roller = head.get("first_roller")
    if roller is not None and (type(roller) is not int or not 0 <= roller < MAX_PLAYERS):
        return f"first_roller must be a seat 0-{MAX_PLAYERS - 1} or null, found {str(roller)[:20]!r}"
    for key in ("dealer_dice", "break_dice"):
        dice = head.get(key)
        if dice is not None and (
            not isinstance(dice, list) or len(dice) != 2 or not all(type(d) is int and 1 <= d <= 6 for d in dice)
        ):
            return f"{key} must be two dice 1-6 or null, found {str(dice)[:30]!r}"
    return None


def header_setup(head: dict[str, Any]) -> HandSetup:
    """The first hand's fixed roller and dice, from a header that header_problem found sound."""
    return HandSetup(
        first_roller=head.get("first_roller"),
        dealer_dice=_dice(head.get("dealer_dice")),
        break_dice=_dice(head.get("break_dice")),
    )


def action_from_json(obj: Any) -> Action:
    """An action from its JSON object, every field checked; ValueError saying what is wrong."""
    if not isinstance(obj, dict):
        raise ValueError(f"an action must be an object, found {type(obj).__name__}")
    extra = set(obj) - _ACTION_KEYS
    if extra:
        raise ValueError(f"unknown key {sorted(map(str, extra))[0]!r} in an action")
    kind_text = obj.get("kind")
    if not isinstance(kind_text, str) or kind_text not in {k.value for k in ActionKind}:
        raise ValueError(f"unknown action kind {str(kind_text)[:20]!r}")
    kind = ActionKind(kind_text)
    seat = obj.get("seat")
    if type(seat) is not int or not 0 <= seat < MAX_PLAYERS:
        raise ValueError(f"an action's seat must be 0-{MAX_PLAYERS - 1}, found {str(seat)[:20]!r}")
    tile = obj.get("tile")
    if tile is not None:
        if not isinstance(tile, str):
            raise ValueError(f"an action's tile must be text such as 5m, found {str(tile)[:20]!r}")
        try:
            tile = parse_tile(tile)
        except TileSyntaxError as exc:
            raise ValueError(f"an action's tile: {exc}") from None
    declare = obj.get("declare", False)
    if not isinstance(declare, bool):
        raise ValueError("an action's declare must be true or false")
    return Action(kind, seat, tile, declare)


def action_json(action: Action, stand_in: bool = False) -> dict[str, Any]:
    """An action's JSON object as logs and saves keep it; `stand_in` marks a move an AI made for a person."""
    out = action.to_json()
    if stand_in:
        out[STAND_IN] = True
    return out


def stand_in_from_json(obj: dict[str, Any]) -> bool:
    """Whether a logged action was an AI's move for a person (托管, a clock run out); ValueError if not a flag."""
    flag = obj.get(STAND_IN, False)
    if not isinstance(flag, bool):
        raise ValueError(f"an action's {STAND_IN} must be true or false")
    return flag


class LogWriter:
    """Writes a match as JSON lines while it is played."""

    def __init__(self, out: TextSink, rules: Ruleset, seed: str, setup: HandSetup, write_header: bool = True) -> None:
        self.out = out
        if write_header:
            self.out.write(header_text(rules, seed, setup))
            self.out.flush()

    def write_round(self, rnd: Round) -> None:
        """Every event and action of a finished (and settled) hand, in one write (see round_text)."""
        self.out.write(round_text(rnd))
        self.out.flush()


def _line(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n"


def header_text(rules: Ruleset, seed: str, setup: HandSetup) -> str:
    """The header line of a match log."""
    return _line(header(rules, seed, setup))


def round_text(rnd: Round, stand_ins: Collection[int] = ()) -> str:
    """A hand's lines, all at once: written in one piece, a failed write loses at most this hand.

    `stand_ins` are the indices of the actions an AI made for a person, so that a review rates the person's own play.
    """
    # Actions interleave with events: each action is logged right after the events
    # that came before it, which `action_marks` records.
    return "".join(
        _line({"type": "action", **action_json(item, index in stand_ins)})
        if isinstance(item, Action)
        else _line(item.to_json())
        for index, item in interleave(rnd)
    )


def interleave(rnd: Round) -> Iterator[tuple[int, Event | Action]]:
    """The round's events and actions in the order they happened, each action with its index (-1 for an event)."""
    marks = rnd.action_marks
    ai = 0
    for i, ev in enumerate(rnd.events):
        while ai < len(marks) and marks[ai] == i:
            yield ai, rnd.actions[ai]
            ai += 1
        yield -1, ev
    while ai < len(marks):
        yield ai, rnd.actions[ai]
        ai += 1


@dataclass
class ParsedLog:
    """A log read back: its header and, per hand, the events and the actions.

    `damage` says where a log read leniently stopped being readable (its hands up to there are kept).
    """

    head: dict[str, Any]
    hands: list[tuple[list[Event], list[Action]]] = field(default_factory=list)
    damage: str | None = None
    stand_ins: list[set[int]] = field(default_factory=list)  # per hand: its actions an AI made for a person

    def ending(self) -> str | None:
        """Where the log ends if its last hand is unfinished (hand and event), else None."""
        if not self.hands:
            return None
        events = self.hands[-1][0]
        if any(isinstance(e, (HandSettled, HandEnded)) for e in events):
            return None
        last = events[-1].kind if events else "nothing"
        return f"the log ends in hand {len(self.hands)} after event {len(events)} ({last}): the match is incomplete"


def read_log(path: Path, lenient: bool = False) -> ParsedLog:
    """Parse a log file; LogError names the first bad line (see read_log_text for `lenient`)."""
    try:
        text = read_text_limited(path, MAX_LOG_BYTES)
    except OSError as exc:
        raise LogError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        if not lenient:
            raise LogError(f"{path}: not UTF-8 text at byte {exc.start}") from None
        text = exc.object[: exc.start].decode("utf-8")
    return read_log_text(text, str(path), lenient)


def read_log_text(text: str, path: str, lenient: bool = False) -> ParsedLog:
    """Parse a log's text; `path` names it in errors.

    Lenient (the replay viewer): a bad line after the header ends the reading instead of failing
    it; every finished hand before it is kept and `damage` says where it stopped.
    """
    parsed: ParsedLog | None = None
    for no, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            if parsed is None:
                parsed = ParsedLog(_read_header(line, f"{path}:{no}"))
            else:
                _read_line(parsed, line, f"{path}:{no}")
        except LogError as exc:
            if not lenient or parsed is None:
                raise
            parsed.damage = str(exc)
            if parsed.ending() is not None:
                parsed.hands.pop()  # the hand being written when the log broke
                parsed.stand_ins.pop()
            break
    if parsed is None:
        raise LogError(f"{path}: empty log (no header line)")
    return parsed


def _read_header(line: str, where: str) -> dict[str, Any]:
    try:
        obj = loads_json(line)
    except JsonRefused as exc:
        raise LogError(f"{where}: bad header: {exc}") from None
    problem = header_problem(obj)
    if problem is not None:
        raise LogError(f"{where}: {problem}")
    head: dict[str, Any] = obj
    return head


def _read_line(parsed: ParsedLog, line: str, where: str) -> None:
    try:
        obj = loads_json(line)
        if not isinstance(obj, dict):
            raise ValueError(f"expected an object, found {type(obj).__name__}")
        kind = obj.get("type")
        if kind == "action":
            if not parsed.hands:
                raise ValueError("an action before the first hand_started")
            actions = parsed.hands[-1][1]
            if stand_in_from_json(obj):
                parsed.stand_ins[-1].add(len(actions))
            actions.append(action_from_json(obj))
            return
        ev = event_from_json(obj)
    except LogError:
        raise
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        raise LogError(f"{where}: bad line: {str(exc)[:200]}") from None
    if kind == "hand_started":
        parsed.hands.append(([], []))
        parsed.stand_ins.append(set())
    if not parsed.hands:
        raise LogError(f"{where}: event before the first hand_started")
    parsed.hands[-1][0].append(ev)


def _dice(value: Any) -> tuple[int, int] | None:
    if value is None:
        return None
    a, b = value
    return int(a), int(b)


def first_difference(logged: list[Event], replayed: list[Event]) -> str:
    """Where two event lists part ways, for a readable replay failure."""
    for i, (a, b) in enumerate(zip(logged, replayed, strict=False)):
        if a != b:
            return f"event {i + 1}: logged {a} but replay gives {b}"
    return f"logged {len(logged)} events but replay gives {len(replayed)}"
