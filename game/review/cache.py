"""A match's review kept beside its replay log (m1.jsonl → m1.review.json), hand by hand.

Every hand's review carries its key (game.review.run.hand_keys), so a kept hand is used only for the
very match, seat and rollouts it was made for. The file is read with every field checked: a file that
is damaged in any way is ignored with one line in the log and the review is made again (and written
over it).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from pathlib import Path

from game.ai.appraise import DEFAULT_ROLLOUTS
from game.files.bounded_io import MAX_SAVE_BYTES
from game.files.safe_files import read_json_file, write_json_atomic
from game.records.replaylog import REVIEW_SUFFIX
from game.review.report import HandReview, MatchReview, ReportError, hand_json, hands_from_json
from game.review.run import Progress, read_match, review_match

CACHE_FORMAT = "guiyang-review"
CACHE_VERSION = 1

log = logging.getLogger(__name__)


def cache_path(replay: Path) -> Path:
    """Where the review of the match logged at `replay` is kept."""
    return replay.with_name(replay.stem + REVIEW_SUFFIX)


def read_cache(path: Path) -> dict[str, HandReview]:
    """The hand reviews kept at `path`, by key; empty when there are none or the file is damaged (logged once)."""
    data, error = read_json_file(path, MAX_SAVE_BYTES)
    if error is not None:
        log.warning("review cache ignored, it will be made again: %s", error)
        return {}
    if data is None:
        return {}
    try:
        if not isinstance(data, dict) or data.get("format") != CACHE_FORMAT:
            raise ReportError("not a review cache")
        if data.get("version") != CACHE_VERSION:
            raise ReportError(f"version {str(data.get('version'))[:20]}, this game reads {CACHE_VERSION}")
        hands = data.get("hands")
        if not isinstance(hands, list):
            raise ReportError("hands: missing or not a list")
        found = hands_from_json(hands, "hands")
    except ReportError as exc:
        log.warning("review cache ignored, it will be made again: %s: %s", path, exc)
        return {}
    return {h.key: h for h in found}


def write_cache(path: Path, hands: Iterable[HandReview]) -> str | None:
    """Keep `hands` at `path` (all the file will hold); None when done, else why not."""
    data = {"format": CACHE_FORMAT, "version": CACHE_VERSION, "hands": [hand_json(h) for h in hands]}
    try:
        write_json_atomic(path, data)
    except OSError as exc:
        message = f"cannot keep the review at {path}: {exc.strerror or exc}"
        log.warning("%s", message)
        return message
    return None


def review_replay(
    replay: Path,
    seat: int,
    rollouts: int = DEFAULT_ROLLOUTS,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
    use_cache: bool = True,
) -> MatchReview:
    """The review of the match logged at `replay` for `seat`: the hands kept beside it are used, the others
    are priced and kept with them as each is done (a cache that cannot be written is logged; the review
    goes on).

    ReviewError when the log cannot be read or replayed; game.ai.appraise.Cancelled when stopped.
    """
    match = read_match(replay)
    path = cache_path(replay)
    kept = read_cache(path) if use_cache else {}

    def keep(hand: HandReview) -> None:
        kept[hand.key] = hand
        write_cache(path, list(kept.values()))

    return review_match(match, seat, rollouts, dict(kept), progress, cancelled, keep if use_cache else None)


def review_work(
    progress: Progress, cancelled: Callable[[], bool], replay: Path, seat: int, rollouts: int
) -> MatchReview:
    """`review_replay` as a worker runs it (game.review.child: the progress and the cancel check first)."""
    return review_replay(replay, seat, rollouts, progress, cancelled)
