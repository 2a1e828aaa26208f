"""The guide's page on chickens (鸡): which tiles are chickens, who collects, 冲锋鸡, 责任鸡 and 包鸡."""

from __future__ import annotations

from game.core.tiles import WUGUJI, YAOJI, format_tile, parse_tiles, tile_name_zh
from game.learn.guide_page import PageWriter


def chickens_page(w: PageWriter) -> None:
    """The chickens page, part by part as the ruleset has them."""
    _turned_and_fixed(w)
    _collected(w)
    _charge_worth(w)
    _charge_owner(w)
    _owed(w)


def _turned_and_fixed(w: PageWriter) -> None:
    """The turned chicken, the fixed ones and the golden."""
    ch = w.rules.chickens
    if ch.flip:
        w.say(
            "胡牌后翻开牌墙下一张：比它大一点的同花色牌就是鸡（九翻出来一是鸡），每张{chickens.flip_value}番。"
            "牌墙空了就不翻。",
            "After a win the next wall tile is turned: the tile one rank above it in its suit is a chicken "
            "(nine wraps to one), {chickens.flip_value} fan a copy. An empty wall turns nothing.",
        )
        turned = w.first_in_play("4m5m", "4p5p")
        a, b = parse_tiles(turned)
        w.row(
            turned,
            f"翻出{tile_name_zh(a)}，{tile_name_zh(b)}是鸡",
            f"Turned {format_tile(a)}: {format_tile(b)} is the chicken",
            marked=(1,),
        )
    if YAOJI in ch.fixed:
        w.say(
            "常鸡：幺鸡永远是鸡，每张{chickens.fixed.1s}番"
            + ("；乌骨鸡每张{chickens.fixed.8p}番。" if WUGUJI in ch.fixed else "。"),
            "Fixed chickens: 幺鸡 (1s) is always one, {chickens.fixed.1s} fan a copy"
            + ("; 乌骨鸡 (8p) {chickens.fixed.8p} fan." if WUGUJI in ch.fixed else "."),
        )
    if YAOJI in ch.fixed:
        w.row("1s", "幺鸡：永远是鸡", "幺鸡 (1s): always a chicken", marked=(0,))
    if YAOJI in ch.golden and ch.flip:
        w.row("9s1s", "翻出九条：幺鸡成金鸡", "Turned 9s: 幺鸡 is golden", marked=(1,))
    if YAOJI in ch.golden:
        w.say(
            "金鸡：翻出的鸡正好是幺鸡（翻出九条），每张幺鸡算{chickens.golden.1s}番"
            + ("，金乌骨鸡{chickens.golden.8p}番。" if WUGUJI in ch.golden else "。"),
            "Golden chicken: when the turned chicken is 幺鸡 itself (9s turned), each 1s is worth {chickens.golden.1s}"
            + (", a golden 8p {chickens.golden.8p}." if WUGUJI in ch.golden else "."),
        )


def _collected(w: PageWriter) -> None:
    """Who collects for a chicken and who pays, and which tiles count."""
    ch = w.rules.chickens
    words = w.words
    who_zh = "胡牌和叫牌的人" if ch.collectors == "ready_or_won" else "每一家"
    who_en = "Every seat that won or is ready" if ch.collectors == "ready_or_won" else "Every seat"
    pay_zh, pay_en = {
        "others": words.from_each,
        "holding_none": ("没有鸡的人付", "from each seat that holds none"),
        "not_ready": (
            f"只由没叫牌的人付（叫牌的人之间不互付，{words.every.zh}都叫牌就不付）",
            f"from each seat that is not ready only (ready seats never pay each other; {words.every.en} ready: "
            "nothing)",
        ),
    }[ch.payers]
    if ch.scope == "hand":
        scope_zh, scope_en = (
            "手上鸡：手里和碰杠的鸡算，打出去的不算",
            "手上鸡: tiles in hand and melds count, discards do not",
        )
    else:
        scope_zh, scope_en = "内外鸡：手里、碰杠、打出去的都算", "内外鸡: hand, melds and own discards all count"
    w.say(
        f"谁收：{who_zh}，每只鸡{pay_zh}。{scope_zh}。没叫牌的人不收鸡。"
        if ch.collectors == "ready_or_won"
        else f"谁收：{who_zh}，每只鸡{pay_zh}。{scope_zh}。",
        f"{who_en} collects for each chicken {pay_en}. {scope_en}.",
    )
    if ch.not_ready_discards:
        w.say(
            "没叫牌的人打出去的常鸡也算：每张由每个没叫牌的人付给每个叫牌的人；没叫牌的人手里和碰杠的鸡不算。",
            "A not-ready seat's discarded fixed chickens count too: every not-ready seat pays each ready seat for "
            "each; a not-ready seat's kept tiles and melds never pay.",
        )


def _charge_worth(w: PageWriter) -> None:
    """What the first chicken discarded (冲锋鸡) is worth."""
    ch = w.rules.chickens
    if ch.charge == "value":
        w.say(
            "冲锋鸡：本局第一张打出的幺鸡值{chickens.charge_values.1s}番"
            + ("，第一张乌骨鸡值{chickens.charge_values.8p}番" if WUGUJI in ch.charge_values else "")
            + "（打出的人要叫牌）。",
            "冲锋鸡: the hand's first 1s discarded is worth {chickens.charge_values.1s} to its discarder"
            + (", the first 8p {chickens.charge_values.8p}" if WUGUJI in ch.charge_values else "")
            + " (if ready).",
        )
    elif ch.charge == "multiplier" and ch.charge_single:
        w.say(
            "冲锋鸡：每局只有一只，是第一张打出的常鸡（"
            + "或".join(format_tile(t) for t in ch.fixed)
            + "，谁先算谁），打出的人叫牌就算{chickens.charge_multiplier}倍（金鸡也一样翻倍）。",
            "冲锋鸡: one a hand, the first fixed chicken discarded ("
            + " or ".join(format_tile(t) for t in ch.fixed)
            + ", whichever comes first), counts {chickens.charge_multiplier} times (a golden one too) "
            "to its discarder if ready.",
        )
    elif ch.charge == "multiplier":
        w.say(
            "冲锋鸡：本局第一张打出的幺鸡算{chickens.charge_multiplier}倍。",
            "冲锋鸡: the first 1s discarded counts {chickens.charge_multiplier} times.",
        )


def _charge_owner(w: PageWriter) -> None:
    """Whose 冲锋鸡 it is once claimed, and who pays it."""
    ch = w.rules.chickens
    if ch.charge != "off" and ch.charge_claimed == "passes":
        w.say(
            "冲锋鸡被叫牌的人碰或杠，就归碰杠的人。",
            "If a ready seat claims the 冲锋鸡, it passes to that seat.",
        )
    if ch.charge != "off" and ch.charge_claimed == "passes_if_ready":
        w.say(
            "冲锋鸡被碰或杠：碰杠的人最后叫牌，就归碰杠的人；没叫牌，还是打出的人的。",
            "If a seat that ends ready claims the 冲锋鸡, it passes to that seat; claimed by a seat not ready, it "
            "stays with its discarder.",
        )
    if ch.charge != "off" and ch.charge_stacks:
        w.say(
            "冲锋鸡的分另加在这张鸡本身的分上（第一张幺鸡：冲锋鸡加一只鸡）。",
            "The 冲锋鸡 is paid on top of the tile's own worth as a chicken.",
        )
    if ch.charge != "off" and ch.charge_payers == "others":
        w.say(
            f"冲锋鸡归叫牌的人时，{w.words.each_pays.zh}，胡牌的人和叫牌的人也付。",
            f"A 冲锋鸡 owned by a ready seat is paid by {w.words.each_other.en}, the winner and ready seats too.",
        )
    if ch.charge != "off" and ch.charge_not_ready:
        golden = ch.charge_not_ready_golden
        w.say(
            "打出冲锋鸡的人没叫牌，付每个叫牌的人{chickens.charge_not_ready}番"
            + ("（金鸡时{chickens.charge_not_ready_golden}番）" if golden else "")
            + "。",
            "A 冲锋鸡 discarder that is not ready pays each ready seat {chickens.charge_not_ready}"
            + (" ({chickens.charge_not_ready_golden} when golden)" if golden else "")
            + ".",
        )


def _owed(w: PageWriter) -> None:
    """Chickens a discarder owes: 责任鸡 and 包鸡."""
    ch = w.rules.chickens
    if YAOJI in ch.liability and ch.liability_every:
        when_zh = "，只在打的人没叫牌时" if ch.liability_not_ready_only else ""
        when_en = ", only when the discarder is not ready" if ch.liability_not_ready_only else ""
        w.say(
            f"责任鸡：每一张被碰或杠的幺鸡（不只第一张），打的人赔碰杠者{{chickens.liability.1s}}番{when_zh}。",
            f"责任鸡: every 1s punged or konged (not only the first) costs its discarder {{chickens.liability.1s}} "
            f"to the claimer{when_en}.",
        )
    elif YAOJI in ch.liability:
        w.say(
            "责任鸡：第一张打出的幺鸡被碰或杠，打的人赔碰杠者{chickens.liability.1s}番"
            + ("，乌骨鸡{chickens.liability.8p}番。" if WUGUJI in ch.liability else "。"),
            "责任鸡: if that first 1s is punged or konged, its discarder pays the claimer {chickens.liability.1s}"
            + (", for 8p {chickens.liability.8p}." if WUGUJI in ch.liability else "."),
        )
    if ch.shown_pay:
        w.say(
            "包鸡：有人胡牌时，没叫牌的人打出或碰杠的常鸡，每张赔给叫牌的人。",
            "包鸡: when someone wins, a seat that is not ready pays the ready seats for each fixed chicken it showed.",
        )
