"""Scoring cases for guiyang-pass (B), zhuoji-x10 (C), yiwushi (D, E) and guiyang-app (I), worked out by hand."""

from __future__ import annotations

from tests.settlement_rig import PLAIN, PLAIN_WITH_KONG, Deal, S, from_each, items, rows

B, C, DE, APP = "guiyang-pass", "zhuoji-x10", "yiwushi", "guiyang-app"
SELF_5S = "{by: [1], tile: 5s, from: self}"
HOT_SEAT = S("123m 456m 789m 2s", melds=("kong 9p concealed",))
NOT_READY_WITH_1S = S("1s 2m 3m 6m 9m 2p 6p 9p 3s 6s 9s 7m 8m")

# --------------------------------------------------------------------------- B: guiyang-pass


def test_b_self_drawn_plain_earns_one_more() -> None:
    """docs/rules.md §7, B4: 自摸算1倍 on top of 平胡 1."""
    led = Deal(B, {1: S(PLAIN)}, win=SELF_5S).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 1), *from_each(1, "bonus.self_draw", 1))
    assert led.nets() == (-2, 6, -2, -2)


def test_b_small_seven_pairs_is_six() -> None:
    """docs/rules.md §11, B5: 小七对 6倍, a big hand that needs no pass."""
    led = Deal(B, {1: S("22m 33m 66p 99p 44s 66s 77s")}, win="{by: [1], tile: 7s, from: 0}").ledger()
    assert items(led) == rows((0, 1, "win.pattern", 6))


def test_b_all_pungs_off_a_discard_needs_no_pass() -> None:
    """docs/rules.md §6, B: 5倍以上的牌型不需要通行证 (大对子 5, B6)."""
    led = Deal(B, {2: S("222m 666p 777s 999s 33m")}, win="{by: [2], tile: 3m, from: 0}").ledger()
    assert items(led) == rows((0, 2, "win.pattern", 5))


def test_b_flower_on_the_kong() -> None:
    """docs/rules.md §7, §12.5, B5 杠上开花1倍, B4 自摸1倍 (杠开 is self-drawn), B1 暗杠 2倍 from each."""
    winner = S(PLAIN_WITH_KONG, melds=("kong 9p concealed",))
    led = Deal(B, {1: winner}, win="{by: [1], tile: 5s, from: self, how: after_kong}").ledger()
    assert items(led) == rows(
        *from_each(1, "win.pattern", 1),
        *from_each(1, "bonus.self_draw", 1),
        *from_each(1, "bonus.after_kong", 1),
        *from_each(1, "kong.concealed", 2),
    )


def test_b_dead_chickens_count_melds_and_discards() -> None:
    """docs/rules.md §8 死鸡, B8: 牌面上和打出去的都算: the pung of 5m and the discarded 1s count."""
    winner = S("234p 567p 11s 456s", melds=("pung 5m from 3",), discards="1s")
    led = Deal(B, {1: winner}, win="{by: [1], tile: 6s, from: self}", flip="4m").ledger()
    assert items(led) == rows(
        *from_each(1, "win.pattern", 1),
        *from_each(1, "bonus.self_draw", 1),
        *from_each(1, "chicken.fixed", 3),
        *from_each(1, "chicken.turned", 3),
    )


def test_b_robbing_a_kong_is_self_drawn_paid_by_the_robbed_seat() -> None:
    """docs/rules.md §12.4, B7: 抢杠等同于和牌方自摸; the robbed seat covers all three (A二(五)2)."""
    robbed = S("123m 456m 789m 6s", melds=("pung 4s from 0",))
    led = Deal(B, {1: S(PLAIN), 3: robbed}, win="{by: [1], tile: 4s, from: 3, how: rob_kong}").ledger()
    assert items(led) == rows(*[(3, 1, "win.pattern", 1)] * 3, *[(3, 1, "bonus.self_draw", 1)] * 3)


def test_b_hot_discard() -> None:
    """docs/rules.md §7, B6: 热炮1倍; the kong behind it does not count."""
    led = Deal(B, {1: S(PLAIN), 2: HOT_SEAT}, win="{by: [1], tile: 5s, from: 2, hot: true}").ledger()
    assert items(led) == rows((2, 1, "win.pattern", 1), (2, 1, "bonus.hot", 1))


def test_b_ready_seat_collects_its_discarded_chicken() -> None:
    """docs/rules.md §8, B8 杀鸡杀杠 and 死鸡: a ready seat's discarded 幺鸡 counts; its 点豆 is paid."""
    ready = S("123m 789m 234s 7s", melds=("kong 7p from 2",), discards="1s")
    led = Deal(B, {1: S(PLAIN), 3: ready}, win=SELF_5S).ledger()
    assert items(led) == rows(
        *from_each(1, "win.pattern", 1),
        *from_each(1, "bonus.self_draw", 1),
        (2, 3, "kong.exposed", 1),
        *from_each(3, "chicken.fixed", 1),
    )


def test_b_dealer_streak() -> None:
    """docs/rules.md §12.3, A一6 (B's document): the dealer pays one more per hand kept."""
    led = Deal(B, {1: S(PLAIN)}, win=SELF_5S, streak=1).ledger()
    assert items(led) == rows(
        *from_each(1, "win.pattern", 1), *from_each(1, "bonus.self_draw", 1), (0, 1, "bonus.dealer", 1)
    )


# --------------------------------------------------------------------------- C: zhuoji-x10


def test_c_plain_self_drawn_is_ten() -> None:
    """docs/rules.md §11, C: 平胡 10番, 自摸 paid by all three."""
    led = Deal(C, {1: S(PLAIN)}, win=SELF_5S).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 10))


def test_c_seven_pairs_is_forty() -> None:
    """docs/rules.md §11, C: 七对 40番 from the discarder."""
    led = Deal(C, {1: S("22m 33m 66p 99p 44s 66s 77s")}, win="{by: [1], tile: 7s, from: 0}").ledger()
    assert items(led) == rows((0, 1, "win.pattern", 40))


def test_c_win_on_the_kong_adds_ten() -> None:
    """docs/rules.md §7, C: 杠上胡 总番数加10番; 闷豆 20番 from each."""
    winner = S(PLAIN_WITH_KONG, melds=("kong 9p concealed",))
    led = Deal(C, {1: winner}, win="{by: [1], tile: 5s, from: self, how: after_kong}").ledger()
    assert items(led) == rows(
        *from_each(1, "win.pattern", 10), *from_each(1, "bonus.after_kong", 10), *from_each(1, "kong.concealed", 20)
    )


def test_c_hot_after_a_concealed_kong_pays_sixty() -> None:
    """docs/rules.md §12.6, C 热炮: 闷豆60番 on top of the hand."""
    led = Deal(C, {1: S(PLAIN), 2: HOT_SEAT}, win="{by: [1], tile: 5s, from: 2, hot: true}").ledger()
    assert items(led) == rows((2, 1, "win.pattern", 10), (2, 1, "bonus.hot", 60))


def test_c_hot_after_an_added_kong_pays_thirty() -> None:
    """docs/rules.md §12.6, C 热炮: 转弯豆30番."""
    hot = S("123m 456m 789m 2s", melds=("kong 9p added from 0",))
    led = Deal(C, {1: S(PLAIN), 2: hot}, win="{by: [1], tile: 5s, from: 2, hot: true}").ledger()
    assert items(led) == rows((2, 1, "win.pattern", 10), (2, 1, "bonus.hot", 30))


def test_c_hot_after_an_exposed_kong_pays_ten() -> None:
    """docs/rules.md §12.6, C 热炮: 点豆10番."""
    hot = S("123m 456m 789m 2s", melds=("kong 9p from 0",))
    led = Deal(C, {1: S(PLAIN), 2: hot}, win="{by: [1], tile: 5s, from: 2, hot: true}").ledger()
    assert items(led) == rows((2, 1, "win.pattern", 10), (2, 1, "bonus.hot", 10))


def test_c_every_seat_counts_its_chickens() -> None:
    """docs/rules.md §8, C: 查看所有玩家手中的牌: a seat that is not ready collects 10 for its turned chicken."""
    not_ready = S("5p 2m 3m 6m 9m 2p 6p 9p 3s 6s 9s 7m 8m")
    deal = Deal(C, {1: S(PLAIN), 2: not_ready}, win=SELF_5S)
    assert not deal.result().seats[2].ready
    assert items(deal.ledger()) == rows(*from_each(1, "win.pattern", 10), *from_each(2, "chicken.turned", 10))


def test_c_concealed_kong_of_chickens_earns_sixty() -> None:
    """docs/rules.md §8, C: 如果某玩家手中有鸡的闷豆，则其他3个玩家给该玩家60番; the kong also earns 闷豆 20."""
    ready = S("123m 456m 789m 6s", melds=("kong 1s concealed",))
    led = Deal(C, {1: S(PLAIN), 3: ready}, win=SELF_5S).ledger()
    assert items(led) == rows(
        *from_each(1, "win.pattern", 10),
        *from_each(3, "kong.concealed", 20),
        *from_each(3, "chicken.concealed_kong", 60),
    )


def test_c_golden_chicken_is_twenty() -> None:
    """docs/rules.md §8 金鸡, A七3 at C's scale: each 幺鸡 20 when 9s is turned."""
    winner = S("123m 456p 789p 111s 55m")
    led = Deal(C, {1: winner}, win="{by: [1], tile: 5m, from: self}", flip="9s").ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 10), *from_each(1, "chicken.golden", 60))


def test_c_exposed_kong_is_ten_from_the_discarder() -> None:
    """docs/rules.md §7, C 点豆: 被点豆者给点豆者10番."""
    led = Deal(C, {1: S(PLAIN_WITH_KONG, melds=("kong 9p from 2",))}, win="{by: [1], tile: 5s, from: 3}").ledger()
    assert items(led) == rows((3, 1, "win.pattern", 10), (2, 1, "kong.exposed", 10))


def test_c_dealer_streak_is_ten() -> None:
    """docs/rules.md §12.3, A一6 at C's scale: 10 more from the dealer per hand kept."""
    led = Deal(C, {1: S(PLAIN)}, win=SELF_5S, streak=1).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 10), (0, 1, "bonus.dealer", 10))


def test_c_draw_ready_check() -> None:
    """docs/rules.md §9, C 黄庄查叫: the ready seat's 平胡 wait is worth 10 from each seat not ready."""
    led = Deal(C, {1: S("123m 456m 789m 234p 6s")}).ledger()
    assert items(led) == rows(*from_each(1, "draw.chajiao", 10))


# --------------------------------------------------------------------------- D, E: yiwushi


def test_de_mixed_big_hand_is_five() -> None:
    """docs/rules.md §11, D: 混色和就5番; E: 大對子五個."""
    led = Deal(DE, {2: S("222m 666p 777s 999s 33m")}, win="{by: [2], tile: 3m, from: 0}").ledger()
    assert items(led) == rows((0, 2, "win.pattern", 5))


def test_de_every_flush_is_ten() -> None:
    """docs/rules.md §11, D: 清一色就10番; 混五清十 makes 清大对 10 too."""
    led = Deal(DE, {1: S("222p 333p 666p 777p 99p")}, win="{by: [1], tile: 9p, from: 2}").ledger()
    assert items(led) == rows((2, 1, "win.pattern", 10))


def test_de_small_seven_pairs_is_six() -> None:
    """docs/rules.md §11, E: 小七對六個."""
    led = Deal(DE, {1: S("22m 33m 66p 99p 44s 66s 77s")}, win="{by: [1], tile: 7s, from: 0}").ledger()
    assert items(led) == rows((0, 1, "win.pattern", 6))


def test_de_dragon_seven_pairs_is_six() -> None:
    """docs/rules.md §11 (a choice in yiwushi.yaml): a mixed 龙七对 is priced as E's 小七对, 6."""
    led = Deal(DE, {1: S("2222m 33m 66p 99p 44s 66s")}, win="{by: [1], tile: 3m, from: 0}").ledger()
    assert items(led) == rows((0, 1, "win.pattern", 6))


def test_de_self_draw_adds_one() -> None:
    """docs/rules.md §7, E: 如果是自摸的話再加一個."""
    led = Deal(DE, {1: S(PLAIN)}, win=SELF_5S).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 1), *from_each(1, "bonus.self_draw", 1))


def test_de_chickens_paid_by_seats_holding_none() -> None:
    """docs/rules.md §8, E: 雞，只要別人沒有就要給你錢; every seat's chickens count (C, via D)."""
    winner = S("123m 456m 234p 234s 11s")
    deal = Deal(DE, {1: winner, 2: NOT_READY_WITH_1S}, win="{by: [1], tile: 1s, from: self}")
    assert items(deal.ledger()) == rows(
        *from_each(1, "win.pattern", 1),
        *from_each(1, "bonus.self_draw", 1),
        (0, 1, "chicken.fixed", 2),
        (3, 1, "chicken.fixed", 2),
        (0, 2, "chicken.fixed", 1),
        (3, 2, "chicken.fixed", 1),
    )


def test_de_no_dealer_fan() -> None:
    """docs/rules.md §12.3, D: 庄、自摸约好另算: the file leaves the dealer plain, whatever the streak."""
    led = Deal(DE, {0: S(PLAIN)}, win="{by: [0], tile: 5s, from: self}", streak=2).ledger()
    assert items(led) == rows(*from_each(0, "win.pattern", 1), *from_each(0, "bonus.self_draw", 1))


def test_de_hot_discard() -> None:
    """docs/rules.md §7 热炮, A二(五)1 at one-fold: one more from the discarder."""
    led = Deal(DE, {1: S(PLAIN), 2: HOT_SEAT}, win="{by: [1], tile: 5s, from: 2, hot: true}").ledger()
    assert items(led) == rows((2, 1, "win.pattern", 1), (2, 1, "bonus.hot", 1))


# --------------------------------------------------------------------------- I: guiyang-app


def test_i_dealer_wins_one_more_from_each() -> None:
    """docs/rules.md §12.3, I9: 坐莊，多計1番."""
    led = Deal(APP, {0: S(PLAIN)}, win="{by: [0], tile: 5s, from: self}").ledger()
    assert items(led) == rows(*from_each(0, "win.pattern", 1), *from_each(0, "bonus.dealer", 1))


def test_i_dealer_pays_one_more_on_a_self_draw() -> None:
    """docs/rules.md §12.3, I9: the dealer pays the extra fan when another seat self-draws."""
    led = Deal(APP, {1: S(PLAIN)}, win=SELF_5S).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 1), (0, 1, "bonus.dealer", 1))


def test_i_no_dealer_fan_between_other_seats() -> None:
    """docs/rules.md §12.3, I9: a discard between two seats that are not the dealer carries no dealer fan."""
    led = Deal(APP, {1: S(PLAIN_WITH_KONG, melds=("kong 9p from 3",))}, win="{by: [1], tile: 5s, from: 2}").ledger()
    assert items(led) == rows((2, 1, "win.pattern", 1), (3, 1, "kong.exposed", 1))


def test_i_dealer_with_a_streak_deals_in() -> None:
    """docs/rules.md §12.3, I9: 連莊，按連莊盤數多計: 1 + 2 from a dealer who kept the deal twice."""
    deal = Deal(APP, {1: S(PLAIN_WITH_KONG, melds=("kong 9p from 3",))}, win="{by: [1], tile: 5s, from: 0}", streak=2)
    assert items(deal.ledger()) == rows((0, 1, "win.pattern", 1), (0, 1, "bonus.dealer", 3), (3, 1, "kong.exposed", 1))


def test_i_seven_pairs_is_seven() -> None:
    """docs/rules.md §11, I3: 七對 7分."""
    led = Deal(APP, {2: S("22m 33m 66p 99p 44s 66s 77s")}, win="{by: [2], tile: 7s, from: 3}").ledger()
    assert items(led) == rows((3, 2, "win.pattern", 7))


def test_i_two_winners_one_the_dealer() -> None:
    """docs/rules.md §4 一炮双响, I9: each winner is paid by the discarder; the dealer's payment carries his fan."""
    seats = {0: S("22m 33m 66p 99p 44s 66s 77s"), 1: S("234s 456s 789s 999s 55s")}
    led = Deal(APP, seats, win="{by: [0, 1], tile: 7s, from: 2}").ledger()
    assert items(led) == rows((2, 0, "win.pattern", 7), (2, 0, "bonus.dealer", 1), (2, 1, "win.pattern", 10))


def test_i_draw_ready_check_carries_no_dealer_fan() -> None:
    """docs/rules.md §9, §12.7, I 黃牌查叫: the ready dealer's wait value, nothing more."""
    led = Deal(APP, {0: S("123m 456m 789m 234p 6s")}).ledger()
    assert items(led) == rows(*from_each(0, "draw.chajiao", 1))


def test_i_kongs_and_chickens_follow_a() -> None:
    """docs/rules.md §7, §8 (A's values, guiyang-app.yaml): 闷豆 2 from each and a 幺鸡 in hand 1 from each."""
    winner = S("123m 456m 234p 11s", melds=("kong 9p concealed",))
    led = Deal(APP, {1: winner}, win="{by: [1], tile: 1s, from: self}").ledger()
    assert items(led) == rows(
        *from_each(1, "win.pattern", 1),
        (0, 1, "bonus.dealer", 1),
        *from_each(1, "kong.concealed", 2),
        *from_each(1, "chicken.fixed", 2),
    )
