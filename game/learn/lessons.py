"""The guided lessons: short hands on fixed, stacked walls, each with what it teaches and how it should end.

A lesson fixes the dice and stacks the wall (game.engine.round.HandSetup.wall) so that, played as the coach
advises, the hand ends the way the lesson intends. The other seats play the lesson's part: each
discards the tile it drew and claims nothing, so what they throw is the wall's order. The engine, the
pass rules, the hints and the settlement are the game's own (game.learn.coach drives them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.core.result import HandResult, WinHow
from game.core.ruleset import Ruleset
from game.core.settlement import Ledger
from game.core.tiles import COPIES, NUM_KINDS, Tile, parse_tiles
from game.engine.round import HandSetup
from game.engine.wall import Wall, count_seats, find_break, side_lengths
from game.learn.explain import Said

PLAYER = 0


@dataclass(frozen=True)
class Lesson:
    """One guided hand."""

    number: int
    key: str
    title: Said
    intro: Said
    goal: Said  # what the hand should end with
    hands: tuple[str, ...]  # each seat's dealt tiles (the dealer's 14 first in play order)
    front: str  # tiles drawn from the front of the wall, in order (the turned tile for chickens among them)
    tail: str = ""  # kong replacement tiles, in order
    dealer: int | None = PLAYER  # None: the dice choose (first_roller, dealer_dice)
    first_roller: int | None = None
    dealer_dice: tuple[int, int] | None = None
    break_dice: tuple[int, int] = (3, 5)
    claim: bool = False  # the coach takes pungs and kongs offered
    declare: bool = False  # the coach declares ready (报听) when it may
    explain_deal: bool = False  # the coach narrates the dice, the break and the deal
    ruleset: str = "guiyang-classic"
    intended: Callable[[HandResult, Ledger], bool] = lambda result, ledger: False

    def setup(self, rules: Ruleset) -> HandSetup:
        """The hand's set-up: fixed dice and the stacked wall."""
        base = HandSetup(
            dealer=self.dealer,
            first_roller=self.first_roller,
            dealer_dice=self.dealer_dice,
            break_dice=self.break_dice,
        )
        return HandSetup(
            dealer=base.dealer,
            first_roller=base.first_roller,
            dealer_dice=base.dealer_dice,
            break_dice=base.break_dice,
            wall=stacked_wall(rules, base, self.hands, self.front, self.tail),
        )


def stacked_wall(rules: Ruleset, setup: HandSetup, hands: tuple[str, ...], front: str, tail: str) -> tuple[Tile, ...]:
    """The tile kinds in play in the wall's front order so that the deal gives `hands` (one per seat) and draws
    come as listed.

    ValueError when the tiles do not fit (a fifth copy, a hand of the wrong size).
    """
    table = rules.table
    players = rules.players
    if setup.dealer is not None:
        dealer = setup.dealer
    else:
        assert setup.first_roller is not None and setup.dealer_dice is not None
        dealer = count_seats(setup.first_roller, sum(setup.dealer_dice), table.count_direction, players)
    assert setup.break_dice is not None
    n = rules.wall_size
    lengths = side_lengths(table, dealer, n)
    brk = find_break(table, dealer, setup.break_dice, lengths)

    def fresh() -> tuple[Wall, dict[int, list[int]]]:
        wall = Wall(lengths, brk, list(range(n)))  # ids are the front-order indices
        dealt: dict[int, list[int]] = {s: [] for s in range(players)}
        for chunk, ids in wall.deal(dealer):
            dealt[chunk.seat].extend(ids)
        return wall, dealt

    wall, dealt = fresh()
    front_order = [wall.draw_front()[1] for _ in range(wall.remaining)]
    wall, _ = fresh()
    tail_order = [wall.draw_tail()[1] for _ in range(wall.remaining)]
    kinds: list[Tile | None] = [None] * n
    left = [COPIES] * NUM_KINDS

    def put(index: int, t: Tile) -> None:
        if left[t] == 0:
            raise ValueError(f"stacked lesson wall: a fifth {t}")
        if kinds[index] is not None:
            raise ValueError("stacked lesson wall: the front and the tail meet")
        left[t] -= 1
        kinds[index] = t

    for seat in range(players):
        tiles = parse_tiles(hands[seat])
        if len(tiles) != len(dealt[seat]):
            raise ValueError(f"seat {seat} is dealt {len(dealt[seat])} tiles, the lesson gives {len(tiles)}")
        for index, t in zip(dealt[seat], tiles, strict=True):
            put(index, t)
    for index, t in zip(front_order, parse_tiles(front), strict=False):
        put(index, t)
    for index, t in zip(tail_order, parse_tiles(tail), strict=False):
        put(index, t)
    # The rest, spread over the suits so the filler draws do not line up into sets.
    order = sorted(rules.kinds, key=lambda t: (t * 10) % NUM_KINDS)
    rest = [t for copy in range(COPIES) for t in order if left[t] > copy]
    for index in front_order:
        if kinds[index] is None:
            kinds[index] = rest.pop(0)
    out = tuple(t for t in kinds if t is not None)
    if len(out) != n:
        raise ValueError("stacked lesson wall: not every place is filled")
    return out


def _won(result: HandResult, how: tuple[WinHow, ...]) -> bool:
    return result.win is not None and result.win.winners == (PLAYER,) and result.win.how in how


def _kong_pass_win(result: HandResult, ledger: Ledger) -> bool:
    melds = result.seats[PLAYER].melds
    return _won(result, (WinHow.DISCARD,)) and any(m.is_kong for m in melds) and any(not m.is_kong for m in melds)


def _big_hand_off_discard(result: HandResult, ledger: Ledger) -> bool:
    items = [i for i in ledger if i.rule == "win.pattern" and i.payee == PLAYER]
    return _won(result, (WinHow.DISCARD,)) and not result.seats[PLAYER].melds and bool(items) and items[0].fan >= 5


def _golden_chicken(result: HandResult, ledger: Ledger) -> bool:
    return _won(result, (WinHow.SELF_DRAW,)) and any(i.rule == "chicken.golden" and i.payee == PLAYER for i in ledger)


def _declared_draw(result: HandResult, ledger: Ledger) -> bool:
    return (
        result.win is None
        and result.seats[PLAYER].declared_ready
        and any(i.rule == "draw.chajiao" and i.payee == PLAYER for i in ledger)
    )


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        1,
        "deal",
        Said("骰子、开牌和抓牌", "The dice, the break and the deal"),
        Said(
            "先看骰子怎样定庄、怎样开牌、每人怎样抓牌。然后你打出第一张牌，再摸牌自摸胡。",
            "Watch the dice choose the dealer, break the wall and deal. Then make your first discard and "
            "draw your way to a win.",
        ),
        Said("自摸胡牌", "Win by drawing your own tile"),
        hands=("123m456m78p234s55s9m", "147m258p369s1p4p7s8m", "258m369p147s2p5p8s9m", "369m147p258s3p6p9s1m"),
        front="1m 3p 2s 9p",
        dealer=None,
        first_roller=PLAYER,
        dealer_dice=(1, 4),
        break_dice=(3, 5),
        explain_deal=True,
        intended=lambda result, ledger: _won(result, (WinHow.SELF_DRAW,)),
    ),
    Lesson(
        2,
        "towards-ready",
        Said("摸牌打牌，做成叫牌", "Draw and discard towards a ready hand"),
        Said(
            "每一轮摸一张打一张。打出最没用的牌，让手牌离叫牌越来越近（向听数越来越小）。",
            "Each turn, draw one and discard one. Throw the tile that helps least, so the hand gets closer "
            "to ready (fewer tiles away).",
        ),
        Said("做成叫牌，再自摸胡", "Get ready, then win on your own draw"),
        hands=("12m456m79p234s55s9s1p", "147m258p369s4p7s2m5s", "258m369p147s5p8s3m6m", "36m147p258s3p6p9s8m2p"),
        front="1m 2p 3s 3m 9m 7m 4m 8p",
        intended=lambda result, ledger: _won(result, (WinHow.SELF_DRAW,)),
    ),
    Lesson(
        3,
        "pung-kong",
        Said("碰、杠，杠就是通行证", "Pung and kong, and the kong as the pass"),
        Said(
            "别人打出你有一对的牌，可以碰；有三张，可以杠（豆）。豆有分，而且是平胡点胡的通行证。",
            "When someone discards a tile you hold a pair of, you may pung it; with three, kong it (豆). "
            "A kong scores, and it is the pass a plain hand needs to win off a discard.",
        ),
        Said("碰一次、杠一次，再用豆做通行证点胡", "Pung, kong, then win off a discard with the kong as your pass"),
        hands=("55m777p234s678s9m1p9p", "147m258p369s4p1s2m6m", "258m369p147s5p8s3m1m", "36m14p258s3p6p9s8m2p5s"),
        front="5m 7p 4s",
        tail="4s",
        claim=True,
        intended=_kong_pass_win,
    ),
    Lesson(
        4,
        "pass",
        Said("点胡：要不要通行证", "Winning off a discard: with or without the pass"),
        Said(
            "平胡要胡别人打的牌，必须有豆（通行证）；大对子这样的大牌不用。看看同一手牌，哪张能点胡，哪张不能。",
            "A plain hand may win off a discard only with a kong (the pass); a big hand such as all pungs "
            "needs none. See which of your waits can be taken off a discard.",
        ),
        Said("用大对子点胡", "Win off a discard with all pungs"),
        hands=("222m555p888p5556s1m", "147m258p369s4p1s3m6m", "258m369p147s4p2s3m1p", "369m147p258s3p6p9s7m"),
        front="4s 7s 9s 9p 6s",
        intended=_big_hand_off_discard,
    ),
    Lesson(
        5,
        "chickens",
        Said("鸡：翻鸡、幺鸡、金鸡，谁收", "Chickens: the flip, 幺鸡, 金鸡, and who collects"),
        Said(
            "胡牌后翻一张牌定鸡。幺鸡永远是鸡；翻出九条时幺鸡变金鸡。只有胡牌和叫牌的人收鸡。",
            "After a win a tile is turned to name a chicken. 幺鸡 (1s) is always one; when 9s is turned "
            "it is golden. Only seats that won or are ready collect.",
        ),
        Said("自摸胡，翻出金鸡", "Win, and turn up the golden chicken"),
        hands=("11s234m567p789p45s9m", "147m258p369s1s7s2m5m", "234m456p678s99m1s2s", "36m147p258s3p6p9s8m2p"),
        front="3m 2p 7p 6s 9s",
        intended=_golden_chicken,
    ),
    Lesson(
        6,
        "declare-draw",
        Said("报听和黄庄查叫", "Declaring ready, and the draw with 查叫"),
        Said(
            "起手就叫牌，可以报听：报听后不能再换牌，摸什么打什么，但胡牌按报听算。牌摸完没人胡就是黄庄，要查叫。",
            "Ready from the start, you may declare (报听): the hand is locked and every drawn tile goes out, "
            "but a win counts as declared. If the wall runs out with no winner, it is a draw, settled by 查叫.",
        ),
        Said("报听，黄庄时查叫收分", "Declare ready, and collect at the draw by 查叫"),
        hands=("234m567m789s55p34p1s", "2222p55p1s4s9s8m3m6p9s", "111m999m111p999p7s", "77s2m5m8m3s6s2s5s8s3m6m4p"),
        front="",
        declare=True,
        intended=_declared_draw,
    ),
)


def lesson(number: int) -> Lesson:
    """Lesson `number` (1-based); ValueError naming the choices otherwise."""
    for item in LESSONS:
        if item.number == number:
            return item
    raise ValueError(f"no lesson {number}; lessons are 1 to {len(LESSONS)}")
