"""Scoring cases for guiyang-modern (seeds G, H) and the optional rules of docs/rules.md §13, worked out by hand."""

from __future__ import annotations

from tests.settlement_rig import PLAIN, PLAIN_WITH_KONG, Deal, S, from_each, items, rows, with_rules

G = "guiyang-modern"
SELF_5S = "{by: [1], tile: 5s, from: self}"
PLAIN_SELF = [*from_each(1, "win.pattern", 1), *from_each(1, "bonus.self_draw", 1)]


def test_g_declared_ready_adds_ten() -> None:
    """docs/rules.md §12.1, G: 報聽 is an added term, +10 on the plain hand and its 自摸."""
    led = Deal(G, {1: S(PLAIN, declared=True)}, win=SELF_5S).ledger()
    assert items(led) == rows(*PLAIN_SELF, *from_each(1, "bonus.declared_win", 10))


def test_g_added_kong_is_three() -> None:
    """docs/rules.md §7, G: 轉彎豆即補杠，收取其他玩家3倍底分."""
    led = Deal(G, {1: S(PLAIN_WITH_KONG, melds=("kong 9p added from 2",))}, win=SELF_5S).ledger()
    assert items(led) == rows(*PLAIN_SELF, *from_each(1, "kong.added", 3))


def test_g_late_kong_earns_nothing_but_is_a_pass() -> None:
    """docs/rules.md §6, §12.10, G 憨包豆: 結算時不贏分但可作為通行證."""
    winner = S(PLAIN_WITH_KONG, melds=("kong 9p concealed late",))
    led = Deal(G, {1: winner}, win="{by: [1], tile: 5s, from: 3}").ledger()
    assert items(led) == rows((3, 1, "win.pattern", 1))


def test_g_concealed_and_exposed_kongs() -> None:
    """docs/rules.md §7, G: 悶豆 2 from each, 點豆 1 from the discarder."""
    winner = S("123m 456m 55s", melds=("kong 9p concealed", "kong 3s from 2"))
    led = Deal(G, {1: winner}, win=SELF_5S).ledger()
    assert items(led) == rows(*PLAIN_SELF, *from_each(1, "kong.concealed", 2), (2, 1, "kong.exposed", 1))


def test_g_black_bone_chicken_is_two() -> None:
    """docs/rules.md §8, G 常雞: 烏骨雞即八筒，每只+2倍."""
    led = Deal(G, {1: S("123m 456m 678p 234s 55s")}, win=SELF_5S).ledger()
    assert items(led) == rows(*PLAIN_SELF, *from_each(1, "chicken.fixed", 2))


def test_g_golden_black_bone_chicken_is_four() -> None:
    """docs/rules.md §8, G 金雞: turned 7p makes 8p the chicken; 金烏骨雞每只+4倍."""
    led = Deal(G, {1: S("123m 456m 678p 234s 55s")}, win=SELF_5S, flip="7p").ledger()
    assert items(led) == rows(*PLAIN_SELF, *from_each(1, "chicken.golden", 4))


def test_g_charging_chickens() -> None:
    """docs/rules.md §8, §12.9, G 沖鋒雞: the winner discarded the first 1s (3) and the first 8p (6)."""
    deal = Deal(G, {1: S(PLAIN, discards="1s 8p")}, win=SELF_5S, extra="first_chicken: {1s: 1, 8p: 1}")
    assert items(deal.ledger()) == rows(
        *PLAIN_SELF, *from_each(1, "chicken.charge", 3), *from_each(1, "chicken.charge", 6)
    )


def test_g_later_copies_are_plain_chickens() -> None:
    """docs/rules.md §8, §12.9: only the first discarded 1s charges; a second discarded 1s is worth 1 (scope all)."""
    deal = Deal(G, {1: S(PLAIN, discards="1s 1s")}, win=SELF_5S, extra="first_chicken: {1s: 1}")
    assert items(deal.ledger()) == rows(
        *PLAIN_SELF, *from_each(1, "chicken.charge", 3), *from_each(1, "chicken.fixed", 1)
    )


def test_g_charging_chicken_of_a_seat_not_ready_costs_it_instead() -> None:
    """docs/rules.md §8, G 包雞 and H6: a seat not ready earns no 沖鋒雞 and pays the ready seats for its shown 1s."""
    deal = Deal(G, {1: S(PLAIN)}, win=SELF_5S, fill_discards={2: "1s"}, extra="first_chicken: {1s: 2}")
    assert items(deal.ledger()) == rows(*PLAIN_SELF, (2, 1, "chicken.shown", 1))


def test_g_liability_chicken() -> None:
    """docs/rules.md §8, §12.9, G 責任雞: the first 1s punged costs its discarder 2 more; the pung counts 3 chickens."""
    winner = S("123m 456m 234p 55s", melds=("pung 1s from 2",))
    extra = "first_chicken: {1s: 2}\nfirst_chicken_claimed_by: {1s: 1}"
    led = Deal(G, {1: winner}, win=SELF_5S, extra=extra).ledger()
    assert items(led) == rows(*PLAIN_SELF, *from_each(1, "chicken.fixed", 3), (2, 1, "chicken.liability", 2))


def test_g_shown_black_bone_chicken() -> None:
    """docs/rules.md §8, G 包雞: a seat not ready that discarded an 8p pays each ready seat 2 for it."""
    ready = S("123m 789m 234s 7s", melds=("kong 7p from 2",))
    deal = Deal(G, {1: S(PLAIN), 3: ready}, win=SELF_5S, fill_discards={0: "8p"})
    assert items(deal.ledger()) == rows(
        *PLAIN_SELF, (2, 3, "kong.exposed", 1), (0, 1, "chicken.shown", 2), (0, 3, "chicken.shown", 2)
    )


def test_g_robbed_seat_burns() -> None:
    """docs/rules.md §4 全烧, G: 被搶杠胡者雞牌、豆分全部無效; it still pays for all three, self-drawn (A二(五)2)."""
    robbed = S("123m 456m 1s", melds=("pung 4s from 0", "kong 9p concealed"))
    deal = Deal(G, {1: S(PLAIN), 3: robbed}, win="{by: [1], tile: 4s, from: 3, how: rob_kong}")
    assert deal.result().seats[3].ready
    assert items(deal.ledger()) == rows(*[(3, 1, "win.pattern", 1)] * 3, *[(3, 1, "bonus.self_draw", 1)] * 3)


def test_g_heavenly_win() -> None:
    """docs/rules.md §5, §13, G 天胡: +10 for the dealer winning on the deal."""
    deal = Deal(G, {0: S(PLAIN)}, win="{by: [0], tile: 5s, from: self, first_turn: true}")
    assert items(deal.ledger()) == rows(
        *from_each(0, "win.pattern", 1), *from_each(0, "bonus.self_draw", 1), *from_each(0, "bonus.heavenly", 10)
    )


def test_g_earthly_win() -> None:
    """docs/rules.md §5, §13, G 地胡: +10 for a seat winning on its first draw."""
    deal = Deal(G, {1: S(PLAIN)}, win="{by: [1], tile: 5s, from: self, first_turn: true}")
    assert items(deal.ledger()) == rows(*PLAIN_SELF, *from_each(1, "bonus.earthly", 10))


def test_g_single_wait() -> None:
    """docs/rules.md §5, §13, G 單釣: four melds and the pair, 10 (more than 大对子 5)."""
    melds = ("pung 2m from 0", "pung 3p from 2", "pung 6s from 3", "pung 7m from 0")
    led = Deal(G, {1: S("55s", melds=melds)}, win=SELF_5S).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 10), *from_each(1, "bonus.self_draw", 1))


def test_g_flush_single_wait() -> None:
    """docs/rules.md §5, §13, G 清單釣: 20 (more than 清大对 15)."""
    melds = ("pung 2s from 0", "pung 3s from 2", "pung 6s from 3", "pung 7s from 0")
    led = Deal(G, {1: S("55s", melds=melds)}, win=SELF_5S).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 20), *from_each(1, "bonus.self_draw", 1))


def test_g_seven_pairs_values_from_rules_13() -> None:
    """docs/rules.md §13 table: 七对 10, 龙七对 20."""
    led = Deal(G, {1: S("22m 33m 66p 99p 44s 66s 77s")}, win="{by: [1], tile: 7s, from: 0}").ledger()
    assert items(led) == rows((0, 1, "win.pattern", 10))
    led = Deal(G, {1: S("2222m 33m 66p 99p 44s 66s")}, win="{by: [1], tile: 3m, from: 0}").ledger()
    assert items(led) == rows((0, 1, "win.pattern", 20))


def test_g_draw_pays_chickens_and_the_ready_check() -> None:
    """docs/rules.md §8, §12.13, G: 未聽牌玩家需賠付給聽牌玩家雞分, beside 查叫 (A六); kongs are void."""
    ready = S("123m 456m 789m 1s", melds=("kong 9p concealed",))
    led = Deal(G, {1: ready}).ledger()
    assert items(led) == rows(*from_each(1, "chicken.fixed", 1), *from_each(1, "draw.chajiao", 1))


def test_g_hot_discard() -> None:
    """docs/rules.md §7, G 熱炮: 額外輸1倍底分."""
    hot = S("123m 456m 789m 2s", melds=("kong 9p concealed",))
    led = Deal(G, {1: S(PLAIN), 2: hot}, win="{by: [1], tile: 5s, from: 2, hot: true}").ledger()
    assert items(led) == rows((2, 1, "win.pattern", 1), (2, 1, "bonus.hot", 1))


def test_h_charging_chicken_as_a_multiplier() -> None:
    """docs/rules.md §8, H4: 沖鋒雞是一個當2個 (charge: multiplier, 2): the first 8p is worth 4."""
    rules = with_rules(G, chickens={"charge": "multiplier"})
    deal = Deal(rules, {1: S(PLAIN, discards="8p")}, win=SELF_5S, extra="first_chicken: {8p: 1}")
    assert items(deal.ledger()) == rows(*PLAIN_SELF, *from_each(1, "chicken.charge", 4))


# --------------------------------------------------------------------------- docs/rules.md §13, optional rules

A = "guiyang-classic"


def test_opt_benji_the_turned_tile_counts() -> None:
    """docs/rules.md §13 本鸡: turned 3m: the three 4m are chickens and the 3m itself counts 1."""
    rules = with_rules(A, optional={"benji": 1})
    led = Deal(rules, {1: S("345m 234p 678p 234s 44m")}, win="{by: [1], tile: 4m, from: self}", flip="3m").ledger()
    assert items(led) == rows(
        *from_each(1, "win.pattern", 1), *from_each(1, "chicken.turned", 3), *from_each(1, "chicken.benji", 1)
    )


def test_opt_swinging_chickens() -> None:
    """docs/rules.md §13 摇摆鸡: turned 3m makes both 4m and 2m chickens."""
    rules = with_rules(A, optional={"yaobai": "both"})
    led = Deal(rules, {1: S("234m 456p 678p 234s 55s")}, win=SELF_5S, flip="3m").ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 1), *from_each(1, "chicken.turned", 1) * 2)


def test_opt_lower_chicken() -> None:
    """docs/rules.md §13 下鸡: turned 3m makes 2m, not 4m, the chicken."""
    rules = with_rules(A, optional={"yaobai": "below"})
    led = Deal(rules, {1: S("234m 456p 678p 234s 55s")}, win=SELF_5S, flip="3m").ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 1), *from_each(1, "chicken.turned", 1))
    assert [i.tiles for i in led.by_rule("chicken.turned")] == [(1,)] * 3


def test_opt_weekday_chickens() -> None:
    """docs/rules.md §13 星期鸡: on a Wednesday 3m, 3p and 3s are chickens, 1 each."""
    rules = with_rules(A, optional={"xingqi": 1})
    led = Deal(rules, {1: S(PLAIN)}, win=SELF_5S, extra="weekday: 3").ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 1), *from_each(1, "chicken.xingqi", 1) * 3)


def test_opt_full_table_doubles_when_all_hold_chickens() -> None:
    """docs/rules.md §13 满堂鸡 (second reading): all four seats hold a chicken, so the winner's two 1s pay 4."""
    rules = with_rules(A, optional={"mantang": "double"})
    seats = {
        0: S("1s 2m 5m 8m 3p 6p 9p 3s 6s 9s 7m 4s 7s"),
        1: S("123m 456m 234p 234s 11s"),
        2: S("5p 2m 6m 9m 2p 7p 9p 3s 6s 9s 7m 8m 4s"),
        3: S("5p 3m 6m 9m 2p 6p 9p 3s 7s 9s 7m 8m 2s"),
    }
    deal = Deal(rules, seats, win="{by: [1], tile: 1s, from: self}")
    assert [s.ready for s in deal.result().seats] == [False, True, False, False]
    assert items(deal.ledger()) == rows(*from_each(1, "win.pattern", 1), *from_each(1, "chicken.fixed", 4))


def test_opt_full_table_discards_count() -> None:
    """docs/rules.md §13 满堂鸡 (first reading): the winner's discarded 1s counts under 手上鸡 too."""
    rules = with_rules(A, optional={"mantang": "discards"})
    led = Deal(rules, {1: S(PLAIN, discards="1s")}, win=SELF_5S).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 1), *from_each(1, "chicken.fixed", 1))


def test_opt_wind_chicken_voids_the_chickens() -> None:
    """docs/rules.md §13 吹风鸡: turning 5p voids every chicken of the hand."""
    rules = with_rules(A, optional={"chuifeng": 13})
    led = Deal(rules, {1: S("123m 456p 789p 111s 55m")}, win="{by: [1], tile: 5m, from: self}", flip="5p").ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 1))


def test_opt_yikouer() -> None:
    """docs/rules.md §13 一扣二: +1 on a self-drawn 平胡."""
    rules = with_rules(A, optional={"yikouer": 1})
    led = Deal(rules, {1: S(PLAIN)}, win=SELF_5S).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 1), *from_each(1, "bonus.yikouer", 1))


def test_opt_tongsan() -> None:
    """docs/rules.md §13 通三: 平胡 is worth 3."""
    rules = with_rules(A, optional={"tongsan": 3})
    led = Deal(rules, {1: S(PLAIN)}, win=SELF_5S).ledger()
    assert items(led) == rows(*from_each(1, "win.pattern", 3))


def test_opt_draw_keeps_chickens_and_kongs() -> None:
    """docs/rules.md §13 黄庄不黄鸡杠: on a draw the ready seat's 闷豆 and 幺鸡 are paid beside 查叫."""
    rules = with_rules(A, optional={"keep_on_draw": True})
    ready = S("123m 456m 789m 1s", melds=("kong 9p concealed",))
    led = Deal(rules, {1: ready}).ledger()
    assert items(led) == rows(
        *from_each(1, "draw.chajiao", 1), *from_each(1, "kong.concealed", 2), *from_each(1, "chicken.fixed", 1)
    )
