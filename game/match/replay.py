"""Matches played again from what they left behind, through the match controller: a save restored, a log
replayed and checked event by event, a kept hand found again (docs/design.md, saves and replays).

game.records holds the formats (the save, the log, the replay index) and never plays a hand; whatever
plays one lives in this package, beside the one driver of a match.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.engine.events import Event, HandSettled
from game.engine.round import IllegalAction, Round
from game.files.safe_paths import UnsafeName, inside
from game.files.userdirs import UserDirError, user_dirs
from game.match.controller import MatchController
from game.match.match import Match
from game.records.gamelog import LogError, ParsedLog, first_difference, header_problem, header_setup, read_log
from game.records.replaylog import REPLAY_FOLDER, HandEntry
from game.records.savefile import SaveData
from game.rules.loader import RulesetError
from game.rules.refs import load_ruleset_ref

log = logging.getLogger(__name__)


@dataclass
class Restored:
    """A match re-created from a save: the Match and, if a hand was in play, its Round."""

    match: Match
    round: Round | None
    finished: list[Round]


def restore(data: SaveData, rules: Ruleset, where: str = "save") -> Restored:
    """Re-create the match: replay every hand's actions; SaveError if the save does not replay the same."""
    ctl = MatchController(rules, str(data.head.get("seed", "")), keep_save=False)
    ctl.resume(data, where)
    return Restored(ctl.match, ctl.round, ctl.finished)


@dataclass
class ReplayReport:
    """What a replay found: hands replayed and the final scores, or the first difference."""

    hands: int
    scores: list[int]
    results: list[HandResult]
    mismatch: str | None = None
    rounds: list[Round] = field(default_factory=list)  # the replayed hands, when asked to keep them


def replay(parsed: ParsedLog, rules: Ruleset, keep_rounds: bool = False, upto: int | None = None) -> ReplayReport:
    """Re-play every hand's actions (the first `upto` hands) from the header's seed and compare the events."""
    h = parsed.head
    problem = header_problem(h)
    if problem is not None:
        return ReplayReport(0, [0] * rules.players, [], f"header: {problem}")
    # No save, no feed, no hooks: the controller plays the logged actions and nothing else happens.
    ctl = MatchController(rules, str(h["seed"]), first_setup=header_setup(h), keep_save=False, keep_ledgers=False)
    match = ctl.match
    results: list[HandResult] = []
    rounds: list[Round] = []
    for n, (events, actions) in enumerate(parsed.hands[:upto], 1):
        ctl.start_hand()
        rnd = ctl.round
        assert rnd is not None
        if keep_rounds:
            rounds.append(rnd)
        for a in actions:
            try:
                ctl.submit(a)
            except IllegalAction as exc:
                return ReplayReport(n - 1, match.scores, results, f"hand {n}: {exc}", rounds)
        if rnd.ended and any(isinstance(e, HandSettled) for e in events):
            ctl.settle()
        cut = n == len(parsed.hands) and parsed.ending() is not None
        if cut and rnd.events[: len(events)] == events:
            break  # the log stops inside this hand: what it holds of it is the same
        if rnd.events != events:
            mismatch = f"hand {n}: {first_difference(events, rnd.events)}"
            return ReplayReport(n - 1, match.scores, results, mismatch, rounds)
        if rnd.state.result is not None:
            results.append(rnd.state.result)
    return ReplayReport(len(parsed.hands[:upto]), list(match.scores), results, None, rounds)


def replayed_hand(path: Path, hand: int) -> tuple[Ruleset, Round]:
    """Hand number `hand` of the match logged at `path`, re-played from its actions: the ruleset and the round.

    LogError or RulesetError if it cannot be; a damaged log (a write cut short) still gives every whole
    hand before the damage.
    """
    parsed = read_log(path, lenient=True)
    rules = load_ruleset_ref(parsed.head["ruleset"])
    for n, (events, _actions) in enumerate(parsed.hands, 1):
        if events and getattr(events[0], "hand", None) == hand:
            rep = replay(parsed, rules, keep_rounds=True, upto=n)
            if rep.mismatch is not None or len(rep.rounds) < n:
                raise LogError(f"{path.name}: hand {hand} does not replay ({rep.mismatch})")
            return rules, rep.rounds[n - 1]
    damage = f" (the log is damaged: {parsed.damage})" if parsed.damage else ""
    raise LogError(f"{path.name}: hand {hand} is not in the log{damage}")


def _replayed(entry: HandEntry) -> tuple[Ruleset, Round]:
    """An indexed hand re-played from its log's actions: the ruleset and the finished round.

    LogError or RulesetError if it cannot be. The name in the index must stay inside the replays folder.
    """
    folder = user_dirs().logs / REPLAY_FOLDER
    try:
        path = inside(folder, entry.file, what="log file name")
    except UnsafeName as exc:
        raise LogError(str(exc)) from None
    return replayed_hand(path, entry.hand)


def load_hand(entry: HandEntry) -> tuple[Ruleset, list[Event]]:
    """The ruleset and the events of an indexed hand; LogError or RulesetError if they cannot be read.

    The events shown are the engine's own, re-played from the log's actions, so an edited log cannot
    put anything on the table that the rules would not.
    """
    rules, rnd = _replayed(entry)
    return rules, rnd.events


def hand_result(entry: HandEntry) -> HandResult | None:
    """How an indexed hand ended, re-played from its match's log (None if it cannot be re-played)."""
    try:
        _rules, rnd = _replayed(entry)
    except (LogError, RulesetError, UserDirError, ValueError, KeyError) as exc:
        log.warning("cannot re-play %s: %s", entry.file, exc)
        return None
    return rnd.state.result
