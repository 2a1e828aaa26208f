"""The normal level: tile efficiency (shanten, then live tiles) and claims that help (docs/rules.md §4-§6)."""

from __future__ import annotations

import random

from game.ai import make_agent
from game.ai.judgement.base import unseen_of
from game.ai.judgement.efficiency import discard_options
from game.ai.measure.arena import deal_setup
from game.core.shanten import shanten
from game.core.tiles import parse_tile, parse_tiles, to_counts
from game.engine.actions import ActionKind
from game.engine.observation import observe
from game.engine.round import Round
from game.rules.loader import load_ruleset
from tests.ai_rig import claim_position, turn_position


def test_pung_that_lowers_shanten() -> None:
    """234m678m23p55s99s7p is one from ready; punging 5s and dropping 7p leaves it ready: normal pungs."""
    hand = "234m678m23p55s99s7p"
    counts = to_counts(parse_tiles(hand))
    assert shanten(counts, 0) == 1
    obs = claim_position("guiyang-classic", hand, "5s")
    assert make_agent("normal", 1).choose(obs).kind is ActionKind.PUNG


def test_no_pung_that_raises_shanten() -> None:
    """2268899m13344p6s is one from seven pairs (docs/rules.md §5 七对); a pung of 2m ends that: normal passes."""
    obs = claim_position("guiyang-classic", "2268899m13344p6s", "2m")
    assert make_agent("normal", 1).choose(obs).kind is ActionKind.PASS


def test_kong_of_a_discard_that_costs_nothing() -> None:
    """With 555p as a set, konging a discarded 5p keeps the shanten and is a pass (docs/rules.md §6): normal kongs."""
    obs = claim_position("guiyang-classic", "234m678m555p23s9s", "5p", options=(ActionKind.KONG, ActionKind.PUNG))
    assert make_agent("normal", 1).choose(obs).kind is ActionKind.KONG


def test_discards_the_isolated_tile() -> None:
    """123m456p789s23s55m9p: 9p is the only discard that leaves the hand ready."""
    obs = turn_position("guiyang-classic", "123m456p789s23s55m9p")
    assert make_agent("normal", 1).choose(obs).tile == parse_tile("9p")


def test_declares_ready_when_it_can() -> None:
    """报听 (docs/rules.md §4): normal declares when its first discard leaves it ready."""
    obs = turn_position("guiyang-classic", "123m456p789s234s5s9p", declare=True)
    action = make_agent("normal", 1).choose(obs)
    assert action.declare and action.tile == parse_tile("9p")


def test_discards_keep_the_most_live_tiles() -> None:
    """Over random positions from play, normal's discard leaves the lowest shanten and, among those, the
    most unseen tiles that lower it (obs.unseen_count), unless the hand is ready (then waits are weighed)."""
    rules = load_ruleset("guiyang-classic")
    agent = make_agent("normal", 1)
    checked = 0
    for d in range(6):
        rng = random.Random(d)
        rnd = Round(rules, "eff", deal_setup("eff", d, rules))
        while not rnd.ended:
            seat = rnd.to_move()[0]
            obs = observe(rnd, seat)
            action = agent.choose(obs)
            if action.kind is ActionKind.DISCARD and not action.declare and not obs.declared[seat]:
                counts = to_counts(obs.hand)
                unseen = unseen_of(obs, rules)
                assert unseen == [obs.unseen_count(t) for t in range(27)]
                opts = discard_options(counts, len(obs.melds[seat]), unseen)
                low = min(o.shanten for o in opts)
                mine = next(o for o in opts if o.tile == action.tile)
                assert mine.shanten == low
                if low > 0:
                    assert mine.live == max(o.live for o in opts if o.shanten == low)
                    checked += 1
            rnd.apply(action if rng.random() < 0.9 else rng.choice(obs.legal_actions))
    assert checked > 50
