"""The expert as a teacher: matches whose searched decisions are written down, every option priced, for training.

Every seat is an expert that searches with a fixed rollout count and drops no candidate, so each move it
weighs is played on the same deals and gets the same number of them: its mean is the expert's price of the
move. For each searched decision a record keeps the seat's inputs (game.ai.learned.features: the table, and
each move with the hand it leaves), each move's mean points and deals, the move played, and, once the
hand is settled, the seat's net points in it. Records go to gzip JSON-lines files of a few deals each
(shards) in a folder of the caller's; a shard already there is not played again, so a stopped run goes on
where it stopped, and the same seed gives the same shards on any number of processes.
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.learned.features import VERSION, Sparse, encode_decision
from game.ai.levels.expert import Candidate, ExpertAgent
from game.ai.levels.guide import hard_prices
from game.ai.measure.arena import Progress, deal_setup, finished
from game.ai.search.workers import Task
from game.core.rollout import LeanHand
from game.core.ruleset import Ruleset
from game.engine.actions import Action
from game.engine.observation import Observation
from game.match.controller import MatchController
from game.rules.loader import load_ruleset

# Deals a shard holds: small enough that a stop loses little, large enough that the files stay few.
SHARD_DEALS = 8


class PricingExpert(ExpertAgent):
    """The expert searching every candidate on every deal (none dropped, no early stop), writing each search down."""

    def __init__(self, rules: Ruleset, seed: str, rollouts: int) -> None:
        super().__init__(rules=rules, seed=seed, rollouts=rollouts, name="teacher")
        self.records: list[dict[str, Any]] = []

    @staticmethod
    def _drop_dominated(alive: list[Candidate]) -> None:
        """Nothing is dropped: every move gets the same deals, so every price is as good as the others."""

    def search(
        self,
        obs: Observation,
        make_deal: Callable[[], LeanHand],
        cands: list[Candidate],
        rules: Ruleset,
        samples_cap: int | None = None,
        task: Task | None = None,
    ) -> Action:
        """The expert's search and its move, with the decision written down."""
        action = super().search(obs, make_deal, cands, rules, samples_cap, task)
        if task is not None:
            self.records.append(decision_record(obs, rules, task, cands, action, self.hard.last_scored))
        return action


def _rounded(sparse: Sparse) -> list[list[float]]:
    return [[i, round(v, 4)] for i, v in sparse]


def decision_record(
    obs: Observation, rules: Ruleset, task: Task, cands: list[Candidate], action: Action, scored: list[Any]
) -> dict[str, Any]:
    """One searched decision as a JSON-ready record (its `result` is added when the hand is settled)."""
    actions = [c.action for c in cands]
    table, moves = encode_decision(obs, rules, task.reading, actions, hard_prices(scored))
    return {
        "ruleset": rules.name,
        "seat": obs.seat,
        "table": _rounded(table),
        "moves": [_rounded(m) for m in moves],
        "kinds": [str(a) for a in actions],
        "price": [round(c.mean(), 4) for c in cands],
        "deals": [c.samples() for c in cands],
        "played": actions.index(action),
    }


def play_shard(ruleset: str, seed: str, first: int, deals: int, rollouts: int) -> list[dict[str, Any]]:
    """Play deals first .. first + deals - 1 with a teacher in every seat; every searched decision's record."""
    rules = load_ruleset(ruleset)
    out: list[dict[str, Any]] = []
    for deal in range(first, first + deals):
        setup = deal_setup(seed, deal, rules)
        agents = [PricingExpert(rules, f"teacher:{seed}:{deal}:{s}", rollouts) for s in range(rules.players)]
        table = MatchController(rules, f"teacher:{seed}:{deal}", agents, setup, keep_save=False, keep_ledgers=False)
        table.start_hand()
        table.run_agents()
        table.settle()
        nets = table.ledger.nets()
        for s, agent in enumerate(agents):
            for rec in agent.records:
                rec["result"] = nets[s]
                rec["deal"] = deal
                out.append(rec)
    return out


@dataclass(frozen=True)
class Shard:
    """One file's worth of work."""

    ruleset: str
    seed: str
    first: int
    deals: int
    rollouts: int
    path: str


def shard_name(ruleset: str, seed: str, first: int, rollouts: int) -> str:
    """The file a shard is written to: its ruleset, seed, first deal and rollouts, so that runs never mix."""
    return f"{ruleset}-s{seed}-r{rollouts}-v{VERSION}-{first:07d}.jsonl.gz"


def write_shard(shard: Shard) -> int:
    """Play a shard and write it whole (a temporary file renamed), so a stopped run leaves no half shard."""
    records = play_shard(shard.ruleset, shard.seed, shard.first, shard.deals, shard.rollouts)
    tmp = shard.path + ".part"
    with gzip.open(tmp, "wt", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, separators=(",", ":")) + "\n")
    os.replace(tmp, shard.path)
    return len(records)


@dataclass
class TeacherRun:
    """What a run did: shards played now and found done, and the decisions written now."""

    played: int
    skipped: int
    decisions: int


def run_teacher(
    out: Path,
    ruleset: str,
    deals: int,
    seed: str,
    rollouts: int,
    workers: int,
    progress: Progress | None = None,
) -> TeacherRun:
    """Write the records of `deals` deals to `out`, skipping the shards already there."""
    out.mkdir(parents=True, exist_ok=True)
    todo: list[Shard] = []
    skipped = 0
    for first in range(0, deals, SHARD_DEALS):
        count = min(SHARD_DEALS, deals - first)
        path = out / shard_name(ruleset, seed, first, rollouts)
        if path.exists():
            skipped += 1
            continue
        todo.append(Shard(ruleset, seed, first, count, rollouts, str(path)))
    counts = finished(write_shard, todo, workers, True, progress) if todo else []
    return TeacherRun(len(todo), skipped, sum(counts))


def read_records(folder: Path) -> list[dict[str, Any]]:
    """Every record of every finished shard in `folder`, in file-name order."""
    out: list[dict[str, Any]] = []
    for path in sorted(folder.glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as f:
            out.extend(json.loads(line) for line in f)
    return out
