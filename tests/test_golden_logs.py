"""docs/rules.md §3-§14: the engine and the settlement replay a recorded match of every ruleset the same.

tests/data/golden holds one short match per ruleset, recorded with build/record_golden_logs.py
(who played it is tests/golden_rig.py's PLANS): the game's own match log, and each hand's ledger
beside it. Each hand is re-played from its recorded actions as the replay screen does
(game.records.gamelog.replay) and must give the very same events, the settlement's nets and running scores
included, and a ledger equal item by item to the recorded one. The seats, playing the match again,
must choose the recorded actions. A deliberate change of the rules or of the AI's play is recorded
again with `python build/record_golden_logs.py`.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.core.ruleset import Ruleset
from game.core.settlement import settle
from game.engine.actions import Action
from game.engine.events import Event
from game.match.replay import replay
from game.records.gamelog import ParsedLog, first_difference, read_log, read_log_text
from game.rules.loader import builtin_ruleset_names, load_ruleset
from tests.golden_rig import (
    FEATURES,
    GOLDEN_DIR,
    LOG_SUFFIX,
    PLANS,
    SETTLE_SUFFIX,
    Plan,
    event_text,
    features,
    play_plan,
)

RULESETS = builtin_ruleset_names()


def _recorded(name: str) -> tuple[ParsedLog, list[dict[str, Any]]]:
    parsed = read_log(GOLDEN_DIR / f"{name}{LOG_SUFFIX}")
    ledgers = json.loads((GOLDEN_DIR / f"{name}{SETTLE_SUFFIX}").read_text(encoding="utf-8"))
    assert parsed.head["ruleset"] == name
    assert parsed.ending() is None, f"{name}: {parsed.ending()}"
    assert len(ledgers) == len(parsed.hands), f"{name}: {len(ledgers)} ledgers for {len(parsed.hands)} hands"
    return parsed, ledgers


def event_difference(name: str, hand: int, logged: list[Event], replayed: list[Event]) -> str:
    """Where a hand's replayed events part from the logged ones: the ruleset, the hand and the event."""
    text = f"{name}, hand {hand}: {first_difference(logged, replayed)}"
    for a, b in zip(logged, replayed, strict=False):
        if a != b:
            return f"{text}\n  logged:       {event_text(a)}\n  replay gives: {event_text(b)}"
    longer = logged if len(logged) > len(replayed) else replayed
    extra = event_text(longer[min(len(logged), len(replayed))])
    return f"{text}\n  the first event only the {'log' if longer is logged else 'replay'} has: {extra}"


def ledger_difference(name: str, hand: int, recorded: dict[str, Any], settled: dict[str, Any]) -> str:
    """Where a hand's ledger parts from the recorded one: the nets, then the first item that differs."""
    text = f"{name}, hand {hand}: recorded nets {recorded['nets']}, the settlement now gives {settled['nets']}"
    old, new = recorded["items"], settled["items"]
    for i, (a, b) in enumerate(zip(old, new, strict=False)):
        if a != b:
            return f"{text}\n  item {i + 1} recorded: {a}\n  item {i + 1} now:      {b}"
    return f"{text}\n  recorded {len(old)} items, now {len(new)}"


def check_replay(name: str, parsed: ParsedLog, ledgers: list[dict[str, Any]], rules: Ruleset) -> None:
    """Every hand replays to the logged events and settles to the recorded ledger (AssertionError saying where)."""
    rep = replay(parsed, rules, keep_rounds=True)
    if rep.mismatch is not None:
        hand = rep.hands + 1
        logged = parsed.hands[rep.hands][0]
        rnd = rep.rounds[rep.hands] if len(rep.rounds) > rep.hands else None
        if rnd is None or rnd.events == logged:  # an action the engine refused
            pytest.fail(f"{name}: {rep.mismatch}")
        pytest.fail(event_difference(name, hand, logged, rnd.events))
    assert rep.hands == len(parsed.hands)
    for hand, (rnd, recorded) in enumerate(zip(rep.rounds, ledgers, strict=True), 1):
        assert rnd.state.result is not None, f"{name}, hand {hand}: the replayed hand did not end"
        settled = settle(rnd.state.result, rules).to_json()
        if settled != recorded:
            pytest.fail(ledger_difference(name, hand, recorded, settled))


@pytest.mark.parametrize("name", RULESETS)
def test_recorded_match_replays_to_the_same_events_and_settlements(name: str) -> None:
    """docs/rules.md §3-§14: each hand of the ruleset's recorded match, re-played from its actions, says the
    logged events and settles to the recorded ledger."""
    parsed, ledgers = _recorded(name)
    check_replay(name, parsed, ledgers, load_ruleset(name))


def _action_difference(name: str, logged: ParsedLog, played: ParsedLog) -> str:
    for hand, ((_, old), (_, new)) in enumerate(zip(logged.hands, played.hands, strict=False), 1):
        for i, (a, b) in enumerate(zip(old, new, strict=False)):
            if a != b:
                return f"{name}, hand {hand}, action {i + 1}: recorded {a}, the seats now choose {b}"
        if old != new:
            return f"{name}, hand {hand}: recorded {len(old)} actions, the seats now take {len(new)}"
    return f"{name}: recorded {len(logged.hands)} hands, the match now has {len(played.hands)}"


@pytest.mark.parametrize("plan", PLANS, ids=[p.ruleset for p in PLANS])
def test_the_seats_play_the_recorded_match_again(plan: Plan) -> None:
    """docs/rules.md §3-§14 and docs/ai.md: the same seats, from the same seed, choose the recorded actions, and the
    match loop writes the very same log and ledgers."""
    rules = load_ruleset(plan.ruleset)
    text, ledgers = play_plan(plan, rules)
    recorded = (GOLDEN_DIR / f"{plan.ruleset}{LOG_SUFFIX}").read_text(encoding="utf-8")
    if text != recorded:
        logged, played = read_log_text(recorded, "recorded"), read_log_text(text, "played")
        actions: list[list[Action]] = [a for _, a in logged.hands]
        if actions == [a for _, a in played.hands]:
            pytest.fail(f"{plan.ruleset}: the same actions, but the log differs from the recorded one")
        pytest.fail(_action_difference(plan.ruleset, logged, played))
    assert ledgers == _recorded(plan.ruleset)[1]


def test_every_ruleset_has_a_recorded_match_and_together_they_show_every_feature() -> None:
    """docs/rules.md §4-§10, §15.3: the recorded matches (one per ruleset) claim, kong every way, declare ready,
    name a suit (定缺), win off a discard, by self-draw and by robbing a kong, pass wins and end a hand drawn
    somewhere among them."""
    assert sorted(p.ruleset for p in PLANS) == sorted(RULESETS)
    shown: set[str] = set()
    for name in RULESETS:
        parsed, _ = _recorded(name)
        for events, _ in parsed.hands:
            shown |= features(events)
    assert [f for f in FEATURES if f not in shown] == []
