"""Recorded matches of every ruleset (tests/data/golden): who plays them, and how they are described.

Each ruleset has one short match from a fixed seed, played by a mix of the AI levels. Nothing in
the play depends on the clock: hard's lookahead is bounded by its work limit alone (no deadline),
and the expert plays a fixed number of rollouts a search. The "bold" seat plays as hard does but
declares ready (报听) whenever it may and passes the first win it is offered off a discard each
hand, so that declarations and passed wins (过水, 包牌) come up in a few hands.
The log is the game's own match log; each hand's ledger goes beside it as JSON.
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.levels.easy import EasyAgent
from game.ai.levels.expert import ExpertAgent
from game.ai.levels.hard import NO_DEADLINE_MS, HardAgent
from game.ai.levels.normal import NormalAgent
from game.core.ruleset import Ruleset
from game.core.tiles import format_tile, format_tiles
from game.engine.actions import Action, ActionKind
from game.engine.events import (
    Claimed,
    Event,
    HandEnded,
    HandWon,
    KongDeclared,
    ReadyDeclared,
    SuitsShown,
    TilesDealt,
    WallExhausted,
    WinPassed,
)
from game.engine.observation import Observation
from game.engine.round import HandSetup
from game.match.agents import Agent
from game.match.match import Match
from game.match.play import play_round
from game.records.gamelog import LogWriter

GOLDEN_DIR = Path(__file__).resolve().parent / "data" / "golden"
LOG_SUFFIX = ".jsonl"  # the suffix the game gives its match logs (game.records.replaylog)
SETTLE_SUFFIX = ".settle.json"

EXPERT_ROLLOUTS = 24

# What a recorded match should show somewhere among the seven rulesets (see `features`).
FEATURES: tuple[str, ...] = (
    "pung",
    "kong",
    "concealed",
    "added",
    "ready",
    "discard",
    "self_draw",
    "after_kong",
    "rob_kong",
    "several_winners",
    "hot",
    "draw",
    "win_passed",
    "dingque",
)


@dataclass(frozen=True)
class Plan:
    """One recorded match: its ruleset, seed, number of hands and who sits at each seat of the table."""

    ruleset: str
    seed: str
    hands: int
    seats: tuple[str, ...]  # "easy", "normal", "hard", "expert" or "bold", one per seat


PLANS: tuple[Plan, ...] = (
    Plan("guiyang-classic", "golden-346", 3, ("hard", "expert", "easy", "bold")),
    Plan("guiyang-app", "golden-10", 3, ("hard", "expert", "easy", "bold")),
    Plan("guiyang-modern", "golden-34", 3, ("easy", "hard", "bold", "easy")),
    Plan("guiyang-pass", "golden-182", 3, ("hard", "expert", "easy", "bold")),
    Plan("guiyang-daopei", "golden-98", 3, ("bold", "normal", "hard", "expert")),
    Plan("zhuoji-x10", "golden-6", 3, ("easy", "hard", "bold", "easy")),
    Plan("yiwushi", "golden-10", 3, ("bold", "normal", "hard", "expert")),
    Plan("sandingguai", "golden-6", 3, ("hard", "expert", "bold")),
    Plan("erding-liangfang", "golden-6", 3, ("expert", "bold")),
)


class BoldAgent:
    """Hard's play, except that it declares ready (报听) whenever it may and passes the first win it is
    offered off a discard in each hand."""

    name = "bold"

    def __init__(self, rules: Ruleset) -> None:
        self.hard = HardAgent(rules=rules, budget_ms=NO_DEADLINE_MS)
        self.passed_in = 0  # the hand in which it last passed a win

    def choose(self, obs: Observation) -> Action:
        """Hard's action; a declaring discard in place of a plain one; a pass in place of the hand's first
        win off a discard."""
        action = self.hard.choose(obs)  # asked always, so that its memory of the hand stays whole
        if action.kind is ActionKind.WIN and obs.last_discard is not None and self._first_offer(obs):
            return next(a for a in obs.legal_actions if a.kind is ActionKind.PASS)
        if action.kind is ActionKind.DISCARD and not action.declare:
            declares = [a for a in obs.legal_actions if a.declare]
            same = [a for a in declares if a.tile == action.tile]
            return (same or declares or [action])[0]
        return action

    def _first_offer(self, obs: Observation) -> bool:
        if not any(a.kind is ActionKind.PASS for a in obs.legal_actions):
            return False
        if self.passed_in == obs.hand_no:
            return False  # it passed one already in this hand
        self.passed_in = obs.hand_no
        return True


def seat_agents(plan: Plan, rules: Ruleset) -> list[Agent]:
    """The players of a plan, each seeded from the plan's seed and its seat."""
    agents: list[Agent] = []
    for seat, level in enumerate(plan.seats):
        seed = f"{plan.seed}:{seat}"
        if level == "easy":
            agents.append(EasyAgent(random.Random(f"ai:easy:{seed}"), rules=rules))
        elif level == "normal":
            agents.append(NormalAgent(rules=rules))
        elif level == "hard":
            agents.append(HardAgent(rules=rules, budget_ms=NO_DEADLINE_MS))
        elif level == "expert":
            agents.append(ExpertAgent(rules=rules, seed=seed, rollouts=EXPERT_ROLLOUTS))
        elif level == "bold":
            agents.append(BoldAgent(rules))
        else:
            raise ValueError(f"unknown seat {level!r}")
    return agents


def play_plan(plan: Plan, rules: Ruleset) -> tuple[str, list[dict[str, Any]]]:
    """Play a plan's match: its log text and each hand's ledger as Ledger.to_json gives it."""
    agents = seat_agents(plan, rules)
    match = Match(rules, plan.seed, HandSetup())
    out = io.StringIO()
    writer = LogWriter(out, rules, plan.seed, HandSetup())
    for _ in range(plan.hands):
        rnd = play_round(match.new_round(), agents)
        match.finish_round(rnd)
        writer.write_round(rnd)
    return out.getvalue(), [ledger.to_json() for ledger in match.ledgers]


def settle_text(ledgers: Sequence[dict[str, Any]]) -> str:
    """The settlement file: a JSON list of each hand's ledger in hand order, one hand a line."""
    lines = (json.dumps(ledger, ensure_ascii=False, separators=(",", ":")) for ledger in ledgers)
    return "[\n" + ",\n".join(lines) + "\n]\n"


def features(events: Iterable[Event]) -> set[str]:
    """Which of FEATURES a hand's events show."""
    found: set[str] = set()
    for e in events:
        if isinstance(e, Claimed):
            found.add(e.claim)
        elif isinstance(e, KongDeclared):
            found.add(e.kong)
        elif isinstance(e, ReadyDeclared):
            found.add("ready")
        elif isinstance(e, WinPassed):
            found.add("win_passed")
        elif isinstance(e, WallExhausted):
            found.add("draw")
        elif isinstance(e, SuitsShown):
            found.add("dingque")
        elif isinstance(e, HandWon):
            found.add("several_winners" if len(e.winners) > 1 else e.how)
            if e.hot:
                found.add("hot")
    return found


def event_text(event: Event) -> str:
    """An event for a failure message, its tiles in notation (5m, 1122s)."""
    parts: list[str] = []
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        if f.name in ("tile", "chicken") and isinstance(value, int):
            value = format_tile(value)
        elif f.name == "tiles" and value is not None:
            value = format_tiles(value, sort=False)
        elif f.name == "hands" and isinstance(event, HandEnded):
            value = " ".join(format_tiles(h) for h in value)
        elif isinstance(event, TilesDealt) and f.name == "places":
            value = len(value)
        parts.append(f"{f.name}={value}")
    return f"{event.kind}({', '.join(parts)})"
