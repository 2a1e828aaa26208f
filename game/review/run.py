"""Reviewing a match: walk it to each of the seat's decisions, price every option, say why; hand by hand.

The walk goes through the match controller (game.review.moments); each decision is priced from the
seat's observation alone by the expert's search (game.ai.appraise), with hard following the hand as
the expert's own hard does at the table, and without its clock: the same match gives the same review
on every run. Hands already reviewed (by key, see `hand_keys`) are taken as they are.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from game.ai.appraise import DEFAULT_ROLLOUTS, appraise
from game.ai.levels.hard import NO_DEADLINE_MS, HardAgent
from game.core.ruleset import Ruleset
from game.engine.actions import Action, ActionKind
from game.engine.round import HandSetup
from game.learn.explain_words import Said
from game.records.gamelog import LogError, ParsedLog, action_json, header_setup, read_log
from game.review.moments import HandMoments, ReviewError, decision_kind, walk_match
from game.review.report import Decision, HandReview, MatchReview, Option
from game.review.why import explain
from game.rules.loader import RulesetError
from game.rules.refs import load_ruleset_ref

# The review's format of keys and prices: a change to how a decision is priced changes it, so that
# reviews kept from before are made again.
REVIEW_VERSION = 2
_NO_WHY = Said("", "")
Progress = Callable[[int, int], None]  # (decisions priced, decisions to price)

_KONGS = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG, ActionKind.KONG)


@dataclass(frozen=True)
class LoggedMatch:
    """What a review needs of a match log: its ruleset, seed, first hand's set-up and every finished hand's actions."""

    rules: Ruleset
    seed: str
    setup: HandSetup
    hands: tuple[tuple[Action, ...], ...]
    stand_ins: tuple[frozenset[int], ...] = ()  # per hand: its actions an AI made for a person (not rated)


def read_match(path: Path, lenient: bool = True) -> LoggedMatch:
    """The match logged at `path` (its unfinished last hand left out); ReviewError saying what is wrong."""
    try:
        parsed = read_log(path, lenient=lenient)
        rules = load_ruleset_ref(parsed.head["ruleset"])
    except (LogError, RulesetError) as exc:
        raise ReviewError(str(exc)) from None
    return logged_match(parsed, rules)


def logged_match(parsed: ParsedLog, rules: Ruleset) -> LoggedMatch:
    """A parsed log as a review reads it: its finished hands' actions."""
    hands = [tuple(actions) for _events, actions in parsed.hands]
    if parsed.ending() is not None:
        hands.pop()
    stand_ins = tuple(frozenset(s) for s in parsed.stand_ins[: len(hands)])
    return LoggedMatch(rules, str(parsed.head["seed"]), header_setup(parsed.head), tuple(hands), stand_ins)


def hand_keys(match: LoggedMatch, seat: int, rollouts: int) -> list[str]:
    """One key per hand naming everything its review depends on: the ruleset's every value, the seed, the
    first set-up, the seat, the rollouts and the actions of that hand and the hands before it (which of them an
    AI made for a person too)."""
    head = json.dumps([REVIEW_VERSION, repr(match.rules), match.seed, repr(match.setup), seat, rollouts])
    digest = hashlib.sha256(head.encode())
    keys = []
    for n, actions in enumerate(match.hands):
        played_for = match.stand_ins[n] if n < len(match.stand_ins) else frozenset()
        logged = [action_json(a, i in played_for) for i, a in enumerate(actions)]
        digest.update(json.dumps(logged, sort_keys=True).encode())
        keys.append(digest.copy().hexdigest()[:32])
    return keys


def review_match(
    match: LoggedMatch,
    seat: int,
    rollouts: int = DEFAULT_ROLLOUTS,
    known: Mapping[str, HandReview] | None = None,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
    on_hand: Callable[[HandReview], None] | None = None,
) -> MatchReview:
    """Review `seat`'s play over the match; hands in `known` (by key) are not priced again, and `on_hand` is
    given each hand as soon as it is reviewed (so that a review stopped half way keeps what it did).

    ReviewError when the log does not replay; game.ai.appraise.Cancelled once `cancelled()` is true.
    """
    if rollouts < 1:
        raise ReviewError(f"rollouts must be at least 1, got {rollouts}")
    walked = walk_match(match.rules, match.seed, match.setup, match.hands, seat, match.stand_ins)
    keys = hand_keys(match, seat, rollouts)
    known = known or {}
    todo = sum(sum(m.rated for m in h.moments) for h, k in zip(walked, keys, strict=False) if k not in known)
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, todo)

    if progress is not None:
        progress(0, todo)
    hands = []
    for hm, key in zip(walked, keys, strict=False):
        found = known.get(key)
        if found is None:
            found = review_hand(match.rules, hm, key, rollouts, tick, cancelled)
            if on_hand is not None:
                on_hand(found)
        hands.append(found)
    return MatchReview(match.rules.name, match.seed, seat, rollouts, tuple(hands), match.rules.players)


def review_hand(
    rules: Ruleset,
    hm: HandMoments,
    key: str,
    rollouts: int,
    tick: Callable[[], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> HandReview:
    """Price each decision of one hand's moments; hard sees every one of the seat's observations in order."""
    # Without its wall-clock deadline, so that no clock decides anything in a review.
    hard = HardAgent(rules=rules, budget_ms=NO_DEADLINE_MS)
    decisions: list[Decision] = []
    played_for = 0  # decisions an AI made for the person: walked (hard follows them) but not priced
    for m in hm.moments:
        kong_wall = hard.kong_wall
        base = hard.choose(m.obs)
        # Hard remembers the seat's own kongs (its next discard is hot): the ones played, not its own choice.
        hard.kong_wall = m.obs.wall_remaining if m.played.kind in _KONGS else kong_wall
        if not m.decides:
            continue
        if m.stand_in:
            played_for += 1
            continue
        number = len(decisions) + played_for + 1  # the seat's n-th decision of the hand, the AI's counted too
        a = appraise(m.obs, rules, hard, base, f"review:{hm.hand}:{number}", rollouts, m.after_kong, cancelled)
        options = tuple(Option(p.action, p.points, p.samples, p.behind, p.se) for p in a.options)
        kind = decision_kind(m.obs)
        d = Decision(hm.hand, number, kind, m.events, m.obs.wall_remaining, m.played, base, a.expert, options, _NO_WHY)
        # The sentence says what the prices say where the hand's shape cannot tell the moves apart.
        why = explain(m.obs, rules, m.played, a.expert, hard.tracker, m.after_kong, d.lost, d.clear)
        decisions.append(replace(d, why=why))
        if tick is not None:
            tick()
    return HandReview(hm.hand, key, hm.net, tuple(decisions), played_for)


def split_known(hands: Sequence[HandReview]) -> dict[str, HandReview]:
    """Hand reviews by key (what `review_match` takes as `known`)."""
    return {h.key: h for h in hands}
