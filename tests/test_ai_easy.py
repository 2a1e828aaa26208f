"""The easy level: a beginner's mistakes, never an absurd move (docs/rules.md §4 包牌, §5)."""

from __future__ import annotations

from game.ai import make_agent
from game.core.shanten import shanten
from game.core.tiles import parse_tiles, to_counts
from game.engine.actions import ActionKind
from tests.ai_rig import claim_position, turn_position

SEEDS = range(40)


def test_always_takes_a_self_drawn_win() -> None:
    """docs/rules.md §4: with a complete hand on its turn, easy wins every time rather than discard."""
    obs = turn_position("guiyang-classic", "123m456p789s234s55s", win=True)
    assert all(make_agent("easy", s).choose(obs).kind is ActionKind.WIN for s in SEEDS)


def test_takes_a_win_off_a_discard() -> None:
    """A win off a discard on offer (here a 大对子, no pass needed, docs/rules.md §6) is always taken."""
    obs = claim_position("guiyang-classic", "111m222p333s444s5m", "5m", options=(ActionKind.WIN,))
    assert all(make_agent("easy", s).choose(obs).kind is ActionKind.WIN for s in SEEDS)


def test_does_not_walk_into_baopai() -> None:
    """docs/rules.md §4 包牌: having passed a win while ready, a discard win before its draw pays all; easy passes."""
    obs = claim_position("guiyang-classic", "111m222p333s444s5m", "5m", options=(ActionKind.WIN,), baopai_pending=True)
    assert all(make_agent("easy", s).choose(obs).kind is ActionKind.PASS for s in SEEDS)


def test_mistakes_are_small() -> None:
    """Easy sometimes misses the best discard, but never sets its hand back more than one step."""
    hand = "13m579p2468s1399m"
    obs = turn_position("guiyang-classic", hand)
    counts = to_counts(parse_tiles(hand))
    best = min(shanten([c - (t == x) for t, c in enumerate(counts)], 0) for x in set(parse_tiles(hand)))
    chosen = set()
    for s in range(200):
        a = make_agent("easy", s).choose(obs)
        assert a.tile is not None
        chosen.add(a.tile)
        counts[a.tile] -= 1
        assert shanten(counts, 0) <= best + 1
        counts[a.tile] += 1
    assert len(chosen) > 1, "a beginner does not always find the same discard"


def test_claims_eagerly() -> None:
    """Easy pungs a pair's tile even where it only keeps its shanten (normal would not)."""
    obs = claim_position("guiyang-classic", "234m567m234p88p99s", "8p")
    assert make_agent("easy", 1).choose(obs).kind is ActionKind.PUNG
    assert make_agent("normal", 1).choose(obs).kind is ActionKind.PASS
