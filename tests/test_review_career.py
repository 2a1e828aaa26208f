"""Career statistics over every kept match, per ruleset, and the agreement with the expert from kept reviews."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.records.replaylog import read_index
from game.review.cache import review_replay
from game.review.career import career
from tests.review_rig import keep_match

ROLLOUTS = 4


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    return tmp_path


def test_the_career_counts_every_kept_hand_of_the_person_by_ruleset(home: Path) -> None:
    """Wins, deal-ins and points agree with the replay index, hand for hand (docs/rules.md §7)."""
    keep_match("m1", hands=2, seed="a")
    keep_match("m2", hands=1, seed="b")
    found = career(rollouts=ROLLOUTS)
    stats = found.rulesets["guiyang-classic"]
    rows = read_index()
    assert stats.hands == 3 == len(rows)
    assert found.matches == {"guiyang-classic": 2}
    assert stats.net_points == sum(r.nets[0] for r in rows)
    assert stats.wins == sum(1 for r in rows if 0 in r.winners)
    assert stats.points_per_hand == pytest.approx(stats.net_points / 3)
    assert found.agreement == []  # nothing reviewed yet


def test_agreement_over_time_comes_from_the_kept_reviews(home: Path) -> None:
    first = keep_match("m1", hands=2, seed="a")
    keep_match("m2", hands=1, seed="b")
    review = review_replay(first, 0, ROLLOUTS)
    found = career(rollouts=ROLLOUTS)
    assert len(found.agreement) == 1
    point = found.agreement[0]
    assert (point.hands, point.ruleset) == (2, "guiyang-classic")
    assert point.agreement == pytest.approx(review.agreement)


def test_a_log_that_cannot_be_read_is_left_out_and_named(home: Path) -> None:
    keep_match("m1", hands=1, seed="a")
    broken = keep_match("m2", hands=1, seed="b")
    broken.write_text('{"type": "guiyang-match-log", "version": 1, "ruleset": "no-such", "seed": "b"}\n')
    found = career(rollouts=ROLLOUTS)
    assert found.hands == 1
    assert len(found.problems) == 1 and "m2.jsonl" in found.problems[0]


def test_a_practice_hand_is_left_out_of_the_career(home: Path) -> None:
    """A hand played with take-backs is marked in the index; the career's totals leave it out."""
    keep_match("m1", hands=2, seed="a", practice=frozenset({2}))
    rows = read_index()
    assert [r.practice for r in rows] == [False, True]
    stats = career(rollouts=ROLLOUTS).rulesets["guiyang-classic"]
    assert (stats.hands, stats.practice) == (1, 1)
    assert stats.net_points == rows[0].nets[0]


def test_a_match_played_wholly_by_tuoguan_is_no_point_of_the_agreement_line(home: Path) -> None:
    """A reviewed match whose every decision 托管 made for the person has nothing of theirs to agree with the
    expert: no point at 100% on their line. A match they played half of counts those decisions alone."""
    whole = keep_match("m1", hands=1, seed="a", tuoguan=lambda hand, move: True)
    half = keep_match("m2", hands=1, seed="b", tuoguan=lambda hand, move: move > 4)
    assert review_replay(whole, 0, ROLLOUTS).played_for > 0
    review = review_replay(half, 0, ROLLOUTS)
    found = career(rollouts=ROLLOUTS)
    assert [p.agreement for p in found.agreement] == [pytest.approx(review.agreement)]
