"""Every point explained: the turned chicken, each chicken counted or not and why, each payment's rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.settlement import Ledger, settle
from game.handfile import parse_hand_file
from game.learn.explain import chicken_notes, explain_items, explain_text, flip_note
from game.match.simulate import simulate
from game.rules.loader import builtin_ruleset_names, load_ruleset
from tests.settlement_rig import Deal, S

READY_SEAT = S("123p 234p 789s 456m 4s")  # ready on 4s, no chickens under any flip used here
EXAMPLE = Path(__file__).parent / "hands" / "example.yaml"


def _example() -> tuple[HandResult, Ruleset, Ledger]:
    result = parse_hand_file(EXAMPLE.read_text(encoding="utf-8"), str(EXAMPLE), None)
    rules = load_ruleset(result.ruleset)
    return result, rules, settle(result, rules)


def test_flip_row_shows_its_value() -> None:
    """docs/rules.md §8 翻鸡 (A七1): 4m turned makes 5m the chicken at the ruleset's flip value."""
    result, rules, _ = _example()
    said = flip_note(result, rules)
    assert said.zh == "翻出四万：五万是翻鸡，每张1番。"
    assert said.en == "Turned 4m: 5m is the turned chicken, 1 fan a copy."


def test_golden_flip() -> None:
    """docs/rules.md §8 金鸡 (A七3): 9s turned makes 幺鸡 golden at 2 a copy."""
    led = Deal("guiyang-classic", {1: S("123m 456p 789p 234s 11s")}, win="{by: [1], tile: 4s, from: self}", flip="9s")
    result = led.result()
    rules = load_ruleset("guiyang-classic")
    assert "金鸡，每张2番" in flip_note(result, rules).zh
    notes = [n for n in chicken_notes(result, rules, settle(result, rules)) if n.seat == 1]
    assert notes and notes[0].counted and notes[0].fan == 2 and notes[0].copies == 2


def test_discarded_chicken_under_hand_scope_is_explained() -> None:
    """docs/rules.md §8 手上鸡 (A一7): East's discarded 1s does not count, and the note says why."""
    result, rules, ledger = _example()
    notes = chicken_notes(result, rules, ledger)
    east_hand = [n for n in notes if n.seat == 0 and n.where == "hand"]
    assert east_hand[0].counted and east_hand[0].copies == 2 and east_hand[0].payers == (1, 2, 3)
    discarded = [n for n in notes if n.seat == 0 and n.where == "discard"]
    assert not discarded[0].counted and "打出去的鸡不算" in discarded[0].said.zh


def test_chicken_of_a_seat_not_ready_is_explained() -> None:
    """docs/rules.md §8, §12.8 (A七1): a seat that is not ready collects nothing."""
    result, rules, ledger = _example()
    south = [n for n in chicken_notes(result, rules, ledger) if n.seat == 1]
    assert south and not south[0].counted and "not ready" in south[0].said.en


def test_draw_counts_no_chickens() -> None:
    """docs/rules.md §9, §12.13: on a draw the classic table pays no chickens, and each note says so."""
    result = Deal("guiyang-classic", {1: S("123m 456p 789p 234s 1s", discards="9m")}).result()
    rules = load_ruleset("guiyang-classic")
    notes = chicken_notes(result, rules, settle(result, rules))
    assert notes and all(not n.counted and "黄庄" in n.said.zh for n in notes)
    assert "黄庄" in flip_note(result, rules).zh


def test_every_payment_has_a_rule_sentence_with_its_value() -> None:
    """docs/rules.md §7: 闷豆 2 from each other seat, in the sentence of its line."""
    result, rules, ledger = _example()
    notes = explain_items(result, rules, ledger)
    assert len(notes) == len(ledger)
    kong = next(n for n in notes if n.item.rule == "kong.concealed")
    assert "2番" in kong.said.zh and "2 fan" in kong.said.en


@pytest.mark.parametrize("name", builtin_ruleset_names())
def test_counted_notes_agree_with_the_ledger(name: str) -> None:
    """docs/rules.md §8: a seat has a counted chicken note exactly when it collects chicken points (simulated hands)."""
    rules = load_ruleset(name)
    results: list[HandResult] = []
    simulate(rules, "explain", 60, on_hand=results.append)
    assert results
    for result in results:
        ledger = settle(result, rules)
        notes = chicken_notes(result, rules, ledger)
        counted = {n.seat for n in notes if n.counted}
        plain = {"chicken.fixed", "chicken.turned", "chicken.golden", "chicken.charge", "chicken.concealed_kong"}
        paid = {i.payee for i in ledger if i.rule in plain}
        assert paid <= counted, (result, notes)
        for n in notes:
            if n.counted:
                assert n.fan > 0 and (n.payers or rules.chickens.payers == "holding_none")
        if rules.optional.mantang != "double":
            for seat in range(rules.players):
                told = sum(n.each * len(n.payers) for n in notes if n.seat == seat and n.counted and not n.paid_to)
                owed = sum(i.fan for i in ledger if i.payee == seat and i.rule in plain)
                assert told == owed, (result, seat, notes)
        # docs/rules.md §14: a seat not ready's discards and its 冲锋鸡 are paid to the ready seats.
        pond = {"chicken.not_ready_discards", "chicken.charge_not_ready"}
        told = sum(n.each * len(n.payers) * len(n.paid_to) for n in notes if n.paid_to)
        assert told == sum(i.fan for i in ledger if i.rule in pond), (result, notes)
        assert explain_text(result, rules, ledger, "en")


def test_settle_explain_prints_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    """`settle FILE --explain` prints the ledger, then the flip, every chicken and every rule sentence."""
    from main import main

    assert main(["settle", str(EXAMPLE), "--explain"]) == 0
    out = capsys.readouterr().out
    assert "Turned 4m: 5m is the turned chicken, 1 fan a copy." in out
    assert "East, 1s ×1 discarded: not counted" in out
    assert main(["settle", str(EXAMPLE), "--explain", "--lang", "zh", "--json"]) == 0
    assert "翻出四万" in capsys.readouterr().out


def test_a_punged_chicken_counts_for_the_claimer_under_hand_scope() -> None:
    """docs/rules.md §8 手上鸡 (melds count), §12.8: East's pung of 5m, the turned chicken, is counted and explained."""
    result, rules, ledger = _example()
    melds = [n for n in chicken_notes(result, rules, ledger) if n.seat == 0 and n.where == "meld"]
    assert melds and melds[0].counted and melds[0].copies == 3 and melds[0].payers == (1, 2, 3)
    assert melds[0].said.en == "East, 5m ×3 in a meld: counted, 1 fan a copy from each of South, West, North."


def _daopei_lines(deal: Deal, language: str) -> list[str]:
    result = deal.result()
    rules = load_ruleset("guiyang-daopei")
    lines = explain_text(result, rules, settle(result, rules), language)
    return lines[
        lines.index("鸡：" if language == "zh" else "Chickens:") + 1 : lines.index(
            "每一笔：" if language == "zh" else "Every payment:"
        )
    ]


def test_daopei_chickens_follow_the_ledger() -> None:
    """docs/rules.md §14 (guiyang-daopei): chickens are paid only by seats not ready and collected only by ready
    seats; a not-ready seat's discarded 1s/8p are paid to each ready seat by every not-ready seat; East, not
    ready, pays its 冲锋鸡 8p 2 to each ready seat in place of its pond share; its kept 8p neither earns nor
    pays; North's own discarded 8p counts for North, ready (scope: all, GY1); 责任鸡 costs West, not ready, 1."""
    east = S("1m 4m 5m 8p 2p 6p 7p 2s 3s 7s", melds=("kong 9p concealed",), discards="8p")
    north = S("123p 567p 789s 4s", melds=("pung 1s from 2",), discards="8p")
    deal = Deal(
        "guiyang-daopei",
        {0: east, 1: S("123m 456m 234p 678s 55s"), 3: north},
        win="{by: [1], tile: 5s, from: self}",
        flip=None,
        fill_discards={2: "1s 8p"},
        extra="first_chicken: {8p: 0}",
    )
    assert _daopei_lines(deal, "zh") == [
        "  东手里八筒×1：不算，没有叫牌：手里和碰杠的鸡不收分，也不赔（只有叫牌的人收鸡）。",
        "  东打出八筒×1：冲锋鸡，但东没有叫牌，赔给叫牌的南、北各2番。",
        "  西打出幺鸡×1：没有叫牌的人打出的鸡，每张1番，没叫牌的东、西各赔给叫牌的南、北。",
        "  西打出八筒×1：没有叫牌的人打出的鸡，每张1番，没叫牌的东、西各赔给叫牌的南、北。",
        "  北碰杠幺鸡×3：算鸡，每张1番，东、西各付。",
        "  北打出八筒×1：算鸡，每张1番，东、西各付。",
    ]
    assert _daopei_lines(deal, "en") == [
        "  East, 8p ×1 in hand: not counted, the seat is not ready: its chickens kept in hand or melds neither "
        "earn nor pay (only ready seats collect).",
        "  East, 8p ×1 discarded: the hand's 冲锋鸡, but East is not ready and pays 2 to each ready seat "
        "(South, North).",
        "  West, 1s ×1 discarded: a chicken discarded by a seat not ready, 1 fan a copy, paid by each seat not "
        "ready (East, West) to each ready seat (South, North).",
        "  West, 8p ×1 discarded: a chicken discarded by a seat not ready, 1 fan a copy, paid by each seat not "
        "ready (East, West) to each ready seat (South, North).",
        "  North, 1s ×3 in a meld: counted, 1 fan a copy from each of East, West.",
        "  North, 8p ×1 discarded: counted, 1 fan a copy from each of East, West.",
    ]
    result = deal.result()
    rules = load_ruleset("guiyang-daopei")
    ledger = settle(result, rules)
    liability = next(n for n in explain_items(result, rules, ledger) if n.item.rule == "chicken.liability")
    assert liability.item.payer == 2 and liability.item.payee == 3
    assert (
        liability.said.en == "Chicken claimed: West is not ready and its discarded 1s was claimed, so West pays 1 fan."
    )


def test_daopei_charge_passes_to_the_claimer_and_ready_seats_never_pay() -> None:
    """docs/rules.md §14 冲锋鸡 "passes to a ready seat that claims it": North's punged first 1s is its 冲锋鸡, 2 from
    each of the other three, the winner too (GY1), and its three 1s plain; with every other seat ready, nobody
    pays South's 1s."""
    north = S("123p 567p 789s 4s", melds=("pung 1s from 2",))
    deal = Deal(
        "guiyang-daopei",
        {1: S("123m 456m 234p 234s 55s"), 3: north},
        win="{by: [1], tile: 5s, from: self}",
        flip=None,
        extra="first_chicken: {1s: 2}",
    )
    assert _daopei_lines(deal, "en") == [
        "  North, 1s in a meld: the hand's first chicken discarded (冲锋鸡), passed to its ready claimer, 2 fan "
        "from each of East, South, West.",
        "  North, 1s ×3 in a meld: counted, 1 fan a copy from each of East, West.",
    ]
    everyone_ready = S("123m 456m 789m 123p 5s")
    south = S("111s 456m 789m 123p 55s")
    deal = Deal(
        "guiyang-daopei",
        {0: everyone_ready, 1: south, 2: S("123p 456p 567p 456s 9s"), 3: S("456m 567p 234s 678s 7s")},
        win="{by: [1], tile: 5s, from: self}",
        flip=None,
    )
    assert _daopei_lines(deal, "zh") == ["  南手里幺鸡×3：不算，只有没叫牌的人赔鸡，别家都叫牌了，没人付。"]


def test_daopei_a_turned_chicken_discarded_by_a_seat_not_ready_is_not_paid() -> None:
    """docs/rules.md §14 "a not-ready seat's discarded 1s / 8p are paid to each ready seat": West, not ready,
    discarded 5p, the turned chicken (4p turned), which is no 1s or 8p, so nobody pays for it."""
    deal = Deal(
        "guiyang-daopei",
        {1: S("123m 456m 234p 234s 55s"), 3: READY_SEAT},
        win="{by: [1], tile: 5s, from: self}",
        avoid="5p",
        fill_discards={2: "5p"},
    )
    assert _daopei_lines(deal, "en") == [
        "  West, 5p ×1 discarded: not counted, of a seat not ready's discards only the fixed chickens (1s, 8p) are "
        "paid, not this one."
    ]
