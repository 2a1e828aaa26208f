"""Scoring cases for guiyang-daopei, the modern app table of docs/rules.md §14, each worked out by hand.

Each test names the §14 rule it follows; the rule's wording is quoted from docs/rules.md §14.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.hand import best_wait_value, is_ready, own_four_waits
from game.core.melds import Meld
from game.core.tiles import parse_tile, parse_tiles, to_counts
from game.engine.actions import ActionKind, make
from game.engine.next_deal import next_deal
from game.handfile import HandFileError
from game.match.agents import SimpleAgent
from game.match.play import play_round
from game.rules.loader import load_ruleset
from tests.rig import rigged_round
from tests.settlement_rig import PLAIN, Deal, S, from_each, items, rows, with_rules

D = "guiyang-daopei"
SELF_5S = "{by: [1], tile: 5s, from: self}"
NOT_READY = (0, 2)  # the filler seats in most cases below
READY_SEAT_3 = S("123p 567p 789s 456m 4s")  # ready on 4s, no chickens


def plain_self_draw(winner: int = 1, payers: tuple[int, ...] = (0, 2, 3)) -> list[tuple[int, int, str, int]]:
    """平胡 1 and 自摸 +1 from each payer (docs/rules.md §14 patterns, 自摸 +1)."""
    return [(p, winner, rule, 1) for p in payers for rule in ("win.pattern", "bonus.self_draw")]


# --------------------------------------------------------------------------- patterns


def test_patterns_seven_pairs_is_seven_and_self_draw_adds_one() -> None:
    """docs/rules.md §14 patterns "七对 7"; "自摸 +1"."""
    led = Deal(D, {1: S("22m 33m 66p 99p 44s 66s 77s")}, win="{by: [1], tile: 7s, from: self}").ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 7), *from_each(1, "bonus.self_draw", 1))


def test_big_crane_is_seventeen_with_no_flush_tier() -> None:
    """docs/rules.md §14 "大吊车 17 (four melds on the table and a single wait; no flush tier)": 17 beats 大对子 5,
    and in one suit it beats 清大对 15 and stays 17."""
    melds = ("pung 2m from 0", "pung 3p from 2", "pung 6s from 3", "pung 7m from 0")
    led = Deal(D, {1: S("55s", melds=melds)}, win=SELF_5S).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 17), *from_each(1, "bonus.self_draw", 1))
    flush = ("pung 2s from 0", "pung 3s from 2", "pung 6s from 3", "pung 7s from 0")
    led = Deal(D, {1: S("55s", melds=flush)}, win=SELF_5S).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 17), *from_each(1, "bonus.self_draw", 1))


# --------------------------------------------------------------------------- 天胡 / 地胡


def test_heavenly_win_replaces_the_pattern() -> None:
    """docs/rules.md §14 "天胡 33 ... replace the pattern value": the dealer's 平胡 1 on the deal counts 33 (1 + 32)."""
    deal = Deal(D, {0: S(PLAIN)}, win="{by: [0], tile: 5s, from: self, first_turn: true}")
    assert items(deal.ledger()) == rows(*plain_self_draw(0, (1, 2, 3)), *from_each(0, "bonus.heavenly", 32))


def test_heavenly_win_with_a_chicken() -> None:
    """docs/rules.md §14 天胡 33 with "Chickens: 1s ... 1 each": the three 1s in the dealer's hand are paid on top by
    each seat not ready."""
    deal = Deal(D, {0: S("123m 456m 234p 111s 55s")}, win="{by: [0], tile: 5s, from: self, first_turn: true}")
    assert items(deal.ledger()) == rows(
        *plain_self_draw(0, (1, 2, 3)), *from_each(0, "bonus.heavenly", 32), *from_each(0, "chicken.fixed", 3)
    )


def test_earthly_win_replaces_the_pattern_on_a_self_draw_only() -> None:
    """docs/rules.md §14 "地胡 23 ... both are self-draw only": 23 on the first draw; off the dealer's first discard the
    hand is paid at its pattern alone."""
    deal = Deal(D, {1: S(PLAIN)}, win="{by: [1], tile: 5s, from: self, first_turn: true}")
    assert items(deal.ledger()) == rows(*plain_self_draw(), *from_each(1, "bonus.earthly", 22))
    off = Deal(D, {1: S("22m 33m 66p 99p 44s 66s 77s")}, win="{by: [1], tile: 7s, from: 0, first_turn: true}")
    assert items(off.ledger()) == rows((0, 1, "win.pattern", 7))


def test_first_turn_value_below_the_pattern_adds_nothing() -> None:
    """docs/rules.md §14 "the higher of the two counts": a 清七对 17 on the deal, with 天胡 set to 15, stays 17."""
    rules = with_rules(D, bonuses={"heavenly": 15})
    deal = Deal(rules, {0: S("11p 22p 33p 44p 66p 77p 99p")}, win="{by: [0], tile: 9p, from: self, first_turn: true}")
    assert items(deal.ledger()) == rows(*from_each(0, "win.pattern", 17), *from_each(0, "bonus.self_draw", 1))


# --------------------------------------------------------------------------- 报听


def test_declared_value_depends_on_the_seat() -> None:
    """docs/rules.md §14 "报听: 17 when the dealer declares (报听), 34 when another seat declares (天听); a declared win
    takes the higher of that value and the pattern"."""
    dealer = Deal(D, {0: S(PLAIN, declared=True)}, win="{by: [0], tile: 5s, from: self}")
    assert items(dealer.ledger()) == rows(*plain_self_draw(0, (1, 2, 3)), *from_each(0, "bonus.declared_win", 16))
    other = Deal(D, {1: S(PLAIN, declared=True)}, win=SELF_5S)
    assert items(other.ledger()) == rows(*plain_self_draw(), *from_each(1, "bonus.declared_win", 33))
    flush = Deal(D, {0: S("123m 234m 456m 789m 99m", declared=True)}, win="{by: [0], tile: 9m, from: self}")
    assert items(flush.ledger()) == rows(
        *from_each(0, "win.pattern", 10), *from_each(0, "bonus.self_draw", 1), *from_each(0, "bonus.declared_win", 7)
    )


# --------------------------------------------------------------------------- the pass, 抢杠, 热炮

HOT_SEAT = S("123m 456m 789m 2s", melds=("kong 9p concealed",))
SEVEN_PAIRS_ON_5S = S("22m 33m 66p 77p 44s 66s 55s")


def test_the_pass_exempts_a_declared_discarder_not_the_winners_own_declaration() -> None:
    """docs/rules.md §14 "a 平胡 off a discard needs a kong, unless the discarder declared ready, or it robs a kong"."""
    own = Deal(D, {1: S(PLAIN, declared=True)}, win="{by: [1], tile: 5s, from: 3}")
    with pytest.raises(HandFileError, match="without a pass"):
        own.result()
    discarder = Deal(
        D, {1: S(PLAIN), 3: S("123m 456m 789m 234p 6p", declared=True)}, win="{by: [1], tile: 5s, from: 3}"
    )
    assert items(discarder.ledger()) == rows((3, 1, "win.pattern", 1))


def test_rob_kong_is_four_times_the_pattern_from_the_robbed_seat_alone() -> None:
    """docs/rules.md §14 "抢杠: the robbed seat pays 4x the pattern (alone)"; the robbed kong does not count."""
    robbed = S("123m 456m 789m 6s", melds=("pung 4s from 0",))
    deal = Deal(D, {1: S("123m 456m 234p 55s 345s"), 2: robbed}, win="{by: [1], tile: 4s, from: 2, how: rob_kong}")
    assert items(deal.ledger()) == rows((2, 1, "win.pattern", 1), (2, 1, "bonus.rob_kong", 3))


def test_hot_discard_is_twice_the_pattern_and_its_kong_is_void() -> None:
    """docs/rules.md §14 "热炮: the discarder pays 2x the pattern and its new kong is void", and "a hot discard gives no
    exemption" from the pass."""
    deal = Deal(D, {0: HOT_SEAT, 1: SEVEN_PAIRS_ON_5S}, win="{by: [1], tile: 5s, from: 0, hot: true}")
    assert items(deal.ledger()) == rows((0, 1, "win.pattern", 7), (0, 1, "bonus.hot", 7))
    plain = Deal(D, {0: HOT_SEAT, 1: S(PLAIN)}, win="{by: [1], tile: 5s, from: 0, hot: true}")
    with pytest.raises(HandFileError, match="without a pass"):
        plain.result()


# --------------------------------------------------------------------------- kongs and 倒赔


def test_a_ready_seats_kongs_are_three_each() -> None:
    """docs/rules.md §14 "Kongs, every kind worth 3: a ready seat's concealed and added kongs are paid by all three, its
    exposed kong by the feeder"."""
    winner = S("123m 456m 234s 55s", melds=("kong 9p concealed",))
    ready = S("123p 567p 789s 4s", melds=("kong 7m from 2",))
    led = Deal(D, {1: winner, 3: ready}, win=SELF_5S, flip=None).ledger()
    assert items(led) == rows(*plain_self_draw(), *from_each(1, "kong.concealed", 3), (2, 3, "kong.exposed", 3))


def test_daopei_a_seat_not_ready_pays_its_kongs_back() -> None:
    """docs/rules.md §14 倒赔 "a seat that is not ready at the end pays back the same amounts to each ready opponent (to
    the
    feeder, if ready, for an exposed kong)"."""
    not_ready = S("1m 5m 9m 2p 6p 3s 7s", melds=("kong 9p concealed", "kong 7m from 3"))
    led = Deal(D, {1: S(PLAIN), 2: not_ready, 3: READY_SEAT_3}, win=SELF_5S, flip=None).ledger()
    assert items(led) == rows(
        *plain_self_draw(), (2, 1, "kong.pay_back", 3), (2, 3, "kong.pay_back", 3), (2, 3, "kong.pay_back", 3)
    )
    # The feeder not ready: the exposed kong is paid back to nobody.
    feeder_not_ready = S("1m 5m 9m 2p 6p 3s 7s", melds=("kong 9p concealed", "kong 7m from 0"))
    led = Deal(D, {1: S(PLAIN), 2: feeder_not_ready, 3: READY_SEAT_3}, win=SELF_5S, flip=None).ledger()
    assert items(led) == rows(*plain_self_draw(), (2, 1, "kong.pay_back", 3), (2, 3, "kong.pay_back", 3))


# --------------------------------------------------------------------------- chickens


def test_only_seats_not_ready_pay_chickens() -> None:
    """docs/rules.md §14 "Only seats that are not ready pay, and only ready seats collect (ready seats never pay each
    other)": the winner's three 1s and the ready seat's 8p are paid by seats 0 and 2 alone."""
    winner = S("123m 456m 234p 111s 55s")
    ready = S("123p 567p 789s 456m 8p")
    led = Deal(D, {1: winner, 3: ready}, win=SELF_5S, flip=None).ledger()
    assert items(led) == rows(
        *plain_self_draw(),
        *[(p, 1, "chicken.fixed", 3) for p in NOT_READY],
        *[(p, 3, "chicken.fixed", 1) for p in NOT_READY],
    )


def test_golden_and_turned_chickens() -> None:
    """docs/rules.md §14 "1s and 8p 1 each (2 when golden), the turned chicken 1": 9s turned makes 1s golden (2)."""
    led = Deal(D, {1: S("123m 456m 234p 111s 55s")}, win=SELF_5S, flip="9s").ledger()
    assert items(led) == rows(*plain_self_draw(), *from_each(1, "chicken.golden", 6))
    led = Deal(D, {1: S(PLAIN)}, win=SELF_5S, flip="4s").ledger()  # 5s turned: the winner's pair
    assert items(led) == rows(*plain_self_draw(), *from_each(1, "chicken.turned", 2))


def test_a_not_ready_seats_discarded_chickens_are_paid_by_every_not_ready_seat() -> None:
    """docs/rules.md §14 "A not-ready seat's discarded 1s/8p are paid to each ready seat by every not-ready seat; kept
    tiles and melds of a not-ready seat never pay": seat 2 discarded a 1s and an 8p."""
    deal = Deal(D, {1: S(PLAIN), 3: READY_SEAT_3}, win=SELF_5S, flip=None, fill_discards={2: "1s 8p"})
    assert items(deal.ledger()) == rows(
        *plain_self_draw(),
        *[(p, r, "chicken.not_ready_discards", 1) for p in NOT_READY for r in (1, 3) for _tile in ("1s", "8p")],
    )


def test_ready_seats_own_discarded_chickens_count_for_it() -> None:
    """docs/rules.md §14 chickens, scope: all (GY1 chicken-test.js ⑨ ① and ②): a ready seat's own discarded 1s counts
    for
    it, 1 from each seat not ready; one held and one discarded, 2 from each."""
    ready = S("123p 567p 789s 456m 4s", discards="1s")
    deal = Deal(D, {1: S(PLAIN), 3: ready}, win=SELF_5S, flip=None)
    assert items(deal.ledger()) == rows(*plain_self_draw(), *[(p, 3, "chicken.fixed", 1) for p in NOT_READY])
    held = S("123p 567p 789s 456m 1s", discards="1s")
    deal = Deal(D, {1: S("123m 456m 234p 567s 11s"), 3: held}, win="{by: [1], tile: 1s, from: self}", flip=None)
    assert items(deal.ledger()) == rows(
        *plain_self_draw(), *[(p, r, "chicken.fixed", 2) for p in NOT_READY for r in (1, 3)]
    )


def test_charge_chicken_stacks_with_the_chickens_own_worth() -> None:
    """docs/rules.md §14 冲锋鸡, charge_stacks (GY1 chicken-test.js ④ "冲锋鸡 2 分 + 自身 1 张 = 3", "4 分 + 金幺鸡 2 分
    =
    6"): seat 3, ready, discarded the first 1s: 2 (冲锋鸡) + 1 (the chicken itself) from each seat not ready,
    4 + 2 golden; the first 8p likewise 2 + 1. The 冲锋鸡 is paid by the winner too (reading of ⑦)."""
    ready = S("123p 567p 789s 456m 4s", discards="1s")
    for flip, charge, own, rule in ((None, 2, 1, "chicken.fixed"), ("9s", 4, 2, "chicken.golden")):
        deal = Deal(D, {1: S(PLAIN), 3: ready}, win=SELF_5S, flip=flip, extra="first_chicken: {1s: 3}")
        assert items(deal.ledger()) == rows(
            *plain_self_draw(),
            *[(p, 3, "chicken.charge", charge) for p in (0, 1, 2)],
            *[(p, 3, rule, own) for p in NOT_READY],
        )
        by_payer = {p: sum(i.amount for i in deal.ledger() if i.payer == p and i.payee == 3) for p in NOT_READY}
        assert by_payer == {0: charge + own, 2: charge + own}
    eight = S("123p 567p 789s 456m 4s", discards="8p")
    deal = Deal(D, {1: S(PLAIN), 3: eight}, win=SELF_5S, flip=None, extra="first_chicken: {8p: 3}")
    assert items(deal.ledger()) == rows(
        *plain_self_draw(),
        *[(p, 3, "chicken.charge", 2) for p in (0, 1, 2)],
        *[(p, 3, "chicken.fixed", 1) for p in NOT_READY],
    )


def test_charge_chicken_by_its_owner_ready_or_not() -> None:
    """docs/rules.md §14 冲锋鸡, charge_payers: others (GY1 chicken-test.js ⑦ "持有者叫牌 → 其他三家各付 2（共 6）",
    "胡牌家也
    照付", ④ "未叫家的冲锋鸡：给每个叫牌/胡牌玩家各付 2 分", "其他未叫家不受冲锋鸡影响"): a ready owner that did not
    win collects 2 from each of the other three, the winner included; an owner not ready pays 2 to each ready
    seat (4 when golden) and nothing to the others."""
    ready = S("123p 567p 789s 456m 4s", discards="8p")
    deal = Deal(D, {1: S(PLAIN), 3: ready}, win=SELF_5S, flip=None, extra="first_chicken: {8p: 3}")
    charge = [i for i in deal.ledger() if i.rule == "chicken.charge"]
    assert sorted((i.payer, i.amount) for i in charge) == [(0, 2), (1, 2), (2, 2)]
    for flip, fan in ((None, 2), ("9s", 4)):
        deal = Deal(
            D,
            {1: S(PLAIN)},
            win=SELF_5S,
            flip=flip,
            avoid="1s",
            fill_discards={2: "1s"},
            extra="first_chicken: {1s: 2}",
        )
        assert items(deal.ledger()) == rows(*plain_self_draw(), (2, 1, "chicken.charge_not_ready", fan))


def test_charge_chicken_follows_a_claim_by_a_seat_that_ends_ready() -> None:
    """docs/rules.md §14 冲锋鸡, charge_claimed: passes_if_ready (GY1 chicken-test.js ⑦
    "责任转移成功：碰走者向其他三家各收
    2 分（含胡牌家）", "碰走者未叫 → 不转移，仍归原打出者（他未叫 → 给叫牌家付 2）"): West's first 1s punged by
    North, ready, is North's 冲锋鸡, 2 from each of the three; punged by East, not ready, it stays West's, and
    West, not ready, pays the winner 2."""
    claimer = S("123p 567p 789s 4s", melds=("pung 1s from 2",))
    deal = Deal(D, {1: S(PLAIN), 3: claimer}, win=SELF_5S, flip=None, extra="first_chicken: {1s: 2}")
    assert items(deal.ledger()) == rows(
        *plain_self_draw(),
        *[(p, 3, "chicken.charge", 2) for p in (0, 1, 2)],
        *[(p, 3, "chicken.fixed", 3) for p in NOT_READY],
        (2, 3, "chicken.liability", 1),
    )
    not_ready = S("1m 4m 5m 8m 9m 2p 6p 9p 3s 7s", melds=("pung 1s from 2",))
    deal = Deal(D, {0: not_ready, 1: S(PLAIN)}, win=SELF_5S, flip=None, extra="first_chicken: {1s: 2}")
    assert not deal.result().seats[0].ready
    assert items(deal.ledger()) == rows(*plain_self_draw(), (2, 1, "chicken.charge_not_ready", 2))


def test_a_claimed_1s_counts_once_in_the_claimers_meld() -> None:
    """docs/rules.md §14 责任鸡 (GY1 chicken-test.js ⑦ "其它未叫家各付 3 分", "打出的那家付 4 分", "明杠：其它未叫家各付
    4 分",
    "打出者给 5 分"): a pung of 1s North, ready, claimed from West costs East 3 and West 4 (3 + 1 责任鸡); an
    exposed kong 4 and 5. The claimed copy is never also West's discarded chicken."""
    for meld, copies in (("pung 1s from 2", 3), ("kong 1s from 2", 4)):
        claimer = S("123p 567p 789s 4s", melds=(meld,))
        deal = Deal(D, {1: S(PLAIN), 3: claimer}, win=SELF_5S, flip=None)
        ledger = deal.ledger()
        paid = {
            p: sum(i.amount for i in ledger if i.payer == p and i.payee == 3 and i.rule.startswith("chicken"))
            for p in NOT_READY
        }
        assert paid == {0: copies, 2: copies + 1}
        assert not ledger.by_rule("chicken.not_ready_discards")


def test_liability_is_for_1s_alone_when_both_first_chickens_are_claimed() -> None:
    """docs/rules.md §14 责任鸡, first_chicken_each (GY1 chicken-test.js ⑤ "混着一条乌骨鸡 → 只算幺鸡那条",
    "乌骨鸡被碰走不算
    责任鸡", "冲锋鸡认幺鸡 + 乌骨鸡"): West's first 8p and first 1s, both punged by North, ready: the hand file
    names both, the 8p first, so the 8p is the 冲锋鸡 and passes to North; only the 1s costs West its 责任鸡."""
    north = S("123p 567p 4s", melds=("pung 8p from 2", "pung 1s from 2"))
    deal = Deal(D, {1: S(PLAIN), 3: north}, win=SELF_5S, flip=None, extra="first_chicken: {8p: 2, 1s: 2}")
    assert items(deal.ledger()) == rows(
        *plain_self_draw(),
        *[(p, 3, "chicken.charge", 2) for p in (0, 1, 2)],
        *[(p, 3, "chicken.fixed", 3) for p in NOT_READY for _tile in ("8p", "1s")],
        (2, 3, "chicken.liability", 1),
    )
    charge = deal.ledger().by_rule("chicken.charge")
    assert {i.tiles for i in charge} == {(parse_tile("8p"),)}


def test_one_charge_chicken_per_hand() -> None:
    """docs/rules.md §14 "冲锋鸡: one per hand, the first 1s or 8p discarded, whichever comes first": guiyang-daopei's
    file
    may name both first chickens (first_chicken_each); without that value a file naming both is refused, and
    the engine follows only the first."""
    rules = with_rules(D, chickens={"first_chicken_each": False})
    deal = Deal(
        rules,
        {1: S(PLAIN), 3: S("123p 567p 789s 456m 4s", discards="1s 8p")},
        win=SELF_5S,
        flip=None,
        extra="first_chicken: {1s: 3, 8p: 3}",
    )
    with pytest.raises(HandFileError, match="one 冲锋鸡 per hand"):
        deal.result()
    hands = ["8p 1m4m7m 2p5p 1s4s7s 3m6m 3p6p 9s", "1s 2m5m8m 3p 9p 2s5s 9m 4p 7p 6s 9s", "", ""]
    hands[2] = "3m 6m 9m 4p 7p 1p 3s 6s 4m 7m 2p 5p 8s"
    hands[3] = "1m 4m 7m 2p 5p 8s 3s 6s 2m 5m 3p 6p 9m"
    for name, expected in ((D, {"8p": 0}), ("guiyang-modern", {"8p": 0, "1s": 1})):
        rnd = rigged_round(load_ruleset(name), hands, draws="7s 7s 7s")
        rnd.apply(make(ActionKind.DISCARD, 0, parse_tile("8p")))
        rnd.apply(make(ActionKind.DISCARD, 1, parse_tile("1s")))
        assert {k: v for k, v in ((t, s) for t, s in rnd.state.first_chicken.items())} == {
            parse_tile(t): s for t, s in expected.items()
        }


def test_liability_on_every_claimed_1s_only_from_a_seat_not_ready() -> None:
    """docs/rules.md §14 "责任鸡: every claimed 1s (not only the first) costs its discarder 1 to the claimer, and only
    when
    the discarder is not ready"."""
    claimer = S("123p 567p 789s 4s", melds=("pung 1s from 0",))
    led = Deal(D, {1: S(PLAIN), 3: claimer}, win=SELF_5S, flip=None).ledger()
    assert items(led) == rows(
        *plain_self_draw(), *[(p, 3, "chicken.fixed", 3) for p in NOT_READY], (0, 3, "chicken.liability", 1)
    )
    from_winner = S("123p 567p 789s 4s", melds=("pung 1s from 1",))
    led = Deal(D, {1: S(PLAIN), 3: from_winner}, win=SELF_5S, flip=None).ledger()
    assert items(led) == rows(*plain_self_draw(), *[(p, 3, "chicken.fixed", 3) for p in NOT_READY])


def test_daopei_and_charge_chicken_in_one_hand() -> None:
    """docs/rules.md §14 倒赔 and 冲锋鸡 meet: seat 0, not ready, holds a 闷豆 and discarded the first 8p; seat 2, not
    ready, discarded a 1s and an 8p. Seat 0 pays its kong back (3 to each ready seat) and its 冲锋鸡 (2 to
    each ready seat, in place of its pond share); both not-ready seats pay seat 2's two discarded chickens."""
    seat0 = S("1m 4m 5m 9m 2p 6p 7p 2s 3s 7s", melds=("kong 9p concealed",), discards="8p")
    deal = Deal(
        D,
        {0: seat0, 1: S(PLAIN), 3: READY_SEAT_3},
        win=SELF_5S,
        flip=None,
        fill_discards={2: "1s 8p"},
        extra="first_chicken: {8p: 0}",
    )
    assert not deal.result().seats[0].ready
    assert items(deal.ledger()) == rows(
        *plain_self_draw(),
        (0, 1, "kong.pay_back", 3),
        (0, 3, "kong.pay_back", 3),
        (0, 1, "chicken.charge_not_ready", 2),
        (0, 3, "chicken.charge_not_ready", 2),
        *[(p, r, "chicken.not_ready_discards", 1) for p in NOT_READY for r in (1, 3) for _tile in ("1s", "8p")],
    )


# --------------------------------------------------------------------------- 开局跟 and the draw


def test_dealer_followed_pays_each_follower_four() -> None:
    """docs/rules.md §14 "开局跟: when the dealer's first discard is followed by the same tile from all three others,
    the
    dealer pays each of them 4"."""
    deal = Deal(
        D,
        {1: S(PLAIN, discards="9s")},
        win=SELF_5S,
        flip=None,
        avoid="9s",
        fill_discards={0: "9s", 2: "9s", 3: "9s"},
        extra="dealer_followed: true",
    )
    assert items(deal.ledger()) == rows(*plain_self_draw(), *[(0, p, "bonus.follow_dealer", 4) for p in (1, 2, 3)])


def test_dealer_followed_then_a_draw() -> None:
    """docs/rules.md §14 开局跟 followed by "Draw: 查叫 with no kongs and no chickens paid ... the dealer keeps the
    deal":
    the 4 each is still paid, then each seat not ready pays the ready seat its best wait."""
    ready = S("123m 456m 789m 234p 6s", discards="9s", melds=())
    deal = Deal(D, {1: ready}, avoid="9s", fill_discards={0: "9s", 2: "9s", 3: "9s"}, extra="dealer_followed: true")
    result = deal.result()
    assert items(deal.ledger()) == rows(
        *[(0, p, "bonus.follow_dealer", 4) for p in (1, 2, 3)], *[(p, 1, "draw.chajiao", 1) for p in (0, 2, 3)]
    )
    assert next_deal(result, load_ruleset(D)) == (0, 1)


def test_dealer_followed_needs_the_same_first_discards() -> None:
    """docs/rules.md §14 开局跟: a file claiming it while a seat's first discard differs is refused."""
    deal = Deal(
        D,
        {1: S(PLAIN, discards="9m")},
        win=SELF_5S,
        flip=None,
        avoid="9s",
        fill_discards={0: "9s", 2: "9s", 3: "9s"},
        extra="dealer_followed: true",
    )
    with pytest.raises(HandFileError, match="seat 1's first discard is not 9s"):
        deal.result()


def test_engine_notes_when_the_dealer_is_followed() -> None:
    """docs/rules.md §14 开局跟: the engine records the dealer's first discard followed by all three, and the hand
    played to its end settles the 4 each."""
    hands = [
        "9s 1m4m7m 2p5p 3s4s7s 3m6m 3p6p 2m",
        "9s 2m5m8m 3p 9p 2s5s 9m 4p 7p 6s 1p",
        "9s 3m 6m 9m 4p 7p 1p 3s 6s 4m 7m 2p 5p",
        "9s 1m 4m 7m 2p 5p 8s 3s 6s 2m 5m 3p 6p",
    ]
    rules = load_ruleset(D)
    rnd = rigged_round(rules, hands, draws="7s 7s 7s")
    for seat in range(4):
        rnd.apply(make(ActionKind.DISCARD, seat, parse_tile("9s")))
    assert rnd.state.dealer_followed
    play_round(rnd, [SimpleAgent()] * 4)
    assert rnd.state.result is not None and rnd.state.result.dealer_followed
    from game.core.settlement import settle

    assert len(settle(rnd.state.result, rules).by_rule("bonus.follow_dealer")) == 3


def test_ready_counts_a_wait_whose_four_copies_are_the_seats_own() -> None:
    """docs/rules.md §14 "a seat counts as ready even when all four copies of its wait are its own" (docs/rules.md §5
    leaves such a
    wait out): a pung of 4s and the fourth 4s in hand, and 1111m in hand."""
    melds = [Meld(parse_tile("4s"), None, 2)]
    counts = to_counts(parse_tiles("123m 456m 789p 4s"))
    assert not is_ready(counts, melds)
    assert own_four_waits(counts, melds) == [parse_tile("4s")]
    four = to_counts(parse_tiles("1111m 234p 567p 789s"))
    assert own_four_waits(four, []) == [parse_tile("1m")]
    values = load_ruleset(D).pattern_values()
    assert best_wait_value(four, [], values, own_four=True) == ("pinghu", 1)
    ready = S("123m 456m 789p 4s", melds=("pung 4s from 2",))
    deal = Deal(D, {1: ready})
    assert deal.result().seats[1].ready
    assert items(deal.ledger()) == rows(*[(p, 1, "draw.chajiao", 1) for p in (0, 2, 3)])
    assert not Deal("guiyang-classic", {1: ready}).result().seats[1].ready


def test_dealer_followed_with_a_self_drawn_flush_of_pungs() -> None:
    """docs/rules.md §14 开局跟 (GY1 extra-rules-test.js ④ "开局跟的净效果：庄家 −12、其余三家各 +4"): the dealer's
    self-drawn
    清大对 (15 + 自摸 1 from each) with 开局跟 nets the dealer +36 and each other seat −12."""
    deal = Deal(
        D,
        {0: S("111m 222m 333m 444m 55m", discards="6m")},
        win="{by: [0], tile: 5m, from: self}",
        flip=None,
        avoid="6m",
        fill_discards={1: "6m", 2: "6m", 3: "6m"},
        extra="dealer_followed: true",
    )
    ledger = deal.ledger()
    assert [
        sum(i.amount for i in ledger if i.payee == s) - sum(i.amount for i in ledger if i.payer == s) for s in range(4)
    ] == [36, -12, -12, -12]


def test_big_crane_is_named_as_the_app_names_it() -> None:
    """docs/rules.md §14 大吊车 (GY1 extra-rules-test.js ② "大吊车 = 17 点", "清一色的大吊车也按 17 点"): four melds and
    a
    single wait is named 大吊车, in one suit too; where 单钓 and 清单钓 are worth as much, the name is still 大吊车."""
    melds = ("pung 2m from 0", "pung 3p from 2", "pung 6s from 3", "pung 7m from 0")
    flush = ("pung 2s from 0", "pung 3s from 2", "pung 6s from 3", "pung 7s from 0")
    base = load_ruleset(D)
    same = replace(base, patterns={**base.patterns, "dandiao": 17, "qingdandiao": 17})
    for rules in (D, same):
        for shape in (melds, flush):
            led = Deal(rules, {1: S("55s", melds=shape)}, win=SELF_5S).ledger()
            assert {i.label_zh for i in led.by_rule("win.pattern")} == {"大吊车"}
