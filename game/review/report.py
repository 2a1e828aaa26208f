"""A review as data: each decision's options priced, each hand, the match summary, and the JSON form of it all.

The JSON is what `main.py review --json` prints and what the cache beside a replay holds; reading it
back checks every field (ReportError names the first one that is wrong), so a damaged file is never
half believed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.appraise import CLEAR_Z
from game.engine.actions import Action
from game.learn.explain_words import Said
from game.records.gamelog import action_from_json
from game.review.moments import KINDS

# How many of the costliest decisions the summary names, and the least loss (points) it names.
COSTLIEST = 3
NEGLIGIBLE = 0.05


class ReportError(ValueError):
    """A review's JSON that is not one; the message names the field."""


@dataclass(frozen=True, slots=True)
class Option:
    """One legal option: its expected net points for the seat, the deals it was priced on, how far the
    expert's move is ahead of it in points (negative: it did better than the expert's move) and the
    standard error of that (inf when too few deals were shared to tell)."""

    action: Action
    points: float
    samples: int
    behind: float
    se: float

    @property
    def clearly_behind(self) -> bool:
        """True when the expert's move beats this one by the margin the expert itself needs to switch."""
        return self.behind > 0 and self.behind > CLEAR_Z * self.se


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the seat, priced: what it played, hard's move and the expert's, and why."""

    hand: int
    number: int  # the seat's n-th decision in the hand, from 1
    kind: str  # game.review.moments.KINDS
    events: int  # events of the hand before it (the replay opens there)
    wall: int  # tiles left in the wall
    played: Action
    hard: Action
    expert: Action
    options: tuple[Option, ...]
    why: Said

    @property
    def agrees(self) -> bool:
        """True when the move played is the expert's."""
        return self.played == self.expert

    @property
    def lost(self) -> float:
        """Points the expert's move is worth over the move played, on the deals both were played on: 0 when they
        agree, and 0 when the move played did as well or better (the expert's move is then no better)."""
        mine = self.option(self.played)
        if self.agrees or mine is None:
            return 0.0
        return max(0.0, mine.behind)

    @property
    def costly(self) -> bool:
        """True when the move played lost points worth naming (NEGLIGIBLE or more) against the expert's."""
        return self.lost >= NEGLIGIBLE

    @property
    def even(self) -> bool:
        """True when an option is priced above the expert's move: it trails that option only within the noise
        (game.ai.appraise never keeps a move another clearly beats), so the options are equal as far as the
        search can tell."""
        best = self.option(self.expert)
        return best is not None and any(o.points > best.points for o in self.options)

    @property
    def clear(self) -> bool:
        """True when the expert's move beats the one played by the expert's own switch margin: a clear mistake."""
        mine = self.option(self.played)
        return mine is not None and mine.clearly_behind

    def option(self, action: Action) -> Option | None:
        """The option `action`, if it is one."""
        return next((o for o in self.options if o.action == action), None)


@dataclass(frozen=True, slots=True)
class HandReview:
    """The seat's decisions in one hand and its net points there; `key` says what was reviewed (the cache's)."""

    hand: int
    key: str
    net: int
    decisions: tuple[Decision, ...]
    played_for: int = 0  # decisions an AI made for the seat's person (托管, a clock run out): not rated

    @property
    def lost(self) -> float:
        """Points given away over the hand."""
        return sum(d.lost for d in self.decisions)


@dataclass(frozen=True, slots=True)
class MatchReview:
    """A match reviewed for one seat."""

    ruleset: str
    seed: str
    seat: int
    rollouts: int
    hands: tuple[HandReview, ...]
    players: int  # at the ruleset's table (docs/rules.md §15.2)

    @property
    def decisions(self) -> list[Decision]:
        """Every decision, the costliest first (then in the order they were made)."""
        every = [d for h in self.hands for d in h.decisions]
        return sorted(every, key=lambda d: (-round(d.lost, 6), d.hand, d.number))

    @property
    def agreement(self) -> float:
        """Share of the decisions where the move played was the expert's, 0..1 (1 with none)."""
        every = [d for h in self.hands for d in h.decisions]
        return sum(d.agrees for d in every) / len(every) if every else 1.0

    @property
    def played_for(self) -> int:
        """Decisions an AI made for the seat's person over the match (托管): left out of every figure."""
        return sum(h.played_for for h in self.hands)

    @property
    def own_hands(self) -> list[HandReview]:
        """The hands the person played: all but those whose every decision an AI made for them."""
        return [h for h in self.hands if h.decisions or not h.played_for]

    @property
    def lost_per_hand(self) -> float:
        """Points given away per hand the person played."""
        own = self.own_hands
        return sum(h.lost for h in own) / len(own) if own else 0.0

    def costliest(self, n: int = COSTLIEST) -> list[Decision]:
        """The `n` decisions that gave away the most, those that gave (next to) nothing away left out."""
        return [d for d in self.decisions[:n] if d.costly]


# ---------------------------------------------------------------------------- JSON


def option_json(o: Option) -> dict[str, Any]:
    """An option as JSON."""
    se = round(o.se, 4) if math.isfinite(o.se) else None
    return {
        "action": o.action.to_json(),
        "points": round(o.points, 4),
        "samples": o.samples,
        "behind": round(o.behind, 4),
        "se": se,
    }


def decision_json(d: Decision) -> dict[str, Any]:
    """A decision as JSON (with the points it gave away and whether the options are even within the noise, for
    readers of the printed review)."""
    return {
        "hand": d.hand,
        "number": d.number,
        "kind": d.kind,
        "events": d.events,
        "wall": d.wall,
        "played": d.played.to_json(),
        "hard": d.hard.to_json(),
        "expert": d.expert.to_json(),
        "lost": round(d.lost, 4),
        "even": d.even,
        "options": [option_json(o) for o in d.options],
        "why": {"zh": d.why.zh, "en": d.why.en},
    }


def hand_json(h: HandReview) -> dict[str, Any]:
    """A hand's review as JSON."""
    return {
        "hand": h.hand,
        "key": h.key,
        "net": h.net,
        "decisions": [decision_json(d) for d in h.decisions],
        "played_for": h.played_for,
    }


def match_json(r: MatchReview) -> dict[str, Any]:
    """The whole review as JSON, with its summary."""
    return {
        "ruleset": r.ruleset,
        "seed": r.seed,
        "seat": r.seat,
        "rollouts": r.rollouts,
        "summary": {
            "decisions": sum(len(h.decisions) for h in r.hands),
            "played_for": r.played_for,
            "agreement": round(r.agreement, 4),
            "lost_per_hand": round(r.lost_per_hand, 4),
            "costliest": [[d.hand, d.number] for d in r.costliest()],
        },
        "hands": [hand_json(h) for h in r.hands],
    }


def _field(obj: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(obj, dict):
        raise ReportError(f"{where}: expected an object")
    value = obj.get(key)
    if isinstance(value, bool) or not isinstance(value, kind):
        raise ReportError(f"{where}.{key}: missing or of the wrong type")
    if isinstance(value, float) and not math.isfinite(value):
        raise ReportError(f"{where}.{key}: not a finite number")
    return value


def _action(obj: Any, where: str) -> Action:
    try:
        return action_from_json(dict(obj, type="action") if isinstance(obj, dict) else obj)
    except ValueError as exc:
        raise ReportError(f"{where}: {exc}") from None


def option_from_json(obj: Any, where: str) -> Option:
    """An option read back (ReportError naming the field that is wrong)."""
    number = (int, float)
    se = obj.get("se") if isinstance(obj, dict) else None
    return Option(
        _action(_field(obj, "action", dict, where), f"{where}.action"),
        float(_field(obj, "points", number, where)),
        _field(obj, "samples", int, where),
        float(_field(obj, "behind", number, where)),
        math.inf if se is None else float(_field(obj, "se", number, where)),
    )


def decision_from_json(obj: Any, where: str) -> Decision:
    """A decision read back; its options must hold the moves played and chosen."""
    kind = _field(obj, "kind", str, where)
    if kind not in KINDS:
        raise ReportError(f"{where}.kind: {kind[:20]!r} is not a kind of decision")
    raw = _field(obj, "options", list, where)
    options = tuple(option_from_json(o, f"{where}.options[{i}]") for i, o in enumerate(raw))
    why = _field(obj, "why", dict, where)
    d = Decision(
        _field(obj, "hand", int, where),
        _field(obj, "number", int, where),
        kind,
        _field(obj, "events", int, where),
        _field(obj, "wall", int, where),
        _action(_field(obj, "played", dict, where), f"{where}.played"),
        _action(_field(obj, "hard", dict, where), f"{where}.hard"),
        _action(_field(obj, "expert", dict, where), f"{where}.expert"),
        options,
        Said(_field(why, "zh", str, f"{where}.why"), _field(why, "en", str, f"{where}.why")),
    )
    if d.option(d.played) is None or d.option(d.expert) is None:
        raise ReportError(f"{where}: the moves played and chosen must be among the options")
    return d


def hand_from_json(obj: Any, where: str) -> HandReview:
    """A hand's review read back."""
    raw = _field(obj, "decisions", list, where)
    played_for = obj.get("played_for", 0)  # none in a hand kept before any move was the AI's
    if type(played_for) is not int or played_for < 0:
        raise ReportError(f"{where}.played_for: not a count of decisions")
    return HandReview(
        _field(obj, "hand", int, where),
        _field(obj, "key", str, where),
        _field(obj, "net", int, where),
        tuple(decision_from_json(d, f"{where}.decisions[{i}]") for i, d in enumerate(raw)),
        played_for,
    )


def hands_from_json(raw: Sequence[Any], where: str) -> list[HandReview]:
    """A list of hand reviews read back."""
    return [hand_from_json(h, f"{where}[{i}]") for i, h in enumerate(raw)]
