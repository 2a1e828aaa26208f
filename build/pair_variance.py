"""How closely the search's deals pair its candidates: each seat drawing by seat against in wall order.

    python build/pair_variance.py --ruleset guiyang-classic --deals 20 --seed 12 --samples 48

Plays the arena's duplicate deals (expert against three hard players, a fixed rollout count a
search). At every search the expert makes, it first deals `--samples` extra hands and plays
every candidate on each twice: with the search's deals as they are (each seat drawing from
places of its own) and with the same tiles drawn in wall order. For each candidate beside hard's
move it prints how much the margin over hard's move varies from deal to deal each way (the
search's standard errors scale with its square root), and each way's mean margin and spread of
single values, which should agree: the deals are the same hands either way.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.levels.expert import Candidate, ExpertAgent
from game.ai.levels.hard import HardAgent
from game.ai.measure.arena import deal_setup
from game.ai.search.pairs import play_move
from game.ai.search.workers import Task
from game.core.rollout import LeanHand
from game.core.ruleset import Ruleset
from game.engine.actions import Action
from game.engine.observation import Observation, observe
from game.engine.round import Round
from game.rules.loader import RulesetError, load_ruleset


class PairingExpert(ExpertAgent):
    """The expert, playing its candidates on extra deals both ways before each search."""

    def __init__(self, rules: Ruleset, seed: str, rollouts: int, samples: int) -> None:
        super().__init__(rules=rules, seed=seed, rollouts=rollouts)
        self.samples = samples
        # (answer to a discard?, per candidate: values by seat, values in wall order)
        self.records: list[tuple[bool, list[tuple[list[float], list[float]]]]] = []

    def search(
        self,
        obs: Observation,
        make_deal: Callable[[], LeanHand],
        cands: list[Candidate],
        rules: Ruleset,
        samples_cap: int | None = None,
        task: Task | None = None,
    ) -> Action:
        """Record both ways on extra deals, then search as the expert does."""
        lines: list[tuple[list[float], list[float]]] = [([], []) for _ in cands]
        for _ in range(self.samples):
            deal = make_deal()
            ordered = deal.copy()
            ordered.set_wall(deal.w_kind)
            for c, (by_seat, in_order) in zip(cands, lines, strict=True):
                by_seat.append(play_move(deal.copy(), c.move, c.answer, obs.seat, rules))
                in_order.append(play_move(ordered.copy(), c.move, c.answer, obs.seat, rules))
        self.records.append((cands[0].move is None, lines))
        return super().search(obs, make_deal, cands, rules, samples_cap, task)


def _report(name: str, records: list[tuple[bool, list[tuple[list[float], list[float]]]]]) -> None:
    pairs = 0
    var_seat = var_order = 0.0
    ratios: list[float] = []
    mean_seat = mean_order = 0.0
    spread_seat = spread_order = 0.0
    for _, lines in records:
        base_seat, base_order = lines[0]
        for by_seat, in_order in lines:
            spread_seat += statistics.variance(by_seat)
            spread_order += statistics.variance(in_order)
        for by_seat, in_order in lines[1:]:
            m_seat = [a - b for a, b in zip(by_seat, base_seat, strict=True)]
            m_order = [a - b for a, b in zip(in_order, base_order, strict=True)]
            v_seat, v_order = statistics.variance(m_seat), statistics.variance(m_order)
            var_seat += v_seat
            var_order += v_order
            if v_seat > 0 and v_order > 0:
                ratios.append(v_order / v_seat)
            mean_seat += statistics.fmean(m_seat)
            mean_order += statistics.fmean(m_order)
            pairs += 1
    if not pairs:
        print(f"{name}: no searches")
        return
    print(f"{name}: {len(records)} searches, {pairs} candidates beside hard's move")
    print(f"  variance of the margin, in wall order / by seat: pooled {var_order / var_seat:.3f},")
    print(f"    median over candidates {statistics.median(ratios):.3f}")
    print(f"  mean margin: by seat {mean_seat / pairs:+.3f}, in wall order {mean_order / pairs:+.3f}")
    print(f"  variance of single values, in wall order / by seat: {spread_order / spread_seat:.3f}")


def main(argv: list[str] | None = None) -> int:
    """Play the deals and print both kinds of decision's figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="guiyang-classic")
    parser.add_argument("--deals", type=int, default=20, help="duplicate deals (four hands each)")
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--seed", default="12", help="seed of the walls, as the arena's")
    parser.add_argument("--rollouts", type=int, default=256, help="the expert's rollouts a search (default 256)")
    parser.add_argument("--samples", type=int, default=48, help="extra deals played both ways a search")
    args = parser.parse_args(argv)
    if args.samples < 2:
        parser.error("--samples must be at least 2")
    try:
        rules = load_ruleset(args.ruleset)
    except RulesetError as exc:
        print(exc, file=sys.stderr)
        return 2
    records: list[tuple[bool, list[tuple[list[float], list[float]]]]] = []
    for deal in range(args.first_deal, args.first_deal + args.deals):
        setup = deal_setup(args.seed, deal, rules)
        for rot in range(rules.players):
            expert = PairingExpert(rules, f"{args.seed}:{deal}:{rot}", args.rollouts, args.samples)
            agents = [expert if s == rot else HardAgent(rules=rules) for s in range(rules.players)]
            rnd = Round(rules, f"arena:{args.seed}:{deal}", setup)
            while not rnd.ended:
                seat = rnd.to_move()[0]
                rnd.apply(agents[seat].choose(observe(rnd, seat)))
            records += expert.records
    print(f"{args.ruleset}, deals {args.first_deal}-{args.first_deal + args.deals - 1} of seed {args.seed}")
    _report("answers to a discard (pung, kong, pass)", [r for r in records if r[0]])
    _report("turns (discards, kongs, 报听)", [r for r in records if not r[0]])
    return 0


if __name__ == "__main__":
    sys.exit(main())
