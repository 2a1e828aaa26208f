"""The guide's pages on play: the tiles, the deal, a turn (pung and kong) and the pass (通行证)."""

from __future__ import annotations

from game.core import rulings
from game.core.melds import KongKind, Meld
from game.core.ruleset import PATTERN_NAMES
from game.core.tiles import SUITS, WUGUJI, parse_tile
from game.learn.guide_page import PageWriter


def tiles_page(w: PageWriter) -> None:
    """The tiles: the suits, the notation, and the chickens among them."""
    r = w.rules
    if len(r.suits) == len(SUITS):
        w.say(
            "一副牌{const.tiles}张：万、筒、条{const.suits}门，每门一到九，每种{const.copies}张。没有字牌，没有花牌。",
            "{const.tiles} tiles: {const.suits} suits (characters 万, dots 筒, bamboo 条), ranks one to nine, "
            "{const.copies} copies of each. No honours, no flowers.",
        )
    else:
        # docs/rules.md §15.1: a table of two may play fewer suits.
        names = {"m": ("万", "characters 万"), "p": ("筒", "dots 筒"), "s": ("条", "bamboo 条")}
        zh = "、".join(names[s][0] for s in r.suits)
        en = ", ".join(names[s][1] for s in r.suits)
        w.say(
            f"本规则用牌{{wall_size}}张：只用{zh}，每门一到九，每种{{const.copies}}张。没有字牌，没有花牌。",
            f"{{wall_size}} tiles under this ruleset: only {en}, ranks one to nine, {{const.copies}} copies of "
            "each. No honours, no flowers.",
        )
    w.row("123456789m", "万（m）", "Characters 万 (m)")
    w.row("123456789p", "筒（p）", "Dots 筒 (p)")
    w.row("123456789s", "条（s）", "Bamboo 条 (s)", marked=(0,))
    w.say(
        "写法：数字在前，花色字母在后，如 123m 456p 11s。一条（1s）叫幺鸡，是鸡，画成一只鸟。",
        "Notation: ranks then the suit letter, as in 123m 456p 11s. The one of bamboo (1s) is 幺鸡, "
        "the chicken, drawn as a bird.",
    )
    if WUGUJI in r.chickens.fixed:
        w.say(
            "本规则的八筒（8p）叫乌骨鸡，也是鸡。",
            "Under this ruleset the eight of dots (8p), 乌骨鸡, is a chicken too.",
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
    # One side in front of each player (docs/rules.md §15.2).
    sides = [f"{{table.wall_stacks.{k}}}" for k in range(len(t.wall_stacks))]
    w.say(
        f"牌墙两张一墩，每人面前一边，各{'、'.join(sides)}墩（庄家一边先）。",
        f"The wall is stacks of two, one side in front of each player: {', '.join(sides[:-1])} and {sides[-1]} "
        "stacks a side, the dealer's side first.",
    )
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
    w.say(
        "每人每次抓{const.deal_grab}张，抓{const.deal_rounds}轮；庄家再跳牌。庄家{const.dealer_hand}张，"
        "其他人{const.hand}张。",
        "Each seat takes {const.deal_grab} tiles at a time for {const.deal_rounds} rounds, then the dealer jumps: "
        "the dealer holds {const.dealer_hand}, the others {const.hand}.",
    )


def turn_page(w: PageWriter) -> None:
    """A turn: draw and discard, pung and kong, and what kongs pay."""
    k = w.rules.kongs
    w.say(
        "轮到你：摸一张，再打一张。别人打出的牌，你手里有一对可以碰，有三张可以杠（豆）。不能吃。",
        "Your turn: draw a tile, then discard one. Another seat's discard may be punged with a pair in "
        "hand or konged (豆) with three. There is no chow.",
    )
    w.row("555m", "碰：拿别人打的一张凑成三张", "Pung: three alike, one taken off a discard")
    w.row("7777p", "杠（豆）：四张，杠后从牌尾补一张", "Kong (豆): four alike; draw a replacement from the tail")
    w.say(
        "点豆（杠别人的牌）由打牌者付{kongs.exposed}番；闷豆（自己摸齐四张）三家各付{kongs.concealed}番；"
        "转弯豆（碰后补杠）三家各付{kongs.added}番。豆要胡牌或叫牌的人才收。"
        if k.paid_to == "ready_or_won"
        else "点豆由打牌者付{kongs.exposed}番；闷豆三家各付{kongs.concealed}番；转弯豆三家各付{kongs.added}番。",
        "An exposed kong off a discard earns {kongs.exposed} fan from the discarder; a concealed kong "
        "{kongs.concealed} from each other seat; a kong added to a pung {kongs.added} from each. "
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
    w.example("234m567p22s678s", "8s", "pinghu", (Meld(parse_tile("9p"), KongKind.CONCEALED),))
