"""How close the expert's dealt hands come to the hidden hands they stand for (measurement only).

    python build/deal_calibration.py [--ruleset guiyang-classic] [--hands 800] [--samples 48]

Four hard players play `--hands` hands; at three random turns of each, the turn seat's observation
is taken, and for every kind of tile it holds two things are true or not of the real round: some
other seat may win on that tile now (it is among its waits and the rules let it win off a
discard), and some other seat merely waits on it. `game.ai.search.sampling.determinize` deals the unseen
tiles `--samples` times from the same observation, and the share of deals where each holds is its
forecast. Printed: the log loss of those forecasts beside a forecast that knows only how often
each holds (the base rate), the mean forecast on the tiles where it holds and where it does not,
how far the dealt hands stand from ready against the real ones (mean shanten, by how many tiles
are left in the wall), how often they are ready, and how often a ready hand waits on a kind its
own seat has thrown (players seldom do; a deal that does makes the kinds in a pond look as
dangerous as any other).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai.levels.hard import HardAgent  # noqa: E402
from game.ai.search.playout import lean_hand  # noqa: E402
from game.ai.search.sampling import Inconsistent, Public, determinize  # noqa: E402
from game.core.rollout import LeanHand  # noqa: E402
from game.core.ruleset import Ruleset  # noqa: E402
from game.core.shanten import shanten  # noqa: E402
from game.core.tiles import NUM_KINDS  # noqa: E402
from game.engine.observation import Observation, observe  # noqa: E402
from game.engine.round import Round  # noqa: E402
from game.rules.loader import RulesetError, load_ruleset  # noqa: E402


@dataclass
class Forecasts:
    """Forecasts of one property of a tile with what was true, for the log loss."""

    pairs: list[tuple[float, bool]] = field(default_factory=list)

    def add(self, p: float, truth: bool) -> None:
        """One forecast and the truth."""
        self.pairs.append((p, truth))

    def report(self, name: str, samples: int) -> str:
        """Log loss beside the base rate's, and the mean forecast where it held and where not."""
        n = len(self.pairs)
        floor = 0.5 / samples
        rate = sum(t for _, t in self.pairs) / n

        def loss(p: float, t: bool) -> float:
            q = min(max(p, floor), 1 - floor)
            return -math.log(q if t else 1 - q)

        held = [p for p, t in self.pairs if t]
        not_held = [p for p, t in self.pairs if not t]
        mean_loss = sum(loss(p, t) for p, t in self.pairs) / n
        return (
            f"{name}: holds for {len(held)} of {n} ({rate:.2%}); log loss {mean_loss:.4f}"
            f" (base rate alone {sum(loss(rate, t) for _, t in self.pairs) / n:.4f});"
            f" mean forecast {sum(held) / max(1, len(held)):.3f} where it holds,"
            f" {sum(not_held) / max(1, len(not_held)):.4f} where not"
        )


def decision_points(rules: Ruleset, hands: int) -> list[tuple[Observation, Public, LeanHand]]:
    """The turn seat's observation, its deals' starting point and the true round, at 3 turns of each hand."""
    rng = random.Random(5)
    out: list[tuple[Observation, Public, LeanHand]] = []
    for i in range(hands):
        rnd = Round(rules, f"calibration:{i}")
        # (A deadline that never fires: the same hands on any machine, whatever its load.)
        agents = [HardAgent(rules=rules, budget_ms=10_000) for _ in range(4)]
        stops = set(rng.sample(range(15, 60), 3))
        while not rnd.ended:
            seat = rnd.to_move()[0]
            if rnd.state.phase == "turn" and rnd.wall.remaining in stops and not rnd.state.declared[seat]:
                stops.discard(rnd.wall.remaining)
                obs = observe(rnd, seat)
                try:
                    out.append((obs, Public(obs, rules), lean_hand(rnd)))
                except Inconsistent as e:
                    print(f"skipped a decision point of hand {i}: {e}", file=sys.stderr)
            rnd.apply(agents[seat].choose(observe(rnd, seat)))
    return out


@dataclass
class Readiness:
    """The other seats' hands (not declared, 13 - 3k tiles): shanten by wall band, ready, waiting on a thrown kind."""

    shanten: dict[int, list[int]] = field(default_factory=dict)
    hands: int = 0
    ready: int = 0
    on_thrown: int = 0

    def add(self, h: LeanHand, seat: int, pond: set[int], band: int) -> None:
        """Count the seat's hand in `h`, whose own discards are the kinds in `pond`."""
        self.shanten.setdefault(band, []).append(shanten(h.hands[seat], len(h.melds[seat])))
        w = h.waits(seat)  # (cached on the hand: the forecasts below ask for the same waits)
        self.hands += 1
        self.ready += bool(w)
        self.on_thrown += bool(pond.intersection(w))

    def line(self, name: str) -> str:
        """How often ready, and how often ready on a kind its seat has thrown."""
        return (
            f"{name} hands: ready {self.ready / max(1, self.hands):.1%}; of the ready, waiting on a kind"
            f" the seat has thrown {self.on_thrown / max(1, self.ready):.1%}"
        )


def wins_on(h: LeanHand, seat: int, tile: int) -> bool:
    """Some other seat may win on `tile` discarded by `seat` now."""
    return any(s != seat and tile in h.waits(s) and h.may_win_on(s, tile, seat, False, False) for s in range(4))


def waits_on(h: LeanHand, seat: int, tile: int) -> bool:
    """Some other seat's hand waits on `tile`, whether or not it may win on it off a discard."""
    return any(s != seat and tile in h.waits(s) for s in range(4))


def main() -> None:
    """Print the calibration figures of the current deals."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="guiyang-classic")
    ap.add_argument("--hands", type=int, default=800)
    ap.add_argument("--samples", type=int, default=48)
    args = ap.parse_args()
    if args.hands < 1 or args.samples < 1:
        ap.error("--hands and --samples must be at least 1")
    try:
        rules = load_ruleset(args.ruleset)
    except RulesetError as e:
        ap.error(str(e))
    start = time.perf_counter()
    points = decision_points(rules, args.hands)
    print(f"{args.ruleset}: {len(points)} decision points from {args.hands} hands of four hard players")
    if not points:
        ap.error(f"no hand of {args.hands} reached a decision point: ask for more hands")
    rng = random.Random(1)
    win, wait = Forecasts(), Forecasts()
    real, dealt = Readiness(), Readiness()
    bias, seats = 0, 0
    for obs, pub, truth in points:
        seat = obs.seat
        deals = [determinize(pub, rng) for _ in range(args.samples)]
        for d in deals:
            for s in range(4):
                if s != seat:
                    bias += shanten(d.hands[s], len(d.melds[s])) - shanten(truth.hands[s], len(truth.melds[s]))
                    seats += 1
        band = obs.wall_remaining // 10 * 10
        for s in range(4):
            if s != seat and not obs.declared[s] and sum(truth.hands[s]) % 3 == 1:
                pond = set(obs.ponds[s])
                real.add(truth, s, pond, band)
                for d in deals:
                    dealt.add(d, s, pond, band)
        for t in range(NUM_KINDS):
            if not obs.counts[t]:
                continue
            win.add(sum(wins_on(d, seat, t) for d in deals) / args.samples, wins_on(truth, seat, t))
            wait.add(sum(waits_on(d, seat, t) for d in deals) / args.samples, waits_on(truth, seat, t))
    print(win.report("another seat may win on the tile now", args.samples))
    print(wait.report("another seat waits on the tile", args.samples))
    print(f"dealt hands stand {bias / seats:+.2f} shanten from the real ones on average")
    print("mean shanten of the other seats' hands (not declared), real / dealt, by tiles left in the wall:")
    for band in sorted(real.shanten):
        got, made = real.shanten[band], dealt.shanten[band]
        print(f"  {band:>2}-{band + 9:<3} {len(got):>5} hands  {sum(got) / len(got):.2f} / {sum(made) / len(made):.2f}")
    print(real.line("real"))
    print(dealt.line("dealt"))
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
