"""定缺 at the small tables (docs/rules.md §15.3): naming a suit after the deal, kept hidden until all have named one,
and what holding that suit forbids."""

from __future__ import annotations

import dataclasses

import pytest

from game.ai.judgement.dingque import dingque_move, name_suit
from game.core.discard_choice import fewest_suit, missing_discard
from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.tiles import parse_tile, parse_tiles, to_counts
from game.engine.actions import SUIT_TILES, Action, ActionKind, make
from game.engine.events import SuitNamed, SuitsShown
from game.engine.observation import observe
from game.engine.round import Round
from game.engine.visibility import SPECTATOR, visible
from game.match.agents import SimpleAgent
from game.match.simulate import simulate
from game.rules.loader import load_ruleset
from tests.rig import rigged_round

THREE = load_ruleset("sandingguai")
M, P, S = 0, 1, 2

# Dealer (seat 0) with 14 tiles, then seats 1 and 2 with 13.
COMPLETE_NO_M = "111p456p789p234s55s"
SEAT1 = "55m 123p 456p 789s 11s"
SEAT2 = "123456789m 234p 6s"


def _name(rnd: Round, suits: dict[int, int]) -> None:
    for seat in sorted(suits):
        rnd.apply(make(ActionKind.DINGQUE, seat, SUIT_TILES[suits[seat]]))


def _kinds(actions: list[Action]) -> set[ActionKind]:
    return {a.kind for a in actions}


def test_every_seat_names_a_suit_in_play_before_the_first_discard() -> None:
    """docs/rules.md §15.3: after the deal every seat names one of the three suits; the dealer plays only then."""
    rnd = rigged_round(THREE, [COMPLETE_NO_M, SEAT1, SEAT2])
    assert rnd.state.phase.value == "dingque" and rnd.to_move() == [0, 1, 2]
    assert [a.tile for a in rnd.legal_actions(1)] == [parse_tile("1m"), parse_tile("1p"), parse_tile("1s")]
    assert rnd.check(make(ActionKind.DISCARD, 0, parse_tile("1p"))) is not None
    _name(rnd, {1: M, 2: P})
    assert rnd.to_move() == [0] and rnd.state.phase.value == "dingque"
    _name(rnd, {0: M})
    assert str(rnd.state.phase.value) == "turn" and rnd.to_move() == [0]
    assert rnd.state.missing == [M, M, P]


def test_the_suits_named_stay_hidden_until_all_are_shown_together() -> None:
    """docs/rules.md §15.3 (XY): each choice is known to its seat alone until the last is in; then all are shown."""
    rnd = rigged_round(THREE, [COMPLETE_NO_M, SEAT1, SEAT2])
    _name(rnd, {1: S})
    named = next(e for e in rnd.events if isinstance(e, SuitNamed))
    assert visible(named, 1) == SuitNamed(1, S)
    assert visible(named, 0) == SuitNamed(1, None) and visible(named, SPECTATOR) == SuitNamed(1, None)
    assert observe(rnd, 1).missing == (-1, S, -1) and observe(rnd, 0).missing == (-1, -1, -1)
    _name(rnd, {0: M, 2: P})
    shown = [e for e in rnd.events if isinstance(e, SuitsShown)]
    assert shown == [SuitsShown((M, S, P))] and visible(shown[0], SPECTATOR) == shown[0]
    assert observe(rnd, 2).missing == (M, S, P)


def test_no_win_while_holding_the_named_suit() -> None:
    """docs/rules.md §15.3: a hand complete by shape does not win while it holds a tile of the suit it named."""
    named_p = rigged_round(THREE, [COMPLETE_NO_M, SEAT1, SEAT2])
    _name(named_p, {0: P, 1: M, 2: M})
    assert ActionKind.WIN not in _kinds(named_p.legal_actions(0))
    named_m = rigged_round(THREE, [COMPLETE_NO_M, SEAT1, SEAT2])
    _name(named_m, {0: M, 1: M, 2: M})
    assert ActionKind.WIN in _kinds(named_m.legal_actions(0))  # 天胡: no 万 in the hand


def test_holding_the_named_suit_is_not_ready_and_cannot_declare() -> None:
    """docs/rules.md §15.3: a hand holding the named suit has no waits, so it is not ready at the end (查叫) and
    cannot declare ready (报听) with any discard but the last tile of that suit."""
    dealer = "111p456p789p234s5s9m"
    rnd = rigged_round(THREE, [dealer, SEAT1, SEAT2])
    _name(rnd, {0: M, 1: P, 2: S})
    declares = [a.tile for a in rnd.legal_actions(0) if a.declare]
    assert declares == [parse_tile("9m")]  # throwing 5s instead would keep the 9m
    plain = rigged_round(
        dataclasses.replace(THREE, play=dataclasses.replace(THREE.play, dingque=False)), [dealer, SEAT1, SEAT2]
    )
    assert sorted(a.tile or 0 for a in plain.legal_actions(0) if a.declare) == parse_tiles("9m 2s 5s")
    # Seat 1 waits on 5m and 1s by shape (55m 11s), but it named 筒 and holds 123p 456p: not ready at the end.
    assert rnd.waits(1) == frozenset() and rnd.state.holds_missing(1)
    rnd.state.finish(None, None, None)
    assert rnd.state.result is not None and not rnd.state.result.seats[1].ready


def _with_blocks(on: bool) -> Ruleset:
    return dataclasses.replace(THREE, play=dataclasses.replace(THREE.play, dingque_blocks_pung=on))


@pytest.mark.parametrize("blocks", [True, False])
def test_a_pung_of_the_named_suit_as_the_ruleset_says(blocks: bool) -> None:
    """docs/rules.md §15.3 (LQ, XY): with play.dingque_blocks_pung a discard of the named suit cannot be punged."""
    rnd = rigged_round(_with_blocks(blocks), ["5m 111p456p789p234s 9s", SEAT1, SEAT2])
    _name(rnd, {0: S, 1: M, 2: P})
    rnd.apply(make(ActionKind.DISCARD, 0, parse_tile("5m")))
    offered = _kinds(rnd.legal_actions(1))
    assert (ActionKind.PUNG in offered) is not blocks


def test_the_built_in_bot_names_the_suit_it_holds_least_and_throws_it_first() -> None:
    """docs/rules.md §15.3: the built-in bot (and the rollouts) name the suit held least and throw it first."""
    counts = to_counts(parse_tiles("123456789m 234p 6s"))
    assert fewest_suit(counts, (M, P, S)) == S
    assert fewest_suit(to_counts(parse_tiles("11m 22p 33s")), (M, P, S)) == M  # a tie: the first
    assert missing_discard(to_counts(parse_tiles("1123m 5p")), M) == parse_tile("2m")  # fewest copies, lowest
    assert missing_discard(counts, S) == parse_tile("6s") and missing_discard(counts, -1) == -1


def test_the_levels_name_the_cheapest_suit_and_throw_it_before_anything_else() -> None:
    """docs/rules.md §15.3: every level names the suit that costs its hand least (chickens count: 幺鸡 is kept), and
    while it holds that suit it throws a tile of it."""
    rnd = rigged_round(THREE, [COMPLETE_NO_M, SEAT1, SEAT2])
    obs = observe(rnd, 2)  # 123456789m 234p 6s: 条 is cheapest
    assert name_suit(obs, THREE).tile == SUIT_TILES[S]
    obs1 = observe(rnd, 1)  # 55m 123p 456p 789s 11s: 万 holds two tiles, 条 five and a 幺鸡 pair
    assert name_suit(obs1, THREE).tile == SUIT_TILES[M]
    _name(rnd, {0: P, 1: M, 2: S})
    move = dingque_move(observe(rnd, 0), THREE)
    assert move is not None and move.kind is ActionKind.DISCARD and move.tile is not None and move.tile // 9 == P


@pytest.mark.parametrize("level", ["simple", "hard"])
def test_no_winner_ever_holds_the_suit_it_named(level: str) -> None:
    """docs/rules.md §15.3 over whole matches: every winner's hand and melds hold no tile of its named suit."""
    from game.ai import make_agent

    agents = [SimpleAgent() if level == "simple" else make_agent(level, s, THREE) for s in range(THREE.players)]
    seen: list[int] = []

    def check(result: HandResult) -> None:
        if result.win is None:
            return
        for w in result.win.winners:
            tiles = [*result.seats[w].concealed, *(m.tile for m in result.seats[w].melds)]
            seen.append(w)
            named = result.seats[w].missing
            assert named >= 0 and all(t // 9 != named for t in tiles)

    rep = simulate(THREE, "dq", 12 if level == "hard" else 40, agents=agents, on_hand=check, check_replay=True)
    assert not rep.failures and seen
