"""The engine's fast paths against the plain definitions they replace.

Each shortcut here (remembered tables, walks shared between suit keys, a written-out
shuffle, events stored straight into their slots, sorted hands kept alongside the counts)
must give exactly what the plain computation gives, so that a seed plays the same hand.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest

from game.core import suit_tables
from game.core.hand import is_ready
from game.core.result import HandResult, SeatResult, Win, WinHow
from game.core.shanten import lowest_discards, shanten
from game.core.tiles import NUM_KINDS, from_counts, parse_tiles, to_counts
from game.engine.actions import Action, ActionKind
from game.engine.events import EVENT_TYPES, TileDiscarded, TileDrawn, event_from_json
from game.engine.observation import observe
from game.engine.round import HandSetup, Round
from game.engine.visibility import visible
from game.engine.wall import (
    Break,
    Wall,
    count_seats,
    counted_seats,
    deal_plan,
    end_stacks,
    find_break,
    kind_of,
    shuffled_tile_ids,
    side_lengths,
    stacks_in_draw_order,
)
from game.match.agents import SimpleAgent
from game.rules.loader import load_ruleset
from tests.rig import stacked_wall

CLASSIC = load_ruleset("guiyang-classic")
WALL = [t for t in range(NUM_KINDS) for _ in range(4)]


def _random_hand(rng: random.Random, size: int) -> list[int]:
    return to_counts(rng.sample(WALL, size))


def _suit_keys(max_tiles: int) -> list[tuple[int, ...]]:
    """Every suit configuration (nine counts of 0-4) of at most `max_tiles` tiles."""
    out: list[tuple[int, ...]] = []

    def walk(rank: int, left: int, key: tuple[int, ...]) -> None:
        if rank == 9:
            out.append(key)
            return
        for n in range(min(4, left) + 1):
            walk(rank + 1, left - n, (*key, n))

    walk(0, max_tiles, ())
    return out


# --- shanten and waits (docs/rules.md §5) -----------------------------------------------


@pytest.mark.parametrize("melds", [0, 1, 2, 3, 4])
def test_shanten_after_each_discard_is_the_shanten_of_the_hand_left(melds: int) -> None:
    """docs/rules.md §5 shanten: the remembered per-suit discard table gives `shanten` of each 13 - 3k hand left."""
    rng = random.Random(melds)
    for _ in range(300):
        hand = _random_hand(rng, 14 - 3 * melds)
        plain: dict[int, int] = {}
        for t in range(NUM_KINDS):
            if hand[t]:
                hand[t] -= 1
                plain[t] = shanten(hand, melds)
                hand[t] += 1
        low = min(plain.values())
        assert lowest_discards(hand, melds) == (low, [t for t, v in plain.items() if v == low]), from_counts(hand)
        # The bot's pung check uses this: the best discard leaves the whole hand's shanten (0 if complete).
        assert low == max(shanten(hand, melds), 0)


def test_lowest_discards_of_a_winning_hand_leave_it_ready() -> None:
    """docs/rules.md §5: every discard from 123m456m789m123p55s but the pair's tiles leaves a ready hand."""
    hand = to_counts(parse_tiles("123m456m789m123p55s"))
    assert lowest_discards(hand, 0) == (0, [t for t in range(NUM_KINDS) if hand[t]])
    assert shanten(hand, 0) == -1  # so the bot's pung check takes max(shanten, 0)


def test_suit_adds_are_the_ranks_that_complete_the_suit() -> None:
    """docs/rules.md §5 叫牌: the ranks found by the rank-sum shortcut are those whose addition makes sets (and a
    pair)."""
    rng = random.Random(7)
    keys = _suit_keys(8) + [tuple(rng.randint(0, 4) for _ in range(9)) for _ in range(3000)]
    for key in keys:
        n = sum(key)
        if n > 13:
            continue
        plain = [
            r
            for r in range(9)
            if n % 3 and key[r] < 4 and suit_tables.suit_complete((*key[:r], key[r] + 1, *key[r + 1 :]))
        ]
        assert suit_tables.suit_adds(key) == tuple(plain), key


def test_suit_adds_of_a_nine_gates_suit_is_every_rank() -> None:
    """docs/rules.md §5: 1112345678999m waits on every tile of its suit."""
    key = tuple(to_counts(parse_tiles("1112345678999m"))[:9])
    assert suit_tables.suit_adds(key) == tuple(range(9))


@pytest.mark.parametrize("delta", [-1, 1])
def test_rows_with_one_rank_changed_match_each_key_walked_alone(delta: int) -> None:
    """The shared-prefix walk gives every changed key the row `compute_row` gives it."""
    rng = random.Random(delta + 5)
    for _ in range(400):
        key = tuple(rng.randint(0, 4) for _ in range(9))
        ids = suit_tables.row_ids_one_changed(key, delta)
        for r in range(9):
            have = key[r] + delta
            if 0 <= have <= 4:
                changed = (*key[:r], have, *key[r + 1 :])
                assert suit_tables.ROWS[ids[r]] == suit_tables.compute_row(changed), (key, r)
            else:
                assert ids[r] == -1


def test_suit_info_counts_tiles_pairs_and_odd_kinds() -> None:
    """The per-suit facts behind waits: 1123449m has 7 tiles, two pairs, three odd kinds."""
    key = tuple(to_counts(parse_tiles("1123449m"))[:9])
    tiles, complete, pairs, odd, only_odd = suit_tables.suit_info(key)
    assert (tiles, complete, pairs, odd, only_odd) == (7, False, 2, 3, -1)
    assert suit_tables.suit_info(tuple(to_counts(parse_tiles("1112m"))[:9]))[3:] == (2, -1)
    assert suit_tables.suit_info(tuple(to_counts(parse_tiles("11123m"))[:9]))[1:] == (True, 1, 3, -1)
    assert suit_tables.suit_info(tuple(to_counts(parse_tiles("1122334m"))[:9]))[3:] == (1, 3)


# --- the wall and the deal (docs/rules.md §2, §3) -------------------------------------------


def test_written_out_shuffle_is_the_standard_librarys() -> None:
    """docs/rules.md §3: the wall of a seed is random.shuffle's permutation, and the generator ends in the same
    state."""
    for seed in range(300):
        mine, theirs = random.Random(f"s{seed}"), random.Random(f"s{seed}")
        ids = list(range(108))
        theirs.shuffle(ids)
        assert shuffled_tile_ids(mine, CLASSIC.kinds) == ids
        assert mine.random() == theirs.random()
    # docs/rules.md §15.1: a wall of two suits shuffles the ids of their kinds, as random.shuffle would.
    two = load_ruleset("erding-liangfang")
    mine, theirs = random.Random("two"), random.Random("two")
    ids = [i for i in range(108) if i // 4 in two.kinds]
    theirs.shuffle(ids)
    assert shuffled_tile_ids(mine, two.kinds) == ids and len(ids) == 72


@pytest.mark.parametrize("name", ["guiyang-classic", "sandingguai", "erding-liangfang"])
@pytest.mark.parametrize("dealer", range(4))
def test_remembered_deal_takes_the_places_of_the_deal_plan(name: str, dealer: int) -> None:
    """docs/rules.md §3, §15.2: Wall.deal takes exactly deal_plan's grabs, tile by tile, and leaves the rest,
    at every table size: 13 tiles each, the dealer 14."""
    rules = load_ruleset(name)
    if dealer >= rules.players:
        pytest.skip("no such seat at this table")
    rng = random.Random(dealer)
    for dice in ((1, 1), (3, 4), (6, 6), (2, 5)):
        lengths = side_lengths(rules.table, dealer, rules.wall_size)
        brk = find_break(rules.table, dealer, dice, lengths)
        ids = [i for i in range(108) if i // 4 in rules.kinds]
        rng.shuffle(ids)
        plain, fast = Wall(lengths, brk, ids), Wall(lengths, brk, ids)
        expected = [
            (chunk, tuple(plain.take(p) for p in chunk.places)) for chunk in deal_plan(plain, dealer, rules.players)
        ]
        assert fast.deal(dealer) == expected
        dealt = {s: sum(len(c.places) for c, _ in expected if c.seat == s) for s in range(rules.players)}
        assert dealt == {s: 14 if s == dealer else 13 for s in range(rules.players)}
        assert fast.live_places() == plain.live_places()
        assert fast.remaining == plain.remaining == rules.wall_size - 13 * rules.players - 1
        assert fast.draw_front() == plain.draw_front()
        assert fast.draw_tail() == plain.draw_tail()


def test_deal_needs_a_full_wall() -> None:
    """The remembered layout assumes an untouched wall; anything else is refused with a message."""
    lengths = side_lengths(CLASSIC.table, 0, 108)
    wall = Wall(lengths, Break(1, 3, "sum_and_smaller"), list(range(108)))
    wall.draw_front()
    with pytest.raises(ValueError, match="full wall"):
        wall.deal(0)


def test_wall_ends_and_counted_seats_match_the_plain_walks() -> None:
    """docs/rules.md §2, §3: the first and tail stacks, and the seats counted round the table by the dice."""
    for dealer in range(4):
        lengths = side_lengths(CLASSIC.table, dealer, 108)
        for side in range(4):
            for skipped in range(lengths[side]):
                brk = Break(side, skipped, "")
                order = stacks_in_draw_order(lengths, brk)
                assert end_stacks(lengths, brk) == (order[0], order[-1])
    for direction in ("previous", "next"):
        for players in (2, 3, 4):
            for start in range(players):
                for n in range(2, 13):
                    assert counted_seats(start, n, direction, players) == tuple(
                        count_seats(start, k, direction, players) for k in range(1, n + 1)
                    )


# --- events ---------------------------------------------------------------------------


def test_events_built_fast_are_the_same_frozen_dataclasses() -> None:
    """Events stored straight into their slots still compare, hash, print, freeze and round-trip."""
    a = TileDrawn(2, (1, 5, 1), 7, False, 60)
    b = TileDrawn(seat=2, place=(1, 5, 1), tile=7, replacement=False, remaining=60)
    assert a == b and hash(a) == hash(b)
    assert repr(a) == "TileDrawn(seat=2, place=(1, 5, 1), tile=7, replacement=False, remaining=60)"
    assert a != TileDrawn(2, (1, 5, 1), 7, True, 60)
    other_kind: object = TileDiscarded(2, 7, False, False)
    assert a != other_kind
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.seat = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        TileDrawn(2, (1, 5, 1), 7, False)  # type: ignore[call-arg]
    assert event_from_json(a.to_json()) == a
    assert visible(a, 0) == dataclasses.replace(a, tile=None)
    for cls in EVENT_TYPES.values():
        names = [f.name for f in dataclasses.fields(cls)]
        assert list(cls.__init__.__code__.co_varnames[1 : len(names) + 1]) == names, cls


def test_hand_results_built_fast_keep_their_defaults_and_stay_frozen() -> None:
    """docs/rules.md §9 settlement reads a HandResult: built straight into its slots, it has the dataclass's
    defaults."""
    seat = SeatResult(tuple(parse_tiles("123m456p789s1122s")))
    assert seat == SeatResult(tuple(parse_tiles("123m456p789s1122s")), (), (), False, False)
    assert repr(seat).startswith("SeatResult(concealed=(0, 1, 2, ") and seat.melds == () and not seat.ready
    win = Win((1,), 19, WinHow.DISCARD, discarder=2)
    assert (win.hot, win.first_turn) == (False, False) and hash(win) == hash(Win((1,), 19, WinHow.DISCARD, 2))
    a = HandResult("guiyang-classic", 0, 0, (seat, seat, seat, seat), win)
    b = HandResult("guiyang-classic", 0, 0, (seat, seat, seat, seat), win)
    assert a == b and a.first_chicken == {} and a.first_chicken is not b.first_chicken  # a fresh dict each
    assert (a.flip, a.baopai, a.hot_kong, a.weekday, a.dealer_followed) == (None, (), None, None, False)
    assert dataclasses.replace(a, flip=5).flip == 5
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.flip = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        HandResult("guiyang-classic", 0, 0)  # type: ignore[call-arg]
    for cls in (SeatResult, Win, HandResult):
        names = [f.name for f in dataclasses.fields(cls)]
        assert list(cls.__init__.__code__.co_varnames[1 : len(names) + 1]) == names, cls


# --- the round, observations and the built-in bot --------------------------------------


def _isolation(counts: Sequence[int], t: int) -> int:
    """The bot's tie-break, written plainly: 3 per copy, 2 per copy one rank away, 1 per copy two away."""
    r = t % 9
    score = 3 * counts[t]
    for d, w in ((1, 2), (2, 1)):
        if r - d >= 0:
            score += w * counts[t - d]
        if r + d <= 8:
            score += w * counts[t + d]
    return score


def _plain_discard(counts: list[int], melds: int) -> int:
    """SimpleAgent's discard by its definition: lowest shanten left, then most isolated, then lowest tile."""
    options = []
    for t in range(NUM_KINDS):
        if counts[t]:
            counts[t] -= 1
            options.append((shanten(counts, melds), _isolation(counts, t) + 3, t))
            counts[t] += 1
    return min(options)[2]


def test_round_keeps_sorted_hands_and_the_bot_discards_by_its_definition() -> None:
    """Through whole hands: each seat's sorted tiles and size follow its counts, observations show them,
    equal actions built anew are accepted like the engine's own, and the bot's discard is its plain rule."""
    bot = SimpleAgent()
    checked = 0
    for hand_no in range(1, 25):
        rnd = Round(CLASSIC, "fast-paths", HandSetup(hand=hand_no))
        while not rnd.ended:
            for seat in range(4):
                assert rnd.sorted_hands[seat] == from_counts(rnd.state.hands[seat])
                assert rnd.sizes[seat] == sum(rnd.state.hands[seat])
            seat = rnd.to_move()[0]
            obs = observe(rnd, seat)
            assert list(obs.hand) == from_counts(rnd.state.hands[seat])
            action = bot.choose(obs)
            plain_turn = obs.phase == "turn" and len(obs.legal_actions) > 1
            if plain_turn and action.kind is ActionKind.DISCARD and not any(a.declare for a in obs.legal_actions):
                assert action.tile == _plain_discard(list(obs.counts), len(obs.melds[seat]))
                checked += 1
            fresh = Action(action.kind, action.seat, action.tile, action.declare)
            assert fresh is not action and rnd.check(fresh) is None
            rnd.apply(fresh)
        assert rnd.tile_census() == [4] * 27
    assert checked > 500


def test_declaring_ready_is_offered_exactly_for_the_discards_that_leave_a_ready_hand() -> None:
    """docs/rules.md §4 报听: the shanten pre-check skips no discard that leaves the dealer ready (1112345678999m5p)."""
    hands = ["1112345678999m5p", "123p456p789m88s34s", "2345678m 234s 567s", "2345678m 6789p 19s"]
    rnd = Round(CLASSIC, "declare", HandSetup(dealer=0, break_dice=(3, 4), wall=stacked_wall(hands)))
    counts = list(rnd.state.hands[0])
    plain = set()
    for t in range(NUM_KINDS):
        if counts[t]:
            counts[t] -= 1
            if is_ready(counts, []):
                plain.add(t)
            counts[t] += 1
    offered = {a.tile for a in rnd.legal_actions(0) if a.declare}
    # Out with 5p it waits on any m tile; out with 2m, 5m or 8m, on the 5p alone.
    assert offered == plain == set(parse_tiles("2m 5m 8m 5p"))
    rng = random.Random(3)
    for n in range(200):
        rnd = Round(CLASSIC, f"declare-{n}", HandSetup(dealer=rng.randrange(4)))
        seat = rnd.state.dealer
        counts = list(rnd.state.hands[seat])
        expected = set()
        for t in range(NUM_KINDS):
            if counts[t]:
                counts[t] -= 1
                if is_ready(counts, []):
                    expected.add(t)
                counts[t] += 1
        assert {a.tile for a in rnd.legal_actions(seat) if a.declare} == expected


def test_kind_of_matches_the_dealt_events() -> None:
    """docs/rules.md §3: the tiles each deal event shows are the kinds of the ids the wall gave up."""
    rnd = Round(CLASSIC, "dealt")
    dealt = [0] * NUM_KINDS
    for e in rnd.events:
        tiles = getattr(e, "tiles", None)
        if tiles is not None:
            for t in tiles:
                dealt[t] += 1
    held = [sum(rnd.state.hands[s][t] for s in range(4)) for t in range(NUM_KINDS)]
    assert dealt == held
    assert sorted(kind_of(i) for i in rnd.wall.tile_ids()) == from_counts([4 - n for n in held])
