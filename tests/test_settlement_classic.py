"""Scoring cases for guiyang-classic (seed A), each worked out by hand from docs/rules.md and the seed line named."""

from __future__ import annotations

from tests.settlement_rig import PLAIN, PLAIN_WITH_KONG, Deal, S, from_each, items, rows

A = "guiyang-classic"
SELF_5S = "{by: [1], tile: 5s, from: self}"


def test_plain_self_drawn_paid_by_all_three() -> None:
    """docs/rules.md §7, A二: 自摸胡牌，其他3家都要付; 平胡 1番 (A二(一)1)."""
    led = Deal(A, {1: S(PLAIN)}, win=SELF_5S).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 1))
    assert led.nets() == (-1, 3, -1, -1)


def test_plain_off_a_discard_with_a_pass_paid_by_the_discarder() -> None:
    """docs/rules.md §6, §7, A二(一)2: 有豆 the plain hand wins off a discard; 点炮者单独付; 点豆 1 (A二(四)1)."""
    led = Deal(A, {1: S(PLAIN_WITH_KONG, melds=("kong 9p from 2",))}, win="{by: [1], tile: 5s, from: 3}").ledger()
    assert items(led) == rows((3, 1, "win.pattern", 1), (2, 1, "kong.exposed", 1))


def test_flush_self_drawn() -> None:
    """docs/rules.md §5, A二(二)1: 清一色 10番 from each of the other three."""
    led = Deal(A, {2: S("123m 234m 456m 789m 99m")}, win="{by: [2], tile: 9m, from: self}").ledger()
    assert items(led) == rows(*from_each(2, "win.pattern", 10))


def test_seven_pairs_off_a_discard_needs_no_pass() -> None:
    """docs/rules.md §6, A二(二)3-1: 七对 8番; only 平胡 needs a pass."""
    led = Deal(A, {1: S("22m 33m 66p 99p 44s 66s 77s")}, win="{by: [1], tile: 7s, from: 0}").ledger()
    assert items(led) == rows((0, 1, "win.pattern", 8))


def test_dragon_seven_pairs() -> None:
    """docs/rules.md §5, A二(二)3-3: 龙七对 10番 (four of a kind inside seven pairs)."""
    led = Deal(A, {1: S("2222m 33m 66p 99p 44s 66s")}, win="{by: [1], tile: 3m, from: self}").ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 10))


def test_flush_dragon_pairs() -> None:
    """docs/rules.md §5, A二(二)3-4: 青龙背 20番."""
    led = Deal(A, {3: S("1111p 22p 33p 44p 66p 77p")}, win="{by: [3], tile: 7p, from: self}").ledger()
    assert items(led) == rows(*from_each(3, "win.pattern", 20))


def test_flush_all_pungs() -> None:
    """docs/rules.md §5, A二(二)4-2: 清大对 15番."""
    led = Deal(A, {1: S("222p 333p 666p 777p 99p")}, win="{by: [1], tile: 9p, from: 2}").ledger()
    assert items(led) == rows((2, 1, "win.pattern", 15))


def test_flush_seven_pairs() -> None:
    """docs/rules.md §5, A二(二)3-2: 清七对 17番."""
    led = Deal(A, {1: S("11p 22p 33p 44p 66p 77p 99p")}, win="{by: [1], tile: 9p, from: 3}").ledger()
    assert items(led) == rows((3, 1, "win.pattern", 17))


def test_all_pungs() -> None:
    """docs/rules.md §5, A二(二)4-1: 大对子 5番, no pass needed."""
    led = Deal(A, {2: S("222m 666p 777s 999s 33m")}, win="{by: [2], tile: 3m, from: 0}").ledger()
    assert items(led) == rows((0, 2, "win.pattern", 5))


def test_declared_plain_counts_as_ten() -> None:
    """docs/rules.md §12.1, A二(三)1: 报听胡牌的玩家番数按10番计算: a 平胡 is lifted to 10."""
    led = Deal(A, {1: S(PLAIN, declared=True)}, win=SELF_5S).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 1), *from_each(1, "bonus.declared_win", 9))


def test_declared_flush_is_not_lifted() -> None:
    """docs/rules.md §12.1, A二(三)1: the pattern counts as at least 10, so a 清一色 stays 10."""
    led = Deal(A, {1: S("123m 234m 456m 789m 99m", declared=True)}, win="{by: [1], tile: 9m, from: self}").ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 10))


READY_DECLARED = S("123m 456m 789m 234p 6s", declared=True)


def test_kill_declared_pays_ten_on_top() -> None:
    """docs/rules.md §12.2, A二(三)2 杀报: the declared discarder pays 10 on top; no pass needed (§6)."""
    led = Deal(A, {1: S(PLAIN), 2: READY_DECLARED}, win="{by: [1], tile: 5s, from: 2}").ledger()
    assert items(led) == rows((2, 1, "win.pattern", 1), (2, 1, "bonus.kill_declared", 10))


def test_self_drawn_while_someone_declared_is_plain() -> None:
    """docs/rules.md §12.2, A二(三)2: 自摸杀报 pays only the pattern value."""
    led = Deal(A, {1: S(PLAIN), 2: READY_DECLARED}, win=SELF_5S).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 1))


def test_dealer_keeping_the_deal_adds_a_fan_per_hand_kept() -> None:
    """docs/rules.md §12.3, A一6: the dealer who has kept the deal twice earns 2 more from each payer."""
    led = Deal(A, {0: S(PLAIN)}, win="{by: [0], tile: 5s, from: self}", streak=2).ledger()
    assert items(led) == rows(*from_each(0, "win.pattern", 1), *from_each(0, "bonus.dealer", 2))


def test_dealer_pays_the_streak_when_another_seat_self_draws() -> None:
    """docs/rules.md §12.3, A一6: 庄家都需付牌型基础番加连庄番; the other payers pay the pattern only."""
    led = Deal(A, {1: S(PLAIN)}, win=SELF_5S, streak=1).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 1), (0, 1, "bonus.dealer", 1))


def test_no_dealer_fan_between_two_other_seats() -> None:
    """docs/rules.md §12.3: only payments between the dealer and another seat carry the streak."""
    led = Deal(
        A, {1: S(PLAIN_WITH_KONG, melds=("kong 9p from 3",))}, win="{by: [1], tile: 5s, from: 2}", streak=3
    ).ledger()
    assert items(led) == rows((2, 1, "win.pattern", 1), (3, 1, "kong.exposed", 1))


def test_dealer_dealing_in_pays_the_streak() -> None:
    """docs/rules.md §12.3, A一6: the dealer deals in with a streak of 2 and pays 2 more."""
    led = Deal(
        A, {1: S(PLAIN_WITH_KONG, melds=("kong 9p from 3",))}, win="{by: [1], tile: 5s, from: 0}", streak=2
    ).ledger()
    assert items(led) == rows((0, 1, "win.pattern", 1), (0, 1, "bonus.dealer", 2), (3, 1, "kong.exposed", 1))


HOT_SEAT = S("123m 456m 789m 2s", melds=("kong 9p concealed",))


def test_hot_discard_pays_one_more_and_the_kong_is_void() -> None:
    """docs/rules.md §7 热炮, A二(五)1: 那个豆不算，还需多加一番; the plain hand needs no pass."""
    led = Deal(A, {1: S(PLAIN), 2: HOT_SEAT}, win="{by: [1], tile: 5s, from: 2, hot: true}").ledger()
    assert items(led) == rows((2, 1, "win.pattern", 1), (2, 1, "bonus.hot", 1))


def test_hot_discard_with_two_winners_pays_each() -> None:
    """docs/rules.md §4 一炮双响, §7 热炮, A二(五)1: each winner is paid its value and the hot fan."""
    led = Deal(
        A,
        {0: HOT_SEAT, 1: S(PLAIN), 2: S("345m 789m 234p 678s 55s")},
        win="{by: [1, 2], tile: 5s, from: 0, hot: true}",
    ).ledger()
    assert items(led) == rows(
        (0, 1, "win.pattern", 1), (0, 1, "bonus.hot", 1), (0, 2, "win.pattern", 1), (0, 2, "bonus.hot", 1)
    )


def test_robbing_a_kong_robbed_seat_pays_for_all_three() -> None:
    """docs/rules.md §12.4, A二(五)2 抢杠: 被抢杠者包3家的牌; the added kong does not count."""
    robbed = S("123m 456m 789m 6s", melds=("pung 4s from 0",))
    led = Deal(A, {1: S(PLAIN), 3: robbed}, win="{by: [1], tile: 4s, from: 3, how: rob_kong}").ledger()
    assert items(led) == rows(*[(3, 1, "win.pattern", 1)] * 3)
    assert sorted(i.on_behalf for i in led if i.on_behalf is not None) == [0, 2]


def test_win_on_a_kong_replacement() -> None:
    """docs/rules.md §7, A二(二)2 杠开 +1 from each; A二(四)2 闷豆 2 from each."""
    winner = S(PLAIN_WITH_KONG, melds=("kong 9p concealed",))
    led = Deal(A, {1: winner}, win="{by: [1], tile: 5s, from: self, how: after_kong}").ledger()
    assert items(led) == rows(
        *from_each(1, "win.pattern", 1), *from_each(1, "bonus.after_kong", 1), *from_each(1, "kong.concealed", 2)
    )


def test_kongs_are_paid_only_to_ready_seats() -> None:
    """docs/rules.md §7, A一7 双杀: 无论哪种豆，都必须叫牌才能算番; a ready seat's 点豆 is paid by its discarder."""
    not_ready = S("369m 269p 369s 7m", melds=("kong 8s concealed",))
    ready = S("123m 789m 234s 7s", melds=("kong 7p from 2",))
    deal = Deal(A, {1: S(PLAIN), 2: not_ready, 3: ready}, win=SELF_5S)
    assert [s.ready for s in deal.result().seats] == [False, True, False, True]
    assert items(deal.ledger()) == rows(*from_each(1, "win.pattern", 1), (2, 3, "kong.exposed", 1))


def test_added_kong_paid_by_each_other_seat() -> None:
    """docs/rules.md §7, A二(四)3 转弯豆 1番 from each of the other three."""
    winner = S(PLAIN_WITH_KONG, melds=("kong 9p added from 2",))
    led = Deal(A, {1: winner}, win=SELF_5S).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 1), *from_each(1, "kong.added", 1))


def test_turned_chicken_and_yaoji() -> None:
    """docs/rules.md §8, A七1-2: turned 4m makes 5m the chicken; 幺鸡 always; 1番 each from each other seat."""
    winner = S("123m 456p 789p 111s 55m")
    led = Deal(A, {1: winner}, win="{by: [1], tile: 5m, from: self}", flip="4m").ledger()
    assert items(led) == rows(
        *from_each(1, "win.pattern", 1), *from_each(1, "chicken.turned", 2), *from_each(1, "chicken.fixed", 3)
    )


def test_golden_chicken() -> None:
    """docs/rules.md §8 金鸡, A七3: turned 9s makes 幺鸡 the chicken, so each 幺鸡 counts 2."""
    winner = S("123m 456p 789p 111s 55m")
    led = Deal(A, {1: winner}, win="{by: [1], tile: 5m, from: self}", flip="9s").ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 1), *from_each(1, "chicken.golden", 6))


def test_hand_scope_counts_the_hand_and_melds_not_the_discards() -> None:
    """docs/rules.md §8 手上鸡, A一7 "未打出的牌": the pung of 5m and the two 1s in hand count; the discarded 1s does
    not."""
    winner = S("234p 567p 11s 456s", melds=("pung 5m from 3",), discards="1s")
    led = Deal(A, {1: winner}, win="{by: [1], tile: 6s, from: self}", flip="4m").ledger()
    assert items(led) == rows(
        *from_each(1, "win.pattern", 1), *from_each(1, "chicken.fixed", 2), *from_each(1, "chicken.turned", 3)
    )


def test_ready_seat_collects_its_chickens_from_everyone() -> None:
    """docs/rules.md §8, §12.8, A七1: a ready seat's 幺鸡 is paid by each other seat, the winner too."""
    ready = S("123m 789m 234s 1s", melds=("kong 7p from 2",))
    led = Deal(A, {1: S(PLAIN), 3: ready}, win=SELF_5S).ledger()
    assert items(led) == rows(
        *from_each(1, "win.pattern", 1), (2, 3, "kong.exposed", 1), *from_each(3, "chicken.fixed", 1)
    )


def test_seat_not_ready_collects_no_chickens() -> None:
    """docs/rules.md §8, A七1: only ready or winning seats collect (查看所有叫牌玩家手中的牌)."""
    deal = Deal(A, {1: S(PLAIN), 2: S("1s 2m 3m 6m 9m 2p 6p 9p 3s 6s 9s 7m 8m")}, win=SELF_5S)
    assert not deal.result().seats[2].ready
    assert items(deal.ledger()) == rows(*from_each(1, "win.pattern", 1))


def test_empty_wall_turns_no_chicken() -> None:
    """docs/rules.md §8: with no tile left nothing is turned; 幺鸡 still counts (A七2)."""
    winner = S("123m 456p 789p 111s 55m")
    led = Deal(A, {1: winner}, win="{by: [1], tile: 5m, from: self}", flip=None).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 1), *from_each(1, "chicken.fixed", 3))


def test_baopai_pays_each_other_seat_instead_of_collecting() -> None:
    """docs/rules.md §4 包牌, A八1: 根据自己胡牌番数付3家的钱; the declared 平胡 is worth 10 (§12.1)."""
    deal = Deal(A, {1: S(PLAIN, declared=True)}, win="{by: [1], tile: 5s, from: 2}", extra="baopai: [1]")
    assert items(deal.ledger()) == rows(*[(1, p, "penalty.baopai", 10) for p in (0, 2, 3)])


def test_three_winners_on_one_discard_each_paid_separately() -> None:
    """docs/rules.md §4, A八2 一炮三响: 胡牌的三家分别按照自己的胡牌番数给点炮者钱."""
    seats = {
        1: S("22m 33m 66m 99m 44p 66p 66s"),  # 七对 8
        2: S("234s 456s 789s 345s 22s"),  # 清一色 10
        3: S("234m 567m 678s 99m", melds=("kong 1m from 2",)),  # 平胡 1 with its pass
    }
    led = Deal(A, seats, win="{by: [1, 2, 3], tile: 6s, from: 0}").ledger()
    assert items(led) == rows(
        (0, 1, "win.pattern", 8), (0, 2, "win.pattern", 10), (0, 3, "win.pattern", 1), (2, 3, "kong.exposed", 1)
    )


def test_draw_not_ready_seats_pay_ready_seats_their_best_wait() -> None:
    """docs/rules.md §9, §12.7, A六 黄庄查叫: each seat not ready pays each ready seat its best pattern."""
    seats = {1: S("123m 456m 789m 234p 6s"), 2: S("234s 456s 789s 22s 66s")}
    led = Deal(A, seats).ledger()
    assert items(led) == rows(
        (0, 1, "draw.chajiao", 1), (3, 1, "draw.chajiao", 1), (0, 2, "draw.chajiao", 10), (3, 2, "draw.chajiao", 10)
    )


def test_draw_nobody_ready_pays_nothing() -> None:
    """docs/rules.md §9, A六: 没人叫牌，则各家无输赢."""
    assert items(Deal(A, {}).ledger()) == []


def test_draw_everybody_ready_pays_nothing() -> None:
    """docs/rules.md §9, A六: 四家都叫牌，则各家无输赢."""
    seats = {
        0: S("123m 456m 789m 234p 6s"),
        1: S("123m 456m 789m 234s 6p"),
        2: S("123p 567p 789p 234s 6m"),
        3: S("123s 567s 789s 234p 6m"),
    }
    deal = Deal(A, seats)
    assert all(s.ready for s in deal.result().seats)
    assert items(deal.ledger()) == []


def test_draw_pays_no_kongs_and_no_chickens() -> None:
    """docs/rules.md §9, §12.13, A六1: 黄庄后所有豆的输赢都不计算; only 查叫 is paid."""
    ready = S("123m 456m 789m 1s", melds=("kong 9p concealed",))
    led = Deal(A, {1: ready}).ledger()
    assert items(led) == rows(*from_each(1, "draw.chajiao", 1))
