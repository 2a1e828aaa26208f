"""The audit of the expert's searches: it prices moves on copies and leaves the games as the arena plays them."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from game.ai.levels.hard import HardAgent
from game.ai.measure.arena import SearchBudget, play_deal
from game.ai.measure.audit import audit_deal, decision_kind, price, z_label
from game.engine.actions import Action, ActionKind
from game.engine.observation import observe
from game.engine.round import Round
from game.rules.loader import load_ruleset


def test_reshuffle_keeps_the_live_tiles_and_the_drawn_places() -> None:
    rnd = Round(load_ruleset("guiyang-classic"), "audit:wall")
    wall = rnd.wall
    dead = {i: t for i, t in enumerate(wall._tile_at) if not wall._alive[i]}
    live = Counter(wall.tile_ids())
    before = wall.tile_ids()
    wall.reshuffle(random.Random(3))
    assert Counter(wall.tile_ids()) == live and wall.tile_ids() != before
    assert all(wall._tile_at[i] == t for i, t in dead.items())


def test_pricing_plays_on_copies_and_pairs_the_walls() -> None:
    rules = load_ruleset("guiyang-classic")
    rnd = Round(rules, "audit:price")
    # No wall-clock cut in hard's lookahead: on a busy machine it would fire at different moments in the two pricings.
    agents = [HardAgent(rules=rules, budget_ms=1e6) for _ in range(4)]
    for _ in range(12):  # a few turns in, so that the agents have state worth copying
        seat = rnd.to_move()[0]
        rnd.apply(agents[seat].choose(observe(rnd, seat)))
    seat = rnd.to_move()[0]
    action = agents[seat].choose(observe(rnd, seat))
    print_before = rnd.fingerprint()
    trackers = [a.tracker.__dict__.copy() for a in agents]
    first = price(rnd, agents, seat, action, 3, "k")
    assert rnd.fingerprint() == print_before  # the game itself is untouched
    assert [a.tracker.__dict__ for a in agents] == trackers
    assert price(rnd, agents, seat, action, 3, "k") == first  # the same key, the same walls
    # Pricing a move over walls is a sum of whole settled hands: every net is an integer of points.
    assert all(isinstance(n, int) for n in first)


def test_the_audited_games_are_the_arenas(monkeypatch: pytest.MonkeyPatch) -> None:
    """The audit's expert plays the arena's games move for move: pricing never reaches the game."""
    # Hard's lookahead has a wall-clock backstop; lifted here so that both runs make the same moves on a busy machine.
    monkeypatch.setattr(HardAgent.__init__, "__defaults__", ("hard", None, 1e6))
    rules = load_ruleset("guiyang-classic")
    audited = audit_deal(rules, "7", 3, rollouts=16, shuffles=2, z_min=0.5)
    arena = play_deal(rules, ("expert", "hard", "hard", "hard"), "7", 3, {}, budget=SearchBudget(rollouts=16))
    assert audited.expert_points == arena.tallies["expert"].points
    assert audited.hard_points == arena.tallies["hard"].points
    assert sum(r.switched for r in audited.records) == arena.tallies["expert"].switched
    for r in audited.records:
        assert r.switched or r.z >= 0.5
        assert r.gain * 2 == int(r.gain * 2)  # a mean over two walls of whole points


def test_decision_kinds_and_margin_bands() -> None:
    pung = Action(ActionKind.PUNG, 1, 5)
    pass_ = Action(ActionKind.PASS, 1)
    d1 = Action(ActionKind.DISCARD, 1, 3)
    d2 = Action(ActionKind.DISCARD, 1, 7)
    assert decision_kind(pass_, pung, None) == "pass -> pung"
    assert decision_kind(d1, Action(ActionKind.DISCARD, 1, 3, declare=True), 0) == "报听 or not"
    assert decision_kind(d1, d2, 0) == "discard, ready"
    assert decision_kind(d1, d2, 1) == "discard, 1 from ready"
    assert decision_kind(d1, Action(ActionKind.CONCEALED_KONG, 1, 3), 1) == "kong or not"
    assert z_label(1.2) == "1.0-1.5 se" and z_label(2.0) == "2.0-2.5 se" and z_label(7.0) == "3.0+ se"
    assert z_label(math.inf) == "hard's dropped / no spread"


def test_the_audit_command_prints_both_tables(capsys: pytest.CaptureFixture[str]) -> None:
    from main import main

    assert main(["audit", "--deals", "1", "--seed", "4", "--rollouts", "8", "--shuffles", "1", "--z-min", "0"]) == 0
    out = capsys.readouterr().out
    assert "audit guiyang-classic: 1 deals x 4 seatings = 4 expert hands; seed 4" in out
    assert "changes the expert made, by kind" in out and "every priced search (made or not)" in out
    assert "the near misses (from 0 se, not played), by what they would have changed:" in out


def test_the_audit_json_is_strict_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A margin is infinite when hard's move was dropped; the JSON carries it as null, not Infinity."""
    import json

    # The same moves whatever the machine's load: hard's wall-clock backstop lifted, as above.
    monkeypatch.setattr(HardAgent.__init__, "__defaults__", ("hard", None, 1e6))

    from main import main

    # Seed 2's deal 0 has an infinite figure (a one-move band's interval, or a margin where hard's move was dropped).
    assert main(["audit", "--deals", "1", "--seed", "2", "--rollouts", "8", "--shuffles", "1", "--json"]) == 0

    def no_constants(name: str) -> object:
        raise AssertionError(f"{name} in the JSON")

    report = json.loads(capsys.readouterr().out, parse_constant=no_constants)
    assert report["deals"] == 1 and all(isinstance(r["gain"], float) for r in report["records"])
    assert None in [b["ci"][1] for b in report["by_z"]] + [r["z"] for r in report["records"]]
