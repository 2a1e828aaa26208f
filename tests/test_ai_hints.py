"""Hints (docs/rules.md §5, §6): the suggestion, a reason in two languages, and every discard's waits."""

from __future__ import annotations

from game.ai.hints import hint
from game.core.melds import KongKind, Meld
from game.core.tiles import parse_tile, parse_tiles
from game.engine.actions import ActionKind
from game.rules.loader import load_ruleset
from tests.ai_rig import claim_position, turn_position

CLASSIC = load_ruleset("guiyang-classic")


def test_discard_table_waits_and_unseen() -> None:
    """123m456p789s23s55m9p: dropping 9p leaves 1s/4s waits; each wait's unseen count is obs.unseen_count."""
    obs = turn_position("guiyang-classic", "123m456p789s23s55m9p", ponds=["", "4s", "", ""])
    h = hint(obs, CLASSIC)
    assert h.action in obs.legal_actions and h.action.tile == parse_tile("9p")
    assert {d.tile for d in h.discards} == set(parse_tiles("123m456p789s23s5m9p"))
    best = h.discards[0]
    assert best.tile == parse_tile("9p") and best.shanten == 0
    assert [w.tile for w in best.waits] == parse_tiles("14s")
    for w in best.waits:
        assert w.unseen == obs.unseen_count(w.tile)
        # A plain hand with no kong needs a pass to win off a discard (docs/rules.md §6), but 报听 would be one.
        assert w.pattern == "pinghu" and not w.off_discard and w.off_discard_declared
    assert all(not d.waits for d in h.discards if d.shanten > 0)
    assert h.reason_zh.startswith("打九筒") and "9p" in h.reason_en and "self-draw only" in h.reason_en


def test_a_kong_is_a_pass() -> None:
    """With a kong of its own the same plain waits may be taken off a discard (通行证, docs/rules.md §6)."""
    kong = Meld(parse_tile("7m"), KongKind.CONCEALED)
    obs = turn_position("guiyang-classic", "456p789s23s55m9p", melds=[[kong], [], [], []], ponds=["", "", "", ""])
    h = hint(obs, CLASSIC)
    ready = next(d for d in h.discards if d.tile == parse_tile("9p"))
    assert ready.waits and all(w.off_discard for w in ready.waits)
    assert "can win off a discard" in h.reason_en


def test_big_hand_needs_no_pass() -> None:
    """A 大对子 wait (5 fan) may be taken off a discard without a pass (docs/rules.md §6)."""
    obs = turn_position("guiyang-classic", "111m222p333s444s5m9p")
    h = hint(obs, CLASSIC)
    ready = next(d for d in h.discards if d.tile == parse_tile("9p"))
    assert [(w.tile, w.pattern, w.off_discard) for w in ready.waits] == [(parse_tile("5m"), "dadui", True)]


def test_claim_hint_has_a_reason_and_no_table() -> None:
    """On a discard the hint names the claim (or the pass) and has no discard table."""
    obs = claim_position("guiyang-classic", "234m678m23p55s99s7p", "5s")
    h = hint(obs, CLASSIC)
    assert h.action.kind is ActionKind.PUNG and h.discards == ()
    assert h.reason_zh.startswith("碰") and h.reason_en.startswith("Pung 5s")


def test_pung_hint_says_why() -> None:
    """docs/rules.md §4 碰, §8: a pung that keeps the shanten is explained by what it gains: more useful tiles, or the
    claimed chicken."""
    wider = hint(claim_position("guiyang-pass", "445667889m4678s", "4m"))
    assert wider.action.kind is ActionKind.PUNG and wider.reason_en == "Pung 4m: as near ready, with more useful tiles"
    chicken = hint(claim_position("guiyang-pass", "123m456p789s35m11s", "1s"))
    assert chicken.action.kind is ActionKind.PUNG and chicken.reason_zh == "碰幺鸡：这张鸡归你"
