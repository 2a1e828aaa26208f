"""The search's deals let each seat draw from places of its own (game.core.rollout.LeanHand.set_wall)."""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
from pathlib import Path

from game.ai.search.playout import lean_hand
from game.ai.search.sampling import Public, determinize
from game.core.rollout import PASS, PUNG
from game.core.settlement import settle
from game.engine.actions import ActionKind
from game.engine.observation import Observation, observe
from game.engine.round import Round
from game.match.agents import SimpleAgent
from game.rules.loader import load_ruleset

ROOT = Path(__file__).resolve().parent.parent


def test_a_seat_draws_its_own_places_then_the_front() -> None:
    """Seat s takes places s, s + 4, ... while they are live, skips one a replacement took, then the front."""
    hand = lean_hand(Round(load_ruleset("guiyang-classic"), "by-seat"))
    assert hand.w_seat_next is None  # the engine's wall draws in wall order
    hand.set_wall(list(range(20)), by_seat=True)
    alive = hand.w_alive

    def take(seat: int) -> int:
        place = hand._front_place(seat)
        alive[place] = 0
        return place

    assert [take(2), take(2), take(3)] == [2, 6, 3]
    alive[10] = 0  # a replacement drew from there
    assert take(2) == 14
    assert [take(3) for _ in range(4)] == [7, 11, 15, 19]
    assert take(3) == 0  # its own places are gone: the front
    assert take(0) == 4  # place 0 went to seat 3
    assert take(3) == 1


def test_the_turned_tile_is_the_live_tile_nearest_the_tail() -> None:
    """With draws by seat the turned tile (翻牌鸡, docs/rules.md §8) is the tail's live tile, in wall order the
    front's."""
    hand = lean_hand(Round(load_ruleset("guiyang-classic"), "by-seat"))
    tiles = [t % 27 for t in range(30)]
    hand.set_wall(tiles, by_seat=True)
    assert hand.peek_front() == tiles[-1]
    hand.w_alive[29] = 0
    assert hand.peek_front() == tiles[28]
    hand.set_wall(tiles)
    assert hand.peek_front() == tiles[0]


def _pung_offered(seed: str) -> Observation:
    """Seat 0's observation the first time, in hands played by the built-in bot, it may pung a discard."""
    rules = load_ruleset("guiyang-classic")
    bot = SimpleAgent()
    for k in range(50):
        rnd = Round(rules, f"{seed}:{k}")
        while not rnd.ended:
            obs = observe(rnd, 0)
            if obs.phase == "claims" and any(a.kind is ActionKind.PUNG for a in obs.legal_actions):
                return obs
            rnd.apply(bot.choose(observe(rnd, rnd.to_move()[0])))
    raise AssertionError("no pung offered")


def test_draws_by_seat_play_the_same_hands_and_pair_a_pung_with_a_pass_closer() -> None:
    """docs/rules.md §4 碰: seat 0 pungs or passes a discard, in three hands, on 300 deals each played both ways.

    Each move scores the same on average whichever way the seats draw (the deals are the same
    hands), and the pung's margin over the pass varies less when each seat keeps its own draws.
    """
    rules = load_ruleset("guiyang-classic")
    rng = random.Random(7)
    by_seat: dict[int, list[float]] = {PUNG: [], PASS: []}
    in_order: dict[int, list[float]] = {PUNG: [], PASS: []}
    margin_by_seat: list[float] = []
    margin_in_order: list[float] = []
    for hand in ("a", "b", "c"):
        pub = Public(_pung_offered(f"by-seat:{hand}"), rules)
        seat_line: dict[int, list[float]] = {PUNG: [], PASS: []}
        order_line: dict[int, list[float]] = {PUNG: [], PASS: []}
        for _ in range(300):
            deal = determinize(pub, rng)
            assert deal.w_seat_next is not None
            ordered = deal.copy()
            ordered.set_wall(deal.w_kind)
            for answer in (PUNG, PASS):
                seat_line[answer].append(settle(deal.copy().play_out(answers={0: answer}), rules).nets()[0])
                order_line[answer].append(settle(ordered.copy().play_out(answers={0: answer}), rules).nets()[0])
        for answer in (PUNG, PASS):
            by_seat[answer] += seat_line[answer]
            in_order[answer] += order_line[answer]
        # Each hand's margins about their own mean: the pooled spread is the noise within a position.
        for line, out in ((seat_line, margin_by_seat), (order_line, margin_in_order)):
            margins = [a - b for a, b in zip(line[PUNG], line[PASS], strict=True)]
            mean = statistics.fmean(margins)
            out += [m - mean for m in margins]
    for answer in (PUNG, PASS):
        gaps = [a - b for a, b in zip(by_seat[answer], in_order[answer], strict=True)]
        assert abs(statistics.fmean(gaps)) < 3 * statistics.stdev(gaps) / len(gaps) ** 0.5
    # (0.80 here; 0.89 with the turned tile taken from the front, 1.0 with draws in wall order)
    assert statistics.variance(margin_by_seat) < 0.85 * statistics.variance(margin_in_order)


def test_the_pairing_script_reports_both_kinds_of_decision() -> None:
    """build/pair_variance.py plays the arena's deals and prints each kind's figures, or names a bad ruleset."""
    script = [sys.executable, "build/pair_variance.py"]
    out = subprocess.run(
        [*script, "--deals", "1", "--samples", "3", "--rollouts", "8"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "deals 0-0 of seed 12" in out.stdout
    assert out.stdout.count("variance of the margin, in wall order / by seat") == 2
    bad = subprocess.run([*script, "--ruleset", "no-such"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "no-such: no such ruleset" in bad.stderr and "Traceback" not in bad.stderr
