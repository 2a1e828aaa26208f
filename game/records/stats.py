"""A player's statistics across matches: hands, wins, self-draws, deal-ins, points and chickens.

`update` folds one settled hand into the totals (pure: it returns new totals). The totals are kept
as JSON in the player's data folder (game.files.userdirs), written atomically; a file that cannot be read
is set aside (renamed *.bad-<timestamp>) and the player starts afresh, with a notice saying so.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Protocol

from game.core.result import HandResult
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
    lessons: int = 0  # the guided lessons finished as intended, one bit per lesson (bit 0 is lesson 1)
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


def finish_lesson(stats: PlayerStats, number: int) -> PlayerStats:
    """`stats` with lesson `number` (1-based) marked as finished."""
    if not 1 <= number <= 30:
        raise ValueError(f"lesson number must be 1..30, got {number}")
    return replace(stats, lessons=stats.lessons | (1 << (number - 1)))


def lessons_finished(stats: PlayerStats) -> frozenset[int]:
    """The numbers of the lessons the player has finished."""
    return frozenset(n for n in range(1, 31) if stats.lessons >> (n - 1) & 1)


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
        elif isinstance(value, bool) or not isinstance(value, int) or (value < 0 and key not in _SIGNED):
            notices.append(f"{key}: {value!r} is not a whole number of the right sign; counted as 0")
        else:
            values[key] = value
    return PlayerStats(**values), notices


_SIGNED = {"win_points", "best_win", "net_points", "chicken_points"}


def stats_file() -> Path:
    """Where the player's statistics live: next to the saves, in the data folder."""
    return user_dirs().saves.parent / STATS_FILE


def load_stats(path: Path | None = None) -> tuple[PlayerStats, list[str]]:
    """The saved totals (fresh ones if there is no file) and notices about anything wrong with the file."""
    path = path if path is not None else stats_file()
    data, error = read_json_file(path)
    if error is not None:
        kept = set_aside(path)
        where = f"; kept as {kept.name}" if kept is not None else ""
        notice = f"{error}: statistics start afresh{where}"
        log.warning("%s", notice)
        return PlayerStats(), [notice]
    if data is None:
        return PlayerStats(), []
    stats, problems = from_json(data)
    notices = [f"{path}: {p}" for p in problems]
    for notice in notices:
        log.warning("%s", notice)
    return stats, notices


def save_stats(stats: PlayerStats, path: Path | None = None) -> str | None:
    """Write the totals; None when done, else why not (the game goes on either way)."""
    path = path if path is not None else stats_file()
    try:
        write_json_atomic(path, stats.to_json())
    except OSError as exc:
        message = f"cannot save statistics to {path}: {exc.strerror or exc}"
        log.warning("%s", message)
        return message
    return None
