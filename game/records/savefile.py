"""A saved match: the match log so far (its header and each hand's actions) and the client's set-up.

A save holds no hidden state of its own: loading re-creates the Match from the ruleset and the
seed and re-applies every action, so a resumed match is exactly the one that was left. Each hand
also carries a digest of the events it gave when saved; a save whose actions no longer give the
same events (a changed engine, an edited file) is refused with a message saying where.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from game.core.ruleset import Ruleset
from game.engine.actions import Action, ActionKind
from game.engine.events import Event
from game.engine.round import HandSetup, Round
from game.files.bounded_io import JsonRefused, loads_json
from game.files.safe_paths import name_problem
from game.records.gamelog import action_from_json, action_json, header, header_problem, header_setup, stand_in_from_json

SAVE_FORMAT = "guiyang-save"
SAVE_VERSION = 1
MAX_HANDS = 10_000  # hands in one saved match; a long evening is a few dozen
MAX_ACTIONS = 2_000  # actions in one hand; a real one has about 150


class SaveError(ValueError):
    """A save that cannot be read or does not replay; the message names what is wrong and where."""


@dataclass
class HandRecord:
    """One hand of a save: its actions, whether it was settled, and a digest of its events."""

    actions: list[Action] = field(default_factory=list)
    settled: bool = False
    events: int = 0
    digest: str = ""
    stand_ins: frozenset[int] = frozenset()  # indices of the actions an AI made for a person (托管, a clock run out)


@dataclass
class SaveData:
    """A match as saved: the log header, the hands so far, the client's set-up and the practice hands."""

    head: dict[str, Any]
    hands: list[HandRecord] = field(default_factory=list)
    config: dict[str, Any] = field(default_factory=dict)
    practice: set[int] = field(default_factory=set)  # hand numbers (1-based) played with take-backs
    match_id: str = ""  # names the match's replay log


def digest(events: list[Event]) -> str:
    """A short fingerprint of a hand's events."""
    text = json.dumps([e.to_json() for e in events], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


class RunningDigest:
    """`digest(events)` kept up one event at a time, for a hand that is saved after every move."""

    def __init__(self) -> None:
        self._hash = hashlib.sha1()
        self._count = 0

    def add(self, event_json: dict[str, Any]) -> None:
        """Take in the next event's JSON object."""
        text = json.dumps(event_json, ensure_ascii=False, separators=(",", ":"))
        self._hash.update((b"," if self._count else b"[") + text.encode("utf-8"))
        self._count += 1

    def hand_digest(self) -> str:
        """The digest of the events taken in so far (equal to `digest` of the same list)."""
        h = self._hash.copy() if self._count else hashlib.sha1(b"[")
        h.update(b"]")
        return h.hexdigest()[:16]


def record(rnd: Round, settled: bool, stand_ins: Collection[int] = ()) -> HandRecord:
    """The save record of a hand as it stands now; `stand_ins` are its actions an AI made for a person."""
    return HandRecord(list(rnd.actions), settled, len(rnd.events), digest(rnd.events), frozenset(stand_ins))


def new_save(rules: Ruleset, seed: str, setup: HandSetup, config: dict[str, Any] | None = None) -> SaveData:
    """An empty save for a match about to start."""
    return SaveData(header(rules, seed, setup), [], dict(config or {}))


def dumps(data: SaveData) -> str:
    """The save as JSON text."""
    obj = {
        "type": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "match_id": data.match_id,
        "config": data.config,
        "practice": sorted(data.practice),
        "log": data.head,
        "hands": [
            {
                "settled": h.settled,
                "events": h.events,
                "digest": h.digest,
                "actions": [action_json(a, i in h.stand_ins) for i, a in enumerate(h.actions)],
            }
            for h in data.hands
        ],
    }
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n"


def loads(text: str, where: str = "save") -> SaveData:
    """Parse a save's text, checking every field; SaveError names the problem and where it is."""
    try:
        obj = loads_json(text)
    except JsonRefused as exc:
        if exc.lineno is not None:
            raise SaveError(f"{where}: not a save (broken JSON at line {exc.lineno}, column {exc.colno})") from None
        raise SaveError(f"{where}: not a save ({exc})") from None
    if not isinstance(obj, dict) or obj.get("type") != SAVE_FORMAT:
        raise SaveError(f"{where}: not a save of this game")
    if obj.get("version") != SAVE_VERSION:
        raise SaveError(f"{where}: save version {str(obj.get('version'))[:20]}; this game reads version {SAVE_VERSION}")
    head = obj.get("log")
    problem = header_problem(head)
    if problem is not None or not isinstance(head, dict):
        raise SaveError(f"{where}: the match header: {problem}")
    config = obj.get("config", {})
    if not isinstance(config, dict):
        raise SaveError(f"{where}: config must be an object")
    practice = obj.get("practice", [])
    if (
        not isinstance(practice, list)
        or len(practice) > MAX_HANDS
        or not all(type(n) is int and 1 <= n <= MAX_HANDS for n in practice)
    ):
        raise SaveError(f"{where}: practice must be a list of hand numbers")
    raw_hands = obj.get("hands")
    if not isinstance(raw_hands, list) or len(raw_hands) > MAX_HANDS:
        raise SaveError(f"{where}: hands must be a list of at most {MAX_HANDS} hands")
    hands = [_hand(raw, f"{where}: hand {n}") for n, raw in enumerate(raw_hands, 1)]
    for h in hands[:-1]:
        if not h.settled:
            raise SaveError(f"{where}: a hand before the last one was never settled")
    match_id = obj.get("match_id", "")
    if not isinstance(match_id, str) or (match_id and name_problem(match_id, "match_id") is not None):
        raise SaveError(f"{where}: match_id must be a plain file name, found {str(match_id)[:60]!r}")
    return SaveData(head, hands, config, set(practice), match_id)


def _hand(raw: Any, place: str) -> HandRecord:
    if not isinstance(raw, dict) or not isinstance(raw.get("actions"), list):
        raise SaveError(f"{place}: expected an object with a list of actions")
    if len(raw["actions"]) > MAX_ACTIONS:
        raise SaveError(f"{place}: {len(raw['actions'])} actions; a hand has at most {MAX_ACTIONS}")
    actions: list[Action] = []
    stand_ins: set[int] = set()
    for i, a in enumerate(raw["actions"], 1):
        try:
            actions.append(action_from_json(a))
            if stand_in_from_json(a):
                stand_ins.add(i - 1)
        except ValueError as exc:
            raise SaveError(f"{place}, action {i}: {exc}") from None
    events, dig, settled = raw.get("events", 0), raw.get("digest", ""), raw.get("settled", False)
    if type(events) is not int or not 0 <= events <= 10 * MAX_ACTIONS or not isinstance(dig, str) or len(dig) > 64:
        raise SaveError(f"{place}: events must be a number and digest a short text")
    if not isinstance(settled, bool):
        raise SaveError(f"{place}: settled must be true or false")
    return HandRecord(actions, settled, events, dig, frozenset(stand_ins))


def first_setup(head: dict[str, Any]) -> HandSetup:
    """The first hand's fixed dice and roller, as the header holds them; SaveError if they are not sound."""
    problem = header_problem(head)
    if problem is not None:
        raise SaveError(f"the match header: {problem}")
    return header_setup(head)


def take_back(data: SaveData, seat: int) -> SaveData | None:
    """The save as it was before `seat`'s last discard of the hand in play (and all that followed it), or None.

    The hand is marked as practice, so statistics can leave it out.
    """
    if not data.hands or data.hands[-1].settled:
        return None
    actions = data.hands[-1].actions
    last = next(
        (
            i
            for i in range(len(actions) - 1, -1, -1)
            if actions[i].seat == seat and actions[i].kind is ActionKind.DISCARD
        ),
        None,
    )
    if last is None:
        return None
    kept = frozenset(i for i in data.hands[-1].stand_ins if i < last)
    hands = [*data.hands[:-1], HandRecord(list(actions[:last]), stand_ins=kept)]
    return SaveData(dict(data.head), hands, dict(data.config), data.practice | {len(data.hands)}, data.match_id)
