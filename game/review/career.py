"""A player's career over every kept match, per ruleset, and their agreement with the expert over time.

The matches are the replay logs (game.records.replaylog): a hand counts when one person alone played it, at
that person's seat, as the statistics screen counts hands (game.records.stats, whose `update` folds each hand
in). Each hand is re-played from its log and settled by the ruleset, so the chickens collected and
paid come from the ledger itself. The agreement comes from the reviews kept beside the logs
(game.review.cache); a match never reviewed has no point on that line.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game.ai.appraise import DEFAULT_ROLLOUTS
from game.core.settlement import settle
from game.files.safe_paths import UnsafeName, inside
from game.files.userdirs import UserDirError, user_dirs
from game.match.replay import replay
from game.records.gamelog import LogError, read_log
from game.records.replaylog import REPLAY_FOLDER, HandEntry, read_index
from game.records.stats import PlayerStats, update
from game.review.cache import cache_path, read_cache
from game.review.report import MatchReview
from game.review.run import hand_keys, logged_match
from game.rules.loader import RulesetError
from game.rules.refs import load_ruleset_ref

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class AgreementPoint:
    """One reviewed match on the line of agreement over time."""

    time: str  # when its first hand was kept
    ruleset: str
    hands: int  # hands reviewed that the person played (not wholly in 托管)
    agreement: float  # 0..1
    lost_per_hand: float


@dataclass
class Career:
    """Totals per ruleset (in the order first played), matches per ruleset, agreement over time, and the logs
    that could not be read."""

    rulesets: dict[str, PlayerStats] = field(default_factory=dict)
    matches: dict[str, int] = field(default_factory=dict)
    agreement: list[AgreementPoint] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def hands(self) -> int:
        """Hands counted over every ruleset."""
        return sum(s.hands for s in self.rulesets.values())

    @property
    def practice(self) -> int:
        """Practice hands (played with a move taken back) over every ruleset: kept apart, in no chart."""
        return sum(s.practice for s in self.rulesets.values())


def solo_matches(entries: list[HandEntry]) -> list[tuple[str, int, list[HandEntry]]]:
    """(log file, the person's seat, its hands) of each match one person played alone, oldest first."""
    out: dict[str, tuple[int, list[HandEntry]]] = {}
    for e in entries:
        if len(e.people) != 1:
            continue
        seat = e.people[0]
        got = out.setdefault(e.file, (seat, []))
        if got[0] == seat:
            got[1].append(e)
    return [(file, seat, hands) for file, (seat, hands) in out.items()]


def career(
    folder: Path | None = None,
    rollouts: int = DEFAULT_ROLLOUTS,
    cancelled: Callable[[], bool] | None = None,
) -> Career:
    """The career over the replays folder (`folder`, the player's own by default)."""
    out = Career()
    try:
        where = folder if folder is not None else user_dirs().logs / REPLAY_FOLDER
    except UserDirError as exc:
        out.problems.append(str(exc))
        return out
    for file, seat, entries in solo_matches(read_index()):
        if cancelled is not None and cancelled():
            break
        try:
            _add_match(out, inside(where, file, what="log file name"), seat, entries, rollouts)
        except (LogError, RulesetError, UnsafeName, OSError, ValueError) as exc:
            log.warning("career: %s left out: %s", file, exc)
            out.problems.append(f"{file}: {exc}")
    return out


def _add_match(out: Career, path: Path, seat: int, entries: list[HandEntry], rollouts: int) -> None:
    """Fold one match's hands into the totals of its ruleset, and its kept review into the agreement line."""
    parsed = read_log(path, lenient=True)
    rules = load_ruleset_ref(parsed.head["ruleset"])
    numbers = {e.hand for e in entries}
    practice = {e.hand for e in entries if e.practice}  # marked in the index: kept out of the charts' totals
    report = replay(parsed, rules, keep_rounds=True)
    stats = out.rulesets.get(rules.name, PlayerStats())
    for rnd in report.rounds:
        if rnd.setup.hand in numbers and rnd.state.result is not None:
            result = rnd.state.result
            stats = update(stats, result, settle(result, rules), seat, rnd.setup.hand in practice)
    out.rulesets[rules.name] = stats
    out.matches[rules.name] = out.matches.get(rules.name, 0) + 1
    kept = read_cache(cache_path(path))
    if not kept:
        return
    match = logged_match(parsed, rules)
    hands = [kept[k] for k in hand_keys(match, seat, rollouts) if k in kept]
    # A match with no decision of the person's own (托管 made them all) agrees with nothing: no point on the line.
    if any(h.decisions for h in hands):
        review = MatchReview(rules.name, match.seed, seat, rollouts, tuple(hands), rules.players)
        own = len(review.own_hands)
        point = AgreementPoint(entries[0].time, rules.name, own, review.agreement, review.lost_per_hand)
        out.agreement.append(point)
