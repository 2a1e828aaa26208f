"""The review of a player's play: each decision priced against the expert from the seat's observation alone."""

from __future__ import annotations

import pytest

from game.ai.appraise import Cancelled
from game.core.tiles import parse_tile
from game.engine.actions import Action, ActionKind, discard
from game.engine.events import HandWon, ReadyDeclared
from game.review.moments import CLAIM, DISCARD, ReviewError, decision_kind, walk_match
from game.review.report import decision_from_json, decision_json, match_json
from game.review.run import LoggedMatch, review_match
from tests.review_rig import (
    DECLARED_DRAWS,
    DECLARED_HANDS,
    RULES,
    deal_in_choice,
    hard_choice,
    play_hand,
    stacked_setup,
)

THREE_SOU = parse_tile("3s")


def test_docs_rules_s6_throwing_a_declared_seats_winning_tile_is_the_costliest_decision() -> None:
    """South declares 报听 on 123m456m789m11p45s (waits 3s 6s); after others let many kinds pass (a declared
    seat may win off any discard, docs/rules.md §6), the player throws 3s and deals in (§7, 报听 win)."""
    match, rnd = play_hand(stacked_setup(DECLARED_HANDS, DECLARED_DRAWS), deal_in_choice(turn=5))
    assert any(isinstance(e, ReadyDeclared) and e.seat == 1 for e in rnd.events)
    won = next(e for e in rnd.events if isinstance(e, HandWon))
    assert (won.winners, won.discarder, won.tile) == ((1,), 0, THREE_SOU)
    review = review_match(match, 0)
    top = review.decisions[0]
    assert top.played == discard(0, THREE_SOU)
    assert review.costliest()[0] == top
    assert top.clear and top.lost > 1.0
    assert top.expert != top.played and top.kind == DISCARD
    assert "报听" in top.why.zh and "declared ready" in top.why.en
    # The player's other moves were hard's: the expert's too, or no worse by its margin.
    assert all(not d.clear for d in review.decisions[1:])


def _swapped_hands() -> list[str]:
    """The same deal with West's 1m and North's 2p swapped: tiles the player never sees (the others only
    throw what they draw)."""
    return [DECLARED_HANDS[0], DECLARED_HANDS[1], "559m123489p2788s", "13579m4689p2479s"]


def test_a_review_reads_no_tile_the_seat_cannot_see() -> None:
    """Two deals that differ only in the other seats' concealed tiles give the same review."""
    a, rnd_a = play_hand(stacked_setup(DECLARED_HANDS, DECLARED_DRAWS), hard_choice)
    b, rnd_b = play_hand(stacked_setup(_swapped_hands(), DECLARED_DRAWS), hard_choice)
    assert a.hands == b.hands  # every seat did the same things
    assert rnd_a.events[-1] == rnd_b.events[-1]
    assert rnd_a.state.hands[2] != rnd_b.state.hands[2]  # what West held differs
    one, two = review_match(a, 0, rollouts=16), review_match(b, 0, rollouts=16)
    assert one.decisions and [decision_json(d) for d in one.decisions] == [decision_json(d) for d in two.decisions]


def test_a_review_is_the_same_on_every_run() -> None:
    """Fixed rollouts and seeds: no clock decides anything."""
    match, _ = play_hand(stacked_setup(DECLARED_HANDS, DECLARED_DRAWS), hard_choice)
    assert match_json(review_match(match, 0, rollouts=8)) == match_json(review_match(match, 0, rollouts=8))


def test_a_review_stops_when_cancelled_and_says_so() -> None:
    match, _ = play_hand(stacked_setup(DECLARED_HANDS, DECLARED_DRAWS), hard_choice)
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total))

    with pytest.raises(Cancelled):
        review_match(match, 0, rollouts=8, progress=progress, cancelled=lambda: len(seen) > 2)
    total = seen[0][1]
    assert total > 3 and seen[-1][0] < total


def test_progress_counts_every_decision_to_price() -> None:
    match, _ = play_hand(stacked_setup(DECLARED_HANDS, DECLARED_DRAWS), hard_choice)
    seen: list[tuple[int, int]] = []
    review = review_match(match, 0, rollouts=4, progress=lambda d, t: seen.append((d, t)))
    n = len(review.decisions)
    assert seen == [(k, n) for k in range(n + 1)]


def test_a_decision_reads_back_from_its_json() -> None:
    match, _ = play_hand(stacked_setup(DECLARED_HANDS, DECLARED_DRAWS), deal_in_choice(turn=5))
    for d in review_match(match, 0, rollouts=4).decisions:
        once = decision_json(d)
        assert decision_json(decision_from_json(once, "d")) == once


def test_decisions_are_named_by_what_the_seat_could_do() -> None:
    """A discard on offer to pung is a claim (碰 or 过, docs/rules.md §4); a plain turn is a discard."""
    match, _ = play_hand(stacked_setup(DECLARED_HANDS, DECLARED_DRAWS), hard_choice)
    walked = walk_match(RULES, match.seed, match.setup, match.hands, 0)
    kinds = {decision_kind(m.obs) for h in walked for m in h.moments if m.decides}
    assert DISCARD in kinds
    for h in walked:
        for m in h.moments:
            if m.obs.phase == "claims":
                assert decision_kind(m.obs) == CLAIM or ActionKind.WIN in {a.kind for a in m.obs.legal_actions}


def test_an_action_the_engine_refuses_names_the_hand_and_the_action() -> None:
    match, _ = play_hand(stacked_setup(DECLARED_HANDS, DECLARED_DRAWS), hard_choice)
    broken = LoggedMatch(match.rules, match.seed, match.setup, ((Action(ActionKind.PUNG, 2),),))
    with pytest.raises(ReviewError, match="hand 1, action 1"):
        review_match(broken, 0)
    with pytest.raises(ReviewError, match="seat must be 0-3"):
        review_match(match, 4)
    with pytest.raises(ReviewError, match="rollouts"):
        review_match(match, 0, rollouts=0)
