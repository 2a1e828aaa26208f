"""Match logs as JSON lines, and replaying them (DESIGN.md: the event list is the replay).

A log starts with a header line naming the ruleset, the seed and the first hand's fixed
dice, then holds every event and every action of every hand in the order they happened.
A match is reproduced from (ruleset, seed, actions): replay re-plays the actions and
checks that the engine says the very same events.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from game.actions import Action
from game.events import Event, HandSettled, event_from_json
from game.match import Match
from game.result import HandResult
from game.round import HandSetup, IllegalAction, Round
from game.ruleset import Ruleset

LOG_FORMAT = "guiyang-match-log"
LOG_VERSION = 1


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


class LogWriter:
    """Writes a match as JSON lines while it is played."""

    def __init__(self, out: IO[str], rules: Ruleset, seed: str, setup: HandSetup) -> None:
        self.out = out
        self._write(header(rules, seed, setup))

    def _write(self, obj: dict[str, Any]) -> None:
        self.out.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")

    def write_round(self, rnd: Round) -> None:
        """Every event and action of a finished (and settled) hand, in the order they happened."""
        # Actions interleave with events: each action is logged right after the events
        # that came before it, which `action_marks` records.
        for item in interleave(rnd):
            if isinstance(item, Action):
                self._write({"type": "action", **item.to_json()})
            else:
                self._write(item.to_json())
        self.out.flush()


def interleave(rnd: Round) -> Iterator[Event | Action]:
    """The round's events and actions in the order they happened."""
    marks = rnd.action_marks
    ai = 0
    for i, ev in enumerate(rnd.events):
        while ai < len(marks) and marks[ai] == i:
            yield rnd.actions[ai]
            ai += 1
        yield ev
    while ai < len(marks):
        yield rnd.actions[ai]
        ai += 1


@dataclass
class ParsedLog:
    """A log read back: its header and, per hand, the events and the actions."""

    head: dict[str, Any]
    hands: list[tuple[list[Event], list[Action]]] = field(default_factory=list)


def read_log(path: Path) -> ParsedLog:
    """Parse a log file; LogError names the first bad line."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LogError(f"{path}: cannot read: {exc}") from exc
    return read_log_text(text, str(path))


def read_log_text(text: str, path: str) -> ParsedLog:
    """Parse a log's text; `path` names it in errors."""
    lines = text.splitlines()
    if not lines:
        raise LogError(f"{path}: empty log")
    parsed: ParsedLog | None = None
    for no, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            kind = obj["type"]
            if parsed is None:
                if kind != LOG_FORMAT:
                    raise LogError(f"{path}:{no}: not a match log (first line type {kind!r})")
                if obj.get("version") != LOG_VERSION:
                    raise LogError(f"{path}:{no}: log version {obj.get('version')!r}, this game reads {LOG_VERSION}")
                parsed = ParsedLog(obj)
            elif kind == "action":
                parsed.hands[-1][1].append(Action.from_json(obj))
            else:
                ev = event_from_json(obj)
                if kind == "hand_started":
                    parsed.hands.append(([], []))
                if not parsed.hands:
                    raise LogError(f"{path}:{no}: event before the first hand_started")
                parsed.hands[-1][0].append(ev)
        except LogError:
            raise
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            raise LogError(f"{path}:{no}: bad line: {exc}") from exc
    assert parsed is not None
    return parsed


@dataclass
class ReplayReport:
    """What a replay found: hands replayed and the final scores, or the first difference."""

    hands: int
    scores: list[int]
    results: list[HandResult]
    mismatch: str | None = None


def replay(parsed: ParsedLog, rules: Ruleset) -> ReplayReport:
    """Re-play every hand's actions from the header's seed and compare the events with the log."""
    h = parsed.head
    setup = HandSetup(
        first_roller=h.get("first_roller"),
        dealer_dice=_dice(h.get("dealer_dice")),
        break_dice=_dice(h.get("break_dice")),
    )
    match = Match(rules, str(h["seed"]), setup)
    results: list[HandResult] = []
    for n, (events, actions) in enumerate(parsed.hands, 1):
        rnd = match.new_round()
        for a in actions:
            try:
                rnd.apply(a)
            except IllegalAction as exc:
                return ReplayReport(n - 1, match.scores, results, f"hand {n}: {exc}")
        if rnd.ended and any(isinstance(e, HandSettled) for e in events):
            match.finish_round(rnd)
        if rnd.events != events:
            return ReplayReport(n - 1, match.scores, results, f"hand {n}: {first_difference(events, rnd.events)}")
        if rnd.result is not None:
            results.append(rnd.result)
    return ReplayReport(len(parsed.hands), list(match.scores), results)


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
