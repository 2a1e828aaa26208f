"""The replay log of a match: each finished hand appended to the match's log file, and an index of them.

Each match is one log file (game.records.gamelog's format) in the logs folder's replays/ folder, and
index.json lists the finished hands so a list of them opens without reading every log. The local
table and the network host keep their hands here alike. Every name read from the index stays
inside the replays folder, and a hand is written whole or not at all.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.ruleset import PLAYER_COUNTS, Ruleset
from game.engine.events import HandSettled, HandWon
from game.engine.round import HandSetup, Round
from game.files.bounded_io import MAX_SETTINGS_BYTES, WholeAppender, loads_json, read_text_limited
from game.files.safe_files import write_text_atomic
from game.files.safe_paths import UnsafeName, check_name, inside
from game.files.userdirs import UserDirError, user_dirs
from game.records.gamelog import header_text, round_text
from game.records.names import clean_name

REPLAY_FOLDER = "replays"
INDEX_FILE = "index.json"
REVIEW_SUFFIX = ".review.json"  # a match's review beside its log (game.review.cache)

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
    people: tuple[int, ...] = ()  # the seats people played (none in an index written before they were kept)
    names: tuple[str, ...] = ()  # the names the people gave, by seat ("" for none or an AI; none in an older index)

    @property
    def players(self) -> int:
        """The seats at the hand's table: one net each (docs/rules.md §15.2)."""
        return len(self.nets)

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
            "people": list(self.people),
            "names": list(self.names),
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> HandEntry:
        """Read an index row (KeyError/TypeError/ValueError if it is not one, or names a file outside the folder)."""
        file = d["file"]
        if not isinstance(file, str) or not file.endswith(".jsonl"):
            raise ValueError(f"an index row names {str(file)[:60]!r}, not a log file")
        check_name(file, "log file name")  # a plain name, no folders: UnsafeName (a ValueError) otherwise
        winners, nets = d["winners"], d["nets"]
        # A net a player (docs/rules.md §15.2), and every seat named one of them.
        if not isinstance(nets, list) or len(nets) not in PLAYER_COUNTS:
            raise ValueError("an index row's nets are not a number a player")
        if not all(type(x) is int and abs(x) < 10**9 for x in nets):
            raise ValueError("an index row's nets are not a number a player")
        seats = range(len(nets))
        if not isinstance(winners, list) or not all(type(x) is int and x in seats for x in winners):
            raise ValueError("an index row's winners are not seats")
        hand = d["hand"]
        if type(hand) is not int or not 1 <= hand <= 100_000:
            raise ValueError("an index row's hand is not a hand number")
        people = d.get("people", [])
        if not isinstance(people, list) or not all(type(x) is int and x in seats for x in people):
            people = []  # an edited row still lists; it only loses its marker
        return HandEntry(
            file,
            hand,
            str(d["ruleset"])[:120],
            str(d["seed"])[:200],
            str(d["time"])[:40],
            tuple(winners),
            tuple(nets),
            d.get("practice", False) is True,
            tuple(sorted(set(people))),
            read_names(d.get("names")),
        )


def read_names(value: object) -> tuple[str, ...]:
    """The seats' names as kept in an index row or a match's set-up (one a player, docs/rules.md §15.2), cleaned;
    none for anything else."""
    if not isinstance(value, list) or len(value) not in PLAYER_COUNTS:
        return ()
    return tuple(clean_name(v) if isinstance(v, str) else "" for v in value)


def config_names(config: dict[str, Any]) -> tuple[str, ...]:
    """The people's names in a match's set-up (ui.match.config's form): by seat, "" for an AI or no name."""
    seats = config.get("seats")
    if not isinstance(seats, list) or len(seats) not in PLAYER_COUNTS:
        return ()
    return read_names([s.get("name", "") if isinstance(s, dict) and s.get("kind") == "human" else "" for s in seats])


def read_index() -> list[HandEntry]:
    """Every indexed hand, oldest first; a broken index reads as empty (the logs themselves are kept)."""
    try:
        path = user_dirs().logs / REPLAY_FOLDER / INDEX_FILE
        if not path.is_file():
            return []
        rows = loads_json(read_text_limited(path, 16 * MAX_SETTINGS_BYTES))["hands"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("replay index cannot be read: %s", exc)
        return []
    if not isinstance(rows, list):
        return []
    entries: list[HandEntry] = []
    for row in rows:
        # A bad row (an edited index) is left out; the others are still listed.
        try:
            entries.append(HandEntry.from_json(row))
        except (ValueError, KeyError, TypeError) as exc:
            log.warning("replay index row left out: %s", exc)
    return entries


def people_of(file: str) -> tuple[int, ...]:
    """The seats people played in the match logged in `file` (a name in the replays folder), from the index."""
    seats: set[int] = set()
    for e in read_index():
        if e.file == file:
            seats.update(e.people)
    return tuple(sorted(seats))


class ReplayLog:
    """Keeps a match's finished hands: appends each to the match's log file and indexes it."""

    def __init__(
        self,
        match_id: str,
        rules: Ruleset,
        seed: str,
        setup: HandSetup | None = None,
        people: Callable[[], Sequence[int]] | None = None,
        stand_ins: Callable[[], Collection[int]] | None = None,
    ) -> None:
        self.match_id = match_id
        self.rules = rules
        self.seed = seed
        self.setup = setup or HandSetup()
        self.people = people  # asked at each hand: the seats people play can change during a match
        self.stand_ins = stand_ins  # asked at each hand: its actions an AI made for a person
        self.error: str | None = None
        self.on_error: Callable[[str], None] | None = None  # told the first time keeping a hand fails
        self.names: tuple[str, ...] = ()  # the people's names by seat, kept with each hand for the list

    @property
    def file_name(self) -> str:
        """The log file's name in the replays folder."""
        return f"{self.match_id}.jsonl"

    def __call__(self, rnd: Round, practice: bool) -> None:
        """Keep the settled hand `rnd` (practice: it had moves taken back)."""
        try:
            folder = replay_dir()
            path = inside(folder, self.match_id, ".jsonl", what="match id")
            if any((e.file, e.hand) == (self.file_name, rnd.setup.hand) for e in read_index()):
                # Already kept: a host killed after logging the hand but before saving it settles it again.
                return
            # One write per hand, cut back if it fails: a full disk loses at most this hand.
            with WholeAppender(path) as out:
                if out.size() == 0:
                    out.write(header_text(self.rules, self.seed, self.setup))
                out.write(round_text(rnd, self.stand_ins() if self.stand_ins is not None else ()))
            settled = next((e for e in reversed(rnd.events) if isinstance(e, HandSettled)), None)
            won = next((e for e in rnd.events if isinstance(e, HandWon)), None)
            entry = HandEntry(
                self.file_name,
                rnd.setup.hand,
                self.rules.name,
                self.seed,
                time.strftime("%Y-%m-%d %H:%M"),
                won.winners if won is not None else (),
                settled.nets if settled is not None else (0,) * self.rules.players,
                practice,
                tuple(sorted(set(self.people()))) if self.people is not None else (),
                self.names,
            )
            rows = [e for e in read_index() if (e.file, e.hand) != (entry.file, entry.hand)] + [entry]
            _write_index(folder, rows)
        except (OSError, UserDirError, UnsafeName) as exc:
            reason = (exc.strerror or str(exc)) if isinstance(exc, OSError) else str(exc)
            if self.error is None:
                log.warning("cannot keep the hand for replays: %s", exc)
                if self.on_error is not None:
                    self.on_error(reason)
            self.error = reason


def _write_index(folder: Path, rows: list[HandEntry]) -> None:
    text = json.dumps({"hands": [r.to_json() for r in rows]}, ensure_ascii=False, indent=1)
    write_text_atomic(folder / INDEX_FILE, text)


class DeleteError(Exception):
    """A match's replay could not be deleted; nothing was changed. The message says why."""


def delete_match(file: str) -> int:
    """Delete a match's log and its hands in the index; the number of hands removed. DeleteError if it cannot
    be done, and then the log and the index are as they were."""
    try:
        folder = user_dirs().logs / REPLAY_FOLDER
        path = inside(folder, file, what="log file name")
    except (UnsafeName, UserDirError) as exc:
        raise DeleteError(str(exc)) from None
    rows = read_index()
    kept = [e for e in rows if e.file != file]
    # The log is first moved aside, which can be undone, so a failure later puts everything back.
    aside = path.with_name(f".{path.name}.deleting")
    moved = False
    try:
        if path.exists():
            os.replace(path, aside)
            moved = True
        _write_index(folder, kept)
    except OSError as exc:
        if moved:
            try:
                os.replace(aside, path)
            except OSError as undo:
                log.error("cannot put %s back after a failed delete: %s", path, undo)
        raise DeleteError(exc.strerror or str(exc)) from None
    # The match is gone from the list: the file left aside and the review kept beside it are never read again.
    for leftover in (aside, path.with_name(path.stem + REVIEW_SUFFIX)):
        try:
            leftover.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("left %s in place: %s", leftover, exc)
    return len(rows) - len(kept)
