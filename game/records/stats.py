"""A player's statistics across matches: hands, wins, self-draws, deal-ins, points and chickens.

`update` folds one settled hand into the totals (pure: it returns new totals). The totals are kept apart by
the table's size (a StatsBook: four, three or two players, docs/rules.md §15.2), with the lessons finished, as
JSON in the player's data folder (game.files.userdirs), written atomically: the four-player totals and the
lessons at the top, as the file has always kept them, the smaller tables' under "tables". A file that cannot be
read is set aside (renamed *.bad-<timestamp>) and the player starts afresh, with a notice saying so.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Protocol

from game.core.result import HandResult
from game.core.ruleset import MAX_PLAYERS, PLAYER_COUNTS
from game.core.settlement import Ledger
from game.files.safe_files import read_json_file, set_aside, write_json_atomic
from game.files.userdirs import user_dirs

STATS_FILE = "stats.json"
CHICKEN_RULE_PREFIX = "chicken."  # every chicken payment in a ledger has a rule id like chicken.fixed

log = logging.getLogger(__name__)


class WinLike(Protocol):
    """What the statistics need of a win: game.core.result.Win and the table's WinView both have it."""

    @property
    def winners(self) -> tuple[int, ...]: ...

    @property
    def how(self) -> str: ...

    @property
    def discarder(self) -> int | None: ...


@dataclass(frozen=True)
class PlayerStats:
    """Totals over every hand the player has finished."""

    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0  # the player's discard (or robbed kong) made someone else win
    draws: int = 0  # hands that ended with the wall empty (黄庄)
    win_points: int = 0  # net points of the hands the player won, summed
    best_win: int = 0
    net_points: int = 0
    chickens: int = 0  # chicken tiles paid to the player
    chicken_points: int = 0  # net points from chicken payments
    chickens_paid: int = 0  # chicken tiles the player paid for
    matches: int = 0  # matches played to their end
    # Hands played with a move taken back (practice): counted here only, so no total above is one a
    # player could not have scored at a real table.
    practice: int = 0

    @property
    def average_win(self) -> float:
        """Mean net points of a won hand (0 before the first win)."""
        return self.win_points / self.wins if self.wins else 0.0

    @property
    def win_rate(self) -> float:
        """Share of hands won, 0..1."""
        return self.wins / self.hands if self.hands else 0.0

    @property
    def deal_in_rate(self) -> float:
        """Share of hands the player dealt in, 0..1."""
        return self.deal_ins / self.hands if self.hands else 0.0

    @property
    def points_per_hand(self) -> float:
        """Net points per hand."""
        return self.net_points / self.hands if self.hands else 0.0

    def to_json(self) -> dict[str, int]:
        """The totals as a JSON-ready dict."""
        return asdict(self)


def update_outcome(
    stats: PlayerStats, win: WinLike | None, ledger: Ledger, seat: int, practice: bool = False
) -> PlayerStats:
    """`stats` with one more hand: `win` is the hand's win (None for a draw), `ledger` its settlement."""
    if not 0 <= seat < ledger.players:
        raise ValueError(f"seat must be 0..{ledger.players - 1}, got {seat}")
    if practice:
        return replace(stats, practice=stats.practice + 1)
    net = ledger.nets()[seat]
    chickens = paid = 0
    chicken_net = 0
    for item in ledger.items:
        if not item.rule.startswith(CHICKEN_RULE_PREFIX):
            continue
        if item.payee == seat:
            chicken_net += item.amount
            chickens += max(1, len(item.tiles))
        elif item.payer == seat:
            chicken_net -= item.amount
            paid += max(1, len(item.tiles))
    won = win is not None and seat in win.winners
    self_drawn = won and win is not None and win.discarder is None
    dealt_in = win is not None and not won and win.discarder == seat
    return replace(
        stats,
        hands=stats.hands + 1,
        wins=stats.wins + (1 if won else 0),
        self_draws=stats.self_draws + (1 if self_drawn else 0),
        deal_ins=stats.deal_ins + (1 if dealt_in else 0),
        draws=stats.draws + (1 if win is None else 0),
        win_points=stats.win_points + (net if won else 0),
        best_win=max(stats.best_win, net) if won else stats.best_win,
        net_points=stats.net_points + net,
        chickens=stats.chickens + chickens,
        chicken_points=stats.chicken_points + chicken_net,
        chickens_paid=stats.chickens_paid + paid,
    )


def update(stats: PlayerStats, result: HandResult, ledger: Ledger, seat: int, practice: bool = False) -> PlayerStats:
    """`stats` with the settled hand `result` (and its `ledger`) counted for `seat`; a practice hand apart."""
    return update_outcome(stats, result.win, ledger, seat, practice)


@dataclass(frozen=True)
class StatsBook:
    """Every total the player has: one PlayerStats per table size played at (docs/rules.md §15.2), kept apart, and
    the guided lessons finished as intended, one bit per lesson (bit 0 is lesson 1)."""

    tables: dict[int, PlayerStats] = field(default_factory=dict)
    lessons: int = 0

    def of(self, players: int) -> PlayerStats:
        """The totals at tables of `players` (nothing yet: all zero)."""
        return self.tables.get(players, PlayerStats())

    def with_totals(self, players: int, stats: PlayerStats) -> StatsBook:
        """This book with the totals at tables of `players` replaced by `stats`."""
        return replace(self, tables={**self.tables, players: stats})

    def to_json(self) -> dict[str, Any]:
        """The book as a JSON-ready dict: the four-player totals and the lessons at the top, the others by size."""
        out: dict[str, Any] = {**self.of(MAX_PLAYERS).to_json(), "lessons": self.lessons}
        others = {str(n): s.to_json() for n, s in sorted(self.tables.items()) if n != MAX_PLAYERS}
        if others:
            out["tables"] = others
        return out


def finish_lesson(book: StatsBook, number: int) -> StatsBook:
    """`book` with lesson `number` (1-based) marked as finished."""
    if not 1 <= number <= 30:
        raise ValueError(f"lesson number must be 1..30, got {number}")
    return replace(book, lessons=book.lessons | (1 << (number - 1)))


def lessons_finished(book: StatsBook) -> frozenset[int]:
    """The numbers of the lessons the player has finished."""
    return frozenset(n for n in range(1, 31) if book.lessons >> (n - 1) & 1)


def finish_match(stats: PlayerStats) -> PlayerStats:
    """`stats` with one more match played to its end."""
    return replace(stats, matches=stats.matches + 1)


def from_json(data: object) -> tuple[PlayerStats, list[str]]:
    """Totals from parsed JSON and the problems found: a bad value counts as 0, an unknown key is ignored."""
    if not isinstance(data, dict):
        return PlayerStats(), [f"expected a JSON object, found {type(data).__name__}"]
    notices: list[str] = []
    values: dict[str, int] = {}
    known = {f.name for f in fields(PlayerStats)}
    for key, value in data.items():
        if key not in known:
            notices.append(f"unknown key {key!r} ignored")
        elif _whole(key, value):
            values[key] = value
        else:
            notices.append(f"{key}: {value!r} is not a whole number of the right sign; counted as 0")
    return PlayerStats(**values), notices


def _whole(key: str, value: object) -> bool:
    """True when `value` may stand for the total `key`: a whole number, negative only where a total may be."""
    return isinstance(value, int) and not isinstance(value, bool) and (value >= 0 or key in _SIGNED)


def book_from_json(data: object) -> tuple[StatsBook, list[str]]:
    """The book from parsed JSON (see StatsBook.to_json) and the problems found, each read as from_json reads
    totals; a table size that no table has is ignored."""
    if not isinstance(data, dict):
        return StatsBook(), [f"expected a JSON object, found {type(data).__name__}"]
    top = {k: v for k, v in data.items() if k not in ("lessons", "tables")}
    four, notices = from_json(top)
    lessons = data.get("lessons", 0)
    if not _whole("lessons", lessons):
        notices.append(f"lessons: {lessons!r} is not a whole number of the right sign; counted as 0")
        lessons = 0
    tables: dict[int, PlayerStats] = {MAX_PLAYERS: four} if four != PlayerStats() else {}
    others = data.get("tables", {})
    if not isinstance(others, dict):
        notices.append("tables: not an object; ignored")
        others = {}
    for key, value in others.items():
        size = int(key) if isinstance(key, str) and key.isdigit() else None
        if size is None or size not in PLAYER_COUNTS or size == MAX_PLAYERS:
            notices.append(f"tables: {key!r} is not a table size; ignored")
            continue
        stats, problems = from_json(value)
        tables[size] = stats
        notices += [f"tables.{key}: {p}" for p in problems]
    return StatsBook(tables, int(lessons)), notices


_SIGNED = {"win_points", "best_win", "net_points", "chicken_points"}


def stats_file() -> Path:
    """Where the player's statistics live: next to the saves, in the data folder."""
    return user_dirs().saves.parent / STATS_FILE


def load_stats(path: Path | None = None) -> tuple[StatsBook, list[str]]:
    """The saved totals by table size (fresh ones if there is no file) and notices about anything wrong with the
    file."""
    path = path if path is not None else stats_file()
    data, error = read_json_file(path)
    if error is not None:
        kept = set_aside(path)
        where = f"; kept as {kept.name}" if kept is not None else ""
        notice = f"{error}: statistics start afresh{where}"
        log.warning("%s", notice)
        return StatsBook(), [notice]
    if data is None:
        return StatsBook(), []
    stats, problems = book_from_json(data)
    notices = [f"{path}: {p}" for p in problems]
    for notice in notices:
        log.warning("%s", notice)
    return stats, notices


def save_stats(stats: StatsBook, path: Path | None = None) -> str | None:
    """Write the totals; None when done, else why not (the game goes on either way)."""
    path = path if path is not None else stats_file()
    try:
        write_json_atomic(path, stats.to_json())
    except OSError as exc:
        message = f"cannot save statistics to {path}: {exc.strerror or exc}"
        log.warning("%s", message)
        return message
    return None
