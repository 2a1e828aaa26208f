"""The replay log of a match: each finished hand appended to the match's log file, and an index of them.

Each match is one log file (game.gamelog's format) in the logs folder's replays/ folder, and
index.json lists the finished hands so a list of them opens without reading every log. The local
table and the network host keep their hands here alike.
"""

from __future__ import annotations

import io
import json
import logging
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.events import Event, HandSettled, HandWon
from game.gamelog import LogError, LogWriter, read_log
from game.round import HandSetup, Round
from game.ruleset import Ruleset
from game.ruleset_loader import load_ruleset
from game.safe_files import write_text_atomic
from game.userdirs import UserDirError, user_dirs

REPLAY_FOLDER = "replays"
INDEX_FILE = "index.json"

log = logging.getLogger(__name__)


def replay_dir() -> Path:
    """The folder of match logs (created if missing)."""
    path = user_dirs().ensure("logs") / REPLAY_FOLDER
    path.mkdir(exist_ok=True)
    return path


def new_match_id() -> str:
    """A fresh name for a match's log: its start time and a random tail."""
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(2)}"


@dataclass(frozen=True)
class HandEntry:
    """One finished hand in the index."""

    file: str
    hand: int
    ruleset: str
    seed: str
    time: str
    winners: tuple[int, ...]
    nets: tuple[int, ...]
    practice: bool

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "file": self.file,
            "hand": self.hand,
            "ruleset": self.ruleset,
            "seed": self.seed,
            "time": self.time,
            "winners": list(self.winners),
            "nets": list(self.nets),
            "practice": self.practice,
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> HandEntry:
        """Read an index row (KeyError/TypeError/ValueError if it is not one)."""
        return HandEntry(
            str(d["file"]),
            int(d["hand"]),
            str(d["ruleset"]),
            str(d["seed"]),
            str(d["time"]),
            tuple(int(x) for x in d["winners"]),
            tuple(int(x) for x in d["nets"]),
            bool(d.get("practice", False)),
        )


def read_index() -> list[HandEntry]:
    """Every indexed hand, oldest first; a broken index reads as empty (the logs themselves are kept)."""
    try:
        path = user_dirs().logs / REPLAY_FOLDER / INDEX_FILE
        if not path.is_file():
            return []
        rows = json.loads(path.read_text(encoding="utf-8"))["hands"]
        return [HandEntry.from_json(r) for r in rows]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("replay index cannot be read: %s", exc)
        return []


class ReplayLog:
    """Keeps a match's finished hands: appends each to the match's log file and indexes it."""

    def __init__(self, match_id: str, rules: Ruleset, seed: str, setup: HandSetup | None = None) -> None:
        self.match_id = match_id
        self.rules = rules
        self.seed = seed
        self.setup = setup or HandSetup()
        self.error: str | None = None

    @property
    def file_name(self) -> str:
        """The log file's name in the replays folder."""
        return f"{self.match_id}.jsonl"

    def __call__(self, rnd: Round, practice: bool) -> None:
        """Keep the settled hand `rnd` (practice: it had moves taken back)."""
        try:
            folder = replay_dir()
            path = folder / self.file_name
            if any((e.file, e.hand) == (self.file_name, rnd.setup.hand) for e in read_index()):
                # Already kept: a host killed after logging the hand but before saving it settles it again.
                return
            head = io.StringIO()
            writer = LogWriter(head, self.rules, self.seed, self.setup)
            with path.open("a", encoding="utf-8") as out:
                if out.tell() == 0:
                    out.write(head.getvalue())
                writer.out = out  # the header is written once per match; each hand is appended
                writer.write_round(rnd)
            settled = next((e for e in reversed(rnd.events) if isinstance(e, HandSettled)), None)
            won = next((e for e in rnd.events if isinstance(e, HandWon)), None)
            entry = HandEntry(
                self.file_name,
                rnd.setup.hand,
                self.rules.name,
                self.seed,
                time.strftime("%Y-%m-%d %H:%M"),
                won.winners if won is not None else (),
                settled.nets if settled is not None else (0, 0, 0, 0),
                practice,
            )
            rows = [e for e in read_index() if (e.file, e.hand) != (entry.file, entry.hand)] + [entry]
            text = json.dumps({"hands": [r.to_json() for r in rows]}, ensure_ascii=False, indent=1)
            write_text_atomic(folder / INDEX_FILE, text)
        except (OSError, UserDirError) as exc:
            if self.error is None:
                log.warning("cannot keep the hand for replays: %s", exc)
            self.error = str(exc)


def load_hand(entry: HandEntry) -> tuple[Ruleset, list[Event]]:
    """The ruleset and the events of an indexed hand; LogError or RulesetError if they cannot be read."""
    parsed = read_log(user_dirs().logs / REPLAY_FOLDER / entry.file)
    for events, _actions in parsed.hands:
        if events and getattr(events[0], "hand", None) == entry.hand:
            return load_ruleset(str(parsed.head["ruleset"])), events
    raise LogError(f"{entry.file}: hand {entry.hand} is not in the log")
