"""Matches: the deal passing on and the consecutive-deal count (docs/rules.md §10), and determinism."""

from __future__ import annotations

import random

import pytest

from game.core.result import HandResult, SeatResult, Win, WinHow
from game.core.tiles import parse_tiles
from game.engine.next_deal import next_deal, next_dealer
from game.engine.round import HandSetup
from game.match.agents import SimpleAgent
from game.match.match import Match
from game.match.play import play_round
from game.match.simulate import simulate
from game.rules.loader import load_ruleset

CLASSIC = load_ruleset("guiyang-classic")
APP = load_ruleset("guiyang-app")
X10 = load_ruleset("zhuoji-x10")

READY = SeatResult(tuple(parse_tiles("123m456p789s1122s")[:13]), ready=True)
NOT_READY = SeatResult(tuple(parse_tiles("147m258p369s1357m")), ready=False)


def result(dealer: int, win: Win | None, ready: tuple[bool, bool, bool, bool] = (False,) * 4) -> HandResult:
    seats = tuple(READY if r else NOT_READY for r in ready)
    return HandResult("t", dealer, 0, (seats[0], seats[1], seats[2], seats[3]), win)


def test_winner_deals_next() -> None:
    """docs/rules.md §10, A6/I: the winner deals the next hand."""
    assert next_dealer(result(0, Win((2,), 0, WinHow.SELF_DRAW)), CLASSIC) == 2


def test_three_winners_the_discarder_deals() -> None:
    """docs/rules.md §10, A八2 一炮三响: three winners on one discard, the discarder deals."""
    win = Win((1, 2, 3), 0, WinHow.DISCARD, discarder=0)
    assert next_dealer(result(2, win), CLASSIC) == 0
    assert next_dealer(result(2, win), APP) == 0


def test_two_winners_app_first_from_the_dealer() -> None:
    """docs/rules.md §10, I 莊家確定 3: two winners, the first winner counted from the last dealer."""
    win = Win((1, 3), 0, WinHow.DISCARD, discarder=2)
    assert next_dealer(result(0, win), APP) == 1
    assert next_dealer(result(2, win), APP) == 3
    assert next_dealer(result(3, win), APP) == 3


def test_draw_dealer_keeps_the_deal() -> None:
    """docs/rules.md §10, A六/I: on a draw the dealer keeps the deal."""
    assert next_dealer(result(1, None, (True, False, True, False)), CLASSIC) == 1


def test_draw_c_rule() -> None:
    """docs/rules.md §10, C 黄庄查叫: a ready dealer keeps the deal, else the nearest ready seat after him;
    three ready and one not, the one not ready deals."""
    assert X10.dealer.draw == "nearest_ready"
    assert next_dealer(result(1, None, (False, True, False, False)), X10) == 1
    assert next_dealer(result(1, None, (True, False, False, True)), X10) == 3
    assert next_dealer(result(1, None, (True, False, True, True)), X10) == 1
    assert next_dealer(result(0, None, (False, True, True, True)), X10) == 0
    assert next_dealer(result(0, None, (False, False, False, False)), X10) == 0


def test_draw_c_three_ready_the_one_not_ready_deals_even_past_a_ready_dealer() -> None:
    """docs/rules.md §10, C 黄庄查叫 (seed 000 line 104 "3家叫牌，一家未叫 ... 且未叫者接庄"): C's special case
    comes first, so a ready dealer hands the deal to the one seat that is not ready."""
    assert next_dealer(result(0, None, (True, False, True, True)), X10) == 1
    assert next_dealer(result(2, None, (True, True, True, False)), X10) == 3
    # Under the rule of A and I the dealer keeps the deal on a draw, whatever the seats.
    assert next_dealer(result(0, None, (True, False, True, True)), CLASSIC) == 0


def test_next_deal_gives_the_streak() -> None:
    """docs/rules.md §10, A6 连庄: the streak grows when the dealer keeps the deal and starts again when it passes."""
    kept = HandResult("t", 1, 2, (NOT_READY,) * 4, None)
    assert next_deal(kept, CLASSIC) == (1, 3)
    passed = HandResult("t", 1, 2, (NOT_READY,) * 4, Win((3,), 0, WinHow.SELF_DRAW))
    assert next_deal(passed, CLASSIC) == (3, 0)


def test_streak_counts_hands_kept() -> None:
    """docs/rules.md §10, A6 连庄: a dealer who keeps the deal adds to the consecutive-deal count."""
    match = Match(CLASSIC, "streak", HandSetup())
    seen = 0
    for _ in range(60):
        rnd = match.new_round()
        play_round(rnd, [SimpleAgent()] * 4)
        before_dealer, before_streak = rnd.state.dealer, match.streak
        ev = match.finish_round(rnd)
        if ev.next_dealer == before_dealer:
            assert match.streak == before_streak + 1
            seen += 1
        else:
            assert match.streak == 0
    assert seen > 0


def test_scores_sum_to_zero_and_follow_the_ledgers() -> None:
    """docs/rules.md §7: running scores are the sum of the hands' nets, and sum to zero."""
    match = Match(CLASSIC, "scores", HandSetup())
    total = [0, 0, 0, 0]
    for _ in range(30):
        rnd = play_round(match.new_round(), [SimpleAgent()] * 4)
        match.finish_round(rnd)
        for s, n in enumerate(match.ledgers[-1].nets()):
            total[s] += n
    assert match.scores == total and sum(total) == 0


def test_randomness_only_from_the_hand_generator(monkeypatch: pytest.MonkeyPatch) -> None:
    """Determinism: the global random generator is never used, so disturbing it changes nothing."""
    first = simulate(CLASSIC, "global", 20)
    random.seed(12345)
    for name in ("random", "randint", "randrange", "choice", "shuffle", "sample", "uniform"):
        monkeypatch.setattr(random, name, _forbidden)
    second = simulate(CLASSIC, "global", 20)
    assert first.scores == second.scores and first.endings == second.endings


def _forbidden(*args: object, **kwargs: object) -> None:
    raise AssertionError("the global random generator was used")
