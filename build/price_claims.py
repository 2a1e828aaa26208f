"""What punging a discard is worth against passing it, with hard playing on, by what hard answered.

    python build/price_claims.py --ruleset guiyang-classic --deals 1200 --seed 31 --workers 2
    python build/price_claims.py --ruleset guiyang-pass --seats hard,normal,normal,normal --deals 800 --seed 7

Plays one game of four hard players on each of the arena's deals (with four hards every seating
of a deal plays the same game, so one is enough), or, with other `--seats`, every seating of the
deal as the arena does. At every chance a hard seat has to pung a discard, before it answers, it
prices the pung and the pass as the audit does (`game.ai.measure.audit.price`: the round as it
stands played to the end by copies of the seats' agents, over the same `--shuffles` reorderings of
the wall): the gain is the seat's mean net points punging minus passing. It prints the gain grouped
by hard's own answer, by how the pung changes the hand's shanten, and whether the tile is a chicken
the hand keeps (docs/rules.md §8); then the pungs that keep the shanten by the live tiles the hand
has after them against before, and those of a chicken that would become the claimer's. With
`--jsonl` it writes every priced chance instead, one JSON object a line, for other groupings.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.judgement.base import view_of
from game.ai.judgement.efficiency import live_tiles, pung_live
from game.ai.judgement.value import claimed_chicken
from game.ai.measure.arena import BadSeats, SearchBudget, build_agent, deal_setup, finished, parse_seats
from game.ai.measure.audit import gains_band, price
from game.ai.search.sampling import rollout_keep
from game.core.ruleset import Ruleset
from game.core.shanten import shanten, shanten_after_pung
from game.engine.actions import ActionKind
from game.engine.observation import Observation
from game.match.agents import Agent
from game.match.controller import MatchController
from game.rules.loader import RulesetError, load_ruleset


@dataclass(frozen=True)
class Chance:
    """One chance to pung a discard, priced."""

    deal: int
    seat: int
    wall: int  # tiles left in the wall
    tile: int
    chicken: bool  # a kind the hand keeps as a chicken (game.ai.search.sampling.rollout_keep)
    shanten: int  # the hand's shanten before the pung
    change: int  # the shanten after the pung and its best discard, minus before
    melds: int  # the seat's melds before the pung
    hard: str  # hard's answer ("pung", "pass", "kong", "win")
    gain: float  # mean net points punging minus passing, hard playing on
    wider: float  # live tiles after the pung and its best discard over those before (at least one)
    claimed: float  # fan the claimed copy earns its claimer as a chicken (value.claimed_chicken)


def chance(
    obs: Observation, rules: Ruleset, keep: tuple[bool, ...] | None, deal: int, hard: str, gain: float
) -> Chance:
    """A priced pung chance, its features read from the seat's observation."""
    assert obs.last_discard is not None
    view = view_of(obs, rules)
    counts, m = view.counts, view.meld_count
    tile = obs.last_discard[1]
    now = shanten(counts, m)
    after = shanten_after_pung(counts, m, tile)
    kept = keep is not None and keep[tile]
    live = live_tiles(counts, m, view.unseen)[1]
    wider = pung_live(counts, m, tile, view.unseen)[1] / max(1, live)
    claimed = claimed_chicken(rules, tile)
    return Chance(deal, obs.seat, obs.wall_remaining, tile, kept, now, after - now, m, hard, gain, wider, claimed)


def price_deal(args: tuple[str, str, int, int, tuple[str, ...]]) -> list[Chance]:
    """Play one deal (once, or once a seating when the seats differ) and price every hard seat's pung chance."""
    ruleset, seed, deal, shuffles, seats = args
    rules = load_ruleset(ruleset)
    keep = rollout_keep(rules)
    # A rollout count takes hard's clock away, so the prices depend on the seed alone.
    budget = SearchBudget(rollouts=64)
    n = rules.players
    out: list[Chance] = []
    for rot in range(1 if len(set(seats)) == 1 else n):
        specs = [seats[(s + rot) % n] for s in range(n)]
        agents: list[Agent] = [build_agent(spec, f"{seed}:{deal}:{rot}:{s}", budget) for s, spec in enumerate(specs)]
        table = MatchController(
            rules, f"arena:{seed}:{deal}", [None] * n, deal_setup(seed, deal, rules), keep_save=False
        )
        table.start_hand()
        rnd = table.round
        assert rnd is not None
        while not rnd.ended:
            seat = table.to_move()[0]
            obs = table.observe(seat)
            action = agents[seat].choose(obs)
            pung = next((a for a in obs.legal_actions if a.kind is ActionKind.PUNG), None)
            passing = next((a for a in obs.legal_actions if a.kind is ActionKind.PASS), None)
            if specs[seat] == "hard" and obs.phase == "claims" and pung is not None and passing is not None:
                key = f"claims:{seed}:{deal}:{len(out)}"
                punged = price(rnd, agents, seat, pung, shuffles, key)
                passed = price(rnd, agents, seat, passing, shuffles, key)
                gain = (sum(punged) - sum(passed)) / shuffles
                out.append(chance(obs, rules, keep, deal, action.kind.value, gain))
            table.submit(action)
    return out


def group(label: str, gains: list[float]) -> str:
    """One line: how many, the mean gain and its 95% interval (normal, by chance)."""
    b = gains_band(label, gains)
    return f"  {label:<44} {b.n:>6}  {b.mean:+.3f} [{b.ci[0]:+.3f}, {b.ci[1]:+.3f}]"


# The bands of `Chance.wider` the report groups the pungs that keep the shanten by.
WIDER_BANDS = ((0.0, 0.8), (0.8, 1.0), (1.0, 1.2), (1.2, 1.5), (1.5, 2.0), (2.0, float("inf")))


def report(chances: Iterable[Chance]) -> list[str]:
    """The gains grouped by hard's answer, the shanten change and the chicken; then the pungs that keep the shanten,
    by how much wider they leave the hand, and those of a chicken that becomes the claimer's."""
    found = list(chances)
    groups: dict[tuple[str, int, bool], list[float]] = defaultdict(list)
    for c in found:
        groups[(c.hard, c.change, c.chicken)].append(c.gain)
    lines = ["hard's answer, shanten change after the pung, chicken: chances, gain of punging over passing"]
    for (hard, change, chicken), gains in sorted(groups.items()):
        lines.append(group(f"{hard}, {change:+d}{', chicken' if chicken else ''}", gains))
    same = [c for c in found if c.change == 0 and c.hard != "kong"]
    lines.append("the same shanten after the pung, by live tiles after over before (a chicken of its own apart)")
    for lo, hi in WIDER_BANDS:
        gains = [c.gain for c in same if c.claimed < 1 and lo <= c.wider < hi]
        lines.append(group(f"{lo:.1f}-{hi:.1f}" if hi != float("inf") else f"{lo:.1f} and more", gains))
    lines.append(group("a chicken of its own (worth 1 fan or more)", [c.gain for c in same if c.claimed >= 1]))
    return lines


def main(argv: list[str] | None = None) -> int:
    """Parse the options, price the deals and print the groups (or every chance with --jsonl)."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--ruleset", default="guiyang-classic")
    p.add_argument("--seed", default="31")
    p.add_argument("--first-deal", type=int, default=0)
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--shuffles", type=int, default=8, help="wall reorderings each answer is priced over")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--seats", default=None, help="one agent a seat as the arena's --seats (default: hard in each)")
    p.add_argument("--jsonl", action="store_true", help="write every priced chance as a JSON line")
    a = p.parse_args(argv)
    try:
        rules = load_ruleset(a.ruleset)
        seats = parse_seats(a.seats or ",".join(["hard"] * rules.players), rules.players)
    except (RulesetError, BadSeats) as exc:
        print(f"price_claims: {exc}", file=sys.stderr)
        return 2
    tasks = [(a.ruleset, a.seed, d, a.shuffles, seats) for d in range(a.first_deal, a.first_deal + a.deals)]
    found = [c for deal in finished(price_deal, tasks, a.workers, True, None) for c in deal]
    found.sort(key=lambda c: (c.deal, c.wall))
    if a.jsonl:
        for c in found:
            print(json.dumps(asdict(c), ensure_ascii=False))
        return 0
    print(f"{a.ruleset}, seed {a.seed}, deals {a.first_deal}-{a.first_deal + a.deals - 1}: {len(found)} chances")
    print("\n".join(report(found)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
