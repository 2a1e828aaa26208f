"""Turns and claims (docs/rules.md §4, §6, §9, §12): each test stacks a wall and plays it out."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from game.core.melds import KongKind
from game.core.result import WinHow
from game.core.ruleset import Ruleset
from game.core.tiles import parse_tile
from game.engine.actions import Action, ActionKind
from game.engine.events import HandWon, KongDeclared, ReadyDeclared, TileDiscarded, WallExhausted, WinPassed
from game.engine.round import IllegalAction, Phase, Round
from game.rules.loader import load_ruleset
from tests.rig import rigged_round

CLASSIC = load_ruleset("guiyang-classic")


def with_play(rules: Ruleset, **changes: Any) -> Ruleset:
    """The ruleset with some play rules changed."""
    return dataclasses.replace(rules, play=dataclasses.replace(rules.play, **changes))


def act(rnd: Round, text: str) -> None:
    """Apply `"SEAT KIND [TILE] [declare]"`, e.g. "0 discard 5s", "2 pung", "1 concealed_kong 9m"."""
    parts = text.split()
    seat, kind = int(parts[0]), ActionKind(parts[1])
    tile = parse_tile(parts[2]) if len(parts) > 2 and parts[2] != "declare" else None
    rnd.apply(Action(kind, seat, tile, declare="declare" in parts))


def kinds(rnd: Round, seat: int) -> set[ActionKind]:
    return {a.kind for a in rnd.legal_actions(seat)}


# The table most tests start from: seat 1 waits on 2s/5s with a plain hand (平胡).
DEALER = "1234567m 12345p 58s"
PLAIN_WAIT = "123p456p789m88s34s"
SEAT2 = "2345678m 234s 567s"  # waits 2m/5m/8m, plain
SEAT3 = "2345678m 6789p 19s"  # nothing
BIG_WAIT = "111p 999m 333s 88m 55s"  # 大对子 waiting on 8m/5s
BASE = [DEALER, PLAIN_WAIT, SEAT2, SEAT3]


def test_discard_with_no_claim_passes_the_turn_to_the_next_seat() -> None:
    """docs/rules.md §4: after a discard nobody wants, the next seat in play order draws."""
    rnd = rigged_round(CLASSIC, BASE, draws="9p")
    act(rnd, "0 discard 1m")
    assert rnd.state.phase is Phase.TURN and rnd.state.turn == 1 and rnd.state.drawn == parse_tile("9p")
    assert len(rnd.hand_tiles(1)) == 14


def test_plain_hand_without_a_pass_cannot_win_off_a_discard() -> None:
    """docs/rules.md §6, A二(一)2: a plain hand (平胡) needs a kong of its own to win off a discard."""
    rnd = rigged_round(CLASSIC, BASE)
    act(rnd, "0 discard 5s")
    assert ActionKind.WIN not in kinds(rnd, 1)
    assert rnd.state.turn == 1 and rnd.state.phase is Phase.TURN  # nobody could claim: seat 1 draws


def test_plain_hand_may_win_off_a_discard_with_a_kong() -> None:
    """docs/rules.md §6: a kong (豆) is the pass; A二(一)2."""
    hands = [DEALER, "9999m123p456p11s3s", SEAT2, SEAT3]
    rnd = rigged_round(CLASSIC, hands, draws="6p 9p 9p", tail="4s")
    act(rnd, "0 discard 1m")  # seat 1 draws 6p
    act(rnd, "1 concealed_kong 9m")  # replacement 4s: 123p456p11s34s + 6p
    act(rnd, "1 discard 6p")
    assert rnd.state.phase is Phase.TURN and rnd.state.turn == 2
    act(rnd, "2 discard 9p")
    act(rnd, "3 discard 9p")
    act(rnd, "0 discard 5s")
    assert ActionKind.WIN in kinds(rnd, 1)
    act(rnd, "1 win")
    assert rnd.state.result is not None and rnd.state.result.win is not None
    assert rnd.state.result.win.winners == (1,) and rnd.state.result.win.how is WinHow.DISCARD
    assert rnd.state.result.seats[1].concealed.count(parse_tile("5s")) == 1


def test_big_hand_needs_no_pass() -> None:
    """docs/rules.md §6, B: big hands (大对子 and up) win off a discard without a kong."""
    rnd = rigged_round(CLASSIC, [DEALER, BIG_WAIT, SEAT2, SEAT3])
    act(rnd, "0 discard 5s")
    assert ActionKind.WIN in kinds(rnd, 1)


def test_self_drawn_plain_hand_needs_no_pass() -> None:
    """docs/rules.md §6: self-drawn wins need no pass."""
    rnd = rigged_round(CLASSIC, BASE, draws="2s")
    act(rnd, "0 discard 1m")
    assert ActionKind.WIN in kinds(rnd, 1)
    act(rnd, "1 win")
    assert rnd.state.result is not None and rnd.state.result.win is not None
    assert rnd.state.result.win.how is WinHow.SELF_DRAW and rnd.state.result.win.tile == parse_tile("2s")


def test_pung_claim_flow() -> None:
    """docs/rules.md §4: 碰 with two in hand; the claimer discards without drawing; the pond loses the tile."""
    rnd = rigged_round(CLASSIC, BASE)
    act(rnd, "0 discard 8s")
    assert kinds(rnd, 1) == {ActionKind.PUNG, ActionKind.PASS}
    act(rnd, "1 pung")
    assert rnd.state.turn == 1 and rnd.state.phase is Phase.TURN and rnd.state.drawn is None
    assert (
        rnd.state.ponds[0] == []
        and rnd.state.melds[1][0].tile == parse_tile("8s")
        and rnd.state.melds[1][0].source == 0
    )
    assert kinds(rnd, 1) == {ActionKind.DISCARD}  # no draw, so no self-drawn win or kong
    act(rnd, "1 discard 9m")
    assert rnd.state.turn == 2 and len(rnd.hand_tiles(2)) == 14


def test_exposed_kong_draws_a_replacement_and_makes_the_next_discard_hot() -> None:
    """docs/rules.md §4, §7 热炮: after 点豆 the kong maker draws from the tail; his next discard is hot."""
    rnd = rigged_round(CLASSIC, [DEALER, "123p456p789m888s 5m", SEAT2, SEAT3], tail="9s")
    act(rnd, "0 discard 8s")
    assert kinds(rnd, 1) == {ActionKind.KONG, ActionKind.PUNG, ActionKind.PASS}
    act(rnd, "1 kong")
    assert rnd.state.melds[1][0].kong is KongKind.EXPOSED and rnd.state.drawn == parse_tile("9s")
    act(rnd, "1 discard 9s")
    discard = [e for e in rnd.events if isinstance(e, TileDiscarded)][-1]
    assert discard.hot and discard.drawn


def test_hot_discard_lets_a_plain_hand_win_without_a_pass() -> None:
    """docs/rules.md §6, A五1: winning on a hot discard (热炮) needs no pass."""
    rnd = rigged_round(CLASSIC, [DEALER, "123p456p789m888s 5m", SEAT2, SEAT3], tail="9s")
    act(rnd, "0 discard 8s")
    act(rnd, "1 kong")
    act(rnd, "1 discard 5m")
    assert ActionKind.WIN in kinds(rnd, 2) and ActionKind.PASS in kinds(rnd, 2)
    act(rnd, "2 win")
    assert rnd.state.result is not None and rnd.state.result.win is not None and rnd.state.result.win.hot
    assert rnd.state.result.hot_kong is not None and rnd.state.result.hot_kong.tile == parse_tile("8s")


def test_several_winners_on_one_discard() -> None:
    """docs/rules.md §4, A八2 一炮三响: several seats may win on one discard."""
    hands = [DEALER, BIG_WAIT, "222p 444p 666p 777s 5s", SEAT3]
    rnd = rigged_round(CLASSIC, hands)
    act(rnd, "0 discard 5s")
    assert ActionKind.WIN in kinds(rnd, 1) and ActionKind.WIN in kinds(rnd, 2)
    act(rnd, "2 win")
    act(rnd, "1 win")
    assert rnd.state.result is not None and rnd.state.result.win is not None
    assert rnd.state.result.win.winners == (1, 2) and rnd.state.result.win.discarder == 0
    won = [e for e in rnd.events if isinstance(e, HandWon)]
    assert won[0].winners == (1, 2)


def test_win_takes_precedence_over_pung() -> None:
    """docs/rules.md §4: a win goes before a pung on the same discard."""
    hands = [DEALER, "111p 999m 333s 666p 5s", "2345678m 55s 67s 89p", SEAT3]
    rnd = rigged_round(CLASSIC, hands)
    act(rnd, "0 discard 5s")
    act(rnd, "2 pung")
    act(rnd, "1 win")
    assert rnd.state.result is not None and rnd.state.result.win is not None and rnd.state.result.win.winners == (1,)
    assert rnd.state.melds[2] == []


def test_single_winner_rule_takes_the_first_in_play_order() -> None:
    """docs/rules.md §4: with several winners off, only the first seat after the discarder wins."""
    rules = with_play(CLASSIC, multiple_winners=False)
    rnd = rigged_round(rules, [DEALER, BIG_WAIT, "222p 444p 666p 777s 5s", SEAT3])
    act(rnd, "0 discard 5s")
    act(rnd, "1 win")
    act(rnd, "2 win")
    assert rnd.state.result is not None and rnd.state.result.win is not None and rnd.state.result.win.winners == (1,)


def test_declared_ready_locks_the_hand() -> None:
    """docs/rules.md §4, A三1 / F: after 报听 no pung or kong, and each turn the drawn tile goes out."""
    rnd = rigged_round(CLASSIC, BASE, draws="9p 9p 9s 6s 7s")
    act(rnd, "0 discard 1m")
    declares = [a for a in rnd.legal_actions(1) if a.declare]
    assert declares and all(a.kind is ActionKind.DISCARD for a in declares)
    act(rnd, "1 discard 9p declare")
    assert rnd.state.declared[1] and any(isinstance(e, ReadyDeclared) for e in rnd.events)
    act(rnd, "2 discard 9p")
    act(rnd, "3 discard 9s")
    act(rnd, "0 discard 8s")  # seat 1 holds 88s but is locked: no pung offered
    assert rnd.state.turn == 1 and rnd.state.phase is Phase.TURN
    assert [a.tile for a in rnd.legal_actions(1)] == [parse_tile("7s")]


def test_declaring_is_only_on_the_first_turn() -> None:
    """docs/rules.md §4: 报听 right after the deal (dealer) or right after the first draw (others)."""
    rnd = rigged_round(CLASSIC, BASE, draws="4p 9p 9s 6s 7s")
    act(rnd, "0 discard 1m")
    act(rnd, "1 discard 4p")
    act(rnd, "2 discard 9p")
    act(rnd, "3 discard 9s")
    act(rnd, "0 discard 2m")
    assert not any(a.declare for a in rnd.legal_actions(1))
    with pytest.raises(IllegalAction, match="declare"):
        act(rnd, "1 discard 7s declare")


def test_declared_seat_wins_off_a_discard_without_a_pass() -> None:
    """docs/rules.md §6, A三1: a declared-ready seat may win off a discard with no kong."""
    rnd = rigged_round(CLASSIC, BASE, draws="9p 9p 9s 6s")
    act(rnd, "0 discard 1m")
    act(rnd, "1 discard 9p declare")
    act(rnd, "2 discard 9p")
    act(rnd, "3 discard 9s")
    act(rnd, "0 discard 5s")
    assert ActionKind.WIN in kinds(rnd, 1)


def test_anyone_may_win_on_a_declared_seats_discard() -> None:
    """docs/rules.md §6, A三2 杀报: winning on a declared seat's discard needs no pass."""
    rnd = rigged_round(CLASSIC, BASE, draws="9p 9p 9s 6s 5m")
    act(rnd, "0 discard 1m")
    act(rnd, "1 discard 9p declare")
    act(rnd, "2 discard 9p")
    act(rnd, "3 discard 9s")
    act(rnd, "0 discard 6s")
    act(rnd, "1 discard 5m")  # seat 2 waits on 2m/5m/8m with a plain hand and no kong
    assert ActionKind.WIN in kinds(rnd, 2)


def _rob_setup(rules: Ruleset, seat1: str, tail: str = "") -> Round:
    hands = ["1234567m 12345p 55s", seat1, SEAT2, SEAT3]
    rnd = rigged_round(rules, hands, draws="9p 9p 9p 7s 6s 5s", tail=tail)
    for a in ("0 discard 1m", "1 discard 9p", "2 discard 5s", "0 pung", "0 discard 2m"):
        act(rnd, a)
    for a in ("1 discard 9p", "2 discard 7s", "3 discard 6s"):
        act(rnd, a)
    assert rnd.state.turn == 0 and rnd.state.drawn == parse_tile("5s")
    return rnd


def test_rob_kong_flow() -> None:
    """docs/rules.md §4, A五2 抢杠: a seat that can win on the tile added to a pung may rob it, with no pass."""
    rnd = _rob_setup(CLASSIC, PLAIN_WAIT)
    assert ActionKind.ADDED_KONG in kinds(rnd, 0)
    act(rnd, "0 added_kong 5s")
    assert rnd.state.phase is Phase.ROB and kinds(rnd, 1) == {ActionKind.WIN, ActionKind.PASS}
    act(rnd, "1 win")
    assert rnd.state.result is not None and rnd.state.result.win is not None
    assert rnd.state.result.win.how is WinHow.ROB_KONG and rnd.state.result.win.discarder == 0
    assert rnd.state.result.robbed_kong is not None and rnd.state.melds[0][0].kong is None
    assert rnd.tile_census() == [4] * 27


def test_added_kong_completes_when_nobody_robs() -> None:
    """docs/rules.md §4: 转弯豆 stands when nobody can rob it; a replacement comes from the tail."""
    rnd = _rob_setup(CLASSIC, "123p456p789m88s19s", tail="1p")
    act(rnd, "0 added_kong 5s")
    assert rnd.state.melds[0][0].kong is KongKind.ADDED and rnd.state.drawn == parse_tile("1p")
    assert any(isinstance(e, KongDeclared) and e.kong == "added" for e in rnd.events)


def test_passing_a_rob_is_a_passed_win() -> None:
    """docs/rules.md §4: declining to rob a kong is declining a win; the kong then stands."""
    rnd = _rob_setup(CLASSIC, PLAIN_WAIT, tail="1p")
    act(rnd, "0 added_kong 5s")
    act(rnd, "1 pass")
    assert rnd.state.melds[0][0].kong is KongKind.ADDED and rnd.state.baopai_pending[1]


def test_baopai_pending_ends_with_own_draw() -> None:
    """docs/rules.md §4, A八1 包牌: passing a win while ready puts a seat at risk until its own next draw."""
    rnd = rigged_round(CLASSIC, [DEALER, BIG_WAIT, SEAT2, SEAT3], draws="9p")
    act(rnd, "0 discard 5s")
    assert ActionKind.WIN in kinds(rnd, 1)
    act(rnd, "1 pass")
    assert any(isinstance(e, WinPassed) for e in rnd.events)
    assert rnd.state.turn == 1 and not rnd.state.baopai_pending[1]  # seat 1 drew


PASSED = [DEALER, "2345678m 6789p 19s", BIG_WAIT, "2345678m 234s 679s"]


def test_baopai_owed_when_winning_before_own_draw() -> None:
    """docs/rules.md §4, A八1: a win after a passed win, before one's own draw, is recorded as 包牌."""
    rnd = rigged_round(CLASSIC, PASSED, draws="5s")
    act(rnd, "0 discard 5s")
    act(rnd, "2 pass")
    assert rnd.state.baopai_pending[2]
    act(rnd, "1 discard 5s")
    act(rnd, "2 win")
    assert rnd.state.result is not None and rnd.state.result.baopai == (2,)


def test_guoshui_blocks_discard_wins_until_own_draw() -> None:
    """docs/rules.md §12.12 过水: after passing a win, no win off a discard until one's own next draw."""
    rnd = rigged_round(with_play(CLASSIC, passed_win="guoshui"), PASSED, draws="5s")
    act(rnd, "0 discard 5s")
    act(rnd, "2 pass")
    act(rnd, "1 discard 5s")
    assert ActionKind.WIN not in kinds(rnd, 2)


def test_hot_discard_forced_win() -> None:
    """docs/rules.md §7, B6: on a hot discard every seat that can win must win (no pass offered)."""
    rules = with_play(CLASSIC, hot_discard_forced=True)
    rnd = rigged_round(rules, [DEALER, "123p456p789m888s 5m", SEAT2, SEAT3], tail="9s")
    act(rnd, "0 discard 8s")
    act(rnd, "1 kong")
    act(rnd, "1 discard 5m")
    assert kinds(rnd, 2) == {ActionKind.WIN}


def test_exhaustive_draw() -> None:
    """docs/rules.md §9: no tile left to draw and no winner: 黄庄, and nothing is turned."""
    rnd = rigged_round(CLASSIC, BASE)
    while not rnd.ended:
        seat = rnd.to_move()[0]
        legal = rnd.legal_actions(seat)
        pick = next((a for a in legal if a.kind is ActionKind.PASS), None)
        if pick is None:
            discards = [a for a in legal if a.kind is ActionKind.DISCARD and not a.declare]
            pick = next((a for a in discards if a.tile == rnd.state.drawn), discards[0])
        rnd.apply(pick)
    assert rnd.state.result is not None and rnd.state.result.win is None
    assert isinstance(rnd.events[-2], WallExhausted)
    assert rnd.wall.remaining == 0 and rnd.state.result.flip is None
    assert rnd.tile_census() == [4] * 27


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    """docs/rules.md §4: an illegal action is refused with a reason and changes nothing."""
    rnd = rigged_round(CLASSIC, BASE)
    before = rnd.fingerprint()
    for bad, reason in [
        (Action(ActionKind.DISCARD, 1, parse_tile("1m")), "nothing to do"),
        (Action(ActionKind.DISCARD, 0, parse_tile("9s")), "no 9s in hand"),
        (Action(ActionKind.PUNG, 0), "not possible"),
        (Action(ActionKind.WIN, 0), "not possible"),
        (Action(ActionKind.DISCARD, 7, 0), "no seat 7"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            rnd.apply(bad)
        assert rnd.fingerprint() == before


def test_heavenly_win_on_the_deal() -> None:
    """docs/rules.md §5 天胡 (G): the dealer wins on the deal."""
    hands = ["123m456m789m123p55s", "2345678m 6789p 19s", "2345678p 234s 567s", "2345678m 234s 667s"]
    rnd = rigged_round(CLASSIC, hands)
    act(rnd, "0 win")
    assert rnd.state.result is not None and rnd.state.result.win is not None and rnd.state.result.win.first_turn


def test_late_kong_is_marked() -> None:
    """docs/rules.md §12.10 憨包豆 (G): a kong declared later than it could have been."""
    rules = with_play(CLASSIC, late_kong=True)
    hands = ["1111m 234p 567p 789s 5s", "23456789m119p12s", "23456789m889p34s", "23456789m66s234s"]
    rnd = rigged_round(rules, hands, draws="7s 8s 6p 4s")
    act(rnd, "0 discard 5s")
    act(rnd, "1 discard 7s")
    act(rnd, "2 discard 8s")
    act(rnd, "3 discard 6p")
    act(rnd, "0 concealed_kong 1m")
    assert rnd.state.melds[0][0].late


def test_kong_at_first_chance_is_not_late() -> None:
    """docs/rules.md §12.10: a kong declared at once is a plain 闷豆."""
    rules = with_play(CLASSIC, late_kong=True)
    hands = ["1111m 234p 567p 789s 5s", "23456789m119p12s", "23456789m889p34s", "23456789m66s234s"]
    rnd = rigged_round(rules, hands)
    act(rnd, "0 concealed_kong 1m")
    assert not rnd.state.melds[0][0].late
