"""A logged match walked through the match controller to every moment one seat had to act.

Each hand's logged actions are handed to game.match.controller.MatchController in order; before each of the
seat's actions the seat's observation is taken (game.engine.observation.observe, exactly what an agent gets at
the table). A moment with more than one legal option is a decision the review prices.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from game.core.ruleset import Ruleset
from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation
from game.engine.round import HandSetup, IllegalAction
from game.match.controller import MatchController

# The kinds of decision, by what the seat could do (a win on offer decides the kind first).
WIN = "win"  # 胡 or not
CLAIM = "claim"  # 碰, 杠 or 过 a discard
KONG = "kong"  # 杠 from the hand, or discard instead
DECLARE = "declare"  # 报听 with the discard, or not
DISCARD = "discard"  # which tile to 打
KINDS = (WIN, CLAIM, KONG, DECLARE, DISCARD)

_KONGS = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG, ActionKind.KONG)


class ReviewError(ValueError):
    """A match that cannot be reviewed; the message says which hand and why."""


@dataclass(frozen=True, slots=True)
class Moment:
    """The seat to act: its observation, the action it took, and where in the hand's events it stood."""

    hand: int  # the hand's number in the match, from 1
    obs: Observation
    played: Action
    events: int  # events of the hand that had happened (a replay opens here)
    after_kong: bool  # the seat's tile in hand is the replacement for its own kong
    stand_in: bool = False  # an AI played it for the seat's person (托管, a clock run out)

    @property
    def decides(self) -> bool:
        """True when the seat had a choice (more than one legal option)."""
        return len(set(self.obs.legal_actions)) > 1

    @property
    def rated(self) -> bool:
        """True when the review prices it: a choice the seat's person made themselves."""
        return self.decides and not self.stand_in


@dataclass(frozen=True, slots=True)
class HandMoments:
    """Every moment of one seat in one hand, and the seat's net points from its settlement."""

    hand: int
    moments: tuple[Moment, ...]
    net: int


def decision_kind(obs: Observation) -> str:
    """What the decision is about: 胡 on offer, a claim, a kong, 报听, or only which tile to discard."""
    kinds = {a.kind for a in obs.legal_actions}
    if ActionKind.WIN in kinds:
        return WIN
    if obs.phase != "turn":
        return CLAIM
    if kinds.intersection(_KONGS):
        return KONG
    if any(a.declare for a in obs.legal_actions):
        return DECLARE
    return DISCARD


def walk_match(
    rules: Ruleset,
    seed: str,
    setup: HandSetup,
    hands: Sequence[Sequence[Action]],
    seat: int,
    stand_ins: Sequence[Collection[int]] = (),
) -> list[HandMoments]:
    """Replay each hand's actions through the match controller; the seat's moments, hand by hand (`stand_ins`:
    per hand, the indices of its actions an AI made for a person).

    A hand that is not over at the end of its actions (a log cut short) ends the walk. ReviewError
    names the hand and the action the engine refused.
    """
    if not 0 <= seat < rules.players:
        raise ReviewError(f"seat must be 0-{rules.players - 1} at a table of {rules.players}, got {seat}")
    table = MatchController(rules, seed, (None,) * rules.players, setup, keep_save=False)
    out: list[HandMoments] = []
    for number, actions in enumerate(hands, 1):
        table.start_hand()
        rnd = table.round
        assert rnd is not None
        moments: list[Moment] = []
        kong_wall = -1  # the wall after the seat's last kong, as the expert keeps it
        played_for = stand_ins[number - 1] if number <= len(stand_ins) else ()
        for i, action in enumerate(actions):
            # Naming the 定缺 suit (docs/rules.md §15.3) is not priced: the expert does not search it.
            if action.seat == seat and action.kind is not ActionKind.DINGQUE:
                obs = table.observe(seat)
                after = obs.drawn is not None and obs.wall_remaining == kong_wall - 1
                moments.append(Moment(number, obs, action, len(rnd.events), after, i in played_for))
                if action.kind in _KONGS:
                    kong_wall = obs.wall_remaining
            try:
                table.submit(action)
            except IllegalAction as exc:
                raise ReviewError(f"hand {number}, action {i + 1}: {exc}") from None
        if not table.hand_over:
            break
        table.settle()
        out.append(HandMoments(number, tuple(moments), table.ledger.nets()[seat]))
    return out
