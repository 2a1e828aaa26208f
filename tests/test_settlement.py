"""Settlement in general: ledgers sum to zero, rules are registered, and the hand builder the case files share
(tests/settlement_rig.py) fills seats as it should.

The scoring cases by ruleset are in tests/test_settlement_*.py; each names the docs/rules.md
section and seed line it follows.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.core.melds import KongKind, Meld
from game.core.result import HandResult, SeatResult, Win, WinHow
from game.core.ruleset import Ruleset
from game.core.settlement import settle
from game.core.settlement.registry import registered_rules
from game.core.tiles import (
    COPIES,
    WUGUJI,
    YAOJI,
    format_tile,
)
from game.handfile import parse_hand_file, write_hand_file
from game.rules.loader import builtin_ruleset_names, load_ruleset
from tests.settlement_rig import PLAIN, Deal, S, from_each, items, rows, with_rules

# --------------------------------------------------------------------------- general tests


def test_builder_fills_seats_with_hands_that_are_not_ready() -> None:
    r = Deal("guiyang-classic", {1: S(PLAIN)}, win="{by: [1], tile: 5s, from: self}").result()
    assert [s.ready for s in r.seats] == [False, True, False, False]
    assert all(len(s.concealed) == 13 for i, s in enumerate(r.seats) if i != 1)


def test_every_payment_family_is_registered_in_order() -> None:
    """docs/design.md: each payment kind is a registered rule; the ledger lists them in family order."""
    ids = [rid for rid, _ in registered_rules()]
    assert ids[:2] == ["win.pattern", "penalty.baopai"]
    assert ids[-1] == "draw.chajiao"
    assert {"bonus.hot", "bonus.dealer", "kong", "chicken.count", "chicken.liability", "chicken.shown"} <= set(ids)


def test_example_hand_file_settles() -> None:
    """docs/hand-file.md example: 平胡 self-drawn, a 闷豆, two 幺鸡 in hand and a pung of the turned chicken 5m.

    A二, A二(四)2, A七2; docs/rules.md §8 手上鸡 (A一7 "未打出的牌"): the pung's three 5m count.
    """
    from game.handfile import read_hand_file

    r = read_hand_file("tests/hands/example.yaml")
    led = settle(r, load_ruleset("guiyang-classic"))
    assert led.nets() == (24, -8, -8, -8)


def _random_result(rng: random.Random, rules: Ruleset) -> HandResult:
    """A random end of hand at the ruleset's table: legal tile counts, random melds and flags; not always a real
    win."""
    n = rules.players
    wall = [t for t in rules.kinds for _ in range(COPIES)]
    rng.shuffle(wall)
    seats = []
    for seat in range(n):
        melds: list[Meld] = []
        for _ in range(rng.randint(0, 3)):
            t = wall.pop()
            kind = rng.choice([None, KongKind.EXPOSED, KongKind.CONCEALED, KongKind.ADDED])
            source = None if kind is KongKind.CONCEALED else rng.choice([s for s in range(n) if s != seat])
            melds.append(Meld(t, kind, source, late=rng.random() < 0.1 and kind is not KongKind.EXPOSED))
        size = 13 - 3 * len(melds) + (1 if seat == 0 else 0)
        concealed = tuple(sorted(wall.pop() for _ in range(size)))
        discards = tuple(wall.pop() for _ in range(rng.randint(0, 6)))
        seats.append(SeatResult(concealed, tuple(melds), discards, rng.random() < 0.2, rng.random() < 0.5))
    win = None
    if rng.random() < 0.8:
        how = rng.choice(list(WinHow))
        winners = (
            (0,)
            if how in (WinHow.SELF_DRAW, WinHow.AFTER_KONG)
            else tuple(rng.sample(range(n - 1), rng.randint(1, n - 1)))
        )
        discarder = None if how in (WinHow.SELF_DRAW, WinHow.AFTER_KONG) else n - 1
        win = Win(winners, seats[0].concealed[0], how, discarder, rng.random() < 0.3, rng.random() < 0.1)
    hot_kong = next((m for m in seats[n - 1].melds if m.is_kong), None)
    return HandResult(
        ruleset=rules.name,
        dealer=rng.randrange(n),
        streak=rng.randint(0, 3),
        seats=tuple(seats),
        win=win,
        flip=rng.choice([None, *rules.kinds]) if win else None,
        first_chicken={YAOJI: rng.randrange(n), WUGUJI: rng.randrange(n)},
        first_chicken_claimed_by={YAOJI: rng.randrange(n)} if rng.random() < 0.3 else {},
        baopai=win.winners[:1] if win and rng.random() < 0.2 else (),
        hot_kong=hot_kong if win and win.hot else None,
        weekday=rng.randint(1, 7),
    )


_EVERYTHING_ON = {
    "optional": {"benji": 1, "yaobai": "both", "xingqi": 1, "mantang": "double", "yikouer": 1, "keep_on_draw": True}
}


@pytest.mark.parametrize("name", builtin_ruleset_names())
def test_ledgers_sum_to_zero_on_random_results(name: str) -> None:
    """docs/design.md: every ledger sums to zero, under every ruleset (at every table size, docs/rules.md §15.4)
    and with every optional rule on."""
    rng = random.Random(f"zero-{name}")
    rulesets = [load_ruleset(name), with_rules(name, **_EVERYTHING_ON)]
    for _ in range(150):
        result = _random_result(rng, rulesets[0])
        for rules in rulesets:
            led = settle(result, rules)
            assert sum(led.nets()) == 0
            assert all(i.amount == i.fan * rules.base and i.payer != i.payee for i in led)


def test_amount_is_fan_times_base() -> None:
    """docs/rules.md §7: all amounts are fan x the ruleset's base (底分)."""
    rules = with_rules("guiyang-classic")
    rules = replace(rules, base=5)
    led = settle(Deal(rules, {1: S(PLAIN)}, win="{by: [1], tile: 5s, from: self}").result(), rules)
    assert items(led) == rows(*from_each(1, "win.pattern", 5))
    assert {i.fan for i in led} == {1}


def test_ledger_json_and_nets() -> None:
    """docs/rules.md §7 with G's 自摸 +1: the JSON form carries every item and the nets."""
    led = Deal("guiyang-modern", {1: S(PLAIN)}, win="{by: [1], tile: 5s, from: self}").ledger()
    data = led.to_json()
    assert data["nets"] == [-2, 6, -2, -2]
    assert data["items"][0] == {
        "payer": 2,
        "payee": 1,
        "fan": 1,
        "amount": 1,
        "rule": "win.pattern",
        "label_zh": "平胡",
        "label_en": "plain hand",
        "tiles": "5s",
        "on_behalf": None,
    }


def test_round_trip_of_random_engine_like_results() -> None:
    """docs/hand-file.md: write_hand_file output reads back to the same result."""
    r = Deal(
        "guiyang-modern",
        {
            1: S("123m 456m 234s 55s", melds=("kong 9p from 2",), discards="1s 8p"),
            2: S("123p 456p 567p 3s", melds=("pung 7s from 3",)),
        },
        win="{by: [1], tile: 5s, from: 3}",
        extra="first_chicken: {1s: 1, 8p: 1}\nweekday: 5",
    ).result()
    assert parse_hand_file(write_hand_file(r)) == r
    assert format_tile(r.seats[1].melds[0].tile) == "9p"
