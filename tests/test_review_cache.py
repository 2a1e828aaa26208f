"""A review kept beside its replay: read back instead of priced again, and a damaged one ignored and made again."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

import game.review.run as run
from game.ai.appraise import Cancelled
from game.records.replaylog import delete_match
from game.review.cache import cache_path, read_cache, review_replay
from game.review.moments import ReviewError
from game.review.report import match_json
from tests.review_rig import keep_match

ROLLOUTS = 4


@pytest.fixture
def replay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    return keep_match(hands=2)


def _no_pricing(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> object:
        raise AssertionError("a kept hand was priced again")

    monkeypatch.setattr(run, "appraise", refuse)


def test_the_review_is_kept_beside_the_replay_and_read_back(replay: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = review_replay(replay, 0, ROLLOUTS)
    assert cache_path(replay) == replay.with_name("m1.review.json") and cache_path(replay).is_file()
    assert len(read_cache(cache_path(replay))) == 2
    _no_pricing(monkeypatch)
    assert match_json(review_replay(replay, 0, ROLLOUTS)) == match_json(first)


def test_a_review_for_other_rollouts_or_another_seat_is_not_taken(replay: Path) -> None:
    review_replay(replay, 0, ROLLOUTS)
    review_replay(replay, 2, ROLLOUTS)
    review_replay(replay, 0, ROLLOUTS + 1)
    assert len(read_cache(cache_path(replay))) == 6  # two hands for each of the three


@pytest.mark.parametrize(
    "damage",
    [
        "{not json",
        '{"format": "guiyang-review", "version": 1, "hands": [{"hand": 1}]}',
        '{"format": "guiyang-review", "version": 99, "hands": []}',
        '["a list"]',
    ],
)
def test_a_damaged_review_is_ignored_with_one_log_line_and_made_again(
    replay: Path, damage: str, caplog: pytest.LogCaptureFixture
) -> None:
    first = review_replay(replay, 0, ROLLOUTS)
    cache_path(replay).write_text(damage, encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        again = review_replay(replay, 0, ROLLOUTS)
    notes = [r for r in caplog.records if "review cache ignored" in r.getMessage()]
    assert len(notes) == 1
    assert match_json(again) == match_json(first)
    assert len(read_cache(cache_path(replay))) == 2  # written whole again


def test_a_cached_decision_whose_moves_are_not_among_its_options_is_refused(
    replay: Path, caplog: pytest.LogCaptureFixture
) -> None:
    review_replay(replay, 0, ROLLOUTS)
    path = cache_path(replay)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["hands"][0]["decisions"][0]["options"] = data["hands"][0]["decisions"][0]["options"][-1:]
    data["hands"][0]["decisions"][0]["played"] = {"kind": "pung", "seat": 0}
    path.write_text(json.dumps(data), encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        assert read_cache(path) == {}
    assert "among the options" in caplog.text


def test_deleting_a_match_deletes_its_review(replay: Path) -> None:
    review_replay(replay, 0, ROLLOUTS)
    delete_match(replay.name)
    assert not replay.exists() and not cache_path(replay).exists()


def test_a_replay_that_cannot_be_read_is_said_so(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not a log\n", encoding="utf-8")
    with pytest.raises(ReviewError, match=r"bad\.jsonl"):
        review_replay(bad, 0, ROLLOUTS)


def test_a_cancelled_review_keeps_the_hands_it_finished(replay: Path) -> None:
    path = cache_path(replay)
    with pytest.raises(Cancelled):
        review_replay(replay, 0, ROLLOUTS, cancelled=path.is_file)  # stops once the first hand is kept
    assert [h.hand for h in read_cache(path).values()] == [1]
    seen: list[tuple[int, int]] = []
    whole = review_replay(replay, 0, ROLLOUTS, progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, len(whole.hands[1].decisions))  # only the second hand is priced again
    assert len(read_cache(path)) == 2
