"""The lean rollout path plays exactly as the round engine with the built-in bot (docs/rules.md §4-§9 as
game/engine/round.py)."""

from __future__ import annotations

import random

import pytest

from game.ai.search.playout import lean_hand, rollout_hand
from game.ai.search.sampling import rollout_keep
from game.core.discard_choice import DiscardTables, suit_code
from game.core.phase import DINGQUE
from game.core.result import HandResult
from game.core.rollout import (
    ADDED_KONG,
    CONCEALED_KONG,
    DECLARE,
    DISCARD,
    WIN,
)
from game.core.settlement import settle
from game.core.shanten import lowest_discards
from game.core.tiles import NUM_KINDS
from game.engine.actions import ActionKind
from game.engine.observation import observe
from game.engine.round import TURN, Round
from game.match.agents import SimpleAgent, _most_isolated
from game.match.play import play_hand
from game.rules.loader import builtin_ruleset_names, load_ruleset

_KINDS = {
    ActionKind.WIN: WIN,
    ActionKind.CONCEALED_KONG: CONCEALED_KONG,
    ActionKind.ADDED_KONG: ADDED_KONG,
}


@pytest.mark.parametrize("name", builtin_ruleset_names())
def test_whole_hands_match_the_engine(name: str) -> None:
    """Same seed, same policy: the lean path ends every hand with the engine's HandResult and ledger."""
    rules = load_ruleset(name)
    bots = [SimpleAgent()] * rules.players
    for seed in range(60):
        full = play_hand(rules, f"lean:{seed}", bots).state.result
        lean = rollout_hand(rules, f"lean:{seed}")
        assert lean == full, f"{name} seed {seed}"
        assert full is not None and settle(lean, rules).nets() == settle(full, rules).nets()


@pytest.mark.parametrize("name", builtin_ruleset_names())
def test_the_suit_codes_a_hand_keeps_follow_every_tile_moved(name: str) -> None:
    """docs/rules.md §4-§7 draws, discards, pungs, kongs and robbed kongs: each seat's kept suit codes are its
    counts'."""
    rules = load_ruleset(name)
    keep = rollout_keep(rules)
    tracked = 0
    for seed in range(40):
        h = lean_hand(Round(rules, f"codes:{seed}"))
        if seed % 2:
            h.set_keep(keep)
        h.play_out()
        for seat in range(rules.players):
            for suit in range(3):
                code = h.codes[3 * seat + suit]
                if code >= 0:
                    tracked += 1
                    assert code == suit_code(h.hands[seat], 9 * suit), (name, seed, seat, suit)
    # Two in three of the seats' suits in play (40 * 8 at four players and three suits).
    assert tracked > 40 * rules.players * len(rules.suits) * 2 // 3, "most suits are followed from the first discard on"


@pytest.mark.parametrize("name", ["guiyang-classic", "guiyang-modern", "guiyang-pass"])
def test_from_any_point_the_rest_of_the_hand_matches(name: str) -> None:
    """Copied from the engine at any turn, open claim or robbable kong, the lean path finishes the hand the same way."""
    rules = load_ruleset(name)
    bot = SimpleAgent()
    rng = random.Random(name)
    checked = {"turn": 0, "claims": 0, "rob": 0}
    for seed in range(40):
        rnd = Round(rules, f"mid:{seed}")
        while not rnd.ended:
            phase = rnd.state.phase.value
            if rng.random() < 0.15 or phase == "rob":
                rest = Round(rules, f"mid:{seed}")
                for a in rnd.actions:
                    rest.apply(a)
                lean = lean_hand(rest).play_out()
                while not rest.ended:
                    seat = rest.to_move()[0]
                    rest.apply(bot.choose(observe(rest, seat)))
                assert lean == rest.state.result, f"{name} seed {seed} after {len(rnd.actions)} actions ({phase})"
                checked[phase] += 1
            seat = rnd.to_move()[0]
            rnd.apply(bot.choose(observe(rnd, seat)))
    assert checked["turn"] > 50 and checked["claims"] > 5


def test_turn_moves_are_the_engine_legal_actions() -> None:
    """docs/rules.md §4: the lean path lists a turn's moves (win, kongs, discards, 报听) as the engine's legal
    actions."""
    rules = load_ruleset("guiyang-classic")
    bot = SimpleAgent()
    for seed in range(15):
        rnd = Round(rules, f"moves:{seed}")
        while not rnd.ended:
            seat = rnd.to_move()[0]
            if rnd.state.phase.value == "turn":
                want = []
                for a in rnd.legal_actions(seat):
                    if a.kind is ActionKind.DISCARD:
                        want.append((DECLARE if a.declare else DISCARD, a.tile))
                    else:
                        want.append((_KINDS[a.kind], -1 if a.tile is None else a.tile))
                assert lean_hand(rnd).turn_moves() == want
            rnd.apply(bot.choose(observe(rnd, seat)))


@pytest.mark.parametrize(("keep_share", "cap"), [(0.0, None), (0.2, None), (0.6, None), (0.2, 50)])
def test_remembered_discard_choice_is_the_bots_choice(
    keep_share: float, cap: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/rules.md §5 shanten: the tables' discard is the built-in bot's (lowest shanten, most isolated), kept kinds
    last.

    With a small cap the remembered answers are dropped again and again; the choices stay the same.
    """
    if cap is not None:
        monkeypatch.setattr("game.core.discard_choice.MAX_REMEMBERED", cap)
    rng = random.Random(f"choice:{keep_share}")
    keep = tuple(rng.random() < keep_share for _ in range(NUM_KINDS)) if keep_share else None
    tables = DiscardTables(keep)
    wall = [t for t in range(NUM_KINDS) for _ in range(4)]
    for i in range(4000):
        melds = i % 5
        counts = [0] * NUM_KINDS
        for t in rng.sample(wall, 14 - 3 * melds):
            counts[t] += 1
        best, tiles = lowest_discards(counts, melds)
        if keep is not None:
            tiles = [t for t in tiles if not keep[t]] or tiles
        want = (best, _most_isolated(counts, tiles))
        assert tables.choose(counts, melds) == want, (counts, melds)
        assert tables.choose(counts, melds) == want  # and again from what it remembered


@pytest.mark.parametrize("name", builtin_ruleset_names())
def test_fast_turn_plays_as_the_general_moves(name: str) -> None:
    """The lean path's one-loop turn agrees with policy_turn and turn_move, with and without kinds kept (docs/rules.md
    §8)."""
    rules = load_ruleset(name)
    keep = rollout_keep(rules) or tuple(t in (0, 19) for t in range(NUM_KINDS))
    for seed in range(30):
        dealt = lean_hand(Round(rules, f"fast:{seed}"))
        dealt.set_keep(keep if seed % 2 else None)
        slow = dealt.copy()
        if slow.phase is DINGQUE:
            slow.name_suits()  # 定缺 first (docs/rules.md §15.3), as play_out does
        while slow.phase is TURN:
            slow.turn_move(slow.policy_turn(slow.turn))
        assert dealt.copy().play_out() == slow.result, f"{name} seed {seed}"


def _finish(rnd: Round, bot: SimpleAgent) -> HandResult:
    """The rest of the hand played by the bot on the engine."""
    while not rnd.ended:
        rnd.apply(bot.choose(observe(rnd, rnd.to_move()[0])))
    assert rnd.state.result is not None
    return rnd.state.result


def test_after_passing_a_win_the_bot_does_not_walk_into_baopai() -> None:
    """docs/rules.md §4 包牌: a seat that passed a win does not take another off a discard before its own draw,
    on the engine and on the lean path alike, and the two finish the hand the same way."""
    rules = load_ruleset("guiyang-classic")
    bot = SimpleAgent()
    checked = 0
    for seed in range(300):
        rnd = Round(rules, f"bao:{seed}")
        while not rnd.ended:
            seat = rnd.to_move()[0]
            obs = observe(rnd, seat)
            if rnd.state.phase.value == "claims" and obs.legal_actions[0].kind is ActionKind.WIN:
                passed = next(a for a in obs.legal_actions if a.kind is ActionKind.PASS)
                rnd.apply(passed)
                if not rnd.ended and rnd.state.baopai_pending[seat]:
                    lean = lean_hand(rnd).play_out()
                    full = _finish(rnd, bot)
                    assert full.baopai == () and lean == full, f"seed {seed}"
                    checked += 1
                break
            rnd.apply(bot.choose(obs))
    assert checked >= 20
