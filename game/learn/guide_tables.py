"""The guide's pages for what the smaller tables add: 定缺 and 金钩钓 (docs/rules.md §15.3, §15.6).

Each page is written only when the ruleset has its rule; a ruleset without it shows no such page.
"""

from __future__ import annotations

from game.core.hand import waits
from game.core.melds import KongKind, Meld
from game.core.tiles import (
    SUIT_NAMES_EN,
    SUIT_NAMES_ZH,
    SUITS,
    format_tile,
    parse_tile,
    parse_tiles,
    tile_name_zh,
    to_counts,
)
from game.learn.guide_page import PageWriter


def dingque_page(w: PageWriter) -> None:
    """定缺: naming a suit, what holding it forbids, and the claim rule."""
    # docs/rules.md §15.3
    r = w.rules
    if not r.play.dingque:
        return
    suits = [SUITS.index(s) for s in r.suits]
    names_zh = "、".join(SUIT_NAMES_ZH[i] for i in suits)
    each_en = [f"{SUIT_NAMES_EN[i].lower()} {SUIT_NAMES_ZH[i]}" for i in suits]
    names_en = ", ".join(each_en[:-1]) + " or " + each_en[-1]
    w.say(
        f"定缺：抓完牌，还没有人报听或出牌之前，每人选一门（{names_zh}）要打完，叫缺门。"
        "大家都选好之前看不到别人选了什么，选好了一起亮出来，这一局一直亮着。",
        f"定缺: after the deal, before anyone declares ready or discards, each player names one suit ({names_en}) "
        "to be rid of. No one sees another's choice until all have chosen; then all are shown together and stay "
        "shown for the hand.",
    )
    not_ready_zh = ["不算叫牌"]
    not_ready_en: list[str] = []
    if r.play.declare_ready:
        not_ready_zh.append("不能报听")
        not_ready_en.append("you cannot declare 报听")
    if r.draw.chajiao:
        not_ready_zh.append("黄庄查叫算没叫牌")
        not_ready_en.append("a draw's 查叫 counts you not ready")
    w.say(
        "手里或碰杠里还有缺门的牌，就不能胡：自摸、点胡、抢杠都不行；" + "，".join(not_ready_zh) + "。",
        "While a tile of that suit is in your hand or your melds you cannot win, on your own draw, off a discard "
        "or by robbing a kong; so you are not ready"
        + (": " + " and ".join(not_ready_en) if not_ready_en else "")
        + ".",
    )
    if r.play.dingque_blocks_pung:
        w.say(
            "还有缺门的牌时，别人打出缺门的牌，你不能碰，也不能杠。",
            "While you still hold it, you may not pung or kong another player's discard of that suit.",
        )
    w.say(
        "什么牌都可以打，缺门的牌通常先打掉。缺门的牌杠了还在碰杠里，这一局就胡不了。",
        "Any tile may be discarded; the named suit usually goes first. A kong of it stays among your melds, and "
        "that hand cannot be won.",
    )
    w.row(
        "234p567p789s11s99m",
        "缺万，还留着九万：不能胡，不算叫牌",
        "Named 万 (m), still holding 9m: no win, not ready",
        gaps=(3, 6, 9, 11),
    )
    ready = "234p567p789s11s45s"
    wait = waits(to_counts(parse_tiles(ready)), [])
    w.row(
        ready,
        f"万打完了：叫牌，等{'、'.join(tile_name_zh(t) for t in wait)}",
        f"Rid of 万 (m): ready, waiting on {' or '.join(format_tile(t) for t in wait)}",
        gaps=(3, 6, 9, 11),
    )


def jingou_page(w: PageWriter) -> None:
    """金钩钓 and 清金钩: four melds down, a single tile in hand, won on its pair."""
    # docs/rules.md §15.6
    values = w.rules.pattern_values()
    if "jingoudiao" not in values and "qingjingou" not in values:
        return
    w.say(
        "金钩钓：碰或杠了{const.melds_in_hand}组摆在桌上，手里只剩一张，单钓这张胡成一对。暗杠也算一组。",
        "金钩钓 (golden hook): {const.melds_in_hand} pungs or kongs on the table and a single tile in hand, won on "
        "its pair. A concealed kong counts as one of them.",
    )
    if "qingjingou" in values:
        w.say("清金钩：全是一门的金钩钓。", "清金钩: a golden hook all in one suit.")
    w.say(
        "金钩钓也是大对子，清金钩也是清大对：牌型只算最高的一种。",
        "Every golden hook is all pungs (大对子) too, and the flush one a 清大对: only the highest pattern counts.",
    )
    w.example(
        "55s",
        "5s",
        "jingoudiao",
        (
            Meld(parse_tile("2p"), None, 1),
            Meld(parse_tile("7p"), None, 1),
            Meld(parse_tile("9s"), KongKind.CONCEALED),
            Meld(parse_tile("3s"), None, 1),
        ),
    )
    w.example(
        "77s",
        "7s",
        "qingjingou",
        (
            Meld(parse_tile("2s"), None, 1),
            Meld(parse_tile("4s"), None, 1),
            Meld(parse_tile("6s"), KongKind.EXPOSED, 1),
            Meld(parse_tile("9s"), None, 1),
        ),
    )
