"""The guide's pages on play: the tiles, the deal, a turn (pung and kong) and the pass (通行证)."""

from __future__ import annotations

from game.core import rulings
from game.core.melds import KongKind, Meld
from game.core.ruleset import MAX_PLAYERS, PATTERN_NAMES, WIND_NAMES, wind_name
from game.core.tiles import SUIT_NAMES_EN, SUIT_NAMES_ZH, SUITS, WUGUJI, parse_tile
from game.engine.wall import DICE_FACES
from game.learn.guide_page import PageWriter


def tiles_page(w: PageWriter) -> None:
    """The table, the tiles in play, the notation, and the chickens among them."""
    r = w.rules
    if r.players != MAX_PLAYERS:
        _table_size(w)
    shown = [i for i, suit in enumerate(SUITS) if suit in r.suits]
    left_out = [i for i, suit in enumerate(SUITS) if suit not in r.suits]
    names_zh = "、".join(SUIT_NAMES_ZH[i] for i in shown)
    names_en = ", ".join(f"{SUIT_NAMES_EN[i].lower()} {SUIT_NAMES_ZH[i]}" for i in shown)
    none_zh = "".join(f"没有{SUIT_NAMES_ZH[i]}，" for i in left_out)
    none_en = "".join(f"No {SUIT_NAMES_EN[i].lower()} ({SUIT_NAMES_ZH[i]}), " for i in left_out)
    w.say(
        f"一副牌{{count.tiles}}张：{names_zh}{{count.suits}}门，每门一到九，每种{{const.copies}}张。"
        f"{none_zh}没有字牌，没有花牌。",
        f"{{count.tiles}} tiles: {{count.suits}} suits ({names_en}), ranks one to nine, "
        f"{{const.copies}} copies of each. {none_en}{'no' if left_out else 'No'} honours, no flowers.",
    )
    for tiles, zh, en in (
        ("123456789m", "万（m）", "Characters 万 (m)"),
        ("123456789p", "筒（p）", "Dots 筒 (p)"),
        ("123456789s", "条（s）", "Bamboo 条 (s)"),
    ):
        if w.in_play(tiles):
            w.row(tiles, zh, en, marked=(0,) if tiles.endswith("s") else ())
    sample = w.first_in_play("123m 456p 11s", "123p 456s 11s")
    w.say(
        f"写法：数字在前，花色字母在后，如 {sample}。一条（1s）叫幺鸡，是鸡，画成一只鸟。",
        f"Notation: ranks then the suit letter, as in {sample}. The one of bamboo (1s) is 幺鸡, "
        "the chicken, drawn as a bird.",
    )
    if WUGUJI in r.chickens.fixed:
        w.say(
            "本规则的八筒（8p）叫乌骨鸡，也是鸡。",
            "Under this ruleset the eight of dots (8p), 乌骨鸡, is a chicken too.",
        )


def _table_size(w: PageWriter) -> None:
    """A smaller table: how many play, their seats, and the empty sides."""
    # docs/rules.md §15.2
    n = w.rules.players
    words = w.words
    seats = [wind_name(n, s, "zh") for s in range(n)]
    seats_en = [wind_name(n, s, "en") for s in range(n)]
    empty = [zh for zh, _en in WIND_NAMES if zh not in seats]
    empty_en = [en for _zh, en in WIND_NAMES if en not in seats_en]
    w.say(
        f"本规则{words.count.zh}人一桌（{words.name.zh}）：座位是{'、'.join(seats)}，按这样轮流出牌；"
        f"{'、'.join(empty)}空着，那边没有人，也没有牌墙。",
        f"This ruleset seats {words.count.en} players ({words.name.en}): {', '.join(seats_en)}, playing in that "
        f"order; no one sits at {' or '.join(empty_en)}, and no wall stands there.",
    )


def deal_page(w: PageWriter) -> None:
    """The dice, the wall and the deal."""
    t = w.rules.table
    if t.first_dealer == "dice":
        toward = "上家" if t.count_direction == "previous" else "下家"
        toward_en = "previous" if t.count_direction == "previous" else "next"
        w.say(
            f"第一局：一人掷两颗骰子，从自己数起（自己算一），朝{toward}方向数到点数，那一家坐庄。",
            f"First hand: one seat rolls two dice and counts that many seats, itself as one, toward the "
            f"{toward_en} seat in play order; that seat deals.",
        )
    else:
        w.say("第一局的庄家随机决定。", "The first dealer is chosen at random.")
    if len(t.wall_stacks) == MAX_PLAYERS:
        w.say(
            "牌墙两张一墩，四边各{table.wall_stacks.0}、{table.wall_stacks.1}、{table.wall_stacks.2}、"
            "{table.wall_stacks.3}墩（庄家一边先）。",
            "The wall is stacks of two, {table.wall_stacks.0}, {table.wall_stacks.1}, {table.wall_stacks.2} "
            "and {table.wall_stacks.3} stacks a side, the dealer's side first.",
        )
    else:
        _small_walls(w)
    if t.break_method == "sum_and_smaller":
        w.say(
            "庄家再掷骰：点数和决定开哪一边，小的那颗是跳过几墩，从下一墩开始抓。",
            "The dealer rolls: the sum picks the side to break, the smaller die the stacks skipped; "
            "drawing starts at the next stack.",
        )
    else:
        w.say(
            "庄家再掷骰：按点数和数墩开牌，从下一墩开始抓。",
            "The dealer rolls and counts as many stacks as the sum; drawing starts at the next stack.",
        )
    if w.rules.players != MAX_PLAYERS:
        _small_break(w)
    w.say(
        "每人每次抓{const.deal_grab}张，抓{const.deal_rounds}轮；庄家再跳牌。庄家{const.dealer_hand}张，"
        "其他人{const.hand}张。",
        "Each seat takes {const.deal_grab} tiles at a time for {const.deal_rounds} rounds, then the dealer jumps: "
        "the dealer holds {const.dealer_hand}, the others {const.hand}.",
    )


def _small_walls(w: PageWriter) -> None:
    """The walls at a smaller table: one in front of each player, in play order."""
    # docs/rules.md §15.2
    stacks = w.rules.table.wall_stacks
    if len(set(stacks)) == 1:
        w.say(
            "牌墙两张一墩，每人面前一排，{count.walls}排各{table.wall_stacks.0}墩（庄家的一排先）。",
            "The wall is stacks of two, one row in front of each player: {count.walls} rows of "
            "{table.wall_stacks.0} stacks, the dealer's first.",
        )
        return
    fields = [f"{{table.wall_stacks.{i}}}" for i in range(len(stacks))]
    w.say(
        "牌墙两张一墩，每人面前一排，各" + "、".join(fields) + "墩（庄家的一排先，再按出牌的先后）。",
        "The wall is stacks of two, one row in front of each player: "
        + ", ".join(fields)
        + " stacks, the dealer's first, then in play order.",
    )


def _small_break(w: PageWriter) -> None:
    """How the break's sum goes round a smaller table, and a count longer than a wall."""
    # docs/rules.md §15.2: our reading of the walls and the dice at three and two
    t = w.rules.table
    if w.rules.players == 2:
        w.say(
            "只有两家：点数和是单数，开庄家自己面前的牌墙；是双数，开对家的。",
            "With two at the table an odd sum breaks the dealer's own wall, an even one the other player's.",
        )
    else:
        toward = "上家" if t.count_direction == "previous" else "下家"
        toward_en = "previous" if t.count_direction == "previous" else "next"
        n = w.words.count
        w.say(
            f"点数和从庄家数起（庄家算一），朝{toward}方向只数桌上的{n.zh}家，一圈数完接着数；数到谁就开谁面前的牌墙。",
            f"The sum is counted from the dealer as one toward the {toward_en} seat, round the {n.en} seats at the "
            "table as many times as it takes; the wall of the seat it reaches is broken.",
        )
    skip_most = DICE_FACES if t.break_method == "sum_and_smaller" else 2 * DICE_FACES
    if min(t.wall_stacks) <= skip_most:
        w.say(
            "数墩数完了这排牌墙还没数到，就接着数下一排。",
            "A count of stacks that runs past the end of the wall goes on along the next one.",
        )


def turn_page(w: PageWriter) -> None:
    """A turn: draw and discard, pung and kong, and what kongs pay."""
    k = w.rules.kongs
    w.say(
        "轮到你：摸一张，再打一张。别人打出的牌，你手里有一对可以碰，有三张可以杠（豆）。不能吃。",
        "Your turn: draw a tile, then discard one. Another seat's discard may be punged with a pair in "
        "hand or konged (豆) with three. There is no chow.",
    )
    w.row(w.first_in_play("555m", "555p"), "碰：拿别人打的一张凑成三张", "Pung: three alike, one taken off a discard")
    w.row("7777p", "杠（豆）：四张，杠后从牌尾补一张", "Kong (豆): four alike; draw a replacement from the tail")
    pays, each = w.words.each_pays.zh, w.words.from_each.en
    w.say(
        f"点豆（杠别人的牌）由打牌者付{{kongs.exposed}}番；闷豆（自己摸齐四张）{pays}{{kongs.concealed}}番；"
        f"转弯豆（碰后补杠）{pays}{{kongs.added}}番。豆要胡牌或叫牌的人才收。"
        if k.paid_to == "ready_or_won"
        else f"点豆由打牌者付{{kongs.exposed}}番；闷豆{pays}{{kongs.concealed}}番；转弯豆{pays}{{kongs.added}}番。",
        "An exposed kong off a discard earns {kongs.exposed} fan from the discarder; a concealed kong "
        f"{{kongs.concealed}} {each}; a kong added to a pung {{kongs.added}} {each}. "
        + ("Only a seat that wins or is ready collects." if k.paid_to == "ready_or_won" else ""),
    )
    if k.not_ready == "pay_back":
        w.say(
            "倒赔：结束时没叫牌的人，自己的豆不但不收，还要按同样的番数倒赔给每个叫牌的对手"
            "（点豆倒赔给点豆的人，若他叫牌）。",
            "倒赔 (paying kongs back): a seat that is not ready at the end collects nothing for its kongs and pays "
            "the same amounts back to each ready opponent (an exposed kong back to its feeder, if ready).",
        )
    if w.rules.play.late_kong:
        w.say(
            "憨包豆：能杠时没杠，后来才杠，只值{kongs.late}番，但仍是通行证。",
            "A late kong (憨包豆), made later than it could have been, is worth {kongs.late} fan but is still a pass.",
        )


def pass_page(w: PageWriter) -> None:
    """The pass (通行证): which wins off a discard need a kong of one's own, and the exceptions."""
    p = w.rules.play
    needing = [x for x in w.rules.pattern_values() if rulings.needs_pass(x, p)]
    names_zh = "、".join(PATTERN_NAMES[x][0] for x in needing)
    names_en = ", ".join(PATTERN_NAMES[x][1] for x in needing)
    w.say(
        f"通行证：{names_zh}要胡别人打出的牌，自己必须有一个豆（杠）。自摸不要通行证。",
        f"The pass: a {names_en} may be won off another seat's discard only with a kong (豆) of your own. "
        "A self-drawn win needs no pass.",
    )
    big = [x for x in w.rules.pattern_values() if not rulings.needs_pass(x, p)]
    if big:
        w.say(
            "大牌（" + "、".join(PATTERN_NAMES[x][0] for x in big[:4]) + "等）不要通行证。",
            "Bigger hands (" + ", ".join(PATTERN_NAMES[x][1] for x in big[:4]) + ", …) need no pass.",
        )
    free_zh: list[str] = []
    free_en: list[str] = []
    if p.declare_ready and rulings.pass_exempt(p, declared=True):
        free_zh.append("自己报听了")
        free_en.append("you declared ready")
    if rulings.pass_exempt(p, hot=True):
        free_zh.append("热炮（别人刚杠完打出的牌）")
        free_en.append("a hot discard (right after the discarder's kong)")
    if p.rob_kong and rulings.pass_exempt(p, robbing=True):
        free_zh.append("抢杠")
        free_en.append("robbing a kong")
    if p.declare_ready and rulings.pass_exempt(p, on_declared=True):
        free_zh.append("杀报（胡报听者打的牌）")
        free_en.append("the discard of a seat that declared ready (杀报)")
    if free_zh:
        w.say("不要通行证的例外：" + "；".join(free_zh) + "。", "No pass is needed when: " + "; ".join(free_en) + ".")
    w.example(
        w.first_in_play("234m567p22s678s", "234p567p22s678s"),
        "8s",
        "pinghu",
        (Meld(parse_tile("9p"), KongKind.CONCEALED),),
    )
