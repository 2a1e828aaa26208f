"""The rule book's readings (docs/rules.md §8 "Which tiles count", §12.14-§12.17), each worked out by hand."""

from __future__ import annotations

from tests.settlement_rig import PLAIN, Deal, S, from_each, items, rows

A, B, C, G = "guiyang-classic", "guiyang-pass", "zhuoji-x10", "guiyang-modern"
SELF_5S = "{by: [1], tile: 5s, from: self}"

# --------------------------------------------------------------------------- §8 which tiles count


def test_hand_scope_counts_a_winners_pung_of_chickens() -> None:
    """docs/rules.md §8 手上鸡, A一7 "未打出的牌", B8 "手上的13张牌": a pung of 1s in the winner's melds pays 3 幺鸡."""
    winner = S("123m 456m 234p 55s", melds=("pung 1s from 2",))
    led = Deal(A, {1: winner}, win=SELF_5S).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 1), *from_each(1, "chicken.fixed", 3))


def test_a_claimed_chicken_belongs_to_the_claimer() -> None:
    """docs/rules.md §8, §12.8: the 1s that seat 1 discarded and seat 3 punged counts for seat 3 (A一7 手上鸡)."""
    ready = S("123m 456m 789m 6s", melds=("pung 1s from 2",))
    led = Deal(A, {1: S(PLAIN), 3: ready}, win=SELF_5S).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 1), *from_each(3, "chicken.fixed", 3))


def test_a_claimed_chicken_is_not_the_discarders_under_dead_chickens() -> None:
    """docs/rules.md §8 死鸡, B8 "牌面上和打出去的都算", §12.8: the claimed 1s sits in the claimer's pung, not the
    discarder's pond, so the ready discarder does not count it too."""
    discarder = S("123m 456m 789m 234p 6p", discards="2m")
    claimer = S("678p 789p 789s 6s", melds=("pung 1s from 2",))
    led = Deal(B, {1: S(PLAIN), 2: discarder, 3: claimer}, win=SELF_5S).ledger()
    assert items(led) == rows(
        *from_each(1, "win.pattern", 1), *from_each(1, "bonus.self_draw", 1), *from_each(3, "chicken.fixed", 3)
    )


def test_chicken_concealed_kong_stands_in_place_of_four_single_chickens() -> None:
    """docs/rules.md §8, C "如果某玩家手中有鸡的闷豆，则其他3个玩家给该玩家60番": 60 instead of four 幺鸡 at 10, never
    on top of them; an exposed kong of 1s is four single chickens (4 x 10)."""
    concealed = S("123m 456m 789m 6s", melds=("kong 1s concealed",))
    led = Deal(C, {1: S(PLAIN), 3: concealed}, win=SELF_5S).ledger()
    assert led.by_rule("chicken.fixed") == ()
    assert items(led) == rows(
        *from_each(1, "win.pattern", 10),
        *from_each(3, "kong.concealed", 20),
        *from_each(3, "chicken.concealed_kong", 60),
    )
    exposed = S("123m 456m 789m 6s", melds=("kong 1s from 2",))
    led = Deal(C, {1: S(PLAIN), 3: exposed}, win=SELF_5S).ledger()
    assert items(led) == rows(
        *from_each(1, "win.pattern", 10), (2, 3, "kong.exposed", 10), *from_each(3, "chicken.fixed", 40)
    )


# --------------------------------------------------------------------------- §12.14-§12.17


def test_chajiao_pays_the_best_pattern_alone() -> None:
    """docs/rules.md §12.14, A六 黄庄查叫 "叫牌者根据所叫牌算番": a declared dealer on a streak of 2 is paid its
    plain wait at 1, with no 报听 floor of 10 and no 连庄 fan."""
    ready = S("123m 456m 789m 234p 6s", declared=True)
    led = Deal(A, {1: ready}, dealer=1, streak=2).ledger()
    assert items(led) == rows(*from_each(1, "draw.chajiao", 1))


HOT_SEAT = S("123m 456m 789m 2s", melds=("kong 9p concealed",))
SEVEN_PAIRS_ON_5S = S("22m 33m 66p 77p 44s 66s 55s")


def test_hot_extra_is_paid_to_each_winner() -> None:
    """docs/rules.md §12.15, A五1 "还需多加一番付给胡牌者": two winners on a hot discard each get the extra fan."""
    deal = Deal(A, {0: HOT_SEAT, 1: S(PLAIN), 2: SEVEN_PAIRS_ON_5S}, win="{by: [1, 2], tile: 5s, from: 0, hot: true}")
    assert items(deal.ledger()) == rows(
        (0, 1, "win.pattern", 1), (0, 2, "win.pattern", 8), (0, 1, "bonus.hot", 1), (0, 2, "bonus.hot", 1)
    )


def test_kill_declared_is_paid_to_each_winner() -> None:
    """docs/rules.md §12.15, A三2 "报听玩家按10番给胡牌玩家杀报的番数": the declared seat pays 10 to each winner."""
    seats = {0: S("123m 456m 789m 234p 6s", declared=True), 1: S(PLAIN), 2: SEVEN_PAIRS_ON_5S}
    deal = Deal(A, seats, win="{by: [1, 2], tile: 5s, from: 0}")
    assert items(deal.ledger()) == rows(
        (0, 1, "win.pattern", 1),
        (0, 2, "win.pattern", 8),
        (0, 1, "bonus.kill_declared", 10),
        (0, 2, "bonus.kill_declared", 10),
    )


def test_baopai_still_pays_chickens_and_kongs() -> None:
    """docs/rules.md §12.16, A八1 包牌: the passing seat pays the three its hand value, and its 点豆 and three 幺鸡
    are still collected as usual."""
    winner = S("123m 456m 111s 55s", melds=("kong 9p from 2",))
    deal = Deal(A, {1: winner}, win="{by: [1], tile: 5s, from: 3}", extra="baopai: [1]")
    assert items(deal.ledger()) == rows(
        *[(1, p, "penalty.baopai", 1) for p in (0, 2, 3)],
        (2, 1, "kong.exposed", 1),
        *from_each(1, "chicken.fixed", 3),
    )


def test_single_wait_counts_a_concealed_kong_as_a_meld() -> None:
    """docs/rules.md §12.17, G 單釣: four melds on the table, one of them a 闷豆, and the pair: 单钓 10, not 大对子
    5."""
    melds = ("kong 2m concealed", "pung 3p from 2", "pung 6s from 3", "pung 7m from 0")
    led = Deal(G, {1: S("55s", melds=melds)}, win=SELF_5S).ledger()
    assert items(led) == rows(
        *from_each(1, "win.pattern", 10), *from_each(1, "bonus.self_draw", 1), *from_each(1, "kong.concealed", 2)
    )
